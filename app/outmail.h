/*
 * outmail.h - composing and queueing the mail arbiter sends, and
 * delivering the queue (SMTP, or the Maildir when no SMTP URL is set).
 */
#ifndef ARBITER_OUTMAIL_H
#define ARBITER_OUTMAIL_H

#include "app.h"
#include "config.h"

enum { CMD_PREFIX_MAX = 128 };

/*
 * Every kind of mail arbiter queues (the outbox's kind), NULL-terminated:
 * outmail_queue refuses any other, so a new kind is added here, where the
 * test of hidden information (tests/unit/test_enumerate.c) finds it and
 * fails until its scenario makes a mail of that kind.
 */
extern const char *const outmail_kinds[];

/*
 * Queue one mail about game g to seat (its address) or, with seat = -1,
 * to rcpt.  The mail joins the seat's thread for the game; its Reply-To is
 * the seat's tagged reply address for the game's current move.  Inside the
 * caller's transaction.  Returns a STORE_* code (errors printed).
 */
/*
 * The table's news (templates/mail-table.txt) to every seat of g but skip
 * (-1: none), inside the caller's transaction.  The subject is
 * "[arbiter #ID] TITLE: what", or with what NULL each seat's own
 * (outmail_subject with kind).
 */
int outmail_tell(struct config *cfg, struct store *s, const struct loaded *g, int skip,
    const char *what, const char *kind, const char *news);
/* The same with, for seat -1, an explicit Reply-To (NULL: none). */
int outmail_queue_to(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *reply_to, const char *kind, const char *subject,
    const char *body, const char *in_reply_to);
int outmail_queue(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *kind, const char *subject, const char *body,
    const char *in_reply_to);

/* Fill prose into lines of at most width columns (words longer stay whole). */
void outmail_wrap(const char *text, size_t width, struct sbuf *out);

/*
 * Copy text to out with every line longer than width characters (UTF-8
 * characters, not bytes) broken at spaces; the lines a long line becomes
 * keep its indentation.  Shorter lines, boards among them, are copied as
 * they are.  A single word longer than width stays whole.
 */
void outmail_fold(const char *text, size_t width, struct sbuf *out);
#define MAIL_WIDTH 78

/*
 * The subject of a mail to seat (-1: to no seat) about g as it stands,
 * by kind (NULL for news of a move, "not accepted", "reminder"):
 * "[arbiter #42] Title: move 17, your turn", "... move 17, waiting for Bob",
 * "... reminder: move 17, your turn", "... move 17, game over".
 */
void outmail_subject(const struct loaded *g, int seat, const char *kind, char *buf,
    size_t len);

/*
 * The legal moves of a seat in compact form: lines that share all words
 * but the last are folded into one, the last words as alternatives
 * ("tile red F7 | G7 | H8"), each output line at most OUTMAIL_MOVES_WIDTH
 * columns and repeating the shared words, so that every line, with all but
 * one alternative deleted, is a complete command.  Lines are indented by
 * two spaces.
 */
enum { OUTMAIL_MOVES_WIDTH = 72 };
void outmail_moves_compact(const struct loaded *g, int seat, struct sbuf *out);

/*
 * Deliver all due mail.  verbose 2 prints one line per mail, 1 one per mail
 * not sent, 0 nothing.  Counts what happened.  Returns EXIT_OK, or an exit
 * code for a local failure (database, configuration).
 */
struct deliver_stats {
	int sent, deferred, failed;
	int nolib;	/* a mail waits because libcurl (for TLS) cannot be loaded */
	int away;	/* the run stopped: the server (or the Maildir) failed, not a mail */
};
int outmail_deliver(struct ctx *c, struct config *cfg, struct store *s, int verbose,
    struct deliver_stats *st);

/*
 * Before work that will end in deliver_queue (a move, a mail handled):
 * with smtp_url set to an address, start connecting to the server now, so
 * its greeting is on the way while the work is done.  Kept in c->smtp for
 * outmail_deliver; outmail_end closes it if nothing used it.
 */
void outmail_ahead(struct ctx *c, struct store *s);
/* Before a commit, where the server's greeting has had time to come:
 * greet it and send EHLO, so its answer comes during the commit. */
void outmail_poke(struct ctx *c);
void outmail_end(struct ctx *c);

/* Load the configuration and deliver what is due (cmd_send.c). */
int deliver_queue(struct ctx *c, struct store *s, int verbose, struct deliver_stats *st);

/* Delete mail sent or refused more than keep_sent_days ago; *deleted says how many. */
int outmail_purge(struct config *cfg, struct store *s, int *deleted);

/*
 * Handle one inbound message (inmail.c): prove the seat, apply the
 * commands through play_submission, queue the reply.  Returns EXIT_OK for
 * every message handled and EXIT_TEMPFAIL for a local transient fault.
 */
int inmail_handle(struct ctx *c, struct store *s, const char *data, size_t len,
    const char *extension);

/*
 * Remind every running game's idle seats (remind.c), one transaction per
 * game; counts the reminders and table notices queued.  Returns EXIT_*.
 */
/*
 * away.c: seat declares an absence to the end of y-m-d (UTC), or with y 0
 * says it is back; the table is told.  Inside the caller's transaction.
 * STORE_OK; -1 with result saying why when the date is refused (over, or
 * more than a year ahead; "back" from a seat not away); else a STORE_*
 * code.  result gets the answer to the seat.
 */
int seat_away(struct config *cfg, struct store *s, struct loaded *g, int seat, int y, int m,
    int d, int64_t now, char *result, size_t len);

/*
 * seat.c: give seat a new name and/or address (NULL: unchanged), or with
 * substitute set hand it to another player (a new password too).  Old
 * reply addresses stop working; the seat is mailed its screen at its
 * address, the table told of a new holder or name.  Inside the caller's
 * transaction: STORE_OK, -1 with err (a name another seat has), or a
 * STORE_* code.
 */
int seat_change(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g, int seat,
    const char *name, const char *email, int substitute, char *err, size_t errlen);

/*
 * consent.c: seat's "undo" (ask the table to take back the last move),
 * "agree" or "refuse" (what: REPLY_UNDO, REPLY_AGREE, REPLY_REFUSE), inside
 * the caller's transaction.  result gets the answer to the seat.  STORE_OK
 * or a STORE_* code.
 */
int consent_handle(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g,
    int seat, int what, int64_t now, char *result, size_t len);
/* Votes on a seat past its deadline (consent.c): open one (the others are
 * mailed; *closes its end, 0 when another request is open and the vote
 * waits); its result (1 drop, -1 wait, 0 undecided); close it as "wait". */
struct store_proposal;
int vote_open(struct config *cfg, struct store *s, struct loaded *g, int seat, int64_t now,
    int64_t *closes);
int vote_result(const struct loaded *g, const struct store_proposal *p);
int vote_close(struct config *cfg, struct store *s, struct loaded *g, int seat, int64_t now);

/*
 * site.c: the commands of a mail to the site address.  site_is_command
 * says whether a line is one; site_run runs text's lines for the proven
 * address email inside the caller's transaction, appending the answer
 * (plain text, one part per command) to out.  STORE_OK or a STORE_* code.
 */
int site_is_command(const char *line);
/* Every command of the site address, NULL-terminated. */
const char *const *site_commands(void);
int site_run(struct ctx *c, struct store *s, const char *email, const char *text,
    struct sbuf *out);

int remind_all(struct ctx *c, struct config *cfg, struct store *s, int *sent, int *told,
    int *played);

#endif
