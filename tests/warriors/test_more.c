/*
 * test_more.c - further rules of rules-en.md, each with a positive and a
 * negative case: resolution order of trade (4.6), units built this turn
 * (5.5), AP (6.2), battle order (6.4), barbarian strength (6.8), retreats
 * (6.11), tokens (6.16), unification once and queued (8.4, 8.5),
 * tie-breaks (10.2), the notation's checks (13.6) and waiting (13.8).
 */
#include "wt_test.h"

/* 4.6: a route opened in the round carries that round's deal; none, no deal. */
static void
test_4_6_route_then_deal(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 10;
	pass_until(s, PH_TRADE);
	s->p[0].res[WT_GOODS] = 2;
	s->p[1].res[WT_GOLD] = 3;
	ok(s, 0, "open route bur; deal bur give 2 goods get 1 gold");
	{
		const char *names[2] = { "Ann", "Bob" };
		struct sbuf v = SBUF_INIT;

		warriors_rules.render_text(s, 0, names, &v);
		assert_non_null(strstr(sb_str(&v), "deal BUR give 2 goods get 1 gold"));
		sb_reset(&v);
		warriors_rules.render_text(s, 1, names, &v);	/* not in BUR's view */
		assert_null(strstr(sb_str(&v), "give 2 goods"));
		sb_free(&v);
	}
	ok(s, 1, "deal fra give 1 gold get 2 goods");
	assert_int_equal(s->p[1].res[WT_GOODS] >= 2, 1);
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 10;
	pass_until(s, PH_TRADE);
	s->p[0].res[WT_GOODS] = 2;
	ok(s, 0, "deal bur give 2 goods get 1 gold");
	ok(s, 1, "deal fra give 1 gold get 2 goods");
	assert_int_equal(s->p[0].res[WT_GOODS], 2);	/* no route: void */
	free(s);
}

/* 5.5: a unit built in development moves in the same turn's manoeuvre. */
static void
test_5_5_built_moves(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	ok(s, 0, "build inf PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL");
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_INF), 0);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	pass_until(s, PH_DEV);
	bad(s, 0, "move inf PAR-ORL", GAME_REJECTED, "not a development action");
	free(s);
}

/* 6.2: AP come from the military level each turn and do not carry over. */
static void
test_6_2_ap(void **state)
{
	struct wt_state *s = fra_bur("0 0 3", "1 1 1");
	int u;

	(void)state;
	s->p[0].res[WT_FOOD] = 20;
	u = put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	assert_int_equal(s->u[u].ap, 3);
	ok(s, 0, "done");
	assert_int_equal(s->u[u].ap, 0);	/* cleared at the end of turn */
	pass_until(s, PH_MAN);
	assert_int_equal(s->u[u].ap, 3);	/* not 6 */
	free(s);
}

/* 6.4: battles run in the order their provinces first appear. */
static void
test_6_4_battle_order(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	const char *a, *b;

	(void)state;
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-ORL; move cav PAR-NOR");
	a = strstr(s->last, "battle at ORL");
	b = strstr(s->last, "battle at NOR");
	assert_non_null(a);
	assert_non_null(b);
	assert_true(a < b);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-NOR; move cav PAR-ORL");
	assert_true(strstr(s->last, "battle at NOR") < strstr(s->last, "battle at ORL"));
	free(s);
}

/* 6.8: barbarian strength by turn (T6). */
static void
test_6_8_barbarian_strength(void **state)
{
	(void)state;
	assert_int_equal(wt_barb_str(WT_INF, 3), 1);
	assert_int_equal(wt_barb_str(WT_INF, 4), 2);
	assert_int_equal(wt_barb_str(WT_ARC, 8), 5);
	assert_int_equal(wt_barb_str(WT_CAV, 7), 6);
	assert_int_equal(wt_barb_str(WT_FORT, 4), 4);
	assert_int_equal(wt_barb_tough(WT_FORT, 4), 8);
	assert_int_equal(wt_barb_tough(WT_FORT, 10), 9);
	assert_int_not_equal(wt_barb_str(WT_CAV, 3), wt_barb_str(WT_CAV, 4));
}

