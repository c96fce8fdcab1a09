/*
 * test_conflicts.c - Tigris & Euphrates revolts and wars: the rulebooks'
 * conflict examples, who is asked for support and in which order, the
 * English variant, the red-war exemptions and the order of several wars.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

/*
 * Revolt example (classic rules, p. 9): attacker 3 adjacent temples + 2,
 * defender 2 + 3: a tie, so the defender wins; the five tiles are gone.
 */
static void
test_revolt_example_classic(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");		/* temples G4, F5 */
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_hand(st, 1, 3, 1, 1, 1);
	tt_ok(st, 0, "leader red E5; support 2");	/* temples E4, F5, D5 */
	assert_int_equal(st->cf.att_base, 3);
	assert_int_equal(st->cf.def_base, 2);
	assert_int_equal(tt_waiting(st), 2u);
	tt_reject(st, 0, "support 1", GAME_NOT_YOUR_TURN, "waits for player 2");
	tt_reject(st, 1, "tile red H5", GAME_REJECTED, "not possible now");
	tt_ok(st, 1, "support 3");
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	assert_int_equal(st->seat[1].leader[TG_RED], tt_sq("G5"));
	assert_int_equal(st->seat[1].points[TG_RED], 1);
	assert_int_equal(st->seat[0].points[TG_RED], 0);
	assert_int_equal(st->out[TG_RED], 5);
	assert_int_equal(st->seat[0].hand[TG_RED], 0);
	assert_int_equal(st->seat[1].hand[TG_RED], 0);
	/* the beaten priest may come back as the second action */
	assert_int_equal(tt_waiting(st), 1u);
	tt_ok(st, 0, "leader red E5");
	tt_ok(st, 0, "support 0");
	tt_ok(st, 1, "support 0");
	assert_int_equal(st->seat[1].leader[TG_RED], -1);
	assert_int_equal(st->seat[0].points[TG_RED], 1);
	assert_int_equal(st->active, 1);
	free(st);
}

/* Revolt example (2015 rules, p. 6): 2 + 2 against 1 + 3 is a tie. */
static void
test_revolt_example_2015(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5");
	tt_leader(st, 1, TG_RED, "G5");		/* temple G4 */
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_hand(st, 1, 3, 1, 1, 1);
	tt_ok(st, 0, "leader red E5");		/* temples E4, D5 */
	assert_int_equal(st->cf.att_base, 2);
	assert_int_equal(st->cf.def_base, 1);
	tt_ok(st, 0, "support 2");
	tt_ok(st, 1, "support 3");
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	assert_int_equal(st->seat[1].points[TG_RED], 1);
	assert_int_equal(st->out[TG_RED], 5);
	free(st);
}

/* A temple next to both leaders counts for both; more temples win. */
static void
test_revolt_attacker_wins(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F5 F4");
	tt_tiles(st, TG_BLACK, "H5");
	tt_leader(st, 1, TG_BLACK, "G5");	/* temple F5 */
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader king E5");		/* temple F5: shared */
	assert_int_equal(st->cf.att_base, 1);
	assert_int_equal(st->cf.def_base, 1);
	assert_int_equal(st->cf.colour, TG_BLACK);
	tt_reject(st, 0, "support 3", GAME_REJECTED, "you hold 2 red");
	tt_ok(st, 0, "support 1");
	tt_ok(st, 1, "support 0");
	assert_int_equal(st->seat[1].leader[TG_BLACK], -1);
	assert_int_equal(st->seat[0].points[TG_RED], 1);	/* always red */
	assert_int_equal(st->seat[0].points[TG_BLACK], 0);
	free(st);
}

