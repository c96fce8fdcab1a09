/*
 * test_shifters.c - the Shapeshifters of Fire & Ice as the site's engine
 * plays them (../shared/reference/terra-mystica: src/Game/Factions/
 * Shapeshifters.pm, commands.pm, acting.pm): their colour, spades,
 * actions under each rule version, power offers and tokens.  No rulebook
 * here either: every expectation is the site's behaviour.
 */
#include "tmtest.h"

/* ---- the Shapeshifters (Shapeshifters.pm, commands.pm, acting.pm) ---- */

/* Shapeshifters (seat 0, green) and Nomads (seat 1) under rule version v. */
static struct tm_state *
shifter_game(int v, int errata)
{
	static const char *const f[] = { "shapeshifters; pick-color green", "nomads" };
	static const char *const d[] = { "F4", "B1", "H1", "D1", "I7", NULL };
	static const int b[] = { 3, 5 };
	static const char *const ver[] = { "fire-and-ice-factions/variable",
	    "fire-and-ice-factions/variable_v2", "fire-and-ice-factions/variable_v3",
	    "fire-and-ice-factions/variable_v4", "fire-and-ice-factions/variable_v5" };
	const char *o[3] = { ver[v - 1], errata ? "errata-cultist-power" : NULL, NULL };

	return tg_new(2, o, f, d, b);
}


/*
 * The option and its versions; the Shapeshifters pick their home colour at once, a later
 * faction of that colour is refused (factions_conflict), and they start
 * with 15C 3W, power 4/4/0, FIRE and WATER 1.
 */
static void
test_shifter_setup(void **state)
{
	static const char *const v3[] = { "fire-and-ice-factions/variable_v3" };
	struct tm_state *s = tg_bare(v3, 1);
	struct tm_player *p = &s->pl[0];

	(void)state;
	assert_int_equal(s->opt_fi_variable, 3);
	tg_ok(s, 0, "setup shapeshifters");
	assert_int_equal(s->cur, 0);
	tg_bad(s, 0, "build F4", "pick-color");
	tg_bad(s, 0, "pick-color ice", "not one of the seven colours");
	tg_ok(s, 0, "pick-color green");
	assert_int_equal(tm_home(s, 0), TC_GREEN);
	assert_int_equal(p->c, 15);
	assert_int_equal(p->w, 3);
	assert_int_equal(p->pw[0], 4);
	assert_int_equal(p->pw[1], 4);
	assert_int_equal(p->cult[TK_FIRE], 1);
	assert_int_equal(p->cult[TK_WATER], 1);
	assert_int_equal(p->shifts, 0);		/* v3: none before the stronghold */
	tg_bad(s, 1, "setup witches", "is taken by the shapeshifters");
	tg_ok(s, 1, "setup nomads");
	assert_int_equal(s->phase, TP_DWELLINGS);
	tg_bad(s, 0, "build B1", "home terrain (green)");
	tg_ok(s, 0, "build F4");
	free(s);
}

/* No digging track; each spade costs 3 workers. */
static void
test_shifter_spades(void **state)
{
	struct tm_state *s = shifter_game(1, 0);
	struct tm_player *p = &s->pl[0];
	int c = tg_free_neighbour(s, tg_cell("F4"));
	char cmd[48];

	(void)state;
	p->c = 20;
	p->w = 9;
	p->p = 2;
	tg_bad(s, 0, "advance dig", "cannot advance digging");
	s->terrain[c] = TC_BLACK;		/* two spades from green */
	snprintf(cmd, sizeof(cmd), "build %s", s->cells[c].name);
	tg_ok(s, 0, cmd);
	assert_int_equal(p->w, 9 - 6 - 1);
	assert_int_equal(s->terrain[c], TC_GREEN);
	free(s);
}

/*
 * The first version: the stronghold (3W 6C) brings ACTH1 (3 power from
 * bowl III) and ACTH2 (3 power tokens), each +2 VP and a new colour picked
 * in the same turn; never blocked for the round; every building of theirs
 * moves to the new colour; a colour that is a faction's home, theirs
 * included, is refused.
 */
