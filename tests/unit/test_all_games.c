/*
 * test_all_games.c - properties every game's views must have, checked in
 * positions from self-play of every game built in:
 *
 *  - JSON numbers seats as the command line does, from 1: the seats of
 *    "waiting" are exactly the awaited seats plus one;
 *  - render_board gives exactly the leading part of the public text
 *    report (what a forum post puts in its code box), and not all of it;
 *  - every awaited seat has a timeout_move (what the deadline policy
 *    "pass" plays for it), the engine accepts it, and it decides what the
 *    seat owed: the seat is then no longer awaited, or awaited for
 *    something else, or the game moved on.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"
#include "../selfplay.h"

static const struct game_rules *R;
static long CHECKED;
static char BAD[300];

static int
seats_hook(const void *st, char *err, size_t errlen)
{
	static const char *const names[GAME_MAX_SEATS] = { "a", "b", "c", "d", "e",
		"f", "g", "h" };
	struct game_wait w;
	unsigned got = 0;
	json_t *j, *wait, *e;
	size_t i;

	(void)err;
	(void)errlen;
	if (R->over(st) || BAD[0] != '\0')
		return 0;
	memset(&w, 0, sizeof(w));
	R->waiting(st, &w);
	j = R->render_json(st, -1, names);
	wait = json_object_get(j, "waiting");
	json_array_foreach(wait, i, e) {
		json_int_t seat = json_integer_value(json_object_get(e, "seat"));

		if (seat < 1 || seat > GAME_MAX_SEATS)
			snprintf(BAD, sizeof(BAD), "waiting seat %lld", (long long)seat);
		else
			got |= 1u << (seat - 1);
	}
	if (BAD[0] == '\0' && got != w.mask)
		snprintf(BAD, sizeof(BAD), "waiting seats %#x in JSON, %#x awaited", got, w.mask);
	json_decref(j);
	CHECKED++;
	return 0;
}

static int
board_hook(const void *st, char *err, size_t errlen)
{
	static const char *const names[GAME_MAX_SEATS] = { "a", "b", "c", "d", "e",
		"f", "g", "h" };
	struct sbuf text = SBUF_INIT, board = SBUF_INIT;

	(void)err;
	(void)errlen;
	if (BAD[0] != '\0' || CHECKED++ % 5 != 0)
		return 0;
	R->render_text(st, -1, names, &text);
	R->render_board(st, names, &board);
	if (board.len == 0 || board.len >= text.len ||
	    memcmp(sb_str(&text), sb_str(&board), board.len) != 0)
		snprintf(BAD, sizeof(BAD), "the board (%zu bytes) is not the start of the "
		    "report (%zu bytes)", board.len, text.len);
	sb_free(&text);
	sb_free(&board);
	return 0;
}

static int
timeout_hook(const void *st, char *err, size_t errlen)
{
	struct game_wait w, after;
	struct game_played pl;
	struct sbuf text = SBUF_INIT;
	char why[GAME_WHY_LEN];
	void *copy;
	int i;

	(void)err;
	(void)errlen;
	if (R->over(st) || BAD[0] != '\0')
		return 0;
	memset(&w, 0, sizeof(w));
	R->waiting(st, &w);
	copy = malloc(R->state_size);
	assert_non_null(copy);
	for (i = 0; i < GAME_MAX_SEATS && BAD[0] == '\0'; i++) {
		if (!(w.mask & (1u << i)))
			continue;
		sb_reset(&text);
		if (R->timeout_move(st, i, &text) != 0 || text.len == 0) {
			snprintf(BAD, sizeof(BAD), "seat %d (%s): no timeout move", i, w.why[i]);
			break;
		}
		memcpy(copy, st, R->state_size);
		memset(&pl, 0, sizeof(pl));
		if (R->play(copy, i, sb_str(&text), &pl, why, sizeof(why)) != GAME_OK) {
			snprintf(BAD, sizeof(BAD), "seat %d (%s): timeout move '%.60s' refused: %.80s",
			    i, w.why[i], sb_str(&text), why);
			break;
		}
		memset(&after, 0, sizeof(after));
		if (!R->over(copy))
			R->waiting(copy, &after);
		if ((after.mask & (1u << i)) && strcmp(after.why[i], w.why[i]) == 0 &&
		    memcmp(copy, st, R->state_size) == 0)
			snprintf(BAD, sizeof(BAD), "seat %d (%s): timeout move '%.60s' decided "
			    "nothing", i, w.why[i], sb_str(&text));
		CHECKED++;
	}
	/* A seat not awaited has none. */
	for (i = 0; i < GAME_MAX_SEATS && BAD[0] == '\0'; i++) {
		sb_reset(&text);
		if (!(w.mask & (1u << i)) && R->timeout_move(st, i, &text) == 0)
			snprintf(BAD, sizeof(BAD), "seat %d is not awaited and has a timeout move", i);
	}
	sb_free(&text);
	free(copy);
	return 0;
}

