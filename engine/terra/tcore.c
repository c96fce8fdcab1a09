/*
 * tcore.c - Terra Mystica rule mechanics: resources, power, cults, map
 * reach, towns, power offers, income and final scoring.  Everything here
 * works on a struct tm_state passed in; nothing is global or mutable.
 */
#include <string.h>

#include "terra.h"

/* The faction data of a seat (which must have chosen its faction). */
const struct tm_fdef *
tm_fd(const struct tm_state *s, int seat)
{
	return &tm_fdefs[s->pl[seat].faction];
}

/* The seat playing a faction, or -1. */
int
tm_seat_of(const struct tm_state *s, int faction)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].faction == faction)
			return i;
	return -1;
}

/* Gain n power: bowl I to II first, then II to III. */
void
tm_gain_power(struct tm_player *p, int n)
{
	int m;

	m = n < p->pw[0] ? n : p->pw[0];
	p->pw[0] -= m;
	p->pw[1] += m;
	n -= m;
	m = n < p->pw[1] ? n : p->pw[1];
	p->pw[1] -= m;
	p->pw[2] += m;
}

/* How much power a player can still gain before bowl III holds all. */
int
tm_capacity(const struct tm_player *p)
{
	return 2 * p->pw[0] + p->pw[1];
}

/* Spend n power from bowl III back to bowl I; -1 if there is not enough. */
int
tm_spend_power(struct tm_player *p, int n)
{
	if (p->pw[2] < n)
		return -1;
	p->pw[2] -= n;
	p->pw[0] += n;
	return 0;
}

/* Priests a player may still gain (7 in all, those on cult spaces count;
 * a faction's own cap: its hook). */
int
tm_priest_room(const struct tm_player *p)
{
	const struct tm_hooks *h = tm_hooks(p->faction);
	int r = h->priest_cap != NULL ? h->priest_cap(p) - p->p : 7 - p->p - p->p_on_cult;

	return r > 0 ? r : 0;
}

/* Gain up to n priests, capped by the supply of 7, unless the faction
 * takes them its own way (its hook: the Riverwalkers' unlocks). */
void
tm_gain_priests(struct tm_player *p, int n)
{
	const struct tm_hooks *h = tm_hooks(p->faction);
	int r = tm_priest_room(p);

	if (h->priests != NULL && h->priests(p, n))
		return;
	p->p += n < r ? n : r;
}

/*
 * The seat gains n spades (a power action, BON1, a round's cult bonus):
 * each scores what gaining a spade scores (SCORE1) and is held, unless
 * the faction cannot use spades and takes them its own way (its hook: the
 * volcano factions, the Riverwalkers).
 */
void
tm_gain_spades(struct tm_state *s, int seat, int n)
{
	const struct tm_hooks *h = tm_hooks(s->pl[seat].faction);

	if (n <= 0 || (h->spades != NULL && h->spades(s, seat, n)))
		return;
	tm_spade_vp(s, seat, n);
	s->pl[seat].spades += n;
}

/* Number of tracks on which a seat stands on 10 (each used a key). */
static int
tracks_at_ten(const struct tm_player *p)
{
	int k, n = 0;

	for (k = 0; k < 4; k++)
		if (p->cult[k] >= 10)
			n++;
	return n;
}

/* Keys the seat holds that no track at 10 uses (the site's KEY). */
int
tm_keys_free(const struct tm_player *p)
{
	return p->keys - tracks_at_ten(p);
}

/*
 * Advance a seat n steps on a cult track, gaining the power printed on the
 * track (3: 1, 5: 2, 7: 2, 10: 3).  Step 10 needs an unused key and a free
 * top space.  Returns the steps actually taken.
 */
int
tm_cult_advance(struct tm_state *s, int seat, int cult, int n)
{
	struct tm_player *p = &s->pl[seat];
	int old = p->cult[cult], top = 10, neu, i, taken = 0;

	for (i = 0; i < s->nseats; i++)
		if (i != seat && s->pl[i].cult[cult] >= 10)
			taken = 1;
	if (taken)
		top = 9;
	else if (p->keys <= tracks_at_ten(p)) {
		/* No key yet: stop at 9, and remember it, as the site does - a
		 * town key taken later in the same turn moves the track on;
		 * not with manual-fav5 (resources.pm:205) */
		top = 9;
		if (old <= 9 && old + n > 9 && !(s->opt_site & TO_MANUAL_FAV5))
			p->cult_blocked |= 1 << cult;
	}
	if (old >= top)
		return 0;
	neu = old + n > top ? top : old + n;
	if (neu < old)
		neu = old;
	if (old < 3 && neu >= 3)
		tm_gain_power(p, 1);
	if (old < 5 && neu >= 5)
		tm_gain_power(p, 2);
	if (old < 7 && neu >= 7)
		tm_gain_power(p, 2);
	if (old < 10 && neu >= 10)
		tm_gain_power(p, 3);
	p->cult[cult] = neu;
	return neu - old;
}

