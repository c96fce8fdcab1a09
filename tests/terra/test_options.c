/*
 * test_options.c - the options that change the flow of the game:
 * strict-chaosmagician-sh (a pass inside the Chaos Magicians' double
 * action) and maintain-player-order (the player order drawn from the seed
 * or kept as the seat order, and kept by imports).
 */
#include "tmtest.h"

/* Chaos Magicians (seat 0) with their stronghold, witches (seat 1). */
static struct tm_state *
chaos_game(const char *const *opts)
{
	static const char *const f[] = { "chaosmagicians", "witches" };
	static const char *const d[] = { "F4", "D1", "D4", NULL };
	static const int b[] = { 3, 5 };
	struct tm_state *s = tg_new(2, opts, f, d, b);

	tg_put(s, 0, "D6", TB_SH);
	tg_put(s, 0, "D4", TB_TP);
	s->pl[0].fav[12] = 1;	/* 2 VP for one TP at each pass */
	assert_int_equal(s->cur, 0);
	return s;
}

/* With strict-chaosmagician-sh a pass ends the double action: no second pass. */
static void
test_chaos_pass_strict(void **state)
{
	static const char *const strict[] = { "strict-chaosmagician-sh", NULL };
	struct tm_state *s = chaos_game(strict);
	int vp = s->pl[0].vp;

	(void)state;
	/* the pass ends the double action and hands the turn on at once (the
	 * site ends the row there): what follows is another seat's turn */
	tg_bad(s, 0, "action ACTC. pass BON1. pass BON2", "not your turn");
	tg_bad(s, 0, "action ACTC. pass BON1. build E7", "not your turn");
	tg_ok(s, 0, "action ACTC. pass BON1");
	assert_int_equal(s->cur, 1);
	assert_int_equal(s->act_left, 0);
	assert_int_equal(s->pl[0].bon, 1);
	assert_int_equal(s->pl[0].vp, vp + 2);
	assert_int_equal(s->nnext, 1);
	free(s);
}

/*
 * A pass as the first of the double action, the second action later: the
 * Chaos Magicians, passed, still burn and convert until another seat
 * sends something (the site ends their turn only then).
 */
static void
test_chaos_burn_after_second_action(void **state)
{
	struct tm_state *s = chaos_game(NULL);

	(void)state;
	tg_ok(s, 0, "action ACTC. pass BON1");
	s->pl[0].w = 10;
	s->pl[0].pw[0] += s->pl[0].pw[1] + s->pl[0].pw[2] - 4;	/* 4 in bowl II */
	s->pl[0].pw[1] = 4;
	s->pl[0].pw[2] = 0;
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->cur, 1);
	tg_ok(s, 0, "burn 1");
	tg_ok(s, 0, "convert 1PW to 1C");
	/* the other seat alone has not passed: the site gives the Chaos
	 * Magicians, its active faction still, a new turn for another action
	 * (acting.pm:267-275; with two seats unpassed it refuses it, the
	 * fixture found/chaos-burn-after-second-action), judged on its cost */
	tg_bad(s, 0, "action ACT3", "costs 4 power from bowl III");
	tg_ok(s, 1, "wait");
	tg_bad(s, 0, "burn 1", "not your turn");
	free(s);
}

/* Without the option the pass is one of the two actions; a second pass follows. */
static void
test_chaos_pass_loose(void **state)
{
	struct tm_state *s = chaos_game(NULL);
	struct game_wait w;
	int vp = s->pl[0].vp;

	(void)state;
	tg_ok(s, 0, "action ACTC. pass BON1");
	assert_int_equal(s->cur, 0);	/* the second action is still owed */
	assert_int_equal(s->act_left, 1);
	terra_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u);
	assert_non_null(strstr(w.why[0], "second action of the double action "
	    "(any, or pass again)"));
	/* the second action may be any action, as the site takes it */
	s->pl[0].w = 10;
	tg_ok_copy(s, 0, "build E7");
	tg_bad(s, 1, "pass BON2", "not your turn");
	tg_ok(s, 0, "pass BON2");	/* returns BON1, takes BON2, scores again */
	assert_int_equal(s->pl[0].bon, 2);
	assert_int_equal(s->bon_avail[1], 1);
	assert_int_equal(s->bon_coins[1], 0);
	assert_int_equal(s->pl[0].vp, vp + 2 + 2);
	assert_int_equal(s->nnext, 1);	/* one place in the coming order */
	assert_int_equal(s->next_order[0], 0);
	assert_int_equal(s->cur, 1);
	free(s);
	/* `done` cannot give the second action up: the site says "must take an
	 * action" (found by tools/terra-diff) */
	s = chaos_game(NULL);
	tg_bad(s, 0, "action ACTC. pass BON1. done", "still has 1 action to take");
	free(s);
}

