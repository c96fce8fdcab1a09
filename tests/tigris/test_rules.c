/*
 * test_rules.c - Tigris & Euphrates placement rules, the simple actions,
 * victory points for tiles, options and notation: a positive and a
 * negative case for each rule.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

/* Farms go on rivers only; other tiles never on rivers. */
static void
test_tile_terrain(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_reject(st, 0, "tile blue G4", GAME_REJECTED, "must be placed on a river");
	tt_reject(st, 0, "tile red A4", GAME_REJECTED, "only farms (blue) may be placed");
	tt_reject(st, 0, "tile green A4", GAME_REJECTED, "river square");
	tt_ok(st, 0, "tile blue A4");
	assert_int_equal(st->cell[tt_sq("A4")].tile, TG_BLUE + 1);
	tt_ok(st, 0, "tile red G4");
	assert_int_equal(st->cell[tt_sq("G4")].tile, TG_RED + 1);
	free(st);
}

/* A tile needs an empty square: not on a tile, leader or catastrophe. */
static void
test_tile_empty_square(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 3, 1, 0, 2);
	tt_tiles(st, TG_RED, "F5");
	tt_leader(st, 1, TG_BLACK, "F6");
	st->cell[tt_sq("H5")].catastrophe = 1;
	st->seat[1].catastrophes = 1;
	tt_reject(st, 0, "tile red F5", GAME_REJECTED, "holds a tile");
	tt_reject(st, 0, "tile red F6", GAME_REJECTED, "holds a leader");
	tt_reject(st, 0, "tile red H5", GAME_REJECTED, "holds a catastrophe");
	tt_reject(st, 0, "tile green G5", GAME_REJECTED, "no green tile");
	tt_ok(st, 0, "tile red G5");
	free(st);
}

/* A tile may unite two kingdoms but never three. */
static void
test_tile_three_kingdoms(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 6, 0, 0, 0);
	/* three kingdoms around G5: west F5, north G4, east H5 */
	tt_tiles(st, TG_RED, "E5 G3 I5");
	tt_leader(st, 0, TG_BLACK, "F5");
	tt_leader(st, 1, TG_BLACK, "G4");
	tt_leader(st, 2, TG_GREEN, "H5");
	tt_reject(st, 0, "tile red G5", GAME_REJECTED, "three or more kingdoms");
	/* two kingdoms at G6 (via F6? no): put a region, not a kingdom */
	tt_tiles(st, TG_GREEN, "F7");
	tt_ok(st, 0, "tile red F6");	/* joins kingdom F5 and the leaderless F7 */
	assert_int_equal(st->unify, -1);
	free(st);
}

/* Leaders stand next to a temple, off the river, on an empty square. */
static void
test_leader_placement(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F3 C8");
	tt_tiles(st, TG_GREEN, "H5");
	tt_reject(st, 0, "leader red H6", GAME_REJECTED, "next to a temple");
	tt_reject(st, 0, "leader red E3", GAME_REJECTED, "river");
	tt_reject(st, 0, "leader red F3", GAME_REJECTED, "holds a tile");
	tt_ok(st, 0, "leader red F4");
	assert_int_equal(st->seat[0].leader[TG_RED], tt_sq("F4"));
	assert_int_equal(st->cell[tt_sq("F4")].leader, 1 + TG_RED);
	/* moving it: the old square is freed */
	tt_ok(st, 0, "leader priest C9");
	assert_int_equal(st->seat[0].leader[TG_RED], tt_sq("C9"));
	assert_int_equal(st->cell[tt_sq("F4")].leader, 0);
	free(st);
}

/* A leader may not join two kingdoms, but may join leaderless regions. */
static void
test_leader_two_kingdoms(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H4 G6");
	tt_leader(st, 1, TG_BLACK, "F3");	/* kingdom F3-F4 */
	tt_leader(st, 1, TG_GREEN, "H3");	/* kingdom H3-H4 */
	tt_reject(st, 0, "leader blue G4", GAME_REJECTED, "may not join two kingdoms");
	/* G5 touches G4? no: G5 touches F5, H5, G4, G6: only the region G6 */
	tt_tiles(st, TG_BLACK, "G7");
	tt_ok(st, 0, "leader blue G5");
	free(st);
}

