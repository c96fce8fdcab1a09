/*
 * main.c - arbiter's entry point; the work is cli_main (commands.c), which
 * the tests call too.
 */
#include "cli.h"

int
main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
