/*
 * test_tables.c - every faction's numbers, asserted through the engine's
 * behaviour (setup, income, building, advancing), one table row per
 * faction.  Sources, by line of ../shared/rules/terra-mystica.cs.txt:
 *
 *   l.437  every faction starts with 20 VP
 *   l.214  Mermaids start on shipping 1; Fakirs and Dwarves have no shipping
 *   l.218, l.709  Darklings have no digging track
 *   l.258, l.266, l.272-276  Witches: 3 W 15 C, power 5/7, AIR 2;
 *          Nomads FIRE+EARTH, Halflings AIR+EARTH, Mermaids WATER 2
 *   l.501-511  workers per dwelling, coins/power per trading post, priests
 *          per temple and sanctuary; Swarmlings and Darklings 2 priests from
 *          the sanctuary (the text says "svatyně", which this translation
 *          uses for the temple; the sentence before speaks of the sanctuary:
 *          see the report)
 *   l.517  stronghold income: Alchemists 6 C, Chaos Magicians 2 W, Fakirs
 *          1 P; the others power ("obvykle ... nějakou energii")
 *   l.601  dwelling 1 W 2 C; Engineers 1 W 1 C; Swarmlings 2 W 3 C
 *   l.699-701  shipping step 1 P 4 C; VP printed above the new level (the
 *          step to level 2 gives 3 VP)
 *   l.707-711  digging step 2 W 5 C 1 P, 6 VP; Halflings pay fewer coins
 *   l.734  trading post 2 W 6 C, 3 C next to an opponent
 *   l.748  temple 2 W 5 C; Engineers cheaper, Swarmlings dearer (l.750)
 *   l.808  Engineers' temples give power
 *
 * The rest (stronghold and sanctuary costs, the exact income tracks of the
 * special boards, the Mermaids' VP for shipping 4 and 5, the Halflings'
 * digging coins) is printed only on the faction boards, which the text of
 * the rulebook does not contain; those rows carry the board values and say
 * so ("board").  The real games (test_real_games) replay every ledger row
 * exactly, which confirms every value they reach.
 */
#include "tmtest.h"

/* One faction's reference numbers. */
struct ref {
	const char *name;
	int c, w, p, p1, p2;		/* starting resources and bowls I, II */
	int cult[4];			/* starting cult steps */
	int d_w[9];			/* worker income with 0..8 dwellings */
	int tp_c[5], tp_pw[5];		/* coin and power income, 0..4 TP */
	int te_p[4], te_pw[4];		/* priest and power income, 0..3 TE */
	int sh_c, sh_w, sh_p, sh_pw;	/* stronghold income */
	int sa_p;			/* sanctuary income */
	int cost_w[TB_COUNT];		/* workers: -, D, TP, TE, SH, SA */
	int cost_c[TB_COUNT];		/* coins, TP next to an opponent */
	int tp_alone_c;			/* coins for a TP with no opponent near */
	int ship0, ship_max;
	int ship_vp[6];			/* VP on reaching shipping level n */
	int dig_max, dig_w, dig_c, dig_p;
};

#define D_STD { 1, 2, 3, 4, 5, 6, 7, 8, 8 }
#define TPC_STD { 0, 2, 4, 6, 8 }
#define TPPW_STD { 0, 1, 2, 4, 6 }
#define TEP_STD { 0, 1, 2, 3 }
#define TEPW_NONE { 0, 0, 0, 0 }
#define SHIP_STD { 0, 2, 3, 4, 0, 0 }

/*
 * Field order as in struct ref.  Standard rows: D 1 W 2 C (l.601), TP
 * 2 W 6 C / 3 C (l.734), TE 2 W 5 C (l.748), shipping max 3 with 2/3/4 VP
 * (l.699-701, board), digging 2 W 5 C 1 P (l.707), max 2.
 */