static void
test_shifter_actions_v1(void **state)
{
	struct tm_state *s = shifter_game(1, 0);
	struct tm_player *p = &s->pl[0];
	int f4 = tg_cell("F4"), d1 = tg_cell("D1"), vp;
	struct game_wait w;

	(void)state;
	tg_bad(s, 0, "action ACTH1", "stronghold brings it");
	tg_put(s, 0, "F4", TB_TP);
	p->c = 20;
	p->w = 10;
	tg_ok(s, 0, "upgrade F4 to SH");
	assert_int_equal(p->c, 20 - 6);
	assert_int_equal(p->w, 10 - 3);
	assert_int_equal(p->shifts, 100);
	tg_turn(s, 0);
	p->pw[0] = 2;
	p->pw[1] = 2;
	p->pw[2] = 4;
	vp = p->vp;
	tg_bad(s, 0, "action ACTH3", "not an action of this rule version");
	tg_ok(s, 0, "action ACTH1");
	assert_int_equal(p->pw[2], 1);
	assert_int_equal(p->pw[0], 5);
	assert_int_equal(p->vp, vp + 2);
	assert_int_equal(p->shifts, 99);
	assert_int_equal(s->cur, 0);		/* the colour is still owed */
	terra_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u);
	assert_non_null(strstr(w.why[0], "pick-color"));
	tg_bad(s, 1, "pass BON1", "not your turn");
	tg_bad(s, 0, "pick-color green", "not available");
	tg_bad(s, 0, "pick-color yellow", "not available");
	tg_bad(s, 0, "pick-color Blue", "written in lower case: 'pick-color blue'");
	tg_ok(s, 0, "pick-color blue");
	assert_int_equal(tm_home(s, 0), TC_BLUE);
	assert_int_equal(s->terrain[f4], TC_BLUE);
	assert_int_equal(s->terrain[d1], TC_BLUE);
	assert_int_equal(s->cur, 1);
	tg_turn(s, 0);
	tg_ok(s, 0, "action ACTH2");		/* 3 tokens, bowl I first */
	assert_int_equal(p->pw[0], 2);
	assert_int_equal(p->tokens, -3);
	assert_int_equal(p->vp, vp + 4);
	tg_ok(s, 0, "pick-color gray");
	tg_turn(s, 0);
	p->pw[2] = 1;
	tg_bad(s, 0, "action ACTH1", "needs 3 power in bowl III");
	free(s);
}

/* v2: as many shapeshifts as factions once the stronghold is built; v3: one fewer. */
static void
test_shifter_counts(void **state)
{
	int v;

	(void)state;
	for (v = 2; v <= 3; v++) {
		struct tm_state *s = shifter_game(v, 0);
		struct tm_player *p = &s->pl[0];
		int i;

		tg_put(s, 0, "F4", TB_TP);
		p->c = 20;
		p->w = 10;
		tg_ok(s, 0, "upgrade F4 to SH");
		assert_int_equal(p->shifts, v == 2 ? 2 : 1);
		for (i = 0; i < (v == 2 ? 2 : 1); i++) {
			tg_turn(s, 0);
			p->pw[0] = 0;
			p->pw[1] = 0;
			p->pw[2] = 8 + p->tokens;
			tg_ok(s, 0, "action ACTH1");
			tg_ok(s, 0, i % 2 ? "pick-color green" : "pick-color blue");
		}
		tg_turn(s, 0);
		tg_bad(s, 0, "action ACTH1", "no shapeshift left");
		free(s);
	}
}

