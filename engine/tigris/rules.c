/*
 * rules.c - Tigris & Euphrates: the actions and everything they set off.
 *
 * An action applies its main effect, then walks the steps of st->step:
 * wars (after a tile united two kingdoms), the monument, the civilization
 * building, the treasures, and the end of the action.  A step that needs a
 * decision sets st->phase and returns; the decision's command resumes the
 * walk with proceed().  The last-submission text names seats as "{N}",
 * which the renderers replace by the seat's name.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../notation.h"
#include "tigris.h"

const uint8_t tg_mon_colours[TG_NMON][2] = {
	{ TG_RED, TG_BLACK }, { TG_RED, TG_GREEN }, { TG_BLUE, TG_BLACK },
	{ TG_BLUE, TG_RED }, { TG_GREEN, TG_BLACK }, { TG_GREEN, TG_BLUE },
};

const int tg_tile_totals[TG_NCOL] = { 57, 36, 30, 30 };

static void proceed(struct tigris *st);

/* The plural ending for a count: "" for 1, "s" otherwise. */
static const char *
plural(int n)
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
static void
game_over(struct tigris *st, int why)
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
		    tg_treasures_left(st), plural(tg_treasures_left(st)));
	}
}

/* Draw n tiles into a seat's hand; -1 (and the game ends) if the bag runs out. */
static int
draw_into(struct tigris *st, int seat, int n)
{
	int i, c;

	for (i = 0; i < n; i++) {
		c = draw_tile(st);
		if (c < 0) {
			game_over(st, TG_END_BAG);
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
static void
award(struct tigris *st, int seat, int colour, int n)
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
static void
withdraw_leader(struct tigris *st, int seat, int colour)
{
	int sq = st->seat[seat].leader[colour];

	if (sq < 0)
		return;
	st->cell[sq].leader = 0;
	st->seat[seat].leader[colour] = -1;
}

/* Withdraw every leader left without an adjacent face-up temple. */
static void
withdraw_orphans(struct tigris *st)
{
	int s, c;
	char name[4];

	for (s = 0; s < st->nseats; s++) {
		for (c = 0; c < TG_NCOL; c++) {
			int sq = st->seat[s].leader[c];

			if (sq < 0 || tg_adjacent_temples(st, sq) > 0)
				continue;
			tg_square_name(sq, name);
			withdraw_leader(st, s, c);
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
		if (draw_into(st, s, TG_HAND) != 0)
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
		    plural(ntr - 1), ntr);
		break;
	default:
		break;
	}
}

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
static void
start_war(struct tigris *st, int colour)
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
	    plural(st->cf.att_base), def, d, st->cf.def_base);
}

/* Begin a revolt: the leader just placed on sq against the other at other. */
static void
start_revolt(struct tigris *st, int seat, int colour, int sq, int other)
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
	    tg_leader_name(colour), a, seat, st->cf.att_base, plural(st->cf.att_base),
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
		    have, tg_colour_name(tg_support_colour(st)), plural(have), n);
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
		    plural(att - st->cf.def_base));
		return 0;
	}
	return 1;
}

/* Settle a revolt once both sides committed; def_add is the defender's. */
static void
resolve_revolt(struct tigris *st, int def_add)
{
	int att = st->cf.att_base + st->cf.att_add, def = st->cf.def_base + def_add;
	int winner = att > def ? st->cf.att : st->cf.def;
	int loser = winner == st->cf.att ? st->cf.def : st->cf.att;
	char sq[4];

	tg_square_name(st->cf.att_pos, sq);
	tg_last(st, "revolt at %s: {%d} %d + %d vs {%d} %d + %d: {%d}'s %s withdrawn",
	    sq, st->cf.att, st->cf.att_base, st->cf.att_add, st->cf.def,
	    st->cf.def_base, def_add, loser, tg_leader_name(st->cf.colour));
	withdraw_leader(st, loser, st->cf.colour);
	award(st, winner, TG_RED, 1);
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
static void
resolve_war(struct tigris *st, int def_add)
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
	    tg_leader_name(colour), removed, tg_colour_name(colour), plural(removed));
	withdraw_leader(st, loser, colour);
	award(st, winner, colour, removed + 1);
	memset(&st->cf, 0, sizeof(st->cf));
	withdraw_orphans(st);
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
static int
monument_possible(const struct tigris *st)
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
static void
build_monument(struct tigris *st, int m, int tl)
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
	withdraw_orphans(st);
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
static int
building_possible(const struct tigris *st)
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
static void
take_treasure(struct tigris *st, int seat, int sq)
{
	char name[4];

	st->cell[sq].treasure = 0;
	st->seat[seat].treasures++;
	tg_square_name(sq, name);
	tg_last(st, "{%d} takes the treasure at %s", seat, name);
}

