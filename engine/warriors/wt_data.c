/*
 * wt_data.c - the numbers of shared/warriors/tables.md (the wt-data block),
 * as static tables.  Levels run 0..VII, turns 1..10.
 */
#include "wt.h"

/* T1.1: food and goods multipliers by production level. */
const int wt_prod_food[8] = { 1, 2, 2, 3, 3, 3, 3, 3 };
const int wt_prod_goods[8] = { 1, 1, 2, 2, 3, 3, 3, 3 };
/* T1.2: bank ratio (give N for 1) and trade routes one may open. */
const int wt_trade_ratio[8] = { 5, 4, 3, 2, 2, 2, 2, 2 };
const int wt_trade_routes[8] = { 0, 1, 1, 2, 2, 3, 3, 4 };
/* T1.3: action points per unit and weapons multiplier by military level. */
const int wt_mil_ap[8] = { 2, 2, 3, 3, 3, 4, 4, 4 };
const int wt_mil_weapons[8] = { 1, 2, 2, 3, 3, 3, 3, 3 };
/* T7.2: VP targets for 2..6 players; team targets 3v3, 2v2, 2v2v2. */
const int wt_vp_target[5] = { 42, 37, 33, 30, 27 };
const int wt_team_target[3] = { 75, 65, 55 };
/* T7.1: VP held for a capital, a trade centre, any other province. */
const int wt_vp_prov[3] = { 3, 2, 1 };
/* T8: actions gained by unifying 3..7 provinces. */
const int wt_unify_actions[5] = { 2, 3, 5, 7, 9 };

/* T6: barbarian strength by turn (units: strength = toughness). */
static const int barb_unit[3][WT_TURNS] = {
	{ 1, 1, 1, 2, 2, 2, 2, 3, 3, 3 },
	{ 2, 2, 2, 4, 4, 4, 4, 5, 5, 5 },
	{ 3, 3, 3, 6, 6, 6, 6, 7, 7, 7 },
};
static const int barb_fort_str[WT_TURNS] = { 2, 2, 2, 4, 4, 4, 4, 5, 5, 5 };
static const int barb_fort_tough[WT_TURNS] = { 4, 4, 4, 8, 8, 8, 8, 9, 9, 9 };
/* T5: player pieces, strength and toughness by kind. */
static const int piece_str[WT_NKIND] = { 1, 2, 3, 2, 0 };
static const int piece_tough[WT_NKIND] = { 1, 2, 3, 4, 1 };

const char *const wt_kind_name[WT_NKIND] = { "inf", "arc", "cav", "fort", "pri" };
const char *const wt_res_name[WT_NRES] = { "food", "goods", "weapons", "gold" };
const char *const wt_track_name[WT_NTRACK] = { "production", "trade", "military" };
const char *const wt_roman[8] = { "0", "I", "II", "III", "IV", "V", "VI", "VII" };

/* Clamp a turn number into the table's range 1..10. */
static int
turn_index(int turn)
{
	if (turn < 1)
		return 0;
	if (turn > WT_TURNS)
		return WT_TURNS - 1;
	return turn - 1;
}

/* Strength of a barbarian piece of this kind in this turn (T6). */
int
wt_barb_str(int kind, int turn)
{
	if (kind == WT_FORT)
		return barb_fort_str[turn_index(turn)];
	if (kind < 0 || kind > WT_CAV)
		return 0;
	return barb_unit[kind][turn_index(turn)];
}

/* Toughness of a barbarian piece of this kind in this turn (T6). */
int
wt_barb_tough(int kind, int turn)
{
	if (kind == WT_FORT)
		return barb_fort_tough[turn_index(turn)];
	return wt_barb_str(kind, turn);
}

/* Strength of a player's piece (T5). */
int
wt_piece_str(int kind)
{
	return kind >= 0 && kind < WT_NKIND ? piece_str[kind] : 0;
}

/* Toughness of a player's piece (T5). */
int
wt_piece_tough(int kind)
{
	return kind >= 0 && kind < WT_NKIND ? piece_tough[kind] : 0;
}

/* VP for a kill (T7.1). */
int
wt_kill_vp(int kind, int barb)
{
	if (kind == WT_FORT)
		return 3;
	if (kind == WT_PRI || barb)
		return 1;
	return wt_piece_str(kind);
}

/* Food a unit of this kind eats at upkeep (T4): 1, 2, 3; 0 for the rest. */
int
wt_upkeep_food(int kind)
{
	return kind >= WT_INF && kind <= WT_CAV ? kind + 1 : 0;
}
