/*
 * wt_rules.c - the exported table of Warriors & Traders (our edition):
 * setup and options (1.1-1.9, 11), waiting (13.8), score (T7), over and
 * the internal invariants.
 */
#include <stdio.h>
#include <string.h>

#include "wt.h"
#include "../notation.h"

/* Parse the teams option: "2v2", "3v3", "2v2v2" or one letter per seat. */
static int
parse_teams(struct wt_state *s, const char *v, char *err, size_t errlen)
{
	int size[WT_SEATS] = { 0 }, i, n = s->nseats, nt = 0, per;

	if (word_eq(v, "2v2") || word_eq(v, "3v3") || word_eq(v, "2v2v2")) {
		per = v[0] - '0';
		for (i = 0; i < n; i++)
			s->p[i].team = i / per;
	} else if ((int)strlen(v) == n) {
		for (i = 0; i < n; i++) {
			if (v[i] < 'A' || v[i] > 'F') {
				snprintf(err, errlen, "teams: use letters A-F, one per seat");
				return -1;
			}
			s->p[i].team = v[i] - 'A';
		}
	} else {
		snprintf(err, errlen, "teams: use 2v2, 3v3, 2v2v2 or one letter per seat");
		return -1;
	}
	for (i = 0; i < n; i++)
		size[s->p[i].team]++;
	for (i = 0; i < WT_SEATS; i++)
		if (size[i] > 0)
			nt = i + 1;
	for (i = 0; i < nt; i++)
		if (size[i] != size[0] || size[i] < 2) {
			snprintf(err, errlen, "teams: teams must be A.. in order and equal, "
			    "as 3v3, 2v2 or 2v2v2 (11.1)");
			return -1;
		}
	if (n == 6 && nt == 2)
		s->team_target = wt_team_target[0];
	else if (n == 4 && nt == 2)
		s->team_target = wt_team_target[1];
	else if (n == 6 && nt == 3)
		s->team_target = wt_team_target[2];
	else {
		snprintf(err, errlen, "teams: %d seats cannot play as %s (3v3, 2v2, 2v2v2)",
		    n, v);
		return -1;
	}
	s->teams = nt;
	return 0;
}

/* Apply the game options (1.9). */
static int
options(struct wt_state *s, const struct game_opt *opts, int nopts, char *err,
    size_t errlen)
{
	int i;

	for (i = 0; i < nopts; i++) {
		const char *k = opts[i].key, *v = opts[i].value ? opts[i].value : "";

		if (word_eq(k, "countries") && (word_eq(v, "random") || word_eq(v, "choose")))
			s->choose = word_eq(v, "choose");
		else if (word_eq(k, "defence") && (word_eq(v, "ask") || word_eq(v, "auto")))
			s->defence_auto = word_eq(v, "auto");
		else if (word_eq(k, "teams")) {
			if (parse_teams(s, v, err, errlen) != 0)
				return -1;
		} else {
			snprintf(err, errlen, "unknown option %s=%s (countries=random|choose, "
			    "defence=ask|auto, teams=2v2|3v3|2v2v2)", k, v);
			return -1;
		}
	}
	return 0;
}

/* Barbarians on the map and empty units (1.4). */
static void
place_barbarians(struct wt_state *s)
{
	int i, p, slot = WT_SEATS * WT_UPER;

	for (i = 0; i < WT_NUNITS; i++) {
		s->u[i].side = -1;
		s->u[i].prov = s->u[i].from = s->u[i].target = -1;
	}
	for (p = 0; p < WT_NPROV; p++) {
		s->prov[p].owner = -1;
		s->prov[p].pieceowner = -1;
		if (wt_provinces[p].barb == WT_FORT) {
			s->prov[p].barb_fort = 1;
			continue;
		}
		s->u[slot].side = WT_BARB;
		s->u[slot].kind = wt_provinces[p].barb;
		s->u[slot].prov = p;
		slot++;
	}
}

