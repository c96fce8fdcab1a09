/*
 * tgtest.h - helpers for the Tigris & Euphrates unit tests: build a
 * position directly, submit text as a seat, read the state back.
 * Included by each tests/tigris/test_*.c after cmocka.h.
 */
#ifndef TGTEST_H
#define TGTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/rng.h"
#include "../../engine/tigris/tigris.h"

/* The square number of a name such as "F7". */
static inline int
tt_sq(const char *name)
{
	int sq = tg_parse_square(name);

	assert_true(sq >= 0);
	return sq;
}

/* A fresh game with options, the board emptied, seat 0 to play. */
static inline struct tigris *
tt_new(int nseats, const struct game_opt *opts, int nopts, int clear)
{
	struct tigris *st = calloc(1, sizeof(*st));
	uint8_t seed[GAME_SEED_LEN] = { 7, 1, 2, 3 };
	char err[256];

	assert_non_null(st);
	assert_int_equal(tigris_rules.setup(st, nseats, opts, nopts, seed, err,
	    sizeof(err)), 0);
	st->active = 0;
	if (clear) {
		/* keep three treasures far away so that turns can end */
		tg_clear_board(st);
		tg_put_tile(st, tt_sq("A1"), TG_RED);
		tg_put_tile(st, tt_sq("P11"), TG_RED);
		tg_put_tile(st, tt_sq("A11"), TG_RED);
		tg_put_treasure(st, tt_sq("A1"));
		tg_put_treasure(st, tt_sq("P11"));
		tg_put_treasure(st, tt_sq("A11"));
	}
	return st;
}

/* Give a seat a hand of r, b, g, k tiles (six in all for a turn's start). */
static inline void
tt_hand(struct tigris *st, int seat, int r, int b, int g, int k)
{
	int counts[TG_NCOL] = { r, b, g, k };

	tg_set_hand(st, seat, counts);
}

/* Put tiles of one colour on a list of squares separated by spaces. */
static inline void
tt_tiles(struct tigris *st, int colour, const char *squares)
{
	char buf[256], *p, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", squares);
	for (p = strtok_r(buf, " ", &save); p != NULL; p = strtok_r(NULL, " ", &save))
		tg_put_tile(st, tt_sq(p), colour);
}

/* Put a leader on a square. */
static inline void
tt_leader(struct tigris *st, int seat, int colour, const char *square)
{
	tg_put_leader(st, seat, colour, tt_sq(square));
}

/* Submit text as a seat; returns the status, err holds the message. */
static inline enum game_status
tt_play(struct tigris *st, int seat, const char *text, char *err, size_t errlen)
{
	struct game_played pl;

	err[0] = '\0';
	return tigris_rules.play(st, seat, text, &pl, err, errlen);
}

/* Submit text that must be accepted; the engine's invariants must hold after. */
static inline void
tt_ok(struct tigris *st, int seat, const char *text)
{
	char err[256];
	enum game_status rc = tt_play(st, seat, text, err, sizeof(err));

	if (rc != GAME_OK)
		fprintf(stderr, "rejected '%s': %s\n", text, err);
	assert_int_equal(rc, GAME_OK);
	if (tigris_rules.check(st, err, sizeof(err)) != 0)
		fprintf(stderr, "check after '%s': %s\n", text, err);
	assert_int_equal(tigris_rules.check(st, err, sizeof(err)), 0);
}

/* Submit text that must be rejected with an error containing want. */
static inline void
tt_reject(struct tigris *st, int seat, const char *text, enum game_status want_rc,
    const char *want)
{
	struct tigris *copy = malloc(sizeof(*copy));
	char err[256];

	assert_non_null(copy);
	memcpy(copy, st, sizeof(*copy));
	assert_int_equal(tt_play(copy, seat, text, err, sizeof(err)), want_rc);
	if (strstr(err, want) == NULL)
		fprintf(stderr, "error '%s' lacks '%s'\n", err, want);
	assert_non_null(strstr(err, want));
	free(copy);
}

