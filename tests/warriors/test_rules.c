/*
 * test_rules.c - a positive and a negative test for the numbered rules of
 * rules-en.md (setup, upkeep, trade, development, manoeuvres, war,
 * unification, end of turn, victory, teams, notation).  Combat examples
 * are in test_combat.c.
 */
#include "wt_test.h"

/* 1.2: countries=choose, in seat order; a taken country is refused. */
static void
test_1_2_countries(void **state)
{
	struct game_opt o[1] = { { "countries", "choose" } };
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	(void)state;
	assert_int_equal(warriors_rules.setup(s, 3, o, 1, seed, err, sizeof(err)), 0);
	bad(s, 1, "country FRA", GAME_NOT_YOUR_TURN, "seat1");
	ok(s, 0, "country fra");
	bad(s, 1, "country france", GAME_REJECTED, "taken");
	bad(s, 1, "country XYZ", GAME_REJECTED, "not one of");
	ok(s, 1, "country Lombardy");
	ok(s, 2, "country IRE");
	assert_int_equal(s->phase, PH_TRACKS);
	/* country order: IRE (1) FRA (4) LOM (8) */
	assert_int_equal(s->order[0], 2);
	assert_int_equal(s->order[1], 0);
	assert_int_equal(s->order[2], 1);
	free(s);
}

/* 1.2: random countries from the seed are distinct and repeatable. */
static void
test_1_2_random(void **state)
{
	uint8_t seed[GAME_SEED_LEN] = { 9, 9 };
	struct wt_state *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	char err[256];
	int i, j;

	(void)state;
	assert_int_equal(warriors_rules.setup(a, 6, NULL, 0, seed, err, sizeof(err)), 0);
	assert_int_equal(warriors_rules.setup(b, 6, NULL, 0, seed, err, sizeof(err)), 0);
	assert_memory_equal(a, b, sizeof(*a));
	for (i = 0; i < 6; i++)
		for (j = i + 1; j < 6; j++)
			assert_int_not_equal(a->p[i].country, a->p[j].country);
	assert_int_not_equal(warriors_rules.setup(b, 7, NULL, 0, seed, err, sizeof(err)), 0);
	assert_string_equal(err, "Warriors & Traders takes 2 to 6 players, not 7");
	free(a);
	free(b);
}

/* 1.4-1.6: barbarians, the capital's pieces, 6 VP and the stock. */
static void
test_1_4_setup_pieces(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int p, barb_units = 0;

	(void)state;
	assert_int_equal(s->prov[P("PAR")].barb_fort, 0);
	assert_int_equal(s->prov[P("PAR")].forts, 1);
	assert_int_equal(s->prov[P("PAR")].pri, 4);
	assert_int_equal(s->prov[P("LON")].barb_fort, 1);	/* unclaimed capital */
	for (p = 0; p < WT_NPROV; p++)
		barb_units += wt_count_units(s, WT_BARB, p, -1);
	assert_int_equal(barb_units, 40);
	assert_int_equal(wt_count_units(s, WT_BARB, P("FLA"), WT_CAV), 1);
	assert_int_equal(wt_vp(s, 0), 6);
	/* after turn-1 income: 1 food + F2 x2 (production I) */
	assert_int_equal(s->p[0].res[WT_FOOD], 1 + 2 * 2);
	assert_int_equal(s->p[0].res[WT_GOLD], 1 + 1);
	free(s);
}

/* 1.7: tracks must place exactly 3 tokens. */
static void
test_1_7_tracks(void **state)
{
	struct game_opt o[1] = { { "countries", "choose" } };
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	(void)state;
	assert_int_equal(warriors_rules.setup(s, 2, o, 1, seed, err, sizeof(err)), 0);
	ok(s, 0, "country ENG");
	ok(s, 1, "country SCO");
	bad(s, 0, "tracks 1 1 0", GAME_REJECTED, "3 tokens");
	bad(s, 0, "tracks 4 0 0", GAME_REJECTED, "0..3");
	ok(s, 0, "tracks 3 0 0");
	assert_int_equal(s->p[0].track[WT_PROD], 3);
	bad(s, 0, "tracks 3 0 0", GAME_NOT_YOUR_TURN, NULL);
	ok(s, 1, "tracks 0 0 3");
	assert_int_equal(s->turn, 1);
	free(s);
}

