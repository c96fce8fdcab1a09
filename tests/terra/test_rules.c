/*
 * test_rules.c - Terra Mystica rules, one test per rule: terraforming and
 * building, reach, trading post cost, power offers, cults and priests,
 * towns, passing and turn order, cult bonuses between rounds, final
 * scoring, options and the administrative drop-faction.
 */
#include "tmtest.h"

/* Witches (seat 0) and Cultists (seat 1) next to each other. */
static struct tm_state *
wc_game(const char *const *opts)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };

	return tg_new(2, opts, f, d, b);
}

/* Setup: faction colours are unique; dwellings go on home terrain. */
static void
test_setup_rules(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	struct game_opt keep = { "maintain-player-order", "" };
	char err[256];

	(void)state;
	assert_int_equal(terra_rules.setup(s, 3, &keep, 1, seed, err, sizeof(err)), 0);
	tg_ok(s, 0, "setup witches");
	tg_bad(s, 1, "setup auren", "is taken by the");
	tg_bad(s, 1, "setup witches", "setup: another seat has the witches already");
	tg_bad(s, 2, "setup giants", "not your turn");
	tg_ok(s, 1, "setup giants");
	tg_ok(s, 2, "setup nomads");
	assert_int_equal(s->phase, TP_DWELLINGS);
	tg_bad(s, 0, "build E8", "home terrain");
	tg_bad(s, 0, "build Z99", "build: there is no hex Z99 on this map");
	/* three dwellings for the nomads: placed after the two rounds */
	assert_int_equal(s->nqueue, 7);
	assert_int_equal(s->queue[6], 2);
	assert_int_equal(s->queue[3], 2);
	free(s);
}

/* Random setup draws six distinct scoring tiles and keeps SCORE1 early. */
static void
test_random_setup(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN];
	char err[256];
	int k, i, j, n;

	(void)state;
	for (k = 0; k < 50; k++) {
		memset(seed, k, sizeof(seed));
		assert_int_equal(terra_rules.setup(s, 2 + k % 4, NULL, 0, seed, err,
		    sizeof(err)), 0);
		for (i = 0; i < 6; i++) {
			assert_true(s->score_tile[i] >= 1 && s->score_tile[i] <= 8);
			if (i >= 4)
				assert_int_not_equal(s->score_tile[i], 1);
			for (j = 0; j < i; j++)
				assert_int_not_equal(s->score_tile[i], s->score_tile[j]);
		}
		for (n = 0, i = 1; i <= TM_NBON; i++)
			n += s->bon_avail[i];
		assert_int_equal(n, s->nseats + 3);
	}
	free(s);
}

/* Explicit options: score tiles, deleted bonus tiles, unknown options. */
static void
test_options(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	struct game_opt o[3] = { { "score", "SCORE5,SCORE8,SCORE2,SCORE3,SCORE4,SCORE6" },
	    { "delete", "BON3,BON4" }, { "shipping-bonus", "" } };
	struct game_opt bad[1] = { { "no-such-option", "" } };
	struct game_opt late1[1] = { { "score", "SCORE5,SCORE8,SCORE2,SCORE3,SCORE1,SCORE6" } };
	char err[256];

	(void)state;
	assert_int_equal(terra_rules.setup(s, 5, o, 3, seed, err, sizeof(err)), 0);
	assert_int_equal(s->score_tile[0], 5);
	assert_int_equal(s->score_tile[5], 6);
	assert_int_equal(s->bon_avail[3], 0);
	assert_int_equal(s->bon_avail[4], 0);
	assert_int_equal(s->bon_avail[10], 1);
	assert_int_not_equal(terra_rules.setup(s, 2, bad, 1, seed, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "unknown option"));
	assert_int_not_equal(terra_rules.setup(s, 2, late1, 1, seed, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "SCORE1"));
	free(s);
}

/* Building next to an opponent: transform with workers, VP, power offer. */
static void
test_build_and_leech(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].w = 10;
	s->pl[0].c = 20;
	tg_ok(s, 0, "build E7");	/* gray -> green: 1 spade = 3 W, + 1 W 2 C */
	assert_int_equal(s->pl[0].w, 6);
	assert_int_equal(s->pl[0].c, 18);
	assert_int_equal(s->pl[0].vp, 22);	/* SCORE3: D >> 2 */
	assert_int_equal(s->terrain[tg_cell("E7")], TC_GREEN);
	assert_int_equal(s->noffer, 1);
	assert_int_equal(s->offer[0].to, 1);
	assert_int_equal(s->offer[0].amount, 1);
	tg_bad(s, 1, "leech 2 from auren", "no faction");
	tg_ok(s, 1, "leech 1 from witches");
	assert_int_equal(s->pl[1].pw[0], 4);
	assert_int_equal(s->pl[1].vp, 20);
	assert_int_equal(s->noffer, 0);
	free(s);
}

/* A leech costs VP (one less than the power) and is capped by the bowls. */
static void
test_leech_cost_and_cap(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	tg_put(s, 1, "E6", TB_TP);
	s->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->offer[0].amount, 2);
	s->pl[1].pw[0] = 0;
	s->pl[1].pw[1] = 1;
	s->pl[1].pw[2] = 11;
	tg_ok(s, 1, "leech 2 from witches");	/* only 1 power fits */
	assert_int_equal(s->pl[1].pw[2], 12);
	assert_int_equal(s->pl[1].vp, 20);
	free(s);
}

/* Declining; under strict-leech an offer left open by a conversion is
 * declined, not taken. */
static void
test_decline_and_strict_leech(void **state)
{
	static const char *const opts[] = { "strict-leech", NULL };
	struct tm_state *s = wc_game(opts);
	struct game_wait w;

	(void)state;
	s->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	terra_rules.waiting(s, &w);
	assert_int_equal(w.mask, 2u);
	assert_non_null(strstr(w.why[1], "leech 1 from witches"));
	s->pl[1].pw[2] = 1;
	s->pl[1].pw[1] = 6;
	/* the site: a seat with offers open may convert; the offer is then
	 * tainted, and under strict-leech no longer taken, only declined */
	tg_ok(s, 1, "convert 1PW to 1C");
	assert_int_equal(s->noffer, 1);
	assert_int_equal(s->offer[0].taint, TT_CONVERT);
	tg_bad(s, 1, "leech 1 from witches", "should come before your 'convert'");
	tg_ok(s, 1, "decline");
	assert_int_equal(s->noffer, 0);
	free(s);
}

