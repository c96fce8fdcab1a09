/*
 * moves.c - Tigris & Euphrates: the legal commands of a seat, the final
 * ranking and the position-building helpers.
 *
 * moves() must list only commands play() accepts as written, so each
 * generator below applies the same predicates as the actions in rules.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tigris.h"

/* Append one move line "verb [word] square" (cheaper than sb_printf). */
static void
put_move(struct sbuf *out, const char *verb, const char *word, int sq)
{
	char name[4];

	tg_square_name(sq, name);
	sb_puts(out, verb);
	if (word != NULL) {
		sb_putc(out, ' ');
		sb_puts(out, word);
	}
	sb_putc(out, ' ');
	sb_puts(out, name);
	sb_putc(out, '\n');
}

/* Whether a tile of a colour may go on sq (rg labels the current board). */
static int
tile_ok(const struct tigris *st, const struct tg_regions *rg, int colour, int sq)
{
	int kings[4];

	if (st->cell[sq].tile || st->cell[sq].leader || st->cell[sq].catastrophe)
		return 0;
	if ((colour == TG_BLUE) != (tg_river(st, sq) != 0))
		return 0;
	return tg_adjacent_kingdoms(rg, sq, kings) <= 2;
}

/* List every tile placement of the active seat. */
static void
moves_tiles(const struct tigris *st, int seat, struct sbuf *out)
{
	struct tg_regions rg;
	int c, sq;

	tg_label(st, -1, &rg);
	for (c = 0; c < TG_NCOL; c++) {
		if (st->seat[seat].hand[c] == 0)
			continue;
		for (sq = 0; sq < TG_CELLS; sq++) {
			if (tile_ok(st, &rg, c, sq))
				put_move(out, "tile", tg_colour_name(c), sq);
		}
	}
}

/* List every placement or move of one leader. */
static void
moves_leader(const struct tigris *st, int seat, int colour, struct sbuf *out)
{
	struct tigris *tmp;
	struct tg_regions rg;
	int sq, kings[4], old = st->seat[seat].leader[colour];

	tmp = malloc(sizeof(*tmp));
	if (tmp == NULL) {
		out->oom = 1;
		return;
	}
	memcpy(tmp, st, sizeof(*tmp));
	if (old >= 0) {
		tmp->cell[old].leader = 0;
		tmp->seat[seat].leader[colour] = -1;
	}
	tg_label(tmp, -1, &rg);
	for (sq = 0; sq < TG_CELLS; sq++) {
		const struct tg_cell *c = &tmp->cell[sq];

		if (sq == old || c->tile || c->leader || c->catastrophe ||
		    tg_river(tmp, sq) || tg_adjacent_temples(tmp, sq) == 0 ||
		    tg_adjacent_kingdoms(&rg, sq, kings) > 1)
			continue;
		put_move(out, "leader", tg_colour_name(colour), sq);
	}
	free(tmp);
}

/* List every swap: each non-empty set of tiles from the hand. */
static void
moves_swaps(const struct tigris *st, int seat, struct sbuf *out)
{
	const uint8_t *h = st->seat[seat].hand;
	int n[TG_NCOL], c, k;

	for (n[0] = 0; n[0] <= h[0]; n[0]++)
	for (n[1] = 0; n[1] <= h[1]; n[1]++)
	for (n[2] = 0; n[2] <= h[2]; n[2]++)
	for (n[3] = 0; n[3] <= h[3]; n[3]++) {
		if (n[0] + n[1] + n[2] + n[3] == 0)
			continue;
		sb_puts(out, "swap ");
		for (c = 0; c < TG_NCOL; c++)
			for (k = 0; k < n[c]; k++)
				sb_putc(out, tg_colour_letter(c));
		sb_putc(out, '\n');
	}
}

