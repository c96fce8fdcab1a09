/*
 * test_orders.c - every order judged when it is given, every outcome told
 * (issue 23): the held orders of a manoeuvre, control by presence for a
 * unification, the outcomes of retreat and rout orders, a defender with
 * nothing to split, the feeding order that follows its units, unmatched
 * deals from either side, and the errors that name what is missing.
 */
#include "wt_test.h"

/* Burgundy holds LOR with `inf` infantry and `pri` princesses, at war with
 * France, which has a cavalry in CHA. */
static struct wt_state *
lor_at_war(int inf, int pri)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int i;

	put(s, 0, WT_CAV, "CHA");
	put_fort(s, 1, "LOR", 0, pri);
	for (i = 0; i < inf; i++)
		put(s, 1, WT_INF, "LOR");
	at_war(s, 0, 1);
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	return s;
}

/* 6.7: a defender with no strength in the province is not asked. */
static void
test_6_7_no_strength_not_asked(void **state)
{
	struct wt_state *s = lor_at_war(0, 2);

	(void)state;
	ok(s, 0, "move cav CHA-LOR");
	assert_int_not_equal(s->man_step, MS_DEFEND);
	assert_true(last_says(s, "BUR attacked at LOR by FRA: no strength there to "
	    "split; not asked"));
	assert_int_equal(s->prov[P("LOR")].owner, 0);	/* the princesses fell */
	free(s);
	/* with an infantry there, it is asked */
	s = lor_at_war(1, 2);
	ok(s, 0, "move cav CHA-LOR");
	assert_int_equal(s->man_step, MS_DEFEND);
	assert_int_equal(awaited_seat(s), 1);
	free(s);
}

/* 6.7, 6.11: what the defender sends is judged when it is sent, and what
 * it sent is in its own view until the battle. */
static void
test_6_7_defender_judged(void **state)
{
	struct wt_state *s = lor_at_war(1, 0);
	char *t;

	(void)state;
	s->p[1].track[WT_MIL] = 4;	/* Commander */
	ok(s, 0, "move cav CHA-LOR; damage LOR 2 inf");
	bad_exact(s, 1, "damage LOR 2 cav", GAME_REJECTED,
	    "damage LOR 2 cav: it gives 2 damage, and the strength at LOR is 1 (6.6)");
	bad_exact(s, 1, "damage LOR 1 arc", GAME_REJECTED,
	    "damage LOR 1 arc: FRA has no arc at LOR");
	bad_exact(s, 1, "retreat LOR to PAR", GAME_REJECTED,
	    "retreat LOR to PAR: PAR does not border LOR; units retreat to a neighbour "
	    "(6.11)");
	bad_exact(s, 1, "retreat LOR to CHA", GAME_REJECTED,
	    "retreat LOR to CHA: CHA is FRA's; units retreat only into a province of "
	    "yours or a free one (6.11)");
	bad_exact(s, 1, "damage LOR auto; damage LOR 1 cav", GAME_REJECTED,
	    "command 2: damage LOR 1 cav: your split at LOR is already given");
	bad_exact(s, 1, "damage CHN auto", GAME_REJECTED,
	    "damage CHN auto: you are not defending CHN");
	/* sent in two mails: the first is held, and shown only to BUR */
	clear_barb(s, P("CHN"));
	ok(s, 1, "retreat LOR to CHN");
	assert_int_equal(s->man_step, MS_DEFEND);
	t = view_text(s, 1);
	assert_non_null(strstr(t, "held until the battle: retreat LOR to CHN"));
	free(t);
	t = view_text(s, 0);
	assert_null(strstr(t, "retreat LOR to CHN"));
	assert_non_null(strstr(t, "held until the battle: damage LOR 2 inf"));
	free(t);
	ok(s, 1, "damage LOR 1 cav");
	/* FRA's 2 kill the infantry, BUR's 1 does nothing: no unit retreats */
	assert_true(last_says(s, "BUR: retreat LOR to CHN: not used, no BUR unit had to "
	    "retreat"));
	free(s);
}