/* Reach: next to a building, or over rivers within the shipping range. */
static void
test_reach_and_shipping(void **state)
{
	struct tm_state *s = wc_game(NULL);
	int kind;

	(void)state;
	s->pl[0].w = 20;
	s->pl[0].c = 20;
	tg_bad(s, 0, "build A1", "not reachable");
	/* G3 is across river r29 from F4 */
	assert_int_equal(tm_reach(s, 0, tg_cell("G3"), &kind), 0);
	s->pl[0].ship = 1;
	assert_int_equal(tm_reach(s, 0, tg_cell("G3"), &kind), 1);
	tg_ok(s, 0, "build G3");
	free(s);
}

/* A trading post costs 3 coins next to an opponent, 6 when alone. */
static void
test_trading_post_cost(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].c = 20;
	tg_ok(s, 0, "upgrade F4 to TP");	/* E6 (cultists) is next to it */
	assert_int_equal(s->pl[0].c, 17);
	tg_turn(s, 0);
	tg_put(s, 1, "E2", TB_NONE);
	tg_ok(s, 0, "upgrade D1 to TP");
	assert_int_equal(s->pl[0].c, 11);
	free(s);
}

/* One action per turn; the turn passes on when nothing is owed. */
static void
test_one_action_per_turn(void **state)
{
	struct tm_state *s = wc_game(NULL);
	struct game_played pl;
	char err[256];

	(void)state;
	s->pl[0].p = 2;
	tg_bad(s, 0, "send p to FIRE; send p to WATER", "one action per turn");
	tg_ok(s, 0, "send p to FIRE");
	assert_int_equal(s->cur, 1);
	/* until the cultists send something the turn is still the witches'
	 * (the site's), and a second action is refused as one */
	tg_bad(s, 0, "send p to WATER", "one action per turn");
	tg_ok(s, 1, "wait");
	assert_int_equal(terra_rules.play(s, 0, "send p to WATER", &pl, err,
	    sizeof(err)), GAME_NOT_YOUR_TURN);
	assert_non_null(strstr(err, "cultists"));
	free(s);
}

/* Priests: 3-step space, then 2-step spaces, then 1 step; 7 at most. */
static void
test_priests_and_cult_power(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].p = 3;
	s->pl[0].pw[0] = 5;
	s->pl[0].pw[1] = 7;
	tg_ok(s, 0, "send p to FIRE");
	assert_int_equal(s->pl[0].cult[TK_FIRE], 3);
	assert_int_equal(s->slot[TK_FIRE][0], 1);
	assert_int_equal(s->pl[0].pw[0], 4);	/* step 3 gives 1 power */
	tg_turn(s, 0);
	tg_ok(s, 0, "send p to FIRE");
	assert_int_equal(s->pl[0].cult[TK_FIRE], 5);
	tg_turn(s, 0);
	tg_ok(s, 0, "send p to FIRE for 1");
	assert_int_equal(s->pl[0].cult[TK_FIRE], 6);
	assert_int_equal(s->pl[0].p_on_cult, 2);
	tg_turn(s, 0);
	tg_bad(s, 0, "send p to FIRE", "no priest");
	s->pl[0].p = 5;
	tm_gain_priests(&s->pl[0], 3);
	assert_int_equal(s->pl[0].p, 5);	/* 5 + 2 on the track = 7 */
	free(s);
}

/* Step 10 of a cult track needs a key and a free top space. */
static void
test_cult_ten_needs_key(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].cult[TK_AIR] = 8;
	assert_int_equal(tm_cult_advance(s, 0, TK_AIR, 3), 1);
	assert_int_equal(s->pl[0].cult[TK_AIR], 9);
	s->pl[0].keys = 1;
	assert_int_equal(tm_cult_advance(s, 0, TK_AIR, 1), 1);
	assert_int_equal(s->pl[0].cult[TK_AIR], 10);
	s->pl[1].keys = 1;
	s->pl[1].cult[TK_AIR] = 9;
	assert_int_equal(tm_cult_advance(s, 1, TK_AIR, 1), 0);
	free(s);
}

/* A town: 4 linked buildings with power 7 -> tile owed, key, tile gains. */
static void
test_town(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	tg_put(s, 0, "E7", TB_TP);
	tg_put(s, 0, "F4", TB_TP);
	tg_put(s, 0, "F3", TB_D);
	tg_put(s, 0, "G2", TB_D);
	s->pl[0].c = 10;
	tg_ok(s, 0, "upgrade F3 to TP. +TW1");
	assert_int_equal(s->pl[0].towns, 1);
	assert_int_equal(s->pl[0].keys, 1);
	assert_int_equal(s->pl[0].c, 10 - 3 + 6);
	assert_int_equal(s->pl[0].vp, 20 + 5 + 5);	/* TW1 5, witches 5 */
	assert_true(s->town[tg_cell("G2")]);
	assert_int_equal(s->tw_left[1], 1);
	free(s);
}

/* A town must take its tile before the turn ends; FAV5 needs power 6. */
static void
test_town_fav5(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	tg_put(s, 0, "E7", TB_TP);
	tg_put(s, 0, "F4", TB_D);
	tg_put(s, 0, "F3", TB_D);
	tg_put(s, 0, "G2", TB_D);	/* power 5 */
	s->pl[0].c = 20;
	s->pl[0].w = 10;
	tg_ok(s, 0, "upgrade F4 to TP");	/* power 6: no town yet */
	assert_int_equal(s->pl[0].town_owed, 0);
	tg_turn(s, 0);
	tg_ok(s, 0, "upgrade F4 to TE");
	assert_int_equal(s->pl[0].fav_owed, 1);
	tg_ok(s, 0, "+FAV5");	/* power 6 with FAV5 */
	assert_int_equal(s->pl[0].town_owed, 1);
	assert_int_equal(s->cur, 0);	/* the tile is still owed */
	tg_bad(s, 0, "+TW6", "none left");
	tg_ok(s, 0, "+TW2");
	assert_int_equal(s->cur, 1);
	free(s);
}

