/*
 * conflict.c - Tigris & Euphrates: what an action may set off on the board:
 * revolts and wars (sides, support, the outcome), monuments, civilization
 * buildings and treasures.  Each function changes the state and returns;
 * the walk in rules.c decides what comes next.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../notation.h"
#include "rules.h"

/* ---- wars and revolts ---- */

/* Bit mask of colours with two leaders in the united kingdom. */
int
tg_war_colours(const struct tigris *st)
{
	struct tg_regions rg;
	int region, c, s, count, mask = 0;

	if (st->unify < 0)
		return 0;
	tg_label(st, -1, &rg);
	region = rg.label[st->unify];
	for (c = 0; c < TG_NCOL; c++) {
		count = 0;
		for (s = 0; s < st->nseats; s++)
			if (st->seat[s].leader[c] >= 0 &&
			    rg.label[st->seat[s].leader[c]] == region)
				count++;
		if (count >= 2)
			mask |= 1 << c;
	}
	return mask;
}

/* Face-up tiles of a colour in one side (region of a labelling). */
static int
side_supporters(const struct tigris *st, const struct tg_regions *rg, int side,
    int colour)
{
	int sq, n = 0;

	for (sq = 0; sq < TG_CELLS; sq++)
		if (rg->label[sq] == side && tg_face_up(st, sq, colour))
			n++;
	return n;
}

/* Begin the war of a colour in the united kingdom: pick sides, count support. */
void
tg_start_war(struct tigris *st, int colour)
{
	struct tg_regions full, sides;
	int seats[2] = { 0, 0 }, n = 0, s, i, att, def;
	char a[4], d[4];

	tg_label(st, -1, &full);
	tg_label(st, st->unify, &sides);
	for (s = 0; s < st->nseats && n < 2; s++) {
		int sq = st->seat[s].leader[colour];

		if (sq >= 0 && full.label[sq] == full.label[st->unify])
			seats[n++] = s;
	}
	att = seats[0];
	for (i = 0; i < st->nseats; i++) {
		s = (st->active + i) % st->nseats;
		if (s == seats[0] || s == seats[1]) {
			att = s;
			break;
		}
	}
	def = att == seats[0] ? seats[1] : seats[0];
	memset(&st->cf, 0, sizeof(st->cf));
	st->cf.kind = TG_CF_WAR;
	st->cf.colour = (uint8_t)colour;
	st->cf.att = (int8_t)att;
	st->cf.def = (int8_t)def;
	st->cf.att_pos = st->seat[att].leader[colour];
	st->cf.def_pos = st->seat[def].leader[colour];
	st->cf.att_base = (uint8_t)side_supporters(st, &sides,
	    sides.label[st->cf.att_pos], colour);
	st->cf.def_base = (uint8_t)side_supporters(st, &sides,
	    sides.label[st->cf.def_pos], colour);
	st->phase = TG_PH_SUPPORT;
	tg_square_name(st->cf.att_pos, a);
	tg_square_name(st->cf.def_pos, d);
	tg_last(st, "war of the %ss: {%d} (%s) has %d %s supporter%s, {%d} (%s) has %d",
	    tg_leader_name(colour), att, a, st->cf.att_base, tg_colour_name(colour),
	    tg_plural(st->cf.att_base), def, d, st->cf.def_base);
}

/* Begin a revolt: the leader just placed on sq against the other at other. */
void
tg_start_revolt(struct tigris *st, int seat, int colour, int sq, int other)
{
	char a[4];

	memset(&st->cf, 0, sizeof(st->cf));
	st->cf.kind = TG_CF_REVOLT;
	st->cf.colour = (uint8_t)colour;
	st->cf.att = (int8_t)seat;
	st->cf.def = (int8_t)tg_leader_seat(st->cell[other].leader);
	st->cf.att_pos = (int16_t)sq;
	st->cf.def_pos = (int16_t)other;
	st->cf.att_base = (uint8_t)tg_adjacent_temples(st, sq);
	st->cf.def_base = (uint8_t)tg_adjacent_temples(st, other);
	st->phase = TG_PH_SUPPORT;
	tg_square_name(sq, a);
	tg_last(st, "revolt of the %ss at %s: {%d} has %d adjacent temple%s, {%d} has %d",
	    tg_leader_name(colour), a, seat, st->cf.att_base, tg_plural(st->cf.att_base),
	    st->cf.def, st->cf.def_base);
}

