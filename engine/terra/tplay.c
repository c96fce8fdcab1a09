/*
 * tplay.c - Terra Mystica setup, the command parser and the turn flow.
 *
 * A submission is one or more commands in the notation of
 * terra.snellman.net, separated by newlines, ';' or '.'.  Leech and
 * decline commands run first.  The active seat's turn ends by itself once
 * its action is complete and nothing (spades, favor or town tiles, cult
 * steps, a bridge) is owed; power offers are decided by the other seats at
 * any time, and the round ends when everybody passed and every offer has
 * been decided.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

static enum game_status
fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Format an error message into err; returns GAME_REJECTED. */
static enum game_status
fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return GAME_REJECTED;
}

/*
 * A count as written in a command: decimal digits only, at most 9999;
 * -1 for anything else (atoi() would read "4294967297" as 1, and a
 * larger count overflows what is computed from it).
 */
static int
count_arg(const char *w)
{
	char *end;
	long v;

	if (*w < '0' || *w > '9')
		return -1;
	v = strtol(w, &end, 10);
	if (*end != '\0' || v > 9999)
		return -1;
	return (int)v;
}

/* Parse a tile name like "BON3" with the given prefix; 0 if it is not one. */
static int
tile_num(const char *w, const char *prefix, int max)
{
	size_t n = strlen(prefix);
	char *end;
	long v;

	if (strncasecmp(w, prefix, n) != 0)
		return 0;
	v = strtol(w + n, &end, 10);
	if (*end != '\0' || end == w + n || v < 1 || v > max)
		return 0;
	return (int)v;
}

/* Read a comma-separated tile list ("SCORE1,SCORE5") into out; count or -1. */
static int
tile_list(const char *v, const char *prefix, int max, int *out, int maxn)
{
	char buf[128], *tok, *save = NULL;
	int n = 0, t;

	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save)) {
		t = tile_num(tok, prefix, max);
		if (t == 0 || n >= maxn)
			return -1;
		out[n++] = t;
	}
	return n;
}

/* Set one option from a key and value; -1 with err on an unknown key. */
static int
set_option(struct tm_state *s, const char *key, const char *value,
    int *score, int *nscore, int *del, int *ndel, char *err, size_t errlen)
{
	static const char *const flags[] = {
		"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh",
		"errata-cultist-power", "mini-expansion-1", "shipping-bonus",
		"temple-scoring-tile", "variable-turn-order",
		"maintain-player-order", "email-notify",
	};
	int32_t *slots[] = {
		&s->opt_strict_leech, &s->opt_strict_dark, &s->opt_strict_chaos,
		&s->opt_errata_cult, &s->opt_mini, &s->opt_shipbon,
		&s->opt_temple, &s->opt_vto, &s->opt_maintain, &s->opt_mail,
	};
	size_t i;
	int n;

	if (strcmp(key, "score") == 0) {
		*nscore = tile_list(value, "SCORE", TM_NSCORE, score, 6);
		if (*nscore != 6) {
			snprintf(err, errlen, "option score: six tiles SCORE1..SCORE9 "
			    "separated by commas are needed, not '%s'", value);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "delete") == 0) {
		n = tile_list(value, "BON", TM_NBON, del + *ndel, TM_NBON - *ndel);
		if (n <= 0) {
			snprintf(err, errlen, "option delete: bonus tiles BON1..BON10 "
			    "separated by commas are needed, not '%s'", value);
			return -1;
		}
		*ndel += n;
		return 0;
	}
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (strcmp(key, flags[i]) == 0) {
			if (value[0] != '\0' && strcmp(value, "on") != 0 &&
			    strcmp(value, "1") != 0) {
				snprintf(err, errlen, "option %s takes no value or 'on'", key);
				return -1;
			}
			*slots[i] = 1;
			return 0;
		}
	snprintf(err, errlen, "unknown option '%s' (known: score, delete, "
	    "strict-leech, strict-darkling-sh, strict-chaosmagician-sh, "
	    "errata-cultist-power, mini-expansion-1, shipping-bonus, "
	    "temple-scoring-tile, variable-turn-order, maintain-player-order, "
	    "email-notify)", key);
	return -1;
}

/* Draw the six round scoring tiles (SCORE1 not in rounds 5 and 6). */
static void
draw_scores(struct tm_state *s)
{
	int pool[TM_NSCORE], n = 0, i, k, t;

	for (i = 1; i <= 8; i++)
		pool[n++] = i;
	if (s->opt_temple)
		pool[n++] = 9;
	for (i = 0; i < 6; i++) {
		do {
			k = (int)rng_below(&s->rng, (uint32_t)n);
			t = pool[k];
		} while (t == 1 && i >= 4);
		s->score_tile[i] = t;
		pool[k] = pool[--n];
	}
}

/* Check explicit scoring tiles: distinct, allowed, SCORE1 not late. */
static int
check_scores(const struct tm_state *s, const int *score, char *err, size_t errlen)
{
	int i, j;

	for (i = 0; i < 6; i++) {
		if (score[i] == 9 && !s->opt_temple) {
			snprintf(err, errlen, "option score: SCORE9 needs option "
			    "temple-scoring-tile");
			return -1;
		}
		if (score[i] == 1 && i >= 4) {
			snprintf(err, errlen, "option score: SCORE1 may not be used "
			    "in rounds 5 and 6");
			return -1;
		}
		for (j = 0; j < i; j++)
			if (score[i] == score[j]) {
				snprintf(err, errlen, "option score: SCORE%d twice", score[i]);
				return -1;
			}
	}
	return 0;
}

/* Fill the bonus tile pool and remove tiles down to seats + 3. */
static int
setup_bonus(struct tm_state *s, const int *del, int ndel, char *err, size_t errlen)
{
	int i, n = 0, want = s->nseats + 3, k, left;

	for (i = 1; i <= TM_NBON; i++) {
		s->bon_avail[i] = i <= 9 || s->opt_shipbon;
		n += s->bon_avail[i];
	}
	for (i = 0; i < ndel; i++) {
		if (!s->bon_avail[del[i]]) {
			snprintf(err, errlen, "option delete: BON%d is not in the pool",
			    del[i]);
			return -1;
		}
		s->bon_avail[del[i]] = 0;
		n--;
	}
	if (n < want) {
		snprintf(err, errlen, "option delete: %d bonus tiles left, a "
		    "%d-player game needs %d", n, s->nseats, want);
		return -1;
	}
	if (ndel > 0 && n != want) {
		snprintf(err, errlen, "option delete: %d bonus tiles left, a "
		    "%d-player game needs exactly %d", n, s->nseats, want);
		return -1;
	}
	while (n > want) {
		k = (int)rng_below(&s->rng, (uint32_t)n);
		left = 0;
		for (i = 1; i <= TM_NBON; i++)
			if (s->bon_avail[i] && left++ == k) {
				s->bon_avail[i] = 0;
				break;
			}
		n--;
	}
	return 0;
}

/*
 * The player order (who chooses a faction first, places dwellings first
 * and starts round 1): the seat order with the option
 * maintain-player-order, otherwise drawn from the game's seed, as the
 * online site shuffles the players of a new game.
 */
