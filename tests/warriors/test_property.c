/*
 * test_property.c - every order judged when it is given, every outcome
 * told (issue 23), as a property over long self-play games.
 *
 * The games go on by lines of moves(); at random points every seat, the
 * awaited and the others, sends a random submission of one to three
 * orders, legal and not: lines of moves(), lines of moves() with a word
 * changed, and orders drawn from the notation (13.x of rules-en.md) with
 * provinces, pieces, players and amounts near the seat's pieces or
 * anywhere.  For every submission:
 *  - refused: its error is one non-empty line, and the game goes on from
 *    the state before it (at the end the log of accepted submissions,
 *    replayed from the seed, gives the played state byte for byte, so no
 *    refused submission left a trace);
 *  - accepted: each of its orders is named in the report of that
 *    submission ("Last submission": carried out, or not and why) or in
 *    the seat's own view ("Behind your screen"), and every order held
 *    there stays in that view until a later report names it.
 * An order is recognised by its notation, normalised by this file (not by
 * the engine): "move 1 inf PAR-ORL", "deal BUR give 1 food, 2 goods get 1
 * gold", "unify" for a unification and the actions that follow it.  A
 * report line names a seat's order when it starts with the seat's code.
 * Standing orders (feed, defend) must show in the view when given; a
 * queued shift, special action or unification may be replaced by a later
 * one of the seat's, silently, as the page says.  pass and done carry no
 * order of their own.
 *
 * Prints the figures: games, submissions and orders tried, refused,
 * accepted, told at once, held (deferred) and told later, replaced.
 */
#include "wt_test.h"

#include "../../engine/rng.h"

enum { MAXKEYS = 64, KEYLEN = 160, VIEWLEN = 1 << 16 };
enum { CLS_NONE, CLS_STANDING, CLS_SHIFT, CLS_SPECIAL, CLS_UNIFY };

/* An order a seat gave that no report has named yet. */
struct held {
	char key[KEYLEN];
	int cls;
	int random;	/* from a random submission */
};

/* Counts over the random submissions, and [1] over every accepted one. */
struct tally {
	long subs, orders, refused, refused_orders, not_turn, accepted;
	long told_now[2], held[2], told_later[2], replaced[2], all;
};

struct game {
	struct wt_state *s;
	struct held held[WT_SEATS][MAXKEYS];
	int nheld[WT_SEATS];
	struct rng r;
	struct tally *t;
	/* the accepted submissions, for the replay */
	int *seat;
	char **text;
	long n, cap;
};

static const char *const names[WT_SEATS] = { "a", "b", "c", "d", "e", "f" };

/* ------------------------------------------------------- the notation */

/* Copy src into dst in lower case (up = 0) or upper case (up = 1). */
static void
recase(const char *src, char *dst, size_t len, int up)
{
	size_t i;
	char lo = up ? 'a' : 'A', hi = up ? 'z' : 'Z';

	for (i = 0; src[i] != '\0' && i + 1 < len; i++)
		dst[i] = (char)(src[i] >= lo && src[i] <= hi ? src[i] + (up ? -32 : 32) :
		    src[i]);
	dst[i] = '\0';
}

#define lower(s, d, l) recase(s, d, l, 0)
#define upper(s, d, l) recase(s, d, l, 1)

/* The notation's words, in the page's own forms. */
static const char *
kind_word(const char *w)
{
	char l[16];

	lower(w, l, sizeof(l));
	if (!strcmp(l, "inf") || !strcmp(l, "infantry"))
		return "inf";
	if (!strcmp(l, "arc") || !strcmp(l, "archer") || !strcmp(l, "archers"))
		return "arc";
	if (!strcmp(l, "cav") || !strcmp(l, "cavalry"))
		return "cav";
	if (!strcmp(l, "fort"))
		return "fort";
	if (!strcmp(l, "pri") || !strcmp(l, "princess"))
		return "pri";
	return NULL;
}

