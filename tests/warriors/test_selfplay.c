/*
 * test_selfplay.c - self-play of Warriors & Traders through the engine
 * interface, with a hook after every command that checks resources, units,
 * provinces and VP against their sources, and at the end the replay of the
 * log from the seed:
 *  - 300 games for 2 to 6 players, moves picked uniformly (selfplay_game);
 *  - 50 games whose picker prefers unification, attacks on the home
 *    country and building armies, so that unification (rule 8) is reached:
 *    at least one of them must unify.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "../../engine/warriors/wt.h"
#include "../../engine/rng.h"
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

/* ------------------------------------------------------- biased self-play */

enum { LOGLINE = 256, MAXLINES = 4096 };

/* One applied submission, kept for the replay. */
struct logent {
	int seat;
	char text[LOGLINE];
};

/* The log of one biased game. */
struct gamelog {
	struct logent *e;
	long n, cap;
};

/* Append a submission to the log; 0, or -1 when out of memory or too long. */
static int
log_add(struct gamelog *l, int seat, const char *text)
{
	if (strlen(text) >= LOGLINE)
		return -1;
	if (l->n == l->cap) {
		long cap = l->cap ? l->cap * 2 : 512;
		struct logent *e = realloc(l->e, sizeof(*e) * (size_t)cap);

		if (e == NULL)
			return -1;
		l->e = e;
		l->cap = cap;
	}
	l->e[l->n].seat = seat;
	snprintf(l->e[l->n].text, LOGLINE, "%s", text);
	l->n++;
	return 0;
}

/*
 * The source and target provinces of a listed "move ..." or "princess ..."
 * line ("move 2 inf PAR-PIC; damage PIC auto"), and the number of units
 * moving.  0, or -1 when the line is neither.
 */
static int
line_path(const char *line, int *from, int *to, int *count)
{
	const char *dash;
	char code[4];

	if (strncmp(line, "move ", 5) != 0 && strncmp(line, "princess ", 9) != 0)
		return -1;
	if ((dash = strchr(line, '-')) == NULL || dash - line < 3 || strlen(dash) < 4)
		return -1;
	memcpy(code, dash - 3, 3);
	code[3] = '\0';
	*from = wt_find_prov(code);
	memcpy(code, dash + 1, 3);
	*to = wt_find_prov(code);
	if (sscanf(line, "move %d", count) != 1)
		*count = 1;
	return *from < 0 || *to < 0 ? -1 : 0;
}

/* Pieces of a seat in a province (units, forts, princesses). */
static int
pieces(const struct wt_state *s, int seat, int p)
{
	int n = wt_count_units(s, seat, p, -1);

	if (s->prov[p].pieceowner == seat)
		n += s->prov[p].forts + s->prov[p].pri;
	return n;
}

/*
 * Whether the units of a listed "move" line are sure to kill every
 * barbarian in the target (6.9, 6.10); princess steps and moves into
 * provinces without barbarians count as sure.
 */
static int
sure_win(const struct wt_state *s, const char *line, int to, int count)
{
	char word[8];
	int kind, i, need = 0;

	if (line[0] == 'p' || !wt_has_barb(s, to))
		return 1;
	if (sscanf(line, count > 1 ? "move %*d %7s" : "move %7s", word) != 1 ||
	    (kind = wt_find_kind(word)) < 0)
		return 0;
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side == WT_BARB && s->u[i].prov == to)
			need += s->u[i].exhausted ? 1 : wt_barb_tough(s->u[i].kind, s->turn) + 1;
	if (s->prov[to].barb_fort)
		need += wt_barb_tough(WT_FORT, s->turn);
	return count * wt_piece_str(kind) >= need;
}

/*
 * How much the biased picker wants a manoeuvre line: entering the home
 * country's provinces not held yet when sure to win there (best when the
 * province left stays held), garrisoning held home provinces with
 * princesses, else stopping rather than wandering off or losing units.
 */
static int
man_priority(const struct wt_state *s, int seat, const char *line)
{
	int from, to, n, home = s->p[seat].country;

	if (strcmp(line, "done") == 0)
		return 1;
	if (line_path(line, &from, &to, &n) != 0 || wt_provinces[to].country != home)
		return 0;
	if (s->prov[to].owner != seat) {
		if (!sure_win(s, line, to, n) ||
		    (s->prov[to].owner >= 0 && !wt_at_war(s, seat, s->prov[to].owner)))
			return 0;
		return pieces(s, seat, from) > n || wt_provinces[from].country != home ?
		    3 : 2;
	}
	if (line[0] == 'p' && s->prov[to].pieceowner != seat && pieces(s, seat, from) > 1)
		return 2;
	return 0;
}

/*
 * How much the biased picker wants a listed line: unification first, then
 * the home country in a manoeuvre, then building the strongest army.
 */
static int
priority(const struct wt_state *s, int seat, const char *line)
{
	if (strstr(line, "unify") != NULL)
		return 5;
	if (s->phase == PH_MAN)
		return man_priority(s, seat, line);
	if (s->phase == PH_DEV && strncmp(line, "build cav", 9) == 0)
		return 4;
	if (s->phase == PH_DEV && strncmp(line, "build arc", 9) == 0)
		return 3;
	if (s->phase == PH_DEV && strncmp(line, "build inf", 9) == 0)
		return 2;
	if (s->phase == PH_TRACKS && strcmp(line, "tracks 1 0 2") == 0)
		return 2;
	return 0;
}

