/* cmd_migrate.c - `arbiter migrate`: bring the database's schema up to date. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "../app/config.h"

static int
run_migrate(struct ctx *c, int argc, char **argv)
{
	struct store *s = NULL;
	char **ops = NULL;
	char shown[256], why[2048];
	int nops, rc, now, was;
	const struct opt_spec specs[] = { { NULL, 0, NULL, NULL } };

	rc = args_parse(c, &cmd_migrate, argc, argv, specs, &ops, &nops);
	free(ops);
	if (rc != 0)
		return rc;
	if (nops != 0) {
		cmd_usage(&cmd_migrate, stderr);
		return EXIT_USAGE;
	}
	/*
	 * A PostgreSQL database is made by createdb, without arbiter's tables:
	 * migrate lays them (a file that is not there stays an error).
	 */
	if (config_get(c, why, sizeof(why)) == NULL) {
		errx_line(c, "%s", why);
		return EXIT_CONFIG;
	}
	if ((rc = game_open_store(c, store_is_uri(c->db) ? STORE_OPEN_CREATE : STORE_OPEN_WRITE,
	    &s)) != EXIT_OK)
		return rc;
	store_schema(s, &now, &was);
	store_display_name(c->db, shown, sizeof(shown));
	if (now == was)
		printf("%s: schema %d, already current\n", shown, now);
	else
		printf("%s: schema %d, upgraded from %d\n", shown, now, was);
	store_close(s);
	return EXIT_OK;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_migrate = {
	"migrate",
	"migrate",
	"bring the database's schema up to date",
	"Upgrades the database (an SQLite file or a postgresql:// URI) to the\n"
	"schema this arbiter needs, in one transaction, and says from which\n"
	"version.  Every command that writes does the same on its way; this one\n"
	"does only that, for a site that upgrades arbiter on several hosts at\n"
	"once or wants to upgrade before the next mail arrives.  A PostgreSQL\n"
	"database without arbiter's tables (as createdb made it) gets them.\n\n"
	"Exit status: 0 current; 66 no database; 74 the upgrade failed (nothing\n"
	"changed); 75 the database is busy, try again.\n",
	run_migrate,
	0,
	probes,
	0,	/* text only */
};
