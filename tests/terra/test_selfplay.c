/*
 * test_selfplay.c - random Terra Mystica games through the game interface:
 * 2 to 5 players, random factions (chosen from moves()) and random option
 * sets.  After every command the engine's check() runs (no negative
 * resource, power tokens conserved apart from burning, building supply)
 * and so does an extra hook here; at the end the log is replayed and the
 * states compared byte for byte.
 *
 * TERRA_SELFPLAY_GAMES overrides the number of games (default 200).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "../selfplay.h"
#include "../../engine/terra/terra.h"
#include "../../engine/rng.h"

extern const struct game_rules terra_rules;

/* The flag options, switched on by bits of each game's seed. */
static const char *const option_flags[12] = {
	"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh",
	"errata-cultist-power", "mini-expansion-1", "shipping-bonus",
	"temple-scoring-tile", "variable-turn-order", "maintain-player-order",
	"fire-and-ice-factions/ice", "fire-and-ice-final-scoring",
	"fire-and-ice-factions/volcano",
};

/* Extra invariants: priests, cult tracks, towns and keys, tile supply. */
static int
hook(const void *st, char *err, size_t errlen)
{
	const struct tm_state *s = st;
	int i, k, top[4] = { 0, 0, 0, 0 }, favs = 0;

	for (i = 0; i < s->nseats; i++) {
		const struct tm_player *p = &s->pl[i];

		if (p->faction < 0)
			continue;
		for (k = 0; k < 4; k++)
			if (p->cult[k] == 10)
				top[k]++;
		if (p->bridges > 3 || p->keys < p->cult[0] / 10 + p->cult[1] / 10 +
		    p->cult[2] / 10 + p->cult[3] / 10) {
			snprintf(err, errlen, "seat %d: bridges or keys out of range", i);
			return -1;
		}
		for (k = 1; k <= TM_NFAV; k++)
			favs += p->fav[k];
	}
	for (k = 0; k < 4; k++)
		if (top[k] > 1) {
			snprintf(err, errlen, "two factions on 10 of one cult track");
			return -1;
		}
	for (k = 1; k <= TM_NFAV; k++)
		favs += s->fav_left[k];
	if (favs != 4 + 8 * 3) {
		snprintf(err, errlen, "favor tiles not accounted for (%d)", favs);
		return -1;
	}
	return 0;
}

/* Play many random games with varying seats and options. */
static void
test_selfplay_many(void **state)
{
	const char *env = getenv("TERRA_SELFPLAY_GAMES");
	int games = env != NULL ? atoi(env) : 200, g, finished = 0;
	long commands = 0;
	clock_t t0 = clock();

	(void)state;
	for (g = 0; g < games; g++) {
		struct game_opt opts[13];
		struct selfplay_result res;
		char err[512];
		int nopts = 0, k, rc;
		uint64_t seed = 0x7e44a000u + (uint64_t)g * 7919u;

		for (k = 0; k < 12; k++)
			if ((seed >> (k + 3)) & 1) {
				opts[nopts].key = option_flags[k];
				opts[nopts].value = "";
				nopts++;
			}
		/* the Shapeshifters and Riverwalkers: one of their five rule
		 * versions, or none */
		if ((seed >> 16) % 6 != 0) {
			static const char *const variable[] = {
			    "fire-and-ice-factions/variable",
			    "fire-and-ice-factions/variable_v2",
			    "fire-and-ice-factions/variable_v3",
			    "fire-and-ice-factions/variable_v4",
			    "fire-and-ice-factions/variable_v5" };

			opts[nopts].key = variable[(seed >> 16) % 6 - 1];
			opts[nopts].value = "";
			nopts++;
		}
		rc = selfplay_game(&terra_rules, 2 + g % 4, opts, nopts, seed, 20000,
		    g % 10 == 0 ? 25 : 0, hook, &res, err, sizeof(err));
		if (rc != 0)
			printf("game %d (%d seats, seed %llx): %s\n", g, 2 + g % 4,
			    (unsigned long long)seed, err);
		assert_int_equal(rc, 0);
		assert_true(res.finished);
		finished++;
		commands += res.commands;
	}
	printf("%d self-play games finished, %ld commands, %.1fs\n", finished,
	    commands, (double)(clock() - t0) / CLOCKS_PER_SEC);
}

