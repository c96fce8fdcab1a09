/*
 * tfire.c - the Fire & Ice expansion: the ice and volcano factions'
 * terrains and the colour they pick (Ice Maidens, Yetis, Acolytes,
 * Dragonlords), the Yetis' power actions, the volcano factions' spades and
 * volcanoes, and the Fire & Ice final scoring tiles.  The figures and rules are those of the
 * site's engine (terra.snellman.net), our oracle for Fire & Ice.  Depends
 * on tcore.c and tdata.c, tmap.c.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"

/*
 * The seat's home terrain: the colour of its faction (ice for the ice
 * factions), the colour the Shapeshifters picked last, the Riverwalkers'
 * colour (-1 before they pick).
 */
int
tm_home(const struct tm_state *s, int seat)
{
	if (tm_is_shifter(s, seat) || tm_is_river(s, seat))
		return s->pl[seat].color2 - 1;
	return tm_fd(s, seat)->color;
}

/* Is the seat an ice faction (home terrain ice, a colour picked at setup)? */
int
tm_is_ice(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction >= 0 && tm_fd(s, seat)->color == TC_ICE;
}

/* Is the seat a volcano faction (Acolytes, Dragonlords)? */
int
tm_is_volcano(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction >= 0 && tm_fd(s, seat)->color == TC_VOLCANO;
}

/* Does the seat's faction pick a colour (the ice and volcano factions)? */
int
tm_picks_colour(const struct tm_state *s, int seat)
{
	return tm_is_ice(s, seat) || tm_is_volcano(s, seat);
}

/*
 * The colour that stands for the seat's home on the terrain cycle when
 * spades are counted: the colour an ice or volcano faction picked (ice
 * and volcano are outside the cycle), else the home colour.  -1 for such
 * a faction that has not picked yet.
 */
int
tm_wheel_home(const struct tm_state *s, int seat)
{
	if (tm_picks_colour(s, seat))
		return s->pl[seat].color2 - 1;
	return tm_home(s, seat);
}

/*
 * Is colour taken by a faction other than seat's: its home colour, or the
 * colour an ice faction picked (the site refuses either, for a faction
 * chosen later and for a colour picked).
 */
int
tm_colour_taken(const struct tm_state *s, int seat, int colour)
{
	int i;

	for (i = 0; i < s->nseats; i++) {
		if (i == seat || s->pl[i].faction < 0)
			continue;
		if (tm_home(s, i) == colour || s->pl[i].color2 - 1 == colour)
			return 1;
	}
	return 0;
}

/*
 * `pick-color COLOUR`: an ice faction right after choosing its faction, a
 * volcano faction once every faction is chosen, picks one of the seven
 * colours no other faction has; its initial dwellings go on hexes of
 * that colour (which turn to ice or volcano), and for an ice faction the
 * colour counts as its home on the terrain cycle.
 */
enum game_status
tm_cmd_pick_color(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int c = tm_color_find(name);

	if (!p->pick_owed)
		return tm_fail(err, errlen, "pick-color: only an ice or volcano faction "
		    "picks a colour, once");
	if (c < 0 || c == TC_RIVER)
		return tm_fail(err, errlen, "pick-color: '%s' is not a terrain colour "
		    "(yellow brown black blue green gray red)", name);
	if (c == TC_ICE || c == TC_VOLCANO)
		return tm_fail(err, errlen, "pick-color: %s is not one of the seven colours "
		    "(yellow brown black blue green gray red)", tm_color_names[c]);
	if (tm_colour_taken(s, seat, c))
		return tm_fail(err, errlen, "pick-color: %s is not available (another "
		    "faction has it)", tm_color_names[c]);
	p->color2 = c + 1;
	p->pick_owed = 0;
	return GAME_OK;
}

/* Power a power action ACTn costs the seat (the Yetis pay one less). */
int
tm_power_action_cost(const struct tm_state *s, int seat, int n)
{
	static const int cost[7] = { 0, 3, 3, 4, 4, 4, 6 };

	return cost[n] - (s->pl[seat].faction == TF_YETIS ? 1 : 0);
}

