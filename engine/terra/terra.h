/*
 * terra.h - internal declarations of the Terra Mystica engine.
 *
 * The game state (struct tm_state) is one fixed-size struct of integers and
 * character arrays without pointers, so its bytes are a snapshot; a change
 * of its layout bumps the engine version (terra.c), and stored games are
 * then rebuilt from their move logs.  The engine is split into the map and
 * its text format (tmap.c), static data and the seats' factions and
 * colours (tdata.c), the rule mechanics (tcore.c), the turn flow and whom
 * the game waits for (tflow.c), the setup (tsetup.c), the actions of the
 * action phase (tactions.c) and the commands around them (tpass.c:
 * conversions, pass, leech and decline, connect, done), the site's
 * [+-]N?TYPE (tadjust.c), the command
 * parser (tplay.c, its notation helpers in tlines.c), the text report,
 * over() and score() (tview.c), the JSON view (tjson.c), moves() and
 * check() (tmoves.c), the log importer (timport.c) and the registry entry
 * (terra.c).  Those are the core.  The Fire & Ice factions' own rules
 * (tfire.c, tshape.c, triver.c) and the final tiles' (tfinal.c) plug into
 * it through hook tables (struct tm_hooks, struct tm_variant) that
 * tfactions.c lists, as engine/registry.c lists the games: the core names
 * no faction file, the faction files call the core.  Calls run one way:
 * terra.c -> tview.c, tjson.c, tmoves.c; tmoves.c -> tplay.c (moves()
 * tries each candidate) -> tsetup.c, tactions.c, tpass.c, tadjust.c ->
 * tflow.c ->
 * tcore.c -> tdata.c, tmap.c; faction files -> the core
 * (tests/terra/test_shape.c checks it).
 */
#ifndef ARBITER_TERRA_H
#define ARBITER_TERRA_H

#include <stddef.h>
#include <stdint.h>

#include "../game.h"
#include "../rng.h"

enum { TM_MAGIC = 0x54455241 };

enum {
	TM_NCELLS = 113,
	TM_NFACT = 20,
	TM_MAXP = 5,
	TM_MAXBRIDGE = 16,
	TM_MAXOFFER = 48,
	TM_MAXGROUP = 16,
	TM_LAST_LEN = 1024,
	TM_LEDGER_LEN = 640,
	TM_NBON = 10,
	TM_NFAV = 12,
	TM_NTW = 8,
	TM_NSCORE = 9,
};

/* TC_ICE, TC_VOLCANO: the terrains of the Fire & Ice ice and volcano
 * factions (no map starts with them). */
enum tm_color { TC_YELLOW, TC_BROWN, TC_BLACK, TC_BLUE, TC_GREEN, TC_GRAY, TC_RED, TC_RIVER,
	TC_ICE, TC_VOLCANO };
enum tm_bld { TB_NONE, TB_D, TB_TP, TB_TE, TB_SH, TB_SA, TB_COUNT };
enum tm_cult { TK_FIRE, TK_WATER, TK_EARTH, TK_AIR };
enum tm_faction {
	TF_ALCHEMISTS, TF_AUREN, TF_CHAOS, TF_CULTISTS, TF_DARKLINGS, TF_DWARVES,
	TF_ENGINEERS, TF_FAKIRS, TF_GIANTS, TF_HALFLINGS, TF_MERMAIDS, TF_NOMADS,
	TF_SWARMLINGS, TF_WITCHES,
	/* Fire & Ice (option fire-and-ice-factions/ice) */
	TF_ICEMAIDENS, TF_YETIS,
	/* Fire & Ice (option fire-and-ice-factions/volcano) */
	TF_ACOLYTES, TF_DRAGONLORDS,
	/* Fire & Ice (option fire-and-ice-factions/variable...) */
	TF_SHAPESHIFTERS, TF_RIVERWALKERS
};
/* The Fire & Ice final scoring tiles (option fire-and-ice-final-scoring). */
enum tm_final {
	TFS_NONE, TFS_DISTANCE, TFS_SASH, TFS_EDGE, TFS_CLUSTERS, TFS_COUNT
};
enum tm_phase {
	TP_FACTIONS, TP_DWELLINGS, TP_BONUS, TP_ACTIONS, TP_CULTSPADES, TP_END
};
/* What the current action of the active seat has done so far. */
enum tm_act { TA_NONE, TA_SPADES, TA_DONE };

