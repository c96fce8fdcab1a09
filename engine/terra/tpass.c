/*
 * tpass.c - Terra Mystica's commands of the action phase that are no
 * action of the turn: conversions (and the Darklings' stronghold
 * conversion they end), passing with a bonus tile, power offers (leech
 * and decline), the Mermaids' river connections and the end of an
 * action (done).  The actions themselves are tactions.c's; tplay.c parses
 * the words and calls these.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/* The `convert A X to B Y` command. */
static enum game_status convert(struct tm_state *s, int seat, char **w, int nw,
    char *err, size_t errlen);

/*
 * `convert`.  Any conversion the Darklings make while their stronghold's
 * conversion stands ends it, as on the site (which, under
 * strict-darkling-sh, waits for a conversion, not for done).
 */
enum game_status
tm_cmd_convert(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	enum game_status rc = convert(s, seat, w, nw, err, errlen);
	int i;

	/* offers still open are tainted: under strict-leech they are no
	 * longer to be taken, only declined (the site) */
	for (i = 0; rc == GAME_OK && i < s->noffer; i++)
		if (s->offer[i].to == seat)
			s->offer[i].taint = TT_CONVERT;

	return rc;
}

/*
 * One side of a conversion as the site reads it: "1PW", "1 PW", "PW" (one),
 * with the resource spelled as a letter or a word ("power", "coins",
 * "worker", "priests").  The words w[0..n); 0, or -1 when it is no amount.
 */
