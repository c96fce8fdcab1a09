/*
 * test_notation.c - rule 13 (the email notation) of rules-en.md, and the
 * decisions of section 12 that no other rule states (Q19, Q27).  Each rule
 * has a positive and a negative test; error cases assert the exact message.
 * Last, which lines of a mail the is_command hook takes for orders.
 */
#include "wt_test.h"

/* A game stopped at the country choice (countries=choose). */
static struct wt_state *
choosing(void)
{
	struct game_opt o[1] = { { "countries", "choose" } };
	uint8_t seed[GAME_SEED_LEN] = { 5 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	assert_non_null(s);
	assert_int_equal(warriors_rules.setup(s, 2, o, 1, seed, err, sizeof(err)), 0);
	return s;
}

/* 13.1: commands split by newline or ';', words in any case, one error line. */
static void
test_13_1_errors_name_the_command(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "", GAME_REJECTED, "empty submission");
	bad_exact(s, 0, "# only a comment", GAME_REJECTED, "empty submission");
	bad_exact(s, 0, "develop trade; dance", GAME_REJECTED,
	    "command 2: "
	    "'dance': not a development action (develop, build, upgrade, declare "
	    "war, pass)");
	bad_exact(s, 0, "Develop Magic", GAME_REJECTED,
	    "develop: 'magic' is not a track (production, trade, military)");
	free(s);
}

/* 13.1: several commands in one submission, newline or ';'. */
static void
test_13_1_several_commands(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	ok(s, 0, "DEVELOP trade\ndevelop MILITARY; defend auto");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	assert_int_equal(s->p[0].q2.type, ACT_DEVELOP);
	assert_int_equal(s->p[0].defend_auto, 1);
	free(s);
}

/* 13.2: country and tracks commands, in their phases. */
static void
test_13_2_setup_commands(void **state)
{
	struct wt_state *s = choosing();

	(void)state;
	ok(s, 0, "country france");
	ok(s, 1, "country BUR");
	ok(s, 1, "tracks 0 0 3");
	ok(s, 0, "tracks 2 0 1");
	assert_int_equal(s->p[0].country, 3);
	assert_int_equal(s->p[0].track[WT_PROD], 2);
	assert_int_equal(s->p[1].track[WT_MIL], 3);
	assert_int_equal(s->turn, 1);
	free(s);
}

/* 13.2: their errors. */
static void
test_13_2_setup_errors(void **state)
{
	struct wt_state *s = choosing();

	(void)state;
	bad_exact(s, 0, "tracks 1 1 1", GAME_REJECTED,
	    "setup: choose your country with 'country <code>'");
	bad_exact(s, 0, "country XYZ", GAME_REJECTED,
	    "country: 'xyz' is not one of IRE SCO ENG FRA BUR GER AUS LOM");
	ok(s, 0, "country fra");
	bad_exact(s, 1, "country fra", GAME_REJECTED, "country: FRA is already taken");
	ok(s, 1, "country bur");
	bad_exact(s, 0, "tracks 1 1 0", GAME_REJECTED,
	    "tracks: the 3 tokens must all be placed (1+1+0 is not 3)");
	bad_exact(s, 0, "tracks 4 0 0", GAME_REJECTED, "tracks: '4' is not a level 0..3");
	bad_exact(s, 0, "country fra", GAME_REJECTED,
	    "setup: place your 3 tokens with 'tracks P T M'");
	free(s);
}

/* 13.3: standing orders may be sent at any time and last. */
static void
test_13_3_standing_orders(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 1, WT_INF, "CHN");
	put(s, 1, WT_CAV, "DIJ");
	assert_int_equal(awaited_seat(s), 0);
	bad_exact(s, 1, "feed inf LOR", GAME_REJECTED, "feed inf LOR: you have no inf in LOR");
	bad_exact(s, 1, "feed cav DIJ, cav DIJ", GAME_REJECTED,
	    "feed cav DIJ: you have no other cav in DIJ");
	ok(s, 1, "feed inf CHN, cav DIJ");	/* BUR is not awaited */
	assert_int_equal(s->p[1].nfeed, 2);
	ok(s, 1, "defend auto");
	next_turn(s);
	assert_int_equal(s->p[1].nfeed, 2);	/* still in force */
	assert_int_equal(s->p[1].defend_auto, 1);
	ok(s, 1, "feed default; defend ask");
	assert_int_equal(s->p[1].nfeed, 0);
	assert_int_equal(s->p[1].defend_auto, 0);
	free(s);
}

/* 13.3: malformed standing orders are refused. */
static void
test_13_3_bad_orders(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 1, "feed fort PAR", GAME_REJECTED,
	    "feed: 'fort par' is not '<inf|arc|cav> <province>'");
	bad_exact(s, 1, "feed inf", GAME_REJECTED,
	    "feed: write 'feed <piece> <province>, ...' (at most 12) or 'feed default'");
	bad_exact(s, 1, "defend maybe", GAME_REJECTED,
	    "defend: write 'defend auto' or 'defend ask'");
	free(s);
}

