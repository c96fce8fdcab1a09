/*
 * cmd_abandon.c - `arbiter abandon GAME` (the game stops where it stands;
 * the table is told) and `arbiter delete GAME --yes` (the game and all it
 * holds are removed for good).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

/* Parse the game id operand, then game_open_write. */
static int
open_game(struct ctx *c, const char *arg, struct store **s, struct loaded *g)
{
	int64_t id;

	if (parse_game_id(arg, &id) != 0) {
		errx_line(c, "'%s' is not a game id", arg);
		return EXIT_USAGE;
	}
	return game_open_write(c, id, s, g);
}

static int
run_abandon(struct ctx *c, int argc, char **argv)
{
	const char *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct config *cfg;
	struct store *s = NULL;
	struct loaded g;
	char **ops = NULL, err[1024], news[300];
	int nops, rc;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_abandon, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	if (nops != 1) {
		cmd_usage(&cmd_abandon, stderr);
		rc = EXIT_USAGE;
		goto out;
	}
	if ((rc = open_game(c, ops[0], &s, &g)) != EXIT_OK)
		goto out;
	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		rc = EXIT_CONFIG;
		goto rollback;
	}
	if (g.row.over) {
		errx_line(c, "game %lld is %s already", (long long)g.row.id,
		    g.row.over == STORE_ABANDONED ? "abandoned" : "over");
		rc = EXIT_REJECTED;
		goto rollback;
	}
	snprintf(news, sizeof(news), "the game master abandoned the game at move %d. It "
	    "takes no more moves; its log, with every move as played, and its seed are "
	    "now open to all (arbiter log, arbiter export).", g.row.nmoves);
	rc = store_game_set_over(s, g.row.id, STORE_ABANDONED);
	if (rc == STORE_OK)
		rc = outmail_tell(cfg, s, &g, -1, "abandoned", NULL, news, 1);
	g.row.over = STORE_ABANDONED;
	if (rc == STORE_OK)
		rc = notify_watchers(c, s, &g, "The game master abandoned this game; it takes no "
		    "more moves.");
	if (rc != STORE_OK || (rc = store_commit(s)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto rollback;
	}
	printf("game %lld: abandoned at move %d\n", (long long)g.row.id, g.row.nmoves);
	fflush(stdout);
	deliver_after(c, &s, no_send == NULL);	/* what fails stays queued for `send` */
	rc = EXIT_OK;
	goto out;
rollback:
	store_rollback(s);
out:
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static int
run_delete(struct ctx *c, int argc, char **argv)
{
	const char *yes = NULL;
	const struct opt_spec specs[] = {
		{ "yes", 0, &yes, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	char **ops = NULL;
	int nops, rc;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_delete, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	if (nops != 1) {
		cmd_usage(&cmd_delete, stderr);
		rc = EXIT_USAGE;
		goto out;
	}
	if (yes == NULL) {
		int64_t id;

		/* The id judged first: the message names the game it would delete. */
		if (parse_game_id(ops[0], &id) != 0)
			errx_line(c, "'%s' is not a game id", ops[0]);
		else
			errx_line(c, "delete removes game %lld, its log and its queued mail for "
			    "good; add --yes to do it", (long long)id);
		rc = EXIT_USAGE;
		goto out;
	}
	if ((rc = open_game(c, ops[0], &s, &g)) != EXIT_OK)
		goto out;
	if ((rc = store_game_delete(s, g.row.id)) != STORE_OK ||
	    (rc = store_commit(s)) != STORE_OK) {
		rc = store_exit(s, rc);
		store_rollback(s);
		goto out;
	}
	printf("game %lld: deleted\n", (long long)g.row.id);
	rc = EXIT_OK;
out:
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe abandon_probes[] = {
	{ PROBE_MASTER, "GAME", 0 },
	{ PROBE_MASTER, "GAME --no-send", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_abandon = {
	"abandon",
	"abandon GAME [--no-send]",
	"stop a game where it stands and tell the table",
	"The game takes no more moves, replies or reminders; every seat is mailed.\n"
	"Like a finished game, its log (every move as played) and its seed become\n"
	"open to all.  `list --state abandoned` lists such games.  Exit status 65\n"
	"when the game is over or abandoned already, 66 no such game.\n",
	run_abandon,
	0,
	abandon_probes,
	0,	/* text only */
};

static const struct cmd_probe delete_probes[] = {
	{ PROBE_MASTER, "GAME --yes", 0 },
	{ PROBE_MASTER, "GAME", 64 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_delete = {
	"delete",
	"delete GAME --yes",
	"remove a game and everything it holds",
	"Removes the game, its seats, its log, its snapshot, its queued mail and\n"
	"the records of mail it handled, for good and without mailing anyone.\n"
	"Without --yes nothing happens (exit status 64); 66 no such game.\n",
	run_delete,
	0,
	delete_probes,
	0,	/* text only */
};
