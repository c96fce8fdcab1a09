/*
 * tfinal.c - the Fire & Ice final scoring tiles (option
 * fire-and-ice-final-scoring, final-scoring=NAME): connected-distance,
 * connected-sa-sh-distance, building-on-edge, connected-clusters, as the
 * site's engine (terra.snellman.net) scores them.  A variant's own rules:
 * tfactions.c lists them for the core, which never names this file.
 * Depends on tcore.c.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"

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

const struct tm_variant tm_final_tiles = {
	.final_scoring = tm_final_tile_scoring,
};
