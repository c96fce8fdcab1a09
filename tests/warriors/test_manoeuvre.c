/*
 * test_manoeuvre.c - rule 6 (manoeuvres and battles) of rules-en.md, played
 * through whole submissions: the steps of a manoeuvre, action points,
 * movement, who fights, simultaneous damage, the splits, barbarian
 * strength and priorities, what damage does, retreats, princesses behind
 * forts, who holds the province, Double Strike and tokens.  Each rule has a
 * positive and a negative test; error cases assert the exact message.
 */
#include "wt_test.h"

/* France (seat 0) against England (seat 1): Burgundy stays barbarian. */
static struct wt_state *
fra_eng(const char *t0)
{
	const char *c[2] = { "FRA", "ENG" }, *t[2] = { t0, "1 1 1" };

	return game_new(2, c, t, NULL, 0);
}

/* The unit slot of a seat's unit of a kind in a province, or -1. */
static int
unit_at(const struct wt_state *s, int side, int kind, const char *code)
{
	int i, p = P(code);

	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side == side && s->u[i].kind == kind && s->u[i].prov == p)
			return i;
	return -1;
}

/* Burgundy holds LOR with the pieces asked; France and Burgundy are at war. */
static void
bur_lor(struct wt_state *s, int inf, int arc, int forts, int pri, int ask)
{
	int i;

	put_fort(s, 1, "LOR", forts, pri);
	for (i = 0; i < inf; i++)
		put(s, 1, WT_INF, "LOR");
	for (i = 0; i < arc; i++)
		put(s, 1, WT_ARC, "LOR");
	at_war(s, 0, 1);
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	if (!ask)
		ok(s, 1, "defend auto");
}

/* 6.1: princesses move after the battles, into a province just taken. */
static void
test_6_1_princess_after_battles(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "princess PAR-CHA; move arc PAR-CHA; move inf PAR-CHA");
	assert_int_equal(s->prov[P("CHA")].owner, 0);
	assert_int_equal(s->prov[P("CHA")].pri, 1);
	assert_int_equal(s->prov[P("PAR")].pri, 3);
	assert_int_equal(wt_man_seat(s), -1);	/* BUR had nothing: turn over */
	free(s);
}

/* 6.1: a princess move that the battles made illegal stops the manoeuvre. */
static void
test_6_1_princess_waits(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	put(s, 0, WT_INF, "PAR");
	put(s, 1, WT_INF, "CHN");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-CHA; princess PAR-CHA");
	assert_true(wt_has_barb(s, P("CHA")));	/* the INF lost */
	assert_int_equal(s->man_step, MS_FINISH);
	assert_int_equal(wt_man_seat(s), 0);
	assert_true(last_says(s, "FRA: princess PAR-CHA not applied: CHA holds barbarians; "
	    "a princess steps only into a province of yours or a free one (6.15)\n"
	    "FRA: send the rest of your manoeuvre (princess, unify, done)"));
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 0);
	assert_string_equal(w.why[0], "turn 1: the rest of your manoeuvre (princess, "
	    "unify, done)");
	ok(s, 0, "done");
	assert_int_equal(wt_man_seat(s), 1);
	free(s);
}

/* 6.2: AP do not stretch beyond the military level's allowance. */
static void
test_6_2_no_ap_beyond_level(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	clear_barb(s, P("ORL"));
	clear_barb(s, P("BLO"));
	clear_barb(s, P("BRE"));
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move inf PAR-ORL-BLO-BRE", GAME_REJECTED,
	    "move: the path costs 3 AP; your inf in PAR has 2");
	ok(s, 0, "move inf PAR-ORL-BLO");
	assert_int_equal(wt_count_units(s, 0, P("BLO"), WT_INF), 1);
	free(s);
}

/* 6.3: ending in a free province, passing through your own, stacking. */
static void
test_6_3_free_and_stacking(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int i;

	(void)state;
	clear_barb(s, P("ORL"));
	for (i = 0; i < 4; i++) {
		put(s, 0, WT_INF, "PAR");
		put(s, 0, WT_ARC, "PIC");
	}
	s->p[0].res[WT_FOOD] = 40;
	pass_until(s, PH_MAN);
	ok(s, 0, "move 4 inf PAR-ORL; move 4 arc PIC-PAR-ORL");
	assert_int_equal(wt_count_units(s, 0, P("ORL"), -1), 8);
	assert_int_equal(s->prov[P("ORL")].owner, 0);
	checked(s);
	free(s);
}