static const struct ref refs[TM_NFACT] = {
	/* Alchemists: SH 6 C income (l.517); TP track 2/2/3/4 C + 1 PW each (board) */
	{ "alchemists", 15, 3, 0, 5, 7, { 1, 1, 0, 0 }, D_STD,
	  { 0, 2, 4, 7, 11 }, { 0, 1, 2, 3, 4 }, TEP_STD, TEPW_NONE,
	  6, 0, 0, 0, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Auren (l.700 "Víly"): SH 2 PW (board) */
	{ "auren", 15, 3, 0, 5, 7, { 0, 1, 0, 1 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 8 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Chaos Magicians: SH 2 W income (l.517), SH 4 C (board) */
	{ "chaosmagicians", 15, 4, 0, 5, 7, { 2, 0, 0, 0 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 2, 0, 0, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 4, 8 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Cultists: SH 8 C, SA 8 C (board) */
	{ "cultists", 15, 3, 0, 5, 7, { 1, 0, 1, 0 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 8 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Darklings: no digging (l.709), SA 2 P (l.511), start with 1 P (board) */
	{ "darklings", 15, 1, 1, 5, 7, { 0, 1, 1, 0 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 10 }, 6,
	  0, 3, SHIP_STD, 0, 0, 0, 0 },
	/* Dwarves: no shipping (l.214, l.1395); TP 3/2/2/3 C (board) */
	{ "dwarves", 15, 3, 0, 5, 7, { 0, 0, 2, 0 }, D_STD,
	  { 0, 3, 5, 7, 10 }, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 0, { 0, 0, 0, 0, 0, 0 }, 2, 2, 5, 1 },
	/* Engineers: D 1 W 1 C (l.601), cheaper TP/TE (l.750), temples give
	 * power (l.808): 1 P, 5 PW, 1 P (board) */
	{ "engineers", 10, 2, 0, 3, 9, { 0, 0, 0, 0 },
	  { 0, 1, 2, 2, 3, 4, 4, 5, 6 },
	  TPC_STD, TPPW_STD, { 0, 1, 1, 2 }, { 0, 0, 5, 5 }, 0, 0, 0, 2, 1,
	  { 0, 1, 1, 1, 3, 3 }, { 0, 1, 2, 4, 6, 6 }, 4,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Fakirs: no shipping (l.214), SH 1 P income (l.517), SH 10 C (board) */
	{ "fakirs", 15, 3, 0, 7, 5, { 1, 0, 0, 1 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 1, 0, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 10, 6 }, 6,
	  0, 0, { 0, 0, 0, 0, 0, 0 }, 1, 2, 5, 1 },
	/* Giants: SH 4 PW (board) */
	{ "giants", 15, 3, 0, 5, 7, { 1, 0, 0, 1 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 4, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Halflings: AIR+EARTH (l.266), digging costs fewer coins (l.709): 1 C */
	{ "halflings", 15, 3, 0, 3, 9, { 0, 0, 1, 1 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 6 }, 6,
	  0, 3, SHIP_STD, 2, 2, 1, 1 },
	/* Mermaids: WATER 2 (l.266), shipping from 1 (l.214) to 5 with
	 * 2/3/4/5 VP for levels 2-5 (board), SH 4 PW (board) */
	{ "mermaids", 15, 3, 0, 3, 9, { 0, 2, 0, 0 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 4, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 8 }, 6,
	  1, 5, { 0, 0, 2, 3, 4, 5 }, 2, 2, 5, 1 },
	/* Nomads: FIRE+EARTH (l.266), 2 W, TP 2/2/3/4 C + 1 PW each (board) */
	{ "nomads", 15, 2, 0, 5, 7, { 1, 0, 1, 0 }, D_STD,
	  { 0, 2, 4, 7, 11 }, { 0, 1, 2, 3, 4 }, TEP_STD, TEPW_NONE,
	  0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 6 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Swarmlings: D 2 W 3 C (l.601), dearer TP/TE (l.750), SA 2 P (l.511) */
	{ "swarmlings", 20, 8, 0, 3, 9, { 1, 1, 1, 1 },
	  { 2, 3, 4, 5, 6, 7, 8, 9, 9 },
	  { 0, 2, 4, 6, 9 }, { 0, 2, 4, 6, 8 }, TEP_STD, TEPW_NONE, 0, 0, 0, 4, 2,
	  { 0, 2, 3, 3, 5, 5 }, { 0, 3, 4, 6, 8, 8 }, 8,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Witches: 3 W 15 C (l.258), bowls 5/7 (l.272-276), AIR 2 (l.266) */
	{ "witches", 15, 3, 0, 5, 7, { 0, 0, 0, 2 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 3, SHIP_STD, 2, 2, 5, 1 },
	/* Fire & Ice, from the site's engine (Game/Factions/Icemaidens.pm):
	 * bowls 6/6, WATER+AIR, D income up to 9 W, SH 4 PW, digging 1 W 5 C
	 * 1 P */
	{ "icemaidens", 15, 3, 0, 6, 6, { 0, 1, 0, 1 },
	  { 1, 2, 3, 4, 5, 6, 7, 8, 9 },
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 4, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 3, SHIP_STD, 2, 1, 5, 1 },
	/* Yetis (Yetis.pm): bowls 0/12, EARTH+AIR, TP 2 PW each */
	{ "yetis", 15, 3, 0, 0, 12, { 0, 0, 1, 1 },
	  { 1, 2, 3, 4, 5, 6, 7, 8, 9 },
	  TPC_STD, { 0, 2, 4, 6, 8 }, TEP_STD, TEPW_NONE, 0, 0, 0, 4, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 3, SHIP_STD, 2, 1, 5, 1 },
	/* Acolytes.pm: bowls 6/6, 3 on every cult, D income from 0 W, SH and
	 * SA 4 W 8 C, SH 2 PW, no digging track (no dig cost: they dig free) */
	{ "acolytes", 15, 3, 0, 6, 6, { 3, 3, 3, 3 },
	  { 0, 1, 2, 3, 3, 4, 5, 6, 6 },
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 8 }, 6,
	  0, 3, SHIP_STD, 0, 0, 0, 0 },
	/* Dragonlords.pm: bowls 4/4, FIRE 2, otherwise as the Acolytes */
	{ "dragonlords", 15, 3, 0, 4, 4, { 2, 0, 0, 0 },
	  { 0, 1, 2, 3, 3, 4, 5, 6, 6 },
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 8 }, 6,
	  0, 3, SHIP_STD, 0, 0, 0, 0 },
	/* Shapeshifters.pm (every version): bowls 4/4, FIRE+WATER, SH 3 W 6 C
	 * with 4 PW, no digging track (a spade costs them 3 W) */
	{ "shapeshifters", 15, 3, 0, 4, 4, { 1, 1, 0, 0 }, D_STD,
	  TPC_STD, TPPW_STD, TEP_STD, TEPW_NONE, 0, 0, 0, 4, 1,
	  { 0, 1, 2, 2, 3, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  0, 3, SHIP_STD, 0, 0, 0, 0 },
	/* Riverwalkers.pm (every version): bowls 10/2, FIRE+AIR, dwellings
	 * 1/2/3/3/4/5/5/6/7 W, temples P/5 PW/P, shipping 1 for good, no
	 * digging track (and no spades at all) */
	{ "riverwalkers", 15, 3, 0, 10, 2, { 1, 0, 0, 1 },
	  { 1, 2, 3, 3, 4, 5, 5, 6, 7 },
	  TPC_STD, TPPW_STD, { 0, 1, 1, 2 }, { 0, 0, 5, 5 }, 0, 0, 0, 2, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6,
	  1, 1, SHIP_STD, 0, 0, 0, 0 },
};

/* The options every table game runs with: the Fire & Ice factions may sit. */
static const struct game_opt table_opts[4] = {
	{ "maintain-player-order", "" }, { "fire-and-ice-factions/ice", "" },
	{ "fire-and-ice-factions/volcano", "" }, { "fire-and-ice-factions/variable", "" } };

/* After `setup` of seat 0: an ice faction picks yellow, the Ice Maidens
 * take FAV12 (neither touches a cost or an income tested here). */
static void
finish_setup(struct tm_state *s, int f)
{
	if (tm_fdefs[f].color == TC_ICE || f == TF_SHAPESHIFTERS ||
	    f == TF_RIVERWALKERS)
		tg_ok(s, 0, "pick-color yellow");
	if (f == TF_ICEMAIDENS)
		tg_ok(s, 0, "+FAV12");
}

/* After the partner's `setup`: a volcano faction picks yellow. */
static void
finish_volcano(struct tm_state *s, int f)
{
	if (tm_fdefs[f].color == TC_VOLCANO)
		tg_ok(s, 0, "pick-color yellow");
}

/* Is a cell a free land hex with no building on it or next to it? */
static int
lonely(const struct tm_state *s, int c)
{
	int i;

	if (tg_base()->cells[c].color == TC_RIVER || s->bld[c] != TB_NONE)
		return 0;
	for (i = 0; i < tg_base()->cells[c].nadj; i++)
		if (s->bld[tg_base()->cells[c].adj[i]] != TB_NONE)
			return 0;
	return 1;
}

/* A lonely cell, optionally of a colour (-1: any); the first from `from`.
 * For the Riverwalkers to move, one next to a river. */
static int
lonely_cell(const struct tm_state *s, int color, int from)
{
	int c;

	for (c = from; c < TM_NCELLS; c++)
		if (lonely(s, c) && (color < 0 || s->terrain[c] == color) &&
		    (s->phase != TP_DWELLINGS || !tm_is_river(s, s->cur) ||
		    tm_hooks(TF_RIVERWALKERS)->initial_hex(s, s->cur, c)))
			return c;
	fail_msg("no lonely cell of colour %d", color);
	return -1;
}

/* Two neighbouring land hexes with no building on or next to either. */
static void
lonely_pair(const struct tm_state *s, int *a, int *b)
{
	int k;

	for (*a = lonely_cell(s, -1, 0); *a < TM_NCELLS;
	    *a = lonely_cell(s, -1, *a + 1))
		for (k = 0; k < tg_base()->cells[*a].nadj; k++) {
			*b = tg_base()->cells[*a].adj[k];
			if (lonely(s, *b))
				return;
		}
	fail_msg("no two neighbouring lonely hexes");
}

/* A faction of another colour than f, to sit at seat 1. */
static const char *
partner(int f)
{
	return tm_fdefs[f].color == TC_GREEN ? "nomads" : "witches";
}

/*
 * A two-seat game in round 1 with faction f at seat 0 (to move) and a
 * partner at seat 1; initial dwellings on lonely hexes.
 */
static struct tm_state *
game_of(int f)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_opt o[6] = { { "score", TG_SCORE },
	    { "delete", "BON6,BON7,BON8,BON9" }, { "maintain-player-order", "" },
	    { "fire-and-ice-factions/ice", "" }, { "fire-and-ice-factions/volcano", "" },
	    { "fire-and-ice-factions/variable", "" } };
	uint8_t seed[GAME_SEED_LEN] = { 3 };
	char err[256], cmd[64];
	int c, k;

	assert_non_null(s);
	assert_int_equal(terra_rules.setup(s, 2, o, 6, seed, err, sizeof(err)), 0);
	snprintf(cmd, sizeof(cmd), "setup %s", tm_fdefs[f].name);
	tg_ok(s, 0, cmd);
	finish_setup(s, f);
	snprintf(cmd, sizeof(cmd), "setup %s", partner(f));
	tg_ok(s, 1, cmd);
	finish_volcano(s, f);
	while (s->phase == TP_DWELLINGS) {
		/* an ice or volcano faction places on the colour it picked */
		c = lonely_cell(s, tm_picks_colour(s, s->cur) ? s->pl[s->cur].color2 - 1 :
		    tm_home(s, s->cur), 0);
		snprintf(cmd, sizeof(cmd), "build %s", tg_base()->cells[c].name);
		tg_ok(s, s->cur, cmd);
	}
	for (k = 2; s->phase == TP_BONUS; k--) {
		snprintf(cmd, sizeof(cmd), "pass BON%d", k);
		tg_ok(s, s->cur, cmd);
	}
	assert_int_equal(s->cur, 0);
	return s;
}

/* Starting resources, bowls, cults, shipping and 20 VP (l.437). */
static void
test_starting_resources(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[256], cmd[64];
	int f, k;

	(void)state;
	for (f = 0; f < TM_NFACT; f++) {
		const struct ref *r = &refs[f];
		const struct tm_player *p = &s->pl[0];

		assert_string_equal(tm_fdefs[f].name, r->name);
		assert_int_equal(terra_rules.setup(s, 2, table_opts, 4, seed, err,
		    sizeof(err)), 0);
		snprintf(cmd, sizeof(cmd), "setup %s", r->name);
		tg_ok(s, 0, cmd);
		if (p->vp != 20 || p->c != r->c || p->w != r->w || p->p != r->p ||
		    p->pw[0] != r->p1 || p->pw[1] != r->p2 || p->pw[2] != 0 ||
		    p->ship != r->ship0)
			fail_msg("%s starts with %d VP %dC %dW %dP %d/%d/%d ship %d",
			    r->name, p->vp, p->c, p->w, p->p, p->pw[0], p->pw[1],
			    p->pw[2], p->ship);
		for (k = 0; k < 4; k++)
			if (p->cult[k] != r->cult[k])
				fail_msg("%s starts on %s %d, not %d", r->name,
				    tm_cult_names[k], p->cult[k], r->cult[k]);
	}
	free(s);
}

/* Phase I income for every count of every building type (l.501-517). */
static void
test_income_tables(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[256], cmd[64];
	int f, n, c, w, p, pw;

	(void)state;
	for (f = 0; f < TM_NFACT; f++) {
		const struct ref *r = &refs[f];
		struct tm_player *pl = &s->pl[0];

		assert_int_equal(terra_rules.setup(s, 2, table_opts, 4, seed, err,
		    sizeof(err)), 0);
		snprintf(cmd, sizeof(cmd), "setup %s", r->name);
		tg_ok(s, 0, cmd);
		for (n = 0; n <= 8; n++) {
			memset(pl->nb, 0, sizeof(pl->nb));
			pl->nb[TB_D] = n;
			tm_income_of(s, 0, &c, &w, &p, &pw);
			if (w != r->d_w[n] || c != 0 || p != 0 || pw != 0)
				fail_msg("%s with %d D: %dW %dC %dP %dPW, want %dW", r->name,
				    n, w, c, p, pw, r->d_w[n]);
		}
		for (n = 0; n <= 4; n++) {
			memset(pl->nb, 0, sizeof(pl->nb));
			pl->nb[TB_TP] = n;
			tm_income_of(s, 0, &c, &w, &p, &pw);
			if (c != r->tp_c[n] || pw != r->tp_pw[n] || p != 0)
				fail_msg("%s with %d TP: %dC %dPW, want %dC %dPW", r->name,
				    n, c, pw, r->tp_c[n], r->tp_pw[n]);
		}
		for (n = 0; n <= 3; n++) {
			memset(pl->nb, 0, sizeof(pl->nb));
			pl->nb[TB_TE] = n;
			tm_income_of(s, 0, &c, &w, &p, &pw);
			if (p != r->te_p[n] || pw != r->te_pw[n] || c != 0)
				fail_msg("%s with %d TE: %dP %dPW, want %dP %dPW", r->name,
				    n, p, pw, r->te_p[n], r->te_pw[n]);
		}
		memset(pl->nb, 0, sizeof(pl->nb));
		pl->nb[TB_SH] = 1;
		tm_income_of(s, 0, &c, &w, &p, &pw);
		if (c != r->sh_c || w != r->d_w[0] + r->sh_w || p != r->sh_p ||
		    pw != r->sh_pw)
			fail_msg("%s stronghold: %dC %dW %dP %dPW", r->name, c,
			    w - r->d_w[0], p, pw);
		memset(pl->nb, 0, sizeof(pl->nb));
		pl->nb[TB_SA] = 1;
		tm_income_of(s, 0, &c, &w, &p, &pw);
		if (p != r->sa_p || c != 0 || pw != 0)
			fail_msg("%s sanctuary: %dP, want %dP", r->name, p, r->sa_p);
	}
	free(s);
}

/* Play cmd as seat 0 with a fresh turn; return what it cost in C, W, P. */
static void
paid(struct tm_state *s, const char *cmd, int *c, int *w, int *p)
{
	struct tm_player *pl = &s->pl[0];
	int c0, w0, p0;

	tg_turn(s, 0);
	pl->c += 100;
	pl->w += 60;
	pl->p = 5;
	c0 = pl->c;
	w0 = pl->w;
	p0 = pl->p;
	tg_ok(s, 0, cmd);
	*c = c0 - pl->c;
	*w = w0 - pl->w;
	*p = p0 - pl->p;
	/* clear what the action may still owe, for the next probe */
	pl->spades = pl->fav_owed = pl->town_owed = pl->free_tf = 0;
	pl->cult_owed = pl->cult2_owed = pl->free_tp = pl->free_d = 0;
	pl->bridge_owed = pl->volcano_tf = pl->lose_cult = 0;
}

/* Building costs: D, TP alone and next to an opponent, TE, SH, SA. */
static void
test_building_costs(void **state)
{
	int f;

	(void)state;
	for (f = 0; f < TM_NFACT; f++) {
		const struct ref *r = &refs[f];
		struct tm_state *s = game_of(f);
		char cmd[64];
		int a, b, e, k, c, w, p;

		/* a dwelling next to one of ours, on a hex of our colour (the
		 * Riverwalkers: across a river from one of ours) */
		if (f == TF_RIVERWALKERS) {
			for (a = 0; a < TM_NCELLS; a++) {
				if (!lonely(s, a) || !tm_hooks(TF_RIVERWALKERS)->initial_hex(s, 0, a))
					continue;
				tg_put(s, 0, tg_base()->cells[a].name, TB_D);
				for (b = 0; b < TM_NCELLS; b++)
					if (lonely(s, b) && tm_reach(s, 0, b, &k))
						break;
				if (b < TM_NCELLS)
					break;
				tg_put(s, 0, tg_base()->cells[a].name, TB_NONE);
			}
			assert_true(a < TM_NCELLS);
		} else {
			lonely_pair(s, &a, &b);
			tg_put(s, 0, tg_base()->cells[a].name, TB_D);
		}
		s->terrain[b] = (int8_t)tm_home(s, 0);
		snprintf(cmd, sizeof(cmd), "build %s", tg_base()->cells[b].name);
		paid(s, cmd, &c, &w, &p);
		if (c != r->cost_c[TB_D] || w != r->cost_w[TB_D])
			fail_msg("%s: a dwelling cost %dW %dC", r->name, w, c);
		/* TP with no opponent near, then TE, then SA */
		snprintf(cmd, sizeof(cmd), "upgrade %s to TP", tg_base()->cells[a].name);
		paid(s, cmd, &c, &w, &p);
		if (c != r->tp_alone_c || w != r->cost_w[TB_TP])
			fail_msg("%s: a lonely TP cost %dW %dC", r->name, w, c);
		snprintf(cmd, sizeof(cmd), "upgrade %s to TE", tg_base()->cells[a].name);
		paid(s, cmd, &c, &w, &p);
		if (c != r->cost_c[TB_TE] || w != r->cost_w[TB_TE])
			fail_msg("%s: a temple cost %dW %dC", r->name, w, c);
		snprintf(cmd, sizeof(cmd), "upgrade %s to SA", tg_base()->cells[a].name);
		paid(s, cmd, &c, &w, &p);
		if (c != r->cost_c[TB_SA] || w != r->cost_w[TB_SA])
			fail_msg("%s: the sanctuary cost %dW %dC", r->name, w, c);
		/* TP next to an opponent, then SH */
		e = lonely_cell(s, -1, 0);
		tg_put(s, 0, tg_base()->cells[e].name, TB_D);
		for (k = 0; k < tg_base()->cells[e].nadj; k++)
			if (tg_base()->cells[tg_base()->cells[e].adj[k]].color != TC_RIVER)
				break;
		assert_true(k < tg_base()->cells[e].nadj);
		tg_put(s, 1, tg_base()->cells[tg_base()->cells[e].adj[k]].name, TB_D);
		snprintf(cmd, sizeof(cmd), "upgrade %s to TP", tg_base()->cells[e].name);
		paid(s, cmd, &c, &w, &p);
		if (c != r->cost_c[TB_TP] || w != r->cost_w[TB_TP])
			fail_msg("%s: a TP next to an opponent cost %dW %dC", r->name,
			    w, c);
		snprintf(cmd, sizeof(cmd), "upgrade %s to SH", tg_base()->cells[e].name);
		paid(s, cmd, &c, &w, &p);
		if (c != r->cost_c[TB_SH] || w != r->cost_w[TB_SH])
			fail_msg("%s: the stronghold cost %dW %dC", r->name, w, c);
		free(s);
	}
}

/* Shipping: cost and VP of each level up to the maximum, then refused. */
static void
test_shipping_track(void **state)
{
	int f;

	(void)state;
	for (f = 0; f < TM_NFACT; f++) {
		const struct ref *r = &refs[f];
		struct tm_state *s = game_of(f);
		int lvl, c, w, p, vp;

		for (lvl = r->ship0 + 1; lvl <= r->ship_max; lvl++) {
			vp = s->pl[0].vp;
			paid(s, "advance ship", &c, &w, &p);
			if (c != 4 || p != 1 || w != 0 || s->pl[0].ship != lvl ||
			    s->pl[0].vp - vp != r->ship_vp[lvl])
				fail_msg("%s: shipping %d cost %dC %dP and gave %d VP",
				    r->name, lvl, c, p, s->pl[0].vp - vp);
		}
		tg_turn(s, 0);
		tg_bad(s, 0, "advance ship", r->ship_max == 0 ?
		    "advance ship: your faction has no shipping" :
		    "advance ship: shipping is at its maximum");
		free(s);
	}
}

/* Digging: cost and 6 VP a level (l.707-711), the spade price per level. */
static void
test_digging_track(void **state)
{
	int f;

	(void)state;
	for (f = 0; f < TM_NFACT; f++) {
		const struct ref *r = &refs[f];
		struct tm_state *s = game_of(f);
		int lvl, c, w, p, vp;

		for (lvl = 0; lvl <= r->dig_max; lvl++) {
			if (lvl > 0) {
				vp = s->pl[0].vp;
				paid(s, "advance dig", &c, &w, &p);
				if (c != r->dig_c || w != r->dig_w || p != r->dig_p ||
				    s->pl[0].dig != lvl || s->pl[0].vp - vp != 6)
					fail_msg("%s: digging %d cost %dW %dC %dP, %d VP",
					    r->name, lvl, w, c, p, s->pl[0].vp - vp);
			}
			/* one spade costs 3, 2, 1 workers (Darklings: a priest; a
			 * volcano faction digs a hex for nothing); the Riverwalkers
			 * have none */
			if (f == TF_RIVERWALKERS) {
				tg_turn(s, 0);
				tg_bad(s, 0, "dig 1", "no spades");
				continue;
			}
			paid(s, "dig 1", &c, &w, &p);
			if (f == TF_DARKLINGS ? (p != 1 || w != 0) : tm_is_volcano(s, 0) ?
			    (w != 0 || p != 0 || c != 0) : (w != 3 - lvl || p != 0))
				fail_msg("%s: a spade on level %d cost %dW %dP", r->name,
				    lvl, w, p);
		}
		tg_turn(s, 0);
		tg_bad(s, 0, "advance dig", r->dig_max == 0 ?
		    "advance dig: your faction cannot advance digging" :
		    "advance dig: digging is at its maximum");
		free(s);
	}
}

/* Witches (seat 0, to move) and Cultists (seat 1). */
static struct tm_state *
witches_game(void)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };

	return tg_new(2, NULL, f, d, b);
}

/* Power actions (appendix I, l.1132-1186): cost in bowl III and gain. */
static void
test_power_action_table(void **state)
{
	static const struct {
		const char *cmd;
		int cost, c, w, p, spades;
	} acts[] = {
		{ "action ACT2", 3, 0, 0, 1, 0 },	/* l.1152 priest */
		{ "action ACT3", 4, 0, 2, 0, 0 },	/* l.1158 2 workers */
		{ "action ACT4", 4, 7, 0, 0, 0 },	/* l.1164 7 coins */
		{ "action ACT5", 4, 0, 0, 0, 1 },	/* l.1174 1 spade */
		{ "action ACT6", 6, 0, 0, 0, 2 },	/* l.1186 2 spades */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(acts) / sizeof(acts[0]); i++) {
		struct tm_state *s = witches_game();
		struct tm_player *p = &s->pl[0];
		int c0 = p->c, w0 = p->w, p0 = p->p;

		p->pw[0] = 0;
		p->pw[1] = 12 - acts[i].cost;
		p->pw[2] = acts[i].cost;
		tg_ok(s, 0, acts[i].cmd);
		assert_int_equal(p->pw[2], 0);
		assert_int_equal(p->pw[0], acts[i].cost);
		assert_int_equal(p->c - c0, acts[i].c);
		assert_int_equal(p->w - w0, acts[i].w);
		assert_int_equal(p->p - p0, acts[i].p);
		assert_int_equal(p->spades, acts[i].spades);
		/* one less in bowl III is refused; a second use is refused */
		tg_turn(s, 1);
		s->pl[1].pw[0] = 0;
		s->pl[1].pw[1] = 12 - acts[i].cost + 1;
		s->pl[1].pw[2] = acts[i].cost - 1;
		tg_bad(s, 1, acts[i].cmd, "already taken this round");
		free(s);
		s = witches_game();
		s->pl[0].pw[2] = acts[i].cost - 1;
		s->pl[0].pw[1] = 12 - acts[i].cost + 1;
		s->pl[0].pw[0] = 0;
		tg_bad(s, 0, acts[i].cmd, "power from bowl III");
		free(s);
	}
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_starting_resources),
		cmocka_unit_test(test_income_tables),
		cmocka_unit_test(test_building_costs),
		cmocka_unit_test(test_shipping_track),
		cmocka_unit_test(test_digging_track),
		cmocka_unit_test(test_power_action_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
