/*
 * tdgen.c - `tdarb gen`: random games played with both engines in the loop.
 *
 *   tdarb gen FIRST COUNT OUTDIR [--steer]
 *
 * plays the games of seeds FIRST..FIRST+COUNT-1 (2 to 5 players by seed,
 * random factions and options as README.md says).  At every step, before
 * the game moves on, candidate commands drawn from the site's command
 * grammar (tdcand.c) are offered to arbiter (play() on a copy of its state)
 * and to the site's engine (tdref.pl --serve, one process for all games):
 * both must accept or both refuse, and after an accepted one their states
 * must agree.  The game then moves on by a move of arbiter's moves() for
 * the seat chosen, or now and then by a candidate both accepted (so the
 * games reach what only the site's grammar reaches: conversions with
 * offers pending, a second action of the last seat playing, dropped
 * factions...).
 *
 * Written to OUTDIR: g/gSEED.log (the game as a site log, for the
 * whole-log check of run.sh), diff/gSEED-N.log (each disagreement: the log
 * up to the candidate, and what each engine said), stats.jsonl (a line a
 * game: candidates offered, accepted and refused by both, and the
 * disagreements, per kind).  --steer brings back the old generator's
 * steering around differences found before (offers decided first, no
 * transform to a foreign terrain, no Darklings' stronghold under
 * strict-darkling-sh); by default there is none.
 *
 * TDIFF_CAND=N candidates a step (default 2), TDIFF_COMMIT=PERCENT how
 * often an accepted candidate becomes the step's move (default 25),
 * TDIFF_ICE, TDIFF_VARIABLE, TDIFF_RAWBUILD as README.md says; REF= the
 * reference's src/.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tdarb.h"

/* The site's engine, asked through a pipe (tdref.pl --serve). */
struct oracle {
	pid_t pid;
	FILE *to, *from;
	char *line;
	size_t cap;
};

