/*
 * wt_trade.c - the trade phase's commands (4): routes, deals, bank trades
 * and purchases of VP, checked against the seat's stock and its deals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wt.h"
#include "../notation.h"
#include "wt_words.h"

/* ----------------------------------------------------------------- trade */

/* Append "1 food, 2 goods" for a bundle (nothing for an empty one). */
static void
bundle_text(const int *res, char *out, size_t len)
{
	size_t o;
	int r, first = 1;

	for (r = 0; r < WT_NRES; r++) {
		if (res[r] == 0)
			continue;
		o = strlen(out);
		snprintf(out + o, len - o, "%s %d %s", first ? "" : ",", res[r],
		    wt_res_name[r]);
		first = 0;
	}
}

/* See wt.h. */
void
wt_deal_text(const struct wt_state *s, const struct wt_deal *d, char *out, size_t len)
{
	size_t o;

	snprintf(out, len, "deal %s give", wt_seat_code(s, d->partner));
	bundle_text(d->give, out, len);
	o = strlen(out);
	snprintf(out + o, len - o, " get");
	bundle_text(d->get, out, len);
}

/*
 * Check the bank trades and purchases, in the order written, against the
 * seat's stock plus everything its deals of this submission would bring
 * in: deals are resolved before the bank (4.6), so their proceeds may be
 * spent there.  This only refuses what could never be paid; an order that
 * the stock does not cover when the round is resolved (a deal was void,
 * or its goods were given away) is voided then (wt_flow.c).
 */
int
wt_check_bank(const struct wt_state *s, int seat, int *which, char *err, size_t errlen)
{
	const struct wt_tradesub *t = &s->p[seat].ts;
	int res[WT_NRES], k, r;

	memcpy(res, s->p[seat].res, sizeof(res));
	for (k = 0; k < t->ndeals; k++)
		for (r = 0; r < WT_NRES; r++)
			res[r] += t->deal[k].get[r];
	for (k = 0; k < t->nbank; k++) {
		const struct wt_bank *b = &t->bank[k];

		*which = k;
		if (b->buyvp) {
			if (res[WT_GOLD] < WT_GOLD_PER_VP * b->amount) {
				snprintf(err, errlen, "buy %d vp: costs %d gold; you would have %d",
				    b->amount, WT_GOLD_PER_VP * b->amount, res[WT_GOLD]);
				return -1;
			}
			res[WT_GOLD] -= WT_GOLD_PER_VP * b->amount;
			continue;
		}
		if (res[b->from] < b->amount) {
			snprintf(err, errlen, "trade: you would have %d %s, not %d",
			    res[b->from], wt_res_name[b->from], b->amount);
			return -1;
		}
		res[b->from] -= b->amount;
		res[b->to] += b->got;
	}
	return 0;
}

/* `trade N res for M res` (4.4). */
static int
bank_trade(struct wt_state *s, int seat, const struct words *wd, char *err,
    size_t errlen)
{
	struct wt_tradesub *t = &s->p[seat].ts;
	struct wt_bank *b;
	int ratio = wt_trade_ratio[s->p[seat].track[WT_TRADE_T]];

	if (wd->n != 6 || !word_eq(wd->w[3], "for")) {
		snprintf(err, errlen, "trade: write 'trade <n> <resource> for <n> <resource>'");
		return -1;
	}
	if (!wt_may_trade(s, seat)) {
		snprintf(err, errlen, "trade: you need a trade centre%s (4.1)",
		    wt_owns_type(s, seat, WT_TRADE) ? ", and Monopoly while anyone holds it" : "");
		return -1;
	}
	if (t->nbank >= WT_MAXBANK) {
		snprintf(err, errlen, "trade: at most %d bank trades per turn", WT_MAXBANK);
		return -1;
	}
	b = &t->bank[t->nbank];
	b->buyvp = 0;
	b->amount = wt_count_word(wd->w[1]);
	b->from = wt_find_res(wd->w[2]);
	b->got = wt_count_word(wd->w[4]);
	b->to = wt_find_res(wd->w[5]);
	if (b->amount < 0 || b->got < 0 || b->from < 0 || b->to < 0 || b->from == b->to) {
		snprintf(err, errlen, "trade: give one resource for another, in whole numbers");
		return -1;
	}
	if (b->amount != ratio * b->got) {
		snprintf(err, errlen, "trade: your ratio is %d:1 (trade %s), so %d %s "
		    "buy %d, not %d", ratio, wt_roman[s->p[seat].track[WT_TRADE_T]],
		    b->amount, wt_res_name[b->from], b->amount / ratio, b->got);
		return -1;
	}
	t->nbank++;
	return 0;
}

/* `buy N vp` (4.5). */
static int
buy_vp(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	struct wt_tradesub *t = &s->p[seat].ts;
	int n;

	if (wd->n != 3 || (n = wt_count_word(wd->w[1])) < 0 || !word_eq(wd->w[2], "vp")) {
		snprintf(err, errlen, "buy: write 'buy <n> vp'");
		return -1;
	}
	if (t->nbank >= WT_MAXBANK) {
		snprintf(err, errlen, "buy: at most %d bank orders per turn", WT_MAXBANK);
		return -1;
	}
	t->bank[t->nbank].buyvp = 1;
	t->bank[t->nbank].amount = n;
	t->nbank++;
	return 0;
}