/* 13.4: one trade submission per seat with every kind of order. */
static void
test_13_4_trade_commands(void **state)
{
	struct wt_state *s = trade_game("1 2 0", "1 1 1");

	(void)state;
	s->p[0].res[WT_GOLD] = 10;
	s->p[0].res[WT_GOODS] = 1;
	s->p[1].res[WT_GOLD] = 1;
	ok(s, 0, "open route bur\ndeal bur give 1 goods get 1 gold\n"
	    "trade 6 food for 2 weapons\nbuy 1 vp");
	ok(s, 1, "deal fra give 1 gold get 1 goods");
	assert_int_equal(s->p[0].routes, 1 << 1);
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	assert_int_equal(s->p[0].vp_perm, 1);
	free(s);
}

/* 13.4: other words, and malformed orders, are refused in the trade round. */
static void
test_13_4_trade_errors(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "develop trade", GAME_REJECTED,
	    "'develop': in the trade phase send open/close route, deal, trade, buy "
	    "or pass");
	bad_exact(s, 0, "trade 4 food", GAME_REJECTED,
	    "trade: write 'trade <n> <resource> for <n> <resource>'");
	bad_exact(s, 0, "deal bur give 1 food", GAME_REJECTED,
	    "deal: the word 'get' is missing");
	bad_exact(s, 0, "open bur", GAME_REJECTED,
	    "open route: write 'open route <player>'");
	free(s);
}

/* 13.5: the special slot asks only seats that can use it. */
static void
test_13_5_special_asked_only(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[1].track[WT_PROD] = 7;
	put(s, 0, WT_INF, "PIC");
	ok(s, 0, "pass; pass");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->slot, SLOT_SPECIAL);
	assert_int_equal(awaited_seat(s), 1);	/* FRA skipped: no ability */
	ok(s, 1, "special develop trade");
	assert_int_equal(s->phase, PH_MAN);
	free(s);
}

/* 13.5: a queued special for a seat that cannot use it is dropped. */
static void
test_13_5_special_dropped(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PIC");
	ok(s, 0, "pass; pass; special develop trade");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->phase, PH_MAN);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 1);
	assert_true(last_says(s, "FRA: queued special develop trade not applied: no special "
	    "action is possible now (5.4)"));
	free(s);
}

/* 13.6: the unit with the most AP left moves first. */
static void
test_13_6_most_ap_moves(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int a, b;

	(void)state;
	put(s, 0, WT_INF, "PIC");
	a = put(s, 0, WT_INF, "PAR");
	b = put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	s->u[a].ap = 1;
	s->u[b].ap = 2;
	ok(s, 0, "move inf PAR-PIC");
	assert_int_equal(s->u[b].prov, P("PIC"));
	assert_int_equal(s->u[a].prov, P("PAR"));
	free(s);
}

/* 13.6: malformed manoeuvre lines are refused. */
static void
test_13_6_manoeuvre_errors(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "dance", GAME_REJECTED, "'dance': in a manoeuvre send move, "
	    "damage, retreat, rout, princess, unify or done");
	bad_exact(s, 0, "move 0 inf PAR-PIC", GAME_REJECTED, "move: '0' is not a number");
	bad_exact(s, 0, "move inf PAR-ORL; retreat ORL CHA", GAME_REJECTED,
	    "command 2: retreat: write 'retreat <battle province> to <province>'");
	bad_exact(s, 0, "move inf PAR-ORL; rout CHA to BLO", GAME_REJECTED,
	    "command 2: rout CHA to BLO: you start no battle at CHA in this manoeuvre");
	bad_exact(s, 0, "princess PAR-PIC-NOR", GAME_REJECTED,
	    "princess: write 'princess <from>-<to>' (one step)");
	free(s);
}

/* 13.7: peace and standing orders from a seat the game does not wait for. */
static void
test_13_7_any_time(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	at_war(s, 0, 1);
	ok(s, 0, "pass");
	ok(s, 0, "peace bur");			/* trade phase, already sent */
	pass_until(s, PH_DEV);
	assert_int_equal(awaited_seat(s), 0);
	ok(s, 1, "peace fra; defend auto");	/* development, FRA's slot */
	assert_false(wt_at_war(s, 0, 1));
	free(s);
}

/* 13.7: other commands are not any-time, nor is anything before turn 1. */
static void
test_13_7_not_any_time(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct wt_state *c = choosing();

	(void)state;
	at_war(s, 0, 1);
	bad_exact(s, 1, "peace fra; develop trade", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for FRA (turn 1: development action 1)");
	bad_exact(c, 1, "defend auto", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for seat1 (choose a country: country "
	    "<code>)");
	free(c);
	free(s);
}

/* 13.8: the manoeuvre waits for the mover, a defender, then Double Strike. */
static void
test_13_8_manoeuvre_waits(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_INF, "PIC");
	put(s, 1, WT_INF, "LOR");
	at_war(s, 0, 1);
	pass_until(s, PH_MAN);
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 0);
	assert_string_equal(w.why[0], "turn 1: your manoeuvre");
	ok(s, 0, "move cav CHA-LOR");
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 1);
	assert_string_equal(w.why[1], "your split: LOR attacked by FRA (damage LOR ... "
	    "or damage LOR auto)");
	ok(s, 1, "damage LOR auto");
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 0);
	assert_string_equal(w.why[0], "turn 1: your Double Strike manoeuvre (6.14)");
	free(s);
}