/* English variant in a revolt: attacker only to win, defender only to tie. */
static void
test_english_revolt(void **state)
{
	struct game_opt o = { "support", "english" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 G4 G6");
	tt_leader(st, 1, TG_RED, "G5");		/* temples G4, G6 */
	tt_hand(st, 0, 4, 0, 1, 1);
	tt_hand(st, 1, 4, 0, 1, 1);
	tt_ok(st, 0, "leader red F5");		/* temple F4 */
	tt_reject(st, 0, "support 1", GAME_REJECTED, "English variant");
	assert_false(tt_listed(st, 0, "support 1"));
	assert_true(tt_listed(st, 0, "support 2"));
	assert_true(tt_listed(st, 0, "support 0"));
	tt_ok(st, 0, "support 3");		/* 4 against 2 */
	tt_reject(st, 1, "support 1", GAME_REJECTED, "exactly enough to tie");
	tt_reject(st, 1, "support 3", GAME_REJECTED, "exactly enough to tie");
	assert_true(tt_listed(st, 1, "support 2"));
	assert_true(tt_listed(st, 1, "support 0"));
	assert_false(tt_listed(st, 1, "support 1"));
	tt_ok(st, 1, "support 2");		/* 4 against 4: the defender wins */
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	assert_int_equal(st->seat[1].points[TG_RED], 1);
	free(st);
}

/* Free support: any number up to the hand, even when it cannot matter. */
static void
test_free_support(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 G4 G6");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 4, 0, 1, 1);
	tt_hand(st, 1, 1, 3, 1, 1);
	tt_ok(st, 0, "leader red F5; support 1");
	assert_true(tt_listed(st, 1, "support 0"));
	assert_true(tt_listed(st, 1, "support 1"));
	assert_false(tt_listed(st, 1, "support 2"));
	tt_reject(st, 1, "support 2", GAME_REJECTED, "you hold 1 red");
	tt_reject(st, 1, "support many", GAME_REJECTED, "'many' is not a number of tiles");
	tt_ok(st, 1, "support 1");
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	free(st);
}

/*
 * War example (rules p. 10-11): traders and kings meet; the active player
 * (not involved) picks the traders; the Lion (first involved player
 * clockwise) attacks with 1 + 4 against 2 + 1, wins 3 green points, and
 * the kings' war is avoided because the kingdom falls apart.
 */
static void
test_war_example(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 D6 H6 I6");
	tt_tiles(st, TG_GREEN, "C5 F5 G5");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 0, TG_BLACK, "D5");
	tt_leader(st, 1, TG_GREEN, "H5");
	tt_leader(st, 1, TG_BLACK, "I5");
	st->active = 2;
	tt_hand(st, 0, 1, 0, 4, 1);
	tt_hand(st, 1, 2, 2, 1, 1);
	tt_hand(st, 2, 2, 2, 1, 1);
	tt_ok(st, 2, "tile black E5");
	assert_int_equal(st->unify, tt_sq("E5"));
	assert_int_equal(st->phase, TG_PH_CONFLICT);
	assert_int_equal(st->awarded[TG_BLACK], 0);	/* no point for uniting */
	assert_true(tt_listed(st, 2, "conflict green"));
	assert_true(tt_listed(st, 2, "conflict black"));
	assert_false(tt_listed(st, 2, "conflict red"));
	tt_reject(st, 2, "conflict red", GAME_REJECTED, "no war of the priests");
	tt_reject(st, 0, "support 4", GAME_NOT_YOUR_TURN, "waits for player 3");
	tt_ok(st, 2, "conflict green");
	assert_int_equal(st->cf.att, 0);
	assert_int_equal(st->cf.def, 1);
	assert_int_equal(st->cf.att_base, 1);
	assert_int_equal(st->cf.def_base, 2);
	assert_int_equal(tt_waiting(st), 1u);
	tt_ok(st, 0, "support 4");
	assert_int_equal(tt_waiting(st), 2u);
	tt_ok(st, 1, "support 1");
	assert_int_equal(st->seat[0].points[TG_GREEN], 3);
	assert_int_equal(st->seat[1].leader[TG_GREEN], -1);
	assert_int_equal(st->cell[tt_sq("F5")].tile, 0);
	assert_int_equal(st->cell[tt_sq("G5")].tile, 0);
	assert_int_equal(st->cell[tt_sq("C5")].tile, TG_GREEN + 1);
	assert_int_equal(st->out[TG_GREEN], 7);
	/* kings: no longer in one kingdom, so no second war */
	assert_int_equal(st->seat[0].leader[TG_BLACK], tt_sq("D5"));
	assert_int_equal(st->seat[1].leader[TG_BLACK], tt_sq("I5"));
	assert_int_equal(st->unify, -1);
	assert_int_equal(st->cell[tt_sq("E5")].tile, TG_BLACK + 1);
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(st->active, 2);
	assert_int_equal(st->actions, 1);
	/* at the end of the turn everybody refills to six */
	tt_ok(st, 2, "pass");
	assert_int_equal(tt_hand_total(st, 0), 6);
	assert_int_equal(tt_hand_total(st, 1), 6);
	free(st);
}

/* The second war follows when its leaders still share the kingdom. */
static void
test_war_second_follows(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 D6 G6 H6 I6");
	tt_tiles(st, TG_GREEN, "C5");
	tt_tiles(st, TG_BLACK, "F5 G5");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 0, TG_BLACK, "D5");
	tt_leader(st, 1, TG_GREEN, "H5");
	tt_leader(st, 1, TG_BLACK, "I5");
	tt_hand(st, 0, 2, 1, 1, 2);
	tt_hand(st, 1, 2, 2, 1, 1);
	tt_ok(st, 0, "tile red E5");
	tt_ok(st, 0, "conflict green");
	tt_ok(st, 0, "support 0");
	tt_ok(st, 1, "support 0");	/* 1 vs 0: the active player wins */
	assert_int_equal(st->seat[1].leader[TG_GREEN], -1);
	assert_int_equal(st->seat[0].points[TG_GREEN], 1);
	/* the black tiles still join the kings: that war starts by itself */
	assert_int_equal(st->phase, TG_PH_SUPPORT);
	assert_int_equal(st->cf.colour, TG_BLACK);
	assert_int_equal(st->cf.att_base, 0);
	assert_int_equal(st->cf.def_base, 2);
	tt_ok(st, 0, "support 2");	/* 2 vs 2 so far */
	tt_ok(st, 1, "support 0");	/* tie: the defender wins */
	assert_int_equal(st->seat[0].leader[TG_BLACK], -1);
	assert_int_equal(st->seat[1].points[TG_BLACK], 1);
	assert_int_equal(st->cell[tt_sq("F5")].tile, TG_BLACK + 1);
	assert_int_equal(st->phase, TG_PH_ACTION);
	free(st);
}