static int
conversion_side(char **w, int n, int *amount, char *res, size_t reslen)
{
	static const char *const alias[][2] = { { "power", "pw" }, { "coin", "c" },
		{ "coins", "c" }, { "worker", "w" }, { "workers", "w" },
		{ "priest", "p" }, { "priests", "p" } };
	char joined[32];
	size_t i;

	if (n == 2 && strspn(w[0], "0123456789") == strlen(w[0]))
		snprintf(joined, sizeof(joined), "%s%s", w[0], w[1]);
	else if (n == 1)
		snprintf(joined, sizeof(joined), "%s", w[0]);
	else
		return -1;
	if (tm_parse_amount(joined, amount, res, reslen) != 0)
		return -1;
	for (i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (word_eq(res, alias[i][0]))
			snprintf(res, reslen, "%s", alias[i][1]);
	return 0;
}

static enum game_status
convert(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char from[8], to[8];
	int a, b, t, wp = 0;

	for (t = 1; t < nw && !word_eq(w[t], "to"); t++)
		;
	if (t >= nw || conversion_side(w + 1, t - 1, &a, from, sizeof(from)) != 0 ||
	    conversion_side(w + t + 1, nw - t - 1, &b, to, sizeof(to)) != 0)
		return tm_fail(err, errlen, "convert: write it as 'convert 3PW to 1W'");
	/*
	 * The Darklings' stronghold conversion (workers to priests 1 to 1, up
	 * to 3): the site opens it with the stronghold and keeps it open until
	 * their next conversion of anything, in whatever round; that one may
	 * not gain more than 3 of anything, and closes it.
	 */
	if (p->darkling_conv > 0) {
		if (b > 3)
			return tm_fail(err, errlen, "convert: %d at once; the first "
			    "conversion after the Darklings' stronghold gains 3 at most", b);
		wp = 1;
		p->darkling_conv = 0;
	}
	if (strcmp(from, "pw") == 0 && (strcmp(to, "c") == 0 ||
	    strcmp(to, "w") == 0 || strcmp(to, "p") == 0)) {
		int rate = to[0] == 'c' ? 1 : to[0] == 'w' ? 3 : 5;

		if (a != rate * b)
			return tm_fail(err, errlen, "convert: power converts %d to 1 %s",
			    rate, to);
		if (tm_spend_power(p, a) != 0)
			return tm_fail(err, errlen, "convert: you have %d power in bowl III",
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
			return tm_fail(err, errlen, "convert: %s converts 1 to 1", from);
		if (*src < a)
			return tm_fail(err, errlen, "convert: you have only %d %s", *src,
			    from[0] == 'p' ? "priests" : "workers");
		*src -= a;
		if (to[0] == 'c')
			p->c += b;
		else
			p->w += b;
		return GAME_OK;
	}
	if (strcmp(from, "w") == 0 && strcmp(to, "p") == 0) {
		if (!wp || a != b || p->w < a)
			return tm_fail(err, errlen, "convert: workers become priests only "
			    "for the Darklings, up to 3 in their first conversion after "
			    "building their stronghold");
		p->w -= a;
		tm_gain_priests(p, b);
		return GAME_OK;
	}
	if (strcmp(from, "vp") == 0 && strcmp(to, "c") == 0 &&
	    p->faction == TF_ALCHEMISTS) {
		if (a != b || p->vp < a)
			return tm_fail(err, errlen, "convert: Alchemists turn 1 VP into 1 C");
		p->vp -= a;
		p->c += b;
		return GAME_OK;
	}
	if (strcmp(from, "c") == 0 && strcmp(to, "vp") == 0) {
		int rate = p->faction == TF_ALCHEMISTS ? 2 : 3;

		if (a != rate * b || p->c < a)
			return tm_fail(err, errlen, "convert: coins become VP at %d to 1",
			    rate);
		p->c -= a;
		p->vp += b;
		return GAME_OK;
	}
	return tm_fail(err, errlen, "convert: %s to %s is not a conversion", from, to);
}

/*
 * May a seat that already passed this round pass again?  The Chaos
 * Magicians, when the pass was the first action of their double action
 * (ACTC) and the option strict-chaosmagician-sh is off: the pass took one
 * of the two actions, and the second one may be another pass (which
 * exchanges the bonus tile again and scores the pass VP again).  With the
 * option, passing ends the double action, and the turn with it (act_left
 * is 0).  And a seat whose turn is still open after its pass while
 * exactly one other has not passed (tm_passed_goes_on): its new turn may
 * be a pass.  strict-chaosmagician-sh refuses every second pass
 * (commands.pm:796-797).
 */
static enum game_status
second_pass_allowed(const struct tm_state *s, int seat, char *err, size_t errlen)
{
	if (!s->pl[seat].passed)
		return GAME_OK;
	if (s->act_left == 0 && !(s->cur == seat && tm_passed_goes_on(s)))
		return tm_fail(err, errlen, "pass: you have already passed this round");
	if (s->opt_strict_chaos)
		return tm_fail(err, errlen, "pass: you have already passed this round, "
		    "and strict-chaosmagician-sh allows one pass a round");
	return GAME_OK;
}

/* Move seat to the end of this round's turn order. */
static void
to_end_of_order(struct tm_state *s, int seat)
{
	int i, j = 0, order[TM_MAXP];

	for (i = 0; i < s->nseats; i++)
		if (s->order[i] != seat)
			order[j++] = s->order[i];
	order[j] = seat;
	memcpy(s->order, order, sizeof(order[0]) * (size_t)s->nseats);
}

/* Pass (or, in setup, pick the initial bonus tile). */
enum game_status
tm_cmd_pass(struct tm_state *s, int seat, int bon, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];

	/* in round 6 no bonus tile is taken; one named is let be (the site) */
	if (s->phase == TP_ACTIONS && s->round == 6)
		bon = 0;
	if (bon == 0 && !(s->phase == TP_ACTIONS && s->round == 6))
		return tm_fail(err, errlen, "pass: choose a bonus tile (pass BONn)");
	if (bon > 0 && !s->bon_avail[bon]) {
		int i;

		for (i = 0; i < s->nseats && s->pl[i].bon != bon; i++)
			;
		if (i == seat)
			return tm_fail(err, errlen, "pass: BON%d is your own tile; pass "
			    "with one from the pool", bon);
		if (i < s->nseats)
			return tm_fail(err, errlen, "pass: BON%d is not available (the %s "
			    "hold it)", bon, tm_fdefs[s->pl[i].faction].name);
		return tm_fail(err, errlen, "pass: BON%d is not available", bon);
	}
	if (s->phase == TP_ACTIONS) {
		enum game_status rc = second_pass_allowed(s, seat, err, errlen);

		if (rc == GAME_OK)
			rc = tm_begin_action(s, "pass", err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->vp += tm_pass_vp(s, seat);
		if (!p->passed)
			s->next_order[s->nnext++] = seat;
		p->passed = 1;
		s->act = TA_DONE;
		if (s->opt_strict_chaos)
			s->act_left = 0;
		/* In round 6 the bonus tile goes back and none is taken: a
		 * second pass (the Chaos Magicians' double action) scores no
		 * bonus tile again (as on the site). */
		if (bon == 0 && p->bon > 0) {
			s->bon_avail[p->bon] = 1;
			p->bon = 0;
		}
		/* With variable-turn-order the site puts a seat that passed at the
		 * end of the round's order at once; it shows when the seat acts
		 * again after passing (the first pass of the Chaos Magicians'
		 * double action): the turn then goes on from the start of the
		 * order, not to the seat after it. */
		if (s->opt_vto && s->act_left > 0)
			to_end_of_order(s, seat);
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

/* The name of the seat's faction, for messages ("" for none). */
static const char *
fname_of(const struct tm_state *s, int seat)
{
	return seat >= 0 && s->pl[seat].faction >= 0 ? tm_fdefs[s->pl[seat].faction].name : "";
}

/*
 * `leech N [from F]`, as the site takes it: the seat gains N power (no
 * more than its VP + 1, nor its bowls' room) and pays a VP for each but
 * the first; the offer it takes is its first one whose amount is N or
 * what it gains, from F when F is named.  The offers passed over on the
 * way are tainted (under strict-leech they must not be taken later), and
 * so is an offer the seat converted before taking (tm_cmd_convert).
 * With no such offer the site refuses only a leech that names F or
 * strict-leech, and otherwise gives the power all the same.  from: a
 * seat, or -1.
 */
enum game_status
tm_cmd_leech(struct tm_state *s, int seat, int n, int from, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int gain = n, i, found = -1;

	if (gain > p->vp)
		gain = p->vp + 1;
	if (gain > tm_capacity(p))
		gain = tm_capacity(p);
	tm_gain_power(p, gain);
	for (i = 0; i < s->noffer && found < 0; i++) {
		struct tm_offer *o = &s->offer[i];

		if (o->to != seat)
			continue;
		if ((o->amount != n && o->amount != gain) || (from >= 0 && from != o->from)) {
			o->taint = TT_LEECH;
			o->taint_n = n < 99 ? n : 99;
			o->taint_from = from + 1;
			continue;
		}
		found = i;
	}
	if (found < 0 && (from >= 0 || s->opt_strict_leech))
		return tm_fail(err, errlen, "leech %d: there is no offer of %d power for you%s%s "
		    "(the site's 'invalid leech')", n, n, from >= 0 ? " from " : "",
		    fname_of(s, from));
	if (found >= 0 && s->offer[found].taint != TT_NONE && s->opt_strict_leech) {
		const struct tm_offer *o = &s->offer[found];

		if (o->taint == TT_CONVERT)
			return tm_fail(err, errlen, "leech %d from %s: strict-leech: it should "
			    "come before your 'convert'", n, fname_of(s, o->from));
		return tm_fail(err, errlen, "leech %d from %s: strict-leech: it should come "
		    "before your 'leech %d%s%s'", n, fname_of(s, o->from), o->taint_n,
		    o->taint_from > 0 ? " from " : "", fname_of(s, o->taint_from - 1));
	}
	if (found >= 0)
		tm_offer_end(s, found, TO_TAKEN);
	if (gain > 1)
		p->vp -= gain - 1;
	tm_offer_recap(s, seat);
	return GAME_OK;
}

/*
 * `decline N from F`: the seat's first offer of N power from F, which
 * must be there; `decline` alone: every offer it has (none is no error,
 * as on the site).  from: a seat, or -1 with n 0 for all.
 */
enum game_status
tm_cmd_decline(struct tm_state *s, int seat, int n, int from, char *err, size_t errlen)
{
	int i;

	if (n == 0 && from < 0) {
		tm_decline_open(s, seat);
		return GAME_OK;
	}
	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat && s->offer[i].amount == n && s->offer[i].from == from) {
			tm_offer_end(s, i, TO_DECLINED);
			return GAME_OK;
		}
	return tm_fail(err, errlen, "decline %d from %s: you have no offer of %d power "
	    "from them", n, fname_of(s, from), n);
}

/* `connect rN` or `connect A:B[:C]`: a Mermaids' town across a river. */
enum game_status
tm_cmd_connect(struct tm_state *s, int seat, const char *spec, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char buf[32], *part[3], *save = NULL, *tok;
	int n = 0, r = -1, i, j, k, c[3];

	if (p->faction != TF_MERMAIDS)
		return tm_fail(err, errlen, "connect: only the Mermaids found towns "
		    "across a river");
	snprintf(buf, sizeof(buf), "%s", spec);
	for (tok = strtok_r(buf, ":", &save); tok != NULL && n < 3;
	    tok = strtok_r(NULL, ":", &save))
		part[n++] = tok;
	for (i = 0; i < n; i++) {
		c[i] = tm_cell_find(s, part[i]);
		if (c[i] < 0)
			return tm_fail(err, errlen, "connect: unknown cell '%s'", part[i]);
	}
	if (n == 1 && s->cells[c[0]].color == TC_RIVER)
		r = c[0];
	for (k = 0; k < TM_NCELLS && r < 0 && n >= 2; k++) {
		int all = s->cells[k].color == TC_RIVER;

		for (i = 0; i < n && all; i++) {
			int adj = 0;

			for (j = 0; j < s->cells[k].nadj; j++)
				if (s->cells[k].adj[j] == c[i])
					adj = 1;
			all = adj;
		}
		if (all)
			r = k;
	}
	if (r < 0)
		return tm_fail(err, errlen, "connect: '%s' names no river cell", spec);
	for (i = 0; i < 8; i++)
		if (p->conn_river[i] == 0 || p->conn_river[i] == r + 1) {
			p->conn_river[i] = r + 1;
			break;
		}
	k = p->towns + p->town_owed;
	tm_check_all_towns(s, seat);
	/* the site takes a connection only when it founds a town */
	if (p->towns + p->town_owed == k)
		return tm_fail(err, errlen, "connect: %s founds no town", spec);
	return GAME_OK;
}

/*
 * `done`: end the turn.  Turns end by themselves, so this changes nothing;
 * but the site refuses it from the seat whose action is still to come
 * ("must take an action"), the Chaos Magicians' second one included
 * (passing counts as one).  With loose-done the site takes it there too,
 * as the action given up (commands.pm:1438-1439: no action is left to
 * the turn, no offer is declined by it), and the turn ends.
 */
enum game_status
tm_cmd_done(struct tm_state *s, int seat, char *err, size_t errlen)
{
	/*
	 * After the action the site's done ends what may still follow it
	 * as part of it (commands.pm:1445: allowed_sub_actions = {}): a
	 * build on the hex it turned, a transform or dig more is then
	 * another action, in the seat's turn or in the turn that just ended
	 * and that it would otherwise take up again (tm_resume_turn; seed
	 * 630427).
	 */
	if (s->phase == TP_ACTIONS && s->cur == seat && !s->unlock_wait &&
	    s->act == TA_SPADES && s->act_left == 0) {
		s->act = TA_DONE;
		s->tf_left = 0;
		s->dig_ok = 0;
		return GAME_OK;
	}
	if (s->phase == TP_ACTIONS && s->tail == seat + 1 && s->cur != seat &&
	    !s->unlock_wait && s->kept.act == TA_SPADES && s->kept.act_left == 0) {
		s->kept.act = TA_DONE;
		s->kept.tf_left = 0;
		s->kept.dig_ok = 0;
		return GAME_OK;
	}
	if (s->phase != TP_ACTIONS || s->cur != seat || s->unlock_wait ||
	    (s->act != TA_NONE && s->act_left == 0) || (s->again && s->act_left == 0))
		return GAME_OK;
	if (s->opt_site & TO_DONE) {
		if (s->act == TA_NONE)
			s->act = TA_DONE;
		s->act_left = 0;
		s->tf_left = 0;
		s->dig_ok = 0;
		return GAME_OK;
	}
	if (s->act_left > 0)
		return tm_fail(err, errlen, "done: the Chaos Magicians' double action still "
		    "has %d action%s to take (passing counts as one)", s->act_left,
		    s->act_left == 1 ? "" : "s");
	return tm_fail(err, errlen, "done: take your action first (an action or pass)");
}