static const char *
track_word(const char *w)
{
	char l[16];

	lower(w, l, sizeof(l));
	if (!strcmp(l, "production") || !strcmp(l, "prod"))
		return "production";
	if (!strcmp(l, "trade"))
		return "trade";
	if (!strcmp(l, "military") || !strcmp(l, "mil"))
		return "military";
	return NULL;
}

static int
res_index(const char *w)
{
	static const char *const full[4] = { "food", "goods", "weapons", "gold" };
	static const char *const letter[4] = { "f", "g", "w", "$" };
	char l[16];
	int r;

	lower(w, l, sizeof(l));
	for (r = 0; r < 4; r++)
		if (!strcmp(l, full[r]) || !strcmp(l, letter[r]))
			return r;
	return !strcmp(l, "weapon") ? 2 : -1;
}

/* Split a command into words (commas are spaces); returns the count. */
static int
words_of(const char *cmd, char *buf, size_t len, char **w, int max)
{
	char *p, *save = NULL;
	int n = 0;
	size_t i;

	snprintf(buf, len, "%s", cmd);
	for (i = 0; buf[i] != '\0'; i++)
		if (buf[i] == ',' || buf[i] == '\t')
			buf[i] = ' ';
	for (p = strtok_r(buf, " ", &save); p != NULL && n < max; p = strtok_r(NULL, " ",
	    &save))
		w[n++] = p;
	return n;
}

/* "1 food, 2 goods" from the bundle words w[0..n); -1 when not a bundle. */
static int
bundle(char **w, int n, char *out, size_t len)
{
	static const char *const full[4] = { "food", "goods", "weapons", "gold" };
	int amt[4] = { 0, 0, 0, 0 }, i, r;
	size_t o;

	if (n % 2 != 0)
		return -1;
	for (i = 0; i < n; i += 2) {
		if ((r = res_index(w[i + 1])) < 0 || atoi(w[i]) <= 0)
			return -1;
		amt[r] += atoi(w[i]);
	}
	out[0] = '\0';
	for (r = 0; r < 4; r++)
		if (amt[r] > 0) {
			o = strlen(out);
			snprintf(out + o, len - o, "%s%d %s", o ? ", " : "", amt[r], full[r]);
		}
	return 0;
}

/*
 * The key of one command (or of a unification and its actions): the
 * order in the page's notation, which a report line or the seat's view
 * names when it is told or held.  Returns the class, or -1 when the
 * command carries no order (pass, done, shift none, anything unknown).
 */