static void
draw_table(struct tm_state *s)
{
	int i, k;
	int32_t t;

	for (i = 0; i < s->nseats; i++)
		s->table[i] = i;
	if (s->opt_maintain)
		return;
	for (i = s->nseats - 1; i > 0; i--) {
		k = (int)rng_below(&s->rng, (uint32_t)(i + 1));
		t = s->table[i];
		s->table[i] = s->table[k];
		s->table[k] = t;
	}
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

/* Set up a new game: options, tiles, map; factions are chosen in play. */
int
tm_setup(void *st, int nseats, const struct game_opt *opts, int nopts,
    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen)
{
	struct tm_state *s = st;
	int score[6], nscore = 0, del[TM_NBON], ndel = 0, i;

	if (nseats < 2 || nseats > TM_MAXP) {
		snprintf(err, errlen, "Terra Mystica is for 2 to 5 players, not %d",
		    nseats);
		return -1;
	}
	memset(s, 0, sizeof(*s));
	s->magic = TM_MAGIC;
	s->nseats = nseats;
	rng_seed(&s->rng, seed);
	for (i = 0; i < nopts; i++)
		if (set_option(s, opts[i].key, opts[i].value != NULL ? opts[i].value : "",
		    score, &nscore, del, &ndel, err, errlen) != 0)
			return -1;
	if (nscore == 6) {
		if (check_scores(s, score, err, errlen) != 0)
			return -1;
		memcpy(s->score_tile, score, sizeof(score));
	} else {
		draw_scores(s);
	}
	if (setup_bonus(s, del, ndel, err, errlen) != 0)
		return -1;
	for (i = 1; i <= TM_NFAV; i++)
		s->fav_left[i] = i <= 4 ? 1 : 3;
	for (i = 1; i <= 5; i++)
		s->tw_left[i] = 2;
	if (s->opt_mini) {
		s->tw_left[6] = 1;
		s->tw_left[7] = 2;
		s->tw_left[8] = 1;
	}
	for (i = 0; i < TM_NCELLS; i++) {
		s->terrain[i] = (int8_t)tm_cells[i].color;
		s->owner[i] = -1;
	}
	for (i = 0; i < TM_MAXP; i++)
		s->pl[i].faction = -1;
	draw_table(s);
	memcpy(s->order, s->table, sizeof(s->order));
	s->phase = TP_FACTIONS;
	s->cur = s->table[0];
	s->tf_cell = -1;
	snprintf(s->last, sizeof(s->last), "The game was set up; factions are "
	    "chosen in the player order (%s):", s->opt_maintain ?
	    "seat order, maintain-player-order" : "drawn from the seed");
	for (i = 0; i < nseats; i++) {
		size_t len = strlen(s->last);

		snprintf(s->last + len, sizeof(s->last) - len, "%s seat %d",
		    i > 0 ? "," : "", s->table[i] + 1);
	}
	return 0;
}

/* Does the seat have a power offer waiting for its decision? */
int
tm_has_offer(const struct tm_state *s, int seat)
{
	int i;

	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat)
			return 1;
	return 0;
}

/* Does the seat owe something inside its current action? */
int
tm_owes(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];

	return p->spades > 0 || p->free_tf || p->fav_owed || p->town_owed ||
	    p->cult_owed || p->cult2_owed || p->bridge_owed || p->free_tp ||
	    p->free_d;
}

/* Is the active seat's action finished (a spade action counts when spent)? */
static int
action_finished(const struct tm_state *s)
{
	const struct tm_player *p = &s->pl[s->cur];

	if (s->act == TA_DONE)
		return 1;
	return s->act == TA_SPADES && p->spades == 0 && !p->free_tf &&
	    !p->free_tp && !p->free_d;
}

/* Is the active seat's turn over? */
static int
turn_over(const struct tm_state *s)
{
	const struct tm_player *p = &s->pl[s->cur];

	if (p->dropped)
		return 1;
	if (tm_owes(s, s->cur))
		return 0;
	/*
	 * A seat that passed is done, except for the Chaos Magicians who
	 * passed as the first of their double action without the option
	 * strict-chaosmagician-sh: they still owe the second action.
	 */
	if (p->passed)
		return s->act_left == 0;
	return action_finished(s) && s->act_left == 0;
}

/*
 * Remove offer i, closing the Cultists' group it belongs to if it was the
 * last.  accepted: 0 declined, 1 accepted without gaining anything (full
 * bowls: no cult step, but no consolation power either), 2 accepted.
 */
static void
remove_offer(struct tm_state *s, int i, int accepted)
{
	int g = s->offer[i].group;
	struct tm_group *gr;

	memmove(&s->offer[i], &s->offer[i + 1],
	    sizeof(s->offer[0]) * (size_t)(s->noffer - i - 1));
	s->noffer--;
	memset(&s->offer[s->noffer], 0, sizeof(s->offer[0]));
	if (g < 0)
		return;
	gr = &s->group[g];
	if (accepted == 2 && gr->accepted < 2 && !s->pl[gr->seat].dropped)
		s->pl[gr->seat].cult_bonus++;
	if (accepted > gr->accepted)
		gr->accepted = accepted;
	if (--gr->open > 0)
		return;
	if (!gr->accepted && s->opt_errata_cult)
		tm_gain_power(&s->pl[gr->seat], 1);
	memset(gr, 0, sizeof(*gr));
}

static void coming_order(const struct tm_state *s, int *order);

/* Start round r: bonus coins, income, turn order. */
static void
start_round(struct tm_state *s, int r)
{
	int i;

	s->round = r;
	s->phase = TP_ACTIONS;
	memset(s->act_used, 0, sizeof(s->act_used));
	for (i = 1; i <= TM_NBON; i++)
		if (s->bon_avail[i])
			s->bon_coins[i]++;
	for (i = 0; i < s->nseats; i++) {
		struct tm_player *p = &s->pl[i];

		p->passed = p->dropped;
		p->used_bon = p->used_fav6 = p->used_fact = 0;
		p->darkling_conv = 0;
	}
	if (r > 1)
		coming_order(s, s->order);
	s->nnext = 0;
	tm_take_income(s);
	s->cur = -1;
	s->act = TA_NONE;
	s->act_left = 0;
	s->tf_cell = -1;
	for (i = 0; i < s->nseats; i++)
		if (!s->pl[s->order[i]].passed) {
			s->cur = s->order[i];
			break;
		}
}

/*
 * The turn order of the coming round: with variable-turn-order the pass
 * order, otherwise the player order rotated to start with the first seat
 * that passed.
 */
static void
coming_order(const struct tm_state *s, int *order)
{
	int i, n = 0, k;

	if (!s->opt_vto && s->nnext > 0) {
		k = tm_table_pos(s, s->next_order[0]);
		for (i = 0; i < s->nseats; i++)
			order[i] = s->table[(k + i) % s->nseats];
		return;
	}
	for (i = 0; i < s->nnext; i++)
		order[n++] = s->next_order[i];
	for (i = 0; i < s->nseats; i++) {
		for (k = 0; k < n; k++)
			if (order[k] == s->table[i])
				break;
		if (k == n)
			order[n++] = s->table[i];
	}
}

/* The first seat in the coming turn order that still has cult spades, or -1. */
static int
next_spade_seat(const struct tm_state *s)
{
	int order[TM_MAXP], i;

	coming_order(s, order);
	for (i = 0; i < s->nseats; i++)
		if (s->pl[order[i]].spades > 0 && !s->pl[order[i]].dropped)
			return order[i];
	return -1;
}

/* Is any decision outside the active seat's turn still open? */
static int
decisions_open(const struct tm_state *s)
{
	int i;

	if (s->noffer > 0)
		return 1;
	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].cult_owed > 0 || s->pl[i].cult_bonus > 0)
			return 1;
	return 0;
}

/* Move the game forward after a submission: next turn, round end, game end. */
static void
advance(struct tm_state *s)
{
	int i, pos, seat;

	for (;;) {
		if (s->phase == TP_ACTIONS) {
			if (s->cur >= 0 && !turn_over(s))
				return;
			if (s->cur >= 0) {
				if (s->opt_strict_dark)
					s->pl[s->cur].darkling_conv = 0;
				pos = 0;
				for (i = 0; i < s->nseats; i++)
					if (s->order[i] == s->cur)
						pos = i;
				s->cur = -1;
				for (i = 1; i <= s->nseats; i++) {
					seat = s->order[(pos + i) % s->nseats];
					if (!s->pl[seat].passed) {
						s->cur = seat;
						break;
					}
				}
				s->act = TA_NONE;
				s->act_left = 0;
				s->tf_cell = -1;
				if (s->cur >= 0)
					return;
			}
			if (decisions_open(s))
				return;
			if (s->round >= 6) {
				tm_final_scoring(s);
				s->phase = TP_END;
				s->over = 1;
				return;
			}
			tm_cult_income(s);
			s->phase = TP_CULTSPADES;
			s->cur = -1;
			continue;
		}
		if (s->phase == TP_CULTSPADES) {
			if (s->cur >= 0 && s->pl[s->cur].spades > 0)
				return;
			s->cur = next_spade_seat(s);
			if (s->cur >= 0)
				return;
			start_round(s, s->round + 1);
			continue;
		}
		return;
	}
}

/* Begin a new main action for the active seat; error text when not allowed. */
static enum game_status
begin_action(struct tm_state *s, const char *what, char *err, size_t errlen)
{
	if (s->phase == TP_ACTIONS && s->pl[s->cur].passed &&
	    strcmp(what, "pass") != 0)
		return fail(err, errlen, "%s: you have passed this round; a faction "
		    "that passed takes no more actions", what);
	if (s->act == TA_NONE)
		return GAME_OK;
	if (action_finished(s) && !tm_owes(s, s->cur) && s->act_left > 0) {
		s->act_left--;
		s->act = TA_NONE;
		s->tf_cell = -1;
		return GAME_OK;
	}
	return fail(err, errlen, "%s: one action per turn; this turn's action "
	    "was already taken", what);
}

