/*
 * terra.c - the Terra Mystica engine's entry in the game registry: its
 * hooks, from the files that implement them (see terra.h).
 */
#include "terra.h"

const struct game_rules terra_rules = {
	.name = "terra",
	.title = "Terra Mystica",
	.draws = "the scoring tiles, the bonus tiles in play and the player order",
	.min_seats = 2,
	.max_seats = 5,
	.version = 5,
	.state_size = sizeof(struct tm_state),
	.setup = tm_setup,
	.play = tm_play,
	.waiting = tm_waiting,
	.over = tm_over,
	.score = tm_score,
	.moves = tm_moves,
	.render_text = tm_render_text,
	.render_json = tm_render_json,
	.check = tm_check,
	.import_log = tm_import_log,
	.is_command = tm_is_command,
	.render_board = tm_render_board,
};