static int
oracle_open(struct oracle *o, const char *refsrc)
{
	int in[2], out[2];
	char script[4096];
	const char *here = getenv("TDIFF_HERE");

	snprintf(script, sizeof(script), "%s/tdref.pl", here != NULL ? here : ".");
	if (pipe(in) != 0 || pipe(out) != 0)
		return -1;
	o->pid = fork();
	if (o->pid < 0)
		return -1;
	if (o->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execlp("perl", "perl", script, refsrc, "--serve", (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	o->to = fdopen(in[1], "w");
	o->from = fdopen(out[0], "r");
	o->line = NULL;
	o->cap = 0;
	return o->to != NULL && o->from != NULL ? 0 : -1;
}

/* Send one request, read the one answer (NULL: the oracle is gone). */
static const char *
oracle_ask(struct oracle *o, const char *verb, const char *text)
{
	ssize_t n;

	fprintf(o->to, "%s%s%s\n", verb, text != NULL ? " " : "", text != NULL ? text : "");
	fflush(o->to);
	n = getline(&o->line, &o->cap, o->from);
	if (n <= 0)
		return NULL;
	if (o->line[n - 1] == '\n')
		o->line[n - 1] = '\0';
	return o->line;
}

static void
oracle_close(struct oracle *o)
{
	fprintf(o->to, "quit\n");
	fclose(o->to);
	fclose(o->from);
	waitpid(o->pid, NULL, 0);
	free(o->line);
}

/* Choose a line: free actions (convert, burn) and no-ops rarely. */
static const char *
choose(struct rng *g, char **lines, int n, int steer)
{
	static char *main_[4096];
	int nm = 0, i;

	/* (--steer) decide offers before anything else */
	for (i = 0; steer && i < n; i++)
		if (td_starts(lines[i], "leech") || td_starts(lines[i], "decline"))
			main_[nm++] = lines[i];
	if (nm > 0)
		return main_[rng_below(g, (uint32_t)nm)];
	for (i = 0; i < n; i++)
		if (!td_starts(lines[i], "convert") && !td_starts(lines[i], "burn") &&
		    !td_starts(lines[i], "wait") && !td_starts(lines[i], "done") &&
		    !td_starts(lines[i], "-spade"))
			main_[nm++] = lines[i];
	if (nm > 0 && rng_below(g, 100) < 85) {
		static char *act[4096];
		int na = 0;

		/* passing early makes short games: pass less often */
		for (i = 0; i < nm; i++)
			if (!td_starts(main_[i], "pass"))
				act[na++] = main_[i];
		if (na > 0 && na < nm && rng_below(g, 100) < 85)
			return act[rng_below(g, (uint32_t)na)];
		return main_[rng_below(g, (uint32_t)nm)];
	}
	return lines[rng_below(g, (uint32_t)n)];
}

static int
has_opt(const struct game_opt *opts, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(opts[i].key, key) == 0)
			return 1;
	return 0;
}

/* The factions' part of the public JSON view and whom the game waits for
 * (a volcano faction's unused dig shows only there), as a string to
 * compare. */
static char *
factions_text(const struct game_rules *r, const void *st)
{
	json_t *v = r->render_json(st, -1, td_seatnames), *o = json_object();
	char *s;

	json_object_set(o, "factions", json_object_get(v, "factions"));
	json_object_set(o, "waiting", json_object_get(v, "waiting"));
	s = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(o);
	json_decref(v);
	return s;
}

/*
 * arbiter's `build HEX` on a foreign terrain buys the spades itself; the
 * site wants them bought first (`dig N. build HEX`).  Find the N that
 * gives the same result, or keep the text when none does.
 */
static const char *
site_build(const struct game_rules *r, const void *st, int seat, const char *text,
    char *buf, size_t buflen)
{
	void *a = malloc(r->state_size), *b = malloc(r->state_size);
	struct game_played pl;
	char err[512], *want = NULL, *got;
	static char best[128];
	const char *res = text;
	int n;

	memcpy(a, st, r->state_size);
	if (r->play(a, seat, text, &pl, err, sizeof(err)) != GAME_OK)
		goto out;
	want = factions_text(r, a);
	for (n = 1; n <= 3; n++) {
		snprintf(buf, buflen, "dig %d. %s", n, text);
		memcpy(b, st, r->state_size);
		if (r->play(b, seat, buf, &pl, err, sizeof(err)) != GAME_OK)
			continue;
		got = factions_text(r, b);
		/* arbiter buys missing spades even after `dig N`: take the
		 * largest N that gives the same result */
		if (strcmp(got, want) == 0) {
			snprintf(best, sizeof(best), "%s", buf);
			res = best;
		}
		free(got);
	}
out:
	free(want);
	free(a);
	free(b);
	return res;
}

static const char *
home_color(const char *faction)
{
	static const char *const t[][2] = { { "alchemists", "black" },
	    { "auren", "green" }, { "chaosmagicians", "red" }, { "cultists", "brown" },
	    { "darklings", "black" }, { "dwarves", "gray" }, { "engineers", "gray" },
	    { "fakirs", "yellow" }, { "giants", "red" }, { "halflings", "brown" },
	    { "mermaids", "blue" }, { "nomads", "yellow" }, { "swarmlings", "blue" },
	    { "witches", "green" }, { "icemaidens", "ice" }, { "yetis", "ice" },
	    { "acolytes", "volcano" }, { "dragonlords", "volcano" },
	    { "shapeshifters", "" },	/* their colour changes: no home here */
	    { "riverwalkers", "" } };	/* they never transform */
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(t[i][0], faction) == 0)
			return t[i][1];
	return "";
}

/*
 * (--steer) Drop, while something else is left, the moves that lead into
 * differences found before: transforming to a foreign terrain
 * (found/multi-nonhome-transform.log), the Darklings' stronghold with
 * strict-darkling-sh (found/darklings-sh-turn.log).
 */
static int
filter_known(char **lines, int n, const char *faction, int strict_dsh)
{
	static char *keep[4096];
	const char *home = home_color(faction);
	int nk = 0, i;

	for (i = 0; i < n; i++) {
		const char *to = strstr(lines[i], " to ");

		if (td_starts(lines[i], "transform") && to != NULL &&
		    strcasecmp(to + 4, home) != 0)
			continue;
		if (strict_dsh && strcmp(faction, "darklings") == 0 &&
		    td_starts(lines[i], "upgrade") && strstr(lines[i], " to SH") != NULL)
			continue;
		keep[nk++] = lines[i];
	}
	if (nk == 0)
		return n;
	for (i = 0; i < nk; i++)
		lines[i] = keep[i];
	return nk;
}

/*
 * While the seat on turn owes the rest of its action (a volcano's cult
 * loss, the free dwelling of ACTW, the upgrade of ACTS, a colour to
 * pick...), the site's engine records that debt when another faction's
 * row comes, or a leech or decline of its own, and some of those records
 * are never taken back: its game then waits for ever (the old
 * found/split-free-action-row.log).  The site's own players write that
 * rest in the action's row.  So does the generator: no candidate becomes
 * the move then, and the seat's listed move is no decision on an offer
 * (all are still offered and compared).
 */
static int
no_offer_rows(char **lines, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		if (!td_starts(lines[i], "leech") && !td_starts(lines[i], "decline"))
			lines[k++] = lines[i];
	return k > 0 ? k : n;
}

static const char *const optional[] = { "strict-leech", "strict-darkling-sh",
	"strict-chaosmagician-sh", "errata-cultist-power", "mini-expansion-1",
	"shipping-bonus", "temple-scoring-tile", "variable-turn-order",
	"fire-and-ice-factions/ice", "fire-and-ice-final-scoring",
	"fire-and-ice-factions/volcano" };

/* The site's options for old games that arbiter plays (TDIFF_LOOSE). */
static const char *const site_opts[] = { "loose-lose-cult", "loose-multi-spade",
	"loose-bridge-adjacency", "manual-fav5", "loose-done", "loose-cultist-ordering",
	"loose-engineer-bridge", "shapeshifter-fix-playtest-v1" };

/* Counts per candidate kind. */
enum { ST_OFFERED, ST_BOTH_OK, ST_BOTH_REFUSED, ST_ARB_REFUSED, ST_REF_REFUSED,
	ST_STATE, ST_DEVIATION, ST_N };
static const char *const st_names[ST_N] = { "offered", "accepted", "refused",
	"only_arbiter_refused", "only_site_refused", "state_differs", "deviation" };

struct game_run {
	const struct game_rules *r;
	struct oracle *o;
	const char *outdir;
	uint64_t seed;
	struct sbuf log;		/* the site log so far */
	char fname[GAME_MAX_SEATS][32];
	long count[TK_NKIND][ST_N];
	int ndiff;
	int stuck;			/* ended where the site waits for ever */
};

/* The row of a candidate as the site's log writes it. */
static void
row_text(const struct game_run *gr, int seat, const char *text, char *buf, size_t len)
{
	size_t n = 0;
	const char *p;

	if (seat >= 0)
		n = (size_t)snprintf(buf, len, "%s: ", gr->fname[seat]);
	for (p = text; *p != '\0' && n + 3 < len; p++) {
		if (*p == '\n' || *p == ';') {
			buf[n++] = '.';
			buf[n++] = ' ';
		} else
			buf[n++] = *p;
	}
	buf[n] = '\0';
}

/* arbiter's state in the fields the oracle answers with (tdref.pl). */
static json_t *
arb_state(const struct game_rules *r, const void *st0)
{
	void *st = td_as_logged(r, st0);
	json_t *v = r->render_json(st, -1, td_seatnames), *fa, *f, *out = json_object(),
	    *fs = json_object(), *pool = json_array(), *bl;
	static const char *const cults[4] = { "FIRE", "WATER", "EARTH", "AIR" };
	static const char *const bld[5] = { "D", "TP", "TE", "SH", "SA" };
	const char *key;
	json_t *val;
	size_t i;
	int k;

	fa = json_object_get(v, "factions");
	json_array_foreach(fa, i, f) {
		json_t *o = json_object(), *pw = json_object_get(f, "power"),
		    *cu = json_object_get(f, "cults"), *b = json_object_get(f, "buildings");
		const char *name = json_string_value(json_object_get(f, "faction"));

		if (name == NULL)
			continue;
		json_object_set(o, "VP", json_object_get(f, "vp"));
		json_object_set(o, "C", json_object_get(f, "c"));
		json_object_set(o, "W", json_object_get(f, "w"));
		json_object_set(o, "P", json_object_get(f, "p"));
		for (k = 0; k < 3; k++) {
			char pk[4];

			snprintf(pk, sizeof(pk), "P%d", k + 1);
			json_object_set(o, pk, json_array_get(pw, (size_t)k));
		}
		for (k = 0; k < 4; k++)
			json_object_set(o, cults[k], json_array_get(cu, (size_t)k));
		for (k = 0; k < 5; k++)
			json_object_set(o, bld[k], json_object_get(b, bld[k]));
		json_object_set(o, "ship", json_object_get(f, "ship"));
		json_object_set(o, "dig", json_object_get(f, "dig"));
		json_object_set(o, "BON", json_object_get(f, "bonus"));
		json_object_set(o, "FAV", json_object_get(f, "favors"));
		json_object_set(o, "TW", json_object_get(f, "towns"));
		json_object_set_new(fs, name, o);
	}
	bl = json_object_get(v, "bonus_left");
	for (k = 1; k <= TM_NBON; k++) {
		char bk[8];

		snprintf(bk, sizeof(bk), "BON%d", k);
		if (json_object_get(bl, bk) != NULL)
			json_array_append_new(pool, json_integer(k));
	}
	(void)key;
	(void)val;
	json_object_set_new(out, "f", fs);
	json_object_set_new(out, "pool", pool);
	json_object_set_new(out, "finished", json_integer(r->over(st) ? 1 : 0));
	json_decref(v);
	free(st);
	return out;
}

/* The first field where the two states differ, in buf; 0 when none.
 * After the game's end arbiter shows the resources converted for the
 * final scoring and the site leaves them (as compare.py): not compared. */
static int
state_diff(json_t *a, json_t *ref, char *buf, size_t len)
{
	json_t *fa = json_object_get(a, "f"), *fr = json_object_get(ref, "f"), *x;
	const char *name, *k;
	json_t *v;
	int over = json_integer_value(json_object_get(a, "finished")) &&
	    json_integer_value(json_object_get(ref, "finished"));

	json_object_foreach(fa, name, x) {
		json_t *y = json_object_get(fr, name);

		if (y == NULL) {
			snprintf(buf, len, "faction %s only in arbiter", name);
			return 1;
		}
		json_object_foreach(x, k, v) {
			json_t *w = json_object_get(y, k);

			if (over && (strcmp(k, "C") == 0 || strcmp(k, "W") == 0 ||
			    strcmp(k, "P") == 0 || strcmp(k, "P1") == 0 ||
			    strcmp(k, "P2") == 0 || strcmp(k, "P3") == 0))
				continue;

			if (w == NULL || !json_equal(v, w)) {
				char *sa = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT),
				    *sr = w ? json_dumps(w, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;

				snprintf(buf, len, "%s %s: arbiter %s, site %s", name, k, sa,
				    sr ? sr : "none");
				free(sa);
				free(sr);
				return 1;
			}
		}
	}
	if (!json_equal(json_object_get(a, "pool"), json_object_get(ref, "pool"))) {
		snprintf(buf, len, "bonus tiles in the pool differ");
		return 1;
	}
	if (!json_equal(json_object_get(a, "finished"), json_object_get(ref, "finished"))) {
		snprintf(buf, len, "the game is over for one of them only");
		return 1;
	}
	return 0;
}

/*
 * The refusals of arbiter that tests/terra/REFUSALS.md marks as a
 * deviation (the site takes the command and its game can then no longer
 * go on, or arbiter has stopped taking commands after the game's end): a
 * table row whose second cell begins with "**deviation**", its first cell
 * the message's format in backquotes.  When arbiter refuses with one of
 * them and the site accepts, the disagreement is counted apart, not as a
 * difference.
 */
static char *deviation[64];
static int ndeviation;

static void
load_deviations(void)
{
	char path[4096], *text, *line, *save = NULL;
	const char *here = getenv("TDIFF_HERE");

	if (getenv("TDIFF_REFUSALS") != NULL)
		snprintf(path, sizeof(path), "%s", getenv("TDIFF_REFUSALS"));
	else
		snprintf(path, sizeof(path), "%s/../../tests/terra/REFUSALS.md", here ? here : ".");
	if ((text = td_slurp(path)) == NULL) {
		fprintf(stderr, "tdarb gen: no %s: deviations count as differences\n", path);
		return;
	}
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		char *a = strchr(line, '`'), *b = a ? strchr(a + 1, '`') : NULL, *c;

		if (line[0] != '|' || a == NULL || b == NULL || ndeviation >= 64)
			continue;
		c = strchr(b, '|');
		if (c == NULL)
			continue;
		for (c++; *c == ' '; c++)
			;
		if (strncmp(c, "**deviation**", 13) != 0)
			continue;
		deviation[ndeviation++] = strndup(a + 1, (size_t)(b - a - 1));
	}
	free(text);
}