/* Pay resources; error when short. */
static enum game_status
pay(struct tm_player *p, int c, int w, int pr, const char *what, char *err,
    size_t errlen)
{
	if (p->c < c || p->w < w || p->p < pr)
		return fail(err, errlen, "%s costs %dC %dW %dP; you have %dC %dW %dP",
		    what, c, w, pr, p->c, p->w, p->p);
	p->c -= c;
	p->w -= w;
	p->p -= pr;
	return GAME_OK;
}

/* Buy n spades at the seat's digging rate (Darklings: priests, +2 VP each). */
static enum game_status
buy_spades(struct tm_state *s, int seat, int n, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc;

	if (p->faction == TF_DARKLINGS) {
		rc = pay(p, 0, 0, n, "dig (Darklings pay 1 priest per spade)", err,
		    errlen);
		if (rc == GAME_OK)
			p->vp += 2 * n;
	} else {
		rc = pay(p, 0, n * (3 - p->dig), 0, "dig", err, errlen);
	}
	if (rc == GAME_OK)
		tm_spade_vp(s, seat, n);
	return rc;
}

/* Pay for a tunnel (Dwarves) or carpet flight (Fakirs) when kind asks. */
static enum game_status
pay_reach(struct tm_state *s, int seat, int kind, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc = GAME_OK;

	if (kind == 2)
		rc = pay(p, 0, p->nb[TB_SH] ? 1 : 2, 0, "tunnelling", err, errlen);
	else if (kind == 3)
		rc = pay(p, 0, 0, 1, "carpet flight", err, errlen);
	if (rc == GAME_OK && kind >= 2)
		p->vp += 4;
	return rc;
}

/* Check that the seat may reach cell now; sets *kind. */
static enum game_status
need_reach(struct tm_state *s, int seat, int cell, int *kind, char *err,
    size_t errlen)
{
	if (cell == s->tf_cell) {
		*kind = 1;
		return GAME_OK;
	}
	if (!tm_reach(s, seat, cell, kind))
		return fail(err, errlen, "%s is not reachable: it must be next to "
		    "one of your buildings, or within your shipping range",
		    tm_cells[cell].name);
	return GAME_OK;
}

/*
 * Transform cell to colour `to`, using the seat's free transform, its
 * spades, or (in its own action) workers for the missing spades.
 */