/* Passing: bonus tile coins, pass VP, and the next round's order. */
static void
test_pass_and_order(void **state)
{
	static const char *const f[] = { "witches", "cultists", "nomads" };
	static const char *const d[] = { "F4", "E6", "D3", "F3", "E2", "D1", "B1",
	    NULL };
	static const int b[] = { 3, 5, 7 };
	static const char *const vto[] = { "variable-turn-order", NULL };
	struct tm_state *s = tg_new(3, NULL, f, d, b), *v;

	(void)state;
	assert_int_equal(s->bon_coins[1], 1);
	tg_put(s, 0, "F4", TB_TP);
	tg_ok(s, 0, "pass BON1");	/* held BON7: 2 VP per TP */
	assert_int_equal(s->pl[0].vp, 22);
	assert_int_equal(s->pl[0].c, 15 + 1);
	assert_int_equal(s->bon_avail[7], 1);
	tg_ok(s, 1, "pass BON7");
	tg_ok(s, 2, "pass BON2");
	assert_int_equal(s->round, 2);
	assert_int_equal(s->order[0], 0);
	/* pass order 1, 0, 2: rotated order 1 2 0, variable order 1 0 2 */
	tg_ok(s, 0, "pass BON5");
	free(s);
	s = tg_new(3, NULL, f, d, b);
	v = tg_new(3, vto, f, d, b);
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON1");
	tg_turn(v, 1);
	tg_ok(v, 1, "pass BON1");
	tg_ok(s, 2, "pass BON2");
	tg_ok(v, 2, "pass BON2");
	assert_int_equal(s->cur, 0);
	tg_ok(s, 0, "pass BON4");
	assert_int_equal(v->cur, 0);
	tg_ok(v, 0, "pass BON4");
	assert_int_equal(s->order[0], 1);
	assert_int_equal(s->order[1], 2);
	assert_int_equal(v->order[0], 1);
	assert_int_equal(v->order[1], 2);
	free(s);
	free(v);
}

/* Round 6 passes take no tile; the game then scores and ends. */
static void
test_final_round_and_scoring(void **state)
{
	struct tm_state *s = wc_game(NULL);
	int r, seat;

	(void)state;
	for (r = 1; r <= 5; r++) {
		int k, i;

		for (k = 0; k < 2; k++) {
			char cmd[32];

			for (i = 1; !s->bon_avail[i]; i++)
				continue;
			snprintf(cmd, sizeof(cmd), "pass BON%d", i);
			tg_ok(s, s->cur, cmd);
		}
		while (s->phase == TP_CULTSPADES)
			tg_ok(s, s->cur, "-SPADE");
	}
	assert_int_equal(s->round, 6);
	/* no tile is taken in round 6; one named is let be (the site) */
	seat = s->cur;
	tg_ok(s, s->cur, "pass BON3");
	assert_int_equal(s->pl[seat].bon, 0);
	tg_ok(s, s->cur, "pass");
	assert_true(terra_rules.over(s));
	assert_true(s->pl[0].final_cult > 0);
	assert_int_equal(s->pl[0].final_net + s->pl[1].final_net, 18 + 12);
	free(s);
}

/* Final cult majorities and networks: ties share, rounded down. */
static void
test_final_shares(void **state)
{
	static const char *const f[] = { "witches", "cultists", "nomads" };
	static const char *const d[] = { "F4", "E6", "D3", "F3", "E2", "D1", "B1",
	    NULL };
	static const int b[] = { 3, 5, 7 };
	struct tm_state *s = tg_new(3, NULL, f, d, b);
	int before[3], k, i;

	(void)state;
	for (i = 0; i < 3; i++)
		for (k = 0; k < 4; k++)
			s->pl[i].cult[k] = 0;
	tg_put(s, 2, "E3", TB_D);	/* nomads D3-E3: network 2 */
	s->pl[0].cult[TK_FIRE] = 5;
	s->pl[1].cult[TK_FIRE] = 5;
	s->pl[2].cult[TK_FIRE] = 3;
	for (i = 0; i < 3; i++) {
		s->pl[i].c = s->pl[i].w = s->pl[i].p = 0;
		s->pl[i].pw[0] = 12;
		s->pl[i].pw[1] = s->pl[i].pw[2] = 0;
		before[i] = s->pl[i].vp;
	}
	tm_final_scoring(s);
	/* fire 6/6/2; networks: witches 2, cultists 2, nomads 3 -> 9/9/18 */
	assert_int_equal(s->pl[0].vp - before[0], 6 + 9);
	assert_int_equal(s->pl[1].vp - before[1], 6 + 9);
	assert_int_equal(s->pl[2].vp - before[2], 2 + 18);
	free(s);
}

/* Cult bonus spades are spent between rounds, in turn order; nobody
 * converts then. */
static void
test_cult_spades_between_rounds(void **state)
{
	static const char *const opts[] = {
		"score=SCORE6,SCORE3,SCORE1,SCORE8,SCORE5,SCORE7", NULL };
	struct tm_state *s = wc_game(opts);

	(void)state;
	s->pl[0].cult[TK_WATER] = 4;
	s->pl[1].cult[TK_WATER] = 8;
	tg_ok(s, 1 - 1, "pass BON1");
	tg_ok(s, 1, "pass BON2");
	assert_int_equal(s->phase, TP_CULTSPADES);
	assert_int_equal(s->cur, 0);
	assert_int_equal(s->pl[1].spades, 2);
	/* As on the site, every seat holding cult spades may spend them, in
	 * any order: seat 1 first, though seat 0 comes first in turn order. */
	tg_bad(s, 1, "build E5", "between rounds");
	/* no turn runs: no conversion (the site: "outside of actions"); the
	 * site's active faction is still the last to pass, which may burn */
	tg_bad(s, 0, "convert 1W to 1C", "not between the rounds");
	tg_bad(s, 0, "burn 1", "not between the rounds");
	s->pl[1].pw[1] += s->pl[1].pw[0];
	s->pl[1].pw[0] = 0;
	tg_ok_copy(s, 1, "burn 1");
	tg_ok(s, 1, "transform E5 to brown");
	assert_int_equal(s->phase, TP_CULTSPADES);
	tg_ok(s, 0, "transform E7 to green");
	tg_bad(s, 0, "transform E8 to green", "not your turn");
	assert_int_equal(s->phase, TP_CULTSPADES);
	tg_ok(s, 1, "transform F3 to brown");
	assert_int_equal(s->phase, TP_ACTIONS);
	assert_int_equal(s->round, 2);
	free(s);
}

