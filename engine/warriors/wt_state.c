/* wt_state.c - queries on a Warriors & Traders state and its bookkeeping. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wt.h"
#include "../notation.h"

/* Whether provinces a and b border each other (map-west.txt). */
int
wt_adjacent(int a, int b)
{
	int i;

	if (a < 0 || a >= WT_NPROV || b < 0 || b >= WT_NPROV)
		return 0;
	for (i = 0; i < wt_provinces[a].nadj; i++)
		if (wt_provinces[a].adj[i] == b)
			return 1;
	return 0;
}

/* Province index of a 3-letter code (any case), or -1. */
int
wt_find_prov(const char *code)
{
	int i;

	for (i = 0; i < WT_NPROV; i++)
		if (word_eq(code, wt_provinces[i].code))
			return i;
	return -1;
}

/* Seat named by a country code or name ("fra", "france"), or -1. */
int
wt_find_seat(const struct wt_state *s, const char *word)
{
	int i, c;

	for (i = 0; i < s->nseats; i++) {
		c = s->p[i].country;
		if (c < 0)
			continue;
		if (word_eq(word, wt_countries[c].code) ||
		    word_eq(word, wt_countries[c].name))
			return i;
	}
	return -1;
}

/* Piece kind named by a word (13.1), or -1. */
int
wt_find_kind(const char *w)
{
	static const char *const longname[WT_NKIND] = {
		"infantry", "archer", "cavalry", "fort", "princess"
	};
	int k;

	for (k = 0; k < WT_NKIND; k++)
		if (word_eq(w, wt_kind_name[k]) || word_eq(w, longname[k]))
			return k;
	if (word_eq(w, "archers"))
		return WT_ARC;
	return -1;
}

/* Resource named by a word or its letter (13.1), or -1. */
int
wt_find_res(const char *w)
{
	static const char *const letter[WT_NRES] = { "f", "g", "w", "$" };
	int r;

	for (r = 0; r < WT_NRES; r++)
		if (word_eq(w, wt_res_name[r]) || word_eq(w, letter[r]))
			return r;
	if (word_eq(w, "weapon"))
		return WT_WEAPONS;
	return -1;
}

/* Track named by a word (13.1), or -1. */
int
wt_find_track(const char *w)
{
	if (word_eq(w, "production") || word_eq(w, "prod"))
		return WT_PROD;
	if (word_eq(w, "trade"))
		return WT_TRADE_T;
	if (word_eq(w, "military") || word_eq(w, "mil"))
		return WT_MIL;
	return -1;
}

/* Units of a side in a province (kind -1: any kind; prov -1: anywhere). */
int
wt_count_units(const struct wt_state *s, int side, int prov, int kind)
{
	int i, n = 0;

	for (i = 0; i < WT_NUNITS; i++) {
		const struct wt_unit *u = &s->u[i];

		if (u->side == side && (prov < 0 || u->prov == prov) &&
		    (kind < 0 || u->kind == kind))
			n++;
	}
	return n;
}

/* Whether a seat has any piece (unit, fort, princess) in a province. */
int
wt_side_present(const struct wt_state *s, int side, int prov)
{
	if (side != WT_BARB && s->prov[prov].pieceowner == side &&
	    s->prov[prov].forts + s->prov[prov].pri > 0)
		return 1;
	if (side == WT_BARB && s->prov[prov].barb_fort)
		return 1;
	return wt_count_units(s, side, prov, -1) > 0;
}

/* Whether a province holds barbarian pieces (a barbarian province, 0.3). */
int
wt_has_barb(const struct wt_state *s, int prov)
{
	return wt_side_present(s, WT_BARB, prov);
}

/* Whether a province holds any piece at all. */
int
wt_any_piece(const struct wt_state *s, int prov)
{
	int i;

	if (s->prov[prov].barb_fort || s->prov[prov].forts || s->prov[prov].pri)
		return 1;
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side >= 0 && s->u[i].prov == prov)
			return 1;
	return 0;
}

/* Whether another side than seat has a piece in the province. */
static int
other_present(const struct wt_state *s, int seat, int prov)
{
	int i;

	if (s->prov[prov].barb_fort)
		return 1;
	if (s->prov[prov].forts + s->prov[prov].pri > 0 &&
	    s->prov[prov].pieceowner != seat)
		return 1;
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].side >= 0 && s->u[i].side != seat && s->u[i].prov == prov)
			return 1;
	return 0;
}

