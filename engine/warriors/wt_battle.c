/*
 * wt_battle.c - battles (6.5-6.13): simultaneous damage, the barbarians'
 * split (6.9), casualties, retreats and who holds the province.
 */
#include <string.h>

#include "wt.h"

enum { REF_FORT = -1, REF_BFORT = -2, REF_PRI = -3 };
enum { OUT_NONE, OUT_RETREAT, OUT_KILLED };
enum { MAXP = 64 };

/* One piece in a battle. */
struct bpiece {
	int ref;	/* unit slot, or REF_* */
	int kind, str, tough, exh;
	int dmg, out;
};

struct side {
	int n;
	struct bpiece pc[MAXP];
};

/* Damage that kills a piece: toughness for forts and princesses (6.9). */
static int
kill_cost(int kind, int tough, int exh)
{
	if (kind == WT_FORT || kind == WT_PRI)
		return tough;
	return exh ? 1 : tough + 1;
}

/* Rank of a kind among equals: fort, cavalry, archer, infantry, princess. */
static int
kind_rank(int kind)
{
	static const int rank[WT_NKIND] = { 3, 2, 1, 0, 4 };

	return rank[kind];
}

/* Whether piece i is "stronger" than piece j under 6.9 (ties by index). */
static int
stronger(const int *str, const int *tough, const int *kind, const int *exh,
    int i, int j)
{
	int ci, cj;

	if (str[i] != str[j])
		return str[i] > str[j];
	if (tough[i] != tough[j])
		return tough[i] > tough[j];
	if (kind_rank(kind[i]) != kind_rank(kind[j]))
		return kind_rank(kind[i]) < kind_rank(kind[j]);
	ci = kill_cost(kind[i], tough[i], exh[i]);
	cj = kill_cost(kind[j], tough[j], exh[j]);
	if (ci != cj)
		return ci < cj;
	return i < j;
}

/*
 * The barbarians' way of splitting damage, also every `auto` split (6.9):
 * kill the strongest killable piece while possible, then force the
 * strongest repellable unit back while possible, then put the rest on the
 * strongest undamaged piece.  dmg[] receives the damage per piece.
 */
void
wt_auto_split(int total, int n, const int *str, const int *tough,
    const int *kind, const int *exh, int *dmg)
{
	int i, best, left = total, step;

	for (i = 0; i < n; i++)
		dmg[i] = 0;
	for (step = 0; step < 2; step++) {
		for (;;) {
			best = -1;
			for (i = 0; i < n; i++) {
				int cost;

				if (dmg[i] > 0)
					continue;
				if (step == 0)
					cost = kill_cost(kind[i], tough[i], exh[i]);
				else if (kind[i] <= WT_CAV && !exh[i])
					cost = tough[i];
				else
					continue;
				if (cost > left || cost <= 0)
					continue;
				if (best < 0 || stronger(str, tough, kind, exh, i, best))
					best = i;
			}
			if (best < 0)
				break;
			dmg[best] = step == 0 ?
			    kill_cost(kind[best], tough[best], exh[best]) : tough[best];
			left -= dmg[best];
		}
	}
	best = -1;
	for (i = 0; i < n; i++)
		if (dmg[i] == 0 && (best < 0 || stronger(str, tough, kind, exh, i, best)))
			best = i;
	if (left > 0 && best >= 0)
		dmg[best] = left;
}

/* What damage does to a piece (6.10): OUT_NONE, OUT_RETREAT or OUT_KILLED. */
int
wt_outcome(int kind, int tough, int exh, int dmg)
{
	if (dmg <= 0)
		return OUT_NONE;
	if (kind == WT_FORT || kind == WT_PRI)
		return dmg >= tough ? OUT_KILLED : OUT_NONE;
	if (exh || dmg > tough)
		return OUT_KILLED;
	return dmg == tough ? OUT_RETREAT : OUT_NONE;
}

/* Add a piece to a battle side. */
static void
add_piece(struct side *sd, int ref, int kind, int str, int tough, int exh)
{
	struct bpiece *b;

	if (sd->n >= MAXP)
		return;
	b = &sd->pc[sd->n++];
	b->ref = ref;
	b->kind = kind;
	b->str = str;
	b->tough = tough;
	b->exh = exh;
	b->dmg = 0;
	b->out = OUT_NONE;
}