/* 6.3: no border, no second move, no entry without war. */
static void
test_6_3_move_limits(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_ARC, "PIC");
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move inf PAR-BLO", GAME_REJECTED, "move: PAR does not border BLO");
	bad_exact(s, 0, "move inf PAR-PIC; move inf PIC-PAR", GAME_REJECTED,
	    "command 2: move: you have 0 inf in PIC that can still move, not 1");
	bad_exact(s, 0, "move cav CHA-LOR", GAME_REJECTED,
	    "move: LOR belongs to BUR, with whom you are not at war (6.3)");
	bad_exact(s, 0, "move inf PAR", GAME_REJECTED,
	    "path 'par' needs at least two provinces joined by '-'");
	free(s);
}

/* 6.4: all moves first, then the battles. */
static void
test_6_4_moves_before_battles(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	const char *m2, *b;

	(void)state;
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_ARC, "PIC");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-CHA; move arc PIC-CHA");
	m2 = strstr(s->last, "FRA: move 1 arc PIC-CHA (battle)");
	b = strstr(s->last, "battle at CHA");
	assert_non_null(m2);
	assert_non_null(b);
	assert_true(m2 < b);
	/* the ARC moved in after the INF and still fought: 3 kills the ARC */
	assert_int_equal(s->prov[P("CHA")].owner, 0);
	assert_int_equal(s->p[0].vp_perm, 1);
	free(s);
}

/* 6.4: once the battles are over no unit moves in that manoeuvre. */
static void
test_6_4_no_move_after_battles(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-CHA; princess PAR-CHA");
	assert_int_equal(s->man_step, MS_FINISH);
	bad_exact(s, 0, "move inf PIC-PAR", GAME_REJECTED,
	    "'move': your battles are over; send princess, unify or done");
	free(s);
}

/* 6.5: every unit that entered fights, from whatever direction. */
static void
test_6_5_attackers_from_all_sides(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "LOR");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 0, "move arc PAR-CHA; move inf LOR-CHA");
	assert_true(last_says(s, "strength 3 against 2"));
	assert_int_equal(s->p[0].vp_perm, 1);		/* 3 killed the ARC */
	assert_int_equal(s->prov[P("CHA")].owner, 0);
	assert_int_equal(wt_count_units(s, 0, P("CHA"), WT_ARC), 1);
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 0);
	free(s);
}

/* 6.5: a player's princesses defend too (strength 0) and can be hit. */
static void
test_6_5_princesses_defend(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 0, 0, 2, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR");
	assert_true(last_says(s, "strength 3 against 1"));
	assert_true(last_says(s, "BUR: inf 2:killed, pri 1:destroyed, pri 0:unhurt"));
	/* INF (1) + princess (1) + the princess left when LOR fell (1) */
	assert_int_equal(s->p[0].vp_perm, 3);
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	assert_int_equal(s->prov[P("LOR")].pri, 0);
	assert_int_equal(wt_count_units(s, 0, P("LOR"), WT_CAV), 1);
	free(s);
}

/* 6.5: units that do not enter the province do not fight. */
static void
test_6_5_only_entering_units_fight(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-CHA");
	assert_true(last_says(s, "strength 1 against 2"));
	assert_true(wt_has_barb(s, P("CHA")));
	assert_int_equal(s->p[0].vp_perm, 0);
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_ARC), 1);
	free(s);
}

/* 6.6: both sides strike at once: the killed barbarian still kills. */
static void
test_6_6_dead_still_strike(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 0, "move arc PAR-CHA; move inf PAR-CHA");
	assert_int_equal(wt_count_units(s, WT_BARB, P("CHA"), -1), 0);
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 0);
	free(s);
}

/* 6.6 (Q20): a unit that retreated earlier this turn still deals damage. */
static void
test_6_6_exhausted_still_fights(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	put(s, 0, WT_INF, "CHA");
	bur_lor(s, 0, 0, 0, 0, 0);
	pass_until(s, PH_MAN);
	u = put(s, 1, WT_INF, "LOR");
	s->u[u].exhausted = 1;
	ok(s, 0, "move inf CHA-LOR");
	assert_true(last_says(s, "strength 1 against 1"));
	assert_int_equal(wt_count_units(s, 1, -1, -1), 0);	/* any damage kills */
	assert_int_equal(wt_count_units(s, 0, -1, -1), 0);	/* its 1 still hit */
	assert_int_equal(s->p[0].vp_perm, 1);
	free(s);
}

