/*
 * parse.c - Tigris & Euphrates: reading one command of the notation and
 * handing it to the action or decision it names (tg_command).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../notation.h"
#include "rules.h"

/* ---- parsing ---- */

static const char *const action_verbs[] = {
	"leader", "withdraw", "tile", "catastrophe", "swap", "pass", NULL,
};
static const char *const decision_verbs[] = {
	"support", "conflict", "monument", "building", "treasure", NULL,
};

/* Every word a command of the notation starts with (the rules' verbs). */
const char *const tg_verbs[] = {
	"leader", "withdraw", "tile", "catastrophe", "swap", "pass", "support",
	"conflict", "monument", "building", "treasure", "resign", NULL,
};

int
tg_is_command(const char *line)
{
	return line_starts_with_verb(line, tg_verbs);
}

/* notation_word(): a colour or its tile or leader name, a run of colour
 * letters ("swap kk"), or "none". */
int
tg_notation_word(const char *w)
{
	return tg_parse_colour(w) >= 0 || strcmp(w, "none") == 0 ||
	    (w[0] != '\0' && strspn(w, "rbgk") == strlen(w));
}

/* Whether w is one of the words of a NULL-terminated list. */
static int
is_verb(const char *w, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(w, *list) == 0)
			return 1;
	return 0;
}

/*
 * Check the number of words of a command: verb plus want arguments.  On
 * failure err says what is missing (what, as in "the square") or which
 * word is one too many, and how the command is written (usage).
 */
static int
arity(char **w, int nw, int want, const char *what, const char *usage, char *err,
    size_t errlen)
{
	if (nw < want + 1) {
		snprintf(err, errlen, "%s: name %s ('%s')", w[0], what, usage);
		return -1;
	}
	if (nw > want + 1) {
		snprintf(err, errlen, "%s: '%s' is one word too many ('%s')", w[0],
		    w[want + 1], usage);
		return -1;
	}
	return 0;
}

/* Parse a colour argument of verb; -1 with err when it is not one. */
static int
parse_colour_arg(const char *verb, const char *w, char *err, size_t errlen)
{
	int c = tg_parse_colour(w);

	if (c < 0)
		snprintf(err, errlen, "%s: '%s' is not a colour (red, blue, green, "
		    "black, a tile or leader name, or r, b, g, k)", verb, w);
	return c;
}

/* Parse a square argument of verb; -1 with err when it is not one. */
static int
parse_square_arg(const char *verb, const char *w, char *err, size_t errlen)
{
	int sq = tg_parse_square(w);
	char echo[16];

	if (sq < 0) {
		tg_echo_square(w, echo, sizeof(echo));
		snprintf(err, errlen, "%s: '%s' is not a square (A1 to P11)", verb, echo);
	}
	return sq;
}

/* Parse a swap's tiles: words of colour names or runs of letters. */
static int
parse_swap(char **w, int nw, int counts[TG_NCOL], char *err, size_t errlen)
{
	int i, c;
	const char *p;

	memset(counts, 0, sizeof(int) * TG_NCOL);
	for (i = 0; i < nw; i++) {
		c = tg_parse_colour(w[i]);
		if (c >= 0) {
			counts[c]++;
			continue;
		}
		for (p = w[i]; *p != '\0'; p++) {
			char one[2] = { *p, '\0' };

			c = tg_parse_colour(one);
			if (c < 0) {
				snprintf(err, errlen, "swap: '%s' is not a tile colour "
				    "(r, b, g, k or a colour name)", w[i]);
				return -1;
			}
			counts[c]++;
		}
	}
	return 0;
}

/* Parse "verb colour square" (leader, tile, building); -1 with err. */
static int
parse_colour_square(char **w, int nw, int *colour, int *sq, char *err,
    size_t errlen)
{
	char usage[64];

	snprintf(usage, sizeof(usage), "%s <colour> <square>", w[0]);
	if (arity(w, nw, 2, nw == 1 ? "a colour and a square" : "the square",
	    usage, err, errlen) != 0)
		return -1;
	if ((*colour = parse_colour_arg(w[0], w[1], err, errlen)) < 0)
		return -1;
	if ((*sq = parse_square_arg(w[0], w[2], err, errlen)) < 0)
		return -1;
	return 0;
}

/* Parse a non-negative count. */
static int
parse_count(const char *w)
{
	int n = 0;

	if (*w == '\0' || strlen(w) > 3)
		return -1;
	for (; *w != '\0'; w++) {
		if (*w < '0' || *w > '9')
			return -1;
		n = n * 10 + (*w - '0');
	}
	return n;
}

/* A command the game cannot take now: say what it waits for instead. */
static enum game_status
not_now(const struct tigris *st, int seat, char **w, char *err, size_t errlen)
{
	char why[GAME_WHY_LEN];

	tg_wait_reason(st, seat, 1, why, sizeof(why));
	if (is_verb(w[0], action_verbs) || is_verb(w[0], decision_verbs))
		snprintf(err, errlen, "%s: not possible now; the game waits for %s",
		    w[0], why);
	else
		snprintf(err, errlen, "'%s' is not a command (leader, withdraw, tile, "
		    "catastrophe, swap, pass, support, conflict, monument, building, "
		    "treasure, resign); the game waits for %s", w[0], why);
	return GAME_REJECTED;
}