/* Sort a side strongest first (6.9), so "the next piece of a kind" is defined. */
static void
sort_side(struct side *sd)
{
	int i, j, str[2], tough[2], kind[2], exh[2];
	struct bpiece t;

	for (i = 1; i < sd->n; i++) {
		for (j = i; j > 0; j--) {
			str[0] = sd->pc[j].str;
			str[1] = sd->pc[j - 1].str;
			tough[0] = sd->pc[j].tough;
			tough[1] = sd->pc[j - 1].tough;
			kind[0] = sd->pc[j].kind;
			kind[1] = sd->pc[j - 1].kind;
			exh[0] = sd->pc[j].exh;
			exh[1] = sd->pc[j - 1].exh;
			if (str[0] == str[1] && tough[0] == tough[1] &&
			    kind[0] == kind[1] && exh[0] == exh[1])
				break;
			if (!stronger(str, tough, kind, exh, 0, 1))
				break;
			t = sd->pc[j];
			sd->pc[j] = sd->pc[j - 1];
			sd->pc[j - 1] = t;
		}
	}
}

/* Gather the attacking units of a seat in a province. */
static void
gather_attack(const struct wt_state *s, int seat, int prov, struct side *sd)
{
	int i;

	sd->n = 0;
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side == seat && s->u[i].prov == prov)
			add_piece(sd, i, s->u[i].kind, wt_piece_str(s->u[i].kind),
			    wt_piece_tough(s->u[i].kind), s->u[i].exhausted);
	sort_side(sd);
}

/* Gather every defending piece in a province (6.5). */
static void
gather_defence(const struct wt_state *s, int def, int prov, struct side *sd)
{
	int i;

	sd->n = 0;
	for (i = 0; i < WT_NUNITS; i++) {
		const struct wt_unit *u = &s->u[i];

		if (u->side != def || u->prov != prov)
			continue;
		if (def == WT_BARB)
			add_piece(sd, i, u->kind, wt_barb_str(u->kind, s->turn),
			    wt_barb_tough(u->kind, s->turn), u->exhausted);
		else
			add_piece(sd, i, u->kind, wt_piece_str(u->kind),
			    wt_piece_tough(u->kind), u->exhausted);
	}
	if (def == WT_BARB && s->prov[prov].barb_fort)
		add_piece(sd, REF_BFORT, WT_FORT, wt_barb_str(WT_FORT, s->turn),
		    wt_barb_tough(WT_FORT, s->turn), 0);
	if (def != WT_BARB && s->prov[prov].pieceowner == def) {
		for (i = 0; i < s->prov[prov].forts; i++)
			add_piece(sd, REF_FORT, WT_FORT, 2, 4, 0);
		for (i = 0; i < s->prov[prov].pri; i++)
			add_piece(sd, REF_PRI, WT_PRI, 0, 1, 0);
	}
	sort_side(sd);
}

/* Total strength of a side as it stood when the battle began (6.6). */
static int
side_strength(const struct side *sd)
{
	int i, t = 0;

	for (i = 0; i < sd->n; i++)
		t += sd->pc[i].str;
	return t;
}

/* The defending side at prov: barbarians when any stand there, else def. */
static int
defender_side(const struct wt_state *s, int def, int prov)
{
	return wt_has_barb(s, prov) ? WT_BARB : def;
}

/* Apply the auto split of `total` to the targetable pieces of a side. */
static void
split_auto(struct side *sd, int total, int protect_pri)
{
	int str[MAXP] = { 0 }, tough[MAXP] = { 0 }, kind[MAXP] = { 0 }, exh[MAXP] = { 0 };
	int dmg[MAXP] = { 0 }, map[MAXP] = { 0 };
	int i, n = 0;

	for (i = 0; i < sd->n; i++) {
		if (protect_pri && sd->pc[i].kind == WT_PRI)
			continue;
		str[n] = sd->pc[i].str;
		tough[n] = sd->pc[i].tough;
		kind[n] = sd->pc[i].kind;
		exh[n] = sd->pc[i].exh;
		map[n++] = i;
	}
	wt_auto_split(total, n, str, tough, kind, exh, dmg);
	for (i = 0; i < n; i++)
		sd->pc[map[i]].dmg = dmg[i];
}

/*
 * Place a written split on a side (6.7): each item hits the next piece
 * of its kind, strongest first.  Returns 0, or -1 with the reason in why
 * when it does not fit the battle as the pieces stand: a piece that is
 * not there, a princess behind a fort (6.12), or more than the strength
 * (6.6).  Damage left over goes to the strongest piece not yet given any
 * (step 3 of 6.9).  target names the side hit, for the reason.
 */