/* Split moves() output in place into lines[]; returns the count. */
static int
lines_of(char *text, char **lines)
{
	char *p = text, *nl;
	int n = 0;

	while (*p != '\0' && n < MAXLINES) {
		if ((nl = strchr(p, '\n')) != NULL)
			*nl = '\0';
		if (*p != '\0')
			lines[n++] = p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return n;
}

/* Pick one of the most wanted lines at random. */
static const char *
pick_line(const struct wt_state *s, int seat, char **lines, int n, struct rng *r)
{
	int i, best = -1, nbest = 0, k, pr;

	for (i = 0; i < n; i++) {
		pr = priority(s, seat, lines[i]);
		if (pr > best) {
			best = pr;
			nbest = 0;
		}
		if (pr == best)
			nbest++;
	}
	k = (int)rng_below(r, (uint32_t)nbest);
	for (i = 0; i < n; i++)
		if (priority(s, seat, lines[i]) == best && k-- == 0)
			return lines[i];
	return lines[0];
}

/* A random awaited seat, or -1 when the game waits for nobody. */
static int
pick_seat(const struct wt_state *s, struct rng *r)
{
	struct game_wait w;
	int seats[WT_SEATS], n = 0, i;

	warriors_rules.waiting(s, &w);
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i))
			seats[n++] = i;
	return n == 0 ? -1 : seats[rng_below(r, (uint32_t)n)];
}

/* Play one biased command; 0, or -1 with err. */
static int
biased_step(struct wt_state *s, struct rng *r, struct gamelog *l, char **lines,
    char *err, size_t errlen)
{
	struct sbuf mv = SBUF_INIT;
	struct game_played pl;
	const char *line;
	char *text;
	int seat = pick_seat(s, r), n, rc = -1;

	if (seat < 0) {
		snprintf(err, errlen, "game not over but waits for nobody");
		return -1;
	}
	warriors_rules.moves(s, seat, &mv);
	text = strdup(sb_str(&mv));
	sb_free(&mv);
	if (text == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if ((n = lines_of(text, lines)) == 0) {
		snprintf(err, errlen, "seat %d awaited but has no legal move", seat);
		goto out;
	}
	line = pick_line(s, seat, lines, n, r);
	if (warriors_rules.play(s, seat, line, &pl, err, errlen) != GAME_OK ||
	    log_add(l, seat, line) != 0)
		goto out;
	if (warriors_rules.check(s, err, errlen) != 0 || hook(s, err, errlen) != 0)
		goto out;
	rc = 0;
out:
	free(text);
	return rc;
}

/* Replay a log from the seed and compare the bytes with the played state. */
static int
replay_matches(const struct wt_state *s, int nseats, const uint8_t *seed,
    const struct gamelog *l, char *err, size_t errlen)
{
	struct wt_state *re = calloc(1, sizeof(*re));
	struct game_played pl;
	long i;
	int rc = -1;

	if (re == NULL || warriors_rules.setup(re, nseats, NULL, 0, seed, err,
	    errlen) != 0)
		goto out;
	for (i = 0; i < l->n; i++)
		if (warriors_rules.play(re, l->e[i].seat, l->e[i].text, &pl, err,
		    errlen) != GAME_OK)
			goto out;
	if (memcmp(re, s, sizeof(*re)) != 0) {
		snprintf(err, errlen, "replayed state differs from played state");
		goto out;
	}
	rc = 0;
out:
	free(re);
	return rc;
}

/*
 * One whole biased game; sets *unified to the number of seats that
 * unified and *commands to its length.  0, or -1 with err.
 */
static int
biased_game(int nseats, uint64_t seed64, int *unified, long *commands, char *err,
    size_t errlen)
{
	struct wt_state *s = calloc(1, sizeof(*s));
	char **lines = calloc(MAXLINES, sizeof(*lines));
	struct gamelog l = { NULL, 0, 0 };
	uint8_t seed[GAME_SEED_LEN], s8[32] = { 0 };
	struct rng r;
	int i, rc = -1;

	memcpy(s8, &seed64, sizeof(seed64));
	rng_seed(&r, s8);
	for (i = 0; i < GAME_SEED_LEN; i++)
		seed[i] = (uint8_t)rng_next(&r);
	if (s == NULL || lines == NULL ||
	    warriors_rules.setup(s, nseats, NULL, 0, seed, err, errlen) != 0)
		goto out;
	while (!warriors_rules.over(s))
		if (l.n >= 100000 || biased_step(s, &r, &l, lines, err, errlen) != 0)
			goto out;
	if (replay_matches(s, nseats, seed, &l, err, errlen) != 0)
		goto out;
	*commands = l.n;
	for (*unified = 0, i = 0; i < nseats; i++)
		*unified += s->p[i].unified;
	rc = 0;
out:
	free(l.e);
	free(lines);
	free(s);
	return rc;
}

/* 50 biased games, 2 to 4 players: some unify, and every game verifies. */
static void
test_selfplay_unification(void **state)
{
	char err[512];
	long commands = 0, c;
	int g, games = 50, unified = 0, u, with = 0;
	clock_t t0 = clock();
	double secs;

	(void)state;
	for (g = 0; g < games; g++) {
		if (biased_game(2 + g % 3, (uint64_t)g * 104729 + 5, &u, &c, err,
		    sizeof(err)) != 0)
			fail_msg("biased game %d: %s", g, err);
		unified += u;
		with += u > 0;
		commands += c;
	}
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("warriors biased self-play: %d games, %ld commands, %d unifications in "
	    "%d games, %.1f s CPU, %.2f games/s\n", games, commands, unified, with,
	    secs, secs > 0 ? games / secs : 0.0);
	assert_true(unified >= 1);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selfplay_many),
		cmocka_unit_test(test_selfplay_unification),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
