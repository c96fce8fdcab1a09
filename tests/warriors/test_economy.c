/*
 * test_economy.c - rules 3 (upkeep) and 4 (trade) of rules-en.md: feeding,
 * income, the taxes, who may trade, routes, deals, the bank, buying VP and
 * the order in which a trade round is resolved.  Each rule has a positive
 * and a negative test; error cases assert the exact message.
 */
#include "wt_test.h"

/* France, Burgundy and Germany, each holding a trade centre, in a trade round. */
static struct wt_state *
three_traders(const char *t0)
{
	const char *c[3] = { "FRA", "BUR", "GER" };
	const char *t[3] = { t0, "1 1 1", "1 1 1" };
	struct wt_state *s = game_new(3, c, t, NULL, 0);
	int i;

	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "CHN");
	put(s, 2, WT_INF, "COL");
	for (i = 0; i < 3; i++)
		s->p[i].res[WT_FOOD] = 10;
	pass_until(s, PH_TRADE);
	return s;
}

/* 3.1: ties in the default feeding order go alphabetically by province. */
static void
test_3_1_ties_alphabetical(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PIC");
	put(s, 0, WT_ARC, "CHA");
	s->p[0].res[WT_FOOD] = 2;
	wt_upkeep(s);
	assert_int_equal(wt_count_units(s, 0, P("CHA"), WT_ARC), 1);
	assert_int_equal(wt_count_units(s, 0, P("PIC"), WT_ARC), 0);
	assert_int_equal(s->prov[P("PIC")].owner, -1);	/* control rechecked */
	/* the report names the unit that starved (issue 15) */
	assert_true(last_says(s, "FRA: starved for want of food (no VP): arc in PIC"));
	free(s);
}

/* 3.1: food is paid before income; forts and princesses eat nothing. */
static void
test_3_1_no_food_before_income(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PIC");
	s->p[0].res[WT_FOOD] = 0;
	wt_upkeep(s);
	assert_int_equal(wt_count_units(s, 0, -1, -1), 0);	/* starved */
	assert_int_equal(s->p[0].res[WT_FOOD], 2 * 2);		/* PAR only */
	assert_int_equal(s->p[0].vp_perm + s->p[1].vp_perm, 0);
	assert_int_equal(s->prov[P("PAR")].forts, 1);
	assert_int_equal(s->prov[P("PAR")].pri, 4);
	free(s);
}

/* 3.2: the yields of held provinces, food and goods by production. */
static void
test_3_2_income_from_held(void **state)
{
	const char *c[2] = { "FRA", "ENG" }, *t[2] = { "3 0 0", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);
	int before[WT_NRES];

	(void)state;
	put(s, 0, WT_INF, "CHA");	/* F1 G2 $1 */
	s->p[0].res[WT_FOOD] = 10;
	memcpy(before, s->p[0].res, sizeof(before));
	wt_upkeep(s);
	/* PAR F2 G1 W2 $1 + CHA: food (3) x3, goods (3) x2, weapons 2 x1 */
	assert_int_equal(s->p[0].res[WT_FOOD] - before[WT_FOOD], 3 * 3 - 1);
	assert_int_equal(s->p[0].res[WT_GOODS] - before[WT_GOODS], 3 * 2);
	assert_int_equal(s->p[0].res[WT_WEAPONS] - before[WT_WEAPONS], 2);
	assert_int_equal(s->p[0].res[WT_GOLD] - before[WT_GOLD], 2);
	free(s);
}

/* 3.2: gold is never multiplied; provinces not held yield nothing. */
static void
test_3_2_no_gold_multiplier(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int gold;

	(void)state;
	s->p[0].track[WT_PROD] = 3;
	s->p[0].track[WT_MIL] = 3;
	gold = s->p[0].res[WT_GOLD];
	wt_upkeep(s);
	assert_int_equal(s->p[0].res[WT_GOLD], gold + 1);	/* PAR $1 only */
	assert_int_equal(s->prov[P("CHA")].owner, -1);	/* CHA's $1 is nobody's */
	free(s);
}

