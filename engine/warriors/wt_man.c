/*
 * wt_man.c - a manoeuvre (6, 13.6): the mover's submissions, the
 * defenders' answers, and what runs after the battles.
 *
 * Every order is judged when it is given, on the board as the
 * submission's moves leave it, and refused with the one rule it breaks.
 * An order whose legality this manoeuvre's battles can still change (a
 * princess step into a province a battle may take, a unification after
 * the moves) is held: it shows in its seat's private view, runs when it
 * is reached, and the report says what became of it (13.1).  A split or
 * a retreat order that an earlier battle made unfit is replaced by the
 * default, and the report says so and why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"
#include "../notation.h"
#include "wt_words.h"

/* Parse a path "PAR-ORL-BLO" into provinces. Returns the length or -1. */
static int
parse_path(const char *word, int *path, int max, char *err, size_t errlen)
{
	char buf[64], *p, *tok, *save = NULL;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", word);
	for (p = buf; (tok = strtok_r(p, "-", &save)) != NULL; p = NULL) {
		if (n >= max) {
			snprintf(err, errlen, "path %s is longer than any unit's AP", word);
			return -1;
		}
		if ((path[n] = wt_find_prov(tok)) < 0) {
			snprintf(err, errlen, "path %s: '%s' is not a province code", word, tok);
			return -1;
		}
		n++;
	}
	if (n < 2) {
		snprintf(err, errlen, "path '%s' needs at least two provinces joined "
		    "by '-'", word);
		return -1;
	}
	return n;
}

/* The pending battle at a province, or NULL. */
static struct wt_battle *
battle_at(struct wt_state *s, int prov)
{
	int i;

	for (i = 0; i < s->nbattles; i++)
		if (s->battle[i].prov == prov && !s->battle[i].done)
			return &s->battle[i];
	return NULL;
}

/* Whether a Double Strike manoeuvre may still follow the running one (6.14). */
static int
ds_ahead(const struct wt_state *s, int seat)
{
	return !s->man_second && s->p[seat].track[WT_MIL] >= 6;
}

/* Which side stands in a province a seat enters: -1 none, seat, or WT_BARB. */
static int
occupant(const struct wt_state *s, int seat, int prov)
{
	int i;

	if (wt_has_barb(s, prov))
		return WT_BARB;
	for (i = 0; i < s->nseats; i++)
		if (i != seat && wt_side_present(s, i, prov))
			return i;
	if (s->prov[prov].owner >= 0 && s->prov[prov].owner != seat)
		return s->prov[prov].owner;
	return -1;
}

/*
 * Why a seat's piece may not stand in prov (a princess stepping in, a
 * unit retreating there): barbarians, another seat's token or pieces.
 * NULL when it may (the seat's own, or free: 6.11, 6.15).
 */
static const char *
entry_problem(const struct wt_state *s, int seat, int prov, char *buf, size_t len)
{
	const char *code = wt_provinces[prov].code;
	int i;

	if (wt_has_barb(s, prov)) {
		snprintf(buf, len, "%s holds barbarians", code);
		return buf;
	}
	if (s->prov[prov].owner >= 0 && s->prov[prov].owner != seat) {
		snprintf(buf, len, "%s is %s's", code, wt_seat_code(s, s->prov[prov].owner));
		return buf;
	}
	for (i = 0; i < s->nseats; i++)
		if (i != seat && wt_side_present(s, i, prov)) {
			snprintf(buf, len, "%s holds pieces of %s", code, wt_seat_code(s, i));
			return buf;
		}
	return NULL;
}

/*
 * Whether the battles still ahead in the seat's manoeuvre may open prov
 * to it: a battle of this submission is there, or a Double Strike may
 * still attack it (barbarians, or a seat at war with it).
 */
static int
battles_may_open(struct wt_state *s, int seat, int prov)
{
	int o;

	if (battle_at(s, prov) != NULL)
		return 1;
	if (!ds_ahead(s, seat))
		return 0;
	o = occupant(s, seat, prov);
	return o == WT_BARB || (o >= 0 && o != seat && wt_at_war(s, seat, o));
}

/* Log a move as the table sees it: "FRA: move 2 cav PAR-ORL (battle)". */
static void
log_move(struct wt_state *s, int seat, int count, int kind, const int *path,
    int plen, int fight)
{
	char txt[64];
	size_t len = 0;
	int i, n;

	txt[0] = '\0';
	for (i = 0; i < plen; i++) {
		n = snprintf(txt + len, sizeof(txt) - len, "%s%s", i ? "-" : "",
		    wt_provinces[path[i]].code);
		if (n < 0 || (size_t)n >= sizeof(txt) - len)
			break;
		len += (size_t)n;
	}
	wt_log(s, "%s: move %d %s %s%s", wt_seat_code(s, seat), count,
	    wt_kind_name[kind], txt, fight ? " (battle)" : "");
}