/*
 * Whether a seat's pieces may pass, retreat or stand in a province: it is
 * the seat's own, or free of every other side (6.3, 6.11, 6.15).
 */
int
wt_friendly(const struct wt_state *s, int seat, int prov)
{
	if (prov < 0 || prov >= WT_NPROV)
		return 0;
	if (s->prov[prov].owner != seat && s->prov[prov].owner != -1)
		return 0;
	return !other_present(s, seat, prov);
}

/*
 * Whether a seat controls a province (0.3): it holds the token (during its
 * own manoeuvre that lasts until the end of it, 6.16), or it is the only
 * side with pieces there and will take the token at the end of its
 * manoeuvre.
 */
int
wt_controls(const struct wt_state *s, int seat, int prov)
{
	if (s->prov[prov].owner == seat)
		return 1;
	return s->prov[prov].owner == -1 && wt_side_present(s, seat, prov) &&
	    !other_present(s, seat, prov);
}

/* Whether a province is free: no token holder and no piece (0.3). */
int
wt_free(const struct wt_state *s, int prov)
{
	return s->prov[prov].owner == -1 && !wt_any_piece(s, prov);
}

/* Whether two seats are at war. */
int
wt_at_war(const struct wt_state *s, int a, int b)
{
	if (a < 0 || b < 0 || a >= WT_SEATS || b >= WT_SEATS)
		return 0;
	return s->war[a][b].on;
}

/* Whether two different seats play in the same team (section 11). */
int
wt_teammates(const struct wt_state *s, int a, int b)
{
	return s->teams > 0 && a != b && s->p[a].team == s->p[b].team;
}

/* Pieces of a kind left in a seat's supply (1.3). */
int
wt_supply(const struct wt_state *s, int seat, int kind)
{
	if (kind == WT_FORT)
		return 8 - wt_forts_on_map(s, seat);
	if (kind == WT_PRI)
		return 0;
	return 4 - wt_count_units(s, seat, -1, kind);
}

/* Forts a seat has on the map. */
int
wt_forts_on_map(const struct wt_state *s, int seat)
{
	int p, n = 0;

	for (p = 0; p < WT_NPROV; p++)
		if (s->prov[p].pieceowner == seat)
			n += s->prov[p].forts;
	return n;
}

/* The seat alone highest on a track (Builder/Trader/Warrior, 5.6), or -1. */
int
wt_title_holder(const struct wt_state *s, int track)
{
	int i, best = -1, tie = 0;

	for (i = 0; i < s->nseats; i++) {
		if (best < 0 || s->p[i].track[track] > s->p[best].track[track]) {
			best = i;
			tie = 0;
		} else if (s->p[i].track[track] == s->p[best].track[track]) {
			tie = 1;
		}
	}
	return tie ? -1 : best;
}

/* Provinces whose token a seat holds. */
int
wt_nprov_owned(const struct wt_state *s, int seat)
{
	int p, n = 0;

	for (p = 0; p < WT_NPROV; p++)
		if (s->prov[p].owner == seat)
			n++;
	return n;
}

/* Whether a seat holds a province of this type. */
int
wt_owns_type(const struct wt_state *s, int seat, int type)
{
	int p;

	for (p = 0; p < WT_NPROV; p++)
		if (s->prov[p].owner == seat && wt_provinces[p].type == type)
			return 1;
	return 0;
}

/* A seat's victory points from every source (T7.1). */
int
wt_vp(const struct wt_state *s, int seat)
{
	int p, t, vp = s->p[seat].vp_perm;

	for (p = 0; p < WT_NPROV; p++)
		if (s->prov[p].owner == seat)
			vp += wt_vp_prov[wt_provinces[p].type];
	vp += WT_VP_FORT * wt_forts_on_map(s, seat);
	for (t = 0; t < WT_NTRACK; t++)
		if (wt_title_holder(s, t) == seat)
			vp += WT_VP_TITLE;
	return vp;
}

