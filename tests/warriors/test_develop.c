/*
 * test_develop.c - rule 5 (development) of rules-en.md: the order of the
 * actions, their costs and conditions, the special action and the ability
 * paying for it, abilities that follow levels, and the shift.  Each rule
 * has a positive and a negative test; error cases assert the exact message.
 */
#include "wt_test.h"

/* Seat 0 holds the whole of France (7 provinces) with 20 food. */
static void
hold_france(struct wt_state *s)
{
	static const char *const fra[] = { "CHA", "PIC", "NOR", "BRE", "ORL", "BLO" };
	int i;

	for (i = 0; i < 6; i++)
		put(s, 0, i < 3 ? WT_INF : WT_ARC, fra[i]);
	s->p[0].res[WT_FOOD] = 20;
}

/* 5.1: one action per seat in the first slot; a second one waits for slot 2. */
static void
test_5_1_one_action_per_slot(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "develop trade; develop trade; develop trade", GAME_REJECTED,
	    "command 3: 'develop trade': you have no further action slot this turn (queue a "
	    "special action with 'special ...')");
	ok(s, 0, "develop trade");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	assert_int_equal(awaited_seat(s), 1);
	bad_exact(s, 0, "develop trade", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for BUR (turn 1: development action 1)");
	free(s);
}

/* 5.2: each action with its cost: develop, build, fort, upgrade, war, pass. */
static void
test_5_2_actions_and_costs(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");
	int before[WT_NRES];

	(void)state;
	s->p[0].track[WT_PROD] = 5;
	s->p[0].res[WT_WEAPONS] = 3;
	s->p[0].res[WT_GOLD] = 4;
	s->p[0].res[WT_GOODS] = 7 + 12;
	s->p[0].res[WT_FOOD] = 2;
	ok(s, 0, "build cav PAR");		/* 3 weapons + 2 gold */
	assert_int_equal(s->p[0].res[WT_WEAPONS], 0);
	assert_int_equal(s->p[0].res[WT_GOLD], 2);
	ok(s, 1, "pass");
	ok(s, 1, "pass");
	put(s, 0, WT_INF, "PIC");
	ok(s, 0, "upgrade inf PIC to arc");	/* 7 goods */
	assert_int_equal(wt_count_units(s, 0, P("PIC"), WT_ARC), 1);
	assert_int_equal(s->p[0].res[WT_GOODS], 12);
	pass_until(s, PH_DEV);
	s->p[0].res[WT_GOODS] = 12;
	s->p[0].res[WT_FOOD] = 2;
	s->p[0].res[WT_GOLD] = 1;
	ok(s, 0, "build fort PIC");		/* 12 goods + 2 food + 1 gold */
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	assert_int_equal(s->p[0].res[WT_FOOD], 0);
	assert_int_equal(s->p[0].res[WT_GOLD], 0);
	assert_int_equal(s->prov[P("PIC")].forts, 1);
	memcpy(before, s->p[0].res, sizeof(before));
	ok(s, 1, "pass; pass");
	ok(s, 0, "pass");			/* an action that does nothing */
	assert_memory_equal(before, s->p[0].res, sizeof(before));
	free(s);
}

/* 5.2: the conditions: resources, Masonry, Reinforcements, stronger piece. */
static void
test_5_2_conditions(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");

	(void)state;
	s->p[0].res[WT_WEAPONS] = 2;
	s->p[0].res[WT_GOLD] = 0;
	s->p[0].res[WT_GOODS] = 6;
	bad_exact(s, 0, "build arc PAR", GAME_REJECTED,
	    "build arc costs 1 gold; you have 0");
	bad_exact(s, 0, "build inf CHA", GAME_REJECTED, "build: you do not control CHA");
	bad_exact(s, 0, "build fort PAR", GAME_REJECTED,
	    "build fort: needs Masonry (production IV)");
	bad_exact(s, 0, "upgrade inf PAR to arc", GAME_REJECTED,
	    "upgrade: needs Reinforcements (production V)");
	s->p[0].track[WT_PROD] = 5;
	put(s, 0, WT_ARC, "PAR");
	bad_exact(s, 0, "upgrade arc PAR to inf", GAME_REJECTED,
	    "upgrade: inf is not stronger than arc");
	bad_exact(s, 0, "upgrade arc PAR to cav", GAME_REJECTED,
	    "upgrade costs 7 goods; you have 6");
	bad_exact(s, 0, "upgrade inf PAR to arc", GAME_REJECTED,
	    "upgrade: you have no inf in PAR");
	put(s, 0, WT_CAV, "PIC");
	put(s, 0, WT_CAV, "PIC");
	put(s, 0, WT_CAV, "PIC");
	put(s, 0, WT_CAV, "PIC");
	s->p[0].res[WT_GOODS] = 20;
	bad_exact(s, 0, "upgrade arc PAR to cav", GAME_REJECTED,
	    "upgrade: no cav left in your supply");
	s->p[0].res[WT_FOOD] = 2;
	s->p[0].res[WT_GOLD] = 1;
	ok(s, 0, "build fort PAR");
	ok(s, 1, "pass; pass");
	bad_exact(s, 0, "build fort PAR", GAME_REJECTED,
	    "build fort: PAR already has 2 forts, the most a province may hold");
	free(s);
}

