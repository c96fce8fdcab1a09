/* cmd_copy.c - `arbiter copy --from DB --to DB`: move a whole site. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static int
run_copy(struct ctx *c, int argc, char **argv)
{
	const char *from = NULL, *to = NULL;
	const struct opt_spec specs[] = {
		{ "from", 1, &from, NULL },
		{ "to", 1, &to, NULL },
		{ NULL, 0, NULL, NULL },
	};
	char **ops = NULL;
	int nops, rc;

	rc = args_parse(c, &cmd_copy, argc, argv, specs, &ops, &nops);
	if (rc == 0 && (from == NULL || to == NULL || nops != 0)) {
		cmd_usage(&cmd_copy, stderr);
		rc = EXIT_USAGE;
	}
	if (rc == 0)
		rc = site_copy(c, from, to);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "--from DB --to NEWDB", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_copy = {
	"copy",
	"copy --from DB --to DB",
	"copy a whole site into another database (SQLite file or PostgreSQL URI)",
	"Every table (games, seats, logs, snapshots, the mail queue, the site's\n"
	"keys and records) is copied from DB to DB, each a file path or a\n"
	"postgresql:// URI, in one transaction; the source is read as of one\n"
	"moment and never written.  The target must hold no site yet (a new file,\n"
	"or a PostgreSQL database without arbiter's tables, which are created).\n"
	"Each table's rows are counted on both sides, then every game of the\n"
	"copy is replayed and compared as `verify --all` does.  Stop the site's\n"
	"cron jobs and mail delivery while it runs, then point them at the copy.\n\n"
	"Exit status: 0 copied and every game agrees; 1 a game of the copy\n"
	"differs; 66 no database to copy from; 74 the target already holds a\n"
	"site, or the copy failed (no row is kept; at most the new schema's\n"
	"empty tables, and it can be run again); 75 a database is busy.\n",
	run_copy,
	0,
	probes,
	0,	/* text only */
};