/* ---- the walk through an action's consequences ---- */

/*
 * End the turn: monuments score, hands refill, the game may end.  Seats
 * that resigned score no monuments, draw no tiles and have no turns.
 */
static void
end_turn(struct tigris *st)
{
	struct tg_regions rg;
	int m, k, i, s, a = st->active;

	tg_label(st, -1, &rg);
	for (m = 0; m < TG_NMON && !tg_resigned(st, a); m++) {
		if (st->mon_pos[m] < 0)
			continue;
		for (k = 0; k < 2; k++) {
			int col = tg_mon_colours[m][k], sq = st->seat[a].leader[col];

			if (sq >= 0 && rg.label[sq] == rg.label[st->mon_pos[m]])
				award(st, a, col, 1);
		}
	}
	if (tg_treasures_left(st) <= 2) {
		game_over(st, TG_END_TREASURES);
		return;
	}
	for (i = 0; i < st->nseats; i++) {
		s = (a + i) % st->nseats;
		if (!tg_resigned(st, s) && draw_into(st, s, TG_HAND - tg_hand_size(st, s)) != 0)
			return;
	}
	for (i = 1; i < st->nseats && tg_resigned(st, (a + i) % st->nseats); i++)
		;
	st->active = (uint8_t)((a + i) % st->nseats);
	st->actions = 0;
	st->turn++;
	st->phase = TG_PH_ACTION;
}

/* Finish an action: count it and end the turn after the second. */
static void
end_action(struct tigris *st)
{
	st->placed = -1;
	st->step = TG_ST_NONE;
	st->phase = TG_PH_ACTION;
	st->actions++;
	if (st->actions >= 2)
		end_turn(st);
}

/* The wars step: start the next war, ask for its order, or move on. */
static int
step_wars(struct tigris *st)
{
	int mask = tg_war_colours(st), c, n = 0, only = 0;

	if (mask == 0) {
		st->unify = -1;
		st->step = TG_ST_MONUMENT;
		return 0;
	}
	for (c = 0; c < TG_NCOL; c++)
		if (mask & (1 << c)) {
			n++;
			only = c;
		}
	if (n == 1)
		start_war(st, only);
	else
		st->phase = TG_PH_CONFLICT;
	return 1;
}

/* The treasure step: take forced treasures, ask when there is a choice. */
static int
step_treasure(struct tigris *st)
{
	int trs[TG_CELLS], ntr, ncorner, seat, i;

	for (;;) {
		seat = tg_treasure_kingdom(st, trs, &ntr, &ncorner);
		if (seat < 0) {
			st->step = TG_ST_END;
			return 0;
		}
		if (ncorner != ntr - 1) {
			st->treasure_seat = (uint8_t)seat;
			st->treasure_sq = (int16_t)trs[0];
			st->phase = TG_PH_TREASURE;
			return 1;
		}
		for (i = 0; i < ncorner; i++)
			take_treasure(st, seat, trs[i]);
	}
}

/* Walk the action's remaining steps until a decision is needed or it ends. */
static void
proceed(struct tigris *st)
{
	for (;;) {
		if (st->phase == TG_PH_OVER)
			return;
		switch (st->step) {
		case TG_ST_WARS:
			if (step_wars(st))
				return;
			break;
		case TG_ST_MONUMENT:
			if (monument_possible(st)) {
				st->phase = TG_PH_MONUMENT;
				return;
			}
			st->step = TG_ST_BUILDING;
			break;
		case TG_ST_BUILDING:
			if (building_possible(st)) {
				st->phase = TG_PH_BUILDING;
				return;
			}
			st->step = TG_ST_TREASURE;
			break;
		case TG_ST_TREASURE:
			if (step_treasure(st))
				return;
			break;
		default:
			end_action(st);
			return;
		}
	}
}

