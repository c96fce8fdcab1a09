/*
 * warriors.c - the Warriors & Traders engine's entry in the game registry:
 * its hooks, from the files that implement them (see wt.h).
 */
#include "wt.h"

extern const struct game_rules warriors_rules;

/*
 * timeout_move: a seat that let its deadline pass gives no orders: it
 * passes its development action, trade and special action, ends its
 * manoeuvre (done); a decision it cannot pass (placing development
 * tokens, a retreat) takes the first choice listed.
 */
static int
wt_timeout_move(const void *st, int seat, struct sbuf *out)
{
	static const char *const prefer[] = { "pass", "done", NULL };

	return game_default_move(&warriors_rules, st, seat, NULL, prefer, out);
}

const struct game_rules warriors_rules = {
	.name = "warriors",
	.title = "Warriors & Traders",
	.draws = "the country each player gets, unless the countries are chosen",
	.min_seats = 2,
	.max_seats = WT_SEATS,
	.version = 2,
	.state_size = sizeof(struct wt_state),
	.setup = wt_setup,
	.play = wt_play,
	.waiting = wt_waiting,
	.over = wt_over,
	.score = wt_score,
	.moves = wt_moves,
	.render_text = wt_render_text,
	.render_json = wt_render_json,
	.check = wt_check,
	.import_log = NULL,
	.is_command = wt_is_command,
	.public_text = wt_public_text,
	.render_board = wt_render_board,
	.timeout_move = wt_timeout_move,
	.resample = wt_resample,
};