/* 6.11: with Commander, `retreat` chooses; an illegal choice uses the default. */
static void
test_6_11_player_retreat(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_INF, "PIC");
	put(s, 0, WT_INF, "PAR");
	clear_barb(s, P("ORL"));
	put(s, WT_BARB, WT_INF, "ORL");
	pass_until(s, PH_MAN);
	/* PIC does not border ORL: refused when given (issue 23) */
	bad_exact(s, 0, "move inf PAR-ORL; retreat ORL to PIC", GAME_REJECTED,
	    "command 2: "
	    "retreat ORL to PIC: PIC does not border ORL; units retreat to a neighbour "
	    "(6.11)");
	/* 1 against 1: both forced back; ours by default where it came from */
	ok(s, 0, "move inf PAR-ORL");
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_INF), 1);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_INF, "CHA");
	put(s, 0, WT_INF, "PAR");
	clear_barb(s, P("ORL"));
	put(s, WT_BARB, WT_INF, "ORL");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL; retreat ORL to CHA");
	assert_int_equal(wt_count_units(s, 0, P("CHA"), WT_INF), 2);
	assert_true(last_says(s, "FRA: retreat ORL to CHA: followed"));
	free(s);
}

/* 6.16: a free province entered is taken at the end; one left is returned. */
static void
test_6_16_tokens(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int orl = P("ORL"), pic = P("PIC");

	(void)state;
	clear_barb(s, orl);
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PIC-PAR-ORL");
	assert_int_equal(s->prov[orl].owner, 0);
	assert_int_equal(s->prov[pic].owner, -1);
	assert_true(wt_free(s, pic));
	free(s);
	/* starvation empties a province: its token goes back at once */
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_CAV, "PIC");
	s->p[0].res[WT_FOOD] = 0;
	wt_upkeep(s);
	assert_int_equal(s->prov[pic].owner, -1);
	assert_int_equal(s->prov[P("PAR")].owner, 0);	/* fort and princesses */
	free(s);
}

/* Hold the whole of France with seat 0. */
static void
hold_france(struct wt_state *s)
{
	static const char *const fra[] = { "CHA", "PIC", "NOR", "BRE", "ORL", "BLO" };
	int i;

	for (i = 0; i < 6; i++)
		put(s, 0, i < 3 ? WT_INF : WT_ARC, fra[i]);
	s->p[0].res[WT_FOOD] = 40;
}

/* 8.4: once per game. */
static void
test_8_4_once(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	hold_france(s);
	pass_until(s, PH_MAN);
	ok(s, 0, "unify; develop trade");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	pass_until(s, PH_MAN);
	bad(s, 0, "unify; develop trade", GAME_REJECTED, "once per game");
	free(s);
}

/* 8.5: a unification queued in development runs at the manoeuvre start. */
static void
test_8_5_queued(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	hold_france(s);
	ok(s, 0, "pass; unify; develop production; develop military");
	assert_int_equal(s->p[0].track[WT_PROD], 1);
	pass_until(s, PH_MAN);
	assert_true(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_PROD], 2);
	assert_int_equal(s->p[0].track[WT_MIL], 2);
	free(s);
	/* the condition fails at the manoeuvre start: it lapses */
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "PIC");
	ok(s, 0, "pass; unify; develop production");
	pass_until(s, PH_MAN);
	assert_false(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_PROD], 1);
	assert_non_null(strstr(s->last, "lapses"));
	free(s);
}

/* 10.2: equal VP after turn 10: more provinces wins. */
static void
test_10_2_tiebreak(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->turn = 10;
	put(s, 1, WT_INF, "LOR");	/* BUR: 2 provinces */
	s->p[0].vp_perm = 1;		/* FRA: the same VP, 1 province */
	assert_int_equal(wt_vp(s, 0), wt_vp(s, 1));
	wt_end_turn(s);
	assert_int_equal(s->winner_mask, 1 << 1);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->turn = 10;
	memset(s->p[0].res, 0, sizeof(s->p[0].res));
	memset(s->p[1].res, 0, sizeof(s->p[1].res));
	wt_end_turn(s);
	assert_int_equal(s->winner_mask, 3);	/* all equal: shared */
	free(s);
}

/* 13.6: damage, retreat and rout lines must name a battle of this manoeuvre. */
static void
test_13_6_lines(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	bad(s, 0, "move cav PAR-ORL; damage NOR auto", GAME_REJECTED, "no battle");
	bad(s, 0, "move cav PAR-ORL; damage ORL 2", GAME_REJECTED, "damage");
	bad(s, 0, "move cav PAR-ORL; rout ORL CHA", GAME_REJECTED, "rout");
	ok(s, 0, "move cav PAR-ORL; damage ORL 3 inf");
	assert_int_equal(s->p[0].vp_perm, 1);
	free(s);
}