/* 6.6: nobody deals more than its strength: a larger split is refused when
 * given (issue 23). */
static void
test_6_6_no_more_than_strength(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_ARC, "PAR");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move arc PAR-CHA; damage CHA 4 arc", GAME_REJECTED,
	    "command 2: "
	    "damage CHA 4 arc: it gives 4 damage, and the strength at CHA is 2 (6.6)");
	ok(s, 0, "move arc PAR-CHA; damage CHA 2 arc");
	assert_true(last_says(s, "FRA: damage CHA 2 arc\n"));
	assert_int_equal(s->p[0].vp_perm, 0);		/* 2 only forces it back */
	assert_true(last_says(s, "barbarians: arc 2:retreats"));
	free(s);
}

/* 6.7: the attacker's written split is applied as written. */
static void
test_6_7_written_split(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 1, 0, 0, 0);
	pass_until(s, PH_MAN);
	/* auto would kill the ARC (3); the split kills the INF instead */
	ok(s, 0, "move cav CHA-LOR; damage LOR 2 inf, 1 arc");
	assert_int_equal(wt_count_units(s, 1, P("LOR"), WT_INF), 0);
	assert_int_equal(wt_count_units(s, 1, P("LOR"), WT_ARC), 1);
	assert_int_equal(s->p[0].vp_perm, 1);
	/* BUR's 3 (auto) forced the CAV back; no Commander: it died, no VP */
	assert_int_equal(wt_count_units(s, 0, -1, -1), 0);
	assert_int_equal(s->p[1].vp_perm, 0);
	assert_int_equal(s->prov[P("LOR")].owner, 1);
	free(s);
}

/* 6.7: damage a written split leaves unassigned goes to the strongest
 * piece not yet given any (step 3 of 6.9). */
static void
test_6_7_leftover_damage(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 0, 0, 1, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; damage LOR 2 inf");
	assert_true(last_says(s, "BUR: inf 2:killed, pri 1:destroyed"));
	assert_int_equal(s->p[0].vp_perm, 2);
	free(s);
}

/* 6.7: with defence=auto nobody is asked. */
static void
test_6_7_defence_auto_option(void **state)
{
	const char *c[2] = { "FRA", "BUR" }, *t[2] = { "1 1 1", "1 1 1" };
	struct game_opt o[1] = { { "defence", "auto" } };
	struct wt_state *s = game_new(2, c, t, o, 1);

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	at_war(s, 0, 1);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR");
	assert_int_not_equal(s->man_step, MS_DEFEND);
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	free(s);
}

/* 6.7: a line that cannot be parsed, or that does not fit its battle, rejects
 * the submission; one that no longer fits when its battle begins becomes
 * auto, and the report says why. */
static void
test_6_7_bad_split_lines(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 1, 0, 0, 0);
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move cav CHA-LOR; damage LOR 2", GAME_REJECTED,
	    "command 2: damage LOR: items are '<n> <piece>' pairs, at most 12");
	bad_exact(s, 0, "move cav CHA-LOR; damage LOR 2 horses", GAME_REJECTED,
	    "command 2: damage LOR: '2 horses' is not '<n> <piece>'");
	bad_exact(s, 0, "move cav CHA-LOR; damage LOR", GAME_REJECTED,
	    "command 2: damage: write 'damage <province> auto' or 'damage <province> <n> "
	    "<piece>, ...'");
	assert_int_equal(wt_count_units(s, 0, P("CHA"), WT_CAV), 1);
	bad_exact(s, 0, "move cav CHA-LOR; damage LOR 3 cav", GAME_REJECTED,
	    "command 2: damage LOR 3 cav: BUR has no cav at LOR");
	bad_exact(s, 0, "move cav CHA-LOR; damage LOR 1 inf, 1 inf", GAME_REJECTED,
	    "command 2: "
	    "damage LOR 1 inf, 1 inf: BUR has 1 inf at LOR, and the split names 2");
	bad_exact(s, 0, "move cav CHA-LOR; damage ORL 3 inf", GAME_REJECTED,
	    "command 2: damage ORL 3 inf: you start no battle at ORL in this manoeuvre");
	bad_exact(s, 0, "move cav CHA-LOR; damage LOR auto; damage LOR 3 arc",
	    GAME_REJECTED, "command 3: "
	        "damage LOR 3 arc: a second split for the battle at LOR");
	free(s);
	/* the split fitted when given; the archer is gone when the battle begins */
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 1, 0, 0, 1);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; damage LOR 3 arc");
	wt_kill_unit(s, unit_at(s, 1, WT_ARC, "LOR"));
	ok(s, 1, "damage LOR auto");
	assert_true(last_says(s, "FRA: damage LOR 3 arc no longer fits: BUR has no arc "
	    "at LOR; auto instead (6.7)"));
	assert_int_equal(wt_count_units(s, 1, P("LOR"), WT_INF), 0);	/* auto */
	free(s);
}