/* Steps from colour a to colour b the short way round the cycle, signed
 * (-3..3). */
static int
cycle_diff(int a, int b)
{
	int d = b - a;

	if (d > 3)
		d -= 7;
	else if (d < -3)
		d += 7;
	return d;
}

/* Spades a seat needs to turn terrain `from` into `to` (Giants: always 2);
 * an ice faction counts the colour it picked as its home on the cycle. */
int
tm_spade_cost(const struct tm_state *s, int seat, int from, int to)
{
	const struct tm_player *p = &s->pl[seat];
	int home = tm_wheel_home(s, seat), diff, d, hd;

	if (from == to)
		return 0;
	if (p->faction == TF_GIANTS)
		return 2;
	/* Ice is off the cycle: nothing turns back from it, and only an ice
	 * faction turns a hex into it, for the steps from the hex's colour
	 * to the colour it picked, one at least (the site). */
	if (from == TC_ICE || from == TC_VOLCANO || to == TC_VOLCANO ||
	    (to == TC_ICE && (!tm_is_ice(s, seat) || home < 0)))
		return 7;
	if (to == TC_ICE) {
		d = cycle_diff(from, home);
		return from == home ? 1 : d < 0 ? -d : d;
	}
	diff = cycle_diff(from, to);
	d = diff < 0 ? -diff : diff;
	if (to == home || from == home) {
		/* To or from one's own colour, the way round that uses the
		 * spades one has (the site's reading). */
		if (p->spades > 0 && p->spades == 7 - d)
			d = 7 - d;
	} else {
		/* The spades turn the hex step by step round the cycle; a way
		 * that passes one's own colour is not taken: the long way
		 * round instead (the site's reading). */
		hd = cycle_diff(from, home);
		if ((hd < 0) == (diff < 0) && (hd < 0 ? -hd : hd) < d)
			d = 7 - d;
	}
	return d;
}

/*
 * Shipping range now: bonus tile BON4 adds one during the action phase,
 * except for the factions without shipping (Dwarves, Fakirs), to whom it
 * brings nothing (rulebook, appendix IV), and for a faction that passed,
 * though it took BON4 with the pass (the site: the Chaos Magicians'
 * action after their pass).
 */
int
tm_ship_level(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];
	int l = p->ship;

	if (p->bon == 4 && s->phase == TP_ACTIONS && !p->passed &&
	    tm_fd(s, seat)->ship_max > 0)
		l++;
	return l;
}

/* Is there a bridge between cells a and b? Returns its owner + 1, or 0. */
int
tm_bridge_between(const struct tm_state *s, int a, int b)
{
	int i;

	for (i = 0; i < s->nbridge; i++)
		if ((s->bridge[i][0] == a && s->bridge[i][1] == b) ||
		    (s->bridge[i][0] == b && s->bridge[i][1] == a))
			return s->bridge[i][2] + 1;
	return 0;
}

/* Are two cells directly adjacent (neighbours or joined by a bridge)? */
int
tm_direct_adjacent(const struct tm_state *s, int a, int b)
{
	int i;

	for (i = 0; i < s->cells[a].nadj; i++)
		if (s->cells[a].adj[i] == b)
			return 1;
	return tm_bridge_between(s, a, b) != 0;
}

/* Does the seat own a building directly adjacent to cell? */
int
tm_has_neighbour_building(const struct tm_state *s, int seat, int cell)
{
	int i;

	for (i = 0; i < TM_NCELLS; i++)
		if (s->owner[i] == seat && s->bld[i] != TB_NONE &&
		    tm_direct_adjacent(s, cell, i))
			return 1;
	return 0;
}

/*
 * Mark (set to 1) every building of the seat that lies across at most
 * `range` river cells from cell; the caller zeroes mark.
 */
static void
river_scan(const struct tm_state *s, int seat, int cell, int range, int *mark)
{
	int dist[TM_NCELLS], queue[TM_NCELLS], qh = 0, qt = 0, i, c, n;

	if (range <= 0)
		return;
	for (i = 0; i < TM_NCELLS; i++)
		dist[i] = -1;
	for (i = 0; i < s->cells[cell].nadj; i++) {
		c = s->cells[cell].adj[i];
		if (s->cells[c].color == TC_RIVER) {
			dist[c] = 1;
			queue[qt++] = c;
		}
	}
	while (qh < qt) {
		c = queue[qh++];
		for (i = 0; i < s->cells[c].nadj; i++) {
			n = s->cells[c].adj[i];
			if (s->cells[n].color != TC_RIVER) {
				if (s->owner[n] == seat && s->bld[n] != TB_NONE)
					mark[n] = 1;
				continue;
			}
			if (dist[n] < 0 && dist[c] < range) {
				dist[n] = dist[c] + 1;
				queue[qt++] = n;
			}
		}
	}
}

