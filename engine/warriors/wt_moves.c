/*
 * wt_moves.c - the legal commands of a seat now.  Every line offered is a
 * whole submission that play() accepts as written: each candidate is tried
 * on a scratch copy of the state before it is listed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"

/* Scratch space for trying candidates. */
struct trial {
	const struct wt_state *s;
	struct wt_state *tmp;
	int seat;
	struct sbuf *out;
};

/* List `line` when play() accepts it on a copy of the state. */
static void
offer(struct trial *t, const char *line)
{
	struct game_played pl;
	char err[256];

	memcpy(t->tmp, t->s, sizeof(*t->tmp));
	if (wt_play(t->tmp, t->seat, line, &pl, err, sizeof(err)) == GAME_OK) {
		sb_puts(t->out, line);
		sb_putc(t->out, '\n');
	}
}

/* Setup: countries, then the token splits. */
static void
setup_moves(struct trial *t)
{
	char line[64];
	int c, p, tr;

	if (t->s->phase == PH_COUNTRY) {
		for (c = 0; c < WT_NCTY; c++) {
			snprintf(line, sizeof(line), "country %s", wt_countries[c].code);
			offer(t, line);
		}
		return;
	}
	for (p = 0; p <= 3; p++)
		for (tr = 0; tr + p <= 3; tr++) {
			snprintf(line, sizeof(line), "tracks %d %d %d", p, tr, 3 - p - tr);
			offer(t, line);
		}
}

/* The trade round: pass, VP, bank trades, routes and deals. */
static void
trade_moves(struct trial *t)
{
	const struct wt_state *s = t->s;
	const struct wt_player *p = &s->p[t->seat];
	int ratio = wt_trade_ratio[p->track[WT_TRADE_T]], r, r2, j, d;
	char line[128];

	offer(t, "pass");
	if (p->res[WT_GOLD] >= WT_GOLD_PER_VP)
		offer(t, "buy 1 vp");
	if (!wt_may_trade(s, t->seat))
		return;
	for (r = 0; r < WT_NRES; r++)
		for (r2 = 0; r2 < WT_NRES; r2++)
			if (r != r2 && p->res[r] >= ratio) {
				snprintf(line, sizeof(line), "trade %d %s for 1 %s", ratio,
				    wt_res_name[r], wt_res_name[r2]);
				offer(t, line);
			}
	for (j = 0; j < s->nseats; j++) {
		if (j == t->seat)
			continue;
		snprintf(line, sizeof(line), "open route %s", wt_seat_code(s, j));
		offer(t, line);
		snprintf(line, sizeof(line), "close route %s", wt_seat_code(s, j));
		offer(t, line);
		if (!(p->routes & (1 << j)) && !(s->p[j].routes & (1 << t->seat)))
			continue;
		/*
		 * One of each resource held for the next or the previous one:
		 * a partner's list has the mirror of each whenever it holds the
		 * other resource.  Only what the table sees chooses them: the
		 * deals a partner has sent are its secret until the round is
		 * resolved, so they are not mirrored here.
		 */
		for (r = 0; r < WT_NRES; r++)
			for (d = 1; d < WT_NRES && p->res[r] > 0; d += WT_NRES - 2) {
				snprintf(line, sizeof(line), "deal %s give 1 %s get 1 %s",
				    wt_seat_code(s, j), wt_res_name[r],
				    wt_res_name[(r + d) % WT_NRES]);
				offer(t, line);
			}
	}
}

/* Every development action as text, tried with a prefix ("" or "special "). */
static void
act_moves(struct trial *t, const char *prefix)
{
	const struct wt_state *s = t->s;
	char line[96];
	int k, p, j, to;

	for (k = 0; k < WT_NTRACK; k++) {
		snprintf(line, sizeof(line), "%sdevelop %s", prefix, wt_track_name[k]);
		offer(t, line);
	}
	for (p = 0; p < WT_NPROV; p++) {
		if (s->prov[p].owner != t->seat)
			continue;
		for (k = WT_INF; k <= WT_FORT; k++) {
			snprintf(line, sizeof(line), "%sbuild %s %s", prefix, wt_kind_name[k],
			    wt_provinces[p].code);
			offer(t, line);
		}
		for (k = WT_INF; k < WT_CAV; k++)
			for (to = k + 1; to <= WT_CAV; to++)
				if (wt_count_units(s, t->seat, p, k) > 0) {
					snprintf(line, sizeof(line), "%supgrade %s %s to %s", prefix,
					    wt_kind_name[k], wt_provinces[p].code, wt_kind_name[to]);
					offer(t, line);
				}
	}
	for (j = 0; j < s->nseats; j++)
		if (j != t->seat) {
			snprintf(line, sizeof(line), "%sdeclare war %s", prefix,
			    wt_seat_code(s, j));
			offer(t, line);
		}
}

/* `<first>; peace X` for every seat at war with this one. */
static void
peace_moves(struct trial *t, const char *first)
{
	char line[64];
	int j;

	for (j = 0; j < t->s->nseats; j++)
		if (wt_at_war(t->s, t->seat, j)) {
			snprintf(line, sizeof(line), "%s; peace %s", first,
			    wt_seat_code(t->s, j));
			offer(t, line);
		}
}