/* Whether the game waits for exactly this seat. */
static inline unsigned
tt_waiting(const struct tigris *st)
{
	struct game_wait w;

	tigris_rules.waiting(st, &w);
	return w.mask;
}

/* Total tiles in a seat's hand. */
static inline int
tt_hand_total(const struct tigris *st, int seat)
{
	return tg_hand_size(st, seat);
}

/* Whether moves() for a seat lists this exact line. */
static inline int
tt_listed(const struct tigris *st, int seat, const char *line)
{
	struct sbuf sb = SBUF_INIT;
	const char *p;
	size_t n = strlen(line);
	int found = 0;

	tigris_rules.moves(st, seat, &sb);
	for (p = sb_str(&sb); *p != '\0' && !found;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);

		found = len == n && strncmp(p, line, n) == 0;
		p += len + (nl != NULL);
	}
	sb_free(&sb);
	return found;
}

/* The seat the game waits for (the lowest when several), -1 when none. */
static inline int
tt_awaited(const struct tigris *st)
{
	unsigned mask = tt_waiting(st);
	int s;

	for (s = 0; s < TG_MAXSEATS; s++)
		if (mask & (1u << s))
			return s;
	return -1;
}

/* Play a random line of moves() for the awaited seat (the game must wait). */
static inline void
tt_random_move(struct tigris *st, struct rng *pick)
{
	struct sbuf sb = SBUF_INIT;
	int seat = tt_awaited(st), count = 0, k;
	char *line, *nl;

	assert_true(seat >= 0);
	tigris_rules.moves(st, seat, &sb);
	for (line = sb.s; line != NULL && (nl = strchr(line, '\n')) != NULL; line = nl + 1)
		count++;
	assert_true(count > 0);
	k = (int)rng_below(pick, (uint32_t)count);
	for (line = sb.s; k > 0; k--)
		line = strchr(line, '\n') + 1;
	*strchr(line, '\n') = '\0';
	tt_ok(st, seat, line);
	sb_free(&sb);
}

/*
 * A random position: a game of nseats with options from the bits of
 * variant (board, buildings, support, scoring), played for up to steps
 * random listed moves from a seed.  The caller frees it.
 */
static inline struct tigris *
tt_random_position(int nseats, int variant, uint8_t seed0, uint8_t seed1, int steps,
    struct rng *pick)
{
	static const char *const v[4][2] = {
		{ "standard", "alternative" }, { "off", "on" }, { "free", "english" },
		{ "hidden", "open" },
	};
	static const char *const keys[4] = { "board", "buildings", "support", "scoring" };
	struct tigris *st = calloc(1, sizeof(*st));
	struct game_opt opts[4];
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[256];
	int i;

	assert_non_null(st);
	for (i = 0; i < 4; i++) {
		opts[i].key = keys[i];
		opts[i].value = v[i][(variant >> i) & 1];
	}
	seed[0] = seed0;
	seed[1] = seed1;
	assert_int_equal(tigris_rules.setup(st, nseats, opts, 4, seed, err, sizeof(err)), 0);
	for (i = 0; i < steps && !tigris_rules.over(st); i++)
		tt_random_move(st, pick);
	return st;
}

/*
 * Call fn on count random positions: games of 2 to 4 seats with every mix
 * of options, played by random listed moves, sampled every few commands
 * (each phase in the proportion play reaches it), game end included.
 */
static inline void
tt_each_position(int count, uint8_t seed0, void (*fn)(const struct tigris *st, void *arg),
    void *arg)
{
	struct rng pick;
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	int done = 0, g;

	seed[0] = seed0;
	rng_seed(&pick, seed);
	for (g = 0; done < count; g++) {
		struct tigris *st = tt_random_position(2 + g % 3, g % 16, seed0,
		    (uint8_t)(g + 100), 0, &pick);

		for (;;) {
			if (rng_below(&pick, 4) == 0 || tigris_rules.over(st)) {
				fn(st, arg);
				if (++done == count)
					break;
			}
			if (tigris_rules.over(st))
				break;
			tt_random_move(st, &pick);
		}
		free(st);
	}
}

#endif