/*
 * The site's options for old and private games (commands.pm:1381-1391),
 * bits of tm_state.opt_site: each lifts one of its checks.  TO_ENGINEER_BRIDGE
 * and TO_SHIFTER_FIX_V1 the site accepts and reads nowhere.
 */
enum tm_site_opt {
	TO_LOSE_CULT = 1 << 0,		/* loose-lose-cult */
	TO_MULTI_SPADE = 1 << 1,	/* loose-multi-spade */
	TO_BRIDGE_ADJ = 1 << 2,		/* loose-bridge-adjacency */
	TO_MANUAL_FAV5 = 1 << 3,	/* manual-fav5 */
	TO_DONE = 1 << 4,		/* loose-done */
	TO_CULTIST_ORDER = 1 << 5,	/* loose-cultist-ordering */
	TO_ENGINEER_BRIDGE = 1 << 6,	/* loose-engineer-bridge */
	TO_SHIFTER_FIX_V1 = 1 << 7,	/* shapeshifter-fix-playtest-v1 */
	TO_ALL = (1 << 8) - 1
};

/*
 * One map cell (land hex or river cell), derived by tmap.c from the map's
 * text; the game's map is part of its state (tm_state.cells).
 */
struct tm_cell {
	char name[4];		/* "A1".."I13", "r0".."r35" */
	int8_t row, col;	/* row 0..8 (A..I), position 0..12 in the row */
	int8_t color;		/* enum tm_color printed on the map; TC_RIVER */
	int8_t edge;		/* on the map's edge: first or last row, or a row's end */
	int8_t nadj, nbr;
	int8_t adj[6];		/* neighbours: river cells, then land, by index */
	int8_t br[6];		/* land hexes a bridge from here may reach */
};

/* A faction's fixed data. */
struct tm_fdef {
	const char *name;
	int color;
	int c, w, p, p1, p2;
	int cult[4];
	int ship, ship_max, dig_max;
	int cost_w[TB_COUNT], cost_c[TB_COUNT];
	int tp_lonely_c;		/* coins for a TP with no neighbour */
	int d_w[9];			/* worker income by dwellings built */
	int tp_c[5], tp_pw[5];		/* income by trading posts built */
	int te_p[4], te_pw[4];		/* income by temples built */
	int sh_c, sh_w, sh_p, sh_pw;	/* stronghold income */
	int sa_p;			/* sanctuary income */
	int dig_w, dig_c, dig_p;	/* cost of one digging advance */
	int ship_c, ship_p;		/* cost of one shipping advance */
	int ship_vp[6];			/* VP for reaching shipping level n */
};

/* What made a power offer "tainted" (the site's leech_tainted): its seat
 * converted, or took another offer of its own first, while it waited. */
enum tm_taint { TT_NONE, TT_CONVERT, TT_LEECH };

/*
 * A power offer waiting for the decision of seat `to`, as the site keeps
 * it: amount is the power the building offers, actual what the seat could
 * take (its bowls' room, lowered whenever it takes other power).  A leech
 * must name amount or what it gets, and under strict-leech comes before
 * whatever tainted the offer (taint_n, taint_from: the leech that did,
 * taint_from a seat + 1 or 0 when it named none).
 */
struct tm_offer {
	int32_t to, from, amount, actual, group;
	int32_t taint, taint_n, taint_from;
};

/*
 * The offers of one building of the Cultists or the Shapeshifters (the
 * site's leech_id): live counts the offers not yet declined whose actual
 * was above 0, declined the declines; taken is set by the first leech
 * that gave their cult step (or token).  With errata-cultist-power they
 * gain 1 power when live falls to 0 with a decline among them.
 */
struct tm_group {
	int32_t seat, used, live, declined, taken;
};