static int
split_given(struct side *sd, const struct wt_split *sp, int total, int protect_pri,
    const char *target, int prov, char *why, size_t len)
{
	int i, k, seen, sum = 0, have;

	for (i = 0; i < sd->n; i++)
		sd->pc[i].dmg = 0;
	for (k = 0; k < sp->n; k++) {
		int ord = 0, hit = -1;

		for (i = 0; i < k; i++)
			if (sp->kind[i] == sp->kind[k])
				ord++;
		seen = 0;
		for (i = 0; i < sd->n; i++) {
			if (sd->pc[i].kind != sp->kind[k])
				continue;
			if (seen++ == ord) {
				hit = i;
				break;
			}
		}
		if (hit < 0) {
			for (i = 0, have = 0; i < sd->n; i++)
				have += sd->pc[i].kind == sp->kind[k];
			if (have == 0)
				snprintf(why, len, "%s has no %s at %s", target,
				    wt_kind_name[sp->kind[k]], wt_provinces[prov].code);
			else
				snprintf(why, len, "%s has %d %s at %s, and the split names %d",
				    target, have, wt_kind_name[sp->kind[k]],
				    wt_provinces[prov].code, ord + 1);
			return -1;
		}
		if (protect_pri && sp->kind[k] == WT_PRI) {
			snprintf(why, len, "a fort stands at %s, so its princesses cannot be "
			    "hit (6.12)", wt_provinces[prov].code);
			return -1;
		}
		sd->pc[hit].dmg = sp->dmg[k];
		sum += sp->dmg[k];
	}
	if (sum > total) {
		snprintf(why, len, "it gives %d damage, and the strength at %s is %d (6.6)",
		    sum, wt_provinces[prov].code, total);
		return -1;
	}
	if (sum < total) {
		int best = -1;

		for (i = 0; i < sd->n; i++)
			if (sd->pc[i].dmg == 0 && !(protect_pri && sd->pc[i].kind == WT_PRI)) {
				best = i;	/* sides are sorted strongest first */
				break;
			}
		if (best >= 0)
			sd->pc[best].dmg = total - sum;
	}
	return 0;
}

/* Whether a side has a fort (its princesses are then protected, 6.12). */
static int
has_fort(const struct side *sd)
{
	int i;

	for (i = 0; i < sd->n; i++)
		if (sd->pc[i].kind == WT_FORT)
			return 1;
	return 0;
}

/*
 * Decide one side's split of `total` on `sd`: the one given, else auto.
 * A given split is told to the table with the result; one that no longer
 * fits is told with its reason, and auto is used (6.7).
 */
static void
split_side(struct wt_state *s, struct side *sd, const struct wt_split *sp,
    int total, int protect_pri, int prov, const char *who, const char *target)
{
	char txt[160], why[160];

	if (sp != NULL && sp->given) {
		wt_split_text(prov, sp, txt, sizeof(txt));
		if (sp->isauto) {
			wt_log(s, "  %s: %s", who, txt);
		} else if (split_given(sd, sp, total, protect_pri, target, prov, why,
		    sizeof(why)) == 0) {
			wt_log(s, "  %s: %s", who, txt);
			return;
		} else {
			wt_log(s, "  %s: %s no longer fits: %s; auto instead (6.7)", who, txt,
			    why);
		}
	}
	split_auto(sd, total, protect_pri);
}

/* Choose where a retreating barbarian goes (6.11), or -1. */
static int
barb_retreat_to(const struct wt_state *s, int from, int rout)
{
	int pr, i, q, first;

	for (pr = 0; pr < 4; pr++) {
		first = -1;
		for (i = 0; i < wt_provinces[from].nadj; i++) {
			int ok;

			q = wt_provinces[from].adj[i];
			if (pr == 0)
				ok = wt_free(s, q);
			else if (!wt_has_barb(s, q) || s->prov[q].owner >= 0)
				ok = 0;
			else if (pr == 1)
				ok = wt_provinces[q].type == WT_CAPITAL;
			else if (pr == 2)
				ok = wt_provinces[q].type == WT_TRADE;
			else
				ok = 1;
			if (!ok)
				continue;
			if (q == rout)
				return q;
			if (first < 0 || q < first)	/* codes sort as indices */
				first = q;
		}
		if (first >= 0)
			return first;
	}
	return -1;
}

