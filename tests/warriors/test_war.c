/*
 * test_war.c - rules 7 (war), 8 (unification), 9 (end of turn), 10
 * (victory) and 11 (teams) of rules-en.md.  Each rule has a positive and
 * a negative test; error cases assert the exact message.
 */
#include "wt_test.h"

/* France, Burgundy and Germany (seats 0, 1, 2). */
static struct wt_state *
fra_bur_ger(void)
{
	const char *c[3] = { "FRA", "BUR", "GER" };
	const char *t[3] = { "1 1 1", "1 1 1", "1 1 1" };

	return game_new(3, c, t, NULL, 0);
}

/* Seat 0 holds every province of France, with food for its armies. */
static void
hold_france(struct wt_state *s)
{
	static const char *const fra[] = { "CHA", "PIC", "NOR", "BRE", "ORL", "BLO" };
	int i;

	for (i = 0; i < 6; i++)
		put(s, 0, i < 3 ? WT_INF : WT_ARC, fra[i]);
	s->p[0].res[WT_FOOD] = 40;
}

/* Seat `seat` holds every province of Lombardy (5). */
static void
hold_lombardy(struct wt_state *s, int seat)
{
	static const char *const lom[] = { "GEN", "PIE", "VEN", "VER" };
	int i;

	for (i = 0; i < 4; i++)
		put(s, seat, WT_INF, lom[i]);
	s->p[seat].res[WT_FOOD] = 40;
}

/* 7.1: war is an action; a seat may be at war with several at once. */
static void
test_7_1_several_wars(void **state)
{
	struct wt_state *s = fra_bur_ger();

	(void)state;
	put(s, 0, WT_INF, "PIC");		/* the turn stops at the manoeuvre */
	ok(s, 0, "declare war bur; declare war germany");
	assert_true(wt_at_war(s, 0, 1));
	assert_false(wt_at_war(s, 0, 2));	/* queued for action 2 */
	ok(s, 1, "pass; pass");
	ok(s, 2, "pass; pass");
	assert_true(wt_at_war(s, 0, 2));
	assert_true(wt_at_war(s, 2, 0));
	assert_false(wt_at_war(s, 1, 2));
	assert_true(public_says(s, "War FRA-BUR since turn 1"));
	free(s);
}

/* 7.1: not on yourself, not twice, not on a teammate, not after peace. */
static void
test_7_1_refused(void **state)
{
	const char *c[4] = { "FRA", "BUR", "ENG", "GER" };
	const char *t[4] = { "1 1 1", "1 1 1", "1 1 1", "1 1 1" };
	struct game_opt o[1] = { { "teams", "ABAB" } };
	struct wt_state *s = game_new(4, c, t, o, 1);

	(void)state;
	assert_int_equal(awaited_seat(s), 2);	/* ENG, card 3, goes first */
	bad_exact(s, 2, "declare war eng", GAME_REJECTED,
	    "declare war: you cannot declare war on yourself");
	bad_exact(s, 2, "declare war fra", GAME_REJECTED,
	    "declare war: FRA is your teammate (11.2)");
	at_war(s, 2, 1);
	bad_exact(s, 2, "declare war bur", GAME_REJECTED,
	    "declare war: already at war with BUR");
	ok(s, 1, "peace eng");
	ok(s, 2, "peace bur");
	bad_exact(s, 2, "declare war bur", GAME_REJECTED,
	    "declare war: you made peace with BUR this turn (7.1)");
	free(s);
}

/* 7.2: peace is made when both sides have sent it, in any phase. */
static void
test_7_2_peace_by_both(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PIC");
	at_war(s, 0, 1);
	pass_until(s, PH_MAN);
	ok(s, 1, "peace fra");		/* BUR is not awaited: any time */
	assert_true(wt_at_war(s, 0, 1));
	assert_true(public_says(s, "BUR offers peace to FRA"));
	ok(s, 0, "peace bur");
	assert_false(wt_at_war(s, 0, 1));
	assert_true(last_says(s, "FRA and BUR make peace"));
	free(s);
}

