/*
 * wt_play.c - one submission (13.1): split into commands, route them by
 * phase, check and apply them.  All or nothing: the caller discards the
 * state when this fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"
#include "../notation.h"

#include "wt_words.h"

/* Split a normalized command into words. 0 or -1 with err. */
static int
split_words(const char *cmd, struct words *wd, char *err, size_t errlen)
{
	size_t i;

	snprintf(wd->buf, sizeof(wd->buf), "%s", cmd);
	for (i = 0; wd->buf[i] != '\0'; i++)
		if (wd->buf[i] == ',')
			wd->buf[i] = ' ';
	wd->n = cmd_words(wd->buf, wd->w, MAXW);
	if (wd->n > MAXW) {
		snprintf(err, errlen, "'%s': too many words", cmd);
		return -1;
	}
	return 0;
}

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

/* ------------------------------------------------------ any-time orders */

/* Whether a command is one of the any-time orders (13.7). */
static int
is_anytime(const struct words *wd)
{
	return wd->n > 0 && (word_eq(wd->w[0], "feed") || word_eq(wd->w[0], "defend") ||
	    word_eq(wd->w[0], "peace"));
}

/* Offer or accept peace (7.2, Q13). */
static int
peace(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	int on;

	if (wd->n != 2 || (on = wt_find_seat(s, wd->w[1])) < 0) {
		snprintf(err, errlen, "peace: write 'peace <player>'");
		return -1;
	}
	if (!wt_at_war(s, seat, on)) {
		snprintf(err, errlen, "peace: you are not at war with %s",
		    wt_seat_code(s, on));
		return -1;
	}
	if (s->p[on].peace_offer & (1 << seat)) {
		s->war[seat][on].on = s->war[on][seat].on = 0;
		s->p[on].peace_offer &= ~(1 << seat);
		s->p[seat].peace_offer &= ~(1 << on);
		s->p[seat].peace_turn[on] = s->p[on].peace_turn[seat] = s->turn;
		wt_log(s, "%s and %s make peace", wt_seat_code(s, seat), wt_seat_code(s, on));
		return 0;
	}
	s->p[seat].peace_offer |= 1 << on;
	wt_log(s, "%s offers peace to %s", wt_seat_code(s, seat), wt_seat_code(s, on));
	return 0;
}

/* Standing feeding order (3.1, 13.3). */
static int
feed(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	struct wt_player *p = &s->p[seat];
	int i;

	if (wd->n == 2 && word_eq(wd->w[1], "default")) {
		p->nfeed = 0;
		return 0;
	}
	if (wd->n < 3 || (wd->n - 1) % 2 != 0 || (wd->n - 1) / 2 > WT_MAXFEED) {
		snprintf(err, errlen, "feed: write 'feed <piece> <province>, ...' "
		    "(at most %d) or 'feed default'", WT_MAXFEED);
		return -1;
	}
	for (i = 1; i < wd->n; i += 2) {
		int k = wt_find_kind(wd->w[i]), pr = wt_find_prov(wd->w[i + 1]);

		if (k < 0 || k > WT_CAV || pr < 0) {
			snprintf(err, errlen, "feed: '%s %s' is not '<inf|arc|cav> <province>'",
			    wd->w[i], wd->w[i + 1]);
			return -1;
		}
		p->feed_kind[(i - 1) / 2] = k;
		p->feed_prov[(i - 1) / 2] = pr;
	}
	p->nfeed = (wd->n - 1) / 2;
	return 0;
}