/* Both ways: a pass as the second action ends the turn; done cannot end it
 * early (the site: "must take an action"). */
static void
test_chaos_double_action_end(void **state)
{
	static const char *const strict[] = { "strict-chaosmagician-sh", NULL };
	struct tm_state *s = chaos_game(strict), *t = chaos_game(NULL);

	(void)state;
	s->pl[0].p = t->pl[0].p = 1;
	tg_ok(s, 0, "action ACTC. send p to FIRE. pass BON1");
	tg_ok(t, 0, "action ACTC. send p to FIRE. pass BON1");
	assert_int_equal(s->cur, 1);
	assert_int_equal(t->cur, 1);
	free(s);
	free(t);
	s = chaos_game(NULL);
	s->pl[0].p = 1;
	tg_ok(s, 0, "action ACTC. send p to FIRE");
	assert_int_equal(s->cur, 0);
	tg_bad(s, 0, "done", "still has 1 action to take");
	tg_ok(s, 0, "pass BON1");
	assert_int_equal(s->cur, 1);
	free(s);
}

/* Set up a game through the interface; 0 or -1 with err. */
static int
new_game(struct tm_state *s, int n, int keep, uint8_t first, char *err,
    size_t errlen)
{
	struct game_opt o[3] = {
		{ "score", TG_SCORE }, { "delete", "" },
		{ "maintain-player-order", "" } };
	uint8_t seed[GAME_SEED_LEN] = { 0 };

	o[1].value = n == 3 ? "BON7,BON8,BON9" : "BON8,BON9";
	seed[0] = first;
	seed[1] = 0x5a;
	memset(s, 0, sizeof(*s));
	return terra_rules.setup(s, n, o, keep ? 3 : 2, seed, err, errlen);
}

/* Is the table order the identity? */
static int
identity(const struct tm_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->table[i] != i)
			return 0;
	return 1;
}

/* Is the table order a rotation of the seat order? */
static int
rotation(const struct tm_state *s)
{
	int i;

	for (i = 1; i < s->nseats; i++)
		if (s->table[i] != (s->table[0] + i) % s->nseats)
			return 0;
	return 1;
}

/* Without the option the player order comes from the seed, repeatably. */
static void
test_order_drawn(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s)), *t = calloc(1, sizeof(*t));
	char err[256];
	int k, moved = 0, first_other = 0;

	(void)state;
	for (k = 0; k < 40; k++) {
		assert_int_equal(new_game(s, 4, 0, (uint8_t)k, err, sizeof(err)), 0);
		assert_int_equal(new_game(t, 4, 0, (uint8_t)k, err, sizeof(err)), 0);
		assert_memory_equal(s, t, sizeof(*s));
		assert_int_equal(terra_rules.check(s, err, sizeof(err)), 0);
		assert_int_equal(s->cur, s->table[0]);
		assert_memory_equal(s->order, s->table, sizeof(s->order));
		moved += !identity(s);
		first_other += s->table[0] != 0;
	}
	assert_true(moved > 20);
	assert_true(first_other > 20);
	/* with the option: the seat order, whatever the seed */
	for (k = 0; k < 40; k++) {
		assert_int_equal(new_game(s, 4, 1, (uint8_t)k, err, sizeof(err)), 0);
		assert_true(identity(s));
		assert_int_equal(s->cur, 0);
	}
	free(s);
	free(t);
}

/* Find a seed whose 3-seat order is not a rotation of the seat order. */
static int
odd_order_game(struct tm_state *s)
{
	char err[256];
	int k;

	for (k = 0; k < 64; k++) {
		assert_int_equal(new_game(s, 3, 0, (uint8_t)k, err, sizeof(err)), 0);
		if (!rotation(s))
			return k;
	}
	fail_msg("no seed gives a player order that is not a rotation");
	return -1;
}

