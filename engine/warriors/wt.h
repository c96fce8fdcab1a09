/*
 * wt.h - internal interface of the Warriors & Traders engine (our edition).
 *
 * The rules are shared/warriors/rules-en.md; rule numbers in comments
 * ("6.13") refer to it, table numbers ("T1.2") to tables.md.  The whole game
 * is one struct wt_state made only of int and char arrays, so its bytes are
 * its snapshot and no padding is ever written from the stack.
 */
#ifndef ARBITER_WT_H
#define ARBITER_WT_H

#include <stddef.h>

#include "../game.h"
#include "../rng.h"
#include "../sbuf.h"

enum {
	WT_NPROV = 48,
	WT_NCTY = 8,
	WT_SEATS = 6,
	WT_UPER = 12,			/* units per player: 4 INF, 4 ARC, 4 CAV */
	WT_NBARB = 48,			/* barbarian unit slots */
	WT_NUNITS = WT_SEATS * WT_UPER + WT_NBARB,
	WT_BARB = 6,			/* the barbarians' side number */
	WT_MAXADJ = 6,
	WT_TURNS = 10,
	WT_CAP = 20,
	WT_MAXBATTLES = 24,
	WT_MAXITEMS = 12,
	WT_MAXFEED = 12,
	WT_MAXPRI = 8,
	WT_MAXPOST = WT_MAXPRI + 1,	/* princess steps and one unification */
	WT_MAXDEALS = 6,
	WT_MAXBANK = 8,
	WT_LASTLEN = 4096,
	WT_MAXAP = 4,			/* the most action points a unit has (T1.3) */
};

/* Piece kinds; units are the first three (their index is the kind). */
enum { WT_INF, WT_ARC, WT_CAV, WT_FORT, WT_PRI, WT_NKIND };
/* Resources. */
enum { WT_FOOD, WT_GOODS, WT_WEAPONS, WT_GOLD, WT_NRES };
/* Tracks. */
enum { WT_PROD, WT_TRADE_T, WT_MIL, WT_NTRACK };
/* Province types. */
enum { WT_CAPITAL, WT_TRADE, WT_NORMAL };

/* Phases. Upkeep, the shift step and the end of turn are automatic. */
enum {
	PH_COUNTRY,	/* countries=choose: seats pick in seat order */
	PH_TRACKS,	/* every seat places its 3 tokens */
	PH_TRADE,	/* one simultaneous round */
	PH_DEV,		/* development slots */
	PH_MAN,		/* manoeuvres */
	PH_OVER,
};

/* Development slots. */
enum { SLOT_ACT1, SLOT_ACT2, SLOT_SPECIAL, SLOT_DONE };

/* Manoeuvre steps of the active player. */
enum {
	MS_FIRST,	/* waits for the manoeuvre submission */
	MS_DEFEND,	/* waits for defending players' splits */
	MS_SECOND,	/* waits for the Double Strike submission */
	MS_FINISH,	/* a post-battle command failed: waits for the rest */
};

/* What waits for the end of the battles. */
enum { POST_PRINCESS, POST_UNIFY };

/* Development actions (5.2) and their arguments. */
enum { ACT_NONE, ACT_DEVELOP, ACT_BUILD, ACT_UPGRADE, ACT_WAR, ACT_PASS };

struct wt_act {
	int type;
	int arg;	/* track, built kind, upgraded kind, or war target seat */
	int prov;
	int to;		/* upgrade target kind */
};

/* Static map data (wt_map.c). */
struct wt_country {
	const char *code;
	const char *name;
	int capital;
};
struct wt_province {
	const char *code;
	const char *name;
	int country;
	int type;
	int yield[WT_NRES];
	int barb;	/* starting barbarian piece */
	int nadj;
	int adj[WT_MAXADJ];
	int sea[WT_MAXADJ];
};
extern const struct wt_country wt_countries[WT_NCTY];
extern const struct wt_province wt_provinces[WT_NPROV];
extern const char *const wt_sketch[];

