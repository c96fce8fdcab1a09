/*
 * test_rulebook.c - Tigris & Euphrates rules of the rulebooks in
 * ../shared/rules/ that the other test files did not yet hold (the index
 * is tests/tigris/RULES-INDEX.md): swapping before a second action,
 * catastrophes never coming back, no escape from a conflict, support given
 * once, monuments' tiles that connect but do not support, a square broken
 * by the war before its monument, monuments of a colour all built, the two
 * boards' treasures, kingdoms joined with leaderless regions, treasures on
 * monuments, buildings after wars and for kings, catastrophes that split
 * kingdoms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

/*
 * "If you swap as your first action, you may use the new tiles for the
 * second" (classic rules, Swap; Polish rules, Wymiana).
 */
static void
test_swap_then_use(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	int c, out = st->out[TG_RED];
	char cmd[32];

	(void)state;
	tt_hand(st, 0, 6, 0, 0, 0);
	tt_ok(st, 0, "swap rrrrrr");
	assert_int_equal(st->out[TG_RED], out + 6);
	assert_int_equal(tt_hand_total(st, 0), 6);
	assert_int_equal(st->actions, 1);
	for (c = 0; st->seat[0].hand[c] == 0; c++)
		;
	snprintf(cmd, sizeof(cmd), "tile %s %s", tg_colour_name(c), c == TG_BLUE ?
	    "A4" : "F6");
	tt_ok(st, 0, cmd);
	assert_int_equal(st->active, 1);
	free(st);
}

/*
 * Catastrophes: two per player, never refilled, never part of a swap
 * (classic rules, Catastrophe; clarifications).
 */
static void
test_catastrophes_never_return(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_ok(st, 0, "catastrophe F5; catastrophe G5");
	assert_int_equal(st->seat[0].catastrophes, 0);
	tt_ok(st, 1, "pass");
	assert_int_equal(st->seat[0].catastrophes, 0);
	assert_false(tt_listed(st, 0, "catastrophe H5"));
	tt_reject(st, 0, "catastrophe H5", GAME_REJECTED, "catastrophe: you have played "
	    "both your catastrophes");
	tt_reject(st, 0, "swap xx", GAME_REJECTED, "swap: 'xx' is not a tile colour");
	free(st);
}

/*
 * "In both cases the leaders may not be withdrawn to avoid the conflict",
 * and each side adds tiles only once (classic rules, Conflicts).
 */
static void
test_conflict_no_escape_support_once(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_hand(st, 1, 3, 1, 1, 1);
	tt_ok(st, 0, "leader red E5");
	tt_reject(st, 0, "withdraw red", GAME_REJECTED, "withdraw: not possible now; "
	    "the game waits for your support");
	tt_ok(st, 0, "support 1");
	tt_reject(st, 0, "support 1", GAME_NOT_YOUR_TURN, "waits for player 2");
	tt_reject(st, 1, "withdraw red", GAME_REJECTED, "withdraw: not possible now");
	assert_false(tt_listed(st, 1, "withdraw red"));
	tt_ok(st, 1, "support 3");
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	free(st);
}

/*
 * The four tiles turned for a monument still belong to regions and
 * kingdoms and connect them, but count for nothing else, not as
 * supporters in a conflict (classic rules, Monuments).
 */
static void
test_monument_tiles_connect_not_support(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E4 J4");
	tt_tiles(st, TG_GREEN, "F5 G5 F6 I5");
	tt_leader(st, 0, TG_GREEN, "E5");
	tt_leader(st, 1, TG_GREEN, "J5");
	tt_hand(st, 0, 1, 1, 2, 2);
	tt_ok(st, 0, "tile green G6");
	tt_ok(st, 0, "monument green/black");
	/* H5 touches the monument (Alice's kingdom) and I5 (Bob's): a war */
	tt_ok(st, 0, "tile black H5");
	assert_int_equal(st->unify, tt_sq("H5"));
	assert_int_equal(st->phase, TG_PH_SUPPORT);
	assert_int_equal(st->cf.colour, TG_GREEN);
	assert_int_equal(st->cf.att_base, 0);	/* four green tiles, face down */
	assert_int_equal(st->cf.def_base, 1);
	free(st);
}

