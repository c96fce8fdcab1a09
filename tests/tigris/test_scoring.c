/*
 * test_scoring.c - Tigris & Euphrates monuments, treasures, civilization
 * buildings, the end of the game and the final ranking, with the
 * rulebooks' examples: the monument, the treasure, the final scoring and
 * the first round.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

/*
 * Monument example (rules p. 12-13): flipping the temples leaves one leader
 * without a temple, who goes home; at the end of their own turns the
 * players with leaders of the monument's colours score.
 */
static void
test_monument_example(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F5 G5 F6 E4 E7");
	tt_leader(st, 0, TG_RED, "E5");		/* archer: temples E4, F5 */
	tt_leader(st, 0, TG_GREEN, "H5");	/* archer: temple G5 only */
	tt_leader(st, 1, TG_BLUE, "F7");	/* bull: temples F6, E7 */
	tt_leader(st, 1, TG_BLACK, "E6");	/* bull: temples E7, F6 */
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red G6");
	assert_int_equal(st->seat[0].points[TG_RED], 1);
	assert_int_equal(st->phase, TG_PH_MONUMENT);
	assert_true(tt_listed(st, 0, "monument blue/red"));
	assert_true(tt_listed(st, 0, "monument red/black"));
	assert_false(tt_listed(st, 0, "monument green/blue"));
	tt_reject(st, 1, "monument blue/red", GAME_NOT_YOUR_TURN, "waits for player 1");
	tt_reject(st, 0, "monument green/blue", GAME_REJECTED, "does not have the colour");
	tt_reject(st, 0, "monument red/red", GAME_REJECTED, "no monument is");
	tt_ok(st, 0, "monument blue/red");
	assert_int_equal(st->mon_pos[3], tt_sq("F5"));
	assert_int_equal(st->cell[tt_sq("G6")].monument, 4);
	assert_int_equal(st->seat[0].leader[TG_GREEN], -1);	/* lost G5 */
	assert_int_equal(st->seat[0].leader[TG_RED], tt_sq("E5"));
	/* flipped temples are no longer temples, nor supporters */
	assert_false(tg_face_up(st, tt_sq("F5"), TG_RED));
	tt_ok(st, 0, "pass");
	assert_int_equal(st->seat[0].points[TG_RED], 2);	/* end of own turn */
	assert_int_equal(st->seat[1].points[TG_BLUE], 0);	/* not yet */
	tt_ok(st, 1, "pass");
	assert_int_equal(st->seat[1].points[TG_BLUE], 1);
	assert_int_equal(st->seat[1].points[TG_RED], 0);	/* the king: black only */
	assert_int_equal(st->seat[1].points[TG_BLACK], 0);
	free(st);
}

/* A uniting tile that completes a square: the war first, then the monument. */
static void
test_monument_after_war(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "C6 F5 E6 F6");
	tt_tiles(st, TG_GREEN, "D5");
	tt_leader(st, 0, TG_GREEN, "C5");
	tt_leader(st, 1, TG_GREEN, "G5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red E5");
	assert_int_equal(st->phase, TG_PH_SUPPORT);	/* not the monument yet */
	tt_ok(st, 0, "support 0");
	tt_ok(st, 1, "support 0");
	assert_int_equal(st->seat[1].leader[TG_GREEN], -1);
	assert_int_equal(st->phase, TG_PH_MONUMENT);
	assert_int_equal(st->unify, -1);
	tt_ok(st, 0, "monument red/green");
	assert_int_equal(st->mon_pos[1], tt_sq("E5"));
	free(st);
}

/* Declining the monument leaves the tiles face up for good. */
static void
test_monument_none(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	int m;

	(void)state;
	tt_tiles(st, TG_GREEN, "F5 G5 F6");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile green G6");
	assert_int_equal(st->phase, TG_PH_MONUMENT);
	tt_ok(st, 0, "monument none");
	for (m = 0; m < TG_NMON; m++)
		assert_int_equal(st->mon_pos[m], -1);
	assert_true(tg_face_up(st, tt_sq("G6"), TG_GREEN));
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(st->actions, 1);
	free(st);
}