/* The development slot of the seat, with a shift or a queued unification. */
static void
dev_moves(struct trial *t)
{
	const struct wt_player *p = &t->s->p[t->seat];
	char line[96];
	int f, to;

	offer(t, "pass");
	act_moves(t, t->s->slot == SLOT_SPECIAL ? "special " : "");
	for (f = 0; f < WT_NTRACK; f++)
		for (to = 0; to < WT_NTRACK; to++)
			if (f != to && p->track[f] >= 1 && p->track[to] <= 6) {
				snprintf(line, sizeof(line), "pass; shift %s to %s",
				    wt_track_name[f], wt_track_name[to]);
				offer(t, line);
			}
	/* Actions sent ahead: a second one (first slot) and a special one. */
	for (to = 0; to < WT_NTRACK; to++) {
		snprintf(line, sizeof(line), "pass; develop %s", wt_track_name[to]);
		offer(t, line);
		snprintf(line, sizeof(line), "pass; special develop %s", wt_track_name[to]);
		offer(t, line);
	}
	if (wt_can_unify(t->s, t->seat))
		offer(t, "pass; unify; develop production; develop trade");
	peace_moves(t, "pass");
}

/* Moves of each stack to each neighbour, one unit or the whole stack. */
static void
unit_moves(struct trial *t)
{
	const struct wt_state *s = t->s;
	char line[96];
	int p, k, i, n;

	for (p = 0; p < WT_NPROV; p++)
		for (k = WT_INF; k <= WT_CAV; k++) {
			n = 0;
			for (i = t->seat * WT_UPER; i < (t->seat + 1) * WT_UPER; i++)
				if (s->u[i].side == t->seat && s->u[i].prov == p &&
				    s->u[i].kind == k && !s->u[i].moved && s->u[i].ap > 0)
					n++;
			if (n == 0)
				continue;
			for (i = 0; i < wt_provinces[p].nadj; i++) {
				const char *q = wt_provinces[wt_provinces[p].adj[i]].code;

				snprintf(line, sizeof(line), "move %s %s-%s", wt_kind_name[k],
				    wt_provinces[p].code, q);
				offer(t, line);
				if (n > 1) {
					snprintf(line, sizeof(line), "move %d %s %s-%s; damage %s auto",
					    n, wt_kind_name[k], wt_provinces[p].code, q, q);
					offer(t, line);
				}
			}
		}
}

/* Princess steps. */
static void
princess_moves(struct trial *t)
{
	const struct wt_state *s = t->s;
	char line[64];
	int p, i;

	for (p = 0; p < WT_NPROV; p++) {
		if (s->prov[p].pieceowner != t->seat || s->prov[p].pri == 0)
			continue;
		for (i = 0; i < wt_provinces[p].nadj; i++) {
			int q = wt_provinces[p].adj[i];

			if (!wt_friendly(s, t->seat, q))
				continue;
			snprintf(line, sizeof(line), "princess %s-%s", wt_provinces[p].code,
			    wt_provinces[q].code);
			offer(t, line);
		}
	}
}

/* A defender's splits: auto, or all on one kind of attacker. */
static void
defend_moves(struct trial *t)
{
	const struct wt_state *s = t->s;
	char line[96];
	int b, k, str, i, mover = wt_man_seat(s);

	for (b = 0; b < s->nbattles; b++) {
		const struct wt_battle *bt = &s->battle[b];

		if (bt->def != t->seat || bt->dfn.given)
			continue;
		snprintf(line, sizeof(line), "damage %s auto", wt_provinces[bt->prov].code);
		offer(t, line);
		str = 2 * s->prov[bt->prov].forts;
		for (i = t->seat * WT_UPER; i < (t->seat + 1) * WT_UPER; i++)
			if (s->u[i].side == t->seat && s->u[i].prov == bt->prov)
				str += wt_piece_str(s->u[i].kind);
		for (k = WT_INF; k <= WT_CAV && str > 0; k++)
			if (wt_count_units(s, mover, bt->prov, k) > 0) {
				snprintf(line, sizeof(line), "damage %s %d %s",
				    wt_provinces[bt->prov].code, str, wt_kind_name[k]);
				offer(t, line);
			}
	}
}

/* The manoeuvre steps. */
static void
man_moves(struct trial *t)
{
	if (t->s->man_step == MS_DEFEND) {
		defend_moves(t);
		return;
	}
	offer(t, "done");
	peace_moves(t, "done");
	if (t->s->man_step != MS_FINISH)
		unit_moves(t);
	if (wt_can_unify(t->s, t->seat)) {	/* 8.5: at any point of one's own manoeuvre */
		offer(t, "unify; develop production; develop military");
		offer(t, "unify; pass");
	}
	princess_moves(t);
}

/* The engine's moves(): see game.h. */
void
wt_moves(const void *st, int seat, struct sbuf *out)
{
	const struct wt_state *s = st;
	struct game_wait w;
	struct trial t;

	if (seat < 0 || seat >= s->nseats)
		return;
	wt_waiting(s, &w);
	if (!(w.mask & (1u << seat)))
		return;
	t.s = s;
	t.seat = seat;
	t.out = out;
	t.tmp = malloc(sizeof(*t.tmp));
	if (t.tmp == NULL)
		return;
	switch (s->phase) {
	case PH_COUNTRY:
	case PH_TRACKS:
		setup_moves(&t);
		break;
	case PH_TRADE:
		trade_moves(&t);
		break;
	case PH_DEV:
		dev_moves(&t);
		break;
	case PH_MAN:
		man_moves(&t);
		break;
	default:
		break;
	}
	free(t.tmp);
}
