/* wt_parse.c - parsing the words of one command (13.1-13.6) into values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"
#include "../notation.h"

/* Parse a positive count (1 to 999); -1 when the word is not one. */
int
wt_count_word(const char *w)
{
	char *end;
	long v;

	if (w[0] < '0' || w[0] > '9')
		return -1;
	v = strtol(w, &end, 10);
	if (*end != '\0' || v < 1 || v > 999)
		return -1;
	return (int)v;
}

/* Parse the player word of a command; fills err on failure. */
static int
player_word(const struct wt_state *s, const char *w, char *err, size_t errlen)
{
	int seat = wt_find_seat(s, w);

	if (seat < 0)
		snprintf(err, errlen, "'%s' is not a player in this game "
		    "(use a country code such as fra)", w);
	return seat;
}

/* Parse a province word; fills err on failure. */
static int
prov_word(const char *w, char *err, size_t errlen)
{
	int p = wt_find_prov(w);

	if (p < 0)
		snprintf(err, errlen, "'%s' is not a province code of map-west", w);
	return p;
}

/*
 * Parse a development action (5.2, 13.5): develop T, build K P,
 * upgrade K P to K, declare war X, pass.  0 or -1 with err.
 */
int
wt_parse_act(const struct wt_state *s, char **w, int n, struct wt_act *a,
    char *err, size_t errlen)
{
	a->type = ACT_NONE;
	a->arg = a->prov = a->to = -1;
	if (n == 1 && word_eq(w[0], "pass")) {
		a->type = ACT_PASS;
		return 0;
	}
	if (n == 2 && word_eq(w[0], "develop")) {
		a->type = ACT_DEVELOP;
		if ((a->arg = wt_find_track(w[1])) < 0) {
			snprintf(err, errlen, "develop: '%s' is not a track "
			    "(production, trade, military)", w[1]);
			return -1;
		}
		return 0;
	}
	if (n == 3 && word_eq(w[0], "build")) {
		a->type = ACT_BUILD;
		a->arg = wt_find_kind(w[1]);
		if (a->arg < 0 || a->arg == WT_PRI) {
			snprintf(err, errlen, "build: '%s' is not inf, arc, cav or fort", w[1]);
			return -1;
		}
		return (a->prov = prov_word(w[2], err, errlen)) < 0 ? -1 : 0;
	}
	if (n == 5 && word_eq(w[0], "upgrade") && word_eq(w[3], "to")) {
		a->type = ACT_UPGRADE;
		a->arg = wt_find_kind(w[1]);
		a->to = wt_find_kind(w[4]);
		if (a->arg < 0 || a->arg > WT_CAV || a->to < 0 || a->to > WT_CAV) {
			snprintf(err, errlen, "upgrade: only inf, arc and cav are upgraded");
			return -1;
		}
		return (a->prov = prov_word(w[2], err, errlen)) < 0 ? -1 : 0;
	}
	if (n == 3 && word_eq(w[0], "declare") && word_eq(w[1], "war")) {
		a->type = ACT_WAR;
		return (a->arg = player_word(s, w[2], err, errlen)) < 0 ? -1 : 0;
	}
	/* A known verb in the wrong form: say what is missing. */
	if (word_eq(w[0], "develop"))
		snprintf(err, errlen, "develop: name one track: 'develop <production|trade|"
		    "military>'");
	else if (word_eq(w[0], "build"))
		snprintf(err, errlen, "build: name the piece and the province: 'build "
		    "<inf|arc|cav|fort> <province>'");
	else if (word_eq(w[0], "upgrade"))
		snprintf(err, errlen, "upgrade: write 'upgrade <inf|arc> <province> to "
		    "<arc|cav>'");
	else if (word_eq(w[0], "declare"))
		snprintf(err, errlen, "declare: write 'declare war <player>'");
	else if (word_eq(w[0], "pass"))
		snprintf(err, errlen, "pass: nothing may follow 'pass' on its line");
	else
		snprintf(err, errlen, "'%s': not a development action (develop, build, "
		    "upgrade, declare war, pass)", w[0]);
	return -1;
}