/* v4: ACTH3 (4 power) and ACTH4 (4 tokens), no VP; v5: ACTH5 and ACTH6 (5). */
static void
test_shifter_actions_v4_v5(void **state)
{
	int v;

	(void)state;
	for (v = 4; v <= 5; v++) {
		struct tm_state *s = shifter_game(v, 0);
		struct tm_player *p = &s->pl[0];
		int n = v == 4 ? 4 : 5, vp;
		char odd[16], even[16];

		snprintf(odd, sizeof(odd), "action ACTH%d", v == 4 ? 3 : 5);
		snprintf(even, sizeof(even), "action ACTH%d", v == 4 ? 4 : 6);
		assert_int_equal(p->shifts, 100);
		tg_bad(s, 0, odd, "stronghold brings it");
		tg_put(s, 0, "F4", TB_SH);
		tg_turn(s, 0);
		tg_bad(s, 0, "action ACTH1", "not an action of this rule version");
		p->pw[0] = 0;
		p->pw[1] = 0;
		p->pw[2] = 8;
		vp = p->vp;
		tg_ok(s, 0, odd);
		assert_int_equal(p->pw[2], 8 - n);
		assert_int_equal(p->vp, vp);
		tg_ok(s, 0, "pick-color red");
		tg_turn(s, 0);
		tg_ok(s, 0, even);
		assert_int_equal(p->pw[0] + p->pw[1] + p->pw[2], 8 - n);
		assert_int_equal(p->tokens, -n);
		tg_ok(s, 0, "pick-color black");
		assert_int_equal(tm_home(s, 0), TC_BLACK);
		free(s);
	}
}

/*
 * Their power offers: taken, the first version gives a token in bowl III,
 * once for the building whoever took it; the later ones the right to buy
 * one for 1 VP (gain P3 for VP) or give it up (-GAIN_P3_FOR_VP), and the
 * round does not end while such a right is held; all declined, with
 * errata-cultist-power, 1 power.  Taken after they resigned, it still
 * gives them (the site asks only for the leech effect, commands.pm:446-453;
 * seed 400393, fixture found/shapeshifters-dropped-offer-taken), and the
 * right does not hold the round (acting.pm:598).
 */
static void
test_shifter_offers(void **state)
{
	int v;

	(void)state;
	for (v = 1; v <= 3; v += 2) {
		struct tm_state *s = shifter_game(v, 1), *u = shifter_game(v, 1);
		struct tm_player *p = &s->pl[0];
		int c = tg_free_neighbour(s, tg_cell("F4")), vp, i;
		struct game_wait w;
		struct sbuf mv = SBUF_INIT;

		tg_put(u, 1, s->cells[c].name, TB_D);
		u->pl[0].c = 20;
		u->pl[0].w = 10;
		tg_ok(u, 0, "upgrade F4 to TP. resign");
		tg_ok(u, 1, "leech 1 from shapeshifters. pass BON1");
		assert_int_equal(u->pl[0].pw[2], v == 1);
		assert_int_equal(u->pl[0].p3_for_vp, v != 1);
		assert_int_equal(u->round, 2);
		free(u);
		tg_put(s, 1, s->cells[c].name, TB_D);
		p->c = 20;
		p->w = 10;
		tg_ok(s, 0, "upgrade F4 to TP");
		assert_int_equal(s->noffer, 1);
		tg_ok(s, 1, "leech 1 from shapeshifters");
		if (v == 1) {
			assert_int_equal(p->pw[2], 1);
			assert_int_equal(p->tokens, 1);
			assert_int_equal(p->p3_for_vp, 0);
		} else {
			assert_int_equal(p->pw[2], 0);
			assert_int_equal(p->p3_for_vp, 1);
			vp = p->vp;
			tg_ok(s, 1, "pass BON1");
			tg_ok(s, 0, "pass BON2");
			terra_rules.waiting(s, &w);
			assert_int_equal(w.mask, 1u);	/* the round waits for them */
			assert_int_equal(s->round, 1);
			terra_rules.moves(s, 0, &mv);
			assert_non_null(strstr(sb_str(&mv), "gain P3 for VP\n"));
			assert_non_null(strstr(sb_str(&mv), "-GAIN_P3_FOR_VP\n"));
			sb_free(&mv);
			tg_ok(s, 0, "gain P3 for VP");
			assert_int_equal(p->vp, vp - 1);
			assert_int_equal(p->tokens, 1);
			assert_int_equal(s->round, 2);
			tg_turn(s, 0);
			tg_bad(s, 0, "gain P3 for VP", "once for each power offer");
			free(s);
			continue;
		}
		/* all declined: 1 power with errata-cultist-power */
		tg_turn(s, 0);
		for (i = 0; i < 3; i++)
			p->pw[i] = i == 0 ? 9 : 0;
		p->tokens = 1;
		tg_put(s, 0, "D1", TB_D);
		tg_put(s, 1, s->cells[tg_free_neighbour(s, tg_cell("D1"))].name, TB_D);
		tg_ok(s, 0, "upgrade D1 to TP");
		tg_ok(s, 1, "decline");
		assert_int_equal(p->pw[0], 8);
		assert_int_equal(p->pw[1], 1);
		free(s);
	}
}

