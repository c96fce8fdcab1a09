/*
 * wt_resample.c - Warriors & Traders: the resample hook (game.h).
 *
 * The edition hides no cards, bags or scores; what a seat hides is what
 * it has sent and the table has not yet seen carried out
 * (arbiter-warriors(6), "Hidden information"; wt_hooks.c says which
 * commands those are).  Each is replaced by another order the seat could
 * have sent instead, so the state is one the engine really reaches:
 *
 *  - trade orders, before the round is resolved: the submission is sent
 *    again, made of other routes, deals, bank trades and purchases of VP
 *    drawn at random, and judged by play() itself as the seat's own
 *    submission would have been (a combination play() refuses is cut
 *    short until it accepts one; "pass" it always accepts);
 *  - queued development commands: a second or special action sent ahead
 *    becomes none, a pass or another track's development; a queued shift
 *    becomes none or another pair of tracks; a queued unification may be
 *    left out;
 *  - the mover's orders held for its battles: a split becomes none or
 *    "auto", a retreat or rout order none, the held princess steps and
 *    unification lose a tail (an earlier one never depends on a later
 *    one), and with nothing held the submission may have ended with
 *    "done";
 *  - a defender's answers: a split already given becomes "auto", a
 *    retreat order none;
 *  - standing orders: defend auto or ask, and the feeding order another
 *    list of the seat's units, named as a `feed` command names them.
 *
 * What the public record already tells is left alone: whether a seat
 * that is being asked for a split defends by auto, a seat's defence
 * order when the last submission's report shows it attacked (asked, or
 * fought without being asked), and its feeding order when that report
 * shows units of it starving.  Nothing else is hidden: the generator is used only at the
 * setup, whose draws are public, so owner -1 has nothing to resample.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"

static int
pick(struct rng *r, int n)
{
	return n <= 1 ? 0 : (int)rng_below(r, (uint32_t)n);
}

/* Whether the last submission's report mentions "<before><seat code><after>". */
static int
last_tells(const struct wt_state *s, const char *before, int seat, const char *after)
{
	char key[64];

	snprintf(key, sizeof(key), "%s%s%s", before, wt_seat_code(s, seat), after);
	return strstr(s->last, key) != NULL;
}

/* Whether seat defends in one of the battles of the running manoeuvre. */
static int
defends_now(const struct wt_state *s, int seat)
{
	int i;

	for (i = 0; s->phase == PH_MAN && i < s->nbattles; i++)
		if (s->battle[i].def == seat)
			return 1;
	return 0;
}

/*
 * Standing orders (13.3, 13.7).  The feeding order lists distinct live
 * units of the seat; `feed` names a unit by kind and province and takes
 * the first unlisted one there, so units of one kind in one province
 * come in the order of their slots.
 */
static void
standing(struct wt_state *s, int seat, struct rng *r)
{
	struct wt_player *p = &s->p[seat];
	int live[WT_UPER], n = 0, m, i, j, t;

	/* Asked, or attacked and not asked: the report shows the order. */
	if (!defends_now(s, seat) && !last_tells(s, "", seat, " attacked at ") &&
	    !last_tells(s, " attacks ", seat, "\n"))
		p->defend_auto = pick(r, 2);
	if (last_tells(s, "", seat, ": starved"))
		return;
	for (i = seat * WT_UPER; i < (seat + 1) * WT_UPER; i++)
		if (s->u[i].side == seat && s->u[i].kind <= WT_CAV)
			live[n++] = i;
	for (i = n - 1; i > 0; i--) {
		j = pick(r, i + 1);
		t = live[i];
		live[i] = live[j];
		live[j] = t;
	}
	m = pick(r, (n < WT_MAXFEED ? n : WT_MAXFEED) + 1);
	for (i = 0; i < m; i++)
		for (j = i + 1; j < m; j++)
			if (s->u[live[i]].kind == s->u[live[j]].kind &&
			    s->u[live[i]].prov == s->u[live[j]].prov && live[i] > live[j]) {
				t = live[i];
				live[i] = live[j];
				live[j] = t;
			}
	memset(p->feed_unit, 0, sizeof(p->feed_unit));
	memcpy(p->feed_unit, live, sizeof(int) * (size_t)m);
	p->nfeed = m;
}

/* Append one command to a submission being built. */
static void
add_cmd(char *sub, size_t len, const char *cmd)
{
	size_t o = strlen(sub);

	snprintf(sub + o, len - o, "%s%s", o > 0 ? "; " : "", cmd);
}