/* Withdraw takes a leader off; a leader not on the board cannot be. */
static void
test_withdraw(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_leader(st, 0, TG_BLUE, "F5");
	tt_reject(st, 0, "withdraw red", GAME_REJECTED, "not on the board");
	tt_ok(st, 0, "withdraw farmer");
	assert_int_equal(st->seat[0].leader[TG_BLUE], -1);
	assert_int_equal(st->cell[tt_sq("F5")].leader, 0);
	free(st);
}

/* A tile scores for the leader of its colour in the kingdom. */
static void
test_score_matching_leader(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 3, 1, 1, 1);
	tt_tiles(st, TG_RED, "F4");
	tt_leader(st, 1, TG_RED, "F5");
	tt_leader(st, 0, TG_BLACK, "G4");
	tt_ok(st, 0, "tile red F6");
	assert_int_equal(st->seat[1].points[TG_RED], 1);
	assert_int_equal(st->seat[0].points[TG_RED], 0);
	free(st);
}

/* The king scores a tile whose leader is absent; nobody scores without both. */
static void
test_score_king_fallback(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 1, 1, 2, 2);
	tt_tiles(st, TG_RED, "F4 K4");
	tt_leader(st, 1, TG_BLACK, "F5");
	tt_leader(st, 0, TG_RED, "K5");
	tt_ok(st, 0, "tile green F6");
	assert_int_equal(st->seat[1].points[TG_GREEN], 1);
	/* K kingdom: a priest only; a green tile there scores nobody */
	tt_ok(st, 0, "tile green K6");
	assert_int_equal(st->awarded[TG_GREEN], 1);
	free(st);
}

/* A tile outside every kingdom scores nothing. */
static void
test_score_outside_kingdom(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_tiles(st, TG_RED, "F4");
	tt_ok(st, 0, "tile red F5");
	assert_int_equal(st->awarded[TG_RED], 0);
	free(st);
}

/* Catastrophes destroy a tile and are limited to two per player. */
static void
test_catastrophe(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_BLACK, "F4");
	tt_tiles(st, TG_RED, "H4 J4");
	tg_put_treasure(st, tt_sq("J4"));
	tt_leader(st, 1, TG_BLUE, "H5");
	tt_reject(st, 0, "catastrophe H5", GAME_REJECTED, "may not go on a leader");
	tt_reject(st, 0, "catastrophe J4", GAME_REJECTED, "may not go on a treasure");
	tt_ok(st, 0, "catastrophe F4");
	assert_int_equal(st->cell[tt_sq("F4")].tile, 0);
	assert_int_equal(st->cell[tt_sq("F4")].catastrophe, 1);
	assert_int_equal(st->out[TG_BLACK], 1);
	tt_reject(st, 0, "catastrophe F4", GAME_REJECTED, "already holds a catastrophe");
	tt_ok(st, 0, "catastrophe A4");	/* an empty river square */
	assert_int_equal(st->seat[0].catastrophes, 0);
	/* seat 1 plays; then seat 0 has none left */
	tt_ok(st, 1, "pass");
	tt_reject(st, 0, "catastrophe B5", GAME_REJECTED, "both your catastrophes");
	free(st);
}

/* A leader whose last temple is destroyed goes back to its owner. */
static void
test_catastrophe_withdraws_leader(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H5");
	tt_leader(st, 1, TG_GREEN, "F5");	/* temple F4 only */
	tt_leader(st, 1, TG_BLACK, "G5");	/* temples: H5 */
	tt_ok(st, 0, "catastrophe F4");
	assert_int_equal(st->seat[1].leader[TG_GREEN], -1);
	assert_int_equal(st->seat[1].leader[TG_BLACK], tt_sq("G5"));
	free(st);
}

/* Catastrophes never go on a monument or a civilization building. */
static void
test_catastrophe_monument_building(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_BLACK, "F4 G4 F5 G5");
	st->mon_pos[0] = (int16_t)tt_sq("F4");
	st->cell[tt_sq("F4")].monument = 1;
	st->cell[tt_sq("G4")].monument = 1;
	st->cell[tt_sq("F5")].monument = 1;
	st->cell[tt_sq("G5")].monument = 1;
	tt_tiles(st, TG_GREEN, "J6");
	st->bld_pos[TG_GREEN] = (int16_t)tt_sq("J6");
	st->cell[tt_sq("J6")].building = TG_GREEN + 1;
	tt_reject(st, 0, "catastrophe G5", GAME_REJECTED, "may not go on a monument");
	tt_reject(st, 0, "catastrophe J6", GAME_REJECTED, "civilization building");
	tt_ok(st, 0, "catastrophe J7");
	free(st);
}