/* 5.2: an upgraded unit keeps its status and AP (here: it still moves). */
static void
test_5_2_upgrade_keeps_ap(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");
	int u;

	(void)state;
	hold_france(s);
	s->p[0].track[WT_PROD] = 5;
	pass_until(s, PH_MAN);
	s->p[0].res[WT_GOODS] = 7;
	for (u = 0; u < WT_UPER; u++)
		if (s->u[u].side == 0 && s->u[u].prov == P("PIC"))
			break;
	assert_int_equal(s->u[u].ap, 2);
	ok(s, 0, "unify; upgrade inf PIC to arc; move arc PIC-PAR");
	assert_int_equal(s->u[u].kind, WT_ARC);
	assert_int_equal(s->u[u].prov, P("PAR"));
	free(s);
}

/* 5.3: the second action runs in reverse country order. */
static void
test_5_3_reverse_order(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	ok(s, 0, "pass");
	ok(s, 1, "develop trade");
	assert_int_equal(s->slot, SLOT_ACT2);
	assert_int_equal(awaited_seat(s), 1);
	ok(s, 1, "develop production");
	assert_int_equal(s->p[1].track[WT_PROD], 2);
	assert_int_equal(awaited_seat(s), 0);
	free(s);
}

/* 5.3: in the second slot the first seat of country order waits. */
static void
test_5_3_not_country_order(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	ok(s, 0, "pass");
	ok(s, 1, "pass");
	bad_exact(s, 0, "develop trade", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for BUR (turn 1: development action 2 "
	    "(reverse order))");
	free(s);
}

/* 5.4: the cheapest ability pays: University free, Voivode free for war,
 * Master Trader 5 gold. */
static void
test_5_4_cheapest_ability(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_PROD] = 7;
	s->p[0].track[WT_TRADE_T] = 6;
	s->p[0].res[WT_GOLD] = 6;
	put(s, 0, WT_INF, "PIC");		/* the turn stops at the manoeuvre */
	ok(s, 0, "pass; pass; special develop military");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_MIL], 2);
	assert_int_equal(s->p[0].res[WT_GOLD], 6);	/* University: free */
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_MIL] = 7;
	s->p[0].track[WT_TRADE_T] = 6;
	s->p[0].res[WT_GOLD] = 6;
	put(s, 0, WT_INF, "PIC");		/* the turn stops at the manoeuvre */
	ok(s, 0, "pass; pass; special declare war bur");
	ok(s, 1, "pass; pass");
	assert_true(wt_at_war(s, 0, 1));
	assert_int_equal(s->p[0].res[WT_GOLD], 6);	/* Voivode: free */
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_MIL] = 7;
	s->p[0].track[WT_TRADE_T] = 6;
	s->p[0].res[WT_GOLD] = 6;
	put(s, 0, WT_INF, "PIC");		/* the turn stops at the manoeuvre */
	ok(s, 0, "pass; pass; special develop production");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_PROD], 2);
	assert_int_equal(s->p[0].res[WT_GOLD], 1);	/* Master Trader: 5 gold */
	assert_true(last_says(s, "FRA pays 5 gold for the special action (Master Trader)"));
	free(s);
}

/* 5.4: one special action per turn; Voivode only for war; none without gold. */
static void
test_5_4_special_limits(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_PROD] = 7;
	bad_exact(s, 0, "pass; pass; special develop trade; special develop trade",
	    GAME_REJECTED, "command 4: special: one special action per turn (5.4)");
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_MIL] = 7;
	ok(s, 0, "pass; pass");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->slot, SLOT_SPECIAL);
	bad_exact(s, 0, "develop trade", GAME_REJECTED,
	    "special: Voivode allows only a war declaration (5.4)");
	free(s);
	/* Master Trader with 4 gold is never asked; the queued action is dropped */
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_TRADE_T] = 6;
	s->p[0].res[WT_GOLD] = 4;
	ok(s, 0, "pass; pass; special develop production");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_PROD], 1);
	assert_int_equal(s->phase, PH_DEV);	/* turn 2: nothing to manoeuvre */
	assert_int_equal(s->turn, 2);
	free(s);
}

