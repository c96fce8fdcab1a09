/* cmd_list.c - `arbiter list`: the games in the database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Games shown when --limit is not given. */
enum { DEFAULT_LIMIT = 50 };

static int
run_list(struct ctx *c, int argc, char **argv)
{
	const char *all = NULL, *state_arg = NULL, *player = NULL, *limit_arg = NULL;
	const struct opt_spec specs[] = {
		{ "all", 0, &all, NULL },
		{ "state", 1, &state_arg, NULL },
		{ "player", 1, &player, NULL },
		{ "limit", 1, &limit_arg, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	int64_t *ids = NULL;
	char **ops = NULL;
	int nops, rc, n = 0, i, state = 0, limit = DEFAULT_LIMIT, shown;
	long v;

	rc = args_parse(c, &cmd_list, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 0) {
		cmd_usage(&cmd_list, stderr);
		goto out;
	}
	if (state_arg != NULL && strcmp(state_arg, "running") != 0 &&
	    strcmp(state_arg, "finished") != 0 && strcmp(state_arg, "abandoned") != 0) {
		errx_line(c, "--state is running, finished or abandoned, not '%s'", state_arg);
		goto out;
	}
	if (state_arg != NULL)
		state = strcmp(state_arg, "finished") == 0 ? 1 :
		    strcmp(state_arg, "abandoned") == 0 ? STORE_ABANDONED : 0;
	if (all != NULL)
		state = -1;
	if (limit_arg != NULL) {
		if (parse_int(limit_arg, 0, 10000000, &v) != 0) {
			errx_line(c, "--limit needs a number of games (0: all)");
			goto out;
		}
		limit = v == 0 ? -1 : (int)v;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, &s)) != EXIT_OK)
		goto out;
	/* One more than shown, to say that there are more. */
	if ((rc = store_game_list(s, state, player, limit < 0 ? -1 : limit + 1, &ids, &n)) !=
	    STORE_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	shown = limit >= 0 && n > limit ? limit : n;
	for (i = 0; i < shown; i++) {
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
	if (shown < n)
		fprintf(stderr, "arbiter: list: more games than the %d shown (--limit N, or "
		    "--limit 0 for all)\n", shown);
	rc = EXIT_OK;
out:
	free(ids);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", 0 },
	{ PROBE_PUBLIC, "--all --limit 0", 0 },
	{ PROBE_PUBLIC, "--state finished", 0 },
	{ PROBE_PUBLIC, "--player SEAT --limit 1", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_list = {
	"list",
	"list [--all | --state running|finished|abandoned] [--player NAME] [--limit N]",
	"list the games in the database",
	"One line per game, newest first, tab-separated: id, game, title, moves,\n"
	"and whom the game waits for (or that it is over).  Running games only,\n"
	"unless --state finished or --all; --player keeps the games with a seat\n"
	"of that name or address.  At most 50 lines unless --limit N (0: all);\n"
	"when there are more, stderr says so.\n",
	run_list,
	0,
	probes,
};
