/* cmd_undo.c - `arbiter undo GAME [--force]`: drop the last submission. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

static int
run_undo(struct ctx *c, int argc, char **argv)
{
	const char *force = NULL, *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "force", 0, &force, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	struct store_move last;
	char **ops = NULL, err[512], news[300];
	int nops, rc;
	int64_t id;

	memset(&g, 0, sizeof(g));
	memset(&last, 0, sizeof(last));
	rc = args_parse(c, &cmd_undo, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_undo, stderr);
		goto out;
	}
	if (parse_game_id(ops[0], &id) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	if ((rc = game_open_write(c, id, &s, &g)) != EXIT_OK)
		goto out;
	if (g.row.over == STORE_ABANDONED) {
		errx_line(c, "game %lld was abandoned; it takes no more changes",
		    (long long)id);
		rc = EXIT_REJECTED;
		goto rollback;
	}
	if (g.row.nmoves == 0) {
		errx_line(c, "game %lld has no moves to undo", (long long)id);
		rc = EXIT_REJECTED;
		goto rollback;
	}
	if ((rc = store_move_get(s, id, g.row.nmoves, &last)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto rollback;
	}
	if (last.drew && force == NULL) {
		errx_line(c, "move %d drew from the bag and its draws were seen; "
		    "undo --force drops it anyway", last.seq);
		rc = EXIT_REJECTED;
		goto rollback;
	}
	if ((rc = game_drop_last(c, &g, err, sizeof(err))) != STORE_OK) {
		if (rc == STORE_ERROR && err[0] != '\0')
			errx_line(c, "%s", err);
		rc = store_exit(s, rc);
		goto rollback;
	}
	snprintf(news, sizeof(news), "The game master took back move %d; the game is at "
	    "move %d again. Replies to earlier mail no longer act; reply to this one.",
	    last.seq, g.row.nmoves);
	if ((rc = notify_restored(c, s, &g, news)) != STORE_OK ||
	    (rc = store_commit(s)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto rollback;
	}
	printf("game %lld: move %d undone; %d moves remain\n", (long long)id, last.seq,
	    g.row.nmoves);
	fflush(stdout);
	deliver_after(c, &s, no_send == NULL);	/* what fails stays queued for `send` */
	rc = EXIT_OK;
	goto out;
rollback:
	store_rollback(s);
out:
	store_move_free(&last);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_MASTER, "GAME", PROBE_ANY },
	{ PROBE_MASTER, "--force --no-send GAME", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_undo = {
	"undo",
	"undo [--force] [--no-send] GAME",
	"drop the last submission",
	"Refuses, unless --force, when that submission drew from the bag: its\n"
	"draws were already seen, and taking it back would let a player draw again.\n"
	"Every seat is mailed the restored board with its own screen (replies to\n"
	"earlier mail no longer act); observers and the forum get the public board.\n"
	"The submission's own mail that has not gone yet is not sent.\n",
	run_undo,
	0,
	probes,
	0,	/* text only */
};