/* 7.2: one offer is not peace; a war with battles outlives the turn. */
static void
test_7_2_war_goes_on(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "peace bur", GAME_REJECTED, "peace: you are not at war with BUR");
	ok(s, 0, "declare war bur");
	ok(s, 0, "peace bur");
	assert_true(wt_at_war(s, 0, 1));
	/* a battle in turns 1 and 2: still at war in turns 2 and 3 */
	s->war[0][1].fought = s->war[1][0].fought = 1;
	wt_end_turn(s);
	assert_int_equal(s->turn, 2);
	assert_true(wt_at_war(s, 0, 1));
	s->war[0][1].fought = s->war[1][0].fought = 1;
	wt_end_turn(s);
	assert_int_equal(s->turn, 3);
	assert_true(wt_at_war(s, 0, 1));
	free(s);
}

/* 7.3: when a war ends every piece stays where it is. */
static void
test_7_3_nothing_moves(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct wt_state *before = malloc(sizeof(*before));

	(void)state;
	assert_non_null(before);
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	put(s, 1, WT_INF, "CHN");
	at_war(s, 0, 1);
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR");		/* LOR taken */
	ok(s, 0, "peace bur");
	memcpy(before, s, sizeof(*before));
	ok(s, 1, "peace fra");
	assert_false(wt_at_war(s, 0, 1));
	assert_memory_equal(before->u, s->u, sizeof(s->u));
	assert_memory_equal(before->prov, s->prov, sizeof(s->prov));
	free(before);
	free(s);
}

/* 7.3: after the war the former enemy's provinces are closed again. */
static void
test_7_3_no_attack_after(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	at_war(s, 0, 1);
	ok(s, 0, "peace bur");
	ok(s, 1, "peace fra");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move cav CHA-LOR", GAME_REJECTED,
	    "move: LOR belongs to BUR, with whom you are not at war (6.3)");
	free(s);
}

/* 7.4: a war declaration closes the route between the two. */
static void
test_7_4_war_closes_route(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[1].routes = 1 << 0;
	ok(s, 0, "declare war bur");
	assert_int_equal(s->p[1].routes, 0);
	free(s);
}

/* 7.4: other routes stay; no route opens to an enemy. */
static void
test_7_4_other_routes_stay(void **state)
{
	struct wt_state *s = fra_bur_ger();

	(void)state;
	s->p[0].routes = 1 << 2;
	ok(s, 0, "declare war bur");
	assert_int_equal(s->p[0].routes, 1 << 2);
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 10;
	s->p[0].track[WT_TRADE_T] = 3;
	pass_until(s, PH_TRADE);
	at_war(s, 0, 1);			/* the first war lapsed: no battle */
	bad_exact(s, 0, "open route bur", GAME_REJECTED,
	    "open route: you are at war with BUR");
	free(s);
}

/* 8.1: only in the manoeuvre phase, and only with the whole home country. */
static void
test_8_1_not_whole_country(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PIC");
	put(s, 0, WT_INF, "CHA");
	pass_until(s, PH_TRADE);
	bad_exact(s, 0, "unify", GAME_REJECTED,
	    "'unify': in the trade phase send open/close route, deal, trade, buy or "
	    "pass");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "unify; develop trade", GAME_REJECTED,
	    "command 1: "
	    "unify: you must control every province of France, and BLO is not yours "
	    "(8.1)");
	free(s);
}

/* 8.1, 8.2: other provinces raise the count: 5 give 5 actions, 6 give 7. */
static void
test_8_2_actions_by_count(void **state)
{
	const char *c[2] = { "LOM", "FRA" }, *t[2] = { "1 1 1", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);

	(void)state;
	hold_lombardy(s, 0);
	pass_until(s, PH_MAN);
	ok(s, 1, "defend auto");
	assert_int_equal(wt_unify_count(s, 0), 5);
	ok(s, 0, "unify; develop trade; develop trade; develop trade; develop trade; "
	    "develop trade");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 6);
	free(s);
	s = game_new(2, c, t, NULL, 0);
	hold_lombardy(s, 0);
	put(s, 0, WT_INF, "TYR");
	pass_until(s, PH_MAN);
	assert_int_equal(wt_unify_count(s, 0), 6);
	ok(s, 0, "unify; pass; pass; pass; pass; pass; pass; develop production");
	assert_int_equal(s->p[0].track[WT_PROD], 2);
	free(s);
	/* 9 provinces count as 7: 9 actions */
	s = fra_bur("1 1 1", "1 1 1");
	hold_france(s);
	put(s, 0, WT_INF, "LOR");
	put(s, 0, WT_INF, "FLA");
	pass_until(s, PH_MAN);
	ok(s, 0, "unify; pass; pass; pass; pass; pass; pass; pass; pass; develop trade");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	free(s);
}