/* The support colour of the current conflict (red in a revolt). */
int
tg_support_colour(const struct tigris *st)
{
	return st->cf.kind == TG_CF_REVOLT ? TG_RED : st->cf.colour;
}

/* Whether committing n tiles is allowed for the side now to commit. */
int
tg_support_allowed(const struct tigris *st, int n, char *err, size_t errlen)
{
	int seat = st->cf.stage == 0 ? st->cf.att : st->cf.def;
	int have = st->seat[seat].hand[tg_support_colour(st)];
	int att = st->cf.att_base + st->cf.att_add;

	if (n < 0 || n > have) {
		snprintf(err, errlen, "support: you hold %d %s tile%s and cannot commit %d",
		    have, tg_colour_name(tg_support_colour(st)), tg_plural(have), n);
		return 0;
	}
	if (!st->english || n == 0)
		return 1;
	if (st->cf.stage == 0 && att + n <= st->cf.def_base) {
		snprintf(err, errlen, "support: English variant: the attacker may add "
		    "tiles only to become stronger than the defender's %d "
		    "(%d + %d is not)", st->cf.def_base, att, n);
		return 0;
	}
	if (st->cf.stage == 1 && st->cf.def_base + n != att) {
		snprintf(err, errlen, "support: English variant: the defender may add "
		    "only exactly enough to tie %d (that is %d tile%s, or 0)",
		    att, att - st->cf.def_base > 0 ? att - st->cf.def_base : 0,
		    tg_plural(att - st->cf.def_base));
		return 0;
	}
	return 1;
}

/* Settle a revolt once both sides committed; def_add is the defender's. */
void
tg_resolve_revolt(struct tigris *st, int def_add)
{
	int att = st->cf.att_base + st->cf.att_add, def = st->cf.def_base + def_add;
	int winner = att > def ? st->cf.att : st->cf.def;
	int loser = winner == st->cf.att ? st->cf.def : st->cf.att;
	char sq[4];

	tg_square_name(st->cf.att_pos, sq);
	tg_last(st, "revolt at %s: {%d} %d + %d vs {%d} %d + %d: {%d}'s %s withdrawn",
	    sq, st->cf.att, st->cf.att_base, st->cf.att_add, st->cf.def,
	    st->cf.def_base, def_add, loser, tg_leader_name(st->cf.colour));
	tg_withdraw_leader(st, loser, st->cf.colour);
	tg_award(st, winner, TG_RED, 1);
	memset(&st->cf, 0, sizeof(st->cf));
}

/* Whether a losing temple is spared: treasure or another leader next to it. */
static int
temple_spared(const struct tigris *st, int sq, int loser_pos)
{
	int nb[4], n, i;

	if (st->cell[sq].treasure)
		return 1;
	n = tg_neighbours(sq, nb);
	for (i = 0; i < n; i++)
		if (st->cell[nb[i]].leader != 0 && nb[i] != loser_pos)
			return 1;
	return 0;
}

