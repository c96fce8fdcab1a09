/* cmd_list.c - `arbiter list`: the games in the database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../app/site.h"

/* Games shown when --limit is not given; --state forming (not a games.over value). */
enum { DEFAULT_LIMIT = 50, STORE_FORMING = 100 };

/*
 * The tables still forming (games opened by mail that wait for players),
 * newest first, at most max (-1: all); with player, those with a seat of
 * that name or address.  *ids is malloc'ed.  A STORE_* code.
 */
static int
forming(struct store *s, const char *player, int max, int64_t **ids, int *n)
{
	int64_t *all;
	int nall = 0, i, k, rc, cap;

	*n = 0;
	for (cap = 64;; cap *= 4) {
		if ((all = malloc(sizeof(*all) * (size_t)cap)) == NULL)
			return STORE_ERROR;
		if ((rc = store_tables_open(s, all, cap, &nall)) != STORE_OK) {
			free(all);
			return rc;
		}
		if (nall < cap)
			break;
		free(all);	/* more than that: read them again, all of them */
	}
	for (i = 0; i < nall && (max < 0 || *n < max); i++) {
		struct store_table t;
		int keep = player == NULL;

		if ((rc = store_table_get(s, all[i], &t)) != STORE_OK) {
			free(all);
			return rc;
		}
		for (k = 0; k < t.ntaken && !keep; k++)
			keep = strcasecmp(t.name[k], player) == 0 ||
			    strcasecmp(t.email[k], player) == 0;
		store_table_free(&t);
		if (keep)
			all[(*n)++] = all[i];
	}
	*ids = all;
	return STORE_OK;
}

/* One line for a table still forming. */
static int
forming_line(struct store *s, int64_t id)
{
	struct store_table t;
	char seats[STORE_TABLE_SEATS * 80];
	int rc;

	if ((rc = store_table_get(s, id, &t)) != STORE_OK)
		return store_exit(s, rc);
	table_seats_text(&t, seats, sizeof(seats));
	printf("%lld\t%s\t%s\tforming\twaiting for players: %d of %d seats taken (%s)\n",
	    (long long)t.id, t.rules, t.title[0] != '\0' ? t.title : t.rules, t.ntaken,
	    t.nseats, seats);
	store_table_free(&t);
	return EXIT_OK;
}

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
	int64_t *tids = NULL;
	int nops, rc, n = 0, nt = 0, total, i, j, k, state = 0, limit = DEFAULT_LIMIT, shown;
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
	    strcmp(state_arg, "finished") != 0 && strcmp(state_arg, "abandoned") != 0 &&
	    strcmp(state_arg, "forming") != 0) {
		errx_line(c, "--state is running, forming, finished or abandoned, not '%s'",
		    state_arg);
		goto out;
	}
	if (state_arg != NULL)
		state = strcmp(state_arg, "finished") == 0 ? 1 :
		    strcmp(state_arg, "abandoned") == 0 ? STORE_ABANDONED :
		    strcmp(state_arg, "forming") == 0 ? STORE_FORMING : 0;
	if (all != NULL)
		state = -1;
	if (limit_arg != NULL) {
		if (parse_int(limit_arg, 0, 10000000, &v) != 0) {
			errx_line(c, "--limit '%s' is not a number of games (0: all)", limit_arg);
			goto out;
		}
		limit = v == 0 ? -1 : (int)v;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, &s)) != EXIT_OK)
		goto out;
	/* One more than shown, to say that there are more. */
	if (state != STORE_FORMING && (rc = store_game_list(s, state, player,
	    limit < 0 ? -1 : limit + 1, &ids, &n)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	/* Games still forming (opened by mail, waiting for players) among them. */
	if ((state == 0 || state == -1 || state == STORE_FORMING) &&
	    (rc = forming(s, player, limit < 0 ? -1 : limit + 1, &tids, &nt)) != EXIT_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	total = n + nt;
	shown = limit >= 0 && total > limit ? limit : total;
	for (i = 0, k = 0, j = 0; i < shown; i++) {
		struct loaded g;
		char wait[400];

		if (j < nt && (k >= n || tids[j] > ids[k])) {
			if ((rc = forming_line(s, tids[j++])) != EXIT_OK)
				goto out;
			continue;
		}
		if ((rc = game_load(c, s, ids[k++], -1, &g)) != EXIT_OK) {
			game_unload(&g);
			goto out;
		}
		game_waiting_text(&g, wait, sizeof(wait));
		printf("%lld\t%s\t%s\tmove %d\t%s\n", (long long)g.row.id, g.rules->name,
		    g.row.title, g.row.nmoves, wait);
		game_unload(&g);
	}
	if (shown < total)
		fprintf(stderr, "arbiter: list: more games than the %d shown (--limit N, or "
		    "--limit 0 for all)\n", shown);
	rc = EXIT_OK;
out:
	free(ids);
	free(tids);
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
	"list [--all | --state running|forming|finished|abandoned] [--player NAME] [--limit N]",
	"list the games in the database",
	"One line per game, newest first, tab-separated: id, game, title, moves,\n"
	"and whom the game waits for (or that it is over).  Running games and the\n"
	"games still forming (opened by mail, \"forming\" where the moves stand,\n"
	"with the seats taken), unless --state forming, finished or abandoned, or\n"
	"--all; --player keeps the games with a seat of that name or address.  At\n"
	"most 50 lines unless --limit N (0: all); when there are more, stderr\n"
	"says so.\n",
	run_list,
	0,
	probes,
	0,	/* text only */
};
