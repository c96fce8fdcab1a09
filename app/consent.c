/*
 * consent.c - undo by consent, and the vote on a seat past its deadline.
 *
 * Votes (on_timeout=vote): when a seat's grace is over, the other seats
 * are asked to reply "agree" (drop the seat) or "refuse" (wait for it)
 * within the grace again (a day at least).  More than half of them
 * agreeing drops the seat at the next `arbiter remind`; more than half
 * refusing, or no majority when the vote closes, keeps the game waiting
 * for it with a reminder a day.  A move by the seat ends the vote.
 *
 * Undo by consent.  A player asks by mail ("undo") to take
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

/* Seats that may vote on seat: every other one. */
static int
voters(const struct loaded *g)
{
	return g->row.nseats - 1;
}

static int
bits(unsigned v)
{
	int n = 0;

	for (; v != 0; v &= v - 1)
		n++;
	return n;
}

int
vote_result(const struct loaded *g, const struct store_proposal *p)
{
	if (bits(p->agreed) * 2 > voters(g))
		return 1;
	if (bits(p->refused) * 2 > voters(g))
		return -1;
	return 0;
}

int
vote_open(struct store *s, struct loaded *g, int seat, int64_t now, int64_t *closes,
    char *news, size_t len)
{
	struct store_proposal p;
	char when[64];
	int rc, hours = g->row.grace_hours > 24 ? g->row.grace_hours : 24;

	news[0] = '\0';
	rc = store_proposal_get(s, g->row.id, &p);
	if (rc == STORE_OK && p.expires > now && p.at_move == g->row.nmoves) {
		*closes = 0;	/* another request is open: the vote waits for it */
		return STORE_OK;
	}
	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		return rc;
	memset(&p, 0, sizeof(p));
	snprintf(p.kind, sizeof(p.kind), "drop");
	p.seat = seat;
	p.at_move = g->row.nmoves;
	p.expires = now + (int64_t)hours * 3600;
	*closes = p.expires;
	clock_time_text(p.expires, when, sizeof(when));
	snprintf(news, len, "the grace after %s's deadline is over. Vote by replying "
	    "to this mail with a line \"agree\" to drop %s from the game, or \"refuse\" to "
	    "keep waiting, before %s. More than half of the other players decide; without "
	    "that the game keeps waiting. A move by %s ends the vote.", g->names[seat],
	    g->names[seat], when, g->names[seat]);
	return store_proposal_put(s, g->row.id, &p);
}

/* The seat voted on: its vote is decided now; remind acts at its next run. */
static int
vote_decided(struct config *cfg, struct store *s, struct loaded *g,
    const struct store_proposal *p, int drop, int closed, int64_t now, char *result,
    size_t len)
{
	struct store_seat *st = &g->seats[p->seat];
	char news[400];
	int rc;

	if (drop) {
		/* remind drops the seat the next time it runs. */
		st->reminders = CLOCK_VOTING;
		st->reminded_at = now;
		clock_schedule(&g->row, st);
		if ((rc = store_proposal_put(s, g->row.id, p)) != STORE_OK ||
		    (rc = store_seat_update_clock(s, g->row.id, st)) != STORE_OK)
			return rc;
		snprintf(result, len, "Noted: more than half agree; %s is dropped from the game "
		    "at arbiter's next round of reminders.", g->names[p->seat]);
		return STORE_OK;
	}
	st->reminders = CLOCK_WAITING;
	st->reminded_at = now;
	clock_schedule(&g->row, st);
	if ((rc = store_proposal_drop(s, g->row.id)) != STORE_OK ||
	    (rc = store_seat_update_clock(s, g->row.id, st)) != STORE_OK)
		return rc;
	snprintf(news, sizeof(news), "%s %s; the game keeps waiting, with a reminder a day.",
	    closed ? "the vote closed without a majority to drop" : "the table voted to wait for",
	    g->names[p->seat]);
	if ((rc = outmail_tell(cfg, s, g, -1, "vote", NULL, news, 0)) != STORE_OK)
		return rc;
	snprintf(result, len, "Noted: the vote is decided; the game waits for %s.",
	    g->names[p->seat]);
	return STORE_OK;
}