/*
 * "If a conflict follows the tile, it is resolved first; if the square
 * still stands, the monument may be built" - here the war removes it.
 */
static void
test_monument_square_broken_by_war(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	int m;

	(void)state;
	tt_tiles(st, TG_RED, "E4 I7");
	tt_tiles(st, TG_BLACK, "F5 G5 F6 H6");
	tt_leader(st, 0, TG_BLACK, "E5");
	tt_leader(st, 1, TG_BLACK, "H7");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_hand(st, 1, 1, 1, 1, 3);
	tt_ok(st, 0, "tile black G6; support 0");	/* 3 against 1 so far */
	tt_ok(st, 1, "support 3");			/* 4: Bob wins */
	assert_int_equal(st->cell[tt_sq("F5")].tile, 0);
	assert_int_equal(st->cell[tt_sq("G5")].tile, 0);
	assert_int_equal(st->cell[tt_sq("F6")].tile, 0);
	assert_int_equal(st->seat[1].points[TG_BLACK], 4);
	assert_int_equal(st->phase, TG_PH_ACTION);	/* no monument to offer */
	for (m = 0; m < TG_NMON; m++)
		assert_int_equal(st->mon_pos[m], -1);
	free(st);
}

/* Put monument m on the 2x2 square at tl, on four tiles of colour. */
static void
put_monument(struct tigris *st, int m, const char *tl, int colour)
{
	int sq = tt_sq(tl), sqs[4] = { sq, sq + 1, sq + TG_COLS, sq + TG_COLS + 1 }, i;

	for (i = 0; i < 4; i++) {
		tg_put_tile(st, sqs[i], colour);
		st->cell[sqs[i]].monument = (uint8_t)(m + 1);
	}
	st->mon_pos[m] = (int16_t)sq;
}

/*
 * "If no monument of that colour is left, none can be built and the
 * tiles are not turned" (classic rules, Monuments).
 */
static void
test_monument_colour_all_built(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	put_monument(st, 1, "C5", TG_RED);	/* red/green */
	put_monument(st, 4, "H10", TG_BLACK);	/* green/black */
	put_monument(st, 5, "O4", TG_BLUE);	/* green/blue */
	tt_tiles(st, TG_GREEN, "F5 G5 F6");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile green G6");
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_true(tg_face_up(st, tt_sq("G6"), TG_GREEN));
	assert_int_equal(st->actions, 1);
	free(st);
}

/*
 * The boards: 10 treasures on the standard board, 4 of them in corners;
 * 14 on the alternative board, the 6 outside the rivers taken first
 * (2015 rules, Treasures).
 */
static void
test_boards_treasures(void **state)
{
	struct game_opt alt = { "board", "alternative" };
	struct tigris *st;
	int sq, n, corners, b;

	(void)state;
	for (b = 0; b < 2; b++) {
		st = tt_new(2, b ? &alt : NULL, b, 0);
		n = corners = 0;
		for (sq = 0; sq < TG_CELLS; sq++) {
			if (!st->cell[sq].treasure)
				continue;
			assert_int_equal(st->cell[sq].tile, TG_RED + 1);
			n++;
			corners += tg_corner(st, sq);
		}
		assert_int_equal(n, b ? 14 : 10);
		assert_int_equal(corners, b ? 6 : 4);
		assert_int_equal(st->treasures_total, n);
		assert_int_equal(tg_bag_size(st), 153 - n - 12);
		free(st);
	}
	st = tt_new(2, NULL, 0, 0);
	assert_true(tg_corner(st, tt_sq("B2")) && tg_corner(st, tt_sq("P2")) &&
	    tg_corner(st, tt_sq("B8")) && tg_corner(st, tt_sq("O9")));
	assert_false(tg_corner(st, tt_sq("K1")));
	assert_true(st->cell[tt_sq("K1")].treasure);
	free(st);
}

/*
 * Joining a kingdom with leaderless regions takes no unification tile and
 * scores as usual (classic rules, Placing a tile).
 */