/* Per-seat state. */
struct tm_player {
	int32_t faction;		/* -1 until chosen */
	int32_t vp, c, w, p, pw[3];
	int32_t cult[4];
	int32_t ship, dig, carpet;
	int32_t bon;			/* bonus tile held, 0 = none */
	int32_t fav[TM_NFAV + 1];
	int32_t tw[TM_NTW + 1];
	int32_t keys, towns;
	int32_t cult_blocked;		/* tracks stopped at 9 this turn for want of a
					   key: a key gained in the turn moves them on */
	int32_t nb[TB_COUNT];		/* buildings on the map by type */
	int32_t bridges;
	int32_t p_on_cult;		/* priests left on cult action spaces */
	int32_t passed, dropped;
	int32_t spades;			/* unspent spades */
	int32_t free_tf;		/* 1: sandstorm / giants' free transform owed */
	int32_t fav_owed, town_owed, cult_owed, cult2_owed;
	int32_t cult_bonus;		/* Cultists' steps from accepted offers */
	int32_t bridge_owed, free_tp, free_d;
	int32_t used_bon, used_fav6, used_fact;
	int32_t darkling_conv;		/* > 0: the Darklings' stronghold
					   conversion (up to 3 W->P in their
					   next conversion) is open */
	int32_t conn_river[8];		/* mermaids' declared river links (cell+1) */
	int32_t burned;			/* power tokens destroyed by burning */
	int32_t final_cult, final_net, final_res, network;
	int32_t color2;			/* ice factions: the colour picked
					   (pick-color) + 1, 0 before */
	int32_t pick_owed;		/* ice factions: pick-color still owed */
	int32_t pick_gone;		/* the colour pick of the setup given up
					   (-PICK_COLOR): no terrain for an initial
					   dwelling, only resigning is left (the
					   site) */
	int32_t final_fi, fi_value;	/* Fire & Ice final tile: VP, measure */
	int32_t volcano_tf;		/* volcano factions: hexes dug, to turn
					   into volcano in this action */
	int32_t lose_cult;		/* Acolytes: cult steps to lose, all on
					   one track, for their last volcano */
	int32_t tokens;			/* power tokens gained (+) or lost (-)
					   beyond the faction's start (Dragonlords,
					   Shapeshifters) */
	int32_t shifts;			/* Shapeshifters: shapeshifts left */
	int32_t p3_for_vp;		/* Shapeshifters: tokens they may still
					   buy into bowl III for 1 VP each */
	int32_t unlocked;		/* Riverwalkers: colours unlocked (bit c),
					   the colour picked not among them */
	int32_t unlock_owed;		/* Riverwalkers: unlocks owed, one for
					   each priest they gained */
	int32_t site_rec;		/* TM_REC_*: debts the site has recorded
					   as owed (tm_site_record), whose
					   record giving them up leaves */
};

/* The site's records of a debt that only settling it takes back. */
enum { TM_REC_TF = 1, TM_REC_UNLOCK = 2 };

/*
 * The turn of a seat that ended with that seat's last submission, kept
 * until another seat sends something (tm_state.tail): the site ends a
 * turn only when another faction's row follows, so the seat may still add
 * to it what its action allows (a dwelling after a spade action), and the
 * turn is then taken up again as it was (tm_resume_turn).
 */
struct tm_kept_turn {
	int32_t act, act_left, tf_cell, tf_nonhome, dig_ok, dug, tf_left;
	int32_t teleported, stale, held_pass, darkling_conv;
	int32_t cult_blocked[TM_MAXP];
	uint32_t marks[(TM_NCELLS + 31) / 32];	/* hexes transformed in it */
};