/* 5.5: a unit upgraded in development moves in that turn's manoeuvre. */
static void
test_5_5_upgraded_moves(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");

	(void)state;
	s->p[0].track[WT_PROD] = 5;
	s->p[0].res[WT_GOODS] = 14;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_INF, "PIC");
	ok(s, 0, "upgrade inf PIC to cav");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PIC-PAR");
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_CAV), 1);
	free(s);
}

/* 5.6: an ability is there the moment its level is reached. */
static void
test_5_6_gained_at_once(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");

	(void)state;
	s->p[0].res[WT_GOODS] = 12;
	s->p[0].res[WT_FOOD] = 2;
	s->p[0].res[WT_GOLD] = 1;
	ok(s, 0, "develop production; build fort PAR");
	assert_int_equal(wt_title_holder(s, WT_PROD), 0);
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_PROD], 4);
	assert_int_equal(s->prov[P("PAR")].forts, 2);	/* Masonry in slot 2 */
	free(s);
}

/* 5.6: lost the moment the track drops; titles go to nobody on a tie. */
static void
test_5_6_lost_at_once(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");

	(void)state;
	s->p[0].track[WT_PROD] = 4;
	s->p[1].track[WT_PROD] = 3;
	assert_int_equal(wt_title_holder(s, WT_PROD), 0);
	ok(s, 0, "pass; pass; shift production to trade");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_PROD], 3);
	assert_int_equal(wt_title_holder(s, WT_PROD), -1);	/* 3 and 3 */
	pass_until(s, PH_DEV);
	s->p[0].res[WT_GOODS] = 12;
	s->p[0].res[WT_FOOD] = 2;
	s->p[0].res[WT_GOLD] = 1;
	bad_exact(s, 0, "build fort PAR", GAME_REJECTED,
	    "build fort: needs Masonry (production IV)");
	free(s);
}

/* 5.7: the shift runs after the special actions, once per turn. */
static void
test_5_7_after_special(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_PROD] = 7;
	/* if the shift ran first, University would be gone before the special */
	ok(s, 0, "pass; pass; shift production to military; special develop trade");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	assert_int_equal(s->p[0].track[WT_PROD], 6);
	assert_int_equal(s->p[0].track[WT_MIL], 2);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	/* one shift a turn: a second in one submission is refused... */
	bad_exact(s, 0, "pass; pass; shift production to military; shift trade to "
	    "military", GAME_REJECTED, "command 4: "
	        "shift: one shift a turn (5.7); this submission "
	    "already has one");
	/* ...and a later submission's replaces the one queued */
	ok(s, 0, "pass; shift production to military");
	ok(s, 1, "pass; pass");
	ok(s, 0, "pass; shift trade to military");
	assert_int_equal(s->p[0].track[WT_PROD], 1);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 0);
	assert_int_equal(s->p[0].track[WT_MIL], 2);
	assert_true(last_says(s, "FRA: shift trade to military: a token moves"));
	free(s);
}

/* 5.7: the target must be at most VI, the source at least I. */
static void
test_5_7_bounds(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 7;
	/* a target at VII can only stay there: refused when given */
	bad_exact(s, 0, "pass; pass; shift production to military", GAME_REJECTED,
	    "command 3: shift production to military: military is at VII, the top (5.7)");
	bad_exact(s, 0, "shift trade to trade", GAME_REJECTED,
	    "shift: write 'shift <track> to <other track>' or 'shift none'");
	/* a source at 0 may still be developed: judged at the shift step */
	s->p[0].track[WT_PROD] = 0;
	s->p[0].track[WT_MIL] = 2;
	ok(s, 0, "pass; pass; shift production to military");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_PROD], 0);
	assert_int_equal(s->p[0].track[WT_MIL], 2);
	assert_true(last_says(s, "FRA: shift production to military not possible: "
	    "production is at 0 (5.7)"));
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_5_1_one_action_per_slot),
		cmocka_unit_test(test_5_2_actions_and_costs),
		cmocka_unit_test(test_5_2_conditions),
		cmocka_unit_test(test_5_2_upgrade_keeps_ap),
		cmocka_unit_test(test_5_3_reverse_order),
		cmocka_unit_test(test_5_3_not_country_order),
		cmocka_unit_test(test_5_4_cheapest_ability),
		cmocka_unit_test(test_5_4_special_limits),
		cmocka_unit_test(test_5_5_upgraded_moves),
		cmocka_unit_test(test_5_6_gained_at_once),
		cmocka_unit_test(test_5_6_lost_at_once),
		cmocka_unit_test(test_5_7_after_special),
		cmocka_unit_test(test_5_7_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