/*
 * `move [n] <kind> <path>` (6.3): the n units of that kind in the first
 * province with the most AP left, which have not moved in this manoeuvre.
 */
int
wt_move(struct wt_state *s, int seat, int count, int kind, const int *path,
    int plen, char *err, size_t errlen)
{
	int pick[WT_UPER], npick = 0, i, j, cost, last = path[plen - 1], occ, fight = 0;

	for (i = 1; i < plen; i++) {
		if (!wt_adjacent(path[i - 1], path[i])) {
			snprintf(err, errlen, "move: %s does not border %s",
			    wt_provinces[path[i - 1]].code, wt_provinces[path[i]].code);
			return -1;
		}
		if (i < plen - 1 && !wt_friendly(s, seat, path[i])) {
			snprintf(err, errlen, "move: %s is neither yours nor free; units "
			    "pass only through such provinces (6.3)", wt_provinces[path[i]].code);
			return -1;
		}
	}
	occ = occupant(s, seat, last);
	if (occ == WT_BARB || (occ >= 0 && occ != seat)) {
		if (occ != WT_BARB && !wt_at_war(s, seat, occ)) {
			snprintf(err, errlen, "move: %s belongs to %s, with whom you are not "
			    "at war (6.3)", wt_provinces[last].code, wt_seat_code(s, occ));
			return -1;
		}
		fight = 1;
	}
	cost = plen - 1 + fight;
	for (i = seat * WT_UPER; i < (seat + 1) * WT_UPER; i++) {
		const struct wt_unit *u = &s->u[i];

		if (u->side != seat || u->kind != kind || u->prov != path[0] || u->moved)
			continue;
		for (j = npick; j > 0 && s->u[pick[j - 1]].ap < u->ap; j--)
			pick[j] = pick[j - 1];
		pick[j] = i;
		npick++;
	}
	if (npick < count) {
		snprintf(err, errlen, "move: you have %d %s in %s that can still move, "
		    "not %d", npick, wt_kind_name[kind], wt_provinces[path[0]].code, count);
		return -1;
	}
	for (i = 0; i < count; i++)
		if (s->u[pick[i]].ap < cost) {
			snprintf(err, errlen, "move: the path costs %d AP%s; your %s in %s "
			    "has %d", cost, fight ? " (1 of them to start the battle)" : "",
			    wt_kind_name[kind], wt_provinces[path[0]].code, s->u[pick[i]].ap);
			return -1;
		}
	for (i = 0; i < count; i++) {
		struct wt_unit *u = &s->u[pick[i]];

		u->prov = last;
		u->ap -= cost;
		u->moved = 1;
		u->from = path[plen - 2];
		u->target = fight ? last : -1;
	}
	if (fight && battle_at(s, last) == NULL) {
		struct wt_battle *b;

		if (s->nbattles >= WT_MAXBATTLES) {
			snprintf(err, errlen, "move: too many battles in one manoeuvre");
			return -1;
		}
		b = &s->battle[s->nbattles++];
		memset(b, 0, sizeof(*b));
		b->prov = last;
		b->def = occ;
		b->att_retreat = b->def_retreat = b->rout = -1;
	}
	log_move(s, seat, count, kind, path, plen, fight);
	return 0;
}

/* Parse `move [n] kind path` and run it. */
static int
move_cmd(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	int path[8], plen, count = 1, k = 1, kind;

	if (wd->n == 4) {
		if ((count = wt_count_word(wd->w[1])) < 0) {
			snprintf(err, errlen, "move: '%s' is not a number", wd->w[1]);
			return -1;
		}
		k = 2;
	} else if (wd->n != 3) {
		snprintf(err, errlen, "move: write 'move [n] <inf|arc|cav> <path>'");
		return -1;
	}
	kind = wt_find_kind(wd->w[k]);
	if (kind < 0 || kind > WT_CAV) {
		snprintf(err, errlen, "move: only units move (inf, arc, cav); princesses "
		    "use 'princess A-B'");
		return -1;
	}
	if ((plen = parse_path(wd->w[k + 1], path, 8, err, errlen)) < 0)
		return -1;
	return wt_move(s, seat, count, kind, path, plen, err, errlen);
}