/* 6.11: the mover's retreat and rout orders, and what became of them. */
static void
test_6_11_orders_told(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	u = put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "DIJ");
	pass_until(s, PH_MAN);
	/* ORL: a barbarian INF (1/1) against an INF; both forced back */
	bad_exact(s, 0, "move inf PAR-ORL; rout ORL to PAR", GAME_REJECTED,
	    "command 2: "
	    "rout ORL to PAR: PAR is FRA's; barbarians retreat only into free or "
	    "barbarian provinces (6.11)");
	bad_exact(s, 0, "move inf PAR-ORL; rout ORL to PIC", GAME_REJECTED,
	    "command 2: "
	    "rout ORL to PIC: PIC does not border ORL; barbarians retreat to a neighbour "
	    "(6.11)");
	bad_exact(s, 0, "move inf PAR-ORL; retreat ORL to CHN", GAME_REJECTED,
	    "command 2: "
	    "retreat ORL to CHN: CHN holds barbarians; units retreat only into a "
	    "province of yours or a free one (6.11)");
	bad_exact(s, 0, "move inf CHA-LOR; retreat ORL to CHA", GAME_REJECTED,
	    "command 2: retreat ORL to CHA: you start no battle at ORL in this manoeuvre");
	/* CHN, a trade centre, comes before BLO for the barbarian; CHA, not
	 * where it came from, for the infantry */
	ok(s, 0, "move inf PAR-ORL; retreat ORL to CHA; rout ORL to BLO");
	assert_true(last_says(s, "FRA: rout ORL to BLO: not followed, BLO is not among "
	    "the barbarians' first choices now (6.11)"));
	assert_true(last_says(s, "barbarians inf retreats from ORL to CHN"));
	assert_true(last_says(s, "FRA: retreat ORL to CHA: followed"));
	assert_int_equal(s->u[u].prov, P("CHA"));
	free(s);
	/* a province free when the order is given and barbarian by the time it
	 * is needed: the default, and the report says why */
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	u = put(s, 0, WT_INF, "PAR");
	put(s, 1, WT_INF, "DIJ");
	clear_barb(s, P("CHA"));
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL; retreat ORL to CHA; rout ORL to CHA");
	assert_true(last_says(s, "FRA: rout ORL to CHA: followed"));
	assert_true(last_says(s, "FRA: retreat ORL to CHA: not followed, CHA is neither "
	    "FRA's nor free now; the default was used (6.11)"));
	assert_int_equal(s->u[u].prov, P("PAR"));
	free(s);
}

/* 6.15: a princess step is judged when given; one whose province a battle
 * of the same submission may open is held and run after it. */
static void
test_6_15_steps_judged(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move arc PAR-ORL; princess PAR-CHA", GAME_REJECTED,
	    "command 2: "
	    "princess PAR-CHA: CHA holds barbarians; a princess steps only into a "
	    "province of yours or a free one (6.15)");
	bad_exact(s, 0, "princess PAR-PAR", GAME_REJECTED,
	    "princess PAR-PAR: PAR does not border PAR; a princess steps to a "
	    "neighbour (6.15)");
	/* the step waits for the battle at CHA and enters what it won */
	ok(s, 0, "princess PAR-CHA; move arc PAR-CHA; move inf PAR-CHA");
	assert_int_equal(s->prov[P("CHA")].pri, 1);
	assert_int_equal(s->prov[P("CHA")].owner, 0);
	free(s);
}

/* 6.14: a step held for the Double Strike counts against its province's
 * princesses; the second manoeuvre cannot give that princess a second one. */
