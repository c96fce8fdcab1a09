/*
 * tlast.c - Terra Mystica: what the table is told of a submission and of
 * the power offers waiting for a decision.
 *
 *  - "Last:": the submission's commands, every power offer it made and
 *    every offer it ended that its commands do not name (declined by an
 *    action, withdrawn when a faction left), found by comparing the
 *    offers before and after it; the same events, one a line, in the
 *    submission's told (the log and the mover's answer), and whom a
 *    submission that only answered offers concerns.
 *  - Each offer's real gain and VP cost: capped by the room in the seat's
 *    bowls and by its VP, as a leech takes it.
 *  - What a seat is awaited for while its action owes something (a favor
 *    or town tile, spades, cult steps), and its offers, for waiting().
 *  - The ledger of a round's end and start: what each faction scored in
 *    the round, received from the round's cult bonus and as income, told
 *    once, with the submission that ended the round.
 *
 * Depends on tcore.c and tdata.c only; tplay.c and tflow.c call it.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"

int
tm_offer_gain(const struct tm_state *s, int i, int *vp)
{
	const struct tm_offer *o = &s->offer[i];
	const struct tm_player *p = &s->pl[o->to];
	int gain = o->amount;

	if (gain > tm_capacity(p))
		gain = tm_capacity(p);
	if (gain - 1 > p->vp)
		gain = p->vp + 1;
	if (gain < 0)
		gain = 0;
	*vp = gain > 1 ? gain - 1 : 0;
	return gain;
}

/* The faction name of the seat that made offer o. */
static const char *
offerer(const struct tm_state *s, const struct tm_offer *o)
{
	return tm_fdefs[s->pl[o->from].faction].name;
}

/* "leech 2 from halflings (2 power for 1 VP)", or "(nothing: bowls full)". */
static void
offer_text(const struct tm_state *s, int i, char *buf, size_t len)
{
	int vp, gain = tm_offer_gain(s, i, &vp);

	if (gain == 0)
		snprintf(buf, len, "leech %d from %s (nothing: bowls full)",
		    s->offer[i].amount, offerer(s, &s->offer[i]));
	else
		snprintf(buf, len, "leech %d from %s (%d power for %d VP)", s->offer[i].amount,
		    offerer(s, &s->offer[i]), gain, vp);
}

void
tm_offers_why(const struct tm_state *s, int seat, char *why, size_t len, char *brief,
    size_t blen)
{
	char one[96];
	size_t n = strlen(why);
	int i, k = 0, count = 0, first = -1;

	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat && count++ == 0)
			first = i;
	if (count == 0)
		return;
	if (count == 1)
		snprintf(brief, blen, "power offer from %s", offerer(s, &s->offer[first]));
	else
		snprintf(brief, blen, "%d power offers", count);
	/* Room kept for the end: ", and 3 more (the report lists them); leech or
	 * decline each". */
	for (i = 0; i < s->noffer && n < len; i++) {
		if (s->offer[i].to != seat)
			continue;
		offer_text(s, i, one, sizeof(one));
		if (n + 2 + strlen(one) + (k + 1 < count ? 62 : 25) > len)
			break;
		n += (size_t)snprintf(why + n, len - n, "%s%s", k++ > 0 ? ", " : n == 0 ? "" :
		    why[n - 1] == ':' ? " " : "; ", one);
	}
	if (k < count && n < len)
		n += (size_t)snprintf(why + n, len - n, "%sand %d more (the report lists "
		    "them)", k > 0 ? ", " : " ", count - k);
	if (n < len)
		snprintf(why + n, len - n, count > 1 ? "; leech or decline each" : " or decline");
}

const char *
tm_owed_why(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];

	if (p->fav_owed > 1)
		return "take your favor tiles (+FAVn, one a line)";
	if (p->fav_owed)
		return "take a favor tile (+FAVn)";
	if (p->town_owed > 1)
		return "take your town tiles (+TWn, one a line)";
	if (p->town_owed)
		return "take a town tile (+TWn)";
	if (p->cult_owed || p->cult2_owed)
		return "place the cult steps owed (+CULT)";
	if (p->free_tp)
		return "upgrade a dwelling to a trading post for free (upgrade HEX to TP)";
	if (p->free_d)
		return "build a dwelling on a forest hex for free (build HEX)";
	if (p->spades > 0 || p->free_tf)
		return "spend the spades (transform HEX to COLOUR, or build HEX)";
	return NULL;
}

