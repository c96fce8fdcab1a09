/*
 * wt_check.c - the bounds part of check(): every number of a state that a
 * rule, a view or moves() uses as an index or a count is in its range.
 * A snapshot that gets past its checksum is checked as if it were any
 * bytes at all (fuzz/snapshot found a feeding order of 13 entries read
 * past its array, and a queued shift naming track 1879048194).
 */
#include <stdio.h>

#include "wt.h"

static int
in(int v, int lo, int hi)
{
	return v >= lo && v <= hi;
}

/* A queued or stored development action. */
static int
act_ok(const struct wt_state *s, const struct wt_act *a)
{
	if (!in(a->prov, -1, WT_NPROV - 1) || !in(a->to, -1, WT_NKIND - 1))
		return 0;
	switch (a->type) {
	case ACT_NONE:
	case ACT_PASS:
		return 1;
	case ACT_DEVELOP:
		return in(a->arg, 0, WT_NTRACK - 1);
	case ACT_BUILD:
	case ACT_UPGRADE:
		return in(a->arg, 0, WT_NKIND - 1);
	case ACT_WAR:
		return in(a->arg, 0, s->nseats - 1);
	default:
		return 0;
	}
}

static int
split_ok(const struct wt_split *sp)
{
	int i;

	if (!in(sp->given, 0, 1) || !in(sp->isauto, 0, 1) || !in(sp->n, 0, WT_MAXITEMS))
		return 0;
	for (i = 0; i < sp->n; i++)
		if (!in(sp->kind[i], 0, WT_NKIND - 1) || !in(sp->dmg[i], 0, 999))
			return 0;
	return 1;
}

static int
battles_ok(const struct wt_state *s)
{
	int i;

	if (!in(s->nbattles, 0, WT_MAXBATTLES) || !in(s->npost, 0, WT_MAXPOST))
		return 0;
	for (i = 0; i < s->nbattles; i++) {
		const struct wt_battle *b = &s->battle[i];

		if (!in(b->prov, 0, WT_NPROV - 1) || !(in(b->def, 0, s->nseats - 1) ||
		    b->def == WT_BARB) || !in(b->done, 0, 1) || !split_ok(&b->att) ||
		    !split_ok(&b->dfn) || !in(b->att_retreat, -1, WT_NPROV - 1) ||
		    !in(b->def_retreat, -1, WT_NPROV - 1) || !in(b->rout, -1, WT_NPROV - 1))
			return 0;
	}
	for (i = 0; i < s->npost; i++)
		if (!in(s->post_what[i], POST_PRINCESS, POST_UNIFY) ||
		    (s->post_what[i] == POST_PRINCESS && (!in(s->post_from[i], 0,
		    WT_NPROV - 1) || !in(s->post_to[i], 0, WT_NPROV - 1))))
			return 0;
	if (!in(s->unify_n, 0, 9))
		return 0;
	for (i = 0; i < s->unify_n; i++)
		if (!act_ok(s, &s->unify_act[i]))
			return 0;
	return 1;
}

static int
trade_ok(const struct wt_state *s, const struct wt_tradesub *t)
{
	int i, r, all = (1 << WT_SEATS) - 1;

	if (!in(t->sent, 0, 1) || !in(t->open, 0, all) || !in(t->close, 0, all) ||
	    !in(t->ndeals, 0, WT_MAXDEALS) || !in(t->nbank, 0, WT_MAXBANK))
		return 0;
	for (i = 0; i < t->ndeals; i++) {
		if (!in(t->deal[i].partner, 0, s->nseats - 1))
			return 0;
		for (r = 0; r < WT_NRES; r++)
			if (!in(t->deal[i].give[r], 0, 99999) || !in(t->deal[i].get[r], 0, 99999))
				return 0;
	}
	for (i = 0; i < t->nbank; i++) {
		const struct wt_bank *b = &t->bank[i];

		if (!in(b->buyvp, 0, 1) || !in(b->from, 0, WT_NRES - 1) ||
		    !in(b->to, 0, WT_NRES - 1) || !in(b->amount, 0, 99999) ||
		    !in(b->got, 0, 99999))
			return 0;
	}
	return 1;
}

static int
player_ok(const struct wt_state *s, const struct wt_player *p)
{
	int i, all = (1 << WT_SEATS) - 1;

	if (!in(p->team, -1, WT_SEATS - 1) || !in(p->unified, 0, 1) ||
	    !in(p->defend_auto, 0, 1) || !in(p->routes, 0, all) ||
	    !in(p->peace_offer, 0, all) || !in(p->tracks_set, 0, 1) ||
	    !in(p->nfeed, 0, WT_MAXFEED) || !in(p->qunify, 0, 1) || !in(p->qunify_n, 0, 9))
		return 0;
	for (i = 0; i < p->nfeed; i++)
		if (!in(p->feed_unit[i], 0, WT_NUNITS - 1) || s->u[p->feed_unit[i]].side !=
		    p - s->p)
			return 0;
	if (!act_ok(s, &p->q2) || !act_ok(s, &p->qs))
		return 0;
	for (i = 0; i < p->qunify_n; i++)
		if (!act_ok(s, &p->qunify_act[i]))
			return 0;
	return trade_ok(s, &p->ts);
}

int
wt_check_bounds(const struct wt_state *s, char *err, size_t errlen)
{
	int i;

	if (!in(s->teams, 0, WT_SEATS) || !in(s->defence_auto, 0, 1) || !in(s->choose, 0, 1) ||
	    !in(s->winner_mask, 0, (1 << WT_SEATS) - 1) || !in(s->slot, SLOT_ACT1, SLOT_DONE) ||
	    !in(s->slot_idx, 0, s->nseats) || !in(s->man_idx, 0, s->nseats) ||
	    !in(s->man_step, MS_FIRST, MS_FINISH) || !in(s->man_second, 0, 1)) {
		snprintf(err, errlen, "a phase counter or option is out of range");
		return -1;
	}
	if (!battles_ok(s)) {
		snprintf(err, errlen, "a pending battle, princess step or unification is out "
		    "of range");
		return -1;
	}
	for (i = 0; i < s->nseats; i++)
		if (!player_ok(s, &s->p[i])) {
			snprintf(err, errlen, "%s: a standing or queued order is out of range",
			    wt_seat_code(s, i));
			return -1;
		}
	return 0;
}