/* The whole game. */
struct tm_state {
	uint32_t magic;
	int32_t nseats;
	int32_t opt_strict_leech, opt_strict_dark, opt_strict_chaos;
	int32_t opt_errata_cult, opt_mini, opt_shipbon, opt_temple;
	int32_t opt_vto, opt_maintain, opt_mail;
	int32_t opt_loose_cult_loss;	/* loose-cult-loss: cult steps given up
					   without the site's TW5 limit */
	int32_t opt_site;		/* the site's loose-... and other legacy
					   options, TO_... bits */
	int32_t opt_fi_ice;		/* fire-and-ice-factions/ice */
	int32_t opt_fi_volcano;		/* fire-and-ice-factions/volcano */
	int32_t opt_fi_variable;	/* fire-and-ice-factions/variable: 1, its
					   rule versions variable_v2..v5: 2..5;
					   0 without */
	int32_t final_tile;		/* enum tm_final: the Fire & Ice final
					   scoring tile in play, TFS_NONE */
	struct rng rng;
	int32_t score_tile[6];		/* SCORE n per round */
	int32_t bon_avail[TM_NBON + 1];	/* 1: in the pool */
	int32_t bon_coins[TM_NBON + 1];
	int32_t fav_left[TM_NFAV + 1];
	int32_t tw_left[TM_NTW + 1];
	int32_t act_used[7];		/* ACT1..ACT6 taken this round */
	struct tm_cell cells[TM_NCELLS];	/* the map (tmap.c) */
	char map_id[44];		/* the site's id of a map other than
					   the base map (option map); "" */
	int8_t terrain[TM_NCELLS];
	int8_t bld[TM_NCELLS];
	int8_t owner[TM_NCELLS];
	int8_t town[TM_NCELLS];		/* 1: the building is part of a town;
					   on an empty hex: transformed in the
					   current action (tm_tf_mark) */
	int32_t nbridge;
	int32_t bridge[TM_MAXBRIDGE][3];	/* cell a, cell b, seat */
	int32_t slot[4][4];		/* priest slots: seat+1; slot 0 = 3 steps */
	int32_t phase, round;
	int32_t table[TM_MAXP];		/* player order: seat at position i */
	int32_t order[TM_MAXP];		/* turn order of this round */
	int32_t next_order[TM_MAXP], nnext;
	int32_t cur;			/* active seat (-1 none) */
	int32_t act;			/* enum tm_act for the active seat */
	int32_t act_left;		/* Chaos Magicians' double action: actions left */
	int32_t tf_cell;		/* cell transformed in the current action, -1 */
	int32_t tf_nonhome;		/* the last transform of this action was to a
					   colour not the seat's own, spades left */
	int32_t dig_ok;			/* this action may still buy spades: no
					   transform in it yet (site rules) */
	int32_t tf_left;		/* transforms the current action still
					   allows (the site's sub-action: 2 after
					   ACT6, 1 after ACT5, BON1, ACTG, ACTN or a
					   dig, none once the action's first command
					   was a transform) */
	int32_t dug;			/* the turn bought spades with dig: they
					   are spent, not thrown away (the site) */
	int32_t site_form;		/* the submission being played writes a
					   dig: spades are never bought for a build
					   or transform in it (arbiter's own
					   notation is off) */
	int32_t teleported;		/* tunnelling or carpet flight used this
					   turn (once a turn, site rules) */
	int32_t bridged;		/* 1: this turn's action placed its bridge
					   (a refused second bridge says so) */
	int32_t held_pass;		/* the seat to move passed, and its turn is
					   held for a cult step it owes: with
					   variable-turn-order the next turn goes to
					   the first unpassed seat of the round's
					   order (the site) */
	int32_t bonus_end;		/* seat + 1 of the Cultists who placed a cult
					   step (an offer decided after every seat had
					   passed) and owe more, nothing else open: the
					   round ends before their next command (the
					   site), 0 none */
	int32_t bonus_merge;		/* 1 + the track of that step when their next
					   command may be the same one again, which the
					   site runs as one with it; 0 none */
	int32_t bonus_count;		/* the count written in that step (+2AIR: 2) */
	int32_t defer;			/* seat + 1 that settled, after passing,
					   the bridge, favor or town tile it owed:
					   the round ends only when another seat
					   sends something (the site clears its
					   record of the debt then); 0 none */
	int32_t lapse;			/* seat + 1 of the Shapeshifters whose
					   `gain P3 for VP` came last: until
					   another seat sends something (or they
					   end a row: pass, leech, decline,
					   pick-color) the site lets a round end
					   without the tokens they may still
					   buy; or of the seat
					   whose [+-]N?TYPE between the rounds
					   left cult steps of the cult spades
					   owed (tm_cult_lapse): the next round
					   may start without them; 0 none */
	int32_t tail;			/* seat + 1 whose turn just ended: it may
					   still convert and burn, and add to its
					   turn (kept), until another seat sends
					   something (the site ends a turn when
					   another faction's row follows); 0 none */
	struct tm_kept_turn kept;	/* the turn of seat tail - 1, when set */
	int32_t stale;			/* 1: what the active seat owes (a bridge,
					   a free dwelling or trading post,
					   spades) came with an action before a new
					   one began (the last seat playing): it is
					   placed only as an action of its own */
	int32_t again;			/* 1: the active seat, the only one that
					   has not passed, goes on from its own
					   last turn; its next action starts the
					   new one (done is taken before it) */
	int32_t last_turn;		/* seat + 1 whose turn ran last: between the
					   rounds the site still takes its burning
					   (and, before the round's end, its
					   conversions) */
	int32_t unlock_wait;		/* 1: the round's start waits for the
					   Riverwalkers' unlocks of its income;
					   nothing else is accepted (the site) */
	int32_t income_early;		/* 1: between the rounds, the next
					   round's income is paid before its
					   start, which waits for cult steps of
					   the cult spades still owed (the
					   site: tm_cult_lapse) */
	int32_t row_seat;		/* seat + 1 whose submission came last
					   (the site's row of that faction: it
					   ends when another one's comes), 0
					   none or the game master's */
	int32_t queue[16], nqueue, qpos;	/* setup placements */
	int32_t noffer;
	struct tm_offer offer[TM_MAXOFFER];
	struct tm_group group[TM_MAXGROUP];
	int32_t over;
	struct tm_player pl[TM_MAXP];
	char last[TM_LAST_LEN];
	/* What the last submission's round end and round start paid each
	 * faction (tlast.c); "" when it ended no round. */
	char ledger[TM_LEDGER_LEN];
	int32_t round_vp[TM_MAXP];	/* each seat's VP as its round's actions began */
	int32_t prev_seat;		/* seat + 1 of the command run last (0: an
					   admin's, or none) */
	char prev_cmd[24];		/* that command's text, when short: the
					   site joins an equal "+X" of the same
					   faction that comes next, even in a later
					   row, into one "+2X" (rewrite_stream) */
	int32_t join_prev;		/* 1 while the command running is such a
					   "+X" (tadjust.c says so on a town tile) */
};