/* Does msg fit the printf format fmt (each conversion any text)? */
static int
fits(const char *msg, const char *fmt)
{
	if (*fmt == '\0')
		return 1;	/* the message may say more after the format */
	if (fmt[0] == '%' && fmt[1] == '%')
		return *msg == '%' && fits(msg + 1, fmt + 2);
	if (fmt[0] == '%') {
		fmt++;
		while (*fmt != '\0' && strchr("sdcu", *fmt) == NULL)
			fmt++;
		if (*fmt != '\0')
			fmt++;
		for (;; msg++) {
			if (fits(msg, fmt))
				return 1;
			if (*msg == '\0')
				return 0;
		}
	}
	return *msg == *fmt && fits(msg + 1, fmt + 1);
}

/* Is arbiter's refusal err a documented deviation? */
static int
is_deviation(const char *err)
{
	int i;
	const char *p;

	/* the message may be quoted behind the command: "'dig 2': dig: ..." */
	for (i = 0; i < ndeviation; i++)
		for (p = err; *p != '\0'; p++)
			if (fits(p, deviation[i]))
				return 1;
	return 0;
}

/* Keep a disagreement: the log so far, the row, what each said. */
static void
keep_diff(struct game_run *gr, const char *row, const char *what, const char *arb,
    const char *ref)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/diff/g%llu-%d.log", gr->outdir,
	    (unsigned long long)gr->seed, gr->ndiff++);
	if ((f = fopen(path, "w")) == NULL)
		return;
	fprintf(f, "%s%s\n# %s\n# arbiter: %s\n# site: %s\n", sb_str(&gr->log), row, what,
	    arb, ref);
	fclose(f);
	printf("g%llu: %s [%s]: arbiter %s; site %s\n", (unsigned long long)gr->seed, what,
	    row, arb, ref);
	fflush(stdout);
}

