/*
 * terra.c - the Terra Mystica engine's entry in the game registry: its
 * hooks, from the files that implement them (see terra.h).
 */
#include "terra.h"

extern const struct game_rules terra_rules;

/*
 * timeout_move: a seat that let its deadline pass declines every power
 * offer, then passes (taking the first bonus tile listed); any other
 * decision it owes (a faction, an initial dwelling, a cult spade, a town
 * or favour tile) takes the first choice listed.
 */
static int
tm_timeout_move(const void *st, int seat, struct sbuf *out)
{
	static const char *const prefer[] = { "decline", "pass", NULL };

	return game_default_move(&terra_rules, st, seat, "decline", prefer, out);
}

/* `--option map=FILE`: a map in the format of tmap.c, read by the application. */
static const char *const tm_file_options[] = { "map", NULL };

const struct game_rules terra_rules = {
	.name = "terra",
	.title = "Terra Mystica",
	.draws = "the scoring tiles, the bonus tiles in play, the player order and, with "
	    "fire-and-ice-final-scoring, the final scoring tile",
	.min_seats = 2,
	.max_seats = 5,
	.version = 16,
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
	.verbs = tm_verbs,
	.notation_word = tm_notation_word,
	.glossary = tm_glossary,
	.render_board = tm_render_board,
	.timeout_move = tm_timeout_move,
	.file_options = tm_file_options,
};
