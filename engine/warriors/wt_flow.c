/*
 * wt_flow.c - the automatic parts of a turn (2.1): upkeep, the trade
 * resolution, the development slots and the shift, the manoeuvre order,
 * the end of turn and victory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"

/* ---------------------------------------------------------------- upkeep */

/* Feed one unit if the food is there; starve it otherwise (3.1), naming
 * it in *which ("cav in LOR, inf in DIJ"). */
static void
feed_one(struct wt_state *s, int seat, int u, int *fed, char *which, size_t len)
{
	int cost = wt_upkeep_food(s->u[u].kind);
	size_t n = strlen(which);

	fed[u - seat * WT_UPER] = 1;
	if (s->p[seat].res[WT_FOOD] >= cost) {
		s->p[seat].res[WT_FOOD] -= cost;
		return;
	}
	snprintf(which + n, len - n, "%s%s in %s", n > 0 ? ", " : "",
	    wt_kind_name[s->u[u].kind], wt_provinces[s->u[u].prov].code);
	wt_kill_unit(s, u);
}

/* Feed a seat's units: the units of its standing order first, wherever
 * they stand, then strongest first, by province code (3.1). */
static void
feed_seat(struct wt_state *s, int seat)
{
	int fed[WT_UPER], i, k, u, kind, prov, list[WT_MAXFEED], n = s->p[seat].nfeed;
	char which[WT_UPER * 16] = "";

	memset(fed, 0, sizeof(fed));
	memcpy(list, s->p[seat].feed_unit, sizeof(list));
	for (i = 0; i < n; i++) {
		u = list[i];
		if (s->u[u].side == seat && !fed[u - seat * WT_UPER])
			feed_one(s, seat, u, fed, which, sizeof(which));
	}
	for (kind = WT_CAV; kind >= WT_INF; kind--)
		for (prov = 0; prov < WT_NPROV; prov++)
			for (k = 0; k < WT_UPER; k++) {
				u = seat * WT_UPER + k;
				if (s->u[u].side == seat && !fed[k] &&
				    s->u[u].kind == kind && s->u[u].prov == prov)
					feed_one(s, seat, u, fed, which, sizeof(which));
			}
	if (which[0] != '\0')
		wt_log(s, "%s: starved for want of food (no VP): %s", wt_seat_code(s, seat),
		    which);
}

/* Income and taxes of one seat (3.2-3.4). */
static void
income(struct wt_state *s, int seat)
{
	struct wt_player *pl = &s->p[seat];
	int sum[WT_NRES] = { 0, 0, 0, 0 }, p, r, gain[WT_NRES];

	for (p = 0; p < WT_NPROV; p++) {
		if (s->prov[p].owner != seat)
			continue;
		for (r = 0; r < WT_NRES; r++)
			sum[r] += wt_provinces[p].yield[r];
		if (pl->track[WT_PROD] >= 6 && wt_provinces[p].type == WT_CAPITAL)
			sum[WT_GOLD]++;
		if (pl->track[WT_TRADE_T] >= 5 && wt_provinces[p].type == WT_TRADE)
			sum[WT_GOLD]++;
	}
	gain[WT_FOOD] = sum[WT_FOOD] * wt_prod_food[pl->track[WT_PROD]];
	gain[WT_GOODS] = sum[WT_GOODS] * wt_prod_goods[pl->track[WT_PROD]];
	gain[WT_WEAPONS] = sum[WT_WEAPONS] * wt_mil_weapons[pl->track[WT_MIL]];
	gain[WT_GOLD] = sum[WT_GOLD];
	for (r = 0; r < WT_NRES; r++)
		pl->res[r] += gain[r];
	wt_log(s, "%s: income %d food, %d goods, %d weapons, %d gold",
	    wt_seat_code(s, seat), gain[0], gain[1], gain[2], gain[3]);
}

