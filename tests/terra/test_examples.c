/*
 * test_examples.c - the worked examples of the rulebook
 * (../shared/rules/terra-mystica.cs.txt), each as a test; the line of the
 * example is given above each one.
 */
#include "tmtest.h"

/* Witches (seat 0: F4, D1) and Cultists (seat 1: E6, E2). */
static struct tm_state *
wc_game(void)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };

	return tg_new(2, NULL, f, d, b);
}

/*
 * l.551: gaining 3 power with 2 tokens in bowl I moves those 2 to bowl II,
 * then 1 from bowl II to bowl III; l.549: with all 12 in bowl III nothing
 * more is gained.  l.563: the 3 power gained allow actions of up to 6 power
 * in the example's picture (bowl III then holds 6).
 */
static void
test_example_power_bowls(void **state)
{
	struct tm_player p;

	(void)state;
	memset(&p, 0, sizeof(p));
	p.pw[0] = 2;
	p.pw[1] = 5;
	p.pw[2] = 5;
	tm_gain_power(&p, 3);
	assert_int_equal(p.pw[0], 0);
	assert_int_equal(p.pw[1], 6);
	assert_int_equal(p.pw[2], 6);
	p.pw[0] = p.pw[1] = 0;
	p.pw[2] = 12;
	tm_gain_power(&p, 4);
	assert_int_equal(p.pw[2], 12);
	assert_int_equal(tm_capacity(&p), 0);
}

/* l.887: burning moves one token to bowl III and removes one for good. */
static void
test_example_burn(void **state)
{
	struct tm_state *s = wc_game();
	struct tm_player *p = &s->pl[0];

	(void)state;
	tg_turn(s, 0);
	p->pw[0] = 5;
	p->pw[1] = 7;
	p->pw[2] = 0;
	tg_bad(s, 0, "burn 4", "burning 4 needs 8 power in bowl II; you have 7");
	/* Found by fuzz/terra: atoi() read this as 1, a longer one overflowed 2 * n. */
	tg_bad(s, 0, "burn 4294967297", "'4294967297' is not a number of power tokens");
	tg_bad(s, 0, "burn 6148914691236517196", "is not a number of power tokens");
	tg_bad(s, 0, "burn 1x", "is not a number of power tokens");
	tg_ok(s, 0, "burn 3");
	assert_int_equal(p->pw[1], 1);
	assert_int_equal(p->pw[2], 3);
	assert_int_equal(p->pw[0] + p->pw[1] + p->pw[2], 9);
	free(s);
}

/*
 * l.819-822: reaching steps 3/5/7/10 gives 1/2/2/3 power once; the example
 * moves 3 steps on AIR and gains 4 power (from 4 to 7: steps 5 and 7).
 */
static void
test_example_cult_power(void **state)
{
	struct tm_state *s = wc_game();
	struct tm_player *p = &s->pl[0];
	int k, before;

	(void)state;
	p->cult[TK_AIR] = 4;
	p->pw[0] = 12;
	p->pw[1] = p->pw[2] = 0;
	assert_int_equal(tm_cult_advance(s, 0, TK_AIR, 3), 3);
	assert_int_equal(p->pw[1], 4);
	/* each threshold once: 0 -> 9 gives 1 + 2 + 2, the key step 3 more */
	p->cult[TK_FIRE] = 0;
	p->pw[0] = 12;
	p->pw[1] = 0;
	for (k = 0; k < 9; k++)
		tm_cult_advance(s, 0, TK_FIRE, 1);
	assert_int_equal(p->pw[1], 5);
	before = p->pw[1];
	p->keys = 1;
	tm_cult_advance(s, 0, TK_FIRE, 1);
	assert_int_equal(p->pw[1] - before, 3);
	free(s);
}

/*
 * l.780-795: the Mermaids build a dwelling next to a Nomads' dwelling and
 * temple (their trading post is not adjacent): the Nomads may gain 3 power
 * for 2 VP.
 */