/* List every action of the active seat. */
static void
moves_action(const struct tigris *st, int seat, struct sbuf *out)
{
	int c, sq;
	char err[128];

	moves_tiles(st, seat, out);
	for (c = 0; c < TG_NCOL; c++) {
		moves_leader(st, seat, c, out);
		if (st->seat[seat].leader[c] >= 0)
			sb_printf(out, "withdraw %s\n", tg_colour_name(c));
	}
	if (st->seat[seat].catastrophes > 0) {
		for (sq = 0; sq < TG_CELLS; sq++) {
			if (tg_catastrophe_ok(st, sq, err, sizeof(err)))
				put_move(out, "catastrophe", NULL, sq);
		}
	}
	moves_swaps(st, seat, out);
	sb_puts(out, "pass\n");
}

/* List the monument choices after a completed 2x2 square. */
static void
moves_monument(const struct tigris *st, struct sbuf *out)
{
	int sqs[4], n, i, m, colour = st->cell[st->placed].tile - 1;
	char name[4];

	sb_puts(out, "monument none\n");
	n = tg_monument_squares(st, sqs);
	for (m = 0; m < TG_NMON; m++) {
		if (!tg_monument_fits(st, m, colour))
			continue;
		for (i = 0; i < n; i++) {
			sb_printf(out, "monument %s/%s", tg_colour_name(tg_mon_colours[m][0]),
			    tg_colour_name(tg_mon_colours[m][1]));
			if (n > 1) {
				tg_square_name(sqs[i], name);
				sb_printf(out, " %s", name);
			}
			sb_putc(out, '\n');
		}
	}
}

/* List the civilization building choices. */
static void
moves_building(const struct tigris *st, struct sbuf *out)
{
	int sq, colour = st->cell[st->placed].tile - 1;

	sb_puts(out, "building none\n");
	for (sq = 0; sq < TG_CELLS; sq++) {
		if (tg_building_square_ok(st, sq))
			put_move(out, "building", tg_colour_name(colour), sq);
	}
}

/* Count the bits of a mask. */
static int
popcount(unsigned v)
{
	int n = 0;

	for (; v != 0; v &= v - 1)
		n++;
	return n;
}

/* List every valid pick of treasures (corner ones first). */
static void
moves_treasure(const struct tigris *st, struct sbuf *out)
{
	int trs[TG_CELLS], ntr, ncorner, i, corners, need;
	unsigned mask;
	char name[4];

	if (tg_treasure_kingdom(st, trs, &ntr, &ncorner) < 0 || ntr > 16)
		return;
	need = ncorner < ntr - 1 ? ncorner : ntr - 1;
	for (mask = 0; mask < (1u << ntr); mask++) {
		if (popcount(mask) != ntr - 1)
			continue;
		corners = 0;
		for (i = 0; i < ncorner; i++)
			corners += (mask >> i) & 1;
		if (corners < need)
			continue;
		sb_puts(out, "treasure");
		for (i = 0; i < ntr; i++) {
			if (!(mask & (1u << i)))
				continue;
			tg_square_name(trs[i], name);
			sb_printf(out, " %s", name);
		}
		sb_putc(out, '\n');
	}
}

/* Every legal command for a seat now, one per line. */
void
tg_moves(const struct tigris *st, int seat, struct sbuf *out)
{
	int n, c;
	char err[160];

	if (!tg_awaited(st, seat))
		return;
	switch (st->phase) {
	case TG_PH_ACTION:
		moves_action(st, seat, out);
		break;
	case TG_PH_SUPPORT:
		for (n = 0; n <= st->seat[seat].hand[tg_support_colour(st)]; n++)
			if (tg_support_allowed(st, n, err, sizeof(err)))
				sb_printf(out, "support %d\n", n);
		break;
	case TG_PH_CONFLICT:
		for (c = 0; c < TG_NCOL; c++)
			if (tg_war_colours(st) & (1 << c))
				sb_printf(out, "conflict %s\n", tg_colour_name(c));
		break;
	case TG_PH_MONUMENT:
		moves_monument(st, out);
		break;
	case TG_PH_BUILDING:
		moves_building(st, out);
		break;
	case TG_PH_TREASURE:
		moves_treasure(st, out);
		break;
	default:
		break;
	}
}