/* Apply one any-time order. 0 or -1 with err. */
static int
anytime(struct wt_state *s, int seat, const struct words *wd, char *err,
    size_t errlen)
{
	if (word_eq(wd->w[0], "peace"))
		return peace(s, seat, wd, err, errlen);
	if (word_eq(wd->w[0], "feed"))
		return feed(s, seat, wd, err, errlen);
	if (wd->n == 2 && (word_eq(wd->w[1], "auto") || word_eq(wd->w[1], "ask"))) {
		int i;

		s->p[seat].defend_auto = word_eq(wd->w[1], "auto");
		for (i = 0; i < s->nbattles && s->p[seat].defend_auto; i++)
			if (s->phase == PH_MAN && s->man_step == MS_DEFEND &&
			    s->battle[i].def == seat && !s->battle[i].done &&
			    !s->battle[i].dfn.given) {
				s->battle[i].dfn.given = 1;	/* answers pending asks */
				s->battle[i].dfn.isauto = 1;
			}
		return 0;
	}
	snprintf(err, errlen, "defend: write 'defend auto' or 'defend ask'");
	return -1;
}

/* ---------------------------------------------------------------- setup */

/* Put a seat's starting pieces in its capital (1.5). */
void
wt_place_capital(struct wt_state *s, int seat)
{
	int cap = wt_countries[s->p[seat].country].capital;

	s->prov[cap].barb_fort = 0;
	s->prov[cap].forts = 1;
	s->prov[cap].pri = 4;
	s->prov[cap].pieceowner = seat;
	s->prov[cap].owner = seat;
}

/* Sort seats by country card into s->order (0.6). */
void
wt_make_order(struct wt_state *s)
{
	int i, j, t;

	for (i = 0; i < s->nseats; i++)
		s->order[i] = i;
	for (i = 1; i < s->nseats; i++)
		for (j = i; j > 0 && s->p[s->order[j]].country <
		    s->p[s->order[j - 1]].country; j--) {
			t = s->order[j];
			s->order[j] = s->order[j - 1];
			s->order[j - 1] = t;
		}
}

/* `country X` (1.2, countries=choose). */
static int
choose_country(struct wt_state *s, int seat, const struct words *wd, char *err,
    size_t errlen)
{
	int c, i;

	if (wd->n != 2 || !word_eq(wd->w[0], "country")) {
		snprintf(err, errlen, "setup: choose your country with 'country <code>'");
		return -1;
	}
	for (c = 0; c < WT_NCTY; c++)
		if (word_eq(wd->w[1], wt_countries[c].code) ||
		    word_eq(wd->w[1], wt_countries[c].name))
			break;
	if (c == WT_NCTY) {
		snprintf(err, errlen, "country: '%s' is not one of IRE SCO ENG FRA BUR "
		    "GER AUS LOM", wd->w[1]);
		return -1;
	}
	for (i = 0; i < s->nseats; i++)
		if (s->p[i].country == c) {
			snprintf(err, errlen, "country: %s is already taken", wt_countries[c].code);
			return -1;
		}
	s->p[seat].country = c;
	wt_log(s, "%s takes %s", wt_seat_code(s, seat), wt_countries[c].name);
	for (i = 0; i < s->nseats; i++)
		if (s->p[i].country < 0)
			return 0;
	for (i = 0; i < s->nseats; i++)
		wt_place_capital(s, i);
	wt_make_order(s);
	s->phase = PH_TRACKS;
	return 0;
}

/* `tracks P T M` (1.7, 13.2). */
static int
tracks(struct wt_state *s, int seat, const struct words *wd, char *err,
    size_t errlen)
{
	int v[3], i;

	if (wd->n != 4 || !word_eq(wd->w[0], "tracks")) {
		snprintf(err, errlen, "setup: place your 3 tokens with 'tracks P T M'");
		return -1;
	}
	for (i = 0; i < 3; i++) {
		if (strcmp(wd->w[i + 1], "0") == 0)
			v[i] = 0;
		else if ((v[i] = wt_count_word(wd->w[i + 1])) < 0 || v[i] > 3) {
			snprintf(err, errlen, "tracks: '%s' is not a level 0..3", wd->w[i + 1]);
			return -1;
		}
	}
	if (v[0] + v[1] + v[2] != 3) {
		snprintf(err, errlen, "tracks: the 3 tokens must all be placed "
		    "(%d+%d+%d is not 3)", v[0], v[1], v[2]);
		return -1;
	}
	for (i = 0; i < 3; i++)
		s->p[seat].track[i] = v[i];
	s->p[seat].tracks_set = 1;
	wt_log(s, "%s places its tokens %d/%d/%d", wt_seat_code(s, seat), v[0], v[1], v[2]);
	for (i = 0; i < s->nseats; i++)
		if (!s->p[i].tracks_set)
			return 0;
	s->turn = 1;
	wt_begin_turn(s);
	return 0;
}