/* 8.2: no more actions than the count gives; 8 or more count as 7. */
static void
test_8_2_no_more_actions(void **state)
{
	const char *c[2] = { "LOM", "FRA" }, *t[2] = { "1 1 1", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);

	(void)state;
	hold_lombardy(s, 0);
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "unify; pass; pass; pass; pass; pass; pass", GAME_REJECTED,
	    "command 1: unify: 5 provinces give 5 actions; 6 given");
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	hold_france(s);
	put(s, 0, WT_INF, "LOR");
	put(s, 0, WT_INF, "FLA");
	pass_until(s, PH_MAN);
	assert_int_equal(wt_nprov_owned(s, 0), 9);
	assert_int_equal(wt_unify_count(s, 0), 7);
	bad_exact(s, 0, "unify; pass; pass; pass; pass; pass; pass; pass; pass; pass; "
	    "pass", GAME_REJECTED, "command 11: unify: at most 9 actions (T8)");
	free(s);
}

/* 8.3: the actions are development actions, paid as usual, at once. */
static void
test_8_3_paid_as_usual(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	hold_france(s);
	put(s, 1, WT_INF, "DIJ");		/* the turn waits for BUR's manoeuvre */
	pass_until(s, PH_MAN);
	s->p[0].res[WT_WEAPONS] = 3;
	s->p[0].res[WT_GOLD] = 2;
	ok(s, 0, "unify; build cav PAR");
	assert_int_equal(s->p[0].res[WT_WEAPONS], 0);
	assert_int_equal(s->p[0].res[WT_GOLD], 0);
	u = -1;
	for (u = 0; u < WT_UPER; u++)
		if (s->u[u].side == 0 && s->u[u].kind == WT_CAV)
			break;
	assert_true(u < WT_UPER);
	assert_int_equal(s->u[u].ap, 0);	/* built by unification: no AP */
	free(s);
}

/* 8.3: unpaid actions are refused; unused actions are lost. */
static void
test_8_3_unpaid_refused(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	hold_france(s);
	pass_until(s, PH_MAN);
	s->p[0].res[WT_WEAPONS] = 0;
	bad_exact(s, 0, "unify; build cav PAR", GAME_REJECTED,
	    "command 1: unify: build cav PAR: build cav costs 3 weapons; you have 0");
	bad_exact(s, 0, "unify; pass; move inf PIC-PAR; develop trade", GAME_REJECTED,
	    "command 4: "
	    "'develop': in a manoeuvre send move, damage, retreat, rout, princess, "
	    "unify or done");
	ok(s, 0, "unify; pass");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "unify; develop trade", GAME_REJECTED,
	    "command 1: unify: you have already unified (once per game, 8.4)");
	free(s);
}

