/* cmd_list.c - `arbiter list`: the games in the database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_list(struct ctx *c, int argc, char **argv)
{
	struct store *s = NULL;
	int64_t *ids = NULL;
	char **ops = NULL;
	int nops, rc, n = 0, i;

	rc = args_parse(c, &cmd_list, argc, argv, NULL, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 0) {
		cmd_usage(&cmd_list, stderr);
		goto out;
	}
	if ((rc = game_open_store(c, 0, &s)) != EXIT_OK)
		goto out;
	if ((rc = store_game_ids(s, &ids, &n)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct loaded g;
		char wait[400];

		if ((rc = game_load(c, s, ids[i], -1, &g)) != EXIT_OK) {
			game_unload(&g);
			goto out;
		}
		game_waiting_text(&g, wait, sizeof(wait));
		printf("%lld\t%s\t%s\tmove %d\t%s\n", (long long)g.row.id, g.rules->name,
		    g.row.title, g.row.nmoves, wait);
		game_unload(&g);
	}
	rc = EXIT_OK;
out:
	free(ids);
	store_close(s);
	free(ops);
	return rc;
}

const struct cmd_entry cmd_list = {
	"list",
	"list",
	"list the games in the database",
	"One line per game, tab-separated: id, game, title, moves, and whom the\n"
	"game waits for (or that it is over).\n",
	run_list,
	0,
};