/* dig, then the dwelling; spades bought must be spent; SCORE1 spade VP. */
static void
test_dig_and_spade_vp(void **state)
{
	static const char *const opts[] = {
		"score=SCORE1,SCORE3,SCORE6,SCORE8,SCORE5,SCORE7", NULL };
	struct tm_state *s = wc_game(opts);

	(void)state;
	s->pl[0].w = 10;
	tg_ok(s, 0, "dig 1");
	assert_int_equal(s->cur, 0);
	tg_bad(s, 0, "send p to FIRE", "one action per turn");
	tg_bad(s, 0, "build A1", "not reachable");
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->pl[0].vp, 22);	/* one spade on SCORE1 */
	assert_int_equal(s->pl[0].w, 10 - 3 - 1);
	free(s);
}

/* Bridges: ACT1, across one river, from a hex with your building. */
static void
test_bridge(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].pw[0] = 5;
	s->pl[0].pw[1] = 4;
	s->pl[0].pw[2] = 3;
	tg_bad(s, 0, "action ACT1. bridge A1:A2", "not across one river");
	tg_bad(s, 0, "action ACT1. bridge E8:G3", "one end must have your building");
	/* a second bridge: the action's one is placed (the site: commands.pm:710
	 * "Can't build bridge") */
	tg_bad(s, 0, "action ACT1. bridge F4:G3. bridge F4:G3", "bridge: the bridge "
	    "of this turn's action is placed already (F4:G3)");
	tg_ok(s, 0, "action ACT1. bridge F4:G3");
	assert_int_equal(s->pl[0].bridges, 1);
	assert_true(tm_direct_adjacent(s, tg_cell("F4"), tg_cell("G3")));
	assert_int_equal(s->act_used[1], 1);
	tg_turn(s, 0);
	s->pl[0].pw[0] = 5;
	s->pl[0].pw[1] = 4;
	s->pl[0].pw[2] = 3;
	tg_bad(s, 0, "action ACT1", "already taken");
	/* another action's turn: no bridge came with it */
	tg_bad(s, 0, "action ACT2. bridge F4:G3", "bridge: take action ACT1 (or the "
	    "Engineers' ACTE) first");
	free(s);
}

/* A refusal reads 'COMMAND': VERB: RULE, the verb that of the command sent. */
static void
test_refusal_prefixes(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].c = 1;
	tg_bad(s, 0, "advance dig", "'advance dig': advance: a digging level costs "
	    "5C 2W 1P; you have 1C");
	tg_bad(s, 0, "advance ship", "'advance ship': advance: a shipping level costs");
	tg_bad(s, 0, "build A1", "'build A1': build: A1 is not reachable: it must be "
	    "next to one of your buildings");
	tg_bad(s, 0, "upgrade F4 to TP", "'upgrade F4 to TP': upgrade: the upgrade costs");
	/* A hex the map has not: said as such, not as a river or someone else's hex. */
	tg_bad(s, 0, "build Z99", "'build Z99': build: there is no hex Z99 on this map");
	tg_bad(s, 0, "upgrade Z99 to TP", "upgrade: there is no hex Z99 on this map");
	tg_bad(s, 0, "transform Z99 to yellow", "transform: there is no hex Z99 on this map");
	tg_bad(s, 0, "transform Z99", "transform: there is no hex Z99 on this map");
	tg_bad(s, 0, "transform F4 to mauve", "transform: write it as 'transform HEX to COLOUR'");
	s->pl[0].c = 20;
	s->pl[0].w = 0;
	tg_bad(s, 0, "dig 1", "'dig 1': dig: digging costs 0C 3W 0P; you have");
	free(s);
}

/* A bonus tile not in the pool (resources.pm:328 "Not enough 'BON5' in
 * pool"): the seat's own, another faction's, or out of the game. */
static void
test_pass_tile_held(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	assert_int_equal(s->pl[0].bon, 5);
	assert_int_equal(s->pl[1].bon, 3);
	tg_bad(s, 0, "pass BON5", "pass: BON5 is your own tile; pass with one from "
	    "the pool");
	tg_bad(s, 0, "pass BON3", "pass: BON3 is not available (the cultists hold it)");
	tg_bad(s, 0, "pass BON7", "pass: BON7 is not available");
	tg_ok(s, 0, "pass BON4");
	free(s);
}

/* Power actions, conversions and burning. */
static void
test_power_actions_and_conversions(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	tg_bad(s, 0, "action ACT4", "burn first");
	tg_ok(s, 0, "burn 5. convert 1PW to 1C. action ACT4");	/* 2/10/0 */
	assert_int_equal(s->pl[0].burned, 5);
	assert_int_equal(s->pl[0].pw[0], 7);
	assert_int_equal(s->pl[0].c, 15 + 1 + 7);
	tg_bad(s, 1, "convert 2PW to 1W", "power converts 3 to 1");
	tg_bad(s, 1, "convert 1VP to 1C", "not a conversion");
	s->pl[1].p = 1;
	tg_ok(s, 1, "convert 1P to 1W");
	free(s);
}