/*
 * The seat gains n spades (a power action, BON1, a round's cult bonus).  A
 * volcano faction cannot use spades: each one scores what gaining a spade
 * scores (SCORE1), then turns into a cult step to place for the Acolytes
 * (+CULT), a new power token in bowl I for the Dragonlords (the site's
 * `special` of their boards).
 */
void
tm_gain_spades(struct tm_state *s, int seat, int n)
{
	struct tm_player *p = &s->pl[seat];

	/* the Riverwalkers lose them at once, scoring nothing (the site) */
	if (n <= 0 || tm_is_river(s, seat))
		return;
	tm_spade_vp(s, seat, n);
	if (!tm_is_volcano(s, seat)) {
		p->spades += n;
		return;
	}
	if (p->faction == TF_ACOLYTES) {
		p->cult_owed += n;
	} else {
		p->pw[0] += n;
		p->tokens += n;
	}
}

/* Is colour the home colour of a faction in the game (volcano effects, the
 * Riverwalkers' unlocks; the Shapeshifters' colour of the moment)?  The
 * Riverwalkers' colour is none (the site skips a faction with terrains to
 * unlock). */
int
tm_home_of_someone(const struct tm_state *s, int colour)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].faction >= 0 && !tm_is_river(s, i) && tm_home(s, i) == colour)
			return 1;
	return 0;
}

/*
 * A volcano faction turns cell into volcano with the hex it dug (`dig 1`,
 * which costs nothing), paying with what the hex was: 3 cult steps from
 * one track for the Acolytes, 4 when the hex is a faction's home colour
 * (lost with -3CULT / -4CULT), one power token for the Dragonlords, 2 on
 * a home colour (taken from bowl I first, then II, then III).  The caller
 * checked reach and the dig.
 */
enum game_status
tm_volcano_transform(struct tm_state *s, int seat, int cell, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int home = tm_home_of_someone(s, s->terrain[cell]), n, k, ok = 0;

	if (p->faction == TF_ACOLYTES) {
		n = home ? 4 : 3;
		for (k = 0; k < 4; k++)
			ok |= p->cult[k] >= n;
		if (!ok)
			return tm_fail(err, errlen, "transform: a volcano on %s costs the "
			    "Acolytes %d steps of one cult track; none is that high",
			    s->cells[cell].name, n);
		p->lose_cult = n;
	} else {
		n = home ? 2 : 1;
		if (p->pw[0] + p->pw[1] + p->pw[2] < n)
			return tm_fail(err, errlen, "transform: a volcano on %s costs the "
			    "Dragonlords %d power token%s", s->cells[cell].name, n,
			    n == 1 ? "" : "s");
		for (k = 0; k < 3 && n > 0; k++) {
			int m = p->pw[k] < n ? p->pw[k] : n;

			p->pw[k] -= m;
			p->tokens -= m;
			n -= m;
		}
	}
	p->volcano_tf--;
	s->terrain[cell] = TC_VOLCANO;
	return GAME_OK;
}

/*
 * Could the seat make a volcano now: a hex it reaches that may become
 * one, at a price it can pay?  A dig without one would leave the action
 * owed with nothing to finish it.
 */
int
tm_volcano_possible(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];
	int i, k, kind, top = 0;

	for (k = 0; k < 4; k++)
		if (p->cult[k] > top)
			top = p->cult[k];
	for (i = 0; i < TM_NCELLS; i++) {
		int t = s->terrain[i], n;

		if (t == TC_RIVER || t == TC_ICE || t == TC_VOLCANO || s->bld[i] != TB_NONE ||
		    !tm_reach(s, seat, i, &kind))
			continue;
		n = tm_home_of_someone(s, t) ? 1 : 0;
		if (p->faction == TF_ACOLYTES ? top >= 3 + n :
		    p->pw[0] + p->pw[1] + p->pw[2] >= 1 + n)
			return 1;
	}
	return 0;
}

