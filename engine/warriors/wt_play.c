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
int
wt_split_words(const char *cmd, struct words *wd, char *err, size_t errlen)
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
		wt_log(s, "%s: peace %s: %s and %s make peace", wt_seat_code(s, seat),
		    wt_seat_code(s, on), wt_seat_code(s, seat), wt_seat_code(s, on));
		return 0;
	}
	s->p[seat].peace_offer |= 1 << on;
	wt_log(s, "%s: peace %s: an offer; the war ends when %s sends peace %s",
	    wt_seat_code(s, seat), wt_seat_code(s, on), wt_seat_code(s, on),
	    wt_seat_code(s, seat));
	return 0;
}

/*
 * Standing feeding order (3.1, 13.3): `feed <kind> <province>, ...` names
 * units where they stand now; those units are fed first, in that order,
 * wherever they move later.  A unit named twice in a province means the
 * next one there.  A listed unit that dies leaves the list.
 */
static int
feed(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	struct wt_player *p = &s->p[seat];
	int i, j, u, n, listed, unit[WT_MAXFEED];

	if (wd->n == 2 && word_eq(wd->w[1], "default")) {
		p->nfeed = 0;
		return 0;
	}
	if (wd->n < 3 || (wd->n - 1) % 2 != 0 || (wd->n - 1) / 2 > WT_MAXFEED) {
		snprintf(err, errlen, "feed: write 'feed <piece> <province>, ...' "
		    "(at most %d) or 'feed default'", WT_MAXFEED);
		return -1;
	}
	for (i = 1, n = 0; i < wd->n; i += 2, n++) {
		int k = wt_find_kind(wd->w[i]), pr = wt_find_prov(wd->w[i + 1]);

		if (k < 0 || k > WT_CAV || pr < 0) {
			snprintf(err, errlen, "feed: '%s %s' is not '<inf|arc|cav> <province>'",
			    wd->w[i], wd->w[i + 1]);
			return -1;
		}
		for (u = seat * WT_UPER, listed = 0; u < (seat + 1) * WT_UPER; u++) {
			if (s->u[u].side != seat || s->u[u].kind != k || s->u[u].prov != pr)
				continue;
			for (j = 0; j < n && unit[j] != u; j++)
				;
			if (j == n)
				break;
			listed++;
		}
		if (u == (seat + 1) * WT_UPER) {
			snprintf(err, errlen, "feed %s %s: you have %s %s in %s", wt_kind_name[k],
			    wt_provinces[pr].code, listed ? "no other" : "no",
			    wt_kind_name[k], wt_provinces[pr].code);
			return -1;
		}
		unit[n] = u;
	}
	memcpy(p->feed_unit, unit, sizeof(int) * (size_t)n);
	p->nfeed = n;
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

/*
 * Read command i of a submission into wd as every phase does: its number
 * kept for a refusal, an empty command skipped, an any-time order (13.7)
 * applied where it stands.  1 when wd holds an order for the caller, 0
 * when nothing more is to be done with it, -1 with err.
 */
int
wt_order_at(struct wt_state *s, int seat, struct wt_sub *cl, int i, struct words *wd,
    char *err, size_t errlen)
{
	cl->at = i;
	if (wt_split_words(cl->cmd[i], wd, err, errlen) != 0)
		return -1;
	if (wd->n == 0)
		return 0;
	if (is_anytime(wd))
		return anytime(s, seat, wd, err, errlen) != 0 ? -1 : 0;
	return 1;
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

/*
 * `shift A to B` / `shift none` (5.7): one shift a turn, so one a
 * submission; a later submission's replaces the one queued.  A target
 * at VII can only stay there; a source at 0 may still be developed.
 */
static int
shift(struct wt_state *s, int seat, const struct words *wd, int *shifted, char *err,
    size_t errlen)
{
	int f, t;

	if ((*shifted)++ > 0) {
		snprintf(err, errlen, "shift: one shift a turn (5.7); this submission "
		    "already has one");
		return -1;
	}
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
	if (s->p[seat].track[t] >= 7) {
		snprintf(err, errlen, "shift %s to %s: %s is at VII, the top (5.7)",
		    wt_track_name[f], wt_track_name[t], wt_track_name[t]);
		return -1;
	}
	s->p[seat].shift_from = f;
	s->p[seat].shift_to = t;
	return 0;
}

/* A development submission (13.5). */
static int
dev_sub(struct wt_state *s, int seat, struct wt_sub *cl, char *err, size_t errlen)
{
	struct words wd;
	struct wt_act a;
	int i, answered = 0, q2 = 0, qs = 0, n, shifted = 0;

	for (i = 0; i < cl->n; i++) {
		if ((n = wt_order_at(s, seat, cl, i, &wd, err, errlen)) <= 0) {
			if (n < 0)
				return -1;
			continue;
		}
		if (word_eq(wd.w[0], "shift")) {
			if (shift(s, seat, &wd, &shifted, err, errlen) != 0)
				return -1;
			continue;
		}
		if (word_eq(wd.w[0], "unify") && wd.n == 1) {
			if (s->p[seat].unified) {
				snprintf(err, errlen, "unify: you have already unified (once per "
				    "game, 8.4)");
				return -1;
			}
			n = wt_unify_acts(s, cl, i + 1, s->p[seat].qunify_act, err, errlen);
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

/* ----------------------------------------------------------------- entry */

/* Whether every command of the list is an any-time order. */
static int
all_anytime(struct wt_sub *cl)
{
	struct words wd;
	char e[8];
	int i;

	for (i = 0; i < cl->n; i++)
		if (wt_split_words(cl->cmd[i], &wd, e, sizeof(e)) != 0 || !is_anytime(&wd))
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
dispatch(struct wt_state *s, int seat, struct wt_sub *cl, char *err, size_t errlen)
{
	struct words wd;
	int i, bank_cmd[WT_MAXBANK];

	switch (s->phase) {
	case PH_COUNTRY:
	case PH_TRACKS:
		if (cl->n != 1 || wt_split_words(cl->cmd[0], &wd, err, errlen) != 0) {
			snprintf(err, errlen, "setup: send one command");
			return -1;
		}
		return s->phase == PH_COUNTRY ? choose_country(s, seat, &wd, err, errlen) :
		    tracks(s, seat, &wd, err, errlen);
	case PH_TRADE:
		for (i = 0; i < cl->n; i++) {
			int nbank = s->p[seat].ts.nbank, rc;

			if ((rc = wt_order_at(s, seat, cl, i, &wd, err, errlen)) < 0 ||
			    (rc > 0 && wt_trade_cmd(s, seat, &wd, err, errlen) != 0))
				return -1;
			if (s->p[seat].ts.nbank > nbank)
				bank_cmd[nbank] = i;
		}
		if (wt_check_bank(s, seat, &i, err, errlen) != 0) {
			cl->at = bank_cmd[i];
			return -1;
		}
		s->p[seat].ts.sent = 1;
		wt_log(s, "%s has sent its trade orders", wt_seat_code(s, seat));
		return 0;
	case PH_DEV:
		return dev_sub(s, seat, cl, err, errlen);
	case PH_MAN:
		if (s->man_step == MS_DEFEND)
			return wt_defend_sub(s, seat, cl, err, errlen);
		return wt_man_sub(s, seat, cl, err, errlen);
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
	struct cmdlist list;
	struct wt_sub cl;
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
	rc = cmd_split(clean, ";", &list);
	free(clean);
	if (rc != 0) {
		snprintf(err, errlen, "a command is longer than %d characters", CMD_MAX_LEN);
		return GAME_REJECTED;
	}
	if (list.n == 0) {
		cmd_free(&list);
		snprintf(err, errlen, "empty submission");
		return GAME_REJECTED;
	}
	cl.n = list.n;
	cl.cmd = list.cmd;
	cl.at = -1;
	for (i = 0; i < cl.n; i++)
		if (wt_split_words(cl.cmd[i], &wd, err, errlen) == 0 && wd.n >= 1 &&
		    word_eq(wd.w[0], "resign")) {
			/* The edition has no rule for a player leaving (arbiter-warriors(6)). */
			cmd_free(&list);
			snprintf(err, errlen, "resign: this edition has no rule for leaving the "
			    "game; ask the game master");
			return GAME_REJECTED;
		}
	s->last[0] = '\0';
	if (s->phase != PH_OVER && s->phase >= PH_TRADE && all_anytime(&cl)) {
		for (i = 0; i < cl.n && rc == 0; i++) {
			cl.at = i;
			rc = wt_split_words(cl.cmd[i], &wd, err, errlen) != 0 ? -1 :
			    anytime(s, seat, &wd, err, errlen);
		}
		if (rc == 0)
			wt_log(s, "%s: standing orders updated", wt_seat_code(s, seat));
	} else if (!awaited(s, seat)) {
		not_your_turn(s, err, errlen);
		cmd_free(&list);
		return GAME_NOT_YOUR_TURN;
	} else {
		rc = dispatch(s, seat, &cl, err, errlen);
	}
	cmd_free(&list);
	if (rc != 0) {
		/* the refused command's number, when there are several */
		if (cl.n > 1 && cl.at >= 0) {
			char why[400];

			snprintf(why, sizeof(why), "%s", err);
			snprintf(err, errlen, "command %d: %s", cl.at + 1, why);
		}
		return GAME_REJECTED;
	}
	wt_advance(s);
	return GAME_OK;
}