/* A unit on the map (or an unused slot when side < 0). */
struct wt_unit {
	int side;	/* seat, WT_BARB, or -1 */
	int kind;
	int prov;
	int ap;
	int exhausted;	/* retreated this turn: any damage kills (6.10) */
	int moved;	/* moved in the current manoeuvre */
	int from;	/* province it entered its battle from */
	int target;	/* province of the battle it started, or -1 */
};

/* Per province. */
struct wt_prov {
	int owner;	/* holder of the token: seat, or -1 (map / barbarians) */
	int forts;	/* player forts, belonging to pieceowner */
	int pri;	/* princesses, belonging to pieceowner */
	int pieceowner;	/* seat owning the forts and princesses, -1 if none */
	int barb_fort;	/* a barbarian fort stands here */
};

/* One side of a split: items of (kind, damage) in order, or auto. */
struct wt_split {
	int given;	/* 0: not given (auto when needed), 1: given */
	int isauto;
	int n;
	int kind[WT_MAXITEMS];
	int dmg[WT_MAXITEMS];
};

struct wt_battle {
	int prov;
	int def;		/* defending side: seat or WT_BARB */
	int done;
	struct wt_split att;
	struct wt_split dfn;
	int att_retreat;	/* -1 = default */
	int def_retreat;
	int rout;
};

struct wt_deal {
	int partner;
	int give[WT_NRES];
	int get[WT_NRES];
};
struct wt_bank {
	int buyvp;		/* 1: "buy n vp" (n in amount) */
	int from, to, amount, got;
};

/* A player's pending trade submission (4.6). */
struct wt_tradesub {
	int sent;
	int open;		/* bitmask of seats to open routes to */
	int close;		/* bitmask of routes to close */
	int ndeals;
	struct wt_deal deal[WT_MAXDEALS];
	int nbank;
	struct wt_bank bank[WT_MAXBANK];
};

struct wt_player {
	int country;
	int res[WT_NRES];
	int track[WT_NTRACK];
	int vp_perm;		/* kills, destroyed forts, bought VP */
	int team;		/* team number, or -1 */
	int unified;
	int defend_auto;
	int routes;		/* bitmask of seats this player opened routes to */
	int peace_offer;	/* bitmask: seats this player offered peace */
	int peace_turn[WT_SEATS];	/* turn of the last peace with a seat */
	int nfeed;
	int feed_unit[WT_MAXFEED];	/* unit slots, fed first wherever they stand */
	int tracks_set;
	/* development queue (13.5) */
	struct wt_act q2;
	struct wt_act qs;
	int shift_from, shift_to;	/* -1 = none queued */
	int qunify;			/* unify queued for the manoeuvre start */
	int qunify_n;
	struct wt_act qunify_act[9];
	struct wt_tradesub ts;
};

struct wt_war {
	int on;
	int since;	/* turn of declaration */
	int fought;	/* a battle between the two this turn */
};

struct wt_state {
	int nseats;
	int phase;
	int turn;
	int winner_mask;
	int teams;		/* 0 or the number of teams */
	int team_target;
	int defence_auto;	/* option defence=auto */
	int choose;		/* option countries=choose */
	struct rng rng;
	struct wt_player p[WT_SEATS];
	int order[WT_SEATS];	/* seats in country order */
	struct wt_prov prov[WT_NPROV];
	struct wt_unit u[WT_NUNITS];
	struct wt_war war[WT_SEATS][WT_SEATS];
	/* development */
	int slot, slot_idx;
	/* manoeuvre */
	int man_idx;		/* index into order[] */
	int man_step;
	int man_second;		/* the current battles are the Double Strike's */
	int nbattles;
	struct wt_battle battle[WT_MAXBATTLES];
	/*
	 * What runs after the battles (13.6): princess steps and at most one
	 * unification, in the order written; princess steps wait for the
	 * Double Strike battles too.
	 */
	int npost;
	int post_what[WT_MAXPOST];	/* POST_PRINCESS or POST_UNIFY */
	int post_from[WT_MAXPOST], post_to[WT_MAXPOST];
	int unify_n;			/* the pending unification's actions */
	struct wt_act unify_act[9];
	int endres[WT_SEATS][WT_NRES];	/* stock right after the last cap (9.2) */
	char last[WT_LASTLEN];	/* what the last submission did */
};