extern const struct tm_fdef tm_fdefs[TM_NFACT];
extern const char *const tm_color_names[10];
extern const char *const tm_cult_names[4];
extern const char *const tm_bld_names[TB_COUNT];

/* tmap.c: the map, its text format and the built-in base map */
enum { TM_MAP_ID_LEN = 40 };
extern const char tm_base_map_id[TM_MAP_ID_LEN + 1];
int tm_map_parse(const char *text, size_t len, struct tm_cell cells[TM_NCELLS],
    char *err, size_t errlen);
void tm_map_base(struct tm_cell cells[TM_NCELLS]);
void tm_map_site_id(const struct tm_cell cells[TM_NCELLS], char id[TM_MAP_ID_LEN + 1]);
int tm_map_check(const struct tm_cell cells[TM_NCELLS]);
int tm_cell_find(const struct tm_state *s, const char *name);

/* tdata.c */
int tm_faction_find(const char *name);
int tm_color_find(const char *name);
int tm_cult_find(const char *name);
int tm_bld_power(int b);
int tm_bld_strength(const struct tm_state *s, int seat, int b);
extern const char *const tm_final_names[TFS_COUNT];
int tm_final_find(const char *name);
/* which faction a seat plays, and its colours */
int tm_is_ice(const struct tm_state *s, int seat);
int tm_is_volcano(const struct tm_state *s, int seat);
int tm_picks_colour(const struct tm_state *s, int seat);
int tm_is_shifter(const struct tm_state *s, int seat);
int tm_is_river(const struct tm_state *s, int seat);
int tm_home(const struct tm_state *s, int seat);
int tm_wheel_home(const struct tm_state *s, int seat);
int tm_home_of_someone(const struct tm_state *s, int colour);
int tm_colour_taken(const struct tm_state *s, int seat, int colour);
int tm_river_colour(const struct tm_state *s);
const char *tm_picked_name(const struct tm_state *s, int seat);
int tm_builds_on(const struct tm_state *s, int seat, int colour);
int tm_faction_command(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen);
const char *tm_score_desc(int n);
const char *tm_bon_desc(int n);
const char *tm_fav_desc(int n);
const char *tm_tw_desc(int n);

