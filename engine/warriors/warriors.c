/*
 * warriors.c - the Warriors & Traders engine's entry in the game registry:
 * its hooks, from the files that implement them (see wt.h).
 */
#include "wt.h"

const struct game_rules warriors_rules = {
	.name = "warriors",
	.title = "Warriors & Traders",
	.draws = "the country each player gets, unless the countries are chosen",
	.min_seats = 2,
	.max_seats = WT_SEATS,
	.version = 1,
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
};