/* 6.7: a defending player is asked; the attacker's split stays hidden. */
static void
test_6_7_split_hidden(void **state)
{
	const char *names[2] = { "Ann", "Bob" };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	char *t;
	json_t *j;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 1, 0, 0, 1);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; damage LOR 2 inf, 1 arc");
	assert_int_equal(awaited_seat(s), 1);
	t = view_text(s, 0);
	assert_non_null(strstr(t, "held until the battle: damage LOR 2 inf, 1 arc"));
	free(t);
	t = view_text(s, 1);
	assert_null(strstr(t, "held until"));
	assert_null(strstr(t, "2 inf"));
	free(t);
	assert_false(public_says(s, "held until"));
	j = warriors_rules.render_json(s, -1, names);
	assert_null(json_object_get(j, "private"));
	json_decref(j);
	ok(s, 1, "damage LOR 3 cav");
	assert_int_equal(wt_count_units(s, 1, P("LOR"), WT_INF), 0);
	free(s);
}

/* 6.8: from turn 4 a barbarian infantry is 2/2. */
static void
test_6_8_turn_four(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->turn = 4;
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL");
	assert_true(last_says(s, "strength 1 against 2"));
	assert_true(last_says(s, "barbarians: inf 1:unhurt"));
	assert_true(last_says(s, "FRA: inf 2:killed"));
	assert_true(wt_has_barb(s, P("ORL")));
	free(s);
}

/* 6.8: in turn 3 the same barbarian is 1/1 and is forced back. */
static void
test_6_8_turn_three(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->turn = 3;
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL");
	assert_true(last_says(s, "strength 1 against 1"));
	assert_true(last_says(s, "barbarians: inf 1:retreats"));
	assert_true(wt_free(s, P("ORL")));
	free(s);
}

/* 6.9: an auto split against a player: kill the fort, then force back. */
static void
test_6_9_auto_against_player(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 0, 1, 1, 0, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "move 2 cav CHA-LOR");
	assert_true(last_says(s, "BUR: fort 4:destroyed, arc 2:retreats"));
	assert_true(last_says(s, "FRA: cav 4:killed, cav 0:unhurt"));
	assert_int_equal(s->p[0].vp_perm, 3);	/* the fort; the ARC died retreating */
	assert_int_equal(s->p[1].vp_perm, 3);	/* the CAV */
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	free(s);
}

/* 6.9: forts are never forced back; what cannot kill or repel is wasted. */
static void
test_6_9_fort_never_forced_back(void **state)
{
	int kind[2] = { WT_FORT, WT_PRI }, str[2] = { 2, 0 }, tough[2] = { 4, 1 };
	int exh[2] = { 0, 0 }, dmg[2];

	(void)state;
	wt_auto_split(3, 1, str, tough, kind, exh, dmg);
	assert_int_equal(dmg[0], 3);
	assert_int_equal(wt_outcome(WT_FORT, 4, 0, dmg[0]), 0);
	/* with a princess beside it: 1 kills her, 2 on the fort do nothing */
	wt_auto_split(3, 2, str, tough, kind, exh, dmg);
	assert_int_equal(dmg[1], 1);
	assert_int_equal(dmg[0], 2);
	assert_int_equal(wt_outcome(WT_FORT, 4, 0, dmg[0]), 0);
}

/* 6.10: equal to toughness forces back, above kills, exhausted dies to any. */
static void
test_6_10_damage_effects(void **state)
{
	(void)state;
	assert_int_equal(wt_outcome(WT_ARC, 2, 0, 2), 1);
	assert_int_equal(wt_outcome(WT_ARC, 2, 0, 3), 2);
	assert_int_equal(wt_outcome(WT_CAV, 3, 1, 1), 2);
	assert_int_equal(wt_outcome(WT_FORT, 4, 0, 4), 2);
	assert_int_equal(wt_outcome(WT_FORT, 4, 0, 9), 2);
	assert_int_equal(wt_outcome(WT_PRI, 1, 0, 1), 2);
}