static int
order_key(const char *cmd, char *key, size_t len)
{
	char buf[512], *w[64], a[16], b[16], g1[120], g2[120];
	int n = words_of(cmd, buf, sizeof(buf), w, 64), cls = CLS_NONE, i;
	char v[16];

	if (n == 0)
		return -1;
	lower(w[0], v, sizeof(v));
	if (!strcmp(v, "special") && n > 1) {
		char rest[512] = "";

		for (i = 1; i < n; i++) {
			strcat(rest, i > 1 ? " " : "");
			strcat(rest, w[i]);
		}
		return order_key(rest, key, len) < 0 ? -1 : CLS_SPECIAL;
	}
	if (!strcmp(v, "move") && (n == 3 || n == 4)) {
		const char *k = kind_word(w[n - 2]);

		upper(w[n - 1], b, sizeof(b));
		if (k == NULL || (n == 4 && atoi(w[1]) <= 0))
			return -1;
		snprintf(key, len, "move %d %s %s", n == 4 ? atoi(w[1]) : 1, k, b);
	} else if (!strcmp(v, "damage") && n >= 2) {
		upper(w[1], a, sizeof(a));
		snprintf(key, len, "damage %s", a);
	} else if ((!strcmp(v, "retreat") || !strcmp(v, "rout")) && n == 4) {
		upper(w[1], a, sizeof(a));
		upper(w[3], b, sizeof(b));
		snprintf(key, len, "%s %s to %s", v, a, b);
	} else if (!strcmp(v, "princess") && n == 2) {
		upper(w[1], a, sizeof(a));
		snprintf(key, len, "princess %s", a);
	} else if (!strcmp(v, "unify")) {
		snprintf(key, len, "unif");
		cls = CLS_UNIFY;
	} else if (!strcmp(v, "develop") && n == 2 && track_word(w[1]) != NULL) {
		snprintf(key, len, "develop %s", track_word(w[1]));
	} else if (!strcmp(v, "build") && n == 3 && kind_word(w[1]) != NULL) {
		upper(w[2], a, sizeof(a));
		snprintf(key, len, "build %s %s", kind_word(w[1]), a);
	} else if (!strcmp(v, "upgrade") && n == 5 && kind_word(w[1]) && kind_word(w[4])) {
		upper(w[2], a, sizeof(a));
		snprintf(key, len, "upgrade %s %s to %s", kind_word(w[1]), a, kind_word(w[4]));
	} else if (!strcmp(v, "declare") && n == 3) {
		upper(w[2], a, sizeof(a));
		snprintf(key, len, "declare war %s", a);
	} else if (!strcmp(v, "shift") && n == 4 && track_word(w[1]) && track_word(w[3])) {
		snprintf(key, len, "shift %s to %s", track_word(w[1]), track_word(w[3]));
		cls = CLS_SHIFT;
	} else if (!strcmp(v, "shift") && n == 2) {
		key[0] = '\0';		/* "shift none": it only replaces */
		cls = CLS_SHIFT;
	} else if (!strcmp(v, "peace") && n == 2) {
		upper(w[1], a, sizeof(a));
		snprintf(key, len, "peace %s", a);
	} else if (!strcmp(v, "feed") && n >= 2) {
		snprintf(key, len, "feed");
		for (i = 1; i + 1 < n; i += 2) {
			size_t o = strlen(key);

			upper(w[i + 1], a, sizeof(a));
			snprintf(key + o, len - o, "%s %s %s", i > 1 ? "," : "",
			    kind_word(w[i]) ? kind_word(w[i]) : w[i], a);
		}
		if (n == 2)
			snprintf(key, len, "feed default");
		cls = CLS_STANDING;
	} else if (!strcmp(v, "defend") && n == 2) {
		lower(w[1], a, sizeof(a));
		snprintf(key, len, "defend %s", a);
		cls = CLS_STANDING;
	} else if ((!strcmp(v, "open") || !strcmp(v, "close")) && n == 3) {
		upper(w[2], a, sizeof(a));
		snprintf(key, len, "%s route %s", v, a);
	} else if (!strcmp(v, "deal") && n >= 4) {
		int get = -1;

		for (i = 3; i < n; i++)
			if (!strcmp(w[i], "get"))
				get = i;
		upper(w[1], a, sizeof(a));
		if (get < 0 || bundle(w + 3, get - 3, g1, sizeof(g1)) != 0 ||
		    bundle(w + get + 1, n - get - 1, g2, sizeof(g2)) != 0)
			return -1;
		snprintf(key, len, "deal %s give%s%s get%s%s", a, g1[0] ? " " : "", g1,
		    g2[0] ? " " : "", g2);
	} else if (!strcmp(v, "trade") && n == 6 && res_index(w[2]) >= 0 &&
	    res_index(w[5]) >= 0) {
		static const char *const full[4] = { "food", "goods", "weapons", "gold" };

		snprintf(key, len, "trade %d %s for %d %s", atoi(w[1]), full[res_index(w[2])],
		    atoi(w[4]), full[res_index(w[5])]);
	} else if (!strcmp(v, "buy") && n == 3) {
		snprintf(key, len, "buy %d vp", atoi(w[1]));
	} else {
		return -1;
	}
	return cls;
}