/* The active player's leader attacks even when a lower seat is involved. */
static void
test_war_attacker_is_active(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 H6");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 2, TG_GREEN, "H5");
	tt_tiles(st, TG_GREEN, "C5 D5 F5 G5");
	st->active = 2;
	tt_hand(st, 2, 1, 1, 3, 1);
	tt_ok(st, 2, "tile green E5");
	assert_int_equal(st->cf.att, 2);
	assert_int_equal(st->cf.def, 0);
	/* the uniting tile is green but counts for nobody */
	assert_int_equal(st->cf.att_base, 2);
	assert_int_equal(st->cf.def_base, 2);
	assert_int_equal(tt_waiting(st), 4u);
	free(st);
}

/* Red wars spare temples with a treasure or next to another leader. */
static void
test_red_war_exemptions(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 C5 E5 F5 G6");
	tg_put_treasure(st, tt_sq("G6"));
	tt_leader(st, 0, TG_RED, "B5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_leader(st, 1, TG_BLUE, "F6");
	tt_hand(st, 0, 3, 1, 1, 1);
	tt_ok(st, 0, "tile black D5; support 3");
	assert_int_equal(st->cf.att_base, 2);
	assert_int_equal(st->cf.def_base, 3);
	tt_ok(st, 1, "support 0");
	assert_int_equal(st->cell[tt_sq("E5")].tile, 0);	/* removed */
	assert_int_equal(st->cell[tt_sq("F5")].tile, TG_RED + 1);	/* farmer's */
	assert_int_equal(st->cell[tt_sq("G6")].tile, TG_RED + 1);	/* treasure */
	assert_true(st->cell[tt_sq("G6")].treasure);
	assert_int_equal(st->seat[0].points[TG_RED], 2);	/* priest + E5 */
	assert_int_equal(st->seat[1].leader[TG_RED], -1);
	assert_int_equal(st->seat[1].leader[TG_BLUE], tt_sq("F6"));
	free(st);
}

/* English variant in a war: the same limits with supporters. */
static void
test_english_war(void **state)
{
	struct game_opt o = { "support", "english" };
	struct tigris *st = tt_new(2, &o, 1, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 G6");
	tt_tiles(st, TG_GREEN, "C5 E5 F5");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 1, TG_GREEN, "G5");
	tt_hand(st, 0, 1, 1, 3, 1);
	tt_hand(st, 1, 1, 1, 3, 1);
	tt_ok(st, 0, "tile red D5");
	tt_reject(st, 0, "support 1", GAME_REJECTED, "only to become stronger");
	tt_ok(st, 0, "support 2");	/* 3 against 2 */
	tt_reject(st, 1, "support 2", GAME_REJECTED, "exactly enough to tie");
	tt_ok(st, 1, "support 1");
	assert_int_equal(st->seat[0].leader[TG_GREEN], -1);
	assert_int_equal(st->seat[1].points[TG_GREEN], 2);	/* trader + C5 */
	assert_int_equal(st->cell[tt_sq("C5")].tile, 0);
	free(st);
}

/* Wars can only come from tiles; a leader never unites two kingdoms. */
static void
test_leader_cannot_start_war(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "D5 F5");
	tt_leader(st, 0, TG_GREEN, "C5");
	tt_leader(st, 1, TG_GREEN, "G5");
	tt_reject(st, 0, "leader black E5", GAME_REJECTED, "may not join two kingdoms");
	free(st);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_revolt_example_classic),
		cmocka_unit_test(test_revolt_example_2015),
		cmocka_unit_test(test_revolt_attacker_wins),
		cmocka_unit_test(test_english_revolt),
		cmocka_unit_test(test_free_support),
		cmocka_unit_test(test_war_example),
		cmocka_unit_test(test_war_second_follows),
		cmocka_unit_test(test_war_attacker_is_active),
		cmocka_unit_test(test_red_war_exemptions),
		cmocka_unit_test(test_english_war),
		cmocka_unit_test(test_leader_cannot_start_war),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