/* ---- the actions ---- */

/* Check that sq is free for a leader or tile: no tile, leader, catastrophe. */
int
tg_square_free(const struct tigris *st, const char *what, int sq, char *err,
    size_t errlen)
{
	const struct tg_cell *c = &st->cell[sq];
	char name[4];

	const char *piece = c->catastrophe ? "a catastrophe" : c->leader ?
	    "a leader" : c->tile ? "a tile" : NULL;

	if (piece == NULL)
		return 1;
	tg_square_name(sq, name);
	snprintf(err, errlen, "%s: a %s needs an empty square; %s holds %s", what,
	    what, name, piece);
	return 0;
}

/* Score a tile placed into a kingdom (not uniting two): leader or king. */
static void
score_tile(struct tigris *st, int sq, int colour)
{
	struct tg_regions rg;
	int region, who, bonus;

	tg_label(st, -1, &rg);
	region = rg.label[sq];
	who = tg_kingdom_leader(st, &rg, region, colour);
	if (who < 0)
		who = tg_kingdom_leader(st, &rg, region, TG_BLACK);
	if (who < 0)
		return;
	bonus = st->buildings && st->bld_pos[colour] >= 0 &&
	    rg.label[st->bld_pos[colour]] == region;
	award(st, tg_leader_seat(st->cell[who].leader), colour, 1 + bonus);
}

/* Action: place a tile from the hand. */
static enum game_status
act_tile(struct tigris *st, int seat, int colour, int sq, char *err, size_t errlen)
{
	struct tg_regions rg;
	int kings[4], k;
	char name[4];

	tg_square_name(sq, name);
	if (st->seat[seat].hand[colour] == 0) {
		snprintf(err, errlen, "tile: you have no %s tile in hand",
		    tg_colour_name(colour));
		return GAME_REJECTED;
	}
	if (!tg_square_free(st, "tile", sq, err, errlen))
		return GAME_REJECTED;
	if (colour == TG_BLUE && !tg_river(st, sq)) {
		snprintf(err, errlen, "tile: a farm (blue) must be placed on a river "
		    "square; %s is land", name);
		return GAME_REJECTED;
	}
	if (colour != TG_BLUE && tg_river(st, sq)) {
		snprintf(err, errlen, "tile: only farms (blue) may be placed on the "
		    "river; %s is a river square", name);
		return GAME_REJECTED;
	}
	tg_label(st, -1, &rg);
	k = tg_adjacent_kingdoms(&rg, sq, kings);
	if (k > 2) {
		snprintf(err, errlen, "tile: a tile may not join three or more "
		    "kingdoms; %s touches %s", name, k == 3 ? "three" : "four");
		return GAME_REJECTED;
	}
	st->seat[seat].hand[colour]--;
	st->cell[sq].tile = (uint8_t)(colour + 1);
	st->placed = (int16_t)sq;
	tg_last(st, "{%d} placed a %s tile on %s", seat, tg_colour_name(colour), name);
	if (k == 2) {
		st->unify = (int16_t)sq;
		tg_last(st, "it unites two kingdoms (unification tile on %s)", name);
	} else {
		score_tile(st, sq, colour);
	}
	st->step = TG_ST_WARS;
	proceed(st);
	return GAME_OK;
}

/* The square of another seat's leader of a colour in sq's kingdom, or -1. */
static int
rival_leader(const struct tigris *st, int seat, int colour, int sq)
{
	struct tg_regions rg;
	int s, pos;

	tg_label(st, -1, &rg);
	for (s = 0; s < st->nseats; s++) {
		pos = st->seat[s].leader[colour];
		if (s != seat && pos >= 0 && rg.label[pos] == rg.label[sq])
			return pos;
	}
	return -1;
}