/* Phase I (section 3): feeding for everybody, then income. */
void
wt_upkeep(struct wt_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		feed_seat(s, s->order[i]);
	wt_drop_empty(s, -1);
	for (i = 0; i < s->nseats; i++)
		income(s, s->order[i]);
}

/* Start a turn: upkeep, then the trade round (2.1). */
void
wt_begin_turn(struct wt_state *s)
{
	int i;

	wt_log(s, "-- turn %d: upkeep", s->turn);
	wt_upkeep(s);
	for (i = 0; i < s->nseats; i++)
		memset(&s->p[i].ts, 0, sizeof(s->p[i].ts));
	s->phase = PH_TRADE;
}

/* ----------------------------------------------------------------- trade */

/* Whether the trade round waits for a seat (13.8). */
int
wt_trade_awaited(const struct wt_state *s, int seat)
{
	return s->phase == PH_TRADE && !s->p[seat].ts.sent &&
	    (wt_may_trade(s, seat) || s->p[seat].res[WT_GOLD] >= WT_GOLD_PER_VP);
}

/* Number of routes a seat has open. */
static int
nroutes(const struct wt_state *s, int seat)
{
	int i, n = 0;

	for (i = 0; i < s->nseats; i++)
		if (s->p[seat].routes & (1 << i))
			n++;
	return n;
}

/* Whether a route joins two seats, whoever opened it (4.2). */
static int
route_between(const struct wt_state *s, int a, int b)
{
	return (s->p[a].routes & (1 << b)) || (s->p[b].routes & (1 << a));
}

/* Route closings and openings (4.6 step 1), each told as its order. */
static void
resolve_routes(struct wt_state *s)
{
	int i, j, a;

	for (i = 0; i < s->nseats; i++) {
		a = s->order[i];
		for (j = 0; j < s->nseats; j++)
			if (s->p[a].ts.close & (1 << j))
				wt_log(s, "%s: close route %s: closed", wt_seat_code(s, a),
				    wt_seat_code(s, j));
		s->p[a].routes &= ~s->p[a].ts.close;
	}
	for (i = 0; i < s->nseats; i++) {
		a = s->order[i];
		for (j = 0; j < s->nseats; j++) {
			const char *why = NULL;

			if (!(s->p[a].ts.open & (1 << j)))
				continue;
			if (!wt_may_trade(s, a))
				why = "you may not trade now (4.1)";
			else if (!wt_owns_type(s, j, WT_TRADE))
				why = "the partner holds no trade centre (4.2)";
			else if (wt_at_war(s, a, j))
				why = "you are at war (7.4)";
			else if (route_between(s, a, j))
				why = "a route between you is open already";
			else if (nroutes(s, a) >= wt_trade_routes[s->p[a].track[WT_TRADE_T]])
				why = "your trade level allows no more routes (T1.2)";
			if (why != NULL) {
				wt_log(s, "%s: open route %s: not opened, %s", wt_seat_code(s, a),
				    wt_seat_code(s, j), why);
				continue;
			}
			s->p[a].routes |= 1 << j;
			wt_log(s, "%s: open route %s: opened", wt_seat_code(s, a),
			    wt_seat_code(s, j));
		}
	}
}

/* Whether a seat holds at least the resources of a bundle. */
static int
can_pay(const struct wt_state *s, int seat, const int *res)
{
	int r;

	for (r = 0; r < WT_NRES; r++)
		if (s->p[seat].res[r] < res[r])
			return 0;
	return 1;
}

/* Whether deal y (of b) mirrors deal x (of a). */
static int
mirrors(const struct wt_deal *x, int a, const struct wt_deal *y)
{
	return y->partner == a && memcmp(x->give, y->get, sizeof(x->give)) == 0 &&
	    memcmp(x->get, y->give, sizeof(x->get)) == 0;
}

/* Tell one side's deal order and what became of it. */
static void
log_deal(struct wt_state *s, int seat, const struct wt_deal *d, const char *what)
{
	char txt[160];

	wt_deal_text(s, d, txt, sizeof(txt));
	wt_log(s, "%s: %s: %s", wt_seat_code(s, seat), txt, what);
}

