/*
 * tdata.c - Terra Mystica's fixed data: factions, names and lookups.
 * Faction figures are those printed on the faction boards.
 */
#include <string.h>

#include "terra.h"
#include "../notation.h"

const char *const tm_color_names[10] = {
	"yellow", "brown", "black", "blue", "green", "gray", "red", "river", "ice",
	"volcano"
};
const char *const tm_cult_names[4] = { "FIRE", "WATER", "EARTH", "AIR" };
const char *const tm_bld_names[TB_COUNT] = { "-", "D", "TP", "TE", "SH", "SA" };

#define STD_DW { 1, 2, 3, 4, 5, 6, 7, 8, 8 }
#define STD_TPC { 0, 2, 4, 6, 8 }
#define STD_TPPW { 0, 1, 2, 4, 6 }
#define STD_TEP { 0, 1, 2, 3 }
#define NO_TEPW { 0, 0, 0, 0 }
#define STD_SHIPVP { 0, 2, 3, 4, 0, 0 }
#define ICE_DW { 1, 2, 3, 4, 5, 6, 7, 8, 9 }
#define VOLCANO_DW { 0, 1, 2, 3, 3, 4, 5, 6, 6 }

/*
 * Field order: name, colour, C W P, bowl I, bowl II, cults, ship, ship max,
 * dig max, worker costs (-,D,TP,TE,SH,SA), coin costs, lonely TP coins,
 * dwelling worker income, TP coin and power income, temple priest and power
 * income, SH coins/workers/priests/power, SA priests, digging advance cost
 * (W C P), shipping advance cost (C P), shipping VP.
 */