/* 8.4: once per game, whichever way it was declared. */
static void
test_8_4_once_queued(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	hold_france(s);
	ok(s, 0, "pass; unify; develop trade");
	pass_until(s, PH_MAN);
	assert_true(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	pass_until(s, PH_DEV);
	bad_exact(s, 0, "pass; unify; develop trade", GAME_REJECTED,
	    "command 2: unify: you have already unified (once per game, 8.4)");
	free(s);
}

/* 8.5: unification after the battles counts the province just taken. */
static void
test_8_5_after_battles(void **state)
{
	static const char *const rest[] = { "PIC", "NOR", "BRE", "ORL", "BLO" };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int i;

	(void)state;
	for (i = 0; i < 5; i++)
		put(s, 0, WT_INF, rest[i]);
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_CAV, "PAR");
	s->p[0].res[WT_FOOD] = 40;
	pass_until(s, PH_MAN);
	assert_false(wt_can_unify(s, 0));	/* CHA is barbarian */
	ok(s, 0, "move arc PAR-CHA; move cav PAR-CHA; unify; develop trade");
	assert_int_equal(s->prov[P("CHA")].owner, 0);
	assert_true(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	free(s);
}

/* 8.5: never in another player's manoeuvre. */
static void
test_8_5_not_in_others_manoeuvre(void **state)
{
	const char *c[2] = { "FRA", "LOM" }, *t[2] = { "1 1 1", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);

	(void)state;
	hold_lombardy(s, 1);
	put(s, 0, WT_INF, "PIC");
	put(s, 0, WT_CAV, "PIE");
	at_war(s, 0, 1);
	pass_until(s, PH_MAN);
	assert_int_equal(wt_man_seat(s), 0);
	bad_exact(s, 1, "unify; develop trade", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for FRA (turn 1: your manoeuvre)");
	ok(s, 0, "move cav PIE-GEN");		/* LOM is asked for its split */
	assert_int_equal(awaited_seat(s), 1);
	bad_exact(s, 1, "unify; develop trade", GAME_REJECTED,
	    "command 1: "
	    "'unify': you are asked for your split: send 'damage <province> ...' or "
	    "'damage <province> auto'");
	free(s);
}

/* Whether moves() offers seat `seat` a line containing `what`. */
static int
lists(const struct wt_state *s, int seat, const char *what)
{
	struct sbuf b = SBUF_INIT;
	int r;

	warriors_rules.moves(s, seat, &b);
	r = strstr(sb_str(&b), what) != NULL;
	sb_free(&b);
	return r;
}

/* 8.5: moves() offers the unification wherever it is legal. */
static void
test_8_5_moves_list_unify(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	hold_france(s);
	put(s, 1, WT_INF, "DIJ");
	assert_true(lists(s, 0, "pass; unify; develop production; develop trade\n"));
	ok(s, 0, "pass; pass");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->phase, PH_MAN);
	assert_true(lists(s, 0, "unify; pass\n"));
	bad_exact(s, 0, "princess PAR-LOR", GAME_REJECTED, "princess PAR-LOR: PAR does not "
	    "border LOR; a princess steps to a neighbour (6.15)");
	assert_true(lists(s, 0, "unify; pass\n"));
	ok(s, 0, "unify; pass");
	assert_true(s->p[0].unified);
	free(s);
}

/* 8.5: and nowhere else. */
static void
test_8_5_moves_no_unify(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	hold_france(s);
	put(s, 0, WT_INF, "CHN");		/* a trade round for FRA */
	put(s, 1, WT_INF, "DIJ");
	assert_false(lists(s, 1, "unify"));	/* BUR is not awaited */
	ok(s, 0, "pass; pass");
	ok(s, 1, "pass; pass");
	assert_false(lists(s, 1, "unify"));	/* not whole Burgundy, not its turn */
	ok(s, 0, "unify; pass");
	ok(s, 1, "done");
	assert_int_equal(s->phase, PH_TRADE);
	assert_false(lists(s, 0, "unify"));
	ok(s, 0, "pass");
	assert_int_equal(s->phase, PH_DEV);
	assert_false(lists(s, 0, "unify"));	/* once per game */
	free(s);
}

/* 9.1: Merchant (trade IV) doubles gold at the end of the turn. */
static void
test_9_1_merchant_doubles(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_TRADE_T] = 4;
	s->p[0].res[WT_GOLD] = 7;
	next_turn(s);
	assert_int_equal(s->turn, 2);
	assert_int_equal(s->endres[0][WT_GOLD], 14);
	free(s);
}

/* 9.1: no doubling below trade IV. */
static void
test_9_1_no_merchant(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_TRADE_T] = 3;
	s->p[0].res[WT_GOLD] = 7;
	next_turn(s);
	assert_int_equal(s->endres[0][WT_GOLD], 7);
	free(s);
}

/* 9.2: what is above 20 of each resource goes back at the end of the turn. */
static void
test_9_2_cap(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int r;

	(void)state;
	s->p[0].track[WT_TRADE_T] = 4;
	for (r = 0; r < WT_NRES; r++)
		s->p[0].res[r] = 25;
	next_turn(s);
	for (r = 0; r < WT_NRES; r++)
		assert_int_equal(s->endres[0][r], 20);
	free(s);
}

/* 9.2 (Q24): during the turn a stock may exceed 20. */
static void
test_9_2_no_cap_during_turn(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_FOOD] = 30;
	ok(s, 0, "pass");
	ok(s, 1, "pass");
	assert_int_equal(s->phase, PH_DEV);
	assert_int_equal(s->p[0].res[WT_FOOD], 30);
	free(s);
}