/* drop-faction: the faction passes for good and loses its offers. */
static void
test_drop_faction(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->noffer, 1);
	tg_bad(s, -1, "drop-faction auren", "no faction");
	tg_ok(s, -1, "drop-faction cultists");
	assert_int_equal(s->noffer, 0);
	assert_int_equal(s->cur, 0);
	/* the faction's name is a plural: the cultists' offer */
	if (strstr(s->last, "withdrawn: cultists' offer from witches") == NULL)
		fail_msg("last: '%s'", s->last);
	/* its bonus tile went back: none shown (not "BON0") */
	assert_int_equal(s->pl[1].bon, 0);
	{
		static const char *const names[] = { "ann", "cultists" };
		struct sbuf b = SBUF_INIT;

		terra_rules.render_text(s, -1, names, &b);
		if (strstr(sb_str(&b), "BON0") != NULL)
			fail_msg("a faction with no tile shows BON0:\n%s", sb_str(&b));
		sb_free(&b);
	}
	tg_bad(s, 1, "pass BON1", "left the game");
	free(s);
}

/* The faction prefix is optional, but must name the seat's own faction. */
static void
test_faction_prefix(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	s->pl[0].p = 1;
	tg_bad(s, 0, "cultists: send p to FIRE", "does not name your faction");
	tg_ok(s, 0, "witches: send p to FIRE");
	free(s);
}

/* TW7 is a shipping step and scores the track's VP; TW6 gives two keys. */
static void
test_town_tiles_ship_and_keys(void **state)
{
	static const char *const mini[] = { "mini-expansion-1", NULL };
	struct tm_state *s = wc_game(mini);
	int vp;

	(void)state;
	s->pl[0].town_owed = 2;
	vp = s->pl[0].vp;
	tg_ok(s, 0, "+TW7");
	assert_int_equal(s->pl[0].ship, 1);
	assert_int_equal(s->pl[0].vp, vp + 4 + 2 + 5);	/* tile, ship 1, witches */
	tg_ok(s, 0, "+TW6");
	assert_int_equal(s->pl[0].keys, 1 + 2);	/* one with each tile, TW6 a second */
	assert_int_equal(s->pl[0].cult[TK_AIR], 2 + 2);
	tg_bad(s, 0, "+TW1", "owed no town tile");
	free(s);
}

/* The key of a town formed by FAV5 counts before the favor's cult steps. */
static void
test_fav5_town_key_first(void **state)
{
	struct tm_state *s = wc_game(NULL);

	(void)state;
	tg_put(s, 0, "E7", TB_TP);
	tg_put(s, 0, "F4", TB_TP);
	tg_put(s, 0, "F3", TB_D);
	tg_put(s, 0, "G2", TB_D);	/* power 6 */
	s->pl[0].cult[TK_FIRE] = 8;
	s->pl[0].fav_owed = 1;
	tg_ok(s, 0, "+FAV5. +TW1");
	assert_int_equal(s->pl[0].cult[TK_FIRE], 10);
	free(s);
}

/*
 * The site: a cult step to 10 without a key stops at 9; a town key taken
 * later in the same turn moves the track on (and pays the 3 power then).
 */
static void
test_key_comes_with_the_tile(void **state)
{
	struct tm_state *s = wc_game(NULL);
	int pw;

	(void)state;
	tg_put(s, 0, "E7", TB_TP);
	tg_put(s, 0, "F4", TB_TP);
	tg_put(s, 0, "F3", TB_D);
	tg_put(s, 0, "G2", TB_D);	/* power 6: no town without FAV5 */
	s->pl[0].cult[TK_WATER] = 8;
	s->pl[0].fav_owed = 2;
	tg_ok(s, 0, "+FAV6");
	assert_int_equal(s->pl[0].cult[TK_WATER], 9);	/* no key yet */
	pw = s->pl[0].pw[1] + 2 * s->pl[0].pw[2];
	tg_ok(s, 0, "+FAV5. +TW1");
	assert_int_equal(s->pl[0].cult[TK_WATER], 10);	/* the key moved it on */
	assert_true(s->pl[0].pw[1] + 2 * s->pl[0].pw[2] >= pw + 3);
	free(s);
}

/*
 * TW5 and TW6 (a step, or two, on every track): the key first, then the
 * tracks in the order the site takes them - AIR, EARTH, WATER, FIRE.  A
 * track that reaches 10 takes a free key; with none left it stops at 9 and
 * is remembered (a later key in the turn moves it on); a track another
 * faction holds at 10 stops at 9 and is not.  Every case as the site's
 * engine (run with PERL_HASH_SEED=0, as the site runs it) plays it.
 */
static void
test_town_tile_track_order(void **state)
{
	static const char *const mini[] = { "mini-expansion-1", NULL };
	static const struct {
		int tw, cult[4], spare, held;	/* held: the track another holds, -1 */
		int want[4], blocked;		/* blocked: bits of the tracks remembered */
	} c[] = {
		{ 5, { 9, 9, 0, 0 }, 0, -1, { 9, 10, 1, 1 }, 1 << TK_FIRE },
		{ 5, { 9, 9, 9, 9 }, 0, -1, { 9, 9, 9, 10 },
		    1 << TK_FIRE | 1 << TK_WATER | 1 << TK_EARTH },
		{ 5, { 9, 9, 9, 9 }, 1, -1, { 9, 9, 10, 10 }, 1 << TK_FIRE | 1 << TK_WATER },
		{ 5, { 9, 0, 9, 0 }, 0, -1, { 9, 1, 10, 1 }, 1 << TK_FIRE },
		{ 5, { 9, 9, 9, 9 }, 0, TK_AIR, { 9, 9, 10, 9 }, 1 << TK_FIRE | 1 << TK_WATER },
		{ 5, { 9, 9, 9, 9 }, 0, TK_EARTH, { 9, 9, 9, 10 }, 1 << TK_FIRE | 1 << TK_WATER },
		{ 6, { 9, 9, 0, 0 }, 0, -1, { 10, 10, 2, 2 }, 0 },
		{ 6, { 8, 9, 8, 9 }, 0, -1, { 9, 9, 10, 10 }, 1 << TK_FIRE | 1 << TK_WATER },
		{ 6, { 8, 8, 8, 8 }, 0, -1, { 9, 9, 10, 10 }, 1 << TK_FIRE | 1 << TK_WATER },
		{ 6, { 9, 9, 9, 0 }, 0, -1, { 9, 10, 10, 2 }, 1 << TK_FIRE },
		{ 6, { 9, 9, 9, 9 }, 1, -1, { 9, 10, 10, 10 }, 1 << TK_FIRE },
		{ 6, { 8, 8, 8, 8 }, 0, TK_AIR, { 9, 10, 10, 9 }, 1 << TK_FIRE },
	};
	size_t i;
	int k;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct tm_state *s = wc_game(mini);
		char cmd[8];

		for (k = 0; k < 4; k++)
			s->pl[0].cult[k] = c[i].cult[k];
		s->pl[0].keys = c[i].spare;
		if (c[i].held >= 0)
			s->pl[1].cult[c[i].held] = 10;
		s->pl[0].town_owed = 1;
		snprintf(cmd, sizeof(cmd), "+TW%d", c[i].tw);
		tg_ok(s, 0, cmd);
		for (k = 0; k < 4; k++)
			assert_int_equal(s->pl[0].cult[k], c[i].want[k]);
		assert_int_equal(s->pl[0].cult_blocked, c[i].blocked);
		free(s);
	}
}