/* Execute one matched deal if every condition holds (4.3); both orders told. */
static void
run_deal(struct wt_state *s, int a, int b, const struct wt_deal *da,
    const struct wt_deal *db)
{
	char why[200];
	int r, who = -1;
	const char *rule = NULL;

	if (!route_between(s, a, b))
		rule = "no trade route between them (4.2)";
	else if (!wt_may_trade(s, a) || !wt_may_trade(s, b)) {
		who = !wt_may_trade(s, a) ? a : b;
		rule = "may not trade now: no trade centre held, or Monopoly held by "
		    "others (4.1, T1.2)";
	} else if (wt_at_war(s, a, b))
		rule = "they are at war (7.3)";
	else if (!can_pay(s, a, da->give) || !can_pay(s, b, da->get)) {
		who = !can_pay(s, a, da->give) ? a : b;
		rule = "cannot pay its side";
	}
	if (rule != NULL) {
		snprintf(why, sizeof(why), "void, %s%s%s", who >= 0 ? wt_seat_code(s, who) :
		    "", who >= 0 ? " " : "", rule);
		log_deal(s, a, da, why);
		log_deal(s, b, db, why);
		return;
	}
	for (r = 0; r < WT_NRES; r++) {
		s->p[a].res[r] += da->get[r] - da->give[r];
		s->p[b].res[r] += da->give[r] - da->get[r];
	}
	log_deal(s, a, da, "done");
	log_deal(s, b, db, "done");
}

/* Tell a deal no mirror matched: void, and why (4.3). */
static void
void_deal(struct wt_state *s, int a, const struct wt_deal *d)
{
	char why[120];

	if (!route_between(s, a, d->partner))
		snprintf(why, sizeof(why), "void, no trade route between %s and %s (4.2)",
		    wt_seat_code(s, a), wt_seat_code(s, d->partner));
	else
		snprintf(why, sizeof(why), "void, no matching deal from %s",
		    wt_seat_code(s, d->partner));
	log_deal(s, a, d, why);
}

/*
 * Deals, in country order of the lower partner, then in the order written
 * (4.6 step 2).  Every deal order is told: done, or void and why.
 */
static void
resolve_deals(struct wt_state *s)
{
	int used[WT_SEATS][WT_MAXDEALS], i, j, k, m, a, b;

	memset(used, 0, sizeof(used));
	for (i = 0; i < s->nseats; i++) {
		a = s->order[i];
		for (k = 0; k < s->p[a].ts.ndeals; k++) {
			const struct wt_deal *d = &s->p[a].ts.deal[k];

			if (used[a][k])
				continue;	/* matched from the partner's side */
			used[a][k] = 1;
			b = d->partner;
			for (j = 0; j < s->nseats && s->order[j] != b; j++)
				;
			for (m = 0; j > i && m < s->p[b].ts.ndeals; m++)
				if (!used[b][m] && mirrors(d, a, &s->p[b].ts.deal[m]))
					break;
			if (j < i || m == s->p[b].ts.ndeals) {
				void_deal(s, a, d);
				continue;
			}
			used[b][m] = 1;
			run_deal(s, a, b, d, &s->p[b].ts.deal[m]);
		}
	}
}