/* Pick a line: passing and free moves only rarely, so games run deep. */
static char *
pick_deep(char *text, struct rng *r)
{
	char *lines[4096], *p = text, *nl;
	char *main_moves[4096];
	int n = 0, m = 0, i;

	while (*p != '\0' && n < 4096) {
		nl = strchr(p, '\n');
		if (nl != NULL)
			*nl = '\0';
		lines[n++] = p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (n == 0)
		return NULL;
	for (i = 0; i < n; i++)
		if (strncmp(lines[i], "pass", 4) != 0 &&
		    strncmp(lines[i], "convert", 7) != 0 &&
		    strncmp(lines[i], "burn", 4) != 0)
			main_moves[m++] = lines[i];
	if (m > 0 && rng_below(r, 20) != 0)
		return main_moves[rng_below(r, (uint32_t)m)];
	return lines[rng_below(r, (uint32_t)n)];
}

/* Play one deep game; replay it and compare.  Returns commands played;
 * *dropped is set when a faction left the game on the way. */
static long
deep_game(int nseats, uint64_t seed64, int *dropped)
{
	struct tm_state *s = calloc(1, sizeof(*s)), *re = calloc(1, sizeof(*re));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	struct game_opt opts[12];
	int nopts = 0, k;
	struct sbuf mv = SBUF_INIT, log = SBUF_INIT;
	struct rng r;
	char err[512];
	long n = 0;

	assert_non_null(s);
	assert_non_null(re);
	memcpy(seed, &seed64, sizeof(seed64));
	rng_seed(&r, seed);
	for (k = 0; k < 8; k++)
		if ((seed64 >> k) & 1) {
			opts[nopts].key = option_flags[k];
			opts[nopts].value = "";
			nopts++;
		}
	/* the Fire & Ice options (flags 9 to 11) on seed bits 3, 4 and 2,
	 * so that the default 24 games have them */
	for (k = 9; k < 12; k++)
		if ((seed64 >> (k == 11 ? 2 : k - 6)) & 1) {
			opts[nopts].key = option_flags[k];
			opts[nopts].value = "";
			nopts++;
		}
	assert_int_equal(terra_rules.setup(s, nseats, opts, nopts, seed, err,
	    sizeof(err)), 0);
	while (!terra_rules.over(s)) {
		struct game_wait w;
		struct game_played pl;
		int seats[TM_MAXP], ns = 0, seat;
		char *cmd;

		assert_true(n < 30000);
		/* in some games the last seat leaves mid-game (administrative) */
		if (n == 120 && nseats >= 3 && (seed64 & 4) &&
		    (s->phase == TP_ACTIONS || s->phase == TP_CULTSPADES)) {
			char drop[64];

			snprintf(drop, sizeof(drop), "drop-faction %s",
			    tm_fdefs[s->pl[nseats - 1].faction].name);
			if (terra_rules.play(s, -1, drop, &pl, err, sizeof(err)) != GAME_OK)
				fail_msg("%s: %s", drop, err);
			sb_printf(&log, "-1 %s\n", drop);
			*dropped = 1;
			n++;
			continue;
		}
		terra_rules.waiting(s, &w);
		for (k = 0; k < nseats; k++)
			if (w.mask & (1u << k))
				seats[ns++] = k;
		assert_true(ns > 0);
		seat = seats[rng_below(&r, (uint32_t)ns)];
		sb_reset(&mv);
		terra_rules.moves(s, seat, &mv);
		cmd = pick_deep(mv.s != NULL ? mv.s : (char *)"", &r);
		assert_non_null(cmd);
		if (terra_rules.play(s, seat, cmd, &pl, err, sizeof(err)) != GAME_OK) {
			printf("deep game %llx: listed '%s' rejected: %s\n",
			    (unsigned long long)seed64, cmd, err);
			fail();
		}
		if (terra_rules.check(s, err, sizeof(err)) != 0 ||
		    hook(s, err, sizeof(err)) != 0) {
			printf("deep game %llx after '%s': %s\n",
			    (unsigned long long)seed64, cmd, err);
			fail();
		}
		sb_printf(&log, "%d %s\n", seat, cmd);
		n++;
	}
	/* replay from the log text and compare the bytes */
	assert_int_equal(terra_rules.setup(re, nseats, opts, nopts, seed, err,
	    sizeof(err)), 0);
	{
		char *text = sb_take(&log), *p = text, *nl;
		struct game_played pl;

		while (p != NULL && *p != '\0') {
			nl = strchr(p, '\n');
			*nl = '\0';
			assert_int_equal(terra_rules.play(re, atoi(p), strchr(p, ' ') + 1,
			    &pl, err, sizeof(err)), GAME_OK);
			p = nl + 1;
		}
		free(text);
	}
	assert_memory_equal(s, re, sizeof(*s));
	if (getenv("TERRA_DEEP_SHOW") != NULL) {
		sb_reset(&mv);
		terra_rules.render_text(s, -1, NULL, &mv);
		printf("%s\n", sb_str(&mv));
	}
	sb_free(&mv);
	free(s);
	free(re);
	return n;
}

/* Deep games: most turns build, upgrade and act instead of passing. */
static void
test_selfplay_deep(void **state)
{
	const char *env = getenv("TERRA_DEEP_GAMES");
	int games = env != NULL ? atoi(env) : 24, g, drops = 0;
	long commands = 0;
	clock_t t0 = clock();

	(void)state;
	for (g = 0; g < games; g++) {
		int dropped = 0;

		commands += deep_game(2 + g % 4, 0x5eed0000u + (uint64_t)g, &dropped);
		drops += dropped;
	}
	printf("%d deep self-play games (%d with a faction dropped), %ld commands, "
	    "%.1fs\n", games, drops, commands, (double)(clock() - t0) / CLOCKS_PER_SEC);
	assert_true(games < 8 || drops > 0);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selfplay_many),
		cmocka_unit_test(test_selfplay_deep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