/* wt_check.c: every index and count of a state in its range; 0, or -1 with
 * err (part of check()). */
int wt_check_bounds(const struct wt_state *s, char *err, size_t errlen);

/* wt_data.c: tables.md */
extern const int wt_prod_food[8], wt_prod_goods[8], wt_trade_ratio[8];
extern const int wt_trade_routes[8], wt_mil_ap[8], wt_mil_weapons[8];
extern const int wt_vp_target[5], wt_team_target[3], wt_unify_actions[5];
extern const char *const wt_kind_name[WT_NKIND];
extern const char *const wt_res_name[WT_NRES];
extern const char *const wt_track_name[WT_NTRACK];
extern const char *const wt_roman[8];
/* T7.1: victory points.  Held while the condition lasts: a province by its
 * type (capital, trade centre, other), each fort on the map, each title
 * (Builder, Trader, Warrior); for good: each VP bought, and kills. */
extern const int wt_vp_prov[3];
enum { WT_VP_FORT = 3, WT_VP_TITLE = 3, WT_GOLD_PER_VP = 10 };
/* VP for killing a piece of this kind (a barbarian's when barb is set):
 * a player's unit its strength, a princess 1, a barbarian unit 1, a fort
 * (anybody's) 3. */
int wt_kill_vp(int kind, int barb);
/* Food a piece of this kind eats at upkeep (T4). */
int wt_upkeep_food(int kind);
int wt_barb_str(int kind, int turn);
int wt_barb_tough(int kind, int turn);
int wt_piece_str(int kind);
int wt_piece_tough(int kind);