/* Settle a war once both sides committed; def_add is the defender's. */
void
tg_resolve_war(struct tigris *st, int def_add)
{
	struct tg_regions sides;
	int att = st->cf.att_base + st->cf.att_add, def = st->cf.def_base + def_add;
	int winner = att > def ? st->cf.att : st->cf.def;
	int loser = winner == st->cf.att ? st->cf.def : st->cf.att;
	int lpos = winner == st->cf.att ? st->cf.def_pos : st->cf.att_pos;
	int colour = st->cf.colour, side, sq, removed = 0;

	tg_label(st, st->unify, &sides);
	side = sides.label[lpos];
	for (sq = 0; sq < TG_CELLS; sq++) {
		if (sides.label[sq] != side || !tg_face_up(st, sq, colour))
			continue;
		if (st->cell[sq].building != 0)
			continue;
		if (colour == TG_RED && temple_spared(st, sq, lpos))
			continue;
		st->cell[sq].tile = 0;
		st->out[colour]++;
		removed++;
	}
	tg_last(st, "{%d} %d + %d vs {%d} %d + %d: {%d} wins; {%d}'s %s and %d %s "
	    "tile%s removed", st->cf.att, st->cf.att_base, st->cf.att_add,
	    st->cf.def, st->cf.def_base, def_add, winner, loser,
	    tg_leader_name(colour), removed, tg_colour_name(colour), tg_plural(removed));
	tg_withdraw_leader(st, loser, colour);
	tg_award(st, winner, colour, removed + 1);
	memset(&st->cf, 0, sizeof(st->cf));
	tg_withdraw_orphans(st);
}

/* ---- monuments and buildings ---- */

/*
 * The top-left squares of the 2x2 squares through the placed tile whose
 * four tiles are face up and of its colour; returns how many (out[4]).
 */
int
tg_monument_squares(const struct tigris *st, int out[4])
{
	int sq = st->placed, r, c, dr, dc, n = 0, colour;

	if (sq < 0 || !tg_face_up(st, sq, -1))
		return 0;
	colour = st->cell[sq].tile - 1;
	r = sq / TG_COLS;
	c = sq % TG_COLS;
	for (dr = -1; dr <= 0; dr++) {
		for (dc = -1; dc <= 0; dc++) {
			int tr = r + dr, tc = c + dc, tl;

			if (tr < 0 || tc < 0 || tr + 1 >= TG_ROWS || tc + 1 >= TG_COLS)
				continue;
			tl = tr * TG_COLS + tc;
			if (tg_face_up(st, tl, colour) && tg_face_up(st, tl + 1, colour) &&
			    tg_face_up(st, tl + TG_COLS, colour) &&
			    tg_face_up(st, tl + TG_COLS + 1, colour))
				out[n++] = tl;
		}
	}
	return n;
}

/* Whether unbuilt monument m has the colour. */
int
tg_monument_fits(const struct tigris *st, int m, int colour)
{
	return st->mon_pos[m] < 0 &&
	    (tg_mon_colours[m][0] == colour || tg_mon_colours[m][1] == colour);
}

/* Whether the placed tile offers a monument now. */
int
tg_monument_possible(const struct tigris *st)
{
	int sqs[4], m;

	if (tg_monument_squares(st, sqs) == 0)
		return 0;
	for (m = 0; m < TG_NMON; m++)
		if (tg_monument_fits(st, m, st->cell[st->placed].tile - 1))
			return 1;
	return 0;
}

/* Flip the 2x2 square at tl and put monument m on it. */
void
tg_build_monument(struct tigris *st, int m, int tl)
{
	int sqs[4] = { tl, tl + 1, tl + TG_COLS, tl + TG_COLS + 1 }, i;
	char name[4];

	st->mon_pos[m] = (int16_t)tl;
	for (i = 0; i < 4; i++) {
		struct tg_cell *c = &st->cell[sqs[i]];

		c->monument = (uint8_t)(m + 1);
		if (c->building != 0) {
			st->bld_pos[c->building - 1] = -1;
			c->building = 0;
		}
	}
	tg_square_name(tl, name);
	tg_last(st, "{%d} builds the %s/%s monument at %s", st->active,
	    tg_colour_name(tg_mon_colours[m][0]), tg_colour_name(tg_mon_colours[m][1]),
	    name);
	tg_withdraw_orphans(st);
}

/* Length of the face-up run of a colour through sq, along (dr, dc). */
static int
run_length(const struct tigris *st, int sq, int colour, int horizontal)
{
	int r = sq / TG_COLS, c = sq % TG_COLS, n = 1, k;

	for (k = 1;; k++) {
		int rr = horizontal ? r : r - k, cc = horizontal ? c - k : c;

		if (rr < 0 || cc < 0 || !tg_face_up(st, rr * TG_COLS + cc, colour))
			break;
		n++;
	}
	for (k = 1;; k++) {
		int rr = horizontal ? r : r + k, cc = horizontal ? c + k : c;

		if (rr >= TG_ROWS || cc >= TG_COLS ||
		    !tg_face_up(st, rr * TG_COLS + cc, colour))
			break;
		n++;
	}
	return n;
}

