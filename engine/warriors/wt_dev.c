/* wt_dev.c - development actions (5.2), special actions (5.4), unification (8). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"

/* Whether a seat controls a province and may build in it (5.2, 0.3). */
static int
holds(const struct wt_state *s, int seat, int prov)
{
	return prov >= 0 && prov < WT_NPROV && wt_controls(s, seat, prov) &&
	    wt_friendly(s, seat, prov);
}

/* Check and pay a cost (food goods weapons gold); 0 or -1 with err. */
static int
pay(struct wt_state *s, int seat, const int cost[WT_NRES], const char *what,
    char *err, size_t errlen)
{
	int r;

	for (r = 0; r < WT_NRES; r++)
		if (s->p[seat].res[r] < cost[r]) {
			snprintf(err, errlen, "%s costs %d %s; you have %d", what,
			    cost[r], wt_res_name[r], s->p[seat].res[r]);
			return -1;
		}
	for (r = 0; r < WT_NRES; r++)
		s->p[seat].res[r] -= cost[r];
	return 0;
}

/* Build a unit (5.2, T3). */
static int
build_unit(struct wt_state *s, int seat, const struct wt_act *a, int unify,
    char *err, size_t errlen)
{
	static const int cost[3][WT_NRES] = {
		{ 0, 0, 1, 0 }, { 0, 0, 2, 1 }, { 0, 0, 3, 2 }
	};
	int slot;
	char what[48];

	if (!holds(s, seat, a->prov)) {
		snprintf(err, errlen, "build: you do not control %s",
		    wt_provinces[a->prov].code);
		return -1;
	}
	if (wt_supply(s, seat, a->arg) <= 0) {
		snprintf(err, errlen, "build: no %s left in your supply (4 at most)",
		    wt_kind_name[a->arg]);
		return -1;
	}
	snprintf(what, sizeof(what), "build %s", wt_kind_name[a->arg]);
	slot = wt_alloc_unit(s, seat);
	if (slot < 0 || pay(s, seat, cost[a->arg], what, err, errlen) != 0) {
		if (slot < 0)
			snprintf(err, errlen, "build: no unit left in your supply");
		return -1;
	}
	s->u[slot].side = seat;
	s->u[slot].kind = a->arg;
	s->u[slot].prov = a->prov;
	s->u[slot].ap = 0;	/* set at the start of manoeuvres; none via unify (8.3) */
	s->u[slot].exhausted = 0;
	s->u[slot].moved = unify;
	s->u[slot].from = -1;
	s->u[slot].target = -1;
	return 0;
}

/* Build a fort (5.2): Masonry, at most 2 per province. */
static int
build_fort(struct wt_state *s, int seat, const struct wt_act *a, char *err,
    size_t errlen)
{
	static const int cost[WT_NRES] = { 2, 12, 0, 1 };

	if (s->p[seat].track[WT_PROD] < 4) {
		snprintf(err, errlen, "build fort: needs Masonry (production IV)");
		return -1;
	}
	if (!holds(s, seat, a->prov)) {
		snprintf(err, errlen, "build fort: you do not control %s",
		    wt_provinces[a->prov].code);
		return -1;
	}
	if (s->prov[a->prov].forts >= 2) {
		snprintf(err, errlen, "build fort: %s already has 2 forts, the most "
		    "a province may hold", wt_provinces[a->prov].code);
		return -1;
	}
	if (wt_supply(s, seat, WT_FORT) <= 0) {
		snprintf(err, errlen, "build fort: all 8 of your forts are on the map");
		return -1;
	}
	if (pay(s, seat, cost, "build fort", err, errlen) != 0)
		return -1;
	s->prov[a->prov].forts++;
	s->prov[a->prov].pieceowner = seat;
	return 0;
}

