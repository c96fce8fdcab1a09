/*
 * test_selfplay.c - random self-play of Warriors & Traders through the
 * engine interface: 300 whole games for 2 to 6 players, with a hook after
 * every command that checks resources, units, provinces and VP against
 * their sources, and at the end the replay of the log (selfplay_game).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "../../engine/warriors/wt.h"
#include "../selfplay.h"

extern const struct game_rules warriors_rules;

/* VP recomputed from the raw state, independently of wt_vp() (T7.1). */
static int
vp_from_sources(const struct wt_state *s, int seat)
{
	int p, t, i, vp = s->p[seat].vp_perm, best, n;

	for (p = 0; p < WT_NPROV; p++) {
		if (s->prov[p].owner == seat)
			vp += wt_provinces[p].type == WT_CAPITAL ? 3 :
			    wt_provinces[p].type == WT_TRADE ? 2 : 1;
		if (s->prov[p].pieceowner == seat)
			vp += 3 * s->prov[p].forts;
	}
	for (t = 0; t < WT_NTRACK; t++) {
		best = -1;
		n = 0;
		for (i = 0; i < s->nseats; i++)
			if (s->p[i].track[t] > best) {
				best = s->p[i].track[t];
				n = 1;
			} else if (s->p[i].track[t] == best) {
				n++;
			}
		if (n == 1 && s->p[seat].track[t] == best)
			vp += 3;
	}
	return vp;
}

/* The hook run after every command. */
static int
hook(const void *st, char *err, size_t errlen)
{
	const struct wt_state *s = st;
	struct game_score sc;
	int i, r, p, side, sides;

	warriors_rules.score(st, -1, &sc);
	for (i = 0; i < s->nseats; i++) {
		for (r = 0; r < WT_NRES; r++)
			if (s->p[i].res[r] < 0 || s->endres[i][r] < 0 ||
			    s->endres[i][r] > WT_CAP) {
				snprintf(err, errlen, "seat %d resource %d: %d now, %d at turn end",
				    i, r, s->p[i].res[r], s->endres[i][r]);
				return -1;
			}
		if (sc.score[i] != vp_from_sources(s, i)) {
			snprintf(err, errlen, "seat %d: score %d but sources give %d", i,
			    sc.score[i], vp_from_sources(s, i));
			return -1;
		}
	}
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side >= 0 && (s->u[i].prov < 0 || s->u[i].prov >= WT_NPROV)) {
			snprintf(err, errlen, "unit %d stands in no province", i);
			return -1;
		}
	for (p = 0; p < WT_NPROV; p++) {
		sides = 0;
		for (side = 0; side < s->nseats; side++)
			if (wt_side_present(s, side, p))
				sides++;
		if (wt_has_barb(s, p))
			sides++;
		if (sides > 1 && !(s->phase == PH_MAN && s->man_step == MS_DEFEND)) {
			snprintf(err, errlen, "%s holds %d sides", wt_provinces[p].code, sides);
			return -1;
		}
		if (s->prov[p].owner >= s->nseats) {
			snprintf(err, errlen, "%s has a bad owner", wt_provinces[p].code);
			return -1;
		}
	}
	return 0;
}

/* 300 games, 2 to 6 players, with a mix of options. */
static void
test_selfplay_many(void **state)
{
	struct game_opt auto_def[] = { { "defence", "auto" } };
	struct game_opt choose[] = { { "countries", "choose" } };
	struct game_opt team4[] = { { "teams", "2v2" } };
	struct game_opt team6[] = { { "teams", "2v2v2" } };
	struct selfplay_result res;
	char err[512];
	long commands = 0;
	int g, n, games = 300, finished = 0;
	clock_t t0 = clock();
	double secs;

	(void)state;
	for (g = 0; g < games; g++) {
		const struct game_opt *o = NULL;
		int no = 0;

		n = 2 + g % 5;
		if (g % 7 == 3) {
			o = auto_def;
			no = 1;
		} else if (g % 7 == 5) {
			o = choose;
			no = 1;
		} else if (g % 11 == 4 && n == 4) {
			o = team4;
			no = 1;
		} else if (g % 11 == 9 && n == 6) {
			o = team6;
			no = 1;
		}
		if (selfplay_game(&warriors_rules, n, o, no, (uint64_t)g * 7919 + 17,
		    200000, g % 10 == 0 ? 25 : 0, hook, &res, err, sizeof(err)) != 0) {
			fail_msg("game %d (%d players): %s", g, n, err);
		}
		assert_true(res.finished);
		finished++;
		commands += res.commands;
	}
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("warriors self-play: %d games, %ld commands, %.1f s CPU, %.2f games/s\n",
	    finished, commands, secs, secs > 0 ? finished / secs : 0.0);
	assert_int_equal(finished, games);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selfplay_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