/* A France/England game where France holds PAR and DIJ, CHA and CHN. */
static struct wt_state *
two_of_each(void)
{
	const char *c[2] = { "FRA", "ENG" }, *t[2] = { "1 1 1", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);

	put(s, 0, WT_INF, "DIJ");
	put(s, 0, WT_INF, "CHA");
	put(s, 0, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = 10;
	return s;
}

/* 3.3: production VI adds 1 gold per capital held. */
static void
test_3_3_production_tax(void **state)
{
	struct wt_state *s = two_of_each();
	int gold;

	(void)state;
	s->p[0].track[WT_PROD] = 6;
	gold = s->p[0].res[WT_GOLD];
	wt_upkeep(s);
	/* yields $1 x4 (PAR DIJ CHA CHN) + 2 capitals */
	assert_int_equal(s->p[0].res[WT_GOLD], gold + 4 + 2);
	free(s);
}

/* 3.3: no production tax below VI. */
static void
test_3_3_no_tax_below_vi(void **state)
{
	struct wt_state *s = two_of_each();
	int gold;

	(void)state;
	s->p[0].track[WT_PROD] = 5;
	gold = s->p[0].res[WT_GOLD];
	wt_upkeep(s);
	assert_int_equal(s->p[0].res[WT_GOLD], gold + 4);
	free(s);
}

/* 3.4: trade V adds 1 gold per trade centre held. */
static void
test_3_4_trade_tax(void **state)
{
	struct wt_state *s = two_of_each();
	int gold;

	(void)state;
	s->p[0].track[WT_TRADE_T] = 5;
	gold = s->p[0].res[WT_GOLD];
	wt_upkeep(s);
	assert_int_equal(s->p[0].res[WT_GOLD], gold + 4 + 2);	/* CHA, CHN */
	free(s);
}

/* 3.4: no trade tax below V. */
static void
test_3_4_no_tax_below_v(void **state)
{
	struct wt_state *s = two_of_each();
	int gold;

	(void)state;
	s->p[0].track[WT_TRADE_T] = 4;
	gold = s->p[0].res[WT_GOLD];
	wt_upkeep(s);
	assert_int_equal(s->p[0].res[WT_GOLD], gold + 4);
	free(s);
}

/* 4.1: a trade centre lets a seat trade; Monopoly holders trade together; VP
 * may be bought by anyone. */
static void
test_4_1_who_may_trade(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_TRADE_T] = 7;
	s->p[1].track[WT_TRADE_T] = 7;
	s->p[0].routes = 1 << 1;
	s->p[0].res[WT_GOODS] = 2;
	s->p[1].res[WT_GOODS] = 0;
	s->p[1].res[WT_GOLD] = 1;
	ok(s, 0, "deal bur give 2 goods get 1 gold; trade 2 food for 1 weapons");
	ok(s, 1, "deal fra give 1 gold get 2 goods");
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	assert_int_equal(s->p[1].res[WT_GOODS], 2);
	assert_true(last_says(s, "FRA: trade 2 food for 1 weapons: done"));
	free(s);
	/* no trade centre, and a Monopoly elsewhere: buying VP is still allowed */
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 1, WT_INF, "CHN");
	s->p[1].track[WT_TRADE_T] = 7;
	s->p[0].res[WT_GOLD] = 15;
	pass_until(s, PH_TRADE);
	ok(s, 0, "buy 1 vp");
	ok(s, 1, "pass");
	assert_int_equal(s->p[0].vp_perm, 1);
	free(s);
}