/* The drawn order governs faction choice, dwellings, bonus picks, turns. */
static void
test_order_governs_setup(void **state)
{
	static const char *const fac[] = { "witches", "cultists", "nomads" };
	static const char *const hexes[3][3] = { { "F4", "D1", NULL },
	    { "E6", "E2", NULL }, { "D3", "B1", "F3" } };
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_wait w;
	struct sbuf b = SBUF_INIT;
	char cmd[64], want[64];
	int i, seat, used[3] = { 0, 0, 0 }, pos;

	(void)state;
	odd_order_game(s);
	/* factions: in player order; anybody else is told whom it waits for */
	for (i = 0; i < 3; i++) {
		seat = s->table[i];
		tg_bad(s, s->table[(i + 1) % 3], "setup giants", "not your turn");
		terra_rules.waiting(s, &w);
		assert_int_equal(w.mask, 1u << seat);
		snprintf(cmd, sizeof(cmd), "setup %s", fac[seat]);
		tg_ok(s, seat, cmd);
	}
	/* dwellings: player order, then reverse, then the nomads' third */
	for (i = 0; i < 7; i++) {
		seat = i < 3 ? s->table[i] : i < 6 ? s->table[5 - i] : 2;
		assert_int_equal(s->cur, seat);
		snprintf(cmd, sizeof(cmd), "build %s", hexes[seat][used[seat]++]);
		tg_ok(s, seat, cmd);
	}
	/* bonus tiles: against the player order */
	for (i = 2; i >= 0; i--) {
		assert_int_equal(s->cur, s->table[i]);
		snprintf(cmd, sizeof(cmd), "pass BON%d", i + 1);
		tg_ok(s, s->table[i], cmd);
	}
	assert_int_equal(s->phase, TP_ACTIONS);
	assert_memory_equal(s->order, s->table, 3 * sizeof(s->order[0]));
	assert_int_equal(s->cur, s->table[0]);
	terra_rules.render_text(s, -1, NULL, &b);
	snprintf(want, sizeof(want), "Player order: %d %s, %d %s, %d %s",
	    s->table[0] + 1, fac[s->table[0]], s->table[1] + 1, fac[s->table[1]],
	    s->table[2] + 1, fac[s->table[2]]);
	assert_non_null(strstr(sb_str(&b), want));
	assert_non_null(strstr(sb_str(&b), "Turn order, round 1: "));
	sb_free(&b);
	/* round 2 without variable-turn-order: the first to pass starts and
	 * the player order (not the seat order) follows */
	pos = 1;
	seat = s->table[pos];
	tg_turn(s, seat);
	tg_ok(s, seat, "pass BON4");
	while (s->round == 1) {
		for (i = 1; !s->bon_avail[i]; i++)
			continue;
		snprintf(cmd, sizeof(cmd), "pass BON%d", i);
		tg_ok(s, s->cur, cmd);
	}
	while (s->phase == TP_CULTSPADES)
		tg_ok(s, s->cur, "-SPADE");
	for (i = 0; i < 3; i++)
		assert_int_equal(s->order[i], s->table[(pos + i) % 3]);
	free(s);
}

/* An imported log keeps the order of its setup lines. */
static void
test_order_import(void **state)
{
	static const char *const log =
	    "option strict-leech\n"
	    "setup witches\n"
	    "setup cultists\n"
	    "setup nomads\n"
	    "witches: build F4\n";
	struct game_import imp;
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN];
	struct game_played pl;
	char err[256];
	int i, keep = 0, k;

	(void)state;
	assert_int_equal(terra_rules.import_log(log, &imp, err, sizeof(err)), 0);
	for (i = 0; i < imp.nopts; i++)
		keep += strcmp(imp.opts[i].key, "maintain-player-order") == 0;
	assert_int_equal(keep, 1);
	for (k = 0; k < 16; k++) {
		memset(seed, k, sizeof(seed));
		memset(s, 0, sizeof(*s));
		assert_int_equal(terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts,
		    seed, err, sizeof(err)), 0);
		for (i = 0; i < imp.nsubs; i++)
			if (terra_rules.play(s, imp.subs[i].seat, imp.subs[i].text, &pl,
			    err, sizeof(err)) != GAME_OK)
				fail_msg("line %d: %s", imp.subs[i].line, err);
		assert_true(identity(s));
		assert_int_equal(s->pl[1].faction, TF_CULTISTS);
		assert_int_equal(s->cur, 1);	/* cultists place next */
	}
	game_import_free(&imp);
	/* an explicit option in the log is not doubled */
	assert_int_equal(terra_rules.import_log("option maintain-player-order\n"
	    "setup witches\nsetup cultists\n", &imp, err, sizeof(err)), 0);
	for (i = 0, keep = 0; i < imp.nopts; i++)
		keep += strcmp(imp.opts[i].key, "maintain-player-order") == 0;
	assert_int_equal(keep, 1);
	game_import_free(&imp);
	free(s);
}