static void
test_example_leech(void **state)
{
	static const char *const f[] = { "mermaids", "nomads" };
	static const char *const d[] = { "A4", "B6", "G7", "I10", "I7", NULL };
	static const int b[] = { 3, 5 };
	struct tm_state *s = tg_new(2, NULL, f, d, b);
	struct tm_player *n = &s->pl[1];

	(void)state;
	tg_put(s, 1, "E3", TB_D);
	tg_put(s, 1, "D3", TB_TE);
	tg_put(s, 1, "E2", TB_TP);
	tg_put(s, 0, "E5", TB_D);
	tg_ok(s, 0, "build E4");
	assert_int_equal(s->noffer, 1);
	assert_int_equal(s->offer[0].to, 1);
	assert_int_equal(s->offer[0].amount, 3);
	n->pw[0] = 5;
	n->pw[1] = 7;
	n->pw[2] = 0;
	tg_ok(s, 1, "leech 3 from mermaids");
	assert_int_equal(n->vp, 20 - 2);
	assert_int_equal(n->pw[0], 2);
	assert_int_equal(n->pw[1], 10);
	free(s);
}

/*
 * l.797-800: all or nothing, except that full bowls take less (and pay
 * less), and too few VP pay down to 0 and take VP + 1 power.
 */
static void
test_example_leech_limits(void **state)
{
	struct tm_state *s = wc_game(), *t;

	(void)state;
	tg_put(s, 1, "E6", TB_SH);
	s->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->offer[0].amount, 3);
	t = malloc(sizeof(*t));
	assert_non_null(t);
	memcpy(t, s, sizeof(*s));
	/* bowls: room for 2 only -> 2 power for 1 VP */
	s->pl[1].pw[0] = 0;
	s->pl[1].pw[1] = 2;
	s->pl[1].pw[2] = 10;
	tg_ok(s, 1, "leech 3 from witches");
	assert_int_equal(s->pl[1].pw[2], 12);
	assert_int_equal(s->pl[1].vp, 19);
	/* 1 VP left -> 2 power, down to 0 VP */
	t->pl[1].vp = 1;
	t->pl[1].pw[0] = 12;
	t->pl[1].pw[1] = t->pl[1].pw[2] = 0;
	tg_ok(t, 1, "leech 3 from witches");
	assert_int_equal(t->pl[1].vp, 0);
	assert_int_equal(t->pl[1].pw[1], 2);
	free(s);
	free(t);
}

/*
 * l.635-637 and l.1186: of two spades, one may transform another hex, but
 * no dwelling may be built there in the same action.
 */
static void
test_example_two_spades(void **state)
{
	struct tm_state *s = wc_game();
	struct tm_player *p = &s->pl[0];

	(void)state;
	p->pw[0] = 0;
	p->pw[1] = 6;
	p->pw[2] = 6;
	tg_bad(s, 0, "action ACT6. build E7", "build: spend your 1 remaining "
	    "spade(s) first");
	tg_bad(s, 0, "action ACT6. transform D2 to green. build E7. build D2",
	    "'build D2': build: one action per turn; this turn's action was "
	    "already taken");
	tg_ok(s, 0, "action ACT6. transform D2 to green. build E7");
	assert_int_equal(s->terrain[tg_cell("D2")], TC_GREEN);
	assert_int_equal(s->bld[tg_cell("D2")], TB_NONE);
	assert_int_equal(s->bld[tg_cell("E7")], TB_D);
	assert_int_equal(s->cur, 1);
	free(s);
}

/*
 * l.1029-1034 (towns): four buildings of power 7, or three when one is the
 * sanctuary; three buildings of power 7 without it are no town.
 */
static void
test_example_town_sanctuary(void **state)
{
	struct tm_state *s = wc_game(), *t = wc_game();

	(void)state;
	tg_put(s, 0, "F4", TB_SA);
	tg_put(s, 0, "F3", TB_TP);
	tg_put(s, 0, "G2", TB_D);
	s->pl[0].c = s->pl[0].w = 20;
	tg_ok(s, 0, "upgrade G2 to TP");
	assert_int_equal(s->pl[0].town_owed, 1);
	assert_int_equal(s->pl[0].keys, 0);	/* the key comes with the tile */
	tg_ok(s, 0, "+TW1");
	assert_int_equal(s->pl[0].keys, 1);
	tg_put(t, 0, "F4", TB_SH);
	tg_put(t, 0, "F3", TB_TP);
	tg_put(t, 0, "G2", TB_D);
	t->pl[0].c = t->pl[0].w = 20;
	tg_ok(t, 0, "upgrade G2 to TP");
	assert_int_equal(t->pl[0].town_owed, 0);
	assert_int_equal(t->pl[0].keys, 0);
	free(s);
	free(t);
}

/*
 * l.1000-1004: with the tile "2 AIR -> 1 W" a seat on AIR 6 gets 3
 * workers; with "4 EARTH -> 1 spade" a seat on EARTH 8 gets 2 spades.
 */