/*
 * Would the site, after this accepted candidate, keep a record of a debt
 * it never takes back (no_offer_rows): its seat ends the row (pass, leech,
 * decline, pick-color) owing a free dwelling or trading post, a volcano's
 * cult loss or dig, or a colour?  Such a candidate is compared, not made
 * the game's move.
 */
static int
leaves_record(const void *st, const struct td_cand *c)
{
	const struct tm_state *s = st;
	const struct tm_player *p;

	if (c->seat < 0)
		return 0;
	p = &s->pl[c->seat];
	if (!(p->free_d || p->free_tp || p->lose_cult || p->volcano_tf ||
	    (p->pick_owed && s->phase == TP_ACTIONS)))
		return 0;
	return strstr(c->text, "pass") != NULL || strstr(c->text, "leech") != NULL ||
	    strstr(c->text, "decline") != NULL || strstr(c->text, "pick-color") != NULL;
}

/*
 * Offer one candidate to both engines.  Returns 1 when both accepted it
 * (and their states agree), 2 when so but it is not to become the game's
 * move (leaves_record), 0 otherwise; -1 when the oracle is gone.
 */
static int
offer(struct game_run *gr, const void *st, const struct td_cand *c)
{
	const struct game_rules *r = gr->r;
	void *copy = malloc(r->state_size);
	char row[512], err[512], d[512];
	struct game_played pl;
	const char *ans;
	int arb_ok, ref_ok, res = 0;

	row_text(gr, c->seat, c->text, row, sizeof(row));
	memcpy(copy, st, r->state_size);
	err[0] = '\0';
	/* arbiter in the site's notation only: no spades bought for a build or
	 * transform (its own notation, which the site refuses, stays out) */
	((struct tm_state *)copy)->site_form = 1;
	arb_ok = r->play(copy, c->seat, row, &pl, err, sizeof(err)) == GAME_OK;
	ans = oracle_ask(gr->o, "try", row);
	if (ans == NULL) {
		free(copy);
		return -1;
	}
	gr->count[c->kind][ST_OFFERED]++;
	ref_ok = strncmp(ans, "ok ", 3) == 0;
	if (strncmp(ans, "dead ", 5) == 0) {
		keep_diff(gr, row, "the site refused an earlier row", "accepted it", ans + 5);
		free(copy);
		return -1;
	}
	if (arb_ok && ref_ok) {
		json_t *a = arb_state(r, copy), *rs = json_loads(ans + 3, 0, NULL);

		gr->count[c->kind][ST_BOTH_OK]++;
		res = leaves_record(copy, c) ? 2 : 1;
		if (rs != NULL && state_diff(a, rs, d, sizeof(d))) {
			gr->count[c->kind][ST_STATE]++;
			keep_diff(gr, row, "states differ after it", d, "(see above)");
			res = 0;
		}
		json_decref(a);
		json_decref(rs);
	} else if (!arb_ok && !ref_ok) {
		gr->count[c->kind][ST_BOTH_REFUSED]++;
	} else if (!arb_ok && is_deviation(err)) {
		gr->count[c->kind][ST_DEVIATION]++;
	} else if (!arb_ok) {
		gr->count[c->kind][ST_ARB_REFUSED]++;
		keep_diff(gr, row, "only arbiter refuses", err, "accepts");
	} else {
		gr->count[c->kind][ST_REF_REFUSED]++;
		keep_diff(gr, row, "only the site refuses", "accepts", ans);
	}
	free(copy);
	return res;
}

