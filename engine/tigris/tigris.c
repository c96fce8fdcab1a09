/*
 * tigris.c - the Tigris & Euphrates engine's entry table (tigris_rules):
 * options, submissions, waiting, scores.  The rules live in parse.c,
 * rules.c, conflict.c and state.c (rules.h), the lists of legal moves in
 * moves.c, the invariants in check.c, the views in render.c.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../notation.h"
#include "tigris.h"

/* One option: its key, its values, and which state field it sets. */
struct tg_option {
	const char *key;
	const char *values[2];	/* value 0 is the default */
};

static const struct tg_option options[] = {
	{ "board", { "standard", "alternative" } },
	{ "buildings", { "off", "on" } },
	{ "support", { "free", "english" } },
	{ "scoring", { "hidden", "open" } },
};
enum { NOPTIONS = sizeof(options) / sizeof(options[0]) };

/* Read the options into vals[] (indexes into each option's values). */
static int
read_options(const struct game_opt *opts, int nopts, int vals[NOPTIONS],
    char *err, size_t errlen)
{
	int i, k, v;

	memset(vals, 0, sizeof(int) * NOPTIONS);
	for (i = 0; i < nopts; i++) {
		for (k = 0; k < NOPTIONS; k++)
			if (strcmp(opts[i].key, options[k].key) == 0)
				break;
		if (k == NOPTIONS) {
			snprintf(err, errlen, "unknown option '%s' (tigris knows board, "
			    "buildings, support, scoring)", opts[i].key);
			return -1;
		}
		for (v = 0; v < 2; v++)
			if (opts[i].value != NULL && strcmp(opts[i].value, options[k].values[v]) == 0)
				break;
		if (v == 2) {
			snprintf(err, errlen, "option %s: '%s' is not %s or %s",
			    options[k].key, opts[i].value != NULL ? opts[i].value : "",
			    options[k].values[0], options[k].values[1]);
			return -1;
		}
		vals[k] = v;
	}
	return 0;
}

/* game_rules.setup: validate the options and deal the first hands. */
static int
tigris_setup(void *state, int nseats, const struct game_opt *opts, int nopts,
    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen)
{
	struct tigris *st = state;
	int vals[NOPTIONS];

	if (nseats < 2 || nseats > TG_MAXSEATS) {
		snprintf(err, errlen, "Tigris & Euphrates takes 2 to 4 players, not %d",
		    nseats);
		return -1;
	}
	if (read_options(opts, nopts, vals, err, errlen) != 0)
		return -1;
	if (tg_setup_state(st, nseats, vals[0], vals[1], vals[2], vals[3], seed) != 0) {
		snprintf(err, errlen, "the bag cannot fill the first hands");
		return -1;
	}
	return 0;
}

/* game_rules.play: apply every command of a submission in order. */
static enum game_status
tigris_play(void *state, int seat, const char *text, struct game_played *out,
    char *err, size_t errlen)
{
	struct tigris *st = state;
	struct cmdlist cl;
	enum game_status rc = GAME_OK;
	int i, drew = 0;
	char e[256];

	out->drew = 0;
	if (seat < 0) {
		snprintf(err, errlen, "tigris has no administrative commands");
		return GAME_REJECTED;
	}
	if (seat >= st->nseats) {
		snprintf(err, errlen, "there is no player %d in this game of %d", seat + 1,
		    st->nseats);
		return GAME_REJECTED;
	}
	if (cmd_split(text, ";", &cl) != 0) {
		snprintf(err, errlen, "a command is too long");
		return GAME_REJECTED;
	}
	if (cl.n == 0) {
		cmd_free(&cl);
		snprintf(err, errlen, "empty submission");
		return GAME_REJECTED;
	}
	/* Nothing may follow `resign` in the same submission (arbiter-tigris(6)). */
	for (i = 0; i + 1 < cl.n; i++)
		if (strncasecmp(cl.cmd[i], "resign", 6) == 0 &&
		    (cl.cmd[i][6] == '\0' || cl.cmd[i][6] == ' ')) {
			char w[32];

			snprintf(w, sizeof(w), "%.*s", (int)strcspn(cl.cmd[i + 1], " "),
			    cl.cmd[i + 1]);
			snprintf(err, errlen, "command %d: %s: nothing may follow 'resign' (command "
			    "%d) in the same submission", i + 2, w, i + 1);
			cmd_free(&cl);
			return GAME_REJECTED;
		}
	st->last[0] = '\0';
	for (i = 0; i < cl.n && rc == GAME_OK; i++) {
		rc = tg_command(st, seat, cl.cmd[i], &drew, e, sizeof(e));
		if (rc != GAME_OK && cl.n > 1)
			snprintf(err, errlen, "command %d: %s", i + 1, e);
		else if (rc != GAME_OK)
			snprintf(err, errlen, "%s", e);
	}
	cmd_free(&cl);
	out->drew = drew;
	return rc;
}

/* game_rules.waiting: the one seat awaited and why. */
static void
tigris_waiting(const void *state, struct game_wait *w)
{
	const struct tigris *st = state;
	int s;

	memset(w, 0, sizeof(*w));
	for (s = 0; s < st->nseats; s++) {
		if (!tg_awaited(st, s))
			continue;
		w->mask |= 1u << s;
		tg_wait_reason(st, s, 0, w->why[s], sizeof(w->why[s]));
	}
}

/* game_rules.over */
static int
tigris_over(const void *state)
{
	const struct tigris *st = state;

	return st->phase == TG_PH_OVER;
}

/* game_rules.score: the weakest colour (treasures assigned), ranks at the end. */
static void
tigris_score(const void *state, int viewer, struct game_score *out)
{
	const struct tigris *st = state;
	int s, sorted[TG_NCOL], rank[TG_MAXSEATS];

	memset(out, 0, sizeof(*out));
	out->nseats = st->nseats;
	for (s = 0; s < st->nseats; s++) {
		out->visible[s] = st->open || st->phase == TG_PH_OVER || viewer == s;
		if (!out->visible[s])
			continue;
		tg_final(st, s, sorted);
		out->score[s] = sorted[0];
	}
	if (st->phase == TG_PH_OVER) {
		tg_ranks(st, rank);
		for (s = 0; s < st->nseats; s++)
			out->rank[s] = rank[s];
	}
}

/* game_rules.moves */
static void
tigris_moves(const void *state, int seat, struct sbuf *out)
{
	tg_moves(state, seat, out);
}

/* game_rules.check */
static int
tigris_check(const void *state, char *err, size_t errlen)
{
	return tg_check(state, err, errlen);
}

const struct game_rules tigris_rules = {
	.name = "tigris",
	.title = "Tigris & Euphrates",
	.draws = "the tiles drawn from the bag and the start player",
	.min_seats = 2,
	.max_seats = TG_MAXSEATS,
	.version = TG_VERSION,
	.state_size = sizeof(struct tigris),
	.setup = tigris_setup,
	.play = tigris_play,
	.waiting = tigris_waiting,
	.over = tigris_over,
	.score = tigris_score,
	.moves = tigris_moves,
	.render_text = tg_render_text,
	.render_json = tg_render_json,
	.check = tigris_check,
	.public_text = tg_public_text,
	.timeout_move = tg_timeout_move,
	.resample = tg_resample,
	.is_command = tg_is_command,
	.render_board = tg_render_board,
	.import_log = NULL,
};
