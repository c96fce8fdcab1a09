/*
 * tmoves.c - the legal moves of the Terra Mystica engine (moves(): each
 * candidate tried on a copy through play()) and the invariants of its
 * state (check(), whose last test is that every awaited seat has a legal
 * move).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "terra.h"

/*
 * Set while check_alive asks only whether a seat has any legal move: the
 * candidates after the first legal one are not played out (a Terra state
 * is checked so on every load; listing all of them was an eighth of a
 * move).  One process, one game at a time.
 */
static int any_move;

/* Try a command on a copy; append it to out when play() accepts it. */
static void
try_move(const struct tm_state *s, struct tm_state *tmp, int seat,
    const char *cmd, struct sbuf *out)
{
	struct game_played pl;
	char err[256];

	if (any_move && out->len > 0)
		return;		/* one is enough (check_alive) */
	memcpy(tmp, s, sizeof(*s));
	if (tm_play(tmp, seat, cmd, &pl, err, sizeof(err)) == GAME_OK) {
		sb_puts(out, cmd);
		sb_putc(out, '\n');
	}
}

/* Candidate land cells for building or transforming: empty, reachable. */
static int
open_cells(const struct tm_state *s, int seat, int *list)
{
	int i, n = 0, kind;

	for (i = 0; i < TM_NCELLS; i++)
		if (s->cells[i].color != TC_RIVER && s->bld[i] == TB_NONE &&
		    tm_reach(s, seat, i, &kind))
			list[n++] = i;
	return n;
}

/* When nothing placed what is owed (out has grown no further than start),
 * giving it up as the site allows (-SPADE, -BRIDGE ...); returns 1. */
static int
give_up(const struct tm_state *s, struct tm_state *tmp, int seat, const char *cmd,
    struct sbuf *out, size_t start)
{
	if (out->len == start)
		try_move(s, tmp, seat, cmd, out);
	return 1;
}

/* Moves that place owed things: spades, tiles, cult steps, bridges. */
static int
owed_moves(const struct tm_state *s, struct tm_state *tmp, int seat,
    struct sbuf *out)
{
	const struct tm_player *p = &s->pl[seat];
	int home = tm_home(s, seat), list[TM_NCELLS], n, i, j, k;
	size_t start = out->len;
	char cmd[96];