static enum game_status
do_transform(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int home = tm_fd(s, seat)->color, need, kind = 1, extra;
	enum game_status rc;

	if (tm_cells[cell].color == TC_RIVER)
		return fail(err, errlen, "transform: %s is a river", tm_cells[cell].name);
	if (s->bld[cell] != TB_NONE)
		return fail(err, errlen, "transform: %s has a building",
		    tm_cells[cell].name);
	if (s->terrain[cell] == to)
		return fail(err, errlen, "transform: %s is already %s",
		    tm_cells[cell].name, tm_color_names[to]);
	if (p->free_tf == 2) {
		int i, adj = 0;

		for (i = 0; i < tm_cells[cell].nadj; i++) {
			int n = tm_cells[cell].adj[i];

			if (s->owner[n] == seat && s->bld[n] != TB_NONE)
				adj = 1;
		}
		if (!adj || to != home)
			return fail(err, errlen, "sandstorm: turns a hex directly "
			    "next to your building (no bridge, no river) into desert");
		s->terrain[cell] = (int8_t)to;
		p->free_tf = 0;
		s->tf_cell = cell;
		return GAME_OK;
	}
	rc = need_reach(s, seat, cell, &kind, err, errlen);
	if (rc != GAME_OK)
		return rc;
	need = tm_spade_cost(s, seat, s->terrain[cell], to);
	if (p->faction == TF_GIANTS && to != home)
		return fail(err, errlen, "transform: Giants can only transform to red");
	if (p->free_tf == 1) {
		if (to != home)
			return fail(err, errlen, "transform: the Giants' free spades "
			    "turn a hex red");
		p->free_tf = 0;
		extra = 0;
	} else if (p->spades >= need) {
		p->spades -= need;
		extra = 0;
	} else {
		extra = need - p->spades;
		if (s->phase != TP_ACTIONS || s->cur != seat || s->act == TA_DONE)
			return fail(err, errlen, "transform: %s needs %d spades, you "
			    "have %d", tm_cells[cell].name, need, p->spades);
		rc = buy_spades(s, seat, extra, err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->spades = 0;
	}
	rc = pay_reach(s, seat, kind, err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->terrain[cell] = (int8_t)to;
	s->tf_cell = cell;
	return GAME_OK;
}

/* Does any other seat own a building directly next to cell? */
static int
foreign_neighbour(const struct tm_state *s, int seat, int cell)
{
	int i;

	for (i = 0; i < TM_NCELLS; i++)
		if (s->owner[i] >= 0 && s->owner[i] != seat && s->bld[i] != TB_NONE &&
		    tm_direct_adjacent(s, cell, i))
			return 1;
	return 0;
}

/* Place a dwelling: setup placement or the build action. */
static enum game_status
cmd_build(struct tm_state *s, int seat, int cell, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	enum game_status rc;
	int kind = 1, free_d = 0;

	if (cell < 0 || tm_cells[cell].color == TC_RIVER)
		return fail(err, errlen, "build: not a land hex");
	if (s->bld[cell] != TB_NONE)
		return fail(err, errlen, "build: %s is already built on",
		    tm_cells[cell].name);
	if (p->nb[TB_D] >= 8)
		return fail(err, errlen, "build: all 8 of your dwellings are on the map");
	if (s->phase == TP_DWELLINGS) {
		if (s->terrain[cell] != f->color)
			return fail(err, errlen, "build: initial dwellings go on your "
			    "home terrain (%s); %s is %s", tm_color_names[f->color],
			    tm_cells[cell].name, tm_color_names[s->terrain[cell]]);
		s->bld[cell] = TB_D;
		s->owner[cell] = (int8_t)seat;
		p->nb[TB_D]++;
		return GAME_OK;
	}
	if (p->free_d) {
		if (s->terrain[cell] != TC_GREEN)
			return fail(err, errlen, "build: the witches' ride builds on a "
			    "forest (green) hex; %s is %s", tm_cells[cell].name,
			    tm_color_names[s->terrain[cell]]);
		free_d = 1;
		p->free_d = 0;
	} else {
		if (s->act != TA_SPADES) {
			rc = begin_action(s, "build", err, errlen);
			if (rc != GAME_OK)
				return rc;
		}
		if (s->terrain[cell] != f->color) {
			rc = do_transform(s, seat, cell, f->color, err, errlen);
			if (rc != GAME_OK)
				return rc;
		}
		rc = need_reach(s, seat, cell, &kind, err, errlen);
		if (rc != GAME_OK)
			return rc;
		if (p->spades > 0)
			return fail(err, errlen, "build: spend your %d remaining "
			    "spade(s) first", p->spades);
		rc = pay_reach(s, seat, kind, err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	if (!free_d) {
		rc = pay(p, f->cost_c[TB_D], f->cost_w[TB_D], 0, "a dwelling", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	s->bld[cell] = TB_D;
	s->owner[cell] = (int8_t)seat;
	p->nb[TB_D]++;
	s->act = TA_DONE;
	tm_build_vp(s, seat, TB_D);
	tm_offer_power(s, seat, cell);
	tm_check_towns(s, seat, cell);
	return GAME_OK;
}

/* Apply the one-time effects of a new stronghold. */
static void
stronghold_effects(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];

	switch (p->faction) {
	case TF_ALCHEMISTS: tm_gain_power(p, 12); break;
	case TF_AUREN: p->fav_owed++; break;
	case TF_CULTISTS: p->vp += 7; break;
	case TF_DARKLINGS: p->darkling_conv = 3; break;
	case TF_HALFLINGS:
		/* three spades; one dwelling may follow on a transformed hex */
		p->spades += 3;
		tm_spade_vp(s, seat, 3);
		s->act = TA_SPADES;
		break;
	case TF_MERMAIDS:
		if (p->ship < tm_fd(s, seat)->ship_max) {
			p->ship++;
			p->vp += tm_fd(s, seat)->ship_vp[p->ship];
		}
		break;
	default: break;
	}
}

/* Upgrade a building: D->TP, TP->TE or SH, TE->SA. */
static enum game_status
cmd_upgrade(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen)
{
	static const int limit[TB_COUNT] = { 0, 8, 4, 3, 1, 1 };
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	int from, c, w;
	enum game_status rc;

	if (cell < 0 || s->owner[cell] != seat || s->bld[cell] == TB_NONE)
		return fail(err, errlen, "upgrade: you have no building on %s",
		    cell >= 0 ? tm_cells[cell].name : "that hex");
	from = s->bld[cell];
	if (!((from == TB_D && to == TB_TP) || (from == TB_TP && to == TB_TE) ||
	    (from == TB_TP && to == TB_SH) || (from == TB_TE && to == TB_SA)))
		return fail(err, errlen, "upgrade: a %s cannot become a %s (D->TP, "
		    "TP->TE or SH, TE->SA)", tm_bld_names[from], tm_bld_names[to]);
	if (p->nb[to] >= limit[to])
		return fail(err, errlen, "upgrade: all your %s are on the map",
		    tm_bld_names[to]);
	if (p->free_tp) {
		if (to != TB_TP)
			return fail(err, errlen, "upgrade: the Swarmlings' free upgrade "
			    "turns a dwelling into a trading post");
		p->free_tp = 0;
		c = w = 0;
	} else {
		rc = begin_action(s, "upgrade", err, errlen);
		if (rc != GAME_OK)
			return rc;
		w = f->cost_w[to];
		c = f->cost_c[to];
		if (to == TB_TP && !foreign_neighbour(s, seat, cell))
			c = f->tp_lonely_c;
	}
	rc = pay(p, c, w, 0, "the upgrade", err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->bld[cell] = (int8_t)to;
	p->nb[from]--;
	p->nb[to]++;
	s->act = TA_DONE;
	tm_build_vp(s, seat, to);
	if (to == TB_TE || to == TB_SA)
		p->fav_owed += p->faction == TF_CHAOS ? 2 : 1;
	if (to == TB_SH)
		stronghold_effects(s, seat);
	tm_offer_power(s, seat, cell);
	tm_check_towns(s, seat, cell);
	return GAME_OK;
}

/* Send a priest to a cult track, onto slot value n (0 = best free). */
static enum game_status
cmd_send(struct tm_state *s, int seat, int cult, int n, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int slot = -1, i, steps;
	enum game_status rc;

	rc = begin_action(s, "send", err, errlen);
	if (rc != GAME_OK)
		return rc;
	if (p->p < 1)
		return fail(err, errlen, "send: you have no priest");
	if ((n == 0 || n == 3) && s->slot[cult][0] == 0)
		slot = 0;
	for (i = 1; i < 4 && slot < 0 && (n == 0 || n == 2); i++)
		if (s->slot[cult][i] == 0)
			slot = i;
	if (slot < 0 && n != 0 && n != 1)
		return fail(err, errlen, "send: no free %d-step space on %s", n,
		    tm_cult_names[cult]);
	steps = slot == 0 ? 3 : slot > 0 ? 2 : 1;
	p->p--;
	if (slot >= 0) {
		s->slot[cult][slot] = seat + 1;
		p->p_on_cult++;
	}
	tm_cult_advance(s, seat, cult, steps);
	s->act = TA_DONE;
	return GAME_OK;
}

/* Advance shipping or digging. */
static enum game_status
cmd_advance(struct tm_state *s, int seat, int ship, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	enum game_status rc;

	rc = begin_action(s, "advance", err, errlen);
	if (rc != GAME_OK)
		return rc;
	if (ship) {
		if (p->ship >= f->ship_max)
			return fail(err, errlen, "advance ship: %s",
			    f->ship_max == 0 ? "your faction has no shipping" :
			    "shipping is at its maximum");
		rc = pay(p, f->ship_c, 0, f->ship_p, "advance ship", err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->ship++;
		p->vp += f->ship_vp[p->ship];
	} else {
		if (p->dig >= f->dig_max)
			return fail(err, errlen, "advance dig: %s",
			    f->dig_max == 0 ? "your faction cannot advance digging" :
			    "digging is at its maximum");
		rc = pay(p, f->dig_c, f->dig_w, f->dig_p, "advance dig", err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->dig++;
		p->vp += 6;
	}
	s->act = TA_DONE;
	return GAME_OK;
}

/* Take a power action ACT1..ACT6. */
static enum game_status
power_action(struct tm_state *s, int seat, int n, char *err, size_t errlen)
{
	static const int cost[7] = { 0, 3, 3, 4, 4, 4, 6 };
	struct tm_player *p = &s->pl[seat];

	if (s->act_used[n])
		return fail(err, errlen, "action ACT%d: already taken this round", n);
	if (tm_spend_power(p, cost[n]) != 0)
		return fail(err, errlen, "action ACT%d: costs %d power from bowl III; "
		    "you have %d there (burn first)", n, cost[n], p->pw[2]);
	s->act_used[n] = 1;
	s->act = TA_DONE;
	switch (n) {
	case 1:
		if (p->bridges >= 3)
			return fail(err, errlen, "action ACT1: all 3 of your bridges "
			    "are placed");
		p->bridge_owed = 1;
		break;
	case 2: tm_gain_priests(p, 1); break;
	case 3: p->w += 2; break;
	case 4: p->c += 7; break;
	case 5:
		p->spades += 1;
		tm_spade_vp(s, seat, 1);
		s->act = TA_SPADES;
		break;
	default:
		p->spades += 2;
		tm_spade_vp(s, seat, 2);
		s->act = TA_SPADES;
		break;
	}
	return GAME_OK;
}

/* Take a faction's stronghold action. */
static enum game_status
faction_action(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	static const char *const acts[] = { "acta", "actc", "acte", "actg", "actn",
	    "acts", "actw" };
	static const int owner[] = { TF_AUREN, TF_CHAOS, TF_ENGINEERS, TF_GIANTS,
	    TF_NOMADS, TF_SWARMLINGS, TF_WITCHES };
	struct tm_player *p = &s->pl[seat];
	size_t i;
	int k = -1;

	for (i = 0; i < sizeof(acts) / sizeof(acts[0]); i++)
		if (word_eq(name, acts[i]))
			k = (int)i;
	if (k < 0)
		return fail(err, errlen, "action: unknown action '%s' (ACT1-6, BON1, "
		    "BON2, FAV6, ACTA ACTC ACTE ACTG ACTN ACTS ACTW)", name);
	if (p->faction != owner[k])
		return fail(err, errlen, "action %s: belongs to the %s", name,
		    tm_fdefs[owner[k]].name);
	if (owner[k] == TF_ENGINEERS) {
		if (p->bridges >= 3)
			return fail(err, errlen, "action ACTE: all 3 of your bridges "
			    "are placed");
		if (p->w < 2)
			return fail(err, errlen, "action ACTE: a bridge costs 2 workers");
		p->w -= 2;
		p->bridge_owed = 1;
		s->act = TA_DONE;
		return GAME_OK;
	}
	if (p->nb[TB_SH] == 0)
		return fail(err, errlen, "action %s: needs your stronghold", name);
	if (p->used_fact)
		return fail(err, errlen, "action %s: already used this round", name);
	p->used_fact = 1;
	s->act = TA_DONE;
	switch (owner[k]) {
	case TF_AUREN: p->cult2_owed = 1; break;
	case TF_CHAOS: s->act_left = 2; break;
	case TF_GIANTS:
		p->free_tf = 1;
		tm_spade_vp(s, seat, 2);
		s->act = TA_SPADES;
		break;
	case TF_NOMADS: p->free_tf = 2; s->act = TA_SPADES; break;
	case TF_SWARMLINGS: p->free_tp = 1; s->act = TA_SPADES; break;
	default: p->free_d = 1; s->act = TA_SPADES; break;
	}
	return GAME_OK;
}

/* The `action X` command. */
static enum game_status
cmd_action(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc;
	int n;

	rc = begin_action(s, "action", err, errlen);
	if (rc != GAME_OK)
		return rc;
	if ((n = tile_num(name, "ACT", 6)) > 0)
		return power_action(s, seat, n, err, errlen);
	if ((n = tile_num(name, "BON", TM_NBON)) > 0) {
		if (p->bon != n || (n != 1 && n != 2))
			return fail(err, errlen, "action BON%d: you do not hold a bonus "
			    "tile with that action", n);
		if (p->used_bon)
			return fail(err, errlen, "action BON%d: already used this round", n);
		p->used_bon = 1;
		if (n == 1) {
			p->spades++;
			tm_spade_vp(s, seat, 1);
			s->act = TA_SPADES;
		} else {
			p->cult_owed++;
			s->act = TA_DONE;
		}
		return GAME_OK;
	}
	if (word_eq(name, "fav6")) {
		if (!p->fav[6])
			return fail(err, errlen, "action FAV6: you do not have FAV6");
		if (p->used_fav6)
			return fail(err, errlen, "action FAV6: already used this round");
		p->used_fav6 = 1;
		p->cult_owed++;
		s->act = TA_DONE;
		return GAME_OK;
	}
	return faction_action(s, seat, name, err, errlen);
}

/* Place a bridge between two land hexes across a river. */
static enum game_status
cmd_bridge(struct tm_state *s, int seat, const char *spec, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char buf[32], *colon;
	int a, b, i, ok = 0;

	snprintf(buf, sizeof(buf), "%s", spec);
	colon = strchr(buf, ':');
	if (colon == NULL)
		return fail(err, errlen, "bridge: write it as HEX:HEX");
	*colon = '\0';
	a = tm_cell_find(buf);
	b = tm_cell_find(colon + 1);
	if (a < 0 || b < 0)
		return fail(err, errlen, "bridge: unknown hex in '%s'", spec);
	if (!p->bridge_owed)
		return fail(err, errlen, "bridge: take action ACT1 (or the Engineers' "
		    "ACTE) first");
	for (i = 0; i < tm_cells[a].nbr; i++)
		if (tm_cells[a].br[i] == b)
			ok = 1;
	if (!ok)
		return fail(err, errlen, "bridge: %s and %s are not across one river",
		    tm_cells[a].name, tm_cells[b].name);
	if (tm_bridge_between(s, a, b))
		return fail(err, errlen, "bridge: there is already a bridge there");
	if (!(s->owner[a] == seat && s->bld[a] != TB_NONE) &&
	    !(s->owner[b] == seat && s->bld[b] != TB_NONE))
		return fail(err, errlen, "bridge: one end must have your building");
	if (s->nbridge >= TM_MAXBRIDGE)
		return fail(err, errlen, "bridge: no bridges left");
	s->bridge[s->nbridge][0] = a;
	s->bridge[s->nbridge][1] = b;
	s->bridge[s->nbridge][2] = seat;
	s->nbridge++;
	p->bridges++;
	p->bridge_owed = 0;
	tm_check_towns(s, seat, a);
	tm_check_towns(s, seat, b);
	return GAME_OK;
}

/* Parse "3pw" into count and resource; returns 0 or -1. */
static int
parse_amount(const char *w, int *n, char *res, size_t reslen)
{
	char *end;
	long v = strtol(w, &end, 10);

	if (end == w)
		v = 1;
	if (v < 1 || v > 99 || *end == '\0' || strlen(end) >= reslen)
		return -1;
	*n = (int)v;
	snprintf(res, reslen, "%s", end);
	return 0;
}

/* The `convert A X to B Y` command. */
static enum game_status
cmd_convert(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char from[8], to[8];
	int a, b;

	if (nw != 4 || !word_eq(w[2], "to") || parse_amount(w[1], &a, from,
	    sizeof(from)) != 0 || parse_amount(w[3], &b, to, sizeof(to)) != 0)
		return fail(err, errlen, "convert: write it as 'convert 3PW to 1W'");
	if (s->opt_strict_leech && tm_has_offer(s, seat))
		return fail(err, errlen, "convert: strict-leech: decide your power "
		    "offers first");
	if (strcmp(from, "pw") == 0 && (strcmp(to, "c") == 0 ||
	    strcmp(to, "w") == 0 || strcmp(to, "p") == 0)) {
		int rate = to[0] == 'c' ? 1 : to[0] == 'w' ? 3 : 5;

		if (a != rate * b)
			return fail(err, errlen, "convert: power converts %d to 1 %s",
			    rate, to);
		if (tm_spend_power(p, a) != 0)
			return fail(err, errlen, "convert: you have %d power in bowl III",
			    p->pw[2]);
		if (to[0] == 'c')
			p->c += b;
		else if (to[0] == 'w')
			p->w += b;
		else
			tm_gain_priests(p, b);
		return GAME_OK;
	}
	if ((strcmp(from, "p") == 0 || strcmp(from, "w") == 0) &&
	    (strcmp(to, "c") == 0 || strcmp(to, "w") == 0) && strcmp(from, to) != 0) {
		int32_t *src = from[0] == 'p' ? &p->p : &p->w;

		if (a != b)
			return fail(err, errlen, "convert: %s converts 1 to 1", from);
		if (*src < a)
			return fail(err, errlen, "convert: you have only %d %s", *src,
			    from[0] == 'p' ? "priests" : "workers");
		*src -= a;
		if (to[0] == 'c')
			p->c += b;
		else
			p->w += b;
		return GAME_OK;
	}
	if (strcmp(from, "w") == 0 && strcmp(to, "p") == 0) {
		if (p->faction != TF_DARKLINGS || a != b || a > p->darkling_conv ||
		    p->w < a)
			return fail(err, errlen, "convert: workers become priests only "
			    "for the Darklings, up to 3 right after building their "
			    "stronghold");
		p->w -= a;
		tm_gain_priests(p, b);
		p->darkling_conv = s->opt_strict_dark ? 0 : p->darkling_conv - a;
		return GAME_OK;
	}
	if (strcmp(from, "vp") == 0 && strcmp(to, "c") == 0 &&
	    p->faction == TF_ALCHEMISTS) {
		if (a != b || p->vp < a)
			return fail(err, errlen, "convert: Alchemists turn 1 VP into 1 C");
		p->vp -= a;
		p->c += b;
		return GAME_OK;
	}
	if (strcmp(from, "c") == 0 && strcmp(to, "vp") == 0) {
		int rate = p->faction == TF_ALCHEMISTS ? 2 : 3;

		if (a != rate * b || p->c < a)
			return fail(err, errlen, "convert: coins become VP at %d to 1",
			    rate);
		p->c -= a;
		p->vp += b;
		return GAME_OK;
	}
	return fail(err, errlen, "convert: %s to %s is not a conversion", from, to);
}

/*
 * May a seat that already passed this round pass again?  Only the Chaos
 * Magicians, when the pass was the first action of their double action
 * (ACTC) and the option strict-chaosmagician-sh is off: the pass took one
 * of the two actions, and the second one, for a faction that passed, can
 * only be another pass (which exchanges the bonus tile again and scores
 * the pass VP again), or `done` to give it up.  With the option, passing
 * ends the double action.
 */
static enum game_status
second_pass_allowed(const struct tm_state *s, int seat, char *err, size_t errlen)
{
	if (!s->pl[seat].passed)
		return GAME_OK;
	if (s->opt_strict_chaos && s->pl[seat].faction == TF_CHAOS &&
	    s->pl[seat].used_fact)
		return fail(err, errlen, "pass: strict-chaosmagician-sh: passing "
		    "ended the Chaos Magicians' double action; there is no second "
		    "pass");
	if (s->act_left == 0)
		return fail(err, errlen, "pass: you have already passed this round");
	return GAME_OK;
}

/* Pass (or, in setup, pick the initial bonus tile). */
static enum game_status
cmd_pass(struct tm_state *s, int seat, int bon, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];

	if (bon == 0 && !(s->phase == TP_ACTIONS && s->round == 6))
		return fail(err, errlen, "pass: choose a bonus tile (pass BONn)");
	if (bon > 0 && s->phase == TP_ACTIONS && s->round == 6)
		return fail(err, errlen, "pass: no bonus tile is taken in round 6");
	if (bon > 0 && !s->bon_avail[bon])
		return fail(err, errlen, "pass: BON%d is not available", bon);
	if (s->phase == TP_ACTIONS) {
		enum game_status rc = second_pass_allowed(s, seat, err, errlen);

		if (rc == GAME_OK)
			rc = begin_action(s, "pass", err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->vp += tm_pass_vp(s, seat);
		if (!p->passed)
			s->next_order[s->nnext++] = seat;
		p->passed = 1;
		s->act = TA_DONE;
		if (s->opt_strict_chaos)
			s->act_left = 0;
	}
	if (bon > 0) {
		if (p->bon > 0) {
			s->bon_avail[p->bon] = 1;
			s->bon_coins[p->bon] = 0;
		}
		p->bon = bon;
		s->bon_avail[bon] = 0;
		p->c += s->bon_coins[bon];
		s->bon_coins[bon] = 0;
	}
	return GAME_OK;
}

/* Find the offer to seat from faction (or any) with amount n (0 = any). */
static int
find_offer(const struct tm_state *s, int seat, int from, int n)
{
	int i;

	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat && (from < 0 || s->offer[i].from == from) &&
		    (n == 0 || s->offer[i].amount == n))
			return i;
	if (n != 0)
		return find_offer(s, seat, from, 0);
	return -1;
}

/* `leech N [from F]` and `decline [N from F]`. */
static enum game_status
cmd_leech(struct tm_state *s, int seat, char **w, int nw, int accept, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int n = 0, from = -1, i, gain;

	if (nw >= 2 && w[1][0] >= '0' && w[1][0] <= '9' && (n = count_arg(w[1])) < 0)
		return fail(err, errlen, "%s: '%s' is not a number of power tokens", w[0],
		    w[1]);
	if (nw >= 4 && word_eq(w[2], "from")) {
		int f = tm_faction_find(w[3]);

		from = f >= 0 ? tm_seat_of(s, f) : -1;
		if (from < 0)
			return fail(err, errlen, "%s: no faction '%s' in this game", w[0],
			    w[3]);
	}
	if (!accept && nw == 1) {
		if (!tm_has_offer(s, seat))
			return fail(err, errlen, "decline: you have no power offer");
		while ((i = find_offer(s, seat, -1, 0)) >= 0)
			remove_offer(s, i, 0);
		return GAME_OK;
	}
	i = find_offer(s, seat, from, n);
	if (i < 0)
		return fail(err, errlen, "%s: there is no power offer for you%s%s",
		    w[0], from >= 0 ? " from " : "",
		    from >= 0 ? tm_fdefs[s->pl[from].faction].name : "");
	if (!accept) {
		remove_offer(s, i, 0);
		return GAME_OK;
	}
	gain = s->offer[i].amount;
	if (n > 0 && n < gain)
		gain = n;
	if (gain > tm_capacity(p))
		gain = tm_capacity(p);
	if (gain - 1 > p->vp)
		gain = p->vp + 1;
	tm_gain_power(p, gain);
	if (gain > 1)
		p->vp -= gain - 1;
	remove_offer(s, i, gain > 0 ? 2 : 1);
	return GAME_OK;
}

/* `+FIRE` / `+2AIR`: place owed cult steps. */
static enum game_status
cmd_plus_cult(struct tm_state *s, int seat, int cult, int n, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];

	if (p->cult2_owed) {
		if (n != 2)
			return fail(err, errlen, "+%s: the Auren stronghold action moves "
			    "2 steps on one track (+2%s)", tm_cult_names[cult],
			    tm_cult_names[cult]);
		p->cult2_owed = 0;
		tm_cult_advance(s, seat, cult, 2);
		return GAME_OK;
	}
	if (p->cult_owed >= n)
		p->cult_owed -= n;
	else if (p->cult_bonus >= n)
		p->cult_bonus -= n;
	else
		return fail(err, errlen, "+%s: you owe %d cult step(s), not %d",
		    tm_cult_names[cult], p->cult_owed + p->cult_bonus, n);
	tm_cult_advance(s, seat, cult, n);
	return GAME_OK;
}

/* `connect rN` or `connect A:B[:C]`: a Mermaids' town across a river. */
static enum game_status
cmd_connect(struct tm_state *s, int seat, const char *spec, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char buf[32], *part[3], *save = NULL, *tok;
	int n = 0, r = -1, i, j, k, c[3];

	if (p->faction != TF_MERMAIDS)
		return fail(err, errlen, "connect: only the Mermaids found towns "
		    "across a river");
	snprintf(buf, sizeof(buf), "%s", spec);
	for (tok = strtok_r(buf, ":", &save); tok != NULL && n < 3;
	    tok = strtok_r(NULL, ":", &save))
		part[n++] = tok;
	for (i = 0; i < n; i++) {
		c[i] = tm_cell_find(part[i]);
		if (c[i] < 0)
			return fail(err, errlen, "connect: unknown cell '%s'", part[i]);
	}
	if (n == 1 && tm_cells[c[0]].color == TC_RIVER)
		r = c[0];
	for (k = 0; k < TM_NCELLS && r < 0 && n >= 2; k++) {
		int all = tm_cells[k].color == TC_RIVER;

		for (i = 0; i < n && all; i++) {
			int adj = 0;

			for (j = 0; j < tm_cells[k].nadj; j++)
				if (tm_cells[k].adj[j] == c[i])
					adj = 1;
			all = adj;
		}
		if (all)
			r = k;
	}
	if (r < 0)
		return fail(err, errlen, "connect: '%s' names no river cell", spec);
	for (i = 0; i < 8; i++)
		if (p->conn_river[i] == 0 || p->conn_river[i] == r + 1) {
			p->conn_river[i] = r + 1;
			break;
		}
	tm_check_all_towns(s, seat);
	return GAME_OK;
}

/* Setup: the `setup FACTION` command of the seat whose turn it is. */
static enum game_status
cmd_setup(struct tm_state *s, int seat, const char *name, char *err, size_t errlen)
{
	int f = tm_faction_find(name), i, n = 0, nomads = -1, chaos = -1;
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *d;

	if (f < 0)
		return fail(err, errlen, "setup: unknown faction '%s'", name);
	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].faction >= 0 &&
		    tm_fdefs[s->pl[i].faction].color == tm_fdefs[f].color)
			return fail(err, errlen, "setup: the %s's colour is taken by "
			    "the %s", name, tm_fdefs[s->pl[i].faction].name);
	d = &tm_fdefs[f];
	p->faction = f;
	p->vp = 20;
	p->c = d->c;
	p->w = d->w;
	p->p = d->p;
	p->pw[0] = d->p1;
	p->pw[1] = d->p2;
	memcpy(p->cult, d->cult, sizeof(p->cult));
	p->ship = d->ship;
	i = tm_table_pos(s, seat);
	if (i + 1 < s->nseats) {
		s->cur = s->table[i + 1];
		return GAME_OK;
	}
	for (i = 0; i < s->nseats; i++) {
		int t = s->table[i];

		if (s->pl[t].faction == TF_CHAOS)
			chaos = t;
		else
			s->queue[n++] = t;
		if (s->pl[t].faction == TF_NOMADS)
			nomads = t;
	}
	for (i = s->nseats - 1; i >= 0; i--)
		if (s->pl[s->table[i]].faction != TF_CHAOS)
			s->queue[n++] = s->table[i];
	if (nomads >= 0)
		s->queue[n++] = nomads;
	if (chaos >= 0)
		s->queue[n++] = chaos;
	s->nqueue = n;
	s->qpos = 0;
	s->phase = TP_DWELLINGS;
	s->cur = s->queue[0];
	return GAME_OK;
}

/*
 * Bonus tiles are picked against the player order: the seat at position
 * pos or, if it left the game, the nearest one before it; -1 when none.
 */
static int
next_bonus_seat(const struct tm_state *s, int pos)
{
	while (pos >= 0 && s->pl[s->table[pos]].dropped)
		pos--;
	return pos >= 0 ? s->table[pos] : -1;
}

/* After an initial dwelling: the next placement, or the bonus picks. */
static void
next_placement(struct tm_state *s)
{
	while (++s->qpos < s->nqueue)
		if (!s->pl[s->queue[s->qpos]].dropped) {
			s->cur = s->queue[s->qpos];
			return;
		}
	s->phase = TP_BONUS;
	s->cur = next_bonus_seat(s, s->nseats - 1);
	if (s->cur < 0)
		start_round(s, 1);
}

/* Is the command one a seat may give outside its turn? */
static int
out_of_turn(const struct tm_state *s, int seat, char **w, int nw)
{
	const struct tm_player *p = &s->pl[seat];

	if (word_eq(w[0], "leech") || word_eq(w[0], "decline") ||
	    word_eq(w[0], "wait") || word_eq(w[0], "convert") ||
	    word_eq(w[0], "burn"))
		return 1;
	if (w[0][0] == '+' && nw == 1 && p->cult_bonus > 0)
		return 1;
	return 0;
}

/* Describe whom the game waits for, for a not-your-turn message. */
static void
whom(const struct tm_state *s, char *err, size_t errlen)
{
	struct game_wait w;
	int i;

	tm_waiting(s, &w);
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i)) {
			snprintf(err, errlen, "not your turn: the game waits for seat "
			    "%d (%s)", i + 1, w.why[i]);
			return;
		}
	snprintf(err, errlen, "not your turn: the game is over");
}

/* `upgrade HEX to TP|TE|SH|SA` (long building names accepted). */
static enum game_status
words_upgrade(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	static const char *const names[] = { "tp", "te", "sh", "sa", "trading",
	    "temple", "stronghold", "sanctuary" };
	static const int type[] = { TB_TP, TB_TE, TB_SH, TB_SA, TB_TP, TB_TE,
	    TB_SH, TB_SA };
	size_t i;

	if (nw < 4 || !word_eq(w[2], "to"))
		return fail(err, errlen, "upgrade: write it as 'upgrade HEX to TP'");
	for (i = 0; i < 8; i++)
		if (word_eq(w[3], names[i]))
			return cmd_upgrade(s, seat, tm_cell_find(w[1]), type[i], err,
			    errlen);
	return fail(err, errlen, "upgrade: unknown building '%s' (TP TE SH SA)",
	    w[3]);
}

/* `transform HEX [to COLOUR]`: starts a spade action when nothing is owed. */
static enum game_status
words_transform(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	const struct tm_player *p = &s->pl[seat];
	int to = nw == 4 ? tm_color_find(w[3]) : tm_fd(s, seat)->color;
	int cell = nw >= 2 ? tm_cell_find(w[1]) : -1;
	enum game_status rc;

	if (!(nw == 2 || (nw == 4 && word_eq(w[2], "to"))) || cell < 0 || to < 0)
		return fail(err, errlen, "transform: write it as 'transform HEX to "
		    "COLOUR'");
	if (s->phase == TP_ACTIONS && s->act == TA_NONE && p->spades == 0 &&
	    !p->free_tf) {
		rc = begin_action(s, "transform", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	if (s->phase == TP_ACTIONS && s->act == TA_NONE)
		s->act = TA_SPADES;
	return do_transform(s, seat, cell, to, err, errlen);
}

/* `dig N`: buy spades to spend in this action. */
static enum game_status
words_dig(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	enum game_status rc;
	int n = nw == 2 ? count_arg(w[1]) : 0;

	if (n < 1 || n > 7)
		return fail(err, errlen, "dig: write it as 'dig N' (N spades)");
	if (s->act != TA_SPADES) {
		rc = begin_action(s, "dig", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	rc = buy_spades(s, seat, n, err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->pl[seat].spades += n;
	s->act = TA_SPADES;
	return GAME_OK;
}

/* `+FAVn`, `+TWn` (or `+2TWn`), `+BONn` (old pass), `+CULT`, `+2CULT`. */
static enum game_status
words_plus(struct tm_state *s, int seat, const char *word, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const char *t = word + 1;
	int n = 1, k;

	if (t[0] >= '1' && t[0] <= '9') {
		n = t[0] - '0';
		t++;
	}
	if ((k = tile_num(t, "FAV", TM_NFAV)) > 0) {
		if (p->fav_owed < 1)
			return fail(err, errlen, "+FAV%d: you are owed no favor tile", k);
		if (p->fav[k] || s->fav_left[k] < 1)
			return fail(err, errlen, "+FAV%d: %s", k, p->fav[k] ?
			    "you already have it" : "none left");
		p->fav_owed--;
		tm_take_favor(s, seat, k);
		return GAME_OK;
	}
	if ((k = tile_num(t, "TW", TM_NTW)) > 0) {
		for (; n > 0; n--) {
			if (p->town_owed < 1)
				return fail(err, errlen, "+TW%d: you founded no town", k);
			if (s->tw_left[k] < 1)
				return fail(err, errlen, "+TW%d: none left", k);
			p->town_owed--;
			tm_take_town(s, seat, k);
		}
		return GAME_OK;
	}
	if ((k = tile_num(t, "BON", TM_NBON)) > 0)
		return cmd_pass(s, seat, k, err, errlen);
	if ((k = tm_cult_find(t)) >= 0)
		return cmd_plus_cult(s, seat, k, n, err, errlen);
	return fail(err, errlen, "%s: not a favor, town or bonus tile or a cult "
	    "track", word);
}

/* `send p to CULT [for N]`. */
static enum game_status
words_send(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	int k = nw >= 4 ? tm_cult_find(w[3]) : -1;
	int n = nw == 6 && word_eq(w[4], "for") ? count_arg(w[5]) : 0;

	if (k < 0 || n < 0 || n > 3 || (nw != 4 && nw != 6) ||
	    !(word_eq(w[1], "p") || word_eq(w[1], "priest")))
		return fail(err, errlen, "send: write it as 'send p to CULT [for N]'");
	return cmd_send(s, seat, k, n, err, errlen);
}

/*
 * `done`: end the turn.  Turns end by themselves, so this only matters
 * inside the Chaos Magicians' double action, where it gives up the
 * actions not yet taken; elsewhere it changes nothing (old logs use it).
 */
static enum game_status
cmd_done(struct tm_state *s, int seat, char *err, size_t errlen)
{
	if (s->phase != TP_ACTIONS || s->cur != seat || s->act_left == 0)
		return GAME_OK;
	if (s->act != TA_DONE && !(s->act == TA_SPADES && action_finished(s)))
		return fail(err, errlen, "done: finish the action you started first");
	if (tm_owes(s, seat))
		return fail(err, errlen, "done: take what this action still owes "
		    "you first (spades, tiles, cult steps, a bridge)");
	s->act_left = 0;
	return GAME_OK;
}

/* `-SPADE`: throw away one spade that no reachable hex could take. */
static enum game_status
words_drop_spade(struct tm_state *s, int seat, char *err, size_t errlen)
{
	if (s->pl[seat].spades <= 0)
		return fail(err, errlen, "-spade: you have no spade");
	if (tm_spade_usable(s, seat))
		return fail(err, errlen, "-spade: spades are spent, not thrown away, "
		    "while a reachable hex can still be transformed");
	s->pl[seat].spades--;
	return GAME_OK;
}

/* Commands during the action (and cult-spade) phase. */
static enum game_status
action_cmd(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	int n;

	if (word_eq(w[0], "-spade"))
		return words_drop_spade(s, seat, err, errlen);
	if (word_eq(w[0], "transform"))
		return words_transform(s, seat, w, nw, err, errlen);
	if (s->phase == TP_CULTSPADES)
		return fail(err, errlen, "between rounds only 'transform HEX to "
		    "COLOUR' (or -SPADE) spends cult spades");
	if (word_eq(w[0], "build"))
		return nw == 2 ? cmd_build(s, seat, tm_cell_find(w[1]), err, errlen) :
		    fail(err, errlen, "build: write it as 'build HEX'");
	if (word_eq(w[0], "upgrade"))
		return words_upgrade(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "dig"))
		return words_dig(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "send"))
		return words_send(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "advance") && nw == 2) {
		if (word_eq(w[1], "ship") || word_eq(w[1], "shipping"))
			return cmd_advance(s, seat, 1, err, errlen);
		if (word_eq(w[1], "dig") || word_eq(w[1], "digging"))
			return cmd_advance(s, seat, 0, err, errlen);
	}
	if (word_eq(w[0], "advance"))
		return fail(err, errlen, "advance: 'advance ship' or 'advance dig'");
	if (word_eq(w[0], "action") && nw == 2)
		return cmd_action(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "bridge") && nw == 2)
		return cmd_bridge(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "pass") && nw <= 2) {
		n = nw == 2 ? tile_num(w[1], "BON", TM_NBON) : 0;
		if (nw == 2 && n == 0)
			return fail(err, errlen, "pass: unknown bonus tile '%s'", w[1]);
		return cmd_pass(s, seat, n, err, errlen);
	}
	if (word_eq(w[0], "connect") && nw == 2)
		return cmd_connect(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "done") && nw == 1)
		return cmd_done(s, seat, err, errlen);
	if (w[0][0] == '+' && nw == 1)
		return words_plus(s, seat, w[0], err, errlen);
	return fail(err, errlen, "unknown command '%s'", w[0]);
}

/* Apply one command of a seat; the seat's permission was checked. */
static enum game_status
one_cmd(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int n;

	if (word_eq(w[0], "wait"))
		return GAME_OK;
	if (word_eq(w[0], "leech") || word_eq(w[0], "decline"))
		return cmd_leech(s, seat, w, nw, word_eq(w[0], "leech"), err, errlen);
	if (word_eq(w[0], "convert"))
		return cmd_convert(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "burn") && nw == 2) {
		n = count_arg(w[1]);
		if (s->opt_strict_leech && tm_has_offer(s, seat))
			return fail(err, errlen, "burn: strict-leech: decide your power "
			    "offers first");
		if (n < 0)
			return fail(err, errlen, "burn: '%s' is not a number of power tokens",
			    w[1]);
		if (n == 0)
			return GAME_OK;
		if (2 * n > p->pw[1])
			return fail(err, errlen, "burn: burning %d needs %d power in "
			    "bowl II; you have %d", n, 2 * n, p->pw[1]);
		p->pw[1] -= 2 * n;
		p->pw[2] += n;
		p->burned += n;
		return GAME_OK;
	}
	if (w[0][0] == '+' && p->cult_bonus > 0 && s->cur != seat) {
		int k = tm_cult_find(w[0] + 1);

		if (k < 0)
			return fail(err, errlen, "%s: name a cult track", w[0]);
		return cmd_plus_cult(s, seat, k, 1, err, errlen);
	}
	switch (s->phase) {
	case TP_FACTIONS:
		if (word_eq(w[0], "setup") && nw == 2)
			return cmd_setup(s, seat, w[1], err, errlen);
		return fail(err, errlen, "choose your faction: setup FACTION");
	case TP_DWELLINGS:
		if (word_eq(w[0], "build") && nw == 2) {
			enum game_status rc = cmd_build(s, seat, tm_cell_find(w[1]),
			    err, errlen);

			if (rc == GAME_OK)
				next_placement(s);
			return rc;
		}
		return fail(err, errlen, "place your initial dwelling: build HEX");
	case TP_BONUS:
		if ((word_eq(w[0], "pass") && nw == 2) || (w[0][0] == '+' && nw == 1)) {
			enum game_status rc;

			n = tile_num(w[0][0] == '+' ? w[0] + 1 : w[1], "BON", TM_NBON);
			if (n == 0)
				return fail(err, errlen, "pass: name a bonus tile (BONn)");
			rc = cmd_pass(s, seat, n, err, errlen);
			if (rc != GAME_OK)
				return rc;
			s->cur = next_bonus_seat(s, tm_table_pos(s, s->cur) - 1);
			if (s->cur < 0)
				start_round(s, 1);
			return GAME_OK;
		}
		return fail(err, errlen, "pick your initial bonus tile: pass BONn");
	case TP_ACTIONS:
	case TP_CULTSPADES:
		return action_cmd(s, seat, w, nw, err, errlen);
	default:
		return fail(err, errlen, "the game is over");
	}
}

