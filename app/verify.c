/*
 * verify.c - replay a game's log from its seed, check the engine's
 * invariants, and compare with the stored state and flags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

/*
 * Replay one game from its seed; 0 when it agrees with the stored state.
 * The game's row, its log and its snapshot are read as of one moment: a
 * move committed meanwhile by another process is all there or not at all.
 */
int
game_verify(struct ctx *c, struct store *s, int64_t id)
{
	struct loaded g;
	void *stored = NULL;
	char err[512];
	int rc, seq, agree = 0;

	memset(&g, 0, sizeof(g));
	if ((rc = store_begin_read(s)) != STORE_OK)
		return store_exit(s, rc);
	if ((rc = game_load_meta(c, s, id, &g)) != EXIT_OK) {
		store_rollback(s);
		game_unload(&g);
		return rc;
	}
	g.state = calloc(1, g.rules->state_size);
	stored = calloc(1, g.rules->state_size);
	if (g.state == NULL || stored == NULL) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (game_replay(&g, -1, err, sizeof(err)) != 0) {
		printf("game %lld: FAILED: %s\n", (long long)id, err);
		rc = EXIT_FAIL;
		goto out;
	}
	if (g.seq != g.row.nmoves) {
		printf("game %lld: FAILED: the game row says %d moves, the log holds %d\n",
		    (long long)id, g.row.nmoves, g.seq);
		rc = EXIT_FAIL;
		goto out;
	}
	if (g.rules->check(g.state, err, sizeof(err)) != 0) {
		printf("game %lld: FAILED: after replay: %s\n", (long long)id, err);
		rc = EXIT_FAIL;
		goto out;
	}
	rc = store_snapshot_get(s, id, g.rules->version, stored, g.rules->state_size, &seq);
	if (rc == STORE_OK) {
		agree = seq == g.row.nmoves &&
		    memcmp(stored, g.state, g.rules->state_size) == 0;
		if (!agree) {
			printf("game %lld: FAILED: the stored state differs from the replay "
			    "of its %d moves\n", (long long)id, g.row.nmoves);
			rc = EXIT_FAIL;
			goto out;
		}
	} else if (rc == STORE_CORRUPT) {
		printf("game %lld: FAILED: %s\n", (long long)id, store_error(s));
		rc = EXIT_FAIL;
		goto out;
	} else if (rc != STORE_NOTFOUND) {
		rc = store_exit(s, rc);
		goto out;
	}
	if (g.rules->over(g.state) != g.row.over && !(g.row.over == STORE_ABANDONED &&
	    !g.rules->over(g.state))) {
		printf("game %lld: FAILED: stored as %s, but the replay says it is %s\n",
		    (long long)id, g.row.over ? "over" : "running",
		    g.row.over ? "running" : "over");
		rc = EXIT_FAIL;
		goto out;
	}
	printf("game %lld: ok, %d moves replayed%s\n", (long long)id, g.row.nmoves,
	    agree ? " and equal to the stored state" : " (no current snapshot to compare)");
	rc = EXIT_OK;
out:
	store_rollback(s);
	free(stored);
	game_unload(&g);
	return rc;
}