/* Is cell reachable from the seat's buildings over at most `range` rivers? */
static int
ship_reach(const struct tm_state *s, int seat, int cell, int range)
{
	int mark[TM_NCELLS] = { 0 }, i;

	river_scan(s, seat, cell, range, mark);
	for (i = 0; i < TM_NCELLS; i++)
		if (i != cell && mark[i])
			return 1;
	return 0;
}

/* Is cell within `range` steps (any cells) of one of the seat's buildings? */
static int
step_reach(const struct tm_state *s, int seat, int cell, int range)
{
	int dist[TM_NCELLS], queue[TM_NCELLS], qh = 0, qt = 0, i, c, n;

	for (i = 0; i < TM_NCELLS; i++)
		dist[i] = -1;
	dist[cell] = 0;
	queue[qt++] = cell;
	while (qh < qt) {
		c = queue[qh++];
		if (c != cell && s->owner[c] == seat && s->bld[c] != TB_NONE)
			return 1;
		if (dist[c] >= range)
			continue;
		for (i = 0; i < s->cells[c].nadj; i++) {
			n = s->cells[c].adj[i];
			if (dist[n] < 0) {
				dist[n] = dist[c] + 1;
				queue[qt++] = n;
			}
		}
	}
	return 0;
}

/*
 * The hexes transformed in the current action, where a dwelling of the
 * action may go (the site's allowed_build_locations).  The last is
 * tf_cell; all of them are marked in town[], which means nothing on a hex
 * without a building (a town is made of buildings), so the state's layout
 * stays as it was.  The marks go at the action's end (tm_tf_clear) and
 * before a dwelling is placed on a marked hex.
 */
void
tm_tf_mark(struct tm_state *s, int cell)
{
	s->tf_cell = cell;
	if (s->phase == TP_ACTIONS && s->bld[cell] == TB_NONE)
		s->town[cell] = 1;
}

/* Was cell transformed in the current action (and is still empty)? */
int
tm_tf_done(const struct tm_state *s, int cell)
{
	return s->bld[cell] == TB_NONE && (cell == s->tf_cell || s->town[cell]);
}

/* The action is over: no hex is transformed in the next one yet. */
void
tm_tf_clear(struct tm_state *s)
{
	int i;

	s->tf_cell = -1;
	for (i = 0; i < TM_NCELLS; i++)
		if (s->bld[i] == TB_NONE)
			s->town[i] = 0;
}

/*
 * Can the seat build or transform at cell?  *kind is set to 1 for a plain
 * reach (adjacency or shipping), 2 for a Dwarves' tunnel, 3 for a Fakirs'
 * carpet flight.  Returns 0 when the cell is out of reach.
 */
int
tm_reach(const struct tm_state *s, int seat, int cell, int *kind)
{
	const struct tm_player *p = &s->pl[seat];
	int range;

	*kind = 1;
	/* the Riverwalkers reach over the river only, never over land */
	if (p->faction == TF_RIVERWALKERS)
		return ship_reach(s, seat, cell, tm_ship_level(s, seat));
	if (tm_has_neighbour_building(s, seat, cell) ||
	    ship_reach(s, seat, cell, tm_ship_level(s, seat)))
		return 1;
	/* Tunnelling and carpet flight are actions' reach: not for a seat that
	 * passed, so not for cult spades between rounds (as on the site). */
	if (p->passed)
		return 0;
	if (p->faction == TF_DWARVES && step_reach(s, seat, cell, 2)) {
		*kind = 2;
		return 1;
	}
	if (p->faction == TF_FAKIRS) {
		range = 2 + (p->nb[TB_SH] > 0 ? 1 : 0) + p->carpet;
		if (step_reach(s, seat, cell, range)) {
			*kind = 3;
			return 1;
		}
	}
	return 0;
}

/*
 * Could the seat spend one of its spades now: is there an empty land hex in
 * reach that some colour is within its spades of (Giants: 2 spades, red)?
 */
