/*
 * test_real_games.c - every real game in $ARBITER_SHARED/games/terra (by
 * default ../shared/games/terra) must import, replay and end with exactly
 * the final VP of its .expected file.  On a mismatch the first ledger row
 * that differs is printed.  Prints the time each game took.
 *
 * TERRA_GAME=NAME limits the run to one game; TERRA_LEDGER=1 reports the
 * first ledger difference even when the final scores agree.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "realgame.h"

/* Collect the game names (logs) in dir, sorted; returns the count. */
static int
game_names(const char *dir, char names[][128], int max)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0, i, j;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max) {
		size_t l = strlen(e->d_name);

		if (l > 4 && l < 124 && strcmp(e->d_name + l - 4, ".log") == 0) {
			memcpy(names[n], e->d_name, l - 4);
			names[n][l - 4] = '\0';
			n++;
		}
	}
	closedir(d);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char t[128];

			memcpy(t, names[j], sizeof(t));
			memcpy(names[j], names[j - 1], sizeof(t));
			memcpy(names[j - 1], t, sizeof(t));
		}
	return n;
}

/* Replay all real games; fail listing every game that does not match. */
static void
test_all_real_games(void **state)
{
	static char names[128][128];
	char dir[512];
	const char *only = getenv("TERRA_GAME");
	int ledger = getenv("TERRA_LEDGER") != NULL, n, i, pass = 0, run = 0;
	double total = 0;

	(void)state;
	rg_dir(dir, sizeof(dir));
	n = game_names(dir, names, 128);
	assert_true(n > 0);
	for (i = 0; i < n; i++) {
		struct rg_result r;

		if (only != NULL && strcmp(only, names[i]) != 0)
			continue;
		run++;
		rg_replay(dir, names[i], ledger, &r);
		total += r.seconds;
		printf("%-26s %s %.3fs\n", names[i], r.ok ? "ok  " : "FAIL", r.seconds);
		if (!r.ok || ledger)
			printf("  %s\n", r.msg);
		pass += r.ok;
	}
	printf("%d of %d real games replay to the exact final score (%.2fs)\n",
	    pass, run, total);
	assert_int_equal(pass, run);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_real_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
