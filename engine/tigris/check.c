/*
 * check.c - Tigris & Euphrates: check(), the invariants of a state.
 *
 * A state read back from storage may be any bytes at all, so the checks
 * run in layers and no layer uses a value an earlier layer has not
 * validated: first every scalar, enumeration, index and count on its own,
 * then each square, then the records that point into the board (leaders,
 * monuments, buildings), then the rules' invariants, which use the board
 * helpers, and last whether the phase the game is in is one play() can
 * continue from.  A state that passes can be rendered, listed and played.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tigris.h"

/* Fill err and fail. */
static int
bad(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Whether v is a square. */
static int
is_square(int v)
{
	return v >= 0 && v < TG_CELLS;
}

/* Whether v is a square or -1 (none). */
static int
square_or_none(int v)
{
	return v == -1 || is_square(v);
}

/* Flags, enumerations, indexes and counts of the game as a whole. */
static int
check_header(const struct tigris *st, char *err, size_t errlen)
{
	const struct rng *r = &st->rng;
	int m, c;
	size_t i;

	if (st->version != TG_VERSION || st->nseats < 2 || st->nseats > TG_MAXSEATS)
		return bad(err, errlen, "not a Tigris & Euphrates state of version %d",
		    TG_VERSION);
	if (st->board > 1 || st->buildings > 1 || st->english > 1 || st->open > 1)
		return bad(err, errlen, "an option is neither on nor off");
	if (st->phase > TG_PH_OVER || st->step > TG_ST_END || st->end > TG_END_RESIGN)
		return bad(err, errlen, "phase, step or end out of range");
	if (st->active >= st->nseats || st->treasure_seat >= st->nseats ||
	    st->actions > 2 || (st->resigned >> st->nseats) != 0)
		return bad(err, errlen, "seat or action number out of range");
	if (!square_or_none(st->unify) || !square_or_none(st->placed) ||
	    !square_or_none(st->treasure_sq))
		return bad(err, errlen, "a square out of range");
	if (st->pad1 != 0 || st->pad2[0] != 0 || st->pad2[1] != 0 || st->pad2[2] != 0)
		return bad(err, errlen, "padding is not zero");
	if (st->turn == 0 || st->treasures_total > TG_MAXTREASURES)
		return bad(err, errlen, "turn or treasure count out of range");
	for (m = 0; m < TG_NMON; m++)
		if (st->mon_pos[m] != -1 && (!is_square(st->mon_pos[m]) ||
		    st->mon_pos[m] % TG_COLS == TG_COLS - 1 ||
		    st->mon_pos[m] / TG_COLS == TG_ROWS - 1))
			return bad(err, errlen, "monument %d out of the board", m);
	for (c = 0; c < TG_NCOL; c++)
		if (!square_or_none(st->bld_pos[c]) || (!st->buildings && st->bld_pos[c] != -1))
			return bad(err, errlen, "building %d out of the board", c);
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		return bad(err, errlen, "the generator is stuck at zero");
	for (i = 0; i < sizeof(st->last) && st->last[i] != '\0'; i++)
		if (st->last[i] < ' ' || st->last[i] > '~')
			return bad(err, errlen, "the last-move text holds a control byte");
	if (i == sizeof(st->last))
		return bad(err, errlen, "the last-move text is not terminated");
	return 0;
}

/* Each seat's record; seats beyond nseats stay as setup left them. */
static int
check_seats(const struct tigris *st, char *err, size_t errlen)
{
	const struct tg_seat *p;
	int s, c;

	for (s = 0; s < TG_MAXSEATS; s++) {
		p = &st->seat[s];
		if (s >= st->nseats) {
			for (c = 0; c < TG_NCOL; c++)
				if (p->hand[c] || p->points[c] || p->leader[c] != -1)
					return bad(err, errlen, "unused seat %d is not empty", s + 1);
			if (p->catastrophes || p->treasures)
				return bad(err, errlen, "unused seat %d is not empty", s + 1);
			continue;
		}
		if (tg_hand_size(st, s) > TG_HAND)
			return bad(err, errlen, "player %d holds %d tiles", s + 1,
			    tg_hand_size(st, s));
		if (p->catastrophes > TG_CATAS || p->treasures > st->treasures_total)
			return bad(err, errlen, "player %d: catastrophes or treasures out "
			    "of range", s + 1);
		for (c = 0; c < TG_NCOL; c++) {
			if (p->points[c] < 0)
				return bad(err, errlen, "player %d has negative points", s + 1);
			if (!square_or_none(p->leader[c]))
				return bad(err, errlen, "player %d's %s is off the board", s + 1,
				    tg_leader_name(c));
		}
	}
	return 0;
}

/* The conflict record: empty unless a conflict awaits support. */
static int
check_conflict(const struct tigris *st, char *err, size_t errlen)
{
	static const struct tg_conflict none;
	const struct tg_conflict *cf = &st->cf;

	if (st->phase != TG_PH_SUPPORT) {
		if (memcmp(cf, &none, sizeof(none)) != 0)
			return bad(err, errlen, "a conflict record outside a conflict");
		return 0;
	}
	if ((cf->kind != TG_CF_REVOLT && cf->kind != TG_CF_WAR) || cf->colour >= TG_NCOL ||
	    cf->stage > 1 || cf->att < 0 || cf->att >= st->nseats || cf->def < 0 ||
	    cf->def >= st->nseats || cf->att == cf->def || !is_square(cf->att_pos) ||
	    !is_square(cf->def_pos) || (cf->stage == 0 && cf->att_add != 0))
		return bad(err, errlen, "the conflict record is damaged");
	if (st->seat[cf->att].leader[cf->colour] != cf->att_pos ||
	    st->seat[cf->def].leader[cf->colour] != cf->def_pos)
		return bad(err, errlen, "the conflict's leaders are not where it says");
	return 0;
}

/* Every field of every square in range. */
static int
check_cells(const struct tigris *st, char *err, size_t errlen)
{
	int sq;

	for (sq = 0; sq < TG_CELLS; sq++) {
		const struct tg_cell *k = &st->cell[sq];

		if (k->tile > TG_NCOL || k->monument > TG_NMON ||
		    k->leader > st->nseats * TG_NCOL || k->catastrophe > 1 ||
		    k->treasure > 1 || k->building > TG_NCOL)
			return bad(err, errlen, "square %d holds an unknown piece", sq);
	}
	return 0;
}

/* Every tile of each colour is on the board, in a hand, in the bag or out. */
static int
check_tiles(const struct tigris *st, char *err, size_t errlen)
{
	int c, sq, s, n;

	for (c = 0; c < TG_NCOL; c++) {
		n = st->bag[c] + st->out[c];
		for (sq = 0; sq < TG_CELLS; sq++)
			n += st->cell[sq].tile == c + 1;
		for (s = 0; s < st->nseats; s++)
			n += st->seat[s].hand[c];
		if (n != tg_tile_totals[c])
			return bad(err, errlen, "%d %s tiles accounted for, not %d", n,
			    tg_colour_name(c), tg_tile_totals[c]);
	}
	return 0;
}

/* Leaders: seat records match the board; none on river, tile or catastrophe. */
static int
check_leaders(const struct tigris *st, char *err, size_t errlen)
{
	int s, c, sq, onboard = 0, cells = 0;

	for (s = 0; s < st->nseats; s++) {
		for (c = 0; c < TG_NCOL; c++) {
			sq = st->seat[s].leader[c];
			if (sq < 0)
				continue;
			onboard++;
			if (st->cell[sq].leader != 1 + s * TG_NCOL + c || st->cell[sq].tile ||
			    st->cell[sq].catastrophe || tg_river(st, sq) ||
			    tg_adjacent_temples(st, sq) == 0)
				return bad(err, errlen, "player %d's %s is misplaced", s + 1,
				    tg_leader_name(c));
		}
	}
	for (sq = 0; sq < TG_CELLS; sq++)
		cells += st->cell[sq].leader != 0;
	if (cells != onboard)
		return bad(err, errlen, "%d leaders on the board, %d recorded", cells, onboard);
	return 0;
}

/* Terrain, catastrophes, monuments and buildings agree with their records. */
static int
check_squares(const struct tigris *st, char *err, size_t errlen)
{
	int sq, m, c, i, flipped = 0, built = 0, catas = 0, s;

	for (sq = 0; sq < TG_CELLS; sq++) {
		const struct tg_cell *k = &st->cell[sq];

		if (k->tile && (k->tile == TG_BLUE + 1) != (tg_river(st, sq) != 0))
			return bad(err, errlen, "a tile on the wrong terrain");
		if (k->catastrophe && (k->tile || k->leader))
			return bad(err, errlen, "a catastrophe under a piece");
		if (k->monument && !k->tile)
			return bad(err, errlen, "a monument square without its tile");
		if (k->building && (!tg_face_up(st, sq, k->building - 1) ||
		    st->bld_pos[k->building - 1] != sq))
			return bad(err, errlen, "a building record mismatch");
		flipped += k->monument != 0;
		catas += k->catastrophe;
	}
	for (m = 0; m < TG_NMON; m++) {
		int tl = st->mon_pos[m], sqs[4];

		if (tl < 0)
			continue;
		built++;
		sqs[0] = tl;
		sqs[1] = tl + 1;
		sqs[2] = tl + TG_COLS;
		sqs[3] = tl + TG_COLS + 1;
		for (i = 0; i < 4; i++)
			if (st->cell[sqs[i]].monument != m + 1)
				return bad(err, errlen, "monument %d is missing a square", m);
	}
	if (flipped != 4 * built)
		return bad(err, errlen, "the monument squares (%d) do not match the "
		    "monuments built (%d)", flipped, built);
	for (c = 0; c < TG_NCOL; c++)
		if (st->bld_pos[c] >= 0 && st->cell[st->bld_pos[c]].building != c + 1)
			return bad(err, errlen, "a building is missing from its square");
	for (s = 0; s < st->nseats; s++)
		catas += st->seat[s].catastrophes;
	if (catas != TG_CATAS * st->nseats)
		return bad(err, errlen, "%d catastrophes accounted for, not %d", catas,
		    TG_CATAS * st->nseats);
	return 0;
}

/* Points held equal points awarded; treasures on board plus taken = total. */
static int
check_points(const struct tigris *st, char *err, size_t errlen)
{
	int c, s, sum, sq, tr = 0;

	for (c = 0; c < TG_NCOL; c++) {
		sum = 0;
		for (s = 0; s < st->nseats; s++)
			sum += st->seat[s].points[c];
		if (sum != st->awarded[c])
			return bad(err, errlen, "%s points held %d, awarded %d",
			    tg_colour_name(c), sum, st->awarded[c]);
	}
	for (sq = 0; sq < TG_CELLS; sq++) {
		if (st->cell[sq].treasure && st->cell[sq].tile != TG_RED + 1)
			return bad(err, errlen, "a treasure off a temple");
		tr += st->cell[sq].treasure;
	}
	for (s = 0; s < st->nseats; s++)
		tr += st->seat[s].treasures;
	if (tr != st->treasures_total)
		return bad(err, errlen, "%d treasures accounted for, not %d", tr,
		    st->treasures_total);
	return 0;
}

/* Hands: exactly six for every seat still playing at the start of a turn. */
static int
check_hands(const struct tigris *st, char *err, size_t errlen)
{
	int s;

	if (st->phase != TG_PH_ACTION || st->actions != 0)
		return 0;
	for (s = 0; s < st->nseats; s++)
		if (!tg_resigned(st, s) && tg_hand_size(st, s) != TG_HAND)
			return bad(err, errlen, "player %d holds %d tiles at the start of "
			    "a turn", s + 1, tg_hand_size(st, s));
	return 0;
}

/* No kingdom holds two leaders of one colour. */
static int
check_kingdoms(const struct tigris *st, char *err, size_t errlen)
{
	struct tg_regions rg;
	int s, t, c;

	tg_label(st, -1, &rg);
	for (c = 0; c < TG_NCOL; c++)
		for (s = 0; s < st->nseats; s++)
			for (t = s + 1; t < st->nseats; t++) {
				int a = st->seat[s].leader[c], b = st->seat[t].leader[c];

				if (a >= 0 && b >= 0 && rg.label[a] == rg.label[b])
					return bad(err, errlen, "two %ss in one kingdom at rest",
					    tg_leader_name(c));
			}
	return 0;
}

/* Count the bits of a colour mask. */
static int
bits(int mask)
{
	int n = 0;

	for (; mask != 0; mask &= mask - 1)
		n++;
	return n;
}

/* The unification tile: a face-up tile, the one this action placed. */
static int
check_unify(const struct tigris *st, char *err, size_t errlen)
{
	if (st->unify < 0 || !tg_face_up(st, st->unify, -1) || st->placed != st->unify ||
	    st->step != TG_ST_WARS)
		return bad(err, errlen, "a war without its unification tile");
	return 0;
}

/* A conflict waiting for support: its leaders share one kingdom. */
static int
check_support(const struct tigris *st, char *err, size_t errlen)
{
	struct tg_regions rg;

	if (st->cf.kind == TG_CF_REVOLT) {
		if (st->step != TG_ST_TREASURE || st->unify != -1 || st->cf.att != st->active)
			return bad(err, errlen, "a revolt outside a leader action");
	} else if (check_unify(st, err, errlen) != 0) {
		return -1;
	}
	tg_label(st, -1, &rg);
	if (rg.label[st->cf.att_pos] != rg.label[st->cf.def_pos])
		return bad(err, errlen, "the conflict's leaders are in different kingdoms");
	return 0;
}

/* Whether the placed tile offers a monument. */
static int
monument_offered(const struct tigris *st)
{
	int sqs[4], m;

	if (st->placed < 0 || tg_monument_squares(st, sqs) == 0)
		return 0;
	for (m = 0; m < TG_NMON; m++)
		if (tg_monument_fits(st, m, st->cell[st->placed].tile - 1))
			return 1;
	return 0;
}

/* Whether the placed tile offers its colour's building. */
static int
building_offered(const struct tigris *st)
{
	int sq;

	for (sq = 0; sq < TG_CELLS; sq++)
		if (tg_building_square_ok(st, sq))
			return 1;
	return 0;
}

/* The phase is one play() continues from, waiting for a seat still playing. */
static int
check_phase(const struct tigris *st, char *err, size_t errlen)
{
	int trs[TG_CELLS], ntr, ncorner, rest = 1;

	if (st->phase == TG_PH_OVER) {
		if (st->end == TG_END_NONE || st->step != TG_ST_NONE || st->unify != -1 ||
		    st->placed != -1)
			return bad(err, errlen, "a game over without its end");
		/* resignations may end a game in the middle of a conflict */
		return st->end == TG_END_RESIGN ? 0 : check_kingdoms(st, err, errlen);
	}
	if (st->end != TG_END_NONE || tg_seats_left(st) < 2)
		return bad(err, errlen, "a running game that has ended");
	/* the active seat may have resigned while others decide in its action */
	if (tg_resigned(st, tg_awaited_seat(st)))
		return bad(err, errlen, "the game waits for a seat that resigned");
	if (st->phase != TG_PH_ACTION && st->phase != TG_PH_SUPPORT && st->unify != -1 &&
	    st->phase != TG_PH_CONFLICT)
		return bad(err, errlen, "a unification tile left after the wars");
	switch (st->phase) {
	case TG_PH_ACTION:
		if (st->step != TG_ST_NONE || st->unify != -1 || st->placed != -1 ||
		    st->actions > 1)
			return bad(err, errlen, "an action phase in the middle of an action");
		break;
	case TG_PH_SUPPORT:
		rest = 0;
		if (check_support(st, err, errlen) != 0)
			return -1;
		break;
	case TG_PH_CONFLICT:
		rest = 0;
		if (check_unify(st, err, errlen) != 0)
			return -1;
		if (bits(tg_war_colours(st)) < 2)
			return bad(err, errlen, "a choice of wars without two wars");
		break;
	case TG_PH_MONUMENT:
		if (st->step != TG_ST_MONUMENT || !monument_offered(st))
			return bad(err, errlen, "a monument choice without a square");
		break;
	case TG_PH_BUILDING:
		if (st->step != TG_ST_BUILDING || !building_offered(st))
			return bad(err, errlen, "a building choice without a line");
		break;
	default:	/* TG_PH_TREASURE */
		if (st->step != TG_ST_TREASURE ||
		    tg_treasure_kingdom(st, trs, &ntr, &ncorner) != st->treasure_seat ||
		    ncorner == ntr - 1)
			return bad(err, errlen, "a treasure choice without a choice");
		break;
	}
	return rest ? check_kingdoms(st, err, errlen) : 0;
}

/* The game's invariants; 0 when they hold.  Safe on any bytes. */
int
tg_check(const struct tigris *st, char *err, size_t errlen)
{
	if (check_header(st, err, errlen) != 0 || check_seats(st, err, errlen) != 0 ||
	    check_conflict(st, err, errlen) != 0 || check_cells(st, err, errlen) != 0)
		return -1;
	if (check_tiles(st, err, errlen) != 0 || check_leaders(st, err, errlen) != 0 ||
	    check_squares(st, err, errlen) != 0 || check_points(st, err, errlen) != 0 ||
	    check_hands(st, err, errlen) != 0)
		return -1;
	return check_phase(st, err, errlen);
}