/* Every seat passed, no turn running, the Cultists owe n cult steps for
 * offers decided after the last pass; the round's tile pays 1W per 2 FIRE. */
static struct tm_state *
cultists_owing(int n, int round)
{
	static const char *const f[] = { "cultists", "witches" };
	static const char *const d[] = { "E6", "F4", "D1", "E2", NULL };
	static const int b[] = { 3, 5 };
	struct tm_state *s = tg_new(2, NULL, f, d, b);

	s->round = round;
	s->score_tile[round - 1] = 4;
	s->pl[0].passed = s->pl[1].passed = 1;
	s->cur = -1;
	s->pl[0].cult_bonus = n;
	s->pl[0].cult[TK_FIRE] = 0;
	s->pl[0].cult[TK_AIR] = 0;
	return s;
}

/*
 * The Cultists' steps owed when the round is otherwise over: the site
 * pays the round's cult income after the first and before the rest (the
 * same step written twice in a row counts as one, +2FIRE); in round 6 the
 * game ends after the first.  A pass held for the steps holds the round,
 * until another seat's command.
 */
static void
test_cultists_steps_after_round_end(void **state)
{
	struct tm_state *s;
	int w[3], i;

	(void)state;
	/* +AIR, +FIRE: FIRE 0 when the tile pays; +FIRE, +AIR: FIRE 1 */
	for (i = 0; i < 3; i++) {
		s = cultists_owing(2, 1);
		s->pl[0].cult[TK_FIRE] = 1;
		if (i < 2) {
			tg_ok(s, 0, i == 0 ? "+AIR" : "+FIRE");
			assert_int_equal(s->phase, TP_ACTIONS);	/* at their next */
			assert_int_equal(s->bonus_end, 1);
			tg_ok(s, 0, i == 0 ? "+FIRE" : "+AIR");
		} else
			tg_ok(s, 0, "+AIR. +FIRE");	/* one submission: the same */
		assert_int_equal(s->round, 2);
		assert_int_equal(s->pl[0].cult[TK_FIRE], 2);
		w[i] = s->pl[0].w;
		free(s);
	}
	assert_int_equal(w[0], w[1] - 1);
	assert_int_equal(w[2], w[0]);
	/* +FIRE, +FIRE: one step of two, FIRE 2 when the tile pays */
	s = cultists_owing(2, 1);
	tg_ok(s, 0, "+FIRE");
	tg_ok(s, 0, "+FIRE");
	assert_int_equal(s->pl[0].cult[TK_FIRE], 2);
	w[0] = s->pl[0].w;
	free(s);
	s = cultists_owing(2, 1);
	tg_ok(s, 0, "+FIRE");
	tg_ok(s, 0, "+AIR");
	assert_int_equal(w[0], s->pl[0].w + 1);
	free(s);
	/* round 6: the game ends after the first step */
	s = cultists_owing(2, 6);
	tg_ok(s, 0, "+AIR");
	tg_ok(s, 0, "+FIRE");
	assert_true(s->over);
	assert_int_equal(s->pl[0].cult[TK_FIRE], 0);
	free(s);
	/* a pass held for the steps: the round waits for the last, and then
	 * for the other seat's command (the site closes the Cultists' turn
	 * only when another faction's line follows theirs) */
	s = cultists_owing(2, 1);
	s->cur = 0;
	s->held_pass = 1;
	tg_ok(s, 0, "+AIR");
	assert_int_equal(s->bonus_end, 0);
	tg_ok(s, 0, "+FIRE");
	assert_int_equal(s->round, 1);
	tg_ok(s, 1, "wait");
	assert_int_equal(s->round, 2);
	assert_int_equal(s->pl[0].cult[TK_FIRE], 1);
	free(s);
}

/*
 * The Cultists' last step owed, every seat passed: the site ends the round
 * right after it (acting.pm, in_play from what_next after each command),
 * before the rest of their row; in round 6 the game ends and the rest is
 * let be (play() runs nothing after it), in another round it meets the
 * round's end (a second step is owed no more).
 */
static void
test_cultists_last_step_ends_round(void **state)
{
	struct tm_state *s;

	(void)state;
	s = cultists_owing(1, 6);
	tg_ok(s, 0, "+FIRE. +WATER");
	assert_true(s->over);
	assert_int_equal(s->pl[0].cult[TK_FIRE], 1);
	assert_int_equal(s->pl[0].cult[TK_WATER], 0);	/* the Cultists' start */
	free(s);
	s = cultists_owing(1, 1);
	s->pl[0].cult[TK_FIRE] = 1;
	tg_bad(s, 0, "+FIRE. +AIR", "owe 0 cult steps");
	tg_ok(s, 0, "+FIRE");
	assert_int_equal(s->round, 2);
	free(s);
}

