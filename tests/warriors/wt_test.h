/*
 * wt_test.h - helpers shared by the Warriors & Traders rule tests: start a
 * game with chosen countries and tracks, play submissions that must pass
 * or fail, walk to a phase, and place pieces directly on the map.
 */
#ifndef WT_TEST_H
#define WT_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../engine/warriors/wt.h"

extern const struct game_rules warriors_rules;

/* Play a submission that must be accepted. */
static inline void
ok(struct wt_state *s, int seat, const char *text)
{
	struct game_played pl;
	char err[512];

	if (warriors_rules.play(s, seat, text, &pl, err, sizeof(err)) != GAME_OK)
		fail_msg("'%s' from seat %d rejected: %s", text, seat, err);
}

/* Play a submission that must be refused with `want` status and text. */
static inline void
bad(struct wt_state *s, int seat, const char *text, enum game_status want,
    const char *part)
{
	struct game_played pl;
	struct wt_state *copy = malloc(sizeof(*copy));
	char err[512] = "";
	enum game_status st;

	assert_non_null(copy);
	memcpy(copy, s, sizeof(*copy));
	st = warriors_rules.play(copy, seat, text, &pl, err, sizeof(err));
	free(copy);
	if (st != want)
		fail_msg("'%s' from seat %d: status %d, want %d (%s)", text, seat, st,
		    want, err);
	if (part != NULL && strstr(err, part) == NULL)
		fail_msg("'%s': error '%s' does not mention '%s'", text, err, part);
}

/*
 * Play a submission that must be refused with `want` status and exactly the
 * one-line error `msg` (rules that state an error case).
 */
static inline void
bad_exact(struct wt_state *s, int seat, const char *text, enum game_status want,
    const char *msg)
{
	struct game_played pl;
	struct wt_state *copy = malloc(sizeof(*copy));
	char err[512] = "";
	enum game_status st;

	assert_non_null(copy);
	memcpy(copy, s, sizeof(*copy));
	st = warriors_rules.play(copy, seat, text, &pl, err, sizeof(err));
	free(copy);
	if (st != want)
		fail_msg("'%s' from seat %d: status %d, want %d (%s)", text, seat, st,
		    want, err);
	if (strcmp(err, msg) != 0)
		fail_msg("'%s': error\n  '%s'\nwanted\n  '%s'", text, err, msg);
	if (strchr(err, '\n') != NULL)
		fail_msg("'%s': error is not one line", text);
}

/* The text view of a state for a viewer (-1 public); free() the result. */
static inline char *
view_text(const struct wt_state *s, int viewer)
{
	static const char *const names[WT_SEATS] = { "Ann", "Bob", "Cid", "Dee",
		"Eve", "Fay" };
	struct sbuf b = SBUF_INIT;
	char *out;

	warriors_rules.render_text(s, viewer, names, &b);
	out = strdup(sb_str(&b));
	sb_free(&b);
	assert_non_null(out);
	return out;
}

/* Whether the public text view mentions `what`. */
static inline int
public_says(const struct wt_state *s, const char *what)
{
	char *t = view_text(s, -1);
	int r = strstr(t, what) != NULL;

	free(t);
	return r;
}

/* A new game; countries[i] and tracks[i] per seat; stops after setup. */
static inline struct wt_state *
game_new(int n, const char *const *countries, const char *const *tracks,
    const struct game_opt *extra, int nextra)
{
	struct game_opt opts[4] = { { "countries", "choose" } };
	uint8_t seed[GAME_SEED_LEN] = { 7 };
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256], line[64];
	int i;

	assert_non_null(s);
	for (i = 0; i < nextra && i < 3; i++)
		opts[i + 1] = extra[i];
	if (warriors_rules.setup(s, n, opts, 1 + nextra, seed, err, sizeof(err)) != 0)
		fail_msg("setup: %s", err);
	for (i = 0; i < n; i++) {
		snprintf(line, sizeof(line), "country %s", countries[i]);
		ok(s, i, line);
	}
	for (i = 0; i < n; i++) {
		snprintf(line, sizeof(line), "tracks %s", tracks[i]);
		ok(s, i, line);
	}
	return s;
}

