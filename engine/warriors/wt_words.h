/*
 * wt_words.h - a command of one Warriors & Traders submission split into
 * words (wt_play.c), and the phase handlers other files hold.
 */
#ifndef ARBITER_WT_WORDS_H
#define ARBITER_WT_WORDS_H

#include "wt.h"
#include "../notation.h"

enum { MAXW = CMD_MAX_WORDS };

/* One command split into words, commas treated as spaces. */
struct words {
	char buf[CMD_MAX_LEN + 1];
	char *w[MAXW];
	int n;
};

/*
 * A submission's commands (as struct cmdlist) and the one being judged:
 * when a command is refused, its number goes before the reason ("command
 * 2: ..."), as in every game's refusals.  at is -1 when the refusal is of
 * the submission as a whole.
 */
struct wt_sub {
	int n;
	char **cmd;
	int at;
};

/* wt_play.c: split a command into words; 0, or -1 with err. */
int wt_split_words(const char *cmd, struct words *wd, char *err, size_t errlen);
/* wt_play.c: read command i of a submission, applying any-time orders;
 * 1 when wd holds an order for the caller, 0 when done with, -1 with err. */
int wt_order_at(struct wt_state *s, int seat, struct wt_sub *cl, int i,
    struct words *wd, char *err, size_t errlen);

/* wt_man.c: the manoeuvre's submissions (13.6) and unify's actions. */
int wt_man_sub(struct wt_state *s, int seat, struct wt_sub *cl, char *err,
    size_t errlen);
int wt_defend_sub(struct wt_state *s, int seat, struct wt_sub *cl, char *err,
    size_t errlen);
int wt_unify_acts(struct wt_state *s, struct wt_sub *cl, int from,
    struct wt_act *acts, char *err, size_t errlen);

/* wt_trade.c: one trade-phase command (route, deal, bank, vp, pass). */
int wt_trade_cmd(struct wt_state *s, int seat, struct words *wd, char *err, size_t errlen);
/* wt_trade.c: the seat's bank trades and purchases can be paid at all;
 * -1 with err and the failing order's index in *which otherwise. */
int wt_check_bank(const struct wt_state *s, int seat, int *which, char *err,
    size_t errlen);

#endif