/* Bank trades and VP purchases of one seat, in the order written (4.6 step 3). */
static void
resolve_bank(struct wt_state *s, int seat)
{
	struct wt_player *pl = &s->p[seat];
	const char *c = wt_seat_code(s, seat);
	int k;

	for (k = 0; k < pl->ts.nbank; k++) {
		const struct wt_bank *b = &pl->ts.bank[k];

		if (b->buyvp) {
			if (pl->res[WT_GOLD] < WT_GOLD_PER_VP * b->amount) {
				wt_log(s, "%s: buy %d vp: void, %s has %d gold, not %d", c,
				    b->amount, c, pl->res[WT_GOLD],
				    WT_GOLD_PER_VP * b->amount);
				continue;
			}
			pl->res[WT_GOLD] -= WT_GOLD_PER_VP * b->amount;
			pl->vp_perm += b->amount;
			wt_log(s, "%s: buy %d vp: done", c, b->amount);
			continue;
		}
		if (!wt_may_trade(s, seat) || pl->res[b->from] < b->amount) {
			if (!wt_may_trade(s, seat))
				wt_log(s, "%s: trade %d %s for %d %s: void, %s may not trade now "
				    "(4.1)", c, b->amount, wt_res_name[b->from], b->got,
				    wt_res_name[b->to], c);
			else
				wt_log(s, "%s: trade %d %s for %d %s: void, %s has %d %s", c,
				    b->amount, wt_res_name[b->from], b->got, wt_res_name[b->to], c,
				    pl->res[b->from], wt_res_name[b->from]);
			continue;
		}
		pl->res[b->from] -= b->amount;
		pl->res[b->to] += b->got;
		wt_log(s, "%s: trade %d %s for %d %s: done", c, b->amount,
		    wt_res_name[b->from], b->got, wt_res_name[b->to]);
	}
}

/* Resolve the whole trade round (4.6) and open the development phase. */
void
wt_resolve_trade(struct wt_state *s)
{
	int i;

	wt_log(s, "-- trade");
	resolve_routes(s);
	resolve_deals(s);
	for (i = 0; i < s->nseats; i++)
		resolve_bank(s, s->order[i]);
	for (i = 0; i < s->nseats; i++)
		memset(&s->p[i].ts, 0, sizeof(s->p[i].ts));
	s->phase = PH_DEV;
	s->slot = SLOT_ACT1;
	s->slot_idx = 0;
	wt_log(s, "-- turn %d: development", s->turn);
}

/* ----------------------------------------------------------- development */

/* The seat whose development slot it is, or -1 when the slots are over. */
int
wt_dev_seat(const struct wt_state *s)
{
	if (s->phase != PH_DEV || s->slot == SLOT_DONE)
		return -1;
	if (s->slot == SLOT_ACT2)
		return s->order[s->nseats - 1 - s->slot_idx];
	return s->order[s->slot_idx];
}

/* Move to the next development slot. */
static void
next_slot(struct wt_state *s)
{
	if (++s->slot_idx >= s->nseats) {
		s->slot_idx = 0;
		s->slot++;
	}
}

/* Perform a special action, paying through the cheapest ability (5.4). */
int
wt_do_special(struct wt_state *s, int seat, const struct wt_act *a, char *err,
    size_t errlen)
{
	const struct wt_player *p = &s->p[seat];

	if (a->type == ACT_PASS)
		return wt_do_act(s, seat, a, 0, err, errlen);
	if (p->track[WT_PROD] >= 7 || (a->type == ACT_WAR && p->track[WT_MIL] >= 7))
		return wt_do_act(s, seat, a, 0, err, errlen);
	if (p->track[WT_TRADE_T] >= 6) {
		if (p->res[WT_GOLD] < 5) {
			snprintf(err, errlen, "special: Master Trader's action costs 5 gold; "
			    "you have %d", p->res[WT_GOLD]);
			return -1;
		}
		s->p[seat].res[WT_GOLD] -= 5;
		if (wt_do_act(s, seat, a, 0, err, errlen) != 0) {
			s->p[seat].res[WT_GOLD] += 5;
			return -1;
		}
		wt_log(s, "%s pays 5 gold for the special action (Master Trader)",
		    wt_seat_code(s, seat));
		return 0;
	}
	if (p->track[WT_MIL] >= 7) {
		snprintf(err, errlen, "special: Voivode allows only a war declaration (5.4)");
		return -1;
	}
	snprintf(err, errlen, "special: needs University, Master Trader or Voivode (5.4)");
	return -1;
}