/*
 * The site's final-scoring NAME (commands.pm:1555, add_final_scoring at
 * 1050): the command in any case, the name as written, spaces run
 * together (clean_commands); network and cults, which every game scores,
 * and a tile named again change nothing (fixture found/final-scoring-forms).
 */
static void
test_import_final_scoring(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_import imp;
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	char err[256];

	(void)state;
	assert_int_equal(terra_rules.import_log("FINAL-SCORING   connected-clusters\n"
	    "final-scoring network\nfinal-scoring cults\nfinal-scoring "
	    "connected-clusters\nsetup witches\nsetup cultists\n", &imp, err,
	    sizeof(err)), 0);
	assert_int_equal(terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed, err,
	    sizeof(err)), 0);
	assert_int_equal(s->final_tile, tm_final_find("connected-clusters"));
	game_import_free(&imp);
	assert_int_not_equal(terra_rules.import_log("setup witches\nsetup cultists\n"
	    "final-scoring Connected-Clusters\n", &imp, err, sizeof(err)), 0);
	assert_string_equal(err, "line 3: option final-scoring: 'Connected-Clusters' is "
	    "no Fire & Ice final scoring tile (connected-distance, "
	    "connected-sa-sh-distance, building-on-edge, connected-clusters, as "
	    "written here)");
	free(s);
}

/*
 * The site's dropoption NAME (commands.pm:1360): before the setup the
 * option's line goes; later it is an administrative command that turns
 * off, from there on, what the site reads in play, the name as written
 * (fixture found/dropoption-strict-leech).
 */
static struct tm_state *wc_game(const char *const *opts);

static void
test_import_dropoption(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_import imp;
	struct game_played pl;
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	char err[256];
	int i, strict = 0;

	(void)state;
	assert_int_equal(terra_rules.import_log("option strict-leech\noption loose-done\n"
	    "dropoption strict-leech\nsetup witches\ndropoption loose-done\n"
	    "setup cultists\n", &imp, err, sizeof(err)), 0);
	for (i = 0; i < imp.nopts; i++)
		strict += strcmp(imp.opts[i].key, "strict-leech") == 0;
	assert_int_equal(strict, 0);
	assert_int_equal(terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed, err,
	    sizeof(err)), 0);
	assert_int_equal(s->opt_site & TO_DONE, TO_DONE);
	for (i = 0; i < imp.nsubs; i++)
		assert_int_equal(terra_rules.play(s, imp.subs[i].seat, imp.subs[i].text, &pl,
		    err, sizeof(err)), GAME_OK);
	assert_int_equal(s->opt_site & TO_DONE, 0);
	game_import_free(&imp);
	free(s);
	s = wc_game((const char *const[]){ "strict-leech", "mini-expansion-1", NULL });
	tg_ok(s, -1, "dropoption Strict-Leech");	/* as written: not held */
	assert_int_equal(s->opt_strict_leech, 1);
	tg_ok(s, -1, "dropoption mini-expansion-1");	/* read at the setup's end */
	assert_int_equal(s->opt_mini, 1);
	tg_ok(s, -1, "dropoption strict-leech");
	assert_int_equal(s->opt_strict_leech, 0);
	assert_int_not_equal(terra_rules.import_log("setup witches\ndropoption\n", &imp,
	    err, sizeof(err)), 0);
	free(s);
}

/* Witches (seat 0) and Cultists (seat 1) with options. */
static struct tm_state *
wc_game(const char *const *opts)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };

	return tg_new(2, opts, f, d, b);
}

