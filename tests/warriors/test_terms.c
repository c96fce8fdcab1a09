/*
 * test_terms.c - rules 0 (terms), 1 (setup) and 2 (turn structure) of
 * rules-en.md, each with a positive test (the rule applied) and a negative
 * one (the engine refuses or does not do what the rule forbids).  Rules
 * that are definitions are tested through their consequences.
 */
#include "wt_test.h"

/* Lombardy (seat 0), Ireland (seat 1), France (seat 2): country order 1 2 0. */
static struct wt_state *
three(void)
{
	const char *c[3] = { "LOM", "IRE", "FRA" };
	const char *t[3] = { "1 1 1", "1 1 1", "1 1 1" };

	return game_new(3, c, t, NULL, 0);
}

/* A game stopped before the tokens are placed (phase PH_TRACKS). */
static struct wt_state *
before_tracks(void)
{
	struct game_opt o[1] = { { "countries", "choose" } };
	uint8_t seed[GAME_SEED_LEN] = { 3 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	assert_non_null(s);
	assert_int_equal(warriors_rules.setup(s, 2, o, 1, seed, err, sizeof(err)), 0);
	ok(s, 0, "country FRA");
	ok(s, 1, "country BUR");
	assert_int_equal(s->phase, PH_TRACKS);
	return s;
}

/* 0.1: infantry, archers and cavalry move; barbarians are fought without war. */
static void
test_0_1_units_move(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PAR-PIC; move arc PAR-PIC; move cav PAR-ORL");
	assert_int_equal(wt_count_units(s, 0, P("PIC"), -1), 3);
	/* barbarians are neutral: ORL was attacked with no war declared */
	assert_int_equal(s->prov[P("ORL")].owner, 0);
	free(s);
}

/* 0.1: forts and princesses never move as units; barbarians are no player. */
static void
test_0_1_forts_princesses_do_not_move(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	const char *msg = "move: only units move (inf, arc, cav); princesses use "
	    "'princess A-B'";

	(void)state;
	bad_exact(s, 0, "declare war barbarians", GAME_REJECTED,
	    "'barbarians' is not a player in this game (use a country code such as fra)");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move fort PAR-PIC", GAME_REJECTED, msg);
	bad_exact(s, 0, "move pri PAR-PIC", GAME_REJECTED, msg);
	/* a fort given exactly its toughness is destroyed, never forced back */
	assert_int_equal(wt_outcome(WT_FORT, 4, 0, 4), 2);
	assert_int_equal(wt_outcome(WT_PRI, 1, 0, 1), 2);
	free(s);
}

/* 0.2: the token holder scores the province: capital 3, trade 2, other 1. */
static void
test_0_2_province_types_score(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int c, p, caps;

	(void)state;
	for (c = 0; c < WT_NCTY; c++) {
		caps = 0;
		for (p = 0; p < WT_NPROV; p++)
			if (wt_provinces[p].country == c && wt_provinces[p].type == WT_CAPITAL)
				caps++;
		assert_int_equal(caps, 1);
		assert_int_equal(wt_provinces[wt_countries[c].capital].type, WT_CAPITAL);
	}
	assert_int_equal(wt_vp(s, 0), 3 + 3);		/* PAR and its fort token */
	put(s, 0, WT_INF, "CHA");
	assert_int_equal(wt_vp(s, 0), 6 + 2);
	put(s, 0, WT_INF, "PIC");
	assert_int_equal(wt_vp(s, 0), 6 + 2 + 1);
	free(s);
}

/* 0.2: pieces without the token score nothing until the token is taken. */
static void
test_0_2_no_token_no_vp(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int vp;

	(void)state;
	s->p[0].track[WT_MIL] = 6;		/* Double Strike pauses the manoeuvre */
	s->p[0].res[WT_FOOD] = 20;
	clear_barb(s, P("ORL"));
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	vp = wt_vp(s, 0);
	ok(s, 0, "move cav PAR-ORL");
	assert_int_equal(s->man_step, MS_SECOND);
	assert_int_equal(s->prov[P("ORL")].owner, -1);
	assert_int_equal(wt_vp(s, 0), vp);	/* a CAV stands there, no token yet */
	ok(s, 0, "done");
	assert_int_equal(s->prov[P("ORL")].owner, 0);
	assert_int_equal(wt_vp(s, 0), vp + 1);
	free(s);
}

/* 0.3: a province with only your pieces is yours; an emptied one is not. */
static void
test_0_3_control_by_presence(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	clear_barb(s, P("ORL"));
	put(s, 0, WT_INF, "PIC");
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	assert_true(wt_free(s, P("ORL")));
	assert_int_equal(s->prov[P("ORL")].owner, -1);	/* free: nobody's */
	ok(s, 0, "move inf PAR-ORL; move inf PIC-PAR");
	assert_int_equal(s->prov[P("ORL")].owner, 0);
	assert_int_equal(s->prov[P("PIC")].owner, -1);
	assert_true(wt_free(s, P("PIC")));
	/* PAR keeps its fort and princesses: still France's */
	assert_int_equal(s->prov[P("PAR")].owner, 0);
	checked(s);
	free(s);
}

/* 0.3: in your own manoeuvre an emptied province stays yours until its end. */
static void
test_0_3_held_during_own_manoeuvre(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = 20;
	put(s, 0, WT_CAV, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PIC-PAR");
	assert_int_equal(s->man_step, MS_SECOND);	/* the manoeuvre goes on */
	assert_int_equal(s->prov[P("PIC")].owner, 0);
	checked(s);
	ok(s, 0, "done");
	assert_int_equal(s->prov[P("PIC")].owner, -1);
	free(s);
}

/* 0.3: a barbarian province is entered only by a battle; sides never share. */
static void
test_0_3_barbarian_province_needs_battle(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int p;

	(void)state;
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	assert_true(wt_has_barb(s, P("CHA")));
	assert_false(wt_free(s, P("CHA")));
	bad_exact(s, 0, "move cav PAR-CHA-LOR", GAME_REJECTED,
	    "move: CHA is neither yours nor free; units pass only through such "
	    "provinces (6.3)");
	bad_exact(s, 0, "move cav PAR-PIC-NOR", GAME_REJECTED,
	    "move: the path costs 3 AP (1 of them to start the battle); your cav "
	    "in PAR has 2");
	ok(s, 0, "move cav PAR-CHA");
	assert_true(last_says(s, "battle at CHA"));
	for (p = 0; p < WT_NPROV; p++)
		assert_false(wt_has_barb(s, p) && wt_side_present(s, 0, p));
	checked(s);
	free(s);
}

/* 0.4: the four resources and their one-letter forms. */
static void
test_0_4_resources(void **state)
{
	struct wt_state *s = trade_game("0 3 0", "1 1 1");	/* ratio 2:1 */
	int f = s->p[0].res[WT_FOOD], g = s->p[0].res[WT_GOLD];

	(void)state;
	ok(s, 0, "trade 4 f for 2 $");
	ok(s, 1, "pass");
	assert_int_equal(s->p[0].res[WT_FOOD], f - 4);
	assert_int_equal(s->p[0].res[WT_GOLD], g + 2);
	assert_int_equal(WT_NRES, 4);
	free(s);
}

/* 0.4: no other resource exists. */
static void
test_0_4_no_other_resource(void **state)
{
	struct wt_state *s = trade_game("0 3 0", "1 1 1");

	(void)state;
	bad_exact(s, 0, "trade 4 wood for 2 gold", GAME_REJECTED,
	    "trade: give one resource for another, in whole numbers");
	s->p[0].routes = 1 << 1;
	bad_exact(s, 0, "deal bur give 1 stone get 1 gold", GAME_REJECTED,
	    "'1 stone' is not '<n> <resource>' (food, goods, weapons, gold)");
	free(s);
}

/* 0.5: a track rises one level per token, up to VII. */
static void
test_0_5_levels(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	ok(s, 0, "develop military");
	assert_int_equal(s->p[0].track[WT_MIL], 7);
	assert_int_equal(WT_NTRACK, 3);
	free(s);
}

/* 0.5: no level above VII, none below 0. */
static void
test_0_5_level_bounds(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 7;
	bad_exact(s, 0, "develop military", GAME_REJECTED,
	    "develop: military is already at VII");
	ok(s, 0, "pass; pass; shift trade to production");	/* trade is 0 */
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 0);
	assert_int_equal(s->p[0].track[WT_PROD], 3);
	free(s);
}

/* 0.6: country order (ascending card) decides who acts first. */
static void
test_0_6_country_order(void **state)
{
	struct wt_state *s = three();
	(void)state;
	assert_int_equal(s->order[0], 1);	/* IRE, card 1 */
	assert_int_equal(s->order[1], 2);	/* FRA, card 4 */
	assert_int_equal(s->order[2], 0);	/* LOM, card 8 */
	assert_int_equal(awaited_seat(s), 1);
	ok(s, 1, "pass");
	assert_int_equal(awaited_seat(s), 2);
	ok(s, 2, "pass");
	assert_int_equal(awaited_seat(s), 0);
	ok(s, 0, "pass");
	/* reverse order for action 2: LOM, FRA, IRE */
	assert_int_equal(wt_dev_seat(s), 0);
	ok(s, 0, "pass");
	assert_int_equal(wt_dev_seat(s), 2);
	ok(s, 2, "pass");
	assert_int_equal(wt_dev_seat(s), 1);
	ok(s, 1, "pass");
	assert_int_equal(s->turn, 2);	/* nobody had anything to manoeuvre */

	free(s);
}

/* 0.6: a seat later in country order may not act first. */
static void
test_0_6_not_first(void **state)
{
	struct wt_state *s = three();

	(void)state;
	bad_exact(s, 0, "pass", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for IRE (turn 1: development action 1)");
	bad_exact(s, 2, "pass", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for IRE (turn 1: development action 1)");
	free(s);
}

/* 1.1: the house map: 8 countries of 5-7 provinces, symmetric borders. */
static void
test_1_1_map(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	char *t = view_text(s, -1);
	int c, p, i, n;

	(void)state;
	for (c = 0; c < WT_NCTY; c++) {
		for (n = 0, p = 0; p < WT_NPROV; p++)
			n += wt_provinces[p].country == c;
		assert_true(n >= 5 && n <= 7);
	}
	for (p = 0; p < WT_NPROV; p++) {
		assert_true(wt_provinces[p].nadj >= 2);
		for (i = 0; i < wt_provinces[p].nadj; i++)
			assert_true(wt_adjacent(wt_provinces[p].adj[i], p));
		assert_non_null(strstr(t, wt_provinces[p].code));
	}
	free(t);
	free(s);
}

/* 1.1: a province that is not on the map is refused. */
static void
test_1_1_unknown_province(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "build inf XYZ", GAME_REJECTED,
	    "'xyz' is not a province code of map-west");
	put(s, 0, WT_INF, "PAR");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "move inf PAR-XYZ", GAME_REJECTED,
	    "path par-xyz: 'xyz' is not a province code");
	free(s);
}

/* 1.3: 4 units of each kind and 8 forts may stand on the map. */
static void
test_1_3_supply(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_WEAPONS] = 5;
	ok(s, 0, "build inf PAR");
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 4);
	free(s);
	s = fra_bur("3 0 0", "1 1 1");
	s->p[0].track[WT_PROD] = 4;
	put_fort(s, 0, "PIC", 2, 0);
	put_fort(s, 0, "NOR", 2, 0);
	put_fort(s, 0, "CHA", 2, 0);
	s->p[0].res[WT_GOODS] = 30;
	s->p[0].res[WT_FOOD] = 10;
	s->p[0].res[WT_GOLD] = 5;
	ok(s, 0, "build fort PAR");
	assert_int_equal(wt_forts_on_map(s, 0), 8);
	assert_int_equal(s->prov[P("PAR")].pri, 4);
	free(s);
}