/* Play a game of each kind through hook; fail with what it found. */
static long MAX_COMMANDS = 300;

static void
each_game(selfplay_hook hook, uint64_t seed)
{
	const struct game_rules *const *g;

	for (g = game_all(); *g != NULL; g++) {
		struct selfplay_result res;
		char err[512];

		R = *g;
		CHECKED = 0;
		BAD[0] = '\0';
		if (selfplay_game(R, R->min_seats + 1, NULL, 0, seed, MAX_COMMANDS, 0, hook, &res, err,
		    sizeof(err)) != 0)
			fail_msg("%s: self-play failed: %s", R->name, err);
		if (BAD[0] != '\0')
			fail_msg("%s: %s", R->name, BAD);
		assert_true(CHECKED > 20);
	}
}

static void
test_json_seats_from_one(void **state)
{
	(void)state;
	each_game(seats_hook, 99);
}

static void
test_board_leads_the_report(void **state)
{
	const struct game_rules *const *g;

	(void)state;
	for (g = game_all(); *g != NULL; g++)
		assert_non_null((*g)->render_board);
	each_game(board_hook, 7);
}

/*
 * Self-play lists resign among the legal moves and its games end early;
 * this one never resigns, so the check sees every phase to the end:
 * random legal moves (a tiny generator of its own) from a random awaited
 * seat, the hook on every position.
 */
static void
long_game(selfplay_hook hook, int nseats, uint64_t seed)
{
	uint8_t gseed[GAME_SEED_LEN];
	struct sbuf list = SBUF_INIT;
	char err[256], line[512];
	void *st = calloc(1, R->state_size);
	long steps;
	int i;

	assert_non_null(st);
	for (i = 0; i < GAME_SEED_LEN; i++)
		gseed[i] = (uint8_t)(seed * 131 + (uint64_t)i * 7);
	assert_int_equal(R->setup(st, nseats, NULL, 0, gseed, err, sizeof(err)), 0);
	for (steps = 0; steps < 5000 && !R->over(st) && BAD[0] == '\0'; steps++) {
		struct game_wait w;
		struct game_played pl;
		const char *p, *pick = NULL;
		size_t n, npick = 0;
		int seat, count = 0, k;

		(void)hook(st, err, sizeof(err));
		memset(&w, 0, sizeof(w));
		R->waiting(st, &w);
		assert_true(w.mask != 0);
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		do
			seat = (int)((seed >> 33) % (uint64_t)nseats), seed += 0x9e37;
		while (!(w.mask & (1u << seat)));
		sb_reset(&list);
		R->moves(st, seat, &list);
		for (p = sb_str(&list); *p != '\0'; p += n + (p[n] == '\n')) {
			n = strcspn(p, "\n");
			count += n > 0 && strncmp(p, "resign", 6) != 0;
		}
		assert_true(count > 0);
		k = (int)((seed >> 17) % (uint64_t)count);
		for (p = sb_str(&list); *p != '\0'; p += n + (p[n] == '\n')) {
			n = strcspn(p, "\n");
			if (n > 0 && strncmp(p, "resign", 6) != 0 && k-- == 0) {
				pick = p;
				npick = n;
				break;
			}
		}
		assert_non_null(pick);
		assert_true(npick < sizeof(line));
		memcpy(line, pick, npick);
		line[npick] = '\0';
		memset(&pl, 0, sizeof(pl));
		if (R->play(st, seat, line, &pl, err, sizeof(err)) != GAME_OK)
			fail_msg("%s: listed move '%s' refused: %s", R->name, line, err);
	}
	sb_free(&list);
	free(st);
}

static void
test_timeout_move_decides(void **state)
{
	const struct game_rules *const *g;
	uint64_t seed;

	(void)state;
	for (g = game_all(); *g != NULL; g++) {
		assert_non_null((*g)->timeout_move);
		R = *g;
		CHECKED = 0;
		BAD[0] = '\0';
		for (seed = 1; seed <= 8 && BAD[0] == '\0'; seed++)
			long_game(timeout_hook, R->min_seats + (int)seed % 2, seed);
		if (BAD[0] != '\0')
			fail_msg("%s: %s", R->name, BAD);
		print_message("%s: %ld awaited seats' timeout moves checked\n", R->name, CHECKED);
		assert_true(CHECKED > 400);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeout_move_decides),
		cmocka_unit_test(test_json_seats_from_one),
		cmocka_unit_test(test_board_leads_the_report),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
