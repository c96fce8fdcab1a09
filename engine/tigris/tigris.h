/*
 * tigris.h - internal interface of the Tigris & Euphrates engine.
 *
 * The whole game is one fixed-size struct without pointers (struct tigris);
 * snapshots are its bytes.  This header is shared by the engine's files and
 * by the tests, which build positions directly with the helpers below.
 *
 * Squares are numbered row * 16 + column, A1 = 0, P11 = 175.  Seats and
 * colours are small integers; a hand is a count per colour because tiles of
 * one colour are interchangeable.
 */
#ifndef ARBITER_TIGRIS_H
#define ARBITER_TIGRIS_H

#include <stddef.h>
#include <stdint.h>

#include "../game.h"
#include "../rng.h"

enum {
	TG_ROWS = 11,
	TG_COLS = 16,
	TG_CELLS = TG_ROWS * TG_COLS,
	TG_NCOL = 4,		/* red, blue, green, black */
	TG_MAXSEATS = 4,
	TG_HAND = 6,
	TG_NMON = 6,
	TG_CATAS = 2,
	TG_TILES = 153,
	TG_LASTLEN = 1536,
	TG_MAXTREASURES = 16,	/* check(): more than any board holds */
	TG_VERSION = 2,		/* 2: seats may resign (struct tigris.resigned) */
};

enum tg_colour { TG_RED, TG_BLUE, TG_GREEN, TG_BLACK };

/* What the game waits for. */
enum tg_phase {
	TG_PH_ACTION,		/* the active player's next action */
	TG_PH_SUPPORT,		/* attacker or defender commits support */
	TG_PH_CONFLICT,		/* active player picks the next war colour */
	TG_PH_MONUMENT,		/* active player may build a monument */
	TG_PH_BUILDING,		/* active player may build a civilization building */
	TG_PH_TREASURE,		/* a trader's owner picks treasures */
	TG_PH_OVER,
};

/* Where the current action stands once its main effect is applied. */
enum tg_step {
	TG_ST_NONE,
	TG_ST_WARS,
	TG_ST_MONUMENT,
	TG_ST_BUILDING,
	TG_ST_TREASURE,
	TG_ST_END,
};

enum tg_conflict_kind { TG_CF_NONE, TG_CF_REVOLT, TG_CF_WAR };

enum tg_end { TG_END_NONE, TG_END_TREASURES, TG_END_BAG, TG_END_RESIGN };

/* One square.  Leaders are 1 + seat * 4 + colour, 0 for none. */
struct tg_cell {
	uint8_t tile;		/* 0 none, else colour + 1 */
	uint8_t monument;	/* tile flipped under monument m: m + 1 */
	uint8_t leader;
	uint8_t catastrophe;
	uint8_t treasure;
	uint8_t building;	/* building of colour c on this tile: c + 1 */
};

struct tg_seat {
	uint8_t hand[TG_NCOL];
	uint8_t catastrophes;	/* left to play */
	uint8_t treasures;
	int16_t points[TG_NCOL];
	int16_t leader[TG_NCOL];	/* square, or -1 in the supply */
};

/* The conflict being resolved (one at a time). */
struct tg_conflict {
	uint8_t kind;		/* enum tg_conflict_kind */
	uint8_t colour;
	uint8_t stage;		/* 0: attacker to commit, 1: defender */
	int8_t att, def;	/* seats */
	uint8_t att_base, def_base, att_add;
	int16_t att_pos, def_pos;	/* the two leaders' squares */
};

struct tigris {
	uint32_t version;
	uint8_t nseats;
	uint8_t board;		/* 0 standard, 1 alternative */
	uint8_t buildings;	/* civilization buildings variant */
	uint8_t english;	/* English support variant */
	uint8_t open;		/* open scoring */
	uint8_t active;
	uint8_t actions;	/* actions used this turn */
	uint8_t phase;		/* enum tg_phase */
	uint8_t step;		/* enum tg_step */
	uint8_t end;		/* enum tg_end */
	uint8_t treasure_seat;	/* who must pick treasures */
	uint8_t resigned;	/* bit s set: seat s has resigned */
	int16_t unify;		/* square of the unification tile, -1 */
	int16_t placed;		/* square of the tile this action placed, -1 */
	int16_t treasure_sq;	/* a square of the kingdom whose treasures are picked */
	int16_t pad1;
	int16_t mon_pos[TG_NMON];	/* top-left square, or -1 while unbuilt */
	int16_t bld_pos[TG_NCOL];	/* square, or -1 in the supply */
	uint8_t bag[TG_NCOL];
	uint8_t out[TG_NCOL];	/* discarded, removed, spent in conflicts */
	int16_t awarded[TG_NCOL];	/* points handed out in total */
	uint8_t treasures_total;
	uint8_t pad2[3];
	uint32_t turn;		/* turns begun, from 1 */
	struct tg_conflict cf;
	struct tg_seat seat[TG_MAXSEATS];
	struct tg_cell cell[TG_CELLS];
	struct rng rng;
	char last[TG_LASTLEN];	/* what the last submission did, publicly */
};