/* One random trade command of seat (it may be refused in the whole). */
static void
trade_cmd(const struct wt_state *s, int seat, struct rng *r, char *out, size_t len)
{
	const struct wt_player *p = &s->p[seat];
	int ratio = wt_trade_ratio[p->track[WT_TRADE_T]], a, b, j;

	switch (pick(r, 4)) {
	case 0:		/* buy VP with the gold there is */
		snprintf(out, len, "buy %d vp", 1 + pick(r, p->res[WT_GOLD] /
		    WT_GOLD_PER_VP));
		return;
	case 1:		/* a bank trade at the seat's ratio */
		a = pick(r, WT_NRES);
		b = (a + 1 + pick(r, WT_NRES - 1)) % WT_NRES;
		j = 1 + pick(r, ratio > 0 ? p->res[a] / ratio : 1);
		snprintf(out, len, "trade %d %s for %d %s", j * ratio, wt_res_name[a], j,
		    wt_res_name[b]);
		return;
	case 2:		/* a route opened or closed */
		j = pick(r, s->nseats);
		snprintf(out, len, "%s route %s", pick(r, 2) ? "open" : "close",
		    wt_seat_code(s, j));
		return;
	default:	/* a deal of what the seat holds */
		j = pick(r, s->nseats);
		a = pick(r, WT_NRES);
		b = (a + 1 + pick(r, WT_NRES - 1)) % WT_NRES;
		snprintf(out, len, "deal %s give %d %s get %d %s", wt_seat_code(s, j),
		    1 + pick(r, p->res[a] > 0 ? p->res[a] : 1), wt_res_name[a],
		    1 + pick(r, 3), wt_res_name[b]);
		return;
	}
}

/*
 * Trade orders: seat's submission made again from random commands on the
 * state before it was sent, judged by play(); only the orders are taken
 * over (the report of the last submission stays the table's).  0, or -1
 * when no memory is left.
 */
static int
trade_orders(struct wt_state *s, int seat, struct rng *r)
{
	struct wt_state *before, *tmp;
	struct game_played pl;
	char sub[600] = "", cmd[128], err[300];
	int n, i;

	before = malloc(sizeof(*before));
	tmp = malloc(sizeof(*tmp));
	if (before == NULL || tmp == NULL) {
		free(before);
		free(tmp);
		return -1;
	}
	memcpy(before, s, sizeof(*before));
	memset(&before->p[seat].ts, 0, sizeof(before->p[seat].ts));
	n = pick(r, 5);
	for (i = 0; i < n; i++) {
		trade_cmd(before, seat, r, cmd, sizeof(cmd));
		add_cmd(sub, sizeof(sub), cmd);
	}
	/* Cut the submission short until play() accepts it. */
	for (;;) {
		char *cut;

		memcpy(tmp, before, sizeof(*tmp));
		if (wt_play(tmp, seat, sub[0] != '\0' ? sub : "pass", &pl, err,
		    sizeof(err)) == GAME_OK)
			break;
		if (sub[0] == '\0') {
			memcpy(tmp, s, sizeof(*tmp));	/* unreachable: keep the orders */
			break;
		}
		cut = strrchr(sub, ';');
		if (cut == NULL)
			sub[0] = '\0';
		else
			*cut = '\0';
	}
	if (tmp->phase == PH_TRADE && tmp->p[seat].ts.sent)
		s->p[seat].ts = tmp->p[seat].ts;
	free(before);
	free(tmp);
	return 0;
}

/* A development action a queue could hold instead: pass or develop. */
static void
other_act(struct rng *r, struct wt_act *a)
{
	int k = pick(r, WT_NTRACK + 1);

	a->type = k == WT_NTRACK ? ACT_PASS : ACT_DEVELOP;
	a->arg = k == WT_NTRACK ? -1 : k;
	a->prov = a->to = -1;
}