/* Run a queued command for the current slot; 0 done, -1 the seat must answer. */
static int
run_queued(struct wt_state *s, int seat)
{
	struct wt_act *q = s->slot == SLOT_SPECIAL ? &s->p[seat].qs : &s->p[seat].q2;
	char err[200];
	int rc;

	if (s->slot == SLOT_ACT1 || q->type == ACT_NONE)
		return -1;
	rc = s->slot == SLOT_SPECIAL ? wt_do_special(s, seat, q, err, sizeof(err)) :
	    wt_do_act(s, seat, q, 0, err, sizeof(err));
	if (rc != 0) {
		char txt[64];

		wt_act_text(s, q, txt, sizeof(txt));
		wt_log(s, "%s: queued %s%s not applied: %s; %s must answer the slot",
		    wt_seat_code(s, seat), s->slot == SLOT_SPECIAL ? "special " : "", txt,
		    err, wt_seat_code(s, seat));
	}
	q->type = ACT_NONE;
	if (rc != 0)
		return -1;
	return 0;
}

/* The shift step (5.7), in country order, from queued shift orders. */
static void
shift_step(struct wt_state *s)
{
	int i, seat, f, t;

	for (i = 0; i < s->nseats; i++) {
		seat = s->order[i];
		f = s->p[seat].shift_from;
		t = s->p[seat].shift_to;
		s->p[seat].shift_from = s->p[seat].shift_to = -1;
		if (f < 0 || t < 0)
			continue;
		if (s->p[seat].track[f] < 1 || s->p[seat].track[t] > 6) {
			wt_log(s, "%s: shift %s to %s not possible: %s is at %s (5.7)",
			    wt_seat_code(s, seat), wt_track_name[f], wt_track_name[t],
			    wt_track_name[s->p[seat].track[f] < 1 ? f : t],
			    s->p[seat].track[f] < 1 ? "0" : "VII");
			continue;
		}
		s->p[seat].track[f]--;
		s->p[seat].track[t]++;
		wt_log(s, "%s: shift %s to %s: a token moves", wt_seat_code(s, seat),
		    wt_track_name[f], wt_track_name[t]);
	}
}

/* ------------------------------------------------------------ manoeuvres */

/* The seat whose manoeuvre it is, or -1. */
int
wt_man_seat(const struct wt_state *s)
{
	if (s->phase != PH_MAN || s->man_idx >= s->nseats)
		return -1;
	return s->order[s->man_idx];
}

/* Run queued unifications at the start of the manoeuvre phase (8.5). */
static void
queued_unify(struct wt_state *s)
{
	struct wt_state *tmp;
	char err[200];
	int i, seat;

	tmp = malloc(sizeof(*tmp));
	for (i = 0; i < s->nseats; i++) {
		seat = s->order[i];
		if (!s->p[seat].qunify)
			continue;
		s->p[seat].qunify = 0;
		if (tmp == NULL)
			continue;
		memcpy(tmp, s, sizeof(*tmp));
		if (wt_do_unify(tmp, seat, s->p[seat].qunify_act, s->p[seat].qunify_n,
		    err, sizeof(err)) != 0) {
			wt_log(s, "%s: queued unification lapses: %s", wt_seat_code(s, seat),
			    err);
			continue;
		}
		memcpy(s, tmp, sizeof(*tmp));
	}
	free(tmp);
}

/* Start the manoeuvre phase: AP for every unit (6.2), queued unifications. */
static void
start_manoeuvres(struct wt_state *s)
{
	int i;

	s->phase = PH_MAN;
	s->man_idx = 0;
	s->man_step = MS_FIRST;
	s->man_second = 0;
	s->nbattles = 0;
	s->npost = 0;
	s->unify_n = 0;
	for (i = 0; i < WT_NUNITS; i++) {
		struct wt_unit *u = &s->u[i];

		if (u->side < 0 || u->side == WT_BARB)
			continue;
		u->ap = wt_mil_ap[s->p[u->side].track[WT_MIL]];
		u->moved = 0;
		u->from = u->target = -1;
	}
	wt_log(s, "-- turn %d: manoeuvres", s->turn);
	queued_unify(s);
}