/* 1.3: no fifth unit of a kind, no ninth fort, no princess built. */
static void
test_1_3_supply_exhausted(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");
	int i;

	(void)state;
	s->p[0].track[WT_PROD] = 4;
	for (i = 0; i < 4; i++)
		put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_WEAPONS] = 5;
	bad_exact(s, 0, "build inf PAR", GAME_REJECTED,
	    "build: no inf left in your supply (4 at most)");
	bad_exact(s, 0, "build pri PAR", GAME_REJECTED,
	    "build: 'pri' is not inf, arc, cav or fort");
	put_fort(s, 0, "PIC", 2, 0);
	put_fort(s, 0, "NOR", 2, 0);
	put_fort(s, 0, "CHA", 2, 0);
	put_fort(s, 0, "PAR", 2, 4);
	s->p[0].res[WT_GOODS] = 30;
	s->p[0].res[WT_FOOD] = 10;
	s->p[0].res[WT_GOLD] = 5;
	put(s, 0, WT_INF, "ORL");
	bad_exact(s, 0, "build fort ORL", GAME_REJECTED,
	    "build fort: all 8 of your forts are on the map");
	assert_int_equal(wt_supply(s, 0, WT_PRI), 0);
	free(s);
}

/* 1.4: barbarian forts stand only in capitals, units only elsewhere. */
static void
test_1_4_barbarians_placement(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int p, n;

	(void)state;
	for (p = 0; p < WT_NPROV; p++) {
		n = wt_count_units(s, WT_BARB, p, -1);
		if (wt_provinces[p].type == WT_CAPITAL) {
			assert_int_equal(n, 0);
			continue;
		}
		assert_int_equal(s->prov[p].barb_fort, 0);
		assert_int_equal(n, 1);
		assert_int_equal(wt_count_units(s, WT_BARB, p, wt_provinces[p].barb), 1);
	}
	free(s);
}

