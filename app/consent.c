/*
 * consent.c - undo by consent.  A player asks by mail ("undo") to take
 * back the game's last move; every other seat is asked, and the move is
 * taken back when all of them have answered "agree" before the request
 * expires (the game's deadline, else two days).  One "refuse" closes the
 * request; so does any move, since the request names the move count it
 * was asked at.  A move whose draws were seen is never taken back this
 * way (the game master's `arbiter undo --force` can).  Everyone is mailed
 * the restored board.  All inside the caller's transaction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"
#include "../mail/reply.h"

#define DEFAULT_HOURS 48

/* Mail every seat but skip the news (mail-table.txt). */
static int
tell(struct config *cfg, struct store *s, const struct loaded *g, int skip, const char *what,
    const char *news)
{
	char subject[300];
	int i, rc = STORE_OK;

	snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: %s", (long long)g->row.id,
	    g->row.title, what);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		struct sbuf body = SBUF_INIT;
		json_t *v;

		if (i == skip)
			continue;
		v = json_pack("{s:s, s:s, s:I, s:s}", "name", g->names[i], "title",
		    g->row.title, "id", (json_int_t)g->row.id, "news", news);
		if (v == NULL || template_render("mail-table.txt", v, &body) != 0)
			rc = STORE_ERROR;
		else
			rc = outmail_queue(cfg, s, g, i, NULL, "table", subject, sb_str(&body),
			    NULL);
		json_decref(v);
		sb_free(&body);
	}
	return rc;
}

/* "bo, cy": the seats that have not agreed. */
static void
missing(const struct loaded *g, unsigned agreed, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < g->row.nseats && n < len; i++)
		if (!(agreed & (1u << i)))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
			    g->names[i]);
}

/* Take the move back: every seat agreed. */
static int
apply(struct ctx *c, struct store *s, struct loaded *g, const struct store_proposal *p,
    char *result, size_t len)
{
	char err[300], news[400];
	int rc, seq = g->row.nmoves;

	if ((rc = game_drop_last(c, g, err, sizeof(err))) != STORE_OK ||
	    (rc = store_proposal_drop(s, g->row.id)) != STORE_OK)
		return rc;
	snprintf(news, sizeof(news), "Move %d was taken back: %s asked and everyone agreed. "
	    "The game is at move %d again; replies to earlier mail no longer act.", seq,
	    g->names[p->seat], g->row.nmoves);
	if ((rc = notify_restored(c, s, g, news)) != STORE_OK)
		return rc;
	snprintf(result, len, "Everyone agreed: move %d was taken back, and everyone has been "
	    "sent the board as it is again.", seq);
	return STORE_OK;
}

int
consent_handle(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g, int seat,
    int what, int64_t now, char *result, size_t len)
{
	struct store_proposal p;
	struct store_move last;
	char when[64], news[600], wait[300];
	int rc, open_;

	rc = store_proposal_get(s, g->row.id, &p);
	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		return rc;
	open_ = rc == STORE_OK && p.expires > now && p.at_move == g->row.nmoves &&
	    !g->row.over;
	if (rc == STORE_OK && !open_ && (rc = store_proposal_drop(s, g->row.id)) != STORE_OK)
		return rc;
	if (what == REPLY_UNDO) {
		if (g->row.over) {
			snprintf(result, len, "Nothing was asked: the game is %s.",
			    g->row.over == STORE_ABANDONED ? "abandoned" : "over");
			return STORE_OK;
		}
		if (g->row.nmoves == 0) {
			snprintf(result, len, "Nothing was asked: the game has no move to take "
			    "back.");
			return STORE_OK;
		}
		if (open_) {
			missing(g, p.agreed, wait, sizeof(wait));
			snprintf(result, len, "Nothing was asked: %s's request to take back move %d "
			    "is open already, waiting for %s.", g->names[p.seat], p.at_move, wait);
			return STORE_OK;
		}
		memset(&last, 0, sizeof(last));
		if ((rc = store_move_get(s, g->row.id, g->row.nmoves, &last)) != STORE_OK)
			return rc;
		if (last.drew) {
			snprintf(result, len, "Nothing was asked: move %d drew from the bag and its "
			    "draws were seen, so only the game master can take it back.", last.seq);
			store_move_free(&last);
			return STORE_OK;
		}
		memset(&p, 0, sizeof(p));
		snprintf(p.kind, sizeof(p.kind), "undo");
		p.seat = seat;
		p.at_move = g->row.nmoves;
		p.expires = now + (int64_t)(g->row.deadline_hours > 0 ? g->row.deadline_hours :
		    DEFAULT_HOURS) * 3600;
		p.agreed = 1u << seat;
		clock_time_text(p.expires, when, sizeof(when));
		snprintf(news, sizeof(news), "%s asks to take back move %d (%s: %s). Reply to "
		    "this mail with a line \"agree\" or \"refuse\" before %s; the move is taken "
		    "back once everyone agrees, and any move first closes the request.",
		    g->names[seat], last.seq, last.seat >= 0 && last.seat < g->row.nseats ?
		    g->names[last.seat] : "admin", last.shown != NULL ? last.shown : last.text,
		    when);
		store_move_free(&last);
		if ((rc = store_proposal_put(s, g->row.id, &p)) != STORE_OK ||
		    (rc = tell(cfg, s, g, seat, "undo asked", news)) != STORE_OK)
			return rc;
		snprintf(result, len, "Asked: the others are asked to agree to take back move %d "
		    "before %s.", p.at_move, when);
		return STORE_OK;
	}
	if (!open_) {
		snprintf(result, len, "Nothing was counted: no request waits for your answer (it "
		    "was answered, it lapsed, or the game moved on).");
		return STORE_OK;
	}
	if (what == REPLY_REFUSE) {
		if ((rc = store_proposal_drop(s, g->row.id)) != STORE_OK)
			return rc;
		snprintf(news, sizeof(news), "%s refused to take back move %d; the request is "
		    "closed and the game goes on.", g->names[seat], p.at_move);
		if ((rc = tell(cfg, s, g, seat, "undo refused", news)) != STORE_OK)
			return rc;
		snprintf(result, len, "Noted: you refused; the request is closed and the table "
		    "has been told.");
		return STORE_OK;
	}
	p.agreed |= 1u << seat;
	if (p.agreed == (1u << g->row.nseats) - 1)
		return apply(c, s, g, &p, result, len);
	if ((rc = store_proposal_put(s, g->row.id, &p)) != STORE_OK)
		return rc;
	missing(g, p.agreed, wait, sizeof(wait));
	snprintf(result, len, "Noted: you agree to take back move %d; still waiting for %s.",
	    p.at_move, wait);
	return STORE_OK;
}
