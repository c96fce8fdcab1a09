/*
 * main.c - arbiter's entry point; the work is cli_main (commands.c), which
 * the tests call too.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int
main(int argc, char **argv)
{
	int rc = cli_main(argc, argv), e = 0;

	/*
	 * What a command printed must have reached its reader (a full disk
	 * under >, a file system gone): a command that could not say its
	 * result did not succeed, though what it changed stands (a move made
	 * is made: the message says so, lest a script make it again).
	 */
	if (fflush(stdout) != 0)
		e = errno;
	else if (ferror(stdout))
		e = EIO;
	if (e != 0 && rc == EXIT_OK) {
		fprintf(stderr, "arbiter: cannot write to standard output: %s (what the command "
		    "changed, if anything, is kept)\n", strerror(e));
		rc = EXIT_IOERR;
	}
	return rc;
}