int
tm_spade_usable(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];
	int i, c, kind;

	for (i = 0; i < TM_NCELLS; i++) {
		if (s->cells[i].color == TC_RIVER || s->bld[i] != TB_NONE ||
		    !tm_reach(s, seat, i, &kind) || (kind >= 2 && s->teleported &&
		    i != s->tf_cell))
			continue;
		/* Tunnelling and carpet flight must be paid, as the transform pays
		 * them (a Fakir without a priest cannot fly there). */
		if (i != s->tf_cell && ((kind == 2 && p->w < (p->nb[TB_SH] ? 1 : 2)) ||
		    (kind == 3 && p->p < 1)))
			continue;
		if (s->terrain[i] == TC_ICE || s->terrain[i] == TC_VOLCANO)
			continue;
		for (c = 0; c <= TC_ICE; c++)
			if (c != s->terrain[i] && c != TC_RIVER &&
			    (c != TC_ICE || tm_is_ice(s, seat)) &&
			    tm_spade_cost(s, seat, s->terrain[i], c) <= p->spades &&
			    (p->faction != TF_GIANTS || c == TC_RED) &&
			    (!(s->phase == TP_ACTIONS && s->tf_nonhome) ||
			    c == tm_home(s, seat)))
				return 1;
	}
	return 0;
}

/*
 * Offer power to the neighbours of a building just built or upgraded, in
 * player order from the builder on.  An offer's actual is what its seat's
 * bowls can take now; a building of the Cultists or the Shapeshifters
 * gets a group when one of its offers has power in it (tm_offer_end).
 */
void
tm_offer_power(struct tm_state *s, int seat, int cell)
{
	int t, i, amount, cap, g = -1, live = 0, first = s->noffer;

	for (t = 0; t < s->nseats; t++) {
		/* neighbours decide in player order, starting after the builder */
		int who = s->table[(tm_table_pos(s, seat) + 1 + t) % s->nseats];

		if (who == seat || s->pl[who].dropped)
			continue;
		amount = 0;
		for (i = 0; i < TM_NCELLS; i++)
			if (s->owner[i] == who && s->bld[i] != TB_NONE &&
			    tm_direct_adjacent(s, cell, i))
				amount += tm_bld_strength(s, who, s->bld[i]);
		cap = tm_capacity(&s->pl[who]);
		if (amount <= 0 || s->noffer >= TM_MAXOFFER)
			continue;
		memset(&s->offer[s->noffer], 0, sizeof(s->offer[0]));
		s->offer[s->noffer].to = who;
		s->offer[s->noffer].from = seat;
		s->offer[s->noffer].amount = amount;
		s->offer[s->noffer].actual = amount < cap ? amount : cap;
		s->offer[s->noffer].group = -1;
		live += cap > 0;
		s->noffer++;
	}
	if (live == 0 || !(s->pl[seat].faction == TF_CULTISTS || tm_is_shifter(s, seat)))
		return;
	for (i = 0; i < TM_MAXGROUP && g < 0; i++)
		if (!s->group[i].used)
			g = i;
	if (g < 0)
		return;
	memset(&s->group[g], 0, sizeof(s->group[g]));
	s->group[g].used = 1;
	s->group[g].seat = seat;
	s->group[g].live = live;
	for (i = first; i < s->noffer; i++)
		s->offer[i].group = g;
}

/*
 * Are two cells of a seat linked, for towns and for the Fire & Ice
 * clusters: adjacent, over a bridge, or on the two banks of a river the
 * Mermaids connected (only they connect rivers)?
 */
int
tm_town_linked(const struct tm_state *s, int seat, int a, int b)
{
	const struct tm_player *p = &s->pl[seat];
	int i, j, r, ina, inb;

	if (tm_direct_adjacent(s, a, b))
		return 1;
	for (i = 0; i < 8; i++) {
		if (p->conn_river[i] == 0)
			continue;
		r = p->conn_river[i] - 1;
		ina = inb = 0;
		for (j = 0; j < s->cells[r].nadj; j++) {
			if (s->cells[r].adj[j] == a)
				ina = 1;
			if (s->cells[r].adj[j] == b)
				inb = 1;
		}
		if (ina && inb)
			return 1;
	}
	return 0;
}

/* Collect the cluster of a seat's buildings linked to cell into list. */
static int
town_cluster(const struct tm_state *s, int seat, int cell, int *list)
{
	int seen[TM_NCELLS] = { 0 }, n = 0, h = 0, i, c;

	list[n++] = cell;
	seen[cell] = 1;
	while (h < n) {
		c = list[h++];
		for (i = 0; i < TM_NCELLS; i++)
			if (!seen[i] && s->owner[i] == seat && s->bld[i] != TB_NONE &&
			    tm_town_linked(s, seat, c, i)) {
				seen[i] = 1;
				list[n++] = i;
			}
	}
	return n;
}

/* Town tiles still in the supply. */
static int
towns_left(const struct tm_state *s)
{
	int i, n = 0;

	for (i = 1; i <= TM_NTW; i++)
		n += s->tw_left[i];
	return n;
}