/* 4.1: without a trade centre, without Monopoly, or at war: no trade. */
static void
test_4_1_who_may_not_trade(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_GOLD] = 12;
	put(s, 1, WT_INF, "CHN");
	pass_until(s, PH_TRADE);
	bad_exact(s, 0, "trade 4 food for 1 gold", GAME_REJECTED,
	    "trade: you need a trade centre (4.1)");
	bad_exact(s, 0, "open route bur", GAME_REJECTED,
	    "open route: you need a trade centre to trade (4.1)");
	free(s);
	s = trade_game("1 1 1", "1 1 1");
	s->p[1].track[WT_TRADE_T] = 7;
	s->p[0].res[WT_GOLD] = 10;	/* still awaited: it may buy VP */
	bad_exact(s, 0, "trade 4 food for 1 gold", GAME_REJECTED,
	    "trade: you need a trade centre, and Monopoly while anyone holds it (4.1)");
	bad_exact(s, 0, "deal bur give 1 food get 1 gold", GAME_REJECTED,
	    "deal: you need a trade centre (and Monopoly while anyone holds it) to "
	    "trade (4.1)");
	s->p[1].track[WT_TRADE_T] = 1;
	s->p[0].routes = 1 << 1;
	at_war(s, 0, 1);
	bad_exact(s, 0, "deal bur give 1 food get 1 gold", GAME_REJECTED,
	    "deal: you are at war with BUR (4.1)");
	free(s);
}

/* 4.2: a route lasts into later turns and counts only against its opener. */
static void
test_4_2_route_lasts(void **state)
{
	struct wt_state *s = trade_game("0 0 3", "1 1 1");

	(void)state;
	ok(s, 1, "open route fra");
	ok(s, 0, "pass");
	assert_int_equal(s->p[1].routes, 1 << 0);
	pass_until(s, PH_TRADE);	/* turn 3 */
	assert_int_equal(s->turn, 3);
	assert_int_equal(s->p[1].routes, 1 << 0);
	/* FRA at trade 0 may open none, yet deals along BUR's route */
	s->p[0].res[WT_GOODS] = 2;
	s->p[1].res[WT_GOLD] = 1;
	ok(s, 0, "deal bur give 2 goods get 1 gold");
	ok(s, 1, "deal fra give 1 gold get 2 goods");
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	assert_true(last_says(s, "FRA: deal BUR give 2 goods get 1 gold: done"));
	assert_true(last_says(s, "BUR: deal FRA give 1 gold get 2 goods: done"));
	free(s);
}

/* 4.2: the opener's limit, the partner's trade centre, closing. */
static void
test_4_2_route_limits(void **state)
{
	struct wt_state *s = trade_game("0 0 3", "1 1 1");

	(void)state;
	bad_exact(s, 0, "open route bur", GAME_REJECTED,
	    "open route: trade 0 allows 0 open route(s) (T1.2)");
	bad_exact(s, 0, "close route bur", GAME_REJECTED,
	    "close route: you opened no route to BUR");
	s->p[1].routes = 1 << 0;
	bad_exact(s, 1, "open route fra", GAME_REJECTED,
	    "open route: a route to FRA is already open");
	ok(s, 1, "close route fra");
	ok(s, 0, "pass");
	assert_int_equal(s->p[1].routes, 0);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "CHA");
	s->p[0].res[WT_FOOD] = 10;
	pass_until(s, PH_TRADE);
	bad_exact(s, 0, "open route bur", GAME_REJECTED,
	    "open route: BUR controls no trade centre (4.2)");
	free(s);
}

/* 4.3: a matched deal that one side cannot pay when it runs is void. */
static void
test_4_3_void_when_unpaid(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].routes = 1 << 1;
	s->p[0].res[WT_GOODS] = 5;
	s->p[1].res[WT_WEAPONS] = 2;
	ok(s, 0, "deal bur give 5 goods get 3 weapons");
	ok(s, 1, "deal fra give 3 weapons get 5 goods");
	assert_int_equal(s->p[0].res[WT_GOODS], 5);
	assert_int_equal(s->p[1].res[WT_WEAPONS], 2);
	/* the report says why (issue 15) */
	assert_true(last_says(s, "FRA: deal BUR give 5 goods get 3 weapons: void, BUR "
	    "cannot pay its side"));
	free(s);
}