/* Action: place or move a leader. */
static enum game_status
act_leader(struct tigris *st, int seat, int colour, int sq, char *err, size_t errlen)
{
	struct tg_regions rg;
	int kings[4], old = st->seat[seat].leader[colour], other, k;
	char name[4], from[4];

	tg_square_name(sq, name);
	if (!tg_square_free(st, "leader", sq, err, errlen))
		return GAME_REJECTED;
	if (tg_river(st, sq)) {
		snprintf(err, errlen, "leader: a leader may not stand on a river "
		    "square; %s is river", name);
		return GAME_REJECTED;
	}
	withdraw_leader(st, seat, colour);
	if (tg_adjacent_temples(st, sq) == 0) {
		snprintf(err, errlen, "leader: a leader must be placed next to a "
		    "temple; %s touches none", name);
		return GAME_REJECTED;
	}
	tg_label(st, -1, &rg);
	if ((k = tg_adjacent_kingdoms(&rg, sq, kings)) > 1) {
		snprintf(err, errlen, "leader: a leader may not join two kingdoms; "
		    "%s touches %s", name, k == 2 ? "two" : k == 3 ? "three" : "four");
		return GAME_REJECTED;
	}
	st->cell[sq].leader = (uint8_t)(1 + seat * TG_NCOL + colour);
	st->seat[seat].leader[colour] = (int16_t)sq;
	if (old >= 0) {
		tg_square_name(old, from);
		tg_last(st, "{%d} moved the %s from %s to %s", seat,
		    tg_leader_name(colour), from, name);
	} else {
		tg_last(st, "{%d} placed the %s on %s", seat, tg_leader_name(colour), name);
	}
	other = rival_leader(st, seat, colour, sq);
	st->step = TG_ST_TREASURE;
	if (other >= 0)
		start_revolt(st, seat, colour, sq, other);
	else
		proceed(st);
	return GAME_OK;
}

/* Action: withdraw a leader from the board. */
static enum game_status
act_withdraw(struct tigris *st, int seat, int colour, char *err, size_t errlen)
{
	char name[4];

	if (st->seat[seat].leader[colour] < 0) {
		snprintf(err, errlen, "withdraw: your %s is not on the board",
		    tg_leader_name(colour));
		return GAME_REJECTED;
	}
	tg_square_name(st->seat[seat].leader[colour], name);
	withdraw_leader(st, seat, colour);
	tg_last(st, "{%d} withdrew the %s from %s", seat, tg_leader_name(colour), name);
	st->step = TG_ST_TREASURE;
	proceed(st);
	return GAME_OK;
}

/* Whether a catastrophe may go on sq; fills err when not. */
int
tg_catastrophe_ok(const struct tigris *st, int sq, char *err, size_t errlen)
{
	const struct tg_cell *c = &st->cell[sq];
	const char *what = c->leader ? "a leader" : c->treasure ? "a treasure" :
	    c->monument ? "a monument" : c->building ? "a civilization building" :
	    NULL;
	char name[4];

	tg_square_name(sq, name);
	if (c->catastrophe) {
		snprintf(err, errlen, "catastrophe: %s already holds a catastrophe", name);
		return 0;
	}
	if (what == NULL)
		return 1;
	snprintf(err, errlen, "catastrophe: a catastrophe may not go on %s, and %s "
	    "holds one", what, name);
	return 0;
}

/* Action: play a catastrophe tile. */
static enum game_status
act_catastrophe(struct tigris *st, int seat, int sq, char *err, size_t errlen)
{
	struct tg_cell *c = &st->cell[sq];
	char name[4];

	if (st->seat[seat].catastrophes == 0) {
		snprintf(err, errlen, "catastrophe: you have played both your catastrophes");
		return GAME_REJECTED;
	}
	if (!tg_catastrophe_ok(st, sq, err, errlen))
		return GAME_REJECTED;
	tg_square_name(sq, name);
	if (c->tile != 0) {
		st->out[c->tile - 1]++;
		tg_last(st, "{%d} played a catastrophe on %s, destroying a %s tile",
		    seat, name, tg_colour_name(c->tile - 1));
		c->tile = 0;
	} else {
		tg_last(st, "{%d} played a catastrophe on %s", seat, name);
	}
	c->catastrophe = 1;
	st->seat[seat].catastrophes--;
	withdraw_orphans(st);
	st->step = TG_ST_TREASURE;
	proceed(st);
	return GAME_OK;
}