/*
 * After a change at cell, see whether the seat's buildings linked to it
 * join an existing town or found a new one (power 7, or 6 with FAV5; four
 * buildings, or three when one is the sanctuary).
 */
void
tm_check_towns(struct tm_state *s, int seat, int cell)
{
	int list[TM_NCELLS], n, i, power = 0, sa = 0, intown = 0, need;

	if (s->owner[cell] != seat || s->bld[cell] == TB_NONE)
		return;
	n = town_cluster(s, seat, cell, list);
	for (i = 0; i < n; i++) {
		power += tm_bld_strength(s, seat, s->bld[list[i]]);
		if (s->bld[list[i]] == TB_SA)
			sa = 1;
		if (s->town[list[i]])
			intown = 1;
	}
	if (intown) {
		for (i = 0; i < n; i++)
			s->town[list[i]] = 1;
		return;
	}
	need = s->pl[seat].fav[5] ? 6 : 7;
	if (power < need || n < (sa ? 3 : 4))
		return;
	if (towns_left(s) - s->pl[seat].town_owed <= 0)
		return;
	for (i = 0; i < n; i++)
		s->town[list[i]] = 1;
	s->pl[seat].town_owed++;	/* the key comes with the tile */
}

/* Check every building of a seat for a new town (after FAV5, bridges...). */
void
tm_check_all_towns(struct tm_state *s, int seat)
{
	int i;

	for (i = 0; i < TM_NCELLS; i++)
		if (s->owner[i] == seat && s->bld[i] != TB_NONE && !s->town[i])
			tm_check_towns(s, seat, i);
}

/* The scoring tile of the current round (0 outside rounds 1-6). */
static int
cur_score(const struct tm_state *s)
{
	if (s->phase != TP_ACTIONS || s->round < 1 || s->round > 6)
		return 0;
	return s->score_tile[s->round - 1];
}

/*
 * The scoring tile a town tile taken now scores with: the site's current
 * round's (scoring.pm:14), which is still the round that ended between
 * the rounds and while the next one's start waits for the Riverwalkers'
 * unlocks of its income (its round counts up only at the start,
 * commands.pm:889); the Mermaids' connect founds a town then
 * (tm_town_waits).
 */
static int
town_score(const struct tm_state *s)
{
	if (s->phase == TP_CULTSPADES && s->round >= 1 && s->round <= 6)
		return s->score_tile[s->round - 1];
	if (s->phase == TP_ACTIONS && s->unlock_wait)
		return s->round >= 2 && s->round <= 7 ? s->score_tile[s->round - 2] : 0;
	return cur_score(s);
}

/* VP for building (or upgrading to) a building of type b. */
void
tm_build_vp(struct tm_state *s, int seat, int b)
{
	struct tm_player *p = &s->pl[seat];
	int t = cur_score(s);

	if (b == TB_D && (t == 3 || t == 5))
		p->vp += 2;
	if (b == TB_TP && (t == 6 || t == 8))
		p->vp += 3;
	if ((b == TB_SH || b == TB_SA) && (t == 4 || t == 7))
		p->vp += 5;
	if (b == TB_TE && t == 9)
		p->vp += 4;
	if (b == TB_D && p->fav[11])
		p->vp += 2;
	if (b == TB_TP && p->fav[10])
		p->vp += 3;
}

/* VP and power for n spades used in transforms. */
void
tm_spade_vp(struct tm_state *s, int seat, int n)
{
	struct tm_player *p = &s->pl[seat];

	if (cur_score(s) == 1)
		p->vp += 2 * n;
	if (p->faction == TF_HALFLINGS)
		p->vp += n;
	if (p->faction == TF_ALCHEMISTS && p->nb[TB_SH] > 0)
		tm_gain_power(p, 2 * n);
}

/* Phase I income of a seat: what buildings, bonus tile and favors pay. */
void
tm_income_of(const struct tm_state *s, int seat, int *c, int *w, int *p, int *pw)
{
	const struct tm_player *pl = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	static const int bc[11] = { 0, 2, 4, 6, 0, 0, 0, 0, 0, 2, 0 };
	static const int bw[11] = { 0, 0, 0, 0, 0, 1, 2, 1, 0, 0, 0 };
	static const int bp[11] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0 };
	static const int bpw[11] = { 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 3 };

	*w = f->d_w[pl->nb[TB_D]];
	*c = f->tp_c[pl->nb[TB_TP]];
	*pw = f->tp_pw[pl->nb[TB_TP]];
	*p = f->te_p[pl->nb[TB_TE]];
	*pw += f->te_pw[pl->nb[TB_TE]];
	if (pl->nb[TB_SH] > 0) {
		*c += f->sh_c;
		*w += f->sh_w;
		*p += f->sh_p;
		*pw += f->sh_pw;
	}
	if (pl->nb[TB_SA] > 0)
		*p += f->sa_p;
	if (pl->bon >= 1 && pl->bon <= TM_NBON) {
		*c += bc[pl->bon];
		*w += bw[pl->bon];
		*p += bp[pl->bon];
		*pw += bpw[pl->bon];
	}
	if (pl->fav[7]) {
		*w += 1;
		*pw += 1;
	}
	if (pl->fav[8])
		*pw += 4;
	if (pl->fav[9])
		*c += 3;
}