/* France (seat 0) against Burgundy (seat 1), tracks as given. */
static inline struct wt_state *
fra_bur(const char *t0, const char *t1)
{
	const char *c[2] = { "FRA", "BUR" };
	const char *t[2] = { t0, t1 };

	return game_new(2, c, t, NULL, 0);
}

/* The lowest awaited seat, or -1. */
static inline int
awaited_seat(const struct wt_state *s)
{
	struct game_wait w;
	int i;

	warriors_rules.waiting(s, &w);
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i))
			return i;
	return -1;
}

/* Answer "pass" (or "done") until the game reaches `phase`. */
static inline void
pass_until(struct wt_state *s, int phase)
{
	int guard = 0, seat;

	while (s->phase != phase && s->phase != PH_OVER && guard++ < 200) {
		seat = awaited_seat(s);
		assert_true(seat >= 0);
		ok(s, seat, s->phase == PH_MAN ? "done" : "pass");
	}
	assert_int_equal(s->phase, phase);
}

/* Answer "pass" (or "done") until the turn ends (or the game does). */
static inline void
next_turn(struct wt_state *s)
{
	int guard = 0, seat, t = s->turn;

	while (s->turn == t && s->phase != PH_OVER && guard++ < 200) {
		seat = awaited_seat(s);
		assert_true(seat >= 0);
		ok(s, seat, s->phase == PH_MAN ? "done" : "pass");
	}
	assert_true(s->turn == t + 1 || s->phase == PH_OVER);
}

/* Remove every barbarian piece from a province. */
static inline void
clear_barb(struct wt_state *s, int p)
{
	int i;

	s->prov[p].barb_fort = 0;
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side == WT_BARB && s->u[i].prov == p)
			wt_kill_unit(s, i);
}

/* Put a unit of a side in a province (clearing barbarians for a seat). */
static inline int
put(struct wt_state *s, int side, int kind, const char *code)
{
	int p = wt_find_prov(code), slot;

	assert_true(p >= 0);
	if (side != WT_BARB) {
		clear_barb(s, p);
		s->prov[p].owner = side;
	}
	slot = wt_alloc_unit(s, side);
	assert_true(slot >= 0);
	s->u[slot].side = side;
	s->u[slot].kind = kind;
	s->u[slot].prov = p;
	s->u[slot].ap = side == WT_BARB ? 0 : wt_mil_ap[s->p[side].track[WT_MIL]];
	s->u[slot].exhausted = 0;
	s->u[slot].moved = 0;
	s->u[slot].from = s->u[slot].target = -1;
	return slot;
}

/* Province index of a code. */
static inline int
P(const char *code)
{
	int p = wt_find_prov(code);

	assert_true(p >= 0);
	return p;
}

/* Assert the engine's invariants hold. */
static inline void
checked(const struct wt_state *s)
{
	char err[256];

	if (warriors_rules.check(s, err, sizeof(err)) != 0)
		fail_msg("check: %s", err);
}

/* Put a fort (and princesses) of a seat in a province it then holds. */
static inline void
put_fort(struct wt_state *s, int seat, const char *code, int forts, int pri)
{
	int p = wt_find_prov(code);

	assert_true(p >= 0);
	clear_barb(s, p);
	s->prov[p].forts = forts;
	s->prov[p].pri = pri;
	s->prov[p].pieceowner = forts + pri > 0 ? seat : -1;
	s->prov[p].owner = seat;
}

/* Put two seats at war since the current turn. */
static inline void
at_war(struct wt_state *s, int a, int b)
{
	s->war[a][b].on = s->war[b][a].on = 1;
	s->war[a][b].since = s->war[b][a].since = s->turn;
}

/*
 * France (seat 0) and Burgundy (seat 1) in the trade round of turn 1, each
 * holding a trade centre (CHA, CHN) and 10 food.
 */
static inline struct wt_state *
trade_game(const char *t0, const char *t1)
{
	struct wt_state *s = fra_bur(t0, t1);

	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "CHN");
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 10;
	pass_until(s, PH_TRADE);
	return s;
}

/* The text of the last submission contains `what`. */
static inline int
last_says(const struct wt_state *s, const char *what)
{
	return strstr(s->last, what) != NULL;
}

#endif