/* 4.3: only resources change hands, and something must. */
static void
test_4_3_only_resources(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].routes = 1 << 1;
	bad_exact(s, 0, "deal bur give 1 vp get 1 gold", GAME_REJECTED,
	    "'1 vp' is not '<n> <resource>' (food, goods, weapons, gold)");
	bad_exact(s, 0, "deal bur give 1 CHA get 1 gold", GAME_REJECTED,
	    "'1 cha' is not '<n> <resource>' (food, goods, weapons, gold)");
	bad_exact(s, 0, "deal bur give get", GAME_REJECTED,
	    "deal: nothing changes hands");
	bad_exact(s, 0, "deal fra give 1 food get 1 gold", GAME_REJECTED,
	    "deal: 'fra' is not another player");
	free(s);
}

/* 4.4: any whole multiple of the ratio, any number of times. */
static void
test_4_4_bank_multiples(void **state)
{
	struct wt_state *s = trade_game("1 2 0", "1 1 1");	/* 3:1 */
	int food, gold, goods;

	(void)state;
	s->p[0].res[WT_FOOD] = 12;
	food = s->p[0].res[WT_FOOD];
	gold = s->p[0].res[WT_GOLD];
	goods = s->p[0].res[WT_GOODS];
	ok(s, 0, "trade 6 food for 2 gold; trade 3 food for 1 goods");
	ok(s, 1, "pass");
	assert_int_equal(s->p[0].res[WT_FOOD], food - 9);
	assert_int_equal(s->p[0].res[WT_GOLD], gold + 2);
	assert_int_equal(s->p[0].res[WT_GOODS], goods + 1);
	free(s);
}

/* 4.4: the amounts must match the ratio exactly. */
static void
test_4_4_wrong_ratio(void **state)
{
	struct wt_state *s = trade_game("1 2 0", "1 1 1");

	(void)state;
	bad_exact(s, 0, "trade 4 food for 1 gold", GAME_REJECTED,
	    "trade: your ratio is 3:1 (trade II), so 4 food buy 1, not 1");
	bad_exact(s, 0, "trade 3 food for 2 gold", GAME_REJECTED,
	    "trade: your ratio is 3:1 (trade II), so 3 food buy 1, not 2");
	free(s);
}

/* 4.5: 10 gold per VP, even without a trade centre. */
static void
test_4_5_buy_without_centre(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_GOLD] = 10;
	pass_until(s, PH_TRADE);
	assert_false(wt_owns_type(s, 0, WT_TRADE));
	s->p[0].res[WT_GOLD] = 30;
	ok(s, 0, "buy 2 vp");
	assert_int_equal(s->p[0].vp_perm, 2);
	assert_int_equal(s->p[0].res[WT_GOLD], 10);
	free(s);
}

/* 4.5: not without the gold. */
static void
test_4_5_not_enough_gold(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_GOLD] = 19;
	bad_exact(s, 0, "buy 2 vp", GAME_REJECTED,
	    "buy 2 vp: costs 20 gold; you would have 19");
	bad_exact(s, 0, "buy 0 vp", GAME_REJECTED, "buy: write 'buy <n> vp'");
	free(s);
}

/* 4.6: closings before openings; deals before the bank. */
static void
test_4_6_resolution_order(void **state)
{
	struct wt_state *s = three_traders("1 1 1");

	(void)state;
	s->p[0].routes = 1 << 1;
	ok(s, 0, "close route bur; open route ger");
	ok(s, 1, "pass");
	ok(s, 2, "pass");
	assert_int_equal(s->p[0].routes, 1 << 2);
	free(s);
	/* a deal's gold pays the VP bought in the same round */
	s = trade_game("1 1 1", "1 1 1");
	s->p[0].routes = 1 << 1;
	s->p[0].res[WT_GOLD] = 0;
	s->p[0].res[WT_GOODS] = 5;
	s->p[1].res[WT_GOLD] = 12;
	s->p[1].res[WT_GOODS] = 0;
	ok(s, 0, "buy 1 vp; deal bur give 5 goods get 10 gold");
	ok(s, 1, "deal fra give 10 gold get 5 goods");
	assert_int_equal(s->p[0].vp_perm, 1);
	assert_int_equal(s->p[0].res[WT_GOLD], 0);
	assert_int_equal(s->p[1].res[WT_GOODS], 5);
	free(s);
}

