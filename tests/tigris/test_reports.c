/*
 * test_reports.c - Tigris & Euphrates reports and errors (issue 10, items
 * 5 and 11): a treasure on a monument stays on the grid, leaders carry
 * their owners' initials with a legend of names, squares are echoed in
 * capitals, argument errors say which argument is wrong, a leader beside
 * three kingdoms touches three, texts about another seat's leader say
 * "their", and the waiting texts read as English in every phase.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

static const char *const names[4] = { "Alice", "Bob", "Carol", "Dave" };

/* The public text view with the given names. */
static char *
text_view(const struct tigris *st, const char *const *nm, int viewer)
{
	struct sbuf sb = SBUF_INIT;

	tigris_rules.render_text(st, viewer, nm, &sb);
	assert_false(sb.oom);
	return sb_take(&sb);
}

/* Every line of text is at most 80 columns. */
static void
fits_80(const char *text)
{
	const char *nl;

	for (; (nl = strchr(text, '\n')) != NULL; text = nl + 1) {
		if (nl - text > 80)
			fprintf(stderr, "too long: %.*s\n", (int)(nl - text), text);
		assert_true(nl - text <= 80);
	}
}

/* A treasure on a temple flipped for a monument shows with the monument. */
static void
test_treasure_under_monument(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	json_t *j, *cell;
	char *txt;

	(void)state;
	tt_tiles(st, TG_RED, "F10 G10 F11");
	tg_put_treasure(st, tt_sq("F10"));
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red G11");
	tt_ok(st, 0, "monument red/black");
	assert_true(st->cell[tt_sq("F10")].treasure);
	assert_int_equal(st->cell[tt_sq("F10")].monument, 1);
	txt = text_view(st, names, -1);
	/* row 10: F10 the treasure on the monument, G10 the monument's colours */
	assert_non_null(strstr(txt, "10  .   .   .   .   .   M*  Mrk .  "));
	assert_non_null(strstr(txt, "11  r*  .   .   .   .   Mrk Mrk .  "));
	assert_non_null(strstr(txt, "M* M+ one\n  of its tiles holding a treasure"));
	assert_non_null(strstr(txt, "Treasures on the board: A1 F10 A11 P11"));
	free(txt);
	j = tigris_rules.render_json(st, -1, names);
	assert_non_null(j);
	cell = json_array_get(json_object_get(j, "cells"), (size_t)tt_sq("F10"));
	assert_int_equal(json_integer_value(json_object_get(cell, "monument")), 0);
	assert_string_equal(json_string_value(json_object_get(cell, "treasure")), "plain");
	json_decref(j);
	free(st);
}

/* Leaders show their owners' initials; the legend names every player. */
static void
test_leader_initials(void **state)
{
	static const char *const similar[4] = { "Ann", "Anna", "Annabel", "Dave" };
	static const char *const odd[3] = { "\xc5\xbd" "ofie", "7", "Ofelia" };
	static const char *const long_names[4] = {
		"Maximilian-Alexander", "Maximiliane-Alexandra", "Bartholomew Jones",
		"Bartholomew Jonas",
	};
	struct tigris *st = tt_new(4, NULL, 0, 1);
	char *txt;

	(void)state;
	tt_tiles(st, TG_RED, "F4 J4 F10 J10");
	tt_leader(st, 0, TG_RED, "F5");
	tt_leader(st, 1, TG_BLUE, "J5");
	tt_leader(st, 2, TG_GREEN, "F11");
	tt_leader(st, 3, TG_BLACK, "J11");
	txt = text_view(st, names, -1);
	assert_non_null(strstr(txt, " 5  .   .   .   .   .   Ral .   .   .   Bbo "));
	assert_non_null(strstr(txt, "11  r*  .   .   .   .   Gca .   .   .   Kda "));
	assert_non_null(strstr(txt, "al=Alice, bo=Bob, ca=Carol, da=Dave (Ral is "
	    "Alice's priest)"));
	assert_null(strstr(txt, "R1"));
	free(txt);
	/* names that start alike still get distinct initials */
	txt = text_view(st, similar, -1);
	assert_non_null(strstr(txt, "Ran .   .   .   Baa "));
	assert_non_null(strstr(txt, "Gab .   .   .   Kda "));
	assert_non_null(strstr(txt, "an=Ann,\n  aa=Anna, ab=Annabel, da=Dave (Ran is "
	    "Ann's priest)"));
	fits_80(txt);
	free(txt);
	txt = text_view(st, long_names, -1);
	assert_non_null(strstr(txt, "ma=Maximilian-Alexander, mx=Maximiliane-Alexandra,"));
	fits_80(txt);
	free(txt);
	free(st);
	/* letters outside ASCII are skipped, a one-letter name keeps one */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "F4 J4 F10");
	tt_leader(st, 0, TG_RED, "F5");
	tt_leader(st, 1, TG_BLUE, "J5");
	tt_leader(st, 2, TG_GREEN, "F11");
	txt = text_view(st, odd, -1);
	assert_non_null(strstr(txt, "Rof .   .   .   B7  "));
	assert_non_null(strstr(txt, "Goe "));
	free(txt);
	/* without names: p1, p2, ... */
	txt = text_view(st, NULL, -1);
	assert_non_null(strstr(txt, "Rp1 .   .   .   Bp2 "));
	assert_non_null(strstr(txt, "p1=player 1, p2=player 2, p3=player 3"));
	free(txt);
	free(st);
}