/* 1.9, 11: options are checked. */
static void
test_1_9_options(void **state)
{
	struct game_opt bado[1] = { { "speed", "fast" } };
	struct game_opt team[1] = { { "teams", "2v2" } };
	struct game_opt def[1] = { { "defence", "auto" } };
	uint8_t seed[GAME_SEED_LEN] = { 1 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];

	(void)state;
	assert_int_not_equal(warriors_rules.setup(s, 2, bado, 1, seed, err, sizeof(err)), 0);
	assert_string_equal(err, "unknown option speed=fast (countries=random|choose, "
	    "defence=ask|auto, teams=2v2|3v3|2v2v2)");
	memset(s, 0, sizeof(*s));
	assert_int_not_equal(warriors_rules.setup(s, 3, team, 1, seed, err, sizeof(err)), 0);
	memset(s, 0, sizeof(*s));
	assert_int_equal(warriors_rules.setup(s, 4, team, 1, seed, err, sizeof(err)), 0);
	assert_int_equal(s->team_target, 65);
	assert_true(wt_teammates(s, 0, 1));
	assert_false(wt_teammates(s, 1, 2));
	memset(s, 0, sizeof(*s));
	assert_int_equal(warriors_rules.setup(s, 2, def, 1, seed, err, sizeof(err)), 0);
	assert_int_equal(s->defence_auto, 1);
	free(s);
}

/* 3.1: feeding, strongest first, skipping; the standing feed order. */
static void
test_3_1_feeding(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_FOOD] = 4;	/* CAV (3), ARC can't (2), INF (1) */
	wt_upkeep(s);
	assert_int_equal(wt_count_units(s, 0, -1, WT_CAV), 1);
	assert_int_equal(wt_count_units(s, 0, -1, WT_ARC), 0);
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 1);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_ARC, "PAR");
	put(s, 0, WT_INF, "PAR");
	ok(s, 0, "feed inf PAR, arc PAR");
	bad(s, 0, "feed fort PAR", GAME_REJECTED, "feed");
	s->p[0].res[WT_FOOD] = 3;	/* the order feeds INF and ARC; CAV starves */
	wt_upkeep(s);
	assert_int_equal(wt_count_units(s, 0, -1, WT_CAV), 0);
	assert_int_equal(wt_count_units(s, 0, -1, WT_ARC), 1);
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 1);
	free(s);
}

/* 3.2-3.4: income with multipliers and the taxes. */
static void
test_3_2_income(void **state)
{
	struct wt_state *s = fra_bur("2 0 1", "1 1 1");
	int before[WT_NRES];

	(void)state;
	s->p[0].track[WT_MIL] = 3;
	memcpy(before, s->p[0].res, sizeof(before));
	wt_upkeep(s);
	/* PAR F2 G1 W2 $1: production II food x2 goods x2; military III x3 */
	assert_int_equal(s->p[0].res[WT_FOOD] - before[WT_FOOD], 4);
	assert_int_equal(s->p[0].res[WT_GOODS] - before[WT_GOODS], 2);
	assert_int_equal(s->p[0].res[WT_WEAPONS] - before[WT_WEAPONS], 6);
	assert_int_equal(s->p[0].res[WT_GOLD] - before[WT_GOLD], 1);
	/* 3.3: production VI adds 1 gold per capital; 3.4: trade V per centre */
	s->p[0].track[WT_PROD] = 6;
	s->p[0].track[WT_TRADE_T] = 5;
	put(s, 0, WT_INF, "CHA");
	memcpy(before, s->p[0].res, sizeof(before));
	wt_upkeep(s);
	assert_int_equal(s->p[0].res[WT_GOLD] - before[WT_GOLD], 1 + 1 + 1 + 1);
	s->p[0].track[WT_PROD] = 5;
	s->p[0].track[WT_TRADE_T] = 4;
	memcpy(before, s->p[0].res, sizeof(before));
	wt_upkeep(s);
	assert_int_equal(s->p[0].res[WT_GOLD] - before[WT_GOLD], 2);
	free(s);
}

/* Put a game into a trade phase with seat 0 and 1 holding a trade centre. */
static struct wt_state *
trading(const char *t0, const char *t1)
{
	struct wt_state *s = fra_bur(t0, t1);

	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 10;
	pass_until(s, PH_TRADE);
	return s;
}

/* 4.1, 4.4: bank trades need a trade centre and the exact ratio. */
static void
test_4_4_bank(void **state)
{
	struct wt_state *s = trading("0 1 2", "1 1 1");
	int food;

	(void)state;
	bad(s, 0, "trade 3 food for 1 gold", GAME_REJECTED, "ratio is 4:1");
	bad(s, 0, "trade 4 food for 1 food", GAME_REJECTED, "another");
	food = s->p[0].res[WT_FOOD];
	ok(s, 0, "trade 8 food for 2 gold");
	ok(s, 1, "pass");
	assert_int_equal(s->p[0].res[WT_FOOD], food - 8);
	free(s);
	/* without a trade centre no trade (4.1) */
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].res[WT_GOLD] = 12;
	pass_until(s, PH_TRADE);
	bad(s, 0, "trade 5 food for 1 gold", GAME_REJECTED, "trade centre");
	ok(s, 0, "buy 1 vp");
	free(s);
}

