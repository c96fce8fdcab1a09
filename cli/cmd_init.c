/* cmd_init.c - `arbiter init`: make an empty site. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static int
run_init(struct ctx *c, int argc, char **argv)
{
	const struct opt_spec specs[] = { { NULL, 0, NULL, NULL } };
	char **ops = NULL;
	int nops, rc;

	rc = args_parse(c, &cmd_init, argc, argv, specs, &ops, &nops);
	free(ops);
	if (rc != 0)
		return rc;
	if (nops != 0) {
		cmd_usage(&cmd_init, stderr);
		return EXIT_USAGE;
	}
	return site_init(c);
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_init = {
	"init",
	"init",
	"make an empty site: the database, its schema and its token key",
	"Makes the database (--db, $ARBITER_DB or the configuration's db; an\n"
	"SQLite file, made private to its user, or a PostgreSQL database made by\n"
	"createdb), lays arbiter's tables into it and records the site: its token\n"
	"key (the configuration's secret_file, else a key of its own kept in the\n"
	"database) and the configuration file read.  Run it once, with the\n"
	"configuration the site's mail will use (--config under an MTA's pipe),\n"
	"before the first game or mail.  On a site that exists already it\n"
	"changes nothing but an older schema, and says so.\n\n"
	"Exit status: 0 done; 66 the directory or the PostgreSQL database is\n"
	"missing; 75 busy; 78 the configuration is wrong or does not fit the\n"
	"database.\n",
	run_init,
	0,
	probes,
	0,	/* text only */
};