/* Parse `retreat P to Q` / `rout P to Q`. */
static int
to_line(const struct words *wd, int *p, int *q, char *err, size_t errlen)
{
	if (wd->n != 4 || !word_eq(wd->w[2], "to") ||
	    (*p = wt_find_prov(wd->w[1])) < 0 || (*q = wt_find_prov(wd->w[3])) < 0) {
		snprintf(err, errlen, "%s: write '%s <battle province> to <province>'",
		    wd->w[0], wd->w[0]);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------- judging orders */

/*
 * A seat's `retreat P to Q` (6.11): Q borders P, the seat has Commander,
 * and Q is the seat's own or free now; for the mover, a province one of
 * its battles may take will do too.  0, or -1 with err.
 */
static int
judge_retreat(struct wt_state *s, int seat, int p, int q, int mover, char *err,
    size_t errlen)
{
	const char *pc = wt_provinces[p].code, *qc = wt_provinces[q].code;
	char why[80];

	if (!wt_adjacent(p, q)) {
		snprintf(err, errlen, "retreat %s to %s: %s does not border %s; units retreat "
		    "to a neighbour (6.11)", pc, qc, qc, pc);
		return -1;
	}
	if (s->p[seat].track[WT_MIL] < 4) {
		snprintf(err, errlen, "retreat %s to %s: without Commander (military IV) your "
		    "units that must retreat die instead (6.11)", pc, qc);
		return -1;
	}
	if (s->prov[q].owner != seat && entry_problem(s, seat, q, why, sizeof(why)) != NULL &&
	    !(mover && battle_at(s, q) != NULL)) {
		snprintf(err, errlen, "retreat %s to %s: %s; units retreat only into a "
		    "province of yours or a free one (6.11)", pc, qc, why);
		return -1;
	}
	return 0;
}

/* Why barbarians may not retreat into q (6.11: free or barbarian), or NULL. */
static const char *
rout_problem(const struct wt_state *s, int q, char *buf, size_t len)
{
	const char *code = wt_provinces[q].code;
	int i;

	if (wt_free(s, q) || (wt_has_barb(s, q) && s->prov[q].owner < 0))
		return NULL;
	if (s->prov[q].owner >= 0) {
		snprintf(buf, len, "%s is %s's", code, wt_seat_code(s, s->prov[q].owner));
		return buf;
	}
	for (i = 0; i < s->nseats; i++)
		if (wt_side_present(s, i, q))
			break;
	snprintf(buf, len, "%s holds pieces of %s", code, wt_seat_code(s, i));
	return buf;
}

/* One of the mover's `damage`, `retreat` or `rout` lines, judged after the
 * moves and attached to its battle (6.7, 6.11).  0 or -1 with err. */
static int
attacker_line(struct wt_state *s, int seat, struct words *wd, char *err,
    size_t errlen)
{
	struct wt_battle *b;
	struct wt_split sp;
	char why[160], txt[160];
	int p, q;

	if (word_eq(wd->w[0], "damage")) {
		if (wt_parse_split(s, wd->w, wd->n, &p, &sp, err, errlen) != 0)
			return -1;
		wt_split_text(p, &sp, txt, sizeof(txt));
	} else if (to_line(wd, &p, &q, err, errlen) != 0) {
		return -1;
	} else {
		snprintf(txt, sizeof(txt), "%s %s to %s", word_eq(wd->w[0], "rout") ? "rout" :
		    "retreat", wt_provinces[p].code, wt_provinces[q].code);
	}
	if ((b = battle_at(s, p)) == NULL) {
		snprintf(err, errlen, "%s: you start no battle at %s in this manoeuvre", txt,
		    wt_provinces[p].code);
		return -1;
	}
	if (word_eq(wd->w[0], "damage")) {
		if (b->att.given) {
			snprintf(err, errlen, "%s: a second split for the battle at %s", txt,
			    wt_provinces[p].code);
			return -1;
		}
		if (wt_judge_split(s, seat, p, b->def, 0, &sp, why, sizeof(why)) != 0) {
			snprintf(err, errlen, "%s: %s", txt, why);
			return -1;
		}
		b->att = sp;
		return 0;
	}
	if (word_eq(wd->w[0], "retreat")) {
		if (b->att_retreat >= 0) {
			snprintf(err, errlen, "%s: a second retreat order for the battle at %s",
			    txt, wt_provinces[p].code);
			return -1;
		}
		if (judge_retreat(s, seat, p, q, 1, err, errlen) != 0)
			return -1;
		b->att_retreat = q;
		return 0;
	}
	if (b->rout >= 0) {
		snprintf(err, errlen, "%s: a second rout order for the battle at %s", txt,
		    wt_provinces[p].code);
		return -1;
	}
	if (!wt_has_barb(s, p)) {
		snprintf(err, errlen, "%s: no barbarians defend %s", txt, wt_provinces[p].code);
		return -1;
	}
	if (!wt_adjacent(p, q)) {
		snprintf(err, errlen, "%s: %s does not border %s; barbarians retreat to a "
		    "neighbour (6.11)", txt, wt_provinces[q].code, wt_provinces[p].code);
		return -1;
	}
	if (rout_problem(s, q, why, sizeof(why)) != NULL && battle_at(s, q) == NULL) {
		snprintf(err, errlen, "%s: %s; barbarians retreat only into free or "
		    "barbarian provinces (6.11)", txt, why);
		return -1;
	}
	b->rout = q;
	return 0;
}

/* Princess steps already held that leave a province. */
static int
steps_from(const struct wt_state *s, int from)
{
	int k, n = 0;

	for (k = 0; k < s->npost; k++)
		if (s->post_what[k] == POST_PRINCESS && s->post_from[k] == from)
			n++;
	return n;
}

/*
 * `princess A-B` (6.15): judged now for what no battle changes (A borders
 * B, a princess of the seat in A without a step yet) and for B, unless a
 * battle still ahead may open B; then held for the end of the battles.
 */
static int
judge_princess(struct wt_state *s, int seat, const struct words *wd, char *err,
    size_t errlen)
{
	char why[80];
	const char *fc, *tc;
	int path[2], have;

	if (wd->n != 2 || parse_path(wd->w[1], path, 2, err, errlen) != 2) {
		snprintf(err, errlen, "princess: write 'princess <from>-<to>' (one step)");
		return -1;
	}
	fc = wt_provinces[path[0]].code;
	tc = wt_provinces[path[1]].code;
	if (!wt_adjacent(path[0], path[1])) {
		snprintf(err, errlen, "princess %s-%s: %s does not border %s; a princess "
		    "steps to a neighbour (6.15)", fc, tc, fc, tc);
		return -1;
	}
	have = s->prov[path[0]].pieceowner == seat ? s->prov[path[0]].pri : 0;
	if (have == 0) {
		snprintf(err, errlen, "princess %s-%s: you have no princess in %s", fc, tc, fc);
		return -1;
	}
	if (steps_from(s, path[0]) >= have) {
		snprintf(err, errlen, "princess %s-%s: your %d princess%s in %s already ha%s "
		    "a step; each steps once (6.15)", fc, tc, have, have > 1 ? "es" : "", fc,
		    have > 1 ? "ve" : "s");
		return -1;
	}
	if (entry_problem(s, seat, path[1], why, sizeof(why)) != NULL &&
	    !battles_may_open(s, seat, path[1])) {
		snprintf(err, errlen, "princess %s-%s: %s; a princess steps only into a "
		    "province of yours or a free one (6.15)", fc, tc, why);
		return -1;
	}
	if (s->npost >= WT_MAXPRI) {
		snprintf(err, errlen, "princess: at most %d princess steps", WT_MAXPRI);
		return -1;
	}
	s->post_what[s->npost] = POST_PRINCESS;
	s->post_from[s->npost] = path[0];
	s->post_to[s->npost++] = path[1];
	return 0;
}

/*
 * A unification held for the end of the battles (8.5), judged now for
 * what no battle changes: once per game, and every home province held
 * now or open to change by this manoeuvre (a battle there or still
 * possible, a princess step held for it, or a free neighbour of a
 * battle, where retreating units may stop).
 */
static int
judge_unify(struct wt_state *s, int seat, char *err, size_t errlen)
{
	int p, k, i, may;

	if (s->p[seat].unified) {
		snprintf(err, errlen, "unify: you have already unified (once per game, 8.4)");
		return -1;
	}
	for (k = 0; k < s->npost; k++)
		if (s->post_what[k] == POST_UNIFY) {
			snprintf(err, errlen, "unify: a unification of yours already waits for "
			    "the battles (once per game, 8.4)");
			return -1;
		}
	if (s->nbattles == 0 && !ds_ahead(s, seat))
		return 0;	/* nothing to wait for: it runs, and is judged, now */
	for (p = 0; p < WT_NPROV; p++) {
		if (wt_provinces[p].country != s->p[seat].country || wt_controls(s, seat, p))
			continue;
		may = battles_may_open(s, seat, p);
		for (k = 0; k < s->npost && !may; k++)
			may = s->post_what[k] == POST_PRINCESS && s->post_to[k] == p;
		for (i = 0; i < wt_provinces[p].nadj && !may && wt_free(s, p); i++)
			may = battle_at(s, wt_provinces[p].adj[i]) != NULL;
		if (!may) {
			snprintf(err, errlen, "unify: you do not control %s, and no battle of "
			    "this manoeuvre can change that (8.1)", wt_provinces[p].code);
			return -1;
		}
	}
	return 0;
}

/* ------------------------------------------------- after the battles */

/* The text of held order k ("princess LON-MER", "unify; develop trade"). */
void
wt_post_text(const struct wt_state *s, int k, char *out, size_t len)
{
	char a[64];
	size_t o;
	int i;

	if (s->post_what[k] == POST_PRINCESS) {
		snprintf(out, len, "princess %s-%s", wt_provinces[s->post_from[k]].code,
		    wt_provinces[s->post_to[k]].code);
		return;
	}
	snprintf(out, len, "unify");
	for (i = 0; i < s->unify_n; i++) {
		wt_act_text(s, &s->unify_act[i], a, sizeof(a));
		o = strlen(out);
		snprintf(out + o, len - o, "; %s", a);
	}
}

/*
 * Run held order k now; 0, or -1 with err: "princess A-B: <why>", or the
 * unification's own refusal.
 */
static int
run_post(struct wt_state *s, int seat, int k, char *err, size_t errlen)
{
	int f = s->post_from[k], t = s->post_to[k];
	char why[80];

	if (s->post_what[k] == POST_UNIFY)
		return wt_do_unify(s, seat, s->unify_act, s->unify_n, err, errlen);
	if (entry_problem(s, seat, t, why, sizeof(why)) != NULL) {
		snprintf(err, errlen, "princess %s-%s: %s; a princess steps only into a "
		    "province of yours or a free one (6.15)", wt_provinces[f].code,
		    wt_provinces[t].code, why);
		return -1;
	}
	/* the count was judged when the step was given; no battle changes it */
	s->prov[f].pri--;
	if (s->prov[f].pri + s->prov[f].forts == 0)
		s->prov[f].pieceowner = -1;
	s->prov[t].pri++;
	s->prov[t].pieceowner = seat;
	wt_log(s, "%s: princess %s-%s", wt_seat_code(s, seat), wt_provinces[f].code,
	    wt_provinces[t].code);
	return 0;
}

/*
 * Tell the table that held order k failed, with its reason err, and name
 * the held orders from `from` on that therefore did not run (princess
 * steps left out when they wait on for a Double Strike).
 */
static void
log_failure(struct wt_state *s, int seat, int k, const char *err, int from,
    int princesses_wait)
{
	char txt[400];
	size_t n;
	int i;

	/* err is "princess A-B: why" or "unify: why" (or the refusal of one of
	 * the unification's actions) */
	if (s->post_what[k] == POST_PRINCESS) {
		wt_post_text(s, k, txt, sizeof(txt));
		n = strlen(txt);
	} else {
		snprintf(txt, sizeof(txt), "unify");
		n = 5;
	}
	if (strncmp(err, txt, n) == 0 && err[n] == ':')
		err += n + 2;
	wt_log(s, "%s: %s not applied: %s", wt_seat_code(s, seat), txt, err);
	for (i = from; i < s->npost; i++) {
		if (princesses_wait && s->post_what[i] == POST_PRINCESS)
			continue;
		wt_post_text(s, i, txt, sizeof(txt));
		wt_log(s, "%s: %s not run: an order before it failed; send it again",
		    wt_seat_code(s, seat), txt);
	}
}

/*
 * After a submission's battles: the held unification, the Double Strike
 * offer (6.14), then after the last battles the princess steps (6.15), in
 * the order written, and the end of the manoeuvre.  An order that fails
 * here stops the manoeuvre for the same seat (13.1): the report names it,
 * its reason, and the held orders after it, which did not run.  With a
 * Double Strike ahead the princess steps stay held and a failed
 * unification does not stop it.  Returns 0, or -1 with err and the index
 * of the failed order in *failed.
 */
int
wt_after_battles(struct wt_state *s, int *failed, char *err, size_t errlen)
{
	int seat = wt_man_seat(s), i, k, more = 0, ds, keep = 0;

	s->nbattles = 0;
	for (i = seat * WT_UPER; i < (seat + 1) * WT_UPER; i++) {
		s->u[i].moved = 0;
		s->u[i].target = -1;
		if (s->u[i].side == seat && s->u[i].ap > 0 && !s->u[i].exhausted)
			more = 1;
	}
	ds = !s->man_second && more && s->p[seat].track[WT_MIL] >= 6;
	for (k = 0; k < s->npost; k++) {
		if (ds && s->post_what[k] == POST_PRINCESS) {
			s->post_what[keep] = s->post_what[k];
			s->post_from[keep] = s->post_from[k];
			s->post_to[keep++] = s->post_to[k];
			continue;
		}
		if (run_post(s, seat, k, err, errlen) == 0)
			continue;
		*failed = k;
		log_failure(s, seat, k, err, ds ? s->npost : k + 1, ds);
		if (ds) {		/* the held princess steps wait on */
			for (i = k + 1; i < s->npost; i++)
				if (s->post_what[i] == POST_PRINCESS) {
					s->post_what[keep] = POST_PRINCESS;
					s->post_from[keep] = s->post_from[i];
					s->post_to[keep++] = s->post_to[i];
				}
			s->npost = keep;
			s->unify_n = 0;
			s->man_second = 1;
			s->man_step = MS_SECOND;
			wt_log(s, "%s: send your Double Strike manoeuvre", wt_seat_code(s, seat));
			return -1;
		}
		s->npost = 0;
		s->unify_n = 0;
		s->man_second = 1;	/* no Double Strike after this point */
		s->man_step = MS_FINISH;
		wt_log(s, "%s: send the rest of your manoeuvre (princess, unify, done)",
		    wt_seat_code(s, seat));
		return -1;
	}
	s->npost = keep;
	s->unify_n = 0;
	if (ds) {
		s->man_second = 1;
		s->man_step = MS_SECOND;
		return 0;
	}
	wt_log(s, "%s ends its manoeuvre", wt_seat_code(s, seat));
	wt_end_manoeuvre(s);
	return 0;
}

/* Resolve the pending battles in order, then what follows them. */
void
wt_start_manoeuvre_battles(struct wt_state *s)
{
	char err[300];
	int i, seat = wt_man_seat(s), failed;

	for (i = 0; i < s->nbattles; i++)
		if (!s->battle[i].done)
			wt_fight(s, seat, &s->battle[i]);
	(void)wt_after_battles(s, &failed, err, sizeof(err));	/* the report says it */
}

/* The split requests after the moves: wait, or fight at once (6.7). */
static void
ask_or_fight(struct wt_state *s)
{
	int i, wait = 0;

	for (i = 0; i < s->nbattles; i++) {
		struct wt_battle *b = &s->battle[i];

		if (b->def == WT_BARB || b->dfn.given)
			continue;
		if (s->defence_auto || s->p[b->def].defend_auto) {
			b->dfn.given = 1;
			b->dfn.isauto = 1;
			continue;
		}
		if (wt_defence_strength(s, b->def, b->prov) == 0) {
			/* nothing to split: no mail round for it */
			wt_log(s, "%s attacked at %s by %s: no strength there to split; "
			    "not asked", wt_seat_code(s, b->def), wt_provinces[b->prov].code,
			    wt_seat_code(s, wt_man_seat(s)));
			b->dfn.given = 1;
			b->dfn.isauto = 1;
			continue;
		}
		wait = 1;
		wt_log(s, "%s attacked at %s by %s: %s must send its split",
		    wt_seat_code(s, b->def), wt_provinces[b->prov].code,
		    wt_seat_code(s, wt_man_seat(s)), wt_seat_code(s, b->def));
	}
	if (wait)
		s->man_step = MS_DEFEND;
	else
		wt_start_manoeuvre_battles(s);
}

/* Parse the actions following `unify` (cmds[from..n)); returns the count or -1. */
int
wt_unify_acts(struct wt_state *s, struct wt_sub *cl, int from, struct wt_act *acts,
    char *err, size_t errlen)
{
	struct words wd;
	int i, n = 0;

	for (i = from; i < cl->n; i++) {
		cl->at = i;
		if (wt_split_words(cl->cmd[i], &wd, err, errlen) != 0)
			return -1;
		if (wd.n == 0 || word_eq(wd.w[0], "done") ||
		    (!word_eq(wd.w[0], "develop") && !word_eq(wd.w[0], "build") &&
		    !word_eq(wd.w[0], "upgrade") && !word_eq(wd.w[0], "declare") &&
		    !(word_eq(wd.w[0], "pass") && wd.n == 1)))
			break;
		if (n >= 9) {
			snprintf(err, errlen, "unify: at most 9 actions (T8)");
			return -1;
		}
		if (wt_parse_act(s, wd.w, wd.n, &acts[n], err, errlen) != 0)
			return -1;
		n++;
	}
	cl->at = from - 1;
	return n;
}

/* Whether a command's first word is one of these. */
static int
verb(const struct words *wd, const char *a, const char *b, const char *c)
{
	return wd->n > 0 && (word_eq(wd->w[0], a) || (b != NULL && word_eq(wd->w[0], b)) ||
	    (c != NULL && word_eq(wd->w[0], c)));
}

/*
 * A manoeuvre submission: the first, the Double Strike one, or the rest
 * after a held order failed (MS_FINISH, where only princess, unify and
 * done are left).  Commands run in the order written, except that every
 * move comes before the battles (6.4): a `unify` with moves after it and
 * none before runs at once, and the damage, retreat and rout lines,
 * princess steps and any other unification are judged once the moves are
 * made (13.6).  With no battle to wait for, what follows the battles runs
 * now, and an order that fails there refuses the submission.
 */
int
wt_man_sub(struct wt_state *s, int seat, struct wt_sub *cl, char *err, size_t errlen)
{
	struct words wd;
	struct wt_act acts[9];
	int i, n, last_move = -1, moved = 0, rest = s->man_step == MS_FINISH;
	int *held, nheld = 0, rc = -1, first_new = s->npost, post_cmd[WT_MAXPOST];
	int failed = -1;

	if ((held = malloc(sizeof(*held) * (size_t)(cl->n + 1))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < cl->n; i++)
		if (wt_split_words(cl->cmd[i], &wd, err, errlen) == 0 && verb(&wd, "move",
		    NULL, NULL))
			last_move = i;
	for (i = 0; i < cl->n; i += n) {
		if ((n = wt_order_at(s, seat, cl, i, &wd, err, errlen)) <= 0) {
			if (n < 0)
				goto out;
			n = 1;
			continue;
		}
		if (rest && verb(&wd, "move", "damage", NULL) + verb(&wd, "retreat", "rout",
		    NULL)) {
			snprintf(err, errlen, "'%s': your battles are over; send princess, "
			    "unify or done", wd.w[0]);
			goto out;
		}
		if (verb(&wd, "move", NULL, NULL)) {
			moved = 1;
			if (move_cmd(s, seat, &wd, err, errlen) != 0)
				goto out;
		} else if (verb(&wd, "unify", NULL, NULL) && wd.n == 1) {
			memset(acts, 0, sizeof(acts));	/* all of it may be copied */
			if ((n = wt_unify_acts(s, cl, i + 1, acts, err, errlen)) < 0)
				goto out;
			if (!moved && i < last_move) {
				if (wt_do_unify(s, seat, acts, n, err, errlen) != 0)
					goto out;
			} else {
				held[nheld++] = i;
			}
			n++;
		} else if (verb(&wd, "damage", "retreat", "rout") || verb(&wd, "princess",
		    NULL, NULL)) {
			held[nheld++] = i;
		} else if (verb(&wd, "done", "pass", NULL) && wd.n == 1) {
			s->man_second = 1;	/* the manoeuvre ends: no Double Strike */
		} else {
			snprintf(err, errlen, "'%s': in a manoeuvre send move, damage, retreat, "
			    "rout, princess, unify or done", wd.w[0]);
			goto out;
		}
	}
	/* The held lines, in the order written, on the board after the moves. */
	for (i = 0; i < nheld; i++) {
		cl->at = held[i];
		if (wt_split_words(cl->cmd[held[i]], &wd, err, errlen) != 0)
			goto out;
		if (s->npost - first_new < WT_MAXPOST)
			post_cmd[s->npost - first_new] = held[i];
		if (verb(&wd, "princess", NULL, NULL)) {
			if (judge_princess(s, seat, &wd, err, errlen) != 0)
				goto out;
		} else if (verb(&wd, "unify", NULL, NULL)) {
			if (judge_unify(s, seat, err, errlen) != 0)
				goto out;
			memset(s->unify_act, 0, sizeof(s->unify_act));
			if ((n = wt_unify_acts(s, cl, held[i] + 1, s->unify_act, err,
			    errlen)) < 0)
				goto out;
			s->unify_n = n;
			s->post_what[s->npost++] = POST_UNIFY;
		} else if (attacker_line(s, seat, &wd, err, errlen) != 0) {
			goto out;
		}
	}
	if (s->nbattles == 0) {
		/*
		 * Nothing here waits for a battle: what this submission gave is
		 * judged in full now.  A step held from the first manoeuvre that
		 * fails now is an outcome, told, not a refusal of this one.
		 */
		if (wt_after_battles(s, &failed, err, errlen) == 0 || failed < first_new)
			rc = 0;
		else
			cl->at = post_cmd[failed - first_new];
		goto out;
	}
	ask_or_fight(s);
	rc = 0;
out:
	free(held);
	return rc;
}

/* A defender's split and retreat orders (6.7, 6.11), judged when given. */
int
wt_defend_sub(struct wt_state *s, int seat, struct wt_sub *cl, char *err,
    size_t errlen)
{
	struct words wd;
	struct wt_split sp;
	struct wt_battle *b;
	char why[160], txt[160];
	int i, prov, to, mover = wt_man_seat(s), dmg;

	for (i = 0; i < cl->n; i++) {
		if ((dmg = wt_order_at(s, seat, cl, i, &wd, err, errlen)) <= 0) {
			if (dmg < 0)
				return -1;
			continue;
		}
		dmg = word_eq(wd.w[0], "damage");
		if (dmg) {
			if (wt_parse_split(s, wd.w, wd.n, &prov, &sp, err, errlen) != 0)
				return -1;
			wt_split_text(prov, &sp, txt, sizeof(txt));
		} else if (word_eq(wd.w[0], "retreat")) {
			if (to_line(&wd, &prov, &to, err, errlen) != 0)
				return -1;
			snprintf(txt, sizeof(txt), "retreat %s to %s", wt_provinces[prov].code,
			    wt_provinces[to].code);
		} else {
			snprintf(err, errlen, "'%s': you are asked for your split: send "
			    "'damage <province> ...' or 'damage <province> auto'", wd.w[0]);
			return -1;
		}
		b = battle_at(s, prov);
		if (b == NULL || b->def != seat) {
			snprintf(err, errlen, "%s: you are not defending %s", txt,
			    wt_provinces[prov].code);
			return -1;
		}
		if (!dmg) {
			if (b->def_retreat >= 0) {
				snprintf(err, errlen, "%s: a second retreat order for the battle "
				    "at %s", txt, wt_provinces[prov].code);
				return -1;
			}
			if (judge_retreat(s, seat, prov, to, 0, err, errlen) != 0)
				return -1;
			b->def_retreat = to;
			continue;
		}
		if (b->dfn.given) {
			snprintf(err, errlen, "%s: your split at %s is already given", txt,
			    wt_provinces[prov].code);
			return -1;
		}
		if (wt_judge_split(s, mover, prov, seat, 1, &sp, why, sizeof(why)) != 0) {
			snprintf(err, errlen, "%s: %s", txt, why);
			return -1;
		}
		b->dfn = sp;
		wt_log(s, "%s sends its split at %s", wt_seat_code(s, seat),
		    wt_provinces[prov].code);
	}
	return 0;
}

/*
 * Line k (from 0) of a seat's orders that the table has not seen carried
 * out: its splits and retreat and rout orders for battles still pending,
 * and the held princess steps and unification.  0 with the text in out,
 * or -1 when there is no line k.
 */
int
wt_pending_line(const struct wt_state *s, int seat, int k, char *out, size_t len)
{
	int i, n = 0, mover = wt_man_seat(s);

	if (s->phase != PH_MAN || mover < 0)
		return -1;
	for (i = 0; i < s->nbattles; i++) {
		const struct wt_battle *b = &s->battle[i];
		const struct wt_split *sp = seat == mover ? &b->att : &b->dfn;
		int r = seat == mover ? b->att_retreat : b->def_retreat;
		const char *pc = wt_provinces[b->prov].code;

		if (b->done || (seat != mover && b->def != seat))
			continue;
		if (sp->given && n++ == k) {
			wt_split_text(b->prov, sp, out, len);
			return 0;
		}
		if (r >= 0 && n++ == k) {
			snprintf(out, len, "retreat %s to %s", pc, wt_provinces[r].code);
			return 0;
		}
		if (seat == mover && b->rout >= 0 && n++ == k) {
			snprintf(out, len, "rout %s to %s", pc, wt_provinces[b->rout].code);
			return 0;
		}
	}
	for (i = 0; seat == mover && i < s->npost; i++)
		if (n++ == k) {
			wt_post_text(s, i, out, len);
			return 0;
		}
	return -1;
}
