/*
 * realgame.h - replay a real Terra Mystica game log through the engine and
 * compare with the site's ledger (developer tool shared by the tests).
 *
 * Included by test files only; every function is static.
 */
#ifndef TERRA_REALGAME_H
#define TERRA_REALGAME_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../../engine/game.h"
#include "../../engine/terra/terra.h"

extern const struct game_rules terra_rules;

/* Read a whole file into a NUL-terminated buffer; NULL if it cannot. */
static char *
rg_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		} else if (buf != NULL) {
			buf[n] = '\0';
		}
	}
	fclose(f);
	return buf;
}

/* The folder with the real games. */
static void
rg_dir(char *out, size_t len)
{
	const char *sh = getenv("ARBITER_SHARED");

	snprintf(out, len, "%s/games/terra", sh != NULL ? sh : "../shared");
}

/* One ledger row of a faction. */
struct rg_row {
	int line;
	char faction[32];
	int vp, c, w, p, pw[3], cult[4];
	int dc, dw, dp, dpw;
	char cmd[512];
};

/* Parse the ledger's faction rows; returns the count (rows malloc'd). */
static int
rg_ledger(const char *text, struct rg_row **rows)
{
	const char *p = text;
	int n = 0, cap = 0, line = 0;

	*rows = NULL;
	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		char buf[2048], *col[16], *q, *save = NULL;
		int nc = 0;

		line++;
		if (len < sizeof(buf)) {
			memcpy(buf, p, len);
			buf[len] = '\0';
			q = buf;
			while (nc < 16) {
				col[nc++] = q;
				q = strchr(q, '\t');
				if (q == NULL)
					break;
				*q++ = '\0';
			}
			if (nc == 15) {
				struct rg_row r;

				memset(&r, 0, sizeof(r));
				r.line = line;
				snprintf(r.faction, sizeof(r.faction), "%s", col[0]);
				r.vp = atoi(col[2]);
				r.dc = atoi(col[3]);
				r.dw = atoi(col[5]);
				r.dp = atoi(col[7]);
				r.dpw = atoi(col[9]);
				r.c = atoi(col[4]);
				r.w = atoi(col[6]);
				r.p = atoi(col[8]);
				sscanf(col[10], "%d/%d/%d", &r.pw[0], &r.pw[1], &r.pw[2]);
				sscanf(col[12], "%d/%d/%d/%d", &r.cult[0], &r.cult[1],
				    &r.cult[2], &r.cult[3]);
				snprintf(r.cmd, sizeof(r.cmd), "%s", col[14]);
				for (q = r.cmd; *q != '\0'; q++)
					*q = (char)tolower((unsigned char)*q);
				if (n == cap) {
					struct rg_row *nr;

					cap = cap ? cap * 2 : 256;
					nr = realloc(*rows, sizeof(*nr) * (size_t)cap);
					if (nr == NULL)
						return n;
					*rows = nr;
				}
				(*rows)[n++] = r;
			}
			(void)save;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return n;
}

/* Does the ledger row show the same figures as the faction in the state? */
static int
rg_same(const struct tm_player *p, const struct rg_row *r)
{
	int k;

	if (p->vp != r->vp || p->c != r->c || p->w != r->w || p->p != r->p)
		return 0;
	for (k = 0; k < 3; k++)
		if (p->pw[k] != r->pw[k])
			return 0;
	for (k = 0; k < 4; k++)
		if (p->cult[k] != r->cult[k])
			return 0;
	return 1;
}

/* The submission's commands, lower case, without the faction prefix. */
static void
rg_body(const char *text, char *out, size_t len)
{
	const char *colon = strchr(text, ':'), *sp = strchr(text, ' ');
	size_t i;

	if (colon != NULL && (sp == NULL || colon < sp))
		text = colon + 1;
	while (*text == ' ')
		text++;
	snprintf(out, len, "%s", text);
	for (i = 0; out[i] != '\0'; i++)
		out[i] = (char)tolower((unsigned char)out[i]);
}

/*
 * After applying submission `text` for seat, find its ledger row (a row of
 * that faction, at or after *pos, whose commands end with this text) and
 * compare.  Returns 0, or -1 with msg describing the first difference.
 */
static int
rg_compare(const struct tm_state *s, int seat, const char *text,
    const struct rg_row *rows, int nrows, int *pos, char *msg, size_t len)
{
	const char *fac = tm_fdefs[s->pl[seat].faction].name;
	const struct tm_player *p = &s->pl[seat];
	char body[512];
	int i, tries = 0;

	rg_body(text, body, sizeof(body));
	for (i = *pos; i < nrows && tries < 40; i++) {
		size_t bl = strlen(body), cl;

		if (strcmp(rows[i].faction, fac) != 0)
			continue;
		tries++;
		cl = strlen(rows[i].cmd);
		if (strstr(rows[i].cmd, body) == NULL)
			continue;
		/* a row merging later input of the same faction: compare later */
		if (cl < bl || strcmp(rows[i].cmd + cl - bl, body) != 0) {
			*pos = i;
			return 0;
		}
		*pos = i + 1;
		if (rg_same(p, &rows[i]))
			return 0;
		/* income or cult bonus the engine applied right after the row */
		{
			int j, k = i;

			for (j = i + 1; j < nrows && j < i + 40; j++) {
				if (strcmp(rows[j].faction, fac) != 0)
					continue;
				if (strstr(rows[j].cmd, "income_for_faction") == NULL)
					break;
				k = j;
			}
			if (k != i && rg_same(p, &rows[k])) {
				*pos = k + 1;
				return 0;
			}
		}
		snprintf(msg, len, "ledger line %d (%s: %s): ledger %d VP %d C %d W "
		    "%d P %d/%d/%d %d/%d/%d/%d, engine %d VP %d C %d W %d P %d/%d/%d "
		    "%d/%d/%d/%d", rows[i].line, fac, rows[i].cmd, rows[i].vp,
		    rows[i].c, rows[i].w, rows[i].p, rows[i].pw[0], rows[i].pw[1],
		    rows[i].pw[2], rows[i].cult[0], rows[i].cult[1], rows[i].cult[2],
		    rows[i].cult[3], p->vp, p->c, p->w, p->p, p->pw[0], p->pw[1],
		    p->pw[2], p->cult[0], p->cult[1], p->cult[2], p->cult[3]);
		return -1;
	}
	return 0;
}

/* Compare each seat's income this round with the ledger's income rows. */
static void
rg_income(const struct tm_state *s, const struct rg_row *rows, int nrows,
    char *first, size_t len)
{
	int i, j, c, w, p, pw, k;

	for (i = 0; i < s->nseats; i++) {
		const char *fac = tm_fdefs[s->pl[i].faction].name;

		if (s->pl[i].dropped)
			continue;
		k = 0;
		for (j = 0; j < nrows; j++) {
			if (strcmp(rows[j].faction, fac) != 0 ||
			    strstr(rows[j].cmd, "other_income_for_faction") == NULL)
				continue;
			if (++k == s->round)
				break;
		}
		if (j >= nrows)
			continue;
		tm_income_of(s, i, &c, &w, &p, &pw);
		if ((c != rows[j].dc || w != rows[j].dw || pw < rows[j].dpw ||
		    p < rows[j].dp) && first[0] == '\0')
			snprintf(first, len, "round %d income of %s: ledger line %d "
			    "+%dC +%dW +%dP +%dPW, engine +%dC +%dW +%dP +%dPW "
			    "(D%d TP%d TE%d SH%d SA%d BON%d)", s->round, fac,
			    rows[j].line, rows[j].dc, rows[j].dw, rows[j].dp,
			    rows[j].dpw, c, w, p, pw, s->pl[i].nb[1], s->pl[i].nb[2],
			    s->pl[i].nb[3], s->pl[i].nb[4], s->pl[i].nb[5], s->pl[i].bon);
	}
}

/* Longest line of the public text report of a state. */
static size_t
rg_widest(const struct tm_state *s)
{
	static const char *const nm[TM_MAXP] = { "first player", "second player",
	    "third player", "fourth player", "fifth player" };
	struct sbuf b = SBUF_INIT;
	const char *p;
	size_t best = 0, n;

	terra_rules.render_text(s, -1, nm, &b);
	for (p = sb_str(&b); *p != '\0'; p += n + (p[n] != '\0')) {
		n = strcspn(p, "\n");
		if (n > best)
			best = n;
	}
	sb_free(&b);
	return best;
}

/* Result of replaying one game. */
struct rg_result {
	int ok;			/* imported, every submission accepted, scores equal */
	double seconds;
	char msg[4096];
};

/*
 * Replay one game NAME (without extension) from dir; compare the final VP
 * with NAME.expected and, when `ledger` is set or scores differ, report
 * the first ledger row that differs.
 */
static void
rg_replay(const char *dir, const char *name, int ledger, struct rg_result *res)
{
	char path[1024], err[512] = "", first[1024] = "";
	char *log = NULL, *exp = NULL, *led = NULL;
	struct game_import imp;
	struct tm_state *s = NULL;
	struct rg_row *rows = NULL;
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	int nrows = 0, pos = 0, i, bad = 0, last_round = 0;
	clock_t t0 = clock();

	memset(res, 0, sizeof(*res));
	memset(&imp, 0, sizeof(imp));
	snprintf(path, sizeof(path), "%s/%s.log", dir, name);
	log = rg_slurp(path);
	snprintf(path, sizeof(path), "%s/%s.expected", dir, name);
	exp = rg_slurp(path);
	snprintf(path, sizeof(path), "%s/%s.ledger.tsv", dir, name);
	led = rg_slurp(path);
	if (log == NULL || exp == NULL) {
		snprintf(res->msg, sizeof(res->msg), "%s: cannot read log/expected", name);
		goto out;
	}
	if (led != NULL)
		nrows = rg_ledger(led, &rows);
	if (terra_rules.import_log(log, &imp, err, sizeof(err)) != 0) {
		snprintf(res->msg, sizeof(res->msg), "%s: import: %s", name, err);
		goto out;
	}
	s = calloc(1, sizeof(*s));
	if (s == NULL || terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed,
	    err, sizeof(err)) != 0) {
		snprintf(res->msg, sizeof(res->msg), "%s: setup: %s", name, err);
		goto out;
	}
	for (i = 0; i < imp.nsubs; i++) {
		struct game_played pl;
		enum game_status st = terra_rules.play(s, imp.subs[i].seat,
		    imp.subs[i].text, &pl, err, sizeof(err));

		if (st != GAME_OK) {
			snprintf(res->msg, sizeof(res->msg), "%s: log line %d '%s' "
			    "rejected: %s%s%s", name, imp.subs[i].line, imp.subs[i].text,
			    err, first[0] ? "\n  first ledger difference: " : "", first);
			goto out;
		}
		if (s->round != last_round && s->phase == TP_ACTIONS && rows != NULL) {
			last_round = s->round;
			rg_income(s, rows, nrows, first, sizeof(first));
		}
		if (getenv("TERRA_TRACE") != NULL && imp.subs[i].seat >= 0) {
			const struct tm_player *tp = &s->pl[imp.subs[i].seat];

			if (strstr(imp.subs[i].text, getenv("TERRA_TRACE")) != NULL)
				printf("R%d %-50.50s %d VP %d C %d W %d P %d/%d/%d %d/%d/%d/%d\n",
				    s->round, imp.subs[i].text, tp->vp, tp->c, tp->w, tp->p,
				    tp->pw[0], tp->pw[1], tp->pw[2], tp->cult[0], tp->cult[1],
				    tp->cult[2], tp->cult[3]);
			if (strstr(imp.subs[i].text, getenv("TERRA_TRACE")) != NULL) {
				int o;

				for (o = 0; o < s->noffer; o++)
					printf("   offer %d->%d %d g%d\n", s->offer[o].from,
					    s->offer[o].to, s->offer[o].amount, s->offer[o].group);
			}
		}
		if (rows != NULL && imp.subs[i].seat >= 0 && first[0] == '\0' &&
		    s->pl[imp.subs[i].seat].faction >= 0) {
			char m[900];

			if (rg_compare(s, imp.subs[i].seat, imp.subs[i].text, rows,
			    nrows, &pos, m, sizeof(m)) != 0)
				snprintf(first, sizeof(first), "after log line %d: %s",
				    imp.subs[i].line, m);
		}
	}
	if (!s->over) {
		snprintf(res->msg, sizeof(res->msg), "%s: the game did not end", name);
		goto out;
	}
	{
		size_t l = 0;

		for (i = 0; i < s->nseats; i++) {
			const char *fn = tm_fdefs[s->pl[i].faction].name;
			const char *e = strstr(exp, fn);
			int want = e != NULL ? atoi(e + strlen(fn) + 1) : -1;

			if (want != s->pl[i].vp)
				bad = 1;
			l += (size_t)snprintf(res->msg + l, sizeof(res->msg) - l,
			    "%s%s=%d(want %d)", i ? " " : "", fn, s->pl[i].vp, want);
			if (l >= sizeof(res->msg))
				break;
		}
	}
	if (bad || (ledger && first[0] != '\0')) {
		char m2[8192];
		size_t ml;

		snprintf(m2, sizeof(m2), "%s: %s%s%s", name, res->msg,
		    first[0] ? "\n  first ledger difference: " : "", first);
		ml = strlen(m2);
		if (ml >= sizeof(res->msg))
			ml = sizeof(res->msg) - 1;
		memcpy(res->msg, m2, ml);
		res->msg[ml] = '\0';
	}
	if (rg_widest(s) > 80) {
		bad = 1;
		snprintf(res->msg, sizeof(res->msg), "%s: the final report is wider "
		    "than 80 columns", name);
	}
	res->ok = !bad;
out:
	res->seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
	free(rows);
	free(s);
	free(log);
	free(exp);
	free(led);
	game_import_free(&imp);
}

#endif