int
vote_close(struct config *cfg, struct store *s, struct loaded *g, int seat, int64_t now)
{
	struct store_proposal p;
	char ignored[300];
	int rc;

	rc = store_proposal_get(s, g->row.id, &p);
	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		return rc;
	if (rc == STORE_NOTFOUND || strcmp(p.kind, "drop") != 0 || p.seat != seat) {
		memset(&p, 0, sizeof(p));
		snprintf(p.kind, sizeof(p.kind), "drop");
		p.seat = seat;
	}
	return vote_decided(cfg, s, g, &p, 0, 1, now, ignored, sizeof(ignored));
}

/* An answer to a vote on p->seat. */
static int
vote_answer(struct config *cfg, struct store *s, struct loaded *g, struct store_proposal *p,
    int seat, int what, int64_t now, char *result, size_t len)
{
	int r;

	if (seat == p->seat) {
		snprintf(result, len, "Nothing was counted: the vote is on your own seat; send "
		    "your move to keep it.");
		return STORE_OK;
	}
	if (vote_result(g, p) == 1) {
		snprintf(result, len, "Nothing was counted: the vote is decided already.");
		return STORE_OK;
	}
	p->agreed &= ~(1u << seat);
	p->refused &= ~(1u << seat);
	if (what == REPLY_AGREE)
		p->agreed |= 1u << seat;
	else
		p->refused |= 1u << seat;
	if ((r = vote_result(g, p)) != 0)
		return vote_decided(cfg, s, g, p, r > 0, 0, now, result, len);
	snprintf(result, len, "Noted: you vote to %s %s; the vote is open until more than "
	    "half of the players agree or refuse.", what == REPLY_AGREE ? "drop" : "wait for",
	    g->names[p->seat]);
	return store_proposal_put(s, g->row.id, p);
}

int
consent_handle(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g, int seat,
    int what, int64_t now, char *result, size_t len)
{
	struct store_proposal p;
	struct store_move last;
	char when[64], news[900], wait[300], line[400];
	int rc, open_;

	rc = store_proposal_get(s, g->row.id, &p);
	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		return rc;
	open_ = rc == STORE_OK && p.expires > now && p.at_move == g->row.nmoves &&
	    !g->row.over;
	if (rc == STORE_OK && !open_ && (rc = store_proposal_drop(s, g->row.id)) != STORE_OK)
		return rc;
	if (open_ && strcmp(p.kind, "drop") == 0) {
		if (what == REPLY_UNDO) {
			snprintf(result, len, "Nothing was asked: the table is voting on %s's seat; "
			    "ask again when the vote is over.", g->names[p.seat]);
			return STORE_OK;
		}
		return vote_answer(cfg, s, g, &p, seat, what, now, result, len);
	}
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
		/* The move as one line: its commands joined by "; ". */
		{
			const char *t = last.shown != NULL ? last.shown : last.text;
			size_t n = 0;

			line[0] = '\0';
			while (*t != '\0' && n + 1 < sizeof(line)) {
				size_t k = strcspn(t, "\n");

				if (k > 0)
					n += (size_t)snprintf(line + n, sizeof(line) - n, "%s%.*s",
					    n ? "; " : "", (int)k, t);
				t += k + (t[k] == '\n');
			}
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
		    g->names[last.seat] : "admin", line, when);
		store_move_free(&last);
		if ((rc = store_proposal_put(s, g->row.id, &p)) != STORE_OK ||
		    (rc = outmail_tell(cfg, s, g, seat, "undo asked", NULL, news, 1)) != STORE_OK)
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
		if ((rc = outmail_tell(cfg, s, g, seat, "undo refused", NULL, news, 0)) !=
		    STORE_OK)
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