/* 4.1: Monopoly closes trade to those without it. */
static void
test_4_1_monopoly(void **state)
{
	struct wt_state *s = trading("1 1 1", "1 1 1");

	(void)state;
	s->p[1].track[WT_TRADE_T] = 7;
	s->p[0].res[WT_GOLD] = 10;	/* still awaited: may buy VP (4.5) */
	bad(s, 0, "trade 4 food for 1 goods", GAME_REJECTED, "Monopoly");
	ok(s, 1, "trade 4 food for 2 goods");
	free(s);
}

/* 4.5: buying VP costs 10 gold each and is permanent. */
static void
test_4_5_buy(void **state)
{
	struct wt_state *s = trading("1 1 1", "1 1 1");
	int vp = wt_vp(s, 0);

	(void)state;
	s->p[0].res[WT_GOLD] = 19;
	bad(s, 0, "buy 2 vp", GAME_REJECTED, "20 gold");
	ok(s, 0, "buy 1 vp");
	ok(s, 1, "pass");
	assert_int_equal(wt_vp(s, 0), vp + 1);
	assert_int_equal(s->p[0].vp_perm, 1);
	assert_int_equal(s->p[0].res[WT_GOLD], 9);
	free(s);
}

/* 4.2: routes are limited by trade level and need the partner's centre. */
static void
test_4_2_routes(void **state)
{
	struct wt_state *s = trading("1 0 2", "1 1 1");

	(void)state;
	bad(s, 0, "open route bur", GAME_REJECTED, "allows 0");
	ok(s, 1, "open route fra");
	ok(s, 0, "pass");
	assert_true(s->p[1].routes & 1);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "CHA");
	pass_until(s, PH_TRADE);
	bad(s, 0, "open route bur", GAME_REJECTED, "no trade centre");
	free(s);
}

/* 4.3: a deal needs the mirror from the partner; otherwise void. */
static void
test_4_3_deals(void **state)
{
	struct wt_state *s = trading("1 1 1", "1 1 1");

	(void)state;
	s->p[0].routes = 1 << 1;
	s->p[0].res[WT_GOODS] = 3;
	s->p[0].res[WT_WEAPONS] = 0;
	s->p[1].res[WT_GOODS] = 0;
	s->p[1].res[WT_WEAPONS] = 5;
	ok(s, 0, "deal bur give 2 goods get 3 weapons");
	ok(s, 1, "deal fra give 3 weapons get 2 goods");
	assert_int_equal(s->p[0].res[WT_GOODS], 1);
	assert_int_equal(s->p[1].res[WT_GOODS], 2);
	assert_int_equal(s->p[0].res[WT_WEAPONS], 3);
	assert_int_equal(s->p[1].res[WT_WEAPONS], 2);
	free(s);
	s = trading("1 1 1", "1 1 1");
	s->p[0].routes = 1 << 1;
	s->p[0].res[WT_GOODS] = 3;
	ok(s, 0, "deal bur give 2 goods get 3 weapons");
	ok(s, 1, "deal fra give 2 weapons get 2 goods");	/* not a mirror */
	assert_int_equal(s->p[0].res[WT_GOODS], 3);
	assert_non_null(strstr(s->last, "void"));
	bad(s, 0, "deal bur give 1 food get 1 gold", GAME_REJECTED, NULL);
	free(s);
}

/* 5.1, 5.3: action 1 in country order, action 2 in reverse order. */
static void
test_5_1_order(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	assert_int_equal(s->phase, PH_DEV);
	assert_int_equal(awaited_seat(s), 0);
	bad(s, 1, "pass", GAME_NOT_YOUR_TURN, "FRA");
	ok(s, 0, "develop trade");
	assert_int_equal(awaited_seat(s), 1);
	ok(s, 1, "pass");
	assert_int_equal(awaited_seat(s), 1);	/* reverse order: BUR first */
	ok(s, 1, "develop military");
	assert_int_equal(awaited_seat(s), 0);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	assert_int_equal(s->p[1].track[WT_MIL], 2);
	free(s);
}

/* 13.5: queued commands run in their slot; an illegal one waits. */
static void
test_13_5_queue(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	ok(s, 0, "develop trade; develop production");
	assert_int_equal(s->p[0].track[WT_PROD], 1);	/* queued, not yet run */
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_PROD], 2);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	ok(s, 0, "pass; build fort PAR");	/* no Masonry in slot 2 */
	ok(s, 1, "pass; pass");
	assert_int_equal(awaited_seat(s), 0);
	assert_int_equal(s->slot, SLOT_ACT2);
	bad(s, 0, "pass; pass; pass", GAME_REJECTED, "no further action");
	free(s);
}

