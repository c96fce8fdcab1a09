/*
 * rules.c - Tigris & Euphrates: the actions, the decisions, and the walk
 * through everything an action sets off.
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
#include "rules.h"

/* ---- the walk through an action's consequences ---- */

/*
 * End the turn: monuments score, hands refill, the game may end.  Seats
 * that resigned score no monuments, draw no tiles and have no turns.
 */
void
tg_end_turn(struct tigris *st)
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
				tg_award(st, a, col, 1);
		}
	}
	if (tg_treasures_left(st) <= 2) {
		tg_game_over(st, TG_END_TREASURES);
		return;
	}
	for (i = 0; i < st->nseats; i++) {
		s = (a + i) % st->nseats;
		if (!tg_resigned(st, s) && tg_draw_into(st, s, TG_HAND - tg_hand_size(st, s)) != 0)
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
		tg_end_turn(st);
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
		tg_start_war(st, only);
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
			tg_take_treasure(st, seat, trs[i]);
	}
}

/* Walk the action's remaining steps until a decision is needed or it ends. */
void
tg_proceed(struct tigris *st)
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
			if (tg_monument_possible(st)) {
				st->phase = TG_PH_MONUMENT;
				return;
			}
			st->step = TG_ST_BUILDING;
			break;
		case TG_ST_BUILDING:
			if (tg_building_possible(st)) {
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
	tg_award(st, tg_leader_seat(st->cell[who].leader), colour, 1 + bonus);
}

/* Action: place a tile from the hand. */
enum game_status
tg_act_tile(struct tigris *st, int seat, int colour, int sq, char *err, size_t errlen)
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
	tg_proceed(st);
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
enum game_status
tg_act_leader(struct tigris *st, int seat, int colour, int sq, char *err, size_t errlen)
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
	tg_withdraw_leader(st, seat, colour);
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
		tg_start_revolt(st, seat, colour, sq, other);
	else
		tg_proceed(st);
	return GAME_OK;
}

/* Action: withdraw a leader from the board. */
enum game_status
tg_act_withdraw(struct tigris *st, int seat, int colour, char *err, size_t errlen)
{
	char name[4];

	if (st->seat[seat].leader[colour] < 0) {
		snprintf(err, errlen, "withdraw: your %s is not on the board",
		    tg_leader_name(colour));
		return GAME_REJECTED;
	}
	tg_square_name(st->seat[seat].leader[colour], name);
	tg_withdraw_leader(st, seat, colour);
	tg_last(st, "{%d} withdrew the %s from %s", seat, tg_leader_name(colour), name);
	st->step = TG_ST_TREASURE;
	tg_proceed(st);
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
enum game_status
tg_act_catastrophe(struct tigris *st, int seat, int sq, char *err, size_t errlen)
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
	tg_withdraw_orphans(st);
	st->step = TG_ST_TREASURE;
	tg_proceed(st);
	return GAME_OK;
}

/* Action: discard tiles and draw as many. */
enum game_status
tg_act_swap(struct tigris *st, int seat, const int counts[TG_NCOL], char *err,
    size_t errlen)
{
	int c, n = 0;

	for (c = 0; c < TG_NCOL; c++) {
		if (counts[c] > st->seat[seat].hand[c]) {
			snprintf(err, errlen, "swap: you hold %d %s tile%s, not %d",
			    st->seat[seat].hand[c], tg_colour_name(c),
			    tg_plural(st->seat[seat].hand[c]), counts[c]);
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
	tg_last(st, "{%d} swapped %d tile%s", seat, n, tg_plural(n));
	if (tg_draw_into(st, seat, n) != 0)
		return GAME_OK;
	st->step = TG_ST_END;
	tg_proceed(st);
	return GAME_OK;
}

/* ---- decisions ---- */

/* Decision: commit support tiles in the current conflict. */
enum game_status
tg_dec_support(struct tigris *st, int seat, int n, char *err, size_t errlen)
{
	int colour = tg_support_colour(st);

	if (!tg_support_allowed(st, n, err, errlen))
		return GAME_REJECTED;
	st->seat[seat].hand[colour] = (uint8_t)(st->seat[seat].hand[colour] - n);
	st->out[colour] = (uint8_t)(st->out[colour] + n);
	tg_last(st, "{%d} commits %d %s tile%s", seat, n, tg_colour_name(colour),
	    tg_plural(n));
	if (st->cf.stage == 0) {
		st->cf.att_add = (uint8_t)n;
		st->cf.stage = 1;
		return GAME_OK;
	}
	st->phase = TG_PH_ACTION;
	if (st->cf.kind == TG_CF_REVOLT)
		tg_resolve_revolt(st, n);
	else
		tg_resolve_war(st, n);
	tg_proceed(st);
	return GAME_OK;
}

/* Decision: which war is resolved next. */
enum game_status
tg_dec_conflict(struct tigris *st, int colour, char *err, size_t errlen)
{
	if (!(tg_war_colours(st) & (1 << colour))) {
		snprintf(err, errlen, "conflict: there is no war of the %ss to resolve",
		    tg_leader_name(colour));
		return GAME_REJECTED;
	}
	tg_start_war(st, colour);
	return GAME_OK;
}

/* Find the monument with exactly these two colours; -1 if none. */
int
tg_monument_by_colours(int a, int b)
{
	int m;

	for (m = 0; m < TG_NMON; m++)
		if ((tg_mon_colours[m][0] == a && tg_mon_colours[m][1] == b) ||
		    (tg_mon_colours[m][0] == b && tg_mon_colours[m][1] == a))
			return m;
	return -1;
}

/* Decision: build a monument (m >= 0 at top-left tl, -1 for any) or none. */
enum game_status
tg_dec_monument(struct tigris *st, int m, int tl, char *err, size_t errlen)
{
	int sqs[4], n, i, colour = st->cell[st->placed].tile - 1;

	if (m < 0) {
		tg_last(st, "{%d} builds no monument", st->active);
		st->step = TG_ST_BUILDING;
		tg_proceed(st);
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
	tg_build_monument(st, m, tl);
	st->step = TG_ST_BUILDING;
	tg_proceed(st);
	return GAME_OK;
}

/* Decision: put the building of a colour on sq (sq < 0: none). */
enum game_status
tg_dec_building(struct tigris *st, int colour, int sq, char *err, size_t errlen)
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
	tg_proceed(st);
	return GAME_OK;
}

/* Decision: take the named treasures from the kingdom being settled. */
enum game_status
tg_dec_treasure(struct tigris *st, int seat, char **words, int nw, char *err,
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
		tg_take_treasure(st, seat, pick[i]);
	st->phase = TG_PH_ACTION;
	tg_proceed(st);
	return GAME_OK;
}