void
tm_last_begin(struct tm_state *s, struct tm_before *b)
{
	b->noffer = s->noffer;
	memcpy(b->offer, s->offer, sizeof(b->offer));
	b->round = s->round;
	/* The round's end is told until its income is paid: the spades of
	 * its cult bonus come between (issue 27). */
	if (s->phase != TP_CULTSPADES)
		s->ledger[0] = '\0';
}

/*
 * The words of command k of cl, normalized, without a "faction:" prefix,
 * into buf and w; how many when it is a leech or a decline, else 0.
 */
static int
answer_words(const struct cmdlist *cl, int k, char *buf, size_t len, char **w)
{
	int nw;

	snprintf(buf, len, "%s", cl->cmd[k]);
	tm_normalize(buf);
	nw = cmd_words(buf, w, CMD_MAX_WORDS);
	if (nw > 1 && w[0][strlen(w[0]) - 1] == ':') {
		memmove(w, w + 1, sizeof(w[0]) * (size_t)(nw - 1));
		nw--;
	}
	if (nw < 1 || !(word_eq(w[0], "leech") || word_eq(w[0], "decline")))
		return 0;
	return nw;
}

/*
 * Of the offers ended in this submission, those to seat that its own
 * leech or decline commands named: mark them in done[].  What is left
 * ended otherwise (an action's implicit decline).
 */
static void
named_offers(const struct tm_state *s, int seat, const struct cmdlist *cl,
    const struct tm_before *b, const int *ended, int *done)
{
	char buf[CMD_MAX_LEN + 1], *w[CMD_MAX_WORDS];
	int i, j, nw, n, from, all;

	for (i = 0; i < cl->n; i++) {
		if ((nw = answer_words(cl, i, buf, sizeof(buf), w)) == 0)
			continue;
		n = nw >= 2 ? tm_count_arg(w[1]) : 0;
		from = nw >= 4 && word_eq(w[2], "from") ? tm_faction_find(w[3]) : -1;
		all = word_eq(w[0], "decline") && nw == 1;
		/* as tm_find_offer: the offer of that amount first, then any */
		for (j = 0; j < b->noffer; j++)
			if (ended[j] && !done[j] && b->offer[j].to == seat && (all ||
			    ((from < 0 || s->pl[b->offer[j].from].faction == from) &&
			    (n <= 0 || b->offer[j].amount == n)))) {
				done[j] = 1;
				if (!all)
					break;
			}
		if (!all && j == b->noffer)
			for (j = 0; j < b->noffer; j++)
				if (ended[j] && !done[j] && b->offer[j].to == seat && (from < 0 ||
				    s->pl[b->offer[j].from].faction == from)) {
					done[j] = 1;
					break;
				}
	}
}

/* 1 when every command of cl is a leech or a decline (a "faction:" prefix allowed). */
static int
only_answers(const struct cmdlist *cl)
{
	char buf[CMD_MAX_LEN + 1], *w[CMD_MAX_WORDS];
	int i;

	for (i = 0; i < cl->n; i++)
		if (answer_words(cl, i, buf, sizeof(buf), w) == 0)
			return 0;
	return cl->n > 0;
}

void
tm_last_record(struct tm_state *s, int seat, const struct cmdlist *cl,
    const struct tm_before *b, struct game_played *out)
{
	int ended[TM_MAXOFFER], done[TM_MAXOFFER], kept[TM_MAXOFFER];
	char one[128], *told = out->told;
	size_t len;
	int i, j, made = 0, acted = 0, gone = 0;

	told[0] = '\0';
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
	/* The offers kept: the same seat, maker and amount before and after. */
	memset(kept, 0, sizeof(kept));
	for (i = 0; i < b->noffer; i++) {
		ended[i] = 1;
		done[i] = 0;
		for (j = 0; j < s->noffer; j++)
			if (!kept[j] && s->offer[j].to == b->offer[i].to &&
			    s->offer[j].from == b->offer[i].from &&
			    s->offer[j].amount == b->offer[i].amount) {
				kept[j] = 1;
				ended[i] = 0;
				break;
			}
	}
	for (j = 0; j < s->noffer; j++) {
		if (kept[j])
			continue;
		offer_text(s, j, one, sizeof(one));
		str_addf(s->last, sizeof(s->last), "%s %s may %s", made++ ? "," : " - offers:",
		    tm_fdefs[s->pl[s->offer[j].to].faction].name, one);
		str_addf(told, GAME_TOLD_LEN, "%s may %s\n", tm_fdefs[s->pl[s->offer[j].to].faction].name,
		    one);
	}
	if (seat >= 0)
		named_offers(s, seat, cl, b, ended, done);
	for (i = 0; i < b->noffer; i++) {
		const struct tm_offer *o = &b->offer[i];

		if (!ended[i] || done[i])
			continue;
		if (o->to == seat) {
			str_addf(s->last, sizeof(s->last), "%s leech %d from %s", acted++ ? "," :
			    " - declined by acting:", o->amount, offerer(s, o));
			str_addf(told, GAME_TOLD_LEN, "declined by acting: leech %d from %s\n",
			    o->amount, offerer(s, o));
		} else {
			/* a faction's name is a plural: "the engineers' offer" */
			str_addf(s->last, sizeof(s->last), "%s %s' offer from %s", gone++ ? "," :
			    " - withdrawn:", tm_fdefs[s->pl[o->to].faction].name, offerer(s, o));
			str_addf(told, GAME_TOLD_LEN, "withdrawn: %s' offer from %s\n",
			    tm_fdefs[s->pl[o->to].faction].name, offerer(s, o));
		}
	}
	len = strlen(told);
	while (len > 0 && told[len - 1] == '\n')
		told[--len] = '\0';
	/* An answer that also ended the round (the last offer of the round
	 * answered) is news to every seat: the round's ledger. */
	out->concerns = seat >= 0 && only_answers(cl) && s->round == b->round &&
	    s->phase != TP_CULTSPADES && !s->over ? 1u << seat : 0;
}