static void
test_example_cult_bonus(void **state)
{
	struct tm_state *s = wc_game();
	int w;

	(void)state;
	s->round = 1;
	s->score_tile[0] = 7;
	s->pl[0].cult[TK_AIR] = 6;
	w = s->pl[0].w;
	tm_cult_income(s);
	assert_int_equal(s->pl[0].w - w, 3);
	s->score_tile[0] = 2;
	s->pl[1].cult[TK_EARTH] = 8;
	tm_cult_income(s);
	assert_int_equal(s->pl[1].spades, 2);
	free(s);
}

/*
 * l.1051-1053: two seats on FIRE 9 share 8 + 4: 6 VP each; l.1047 a seat
 * on 0 never scores.
 */
static void
test_example_cult_tie(void **state)
{
	struct tm_state *s = wc_game();
	int k, i;

	(void)state;
	for (i = 0; i < 2; i++)
		for (k = 0; k < 4; k++)
			s->pl[i].cult[k] = 0;
	s->pl[0].cult[TK_FIRE] = 9;
	s->pl[1].cult[TK_FIRE] = 9;
	s->pl[1].cult[TK_AIR] = 0;
	tm_final_scoring(s);
	assert_int_equal(s->pl[0].final_cult, 6);
	assert_int_equal(s->pl[1].final_cult, 6);
	free(s);
}

/*
 * l.1065: one network larger than three tied ones: 18 VP, and the three
 * share 12 + 6 (+ 0) = 6 VP each (the example's 20 and 19 buildings,
 * scaled down to 2 and 1).
 */
static void
test_example_network_tie(void **state)
{
	static const char *const f[] = { "witches", "cultists", "nomads", "giants" };
	static const char *const d[] = { "F4", "E6", "D3", "D4", "I1", "A5", "A1",
	    "A3", "G7", NULL };
	static const int b[] = { 1, 2, 3, 4 };
	static const char *const solo[] = { "A13", "C5", "H8" };
	struct tm_state *s = tg_new(4, NULL, f, d, b);
	int i;

	(void)state;
	for (i = 0; i < TM_NCELLS; i++)
		if (s->bld[i] != TB_NONE)
			tg_put(s, s->owner[i], tg_base()->cells[i].name, TB_NONE);
	tg_put(s, 0, "I6", TB_D);
	tg_put(s, 0, "I7", TB_D);
	for (i = 1; i < 4; i++)
		tg_put(s, i, solo[i - 1], TB_D);
	tm_final_scoring(s);
	assert_int_equal(s->pl[0].network, 2);
	assert_int_equal(s->pl[0].final_net, 18);
	for (i = 1; i < 4; i++) {
		assert_int_equal(s->pl[i].network, 1);
		assert_int_equal(s->pl[i].final_net, 6);
	}
	free(s);
}

/*
 * l.1069-1071: resources: power, priests and workers become coins at the
 * rates of bowl III (bowl II burnt down first), 3 coins per VP; the
 * Alchemists get 1 VP per 2 coins.
 */
static void
test_example_resources(void **state)
{
	static const char *const f[] = { "alchemists", "witches" };
	static const char *const d[] = { "E5", "F4", "D1", "E10", NULL };
	static const int b[] = { 3, 5 };
	struct tm_state *s = tg_new(2, NULL, f, d, b);
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		s->pl[i].c = 4;
		s->pl[i].w = 2;
		s->pl[i].p = 1;
		s->pl[i].pw[0] = 3;
		s->pl[i].pw[1] = 5;
		s->pl[i].pw[2] = 4;
	}
	tm_final_scoring(s);
	/* 4 C + 2 W + 1 P + 4 PW + 5 / 2 burnt = 13 coins */
	assert_int_equal(s->pl[0].final_res, 6);
	assert_int_equal(s->pl[1].final_res, 4);
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_power_bowls),
		cmocka_unit_test(test_example_burn),
		cmocka_unit_test(test_example_cult_power),
		cmocka_unit_test(test_example_leech),
		cmocka_unit_test(test_example_leech_limits),
		cmocka_unit_test(test_example_two_spades),
		cmocka_unit_test(test_example_town_sanctuary),
		cmocka_unit_test(test_example_cult_bonus),
		cmocka_unit_test(test_example_cult_tie),
		cmocka_unit_test(test_example_network_tie),
		cmocka_unit_test(test_example_resources),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