/* The engine's setup(): see game.h. */
int
wt_setup(void *st, int nseats, const struct game_opt *opts, int nopts,
    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen)
{
	struct wt_state *s = st;
	int i, j, pool[WT_NCTY], npool = WT_NCTY, k;

	if (nseats < 2 || nseats > WT_SEATS) {
		snprintf(err, errlen, "Warriors & Traders takes 2 to 6 players, not %d", nseats);
		return -1;
	}
	s->nseats = nseats;
	for (i = 0; i < WT_SEATS; i++) {
		s->p[i].team = -1;
		s->p[i].country = -1;
		s->p[i].shift_from = s->p[i].shift_to = -1;
		s->order[i] = i;
	}
	if (options(s, opts, nopts, err, errlen) != 0)
		return -1;
	rng_seed(&s->rng, seed);
	place_barbarians(s);
	for (i = 0; i < nseats; i++) {
		s->p[i].res[WT_FOOD] = 1;	/* 1.6 */
		s->p[i].res[WT_WEAPONS] = 1;
		s->p[i].res[WT_GOLD] = 1;
	}
	s->phase = PH_COUNTRY;
	if (s->choose) {
		wt_log(s, "new game: %d players choose their countries", nseats);
		return 0;
	}
	for (j = 0; j < WT_NCTY; j++)
		pool[j] = j;
	for (i = 0; i < nseats; i++) {
		k = (int)rng_below(&s->rng, (uint32_t)npool);
		s->p[i].country = pool[k];
		pool[k] = pool[--npool];
		wt_place_capital(s, i);
	}
	wt_make_order(s);
	s->phase = PH_TRACKS;
	wt_log(s, "new game: countries drawn from the seed");
	return 0;
}

/* The engine's over(). */
int
wt_over(const void *st)
{
	return ((const struct wt_state *)st)->phase == PH_OVER;
}

/* The engine's score(): VP are public; ranks once the game is over. */
void
wt_score(const void *st, int viewer, struct game_score *out)
{
	const struct wt_state *s = st;
	int i, j;

	(void)viewer;
	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	for (i = 0; i < s->nseats; i++) {
		out->visible[i] = 1;
		out->score[i] = wt_vp(s, i);
		if (s->p[i].country >= 0)
			snprintf(out->label[i], GAME_LABEL_LEN, "%s",
			    wt_countries[s->p[i].country].name);
	}
	if (s->phase != PH_OVER)
		return;
	for (i = 0; i < s->nseats; i++) {
		if (s->winner_mask & (1 << i)) {
			out->rank[i] = 1;
			continue;
		}
		out->rank[i] = 2;
		for (j = 0; j < s->nseats; j++)
			if (j != i && !(s->winner_mask & (1 << j)) &&
			    out->score[j] > out->score[i])
				out->rank[i]++;
	}
}

/* Check the units (slots, kinds, provinces, supply limits). */
static int
check_units(const struct wt_state *s, char *err, size_t errlen)
{
	int i, k, seat;

	for (i = 0; i < WT_NUNITS; i++) {
		const struct wt_unit *u = &s->u[i];

		if (u->side < 0)
			continue;
		if (u->prov < 0 || u->prov >= WT_NPROV || u->kind < WT_INF ||
		    u->kind > WT_CAV) {
			snprintf(err, errlen, "unit %d stands nowhere or has no kind", i);
			return -1;
		}
		if (u->side != WT_BARB && (u->side >= s->nseats || i / WT_UPER != u->side)) {
			snprintf(err, errlen, "unit %d of side %d in a wrong slot", i, u->side);
			return -1;
		}
		if (u->side == WT_BARB && i < WT_SEATS * WT_UPER) {
			snprintf(err, errlen, "barbarian in a player's slot %d", i);
			return -1;
		}
		if (u->ap < 0 || u->ap > WT_MAXAP) {
			snprintf(err, errlen, "unit %d has %d AP", i, u->ap);
			return -1;
		}
	}
	for (seat = 0; seat < s->nseats; seat++) {
		for (k = WT_INF; k <= WT_CAV; k++)
			if (wt_count_units(s, seat, -1, k) > 4) {
				snprintf(err, errlen, "%s has more than 4 %s", wt_seat_code(s, seat),
				    wt_kind_name[k]);
				return -1;
			}
		if (wt_forts_on_map(s, seat) > 8) {
			snprintf(err, errlen, "%s has more than 8 forts", wt_seat_code(s, seat));
			return -1;
		}
	}
	return 0;
}

/* Whether a battle of the running manoeuvre is pending at a province. */
static int
pending_battle(const struct wt_state *s, int prov)
{
	int i;

	if (s->phase != PH_MAN || s->man_step != MS_DEFEND)
		return 0;
	for (i = 0; i < s->nbattles; i++)
		if (s->battle[i].prov == prov && !s->battle[i].done)
			return 1;
	return 0;
}