/*
 * Phase I: every seat takes its income, one that left the game too (the
 * site pays it; it holds no bonus tile by then), but nothing waits for
 * what a seat that left owes (the Riverwalkers' unlocks).
 */
void
tm_take_income(struct tm_state *s)
{
	int i, c, w, p, pw;

	for (i = 0; i < s->nseats; i++) {
		tm_income_of(s, i, &c, &w, &p, &pw);
		s->pl[i].c += c;
		s->pl[i].w += w;
		tm_gain_priests(&s->pl[i], p);
		tm_gain_power(&s->pl[i], pw);
	}
}

/* Phase III: the cult bonus of the round's scoring tile (rounds 1-5), to
 * every seat (as the income). */
void
tm_cult_income(struct tm_state *s)
{
	int t = s->score_tile[s->round - 1], i, n, sp;
	struct tm_player *p;

	for (i = 0; i < s->nseats; i++) {
		p = &s->pl[i];
		sp = 0;
		switch (t) {
		case 1: p->c += p->cult[TK_EARTH]; break;
		case 2: sp = p->cult[TK_EARTH] / 4; break;
		case 3: tm_gain_priests(p, p->cult[TK_WATER] / 4); break;
		case 4: p->w += p->cult[TK_FIRE] / 2; break;
		case 5: tm_gain_power(p, 4 * (p->cult[TK_FIRE] / 4)); break;
		case 6: sp = p->cult[TK_WATER] / 4; break;
		case 7: p->w += p->cult[TK_AIR] / 2; break;
		case 8: sp = p->cult[TK_AIR] / 4; break;
		case 9: p->c += 2 * p->p_on_cult; break;
		default: break;
		}
		/* a volcano faction's spades turn into cult steps or tokens;
		 * the Riverwalkers' are lost */
		if (tm_is_volcano(s, i) || tm_is_river(s, i)) {
			tm_gain_spades(s, i, sp);
			continue;
		}
		/* The Giants spend spades two at a time: an odd one cannot be
		 * used, scores nothing, and waits for the Giants' -SPADE (as on
		 * the site, which holds the next round until it comes).  Only
		 * the spades gained now score: a seat that left keeps those of
		 * earlier rounds, never spent (the site scores each on its gain) */
		n = p->faction == TF_GIANTS ? ((p->spades + sp) & ~1) - (p->spades & ~1) : sp;
		p->spades += sp;
		if (n > 0)
			tm_spade_vp(s, i, n);
	}
}

/* Are two of a seat's buildings connected for the network count? */
static int
net_linked(const struct tm_state *s, int seat, int a, int b)
{
	const struct tm_player *p = &s->pl[seat];
	int range;

	if (tm_direct_adjacent(s, a, b))
		return 1;
	if (p->faction == TF_DWARVES || p->faction == TF_FAKIRS) {
		int dist[TM_NCELLS], q[TM_NCELLS], h = 0, t = 0, i, c, n;

		range = p->faction == TF_DWARVES ? 2 :
		    2 + (p->nb[TB_SH] > 0 ? 1 : 0) + p->carpet;
		for (i = 0; i < TM_NCELLS; i++)
			dist[i] = -1;
		dist[a] = 0;
		q[t++] = a;
		while (h < t) {
			c = q[h++];
			if (c == b)
				return 1;
			if (dist[c] >= range)
				continue;
			for (i = 0; i < s->cells[c].nadj; i++) {
				n = s->cells[c].adj[i];
				if (dist[n] < 0) {
					dist[n] = dist[c] + 1;
					q[t++] = n;
				}
			}
		}
		return 0;
	}
	return 0;
}

/* Shipping links: cells of the seat reachable from a over rivers. */
static void
ship_links(const struct tm_state *s, int seat, int a, int *mark)
{
	river_scan(s, seat, a, s->pl[seat].ship, mark);
}

/*
 * Label the seat's buildings by network (1..n, 0 elsewhere): buildings
 * connected directly, by shipping, or by the Dwarves' and Fakirs' reach.
 * Returns n.
 */