/* Whether a command belongs to the unification before it (13.6). */
static int
unify_action(const char *cmd)
{
	char buf[512], *w[8], v[16];
	int n = words_of(cmd, buf, sizeof(buf), w, 8);

	if (n == 0)
		return 0;
	lower(w[0], v, sizeof(v));
	return !strcmp(v, "develop") || !strcmp(v, "build") || !strcmp(v, "upgrade") ||
	    !strcmp(v, "declare") || (!strcmp(v, "pass") && n == 1);
}

/* ------------------------------------------------------ what is told */

/* Whether a line of the report names an order of the seat with this key. */
static int
told(const struct wt_state *s, int seat, const char *key)
{
	const char *code = wt_seat_code(s, seat), *p = s->last, *nl, *b;
	size_t cl = strlen(code), n;
	char line[WT_LASTLEN];

	while (*p != '\0') {
		nl = strchr(p, '\n');
		n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		for (b = line; *b == ' '; b++)
			;
		if (strncmp(b, code, cl) == 0 && (b[cl] == ':' || b[cl] == ' ') &&
		    strstr(b, key) != NULL)
			return 1;
		p += n;
		if (*p == '\n')
			p++;
	}
	return 0;
}

/* The seat's own view from "Behind your screen" on, spaces collapsed. */
static void
screen(const struct wt_state *s, int seat, char *out, size_t len)
{
	struct sbuf b = SBUF_INIT;
	const char *p;
	size_t o = 0;

	warriors_rules.render_text(s, seat, names, &b);
	p = strstr(sb_str(&b), "Behind your screen");
	for (; p != NULL && *p != '\0' && o + 1 < len; p++) {
		int sp = *p == ' ' || *p == '\n';

		if (sp && o > 0 && out[o - 1] == ' ')
			continue;
		out[o++] = sp ? ' ' : *p;
	}
	out[o] = '\0';
	sb_free(&b);
}

/* Drop held order k of a seat. */
static void
unhold(struct game *g, int seat, int k)
{
	g->held[seat][k] = g->held[seat][--g->nheld[seat]];
}

/*
 * After an accepted submission (cmds of seat `who`): its orders are told
 * or held, held orders of every seat are still in view unless told now,
 * or replaced by one of the same kind in this submission.
 */
static int
check_outcomes(struct game *g, int who, int random, const char *text,
    char cmds[][KEYLEN], int *cls, int ncmd, char *err, size_t errlen)
{
	static char view[VIEWLEN];
	int seat, k, i, same;

	for (seat = 0; seat < g->s->nseats; seat++) {
		screen(g->s, seat, view, sizeof(view));
		for (k = 0; k < g->nheld[seat]; k++) {
			struct held *h = &g->held[seat][k];

			if (told(g->s, seat, h->key)) {
				g->t->told_later[1]++;
				g->t->told_later[0] += h->random;
				unhold(g, seat, k--);
				continue;
			}
			if (strstr(view, h->key) != NULL)
				continue;
			for (i = 0, same = 0; seat == who && i < ncmd; i++)
				same |= cls[i] == h->cls && h->cls != CLS_NONE;
			if (same) {
				if (getenv("WT_PROP_DEBUG"))
					fprintf(stderr, "replaced: %s by '%s'\n", h->key, text);
				g->t->replaced[1]++;
				g->t->replaced[0] += h->random;
				unhold(g, seat, k--);
				continue;
			}
			snprintf(err, errlen, "seat %d's '%s' is neither told nor in its view; "
			    "report:\n%s\nview: %s", seat, h->key, g->s->last, view);
			return -1;
		}
		if (seat != who)
			continue;
		for (i = 0; i < ncmd; i++) {
			if (cmds[i][0] == '\0')
				continue;
			if (cls[i] != CLS_STANDING && told(g->s, seat, cmds[i])) {
				g->t->told_now[1]++;
				g->t->told_now[0] += random;
				continue;
			}
			if (strstr(view, cmds[i]) == NULL) {
				snprintf(err, errlen, "seat %d's accepted '%s' (in '%s') is neither "
				    "told nor in its view; report:\n%s\nview: %s", seat, cmds[i], text,
				    g->s->last, view);
				return -1;
			}
			if (cls[i] == CLS_STANDING || g->nheld[seat] >= MAXKEYS)
				continue;
			g->t->held[1]++;
			g->t->held[0] += random;
			snprintf(g->held[seat][g->nheld[seat]].key, KEYLEN, "%s", cmds[i]);
			g->held[seat][g->nheld[seat]].random = random;
			g->held[seat][g->nheld[seat]++].cls = cls[i];
		}
	}
	return 0;
}