/* Strip a "faction:" prefix from the words; error if it names another faction. */
static enum game_status
strip_prefix(const struct tm_state *s, int seat, char **w, int *nw, char *err,
    size_t errlen)
{
	size_t len = strlen(w[0]);
	int f;

	if (len < 2 || w[0][len - 1] != ':')
		return GAME_OK;
	w[0][len - 1] = '\0';
	f = tm_faction_find(w[0]);
	if (f < 0 || s->pl[seat].faction != f)
		return fail(err, errlen, "'%s:' does not name your faction", w[0]);
	memmove(w, w + 1, sizeof(w[0]) * (size_t)(*nw - 1));
	(*nw)--;
	return GAME_OK;
}

/* Administrative commands (seat -1): drop-faction. */
static enum game_status
admin_cmd(struct tm_state *s, char **w, int nw, char *err, size_t errlen)
{
	int f, seat, i;

	if (!(word_eq(w[0], "drop-faction") && nw == 2))
		return fail(err, errlen, "unknown administrative command '%s' "
		    "(drop-faction FACTION)", w[0]);
	f = tm_faction_find(w[1]);
	seat = f >= 0 ? tm_seat_of(s, f) : -1;
	if (seat < 0)
		return fail(err, errlen, "drop-faction: no faction '%s' in the game",
		    w[1]);
	if (s->phase == TP_FACTIONS || s->phase == TP_END || s->pl[seat].dropped)
		return fail(err, errlen, "drop-faction: %s", s->phase == TP_END ?
		    "the game is over" : s->pl[seat].dropped ? "already dropped" :
		    "factions are still being chosen");
	s->pl[seat].dropped = 1;
	s->pl[seat].passed = 1;
	s->pl[seat].spades = 0;
	s->pl[seat].cult_owed = 0;
	s->pl[seat].cult_bonus = 0;
	for (i = s->noffer - 1; i >= 0; i--)
		if (s->offer[i].to == seat)
			remove_offer(s, i, 0);
	if (s->cur == seat && s->phase == TP_DWELLINGS) {
		s->qpos--;
		next_placement(s);
	} else if (s->cur == seat && s->phase == TP_BONUS) {
		s->cur = next_bonus_seat(s, tm_table_pos(s, seat));
		if (s->cur < 0)
			start_round(s, 1);
	}
	return GAME_OK;
}