/* 1.5: your capital: your fort and 4 princesses, no barbarians, 6 VP. */
static void
test_1_5_capital(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int i, cap;

	(void)state;
	for (i = 0; i < 2; i++) {
		cap = wt_countries[s->p[i].country].capital;
		assert_int_equal(s->prov[cap].owner, i);
		assert_int_equal(s->prov[cap].pieceowner, i);
		assert_int_equal(s->prov[cap].forts, 1);
		assert_int_equal(s->prov[cap].pri, 4);
		assert_false(wt_has_barb(s, cap));
		assert_int_equal(wt_vp(s, i), 6);
	}
	free(s);
}

/* 1.5 (Q18): no starting units, and other capitals keep their barbarians. */
static void
test_1_5_no_starting_units(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	assert_int_equal(wt_count_units(s, 0, -1, -1), 0);
	assert_int_equal(wt_count_units(s, 1, -1, -1), 0);
	assert_int_equal(s->prov[P("LON")].barb_fort, 1);
	assert_int_equal(s->prov[P("LON")].owner, -1);
	free(s);
}

/* 1.6: each player starts with 1 food, 1 weapon, 1 gold. */
static void
test_1_6_starting_resources(void **state)
{
	struct wt_state *s = before_tracks();
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		assert_int_equal(s->p[i].res[WT_FOOD], 1);
		assert_int_equal(s->p[i].res[WT_WEAPONS], 1);
		assert_int_equal(s->p[i].res[WT_GOLD], 1);
	}
	free(s);
}