	if (p->unlock_owed > 0) {
		/* the Riverwalkers' unlock for a priest gained */
		for (i = 0; i < TC_RIVER; i++) {
			snprintf(cmd, sizeof(cmd), "unlock-terrain %s", tm_color_names[i]);
			try_move(s, tmp, seat, cmd, out);
		}
		try_move(s, tmp, seat, "unlock-terrain gain-priest", out);
		return 1;
	}
	if (p->lose_cult > 0) {
		for (k = 0; k < 4; k++) {
			snprintf(cmd, sizeof(cmd), "-%d%s", p->lose_cult, tm_cult_names[k]);
			try_move(s, tmp, seat, cmd, out);
		}
		return 1;
	}
	if (p->pick_owed && s->phase == TP_ACTIONS) {
		/* the Shapeshifters' new colour after a shapeshift */
		for (i = 0; i < 7; i++) {
			snprintf(cmd, sizeof(cmd), "pick-color %s", tm_color_names[i]);
			try_move(s, tmp, seat, cmd, out);
		}
		return 1;
	}
	if (p->fav_owed) {
		for (i = 1; i <= TM_NFAV; i++) {
			snprintf(cmd, sizeof(cmd), "+FAV%d", i);
			try_move(s, tmp, seat, cmd, out);
		}
		return give_up(s, tmp, seat, "-GAIN_FAVOR", out, start);
	}
	if (p->town_owed) {
		for (i = 1; i <= TM_NTW; i++) {
			snprintf(cmd, sizeof(cmd), "+TW%d", i);
			try_move(s, tmp, seat, cmd, out);
		}
		return give_up(s, tmp, seat, "-GAIN_TW", out, start);
	}
	if (p->cult_owed || p->cult2_owed) {
		for (k = 0; k < 4; k++) {
			snprintf(cmd, sizeof(cmd), "+%s%s", p->cult2_owed ? "2" : "",
			    tm_cult_names[k]);
			try_move(s, tmp, seat, cmd, out);
		}
		return 1;
	}
	if (p->bridge_owed) {
		for (i = 0; i < TM_NCELLS; i++)
			for (j = 0; j < s->cells[i].nbr; j++) {
				snprintf(cmd, sizeof(cmd), "bridge %s:%s", s->cells[i].name,
				    s->cells[s->cells[i].br[j]].name);
				if (i < s->cells[i].br[j])
					try_move(s, tmp, seat, cmd, out);
			}
		/* none can be placed: give it up, as the site allows */
		return give_up(s, tmp, seat, "-BRIDGE", out, start);
	}
	if (p->free_tp) {
		for (i = 0; i < TM_NCELLS; i++)
			if (s->owner[i] == seat && s->bld[i] == TB_D) {
				snprintf(cmd, sizeof(cmd), "upgrade %s to TP", s->cells[i].name);
				try_move(s, tmp, seat, cmd, out);
			}
		return give_up(s, tmp, seat, "-FREE_TP", out, start);
	}
	if (p->free_d) {
		for (i = 0; i < TM_NCELLS; i++)
			if (s->terrain[i] == TC_GREEN && s->bld[i] == TB_NONE) {
				snprintf(cmd, sizeof(cmd), "build %s", s->cells[i].name);
				try_move(s, tmp, seat, cmd, out);
			}
		return give_up(s, tmp, seat, "-FREE_D", out, start);
	}
	if (p->spades > 0 || p->free_tf || p->volcano_tf > 0) {
		n = open_cells(s, seat, list);
		for (i = 0; i < n; i++) {
			for (k = 0; k <= TC_VOLCANO; k++) {
				if (k == TC_RIVER || (k >= TC_ICE && k != home) ||
				    (home == TC_VOLCANO && k != home))
					continue;
				if (k == s->terrain[list[i]] || (k != home &&
				    tm_spade_cost(s, seat, s->terrain[list[i]], k) >
				    p->spades))
					continue;
				snprintf(cmd, sizeof(cmd), "transform %s to %s",
				    s->cells[list[i]].name, tm_color_names[k]);
				try_move(s, tmp, seat, cmd, out);
			}
			if (s->terrain[list[i]] == home)
				continue;
			if (s->phase == TP_ACTIONS) {
				snprintf(cmd, sizeof(cmd), "build %s", s->cells[list[i]].name);
				try_move(s, tmp, seat, cmd, out);
			}
		}
		(void)give_up(s, tmp, seat, "-SPADE", out, start);
		(void)give_up(s, tmp, seat, "-FREE_TF", out, start);
		return give_up(s, tmp, seat, "-VOLCANO_TF", out, start);
	}
	return 0;
}

/*
 * 1 when every line of moves only gives up what an action owes (-SPADE,
 * -BRIDGE, the site's -GAIN_FAVOR ...): a word of capitals and '_' after
 * the '-', no count or cult track of a real command ("-3FIRE").  An empty
 * list gives up nothing either.
 */