/* Apply a row to both engines; 0, or -1 when arbiter refuses it.  site:
 * in the site's notation only (a candidate, as it was offered). */
static int
commit(struct game_run *gr, void *st, int seat, const char *text, int site)
{
	char row[512], err[512];
	struct game_played pl;

	row_text(gr, seat, text, row, sizeof(row));
	if (site)
		((struct tm_state *)st)->site_form = 1;
	if (gr->r->play(st, seat, row, &pl, err, sizeof(err)) != GAME_OK) {
		fprintf(stderr, "g%llu: listed move '%s' rejected: %s\n",
		    (unsigned long long)gr->seed, row, err);
		return -1;
	}
	sb_printf(&gr->log, "%s\n", row);
	if (oracle_ask(gr->o, "row", row) == NULL)
		return -1;
	return 0;
}

/*
 * A documented deviation that is no refusal (arbiter-terra(6), the
 * strict-darkling-sh option): the Darklings' row ended with their
 * stronghold under strict-darkling-sh, leaving nothing to convert or burn
 * (no W, no P, no power in bowl III, less than 2 in bowl II) and no power
 * offer open to them.  The site then waits for their conversion for ever:
 * done does not end the wait, a pass is refused as a second action, every
 * conversion wants what they lack, and every other faction's command is
 * refused ("not active player"; seed 661263).  arbiter goes on to the next
 * seat.  The game is compared up to there and ends: a deviation.
 */
static int
site_waits_for_ever(const struct tm_state *s, int seat, const char *text)
{
	const struct tm_player *p = &s->pl[seat];
	const char *last = strrchr(text, '.');
	int i;

	last = last != NULL ? last + 1 : text;
	while (*last == ' ')
		last++;
	if (!s->opt_strict_dark || p->faction != TF_DARKLINGS || !td_starts(last, "upgrade ") ||
	    strstr(last, " to SH") == NULL)
		return 0;
	if (p->w > 0 || p->p > 0 || p->pw[2] > 0 || p->pw[1] >= 2)
		return 0;
	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat)
			return 0;
	return 1;
}

static int
undropped(const struct tm_state *s)
{
	int i, n = 0;

	for (i = 0; i < s->nseats; i++)
		n += !s->pl[i].dropped;
	return n;
}