/*
 * Whether a seat's unit may retreat or fall back into prov (6.11): a
 * province its owner controls, even while the attacker's units wait there
 * for their own battle (it is still the owner's, not another player's), or
 * one free of every other side.
 */
static int
retreat_room(const struct wt_state *s, int seat, int prov)
{
	if (prov < 0 || prov >= WT_NPROV || wt_has_barb(s, prov))
		return 0;
	return s->prov[prov].owner == seat || wt_friendly(s, seat, prov);
}

/* The first adjacent province of from, in alphabetical order of code, that
 * a seat's unit may retreat into and, when own is set, that the seat
 * controls; -1 when there is none. */
static int
first_room(const struct wt_state *s, int seat, int from, int own)
{
	int i, q, best = -1;

	for (i = 0; i < wt_provinces[from].nadj; i++) {
		q = wt_provinces[from].adj[i];
		if (!retreat_room(s, seat, q) || (own && s->prov[q].owner != seat))
			continue;
		if (best < 0 || strcmp(wt_provinces[q].code, wt_provinces[best].code) < 0)
			best = q;
	}
	return best;
}

/* Choose where a seat's unit falls back or retreats (6.11, 6.13), or -1:
 * the order given, else where it came from, else the first own province,
 * else the first free one. */
static int
player_retreat_to(const struct wt_state *s, int seat, int from, int want,
    int came)
{
	int q;

	if (want >= 0 && wt_adjacent(from, want) && retreat_room(s, seat, want))
		return want;
	if (came >= 0 && wt_adjacent(from, came) && retreat_room(s, seat, came))
		return came;
	if ((q = first_room(s, seat, from, 1)) >= 0)
		return q;
	return first_room(s, seat, from, 0);
}

/* Remove the killed pieces of a side, crediting `killer` (a seat or -1). */
static void
remove_dead(struct wt_state *s, struct side *sd, int prov, int killer, int barb)
{
	int i;

	for (i = 0; i < sd->n; i++) {
		struct bpiece *b = &sd->pc[i];

		if (b->out != OUT_KILLED)
			continue;
		if (killer >= 0)
			s->p[killer].vp_perm += wt_kill_vp(b->kind, barb);
		if (b->ref >= 0)
			wt_kill_unit(s, b->ref);
		else if (b->ref == REF_BFORT)
			s->prov[prov].barb_fort = 0;
		else if (b->ref == REF_FORT && s->prov[prov].forts > 0)
			s->prov[prov].forts--;
		else if (b->ref == REF_PRI && s->prov[prov].pri > 0)
			s->prov[prov].pri--;
	}
}

/* Move a unit that must retreat, or remove it when it cannot (6.11). */
static void
retreat_unit(struct wt_state *s, int ref, int to, int *lost)
{
	struct wt_unit *u = &s->u[ref];

	if (to < 0) {
		wt_kill_unit(s, ref);
		(*lost)++;
		return;
	}
	wt_log(s, "  %s %s retreats from %s to %s", wt_seat_code(s, u->side),
	    wt_kind_name[u->kind], wt_provinces[u->prov].code, wt_provinces[to].code);
	u->prov = to;
	u->ap = 0;
	u->exhausted = 1;
	u->target = -1;
}

/*
 * Tell what became of a retreat or rout order (6.11): `who` gave it for
 * the battle at prov, `nret` units had to retreat and `used` of them went
 * where it said.
 */
static void
order_told(struct wt_state *s, int who, int rout, int prov, int want, int nret,
    int used)
{
	const char *w = wt_seat_code(s, who), *pc = wt_provinces[prov].code;
	const char *verb = rout ? "rout" : "retreat";

	if (want < 0)
		return;
	if (used > 0)
		wt_log(s, "  %s: %s %s to %s: followed", w, verb, pc, wt_provinces[want].code);
	else if (nret == 0)
		wt_log(s, "  %s: %s %s to %s: not used, no %s unit had to retreat", w, verb,
		    pc, wt_provinces[want].code, rout ? "barbarian" : w);
	else if (rout)
		wt_log(s, "  %s: rout %s to %s: not followed, %s is not among the "
		    "barbarians' first choices now (6.11)", w, pc, wt_provinces[want].code,
		    wt_provinces[want].code);
	else
		wt_log(s, "  %s: retreat %s to %s: not followed, %s is neither %s's nor "
		    "free now; the default was used (6.11)", w, pc, wt_provinces[want].code,
		    wt_provinces[want].code, w);
}