/* 6.10: less than toughness does nothing, and it does not carry over. */
static void
test_6_10_no_carry_over(void **state)
{
	struct wt_state *s = fra_eng("1 1 1");

	(void)state;
	assert_int_equal(wt_outcome(WT_CAV, 3, 0, 2), 0);
	assert_int_equal(wt_outcome(WT_FORT, 4, 0, 3), 0);
	s->p[0].track[WT_MIL] = 6;		/* Commander and Double Strike */
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_ARC, "LOR");
	put(s, 0, WT_ARC, "LOR");
	pass_until(s, PH_MAN);
	/* Dijon is an unclaimed capital: a barbarian fort 2/4 */
	ok(s, 0, "move arc LOR-DIJ");		/* 2 on the fort */
	assert_int_equal(s->man_step, MS_SECOND);
	assert_int_equal(s->prov[P("DIJ")].barb_fort, 1);
	ok(s, 0, "move arc LOR-DIJ");		/* 2 more: 4 if it carried over */
	assert_int_equal(s->prov[P("DIJ")].barb_fort, 1);
	assert_int_equal(s->p[0].vp_perm, 0);
	assert_int_equal(wt_count_units(s, 0, P("LOR"), WT_ARC), 2);
	free(s);
}

/* 6.11: a barbarian forced back goes to a free province first. */
static void
test_6_11_barbarian_to_free_first(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	clear_barb(s, P("BLO"));
	put(s, 0, WT_INF, "PAR");
	put(s, 1, WT_INF, "DIJ");		/* the turn waits for BUR's manoeuvre */
	pass_until(s, PH_MAN);
	/* CHA and CHN are barbarian trade centres, BLO is free: BLO wins */
	ok(s, 0, "move inf PAR-ORL; rout ORL to CHN");
	u = unit_at(s, WT_BARB, WT_INF, "BLO");
	assert_true(u >= 0);
	assert_true(s->u[u].exhausted);
	assert_true(wt_has_barb(s, P("BLO")));	/* a barbarian province now */
	assert_int_equal(wt_count_units(s, WT_BARB, P("CHN"), WT_INF), 0);
	free(s);
}

/* 6.11: then a barbarian capital before a barbarian trade centre. */
static void
test_6_11_barbarian_capital_before_trade(void **state)
{
	struct wt_state *s = fra_eng("1 1 1");

	(void)state;
	put(s, 0, WT_INF, "CHA");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	/* LOR borders BRA, CHN (trade), DIJ (barbarian capital), SWA */
	ok(s, 0, "move inf CHA-LOR; rout LOR to CHN");
	assert_int_equal(wt_count_units(s, WT_BARB, P("DIJ"), WT_INF), 1);
	assert_int_equal(wt_count_units(s, WT_BARB, P("CHN"), WT_INF), 0);
	free(s);
}

/* 6.11: a barbarian with nowhere to go dies, and nobody scores it. */
static void
test_6_11_barbarian_nowhere_dies(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int arcs;

	(void)state;
	put(s, 0, WT_INF, "BRE");
	put(s, 0, WT_ARC, "ORL");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	arcs = wt_count_units(s, WT_BARB, -1, WT_ARC);
	ok(s, 0, "move arc ORL-BLO");	/* 2 = toughness: it must go, BRE/ORL are ours */
	assert_true(last_says(s, "barbarians: arc 2:retreats"));
	assert_int_equal(wt_count_units(s, WT_BARB, -1, WT_ARC), arcs - 1);
	assert_false(wt_has_barb(s, P("BLO")));
	assert_true(last_says(s, "could not retreat and died (no VP)"));
	assert_int_equal(s->p[0].vp_perm, 0);
	free(s);
}

/* 6.11: a retreated unit is exhausted: any damage later that turn kills it. */
static void
test_6_11_exhausted_dies_to_any(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	s->p[0].track[WT_MIL] = 4;		/* Commander */
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	u = put(s, 0, WT_CAV, "PIC");
	put(s, 1, WT_INF, "CHA");
	at_war(s, 0, 1);
	ok(s, 0, "defend auto");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PIC-FLA");	/* barbarian CAV 3/3: both forced back */
	assert_int_equal(s->u[u].prov, P("PIC"));
	assert_true(s->u[u].exhausted);
	assert_int_equal(s->u[u].ap, 0);
	ok(s, 1, "move inf CHA-PIC");	/* 1 damage on the exhausted CAV */
	assert_int_equal(s->u[u].side, -1);
	assert_int_equal(s->p[1].vp_perm, 3);
	free(s);
}