/* Hex distance between two cells, rows offset as on the map. */
static int
hex_distance(const struct tm_state *s, int a, int b)
{
	int rd = s->cells[a].row - s->cells[b].row;
	int ac = s->cells[a].col * 2 + s->cells[a].row % 2;
	int bc = s->cells[b].col * 2 + s->cells[b].row % 2;
	int cd = ac - bc;

	if (rd < 0)
		rd = -rd;
	if (cd < 0)
		cd = -cd;
	if (cd < rd)
		return rd;
	return rd + (cd - rd) / 2;
}

/* Label the seat's buildings by cluster (1...); returns the count. */
static int
label_clusters(const struct tm_state *s, int seat, int *lab)
{
	int list[TM_NCELLS], n, h, i, j, c, k = 0;

	for (i = 0; i < TM_NCELLS; i++)
		lab[i] = 0;
	for (i = 0; i < TM_NCELLS; i++) {
		if (s->owner[i] != seat || s->bld[i] == TB_NONE || lab[i])
			continue;
		lab[i] = ++k;
		n = h = 0;
		list[n++] = i;
		while (h < n) {
			c = list[h++];
			for (j = 0; j < TM_NCELLS; j++)
				if (!lab[j] && s->owner[j] == seat && s->bld[j] != TB_NONE &&
				    tm_town_linked(s, seat, c, j)) {
					lab[j] = k;
					list[n++] = j;
				}
		}
	}
	return k;
}

/*
 * The seat's measure for a Fire & Ice final tile, within one network
 * (buildings connected as for the network count, tm_network_label):
 * connected-distance, the largest hex distance between two of its
 * buildings; connected-sa-sh-distance, between its sanctuary and its
 * stronghold; building-on-edge, its buildings on the map's edge;
 * connected-clusters, its clusters of directly linked buildings.  The
 * largest over the seat's networks.
 */
int
tm_final_measure(const struct tm_state *s, int seat, int tile)
{
	int net[TM_NCELLS], cl[TM_NCELLS], cnt[TM_NCELLS + 1], seen[TM_NCELLS + 1];
	int nnet, a, b, best = 0, k, i;

	nnet = tm_network_label(s, seat, net);
	if (nnet == 0)
		return 0;
	switch (tile) {
	case TFS_DISTANCE:
	case TFS_SASH:
		for (a = 0; a < TM_NCELLS; a++)
			for (b = 0; b < TM_NCELLS; b++) {
				if (!net[a] || net[a] != net[b])
					continue;
				if (tile == TFS_SASH && (s->bld[a] != TB_SA || s->bld[b] != TB_SH))
					continue;
				k = hex_distance(s, a, b);
				if (k > best)
					best = k;
			}
		return best;
	case TFS_EDGE:
		memset(cnt, 0, sizeof(cnt));
		for (i = 0; i < TM_NCELLS; i++)
			if (net[i] && s->cells[i].edge)
				cnt[net[i]]++;
		for (k = 1; k <= nnet; k++)
			if (cnt[k] > best)
				best = cnt[k];
		return best;
	case TFS_CLUSTERS:
		label_clusters(s, seat, cl);
		for (k = 1; k <= nnet; k++) {
			int n = 0;

			memset(seen, 0, sizeof(seen));
			for (i = 0; i < TM_NCELLS; i++)
				if (net[i] == k && !seen[cl[i]]) {
					seen[cl[i]] = 1;
					n++;
				}
			if (n > best)
				best = n;
		}
		return best;
	default:
		return 0;
	}
}

/*
 * End of game, the Fire & Ice final tile in play: 18, 12 and 6 VP for the
 * largest measures (tm_final_measure), shared on ties as the network's.
 */
void
tm_final_tile_scoring(struct tm_state *s)
{
	static const int pts[3] = { 18, 12, 6 };
	int val[TM_MAXP] = { 0 }, out[TM_MAXP] = { 0 }, i;

	if (s->final_tile == TFS_NONE)
		return;
	for (i = 0; i < s->nseats; i++) {
		s->pl[i].fi_value = tm_final_measure(s, i, s->final_tile);
		val[i] = s->pl[i].fi_value;
	}
	tm_share_points(val, s->nseats, pts, out);
	for (i = 0; i < s->nseats; i++) {
		s->pl[i].final_fi = out[i];
		s->pl[i].vp += out[i];
	}
}