/* One game; 0 when it came to its end. */
static int
gen_one(struct game_run *gr, int np, int steer)
{
	const struct game_rules *r = gr->r;
	uint8_t seed[GAME_SEED_LEN];
	struct rng g;
	struct game_opt opts[32];
	int nopts = 0, i, k, rc = 1, strict_dsh, ncand, started = 0;
	char err[512];
	void *st = calloc(1, r->state_size);
	struct sbuf mv = SBUF_INIT, hdr = SBUF_INIT;
	json_t *v, *sc, *bl;
	long steps = 0;
	const char *e, *ans;
	int pct_commit = (e = getenv("TDIFF_COMMIT")) != NULL ? atoi(e) : 25;

	ncand = (e = getenv("TDIFF_CAND")) != NULL ? atoi(e) : 2;
	memset(seed, 0, sizeof(seed));
	memcpy(seed, &gr->seed, sizeof(gr->seed));
	seed[31] = 0x7d;
	rng_seed(&g, seed);
	opts[nopts].key = "maintain-player-order";
	opts[nopts++].value = "";
	for (i = 0; i < (int)(sizeof(optional) / sizeof(optional[0])); i++)
		if (rng_below(&g, 2)) {
			opts[nopts].key = optional[i];
			opts[nopts++].value = "";
		}
	/* the Shapeshifters and Riverwalkers: one of the five rule versions,
	 * half the games (TDIFF_VARIABLE=N: always version N) */
	{
		static const char *const variable[] = { "fire-and-ice-factions/variable",
		    "fire-and-ice-factions/variable_v2", "fire-and-ice-factions/variable_v3",
		    "fire-and-ice-factions/variable_v4", "fire-and-ice-factions/variable_v5" };
		int pk = (int)rng_below(&g, 10);

		e = getenv("TDIFF_VARIABLE");
		if (e != NULL && atoi(e) >= 1 && atoi(e) <= 5)
			pk = atoi(e) - 1;
		if (pk < 5) {
			opts[nopts].key = variable[pk];
			opts[nopts++].value = "";
		}
	}
	/* the site's options for old games, each with TDIFF_LOOSE=PERCENT
	 * (default 0), from a generator of their own so that the games drawn
	 * without them stay as they were */
	if ((e = getenv("TDIFF_LOOSE")) != NULL && atoi(e) > 0) {
		struct rng lg;
		uint8_t lseed[GAME_SEED_LEN];

		memcpy(lseed, seed, sizeof(lseed));
		lseed[31] = 0x7e;
		rng_seed(&lg, lseed);
		for (i = 0; i < (int)(sizeof(site_opts) / sizeof(site_opts[0])); i++)
			if ((int)rng_below(&lg, 100) < atoi(e)) {
				opts[nopts].key = site_opts[i];
				opts[nopts++].value = "";
			}
	}
	if (r->setup(st, np, opts, nopts, seed, err, sizeof(err)) != 0) {
		fprintf(stderr, "g%llu: setup: %s\n", (unsigned long long)gr->seed, err);
		goto out;
	}
	for (i = 0; i < nopts; i++)
		sb_printf(&hdr, "option %s\n", opts[i].key);
	v = r->render_json(st, -1, td_seatnames);
	/* the site draws the Fire & Ice final tile only on `randomize`: the
	 * log names the tile the seed drew */
	if (json_object_get(v, "final_scoring") != NULL)
		sb_printf(&hdr, "final-scoring %s\n",
		    json_string_value(json_object_get(v, "final_scoring")));
	sc = json_object_get(v, "scoring");
	sb_puts(&hdr, "score ");
	for (i = 0; i < (int)json_array_size(sc); i++)
		sb_printf(&hdr, "%sSCORE%d", i ? "," : "",
		    (int)json_integer_value(json_array_get(sc, (size_t)i)));
	sb_puts(&hdr, "\n");
	bl = json_object_get(v, "bonus_left");
	for (i = 1; i <= 10; i++) {
		char key[8];

		snprintf(key, sizeof(key), "BON%d", i);
		if (i == 10 && !has_opt(opts, nopts, "shipping-bonus"))
			continue;	/* BON10 only exists with shipping-bonus */
		if (json_object_get(bl, key) == NULL)
			sb_printf(&hdr, "delete %s\n", key);
	}
	json_decref(v);
	/* the site lets a volcano faction pick its colour (post-setup) only
	 * in a game with players, and only with players does it hold the
	 * factions' choice and the initial dwellings for a colour an ice,
	 * Shapeshifter or Riverwalker faction owes (acting.pm's
	 * in_select_factions, in_post_setup; without, the first `build` starts
	 * the dwellings at once): name them, as the site has them for every
	 * game of its own (from its database) */
	for (i = 0; i < nopts; i++)
		if (strncmp(opts[i].key, "fire-and-ice-factions/", 22) == 0)
			break;
	if (i < nopts)
		for (i = 0; i < np; i++)
			sb_printf(&hdr, "player p%d\n", i + 1);
	if ((ans = oracle_ask(gr->o, "game", NULL)) == NULL || strcmp(ans, "ready") != 0)
		goto out;
	started = 1;
	{
		char *lines[64], *copy = strdup(sb_str(&hdr));
		int n = td_split_lines(copy, lines, 64);

		for (i = 0; i < n; i++) {
			if (oracle_ask(gr->o, "row", lines[i]) == NULL)
				n = -1;
			sb_printf(&gr->log, "%s\n", lines[i]);
		}
		free(copy);
		if (n < 0)
			goto out;
	}
	strict_dsh = has_opt(opts, nopts, "strict-darkling-sh");
	memset(gr->fname, 0, sizeof(gr->fname));
	while (!r->over(st)) {
		const struct tm_state *ts = st;
		struct game_wait w;
		char *lines[4096];
		int seats[GAME_MAX_SEATS], ns = 0, offers[GAME_MAX_SEATS], no = 0, seat, n;
		int accepted[8], nacc = 0, chosen_seat, fragile, site;
		struct td_cand cand[8];
		const char *text;
		char buildbuf[128], chosen[256];

		if (++steps > 3000) {
			fprintf(stderr, "g%llu: no end after 3000 steps\n",
			    (unsigned long long)gr->seed);
			goto out;
		}
		r->waiting(st, &w);
		for (k = 0; k < np; k++)
			if (w.mask & (1u << k)) {
				seats[ns++] = k;
				if (strstr(w.why[k], "leech") != NULL)
					offers[no++] = k;
			}
		if (ns == 0) {
			fprintf(stderr, "g%llu: waits for nobody\n", (unsigned long long)gr->seed);
			goto out;
		}
		/* (--steer) decide power offers and owed steps first */
		for (k = 0; steer && k < ns; k++)
			if (strstr(w.why[seats[k]], "take an action") == NULL &&
			    no < GAME_MAX_SEATS && strstr(w.why[seats[k]], "leech") == NULL &&
			    strstr(w.why[seats[k]], "bridge HEX:HEX") == NULL)
				offers[no++] = seats[k];
		if (no > 0 && steer)
			seat = offers[rng_below(&g, (uint32_t)no)];
		else
			seat = seats[rng_below(&g, (uint32_t)ns)];
		/*
		 * A faction that started an action and owes its rest (the free
		 * dwelling of ACTW, the upgrade of ACTS, spades to spend) writes
		 * that rest in its next row, as the site's own logs do.
		 */
		fragile = ts->phase == TP_ACTIONS && ts->cur >= 0 && ts->cur < np &&
		    (w.mask & (1u << ts->cur)) && tm_owes(ts, ts->cur);
		if (fragile)
			seat = ts->cur;
		sb_reset(&mv);
		r->moves(st, seat, &mv);
		n = td_split_lines((char *)sb_str(&mv), lines, 4096);
		if (n <= 0) {
			fprintf(stderr, "g%llu: seat %d has no move (%s)\n",
			    (unsigned long long)gr->seed, seat, w.why[seat]);
			goto out;
		}
		if (steer)
			n = filter_known(lines, n, gr->fname[seat], strict_dsh);
		if (fragile)
			n = no_offer_rows(lines, n);
		text = choose(&g, lines, n, steer);
		/* with the Fire & Ice factions in the game, choose them often
		 * enough that every game exercises one (TDIFF_ICE=percent,
		 * default 60) */
		if (td_starts(text, "setup ")) {
			static char *ice[6];
			int ni = 0, pct = getenv("TDIFF_ICE") ? atoi(getenv("TDIFF_ICE")) : 60;

			for (k = 0; k < n; k++)
				if (strcmp(lines[k], "setup icemaidens") == 0 ||
				    strcmp(lines[k], "setup yetis") == 0 ||
				    strcmp(lines[k], "setup acolytes") == 0 ||
				    strcmp(lines[k], "setup dragonlords") == 0 ||
				    strcmp(lines[k], "setup shapeshifters") == 0 ||
				    strcmp(lines[k], "setup riverwalkers") == 0)
					ice[ni++] = lines[k];
			if (ni > 0 && (int)rng_below(&g, 100) < pct)
				text = ice[rng_below(&g, (uint32_t)ni)];
			if (r->play(st, seat, text, &(struct game_played){ 0 }, err,
			    sizeof(err)) != GAME_OK || oracle_ask(gr->o, "row", text) == NULL)
				goto out;
			snprintf(gr->fname[seat], sizeof(gr->fname[seat]), "%s", text + 6);
			sb_printf(&gr->log, "%s\n", text);
			continue;
		}
		if ((td_starts(text, "build ") || td_starts(text, "transform ")) &&
		    getenv("TDIFF_RAWBUILD") == NULL)
			text = site_build(r, st, seat, text, buildbuf, sizeof(buildbuf));
		snprintf(chosen, sizeof(chosen), "%s", text);
		chosen_seat = seat;
		/* candidates, once every seat has its faction */
		for (k = 0; k < ncand && k < 8 && gr->fname[np - 1][0] != '\0'; k++) {
			int got;

			if (td_candidate(r, ts, &g, seat, lines, n,
			    (const char (*)[32])gr->fname, &cand[k]) != 0) {
				cand[k].text[0] = '\0';
				continue;
			}
			/* arbiter's own notation (a build or transform that buys
			 * its spades) goes to the site in the site's (dig first),
			 * as the listed moves do */
			if ((strstr(cand[k].text, "build ") != NULL ||
			    strstr(cand[k].text, "transform ") != NULL) &&
			    strstr(cand[k].text, "dig ") == NULL && cand[k].seat >= 0 &&
			    getenv("TDIFF_RAWBUILD") == NULL) {
				char tb[256];
				const char *t = site_build(r, st, cand[k].seat, cand[k].text, tb,
				    sizeof(tb));

				if (t != cand[k].text)
					snprintf(cand[k].text, sizeof(cand[k].text), "%s", t);
			}
			got = offer(gr, st, &cand[k]);
			if (got < 0)
				goto out;
			if (got == 1 && (cand[k].kind != TK_DROP && cand[k].kind != TK_RESIGN ?
			    1 : undropped(ts) > 2 && rng_below(&g, 4) == 0))
				accepted[nacc++] = k;
		}
		site = 0;
		if (nacc > 0 && !fragile && (int)rng_below(&g, 100) < pct_commit) {
			k = accepted[rng_below(&g, (uint32_t)nacc)];
			chosen_seat = cand[k].seat;
			snprintf(chosen, sizeof(chosen), "%s", cand[k].text);
			site = 1;
		}
		if (commit(gr, st, chosen_seat, chosen, site) != 0)
			goto out;
		if (chosen_seat >= 0 && site_waits_for_ever(st, chosen_seat, chosen)) {
			gr->count[TK_UPGRADE][ST_DEVIATION]++;
			gr->stuck = 1;
			break;
		}
	}
	rc = 0;
out:
	if (started && (ans = oracle_ask(gr->o, "end", NULL)) != NULL &&
	    strstr(ans, "\"dead\"") != NULL)
		keep_diff(gr, "", "the site refused a row of the game", "accepted every row",
		    ans);
	{
		char path[4096];
		FILE *f;

		snprintf(path, sizeof(path), "%s/g/g%llu.log%s", gr->outdir,
		    (unsigned long long)gr->seed, rc == 0 ? "" : ".failed");
		if ((f = fopen(path, "w")) != NULL) {
			fputs(sb_str(&gr->log), f);
			fclose(f);
		}
	}
	sb_free(&mv);
	sb_free(&hdr);
	free(st);
	return rc;
}