/* 6.11: by default a unit forced back goes where it came from, even when
 * another own province comes first alphabetically. */
static void
test_6_11_default_came_from(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_INF, "CHA");		/* CHA < PAR, both border ORL */
	u = put(s, 0, WT_INF, "PAR");
	put(s, 1, WT_INF, "DIJ");		/* the turn waits for BUR's manoeuvre */
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-ORL");
	assert_int_equal(s->u[u].prov, P("PAR"));
	assert_true(s->u[u].exhausted);
	free(s);
}

/* 6.11: a player's unit never retreats into a barbarian province. */
static void
test_6_11_retreat_never_to_barbarian(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	s->p[0].track[WT_MIL] = 4;
	s->p[0].res[WT_FOOD] = 20;
	u = put(s, 0, WT_INF, "PAR");
	put(s, 1, WT_INF, "DIJ");		/* the turn waits for BUR's manoeuvre */
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move inf PAR-ORL; retreat ORL to CHA", GAME_REJECTED,
	    "command 2: "
	    "retreat ORL to CHA: CHA holds barbarians; units retreat only into a "
	    "province of yours or a free one (6.11)");
	ok(s, 0, "move inf PAR-ORL");
	assert_int_equal(s->u[u].prov, P("PAR"));	/* the default: where it came from */
	assert_true(s->u[u].exhausted);
	assert_true(wt_has_barb(s, P("CHA")));
	free(s);
}

/* 6.12: behind a fort that stood when the battle began a princess is never
 * hit, neither by a written split nor by auto. */
static void
test_6_12_fort_shields_princess(void **state)
{
	static const char *const subs[2] = {
		"move cav CHA-LOR; damage LOR 3 fort",
		"move cav CHA-LOR; damage LOR auto",
	};
	struct wt_state *s;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		s = fra_bur("1 1 1", "1 1 1");
		put(s, 0, WT_CAV, "CHA");
		bur_lor(s, 0, 0, 1, 1, 0);
		pass_until(s, PH_MAN);
		bad_exact(s, 0, "move cav CHA-LOR; damage LOR 1 pri, 2 fort", GAME_REJECTED,
		    "command 2: "
		    "damage LOR 1 pri, 2 fort: a fort stands at LOR, so its princesses "
		    "cannot be hit (6.12)");
		ok(s, 0, subs[i]);
		assert_true(last_says(s, "BUR: fort 3:unhurt, pri 0:unhurt"));
		assert_int_equal(s->prov[P("LOR")].pri, 1);
		assert_int_equal(s->prov[P("LOR")].owner, 1);
		assert_int_equal(s->p[0].vp_perm, 0);
		free(s);
	}
}

/* 6.12: with no fort in her province a princess may be hit as written. */
static void
test_6_12_no_fort_princess_hit(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 0, 0, 2, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; damage LOR 1 pri, 1 pri, 1 inf");
	assert_true(last_says(s, "pri 1:destroyed, pri 1:destroyed"));
	/* the INF was only forced back (dies, no VP): 2 princesses scored */
	assert_int_equal(s->p[0].vp_perm, 2);
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	free(s);
}

/* 6.13: the attacker takes the province and its token from the owner. */
static void
test_6_13_attacker_takes(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int vp1;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 1, 0, 0, 1, 0);
	pass_until(s, PH_MAN);
	vp1 = wt_vp(s, 1);
	ok(s, 0, "move cav CHA-LOR; damage LOR 3 inf");
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	assert_int_equal(wt_vp(s, 1), vp1 - 1);
	assert_true(last_says(s, "1 princess(es) at LOR die (+1 VP)"));
	assert_int_equal(s->p[0].vp_perm, 1 + 1);
	free(s);
	/* nobody left: the province becomes free */
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "CHA");
	bur_lor(s, 1, 0, 0, 0, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf CHA-LOR");
	assert_true(wt_free(s, P("LOR")));
	assert_int_equal(s->p[0].vp_perm + s->p[1].vp_perm, 0);
	free(s);
}

