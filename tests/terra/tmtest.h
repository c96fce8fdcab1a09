/*
 * tmtest.h - helpers for the Terra Mystica unit tests: start a game with
 * chosen factions, initial dwellings and bonus tiles, then play commands
 * and check that they are accepted or rejected.  Included by test files
 * only; every function is static.
 */
#ifndef TERRA_TMTEST_H
#define TERRA_TMTEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../engine/game.h"
#include "../../engine/terra/terra.h"

extern const struct game_rules terra_rules;

/* The fixed round tiles used by the tests unless a test sets its own. */
#define TG_SCORE "SCORE3,SCORE6,SCORE1,SCORE8,SCORE5,SCORE7"

/*
 * A fresh game of two seats, nothing chosen yet, with the given options
 * (key=value or key) besides maintain-player-order.
 */
static __attribute__((unused)) struct tm_state *
tg_bare(const char *const *opts, int nopts)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_opt o[8];
	uint8_t seed[GAME_SEED_LEN] = { 5 };
	char err[256], key[8][48];
	int i;

	assert_non_null(s);
	o[0].key = "maintain-player-order";
	o[0].value = "";
	for (i = 0; i < nopts; i++) {
		const char *eq = strchr(opts[i], '=');

		snprintf(key[i], sizeof(key[i]), "%.*s", eq != NULL ?
		    (int)(eq - opts[i]) : (int)strlen(opts[i]), opts[i]);
		o[i + 1].key = key[i];
		o[i + 1].value = eq != NULL ? eq + 1 : "";
	}
	if (terra_rules.setup(s, 2, o, nopts + 1, seed, err, sizeof(err)) != 0)
		fail_msg("setup: %s", err);
	return s;
}

/*
 * New game: n seats, options (NULL-terminated key list, "score=..." style
 * entries allowed), factions per seat, initial dwellings in placement
 * order, and initial bonus tiles for seats n-1 .. 0.  The player order is
 * the seat order (maintain-player-order).
 */
static __attribute__((unused)) struct tm_state *
tg_new(int n, const char *const *opts, const char *const *factions,
    const char *const *dwell, const int *bonus)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_opt o[20];
	struct game_played pl;
	uint8_t seed[GAME_SEED_LEN] = { 7 };
	char err[256], cmd[64], key[64][16];
	int no = 0, i, seat;

	assert_non_null(s);
	for (i = 0; opts != NULL && opts[i] != NULL && no < 15; i++) {
		const char *eq = strchr(opts[i], '=');

		if (eq != NULL) {
			snprintf(key[no], sizeof(key[no]), "%.*s", (int)(eq - opts[i]),
			    opts[i]);
			o[no].key = key[no];
			o[no].value = eq + 1;
		} else {
			o[no].key = opts[i];
			o[no].value = "";
		}
		no++;
	}
	o[no].key = "score";
	o[no].value = TG_SCORE;
	for (i = 0; i < no; i++)
		if (strcmp(o[i].key, "score") == 0)
			break;
	if (i == no)
		no++;
	/* a fixed bonus pool: BON1-5, and BON7 from three players on */
	o[no].key = "delete";
	o[no].value = n == 2 ? "BON6,BON7,BON8,BON9" : n == 3 ? "BON6,BON8,BON9" :
	    n == 4 ? "BON8,BON9" : "BON9";
	for (i = 0; i < no; i++)
		if (strcmp(o[i].key, "delete") == 0 || strcmp(o[i].key,
		    "shipping-bonus") == 0)
			break;
	if (i == no)
		no++;
	/* seats choose, place and start in seat order */
	o[no].key = "maintain-player-order";
	o[no].value = "";
	no++;
	if (terra_rules.setup(s, n, o, no, seed, err, sizeof(err)) != 0)
		fail_msg("setup: %s", err);
	for (i = 0; i < n; i++) {
		snprintf(cmd, sizeof(cmd), "setup %s", factions[i]);
		if (terra_rules.play(s, i, cmd, &pl, err, sizeof(err)) != GAME_OK)
			fail_msg("%s: %s", cmd, err);
	}
	for (i = 0; dwell[i] != NULL; i++) {
		seat = s->cur;
		snprintf(cmd, sizeof(cmd), "build %s", dwell[i]);
		if (terra_rules.play(s, seat, cmd, &pl, err, sizeof(err)) != GAME_OK)
			fail_msg("seat %d %s: %s", seat, cmd, err);
	}
	for (i = 0; i < n; i++) {
		seat = s->cur;
		snprintf(cmd, sizeof(cmd), "pass BON%d", bonus[i]);
		if (terra_rules.play(s, seat, cmd, &pl, err, sizeof(err)) != GAME_OK)
			fail_msg("seat %d %s: %s", seat, cmd, err);
	}
	assert_int_equal(s->phase, TP_ACTIONS);
	return s;
}