/* Whether a seat may trade now: a trade centre, and Monopoly (4.1). */
int
wt_may_trade(const struct wt_state *s, int seat)
{
	int i, mono = 0;

	if (!wt_owns_type(s, seat, WT_TRADE))
		return 0;
	for (i = 0; i < s->nseats; i++)
		if (s->p[i].track[WT_TRADE_T] >= 7)
			mono = 1;
	return !mono || s->p[seat].track[WT_TRADE_T] >= 7;
}

/*
 * Take a free unit slot for a side (for a seat, of the kind set later by
 * the caller via kind-specific slots).  Returns the slot or -1.
 */
int
wt_alloc_unit(struct wt_state *s, int side)
{
	int i, lo, hi;

	if (side == WT_BARB) {
		lo = WT_SEATS * WT_UPER;
		hi = WT_NUNITS;
	} else {
		lo = side * WT_UPER;
		hi = lo + WT_UPER;
	}
	for (i = lo; i < hi; i++)
		if (s->u[i].side < 0)
			return i;
	return -1;
}

/* Remove a unit from the map (back to the supply or the bank), and from
 * its owner's feeding order. */
void
wt_kill_unit(struct wt_state *s, int i)
{
	struct wt_unit *u = &s->u[i];
	struct wt_player *p;
	int k, n = 0;

	if (u->side >= 0 && u->side < s->nseats) {
		p = &s->p[u->side];
		for (k = 0; k < p->nfeed; k++)
			if (p->feed_unit[k] != i)
				p->feed_unit[n++] = p->feed_unit[k];
		p->nfeed = n;
	}

	u->side = -1;
	u->kind = 0;
	u->prov = -1;
	u->ap = 0;
	u->exhausted = 0;
	u->moved = 0;
	u->from = -1;
	u->target = -1;
}

/*
 * End of a seat's manoeuvre (6.16): take every free province where it has
 * a piece, return every token where it has none.
 */
void
wt_settle(struct wt_state *s, int seat)
{
	int p;

	for (p = 0; p < WT_NPROV; p++) {
		int here = wt_side_present(s, seat, p);

		if (s->prov[p].owner == -1 && here && !other_present(s, seat, p)) {
			s->prov[p].owner = seat;
			wt_log(s, "%s takes %s: its pieces stand there (6.16)",
			    wt_seat_code(s, seat), wt_provinces[p].code);
		} else if (s->prov[p].owner == seat && !here) {
			s->prov[p].owner = -1;
			wt_log(s, "%s loses %s: no piece of %s is left there, and its token "
			    "goes back to the map (6.16)", wt_seat_code(s, seat),
			    wt_provinces[p].code, wt_seat_code(s, seat));
		}
	}
}

/*
 * Return at once the tokens of provinces emptied outside their holder's
 * manoeuvre (6.16); `except` is the seat whose manoeuvre runs, or -1.
 */
void
wt_drop_empty(struct wt_state *s, int except)
{
	int p, o;

	for (p = 0; p < WT_NPROV; p++) {
		o = s->prov[p].owner;
		if (o >= 0 && o != except && !wt_side_present(s, o, p)) {
			s->prov[p].owner = -1;
			wt_log(s, "%s loses %s: no piece of %s is left there, and its token "
			    "goes back to the map (6.16)", wt_seat_code(s, o),
			    wt_provinces[p].code, wt_seat_code(s, o));
		}
		if (s->prov[p].forts + s->prov[p].pri == 0)
			s->prov[p].pieceowner = -1;
	}
}

/* A seat's country code ("FRA"), or "seat N" before countries are known. */
const char *
wt_seat_code(const struct wt_state *s, int seat)
{
	static const char *const anon[WT_SEATS] = {
		"seat1", "seat2", "seat3", "seat4", "seat5", "seat6"
	};

	if (seat == WT_BARB)
		return "barbarians";
	if (seat < 0 || seat >= s->nseats)
		return "nobody";
	if (s->p[seat].country < 0)
		return anon[seat];
	return wt_countries[s->p[seat].country].code;
}

/* Append one line to the "last submission" text, truncating quietly. */
void
wt_log(struct wt_state *s, const char *fmt, ...)
{
	size_t len = strlen(s->last);
	va_list ap;
	int n;

	if (len + 2 >= sizeof(s->last))
		return;
	va_start(ap, fmt);
	n = vsnprintf(s->last + len, sizeof(s->last) - len - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	len = strlen(s->last);
	s->last[len] = '\n';
	s->last[len + 1] = '\0';
}