/* 5.2: build units with their costs and supply. */
static void
test_5_2_build(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].res[WT_WEAPONS] = 2;
	s->p[0].res[WT_GOLD] = 0;
	bad(s, 0, "build arc PAR", GAME_REJECTED, "gold");
	bad(s, 0, "build inf CHA", GAME_REJECTED, "do not control");
	ok(s, 0, "build inf PAR");
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_INF), 1);
	assert_int_equal(s->p[0].res[WT_WEAPONS], 1);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "PAR");
	put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_WEAPONS] = 5;
	bad(s, 0, "build inf PAR", GAME_REJECTED, "supply");
	free(s);
}

/* 5.2: forts need Masonry, at most 2 per province, and score 3 VP. */
static void
test_5_2_fort(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");
	int vp;

	(void)state;
	s->p[0].res[WT_GOODS] = 30;
	s->p[0].res[WT_FOOD] = 9;
	s->p[0].res[WT_GOLD] = 9;
	bad(s, 0, "build fort PAR", GAME_REJECTED, "Masonry");
	s->p[0].track[WT_PROD] = 4;
	vp = wt_vp(s, 0);
	ok(s, 0, "build fort PAR");
	assert_int_equal(s->prov[P("PAR")].forts, 2);
	assert_int_equal(wt_vp(s, 0), vp + 3);
	assert_int_equal(s->p[0].res[WT_GOODS], 18);
	ok(s, 1, "pass");
	ok(s, 1, "pass");
	bad(s, 0, "build fort PAR", GAME_REJECTED, "2 forts");
	free(s);
}

/* 5.2: upgrades need Reinforcements and cost 7 goods per step. */
static void
test_5_2_upgrade(void **state)
{
	struct wt_state *s = fra_bur("3 0 0", "1 1 1");

	(void)state;
	put(s, 0, WT_INF, "PAR");
	s->p[0].res[WT_GOODS] = 14;
	bad(s, 0, "upgrade inf PAR to cav", GAME_REJECTED, "Reinforcements");
	s->p[0].track[WT_PROD] = 5;
	bad(s, 0, "upgrade arc PAR to cav", GAME_REJECTED, "no arc");
	ok(s, 0, "upgrade inf PAR to cav");
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_CAV), 1);
	assert_int_equal(s->p[0].res[WT_GOODS], 0);
	free(s);
}

/* 5.2: develop stops at VII. */
static void
test_5_2_develop(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 7;
	bad(s, 0, "develop military", GAME_REJECTED, "VII");
	ok(s, 0, "develop prod");
	assert_int_equal(s->p[0].track[WT_PROD], 2);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	bad(s, 0, "develop magic", GAME_REJECTED, "not a track");
	free(s);
}

/* 5.4: the special action with University, Master Trader or Voivode. */
static void
test_5_4_special(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_PROD] = 7;
	ok(s, 0, "pass; pass; special develop trade");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	free(s);
	/* Master Trader pays 5 gold; Voivode may only declare war */
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_TRADE_T] = 6;
	s->p[0].res[WT_GOLD] = 6;
	s->p[1].track[WT_MIL] = 7;
	ok(s, 0, "pass; pass");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->slot, SLOT_SPECIAL);
	ok(s, 0, "special develop production");
	assert_int_equal(s->p[0].res[WT_GOLD], 1);
	bad(s, 1, "special develop production", GAME_REJECTED, "Voivode");
	ok(s, 1, "special declare war fra");
	assert_non_null(strstr(s->last, "BUR: declare war FRA"));
	free(s);
	/* without any ability the special slot is never asked */
	s = fra_bur("1 1 1", "1 1 1");
	ok(s, 0, "pass; pass; special develop trade");
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_TRADE_T], 1);
	free(s);
}

/* 5.6: Builder, Trader and Warrior go to the single highest; nobody on a tie. */
static void
test_5_6_titles(void **state)
{
	struct wt_state *s = fra_bur("2 0 1", "1 1 1");

	(void)state;
	assert_int_equal(wt_title_holder(s, WT_PROD), 0);
	assert_int_equal(wt_title_holder(s, WT_TRADE_T), 1);
	assert_int_equal(wt_title_holder(s, WT_MIL), -1);
	assert_int_equal(wt_vp(s, 0), 6 + 3);
	assert_int_equal(wt_vp(s, 1), 6 + 3);
	free(s);
}

