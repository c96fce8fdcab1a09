/*
 * rating.c - standings: games played and won per player and game, and a
 * Glicko-2 rating (Mark Glickman, "Example of the Glicko-2 system", 2013),
 * as correspondence servers keep them.
 *
 * A player is an address (any case), or for a seat without one its name.
 * Each game (Tigris & Euphrates, Terra Mystica, ...) has its own standings.
 * A game is rated when it ends by its rules (not when abandoned, not an
 * imported game), as one rating period of its own: every player meets
 * every other, scoring 1 against each ranked below it, 0.5 against each
 * ranked alike, 0 against each ranked above (the final ranking), all
 * judged on the ratings from before the game.  A game in which one
 * player holds two seats is not rated.  New players start at 1500, 350,
 * 0.06; the system constant tau is 0.5.  The deviation grows by the
 * volatility once per game played, not with the time between games.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "site.h"
#include "../store/store_prefs.h"

#define SCALE 173.7178		/* Glicko-2's scale: rating 1500 + 173.7178 mu */
#define TAU 0.5
#define MICRO 1000000.0

enum { RATING_START = 1500, RD_START = 350 };
#define VOL_START 0.06

static double
g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double
e_of(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5's f(x). */
static double
f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

void
glicko2_update(const struct glicko *p, const struct glicko *opp, const double *score, int n,
    double tau, struct glicko *out)
{
	double mu = (p->r - 1500.0) / SCALE, phi = p->rd / SCALE, sigma = p->vol;
	double v = 0, sum = 0, delta, a, A, B, fa, fb, eps = 0.000001, phistar, phinew;
	int j, k;

	if (n == 0) {
		/* No games: only the deviation grows. */
		out->r = p->r;
		out->rd = sqrt(phi * phi + sigma * sigma) * SCALE;
		out->vol = sigma;
		return;
	}
	for (j = 0; j < n; j++) {
		double mu_j = (opp[j].r - 1500.0) / SCALE, phi_j = opp[j].rd / SCALE;
		double g = g_of(phi_j), e = e_of(mu, mu_j, phi_j);

		v += g * g * e * (1.0 - e);
		sum += g * (score[j] - e);
	}
	v = 1.0 / v;
	delta = v * sum;
	/* The new volatility, by the Illinois algorithm (step 5). */
	a = log(sigma * sigma);
	A = a;
	if (delta * delta > phi * phi + v)
		B = log(delta * delta - phi * phi - v);
	else {
		for (k = 1; f_of(a - k * tau, delta, phi, v, a, tau) < 0; k++)
			;
		B = a - k * tau;
	}
	fa = f_of(A, delta, phi, v, a, tau);
	fb = f_of(B, delta, phi, v, a, tau);
	while (fabs(B - A) > eps) {
		double C = A + (A - B) * fa / (fb - fa), fc = f_of(C, delta, phi, v, a, tau);

		if (fc * fb <= 0) {
			A = B;
			fa = fb;
		} else
			fa /= 2.0;
		B = C;
		fb = fc;
	}
	out->vol = exp(A / 2.0);
	phistar = sqrt(phi * phi + out->vol * out->vol);
	phinew = 1.0 / sqrt(1.0 / (phistar * phistar) + 1.0 / v);
	out->r = (mu + phinew * phinew * sum) * SCALE + 1500.0;
	out->rd = phinew * SCALE;
}

/* The standings' key of seat i of g: its address, else "name:NAME". */
static void
player_key(const struct loaded *g, int i, char *buf, size_t len)
{
	if (g->seats[i].email[0] != '\0')
		snprintf(buf, len, "%s", g->seats[i].email);
	else
		snprintf(buf, len, "name:%s", g->seats[i].name);
}

int
rating_game_over(struct store *s, const struct loaded *g)
{
	struct store_rating rec[GAME_MAX_SEATS];
	struct glicko now[GAME_MAX_SEATS], opp[GAME_MAX_SEATS - 1], next;
	struct game_score sc;
	double score[GAME_MAX_SEATS - 1];
	int i, j, k, n = g->row.nseats, rc;
	int64_t at = now_epoch();

	memset(&sc, 0, sizeof(sc));
	g->rules->score(g->state, -1, &sc);
	for (i = 0; i < n; i++) {
		char key[sizeof(rec[i].player)];

		player_key(g, i, key, sizeof(key));
		for (j = 0; j < i; j++)
			if (strcasecmp(rec[j].player, key) == 0)
				return STORE_OK;	/* one player in two seats: not rated */
		rc = store_rating_get(s, key, g->rules->name, &rec[i]);
		if (rc == STORE_NOTFOUND) {
			memset(&rec[i], 0, sizeof(rec[i]));
			snprintf(rec[i].player, sizeof(rec[i].player), "%s", key);
			snprintf(rec[i].rules, sizeof(rec[i].rules), "%s", g->rules->name);
			rec[i].rating = (int64_t)RATING_START * (int64_t)MICRO;
			rec[i].rd = (int64_t)RD_START * (int64_t)MICRO;
			rec[i].vol = (int64_t)(VOL_START * MICRO);
		} else if (rc != STORE_OK)
			return rc;
		now[i].r = (double)rec[i].rating / MICRO;
		now[i].rd = (double)rec[i].rd / MICRO;
		now[i].vol = (double)rec[i].vol / MICRO;
	}
	for (i = 0; i < n; i++) {
		for (j = 0, k = 0; j < n; j++) {
			if (j == i)
				continue;
			opp[k] = now[j];
			score[k++] = i < sc.nseats && j < sc.nseats ? (sc.rank[i] < sc.rank[j] ? 1.0 :
			    sc.rank[i] == sc.rank[j] ? 0.5 : 0.0) : 0.5;
		}
		glicko2_update(&now[i], opp, score, k, TAU, &next);
		snprintf(rec[i].name, sizeof(rec[i].name), "%s", g->names[i]);
		rec[i].played++;
		rec[i].won += i < sc.nseats && sc.rank[i] == 1;
		rec[i].prev = rec[i].rating;
		rec[i].rating = (int64_t)llround(next.r * MICRO);
		rec[i].rd = (int64_t)llround(next.rd * MICRO);
		rec[i].vol = (int64_t)llround(next.vol * MICRO);
		rec[i].updated = at;
	}
	for (i = 0; i < n; i++)
		if ((rc = store_rating_put(s, &rec[i])) != STORE_OK)
			return rc;
	return STORE_OK;
}

void
rating_game_text(struct store *s, const struct loaded *g, struct sbuf *out)
{
	int i;

	for (i = 0; i < g->row.nseats; i++) {
		struct store_rating r;
		char key[300];
		long now, was;

		player_key(g, i, key, sizeof(key));
		if (store_rating_get(s, key, g->rules->name, &r) != STORE_OK)
			continue;
		now = lround((double)r.rating / MICRO);
		was = lround((double)r.prev / MICRO);
		sb_printf(out, "  %s %ld (%s%ld), %d played, %d won\n", g->names[i], now,
		    now >= was ? "+" : "", now - was, r.played, r.won);
	}
}

/* One line of the standings. */
struct listing {
	struct sbuf *out;
	char rules[32];
	int json;
	json_t *array;
};

/* A rating or deviation kept in millionths, to a tenth: more is noise. */
static double
tenths(int64_t micro)
{
	return (double)llround((double)micro / (MICRO / 10)) / 10.0;
}

static int
list_one(const struct store_rating *r, void *arg)
{
	struct listing *l = arg;
	const struct game_rules *gr = game_find(r->rules);

	if (l->json) {
		json_array_append_new(l->array, json_pack("{s:s, s:s, s:i, s:i, s:f, s:f, s:f}",
		    "game", r->rules, "name", r->name, "played", r->played, "won", r->won,
		    "rating", tenths(r->rating), "rd", tenths(r->rd),
		    "volatility", (double)llround((double)r->vol / 1000.0) / 1000.0));
		return 0;
	}
	if (strcmp(l->rules, r->rules) != 0) {
		snprintf(l->rules, sizeof(l->rules), "%s", r->rules);
		sb_printf(l->out, "%s%s:\n  %-20s %6s %4s  %s\n", l->out->len ? "\n" : "",
		    gr != NULL ? gr->title : r->rules, "player", "played", "won", "rating");
	}
	sb_printf(l->out, "  %-20s %6d %4d  %ld (deviation %ld)\n", r->name, r->played, r->won,
	    lround((double)r->rating / MICRO), lround((double)r->rd / MICRO));
	return 0;
}

int
standings_text(struct store *s, const char *rules, int json, struct sbuf *out)
{
	struct listing l;
	int rc;

	memset(&l, 0, sizeof(l));
	l.out = out;
	l.json = json;
	if (json && (l.array = json_array()) == NULL)
		return STORE_ERROR;
	rc = store_ratings_each(s, rules, list_one, &l);
	if (json) {
		char *text = rc == STORE_OK ? json_dumps(l.array, JSON_INDENT(2) |
		    JSON_REAL_PRECISION(12)) : NULL;

		json_decref(l.array);
		if (text == NULL)
			return rc == STORE_OK ? STORE_ERROR : rc;
		sb_printf(out, "%s\n", text);
		free(text);
		return STORE_OK;
	}
	if (rc == STORE_OK && out->len == 0)
		sb_printf(out, "No game%s%s has been rated yet.\n", rules != NULL ? " of " : "",
		    rules != NULL ? rules : "");
	return rc;
}