/* 6.13: a fort holds; the attackers fall back, without AP, not exhausted. */
static void
test_6_13_fort_holds(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int u;

	(void)state;
	u = put(s, 0, WT_CAV, "CHA");
	bur_lor(s, 0, 0, 1, 0, 0);
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR");	/* 3 on a fort of 4; 2 on a CAV of 3 */
	assert_int_equal(s->prov[P("LOR")].owner, 1);
	assert_int_equal(s->prov[P("LOR")].forts, 1);
	assert_int_equal(s->u[u].prov, P("CHA"));
	assert_int_equal(s->u[u].ap, 0);
	assert_false(s->u[u].exhausted);
	free(s);
}

/*
 * The 6.13 set-up: ORL free, a barbarian fort in CHN; ARC and CAV in PAR.
 * With `own` France also holds LOR, with `free_dij` Dijon is free.
 */
static struct wt_state *
fall_back_game(int own, int free_dij)
{
	struct wt_state *s = fra_eng("0 0 3");	/* 3 AP, no Commander */

	clear_barb(s, P("ORL"));
	clear_barb(s, P("CHN"));
	s->prov[P("CHN")].barb_fort = 1;
	if (free_dij)
		clear_barb(s, P("DIJ"));	/* free, and before LOR alphabetically */
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_CAV, "PAR");
	if (own)
		put(s, 0, WT_INF, "LOR");
	s->p[0].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	/* the BLO barbarian is routed into ORL, where the CAV came from */
	ok(s, 0, "move arc PAR-ORL-BLO; move cav PAR-ORL-CHN; rout BLO to ORL");
	assert_true(wt_has_barb(s, P("ORL")));
	return s;
}

/* 6.13: when the way back is barbarian now, fall back to your own province
 * (before a free one, as in 6.11). */
static void
test_6_13_fall_back_elsewhere(void **state)
{
	struct wt_state *s = fall_back_game(1, 1);

	(void)state;
	assert_int_equal(wt_count_units(s, 0, P("LOR"), WT_CAV), 1);
	assert_int_equal(wt_count_units(s, 0, P("DIJ"), WT_CAV), 0);
	assert_int_equal(s->prov[P("CHN")].barb_fort, 1);
	/* the report says so (issue 15) */
	assert_true(last_says(s, "FRA cav falls back from CHN to LOR (6.13)"));
	free(s);
	/* no own province: the first free one */
	s = fall_back_game(0, 1);
	assert_int_equal(wt_count_units(s, 0, P("DIJ"), WT_CAV), 1);
	free(s);
}

/* 6.13: with nowhere to fall back the attackers die and nobody scores. */
static void
test_6_13_nowhere_to_fall_back(void **state)
{
	struct wt_state *s = fall_back_game(0, 0);

	(void)state;
	assert_int_equal(wt_count_units(s, 0, -1, -1), 0);
	assert_true(last_says(s, "1 attacking unit(s) had nowhere to fall back and died"));
	assert_int_equal(s->p[0].vp_perm, 0);
	free(s);
}

/* 6.14: with Double Strike a unit starts a second battle in the same turn. */
static void
test_6_14_second_battle(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-ORL");		/* 2 of 4 AP; ORL taken */
	assert_int_equal(s->man_step, MS_SECOND);
	ok(s, 0, "move cav ORL-BLO");		/* 2 more: a second battle */
	assert_int_equal(s->prov[P("BLO")].owner, 0);
	assert_int_equal(s->p[0].vp_perm, 2);
	free(s);
}

/* 6.14: exhausted units take no part in the second manoeuvre. */
static void
test_6_14_exhausted_excluded(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move arc PAR-CHA");		/* 2 against 2/2: back to PAR */
	assert_int_equal(s->man_step, MS_SECOND);
	bad_exact(s, 0, "move arc PAR-CHA", GAME_REJECTED,
	    "move: the path costs 1 AP; your arc in PAR has 0");	/* CHA is free now */
	ok(s, 0, "move inf PIC-PAR");
	free(s);
}

/* 6.16: a unit that retreats into a free province takes it at once; the
 * province it left is returned at once. */
static void
test_6_16_retreat_takes_token(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[1].track[WT_MIL] = 4;
	put(s, 0, WT_INF, "CHA");
	put(s, 0, WT_INF, "PIC");
	bur_lor(s, 1, 0, 0, 0, 1);
	clear_barb(s, P("CHN"));
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf CHA-LOR");
	ok(s, 1, "damage LOR auto; retreat LOR to CHN");
	assert_int_equal(s->man_step, MS_SECOND);	/* FRA's manoeuvre goes on */
	assert_int_equal(s->prov[P("CHN")].owner, 1);
	assert_int_equal(s->prov[P("LOR")].owner, -1);
	checked(s);
	free(s);
}