/* Swap discards named tiles and draws as many; unknown tiles are refused. */
static void
test_swap(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	struct game_played pl;
	char err[256];
	int bag;

	(void)state;
	tt_hand(st, 0, 2, 1, 3, 0);
	tt_reject(st, 0, "swap k", GAME_REJECTED, "you hold 0 black");
	tt_reject(st, 0, "swap x", GAME_REJECTED, "not a tile colour");
	tt_reject(st, 0, "swap", GAME_REJECTED, "name the tiles");
	bag = tg_bag_size(st);
	assert_int_equal(tigris_rules.play(st, 0, "swap r r b", &pl, err, sizeof(err)),
	    GAME_OK);
	assert_int_equal(pl.drew, 1);
	assert_int_equal(tt_hand_total(st, 0), 6);
	assert_int_equal(tg_bag_size(st), bag - 3);
	assert_int_equal(st->out[TG_RED] + st->out[TG_BLUE], 3);
	assert_int_equal(st->actions, 1);
	tt_hand(st, 0, 0, 0, 3, 3);
	tt_ok(st, 0, "swap ggk");
	assert_int_equal(st->out[TG_GREEN], 2);
	free(st);
}

/* Two actions per turn, then the next player; pass ends the turn early. */
static void
test_turn_order_and_pass(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_hand(st, 0, 3, 1, 1, 1);
	assert_int_equal(tt_waiting(st), 1u);
	tt_reject(st, 1, "pass", GAME_NOT_YOUR_TURN, "waits for player 1");
	tt_ok(st, 0, "tile red F5; tile red F6");
	assert_int_equal(st->active, 1);
	assert_int_equal(tt_hand_total(st, 0), 6);
	tt_ok(st, 1, "pass");
	assert_int_equal(st->active, 2);
	tt_ok(st, 2, "leader red G4");
	assert_int_equal(st->active, 2);
	assert_int_equal(st->actions, 1);
	free(st);
}

/* The notation: synonyms, letters, lower case, ';' and newlines, comments. */
static void
test_notation(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 3, 1, 1, 1);
	tt_tiles(st, TG_RED, "F4");
	tt_ok(st, 0, "TILE Temple f5 # comment\nleader KING g5");
	assert_int_equal(st->cell[tt_sq("F5")].tile, TG_RED + 1);
	assert_int_equal(st->seat[0].leader[TG_BLACK], tt_sq("G5"));
	tt_hand(st, 1, 3, 1, 1, 1);
	tt_reject(st, 1, "tile r Q5", GAME_REJECTED, "not a square");
	tt_reject(st, 1, "tile purple F6", GAME_REJECTED, "not a colour");
	tt_reject(st, 1, "dance", GAME_REJECTED, "is not a command");
	tt_reject(st, 1, "support 1", GAME_REJECTED, "support: not possible now; the "
	    "game waits for your action 1 of 2");
	tt_reject(st, 1, "monument none", GAME_REJECTED, "monument: not possible now");
	tt_reject(st, 1, "pass now", GAME_REJECTED, "pass: nothing may follow 'pass' "
	    "(found 'now')");
	tt_reject(st, -1, "pass", GAME_REJECTED, "no administrative commands");
	tt_reject(st, 1, "  # only a comment", GAME_REJECTED, "empty submission");
	tt_reject(st, 1, "tile r F6; tile r F12", GAME_REJECTED, "command 2");
	free(st);
}

/* A submission is all or nothing: a failing second command rejects all. */
static void
test_all_or_nothing(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	char err[256];

	(void)state;
	tt_hand(st, 0, 3, 1, 1, 1);
	tt_tiles(st, TG_RED, "F4");
	/* play() may leave a half-applied copy: the caller discards it */
	assert_int_equal(tt_play(st, 0, "tile red F5; tile blue F6", err, sizeof(err)),
	    GAME_REJECTED);
	assert_non_null(strstr(err, "command 2"));
	free(st);
}