static void
test_6_14_held_steps_count(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	char *t;

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_CAV, "PIC");
	put_fort(s, 0, "PIC", 0, 1);	/* one princess in PIC */
	put(s, 1, WT_INF, "DIJ");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PIC-NOR; princess PIC-PAR");
	assert_int_equal(s->man_step, MS_SECOND);
	t = view_text(s, 0);
	assert_non_null(strstr(t, "held until your battles are over: princess PIC-PAR"));
	free(t);
	assert_false(public_says(s, "princess PIC-PAR"));
	bad_exact(s, 0, "princess PIC-PAR", GAME_REJECTED, "princess PIC-PAR: your 1 "
	    "princess in PIC already has a step; each steps once (6.15)");
	ok(s, 0, "done");
	assert_int_equal(s->prov[P("PAR")].pri, 5);
	assert_int_equal(s->prov[P("PIC")].pri, 0);
	free(s);
}

/* France in its manoeuvre, holding five of its provinces with a unit of
 * this kind each (and Paris); Burgundy waits with an infantry. */
static struct wt_state *
france_but(int kind, const char *const five[5])
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int i;

	for (i = 0; i < 5; i++)
		put(s, 0, kind, five[i]);
	s->p[0].res[WT_FOOD] = 40;
	put(s, 1, WT_INF, "DIJ");
	return s;
}

/* 8.1, 0.3: control is presence: provinces entered in this manoeuvre count
 * for a unification after the moves. */
static void
test_8_1_presence(void **state)
{
	static const char *const held[] = { "CHA", "PIC", "NOR", "BRE", "BLO" };
	struct wt_state *s = france_but(WT_INF, held);

	(void)state;
	clear_barb(s, P("ORL"));		/* free */
	pass_until(s, PH_MAN);
	assert_false(wt_can_unify(s, 0));
	/* no battle: judged in full at once */
	bad_exact(s, 0, "unify; develop trade", GAME_REJECTED, "command 1: unify: you "
	    "must control every province of France, and ORL is not yours (8.1)");
	ok(s, 0, "move inf BLO-ORL; unify; develop trade");
	assert_true(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	assert_int_equal(s->prov[P("ORL")].owner, 0);
	free(s);
}

/* 8.5: a unification after moves with battles, when no battle can give the
 * province it lacks, is refused at once. */
static void
test_8_5_held_unify_judged(void **state)
{
	static const char *const held[] = { "PIC", "NOR", "BRE", "BLO", "ORL" };
	struct wt_state *s = france_but(WT_ARC, held);

	(void)state;
	pass_until(s, PH_MAN);
	/* CHA is barbarian and nobody attacks it */
	bad_exact(s, 0, "move arc ORL-CHN; unify; develop trade", GAME_REJECTED,
	    "command 2: "
	    "unify: you do not control CHA, and no battle of this manoeuvre can change "
	    "that (8.1)");
	/* attacked: held for the battle, and run after it */
	ok(s, 0, "move arc PIC-CHA; move arc ORL-CHA; unify; develop trade");
	assert_true(s->p[0].unified);
	free(s);
}

/*
 * 3.1: a feeding order names units where they stand; they are fed first
 * wherever they move later, and one that dies leaves the order.
 */
static void
test_3_1_feed_by_unit(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int inf, arc;
	char *t;

	(void)state;
	arc = put(s, 0, WT_ARC, "PAR");
	inf = put(s, 0, WT_INF, "PIC");
	clear_barb(s, P("CHA"));
	put(s, 1, WT_INF, "DIJ");
	ok(s, 0, "feed inf PIC");
	assert_int_equal(s->p[0].nfeed, 1);
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PIC-CHA");
	assert_int_equal(s->u[inf].prov, P("CHA"));
	t = view_text(s, 0);
	assert_non_null(strstr(t, "feed inf CHA (fed first"));
	free(t);
	s->p[0].res[WT_FOOD] = 2;
	ok(s, 1, "done");			/* the turn ends: the next upkeep */
	/* with 2 food only the order's infantry eats; the archer starves */
	assert_true(last_says(s, "FRA: starved for want of food (no VP): arc in PAR"));
	assert_int_equal(s->u[inf].side, 0);
	assert_int_equal(s->u[arc].side, -1);
	free(s);
	/* a unit that dies leaves the order */
	s = fra_bur("1 1 1", "1 1 1");
	inf = put(s, 0, WT_INF, "PIC");
	put(s, 0, WT_INF, "PAR");
	ok(s, 0, "feed inf PIC, inf PAR");
	wt_kill_unit(s, inf);
	wt_drop_empty(s, -1);
	assert_int_equal(s->p[0].nfeed, 1);
	checked(s);
	free(s);
}

/* 4.3: an unmatched deal is told whichever side of the pair sent it. */
static void
test_4_3_unmatched_told(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].routes = 1 << 1;
	ok(s, 1, "deal fra give 1 food get 1 gold");	/* the later seat */
	ok(s, 0, "pass");
	assert_true(last_says(s, "BUR: deal FRA give 1 food get 1 gold: void, no "
	    "matching deal from FRA"));
	free(s);
	s = trade_game("1 1 1", "1 1 1");	/* no route at all */
	ok(s, 0, "deal bur give 1 food get 1 gold");
	ok(s, 1, "deal fra give 1 gold get 1 food");
	assert_true(last_says(s, "FRA: deal BUR give 1 food get 1 gold: void, no trade "
	    "route between them (4.2)"));
	assert_true(last_says(s, "BUR: deal FRA give 1 gold get 1 food: void, no trade "
	    "route between them (4.2)"));
	free(s);
}

