/*
 * wt_hooks.c - Warriors & Traders: the public form of a submission (the
 * public_text hook).
 *
 * arbiter-warriors(6) "Hidden information": what a seat has sent but the
 * table has not yet seen stays private: trade orders before the round is
 * resolved, queued development commands (a second or special action sent
 * ahead, a queued unification and its actions, a track shift), the
 * attacker's damage split, retreat and rout orders while the defender
 * decides, its princess steps and a unification after moves until the
 * battles are over, and standing orders (feed, defend).  The public form keeps the commands whose effect the
 * table sees at once, in order, and drops the others without a trace, so
 * two submissions that leave the same board have the same public form.
 * A submission with nothing public reads "(orders kept private)".
 */
#include <string.h>

#include "../notation.h"
#include "wt.h"

/* Whether command c (lower-cased words w[0..n)) of seat is private now. */
static int
private_cmd(const struct wt_state *s, int seat, char **w, int n, int *answered,
    int *queued)
{
	if (n == 0)
		return 0;
	if (word_eq(w[0], "feed") || word_eq(w[0], "defend") || word_eq(w[0], "shift"))
		return 1;
	if (word_eq(w[0], "peace"))
		return 0;		/* an offer the table sees (7.2) */
	if (s->phase == PH_TRADE)
		return 1;
	if (s->phase == PH_DEV) {
		if (*queued)
			return 1;	/* after `unify`: its queued actions */
		if (word_eq(w[0], "unify")) {
			*queued = 1;
			return 1;
		}
		if (word_eq(w[0], "special") && s->slot != SLOT_SPECIAL)
			return 1;	/* queued for the special slot */
		if (*answered)
			return 1;	/* queued for the second slot */
		*answered = 1;
		return 0;
	}
	/*
	 * The manoeuvring seat's moves happen at once; its damage split,
	 * retreat and rout orders wait for the battles, its princess steps
	 * and a unification after moves for their end.  Its "done" is not
	 * shown either: alone it would tell a plain "done" from one with
	 * princess steps, which leave the same board.
	 */
	if (s->phase == PH_MAN && seat == wt_man_seat(s) &&
	    (word_eq(w[0], "damage") || word_eq(w[0], "retreat") || word_eq(w[0], "rout") ||
	    word_eq(w[0], "princess") || word_eq(w[0], "unify") || word_eq(w[0], "done") ||
	    word_eq(w[0], "pass") || *queued)) {
		if (word_eq(w[0], "unify"))
			*queued = 1;	/* and the actions that follow it */
		return 1;
	}
	return 0;
}

void
wt_public_text(const void *before, int seat, const char *text, struct sbuf *out)
{
	const struct wt_state *s = before;
	struct cmdlist cl;
	int i, answered = 0, queued = 0, shown = 0;

	if (cmd_split(text, ";", &cl) != 0) {
		sb_puts(out, "(orders kept private)\n");
		return;
	}
	for (i = 0; i < cl.n; i++) {
		char buf[CMD_MAX_LEN + 1], *w[CMD_MAX_WORDS];
		int n;

		snprintf(buf, sizeof(buf), "%s", cl.cmd[i]);
		n = cmd_words(buf, w, CMD_MAX_WORDS);
		if (n > CMD_MAX_WORDS)
			n = CMD_MAX_WORDS;
		if (private_cmd(s, seat, w, n, &answered, &queued))
			continue;
		sb_printf(out, "%s\n", cl.cmd[i]);
		shown++;
	}
	if (shown == 0)
		sb_puts(out, "(orders kept private)\n");
	cmd_free(&cl);
}