/* tcore.c: mechanics used by the parser */
const struct tm_fdef *tm_fd(const struct tm_state *s, int seat);
int tm_seat_of(const struct tm_state *s, int faction);
void tm_gain_power(struct tm_player *p, int n);
int tm_capacity(const struct tm_player *p);
int tm_spend_power(struct tm_player *p, int n);
int tm_priest_room(const struct tm_player *p);
void tm_gain_priests(struct tm_player *p, int n);
void tm_gain_spades(struct tm_state *s, int seat, int n);
int tm_cult_advance(struct tm_state *s, int seat, int cult, int n);
int tm_keys_free(const struct tm_player *p);
int tm_spade_cost(const struct tm_state *s, int seat, int from, int to);
int tm_ship_level(const struct tm_state *s, int seat);
void tm_tf_mark(struct tm_state *s, int cell);
int tm_tf_done(const struct tm_state *s, int cell);
void tm_tf_clear(struct tm_state *s);
int tm_reach(const struct tm_state *s, int seat, int cell, int *cost_kind);
int tm_spade_usable(const struct tm_state *s, int seat);
int tm_direct_adjacent(const struct tm_state *s, int a, int b);
int tm_has_neighbour_building(const struct tm_state *s, int seat, int cell);
void tm_offer_power(struct tm_state *s, int seat, int cell);
void tm_check_towns(struct tm_state *s, int seat, int cell);
void tm_check_all_towns(struct tm_state *s, int seat);
void tm_build_vp(struct tm_state *s, int seat, int b);
void tm_spade_vp(struct tm_state *s, int seat, int n);
void tm_income_of(const struct tm_state *s, int seat, int *c, int *w, int *p, int *pw);
void tm_take_income(struct tm_state *s);
void tm_cult_income(struct tm_state *s);
void tm_final_scoring(struct tm_state *s);
int tm_network(const struct tm_state *s, int seat);
int tm_network_label(const struct tm_state *s, int seat, int *comp);
void tm_share_points(const int *val, int n, const int *pts, int *out);
void tm_take_town(struct tm_state *s, int seat, int tw);
void tm_take_favor(struct tm_state *s, int seat, int fav);
void tm_favor_gain(struct tm_state *s, int seat, int fav);
int tm_town_linked(const struct tm_state *s, int seat, int a, int b);
/* +FAVk by a seat owed a favor tile. */
enum game_status tm_take_owed_favor(struct tm_state *s, int seat, int fav, char *err,
    size_t errlen);
int tm_pass_vp(const struct tm_state *s, int seat);
int tm_bridge_between(const struct tm_state *s, int a, int b);
int tm_table_pos(const struct tm_state *s, int seat);
/* The faction name of a seat, or "seat N" (in buf) before it chose. */
const char *tm_fname(const struct tm_state *s, int seat, char *buf, size_t len);

/*
 * The Fire & Ice factions' own rules, and a variant's: hooks the core calls
 * (each may be NULL), which their files (tfire.c, tshape.c, triver.c;
 * tfinal.c for the final tiles) fill and tfactions.c lists, as
 * engine/registry.c lists the games.  The core names no faction file;
 * the faction files call the core.
 */
enum { TM_NOT_MINE = -1 };	/* a command hook's answer: not its command */
struct tm_hooks {
	void (*setup)(struct tm_state *s, int seat);		/* after setup FACTION */
	void (*stronghold)(struct tm_state *s, int seat);	/* stronghold built */
	/* a command of the faction's own (action ACTHn, pick-color in play,
	 * gain P3 for VP, unlock-terrain): GAME_OK, a refusal, TM_NOT_MINE */
	int (*command)(struct tm_state *s, int seat, char **w, int nw, char *err,
	    size_t errlen);
	/* spades or priests gained, taken its own way: 1 when it took them */
	int (*spades)(struct tm_state *s, int seat, int n);
	int (*priests)(struct tm_player *p, int n);
	int (*priest_cap)(const struct tm_player *p);		/* priests it may hold */
	/* colours besides its home it builds on; where its initial dwellings go */
	int (*builds_on)(const struct tm_state *s, int seat, int colour);
	int (*initial_hex)(const struct tm_state *s, int seat, int cell);
	int (*action_discount)(const struct tm_state *s, int seat, int n);	/* ACTn */
	void (*offer_taken)(struct tm_state *s, int seat);	/* its offer taken */
	/* a volcano faction's volcano on cell, and whether it could make one */
	enum game_status (*volcano)(struct tm_state *s, int seat, int cell, char *err,
	    size_t errlen);
	int (*volcano_possible)(const struct tm_state *s, int seat);
	void (*render)(const struct tm_state *s, int seat, struct sbuf *out);
	void (*json)(const struct tm_state *s, int seat, json_t *o);
};
struct tm_variant {
	void (*final_scoring)(struct tm_state *s);	/* after the base game's */
};

/* tfactions.c: the registry */
const struct tm_hooks *tm_hooks(int faction);
void tm_variants_final(struct tm_state *s);

/* tfinal.c: the Fire & Ice final tiles (for the tests; the core calls them
 * through tm_variants_final) */