static int
only_give_up(const char *moves)
{
	static const char *const cults[] = { "FIRE\n", "WATER\n", "EARTH\n", "AIR\n" };
	size_t n, k;

	for (; *moves != '\0'; moves += n + (moves[n] == '\n')) {
		n = strcspn(moves, "\n");
		if (moves[0] != '-' || strspn(moves + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") != n - 1)
			return 0;
		for (k = 0; k < 4; k++)
			if (strncmp(moves + 1, cults[k], strlen(cults[k])) == 0)
				return 0;
	}
	return 1;
}

/*
 * Is `action X` accepted now and does its follow-up exist (a bridge to
 * place, a hex to transform...)?  An action whose owed part could only be
 * thrown away (-SPADE, -BRIDGE: issue 27) is not offered, though it may be
 * taken.
 */
static int
action_usable(const struct tm_state *s, struct tm_state *tmp, int seat,
    const char *cmd)
{
	struct game_played pl;
	struct sbuf probe = SBUF_INIT;
	struct tm_state *t2;
	char err[256];
	int ok;

	memcpy(tmp, s, sizeof(*s));
	if (tm_play(tmp, seat, cmd, &pl, err, sizeof(err)) != GAME_OK)
		return 0;
	if (tmp->cur != seat)
		return 1;
	t2 = malloc(sizeof(*t2));
	if (t2 == NULL)
		return 0;
	ok = !owed_moves(tmp, t2, seat, &probe) || !only_give_up(sb_str(&probe));
	free(t2);
	sb_free(&probe);
	return ok;
}

/* Main action candidates for the active seat. */
static void
action_moves(const struct tm_state *s, struct tm_state *tmp, int seat,
    struct sbuf *out)
{
	static const char *const acts[] = { "ACT1", "ACT2", "ACT3", "ACT4", "ACT5",
	    "ACT6", "BON1", "BON2", "FAV6", "ACTA", "ACTC", "ACTE", "ACTG", "ACTN",
	    "ACTS", "ACTW", "ACTH1", "ACTH2", "ACTH3", "ACTH4", "ACTH5", "ACTH6" };
	static const char *const up[] = { "TP", "TE", "SH", "SA" };
	const struct tm_player *p = &s->pl[seat];
	int list[TM_NCELLS], n, i, k;
	char cmd[96];
	size_t a;

	if (s->round == 6) {
		try_move(s, tmp, seat, "pass", out);
	} else {
		for (i = 1; i <= TM_NBON; i++)
			if (s->bon_avail[i]) {
				snprintf(cmd, sizeof(cmd), "pass BON%d", i);
				try_move(s, tmp, seat, cmd, out);
			}
	}
	if (any_move && out->len > 0)
		return;
	n = open_cells(s, seat, list);
	for (i = 0; i < n; i++) {
		snprintf(cmd, sizeof(cmd), "build %s", s->cells[list[i]].name);
		try_move(s, tmp, seat, cmd, out);
	}
	for (i = 0; i < TM_NCELLS; i++) {
		if (s->owner[i] != seat || s->bld[i] == TB_NONE)
			continue;
		for (k = 0; k < 4; k++) {
			snprintf(cmd, sizeof(cmd), "upgrade %s to %s", s->cells[i].name, up[k]);
			try_move(s, tmp, seat, cmd, out);
		}
	}
	for (k = 0; k < 4; k++) {
		snprintf(cmd, sizeof(cmd), "send p to %s", tm_cult_names[k]);
		try_move(s, tmp, seat, cmd, out);
	}
	try_move(s, tmp, seat, "advance ship", out);
	try_move(s, tmp, seat, "advance dig", out);
	if (tm_darkling_choice(s, seat))
		for (k = 1; k <= 3; k++) {
			snprintf(cmd, sizeof(cmd), "convert %dW to %dP", k, k);
			try_move(s, tmp, seat, cmd, out);
		}
	for (a = 0; a < sizeof(acts) / sizeof(acts[0]) && !(any_move && out->len > 0); a++) {
		if ((a == 0 || a == 11) && p->bridges >= 3)
			continue;
		snprintf(cmd, sizeof(cmd), "action %s", acts[a]);
		if (action_usable(s, tmp, seat, cmd)) {
			sb_puts(out, cmd);
			sb_putc(out, '\n');
		}
	}
}

/* Free moves: a few conversions and burning. */
static void
free_moves(const struct tm_state *s, struct tm_state *tmp, int seat,
    struct sbuf *out)
{
	if (s->pl[seat].pw[2] >= 1)
		try_move(s, tmp, seat, "convert 1PW to 1C", out);
	if (s->pl[seat].p >= 1 && s->pl[seat].w < 2)
		try_move(s, tmp, seat, "convert 1P to 1W", out);
	if (s->pl[seat].pw[1] >= 2 && s->pl[seat].pw[2] < 6)
		try_move(s, tmp, seat, "burn 1", out);
	if (s->pl[seat].p3_for_vp > 0) {
		try_move(s, tmp, seat, "gain P3 for VP", out);
		try_move(s, tmp, seat, "-GAIN_P3_FOR_VP", out);
	}
}

/* The Cultists' cult step after an accepted offer: one line per track. */
static void
cult_bonus_moves(const struct tm_state *s, struct tm_state *tmp, int seat,
    struct sbuf *out)
{
	char cmd[32];
	int k;

	for (k = 0; k < 4; k++) {
		snprintf(cmd, sizeof(cmd), "+%s", tm_cult_names[k]);
		try_move(s, tmp, seat, cmd, out);
	}
}

/* moves(): every legal command for the seat now, one per line. */
void
tm_moves(const void *st, int seat, struct sbuf *out)
{
	const struct tm_state *s = st;
	struct tm_state *tmp;
	char cmd[96];
	int i;

	if (seat < 0 || seat >= s->nseats || s->over)
		return;
	tmp = malloc(sizeof(*tmp));
	if (tmp == NULL) {
		out->oom = 1;
		return;
	}
	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat) {
			const char *from = tm_fdefs[s->pl[s->offer[i].from].faction].name;

			snprintf(cmd, sizeof(cmd), "leech %d from %s", s->offer[i].amount, from);
			try_move(s, tmp, seat, cmd, out);
			snprintf(cmd, sizeof(cmd), "decline %d from %s", s->offer[i].amount,
			    from);
			try_move(s, tmp, seat, cmd, out);
		}
	if (s->pl[seat].cult_bonus > 0 && !s->pl[seat].cult_owed &&
	    !s->pl[seat].cult2_owed)
		cult_bonus_moves(s, tmp, seat, out);
	if (s->cur != seat && ((s->phase == TP_CULTSPADES && (s->pl[seat].spades > 0 ||
	    s->pl[seat].cult_owed > 0)) || s->pl[seat].unlock_owed > 0 ||
	    tm_town_waits(s, seat)) && !s->pl[seat].dropped)
		(void)owed_moves(s, tmp, seat, out);	/* spent in any order */
	if (((s->cur < 0 && s->phase == TP_ACTIONS) || s->phase == TP_CULTSPADES) &&
	    tm_settle_tokens(s, seat)) {
		try_move(s, tmp, seat, "gain P3 for VP", out);
		try_move(s, tmp, seat, "-GAIN_P3_FOR_VP", out);
	}
	/* the round's end waits for another seat's command, any */
	if (tm_defer_waits(s, seat))
		try_move(s, tmp, seat, "wait", out);
	if (s->cur != seat) {
		free(tmp);
		return;
	}
	switch (s->phase) {
	case TP_FACTIONS:
		if (s->pl[seat].faction >= 0) {
			/* an ice faction's colour and the Ice Maidens' favor tile */
			for (i = 0; i < 7; i++) {
				snprintf(cmd, sizeof(cmd), "pick-color %s", tm_color_names[i]);
				try_move(s, tmp, seat, cmd, out);
			}
			for (i = 1; i <= TM_NFAV; i++) {
				snprintf(cmd, sizeof(cmd), "+FAV%d", i);
				try_move(s, tmp, seat, cmd, out);
			}
			break;
		}
		for (i = 0; i < TM_NFACT; i++) {
			snprintf(cmd, sizeof(cmd), "setup %s", tm_fdefs[i].name);
			try_move(s, tmp, seat, cmd, out);
		}
		break;
	case TP_DWELLINGS:
		/* the colour given up: no hex is theirs, only resigning is left */
		if (s->pl[seat].pick_gone)
			try_move(s, tmp, seat, "resign", out);
		for (i = 0; i < TM_NCELLS; i++)
			if ((s->terrain[i] == tm_home(s, seat) || (tm_picks_colour(s, seat) &&
			    s->terrain[i] == s->pl[seat].color2 - 1)) && s->bld[i] == TB_NONE) {
				snprintf(cmd, sizeof(cmd), "build %s", s->cells[i].name);
				try_move(s, tmp, seat, cmd, out);
			}
		break;
	case TP_BONUS:
		for (i = 1; i <= TM_NBON; i++)
			if (s->bon_avail[i]) {
				snprintf(cmd, sizeof(cmd), "pass BON%d", i);
				try_move(s, tmp, seat, cmd, out);
			}
		break;
	case TP_CULTSPADES:
		owed_moves(s, tmp, seat, out);
		break;
	case TP_ACTIONS:
		if (!owed_moves(s, tmp, seat, out))
			action_moves(s, tmp, seat, out);
		if (!s->unlock_wait)
			free_moves(s, tmp, seat, out);
		break;
	default:
		break;
	}
	free(tmp);
}

/* The player order and the turn order are permutations of the seats. */
static int
check_table(const struct tm_state *s, char *err, size_t errlen)
{
	int seen[TM_MAXP] = { 0 }, seen2[TM_MAXP] = { 0 }, i;

	for (i = 0; i < s->nseats; i++) {
		if (s->table[i] < 0 || s->table[i] >= s->nseats || seen[s->table[i]]++ ||
		    s->order[i] < 0 || s->order[i] >= s->nseats || seen2[s->order[i]]++) {
			snprintf(err, errlen, "the player or turn order is not a "
			    "permutation of the seats");
			return -1;
		}
	}
	return 0;
}

/*
 * Every number a view or a move uses as an index or a count is in its
 * range (found by fuzz/snapshot: a damaged phase or offer passed check()
 * and left an awaited seat without a legal move).  A snapshot that gets
 * past its checksum is still checked as if it were arbitrary bytes.
 */
static int
in_range(int32_t v, int32_t lo, int32_t hi)
{
	return v >= lo && v <= hi;
}

static int
check_flow(const struct tm_state *s, char *err, size_t errlen)
{
	int i, seen[TM_MAXP] = { 0 };

	if (!in_range(s->phase, TP_FACTIONS, TP_END) || !in_range(s->round, 0, 6) ||
	    !in_range(s->over, 0, 1) || (s->phase >= TP_ACTIONS && s->round < 1)) {
		snprintf(err, errlen, "phase %d, round %d: no such point of the game",
		    s->phase, s->round);
		return -1;
	}
	if (!in_range(s->final_tile, TFS_NONE, TFS_COUNT - 1) || !in_range(s->opt_fi_ice, 0, 1) ||
	    !in_range(s->opt_fi_volcano, 0, 1) || !in_range(s->opt_fi_variable, 0, 5)) {
		snprintf(err, errlen, "no such Fire & Ice option");
		return -1;
	}
	if (!in_range(s->cur, -1, s->nseats - 1) || !in_range(s->act, TA_NONE, TA_DONE) ||
	    !in_range(s->act_left, 0, 2) || !in_range(s->tf_cell, -1, TM_NCELLS - 1) ||
	    !in_range(s->tf_nonhome, 0, 1) || !in_range(s->dig_ok, 0, 1) ||
	    !in_range(s->teleported, 0, 1) || !in_range(s->held_pass, 0, 1) ||
	    !in_range(s->bridged, 0, 1) ||
	    !in_range(s->dug, 0, 2) || !in_range(s->tail, 0, s->nseats) ||
	    !in_range(s->again, 0, 1) || !in_range(s->opt_loose_cult_loss, 0, 1) ||
	    !in_range(s->opt_site, 0, TO_ALL) || (s->opt_site & ~TO_ALL) != 0 ||
	    !in_range(s->stale, 0, 1) || !in_range(s->tf_left, 0, 3) ||
	    !in_range(s->site_form, 0, 1) ||
	    !in_range(s->last_turn, 0, s->nseats) ||
	    !in_range(s->bonus_end, 0, s->nseats) || !in_range(s->lapse, 0, s->nseats) ||
	    !in_range(s->defer, 0, s->nseats) || !in_range(s->bonus_merge, 0, 4) ||
	    !in_range(s->bonus_count, 0, 9) || !in_range(s->unlock_wait, 0, 1) ||
	    !in_range(s->row_seat, 0, s->nseats) ||
	    !in_range(s->income_early, 0, 1)) {
		snprintf(err, errlen, "the active seat or its action is out of range");
		return -1;
	}
	/* the kept turn (tm_resume_turn) must be one a turn could be */
	if (!in_range(s->kept.act, TA_NONE, TA_DONE) || !in_range(s->kept.act_left, 0, 2) ||
	    !in_range(s->kept.tf_cell, -1, TM_NCELLS - 1) ||
	    !in_range(s->kept.tf_nonhome, 0, 1) || !in_range(s->kept.dig_ok, 0, 1) ||
	    !in_range(s->kept.dug, 0, 2) || !in_range(s->kept.tf_left, 0, 3) ||
	    !in_range(s->kept.teleported, 0, 1) || !in_range(s->kept.stale, 0, 1) ||
	    !in_range(s->kept.held_pass, 0, 1) || s->kept.darkling_conv < 0) {
		snprintf(err, errlen, "the turn kept for its seat is out of range");
		return -1;
	}
	if (!in_range(s->nnext, 0, s->nseats) || !in_range(s->nqueue, 0, 16) ||
	    !in_range(s->qpos, 0, s->nqueue) || !in_range(s->noffer, 0, TM_MAXOFFER) ||
	    !in_range(s->nbridge, 0, TM_MAXBRIDGE)) {
		snprintf(err, errlen, "a list length is out of range");
		return -1;
	}
	for (i = 0; i < s->nnext; i++)
		if (!in_range(s->next_order[i], 0, s->nseats - 1) || seen[s->next_order[i]]++) {
			snprintf(err, errlen, "the next turn order is not a list of seats");
			return -1;
		}
	for (i = 0; i < s->nqueue; i++)
		if (!in_range(s->queue[i], 0, s->nseats - 1)) {
			snprintf(err, errlen, "the setup queue names no seat");
			return -1;
		}
	for (i = 0; i < s->noffer; i++) {
		const struct tm_offer *o = &s->offer[i];

		/* Offers pass between factions: both seats have chosen one
		 * (found by fuzz/snapshot: an offer from a seat without a
		 * faction was named by its faction index -1). */
		if (!in_range(o->to, 0, s->nseats - 1) || !in_range(o->from, 0, s->nseats - 1) ||
		    !in_range(o->amount, 0, 18) || !in_range(o->actual, 0, o->amount) ||
		    !in_range(o->group, -1, TM_MAXGROUP - 1) ||
		    !in_range(o->taint, TT_NONE, TT_LEECH) || !in_range(o->taint_n, 0, 99) ||
		    !in_range(o->taint_from, 0, s->nseats) ||
		    !in_range(s->pl[o->to].faction, 0, TM_NFACT - 1) ||
		    !in_range(s->pl[o->from].faction, 0, TM_NFACT - 1) ||
		    (o->group >= 0 && !in_range(s->group[o->group].seat, 0, s->nseats - 1))) {
			snprintf(err, errlen, "power offer %d is out of range (no such faction "
			    "or seat)", i + 1);
			return -1;
		}
	}
	for (i = 0; i < TM_MAXGROUP; i++) {
		const struct tm_group *g = &s->group[i];

		if (!in_range(g->seat, 0, s->nseats - 1) || !in_range(g->live, 0, TM_MAXOFFER) ||
		    !in_range(g->declined, 0, TM_MAXOFFER) || !in_range(g->used, 0, 1) ||
		    !in_range(g->taken, 0, 1)) {
			snprintf(err, errlen, "offer group %d is out of range", i + 1);
			return -1;
		}
	}
	return 0;
}

/* The map: a valid map, derived from its terrains, and its id agrees. */
static int
check_map(const struct tm_state *s, char *err, size_t errlen)
{
	char id[TM_MAP_ID_LEN + 1];

	if (!tm_map_check(s->cells)) {
		snprintf(err, errlen, "the map is damaged");
		return -1;
	}
	tm_map_site_id(s->cells, id);
	if (memchr(s->map_id, '\0', sizeof(s->map_id)) == NULL ||
	    strcmp(s->map_id, strcmp(id, tm_base_map_id) == 0 ? "" : id) != 0) {
		snprintf(err, errlen, "the map's id does not match the map");
		return -1;
	}
	return 0;
}

static int
check_board(const struct tm_state *s, char *err, size_t errlen)
{
	int i, j;

	if (check_map(s, err, errlen) != 0)
		return -1;

	for (i = 0; i < 6; i++)
		if (!in_range(s->score_tile[i], 0, TM_NSCORE)) {
			snprintf(err, errlen, "round %d has no such scoring tile", i + 1);
			return -1;
		}
	for (i = 0; i <= TM_NBON; i++)
		if (!in_range(s->bon_avail[i], 0, 1) || !in_range(s->bon_coins[i], 0, 999)) {
			snprintf(err, errlen, "BON%d is out of range", i);
			return -1;
		}
	for (i = 0; i <= TM_NFAV; i++)
		if (!in_range(s->fav_left[i], 0, 3)) {
			snprintf(err, errlen, "FAV%d: supply out of range", i);
			return -1;
		}
	for (i = 0; i <= TM_NTW; i++)
		if (!in_range(s->tw_left[i], 0, 2)) {
			snprintf(err, errlen, "TW%d: supply out of range", i);
			return -1;
		}
	for (i = 0; i < 7; i++)
		if (!in_range(s->act_used[i], 0, 1)) {
			snprintf(err, errlen, "ACT%d is neither taken nor free", i);
			return -1;
		}
	for (i = 0; i < TM_NCELLS; i++)
		if (!in_range(s->terrain[i], TC_YELLOW, s->opt_fi_volcano ? TC_VOLCANO :
		    s->opt_fi_ice ? TC_ICE : TC_RIVER) ||
		    (s->terrain[i] == TC_ICE && !s->opt_fi_ice) || !in_range(s->town[i], 0, 1) ||
		    (s->terrain[i] == TC_RIVER) != (s->cells[i].color == TC_RIVER) ||
		    (s->bld[i] == TB_NONE && s->owner[i] != 0 && s->owner[i] != -1)) {
			snprintf(err, errlen, "cell %d is out of range", i);
			return -1;
		}
	for (i = 0; i < s->nbridge; i++)
		if (!in_range(s->bridge[i][0], 0, TM_NCELLS - 1) ||
		    !in_range(s->bridge[i][1], 0, TM_NCELLS - 1) ||
		    !in_range(s->bridge[i][2], 0, s->nseats - 1)) {
			snprintf(err, errlen, "bridge %d is out of range", i + 1);
			return -1;
		}
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			if (!in_range(s->slot[i][j], 0, s->nseats)) {
				snprintf(err, errlen, "a priest slot names no seat");
				return -1;
			}
	if (memchr(s->last, '\0', sizeof(s->last)) == NULL ||
	    memchr(s->ledger, '\0', sizeof(s->ledger)) == NULL) {
		snprintf(err, errlen, "the last move's text is not terminated");
		return -1;
	}
	return 0;
}

static int
check_player(const struct tm_state *s, int seat, char *err, size_t errlen)
{
	const struct tm_player *p = &s->pl[seat];
	const int32_t *owed[] = { &p->spades, &p->free_tf, &p->fav_owed, &p->town_owed,
	    &p->cult_owed, &p->cult2_owed, &p->cult_bonus, &p->bridge_owed, &p->free_tp,
	    &p->free_d, &p->darkling_conv, &p->keys, &p->towns, &p->bridges, &p->burned,
	    &p->volcano_tf, &p->lose_cult, &p->unlock_owed };
	size_t k;
	int i;

	if (s->phase > TP_FACTIONS && p->faction < 0) {
		snprintf(err, errlen, "seat %d has no faction after the setup", seat + 1);
		return -1;
	}
	if (!in_range(p->color2, 0, 7) || !in_range(p->pick_owed, 0, 1) ||
	    !in_range(p->pick_gone, 0, 1) || (p->pick_gone && (p->color2 != 0 ||
	    p->pick_owed)) ||
	    (p->faction >= 0 && s->phase > TP_FACTIONS && !p->dropped && !p->pick_gone &&
	    (tm_picks_colour(s, seat) || tm_is_shifter(s, seat) || tm_is_river(s, seat)) &&
	    p->color2 == 0) ||
	    !in_range(p->shifts, 0, 100) || !in_range(p->p3_for_vp, 0, 10000) ||
	    !in_range(p->unlocked, 0, 127) || (p->faction >= 0 && !tm_is_river(s, seat) &&
	    (p->unlocked != 0 || p->unlock_owed != 0)) || (p->color2 > 0 &&
	    ((p->unlocked >> (p->color2 - 1)) & 1))) {
		snprintf(err, errlen, "seat %d's picked colour is out of range", seat + 1);
		return -1;
	}
	if (!in_range(p->cult_blocked, 0, 15)) {
		snprintf(err, errlen, "seat %d's blocked cult tracks are out of range", seat + 1);
		return -1;
	}
	if (!in_range(p->ship, 0, 5) || !in_range(p->dig, 0, 2) || !in_range(p->carpet, 0, 4) ||
	    !in_range(p->passed, 0, 1) || !in_range(p->dropped, 0, 1) ||
	    !in_range(p->used_bon, 0, 1) || !in_range(p->used_fav6, 0, 1) ||
	    !in_range(p->used_fact, 0, 1) || !in_range(p->p_on_cult, 0, 7) ||
	    !in_range(p->site_rec, 0, TM_REC_TF | TM_REC_UNLOCK)) {
		snprintf(err, errlen, "seat %d: a track or flag out of range", seat + 1);
		return -1;
	}
	for (k = 0; k < sizeof(owed) / sizeof(owed[0]); k++)
		if (!in_range(*owed[k], 0, 99)) {
			snprintf(err, errlen, "seat %d: a count out of range", seat + 1);
			return -1;
		}
	for (i = 0; i <= TM_NFAV; i++)
		if (!in_range(p->fav[i], 0, 1)) {
			snprintf(err, errlen, "seat %d: FAV%d held %d times", seat + 1, i, p->fav[i]);
			return -1;
		}
	for (i = 0; i <= TM_NTW; i++)
		if (!in_range(p->tw[i], 0, 8)) {
			snprintf(err, errlen, "seat %d: TW%d out of range", seat + 1, i);
			return -1;
		}
	for (i = 0; i < 8; i++)
		if (!in_range(p->conn_river[i], 0, TM_NCELLS)) {
			snprintf(err, errlen, "seat %d: a river link names no cell", seat + 1);
			return -1;
		}
	return 0;
}

/*
 * The state is alive: unless the game is over, it waits for someone, and
 * every seat it waits for has a legal move.  A reachable state always is
 * (the self-play tests play thousands); a damaged one that is not would
 * stall the game for good, so it is refused and rebuilt from the log.
 */
static int
check_alive(const struct tm_state *s, char *err, size_t errlen)
{
	struct game_wait w;
	struct sbuf b = SBUF_INIT;
	int i;

	if (s->over)
		return 0;
	tm_waiting(s, &w);
	if (w.mask == 0) {
		snprintf(err, errlen, "the game is not over and waits for nobody");
		return -1;
	}
	for (i = 0; i < s->nseats; i++) {
		if (!(w.mask & (1u << i)))
			continue;
		sb_reset(&b);
		any_move = 1;
		tm_moves(s, i, &b);
		any_move = 0;
		if (b.len == 0 && !b.oom) {
			sb_free(&b);
			snprintf(err, errlen, "seat %d is awaited but has no legal move", i + 1);
			return -1;
		}
	}
	sb_free(&b);
	return 0;
}

/* check(): resources, power tokens, building supply, tiles. */
int
tm_check(const void *st, char *err, size_t errlen)
{
	static const int limit[TB_COUNT] = { 0, 8, 4, 3, 1, 1 };
	const struct tm_state *s = st;
	int i, j, cnt[TM_MAXP][TB_COUNT], held;

	if (s->magic != TM_MAGIC || s->nseats < 2 || s->nseats > TM_MAXP) {
		snprintf(err, errlen, "not a Terra Mystica state");
		return -1;
	}
	if (check_table(s, err, errlen) != 0 || check_flow(s, err, errlen) != 0 ||
	    check_board(s, err, errlen) != 0)
		return -1;
	memset(cnt, 0, sizeof(cnt));
	for (i = 0; i < TM_NCELLS; i++) {
		if (s->bld[i] == TB_NONE)
			continue;
		/* Indices are checked before they are used (found by fuzz/snapshot). */
		if (s->bld[i] < 0 || s->bld[i] >= TB_COUNT || s->owner[i] < 0 ||
		    s->owner[i] >= s->nseats) {
			snprintf(err, errlen, "cell %d: no such building or owner", i);
			return -1;
		}
		cnt[(int)s->owner[i]][(int)s->bld[i]]++;
	}
	for (i = 0; i < s->nseats; i++) {
		const struct tm_player *p = &s->pl[i];

		if (p->faction < -1 || p->faction >= TM_NFACT || p->bon < 0 ||
		    p->bon > TM_NBON) {
			snprintf(err, errlen, "seat %d: no such faction or bonus tile", i + 1);
			return -1;
		}
		if (check_player(s, i, err, errlen) != 0)
			return -1;
		if (p->faction < 0)
			continue;
		if (p->c < 0 || p->w < 0 || p->p < 0 || p->vp < 0 || p->pw[0] < 0 ||
		    p->pw[1] < 0 || p->pw[2] < 0 || p->spades < 0) {
			snprintf(err, errlen, "seat %d has a negative resource", i + 1);
			return -1;
		}
		/* tokens: gained by the Dragonlords and the Shapeshifters,
		 * given up by anyone (-P1, -PW_TOKEN) */
		if (p->pw[0] + p->pw[1] + p->pw[2] + p->burned !=
		    tm_fdefs[p->faction].p1 + tm_fdefs[p->faction].p2 + p->tokens) {
			snprintf(err, errlen, "seat %d: power tokens not conserved", i + 1);
			return -1;
		}
		if (p->p + p->p_on_cult > 7) {
			snprintf(err, errlen, "seat %d has more than 7 priests", i + 1);
			return -1;
		}
		for (j = TB_D; j < TB_COUNT; j++)
			if (cnt[i][j] != p->nb[j] || p->nb[j] > limit[j]) {
				snprintf(err, errlen, "seat %d: %s count %d on map, %d "
				    "recorded (supply %d)", i + 1, tm_bld_names[j], cnt[i][j],
				    p->nb[j], limit[j]);
				return -1;
			}
		for (j = 0; j < 4; j++)
			if (p->cult[j] < 0 || p->cult[j] > 10) {
				snprintf(err, errlen, "seat %d: cult out of range", i + 1);
				return -1;
			}
	}
	for (i = 1; i <= TM_NBON; i++) {
		held = s->bon_avail[i];
		for (j = 0; j < s->nseats; j++)
			held += s->pl[j].bon == i;
		if (held > 1) {
			snprintf(err, errlen, "BON%d is in two places", i);
			return -1;
		}
	}
	return check_alive(s, err, errlen);
}