int
tm_network_label(const struct tm_state *s, int seat, int *comp)
{
	int list[TM_NCELLS], i, j, k = 0;

	for (i = 0; i < TM_NCELLS; i++)
		comp[i] = 0;
	for (i = 0; i < TM_NCELLS; i++) {
		int n = 0, h = 0;

		if (s->owner[i] != seat || s->bld[i] == TB_NONE || comp[i])
			continue;
		comp[i] = ++k;
		list[n++] = i;
		while (h < n) {
			int mark[TM_NCELLS] = { 0 };
			int c = list[h++];

			ship_links(s, seat, c, mark);
			for (j = 0; j < TM_NCELLS; j++) {
				if (comp[j] || s->owner[j] != seat || s->bld[j] == TB_NONE)
					continue;
				if (mark[j] || net_linked(s, seat, c, j)) {
					comp[j] = k;
					list[n++] = j;
				}
			}
		}
	}
	return k;
}

/* Size of the seat's largest connected group of buildings. */
int
tm_network(const struct tm_state *s, int seat)
{
	int comp[TM_NCELLS], size[TM_NCELLS + 1] = { 0 }, n, i, best = 0;

	n = tm_network_label(s, seat, comp);
	for (i = 0; i < TM_NCELLS; i++)
		size[comp[i]]++;
	for (i = 1; i <= n; i++)
		if (size[i] > best)
			best = size[i];
	return best;
}

/* Share 8/4/2-style points among seats ranked by value (ties share). */
void
tm_share_points(const int *val, int n, const int *pts, int *out)
{
	int done[TM_MAXP] = { 0 }, pos = 0, i, best, cnt, sum, k;

	for (i = 0; i < n; i++)
		out[i] = 0;
	while (pos < 3) {
		best = 0;
		for (i = 0; i < n; i++)
			if (!done[i] && val[i] > best)
				best = val[i];
		if (best <= 0)
			break;
		cnt = 0;
		for (i = 0; i < n; i++)
			if (!done[i] && val[i] == best)
				cnt++;
		sum = 0;
		for (k = pos; k < pos + cnt && k < 3; k++)
			sum += pts[k];
		for (i = 0; i < n; i++)
			if (!done[i] && val[i] == best) {
				out[i] = sum / cnt;
				done[i] = 1;
			}
		pos += cnt;
	}
}

/* End of game: cult majorities, largest network, the Fire & Ice final
 * tile, resources to VP. */
void
tm_final_scoring(struct tm_state *s)
{
	static const int cult_pts[3] = { 8, 4, 2 };
	static const int net_pts[3] = { 18, 12, 6 };
	int val[TM_MAXP] = { 0 }, out[TM_MAXP] = { 0 }, i, k, coins;
	struct tm_player *p;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < s->nseats; i++)
			val[i] = s->pl[i].cult[k];
		tm_share_points(val, s->nseats, cult_pts, out);
		for (i = 0; i < s->nseats; i++) {
			s->pl[i].vp += out[i];
			s->pl[i].final_cult += out[i];
		}
	}
	for (i = 0; i < s->nseats; i++) {
		s->pl[i].network = tm_network(s, i);
		val[i] = s->pl[i].network;
	}
	tm_share_points(val, s->nseats, net_pts, out);
	for (i = 0; i < s->nseats; i++) {
		p = &s->pl[i];
		p->vp += out[i];
		p->final_net = out[i];
	}
	tm_variants_final(s);
	for (i = 0; i < s->nseats; i++) {
		p = &s->pl[i];
		coins = p->c + p->w + p->p + p->pw[2] + p->pw[1] / 2;
		k = coins / (p->faction == TF_ALCHEMISTS ? 2 : 3);
		p->final_res = k;
		p->vp += k;
	}
}