extern const struct game_rules tigris_rules;

/* Monument colour pairs, indexed by monument number. */
extern const uint8_t tg_mon_colours[TG_NMON][2];

/* board.c: static board data and geometry. */
int tg_river(const struct tigris *st, int sq);
int tg_corner(const struct tigris *st, int sq);
int tg_start_temple(int board, int sq);
int tg_neighbours(int sq, int out[4]);
void tg_square_name(int sq, char buf[4]);
int tg_parse_square(const char *w);
void tg_echo_square(const char *w, char *buf, size_t len);
int tg_parse_colour(const char *w);
const char *tg_colour_name(int c);
const char *tg_leader_name(int c);
const char *tg_tile_name(int c);
char tg_colour_letter(int c);

/* Regions: label every occupied square (tile or leader), -1 elsewhere,
 * and count the leaders of each region. */
struct tg_regions {
	int16_t label[TG_CELLS];
	uint8_t leaders[TG_CELLS];	/* per region: leaders in it */
	int n;
};
void tg_label(const struct tigris *st, int blocked, struct tg_regions *rg);
int tg_occupied(const struct tigris *st, int sq);
int tg_face_up(const struct tigris *st, int sq, int colour);
int tg_adjacent_temples(const struct tigris *st, int sq);
int tg_kingdom_leader(const struct tigris *st, const struct tg_regions *rg,
    int region, int colour);

/* state.c, parse.c and rules.c (see rules.h for how they depend on each other). */
int tg_setup_state(struct tigris *st, int nseats, int board, int buildings,
    int english, int open, const uint8_t seed[GAME_SEED_LEN]);
enum game_status tg_command(struct tigris *st, int seat, char *cmd,
    int *drew, char *err, size_t errlen);
void tg_last(struct tigris *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int tg_awaited(const struct tigris *st, int seat);
int tg_awaited_seat(const struct tigris *st);
void tg_wait_reason(const struct tigris *st, int seat, int you, char *buf,
    size_t len);
int tg_resigned(const struct tigris *st, int seat);
int tg_seats_left(const struct tigris *st);
void tg_moves(const struct tigris *st, int seat, struct sbuf *out);
void tg_final(const struct tigris *st, int seat, int sorted[TG_NCOL]);
void tg_ranks(const struct tigris *st, int rank[TG_MAXSEATS]);

/* check.c */
int tg_check(const struct tigris *st, char *err, size_t errlen);

/* Helpers of state.c, conflict.c and rules.c shared with moves.c and the tests. */
extern const int tg_tile_totals[TG_NCOL];
int tg_leader_seat(int code);
int tg_hand_size(const struct tigris *st, int seat);
int tg_bag_size(const struct tigris *st);
int tg_treasures_left(const struct tigris *st);
int tg_adjacent_kingdoms(const struct tg_regions *rg, int sq, int out[4]);
int tg_war_colours(const struct tigris *st);
int tg_support_colour(const struct tigris *st);
int tg_support_allowed(const struct tigris *st, int n, char *err, size_t errlen);
int tg_monument_squares(const struct tigris *st, int out[4]);
int tg_monument_fits(const struct tigris *st, int m, int colour);
int tg_building_square_ok(const struct tigris *st, int sq);
int tg_treasure_kingdom(const struct tigris *st, int trs[], int *ntr, int *ncorner);
int tg_catastrophe_ok(const struct tigris *st, int sq, char *err, size_t errlen);
int tg_square_free(const struct tigris *st, const char *what, int sq, char *err,
    size_t errlen);

/* hooks.c: public_text, timeout_move and resample of struct game_rules. */
void tg_public_text(const void *before, int seat, const char *text,
    struct sbuf *out);
int tg_timeout_move(const void *st, int seat, struct sbuf *out);
int tg_resample(void *st, int owner, uint64_t salt);
int tg_is_command(const char *line);
extern const char *const tg_verbs[];
int tg_notation_word(const char *word);
void tg_render_board(const void *st, const char *const *names, struct sbuf *out);

/* render.c */
void tg_render_text(const void *st, int viewer, const char *const *names,
    struct sbuf *out);
json_t *tg_render_json(const void *st, int viewer, const char *const *names);

/* Test helpers: build positions directly, keeping every tile accounted for. */
void tg_clear_board(struct tigris *st);
void tg_put_tile(struct tigris *st, int sq, int colour);
void tg_put_treasure(struct tigris *st, int sq);
void tg_put_leader(struct tigris *st, int seat, int colour, int sq);
void tg_set_hand(struct tigris *st, int seat, const int counts[TG_NCOL]);

#endif