/* Offers go to full bowls too; a leech that gains nothing gives the
 * Cultists neither a cult step nor (errata) the consolation power. */
static void
test_cultists_empty_leech(void **state)
{
	static const char *const f[] = { "cultists", "witches" };
	static const char *const d[] = { "E6", "F4", "D1", "E2", NULL };
	static const char *const errata[] = { "errata-cultist-power", NULL };
	static const int b[] = { 3, 5 };
	struct tm_state *s = tg_new(2, errata, f, d, b);
	int pw0;

	(void)state;
	s->pl[1].pw[0] = s->pl[1].pw[1] = 0;
	s->pl[1].pw[2] = 12;
	s->pl[0].w = 20;
	pw0 = s->pl[0].pw[0];
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->noffer, 1);
	tg_ok(s, 1, "leech 1 from cultists");
	assert_int_equal(s->pl[0].cult_bonus, 0);
	assert_int_equal(s->pl[0].pw[0], pw0);
	assert_int_equal(s->pl[1].vp, 20);
	free(s);
}

/* Income: dwellings, trading posts (power 1,1,2,2), temples, favors. */
static void
test_income(void **state)
{
	struct tm_state *s = wc_game(NULL);
	int c, w, p, pw;

	(void)state;
	tg_put(s, 0, "E7", TB_TP);
	tg_put(s, 0, "F3", TB_TP);
	tg_put(s, 0, "G2", TB_TP);
	tg_put(s, 0, "G3", TB_TE);
	s->pl[0].fav[9] = 1;
	tm_income_of(s, 0, &c, &w, &p, &pw);
	/* D: 2 -> 3 W, BON5: 1 W 3 PW; TP x3: 6 C 4 PW; TE: 1 P; FAV9: 3 C */
	assert_int_equal(c, 9);
	assert_int_equal(w, 4);
	assert_int_equal(p, 1);
	assert_int_equal(pw, 7);
	free(s);
}

/* Pass VP from the tile held: BON9 per dwelling, BON10 per ship level. */
static void
test_pass_vp(void **state)
{
	static const char *const opts[] = { "shipping-bonus", "delete=BON3,BON4,BON6,BON7,BON8", NULL };
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 9, 10 };
	struct tm_state *s = tg_new(2, opts, f, d, b);

	(void)state;
	s->pl[0].ship = 2;
	tg_ok(s, 0, "pass BON1");
	assert_int_equal(s->pl[0].vp, 20 + 6);
	tg_ok(s, 1, "pass BON2");
	assert_int_equal(s->pl[1].vp, 20 + 2);
	free(s);
}

/* Bonus tile and favor actions: a spade, a cult step, once a round. */
static void
test_tile_actions(void **state)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 2, 1 };
	struct tm_state *s = tg_new(2, NULL, f, d, b);

	(void)state;
	s->pl[0].w = 5;
	s->pl[0].c = 5;
	tg_ok(s, 0, "action BON1. build E7");
	assert_int_equal(s->pl[0].w, 4);
	tg_ok(s, 1, "action BON2. +AIR");
	assert_int_equal(s->pl[1].cult[TK_AIR], 1);
	tg_turn(s, 1);
	tg_bad(s, 1, "action BON2", "already used");
	s->pl[1].fav[6] = 1;
	tg_ok(s, 1, "action FAV6. +WATER");
	tg_turn(s, 1);
	tg_bad(s, 1, "action FAV6", "already used");
	free(s);
}

/* Phase III cult bonus of every scoring tile (appendix III, terra-tiles). */
static void
test_cult_income_table(void **state)
{
	static const struct {
		int tile, cult, steps, on_cult;
		int c, w, p, pw, spades;
	} rows[] = {
		{ 1, TK_EARTH, 5, 0, 5, 0, 0, 0, 0 },	/* 1 EARTH -> 1 C */
		{ 2, TK_EARTH, 9, 0, 0, 0, 0, 0, 2 },	/* 4 EARTH -> 1 spade */
		{ 3, TK_WATER, 8, 0, 0, 0, 2, 0, 0 },	/* 4 WATER -> 1 P */
		{ 4, TK_FIRE, 5, 0, 0, 2, 0, 0, 0 },	/* 2 FIRE -> 1 W */
		{ 5, TK_FIRE, 9, 0, 0, 0, 0, 8, 0 },	/* 4 FIRE -> 4 PW */
		{ 6, TK_WATER, 4, 0, 0, 0, 0, 0, 1 },	/* 4 WATER -> 1 spade */
		{ 7, TK_AIR, 7, 0, 0, 3, 0, 0, 0 },	/* 2 AIR -> 1 W */
		{ 8, TK_AIR, 8, 0, 0, 0, 0, 0, 2 },	/* 4 AIR -> 1 spade */
		{ 9, TK_AIR, 0, 2, 4, 0, 0, 0, 0 },	/* priest on cult -> 2 C */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct tm_state *s = wc_game(NULL);
		struct tm_player *p = &s->pl[0];
		int c, w, pr, k;

		for (k = 0; k < 4; k++)
			p->cult[k] = 0;
		p->cult[rows[i].cult] = rows[i].steps;
		p->p_on_cult = rows[i].on_cult;
		p->pw[0] = 12;
		p->pw[1] = p->pw[2] = 0;
		c = p->c;
		w = p->w;
		pr = p->p;
		s->round = 1;
		s->score_tile[0] = rows[i].tile;
		tm_cult_income(s);
		if (p->c - c != rows[i].c || p->w - w != rows[i].w ||
		    p->p - pr != rows[i].p || p->pw[1] != rows[i].pw ||
		    p->spades != rows[i].spades)
			fail_msg("SCORE%d: +%dC +%dW +%dP +%dPW %d spades", rows[i].tile,
			    p->c - c, p->w - w, p->p - pr, p->pw[1], p->spades);
		free(s);
	}
}