/* 5.7: the shift moves one token at the shift step; not from level 0. */
static void
test_5_7_shift(void **state)
{
	struct wt_state *s = fra_bur("2 0 1", "1 1 1");

	(void)state;
	ok(s, 0, "pass; pass; shift military to trade");
	bad(s, 1, "shift military to military", GAME_REJECTED, "shift");
	ok(s, 1, "pass; pass; shift trade to production");
	assert_int_equal(s->p[0].track[WT_MIL], 0);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 1);
	assert_int_equal(s->p[1].track[WT_PROD], 2);
	free(s);
	s = fra_bur("2 0 1", "1 1 1");
	ok(s, 0, "pass; pass; shift trade to military");	/* trade is 0 */
	ok(s, 1, "pass; pass");
	assert_int_equal(s->p[0].track[WT_MIL], 1);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 0);
	free(s);
}

/* 6.2, 6.3: AP by military level; the battle costs one more AP. */
static void
test_6_3_movement(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_INF, "PIC");	/* PIC is now FRA's */
	pass_until(s, PH_MAN);
	/* military I: 2 AP; PAR-PIC (own) then NOR (barbarian) costs 3 */
	bad(s, 0, "move cav PAR-PIC-NOR", GAME_REJECTED, "costs 3 AP");
	bad(s, 0, "move cav PAR-ORL-BLO", GAME_REJECTED, "neither yours nor free");
	bad(s, 0, "move cav PAR-BLO", GAME_REJECTED, "does not border");
	bad(s, 0, "move fort PAR-PIC", GAME_REJECTED, "only units");
	bad(s, 0, "move 2 cav PAR-PIC", GAME_REJECTED, "can still move");
	ok(s, 0, "move cav PAR-NOR");
	free(s);
	s = fra_bur("0 0 3", "1 1 1");
	put(s, 0, WT_CAV, "PAR");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-PIC-NOR");	/* military III: 3 AP */
	free(s);
}

/* 6.3: no entry into a player's province without war. */
static void
test_6_3_no_war(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	pass_until(s, PH_MAN);
	bad(s, 0, "move cav CHA-LOR", GAME_REJECTED, "not at war");
	free(s);
}

/* 6.13: forts hold the province; here the attackers die to the forts' damage
 * (a fall back is shown in test_manoeuvre.c). */
static void
test_6_13_fall_back(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int lor = P("LOR");

	(void)state;
	put(s, 0, WT_INF, "CHA");
	s->prov[lor].owner = 1;
	clear_barb(s, lor);
	s->prov[lor].forts = 1;
	s->prov[lor].pieceowner = 1;
	s->war[0][1].on = s->war[1][0].on = 1;
	s->p[0].res[WT_FOOD] = 9;
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf CHA-LOR");
	/* INF deals 1 to a fort of 4: nothing; the fort's 2 kill the INF */
	assert_int_equal(wt_count_units(s, 0, -1, WT_INF), 0);
	assert_int_equal(s->p[1].vp_perm, 1);
	assert_int_equal(s->prov[lor].owner, 1);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_CAV, "CHA");
	s->prov[lor].owner = 1;
	clear_barb(s, lor);
	s->prov[lor].forts = 2;
	s->prov[lor].pieceowner = 1;
	s->war[0][1].on = s->war[1][0].on = 1;
	s->p[0].res[WT_FOOD] = 9;
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR");
	/* 4 damage on a CAV kills it; with 2 forts of toughness 4 nothing falls */
	assert_int_equal(s->prov[lor].forts, 2);
	free(s);
}

/* 6.14: Double Strike gives a second manoeuvre; military V does not. */
static void
test_6_14_double_strike(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_MIL] = 6;
	s->p[0].res[WT_FOOD] = 9;
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-ORL");	/* 2 AP of 4 */
	assert_int_equal(s->man_step, MS_SECOND);
	assert_int_equal(awaited_seat(s), 0);
	ok(s, 0, "move cav ORL-BLO");
	assert_int_equal(s->man_step, MS_FIRST);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->p[0].track[WT_MIL] = 5;
	put(s, 0, WT_CAV, "PAR");
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav PAR-ORL");
	assert_int_not_equal(s->man_step, MS_SECOND);
	free(s);
}