/* Whether a seat has anything to do in its manoeuvre. */
static int
man_has_work(const struct wt_state *s, int seat)
{
	int i, p;

	if (wt_can_unify(s, seat))
		return 1;
	for (i = seat * WT_UPER; i < (seat + 1) * WT_UPER; i++)
		if (s->u[i].side == seat && s->u[i].ap > 0 && !s->u[i].moved)
			return 1;
	for (p = 0; p < WT_NPROV; p++) {
		if (s->prov[p].pieceowner != seat || s->prov[p].pri == 0)
			continue;
		for (i = 0; i < wt_provinces[p].nadj; i++)
			if (wt_friendly(s, seat, wt_provinces[p].adj[i]))
				return 1;
	}
	return 0;
}

/* Close the running manoeuvre (6.16) and pass to the next seat. */
void
wt_end_manoeuvre(struct wt_state *s)
{
	int seat = wt_man_seat(s), i;

	if (seat >= 0) {
		wt_settle(s, seat);
		wt_drop_empty(s, -1);
		for (i = seat * WT_UPER; i < (seat + 1) * WT_UPER; i++) {
			s->u[i].moved = 0;
			s->u[i].target = -1;
		}
	}
	s->man_idx++;
	s->man_step = MS_FIRST;
	s->man_second = 0;
	s->nbattles = 0;
	s->npost = 0;
	s->unify_n = 0;
}

/* Whether a seat is asked for a split in the pending battles (6.7). */
int
wt_defender_waiting(const struct wt_state *s, int seat)
{
	int i;

	if (s->phase != PH_MAN || s->man_step != MS_DEFEND)
		return 0;
	for (i = 0; i < s->nbattles; i++)
		if (s->battle[i].def == seat && !s->battle[i].done &&
		    !s->battle[i].dfn.given)
			return 1;
	return 0;
}

/* ------------------------------------------------------------ end of turn */

/* Total of a seat's resources (tie-break 10.2). */
static int
total_res(const struct wt_state *s, int seat)
{
	int r, t = 0;

	for (r = 0; r < WT_NRES; r++)
		t += s->p[seat].res[r];
	return t;
}

/* Whether seat a ranks strictly ahead of b (10.1, 10.2). */
static int
ahead(const struct wt_state *s, int a, int b)
{
	if (wt_vp(s, a) != wt_vp(s, b))
		return wt_vp(s, a) > wt_vp(s, b);
	if (wt_nprov_owned(s, a) != wt_nprov_owned(s, b))
		return wt_nprov_owned(s, a) > wt_nprov_owned(s, b);
	return total_res(s, a) > total_res(s, b);
}

/* A team's VP (11.2). */
static int
team_vp(const struct wt_state *s, int team)
{
	int i, t = 0;

	for (i = 0; i < s->nseats; i++)
		if (s->p[i].team == team)
			t += wt_vp(s, i);
	return t;
}

/* Decide the winner among seats in mask (ties shared, 10.2). */
static int
best_of(const struct wt_state *s, unsigned mask)
{
	int i, j, win = 0;

	for (i = 0; i < s->nseats; i++) {
		if (!(mask & (1u << i)))
			continue;
		for (j = 0; j < s->nseats; j++)
			if ((mask & (1u << j)) && ahead(s, j, i))
				break;
		if (j == s->nseats)
			win |= 1 << i;
	}
	return win;
}

