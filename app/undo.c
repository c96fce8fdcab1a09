/*
 * undo.c - take back a game's last submission: drop it from the log and
 * rebuild the state by replaying the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "../store/store_mail.h"

/* Inside the open transaction: drop move seq and rebuild the snapshot. */
int
game_drop_last(struct ctx *c, struct loaded *g, char *err, size_t errlen)
{
	int rc, dropped;

	(void)c;
	if ((rc = store_move_drop_last(g->store, g->row.id)) != STORE_OK ||
	    (rc = store_snapshot_drop(g->store, g->row.id)) != STORE_OK)
		return rc;
	g->row.nmoves--;
	/*
	 * The mail of the move taken back that has not gone yet does not go:
	 * it would show a board that is no more (and come after the restored
	 * board's, when it was held back).
	 */
	if ((rc = store_outbox_taken_back(g->store, g->row.id, g->row.nmoves, &dropped)) !=
	    STORE_OK)
		return rc;
	if (game_replay(g, -1, err, errlen) != 0)
		return STORE_ERROR;
	if ((rc = store_snapshot_put(g->store, g->row.id, g->seq, g->rules->version,
	    g->state, g->rules->state_size)) != STORE_OK)
		return rc;
	/* Every reply address sent since must not work again: new serials. */
	if ((rc = game_update_serials(g, -1, NULL)) != STORE_OK)
		return rc;
	if (g->row.over != g->rules->over(g->state))
		return store_game_set_over(g->store, g->row.id, g->rules->over(g->state));
	return STORE_OK;
}