/*
 * Parse "damage <prov> auto" or "damage <prov> <n> <piece> ..." (13.6)
 * with commas already turned into spaces.  0 or -1 with err.
 */
int
wt_parse_split(const struct wt_state *s, char **w, int n, int *prov,
    struct wt_split *sp, char *err, size_t errlen)
{
	int i;

	(void)s;
	memset(sp, 0, sizeof(*sp));
	if (n < 3) {
		snprintf(err, errlen, "damage: write 'damage <province> auto' or "
		    "'damage <province> <n> <piece>, ...'");
		return -1;
	}
	if ((*prov = prov_word(w[1], err, errlen)) < 0)
		return -1;
	sp->given = 1;
	if (n == 3 && word_eq(w[2], "auto")) {
		sp->isauto = 1;
		return 0;
	}
	if ((n - 2) % 2 != 0 || (n - 2) / 2 > WT_MAXITEMS) {
		snprintf(err, errlen, "damage %s: items are '<n> <piece>' pairs, "
		    "at most %d", wt_provinces[*prov].code, WT_MAXITEMS);
		return -1;
	}
	for (i = 2; i < n; i += 2) {
		int d = wt_count_word(w[i]), k = wt_find_kind(w[i + 1]);

		if (d < 0 || k < 0) {
			snprintf(err, errlen, "damage %s: '%s %s' is not '<n> <piece>'",
			    wt_provinces[*prov].code, w[i], w[i + 1]);
			return -1;
		}
		sp->kind[sp->n] = k;
		sp->dmg[sp->n++] = d;
	}
	return 0;
}

/*
 * Parse "<n> <resource> [<n> <resource> ...]" into res[] (adding).
 * 0 or -1 with err.
 */
int
wt_parse_bundle(char **w, int n, int *res, char *err, size_t errlen)
{
	int i;

	if (n % 2 != 0) {
		snprintf(err, errlen, "resources are '<n> <resource>' pairs");
		return -1;
	}
	for (i = 0; i < n; i += 2) {
		int v = wt_count_word(w[i]), r = wt_find_res(w[i + 1]);

		if (v < 0 || r < 0) {
			snprintf(err, errlen, "'%s %s' is not '<n> <resource>' "
			    "(food, goods, weapons, gold)", w[i], w[i + 1]);
			return -1;
		}
		res[r] += v;
	}
	return 0;
}

/* The notation of an action, for logs and queued views. */
void
wt_act_text(const struct wt_state *s, const struct wt_act *a, char *out,
    size_t len)
{
	switch (a->type) {
	case ACT_DEVELOP:
		snprintf(out, len, "develop %s", wt_track_name[a->arg]);
		break;
	case ACT_BUILD:
		snprintf(out, len, "build %s %s", wt_kind_name[a->arg],
		    wt_provinces[a->prov].code);
		break;
	case ACT_UPGRADE:
		snprintf(out, len, "upgrade %s %s to %s", wt_kind_name[a->arg],
		    wt_provinces[a->prov].code, wt_kind_name[a->to]);
		break;
	case ACT_WAR:
		snprintf(out, len, "declare war %s", wt_seat_code(s, a->arg));
		break;
	case ACT_PASS:
		snprintf(out, len, "pass");
		break;
	default:
		snprintf(out, len, "-");
		break;
	}
}

/* The notation of a split: "damage LOR 2 inf, 1 arc" or "damage LOR auto". */
void
wt_split_text(int prov, const struct wt_split *sp, char *out, size_t len)
{
	size_t o;
	int i;

	snprintf(out, len, "damage %s%s", wt_provinces[prov].code, sp->isauto ? " auto" :
	    "");
	for (i = 0; !sp->isauto && i < sp->n; i++) {
		o = strlen(out);
		snprintf(out + o, len - o, "%s %d %s", i ? "," : "", sp->dmg[i],
		    wt_kind_name[sp->kind[i]]);
	}
}