/* Action: discard tiles and draw as many. */
static enum game_status
act_swap(struct tigris *st, int seat, const int counts[TG_NCOL], char *err,
    size_t errlen)
{
	int c, n = 0;

	for (c = 0; c < TG_NCOL; c++) {
		if (counts[c] > st->seat[seat].hand[c]) {
			snprintf(err, errlen, "swap: you hold %d %s tile%s, not %d",
			    st->seat[seat].hand[c], tg_colour_name(c),
			    plural(st->seat[seat].hand[c]), counts[c]);
			return GAME_REJECTED;
		}
		n += counts[c];
	}
	if (n == 0) {
		snprintf(err, errlen, "swap: name the tiles to discard (swap r r b)");
		return GAME_REJECTED;
	}
	for (c = 0; c < TG_NCOL; c++) {
		st->seat[seat].hand[c] = (uint8_t)(st->seat[seat].hand[c] - counts[c]);
		st->out[c] = (uint8_t)(st->out[c] + counts[c]);
	}
	tg_last(st, "{%d} swapped %d tile%s", seat, n, plural(n));
	if (draw_into(st, seat, n) != 0)
		return GAME_OK;
	st->step = TG_ST_END;
	proceed(st);
	return GAME_OK;
}

/* ---- decisions ---- */

/* Decision: commit support tiles in the current conflict. */
static enum game_status
dec_support(struct tigris *st, int seat, int n, char *err, size_t errlen)
{
	int colour = tg_support_colour(st);

	if (!tg_support_allowed(st, n, err, errlen))
		return GAME_REJECTED;
	st->seat[seat].hand[colour] = (uint8_t)(st->seat[seat].hand[colour] - n);
	st->out[colour] = (uint8_t)(st->out[colour] + n);
	tg_last(st, "{%d} commits %d %s tile%s", seat, n, tg_colour_name(colour),
	    plural(n));
	if (st->cf.stage == 0) {
		st->cf.att_add = (uint8_t)n;
		st->cf.stage = 1;
		return GAME_OK;
	}
	st->phase = TG_PH_ACTION;
	if (st->cf.kind == TG_CF_REVOLT)
		resolve_revolt(st, n);
	else
		resolve_war(st, n);
	proceed(st);
	return GAME_OK;
}

/* Decision: which war is resolved next. */
static enum game_status
dec_conflict(struct tigris *st, int colour, char *err, size_t errlen)
{
	if (!(tg_war_colours(st) & (1 << colour))) {
		snprintf(err, errlen, "conflict: there is no war of the %ss to resolve",
		    tg_leader_name(colour));
		return GAME_REJECTED;
	}
	start_war(st, colour);
	return GAME_OK;
}

/* Find the monument with exactly these two colours; -1 if none. */
static int
monument_by_colours(int a, int b)
{
	int m;

	for (m = 0; m < TG_NMON; m++)
		if ((tg_mon_colours[m][0] == a && tg_mon_colours[m][1] == b) ||
		    (tg_mon_colours[m][0] == b && tg_mon_colours[m][1] == a))
			return m;
	return -1;
}

/* Decision: build a monument (m >= 0 at top-left tl, -1 for any) or none. */
static enum game_status
dec_monument(struct tigris *st, int m, int tl, char *err, size_t errlen)
{
	int sqs[4], n, i, colour = st->cell[st->placed].tile - 1;

	if (m < 0) {
		tg_last(st, "{%d} builds no monument", st->active);
		st->step = TG_ST_BUILDING;
		proceed(st);
		return GAME_OK;
	}
	if (!tg_monument_fits(st, m, colour)) {
		snprintf(err, errlen, "monument: the %s/%s monument %s", tg_colour_name(
		    tg_mon_colours[m][0]), tg_colour_name(tg_mon_colours[m][1]),
		    st->mon_pos[m] >= 0 ? "is already built" :
		    "does not have the colour of the square's tiles");
		return GAME_REJECTED;
	}
	n = tg_monument_squares(st, sqs);
	if (tl < 0 && n > 1) {
		snprintf(err, errlen, "monument: the tile completes %d squares; add "
		    "the top-left square of the one to use", n);
		return GAME_REJECTED;
	}
	if (tl < 0)
		tl = sqs[0];
	for (i = 0; i < n; i++)
		if (sqs[i] == tl)
			break;
	if (i == n) {
		char name[4], list[32];
		size_t o = 0;

		tg_square_name(tl, name);
		list[0] = '\0';
		for (i = 0; i < n; i++) {
			char one[4];

			tg_square_name(sqs[i], one);
			o += (size_t)snprintf(list + o, sizeof(list) - o, "%s%s",
			    i == 0 ? "" : " or ", one);
		}
		snprintf(err, errlen, "monument: %s is not the top-left square of a "
		    "2x2 square the tile completed (%s)", name, list);
		return GAME_REJECTED;
	}
	build_monument(st, m, tl);
	st->step = TG_ST_BUILDING;
	proceed(st);
	return GAME_OK;
}