/* Victory check (10.1, 10.2, 11.2); sets winner_mask and PH_OVER. */
static void
victory(struct wt_state *s)
{
	unsigned cand = 0, all = (1u << s->nseats) - 1;
	int i, t, best = -1, bestvp = -1, tie = 0;

	if (s->teams > 0) {
		for (t = 0; t < s->teams; t++) {
			int v = team_vp(s, t);

			if ((v >= s->team_target || s->turn >= WT_TURNS) && v >= bestvp) {
				tie = v == bestvp;
				bestvp = v;
				best = t;
			}
		}
		if (best < 0)
			return;
		for (i = 0; i < s->nseats; i++)
			if (tie ? team_vp(s, s->p[i].team) == bestvp : s->p[i].team == best)
				cand |= 1u << i;
		s->winner_mask = (int)cand;
		s->phase = PH_OVER;
		return;
	}
	for (i = 0; i < s->nseats; i++)
		if (wt_vp(s, i) >= wt_vp_target[s->nseats - 2])
			cand |= 1u << i;
	if (cand == 0 && s->turn >= WT_TURNS)
		cand = all;
	if (cand == 0)
		return;
	s->winner_mask = best_of(s, cand);
	s->phase = PH_OVER;
}

/* End of turn (section 9) and the start of the next one. */
void
wt_end_turn(struct wt_state *s)
{
	int i, j, r;

	wt_log(s, "-- turn %d: end of turn", s->turn);
	for (i = 0; i < s->nseats; i++) {
		if (s->p[i].track[WT_TRADE_T] >= 4)
			s->p[i].res[WT_GOLD] *= 2;	/* Merchant, 9.1 */
		for (r = 0; r < WT_NRES; r++)
			if (s->p[i].res[r] > WT_CAP)
				s->p[i].res[r] = WT_CAP;
		memcpy(s->endres[i], s->p[i].res, sizeof(s->endres[i]));
	}
	for (i = 0; i < s->nseats; i++)
		for (j = i + 1; j < s->nseats; j++) {
			struct wt_war *w = &s->war[i][j];

			if (w->on && (!w->fought || s->turn - w->since >= 2)) {
				w->on = s->war[j][i].on = 0;
				s->p[i].peace_offer &= ~(1 << j);
				s->p[j].peace_offer &= ~(1 << i);
				wt_log(s, "war %s-%s ends (%s)", wt_seat_code(s, i),
				    wt_seat_code(s, j), w->fought ? "third turn" : "no battle");
			}
			w->fought = s->war[j][i].fought = 0;
		}
	for (i = 0; i < WT_NUNITS; i++) {
		if (s->u[i].side < 0)
			continue;
		s->u[i].exhausted = 0;
		s->u[i].ap = 0;
		s->u[i].moved = 0;
		s->u[i].from = s->u[i].target = -1;
	}
	victory(s);
	if (s->phase == PH_OVER) {
		wt_log(s, "-- the game is over");
		return;
	}
	s->turn++;
	wt_begin_turn(s);
}

/* ---------------------------------------------------------------- driver */

/* Whether any seat is awaited in the trade round. */
static int
trade_pending(const struct wt_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (wt_trade_awaited(s, i))
			return 1;
	return 0;
}

/* Whether any defender still owes a split. */
static int
defence_pending(const struct wt_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (wt_defender_waiting(s, i))
			return 1;
	return 0;
}

/* One automatic step of the development phase; 1 to go on, 0 to wait. */
static int
dev_step(struct wt_state *s)
{
	int seat;

	if (s->slot == SLOT_DONE) {
		shift_step(s);
		start_manoeuvres(s);
		return 1;
	}
	seat = wt_dev_seat(s);
	if (s->slot == SLOT_SPECIAL && !wt_special_ok(s, seat)) {
		if (s->p[seat].qs.type != ACT_NONE) {
			char txt[64];

			wt_act_text(s, &s->p[seat].qs, txt, sizeof(txt));
			wt_log(s, "%s: queued special %s not applied: no special action is "
			    "possible now (5.4)", wt_seat_code(s, seat), txt);
		}
		s->p[seat].qs.type = ACT_NONE;
		next_slot(s);
		return 1;
	}
	if (run_queued(s, seat) == 0) {
		next_slot(s);
		return 1;
	}
	return 0;
}