/* Seat 0 attacks ORL with Commander: its INF comes back to PAR exhausted. */
static struct wt_state *
retreated(int *u)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	*u = put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_CAV, "PIC");
	put(s, 1, WT_INF, "DIJ");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL");
	return s;
}

/* 9.3: exhaustion and leftover AP are cleared at the end of the turn. */
static void
test_9_3_cleared_at_end(void **state)
{
	struct wt_state *s;
	int u, c;

	(void)state;
	s = retreated(&u);
	c = u + 1;
	assert_int_equal(s->u[c].kind, WT_CAV);
	assert_int_equal(s->u[c].ap, 3);		/* the CAV did not move */
	ok(s, 1, "done");
	assert_int_equal(s->turn, 2);
	assert_false(s->u[u].exhausted);
	assert_int_equal(s->u[c].ap, 0);
	free(s);
}

/* 9.3: not before: exhaustion lasts the rest of the turn. */
static void
test_9_3_kept_until_end(void **state)
{
	struct wt_state *s;
	int u;

	(void)state;
	s = retreated(&u);
	assert_int_equal(wt_man_seat(s), 1);	/* BUR's manoeuvre, same turn */
	assert_true(s->u[u].exhausted);
	assert_int_equal(s->u[u].ap, 0);
	free(s);
}

/* 9.4: without a winner the next turn starts with its upkeep. */
static void
test_9_4_next_turn(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	next_turn(s);
	assert_int_equal(s->turn, 2);
	assert_true(last_says(s, "-- turn 1: end of turn"));
	assert_true(last_says(s, "-- turn 2: upkeep"));
	free(s);
}

/* 9.4: with a winner no further turn starts. */
static void
test_9_4_no_turn_after_win(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].vp_perm = 40;
	pass_until(s, PH_OVER);
	assert_int_equal(s->turn, 1);
	assert_false(last_says(s, "turn 2"));
	assert_memory_equal(s->p[0].res, s->endres[0], sizeof(s->endres[0]));
	free(s);
}

/* 10.1: several at the target: the most VP wins. */
static void
test_10_1_most_of_several(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_score sc;

	(void)state;
	s->p[0].vp_perm = 39;
	s->p[1].vp_perm = 44;
	pass_until(s, PH_OVER);
	assert_int_equal(s->winner_mask, 1 << 1);
	warriors_rules.score(s, -1, &sc);
	assert_int_equal(sc.rank[1], 1);
	assert_int_equal(sc.rank[0], 2);
	free(s);
}

/* 10.1: reaching the target in the middle of a turn does not end the game. */
static void
test_10_1_only_at_end_of_turn(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");

	(void)state;
	s->p[0].vp_perm = 34;
	s->p[0].res[WT_GOLD] = 20;
	ok(s, 0, "buy 2 vp");
	ok(s, 1, "pass");
	assert_true(wt_vp(s, 0) >= 42);
	assert_false(warriors_rules.over(s));
	assert_int_equal(s->phase, PH_DEV);
	pass_until(s, PH_OVER);
	assert_int_equal(s->winner_mask, 1 << 0);
	assert_int_equal(s->turn, 2);
	free(s);
}

/* 10.2: after turn 10, equal VP and provinces: more resources win. */
static void
test_10_2_resources_break_tie(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->turn = 10;
	memset(s->p[0].res, 0, sizeof(s->p[0].res));
	memset(s->p[1].res, 0, sizeof(s->p[1].res));
	s->p[1].res[WT_GOODS] = 3;
	pass_until(s, PH_OVER);
	assert_int_equal(wt_vp(s, 0), wt_vp(s, 1));
	assert_int_equal(s->winner_mask, 1 << 1);
	free(s);
}

/* 10.2: before turn 10 nobody below the target wins. */
static void
test_10_2_not_before_turn_ten(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->turn = 9;
	s->p[0].vp_perm = 30;
	next_turn(s);
	assert_false(warriors_rules.over(s));
	assert_int_equal(s->turn, 10);
	free(s);
}

