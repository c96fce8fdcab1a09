/*
 * test_combat.c - the worked combat examples of rules-en.md 6.17, first at
 * the level of the split rule (6.9, 6.10), then the ones that involve the
 * map (taking provinces, retreats, princesses) through whole manoeuvres.
 */
#include "wt_test.h"

enum { NONE = 0, RETREAT = 1, KILLED = 2 };

/* Run an auto split of `total` on pieces and return their outcomes. */
static void
auto_outcomes(int total, int n, const int *kind, const int *str, const int *tough,
    const int *exh, int *out)
{
	int dmg[16], i;

	wt_auto_split(total, n, str, tough, kind, exh, dmg);
	for (i = 0; i < n; i++)
		out[i] = wt_outcome(kind[i], tough[i], exh[i], dmg[i]);
}

/* Example C: a barbarian ARC (2/2, turn 2) cannot hurt a CAV; 3 kills it. */
static void
test_6_17_example_c(void **state)
{
	int k[1] = { WT_CAV }, st[1] = { 3 }, t[1] = { 3 }, x[1] = { 0 }, out[1];
	int bk[1] = { WT_ARC }, bs[1], bt[1], bo[1];

	(void)state;
	bs[0] = bt[0] = wt_barb_str(WT_ARC, 2);
	assert_int_equal(bs[0], 2);
	auto_outcomes(bs[0], 1, k, st, t, x, out);
	assert_int_equal(out[0], NONE);
	auto_outcomes(3, 1, bk, bs, bt, x, bo);
	assert_int_equal(bo[0], KILLED);
	/* negative: 2 damage only forces the barbarian back */
	auto_outcomes(2, 1, bk, bs, bt, x, bo);
	assert_int_equal(bo[0], RETREAT);
}

/* Example E: barbarian CAV 6/6 (turn 5) against 2 CAV + ARC. */
static void
test_6_17_example_e(void **state)
{
	int k[3] = { WT_CAV, WT_CAV, WT_ARC }, st[3] = { 3, 3, 2 }, t[3] = { 3, 3, 2 };
	int x[3] = { 0, 0, 0 }, out[3], bk[1] = { WT_CAV }, bs[1], bo[1];

	(void)state;
	bs[0] = wt_barb_str(WT_CAV, 5);
	assert_int_equal(bs[0], 6);
	auto_outcomes(6, 3, k, st, t, x, out);
	assert_int_equal(out[0], KILLED);
	assert_int_equal(out[1], NONE);
	assert_int_equal(out[2], RETREAT);
	auto_outcomes(8, 1, bk, bs, bs, x, bo);
	assert_int_equal(bo[0], KILLED);
	auto_outcomes(6, 1, bk, bs, bs, x, bo);
	assert_int_equal(bo[0], RETREAT);
}

/* Example G: barbarian ARC 4/4 (turn 4) against 2 ARC. */
static void
test_6_17_example_g(void **state)
{
	int k[2] = { WT_ARC, WT_ARC }, st[2] = { 2, 2 }, x[2] = { 0, 0 }, out[2];
	int bk[1] = { WT_ARC }, bs[1], bo[1];

	(void)state;
	bs[0] = wt_barb_str(WT_ARC, 4);
	auto_outcomes(bs[0], 2, k, st, st, x, out);
	assert_int_equal(out[0], KILLED);
	assert_int_equal(out[1], NONE);
	auto_outcomes(4, 1, bk, bs, bs, x, bo);
	assert_int_equal(bo[0], RETREAT);
}

/* Example H: a CAV's 3 damage kills an exhausted INF (1) and an INF (2). */
static void
test_6_17_example_h(void **state)
{
	int k[2] = { WT_INF, WT_INF }, st[2] = { 1, 1 }, x[2] = { 1, 0 }, out[2];

	(void)state;
	auto_outcomes(3, 2, k, st, st, x, out);
	assert_int_equal(out[0], KILLED);
	assert_int_equal(out[1], KILLED);
	/* with 2 damage only: exhausted one killed (1), the other forced back (1) */
	auto_outcomes(2, 2, k, st, st, x, out);
	assert_int_equal(out[0], KILLED);
	assert_int_equal(out[1], RETREAT);
}