/* Options: every key and value, unknown ones refused, seat counts. */
static void
test_options(void **state)
{
	struct game_opt good[4] = { { "board", "alternative" }, { "buildings", "on" },
	    { "support", "english" }, { "scoring", "open" } };
	struct game_opt bad_key = { "colour", "red" }, bad_val = { "board", "round" };
	struct tigris *st = calloc(1, sizeof(*st));
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	char err[256];

	(void)state;
	assert_int_equal(tigris_rules.setup(st, 4, good, 4, seed, err, sizeof(err)), 0);
	assert_int_equal(st->board, 1);
	assert_int_equal(st->buildings, 1);
	assert_int_equal(st->english, 1);
	assert_int_equal(st->open, 1);
	assert_int_equal(st->treasures_total, 14);
	assert_int_equal(tigris_rules.check(st, err, sizeof(err)), 0);
	assert_int_equal(tg_bag_size(st), 139 - 24);
	memset(st, 0, sizeof(*st));
	assert_int_equal(tigris_rules.setup(st, 2, &bad_key, 1, seed, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown option 'colour'"));
	memset(st, 0, sizeof(*st));
	assert_int_equal(tigris_rules.setup(st, 2, &bad_val, 1, seed, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'round' is not standard or alternative"));
	memset(st, 0, sizeof(*st));
	assert_int_equal(tigris_rules.setup(st, 5, NULL, 0, seed, err, sizeof(err)), -1);
	memset(st, 0, sizeof(*st));
	assert_int_equal(tigris_rules.setup(st, 1, NULL, 0, seed, err, sizeof(err)), -1);
	memset(st, 0, sizeof(*st));
	assert_int_equal(tigris_rules.setup(st, 3, NULL, 0, seed, err, sizeof(err)), 0);
	assert_int_equal(st->treasures_total, 10);
	assert_int_equal(tg_bag_size(st), 143 - 18);
	assert_true(st->cell[tt_sq("K1")].treasure && tg_corner(st, tt_sq("B2")) &&
	    !tg_corner(st, tt_sq("K1")));
	free(st);
}

/* The start player comes from the seed; setup is a pure function of it. */
static void
test_setup_deterministic(void **state)
{
	struct tigris *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	uint8_t seed[GAME_SEED_LEN] = { 9, 9, 9 };
	char err[256];
	int i, starts[4] = { 0 };

	(void)state;
	assert_int_equal(tigris_rules.setup(a, 4, NULL, 0, seed, err, sizeof(err)), 0);
	assert_int_equal(tigris_rules.setup(b, 4, NULL, 0, seed, err, sizeof(err)), 0);
	assert_memory_equal(a, b, sizeof(*a));
	for (i = 0; i < 40; i++) {
		seed[0] = (uint8_t)i;
		memset(a, 0, sizeof(*a));
		assert_int_equal(tigris_rules.setup(a, 4, NULL, 0, seed, err, sizeof(err)), 0);
		starts[a->active]++;
		assert_int_equal(tt_hand_total(a, 3), 6);
	}
	assert_true(starts[0] > 0 && starts[1] > 0 && starts[2] > 0 && starts[3] > 0);
	free(a);
	free(b);
}

/* moves() lists legal commands and nothing for a seat not awaited. */
static void
test_moves_lists(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	struct sbuf sb = SBUF_INIT;

	(void)state;
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_tiles(st, TG_RED, "F4");
	assert_true(tt_listed(st, 0, "tile red G4"));
	assert_false(tt_listed(st, 0, "tile red A4"));
	assert_true(tt_listed(st, 0, "tile blue A4"));
	assert_true(tt_listed(st, 0, "leader red F5"));
	assert_false(tt_listed(st, 0, "leader red H8"));
	assert_true(tt_listed(st, 0, "swap rrbggk"));
	assert_true(tt_listed(st, 0, "catastrophe F4"));
	assert_true(tt_listed(st, 0, "pass"));
	tigris_rules.moves(st, 1, &sb);
	assert_int_equal(sb.len, 0);
	sb_free(&sb);
	free(st);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tile_terrain),
		cmocka_unit_test(test_tile_empty_square),
		cmocka_unit_test(test_tile_three_kingdoms),
		cmocka_unit_test(test_leader_placement),
		cmocka_unit_test(test_leader_two_kingdoms),
		cmocka_unit_test(test_withdraw),
		cmocka_unit_test(test_score_matching_leader),
		cmocka_unit_test(test_score_king_fallback),
		cmocka_unit_test(test_score_outside_kingdom),
		cmocka_unit_test(test_catastrophe),
		cmocka_unit_test(test_catastrophe_withdraws_leader),
		cmocka_unit_test(test_catastrophe_monument_building),
		cmocka_unit_test(test_swap),
		cmocka_unit_test(test_turn_order_and_pass),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_all_or_nothing),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_setup_deterministic),
		cmocka_unit_test(test_moves_lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