void tm_final_tile_scoring(struct tm_state *s);
int tm_final_measure(const struct tm_state *s, int seat, int tile);

/* tadjust.c: the site's [+-]N?TYPE */
void tm_site_record(struct tm_state *s, int seat);
int tm_unlock_recorded(const struct tm_state *s, int seat);
enum game_status tm_cmd_adjust(struct tm_state *s, int seat, int delta, const char *type,
    char *err, size_t errlen);

/* tlines.c: notation helpers shared by the command files */
enum game_status tm_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
enum game_status tm_lower_arg(const char *cmd, const char *arg, char *err,
    size_t errlen);
int tm_count_arg(const char *w);
int tm_tile_num(const char *w, const char *prefix, int max);
int tm_tile_list(const char *v, const char *prefix, int max, int *out, int maxn);
int tm_parse_amount(const char *w, int *n, char *res, size_t reslen);
/* The site's normalisation of one command, in place: white space runs
 * become one space, and a space between a word character and any other
 * goes ("+ FAV5" reads "+FAV5"); a "faction:" prefix is kept. */
void tm_normalize(char *cmd);
void tm_site_rewrite(char *row, size_t cap, int engineers);
/* is_command(): which line of a mail is a command. */
int tm_is_command(const char *line);
/* The verbs is_command reads, and the notation's other words (game.h). */
extern const char *const tm_verbs[];
int tm_notation_word(const char *word);

/* tflow.c: the turn flow */
void tm_waiting(const void *st, struct game_wait *w);
int tm_owes(const struct tm_state *s, int seat);
int tm_round_waits_other(const struct tm_state *s, int seat);
int tm_defer_waits(const struct tm_state *s, int seat);
int tm_has_offer(const struct tm_state *s, int seat);
int tm_darkling_choice(const struct tm_state *s, int seat);
void tm_new_turn(struct tm_state *s);
int tm_resume_turn(struct tm_state *s, int seat);
int tm_action_finished(const struct tm_state *s);
enum tm_offer_end { TO_TAKEN, TO_DECLINED, TO_WITHDRAWN };
void tm_offer_end(struct tm_state *s, int i, enum tm_offer_end how);
void tm_offer_recap(struct tm_state *s, int seat);
void tm_start_round(struct tm_state *s, int r);
void tm_round_coins(struct tm_state *s);
int tm_settle_tokens(const struct tm_state *s, int seat);
int tm_town_waits(const struct tm_state *s, int seat);
int tm_cultists_first(const struct tm_state *s, int seat);
void tm_unlock_settled(struct tm_state *s);
int tm_unlock_first(const struct tm_state *s, int seat);
void tm_advance(struct tm_state *s);
void tm_advance_lapsed(struct tm_state *s, int lapsed);
void tm_bonus_step(struct tm_state *s, int seat, int cult, int count, int merged);
int tm_bonus_before(struct tm_state *s, int seat, int cult, int count);
void tm_tokens_lapse(struct tm_state *s, int seat);
void tm_cult_lapse(struct tm_state *s, int seat);
void tm_settled_after_pass(struct tm_state *s, int seat);
void tm_defer_before(struct tm_state *s, int seat);
int tm_lapse_before(struct tm_state *s, int seat);
int tm_find_offer(const struct tm_state *s, int seat, int from, int n);

/* tsetup.c: options, draws and the setup commands */
int tm_setup(void *st, int nseats, const struct game_opt *opts, int nopts,
    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen);
enum game_status tm_cmd_setup(struct tm_state *s, int seat, const char *name, char *err, size_t errlen);
enum game_status tm_cmd_setup_owed(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen);
int tm_next_bonus_seat(const struct tm_state *s, int pos);
void tm_next_placement(struct tm_state *s);
/* The faction choice goes on (a seat chose, or one that owed its choice
 * left the game). */
void tm_factions_next(struct tm_state *s);
void tm_pick_given_up(struct tm_state *s, int seat);
int tm_dropped_owes_colour(const struct tm_state *s, int seat);
enum game_status tm_cmd_dropped_pick(struct tm_state *s, int seat, const char *name,
    char *err, size_t errlen);
enum game_status tm_cmd_pick_color(struct tm_state *s, int seat, const char *name,
    char *err, size_t errlen);