/* 1.6: and no goods; no income is paid before the tokens are placed. */
static void
test_1_6_no_goods(void **state)
{
	struct wt_state *s = before_tracks();

	(void)state;
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	assert_int_equal(s->p[1].res[WT_GOODS], 0);
	ok(s, 0, "tracks 1 1 1");
	assert_int_equal(s->p[0].res[WT_FOOD], 1);	/* still no income */
	free(s);
}

/* 1.8: the game reaches turn 1 when every token is placed. */
static void
test_1_8_turn_one(void **state)
{
	struct wt_state *s = before_tracks();

	(void)state;
	assert_int_equal(s->turn, 0);
	ok(s, 0, "tracks 1 1 1");
	assert_int_equal(s->turn, 0);
	ok(s, 1, "tracks 1 1 1");
	assert_int_equal(s->turn, 1);
	assert_true(public_says(s, "turn 1 of 10"));
	free(s);
}

/* 1.8: before turn 1 only the setup commands are accepted. */
static void
test_1_8_no_play_before_turn_one(void **state)
{
	struct wt_state *s = before_tracks();

	(void)state;
	bad_exact(s, 0, "develop trade", GAME_REJECTED,
	    "setup: place your 3 tokens with 'tracks P T M'");
	free(s);
}

/* 2.1: upkeep, trade, development, manoeuvres, end of turn, next turn. */
static void
test_2_1_turn_sequence(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");
	int food;

	(void)state;
	assert_int_equal(s->turn, 2);
	ok(s, 0, "pass");
	assert_int_equal(s->phase, PH_TRADE);	/* BUR has not sent yet */
	ok(s, 1, "pass");
	assert_int_equal(s->phase, PH_DEV);
	pass_until(s, PH_MAN);
	food = s->p[0].res[WT_FOOD];
	ok(s, 0, "done");
	ok(s, 1, "done");
	/* end of turn 2, then turn 3 starts with upkeep (1 food eaten, F2 x2) */
	assert_int_equal(s->turn, 3);
	assert_int_equal(s->p[0].res[WT_FOOD], food - 1 + 2 * 2 + 1 * 2);
	assert_int_equal(s->phase, PH_TRADE);
	free(s);
}