/* 13.8: trade waits for seats with a trade centre or 10 gold only. */
static void
test_13_8_trade_wait(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	put(s, 0, WT_INF, "CHA");
	s->p[0].res[WT_FOOD] = 9;
	s->p[1].res[WT_GOLD] = 9;
	pass_until(s, PH_TRADE);
	warriors_rules.waiting(s, &w);
	/* BUR gets 1 gold of income: 10, so it may buy VP */
	assert_int_equal(w.mask, 3u);
	ok(s, 0, "pass");
	bad(s, 0, "pass", GAME_NOT_YOUR_TURN, "BUR");
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	pass_until(s, PH_DEV);
	assert_int_equal(s->turn, 1);	/* nobody could trade: skipped */
	free(s);
}

/* moves(): every listed line is accepted; nothing for a seat not awaited. */
static void
test_moves_listed(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1"), *c = malloc(sizeof(*c));
	struct sbuf b = SBUF_INIT;
	char *text, *line, *save = NULL;
	int n = 0;

	(void)state;
	assert_non_null(c);
	warriors_rules.moves(s, 1, &b);
	assert_int_equal(b.len, 0);
	warriors_rules.moves(s, 0, &b);
	text = strdup(sb_str(&b));
	assert_non_null(text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		memcpy(c, s, sizeof(*c));
		ok(c, 0, line);
		n++;
	}
	assert_true(n >= 5);
	assert_non_null(strstr(sb_str(&b), "develop military\n"));
	free(text);
	sb_free(&b);
	free(c);
	free(s);
}

/* Run the tests of this file. */
/*
 * check() refuses each damaged count or index that a rule, a view or
 * moves() would use (found by fuzz/snapshot: a feeding order of 13
 * entries was read past its array of 12 at the next upkeep).  Each field
 * is damaged alone on a sound copy.
 */
static void
test_check_bounds(void **state)
{
	struct wt_state *sound = fra_bur("1 1 1", "1 1 1"), *s = malloc(sizeof(*s));
	char err[256];
	int k;

	(void)state;
	assert_non_null(s);
	checked(sound);
	for (k = 0; k < 16; k++) {
		memcpy(s, sound, sizeof(*s));
		switch (k) {
		case 0: s->p[0].nfeed = WT_MAXFEED + 1; break;
		case 1: s->p[1].nfeed = 1; s->p[1].feed_unit[0] = 0; break;	/* seat 0's slot */
		case 2: s->p[0].q2.type = ACT_DEVELOP; s->p[0].q2.arg = WT_NTRACK; break;
		case 3: s->p[0].qs.type = ACT_WAR; s->p[0].qs.arg = s->nseats; break;
		case 4: s->p[1].qunify_n = 10; break;
		case 5: s->p[0].ts.ndeals = 1; s->p[0].ts.deal[0].partner = -1; break;
		case 6: s->p[0].ts.nbank = 1; s->p[0].ts.bank[0].from = WT_NRES; break;
		case 7: s->nbattles = WT_MAXBATTLES + 1; break;
		case 8: s->nbattles = 1; s->battle[0].prov = 0; s->battle[0].def = WT_BARB;
			s->battle[0].att.n = WT_MAXITEMS + 1; break;
		case 9: s->npost = 1; s->post_from[0] = WT_NPROV; break;
		case 10: s->unify_n = -1; break;
		case 11: s->man_idx = s->nseats + 1; break;
		case 12: s->slot = SLOT_DONE + 1; break;
		case 13: s->p[1].team = WT_SEATS; break;
		case 14: s->npost = 1; s->post_what[0] = POST_UNIFY + 1; break;
		case 15: s->npost = WT_MAXPOST + 1; break;
		}
		if (warriors_rules.check(s, err, sizeof(err)) == 0)
			fail_msg("damage %d passed check()", k);
	}
	free(s);
	free(sound);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_4_6_route_then_deal),
		cmocka_unit_test(test_5_5_built_moves),
		cmocka_unit_test(test_6_2_ap),
		cmocka_unit_test(test_6_4_battle_order),
		cmocka_unit_test(test_6_8_barbarian_strength),
		cmocka_unit_test(test_6_11_player_retreat),
		cmocka_unit_test(test_6_16_tokens),
		cmocka_unit_test(test_8_4_once),
		cmocka_unit_test(test_8_5_queued),
		cmocka_unit_test(test_10_2_tiebreak),
		cmocka_unit_test(test_13_6_lines),
		cmocka_unit_test(test_13_8_trade_wait),
		cmocka_unit_test(test_moves_listed),
		cmocka_unit_test(test_check_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