/* 4.6: deals in the order written; what a void deal would pay is not there. */
static void
test_4_6_order_written(void **state)
{
	struct wt_state *s = three_traders("0 3 0");

	(void)state;
	s->p[0].routes = (1 << 1) | (1 << 2);
	s->p[0].res[WT_WEAPONS] = 0;
	s->p[1].res[WT_WEAPONS] = 3;
	s->p[2].res[WT_GOLD] = 2;
	s->p[2].res[WT_WEAPONS] = 0;
	/* the GER deal comes first and FRA has no weapons yet: void */
	ok(s, 0, "deal ger give 3 weapons get 2 gold; deal bur give 1 gold get 3 weapons");
	ok(s, 1, "deal fra give 3 weapons get 1 gold");
	ok(s, 2, "deal fra give 2 gold get 3 weapons");
	assert_int_equal(s->p[0].res[WT_WEAPONS], 3);
	assert_int_equal(s->p[2].res[WT_WEAPONS], 0);
	assert_true(last_says(s, "FRA: deal GER give 3 weapons get 2 gold: void, FRA "
	    "cannot pay its side"));
	free(s);
	/* the partner never mirrors: the deal is void, so is the purchase */
	s = trade_game("1 1 1", "1 1 1");
	s->p[0].routes = 1 << 1;
	s->p[0].res[WT_GOLD] = 0;
	s->p[0].res[WT_GOODS] = 5;
	bad_exact(s, 0, "buy 2 vp; deal bur give 5 goods get 10 gold", GAME_REJECTED,
	    "command 1: buy 2 vp: costs 20 gold; you would have 10");
	ok(s, 0, "buy 1 vp; deal bur give 5 goods get 10 gold");
	ok(s, 1, "pass");
	assert_int_equal(s->p[0].vp_perm, 0);
	assert_int_equal(s->p[0].res[WT_GOODS], 5);
	assert_true(last_says(s, "FRA: deal BUR give 5 goods get 10 gold: void, no matching "
	    "deal from BUR"));
	assert_true(last_says(s, "FRA: buy 1 vp: void, FRA has 0 gold, not 10"));
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_3_1_ties_alphabetical),
		cmocka_unit_test(test_3_1_no_food_before_income),
		cmocka_unit_test(test_3_2_income_from_held),
		cmocka_unit_test(test_3_2_no_gold_multiplier),
		cmocka_unit_test(test_3_3_production_tax),
		cmocka_unit_test(test_3_3_no_tax_below_vi),
		cmocka_unit_test(test_3_4_trade_tax),
		cmocka_unit_test(test_3_4_no_tax_below_v),
		cmocka_unit_test(test_4_1_who_may_trade),
		cmocka_unit_test(test_4_1_who_may_not_trade),
		cmocka_unit_test(test_4_2_route_lasts),
		cmocka_unit_test(test_4_2_route_limits),
		cmocka_unit_test(test_4_3_void_when_unpaid),
		cmocka_unit_test(test_4_3_only_resources),
		cmocka_unit_test(test_4_4_bank_multiples),
		cmocka_unit_test(test_4_4_wrong_ratio),
		cmocka_unit_test(test_4_5_buy_without_centre),
		cmocka_unit_test(test_4_5_not_enough_gold),
		cmocka_unit_test(test_4_6_resolution_order),
		cmocka_unit_test(test_4_6_order_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