/* Carry out the retreats of the defending side. */
static void
defender_retreats(struct wt_state *s, int seat, const struct wt_battle *b,
    struct side *sd, int *lost)
{
	int i, to, def = b->def, nret = 0, used = 0;

	if (wt_has_barb(s, b->prov))
		def = WT_BARB;
	for (i = 0; i < sd->n; i++) {
		if (sd->pc[i].out != OUT_RETREAT || sd->pc[i].ref < 0)
			continue;
		nret++;
		if (def == WT_BARB)
			to = barb_retreat_to(s, b->prov, b->rout);
		else if (s->p[def].track[WT_MIL] >= 4)
			to = player_retreat_to(s, def, b->prov, b->def_retreat, -1);
		else
			to = -1;
		used += to >= 0 && to == (def == WT_BARB ? b->rout : b->def_retreat);
		retreat_unit(s, sd->pc[i].ref, to, lost);
		if (to >= 0 && def != WT_BARB && s->prov[to].owner == -1)
			s->prov[to].owner = def;	/* 6.16, last point */
	}
	if (def == WT_BARB)
		order_told(s, seat, 1, b->prov, b->rout, nret, used);
	else
		order_told(s, def, 0, b->prov, b->def_retreat, nret, used);
}

/* Carry out the attacker's retreats; returns units that died for lack of room. */
static int
attacker_retreats(struct wt_state *s, int seat, const struct wt_battle *b,
    struct side *sd)
{
	int i, to, lost = 0, cmd = s->p[seat].track[WT_MIL] >= 4, nret = 0, used = 0;

	for (i = 0; i < sd->n; i++) {
		if (sd->pc[i].out != OUT_RETREAT)
			continue;
		nret++;
		to = cmd ? player_retreat_to(s, seat, b->prov, b->att_retreat,
		    s->u[sd->pc[i].ref].from) : -1;
		used += to >= 0 && to == b->att_retreat;
		retreat_unit(s, sd->pc[i].ref, to, &lost);
	}
	order_told(s, seat, 0, b->prov, b->att_retreat, nret, used);
	return lost;
}

/* Whether the defender still holds with a unit or a fort (6.13). */
static int
defender_holds(const struct wt_state *s, int def, int prov)
{
	if (def == WT_BARB)
		return wt_has_barb(s, prov);
	if (s->prov[prov].pieceowner == def && s->prov[prov].forts > 0)
		return 1;
	return wt_count_units(s, def, prov, -1) > 0;
}

/* The attacker takes the province: princesses die, the token changes hands. */
static void
take_province(struct wt_state *s, int seat, int prov)
{
	struct wt_prov *pv = &s->prov[prov];

	if (pv->pri > 0 && pv->pieceowner != seat) {
		s->p[seat].vp_perm += pv->pri * wt_kill_vp(WT_PRI, 0);
		wt_log(s, "  %d princess(es) at %s die (+%d VP)", pv->pri,
		    wt_provinces[prov].code, pv->pri);
		pv->pri = 0;
	}
	if (pv->forts == 0 && pv->pri == 0)
		pv->pieceowner = -1;
	pv->owner = seat;
	wt_log(s, "  %s takes %s", wt_seat_code(s, seat), wt_provinces[prov].code);
}

/* Surviving attackers fall back when the defender holds (6.13). */
static void
fall_back(struct wt_state *s, int seat, int prov)
{
	int i, to, lost = 0;

	for (i = 0; i < WT_NUNITS; i++) {
		struct wt_unit *u = &s->u[i];

		if (u->side != seat || u->prov != prov)
			continue;
		to = player_retreat_to(s, seat, prov, -1, u->from);
		if (to < 0) {
			wt_kill_unit(s, i);
			lost++;
			continue;
		}
		wt_log(s, "  %s %s falls back from %s to %s (6.13)", wt_seat_code(s, seat),
		    wt_kind_name[u->kind], wt_provinces[prov].code, wt_provinces[to].code);
		u->prov = to;
		u->ap = 0;
		u->target = -1;
	}
	if (lost)
		wt_log(s, "  %d attacking unit(s) had nowhere to fall back and died",
		    lost);
}