/* Example I: an ARC (auto) against INF + exhausted INF. */
static void
test_6_17_example_i(void **state)
{
	int k[2] = { WT_INF, WT_INF }, st[2] = { 1, 1 }, x[2] = { 0, 1 }, out[2];
	int ak[1] = { WT_ARC }, as[1] = { 2 }, ax[1] = { 0 }, ao[1];

	(void)state;
	auto_outcomes(2, 2, k, st, st, x, out);
	assert_int_equal(out[0], RETREAT);
	assert_int_equal(out[1], KILLED);
	auto_outcomes(2, 1, ak, as, as, ax, ao);
	assert_int_equal(ao[0], RETREAT);
}

/* Example A through a manoeuvre: ARC + INF take Champagne in turn 1. */
static void
test_6_17_example_a(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	assert_int_equal(wt_man_seat(s), 0);
	ok(s, 0, "move arc PAR-CHA; move inf PAR-CHA; damage CHA auto");
	assert_int_equal(s->prov[P("CHA")].owner, 0);
	assert_int_equal(s->p[0].vp_perm, 1);
	assert_int_equal(wt_count_units(s, 0, P("CHA"), WT_ARC), 1);
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 0);
	assert_false(wt_has_barb(s, P("CHA")));
	checked(s);
	free(s);
}

/* Example B: INF against barbarian INF; both forced back, ours dies. */
static void
test_6_17_example_b(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL");
	assert_int_equal(wt_count_units(s, 0, -1, -1), 0);	/* no Commander: dies */
	assert_int_equal(s->p[0].vp_perm, 0);			/* nobody scores */
	assert_true(wt_free(s, P("ORL")));
	/* barbarian retreat: no free province, no barbarian capital next to
	 * ORL, so a barbarian trade centre; CHA before CHN alphabetically */
	assert_int_equal(wt_count_units(s, WT_BARB, P("CHA"), WT_INF), 1);
	checked(s);
	free(s);
}

/* Example B with `rout`: the attacker chooses among equal options (6.11). */
static void
test_6_17_example_b_rout(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL; rout ORL to CHN");
	assert_int_equal(wt_count_units(s, WT_BARB, P("CHN"), WT_INF), 1);
	assert_int_equal(wt_count_units(s, WT_BARB, P("CHA"), WT_INF), 0);
	free(s);
}

/* Example D: 2 ARC destroy a barbarian fort in turn 2 and take the capital. */
static void
test_6_17_example_d(void **state)
{
	const char *c[2] = { "FRA", "ENG" }, *t[2] = { "1 1 1", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);

	(void)state;
	s->turn = 2;
	put(s, 0, WT_ARC, "LOR");
	put(s, 0, WT_ARC, "LOR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move 2 arc LOR-DIJ");
	assert_int_equal(s->prov[P("DIJ")].owner, 0);
	assert_int_equal(s->prov[P("DIJ")].barb_fort, 0);
	assert_int_equal(s->p[0].vp_perm, 3);
	/* one ARC forced back: no Commander, so it died and nobody scored */
	assert_int_equal(wt_count_units(s, 0, -1, WT_ARC), 1);
	free(s);
}

/* Example D with Commander: the ARC retreats to where it came from. */
static void
test_6_17_example_d_commander(void **state)
{
	const char *c[2] = { "FRA", "ENG" }, *t[2] = { "0 0 3", "1 1 1" };
	struct wt_state *s = game_new(2, c, t, NULL, 0);

	(void)state;
	s->turn = 2;
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_ARC, "LOR");
	put(s, 0, WT_ARC, "LOR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move 2 arc LOR-DIJ");
	assert_int_equal(wt_count_units(s, 0, P("DIJ"), WT_ARC), 1);
	assert_int_equal(wt_count_units(s, 0, P("LOR"), WT_ARC), 1);
	assert_int_equal(s->p[0].vp_perm, 3);
	free(s);
}