/* tactions.c: the commands of the action phase */
enum game_status tm_begin_action(struct tm_state *s, const char *what, char *err, size_t errlen);
int tm_next_turn_now(const struct tm_state *s);
void tm_drop_option(struct tm_state *s, const char *name);
int tm_unpassed(const struct tm_state *s);
int tm_passed_goes_on(const struct tm_state *s);
enum game_status tm_buy_spades(struct tm_state *s, int seat, int n, char *err, size_t errlen);
enum game_status tm_do_transform(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen);
enum game_status tm_cmd_build(struct tm_state *s, int seat, int cell, char *err, size_t errlen);
enum game_status tm_cmd_upgrade(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen);
enum game_status tm_cmd_send(struct tm_state *s, int seat, int cult, int n, char *err, size_t errlen);
enum game_status tm_cmd_advance(struct tm_state *s, int seat, int ship, char *err, size_t errlen);
enum game_status tm_cmd_action(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen);
enum game_status tm_cmd_bridge(struct tm_state *s, int seat, const char *spec, char *err, size_t errlen);
/* Decline every offer the seat has not decided (decline, or an action). */
void tm_decline_open(struct tm_state *s, int seat);

/* tpass.c: the commands of the action phase that are no action */
enum game_status tm_cmd_convert(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen);
enum game_status tm_cmd_pass(struct tm_state *s, int seat, int bon, char *err, size_t errlen);
enum game_status tm_cmd_leech(struct tm_state *s, int seat, int n, int from, char *err,
    size_t errlen);
enum game_status tm_cmd_decline(struct tm_state *s, int seat, int n, int from, char *err,
    size_t errlen);
enum game_status tm_cmd_connect(struct tm_state *s, int seat, const char *spec, char *err,
    size_t errlen);
enum game_status tm_cmd_done(struct tm_state *s, int seat, char *err, size_t errlen);

/* tlast.c: what the table is told of a submission, of the offers waiting
 * and of a round's end and start */
struct cmdlist;
/* The offers before a submission, to tell what it made and ended. */
struct tm_before {
	int32_t round;
	int32_t noffer;
	struct tm_offer offer[TM_MAXOFFER];
};
/* A seat's resources before a round's cult bonus or income. */
struct tm_purse {
	int32_t vp, c, w, p, charge, spades;
};
/* The power offer i would give its seat now (capped by its bowls and its
 * VP), and its VP cost in *vp. */
int tm_offer_gain(const struct tm_state *s, int i, int *vp);
/* Every offer to seat, with gain and cost, appended to why; brief gets
 * the subject's words ("power offer from witches"). */
void tm_offers_why(const struct tm_state *s, int seat, char *why, size_t len, char *brief,
    size_t blen);
/* What the seat's action still owes, in words; NULL when nothing. */
const char *tm_owed_why(const struct tm_state *s, int seat);
/* Before a submission: keep the offers and the round, clear the ledger
 * (kept while the round's end waits for its cult spades). */
void tm_last_begin(struct tm_state *s, struct tm_before *b);
/* After it: "Last:", told and concerns (game.h). */
void tm_last_record(struct tm_state *s, int seat, const struct cmdlist *cl,
    const struct tm_before *b, struct game_played *out);
/* The ledger: resources before a payment, and what it paid (income 0: the
 * round's end and its cult bonus; 1: the round's income). */
void tm_ledger_take(const struct tm_state *s, struct tm_purse *pu);
void tm_ledger_note(struct tm_state *s, const struct tm_purse *pu, int income);

/* tplay.c: the command parser */
enum game_status tm_play(void *st, int seat, const char *text,
    struct game_played *out, char *err, size_t errlen);

/* tview.c: the text report, over() and score() */
int tm_over(const void *st);
void tm_score(const void *st, int viewer, struct game_score *out);
void tm_render_text(const void *st, int viewer, const char *const *names,
    struct sbuf *out);
void tm_render_board(const void *st, const char *const *names, struct sbuf *out);
void tm_glossary(struct sbuf *out);

/* tjson.c: the JSON view */
json_t *tm_render_json(const void *st, int viewer, const char *const *names);

/* tmoves.c: the legal moves and the state's invariants */
void tm_moves(const void *st, int seat, struct sbuf *out);
int tm_check(const void *st, char *err, size_t errlen);

/* timport.c */
int tm_import_log(const char *log, struct game_import *imp, char *err, size_t errlen);
int tm_option_check(const char *key, const char *value, char *err, size_t errlen);

#endif