/* The longest line through the square of a placed building of a colour. */
static int
building_line(const struct tigris *st, int colour)
{
	int sq = st->bld_pos[colour], h, v;

	if (sq < 0)
		return 0;
	h = run_length(st, sq, colour, 1);
	v = run_length(st, sq, colour, 0);
	return h > v ? h : v;
}

/* Whether sq lies on the face-up run of a colour through p (row or column). */
static int
on_run(const struct tigris *st, int p, int sq, int colour, int horizontal)
{
	int step, cur;

	if (horizontal ? p / TG_COLS != sq / TG_COLS : p % TG_COLS != sq % TG_COLS)
		return 0;
	if (horizontal)
		step = sq % TG_COLS > p % TG_COLS ? 1 : -1;
	else
		step = sq / TG_COLS > p / TG_COLS ? TG_COLS : -TG_COLS;
	for (cur = p;; cur += step) {
		if (!tg_face_up(st, cur, colour))
			return 0;
		if (cur == sq)
			return 1;
	}
}

/*
 * Whether sq lies on a line through the placed tile (3 or more tiles of
 * its colour) longer than the line now under that colour's building.
 */
int
tg_building_square_ok(const struct tigris *st, int sq)
{
	int p = st->placed, colour, dir, cur, len;

	if (!st->buildings || p < 0 || !tg_face_up(st, p, -1))
		return 0;
	colour = st->cell[p].tile - 1;
	cur = building_line(st, colour);
	for (dir = 0; dir < 2; dir++) {
		len = run_length(st, p, colour, dir == 0);
		if (len >= 3 && len > cur && on_run(st, p, sq, colour, dir == 0))
			return 1;
	}
	return 0;
}

/* Whether the placed tile offers its colour's building now. */
int
tg_building_possible(const struct tigris *st)
{
	int sq;

	for (sq = 0; sq < TG_CELLS; sq++)
		if (tg_building_square_ok(st, sq))
			return 1;
	return 0;
}

/* ---- treasures ---- */

/*
 * Find the first kingdom holding two or more treasures and a trader whose
 * owner has not resigned (a resigned seat takes no treasures; they wait
 * for another trader).  Returns the trader's owner and fills trs[]
 * (corners first) and the counts.
 */
int
tg_treasure_kingdom(const struct tigris *st, int trs[], int *ntr, int *ncorner)
{
	struct tg_regions rg;
	int region, sq, trader;

	tg_label(st, -1, &rg);
	for (region = 0; region < rg.n; region++) {
		*ntr = 0;
		*ncorner = 0;
		trader = tg_kingdom_leader(st, &rg, region, TG_GREEN);
		if (trader < 0 || tg_resigned(st, tg_leader_seat(st->cell[trader].leader)))
			continue;
		for (sq = 0; sq < TG_CELLS; sq++)
			if (rg.label[sq] == region && st->cell[sq].treasure &&
			    tg_corner(st, sq))
				trs[(*ncorner)++] = sq;
		*ntr = *ncorner;
		for (sq = 0; sq < TG_CELLS; sq++)
			if (rg.label[sq] == region && st->cell[sq].treasure &&
			    !tg_corner(st, sq))
				trs[(*ntr)++] = sq;
		if (*ntr >= 2)
			return tg_leader_seat(st->cell[trader].leader);
	}
	return -1;
}

/* A seat takes the treasure on sq. */
void
tg_take_treasure(struct tigris *st, int seat, int sq)
{
	char name[4];

	st->cell[sq].treasure = 0;
	st->seat[seat].treasures++;
	tg_square_name(sq, name);
	tg_last(st, "{%d} takes the treasure at %s", seat, name);
}