/*
 * 6.11 (issue 15, defect 4): a unit forced back may retreat into its
 * owner's province even while the attacker's units wait there for their
 * own battle: the province is still its owner's, not another player's.
 * The defender of LOR and CHN orders its CAV from LOR to CHN; it went to
 * DIJ, as if no order had been given.  Both the order and the default
 * (CHN < DIJ) say CHN.
 */
static void
test_6_11_retreat_into_own_province_under_attack(void **state)
{
	static const char *const orders[2] = {
		"damage LOR auto; retreat LOR to CHN; damage CHN auto",
		"damage LOR auto; damage CHN auto",	/* the default */
	};
	struct wt_state *s;
	int i, cav;

	(void)state;
	for (i = 0; i < 2; i++) {
		s = fra_bur("1 1 1", "1 1 1");
		s->p[0].track[WT_MIL] = 6;
		s->p[1].track[WT_MIL] = 4;		/* Commander */
		put(s, 0, WT_CAV, "CHA");
		put(s, 0, WT_CAV, "ORL");
		bur_lor(s, 0, 0, 0, 0, 1);
		cav = put(s, 1, WT_CAV, "LOR");
		put_fort(s, 1, "CHN", 1, 0);
		pass_until(s, PH_MAN);
		ok(s, 0, "move cav CHA-LOR; move cav ORL-CHN");
		ok(s, 1, orders[i]);
		if (!strstr(s->last, "BUR cav retreats from LOR to CHN"))
			fail_msg("'%s': the CAV did not retreat to CHN: %s", orders[i], s->last);
		assert_int_equal(s->prov[P("CHN")].owner, 1);
		assert_int_not_equal(s->u[cav].prov, P("DIJ"));
		checked(s);
		free(s);
	}
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_6_1_princess_after_battles),
		cmocka_unit_test(test_6_1_princess_waits),
		cmocka_unit_test(test_6_2_no_ap_beyond_level),
		cmocka_unit_test(test_6_3_free_and_stacking),
		cmocka_unit_test(test_6_3_move_limits),
		cmocka_unit_test(test_6_4_moves_before_battles),
		cmocka_unit_test(test_6_4_no_move_after_battles),
		cmocka_unit_test(test_6_5_attackers_from_all_sides),
		cmocka_unit_test(test_6_5_princesses_defend),
		cmocka_unit_test(test_6_5_only_entering_units_fight),
		cmocka_unit_test(test_6_6_dead_still_strike),
		cmocka_unit_test(test_6_6_exhausted_still_fights),
		cmocka_unit_test(test_6_6_no_more_than_strength),
		cmocka_unit_test(test_6_7_written_split),
		cmocka_unit_test(test_6_7_defence_auto_option),
		cmocka_unit_test(test_6_7_leftover_damage),
		cmocka_unit_test(test_6_7_bad_split_lines),
		cmocka_unit_test(test_6_7_split_hidden),
		cmocka_unit_test(test_6_8_turn_four),
		cmocka_unit_test(test_6_8_turn_three),
		cmocka_unit_test(test_6_9_auto_against_player),
		cmocka_unit_test(test_6_9_fort_never_forced_back),
		cmocka_unit_test(test_6_10_damage_effects),
		cmocka_unit_test(test_6_10_no_carry_over),
		cmocka_unit_test(test_6_11_barbarian_to_free_first),
		cmocka_unit_test(test_6_11_barbarian_capital_before_trade),
		cmocka_unit_test(test_6_11_barbarian_nowhere_dies),
		cmocka_unit_test(test_6_11_exhausted_dies_to_any),
		cmocka_unit_test(test_6_11_retreat_never_to_barbarian),
		cmocka_unit_test(test_6_11_default_came_from),
		cmocka_unit_test(test_6_12_fort_shields_princess),
		cmocka_unit_test(test_6_12_no_fort_princess_hit),
		cmocka_unit_test(test_6_13_attacker_takes),
		cmocka_unit_test(test_6_13_fort_holds),
		cmocka_unit_test(test_6_13_fall_back_elsewhere),
		cmocka_unit_test(test_6_13_nowhere_to_fall_back),
		cmocka_unit_test(test_6_14_second_battle),
		cmocka_unit_test(test_6_14_exhausted_excluded),
		cmocka_unit_test(test_6_16_retreat_takes_token),
		cmocka_unit_test(test_6_11_retreat_into_own_province_under_attack),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