/* Conversions at the rates of bowl III (l.868-876) and their refusals. */
static void
test_conversions_table(void **state)
{
	static const struct {
		const char *cmd;
		int dpw, dc, dw, dp;
	} ok[] = {
		{ "convert 5PW to 1P", -5, 0, 0, 1 },
		{ "convert 3PW to 1W", -3, 0, 1, 0 },
		{ "convert 1PW to 1C", -1, 1, 0, 0 },
		{ "convert 1P to 1W", 0, 0, 1, -1 },
		{ "convert 1W to 1C", 0, 1, -1, 0 },
		{ "convert 1P to 1C", 0, 1, 0, -1 },
		{ "convert 6PW to 2W", -6, 0, 2, 0 },
		{ "convert 3C to 1VP", 0, -3, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct tm_state *s = wc_game(NULL);
		struct tm_player *p = &s->pl[0];
		int c, w, pr, pw;

		p->pw[0] = 0;
		p->pw[1] = 4;
		p->pw[2] = 8;
		p->p = 2;
		c = p->c;
		w = p->w;
		pr = p->p;
		pw = p->pw[2];
		tg_ok(s, 0, ok[i].cmd);
		if (p->pw[2] - pw != ok[i].dpw || p->c - c != ok[i].dc ||
		    p->w - w != ok[i].dw || p->p - pr != ok[i].dp)
			fail_msg("%s: %+dPW %+dC %+dW %+dP", ok[i].cmd, p->pw[2] - pw,
			    p->c - c, p->w - w, p->p - pr);
		assert_int_equal(s->cur, 0);	/* a conversion is no action */
		free(s);
	}
	{
		struct tm_state *s = wc_game(NULL);

		s->pl[0].pw[2] = 2;
		s->pl[0].pw[0] = 10;
		s->pl[0].pw[1] = 0;
		tg_bad(s, 0, "convert 4PW to 1P", "convert: power converts 5 to 1 p");
		tg_bad(s, 0, "convert 3PW to 1W", "convert: you have 2 power in bowl III");
		tg_bad(s, 0, "convert 1C to 1W", "convert: c to w is not a conversion");
		tg_bad(s, 0, "convert 1W to 1P", "workers become priests only for "
		    "the Darklings");
		free(s);
	}
}

/* Burning with an offer open, strict-leech or not, taints nothing (the
 * site's burn does not look at offers). */
static void
test_strict_leech_burn(void **state)
{
	static const char *const opts[] = { "strict-leech", NULL };
	struct tm_state *s = wc_game(opts), *t = wc_game(NULL);

	(void)state;
	s->pl[0].w = t->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	tg_ok(t, 0, "build E7");
	tg_ok(s, 1, "burn 1");
	tg_ok(t, 1, "burn 1");
	assert_int_equal(s->offer[0].taint, TT_NONE);
	tg_ok(s, 1, "leech 1 from witches");
	free(s);
	free(t);
}

/* Run the tests of this file. */
/*
 * Spades turn a hex step by step round the terrain cycle, and never
 * through one's own colour: the Engineers (gray) turning green to red
 * take the long way, 5 spades, where the short way (2) passes gray; to or
 * from one's own colour the way round that matches the spades held is
 * taken (the site's engine; found by tools/terra-diff).
 */
static void
test_spade_cost_way_round(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	int seat = 0;

	(void)state;
	assert_non_null(s);
	s->nseats = 2;
	s->pl[seat].faction = TF_ENGINEERS;	/* gray */
	assert_int_equal(tm_spade_cost(s, seat, TC_GREEN, TC_RED), 5);
	assert_int_equal(tm_spade_cost(s, seat, TC_GREEN, TC_BLUE), 1);
	assert_int_equal(tm_spade_cost(s, seat, TC_RED, TC_YELLOW), 1);
	assert_int_equal(tm_spade_cost(s, seat, TC_YELLOW, TC_GREEN), 4);	/* not through gray */
	assert_int_equal(tm_spade_cost(s, seat, TC_GREEN, TC_GRAY), 1);
	s->pl[seat].spades = 6;
	assert_int_equal(tm_spade_cost(s, seat, TC_GREEN, TC_GRAY), 6);
	s->pl[seat].faction = TF_GIANTS;
	assert_int_equal(tm_spade_cost(s, seat, TC_GREEN, TC_YELLOW), 2);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spade_cost_way_round),
		cmocka_unit_test(test_setup_rules),
		cmocka_unit_test(test_random_setup),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_build_and_leech),
		cmocka_unit_test(test_leech_cost_and_cap),
		cmocka_unit_test(test_decline_and_strict_leech),
		cmocka_unit_test(test_reach_and_shipping),
		cmocka_unit_test(test_trading_post_cost),
		cmocka_unit_test(test_one_action_per_turn),
		cmocka_unit_test(test_priests_and_cult_power),
		cmocka_unit_test(test_cult_ten_needs_key),
		cmocka_unit_test(test_town),
		cmocka_unit_test(test_town_fav5),
		cmocka_unit_test(test_pass_and_order),
		cmocka_unit_test(test_final_round_and_scoring),
		cmocka_unit_test(test_final_shares),
		cmocka_unit_test(test_cult_spades_between_rounds),
		cmocka_unit_test(test_dig_and_spade_vp),
		cmocka_unit_test(test_bridge),
		cmocka_unit_test(test_pass_tile_held),
		cmocka_unit_test(test_refusal_prefixes),
		cmocka_unit_test(test_power_actions_and_conversions),
		cmocka_unit_test(test_drop_faction),
		cmocka_unit_test(test_faction_prefix),
		cmocka_unit_test(test_town_tiles_ship_and_keys),
		cmocka_unit_test(test_fav5_town_key_first),
		cmocka_unit_test(test_key_comes_with_the_tile),
		cmocka_unit_test(test_town_tile_track_order),
		cmocka_unit_test(test_cultists_steps_after_round_end),
		cmocka_unit_test(test_cultists_last_step_ends_round),
		cmocka_unit_test(test_cultists_empty_leech),
		cmocka_unit_test(test_income),
		cmocka_unit_test(test_pass_vp),
		cmocka_unit_test(test_tile_actions),
		cmocka_unit_test(test_cult_income_table),
		cmocka_unit_test(test_conversions_table),
		cmocka_unit_test(test_strict_leech_burn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