const struct tm_fdef tm_fdefs[TM_NFACT] = {
	{ "alchemists", TC_BLACK, 15, 3, 0, 5, 7, { 1, 1, 0, 0 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, STD_DW,
	  { 0, 2, 4, 7, 11 }, { 0, 1, 2, 3, 4 }, STD_TEP, NO_TEPW, 6, 0, 0, 0, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "auren", TC_GREEN, 15, 3, 0, 5, 7, { 0, 1, 0, 1 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 8 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "chaosmagicians", TC_RED, 15, 4, 0, 5, 7, { 2, 0, 0, 0 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 4, 8 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 2, 0, 0, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "cultists", TC_BROWN, 15, 3, 0, 5, 7, { 1, 0, 1, 0 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 8 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "darklings", TC_BLACK, 15, 1, 1, 5, 7, { 0, 1, 1, 0 }, 0, 3, 0,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 10 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 2,
	  0, 0, 0, 4, 1, STD_SHIPVP },
	{ "dwarves", TC_GRAY, 15, 3, 0, 5, 7, { 0, 0, 2, 0 }, 0, 0, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, STD_DW,
	  { 0, 3, 5, 7, 10 }, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  2, 5, 1, 0, 0, STD_SHIPVP },
	{ "engineers", TC_GRAY, 10, 2, 0, 3, 9, { 0, 0, 0, 0 }, 0, 3, 2,
	  { 0, 1, 1, 1, 3, 3 }, { 0, 1, 2, 4, 6, 6 }, 4,
	  { 0, 1, 2, 2, 3, 4, 4, 5, 6 },
	  STD_TPC, STD_TPPW, { 0, 1, 1, 2 }, { 0, 0, 5, 5 }, 0, 0, 0, 2, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "fakirs", TC_YELLOW, 15, 3, 0, 7, 5, { 1, 0, 0, 1 }, 0, 0, 1,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 10, 6 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 1, 0, 1,
	  2, 5, 1, 0, 0, STD_SHIPVP },
	{ "giants", TC_RED, 15, 3, 0, 5, 7, { 1, 0, 0, 1 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 4, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "halflings", TC_BROWN, 15, 3, 0, 3, 9, { 0, 0, 1, 1 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 6 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  2, 1, 1, 4, 1, STD_SHIPVP },
	{ "mermaids", TC_BLUE, 15, 3, 0, 3, 9, { 0, 2, 0, 0 }, 1, 5, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 8 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 4, 1,
	  2, 5, 1, 4, 1, { 0, 0, 2, 3, 4, 5 } },
	{ "nomads", TC_YELLOW, 15, 2, 0, 5, 7, { 1, 0, 1, 0 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 6 }, 6, STD_DW,
	  { 0, 2, 4, 7, 11 }, { 0, 1, 2, 3, 4 }, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "swarmlings", TC_BLUE, 20, 8, 0, 3, 9, { 1, 1, 1, 1 }, 0, 3, 2,
	  { 0, 2, 3, 3, 5, 5 }, { 0, 3, 4, 6, 8, 8 }, 8,
	  { 2, 3, 4, 5, 6, 7, 8, 9, 9 },
	  { 0, 2, 4, 6, 9 }, { 0, 2, 4, 6, 8 }, STD_TEP, NO_TEPW, 0, 0, 0, 4, 2,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	{ "witches", TC_GREEN, 15, 3, 0, 5, 7, { 0, 0, 0, 2 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  2, 5, 1, 4, 1, STD_SHIPVP },
	/* Fire & Ice: the site's figures (its Game/Factions/Icemaidens.pm,
	 * Yetis.pm); home terrain ice, a colour picked at setup. */
	{ "icemaidens", TC_ICE, 15, 3, 0, 6, 6, { 0, 1, 0, 1 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, ICE_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 4, 1,
	  1, 5, 1, 4, 1, STD_SHIPVP },
	{ "yetis", TC_ICE, 15, 3, 0, 0, 12, { 0, 0, 1, 1 }, 0, 3, 2,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, ICE_DW,
	  STD_TPC, { 0, 2, 4, 6, 8 }, STD_TEP, NO_TEPW, 0, 0, 0, 4, 1,
	  1, 5, 1, 4, 1, STD_SHIPVP },
	/* Acolytes.pm, Dragonlords.pm: home terrain volcano, a colour picked
	 * once every faction is chosen; no digging track */
	{ "acolytes", TC_VOLCANO, 15, 3, 0, 6, 6, { 3, 3, 3, 3 }, 0, 3, 0,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 8 }, 6, VOLCANO_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  0, 0, 0, 4, 1, STD_SHIPVP },
	{ "dragonlords", TC_VOLCANO, 15, 3, 0, 4, 4, { 2, 0, 0, 0 }, 0, 3, 0,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 8, 8 }, 6, VOLCANO_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 2, 1,
	  0, 0, 0, 4, 1, STD_SHIPVP },
	/* Shapeshifters.pm: the same in every rule version; their home colour
	 * is the colour they pick (tm_home), TC_RIVER stands for "not yet" */
	{ "shapeshifters", TC_RIVER, 15, 3, 0, 4, 4, { 1, 1, 0, 0 }, 0, 3, 0,
	  { 0, 1, 2, 2, 3, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, STD_DW,
	  STD_TPC, STD_TPPW, STD_TEP, NO_TEPW, 0, 0, 0, 4, 1,
	  0, 0, 0, 4, 1, STD_SHIPVP },
	/* Riverwalkers.pm: the same figures in every rule version; their
	 * colour is the one they pick (tm_home), shipping 1 for good, no
	 * digging */
	{ "riverwalkers", TC_RIVER, 15, 3, 0, 10, 2, { 1, 0, 0, 1 }, 1, 1, 0,
	  { 0, 1, 2, 2, 4, 4 }, { 0, 2, 3, 5, 6, 6 }, 6, { 1, 2, 3, 3, 4, 5, 5, 6, 7 },
	  STD_TPC, STD_TPPW, { 0, 1, 1, 2 }, { 0, 0, 5, 5 }, 0, 0, 0, 2, 1,
	  0, 0, 0, 0, 0, STD_SHIPVP },
};

/* The Fire & Ice final scoring tiles by the site's names. */
const char *const tm_final_names[TFS_COUNT] = {
	"-", "connected-distance", "connected-sa-sh-distance", "building-on-edge",
	"connected-clusters"
};

/* Find a Fire & Ice final scoring tile by name; TFS_NONE when unknown. */
int
tm_final_find(const char *name)
{
	int i;

	for (i = 1; i < TFS_COUNT; i++)
		if (strcmp(tm_final_names[i], name) == 0)	/* as written (the site) */
			return i;
	return TFS_NONE;
}

/* Find a faction by its id (also the old name dragonmasters is not base). */
int
tm_faction_find(const char *name)
{
	int i;

	for (i = 0; i < TM_NFACT; i++)
		if (word_eq(tm_fdefs[i].name, name))
			return i;
	return -1;
}

/* Find a terrain colour by name (grey is accepted for gray, ice is the
 * ice factions' terrain); -1 if none. */
int
tm_color_find(const char *name)
{
	int i;

	if (word_eq(name, "grey"))
		return TC_GRAY;
	for (i = 0; i < 7; i++)
		if (word_eq(tm_color_names[i], name))
			return i;
	if (word_eq(name, "ice"))
		return TC_ICE;
	if (word_eq(name, "volcano"))
		return TC_VOLCANO;
	return -1;
}

/* Find a cult track by name; -1 if none. */
int
tm_cult_find(const char *name)
{
	int i;

	for (i = 0; i < 4; i++)
		if (word_eq(tm_cult_names[i], name))
			return i;
	return -1;
}

/* The power value of a building for towns and power offers. */
int
tm_bld_power(int b)
{
	static const int pw[TB_COUNT] = { 0, 1, 2, 2, 3, 3 };

	return b >= 0 && b < TB_COUNT ? pw[b] : 0;
}

/*
 * The power of a building of a seat for towns and power offers: the
 * Yetis' stronghold and sanctuary count 4 (the site's building_strength).
 */
int
tm_bld_strength(const struct tm_state *s, int seat, int b)
{
	if (seat >= 0 && s->pl[seat].faction == TF_YETIS && (b == TB_SH || b == TB_SA))
		return 4;
	return tm_bld_power(b);
}

/* A short description of scoring tile n (1..9). */
const char *
tm_score_desc(int n)
{
	static const char *const d[TM_NSCORE + 1] = {
		"-",
		"SPADE >> 2, 1 EARTH -> 1 C",
		"TOWN >> 5, 4 EARTH -> 1 SPADE",
		"D >> 2, 4 WATER -> 1 P",
		"SH/SA >> 5, 2 FIRE -> 1 W",
		"D >> 2, 4 FIRE -> 4 PW",
		"TP >> 3, 4 WATER -> 1 SPADE",
		"SH/SA >> 5, 2 AIR -> 1 W",
		"TP >> 3, 4 AIR -> 1 SPADE",
		"TE >> 4, 1 PRIEST ON CULT -> 2 C",
	};

	return n >= 1 && n <= TM_NSCORE ? d[n] : "-";
}

/*
 * What bonus tile n (1..10), favor tile n (1..12) and town tile n (1..8)
 * give, in a few words, as the scoring tiles are described: income
 * ("+2C"), an action, VP when passing, cult steps, VP when building
 * ("TP >> 3"), a town's VP and gain.  The site's figures.
 */
const char *
tm_bon_desc(int n)
{
	static const char *const d[TM_NBON + 1] = {
		"-",
		"+2C, action: 1 spade",
		"+4C, action: 1 cult step",
		"+6C",
		"+3PW, shipping +1",
		"+1W +3PW",
		"+2W, pass: 4 VP a SH/SA",
		"+1W, pass: 2 VP a TP",
		"+1P",
		"+2C, pass: 1 VP a D",
		"+3PW, pass: 3 VP a shipping level",
	};

	return n >= 1 && n <= TM_NBON ? d[n] : "-";
}

const char *
tm_fav_desc(int n)
{
	static const char *const d[TM_NFAV + 1] = {
		"-",
		"FIRE +3",
		"WATER +3",
		"EARTH +3",
		"AIR +3",
		"FIRE +2, towns of power 6",
		"WATER +2, action: 1 cult step",
		"EARTH +2, +1W +1PW",
		"AIR +2, +4PW",
		"FIRE +1, +3C",
		"WATER +1, TP >> 3",
		"EARTH +1, D >> 2",
		"AIR +1, pass: 2/3/3/4 VP for 1/2/3/4 TP",
	};

	return n >= 1 && n <= TM_NFAV ? d[n] : "-";
}

const char *
tm_tw_desc(int n)
{
	static const char *const d[TM_NTW + 1] = {
		"-",
		"5 VP, +6C",
		"7 VP, +2W",
		"9 VP, +1P",
		"6 VP, +8PW",
		"8 VP, +1 on each cult track",
		"2 VP, +2 on each cult track, 2 keys",
		"4 VP, shipping +1",
		"11 VP",
	};

	return n >= 1 && n <= TM_NTW ? d[n] : "-";
}

/*
 * Which seats play the factions of Fire & Ice: what the core knows of a
 * faction is its identity and its figures here; its own rules are its
 * file's hooks (tfactions.c).
 */

/* Is the seat the Shapeshifters? */
int
tm_is_shifter(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction == TF_SHAPESHIFTERS;
}

/* Is the seat the Riverwalkers? */
int
tm_is_river(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction == TF_RIVERWALKERS;
}

/*
 * The seat's home terrain: the colour of its faction (ice for the ice
 * factions), the colour the Shapeshifters picked last, the Riverwalkers'
 * colour (-1 before they pick).
 */
int
tm_home(const struct tm_state *s, int seat)
{
	if (tm_is_shifter(s, seat) || tm_is_river(s, seat))
		return s->pl[seat].color2 - 1;
	return tm_fd(s, seat)->color;
}

/* Is the seat an ice faction (home terrain ice, a colour picked at setup)? */
int
tm_is_ice(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction >= 0 && tm_fd(s, seat)->color == TC_ICE;
}

/* Is the seat a volcano faction (Acolytes, Dragonlords)? */
int
tm_is_volcano(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction >= 0 && tm_fd(s, seat)->color == TC_VOLCANO;
}

/* Does the seat's faction pick a colour (the ice and volcano factions)? */
int
tm_picks_colour(const struct tm_state *s, int seat)
{
	return tm_is_ice(s, seat) || tm_is_volcano(s, seat);
}

/*
 * The colour that stands for the seat's home on the terrain cycle when
 * spades are counted: the colour an ice or volcano faction picked (ice
 * and volcano are outside the cycle), else the home colour.  -1 for such
 * a faction that has not picked yet.
 */
int
tm_wheel_home(const struct tm_state *s, int seat)
{
	if (tm_picks_colour(s, seat))
		return s->pl[seat].color2 - 1;
	return tm_home(s, seat);
}

/* Is colour the home colour of a faction in the game (volcano effects, the
 * Riverwalkers' unlocks; the Shapeshifters' colour of the moment)?  The
 * Riverwalkers' colour is none (the site skips a faction with terrains to
 * unlock). */
int
tm_home_of_someone(const struct tm_state *s, int colour)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].faction >= 0 && !tm_is_river(s, i) && tm_home(s, i) == colour)
			return 1;
	return 0;
}
/*
 * Is colour taken by a faction other than seat's: its home colour, or the
 * colour an ice faction picked (the site refuses either, for a faction
 * chosen later and for a colour picked).
 */
int
tm_colour_taken(const struct tm_state *s, int seat, int colour)
{
	int i;

	for (i = 0; i < s->nseats; i++) {
		if (i == seat || s->pl[i].faction < 0)
			continue;
		if (tm_home(s, i) == colour || s->pl[i].color2 - 1 == colour)
			return 1;
	}
	return 0;
}

/* The colour the Riverwalkers picked in this game, -1 for none. */
int
tm_river_colour(const struct tm_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (tm_is_river(s, i))
			return s->pl[i].color2 - 1;
	return -1;
}

/* The colour the seat picked, by name, for its report: "none yet", or
 * "none, given up" after -PICK_COLOR in the setup. */
const char *
tm_picked_name(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];

	if (p->color2 > 0)
		return tm_color_names[p->color2 - 1];
	return p->pick_gone ? "none, given up" : "none yet";
}

/* May the seat build a dwelling on a hex of colour without transforming it:
 * its home colour, or one its faction's rules add (builds_on)? */
int
tm_builds_on(const struct tm_state *s, int seat, int colour)
{
	const struct tm_hooks *h = tm_hooks(s->pl[seat].faction);

	return colour == tm_home(s, seat) || (h->builds_on != NULL &&
	    h->builds_on(s, seat, colour));
}

/* A command of the seat's faction's own (its hook): TM_NOT_MINE when it has
 * none of that name. */
int
tm_faction_command(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	const struct tm_hooks *h = tm_hooks(s->pl[seat].faction);

	return h->command != NULL ? h->command(s, seat, w, nw, err, errlen) : TM_NOT_MINE;
}
