/*
 * test_site.c - the site's standings and preferences: Glicko-2 against
 * the worked example of its author (Glickman, "Example of the Glicko-2
 * system", 2013), and every preference a command of the site address.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include <stdlib.h>

#include "../../app/site.h"

/*
 * The example: a player rated 1500, deviation 200, volatility 0.06, tau
 * 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD
 * 300): 1464.06, 151.52, 0.05999.
 */
static void
test_glickman_example(void **state)
{
	const struct glicko p = { 1500, 200, 0.06 };
	const struct glicko opp[3] = { { 1400, 30, 0.06 }, { 1550, 100, 0.06 },
	    { 1700, 300, 0.06 } };
	const double score[3] = { 1, 0, 0 };
	struct glicko out;

	(void)state;
	glicko2_update(&p, opp, score, 3, 0.5, &out);
	/*
	 * The paper rounds as it goes: mu' = -0.2069 and phi' = 0.8722 on its
	 * scale give 1464.06 and 151.52.  Unrounded, r' is 1464.0507; on the
	 * paper's scale it is the paper's mu' to its four places.
	 */
	assert_true(fabs(out.r - 1464.06) < 0.015);
	assert_true(fabs(round((out.r - 1500) / 173.7178 * 10000) / 10000 - -0.2069) < 1e-9);
	assert_true(fabs(round(out.rd / 173.7178 * 10000) / 10000 - 0.8722) < 1e-9);
	assert_true(fabs(out.rd - 151.52) < 0.005);
	assert_true(fabs(out.vol - 0.05999) < 0.00001);	/* 0.059996 */
}

/* Equal players, one game: the winner gains what the loser loses. */
static void
test_equal_players(void **state)
{
	const struct glicko a = { 1500, 350, 0.06 };
	const double win = 1, loss = 0, draw = 0.5;
	struct glicko w, l, d;

	(void)state;
	glicko2_update(&a, &a, &win, 1, 0.5, &w);
	glicko2_update(&a, &a, &loss, 1, 0.5, &l);
	glicko2_update(&a, &a, &draw, 1, 0.5, &d);
	assert_true(w.r > 1500 && l.r < 1500);
	assert_true(fabs((w.r - 1500) - (1500 - l.r)) < 1e-6);
	assert_true(fabs(d.r - 1500) < 1e-6);
	assert_true(w.rd < 350 && fabs(w.rd - l.rd) < 1e-6);
}

/* No game in a period: the rating stays, the deviation grows. */
static void
test_no_games(void **state)
{
	const struct glicko p = { 1500, 200, 0.06 };
	struct glicko out;

	(void)state;
	glicko2_update(&p, NULL, NULL, 0, 0.5, &out);
	assert_true(out.r == 1500);
	assert_true(fabs(out.rd - 200.2714) < 0.001);
	assert_true(out.vol == 0.06);
}

/* Every preference in the table is set by a command the site address takes. */
static void
test_prefs_are_commands(void **state)
{
	const struct pref *p;
	char line[64], norm[64], err[200];

	(void)state;
	for (p = pref_all(); p->name != NULL; p++) {
		snprintf(line, sizeof(line), "%s %s", p->name, p->def);
		assert_true(site_is_command(line));
		assert_int_equal(p->judge(p->def, norm, sizeof(norm), err, sizeof(err)), 0);
		assert_string_equal(norm, p->def);
		assert_ptr_equal(pref_find(p->name), p);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glickman_example),
		cmocka_unit_test(test_equal_players),
		cmocka_unit_test(test_no_games),
		cmocka_unit_test(test_prefs_are_commands),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