/* Check one province: one side only, and its token holder present (0.3). */
static int
check_prov(const struct wt_state *s, int p, char *err, size_t errlen)
{
	const struct wt_prov *pv = &s->prov[p];
	int side, nsides = 0, mover = wt_man_seat(s);

	if (pv->forts < 0 || pv->forts > 2 || pv->pri < 0 || pv->pri > 4 ||
	    pv->barb_fort < 0 || pv->barb_fort > 1) {
		snprintf(err, errlen, "%s: bad piece counts", wt_provinces[p].code);
		return -1;
	}
	if (pv->forts + pv->pri > 0 && (pv->pieceowner < 0 || pv->pieceowner >= s->nseats)) {
		snprintf(err, errlen, "%s: forts or princesses without an owner",
		    wt_provinces[p].code);
		return -1;
	}
	if (pv->owner < -1 || pv->owner >= s->nseats) {
		snprintf(err, errlen, "%s: bad token holder", wt_provinces[p].code);
		return -1;
	}
	for (side = 0; side <= WT_BARB; side++)
		if ((side < s->nseats || side == WT_BARB) && wt_side_present(s, side, p))
			nsides++;
	if (nsides > 1 && !pending_battle(s, p)) {
		snprintf(err, errlen, "%s: two sides share the province", wt_provinces[p].code);
		return -1;
	}
	if (pv->owner >= 0 && !wt_side_present(s, pv->owner, p) &&
	    !(s->phase == PH_MAN && pv->owner == mover)) {
		snprintf(err, errlen, "%s: held by %s with no piece there",
		    wt_provinces[p].code, wt_seat_code(s, pv->owner));
		return -1;
	}
	if (pv->owner >= 0 && wt_has_barb(s, p) && !pending_battle(s, p)) {
		snprintf(err, errlen, "%s: held by %s but barbarians stand there",
		    wt_provinces[p].code, wt_seat_code(s, pv->owner));
		return -1;
	}
	return 0;
}

/* The engine's check(): internal invariants. */
int
wt_check(const void *st, char *err, size_t errlen)
{
	const struct wt_state *s = st;
	int i, j, r, t, p;

	if (s->nseats < 2 || s->nseats > WT_SEATS || s->phase < PH_COUNTRY ||
	    s->phase > PH_OVER) {
		snprintf(err, errlen, "bad seat count or phase");
		return -1;
	}
	if (s->phase >= PH_TRADE && (s->turn < 1 || s->turn > WT_TURNS)) {
		snprintf(err, errlen, "turn %d outside 1..10", s->turn);
		return -1;
	}
	for (i = 0; i < s->nseats; i++) {
		int seen = 0;

		/* The country order is a permutation of the seats (found by fuzz/snapshot). */
		for (j = 0; j < s->nseats; j++)
			seen += s->order[j] == i;
		if (seen != 1) {
			snprintf(err, errlen, "the country order is not a permutation of the seats");
			return -1;
		}
		/* Before anything names the seat by its country (found by fuzz/snapshot). */
		if (s->p[i].country < -1 || s->p[i].country >= WT_NCTY) {
			snprintf(err, errlen, "seat %d: no such country %d", i + 1,
			    s->p[i].country);
			return -1;
		}
		for (r = 0; r < WT_NRES; r++)
			if (s->p[i].res[r] < 0) {
				snprintf(err, errlen, "%s has %d %s", wt_seat_code(s, i),
				    s->p[i].res[r], wt_res_name[r]);
				return -1;
			}
		for (t = 0; t < WT_NTRACK; t++)
			if (s->p[i].track[t] < 0 || s->p[i].track[t] > 7) {
				snprintf(err, errlen, "%s: track out of 0..VII", wt_seat_code(s, i));
				return -1;
			}
		for (j = 0; j < s->nseats; j++)
			if (s->war[i][j].on != s->war[j][i].on || (i == j && s->war[i][j].on)) {
				snprintf(err, errlen, "war table not symmetric");
				return -1;
			}
		if (s->p[i].vp_perm < 0) {
			snprintf(err, errlen, "negative permanent VP");
			return -1;
		}
		/* A queued shift names two tracks, or none (found by fuzz/snapshot). */
		if (!(s->p[i].shift_from == -1 && s->p[i].shift_to == -1) &&
		    (s->p[i].shift_from < 0 || s->p[i].shift_from >= WT_NTRACK ||
		    s->p[i].shift_to < 0 || s->p[i].shift_to >= WT_NTRACK)) {
			snprintf(err, errlen, "%s: a queued shift names no track",
			    wt_seat_code(s, i));
			return -1;
		}
	}
	if (memchr(s->last, '\0', sizeof(s->last)) == NULL) {
		snprintf(err, errlen, "the last submission's text is not terminated");
		return -1;
	}
	if (wt_check_bounds(s, err, errlen) != 0 || check_units(s, err, errlen) != 0)
		return -1;
	for (p = 0; p < WT_NPROV; p++)
		if (check_prov(s, p, err, errlen) != 0)
			return -1;
	return 0;
}