/*
 * The site's lapse of the Shapeshifters' tokens (commands.pm: a token
 * bought, or any GAIN_... given up, drops what it waits for from them):
 * with every seat passed and tokens still to buy, the round ends before
 * their next command; a command of another seat first brings the wait
 * back.  Fixtures: found/shapeshifters-tokens-lapse, -giveup-lapse.
 */
static void
test_shifter_tokens_lapse(void **state)
{
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		struct tm_state *s = shifter_game(3, 1);
		struct tm_player *p = &s->pl[0];

		p->p3_for_vp = 2;
		tg_turn(s, 1);
		tg_ok(s, 1, "pass BON1");
		tg_ok(s, 0, "pass BON2");
		assert_int_equal(s->round, 1);
		tg_ok(s, 0, k == 0 ? "gain P3 for VP" : "-GAIN_P3_FOR_VP");
		assert_int_equal(s->round, 1);
		assert_int_equal(p->p3_for_vp, 1);
		if (k == 2) {
			/* another seat's command: the round waits for them again */
			tg_ok(s, 1, "-C");
			assert_int_equal(s->round, 1);
			tg_ok(s, 0, "gain P3 for VP");
		} else {
			/* the round ends first; the command still counts */
			tg_ok(s, 0, "gain P3 for VP");
		}
		assert_int_equal(s->round, 2);
		assert_int_equal(p->p3_for_vp, 0);
		free(s);
	}
}

/*
 * The lapse ends with the Shapeshifters' own pass (or leech, decline,
 * pick-color): the site ends their row there and asks for the tokens left
 * again (acting.pm:716, from maybe_advance_to_next_player): a token bought
 * or given up before the pass lets no round end after it (seed 400303;
 * fixture found/shapeshifters-tokens-asked-again-at-pass).
 */
static void
test_shifter_tokens_asked_again_at_pass(void **state)
{
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct tm_state *s = shifter_game(3, 1);
		struct tm_player *p = &s->pl[0];

		p->p3_for_vp = 2;
		tg_turn(s, 1);
		tg_ok(s, 1, "pass BON1");
		tg_ok(s, 0, k == 0 ? "gain P3 for VP" : "-GAIN_P3_FOR_VP");
		tg_ok(s, 0, "pass BON2");
		tg_ok(s, 0, "wait");
		assert_int_equal(s->round, 1);
		assert_int_equal(p->p3_for_vp, 1);
		tg_ok(s, 0, "gain P3 for VP");
		assert_int_equal(s->round, 2);
		free(s);
	}
}

/*
 * Between the rounds the tokens left hold the next round's start as they
 * held the round's end: the site asks for them from every stage between
 * the rounds that waits for what it requires (acting.pm:525-531, 716).
 * A token bought lets the rest lapse and the round end before the
 * Shapeshifters' next command; their bare `decline` ends their row and
 * brings the wait back; the cult spade spent, the next round waits for
 * them (seed 530871: the Engineers' convert was then not theirs to make;
 * fixtures found/shifter-tokens-hold-next-round, -given-up-next-round).
 */