static void
test_kingdom_and_region(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H5 H6");
	tt_leader(st, 0, TG_RED, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red G5");
	assert_int_equal(st->unify, -1);
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(st->seat[0].points[TG_RED], 1);
	free(st);
}

/*
 * "A treasure on one of the turned temples stays on it" (2015 rules,
 * Monuments) - and a trader may still take it.
 */
static void
test_treasure_on_monument_taken(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E10 F10 G10 F11");
	tg_put_treasure(st, tt_sq("E10"));
	tg_put_treasure(st, tt_sq("F10"));
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red G11");
	tt_ok(st, 0, "monument red/black");
	assert_true(st->cell[tt_sq("F10")].treasure);
	tt_ok(st, 0, "leader green E11");
	assert_int_equal(st->phase, TG_PH_TREASURE);
	assert_true(tt_listed(st, 0, "treasure F10"));
	tt_ok(st, 0, "treasure F10");
	assert_false(st->cell[tt_sq("F10")].treasure);
	assert_int_equal(st->seat[0].treasures, 1);
	free(st);
}

/*
 * "If the tile that allows a building also starts a conflict, the
 * conflict comes first; if the line still stands, the building may be
 * built" (2015 rules, Civilization buildings).
 */
static void
test_building_after_war(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E4 I4");
	tt_tiles(st, TG_BLACK, "F5 G5");
	tt_leader(st, 0, TG_RED, "E5");
	tt_leader(st, 1, TG_RED, "I5");
	tt_hand(st, 0, 1, 1, 2, 2);
	tt_ok(st, 0, "tile black H5");
	assert_int_equal(st->phase, TG_PH_SUPPORT);	/* the war first */
	tt_ok(st, 0, "support 1");
	tt_ok(st, 1, "support 0");			/* 2 against 1 */
	assert_int_equal(st->seat[1].leader[TG_RED], -1);
	assert_int_equal(st->phase, TG_PH_BUILDING);
	assert_true(tt_listed(st, 0, "building black G5"));
	tt_ok(st, 0, "building black G5");
	assert_int_equal(st->bld_pos[TG_BLACK], tt_sq("G5"));
	free(st);
}

/*
 * "Each time a player scores for a tile, a building of that colour in the
 * kingdom adds a point" - also when the king scores it (2015 rules).
 */
static void
test_building_bonus_for_king(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_tiles(st, TG_GREEN, "G5");
	st->bld_pos[TG_GREEN] = (int16_t)tt_sq("G5");
	st->cell[tt_sq("G5")].building = TG_GREEN + 1;
	tt_leader(st, 0, TG_BLACK, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile green H5");
	assert_int_equal(st->seat[0].points[TG_GREEN], 2);
	free(st);
}

/*
 * "A catastrophe breaks the connection ... and may split a kingdom in two
 * or more" (classic rules, Catastrophe): afterwards a leader of the same
 * colour may stand in the other part without a revolt.
 */
static void
test_catastrophe_splits_kingdom(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 I4");
	tt_tiles(st, TG_BLACK, "G5 H5");
	tt_leader(st, 0, TG_BLACK, "F5");
	tt_ok(st, 0, "catastrophe G5; pass");
	assert_int_equal(st->cell[tt_sq("G5")].tile, 0);
	tt_ok(st, 1, "leader king I5");			/* H5's region: no leader */
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(st->seat[1].leader[TG_BLACK], tt_sq("I5"));
	assert_int_equal(st->seat[0].leader[TG_BLACK], tt_sq("F5"));
	free(st);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swap_then_use),
		cmocka_unit_test(test_catastrophes_never_return),
		cmocka_unit_test(test_conflict_no_escape_support_once),
		cmocka_unit_test(test_monument_tiles_connect_not_support),
		cmocka_unit_test(test_monument_square_broken_by_war),
		cmocka_unit_test(test_monument_colour_all_built),
		cmocka_unit_test(test_boards_treasures),
		cmocka_unit_test(test_kingdom_and_region),
		cmocka_unit_test(test_treasure_on_monument_taken),
		cmocka_unit_test(test_building_after_war),
		cmocka_unit_test(test_building_bonus_for_king),
		cmocka_unit_test(test_catastrophe_splits_kingdom),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
