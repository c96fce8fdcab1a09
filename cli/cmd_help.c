/* cmd_help.c - `arbiter help [COMMAND]`. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int
run_help(struct ctx *c, int argc, char **argv)
{
	(void)c;
	if (argc == 1 && strcmp(argv[0], "--help") == 0)
		return cmd_help_text("help", stdout);
	if (argc > 1) {
		fputs("usage: arbiter help [COMMAND]\n", stderr);
		return EXIT_USAGE;
	}
	return cmd_help_text(argc == 1 ? argv[0] : NULL, stdout);
}

const struct cmd_entry cmd_help = {
	"help",
	"help [COMMAND]",
	"show the commands, or one command's usage",
	"",
	run_help,
	0,
};
