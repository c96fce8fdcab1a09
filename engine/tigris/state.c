/*
 * state.c - Tigris & Euphrates: the state's small facts and changes that
 * every rule needs (hands and the bag, points, leaders, the end of the
 * game), setting up a game, and whom it waits for and why.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../notation.h"
#include "rules.h"

const uint8_t tg_mon_colours[TG_NMON][2] = {
	{ TG_RED, TG_BLACK }, { TG_RED, TG_GREEN }, { TG_BLUE, TG_BLACK },
	{ TG_BLUE, TG_RED }, { TG_GREEN, TG_BLACK }, { TG_GREEN, TG_BLUE },
};

const int tg_tile_totals[TG_NCOL] = { 57, 36, 30, 30 };

/* The plural ending for a count: "" for 1, "s" otherwise. */
const char *
tg_plural(int n)
{
	return n == 1 ? "" : "s";
}

/* Append a sentence to the last-submission text ("; " between pieces). */
void
tg_last(struct tigris *st, const char *fmt, ...)
{
	size_t len = strlen(st->last);
	va_list ap;

	if (len + 3 >= sizeof(st->last))
		return;
	if (len > 0) {
		memcpy(st->last + len, "; ", 3);
		len += 2;
	}
	va_start(ap, fmt);
	vsnprintf(st->last + len, sizeof(st->last) - len, fmt, ap);
	va_end(ap);
}

/* The seat that owns a leader code (1 + seat * 4 + colour). */
int
tg_leader_seat(int code)
{
	return (code - 1) / TG_NCOL;
}

/* Whether a seat has resigned. */
int
tg_resigned(const struct tigris *st, int seat)
{
	return seat >= 0 && seat < TG_MAXSEATS && ((st->resigned >> seat) & 1);
}

/* Seats still playing. */
int
tg_seats_left(const struct tigris *st)
{
	int s, n = 0;

	for (s = 0; s < st->nseats; s++)
		n += !tg_resigned(st, s);
	return n;
}

/* Tiles in a seat's hand. */
int
tg_hand_size(const struct tigris *st, int seat)
{
	const uint8_t *h = st->seat[seat].hand;

	return h[0] + h[1] + h[2] + h[3];
}

/* Tiles left in the bag. */
int
tg_bag_size(const struct tigris *st)
{
	return st->bag[0] + st->bag[1] + st->bag[2] + st->bag[3];
}

/* Draw one random tile from the bag; its colour, or -1 when it is empty. */
static int
draw_tile(struct tigris *st)
{
	int n = tg_bag_size(st), c;
	uint32_t k;

	if (n == 0)
		return -1;
	k = rng_below(&st->rng, (uint32_t)n);
	for (c = 0; c < TG_NCOL; c++) {
		if (k < st->bag[c]) {
			st->bag[c]--;
			return c;
		}
		k -= st->bag[c];
	}
	return -1;
}

/*
 * End the game now.  A game ended by resignations may stop in the middle
 * of an action: its conflict and unification tile are dropped.
 */
void
tg_game_over(struct tigris *st, int why)
{
	int s;

	st->end = (uint8_t)why;
	st->phase = TG_PH_OVER;
	st->step = TG_ST_NONE;
	st->unify = -1;
	st->placed = -1;
	memset(&st->cf, 0, sizeof(st->cf));
	if (why == TG_END_BAG) {
		tg_last(st, "the bag is empty: the game is over");
	} else if (why == TG_END_RESIGN) {
		for (s = 0; s < st->nseats && tg_resigned(st, s); s++)
			;
		tg_last(st, "only {%d} is left: the game is over", s);
	} else {
		tg_last(st, "only %d treasure%s left on the board: the game is over",
		    tg_treasures_left(st), tg_plural(tg_treasures_left(st)));
	}
}

/* Draw n tiles into a seat's hand; -1 (and the game ends) if the bag runs out. */
int
tg_draw_into(struct tigris *st, int seat, int n)
{
	int i, c;

	for (i = 0; i < n; i++) {
		c = draw_tile(st);
		if (c < 0) {
			tg_game_over(st, TG_END_BAG);
			return -1;
		}
		st->seat[seat].hand[c]++;
	}
	return 0;
}

/*
 * Give points to a seat, keeping the total awarded in step.  A seat that
 * resigned scores as it stood: points it would win are not handed out.
 */