/* Queued development commands (13.5); they live only in the phase. */
static void
dev_queue(struct wt_state *s, int seat, struct rng *r)
{
	struct wt_player *p = &s->p[seat];
	int f, t, n = 0, k;

	if (p->q2.type != ACT_NONE) {
		if (pick(r, 3) == 0)
			p->q2.type = ACT_NONE, p->q2.arg = p->q2.prov = p->q2.to = -1;
		else
			other_act(r, &p->q2);
	}
	if (p->qs.type != ACT_NONE) {
		if (pick(r, 3) == 0)
			p->qs.type = ACT_NONE, p->qs.arg = p->qs.prov = p->qs.to = -1;
		else
			other_act(r, &p->qs);
	}
	if (p->shift_from >= 0) {
		/* none, or a pair whose target was below VII when it was sent */
		for (f = 0; f < WT_NTRACK; f++)
			for (t = 0; t < WT_NTRACK; t++)
				if (f != t && p->track[t] < 7)
					n++;
		k = pick(r, n + 1);
		p->shift_from = p->shift_to = -1;
		for (f = 0; f < WT_NTRACK; f++)
			for (t = 0; t < WT_NTRACK; t++)
				if (f != t && p->track[t] < 7 && k-- == 0) {
					p->shift_from = f;
					p->shift_to = t;
				}
	}
	if (p->qunify && pick(r, 2)) {
		p->qunify = 0;
		p->qunify_n = 0;
		memset(p->qunify_act, 0, sizeof(p->qunify_act));
	}
}

/* The mover's orders held for its battles, and a defender's answers. */
static void
battle_orders(struct wt_state *s, int seat, struct rng *r)
{
	int i, k, unify = 0, mover = wt_man_seat(s);

	for (i = 0; i < s->nbattles; i++) {
		struct wt_battle *b = &s->battle[i];

		if (b->done)
			continue;
		if (seat == mover) {
			switch (pick(r, 3)) {
			case 0:
				break;
			case 1:		/* no damage line: auto when needed */
				memset(&b->att, 0, sizeof(b->att));
				break;
			default:	/* "damage <province> auto" */
				memset(&b->att, 0, sizeof(b->att));
				b->att.given = b->att.isauto = 1;
				break;
			}
			if (pick(r, 2))
				b->att_retreat = -1;
			if (pick(r, 2))
				b->rout = -1;
		} else if (b->def == seat) {
			if (b->dfn.given && pick(r, 2)) {
				memset(&b->dfn, 0, sizeof(b->dfn));
				b->dfn.given = b->dfn.isauto = 1;
			}
			if (pick(r, 2))
				b->def_retreat = -1;
		}
	}
	if (seat != mover)
		return;
	/* Held princess steps and unification: a shorter list, from its end. */
	k = pick(r, s->npost + 1);
	for (i = k; i < s->npost; i++) {
		unify |= s->post_what[i] == POST_UNIFY;
		s->post_what[i] = s->post_from[i] = s->post_to[i] = 0;
	}
	s->npost = k;
	if (unify) {
		s->unify_n = 0;
		memset(s->unify_act, 0, sizeof(s->unify_act));
	}
	/* Nothing held, battles of the first manoeuvre: "done" or not. */
	if (s->man_step == MS_DEFEND && !s->man_second && s->npost == 0 && pick(r, 2))
		s->man_second = 1;
}

/* Everything of seat's that is hidden, drawn again. 0, or -1 out of memory. */
static int
draw_again(struct wt_state *s, int seat, struct rng *r)
{
	standing(s, seat, r);
	switch (s->phase) {
	case PH_TRADE:
		if (s->p[seat].ts.sent)
			return trade_orders(s, seat, r);
		return 0;
	case PH_DEV:
		dev_queue(s, seat, r);
		return 0;
	case PH_MAN:
		if (s->man_step == MS_DEFEND || seat == wt_man_seat(s))
			battle_orders(s, seat, r);
		return 0;
	default:
		return 0;
	}
}

/* The engine's resample(): see game.h. */
int
wt_resample(void *st, int owner, uint64_t salt)
{
	struct wt_state *s = st, *orig;
	struct rng r;
	int tries;

	/* Standing orders are taken from the trade phase on (13.7). */
	if (owner < 0 || owner >= s->nseats || s->phase < PH_TRADE || s->phase == PH_OVER)
		return 0;
	if ((orig = malloc(sizeof(*orig))) == NULL)
		return 0;
	memcpy(orig, s, sizeof(*orig));
	rng_seed_salt(&r, salt, owner, 0x57);
	/* A draw may give back what was there: draw again, a few times. */
	for (tries = 0; tries < 16; tries++) {
		memcpy(s, orig, sizeof(*s));
		if (draw_again(s, owner, &r) != 0)
			break;
		if (memcmp(s, orig, sizeof(*s)) != 0) {
			free(orig);
			return 1;
		}
	}
	memcpy(s, orig, sizeof(*s));
	free(orig);
	return 0;
}
