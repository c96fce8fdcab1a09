/*
 * wt_words.h - a command of one Warriors & Traders submission split into
 * words (wt_play.c), and the phase handlers other files hold.
 */
#ifndef ARBITER_WT_WORDS_H
#define ARBITER_WT_WORDS_H

#include "wt.h"

enum { MAXW = CMD_MAX_WORDS };

/* One command split into words, commas treated as spaces. */
struct words {
	char buf[CMD_MAX_LEN + 1];
	char *w[MAXW];
	int n;
};

/* wt_trade.c: one trade-phase command (route, deal, bank, vp, pass). */
int wt_trade_cmd(struct wt_state *s, int seat, struct words *wd, char *err, size_t errlen);
/* wt_trade.c: the seat's bank trades and purchases can be paid at all. */
int wt_check_bank(const struct wt_state *s, int seat, char *err, size_t errlen);

#endif