/* Apply a whole submission: leech/decline first, then the rest in order. */
static enum game_status
apply_all(struct tm_state *s, int seat, struct cmdlist *cl, char *err,
    size_t errlen)
{
	char *w[CMD_MAX_WORDS];
	int pass, i, nw;
	enum game_status rc;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < cl->n; i++) {
			char buf[CMD_MAX_LEN + 1];
			int lee;

			snprintf(buf, sizeof(buf), "%s", cl->cmd[i]);
			nw = cmd_words(buf, w, CMD_MAX_WORDS);
			if (nw == 0)
				continue;
			if (seat < 0) {
				if (pass == 1)
					continue;
				rc = admin_cmd(s, w, nw, err, errlen);
				if (rc != GAME_OK)
					return rc;
				continue;
			}
			rc = strip_prefix(s, seat, w, &nw, err, errlen);
			if (rc != GAME_OK)
				return rc;
			if (nw == 0)
				continue;
			lee = word_eq(w[0], "leech") || word_eq(w[0], "decline");
			if (lee != (pass == 0))
				continue;
			if (s->over)
				return fail(err, errlen, "the game is over");
			if (s->pl[seat].dropped)
				return fail(err, errlen, "your faction left the game");
			if (s->cur != seat && !out_of_turn(s, seat, w, nw)) {
				whom(s, err, errlen);
				return GAME_NOT_YOUR_TURN;
			}
			rc = one_cmd(s, seat, w, nw, err, errlen);
			if (rc != GAME_OK) {
				char e2[300];

				snprintf(e2, sizeof(e2), "%s", err);
				snprintf(err, errlen, "'%s': %s", cl->cmd[i], e2);
				return rc;
			}
		}
	return GAME_OK;
}