/* Run an action command (the game waits for this seat's action). */
static enum game_status
run_action(struct tigris *st, int seat, char **w, int nw, char *err, size_t errlen)
{
	int colour, sq, counts[TG_NCOL];

	if (strcmp(w[0], "tile") == 0 || strcmp(w[0], "leader") == 0) {
		if (parse_colour_square(w, nw, &colour, &sq, err, errlen) != 0)
			return GAME_REJECTED;
		if (w[0][0] == 't')
			return tg_act_tile(st, seat, colour, sq, err, errlen);
		return tg_act_leader(st, seat, colour, sq, err, errlen);
	}
	if (strcmp(w[0], "withdraw") == 0) {
		if (arity(w, nw, 1, "the leader's colour", "withdraw <colour>", err,
		    errlen) != 0 || (colour = parse_colour_arg(w[0], w[1], err, errlen)) < 0)
			return GAME_REJECTED;
		return tg_act_withdraw(st, seat, colour, err, errlen);
	}
	if (strcmp(w[0], "catastrophe") == 0) {
		if (arity(w, nw, 1, "the square", "catastrophe <square>", err,
		    errlen) != 0 || (sq = parse_square_arg(w[0], w[1], err, errlen)) < 0)
			return GAME_REJECTED;
		return tg_act_catastrophe(st, seat, sq, err, errlen);
	}
	if (strcmp(w[0], "swap") == 0) {
		if (parse_swap(w + 1, nw - 1, counts, err, errlen) != 0)
			return GAME_REJECTED;
		return tg_act_swap(st, seat, counts, err, errlen);
	}
	if (strcmp(w[0], "pass") == 0) {
		if (nw > 1) {
			snprintf(err, errlen, "pass: nothing may follow 'pass' (found '%s'); "
			    "one pass ends the turn", w[1]);
			return GAME_REJECTED;
		}
		tg_last(st, "{%d} passed", seat);
		st->actions = 2;
		tg_end_turn(st);
		return GAME_OK;
	}
	return not_now(st, seat, w, err, errlen);
}

/* Parse and run a monument decision. */
static enum game_status
run_monument(struct tigris *st, char **w, int nw, char *err, size_t errlen)
{
	static const char usage[] = "monument <colour>/<colour> [square]' or "
	    "'monument none";
	char *slash;
	int a, b, m, tl = -1;

	if (nw == 2 && strcmp(w[1], "none") == 0)
		return tg_dec_monument(st, -1, -1, err, errlen);
	if (nw == 1 || nw > 3) {
		if (nw == 1)
			snprintf(err, errlen, "monument: name the monument's two colours, "
			    "or none ('%s')", usage);
		else
			snprintf(err, errlen, "monument: '%s' is one word too many ('%s')",
			    w[3], usage);
		return GAME_REJECTED;
	}
	slash = strchr(w[1], '/');
	if (slash == NULL) {
		snprintf(err, errlen, "monument: '%s' is not two colours joined by "
		    "'/' ('%s')", w[1], usage);
		return GAME_REJECTED;
	}
	*slash = '\0';
	a = tg_parse_colour(w[1]);
	b = tg_parse_colour(slash + 1);
	m = a >= 0 && b >= 0 ? tg_monument_by_colours(a, b) : -1;
	if (m < 0) {
		snprintf(err, errlen, "monument: no monument is %s/%s (red/black, "
		    "red/green, blue/black, blue/red, green/black, green/blue)",
		    w[1], slash + 1);
		return GAME_REJECTED;
	}
	if (nw == 3 && (tl = parse_square_arg("monument", w[2], err, errlen)) < 0)
		return GAME_REJECTED;
	return tg_dec_monument(st, m, tl, err, errlen);
}

/* Run a decision command for the phase the game is in. */
static enum game_status
run_decision(struct tigris *st, int seat, char **w, int nw, char *err, size_t errlen)
{
	int colour, sq, n;

	if (st->phase == TG_PH_SUPPORT && strcmp(w[0], "support") == 0) {
		if (arity(w, nw, 1, "the number of tiles", "support <number>", err,
		    errlen) != 0)
			return GAME_REJECTED;
		if ((n = parse_count(w[1])) < 0) {
			snprintf(err, errlen, "support: '%s' is not a number of tiles "
			    "('support <number>', 0 allowed)", w[1]);
			return GAME_REJECTED;
		}
		return tg_dec_support(st, seat, n, err, errlen);
	}
	if (st->phase == TG_PH_CONFLICT && strcmp(w[0], "conflict") == 0) {
		if (arity(w, nw, 1, "the colour of the war", "conflict <colour>", err,
		    errlen) != 0 || (colour = parse_colour_arg(w[0], w[1], err, errlen)) < 0)
			return GAME_REJECTED;
		return tg_dec_conflict(st, colour, err, errlen);
	}
	if (st->phase == TG_PH_MONUMENT && strcmp(w[0], "monument") == 0)
		return run_monument(st, w, nw, err, errlen);
	if (st->phase == TG_PH_BUILDING && strcmp(w[0], "building") == 0) {
		if (nw == 2 && strcmp(w[1], "none") == 0)
			return tg_dec_building(st, -1, -1, err, errlen);
		if (parse_colour_square(w, nw, &colour, &sq, err, errlen) != 0)
			return GAME_REJECTED;
		return tg_dec_building(st, colour, sq, err, errlen);
	}
	if (st->phase == TG_PH_TREASURE && strcmp(w[0], "treasure") == 0)
		return tg_dec_treasure(st, seat, w + 1, nw - 1, err, errlen);
	return not_now(st, seat, w, err, errlen);
}