/* Log the damage a side received. */
static void
log_side(struct wt_state *s, const char *who, const struct side *sd)
{
	static const char *const what[3] = { "unhurt", "retreats", "killed" };
	char buf[400];
	size_t len = 0;
	int i, n;

	buf[0] = '\0';
	for (i = 0; i < sd->n; i++) {
		n = snprintf(buf + len, sizeof(buf) - len, "%s%s %d:%s",
		    i ? ", " : "", wt_kind_name[sd->pc[i].kind], sd->pc[i].dmg,
		    sd->pc[i].kind >= WT_FORT && sd->pc[i].out == OUT_KILLED ?
		    "destroyed" : what[sd->pc[i].out]);
		if (n < 0 || (size_t)n >= sizeof(buf) - len)
			break;
		len += (size_t)n;
	}
	wt_log(s, "  %s: %s", who, buf);
}

/* Fill in outcomes from damage. */
static void
outcomes(struct side *sd)
{
	int i;

	for (i = 0; i < sd->n; i++)
		sd->pc[i].out = wt_outcome(sd->pc[i].kind, sd->pc[i].tough,
		    sd->pc[i].exh, sd->pc[i].dmg);
}

/*
 * Resolve one battle of seat's manoeuvre (6.5-6.13).  The defending side is
 * whoever now stands in the province.
 */
void
wt_fight(struct wt_state *s, int seat, struct wt_battle *b)
{
	struct side att, dfn;
	int prov = b->prov, def = b->def, fort, atot, dtot;
	int lost = 0, alost;

	b->done = 1;
	gather_attack(s, seat, prov, &att);
	if (att.n == 0)
		return;
	if (wt_has_barb(s, prov))
		def = WT_BARB;
	gather_defence(s, def, prov, &dfn);
	wt_log(s, " battle at %s: %s attacks %s", wt_provinces[prov].code,
	    wt_seat_code(s, seat), wt_seat_code(s, def));
	if (def != WT_BARB && def >= 0 && def < s->nseats) {
		s->war[seat][def].fought = 1;
		s->war[def][seat].fought = 1;
	}
	fort = has_fort(&dfn);
	atot = side_strength(&att);
	dtot = side_strength(&dfn);
	split_side(s, &dfn, &b->att, atot, fort, prov, wt_seat_code(s, seat),
	    def == WT_BARB ? "the barbarians" : wt_seat_code(s, def));
	split_side(s, &att, def == WT_BARB ? NULL : &b->dfn, dtot, 0, prov,
	    wt_seat_code(s, def), wt_seat_code(s, seat));
	outcomes(&att);
	outcomes(&dfn);
	wt_log(s, "  strength %d against %d", atot, dtot);
	log_side(s, wt_seat_code(s, def), &dfn);
	log_side(s, wt_seat_code(s, seat), &att);
	remove_dead(s, &dfn, prov, seat, def == WT_BARB);
	remove_dead(s, &att, prov, def == WT_BARB ? -1 : def, 0);
	defender_retreats(s, seat, b, &dfn, &lost);
	alost = attacker_retreats(s, seat, b, &att);
	if (lost + alost > 0)
		wt_log(s, "  %d unit(s) could not retreat and died (no VP)",
		    lost + alost);
	if (wt_count_units(s, seat, prov, -1) > 0 && !defender_holds(s, def, prov))
		take_province(s, seat, prov);
	else if (wt_count_units(s, seat, prov, -1) > 0)
		fall_back(s, seat, prov);
	else if (!defender_holds(s, def, prov) && s->prov[prov].owner >= 0 &&
	    !wt_side_present(s, s->prov[prov].owner, prov))
		s->prov[prov].owner = -1;
	wt_drop_empty(s, seat);
}

/* See wt.h. */
int
wt_defence_strength(const struct wt_state *s, int def, int prov)
{
	struct side sd;

	gather_defence(s, defender_side(s, def, prov), prov, &sd);
	return side_strength(&sd);
}

/* See wt.h. */
int
wt_judge_split(const struct wt_state *s, int mover, int prov, int def, int by_def,
    const struct wt_split *sp, char *why, size_t len)
{
	struct side att, dfn;

	if (sp->isauto)
		return 0;
	def = defender_side(s, def, prov);
	gather_attack(s, mover, prov, &att);
	gather_defence(s, def, prov, &dfn);
	if (by_def)
		return split_given(&att, sp, side_strength(&dfn), 0, wt_seat_code(s, mover),
		    prov, why, len);
	return split_given(&dfn, sp, side_strength(&att), has_fort(&dfn), def == WT_BARB ?
	    "the barbarians" : wt_seat_code(s, def), prov, why, len);
}