void
tg_award(struct tigris *st, int seat, int colour, int n)
{
	if (tg_resigned(st, seat)) {
		tg_last(st, "{%d} has resigned and scores nothing", seat);
		return;
	}
	st->seat[seat].points[colour] = (int16_t)(st->seat[seat].points[colour] + n);
	st->awarded[colour] = (int16_t)(st->awarded[colour] + n);
	if (st->open)
		tg_last(st, "{%d} scores %d %s", seat, n, tg_colour_name(colour));
}

/* Put a seat's leader of a colour back into its supply. */
void
tg_withdraw_leader(struct tigris *st, int seat, int colour)
{
	int sq = st->seat[seat].leader[colour];

	if (sq < 0)
		return;
	st->cell[sq].leader = 0;
	st->seat[seat].leader[colour] = -1;
}

/* Withdraw every leader left without an adjacent face-up temple. */
void
tg_withdraw_orphans(struct tigris *st)
{
	int s, c;
	char name[4];

	for (s = 0; s < st->nseats; s++) {
		for (c = 0; c < TG_NCOL; c++) {
			int sq = st->seat[s].leader[c];

			if (sq < 0 || tg_adjacent_temples(st, sq) > 0)
				continue;
			tg_square_name(sq, name);
			tg_withdraw_leader(st, s, c);
			tg_last(st, "{%d}'s %s on %s has no temple left and is withdrawn",
			    s, tg_leader_name(c), name);
		}
	}
}

/* Treasures still on the board. */
int
tg_treasures_left(const struct tigris *st)
{
	int sq, n = 0;

	for (sq = 0; sq < TG_CELLS; sq++)
		n += st->cell[sq].treasure;
	return n;
}

/*
 * Collect the distinct kingdoms (regions with a leader) next to sq into
 * out[]; returns how many (at most 4).
 */
int
tg_adjacent_kingdoms(const struct tg_regions *rg, int sq, int out[4])
{
	int nb[4], n, i, j, k = 0, r;

	n = tg_neighbours(sq, nb);
	for (i = 0; i < n; i++) {
		r = rg->label[nb[i]];
		if (r < 0 || rg->leaders[r] == 0)
			continue;
		for (j = 0; j < k; j++)
			if (out[j] == r)
				break;
		if (j == k)
			out[k++] = r;
	}
	return k;
}

/* Set up a new game on a zeroed state.  0 on success. */
int
tg_setup_state(struct tigris *st, int nseats, int board, int buildings,
    int english, int open, const uint8_t seed[GAME_SEED_LEN])
{
	int sq, s, c, temples = 0;

	st->version = TG_VERSION;
	st->nseats = (uint8_t)nseats;
	st->board = (uint8_t)board;
	st->buildings = (uint8_t)buildings;
	st->english = (uint8_t)english;
	st->open = (uint8_t)open;
	st->unify = -1;
	st->placed = -1;
	st->treasure_sq = -1;
	for (sq = 0; sq < TG_CELLS; sq++) {
		if (!tg_start_temple(board, sq))
			continue;
		st->cell[sq].tile = TG_RED + 1;
		st->cell[sq].treasure = 1;
		temples++;
	}
	st->treasures_total = (uint8_t)temples;
	for (c = 0; c < TG_NCOL; c++)
		st->bag[c] = (uint8_t)tg_tile_totals[c];
	st->bag[TG_RED] = (uint8_t)(st->bag[TG_RED] - temples);
	for (c = 0; c < TG_NMON; c++)
		st->mon_pos[c] = -1;
	for (c = 0; c < TG_NCOL; c++)
		st->bld_pos[c] = -1;
	for (s = 0; s < TG_MAXSEATS; s++)
		for (c = 0; c < TG_NCOL; c++)
			st->seat[s].leader[c] = -1;
	rng_seed(&st->rng, seed);
	/* the generator's first outputs depend on part of the seed only: mix */
	for (c = 0; c < 8; c++)
		(void)rng_next(&st->rng);
	st->active = (uint8_t)rng_below(&st->rng, (uint32_t)nseats);
	for (s = 0; s < nseats; s++) {
		st->seat[s].catastrophes = TG_CATAS;
		if (tg_draw_into(st, s, TG_HAND) != 0)
			return -1;
	}
	st->turn = 1;
	st->phase = TG_PH_ACTION;
	tg_last(st, "the game begins; {%d} starts", st->active);
	return 0;
}