/* Upgrade a unit (5.2): Reinforcements, 7 goods per step. */
static int
upgrade(struct wt_state *s, int seat, const struct wt_act *a, char *err,
    size_t errlen)
{
	int cost[WT_NRES] = { 0, 0, 0, 0 }, i, u = -1, slot;

	if (s->p[seat].track[WT_PROD] < 5) {
		snprintf(err, errlen, "upgrade: needs Reinforcements (production V)");
		return -1;
	}
	if (a->to <= a->arg) {
		snprintf(err, errlen, "upgrade: %s is not stronger than %s",
		    wt_kind_name[a->to], wt_kind_name[a->arg]);
		return -1;
	}
	for (i = seat * WT_UPER; i < (seat + 1) * WT_UPER; i++)
		if (s->u[i].side == seat && s->u[i].kind == a->arg &&
		    s->u[i].prov == a->prov) {
			u = i;
			break;
		}
	if (u < 0) {
		snprintf(err, errlen, "upgrade: you have no %s in %s",
		    wt_kind_name[a->arg], wt_provinces[a->prov].code);
		return -1;
	}
	if (wt_supply(s, seat, a->to) <= 0) {
		snprintf(err, errlen, "upgrade: no %s left in your supply",
		    wt_kind_name[a->to]);
		return -1;
	}
	cost[WT_GOODS] = 7 * (a->to - a->arg);
	if (pay(s, seat, cost, "upgrade", err, errlen) != 0)
		return -1;
	/* the same slot keeps its status and AP (5.2) */
	slot = u;
	s->u[slot].kind = a->to;
	return 0;
}

/* Declare war (7.1). */
static int
declare(struct wt_state *s, int seat, int on, char *err, size_t errlen)
{
	if (on == seat) {
		snprintf(err, errlen, "declare war: you cannot declare war on yourself");
		return -1;
	}
	if (wt_at_war(s, seat, on)) {
		snprintf(err, errlen, "declare war: already at war with %s",
		    wt_seat_code(s, on));
		return -1;
	}
	if (wt_teammates(s, seat, on)) {
		snprintf(err, errlen, "declare war: %s is your teammate (11.2)",
		    wt_seat_code(s, on));
		return -1;
	}
	if (s->p[seat].peace_turn[on] == s->turn) {
		snprintf(err, errlen, "declare war: you made peace with %s this turn "
		    "(7.1)", wt_seat_code(s, on));
		return -1;
	}
	s->war[seat][on].on = s->war[on][seat].on = 1;
	s->war[seat][on].since = s->war[on][seat].since = s->turn;
	s->war[seat][on].fought = s->war[on][seat].fought = 0;
	s->p[seat].routes &= ~(1 << on);	/* 7.4 */
	s->p[on].routes &= ~(1 << seat);
	s->p[seat].peace_offer &= ~(1 << on);
	s->p[on].peace_offer &= ~(1 << seat);
	return 0;
}

/*
 * Perform one development action for a seat (5.2).  unify = 1 when it is
 * an action gained by unification (built units get no AP, 8.3).
 * Checks everything before changing anything.  0 or -1 with err.
 */
int
wt_do_act(struct wt_state *s, int seat, const struct wt_act *a, int unify,
    char *err, size_t errlen)
{
	char txt[64];
	int rc = 0;

	switch (a->type) {
	case ACT_DEVELOP:
		if (s->p[seat].track[a->arg] >= 7) {
			snprintf(err, errlen, "develop: %s is already at VII",
			    wt_track_name[a->arg]);
			return -1;
		}
		s->p[seat].track[a->arg]++;
		break;
	case ACT_BUILD:
		rc = a->arg == WT_FORT ? build_fort(s, seat, a, err, errlen) :
		    build_unit(s, seat, a, unify, err, errlen);
		break;
	case ACT_UPGRADE:
		rc = upgrade(s, seat, a, err, errlen);
		break;
	case ACT_WAR:
		rc = declare(s, seat, a->arg, err, errlen);
		break;
	case ACT_PASS:
		break;
	default:
		snprintf(err, errlen, "no action given");
		return -1;
	}
	if (rc != 0)
		return -1;
	wt_act_text(s, a, txt, sizeof(txt));
	wt_log(s, "%s: %s%s", wt_seat_code(s, seat), unify ? "(unification) " : "",
	    txt);
	return 0;
}