/*
 * Take the decisions of seats that resigned: a resigned active player's
 * turn ends (after its pending action's decisions: no monument, no
 * building, the first war in colour order), a resigned side of a conflict
 * supports with nothing, and a resigned trader takes no treasures.
 */
static void
settle(struct tigris *st)
{
	char e[GAME_WHY_LEN];
	int who, c, mask;

	for (;;) {
		if (st->phase == TG_PH_OVER)
			return;
		who = tg_awaited_seat(st);
		if (who < 0 || !tg_resigned(st, who))
			return;
		switch (st->phase) {
		case TG_PH_ACTION:
			tg_last(st, "{%d} has resigned: the turn passes", who);
			st->actions = 2;
			tg_end_turn(st);
			break;
		case TG_PH_SUPPORT:
			tg_last(st, "{%d} has resigned and supports with nothing", who);
			(void)tg_dec_support(st, who, 0, e, sizeof(e));
			break;
		case TG_PH_CONFLICT:
			mask = tg_war_colours(st);
			for (c = 0; c < TG_NCOL - 1 && !(mask & (1 << c)); c++)
				;
			(void)tg_dec_conflict(st, c, e, sizeof(e));
			break;
		case TG_PH_MONUMENT:
			(void)tg_dec_monument(st, -1, -1, e, sizeof(e));
			break;
		case TG_PH_BUILDING:
			(void)tg_dec_building(st, -1, -1, e, sizeof(e));
			break;
		default:	/* TG_PH_TREASURE: the kingdom no longer counts */
			st->phase = TG_PH_ACTION;
			tg_proceed(st);
			break;
		}
	}
}

/*
 * Resign: the seat leaves the game.  Its leaders, tiles and buildings
 * stay on the board, its score stays as it stands, and the game goes on
 * without it until fewer than two seats are left.
 */
static enum game_status
run_resign(struct tigris *st, int seat, char **w, int nw, char *err, size_t errlen)
{
	if (nw > 1) {
		snprintf(err, errlen, "resign: nothing may follow 'resign' (found '%s')",
		    w[1]);
		return GAME_REJECTED;
	}
	if (tg_resigned(st, seat)) {
		snprintf(err, errlen, "resign: you have already resigned");
		return GAME_REJECTED;
	}
	st->resigned = (uint8_t)(st->resigned | 1u << seat);
	tg_last(st, "{%d} resigns; their pieces stay on the board", seat);
	if (tg_seats_left(st) < 2)
		tg_game_over(st, TG_END_RESIGN);
	return GAME_OK;
}

/*
 * Apply one normalized command from a seat.  *drew is set when tiles were
 * drawn from the bag.  The command text is modified (split into words).
 */
enum game_status
tg_command(struct tigris *st, int seat, char *cmd, int *drew, char *err,
    size_t errlen)
{
	char *w[CMD_MAX_WORDS];
	int nw, before = tg_bag_size(st);
	enum game_status rc;

	if (st->phase == TG_PH_OVER) {
		snprintf(err, errlen, "the game is over");
		return GAME_REJECTED;
	}
	nw = cmd_words(cmd, w, CMD_MAX_WORDS);
	if (nw == 0) {
		snprintf(err, errlen, "empty command");
		return GAME_REJECTED;
	}
	if (nw > CMD_MAX_WORDS) {
		snprintf(err, errlen, "%s: too many words (at most %d)", w[0],
		    CMD_MAX_WORDS);
		return GAME_REJECTED;
	}
	if (strcmp(w[0], "resign") == 0) {
		rc = run_resign(st, seat, w, nw, err, errlen);
	} else if (tg_resigned(st, seat)) {
		snprintf(err, errlen, "%s: you have resigned; the game goes on without you",
		    w[0]);
		return GAME_NOT_YOUR_TURN;
	} else if (!tg_awaited(st, seat)) {
		char why[GAME_WHY_LEN];
		int who = tg_awaited_seat(st);

		tg_wait_reason(st, who, 0, why, sizeof(why));
		snprintf(err, errlen, "not your turn: the game waits for player %d (%s)",
		    who + 1, why);
		return GAME_NOT_YOUR_TURN;
	} else if (st->phase == TG_PH_ACTION) {
		rc = run_action(st, seat, w, nw, err, errlen);
	} else {
		rc = run_decision(st, seat, w, nw, err, errlen);
	}
	if (rc == GAME_OK)
		settle(st);
	if (tg_bag_size(st) < before)
		*drew = 1;
	return rc;
}