/*
 * Play a submission.  Refused: the error is one line, and the state is
 * the one before.  Accepted: the outcomes are checked and the submission
 * logged.  Returns 1 accepted, 0 refused, -1 with err on a violation.
 */
static int
submit(struct game *g, int seat, const char *text, int random, char *err, size_t errlen)
{
	struct wt_state *copy = malloc(sizeof(*copy));
	struct game_played pl;
	char cmds[16][KEYLEN], one[512], e[512] = "";
	int cls[16], n = 0, rc = -1, c;
	enum game_status st;
	const char *p = text, *q;

	if (copy == NULL)
		return -1;
	/* the orders of the submission, a unification with its actions as one */
	while (*p != '\0' && n < 16) {
		q = p + strcspn(p, ";\n");
		snprintf(one, sizeof(one), "%.*s", (int)(q - p), p);
		p = *q ? q + 1 : q;
		if (n > 0 && cls[n - 1] == CLS_UNIFY && unify_action(one))
			continue;
		if ((c = order_key(one, cmds[n], KEYLEN)) >= 0)
			cls[n++] = c;
	}
	/* a later standing order of one kind replaces an earlier one */
	for (c = 0; c < n; c++) {
		int d;

		for (d = c + 1; d < n && cls[c] == CLS_STANDING; d++)
			if (cls[d] == CLS_STANDING && strncmp(cmds[c], cmds[d], 4) == 0)
				cmds[c][0] = '\0';
	}
	memcpy(copy, g->s, sizeof(*copy));
	if (random) {
		g->t->subs++;
		g->t->orders += n;
	}
	if ((st = warriors_rules.play(copy, seat, text, &pl, e, sizeof(e))) != GAME_OK) {
		if (e[0] == '\0' || strchr(e, '\n') != NULL) {
			snprintf(err, errlen, "'%s' refused without one line: '%s'", text, e);
			goto out;
		}
		if (random) {
			g->t->refused++;
			g->t->refused_orders += n;
			g->t->not_turn += st == GAME_NOT_YOUR_TURN;
		}
		rc = 0;
		goto out;
	}
	memcpy(g->s, copy, sizeof(*copy));
	g->t->all++;
	if (random)
		g->t->accepted++;
	if (check_outcomes(g, seat, random, text, cmds, cls, n, err, errlen) != 0)
		goto out;
	if (g->n == g->cap) {
		long cap = g->cap ? 2 * g->cap : 1024;
		int *s2 = realloc(g->seat, sizeof(int) * (size_t)cap);
		char **t2;

		if (s2 != NULL)
			g->seat = s2;
		t2 = realloc(g->text, sizeof(char *) * (size_t)cap);
		if (s2 == NULL || t2 == NULL)
			goto out;
		g->text = t2;
		g->cap = cap;
	}
	g->seat[g->n] = seat;
	if ((g->text[g->n++] = strdup(text)) == NULL)
		goto out;
	rc = 1;
out:
	free(copy);
	return rc;
}

/* ------------------------------------------------- random orders */

static unsigned
pick(struct game *g, unsigned n)
{
	return n == 0 ? 0 : rng_below(&g->r, n);
}