/* Example F: at war, a written split; the princess dies with her province. */
static void
test_6_17_example_f(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int lor = P("LOR");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_ARC, "LOR");
	s->prov[lor].forts = 1;
	s->prov[lor].pri = 1;
	s->prov[lor].pieceowner = 1;
	s->war[0][1].on = s->war[1][0].on = 1;
	s->war[0][1].since = s->war[1][0].since = 1;
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	ok(s, 0, "move 2 cav CHA-LOR; move inf CHA-LOR; damage LOR 4 fort, 3 arc");
	assert_int_equal(s->prov[lor].owner, 0);
	assert_int_equal(s->prov[lor].pri, 0);
	assert_int_equal(s->prov[lor].forts, 0);
	assert_int_equal(s->p[0].vp_perm, 3 + 2 + 1);
	assert_int_equal(s->p[1].vp_perm, 3);
	assert_int_equal(wt_count_units(s, 0, -1, WT_CAV), 1);
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 1);
	/* a battle between the two this turn: the war outlives the turn (7.2) */
	assert_int_equal(s->turn, 2);
	assert_true(s->war[0][1].on);
	checked(s);
	free(s);
}

/* 6.12: damage written on a princess behind a fort makes the split auto. */
static void
test_6_12_princess_protected(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int lor = P("LOR");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_CAV, "CHA");
	s->prov[lor].owner = 1;
	clear_barb(s, lor);
	s->prov[lor].forts = 1;
	s->prov[lor].pri = 1;
	s->prov[lor].pieceowner = 1;
	s->war[0][1].on = s->war[1][0].on = 1;
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	/* written: 1 on the princess, which the fort shields: refused when given */
	bad_exact(s, 0, "move 2 cav CHA-LOR; damage LOR 1 pri", GAME_REJECTED,
	    "command 2: "
	    "damage LOR 1 pri: a fort stands at LOR, so its princesses cannot be hit "
	    "(6.12)");
	/* auto: 4 on the fort, the princess untouched */
	ok(s, 0, "move 2 cav CHA-LOR");
	assert_int_equal(s->prov[lor].forts, 0);
	assert_int_equal(s->prov[lor].owner, 0);	/* fort gone: province falls */
	assert_int_equal(s->p[0].vp_perm, 3 + 1);
	free(s);
}

/* 6.7: a defending player is asked for the split; the game waits for it. */
static void
test_6_7_defender_asked(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	s->war[0][1].on = s->war[1][0].on = 1;
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; damage LOR 2 inf");
	assert_int_equal(s->man_step, MS_DEFEND);
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 1);
	assert_non_null(strstr(w.why[1], "LOR"));
	bad(s, 0, "done", GAME_NOT_YOUR_TURN, "BUR");
	bad(s, 1, "damage CHA auto", GAME_REJECTED, "not defending");
	ok(s, 1, "damage LOR 1 cav");
	/* INF killed (+1 FRA); CAV took 1 of 3: unhurt; LOR falls */
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	assert_int_equal(s->p[0].vp_perm, 1);
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_6_17_example_a),
		cmocka_unit_test(test_6_17_example_b),
		cmocka_unit_test(test_6_17_example_b_rout),
		cmocka_unit_test(test_6_17_example_c),
		cmocka_unit_test(test_6_17_example_d),
		cmocka_unit_test(test_6_17_example_d_commander),
		cmocka_unit_test(test_6_17_example_e),
		cmocka_unit_test(test_6_17_example_f),
		cmocka_unit_test(test_6_17_example_g),
		cmocka_unit_test(test_6_17_example_h),
		cmocka_unit_test(test_6_17_example_i),
		cmocka_unit_test(test_6_12_princess_protected),
		cmocka_unit_test(test_6_7_defender_asked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