void
tm_ledger_take(const struct tm_state *s, struct tm_purse *pu)
{
	int i;

	for (i = 0; i < s->nseats && i < TM_MAXP; i++) {
		const struct tm_player *p = &s->pl[i];

		pu[i].vp = p->vp;
		pu[i].c = p->c;
		pu[i].w = p->w;
		pu[i].p = p->p;
		pu[i].charge = p->pw[1] + 2 * p->pw[2];
		pu[i].spades = p->spades;
	}
}

/* What seat received since pu ("+2C +1W +4PW"), into buf; "nothing". */
static void
received(const struct tm_state *s, int seat, const struct tm_purse *pu, char *buf,
    size_t len)
{
	const struct tm_player *p = &s->pl[seat];
	int d[6], i;
	static const char *const unit[6] = { "C", "W", "P", "PW", " spade(s)", " VP" };

	d[0] = p->c - pu->c;
	d[1] = p->w - pu->w;
	d[2] = p->p - pu->p;
	d[3] = p->pw[1] + 2 * p->pw[2] - pu->charge;
	d[4] = p->spades - pu->spades;
	d[5] = p->vp - pu->vp;
	buf[0] = '\0';
	for (i = 0; i < 6; i++)
		if (d[i] != 0)
			str_addf(buf, len, "%s%+d%s", buf[0] != '\0' ? " " : "", d[i], unit[i]);
	if (buf[0] == '\0')
		snprintf(buf, len, "nothing");
}

/* The cult bonus part of scoring tile n's text ("2 FIRE -> 1 W"). */
static const char *
cult_bonus(int n)
{
	const char *d = tm_score_desc(n), *c = strchr(d, ',');

	return c != NULL ? c + 2 : d;
}

void
tm_ledger_note(struct tm_state *s, const struct tm_purse *pu, int income)
{
	char one[96], *l = s->ledger;
	size_t len = sizeof(s->ledger);
	int i, first = 1;

	if (!income) {
		str_addf(l, len, "%sRound %d ended; VP scored in it:", l[0] != '\0' ? "\n" : "",
		    s->round);
		for (i = 0; i < s->nseats; i++)
			if (s->pl[i].faction >= 0)
				str_addf(l, len, "%s %s %+d", i ? "," : "", tm_fdefs[s->pl[i].faction].name,
				    pu[i].vp - s->round_vp[i]);
		if (s->round >= 6) {
			str_addf(l, len, ".");
			return;
		}
		str_addf(l, len, ".\nIts cult bonus (%s):", cult_bonus(s->score_tile[s->round - 1]));
	} else
		str_addf(l, len, "%sRound %d income:", l[0] != '\0' ? "\n" : "", s->round);
	for (i = 0; i < s->nseats; i++) {
		if (s->pl[i].faction < 0 || s->pl[i].dropped)
			continue;
		received(s, i, &pu[i], one, sizeof(one));
		str_addf(l, len, "%s %s %s", first ? "" : ",", tm_fdefs[s->pl[i].faction].name, one);
		first = 0;
	}
	str_addf(l, len, ".");
	if (income)
		for (i = 0; i < s->nseats; i++)
			s->round_vp[i] = s->pl[i].vp;
}