/* 6.15, 6.16: a princess claims a free province; tokens follow presence. */
static void
test_6_15_princess(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	int orl = P("ORL");

	(void)state;
	clear_barb(s, orl);
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	ok(s, 0, "move inf PIC-PAR; princess PAR-ORL");
	assert_int_equal(s->prov[orl].owner, 0);
	assert_int_equal(s->prov[orl].pri, 1);
	assert_int_equal(s->prov[P("PIC")].owner, -1);	/* left empty */
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	/* barbarian, and no battle of this manoeuvre there: refused at once, and
	 * the manoeuvre is still the seat's to make (issue 23) */
	bad_exact(s, 0, "princess PAR-CHA", GAME_REJECTED, "princess PAR-CHA: CHA holds "
	    "barbarians; a princess steps only into a province of yours or a free one "
	    "(6.15)");
	bad_exact(s, 0, "princess PAR-BLO", GAME_REJECTED, "princess PAR-BLO: PAR does "
	    "not border BLO; a princess steps to a neighbour (6.15)");
	bad_exact(s, 0, "princess PIC-PAR", GAME_REJECTED, "princess PIC-PAR: you have no "
	    "princess in PIC");
	assert_int_equal(s->man_step, MS_FIRST);
	ok(s, 0, "princess PAR-PIC; move inf PIC-PAR");
	assert_int_equal(s->prov[P("PIC")].pri, 1);
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_INF), 1);
	free(s);
	/* one step per princess per turn */
	s = fra_bur("1 1 1", "1 1 1");
	clear_barb(s, P("ORL"));
	clear_barb(s, P("BLO"));
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "princess PAR-ORL; princess ORL-BLO", GAME_REJECTED,
	    "command 2: princess ORL-BLO: you have no princess in ORL");
	ok(s, 0, "princess PAR-ORL; princess PAR-ORL");
	assert_int_equal(s->prov[P("ORL")].pri, 2);
	free(s);
	/* four princesses, four steps */
	s = fra_bur("1 1 1", "1 1 1");
	clear_barb(s, P("ORL"));
	put(s, 0, WT_INF, "PIC");
	pass_until(s, PH_MAN);
	bad_exact(s, 0, "princess PAR-ORL; princess PAR-ORL; princess PAR-ORL; "
	    "princess PAR-PIC; princess PAR-PIC", GAME_REJECTED, "command 5: "
	        "princess PAR-PIC: your 4 "
	    "princesses in PAR already have a step; each steps once (6.15)");
	free(s);
}

/* 7.1, 7.4: war declarations, limits, and routes closed by war. */
static void
test_7_1_war(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].routes = 1 << 1;
	bad(s, 0, "declare war fra", GAME_REJECTED, "yourself");
	ok(s, 0, "declare war burgundy");
	assert_true(wt_at_war(s, 0, 1) && wt_at_war(s, 1, 0));
	assert_int_equal(s->p[0].routes, 0);
	bad(s, 1, "declare war fra", GAME_REJECTED, "already at war");
	free(s);
}

/* 7.2: peace by both sides; a quiet turn ends a war; three turns at most. */
static void
test_7_2_war_end(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad(s, 0, "peace bur", GAME_REJECTED, "not at war");
	ok(s, 0, "declare war bur");
	ok(s, 1, "peace fra");
	assert_true(wt_at_war(s, 0, 1));
	ok(s, 0, "peace bur");
	assert_false(wt_at_war(s, 0, 1));
	bad(s, 1, "declare war fra", GAME_REJECTED, "peace");
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	put(s, 0, WT_INF, "PIC");
	ok(s, 0, "declare war bur");
	pass_until(s, PH_MAN);
	assert_true(wt_at_war(s, 0, 1));
	ok(s, 0, "done");	/* no battle this turn: the war lapses */
	assert_int_equal(s->turn, 2);
	assert_false(wt_at_war(s, 0, 1));
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->war[0][1].on = s->war[1][0].on = 1;
	s->war[0][1].since = s->war[1][0].since = 1;
	s->war[0][1].fought = s->war[1][0].fought = 1;
	s->turn = 3;
	wt_end_turn(s);
	assert_false(wt_at_war(s, 0, 1));	/* third turn */
	free(s);
}

/*
 * 8 and 13.1 (issue 15, defect 1): a unification sent after moves runs
 * when the battles are over, and it is all or nothing.  Its second build
 * found no cavalry left in supply, yet the seat stayed unified with the
 * develop and the first build standing, and a second unify was refused
 * "once per game".  Now the failed unification leaves no trace and can
 * be sent again with the rest of the manoeuvre.
 */
