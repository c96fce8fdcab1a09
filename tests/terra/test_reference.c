/*
 * test_reference.c - games the reference engine (terra.snellman.net's own,
 * run by tools/terra-diff) played alike with arbiter to the end: each log
 * in tests/terra/reference must import, replay and end with exactly the
 * final VP of its .expected file, which the reference computed.  They are
 * random games of every faction and option (made by `make terra-diff`
 * and tools/terra-diff/fixtures.sh), so a change that moves arbiter away
 * from the site's rules breaks one of them.  Run from the repository root.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "realgame.h"

#define DIR_REF "tests/terra/reference"

static void
test_reference_games(void **state)
{
	DIR *d = opendir(DIR_REF);
	struct dirent *e;
	int run = 0, pass = 0, factions[TM_NFACT] = { 0 }, i, covered = 0;

	(void)state;
	(void)rg_dir;	/* realgame.h's folder of real games is not this one */
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		char name[256];
		struct rg_result r;

		if (l < 5 || l >= sizeof(name) || strcmp(e->d_name + l - 4, ".log") != 0)
			continue;
		memcpy(name, e->d_name, l - 4);
		name[l - 4] = '\0';
		rg_replay(DIR_REF, name, 0, &r);
		run++;
		pass += r.ok;
		if (!r.ok)
			printf("FAIL %s\n  %s\n", name, r.msg);
		for (i = 0; i < TM_NFACT; i++)
			if (strstr(r.msg, tm_fdefs[i].name) != NULL)
				factions[i]++;
	}
	closedir(d);
	for (i = 0; i < TM_NFACT; i++)
		covered += factions[i] > 0;
	printf("%d of %d reference games replay to the reference's final score; "
	    "%d of %d factions played\n", pass, run, covered, TM_NFACT);
	assert_true(run >= 50);
	assert_int_equal(pass, run);
	assert_int_equal(covered, TM_NFACT);
}

/*
 * Replay one game cut where the two engines first differed (before the fix)
 * from DIR_REF/found: every submission up to the log line the reference
 * refuses (NAME.expected: refused=LINE) is accepted and that one is
 * refused; each faction then has the VP the reference computed.
 */
static int
replay_found(const char *name, char *msg, size_t msglen)
{
	char path[512], err[512] = "";
	char *log, *exp;
	const char *r;
	struct game_import imp;
	struct tm_state *s = calloc(1, sizeof(*s)), *t = calloc(1, sizeof(*t));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	int i, ok = 1, stopped = 0, refused = 0;

	snprintf(path, sizeof(path), "%s/found/%s.log", DIR_REF, name);
	log = rg_slurp(path);
	snprintf(path, sizeof(path), "%s/found/%s.expected", DIR_REF, name);
	exp = rg_slurp(path);
	memset(&imp, 0, sizeof(imp));
	if (s == NULL || t == NULL || log == NULL || exp == NULL ||
	    terra_rules.import_log(log, &imp, err, sizeof(err)) != 0 ||
	    terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed, err, sizeof(err)) != 0) {
		snprintf(msg, msglen, "%s: cannot load: %s", name, err);
		ok = 0;
		goto out;
	}
	if ((r = strstr(exp, "refused=")) != NULL)
		refused = atoi(r + 8);
	for (i = 0; i < imp.nsubs && !stopped; i++) {
		struct game_played pl;
		enum game_status st;
		int last = refused > 0 && imp.subs[i].line == refused;

		/* a refused submission changes nothing: it is played on a copy */
		memcpy(t, s, sizeof(*s));
		st = terra_rules.play(t, imp.subs[i].seat, imp.subs[i].text, &pl, err,
		    sizeof(err));
		if (st == GAME_OK)
			memcpy(s, t, sizeof(*s));

		if (last && st == GAME_OK) {
			snprintf(msg, msglen, "%s: line %d '%s' is accepted; the site refuses it",
			    name, imp.subs[i].line, imp.subs[i].text);
			ok = 0;
			goto out;
		}
		if (!last && st != GAME_OK) {
			snprintf(msg, msglen, "%s: line %d '%s' refused: %s", name,
			    imp.subs[i].line, imp.subs[i].text, err);
			ok = 0;
			goto out;
		}
		stopped = last;
	}
	if (refused > 0 && !stopped) {
		snprintf(msg, msglen, "%s: no line %d to refuse", name, refused);
		ok = 0;
		goto out;
	}
	for (i = 0; i < s->nseats; i++) {
		const char *fn, *e;
		char key[64];
		int want, k;

		/* a seat still to choose its faction (a log cut in the setup) */
		if (s->pl[i].faction < 0)
			continue;
		fn = tm_fdefs[s->pl[i].faction].name;
		snprintf(key, sizeof(key), "%s=", fn);
		e = strstr(exp, key);
		want = e != NULL ? atoi(e + strlen(key)) : -1;

		if (want != s->pl[i].vp) {
			snprintf(msg, msglen, "%s: %s has %d VP, the reference %d", name, fn,
			    s->pl[i].vp, want);
			ok = 0;
		}
		/* FACTION.X=N: a cult position (X a track), a resource (C, W,
		 * P) or a power bowl (P1, P2, P3) the reference had there; the
		 * resources not after the game's end, where the reference has
		 * spent them on the final scoring and arbiter keeps them (as
		 * tools/terra-diff/compare.py) */
		for (k = 0; k < (s->over ? 4 : 10); k++) {
			static const char *const res[6] = { "C", "W", "P", "P1", "P2", "P3" };
			const char *x = k < 4 ? tm_cult_names[k] : res[k - 4];
			int have = k < 4 ? s->pl[i].cult[k] : k == 4 ? s->pl[i].c :
			    k == 5 ? s->pl[i].w : k == 6 ? s->pl[i].p : s->pl[i].pw[k - 7];

			snprintf(key, sizeof(key), "%s.%s=", fn, x);
			if ((e = strstr(exp, key)) != NULL && atoi(e + strlen(key)) != have) {
				snprintf(msg, msglen, "%s: %s has %d %s, the reference %d",
				    name, fn, have, x, atoi(e + strlen(key)));
				ok = 0;
			}
		}
	}
out:
	game_import_free(&imp);
	free(s);
	free(t);
	free(log);
	free(exp);
	return ok;
}

/* Each difference terra-diff found, fixed: arbiter now does what the site does. */
static void
test_found_differences(void **state)
{
	DIR *d = opendir(DIR_REF "/found");
	struct dirent *e;
	int run = 0, pass = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		char name[256], msg[1024] = "";

		if (l < 5 || l >= sizeof(name) || strcmp(e->d_name + l - 4, ".log") != 0)
			continue;
		memcpy(name, e->d_name, l - 4);
		name[l - 4] = '\0';
		run++;
		if (replay_found(name, msg, sizeof(msg)))
			pass++;
		else
			printf("FAIL %s\n", msg);
	}
	closedir(d);
	printf("%d of %d fixed differences play as on the site\n", pass, run);
	assert_true(run > 0);
	assert_int_equal(pass, run);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_games),
		cmocka_unit_test(test_found_differences),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