/* 10.3: provinces and forts score only while held. */
static void
test_10_3_conditional_vp(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int vp;

	(void)state;
	put_fort(s, 0, "PIC", 1, 0);
	put(s, 1, WT_CAV, "CHA");
	put(s, 1, WT_CAV, "CHA");
	at_war(s, 0, 1);
	s->p[1].res[WT_FOOD] = 20;
	ok(s, 0, "defend auto");
	vp = wt_vp(s, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "done");			/* FRA's princesses could move */
	ok(s, 1, "move 2 cav CHA-PIC");		/* 6 on a fort of 4 */
	assert_int_equal(s->prov[P("PIC")].owner, 1);
	assert_int_equal(wt_vp(s, 0), vp - 3 - 1);	/* fort token and PIC */
	assert_int_equal(s->p[1].vp_perm, 3);
	free(s);
}

/* 10.3: kills and bought VP stay when everything else is lost. */
static void
test_10_3_permanent_vp_stay(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "PAR");
	s->p[0].res[WT_FOOD] = 3;
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-ORL");		/* +1 for the barbarian */
	assert_int_equal(s->p[0].vp_perm, 1);
	assert_int_equal(s->turn, 2);		/* the CAV ate its 3 food */
	s->p[0].vp_perm += 2;			/* as if 2 VP were bought */
	s->p[0].res[WT_FOOD] = 0;		/* the CAV starves next upkeep */
	next_turn(s);
	assert_int_equal(s->prov[P("ORL")].owner, -1);
	assert_int_equal(s->p[0].vp_perm, 3);
	assert_int_equal(wt_vp(s, 0), 6 + 3);
	free(s);
}