static void
test_8_1_unify_after_moves_all_or_nothing(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	static const char *const fra[] = { "CHA", "PIC", "NOR", "BRE", "ORL", "BLO" };
	int i, trade, res[WT_NRES];

	(void)state;
	put(s, 0, WT_INF, "PIC");
	put(s, 1, WT_INF, "LOR");
	at_war(s, 0, 1);
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	for (i = 1; i < 6; i++)
		put(s, 0, i < 3 ? WT_ARC : WT_CAV, fra[i]);
	put(s, 0, WT_ARC, "CHA");
	for (i = 0; i < WT_NRES; i++)
		s->p[0].res[i] = 40;
	assert_int_equal(awaited_seat(s), 0);
	assert_int_equal(wt_supply(s, 0, WT_CAV), 1);
	trade = s->p[0].track[WT_TRADE_T];
	memcpy(res, s->p[0].res, sizeof(res));
	ok(s, 0, "move arc CHA-LOR; unify; develop trade; build cav PAR; build cav PAR");
	assert_true(last_says(s, "send the rest of your manoeuvre"));
	assert_false(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_TRADE_T], trade);
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_CAV), 0);
	assert_int_equal(wt_supply(s, 0, WT_CAV), 1);
	for (i = 0; i < WT_NRES; i++)
		if (i != WT_FOOD)	/* the battle's upkeep aside */
			assert_int_equal(s->p[0].res[i], res[i]);
	checked(s);
	ok(s, 0, "unify; develop trade; build cav PAR; done");
	assert_true(s->p[0].unified);
	assert_int_equal(s->p[0].track[WT_TRADE_T], trade + 1);
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_CAV), 1);
	free(s);
}

/* 8: unification when the whole country is held; once per game. */
static void
test_8_1_unify(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	static const char *const fra[] = { "CHA", "PIC", "NOR", "BRE", "ORL", "BLO" };
	int i;

	(void)state;
	put(s, 0, WT_INF, "PIC");
	put(s, 1, WT_INF, "LOR");
	ok(s, 1, "defend auto");
	pass_until(s, PH_MAN);
	bad(s, 0, "unify; develop trade", GAME_REJECTED, "every province");
	for (i = 0; i < 6; i++)
		put(s, 0, i < 3 ? WT_ARC : WT_CAV, fra[i]);
	s->p[0].res[WT_WEAPONS] = 5;
	s->p[0].res[WT_FOOD] = 40;	/* everybody eats at the next upkeep */
	bad(s, 0, "unify; pass; pass; pass; pass; pass; pass; pass; pass; pass; pass",
	    GAME_REJECTED, "9 actions");
	/* 8.3: a unit built through unification cannot move this turn */
	bad(s, 0, "unify; build inf PAR; move inf PAR-PIC", GAME_REJECTED,
	    "can still move");
	/* 8.3: a war declared this way takes effect at once */
	ok(s, 0, "unify; build inf PAR; develop trade; declare war bur; "
	    "move arc CHA-LOR");
	assert_true(s->p[0].unified);
	assert_true(wt_at_war(s, 0, 1));
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	assert_int_equal(wt_count_units(s, 0, P("PAR"), WT_INF), 1);
	assert_int_equal(s->prov[P("LOR")].owner, 0);
	free(s);
}

/* 9.1, 9.2: Merchant doubles gold; the cap of 20 at the end of turn. */
static void
test_9_1_end_of_turn(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	s->p[0].track[WT_TRADE_T] = 4;
	s->p[0].res[WT_GOLD] = 7;
	s->p[1].res[WT_GOLD] = 7;
	s->p[0].res[WT_FOOD] = 25;
	s->turn = 2;
	wt_end_turn(s);
	assert_int_equal(s->endres[0][WT_GOLD], 14);
	assert_int_equal(s->endres[1][WT_GOLD], 7);
	assert_int_equal(s->endres[0][WT_FOOD], 20);
	free(s);
}

/* 10: victory at the target; the most VP after turn 10. */
static void
test_10_1_victory(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct game_score sc;

	(void)state;
	s->p[1].vp_perm = 30;
	wt_end_turn(s);
	assert_false(warriors_rules.over(s));	/* 36 < 42 */
	s->p[1].vp_perm = 36;
	wt_end_turn(s);
	assert_true(warriors_rules.over(s));
	warriors_rules.score(s, -1, &sc);
	assert_int_equal(sc.rank[1], 1);
	assert_int_equal(sc.rank[0], 2);
	free(s);
	s = fra_bur("1 1 1", "1 1 1");
	s->turn = 10;
	s->p[0].vp_perm = 1;
	wt_end_turn(s);
	assert_true(warriors_rules.over(s));
	assert_int_equal(s->winner_mask, 1);
	free(s);
}

/* 11: teams: no war on a teammate; a team wins on its total. */
static void
test_11_2_teams(void **state)
{
	const char *c[4] = { "IRE", "SCO", "ENG", "FRA" };
	const char *t[4] = { "1 1 1", "1 1 1", "1 1 1", "1 1 1" };
	struct game_opt o[1] = { { "teams", "ABAB" } };
	struct wt_state *s = game_new(4, c, t, o, 1);

	(void)state;
	bad(s, 0, "declare war eng", GAME_REJECTED, "teammate");
	ok(s, 0, "declare war sco");
	s->p[0].vp_perm = 30;
	s->p[2].vp_perm = 30;
	{
		/* the report gives each team's total (issue 15) */
		char want[120];

		snprintf(want, sizeof(want), "team A %d VP, team B %d VP",
		    wt_vp(s, 0) + wt_vp(s, 2), wt_vp(s, 1) + wt_vp(s, 3));
		assert_true(public_says(s, want));
	}
	wt_end_turn(s);
	assert_true(warriors_rules.over(s));
	assert_int_equal(s->winner_mask, (1 << 0) | (1 << 2));
	free(s);
}