/* Squares are echoed as squares are written, whatever the case typed. */
static void
test_square_echo(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_reject(st, 0, "tile red p12", GAME_REJECTED, "tile: 'P12' is not a square "
	    "(A1 to P11)");
	tt_reject(st, 0, "leader king q1", GAME_REJECTED, "leader: 'Q1' is not a square");
	tt_reject(st, 0, "catastrophe a0", GAME_REJECTED, "catastrophe: 'A0' is not a "
	    "square");
	tt_reject(st, 0, "tile red f", GAME_REJECTED, "tile: 'f' is not a square");
	tt_reject(st, 0, "tile red f4x", GAME_REJECTED, "tile: 'f4x' is not a square");
	tt_reject(st, 0, "tile red a1", GAME_REJECTED, "tile: a tile needs an empty "
	    "square; A1 holds a tile");
	free(st);
}

/* An argument that is not a square is named; the arity is its own error. */
static void
test_argument_errors(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_reject(st, 0, "catastrophe Q1", GAME_REJECTED, "catastrophe: 'Q1' is not a "
	    "square (A1 to P11)");
	tt_reject(st, 0, "catastrophe", GAME_REJECTED, "catastrophe: name the square "
	    "('catastrophe <square>')");
	tt_reject(st, 0, "catastrophe F4 G4", GAME_REJECTED, "catastrophe: 'g4' is one "
	    "word too many");
	tt_reject(st, 0, "pass pass", GAME_REJECTED, "pass: nothing may follow 'pass' "
	    "(found 'pass'); one pass ends the turn");
	tt_reject(st, 0, "withdraw", GAME_REJECTED, "withdraw: name the leader's colour");
	tt_reject(st, 0, "withdraw purple", GAME_REJECTED, "withdraw: 'purple' is not a "
	    "colour");
	tt_reject(st, 0, "withdraw red", GAME_REJECTED, "withdraw: your priest is not on "
	    "the board");
	tt_reject(st, 0, "tile", GAME_REJECTED, "tile: name a colour and a square "
	    "('tile <colour> <square>')");
	tt_reject(st, 0, "leader red", GAME_REJECTED, "leader: name the square");
	tt_reject(st, 0, "tile red F5 now", GAME_REJECTED, "tile: 'now' is one word too "
	    "many");
	tt_reject(st, 0, "swap purple", GAME_REJECTED, "swap: 'purple' is not a tile "
	    "colour");
	tt_reject(st, 0, "swap", GAME_REJECTED, "swap: name the tiles to discard");
	tt_reject(st, 2, "pass", GAME_REJECTED, "there is no player 3 in this game of 2");
	free(st);
}

/* A leader beside three kingdoms is said to touch three. */
static void
test_leader_three_kingdoms(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H6 E7");
	tt_tiles(st, TG_BLACK, "G5 F6");
	tt_leader(st, 1, TG_BLACK, "E4");	/* kingdom E4 F4 */
	tt_leader(st, 1, TG_RED, "H5");		/* kingdom G5 H5 H6 */
	tt_leader(st, 1, TG_GREEN, "F7");	/* kingdom F6 F7 E7 */
	tt_reject(st, 0, "leader blue F5", GAME_REJECTED, "leader: a leader may not "
	    "join two kingdoms; F5 touches three");
	free(st);
}

/* A text about another seat's leader never calls it "your" leader. */
static void
test_whose_leader(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);
	struct game_wait w;
	char err[256];

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5; support 1");
	/* Carol, who is not asked, reads about Bob's priest */
	assert_int_equal(tt_play(st, 2, "support 1", err, sizeof(err)),
	    GAME_NOT_YOUR_TURN);
	assert_string_equal(err, "not your turn: the game waits for player 2 (support "
	    "with red tiles for their priest on G5, defending against a revolt by the "
	    "priest on E5)");
	tigris_rules.waiting(st, &w);
	assert_string_equal(w.why[1], "support with red tiles for their priest on G5, "
	    "defending against a revolt by the priest on E5");
	/* Bob himself reads "your" */
	assert_int_equal(tt_play(st, 1, "pass", err, sizeof(err)), GAME_REJECTED);
	assert_string_equal(err, "pass: not possible now; the game waits for your "
	    "support with red tiles for your priest on G5, defending against a revolt "
	    "by the priest on E5");
	free(st);
}

/* Assert a waiting text reads as English in both persons. */
static void
reads_well(const struct tigris *st)
{
	int s, you;
	char why[GAME_WHY_LEN];

	for (s = 0; s < st->nseats; s++)
		for (you = 0; you < 2; you++) {
			tg_wait_reason(st, s, you, why, sizeof(why));
			if (!tg_awaited(st, s)) {
				assert_string_equal(why, "");
				continue;
			}
			assert_true(strlen(why) + 1 < sizeof(why));	/* not cut */
			assert_null(strstr(why, "your the"));
			assert_null(strstr(why, "your your"));
			assert_null(strstr(why, "(s)"));
			assert_null(strstr(why, "  "));
			if (!you)
				assert_null(strstr(why, "your"));
		}
}