/* Record what the submission did, as the table saw it. */
static void
record_last(struct tm_state *s, int seat, const struct cmdlist *cl, int noffer0)
{
	size_t len;
	int i;

	if (seat >= 0 && s->pl[seat].faction >= 0)
		snprintf(s->last, sizeof(s->last), "%s:", tm_fdefs[s->pl[seat].faction].name);
	else
		snprintf(s->last, sizeof(s->last), "admin:");
	for (i = 0; i < cl->n; i++) {
		const char *c = cl->cmd[i], *colon = strchr(c, ':'), *sp = strchr(c, ' ');

		if (colon != NULL && (sp == NULL || colon < sp)) {
			c = colon + 1;
			while (*c == ' ')
				c++;
		}
		len = strlen(s->last);
		snprintf(s->last + len, sizeof(s->last) - len, "%s %s", i ? "." : "", c);
	}
	for (i = noffer0 > 0 ? noffer0 : 0; i < s->noffer; i++) {
		len = strlen(s->last);
		snprintf(s->last + len, sizeof(s->last) - len, "%s %s may gain %d power",
		    i == noffer0 ? " -" : ",", tm_fdefs[s->pl[s->offer[i].to].faction].name,
		    s->offer[i].amount);
	}
}

/* play(): apply one submission from one seat (or seat -1 for admin). */
enum game_status
tm_play(void *st, int seat, const char *text, struct game_played *out,
    char *err, size_t errlen)
{
	struct tm_state *s = st;
	struct cmdlist cl = { 0, NULL };
	enum game_status rc;
	int noffer0 = s->noffer;

	out->drew = 0;
	if (seat < -1 || seat >= s->nseats)
		return fail(err, errlen, "no seat %d in this game", seat + 1);
	if (cmd_split(text, ";.", &cl) != 0)
		return fail(err, errlen, "a command is too long");
	if (cl.n == 0) {
		cmd_free(&cl);
		return fail(err, errlen, "empty submission");
	}
	rc = apply_all(s, seat, &cl, err, errlen);
	if (rc == GAME_OK) {
		advance(s);
		record_last(s, seat, &cl, noffer0);
	}
	cmd_free(&cl);
	return rc;
}