/* 11.1: the team targets 75, 65 and 55. */
static void
test_11_1_targets(void **state)
{
	struct game_opt o3[1] = { { "teams", "3v3" } };
	struct game_opt o2[1] = { { "teams", "2v2" } };
	struct game_opt o222[1] = { { "teams", "ABCABC" } };
	uint8_t seed[GAME_SEED_LEN] = { 4 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	(void)state;
	assert_non_null(s);
	assert_int_equal(warriors_rules.setup(s, 6, o3, 1, seed, err, sizeof(err)), 0);
	assert_int_equal(s->team_target, 75);
	memset(s, 0, sizeof(*s));
	assert_int_equal(warriors_rules.setup(s, 4, o2, 1, seed, err, sizeof(err)), 0);
	assert_int_equal(s->team_target, 65);
	memset(s, 0, sizeof(*s));
	assert_int_equal(warriors_rules.setup(s, 6, o222, 1, seed, err, sizeof(err)), 0);
	assert_int_equal(s->team_target, 55);
	assert_int_equal(s->teams, 3);
	free(s);
}

/* 11.1: only those three team games exist. */
static void
test_11_1_bad_teams(void **state)
{
	struct game_opt o2[1] = { { "teams", "2v2" } };
	struct game_opt abab[1] = { { "teams", "AABB" } };
	struct game_opt ab[1] = { { "teams", "AB" } };
	uint8_t seed[GAME_SEED_LEN] = { 4 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	(void)state;
	assert_non_null(s);
	assert_int_not_equal(warriors_rules.setup(s, 3, o2, 1, seed, err, sizeof(err)), 0);
	assert_string_equal(err, "teams: teams must be A.. in order and equal, as 3v3, "
	    "2v2 or 2v2v2 (11.1)");
	memset(s, 0, sizeof(*s));
	assert_int_not_equal(warriors_rules.setup(s, 5, abab, 1, seed, err, sizeof(err)), 0);
	assert_string_equal(err, "teams: use 2v2, 3v3, 2v2v2 or one letter per seat");
	memset(s, 0, sizeof(*s));
	assert_int_not_equal(warriors_rules.setup(s, 2, ab, 1, seed, err, sizeof(err)), 0);
	assert_string_equal(err, "teams: teams must be A.. in order and equal, as 3v3, "
	    "2v2 or 2v2v2 (11.1)");
	free(s);
}

/* France and Burgundy (team A) against England and Germany (team B). */
static struct wt_state *
teams_game(void)
{
	const char *c[4] = { "FRA", "BUR", "ENG", "GER" };
	const char *t[4] = { "1 1 1", "1 1 1", "1 1 1", "1 1 1" };
	struct game_opt o[1] = { { "teams", "AABB" } };

	return game_new(4, c, t, o, 1);
}

/* 11.2: a team wins on the sum of its members' VP. */
static void
test_11_2_team_total(void **state)
{
	struct wt_state *s = teams_game();

	(void)state;
	s->p[0].vp_perm = 27;		/* 33 + 6 + 27 = 66 >= 65, though no */
	s->p[1].vp_perm = 27;		/* member alone reaches 33 + 9 */
	s->p[2].vp_perm = 26;
	s->p[3].vp_perm = 26;
	pass_until(s, PH_OVER);
	assert_int_equal(s->winner_mask, (1 << 0) | (1 << 1));
	free(s);
	/* both teams at the target: the higher total wins */
	s = teams_game();
	s->p[0].vp_perm = s->p[1].vp_perm = 27;	/* team A: 66 */
	s->p[2].vp_perm = s->p[3].vp_perm = 28;	/* team B: 68 */
	pass_until(s, PH_OVER);
	assert_int_equal(s->winner_mask, (1 << 2) | (1 << 3));
	free(s);
}

/* 11.2: teammates do not pass through each other's provinces or trade
 * without a route, and the team game has no lone winner. */
static void
test_11_2_teammates_apart(void **state)
{
	struct wt_state *s = teams_game();

	(void)state;
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "LOR");
	put(s, 1, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 10;
	s->p[0].vp_perm = 40;		/* 46 >= 33 alone, but 52 < 65 as a team */
	pass_until(s, PH_TRADE);
	assert_false(warriors_rules.over(s));
	s->p[0].res[WT_GOODS] = 2;
	ok(s, 0, "deal bur give 2 goods get 1 food");
	ok(s, 1, "deal fra give 1 food get 2 goods");
	assert_int_equal(s->p[0].res[WT_GOODS], 2);	/* no route: void */
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move inf CHA-LOR", GAME_REJECTED,
	    "move: LOR belongs to BUR, with whom you are not at war (6.3)");
	clear_barb(s, P("SWA"));
	bad_exact(s, 0, "move inf CHA-LOR-SWA", GAME_REJECTED,
	    "move: LOR is neither yours nor free; units pass only through such "
	    "provinces (6.3)");
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_7_1_several_wars),
		cmocka_unit_test(test_7_1_refused),
		cmocka_unit_test(test_7_2_peace_by_both),
		cmocka_unit_test(test_7_2_war_goes_on),
		cmocka_unit_test(test_7_3_nothing_moves),
		cmocka_unit_test(test_7_3_no_attack_after),
		cmocka_unit_test(test_7_4_war_closes_route),
		cmocka_unit_test(test_7_4_other_routes_stay),
		cmocka_unit_test(test_8_1_not_whole_country),
		cmocka_unit_test(test_8_2_actions_by_count),
		cmocka_unit_test(test_8_2_no_more_actions),
		cmocka_unit_test(test_8_3_paid_as_usual),
		cmocka_unit_test(test_8_3_unpaid_refused),
		cmocka_unit_test(test_8_4_once_queued),
		cmocka_unit_test(test_8_5_after_battles),
		cmocka_unit_test(test_8_5_not_in_others_manoeuvre),
		cmocka_unit_test(test_8_5_moves_list_unify),
		cmocka_unit_test(test_8_5_moves_no_unify),
		cmocka_unit_test(test_9_1_merchant_doubles),
		cmocka_unit_test(test_9_1_no_merchant),
		cmocka_unit_test(test_9_2_cap),
		cmocka_unit_test(test_9_2_no_cap_during_turn),
		cmocka_unit_test(test_9_3_cleared_at_end),
		cmocka_unit_test(test_9_3_kept_until_end),
		cmocka_unit_test(test_9_4_next_turn),
		cmocka_unit_test(test_9_4_no_turn_after_win),
		cmocka_unit_test(test_10_1_most_of_several),
		cmocka_unit_test(test_10_1_only_at_end_of_turn),
		cmocka_unit_test(test_10_2_resources_break_tie),
		cmocka_unit_test(test_10_2_not_before_turn_ten),
		cmocka_unit_test(test_10_3_conditional_vp),
		cmocka_unit_test(test_10_3_permanent_vp_stay),
		cmocka_unit_test(test_11_1_targets),
		cmocka_unit_test(test_11_1_bad_teams),
		cmocka_unit_test(test_11_2_team_total),
		cmocka_unit_test(test_11_2_teammates_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