/* A province near the seat (its pieces, their neighbours, battles) or any. */
static int
near(struct game *g, int seat)
{
	const struct wt_state *s = g->s;
	int cand[WT_NPROV * 2], n = 0, p, i;

	for (p = 0; p < WT_NPROV; p++)
		if (wt_side_present(s, seat, p) || s->prov[p].owner == seat) {
			cand[n++] = p;
			if (wt_provinces[p].nadj > 0)
				cand[n++] = wt_provinces[p].adj[pick(g, (unsigned)wt_provinces[p].nadj)];
		}
	for (i = 0; i < s->nbattles; i++)
		cand[n++] = s->battle[i].prov;
	if (n == 0 || pick(g, 5) == 0)
		return (int)pick(g, WT_NPROV);
	return cand[pick(g, (unsigned)n)];
}

/* A neighbour of p, or any province. */
static int
next_to(struct game *g, int p)
{
	if (pick(g, 6) == 0 || wt_provinces[p].nadj == 0)
		return (int)pick(g, WT_NPROV);
	return wt_provinces[p].adj[pick(g, (unsigned)wt_provinces[p].nadj)];
}

#define P_(x) wt_provinces[x].code

/* One random order from the notation, into out. */
static void
random_order(struct game *g, int seat, char *out, size_t len)
{
	static const char *const kinds[] = { "inf", "arc", "cav", "fort", "pri",
		"infantry", "horse" };
	static const char *const tracks[] = { "production", "trade", "mil", "prod",
		"magic" };
	static const char *const res[] = { "food", "goods", "weapons", "gold", "g" };
	const struct wt_state *s = g->s;
	int a = near(g, seat), b = next_to(g, a), c = next_to(g, b);
	int other = (int)pick(g, (unsigned)s->nseats);
	const char *k = kinds[pick(g, 7)], *who = wt_seat_code(s, other);

	switch (pick(g, 22)) {
	case 0:
		snprintf(out, len, "move %s %s-%s", k, P_(a), P_(b));
		break;
	case 1:
		snprintf(out, len, "move %u %s %s-%s-%s", 1 + pick(g, 3), k, P_(a), P_(b),
		    P_(c));
		break;
	case 2:
		if (pick(g, 2))
			snprintf(out, len, "damage %s auto", P_(a));
		else
			snprintf(out, len, "damage %s %u %s, %u %s", P_(a), 1 + pick(g, 6), k,
			    1 + pick(g, 4), kinds[pick(g, 5)]);
		break;
	case 3:
		snprintf(out, len, "retreat %s to %s", P_(a), P_(b));
		break;
	case 4:
		snprintf(out, len, "rout %s to %s", P_(a), P_(b));
		break;
	case 5:
	case 6:
		snprintf(out, len, "princess %s-%s", P_(a), P_(b));
		break;
	case 7:
		snprintf(out, len, "develop %s", tracks[pick(g, 5)]);
		break;
	case 8:
		snprintf(out, len, "build %s %s", k, P_(a));
		break;
	case 9:
		snprintf(out, len, "upgrade %s %s to %s", kinds[pick(g, 3)], P_(a),
		    kinds[pick(g, 3)]);
		break;
	case 10:
		snprintf(out, len, "declare war %s", who);
		break;
	case 11:
		snprintf(out, len, "special develop %s", tracks[pick(g, 3)]);
		break;
	case 12:
		snprintf(out, len, "shift %s to %s", tracks[pick(g, 3)], tracks[pick(g, 3)]);
		break;
	case 13:
		snprintf(out, len, "peace %s", who);
		break;
	case 14:
		snprintf(out, len, "feed %s %s", kinds[pick(g, 3)], P_(a));
		break;
	case 15:
		snprintf(out, len, "defend %s", pick(g, 2) ? "auto" : "ask");
		break;
	case 16:
		snprintf(out, len, "%s route %s", pick(g, 2) ? "open" : "close", who);
		break;
	case 17:
		snprintf(out, len, "deal %s give %u %s get %u %s", who, 1 + pick(g, 3),
		    res[pick(g, 5)], 1 + pick(g, 3), res[pick(g, 4)]);
		break;
	case 18:
		snprintf(out, len, "trade %u %s for %u %s", 2 + pick(g, 9), res[pick(g, 4)],
		    1 + pick(g, 2), res[pick(g, 4)]);
		break;
	case 19:
		snprintf(out, len, "buy %u vp", 1 + pick(g, 2));
		break;
	case 20:
		snprintf(out, len, "%s", pick(g, 2) ? "pass" : "done");
		break;
	default:
		snprintf(out, len, "%s", pick(g, 2) ? "dance" : "move");
		break;
	}
}