/* Whether a seat can take a special action now (5.4, 13.5). */
int
wt_special_ok(const struct wt_state *s, int seat)
{
	const struct wt_player *p = &s->p[seat];

	return p->track[WT_PROD] >= 7 || p->track[WT_MIL] >= 7 ||
	    (p->track[WT_TRADE_T] >= 6 && p->res[WT_GOLD] >= 5);
}

/* Whether a seat controls its whole starting country (8.1) and never unified. */
int
wt_can_unify(const struct wt_state *s, int seat)
{
	int p;

	if (s->p[seat].unified || s->p[seat].country < 0)
		return 0;
	for (p = 0; p < WT_NPROV; p++)
		if (wt_provinces[p].country == s->p[seat].country && !wt_controls(s, seat, p))
			return 0;
	return 1;
}

/* The first home province a seat does not control, or -1 (8.1). */
static int
home_missing(const struct wt_state *s, int seat)
{
	int p;

	for (p = 0; p < WT_NPROV; p++)
		if (wt_provinces[p].country == s->p[seat].country && !wt_controls(s, seat, p))
			return p;
	return -1;
}

/* Provinces counted by a unification, 8 or more counting as 7 (8.2). */
int
wt_unify_count(const struct wt_state *s, int seat)
{
	int p, n = 0;

	for (p = 0; p < WT_NPROV; p++)
		n += wt_controls(s, seat, p);
	return n > 7 ? 7 : n;
}

/* Declare unification and perform its actions at once (8.1-8.4). */
int
wt_do_unify(struct wt_state *s, int seat, const struct wt_act *acts, int n,
    char *err, size_t errlen)
{
	struct wt_state *before;
	int count, gained, i;

	if (s->p[seat].unified) {
		snprintf(err, errlen, "unify: you have already unified (once per game, 8.4)");
		return -1;
	}
	if (!wt_can_unify(s, seat)) {
		int miss = home_missing(s, seat);

		snprintf(err, errlen, "unify: you must control every province of %s, "
		    "and %s is not yours (8.1)", wt_countries[s->p[seat].country].name,
		    miss >= 0 ? wt_provinces[miss].code : "one");
		return -1;
	}
	count = wt_unify_count(s, seat);
	gained = count >= 3 ? wt_unify_actions[count - 3] : 0;
	if (n > gained) {
		snprintf(err, errlen, "unify: %d provinces give %d actions; %d given",
		    count, gained, n);
		return -1;
	}
	/* All or nothing (13.1): when it runs after the battles, inside another
	 * seat's submission, a failing action must not leave the others (or
	 * the seat marked unified) behind. */
	if ((before = malloc(sizeof(*before))) == NULL) {
		snprintf(err, errlen, "unify: out of memory");
		return -1;
	}
	memcpy(before, s, sizeof(*before));
	s->p[seat].unified = 1;
	wt_log(s, "%s unifies %s: %d provinces, %d actions", wt_seat_code(s, seat),
	    wt_countries[s->p[seat].country].name, count, gained);
	for (i = 0; i < n; i++)
		if (wt_do_act(s, seat, &acts[i], 1, err, errlen) != 0) {
			char why[300], txt[64];
			size_t v;

			/* "unify: build inf NTH: no inf left ...": the action, then its
			 * refusal without the verb it starts with */
			wt_act_text(s, &acts[i], txt, sizeof(txt));
			v = strcspn(txt, " ");
			snprintf(why, sizeof(why), "%s", strncmp(err, txt, v) == 0 &&
			    err[v] == ':' ? err + v + 2 : err);
			snprintf(err, errlen, "unify: %s: %s", txt, why);
			memcpy(s, before, sizeof(*s));
			free(before);
			return -1;
		}
	free(before);
	return 0;
}