static void
test_shifter_tokens_hold_next_round(void **state)
{
	static const char *const f[] = { "shapeshifters; pick-color green", "nomads" };
	static const char *const d[] = { "F4", "B1", "H1", "D1", "I7", NULL };
	static const int b[] = { 3, 5 };
	static const char *const o[] = { "fire-and-ice-factions/variable_v3",
	    "score=SCORE6,SCORE3,SCORE1,SCORE8,SCORE5,SCORE7", NULL };
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct tm_state *s = tg_new(2, o, f, d, b);
		struct tm_player *p = &s->pl[0];
		struct game_wait w;

		p->p3_for_vp = 2;
		s->pl[1].cult[TK_WATER] = 4;	/* SCORE6: a spade for 4 WATER */
		tg_turn(s, 1);
		tg_ok(s, 1, "pass BON1");
		tg_ok(s, 0, "pass BON2");
		tg_ok(s, 0, "gain P3 for VP");
		tg_ok(s, 0, "decline");
		assert_int_equal(s->phase, TP_CULTSPADES);
		assert_int_equal(s->pl[1].spades, 1);
		assert_int_equal(p->p3_for_vp, 1);
		tg_ok(s, 1, "-SPADE");
		assert_int_equal(s->phase, TP_CULTSPADES);
		assert_int_equal(s->round, 1);
		terra_rules.waiting(s, &w);
		assert_int_equal(w.mask, 1u);
		assert_non_null(strstr(w.why[0], "before the next round starts"));
		tg_bad(s, 1, "convert 1PW to 1C", "not your turn: the game waits for "
		    "seat 1 (shapeshifters: use or decline the tokens");
		tg_ok(s, 0, k == 0 ? "gain P3 for VP" : "-GAIN_P3_FOR_VP");
		assert_int_equal(s->round, 2);
		assert_int_equal(s->phase, TP_ACTIONS);
		assert_int_equal(p->p3_for_vp, 0);
		free(s);
	}
	/* their own spade given up while their tokens lapse (no row of
	 * theirs ended since the buy): the next round starts at once */
	{
		struct tm_state *s = tg_new(2, o, f, d, b);

		s->pl[0].p3_for_vp = 2;
		s->pl[0].cult[TK_WATER] = 4;
		tg_turn(s, 1);
		tg_ok(s, 1, "pass BON1");
		tg_ok(s, 0, "pass BON2");
		tg_ok(s, 0, "gain P3 for VP");
		tg_ok(s, 0, "-SPADE");
		assert_int_equal(s->round, 2);
		assert_int_equal(s->pl[0].p3_for_vp, 1);
		free(s);
	}
}

/* Run the tests of this file. */

/*
 * The Shapeshifters as the last seat playing, owing the colour of their
 * stronghold's action: a new action or a pass first settles it, as the
 * site would otherwise wait for ever (owed_for_ever, REFUSALS.md).
 */
static void
test_shifter_owed_for_ever(void **state)
{
	struct tm_state *s;

	(void)state;
	s = shifter_game(1, 0);
	tg_put(s, 0, "F4", TB_SH);
	s->pl[0].pw[0] = 2;
	s->pl[0].pw[1] = 2;
	s->pl[0].pw[2] = 4;
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON1");
	assert_int_equal(s->cur, 0);
	tg_bad(s, 0, "action ACTH1. pass BON2", "pass: first settle the colour you owe "
	    "(pick-color COLOUR)");
	tg_bad(s, 0, "action ACTH1. upgrade D1 to TP", "upgrade: first settle the colour");
	tg_ok(s, 0, "action ACTH1. pick-color blue. upgrade D1 to TP. pass BON2");
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shifter_setup),
		cmocka_unit_test(test_shifter_spades),
		cmocka_unit_test(test_shifter_actions_v1),
		cmocka_unit_test(test_shifter_counts),
		cmocka_unit_test(test_shifter_actions_v4_v5),
		cmocka_unit_test(test_shifter_offers),
		cmocka_unit_test(test_shifter_tokens_lapse),
		cmocka_unit_test(test_shifter_tokens_asked_again_at_pass),
		cmocka_unit_test(test_shifter_tokens_hold_next_round),
		cmocka_unit_test(test_shifter_owed_for_ever),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