/* Play a submission that must be accepted. */
static void
tg_ok(struct tm_state *s, int seat, const char *text)
{
	struct game_played pl;
	char err[512];

	if (terra_rules.play(s, seat, text, &pl, err, sizeof(err)) != GAME_OK)
		fail_msg("'%s' by seat %d rejected: %s", text, seat, err);
	if (terra_rules.check(s, err, sizeof(err)) != 0)
		fail_msg("after '%s': %s", text, err);
}

/* Play a submission that must be accepted, on a copy: s stays as it is. */
static void __attribute__((unused))
tg_ok_copy(const struct tm_state *s, int seat, const char *text)
{
	struct tm_state *copy = malloc(sizeof(*copy));

	assert_non_null(copy);
	memcpy(copy, s, sizeof(*s));
	tg_ok(copy, seat, text);
	free(copy);
}

/* Play a submission that must be rejected with a message containing why. */
static void
tg_bad(struct tm_state *s, int seat, const char *text, const char *why)
{
	struct tm_state *copy = malloc(sizeof(*copy));
	struct game_played pl;
	char err[512] = "";

	assert_non_null(copy);
	memcpy(copy, s, sizeof(*s));
	if (terra_rules.play(copy, seat, text, &pl, err, sizeof(err)) == GAME_OK)
		fail_msg("'%s' by seat %d was accepted", text, seat);
	if (strstr(err, why) == NULL)
		fail_msg("'%s': message '%s' lacks '%s'", text, err, why);
	free(copy);
}

/* The base map's cells, for tests that name cells outside a game. */
static const struct tm_state *
tg_base(void)
{
	static struct tm_state base;

	if (base.cells[0].name[0] == '\0')
		tm_map_base(base.cells);
	return &base;
}

/* Cell index by name on the base map, failing the test when unknown. */
static int
tg_cell(const char *name)
{
	int c = tm_cell_find(tg_base(), name);

	assert_true(c >= 0);
	return c;
}

/* Give the turn to seat with a fresh action (test set-up shortcut). */
static void __attribute__((unused))
tg_turn(struct tm_state *s, int seat)
{
	s->cur = seat;
	s->act = TA_NONE;
	s->act_left = 0;
	s->tf_cell = -1;
	s->bridged = 0;
}

/* Put a building on a cell for a seat, keeping the counts consistent. */
static void __attribute__((unused))
tg_put(struct tm_state *s, int seat, const char *cell, int b)
{
	int c = tg_cell(cell);

	if (s->bld[c] != TB_NONE)
		s->pl[(int)s->owner[c]].nb[(int)s->bld[c]]--;
	s->bld[c] = (int8_t)b;
	s->owner[c] = (int8_t)(b == TB_NONE ? -1 : seat);
	if (b != TB_NONE) {
		s->pl[seat].nb[b]++;
		s->terrain[c] = (int8_t)tm_home(s, seat);
	}
}

/* An empty land neighbour of a cell. */
static int __attribute__((unused))
tg_free_neighbour(const struct tm_state *s, int c)
{
	int i;

	for (i = 0; i < s->cells[c].nadj; i++) {
		int n = s->cells[c].adj[i];

		if (s->cells[n].color != TC_RIVER && s->bld[n] == TB_NONE)
			return n;
	}
	fail_msg("no free neighbour");
	return -1;
}

#endif
