/* cmd_help.c - `arbiter help [COMMAND]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_help(struct ctx *c, int argc, char **argv)
{
	const struct opt_spec specs[] = { { NULL, 0, NULL, NULL } };
	char **ops = NULL;
	int nops, rc;

	if (argc == 1 && strcmp(argv[0], "--help") == 0)
		return cmd_help_text("help", stdout);
	/* The global options (--db, --format, --config) may stand here too. */
	if ((rc = args_parse(c, &cmd_help, argc, argv, specs, &ops, &nops)) != 0)
		return rc;
	if (nops > 1) {
		free(ops);
		cmd_usage(&cmd_help, stderr);
		return EXIT_USAGE;
	}
	rc = cmd_help_text(nops == 1 ? ops[0] : NULL, stdout);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", 0 },
	{ PROBE_PUBLIC, "show", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_help = {
	"help",
	"help [COMMAND]",
	"show the commands, or one command's usage",
	"",
	run_help,
	0,
	probes,
	0,	/* text only */
};