/* mini-expansion-1: TW6-TW8 exist only with it; TW8 is 11 VP. */
static void
test_mini_expansion(void **state)
{
	static const char *const mini[] = { "mini-expansion-1", NULL };
	struct tm_state *s = wc_game(mini), *t = wc_game(NULL);
	int vp = s->pl[0].vp;

	(void)state;
	assert_int_equal(s->tw_left[6] + s->tw_left[7] + s->tw_left[8], 4);
	assert_int_equal(t->tw_left[6] + t->tw_left[7] + t->tw_left[8], 0);
	s->pl[0].town_owed = t->pl[0].town_owed = 1;
	tg_ok(s, 0, "+TW8");
	assert_int_equal(s->pl[0].vp, vp + 11 + 5);	/* witches: 5 more */
	assert_int_equal(s->pl[0].keys, 1);		/* the tile's key */
	tg_bad(t, 0, "+TW8", "+TW8: none left");
	tg_bad(t, 0, "+TW6", "+TW6: none left");
	free(s);
	free(t);
}

/* shipping-bonus: BON10 is in the pool only with the option. */
static void
test_shipping_bonus_option(void **state)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };
	static const char *const on[] = { "shipping-bonus",
	    "delete=BON4,BON6,BON7,BON8,BON9", NULL };
	struct tm_state *s = tg_new(2, on, f, d, b), *t = wc_game(NULL);
	int vp;

	(void)state;
	assert_int_equal(s->bon_avail[10], 1);
	assert_int_equal(t->bon_avail[10], 0);
	tg_bad(t, 0, "pass BON10", "pass: BON10 is not available");
	tg_ok(s, 0, "pass BON10");
	assert_int_equal(s->pl[0].bon, 10);
	/* next round: 3 VP per shipping level on passing */
	tg_ok(s, 1, "pass BON1");
	s->pl[0].ship = 2;
	vp = s->pl[0].vp;
	tg_turn(s, 0);
	tg_ok(s, 0, "pass BON3");
	assert_int_equal(s->pl[0].vp, vp + 6);
	free(s);
	free(t);
}

/* temple-scoring-tile: SCORE9 gives 4 VP per temple and 2 C per priest
 * on a cult space at the end of the round. */
static void
test_temple_scoring_tile(void **state)
{
	static const char *const opts[] = { "temple-scoring-tile",
	    "score=SCORE9,SCORE3,SCORE6,SCORE8,SCORE5,SCORE7", NULL };
	struct tm_state *s = wc_game(opts);
	struct tm_state *t = calloc(1, sizeof(*t));
	struct game_opt bad[1] = { { "score",
	    "SCORE9,SCORE3,SCORE6,SCORE8,SCORE5,SCORE7" } };
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[256];
	int vp, c;

	(void)state;
	assert_int_not_equal(terra_rules.setup(t, 2, bad, 1, seed, err,
	    sizeof(err)), 0);
	assert_non_null(strstr(err, "option score: SCORE9 needs option "
	    "temple-scoring-tile"));
	free(t);
	tg_put(s, 0, "F4", TB_TP);
	s->pl[0].c = 20;
	s->pl[0].w = 10;
	s->pl[0].p = 2;
	vp = s->pl[0].vp;
	tg_ok(s, 0, "upgrade F4 to TE. +FAV11");
	assert_int_equal(s->pl[0].vp, vp + 4);
	tg_ok(s, 1, "decline");
	tg_ok(s, 1, "pass BON1");
	tg_ok(s, 0, "send p to WATER");
	c = s->pl[0].c + s->bon_coins[2];
	tg_ok(s, 0, "pass BON2");
	assert_int_equal(s->round, 2);
	/* one priest on a cult space: +2 C, beside the BON2 income of 4 C */
	assert_int_equal(s->pl[0].c - c, 2 + 4);
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chaos_pass_strict),
		cmocka_unit_test(test_chaos_pass_loose),
		cmocka_unit_test(test_chaos_burn_after_second_action),
		cmocka_unit_test(test_chaos_double_action_end),
		cmocka_unit_test(test_order_drawn),
		cmocka_unit_test(test_order_governs_setup),
		cmocka_unit_test(test_order_import),
		cmocka_unit_test(test_import_final_scoring),
		cmocka_unit_test(test_import_dropoption),
		cmocka_unit_test(test_mini_expansion),
		cmocka_unit_test(test_shipping_bonus_option),
		cmocka_unit_test(test_temple_scoring_tile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