/* A tile completing two squares at once needs the square named. */
static void
test_monument_two_squares(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_BLACK, "F5 G5 H5 F6 H6");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G6");
	assert_true(tt_listed(st, 0, "monument green/black F5"));
	assert_true(tt_listed(st, 0, "monument green/black G5"));
	tt_reject(st, 0, "monument green/black", GAME_REJECTED, "completes 2 squares");
	tt_reject(st, 0, "monument green/black H5", GAME_REJECTED, "not the top-left");
	tt_ok(st, 0, "monument green/black G5");
	assert_int_equal(st->mon_pos[4], tt_sq("G5"));
	assert_true(tg_face_up(st, tt_sq("F5"), TG_BLACK));
	free(st);
}

/* A blue square in the river may hold a monument. */
static void
test_monument_on_river(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_BLUE, "O5 P5 P4");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile blue O4");
	tt_ok(st, 0, "monument blue/black");
	assert_int_equal(st->mon_pos[2], tt_sq("O4"));
	free(st);
}

/*
 * Treasure example (rules p. 13): the Lion places a farm; first the Bull's
 * farmer scores blue, then the Lion's trader takes the corner treasure.
 */
static void
test_treasure_example(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B2 B3 E4");
	tg_put_treasure(st, tt_sq("B2"));
	tg_put_treasure(st, tt_sq("E4"));
	tt_tiles(st, TG_BLUE, "C4");
	tt_leader(st, 0, TG_GREEN, "C2");
	tt_leader(st, 1, TG_BLUE, "C3");
	tt_hand(st, 0, 2, 1, 2, 1);
	assert_true(tg_corner(st, tt_sq("B2")));
	tt_ok(st, 0, "tile blue D4");
	assert_int_equal(st->seat[1].points[TG_BLUE], 1);
	assert_int_equal(st->seat[0].treasures, 1);
	assert_false(st->cell[tt_sq("B2")].treasure);
	assert_true(st->cell[tt_sq("E4")].treasure);
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_non_null(strstr(st->last, "takes the treasure at B2"));
	free(st);
}

/* With a choice, the trader's owner (not the active player) decides. */
static void
test_treasure_choice_other_seat(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H4");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 1, TG_GREEN, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4");
	assert_int_equal(st->phase, TG_PH_TREASURE);
	assert_int_equal(tt_waiting(st), 2u);
	assert_true(tt_listed(st, 1, "treasure F4"));
	assert_true(tt_listed(st, 1, "treasure H4"));
	tt_reject(st, 0, "treasure F4", GAME_NOT_YOUR_TURN, "waits for player 2");
	tt_reject(st, 1, "treasure F4 H4", GAME_REJECTED, "name 1 treasure");
	tt_reject(st, 1, "treasure G4", GAME_REJECTED, "G4 holds no treasure of this kingdom");
	tt_ok(st, 1, "treasure H4");
	assert_int_equal(st->seat[1].treasures, 1);
	assert_true(st->cell[tt_sq("F4")].treasure);
	assert_int_equal(tt_waiting(st), 1u);
	assert_int_equal(st->actions, 1);
	free(st);
}

/* Corner treasures first: naming two plain ones is refused. */
static void
test_treasure_corner_first(void **state)
{
	struct game_opt o = { "board", "alternative" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	assert_true(tg_corner(st, tt_sq("B3")));	/* outer on this board */
	tt_tiles(st, TG_RED, "B3 B4 B5 B7");
	tg_put_treasure(st, tt_sq("B3"));
	tg_put_treasure(st, tt_sq("B5"));
	tg_put_treasure(st, tt_sq("B7"));
	tt_leader(st, 0, TG_GREEN, "A4");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black B6");		/* B3, B5 and B7 together */
	assert_int_equal(st->phase, TG_PH_TREASURE);
	tt_reject(st, 0, "treasure B5 B7", GAME_REJECTED, "corner treasures must be taken first");
	assert_false(tt_listed(st, 0, "treasure B5 B7"));
	assert_true(tt_listed(st, 0, "treasure B3 B5"));
	tt_ok(st, 0, "treasure B3 B7");
	assert_int_equal(st->seat[0].treasures, 2);
	assert_true(st->cell[tt_sq("B5")].treasure);
	free(st);
}

/* A kingdom with treasures but no trader keeps them. */
static void
test_treasure_needs_trader(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H4");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 1, TG_BLACK, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4");
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(st->seat[1].treasures, 0);
	/* a trader placed there later takes one at the end of that action */
	tt_ok(st, 0, "leader green H5");
	assert_int_equal(st->phase, TG_PH_TREASURE);
	tt_ok(st, 0, "treasure F4");
	assert_int_equal(st->seat[0].treasures, 1);
	free(st);
}