/* 6.14, 13.6: done ends the manoeuvre, Double Strike or not; 6.16: the
 * tokens that change hands at its end are told. */
static void
test_6_16_done_and_tokens_told(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_CAV, "PIC");
	clear_barb(s, P("NOR"));
	put(s, 1, WT_INF, "DIJ");
	pass_until(s, PH_MAN);
	/* without done: the Double Strike submission is awaited */
	{
		struct wt_state *t = malloc(sizeof(*t));

		assert_non_null(t);
		memcpy(t, s, sizeof(*t));
		ok(t, 0, "move cav PIC-NOR");
		assert_int_equal(t->man_step, MS_SECOND);
		free(t);
	}
	ok(s, 0, "move cav PIC-NOR; done");
	assert_int_equal(wt_man_seat(s), 1);
	assert_true(last_says(s, "FRA takes NOR: its pieces stand there (6.16)"));
	assert_true(last_says(s, "FRA loses PIC: no piece of FRA is left there, and its "
	    "token goes back to the map (6.16)"));
	assert_true(last_says(s, "FRA ends its manoeuvre"));
	free(s);
}

/* 13.5: a known verb with a word missing says what is missing. */
static void
test_13_5_missing_words(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "build inf", GAME_REJECTED, "build: name the piece and the "
	    "province: 'build <inf|arc|cav|fort> <province>'");
	bad_exact(s, 0, "develop", GAME_REJECTED,
	    "develop: name one track: 'develop <production|trade|military>'");
	bad_exact(s, 0, "declare war", GAME_REJECTED,
	    "declare: write 'declare war <player>'");
	bad_exact(s, 0, "upgrade inf PAR", GAME_REJECTED,
	    "upgrade: write 'upgrade <inf|arc> <province> to <arc|cav>'");
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_6_7_no_strength_not_asked),
		cmocka_unit_test(test_6_7_defender_judged),
		cmocka_unit_test(test_6_11_orders_told),
		cmocka_unit_test(test_6_15_steps_judged),
		cmocka_unit_test(test_6_14_held_steps_count),
		cmocka_unit_test(test_8_1_presence),
		cmocka_unit_test(test_8_5_held_unify_judged),
		cmocka_unit_test(test_3_1_feed_by_unit),
		cmocka_unit_test(test_4_3_unmatched_told),
		cmocka_unit_test(test_6_16_done_and_tokens_told),
		cmocka_unit_test(test_13_5_missing_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