/* 2.1: no turn after the tenth; a phase's commands are refused in another. */
static void
test_2_1_ten_turns_and_phases(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad_exact(s, 0, "move inf PAR-PIC", GAME_REJECTED,
	    "'move': not a development action (develop, build, upgrade, declare "
	    "war, pass)");
	s->turn = 10;
	pass_until(s, PH_OVER);
	assert_int_equal(s->turn, 10);
	bad_exact(s, 0, "pass", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for nobody: the game is over");
	free(s);
}

/* 2.2: manoeuvres go in country order. */
static void
test_2_2_manoeuvre_order(void **state)
{
	struct wt_state *s = three();

	(void)state;
	put(s, 0, WT_INF, "GEN");
	put(s, 1, WT_INF, "DUB");
	put(s, 2, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	assert_int_equal(wt_man_seat(s), 1);	/* IRE */
	ok(s, 1, "done");
	assert_int_equal(wt_man_seat(s), 2);	/* FRA */
	ok(s, 2, "done");
	assert_int_equal(wt_man_seat(s), 0);	/* LOM */
	free(s);
}

/* 2.2: a seat out of manoeuvre order is refused. */
static void
test_2_2_out_of_order(void **state)
{
	struct wt_state *s = three();

	(void)state;
	put(s, 0, WT_INF, "GEN");
	put(s, 1, WT_INF, "DUB");
	put(s, 2, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "done", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for IRE (turn 1: your manoeuvre)");
	bad_exact(s, 2, "move inf PIC-PAR", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for IRE (turn 1: your manoeuvre)");
	free(s);
}

/* 2.3: trade waits for all at once; development and manoeuvre for one. */
static void
test_2_3_waiting(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 3u);
	ok(s, 1, "pass");		/* BUR may send before FRA */
	ok(s, 0, "pass");
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 0);
	pass_until(s, PH_MAN);
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 0);
	free(s);
}

/* 2.3: upkeep and end of turn wait for nobody; a sent seat is not asked again. */
static void
test_2_3_no_wait(void **state)
{
	struct wt_state *s = trade_game("1 1 1", "1 1 1");
	struct game_wait w;

	(void)state;
	ok(s, 0, "pass");
	bad_exact(s, 0, "pass", GAME_NOT_YOUR_TURN,
	    "not your turn: the game waits for BUR (turn 2 trade: routes, deals, "
	    "bank trades, VP, or pass)");
	ok(s, 1, "pass");
	pass_until(s, PH_MAN);
	ok(s, 0, "done");
	ok(s, 1, "done");
	/* end of turn 2 and upkeep of turn 3 ran; the trade round waits */
	assert_int_equal(s->turn, 3);
	assert_int_equal(s->phase, PH_TRADE);
	warriors_rules.waiting(s, &w);
	assert_int_equal(w.mask, 3u);
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_0_1_units_move),
		cmocka_unit_test(test_0_1_forts_princesses_do_not_move),
		cmocka_unit_test(test_0_2_province_types_score),
		cmocka_unit_test(test_0_2_no_token_no_vp),
		cmocka_unit_test(test_0_3_control_by_presence),
		cmocka_unit_test(test_0_3_held_during_own_manoeuvre),
		cmocka_unit_test(test_0_3_barbarian_province_needs_battle),
		cmocka_unit_test(test_0_4_resources),
		cmocka_unit_test(test_0_4_no_other_resource),
		cmocka_unit_test(test_0_5_levels),
		cmocka_unit_test(test_0_5_level_bounds),
		cmocka_unit_test(test_0_6_country_order),
		cmocka_unit_test(test_0_6_not_first),
		cmocka_unit_test(test_1_1_map),
		cmocka_unit_test(test_1_1_unknown_province),
		cmocka_unit_test(test_1_3_supply),
		cmocka_unit_test(test_1_3_supply_exhausted),
		cmocka_unit_test(test_1_4_barbarians_placement),
		cmocka_unit_test(test_1_5_capital),
		cmocka_unit_test(test_1_5_no_starting_units),
		cmocka_unit_test(test_1_6_starting_resources),
		cmocka_unit_test(test_1_6_no_goods),
		cmocka_unit_test(test_1_8_turn_one),
		cmocka_unit_test(test_1_8_no_play_before_turn_one),
		cmocka_unit_test(test_2_1_turn_sequence),
		cmocka_unit_test(test_2_1_ten_turns_and_phases),
		cmocka_unit_test(test_2_2_manoeuvre_order),
		cmocka_unit_test(test_2_2_out_of_order),
		cmocka_unit_test(test_2_3_waiting),
		cmocka_unit_test(test_2_3_no_wait),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