/* Waiting texts and the rejections built on them, in every phase. */
static void
test_waiting_texts(void **state)
{
	struct game_opt build = { "buildings", "on" };
	struct tigris *st = tt_new(3, NULL, 0, 1);
	char err[256];

	(void)state;
	reads_well(st);
	tt_reject(st, 0, "monument none", GAME_REJECTED, "monument: not possible now; "
	    "the game waits for your action 1 of 2 (leader, withdraw, tile, "
	    "catastrophe, swap or pass)");
	free(st);

	/* the choice of wars */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "B6 D6 H6 I6");
	tt_tiles(st, TG_GREEN, "C5 F5 G5");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 0, TG_BLACK, "D5");
	tt_leader(st, 1, TG_GREEN, "H5");
	tt_leader(st, 1, TG_BLACK, "I5");
	st->active = 2;
	tt_hand(st, 2, 2, 2, 1, 1);
	tt_ok(st, 2, "tile black E5");
	reads_well(st);
	assert_int_equal(tt_play(st, 2, "tile red F4", err, sizeof(err)), GAME_REJECTED);
	assert_string_equal(err, "tile: not possible now; the game waits for your "
	    "choice of the next war (conflict <colour>: green or black)");
	assert_int_equal(tt_play(st, 0, "support 1", err, sizeof(err)), GAME_NOT_YOUR_TURN);
	assert_string_equal(err, "not your turn: the game waits for player 3 (the "
	    "choice of the next war (conflict <colour>: green or black))");
	tt_ok(st, 2, "conflict green");
	reads_well(st);
	free(st);

	/* a monument */
	st = tt_new(2, &build, 1, 1);
	tt_tiles(st, TG_GREEN, "F5 G5 F6 H6");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile green G6");
	reads_well(st);
	tt_reject(st, 0, "pass", GAME_REJECTED, "pass: not possible now; the game "
	    "waits for your choice of a monument (monument <colour>/<colour>, or "
	    "monument none)");
	tt_reject(st, 0, "dance", GAME_REJECTED, "'dance' is not a command (leader, "
	    "withdraw, tile, catastrophe, swap, pass, support, conflict, monument, "
	    "building, treasure, resign); the game waits for your choice of a monument");
	/* a building: the line F6 G6 H6 */
	tt_ok(st, 0, "monument none");
	reads_well(st);
	tt_reject(st, 0, "monument none", GAME_REJECTED, "monument: not possible now; "
	    "the game waits for your choice of a civilization building (building "
	    "<colour> <square>, or building none)");
	free(st);

	/* treasures */
	st = tt_new(2, NULL, 0, 1);
	tt_tiles(st, TG_RED, "F4 H4");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 1, TG_GREEN, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4");
	reads_well(st);
	tt_reject(st, 1, "support 0", GAME_REJECTED, "support: not possible now; the "
	    "game waits for your choice of the 1 treasure to take from a kingdom "
	    "holding 2 (treasure <square> ...)");
	tt_reject(st, 1, "treasure f4 h4", GAME_REJECTED, "treasure: name 1 treasure "
	    "square, not 2; one of the kingdom's 2 stays");
	tt_reject(st, 1, "treasure f4 f4", GAME_REJECTED, "name 1 treasure square");
	tt_reject(st, 1, "treasure g4", GAME_REJECTED, "treasure: G4 holds no treasure "
	    "of this kingdom");
	tt_reject(st, 1, "treasure z9", GAME_REJECTED, "treasure: 'Z9' is not a square");
	free(st);
}

/* What the last submission did, and a hand of one, read without "(s)". */
static void
test_last_texts(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	char *txt;

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5; support 1");
	assert_non_null(strstr(st->last, "{0} has 3 adjacent temples, {1} has 2; {0} "
	    "commits 1 red tile"));
	tt_ok(st, 1, "support 0");
	assert_null(strstr(st->last, "(s)"));
	tt_ok(st, 0, "swap b");
	assert_non_null(strstr(st->last, "{0} swapped 1 tile"));
	assert_null(strstr(st->last, "tiles"));
	free(st);

	/* a hand of one tile */
	st = tt_new(2, NULL, 0, 1);
	tt_hand(st, 1, 1, 0, 0, 0);
	txt = text_view(st, names, -1);
	assert_non_null(strstr(txt, "2 Bob\n   leaders: priest supply farmer supply "
	    "trader supply king supply\n   catastrophes left 2, 1 tile in hand\n"));
	free(txt);
	free(st);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_treasure_under_monument),
		cmocka_unit_test(test_leader_initials),
		cmocka_unit_test(test_square_echo),
		cmocka_unit_test(test_argument_errors),
		cmocka_unit_test(test_leader_three_kingdoms),
		cmocka_unit_test(test_whose_leader),
		cmocka_unit_test(test_waiting_texts),
		cmocka_unit_test(test_last_texts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