/* Civilization buildings: built on a line of three, worth a bonus point. */
static void
test_building_line_and_bonus(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_tiles(st, TG_GREEN, "G5 H5");
	tt_leader(st, 0, TG_GREEN, "F5");
	tt_hand(st, 0, 1, 1, 3, 1);
	tt_ok(st, 0, "tile green I5");
	assert_int_equal(st->seat[0].points[TG_GREEN], 1);
	assert_int_equal(st->phase, TG_PH_BUILDING);
	assert_true(tt_listed(st, 0, "building green G5"));
	assert_true(tt_listed(st, 0, "building none"));
	assert_false(tt_listed(st, 0, "building green F5"));
	tt_reject(st, 0, "building red G5", GAME_REJECTED, "only the green building");
	tt_reject(st, 0, "building green F4", GAME_REJECTED, "not on a line");
	tt_ok(st, 0, "building green H5");
	assert_int_equal(st->bld_pos[TG_GREEN], tt_sq("H5"));
	/* the next green tile in this kingdom scores 2 */
	tt_ok(st, 0, "tile green G6");
	assert_int_equal(st->seat[0].points[TG_GREEN], 3);
	free(st);
}

/* A building moves only to a strictly longer line. */
static void
test_building_moves_longer(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_BLACK, "F4 G4 H4");
	st->bld_pos[TG_BLACK] = (int16_t)tt_sq("G4");
	st->cell[tt_sq("G4")].building = TG_BLACK + 1;
	tt_tiles(st, TG_BLACK, "F10 G10 J10");
	tt_hand(st, 0, 2, 1, 1, 2);
	tt_ok(st, 0, "tile black H10");		/* a line of 3: not longer */
	assert_int_equal(st->phase, TG_PH_ACTION);
	tt_ok(st, 0, "tile black I10");		/* F10-J10: 5 */
	assert_int_equal(st->phase, TG_PH_BUILDING);
	assert_false(tt_listed(st, 0, "building black G4"));
	tt_ok(st, 0, "building black J10");
	assert_int_equal(st->bld_pos[TG_BLACK], tt_sq("J10"));
	assert_int_equal(st->cell[tt_sq("G4")].building, 0);
	free(st);
}

/* Without the variant nothing is built; the building survives a lost war. */
static void
test_building_survives_war(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);
	struct tigris *plain = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(plain, TG_GREEN, "G5 H5");
	tt_hand(plain, 0, 1, 1, 3, 1);
	tt_ok(plain, 0, "tile green I5");
	assert_int_equal(plain->phase, TG_PH_ACTION);

	tt_tiles(st, TG_RED, "B6 G6");
	tt_tiles(st, TG_GREEN, "C5 E5 F5");
	st->bld_pos[TG_GREEN] = (int16_t)tt_sq("F5");
	st->cell[tt_sq("F5")].building = TG_GREEN + 1;
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 1, TG_GREEN, "G5");
	tt_hand(st, 0, 1, 1, 3, 1);
	tt_hand(st, 1, 1, 1, 3, 1);
	tt_ok(st, 0, "tile red D5");
	assert_int_equal(st->cf.def_base, 2);	/* the building's tile counts */
	tt_ok(st, 0, "support 3");
	tt_ok(st, 1, "support 0");
	assert_int_equal(st->cell[tt_sq("E5")].tile, 0);
	assert_int_equal(st->cell[tt_sq("F5")].tile, TG_GREEN + 1);
	assert_int_equal(st->seat[0].points[TG_GREEN], 2);	/* trader + E5 */
	free(plain);
	free(st);
}

/* A monument over a building's tile sends the building back. */
static void
test_building_back_on_monument(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_GREEN, "F5 G5 F6 E5");
	st->bld_pos[TG_GREEN] = (int16_t)tt_sq("F5");
	st->cell[tt_sq("F5")].building = TG_GREEN + 1;
	tt_hand(st, 0, 1, 1, 3, 1);
	tt_ok(st, 0, "tile green G6");
	tt_ok(st, 0, "monument green/blue");
	assert_int_equal(st->bld_pos[TG_GREEN], -1);
	assert_int_equal(st->cell[tt_sq("F5")].building, 0);
	free(st);
}