/* Take town tile tw: the key first, then the tile's other gains. */
void
tm_take_town(struct tm_state *s, int seat, int tw)
{
	static const int tw_order[4] = { TK_AIR, TK_EARTH, TK_WATER, TK_FIRE };
	struct tm_player *p = &s->pl[seat];
	int k;

	p->keys += tw == 6 ? 2 : 1;
	/* Tracks stopped at 9 this turn for want of a key move on once there
	 * are keys for all of them (the site). */
	if (p->cult_blocked != 0) {
		int blocked = 0;

		for (k = 0; k < 4; k++)
			blocked += (p->cult_blocked >> k) & 1;
		if (p->keys - tracks_at_ten(p) >= blocked) {
			for (k = 0; k < 4; k++)
				if (p->cult_blocked & (1 << k))
					tm_cult_advance(s, seat, k, 1);
			p->cult_blocked = 0;
		}
	}
	p->tw[tw]++;
	p->towns++;
	s->tw_left[tw]--;
	switch (tw) {
	case 1: p->c += 6; p->vp += 5; break;
	case 2: p->w += 2; p->vp += 7; break;
	case 3: tm_gain_priests(p, 1); p->vp += 9; break;
	case 4: tm_gain_power(p, 8); p->vp += 6; break;
	case 5:
	case 6:
		/*
		 * The tile's steps go track by track in the site's order, AIR,
		 * EARTH, WATER, FIRE (its engine walks the tile's resources in
		 * the order its Perl hash gives them, fixed by the
		 * PERL_HASH_SEED=0 the site runs with; the key comes first).
		 * With fewer keys than tracks at 9, the first tracks of that
		 * order take them; the others stop at 9, remembered as above.
		 */
		p->vp += tw == 5 ? 8 : 2;
		for (k = 0; k < 4; k++)
			tm_cult_advance(s, seat, tw_order[k], tw == 5 ? 1 : 2);
		break;
	case 7:
		p->vp += 4;
		if (p->faction == TF_FAKIRS)
			p->carpet++;
		else if (p->ship < tm_fd(s, seat)->ship_max) {
			p->ship++;
			p->vp += tm_fd(s, seat)->ship_vp[p->ship];
		}
		break;
	default: p->vp += 11; break;
	}
	if (p->faction == TF_WITCHES)
		p->vp += 5;
	if (p->faction == TF_SWARMLINGS)
		p->w += 3;
	if (town_score(s) == 2)
		p->vp += 5;
}

enum game_status
tm_take_owed_favor(struct tm_state *s, int seat, int fav, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];

	if (p->fav_owed < 1)
		return tm_fail(err, errlen, "+FAV%d: you are owed no favor tile", fav);
	if (p->fav[fav] || s->fav_left[fav] < 1)
		return tm_fail(err, errlen, "+FAV%d: %s", fav, p->fav[fav] ?
		    "you already have it" : "none left");
	p->fav_owed--;
	tm_take_favor(s, seat, fav);
	return GAME_OK;
}

/* The one-time gain of favor tile fav: its cult steps (FAV5 may then
 * complete a town). */
void
tm_favor_gain(struct tm_state *s, int seat, int fav)
{
	static const int track[13] = { 0, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3 };
	static const int steps[13] = { 0, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1 };

	if (fav == 5)
		tm_check_all_towns(s, seat);
	tm_cult_advance(s, seat, track[fav], steps[fav]);
}

/* Take favor tile fav. */
void
tm_take_favor(struct tm_state *s, int seat, int fav)
{
	s->pl[seat].fav[fav] = 1;
	s->fav_left[fav]--;
	tm_favor_gain(s, seat, fav);
}

/* VP a seat scores when passing (bonus tile held, FAV12, Engineers SH,
 * Ice Maidens SH). */
int
tm_pass_vp(const struct tm_state *s, int seat)
{
	static const int fav12[5] = { 0, 2, 3, 3, 4 };
	const struct tm_player *p = &s->pl[seat];
	int vp = 0, i;

	switch (p->bon) {
	case 6: vp += 4 * (p->nb[TB_SH] > 0) + 4 * (p->nb[TB_SA] > 0); break;
	case 7: vp += 2 * p->nb[TB_TP]; break;
	case 9: vp += p->nb[TB_D]; break;
	case 10: vp += 3 * p->ship; break;
	default: break;
	}
	if (p->fav[12])
		vp += fav12[p->nb[TB_TP]];
	/* the Ice Maidens' stronghold: 3 VP a temple on passing */
	if (p->faction == TF_ICEMAIDENS && p->nb[TB_SH] > 0)
		vp += 3 * p->nb[TB_TE];
	if (p->faction == TF_ENGINEERS && p->nb[TB_SH] > 0)
		for (i = 0; i < s->nbridge; i++) {
			int a = s->bridge[i][0], b = s->bridge[i][1];

			if (s->bridge[i][2] == seat && s->owner[a] == seat &&
			    s->owner[b] == seat && s->bld[a] != TB_NONE &&
			    s->bld[b] != TB_NONE)
				vp += 3;
		}
	return vp;
}

/* Position of a seat in the player order. */
int
tm_table_pos(const struct tm_state *s, int seat)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->table[i] == seat)
			return i;
	return 0;
}

/* The faction name of a seat, or "seat N" before it chose. */
const char *
tm_fname(const struct tm_state *s, int seat, char *buf, size_t len)
{
	if (s->pl[seat].faction >= 0)
		return tm_fdefs[s->pl[seat].faction].name;
	snprintf(buf, len, "seat %d", seat + 1);
	return buf;
}