/*
 * Run every automatic step until the game waits for somebody or ends.
 * Called after each accepted submission.
 */
void
wt_advance(struct wt_state *s)
{
	for (;;) {
		switch (s->phase) {
		case PH_TRADE:
			if (trade_pending(s))
				return;
			wt_resolve_trade(s);
			break;
		case PH_DEV:
			if (!dev_step(s))
				return;
			break;
		case PH_MAN:
			if (s->man_idx >= s->nseats) {
				wt_end_turn(s);
				break;
			}
			if (s->man_step == MS_DEFEND) {
				if (defence_pending(s))
					return;
				wt_start_manoeuvre_battles(s);
				break;
			}
			if (s->man_step == MS_FIRST && !man_has_work(s, wt_man_seat(s))) {
				wt_log(s, "%s has nothing to manoeuvre", wt_seat_code(s,
				    wt_man_seat(s)));
				wt_end_manoeuvre(s);
				break;
			}
			return;
		default:
			return;
		}
	}
}

/* Advance one development slot after the seat answered it. */
void
wt_slot_done(struct wt_state *s)
{
	next_slot(s);
}

/* The engine's waiting(): see 13.8. */
void
wt_waiting(const void *st, struct game_wait *w)
{
	const struct wt_state *s = st;
	static const char *const slotname[3] = {
		"development action 1", "development action 2 (reverse order)",
		"the special action (5.4)"
	};
	int i, seat;

	memset(w, 0, sizeof(*w));
	switch (s->phase) {
	case PH_COUNTRY:
		for (i = 0; i < s->nseats; i++)
			if (s->p[i].country < 0) {
				w->mask = 1u << i;
				snprintf(w->why[i], GAME_WHY_LEN, "choose a country: country <code>");
				return;
			}
		return;
	case PH_TRACKS:
		for (i = 0; i < s->nseats; i++)
			if (!s->p[i].tracks_set) {
				w->mask |= 1u << i;
				snprintf(w->why[i], GAME_WHY_LEN,
				    "place your 3 development tokens: tracks P T M");
			}
		return;
	case PH_TRADE:
		for (i = 0; i < s->nseats; i++)
			if (wt_trade_awaited(s, i)) {
				w->mask |= 1u << i;
				snprintf(w->why[i], GAME_WHY_LEN, "turn %d trade: routes, deals, "
				    "bank trades, VP, or pass", s->turn);
			}
		return;
	case PH_DEV:
		if ((seat = wt_dev_seat(s)) >= 0) {
			w->mask = 1u << seat;
			snprintf(w->why[seat], GAME_WHY_LEN, "turn %d: %s", s->turn,
			    slotname[s->slot]);
		}
		return;
	case PH_MAN:
		seat = wt_man_seat(s);
		if (seat < 0)
			return;
		if (s->man_step == MS_DEFEND) {
			for (i = 0; i < s->nseats; i++)
				if (wt_defender_waiting(s, i)) {
					int b;

					w->mask |= 1u << i;
					for (b = 0; b < s->nbattles; b++)
						if (s->battle[b].def == i && !s->battle[b].dfn.given)
							break;
					snprintf(w->why[i], GAME_WHY_LEN, "your split: %s attacked by "
					    "%s (damage %s ... or damage %s auto)",
					    wt_provinces[s->battle[b].prov].code, wt_seat_code(s, seat),
					    wt_provinces[s->battle[b].prov].code,
					    wt_provinces[s->battle[b].prov].code);
				}
			return;
		}
		w->mask = 1u << seat;
		snprintf(w->why[seat], GAME_WHY_LEN, "turn %d: %s", s->turn,
		    s->man_step == MS_SECOND ? "your Double Strike manoeuvre (6.14)" :
		    s->man_step == MS_FINISH ? "the rest of your manoeuvre (princess, "
		    "unify, done)" : "your manoeuvre");
		return;
	default:
		return;
	}
}