/* Decision: put the building of a colour on sq (sq < 0: none). */
static enum game_status
dec_building(struct tigris *st, int colour, int sq, char *err, size_t errlen)
{
	char name[4];
	int old;

	if (sq >= 0) {
		if (colour != st->cell[st->placed].tile - 1) {
			snprintf(err, errlen, "building: the tile just placed is %s, so "
			    "only the %s building may be built",
			    tg_colour_name(st->cell[st->placed].tile - 1),
			    tg_colour_name(st->cell[st->placed].tile - 1));
			return GAME_REJECTED;
		}
		if (!tg_building_square_ok(st, sq)) {
			tg_square_name(sq, name);
			snprintf(err, errlen, "building: %s is not on a line of three or "
			    "more %s tiles through the tile just placed that is longer "
			    "than the building's present line", name, tg_colour_name(colour));
			return GAME_REJECTED;
		}
		old = st->bld_pos[colour];
		if (old >= 0)
			st->cell[old].building = 0;
		st->bld_pos[colour] = (int16_t)sq;
		st->cell[sq].building = (uint8_t)(colour + 1);
		tg_square_name(sq, name);
		tg_last(st, "{%d} %s the %s building on %s", st->active,
		    old >= 0 ? "moves" : "builds", tg_colour_name(colour), name);
	} else {
		tg_last(st, "{%d} builds no civilization building", st->active);
	}
	st->step = TG_ST_TREASURE;
	proceed(st);
	return GAME_OK;
}

/* Decision: take the named treasures from the kingdom being settled. */
static enum game_status
dec_treasure(struct tigris *st, int seat, char **words, int nw, char *err,
    size_t errlen)
{
	int trs[TG_CELLS], ntr, ncorner, pick[TG_CELLS], i, j, corners = 0;

	char echo[16];

	if (tg_treasure_kingdom(st, trs, &ntr, &ncorner) != seat) {
		snprintf(err, errlen, "treasure: there are no treasures for you to take");
		return GAME_REJECTED;
	}
	if (nw != ntr - 1) {
		snprintf(err, errlen, "treasure: name %d treasure square%s, not %d; "
		    "one of the kingdom's %d stays", ntr - 1, ntr == 2 ? "" : "s", nw,
		    ntr);
		return GAME_REJECTED;
	}
	for (i = 0; i < nw; i++) {
		tg_echo_square(words[i], echo, sizeof(echo));
		pick[i] = tg_parse_square(words[i]);
		if (pick[i] < 0) {
			snprintf(err, errlen, "treasure: '%s' is not a square (A1 to P11)",
			    echo);
			return GAME_REJECTED;
		}
		for (j = 0; j < ntr && trs[j] != pick[i]; j++)
			;
		if (j == ntr) {
			snprintf(err, errlen, "treasure: %s holds no treasure of this "
			    "kingdom", echo);
			return GAME_REJECTED;
		}
		for (j = 0; j < i; j++)
			if (pick[j] == pick[i]) {
				snprintf(err, errlen, "treasure: %s is named twice", echo);
				return GAME_REJECTED;
			}
		corners += tg_corner(st, pick[i]);
	}
	if (corners < (ncorner < nw ? ncorner : nw)) {
		snprintf(err, errlen, "treasure: corner treasures must be taken first, "
		    "and this kingdom holds %d", ncorner);
		return GAME_REJECTED;
	}
	for (i = 0; i < nw; i++)
		take_treasure(st, seat, pick[i]);
	st->phase = TG_PH_ACTION;
	proceed(st);
	return GAME_OK;
}

/* ---- parsing ---- */