/* wt_state.c: queries and bookkeeping */
int wt_adjacent(int a, int b);
int wt_find_prov(const char *code);
int wt_find_seat(const struct wt_state *s, const char *word);
int wt_find_kind(const char *word);
int wt_find_res(const char *word);
int wt_find_track(const char *word);
int wt_count_units(const struct wt_state *s, int side, int prov, int kind);
int wt_side_present(const struct wt_state *s, int side, int prov);
int wt_has_barb(const struct wt_state *s, int prov);
int wt_any_piece(const struct wt_state *s, int prov);
int wt_friendly(const struct wt_state *s, int seat, int prov);
int wt_controls(const struct wt_state *s, int seat, int prov);
int wt_free(const struct wt_state *s, int prov);
int wt_at_war(const struct wt_state *s, int a, int b);
int wt_teammates(const struct wt_state *s, int a, int b);
int wt_supply(const struct wt_state *s, int seat, int kind);
int wt_forts_on_map(const struct wt_state *s, int seat);
int wt_vp(const struct wt_state *s, int seat);
int wt_title_holder(const struct wt_state *s, int track);
int wt_nprov_owned(const struct wt_state *s, int seat);
int wt_may_trade(const struct wt_state *s, int seat);
int wt_owns_type(const struct wt_state *s, int seat, int type);
int wt_alloc_unit(struct wt_state *s, int side);
void wt_kill_unit(struct wt_state *s, int u);
void wt_settle(struct wt_state *s, int seat);
void wt_drop_empty(struct wt_state *s, int except);
const char *wt_seat_code(const struct wt_state *s, int seat);
void wt_log(struct wt_state *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* wt_parse.c */
/* A positive count (1 to 999), or -1 when the word is not one. */
int wt_count_word(const char *w);
int wt_parse_act(const struct wt_state *s, char **w, int n, struct wt_act *a,
    char *err, size_t errlen);
int wt_parse_split(const struct wt_state *s, char **w, int n, int *prov,
    struct wt_split *sp, char *err, size_t errlen);
int wt_parse_bundle(char **w, int n, int *res, char *err, size_t errlen);
void wt_act_text(const struct wt_state *s, const struct wt_act *a,
    char *out, size_t len);
/* "damage LOR 2 inf, 1 arc" or "damage LOR auto". */
void wt_split_text(int prov, const struct wt_split *sp, char *out, size_t len);

/* wt_trade.c: the notation of a deal order, "deal BUR give 1 food, 2 goods
 * get 1 gold". */
void wt_deal_text(const struct wt_state *s, const struct wt_deal *d, char *out,
    size_t len);

/* wt_dev.c */
int wt_do_act(struct wt_state *s, int seat, const struct wt_act *a,
    int unify, char *err, size_t errlen);
int wt_special_ok(const struct wt_state *s, int seat);
int wt_can_unify(const struct wt_state *s, int seat);
int wt_unify_count(const struct wt_state *s, int seat);
int wt_do_unify(struct wt_state *s, int seat, const struct wt_act *acts,
    int n, char *err, size_t errlen);

/* wt_battle.c */
void wt_auto_split(int total, int n, const int *str, const int *tough,
    const int *kind, const int *exh, int *dmg);
int wt_outcome(int kind, int tough, int exh, int dmg);
void wt_fight(struct wt_state *s, int seat, struct wt_battle *b);
/* Whether a split fits the battle at prov as the pieces stand now (6.6,
 * 6.7, 6.12): by_def 0 for the mover's split on def's pieces, 1 for def's
 * split on the mover's units.  0, or -1 with the reason in why. */
int wt_judge_split(const struct wt_state *s, int mover, int prov, int def,
    int by_def, const struct wt_split *sp, char *why, size_t len);
/* The strength of def's pieces at prov (6.6). */
int wt_defence_strength(const struct wt_state *s, int def, int prov);

/* wt_flow.c: phases */
void wt_advance(struct wt_state *s);
void wt_begin_turn(struct wt_state *s);
void wt_upkeep(struct wt_state *s);
void wt_resolve_trade(struct wt_state *s);
int wt_man_seat(const struct wt_state *s);
int wt_dev_seat(const struct wt_state *s);
int wt_trade_awaited(const struct wt_state *s, int seat);
int wt_defender_waiting(const struct wt_state *s, int seat);
void wt_end_turn(struct wt_state *s);
int wt_do_special(struct wt_state *s, int seat, const struct wt_act *a,
    char *err, size_t errlen);
void wt_end_manoeuvre(struct wt_state *s);
void wt_slot_done(struct wt_state *s);

/* wt_man.c: the manoeuvre (see the file's comment) */
int wt_move(struct wt_state *s, int seat, int count, int kind,
    const int *path, int plen, char *err, size_t errlen);
int wt_after_battles(struct wt_state *s, int *failed, char *err, size_t errlen);
void wt_start_manoeuvre_battles(struct wt_state *s);
void wt_post_text(const struct wt_state *s, int k, char *out, size_t len);
int wt_pending_line(const struct wt_state *s, int seat, int k, char *out,
    size_t len);

/* wt_play.c */
enum game_status wt_play(void *st, int seat, const char *text,
    struct game_played *out, char *err, size_t errlen);
void wt_place_capital(struct wt_state *s, int seat);
void wt_make_order(struct wt_state *s);

/* wt_flow.c: whom the game waits for (13.8) */
void wt_waiting(const void *st, struct game_wait *w);

/* wt_rules.c: setup, the end, scores and check() */
int wt_setup(void *st, int nseats, const struct game_opt *opts, int nopts,
    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen);
int wt_over(const void *st);
void wt_score(const void *st, int viewer, struct game_score *out);
int wt_check(const void *st, char *err, size_t errlen);

/* wt_moves.c, wt_render.c */
void wt_moves(const void *st, int seat, struct sbuf *out);
void wt_render_text(const void *st, int viewer, const char *const *names,
    struct sbuf *out);
json_t *wt_render_json(const void *st, int viewer, const char *const *names);
int wt_is_command(const char *line);
void wt_render_board(const void *st, const char *const *names, struct sbuf *out);
void wt_public_text(const void *before, int seat, const char *text, struct sbuf *out);

/* wt_resample.c: the resample hook (game.h) */
int wt_resample(void *st, int owner, uint64_t salt);

#endif