/* A random line of moves() for the seat, perhaps with one word changed. */
static int
listed_order(struct game *g, int seat, int mutate, char *out, size_t len)
{
	struct sbuf mv = SBUF_INIT;
	const char *p;
	int n = 0, k;

	warriors_rules.moves(g->s, seat, &mv);
	for (p = sb_str(&mv); *p != '\0'; p++)
		n += *p == '\n';
	if (n == 0) {
		sb_free(&mv);
		return -1;
	}
	k = (int)pick(g, (unsigned)n);
	for (p = sb_str(&mv); k > 0; p++)
		k -= *p == '\n';
	snprintf(out, len, "%.*s", (int)strcspn(p, "\n"), p);
	sb_free(&mv);
	if (mutate) {
		/* a province code, if any, becomes a neighbour's or another one */
		char *c;

		for (c = out; *c != '\0'; c++)
			if (c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z' &&
			    c[2] >= 'A' && c[2] <= 'Z' && (c[3] == '\0' || c[3] == ' ' ||
			    c[3] == '-' || c[3] == ';') && pick(g, 2)) {
				int q = wt_find_prov((char[4]){ c[0], c[1], c[2], '\0' });

				if (q >= 0)
					memcpy(c, P_(next_to(g, q)), 3);
				break;
			}
	}
	return 0;
}

/* A random submission of one to three orders for the seat. */
static void
random_submission(struct game *g, int seat, char *out, size_t len)
{
	char one[256];
	unsigned r = pick(g, 20);
	int i, n = r < 12 ? 1 : r < 17 ? 2 : 3;
	size_t o;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		unsigned w = pick(g, 20);

		if (w < 9 ? listed_order(g, seat, 0, one, sizeof(one)) != 0 :
		    w < 11 ? listed_order(g, seat, 1, one, sizeof(one)) != 0 : 1)
			random_order(g, seat, one, sizeof(one));
		o = strlen(out);
		snprintf(out + o, len - o, "%s%s", i ? "; " : "", one);
	}
	/* now and then a unification with actions, always last */
	if (pick(g, 12) == 0) {
		o = strlen(out);
		snprintf(out + o, len - o, "; unify; develop %s%s", pick(g, 2) ? "trade" :
		    "military", pick(g, 2) ? "; pass" : "");
	}
}

/* --------------------------------------------------------- the games */

/* An awaited seat, or -1. */
static int
awaited_random(struct game *g)
{
	struct game_wait w;
	int seats[WT_SEATS], n = 0, i;

	warriors_rules.waiting(g->s, &w);
	for (i = 0; i < g->s->nseats; i++)
		if (w.mask & (1u << i))
			seats[n++] = i;
	return n == 0 ? -1 : seats[pick(g, (unsigned)n)];
}