/* ---- final scoring ---- */

/* Compare ints for qsort (ascending). */
static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/*
 * A seat's colours in ascending order after placing each treasure on the
 * weakest colour (which maximizes the weakest, then the next, and so on).
 */
void
tg_final(const struct tigris *st, int seat, int sorted[TG_NCOL])
{
	int c, t;

	for (c = 0; c < TG_NCOL; c++)
		sorted[c] = st->seat[seat].points[c];
	for (t = 0; t < st->seat[seat].treasures; t++) {
		qsort(sorted, TG_NCOL, sizeof(int), cmp_int);
		sorted[0]++;
	}
	qsort(sorted, TG_NCOL, sizeof(int), cmp_int);
}

/*
 * Compare two seats' final scores: > 0 when a is ahead of b.  A seat that
 * resigned ranks behind every seat that played on.
 */
static int
compare_seats(const struct tigris *st, int a, int b)
{
	int fa[TG_NCOL], fb[TG_NCOL], c;

	if (tg_resigned(st, a) != tg_resigned(st, b))
		return tg_resigned(st, b) - tg_resigned(st, a);
	tg_final(st, a, fa);
	tg_final(st, b, fb);
	for (c = 0; c < TG_NCOL; c++)
		if (fa[c] != fb[c])
			return fa[c] - fb[c];
	return 0;
}

/* The final ranks (1 = winner; equal scores share a rank). */
void
tg_ranks(const struct tigris *st, int rank[TG_MAXSEATS])
{
	int s, t;

	for (s = 0; s < st->nseats; s++) {
		rank[s] = 1;
		for (t = 0; t < st->nseats; t++)
			if (compare_seats(st, t, s) > 0)
				rank[s]++;
	}
}

/* ---- building positions (setup and tests) ---- */

/* Empty the board: every tile back to the bag, leaders to their supply. */
void
tg_clear_board(struct tigris *st)
{
	int sq, s, c;

	for (sq = 0; sq < TG_CELLS; sq++) {
		struct tg_cell *k = &st->cell[sq];

		if (k->tile)
			st->bag[k->tile - 1]++;
		if (k->treasure)
			st->treasures_total--;
		memset(k, 0, sizeof(*k));
	}
	for (s = 0; s < TG_MAXSEATS; s++)
		for (c = 0; c < TG_NCOL; c++)
			st->seat[s].leader[c] = -1;
	for (c = 0; c < TG_NMON; c++)
		st->mon_pos[c] = -1;
	for (c = 0; c < TG_NCOL; c++)
		st->bld_pos[c] = -1;
}

/* Put a tile from the bag on sq (for tests: no rule is checked). */
void
tg_put_tile(struct tigris *st, int sq, int colour)
{
	if (st->cell[sq].tile)
		st->bag[st->cell[sq].tile - 1]++;
	st->bag[colour]--;
	st->cell[sq].tile = (uint8_t)(colour + 1);
}

/* Put a treasure on the temple at sq (for tests). */
void
tg_put_treasure(struct tigris *st, int sq)
{
	st->cell[sq].treasure = 1;
	st->treasures_total++;
}

/* Put a seat's leader on sq (for tests: no rule is checked). */
void
tg_put_leader(struct tigris *st, int seat, int colour, int sq)
{
	int old = st->seat[seat].leader[colour];

	if (old >= 0)
		st->cell[old].leader = 0;
	st->cell[sq].leader = (uint8_t)(1 + seat * TG_NCOL + colour);
	st->seat[seat].leader[colour] = (int16_t)sq;
}

/* Give a seat exactly this hand, exchanging tiles with the bag. */
void
tg_set_hand(struct tigris *st, int seat, const int counts[TG_NCOL])
{
	int c;

	for (c = 0; c < TG_NCOL; c++) {
		st->bag[c] = (uint8_t)(st->bag[c] + st->seat[seat].hand[c] - counts[c]);
		st->seat[seat].hand[c] = (uint8_t)counts[c];
	}
}