/* `deal X give ... get ...` (4.3). */
static int
deal(struct wt_state *s, int seat, struct words *wd, char *err, size_t errlen)
{
	struct wt_tradesub *t = &s->p[seat].ts;
	struct wt_deal *d;
	int i, g = -1, r, any = 0;

	if (wd->n < 4 || !word_eq(wd->w[2], "give")) {
		snprintf(err, errlen, "deal: write 'deal <player> give <n> <res>, ... "
		    "get <n> <res>, ...'");
		return -1;
	}
	for (i = 3; i < wd->n; i++)
		if (word_eq(wd->w[i], "get"))
			g = i;
	if (g < 0) {
		snprintf(err, errlen, "deal: the word 'get' is missing");
		return -1;
	}
	if (t->ndeals >= WT_MAXDEALS) {
		snprintf(err, errlen, "deal: at most %d deals per turn", WT_MAXDEALS);
		return -1;
	}
	d = &t->deal[t->ndeals];
	memset(d, 0, sizeof(*d));
	if ((d->partner = wt_find_seat(s, wd->w[1])) < 0 || d->partner == seat) {
		snprintf(err, errlen, "deal: '%s' is not another player", wd->w[1]);
		return -1;
	}
	if (!wt_may_trade(s, seat)) {
		snprintf(err, errlen, "deal: you need a trade centre (and Monopoly while "
		    "anyone holds it) to trade (4.1)");
		return -1;
	}
	if (wt_at_war(s, seat, d->partner)) {
		snprintf(err, errlen, "deal: you are at war with %s (4.1)",
		    wt_seat_code(s, d->partner));
		return -1;
	}
	if (wt_parse_bundle(wd->w + 3, g - 3, d->give, err, errlen) != 0 ||
	    wt_parse_bundle(wd->w + g + 1, wd->n - g - 1, d->get, err, errlen) != 0)
		return -1;
	for (r = 0; r < WT_NRES; r++)
		any += d->give[r] + d->get[r];
	if (any == 0) {
		snprintf(err, errlen, "deal: nothing changes hands");
		return -1;
	}
	t->ndeals++;
	return 0;
}

/* `open route X` / `close route X` (4.2). */
static int
route(struct wt_state *s, int seat, const struct words *wd, char *err, size_t errlen)
{
	struct wt_tradesub *t = &s->p[seat].ts;
	int on, i, n = 0, open = word_eq(wd->w[0], "open");

	if (wd->n != 3 || !word_eq(wd->w[1], "route") ||
	    (on = wt_find_seat(s, wd->w[2])) < 0 || on == seat) {
		snprintf(err, errlen, "%s route: write '%s route <player>'", wd->w[0], wd->w[0]);
		return -1;
	}
	if (!open) {
		if (!(s->p[seat].routes & (1 << on))) {
			snprintf(err, errlen, "close route: you opened no route to %s",
			    wt_seat_code(s, on));
			return -1;
		}
		t->close |= 1 << on;
		return 0;
	}
	if (!wt_may_trade(s, seat)) {
		snprintf(err, errlen, "open route: you need a trade centre to trade (4.1)");
		return -1;
	}
	if (!wt_owns_type(s, on, WT_TRADE)) {
		snprintf(err, errlen, "open route: %s controls no trade centre (4.2)",
		    wt_seat_code(s, on));
		return -1;
	}
	if (wt_at_war(s, seat, on)) {
		snprintf(err, errlen, "open route: you are at war with %s", wt_seat_code(s, on));
		return -1;
	}
	if ((s->p[seat].routes & (1 << on)) || (s->p[on].routes & (1 << seat))) {
		snprintf(err, errlen, "open route: a route to %s is already open",
		    wt_seat_code(s, on));
		return -1;
	}
	t->open |= 1 << on;
	for (i = 0; i < s->nseats; i++)
		if (((s->p[seat].routes & ~t->close) | t->open) & (1 << i))
			n++;
	if (n > wt_trade_routes[s->p[seat].track[WT_TRADE_T]]) {
		snprintf(err, errlen, "open route: trade %s allows %d open route(s) (T1.2)",
		    wt_roman[s->p[seat].track[WT_TRADE_T]],
		    wt_trade_routes[s->p[seat].track[WT_TRADE_T]]);
		return -1;
	}
	return 0;
}

/* One command of a trade submission (13.4). */
int
wt_trade_cmd(struct wt_state *s, int seat, struct words *wd, char *err, size_t errlen)
{
	const char *w0 = wd->w[0];

	if (word_eq(w0, "pass") && wd->n == 1)
		return 0;
	if (word_eq(w0, "open") || word_eq(w0, "close"))
		return route(s, seat, wd, err, errlen);
	if (word_eq(w0, "deal"))
		return deal(s, seat, wd, err, errlen);
	if (word_eq(w0, "trade"))
		return bank_trade(s, seat, wd, err, errlen);
	if (word_eq(w0, "buy"))
		return buy_vp(s, seat, wd, err, errlen);
	snprintf(err, errlen, "'%s': in the trade phase send open/close route, deal, "
	    "trade, buy or pass", w0);
	return -1;
}