/* The stats line of one game. */
static void
write_stats(const struct game_run *gr, int np, int ok)
{
	char path[4096];
	FILE *f;
	int k, j;

	snprintf(path, sizeof(path), "%s/stats.jsonl", gr->outdir);
	if ((f = fopen(path, "a")) == NULL)
		return;
	fprintf(f, "{\"seed\":%llu,\"players\":%d,\"ended\":%s,\"differences\":%d,\"kinds\":{",
	    (unsigned long long)gr->seed, np, ok ? "true" : "false", gr->ndiff);
	for (k = 0; k < TK_NKIND; k++) {
		fprintf(f, "%s\"%s\":{", k ? "," : "", td_kind_names[k]);
		for (j = 0; j < ST_N; j++)
			fprintf(f, "%s\"%s\":%ld", j ? "," : "", st_names[j], gr->count[k][j]);
		fprintf(f, "}");
	}
	fprintf(f, "}}\n");
	fclose(f);
}

int
td_gen(const struct game_rules *r, uint64_t first, long count, const char *outdir,
    int steer)
{
	struct oracle o;
	const char *ref = getenv("REF");
	char dir[4096];
	long i;
	int bad = 0;

	if (ref == NULL) {
		fprintf(stderr, "tdarb gen: set REF to the reference's src/\n");
		return 64;
	}
	snprintf(dir, sizeof(dir), "%s/g", outdir);
	mkdir(outdir, 0755);
	mkdir(dir, 0755);
	snprintf(dir, sizeof(dir), "%s/diff", outdir);
	mkdir(dir, 0755);
	signal(SIGPIPE, SIG_IGN);
	load_deviations();
	if (oracle_open(&o, ref) != 0) {
		perror("tdarb gen: oracle");
		return 70;
	}
	for (i = 0; i < count; i++) {
		struct game_run gr;
		int np = (int)(2 + (first + (uint64_t)i) % 4), rc;

		memset(&gr, 0, sizeof(gr));
		gr.r = r;
		gr.o = &o;
		gr.outdir = outdir;
		gr.seed = first + (uint64_t)i;
		gr.log = (struct sbuf)SBUF_INIT;
		rc = gen_one(&gr, np, steer);
		write_stats(&gr, np, rc == 0 && !gr.stuck);
		bad += gr.ndiff > 0 || rc != 0;
		sb_free(&gr.log);
	}
	oracle_close(&o);
	return bad ? 1 : 0;
}