/* The game ends at the end of a turn with two treasures left. */
static void
test_end_two_treasures(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H4");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 0, TG_GREEN, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	/* five treasures (A1 A11 P11 F4 H4); one taken leaves four: go on */
	tt_ok(st, 0, "tile black G4; treasure F4; pass");
	assert_false(tigris_rules.over(st));
	assert_int_equal(st->seat[0].treasures, 1);
	free(st);

	st = tt_new(2, NULL, 0, 1);
	tg_clear_board(st);
	tt_tiles(st, TG_RED, "F4 H4 M10");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tg_put_treasure(st, tt_sq("M10"));
	tt_leader(st, 0, TG_GREEN, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4; treasure F4");
	assert_false(tigris_rules.over(st));	/* only at the end of the turn */
	tt_ok(st, 0, "pass");
	assert_true(tigris_rules.over(st));
	assert_int_equal(st->end, TG_END_TREASURES);
	assert_int_equal(tt_waiting(st), 0u);
	tt_reject(st, 1, "pass", GAME_REJECTED, "the game is over");
	free(st);
}

/* The game ends when the bag cannot refill a hand, or a swap. */
static void
test_end_bag_empty(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	int c;

	(void)state;
	tt_hand(st, 0, 2, 1, 2, 1);
	for (c = 0; c < TG_NCOL; c++) {
		st->out[c] = (uint8_t)(st->out[c] + st->bag[c]);
		st->bag[c] = 0;
	}
	st->bag[TG_RED] = 1;
	st->out[TG_RED]--;
	tt_ok(st, 0, "tile red F5");	/* no refill yet */
	assert_false(tigris_rules.over(st));
	tt_ok(st, 0, "tile red F6");	/* refill needs 2, bag holds 1 */
	assert_true(tigris_rules.over(st));
	assert_int_equal(st->end, TG_END_BAG);
	free(st);

	st = tt_new(2, NULL, 0, 1);
	tt_hand(st, 0, 2, 1, 2, 1);
	for (c = 0; c < TG_NCOL; c++) {
		st->out[c] = (uint8_t)(st->out[c] + st->bag[c]);
		st->bag[c] = 0;
	}
	tt_ok(st, 0, "swap g");
	assert_true(tigris_rules.over(st));
	assert_int_equal(st->end, TG_END_BAG);
	free(st);
}

/*
 * Final scoring example (rules p. 14): the Potter wins with 11 in the
 * weakest colour after placing 3 treasures; the Lion (10, 10, 12) beats
 * the Bull (10, 10, 11) on the third colour; the Archer's 6 + 3 is last.
 */
static void
test_final_scoring_example(void **state)
{
	static const int pts[4][4] = {
		{ 9, 10, 12, 11 },	/* potter, 3 treasures */
		{ 10, 7, 13, 12 },	/* lion: 3 treasures on farms */
		{ 10, 11, 14, 10 },	/* bull */
		{ 6, 12, 12, 22 },	/* archer, 3 treasures */
	};
	static const int treasures[4] = { 3, 3, 0, 3 };
	struct tigris *st = tt_new(4, NULL, 0, 1);
	struct game_score sc;
	int s, c, sorted[TG_NCOL], rank[TG_MAXSEATS];

	(void)state;
	for (s = 0; s < 4; s++) {
		for (c = 0; c < 4; c++) {
			st->seat[s].points[c] = (int16_t)pts[s][c];
			st->awarded[c] = (int16_t)(st->awarded[c] + pts[s][c]);
		}
		st->seat[s].treasures = (uint8_t)treasures[s];
	}
	tg_final(st, 0, sorted);
	assert_int_equal(sorted[0], 11);
	tg_final(st, 1, sorted);
	assert_int_equal(sorted[0], 10);
	assert_int_equal(sorted[2], 12);
	tg_final(st, 2, sorted);
	assert_int_equal(sorted[2], 11);
	tg_final(st, 3, sorted);
	assert_int_equal(sorted[0], 9);
	tg_ranks(st, rank);
	assert_int_equal(rank[0], 1);
	assert_int_equal(rank[1], 2);
	assert_int_equal(rank[2], 3);
	assert_int_equal(rank[3], 4);
	/* hidden scoring: a viewer sees only its own score while running */
	tigris_rules.score(st, 2, &sc);
	assert_true(sc.visible[2]);
	assert_false(sc.visible[0]);
	assert_int_equal(sc.rank[2], 0);
	st->phase = TG_PH_OVER;
	tigris_rules.score(st, -1, &sc);
	assert_true(sc.visible[0] && sc.visible[3]);
	assert_int_equal(sc.score[0], 11);
	assert_int_equal(sc.rank[0], 1);
	assert_int_equal(sc.rank[3], 4);
	/* equal scores share a rank */
	for (c = 0; c < 4; c++)
		st->seat[2].points[c] = (int16_t)pts[1][c];
	st->seat[2].treasures = 3;
	tg_ranks(st, rank);
	assert_int_equal(rank[1], 2);
	assert_int_equal(rank[2], 2);
	assert_int_equal(rank[3], 4);
	free(st);
}

/* Open scoring shows every seat's score while the game runs. */
static void
test_open_scoring(void **state)
{
	struct game_opt o = { "scoring", "open" };
	struct tigris *st = tt_new(3, &o, 1, 1);
	struct game_score sc;

	(void)state;
	st->seat[1].points[TG_RED] = 2;
	st->awarded[TG_RED] = 2;
	tigris_rules.score(st, -1, &sc);
	assert_true(sc.visible[0] && sc.visible[1] && sc.visible[2]);
	assert_int_equal(sc.rank[0], 0);
	free(st);
}

/*
 * The first round (rules, last page), on the real standard board with its
 * starting temples: Andrew, Barbara, David and Karen.
 */
static void
test_first_round_example(void **state)
{
	struct tigris *st = tt_new(4, NULL, 0, 0);

	(void)state;
	tt_hand(st, 1, 1, 2, 2, 1);
	tt_hand(st, 2, 2, 1, 2, 1);
	tt_hand(st, 3, 4, 1, 0, 1);
	/* 1: Andrew places his king and his priest: two kingdoms */
	tt_ok(st, 0, "leader black F4; leader red I6");
	/* 2: Barbara's farmer joins the priest's kingdom; a farm scores blue */
	tt_ok(st, 1, "leader blue I8");
	tt_ok(st, 1, "tile blue I9");
	assert_int_equal(st->seat[1].points[TG_BLUE], 1);
	assert_int_equal(tt_hand_total(st, 1), 6);
	/* 3: David's king makes a kingdom; his temple scores red for the king */
	tt_ok(st, 2, "leader black K10; tile red J10");
	assert_int_equal(st->seat[2].points[TG_RED], 1);
	assert_int_equal(tg_adjacent_temples(st, tt_sq("K10")), 2);
	/* 4: Karen's priest revolts against Andrew's: 1 + 3 against 1 + 0 */
	tt_ok(st, 3, "leader red J7; support 3");
	assert_int_equal(st->cf.att_base, 1);
	assert_int_equal(st->cf.def_base, 1);
	assert_int_equal(tt_waiting(st), 1u);	/* Andrew must answer */
	tt_ok(st, 0, "support 0");
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	assert_int_equal(st->seat[3].points[TG_RED], 1);
	tt_ok(st, 3, "tile red J6");
	assert_int_equal(st->seat[3].points[TG_RED], 2);
	assert_int_equal(tt_hand_total(st, 3), 6);
	assert_int_equal(st->active, 0);	/* Andrew again */
	free(st);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_monument_example),
		cmocka_unit_test(test_monument_after_war),
		cmocka_unit_test(test_monument_none),
		cmocka_unit_test(test_monument_two_squares),
		cmocka_unit_test(test_monument_on_river),
		cmocka_unit_test(test_treasure_example),
		cmocka_unit_test(test_treasure_choice_other_seat),
		cmocka_unit_test(test_treasure_corner_first),
		cmocka_unit_test(test_treasure_needs_trader),
		cmocka_unit_test(test_building_line_and_bonus),
		cmocka_unit_test(test_building_moves_longer),
		cmocka_unit_test(test_building_survives_war),
		cmocka_unit_test(test_building_back_on_monument),
		cmocka_unit_test(test_end_two_treasures),
		cmocka_unit_test(test_end_bag_empty),
		cmocka_unit_test(test_final_scoring_example),
		cmocka_unit_test(test_open_scoring),
		cmocka_unit_test(test_first_round_example),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