/* 13.1: case, comments and unknown commands. */
static void
test_13_1_notation(void **state)
{
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");

	(void)state;
	bad(s, 0, "dance", GAME_REJECTED, "not a development action");
	bad(s, 0, "", GAME_REJECTED, "empty");
	bad(s, 5, "pass", GAME_REJECTED, "does not play");
	ok(s, 0, "> develop production\nDEVELOP Trade   # the comment is ignored\n"
	    "-- \ndevelop military");	/* quoted line and signature ignored */
	assert_int_equal(s->p[0].track[WT_PROD], 1);
	assert_int_equal(s->p[0].track[WT_MIL], 1);
	assert_int_equal(s->p[0].track[WT_TRADE_T], 2);
	ok(s, 0, "defend auto");	/* any time, even when not awaited */
	assert_int_equal(s->p[0].defend_auto, 1);
	free(s);
}

/* Views: 80 columns, the private section, and no private data in public. */
static void
test_views(void **state)
{
	const char *names[2] = { "Ann", "Bob" };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	struct sbuf b = SBUF_INIT;
	const char *p, *nl;
	json_t *pub, *priv;

	(void)state;
	ok(s, 0, "pass; develop production");
	warriors_rules.render_text(s, 0, names, &b);
	assert_non_null(strstr(sb_str(&b), "Behind your screen"));
	assert_non_null(strstr(sb_str(&b), "queued action 2: develop production"));
	for (p = sb_str(&b); *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			break;
		if (nl - p > 80)
			fail_msg("line longer than 80: %.*s", (int)(nl - p), p);
	}
	sb_reset(&b);
	warriors_rules.render_text(s, -1, names, &b);
	assert_null(strstr(sb_str(&b), "Behind your screen"));
	assert_null(strstr(sb_str(&b), "develop production"));
	sb_reset(&b);
	warriors_rules.render_text(s, 1, names, &b);
	assert_null(strstr(sb_str(&b), "develop production"));
	sb_free(&b);
	pub = warriors_rules.render_json(s, -1, names);
	priv = warriors_rules.render_json(s, 0, names);
	assert_non_null(pub);
	assert_null(json_object_get(pub, "private"));
	assert_non_null(json_object_get(priv, "private"));
	assert_string_equal(json_string_value(json_object_get(json_object_get(priv,
	    "private"), "queued_action2")), "develop production");
	json_decref(pub);
	json_decref(priv);
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_1_2_countries),
		cmocka_unit_test(test_1_2_random),
		cmocka_unit_test(test_1_4_setup_pieces),
		cmocka_unit_test(test_1_7_tracks),
		cmocka_unit_test(test_1_9_options),
		cmocka_unit_test(test_3_1_feeding),
		cmocka_unit_test(test_3_2_income),
		cmocka_unit_test(test_4_1_monopoly),
		cmocka_unit_test(test_4_2_routes),
		cmocka_unit_test(test_4_3_deals),
		cmocka_unit_test(test_4_4_bank),
		cmocka_unit_test(test_4_5_buy),
		cmocka_unit_test(test_5_1_order),
		cmocka_unit_test(test_5_2_build),
		cmocka_unit_test(test_5_2_fort),
		cmocka_unit_test(test_5_2_upgrade),
		cmocka_unit_test(test_5_2_develop),
		cmocka_unit_test(test_5_4_special),
		cmocka_unit_test(test_5_6_titles),
		cmocka_unit_test(test_5_7_shift),
		cmocka_unit_test(test_6_3_movement),
		cmocka_unit_test(test_6_3_no_war),
		cmocka_unit_test(test_6_13_fall_back),
		cmocka_unit_test(test_6_14_double_strike),
		cmocka_unit_test(test_6_15_princess),
		cmocka_unit_test(test_7_1_war),
		cmocka_unit_test(test_7_2_war_end),
		cmocka_unit_test(test_8_1_unify),
		cmocka_unit_test(test_8_1_unify_after_moves_all_or_nothing),
		cmocka_unit_test(test_9_1_end_of_turn),
		cmocka_unit_test(test_10_1_victory),
		cmocka_unit_test(test_11_2_teams),
		cmocka_unit_test(test_13_1_notation),
		cmocka_unit_test(test_13_5_queue),
		cmocka_unit_test(test_views),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