static const char *const action_verbs[] = {
	"leader", "withdraw", "tile", "catastrophe", "swap", "pass", NULL,
};
static const char *const decision_verbs[] = {
	"support", "conflict", "monument", "building", "treasure", NULL,
};

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
			return act_tile(st, seat, colour, sq, err, errlen);
		return act_leader(st, seat, colour, sq, err, errlen);
	}
	if (strcmp(w[0], "withdraw") == 0) {
		if (arity(w, nw, 1, "the leader's colour", "withdraw <colour>", err,
		    errlen) != 0 || (colour = parse_colour_arg(w[0], w[1], err, errlen)) < 0)
			return GAME_REJECTED;
		return act_withdraw(st, seat, colour, err, errlen);
	}
	if (strcmp(w[0], "catastrophe") == 0) {
		if (arity(w, nw, 1, "the square", "catastrophe <square>", err,
		    errlen) != 0 || (sq = parse_square_arg(w[0], w[1], err, errlen)) < 0)
			return GAME_REJECTED;
		return act_catastrophe(st, seat, sq, err, errlen);
	}
	if (strcmp(w[0], "swap") == 0) {
		if (parse_swap(w + 1, nw - 1, counts, err, errlen) != 0)
			return GAME_REJECTED;
		return act_swap(st, seat, counts, err, errlen);
	}
	if (strcmp(w[0], "pass") == 0) {
		if (nw > 1) {
			snprintf(err, errlen, "pass: nothing may follow 'pass' (found '%s'); "
			    "one pass ends the turn", w[1]);
			return GAME_REJECTED;
		}
		tg_last(st, "{%d} passed", seat);
		st->actions = 2;
		end_turn(st);
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
		return dec_monument(st, -1, -1, err, errlen);
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
	m = a >= 0 && b >= 0 ? monument_by_colours(a, b) : -1;
	if (m < 0) {
		snprintf(err, errlen, "monument: no monument is %s/%s (red/black, "
		    "red/green, blue/black, blue/red, green/black, green/blue)",
		    w[1], slash + 1);
		return GAME_REJECTED;
	}
	if (nw == 3 && (tl = parse_square_arg("monument", w[2], err, errlen)) < 0)
		return GAME_REJECTED;
	return dec_monument(st, m, tl, err, errlen);
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
		return dec_support(st, seat, n, err, errlen);
	}
	if (st->phase == TG_PH_CONFLICT && strcmp(w[0], "conflict") == 0) {
		if (arity(w, nw, 1, "the colour of the war", "conflict <colour>", err,
		    errlen) != 0 || (colour = parse_colour_arg(w[0], w[1], err, errlen)) < 0)
			return GAME_REJECTED;
		return dec_conflict(st, colour, err, errlen);
	}
	if (st->phase == TG_PH_MONUMENT && strcmp(w[0], "monument") == 0)
		return run_monument(st, w, nw, err, errlen);
	if (st->phase == TG_PH_BUILDING && strcmp(w[0], "building") == 0) {
		if (nw == 2 && strcmp(w[1], "none") == 0)
			return dec_building(st, -1, -1, err, errlen);
		if (parse_colour_square(w, nw, &colour, &sq, err, errlen) != 0)
			return GAME_REJECTED;
		return dec_building(st, colour, sq, err, errlen);
	}
	if (st->phase == TG_PH_TREASURE && strcmp(w[0], "treasure") == 0)
		return dec_treasure(st, seat, w + 1, nw - 1, err, errlen);
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
			end_turn(st);
			break;
		case TG_PH_SUPPORT:
			tg_last(st, "{%d} has resigned and supports with nothing", who);
			(void)dec_support(st, who, 0, e, sizeof(e));
			break;
		case TG_PH_CONFLICT:
			mask = tg_war_colours(st);
			for (c = 0; c < TG_NCOL - 1 && !(mask & (1 << c)); c++)
				;
			(void)dec_conflict(st, c, e, sizeof(e));
			break;
		case TG_PH_MONUMENT:
			(void)dec_monument(st, -1, -1, e, sizeof(e));
			break;
		case TG_PH_BUILDING:
			(void)dec_building(st, -1, -1, e, sizeof(e));
			break;
		default:	/* TG_PH_TREASURE: the kingdom no longer counts */
			st->phase = TG_PH_ACTION;
			proceed(st);
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
		game_over(st, TG_END_RESIGN);
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