/* ----------------------------------------------------------- development */

/* `shift A to B` / `shift none` (5.7). */
static int
shift(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	int f, t;

	if (wd->n == 2 && word_eq(wd->w[1], "none")) {
		s->p[seat].shift_from = s->p[seat].shift_to = -1;
		return 0;
	}
	if (wd->n != 4 || !word_eq(wd->w[2], "to") ||
	    (f = wt_find_track(wd->w[1])) < 0 || (t = wt_find_track(wd->w[3])) < 0 ||
	    f == t) {
		snprintf(err, errlen, "shift: write 'shift <track> to <other track>' or "
		    "'shift none'");
		return -1;
	}
	s->p[seat].shift_from = f;
	s->p[seat].shift_to = t;
	return 0;
}

/* Parse the actions following `unify` (cmds[from..n)); returns the count or -1. */
static int
unify_acts(struct wt_state *s, struct cmdlist *cl, int from, struct wt_act *acts,
    char *err, size_t errlen)
{
	struct words wd;
	int i, n = 0;

	for (i = from; i < cl->n; i++) {
		if (split_words(cl->cmd[i], &wd, err, errlen) != 0)
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
	return n;
}

/* A development submission (13.5). */
static int
dev_sub(struct wt_state *s, int seat, struct cmdlist *cl, char *err, size_t errlen)
{
	struct words wd;
	struct wt_act a;
	int i, answered = 0, q2 = 0, qs = 0, n;

	for (i = 0; i < cl->n; i++) {
		if (split_words(cl->cmd[i], &wd, err, errlen) != 0)
			return -1;
		if (wd.n == 0)
			continue;
		if (is_anytime(&wd)) {
			if (anytime(s, seat, &wd, err, errlen) != 0)
				return -1;
			continue;
		}
		if (word_eq(wd.w[0], "shift")) {
			if (shift(s, seat, &wd, err, errlen) != 0)
				return -1;
			continue;
		}
		if (word_eq(wd.w[0], "unify") && wd.n == 1) {
			if (s->p[seat].unified) {
				snprintf(err, errlen, "unify: you have already unified (8.4)");
				return -1;
			}
			n = unify_acts(s, cl, i + 1, s->p[seat].qunify_act, err, errlen);
			if (n < 0)
				return -1;
			s->p[seat].qunify = 1;
			s->p[seat].qunify_n = n;
			i += n;
			continue;
		}
		if (word_eq(wd.w[0], "special")) {
			if (wt_parse_act(s, wd.w + 1, wd.n - 1, &a, err, errlen) != 0)
				return -1;
			if (s->slot == SLOT_SPECIAL && !answered) {
				if (wt_do_special(s, seat, &a, err, errlen) != 0)
					return -1;
				answered = 1;
			} else if (s->slot != SLOT_SPECIAL && !qs) {
				s->p[seat].qs = a;
				qs = 1;
			} else {
				snprintf(err, errlen, "special: one special action per turn (5.4)");
				return -1;
			}
			continue;
		}
		if (wt_parse_act(s, wd.w, wd.n, &a, err, errlen) != 0)
			return -1;
		if (!answered) {
			if ((s->slot == SLOT_SPECIAL ? wt_do_special(s, seat, &a, err, errlen) :
			    wt_do_act(s, seat, &a, 0, err, errlen)) != 0)
				return -1;
			answered = 1;
		} else if (s->slot == SLOT_ACT1 && !q2) {
			s->p[seat].q2 = a;
			q2 = 1;
		} else {
			snprintf(err, errlen, "'%s': you have no further action slot this "
			    "turn (queue a special action with 'special ...')", cl->cmd[i]);
			return -1;
		}
	}
	if (answered)
		wt_slot_done(s);
	return 0;
}

/* ------------------------------------------------------------- manoeuvre */

/* Pending attacker lines of one submission, attached after the moves. */
struct manlines {
	int nd, ndr, nr;
	int dprov[WT_MAXBATTLES];
	struct wt_split dsp[WT_MAXBATTLES];
	int rprov[WT_MAXBATTLES], rto[WT_MAXBATTLES];
	int oprov[WT_MAXBATTLES], oto[WT_MAXBATTLES];
};

/* Find the pending battle at a province, or NULL. */
static struct wt_battle *
battle_at(struct wt_state *s, int prov)
{
	int i;

	for (i = 0; i < s->nbattles; i++)
		if (s->battle[i].prov == prov && !s->battle[i].done)
			return &s->battle[i];
	return NULL;
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

/* Parse `princess A-B` into the stored princess moves. */
static int
princess_cmd(struct wt_state *s, const struct words *wd, char *err, size_t errlen)
{
	int path[2];

	if (wd->n != 2 || parse_path(wd->w[1], path, 2, err, errlen) != 2) {
		snprintf(err, errlen, "princess: write 'princess <from>-<to>' (one step)");
		return -1;
	}
	if (s->npri >= WT_MAXPRI) {
		snprintf(err, errlen, "princess: at most %d princess moves", WT_MAXPRI);
		return -1;
	}
	s->pri_from[s->npri] = path[0];
	s->pri_to[s->npri++] = path[1];
	return 0;
}

/* Attach the damage, retreat and rout lines to their battles. */
static int
attach(struct wt_state *s, const struct manlines *ml, char *err, size_t errlen)
{
	struct wt_battle *b;
	int i;

	for (i = 0; i < ml->nd; i++) {
		if ((b = battle_at(s, ml->dprov[i])) == NULL)
			goto none;
		b->att = ml->dsp[i];
	}
	for (i = 0; i < ml->ndr; i++) {
		if ((b = battle_at(s, ml->rprov[i])) == NULL)
			goto none;
		b->att_retreat = ml->rto[i];
	}
	for (i = 0; i < ml->nr; i++) {
		if ((b = battle_at(s, ml->oprov[i])) == NULL)
			goto none;
		b->rout = ml->oto[i];
	}
	return 0;
none:
	snprintf(err, errlen, "there is no battle of yours at that province in this "
	    "manoeuvre (damage/retreat/rout name a battle province)");
	return -1;
}

/* One line of a manoeuvre submission; returns commands consumed or -1. */
static int
man_line(struct wt_state *s, int seat, struct cmdlist *cl, int i, struct words *wd,
    struct manlines *ml, int *moved, char *err, size_t errlen)
{
	const char *w0 = wd->w[0];
	int n;

	if (word_eq(w0, "move")) {
		*moved = 1;
		return move_cmd(s, seat, wd, err, errlen) == 0 ? 1 : -1;
	}
	if (word_eq(w0, "damage")) {
		if (ml->nd >= WT_MAXBATTLES)
			return -1;
		if (wt_parse_split(s, wd->w, wd->n, &ml->dprov[ml->nd], &ml->dsp[ml->nd],
		    err, errlen) != 0)
			return -1;
		ml->nd++;
		return 1;
	}
	if (word_eq(w0, "retreat") || word_eq(w0, "rout")) {
		int r = word_eq(w0, "retreat"), *pp, *qq;

		if ((r ? ml->ndr : ml->nr) >= WT_MAXBATTLES)
			return -1;
		pp = r ? &ml->rprov[ml->ndr] : &ml->oprov[ml->nr];
		qq = r ? &ml->rto[ml->ndr] : &ml->oto[ml->nr];
		if (to_line(wd, pp, qq, err, errlen) != 0)
			return -1;
		if (r)
			ml->ndr++;
		else
			ml->nr++;
		return 1;
	}
	if (word_eq(w0, "princess"))
		return princess_cmd(s, wd, err, errlen) == 0 ? 1 : -1;
	if (word_eq(w0, "unify") && wd->n == 1) {
		struct wt_act acts[9];

		memset(acts, 0, sizeof(acts));	/* all of it is copied into the state */

		n = unify_acts(s, cl, i + 1, acts, err, errlen);
		if (n < 0)
			return -1;
		if (!*moved) {
			if (wt_do_unify(s, seat, acts, n, err, errlen) != 0)
				return -1;
		} else {
			if (s->p[seat].unified || s->tunify) {
				snprintf(err, errlen, "unify: once per game (8.4)");
				return -1;
			}
			s->tunify = 1;
			s->tunify_n = n;
			memcpy(s->tunify_act, acts, sizeof(acts));
		}
		return n + 1;
	}
	if ((word_eq(w0, "done") || word_eq(w0, "pass")) && wd->n == 1)
		return 1;
	snprintf(err, errlen, "'%s': in a manoeuvre send move, damage, retreat, rout, "
	    "princess, unify or done", w0);
	return -1;
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

/* A manoeuvre submission, first or Double Strike (13.6). */
static int
man_sub(struct wt_state *s, int seat, struct cmdlist *cl, char *err, size_t errlen)
{
	struct manlines ml;
	struct words wd;
	int i, n, moved = 0;

	memset(&ml, 0, sizeof(ml));
	for (i = 0; i < cl->n; i += n) {
		if (split_words(cl->cmd[i], &wd, err, errlen) != 0)
			return -1;
		n = 1;
		if (wd.n == 0)
			continue;
		if (is_anytime(&wd)) {
			if (anytime(s, seat, &wd, err, errlen) != 0)
				return -1;
			continue;
		}
		if ((n = man_line(s, seat, cl, i, &wd, &ml, &moved, err, errlen)) < 0)
			return -1;
	}
	if (attach(s, &ml, err, errlen) != 0)
		return -1;
	ask_or_fight(s);
	return 0;
}

/* A defender's split (6.7). */
static int
defend_sub(struct wt_state *s, int seat, struct cmdlist *cl, char *err, size_t errlen)
{
	struct words wd;
	struct wt_split sp;
	struct wt_battle *b;
	int i, prov, to;

	for (i = 0; i < cl->n; i++) {
		if (split_words(cl->cmd[i], &wd, err, errlen) != 0)
			return -1;
		if (wd.n == 0)
			continue;
		if (is_anytime(&wd)) {
			if (anytime(s, seat, &wd, err, errlen) != 0)
				return -1;
			continue;
		}
		if (word_eq(wd.w[0], "damage")) {
			if (wt_parse_split(s, wd.w, wd.n, &prov, &sp, err, errlen) != 0)
				return -1;
		} else if (word_eq(wd.w[0], "retreat")) {
			if (to_line(&wd, &prov, &to, err, errlen) != 0)
				return -1;
		} else {
			snprintf(err, errlen, "'%s': you are asked for your split: send "
			    "'damage <province> ...' or 'damage <province> auto'", wd.w[0]);
			return -1;
		}
		b = battle_at(s, prov);
		if (b == NULL || b->def != seat) {
			snprintf(err, errlen, "%s: you are not defending %s",
			    wd.w[0], wt_provinces[prov].code);
			return -1;
		}
		if (word_eq(wd.w[0], "damage")) {
			b->dfn = sp;
			wt_log(s, "%s sends its split at %s", wt_seat_code(s, seat),
			    wt_provinces[prov].code);
		} else {
			b->def_retreat = to;
		}
	}
	return 0;
}

/* The rest of a manoeuvre after a post-battle command failed (13.1). */
static int
finish_sub(struct wt_state *s, int seat, struct cmdlist *cl, char *err, size_t errlen)
{
	struct words wd;
	int i, n, moved = 1;
	struct manlines ml;

	memset(&ml, 0, sizeof(ml));
	s->npri = 0;
	s->tunify = 0;
	for (i = 0; i < cl->n; i += n) {
		if (split_words(cl->cmd[i], &wd, err, errlen) != 0)
			return -1;
		n = 1;
		if (wd.n == 0)
			continue;
		if (is_anytime(&wd)) {
			if (anytime(s, seat, &wd, err, errlen) != 0)
				return -1;
			continue;
		}
		if (word_eq(wd.w[0], "move") || word_eq(wd.w[0], "damage") ||
		    word_eq(wd.w[0], "retreat") || word_eq(wd.w[0], "rout")) {
			snprintf(err, errlen, "'%s': your battles are over; send princess, "
			    "unify or done", wd.w[0]);
			return -1;
		}
		if ((n = man_line(s, seat, cl, i, &wd, &ml, &moved, err, errlen)) < 0)
			return -1;
	}
	if (s->tunify) {
		s->tunify = 0;
		if (wt_do_unify(s, seat, s->tunify_act, s->tunify_n, err, errlen) != 0)
			return -1;
	}
	s->man_second = 1;	/* no Double Strike after this point */
	s->man_step = MS_SECOND;
	wt_after_battles(s);
	if (s->man_step == MS_FINISH) {
		snprintf(err, errlen, "princess: a move is not legal now; a princess "
		    "steps once into a province of yours or a free one (6.15)");
		return -1;
	}
	return 0;
}

/* ----------------------------------------------------------------- entry */

/* Whether every command of the list is an any-time order. */
static int
all_anytime(struct cmdlist *cl)
{
	struct words wd;
	char e[8];
	int i;

	for (i = 0; i < cl->n; i++)
		if (split_words(cl->cmd[i], &wd, e, sizeof(e)) != 0 || !is_anytime(&wd))
			return 0;
	return cl->n > 0;
}

/* Whether the game waits for this seat now. */
static int
awaited(const struct wt_state *s, int seat)
{
	struct game_wait w;

	wt_waiting(s, &w);
	return (w.mask & (1u << seat)) != 0;
}

/* Explain whom the game waits for (GAME_NOT_YOUR_TURN). */
static void
not_your_turn(const struct wt_state *s, char *err, size_t errlen)
{
	struct game_wait w;
	size_t len;
	int i;

	wt_waiting(s, &w);
	snprintf(err, errlen, "not your turn: the game waits for");
	for (i = 0; i < s->nseats; i++) {
		if (!(w.mask & (1u << i)))
			continue;
		len = strlen(err);
		snprintf(err + len, errlen - len, " %s (%s)", wt_seat_code(s, i), w.why[i]);
	}
	if (w.mask == 0) {
		len = strlen(err);
		snprintf(err + len, errlen - len, " nobody: the game is over");
	}
}

/* Dispatch a whole submission by phase. */
static int
dispatch(struct wt_state *s, int seat, struct cmdlist *cl, char *err, size_t errlen)
{
	struct words wd;
	int i;

	switch (s->phase) {
	case PH_COUNTRY:
	case PH_TRACKS:
		if (cl->n != 1 || split_words(cl->cmd[0], &wd, err, errlen) != 0) {
			snprintf(err, errlen, "setup: send one command");
			return -1;
		}
		return s->phase == PH_COUNTRY ? choose_country(s, seat, &wd, err, errlen) :
		    tracks(s, seat, &wd, err, errlen);
	case PH_TRADE:
		for (i = 0; i < cl->n; i++) {
			if (split_words(cl->cmd[i], &wd, err, errlen) != 0)
				return -1;
			if (wd.n == 0)
				continue;
			if ((is_anytime(&wd) ? anytime(s, seat, &wd, err, errlen) :
			    wt_trade_cmd(s, seat, &wd, err, errlen)) != 0)
				return -1;
		}
		if (wt_check_bank(s, seat, err, errlen) != 0)
			return -1;
		s->p[seat].ts.sent = 1;
		wt_log(s, "%s has sent its trade orders", wt_seat_code(s, seat));
		return 0;
	case PH_DEV:
		return dev_sub(s, seat, cl, err, errlen);
	case PH_MAN:
		if (s->man_step == MS_DEFEND)
			return defend_sub(s, seat, cl, err, errlen);
		if (s->man_step == MS_FINISH)
			return finish_sub(s, seat, cl, err, errlen);
		return man_sub(s, seat, cl, err, errlen);
	default:
		snprintf(err, errlen, "the game is over");
		return -1;
	}
}

/*
 * Drop quoted lines ('>') and everything from a signature line ("-- ")
 * on (13.1).  Returns a new string for the caller to free, or NULL.
 */
static char *
strip_mail(const char *text)
{
	size_t len = strlen(text), o = 0;
	const char *p = text, *nl;
	char *out = malloc(len + 2);	/* a newline may be added at the end */

	if (out == NULL)
		return NULL;
	while (*p != '\0') {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (strncmp(p, "-- ", 3) == 0 || (nl - p == 2 && strncmp(p, "--", 2) == 0) ||
		    (nl - p == 3 && strncmp(p, "--\r", 3) == 0))
			break;
		if (*p != '>') {
			memcpy(out + o, p, (size_t)(nl - p));
			o += (size_t)(nl - p);
			out[o++] = '\n';
		}
		p = *nl == '\n' ? nl + 1 : nl;
	}
	out[o] = '\0';
	return out;
}

/* The engine's play(): see game.h. */
enum game_status
wt_play(void *st, int seat, const char *text, struct game_played *out,
    char *err, size_t errlen)
{
	struct wt_state *s = st;
	struct cmdlist cl;
	struct words wd;
	char *clean;
	int i, rc = 0;

	if (out != NULL)
		out->drew = 0;
	if (seat < 0 || seat >= s->nseats) {
		snprintf(err, errlen, "seat %d does not play in this game", seat);
		return GAME_REJECTED;
	}
	if ((clean = strip_mail(text)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return GAME_REJECTED;
	}
	rc = cmd_split(clean, ";", &cl);
	free(clean);
	if (rc != 0) {
		snprintf(err, errlen, "a command is longer than %d characters", CMD_MAX_LEN);
		return GAME_REJECTED;
	}
	if (cl.n == 0) {
		cmd_free(&cl);
		snprintf(err, errlen, "empty submission");
		return GAME_REJECTED;
	}
	for (i = 0; i < cl.n; i++)
		if (split_words(cl.cmd[i], &wd, err, errlen) == 0 && wd.n >= 1 &&
		    word_eq(wd.w[0], "resign")) {
			/* The edition has no rule for a player leaving (arbiter-warriors(6)). */
			cmd_free(&cl);
			snprintf(err, errlen, "resign: this edition has no rule for leaving the "
			    "game; ask the game master");
			return GAME_REJECTED;
		}
	s->last[0] = '\0';
	if (s->phase != PH_OVER && s->phase >= PH_TRADE && all_anytime(&cl)) {
		for (i = 0; i < cl.n && rc == 0; i++)
			rc = split_words(cl.cmd[i], &wd, err, errlen) != 0 ? -1 :
			    anytime(s, seat, &wd, err, errlen);
		if (rc == 0)
			wt_log(s, "%s: standing orders updated", wt_seat_code(s, seat));
	} else if (!awaited(s, seat)) {
		not_your_turn(s, err, errlen);
		cmd_free(&cl);
		return GAME_NOT_YOUR_TURN;
	} else {
		rc = dispatch(s, seat, &cl, err, errlen);
	}
	cmd_free(&cl);
	if (rc != 0)
		return GAME_REJECTED;
	wt_advance(s);
	return GAME_OK;
}