/* 13.8: upkeep and the end of turn wait for nobody; idle seats are skipped. */
static void
test_13_8_nobody_else(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	put(s, 1, WT_INF, "CHN");
	pass_until(s, PH_MAN);
	assert_int_equal(wt_man_seat(s), 1);	/* FRA had nothing to move */
	assert_true(last_says(s, "FRA has nothing to manoeuvre"));
	bad_exact(s, 0, "done", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for BUR (turn 1: your manoeuvre)");
	ok(s, 1, "done");
	/* end of turn 1 and upkeep of turn 2 ran; only BUR (CHN) may trade */
	warriors_rules.waiting(s, &w);
	assert_int_equal(s->turn, 2);
	assert_int_equal(s->phase, PH_TRADE);
	assert_int_equal(w.mask, 1u << 1);
	free(s);
}

/* Q19: provinces are capitals, trade centres or normal; no other kind. */
static void
test_q19_three_province_types(void **state)
{
	int p, n[3] = { 0, 0, 0 };

	(void)state;
	for (p = 0; p < WT_NPROV; p++) {
		assert_true(wt_provinces[p].type >= WT_CAPITAL &&
		    wt_provinces[p].type <= WT_NORMAL);
		n[wt_provinces[p].type]++;
	}
	assert_int_equal(n[WT_CAPITAL], 8);
	assert_int_equal(n[WT_TRADE], 11);
	assert_int_equal(n[WT_NORMAL], 48 - 8 - 11);
}

/* Q27: a seat with no piece on the map still develops and buys VP. */
static void
test_q27_no_pieces_left(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put_fort(s, 0, "PAR", 0, 0);
	s->prov[P("PAR")].owner = -1;
	s->p[0].res[WT_WEAPONS] = 5;
	bad_exact(s, 0, "build inf PAR", GAME_REJECTED, "build: you do not control PAR");
	ok(s, 0, "develop military");
	assert_int_equal(s->p[0].track[WT_MIL], 2);
	s->p[0].res[WT_GOLD] = 15;
	pass_until(s, PH_TRADE);
	ok(s, 0, "buy 1 vp");
	assert_int_equal(s->p[0].vp_perm, 1);
	assert_int_equal(wt_nprov_owned(s, 0), 0);
	free(s);
}

/* Run the tests of this file. */
/* A line is an order when its first word is a verb of rule 13, in any case. */
static void
test_is_command(void **state)
{
	static const char *const commands[] = {
		"tracks 1 1 1", "DEVELOP trade", "develop MILITARY; defend auto",
		"  country france", "deal", "trade 2 wine", "buy ship", "build city 12",
		"upgrade 4", "declare war 2", "move 3 to 4", "defend auto", "retreat 5",
		"peace 2", "feed 3", "pass", "done", "resign", "princess 2", "special",
		"open 7", "unify", "shift 1", "rout 3", "damage 2", "Tracks 3 0 0",
	};
	static const char *const prose[] = {
		"Hi arbiter,", "Moving on,", "Trading is fun!", "Sent from my iPhone",
		"Thanks, Ann", "passed", "# move 3 to 4", "", "   ", "Get Outlook for iOS",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!warriors_rules.is_command(commands[i]))
			fail_msg("'%s' is not read as an order", commands[i]);
	for (i = 0; i < sizeof(prose) / sizeof(prose[0]); i++)
		if (warriors_rules.is_command(prose[i]))
			fail_msg("'%s' is read as an order", prose[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_13_1_errors_name_the_command),
		cmocka_unit_test(test_13_1_several_commands),
		cmocka_unit_test(test_13_2_setup_commands),
		cmocka_unit_test(test_13_2_setup_errors),
		cmocka_unit_test(test_13_3_standing_orders),
		cmocka_unit_test(test_13_3_bad_orders),
		cmocka_unit_test(test_13_4_trade_commands),
		cmocka_unit_test(test_13_4_trade_errors),
		cmocka_unit_test(test_13_5_special_asked_only),
		cmocka_unit_test(test_13_5_special_dropped),
		cmocka_unit_test(test_13_6_most_ap_moves),
		cmocka_unit_test(test_13_6_manoeuvre_errors),
		cmocka_unit_test(test_13_7_any_time),
		cmocka_unit_test(test_13_7_not_any_time),
		cmocka_unit_test(test_13_8_manoeuvre_waits),
		cmocka_unit_test(test_13_8_nobody_else),
		cmocka_unit_test(test_q19_three_province_types),
		cmocka_unit_test(test_q27_no_pieces_left),
		cmocka_unit_test(test_is_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