/* Play one game; 0, or -1 with err. */
static int
one_game(int nseats, uint64_t seed64, struct tally *t, char *err, size_t errlen)
{
	struct game g;
	uint8_t seed[GAME_SEED_LEN], s8[32] = { 0 };
	struct wt_state *re = NULL;
	struct game_played pl;
	char text[1024];
	long i, steps = 0;
	int seat, rc = -1, k;

	memset(&g, 0, sizeof(g));
	g.t = t;
	memcpy(s8, &seed64, sizeof(seed64));
	rng_seed(&g.r, s8);
	for (i = 0; i < GAME_SEED_LEN; i++)
		seed[i] = (uint8_t)rng_next(&g.r);
	if ((g.s = calloc(1, sizeof(*g.s))) == NULL ||
	    warriors_rules.setup(g.s, nseats, NULL, 0, seed, err, errlen) != 0)
		goto out;
	while (!warriors_rules.over(g.s)) {
		if (++steps > 20000) {
			snprintf(err, errlen, "no end after %ld steps", steps);
			goto out;
		}
		/* at random points every seat sends something (after the setup) */
		if (g.s->phase >= PH_TRADE && pick(&g, 4) == 0)
			for (k = 0; k < nseats && !warriors_rules.over(g.s); k++) {
				seat = (k + (int)pick(&g, (unsigned)nseats)) % nseats;
				random_submission(&g, seat, text, sizeof(text));
				if (submit(&g, seat, text, 1, err, errlen) < 0)
					goto out;
			}
		if (warriors_rules.over(g.s))
			break;
		if ((seat = awaited_random(&g)) < 0 ||
		    listed_order(&g, seat, 0, text, sizeof(text)) != 0) {
			snprintf(err, errlen, "the game waits for nobody, or for a seat with "
			    "no legal move");
			goto out;
		}
		if (submit(&g, seat, text, 0, err, errlen) != 1) {
			if (err[0] == '\0')
				snprintf(err, errlen, "listed '%s' refused", text);
			goto out;
		}
		if (warriors_rules.check(g.s, err, errlen) != 0)
			goto out;
	}
	/* nothing refused left a trace: the accepted log replays to the state */
	if ((re = calloc(1, sizeof(*re))) == NULL ||
	    warriors_rules.setup(re, nseats, NULL, 0, seed, err, errlen) != 0)
		goto out;
	for (i = 0; i < g.n; i++)
		if (warriors_rules.play(re, g.seat[i], g.text[i], &pl, err, errlen) != GAME_OK)
			goto out;
	if (memcmp(re, g.s, sizeof(*re)) != 0) {
		snprintf(err, errlen, "the accepted submissions replay to another state");
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < g.n; i++)
		free(g.text[i]);
	free(g.text);
	free(g.seat);
	free(g.s);
	free(re);
	return rc;
}

static void
test_orders_judged_and_told(void **state)
{
	struct tally t;
	char err[8192] = "";
	int games = 40, i;

	(void)state;
	memset(&t, 0, sizeof(t));
	for (i = 0; i < games; i++)
		if (one_game(2 + i % 5, (uint64_t)i * 7793 + 101, &t, err, sizeof(err)) != 0)
			fail_msg("game %d (%d players): %s", i, 2 + i % 5, err);
	printf("warriors orders property: %d games; %ld random submissions of %ld orders, "
	    "from every seat at random points: %ld refused (%ld orders; %ld of the "
	    "submissions as not the seat's turn), %ld accepted, whose orders were "
	    "%ld told at once in the report, %ld held in the seat's view (deferred), "
	    "%ld of them told later and %ld replaced by a later order of the seat; over "
	    "all %ld accepted submissions (the games' own moves too): %ld told at once, "
	    "%ld held, %ld told later, %ld replaced\n", games, t.subs, t.orders,
	    t.refused, t.refused_orders, t.not_turn, t.accepted, t.told_now[0], t.held[0],
	    t.told_later[0], t.replaced[0], t.all, t.told_now[1], t.held[1],
	    t.told_later[1], t.replaced[1]);
	assert_true(t.refused > 0 && t.accepted > 0 && t.held[0] > 0 && t.told_later[0] > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_orders_judged_and_told),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