/* The seat the game waits for, or -1. */
int
tg_awaited_seat(const struct tigris *st)
{
	switch (st->phase) {
	case TG_PH_ACTION:
	case TG_PH_CONFLICT:
	case TG_PH_MONUMENT:
	case TG_PH_BUILDING:
		return st->active;
	case TG_PH_SUPPORT:
		return st->cf.stage == 0 ? st->cf.att : st->cf.def;
	case TG_PH_TREASURE:
		return st->treasure_seat;
	default:
		return -1;
	}
}

/* Whether the game waits for this seat. */
int
tg_awaited(const struct tigris *st, int seat)
{
	return seat >= 0 && tg_awaited_seat(st) == seat;
}

/* The colours in a mask as "red, green or black". */
static void
colour_list(int mask, char *buf, size_t len)
{
	int c, n = 0, total = 0;
	size_t o = 0;

	buf[0] = '\0';
	for (c = 0; c < TG_NCOL; c++)
		total += (mask >> c) & 1;
	for (c = 0; c < TG_NCOL && o < len; c++) {
		if (!(mask & (1 << c)))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", n == 0 ? "" :
		    n == total - 1 ? " or " : ", ", tg_colour_name(c));
		n++;
	}
}

/*
 * Describe what the game waits for from a seat (empty if nothing), as a
 * noun phrase.  you != 0 addresses the seat itself ("your support ... for
 * your priest"); otherwise it follows the seat's name ("bob (support ...
 * for their priest)"), so nobody reads another seat's leader as theirs.
 */
void
tg_wait_reason(const struct tigris *st, int seat, int you, char *buf, size_t len)
{
	const char *lead = you ? "your " : "", *own = you ? "your" : "their";
	const char *the = you ? "your" : "the", *lname, *kind;
	char sq[4], other[4], cols[64];
	int trs[TG_CELLS], ntr, ncorner;

	buf[0] = '\0';
	if (!tg_awaited(st, seat))
		return;
	switch (st->phase) {
	case TG_PH_ACTION:
		snprintf(buf, len, "%saction %d of 2 (leader, withdraw, tile, "
		    "catastrophe, swap or pass)", lead, st->actions + 1);
		break;
	case TG_PH_SUPPORT:
		lname = tg_leader_name(st->cf.colour);
		kind = st->cf.kind == TG_CF_REVOLT ? "revolt" : "war";
		tg_square_name(st->cf.stage == 0 ? st->cf.att_pos : st->cf.def_pos, sq);
		tg_square_name(st->cf.stage == 0 ? st->cf.def_pos : st->cf.att_pos, other);
		if (st->cf.stage == 0)
			snprintf(buf, len, "%ssupport with %s tiles for %s %s on %s, "
			    "attacking the %s on %s in a %s", lead,
			    tg_colour_name(tg_support_colour(st)), own, lname, sq, lname,
			    other, kind);
		else
			snprintf(buf, len, "%ssupport with %s tiles for %s %s on %s, "
			    "defending against a %s by the %s on %s", lead,
			    tg_colour_name(tg_support_colour(st)), own, lname, sq, kind,
			    lname, other);
		break;
	case TG_PH_CONFLICT:
		colour_list(tg_war_colours(st), cols, sizeof(cols));
		snprintf(buf, len, "%s choice of the next war (conflict <colour>: %s)",
		    the, cols);
		break;
	case TG_PH_MONUMENT:
		snprintf(buf, len, "%s choice of a monument (monument <colour>/<colour>, "
		    "or monument none)", the);
		break;
	case TG_PH_BUILDING:
		snprintf(buf, len, "%s choice of a civilization building (building "
		    "<colour> <square>, or building none)", the);
		break;
	case TG_PH_TREASURE:
		ntr = 0;
		if (tg_treasure_kingdom(st, trs, &ntr, &ncorner) < 0)
			ntr = 1;
		snprintf(buf, len, "%s choice of the %d treasure%s to take from a "
		    "kingdom holding %d (treasure <square> ...)", the, ntr - 1,
		    tg_plural(ntr - 1), ntr);
		break;
	default:
		break;
	}
}

