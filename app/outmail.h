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
 * (outmail_subject with kind).  A seat whose player chose fewer mails
 * (prefs.c) reads it in its next mail instead, unless it is urgent (it
 * asks the seat for an answer).  outmail_tell_seat: to one seat.
 */
int outmail_tell(struct config *cfg, struct store *s, const struct loaded *g, int skip,
    const char *what, const char *kind, const char *news, int urgent);
int outmail_tell_seat(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *what, const char *kind, const char *news, int urgent);
/* The same with, for seat -1, an explicit Reply-To (NULL: none). */
int outmail_queue_to(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *reply_to, const char *kind, const char *subject,
    const char *body, const char *in_reply_to);
int outmail_queue(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *kind, const char *subject, const char *body,
    const char *in_reply_to);
/* The same with what some mail has besides its text (NULL: nothing). */
struct outmail_extra {
	int text_only;		/* no HTML part: a forum reads the text as it is */
	const char *attach_name, *attach_type, *attach;	/* an attachment; NULL none */
	int64_t not_before;	/* held back by a limit until then (0: at once); the
				   game master hears of it at the next `send` */
};
int outmail_queue_ex(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *reply_to, const char *kind, const char *subject,
    const char *body, const char *in_reply_to, const struct outmail_extra *x);

/*
 * Whether the mail of kind (outmail_queue's) to seat, or with seat -1 to
 * rcpt, about g carries the board's picture: a mail that shows the board
 * (start, move, end, observe, forum) of a game with a drawer, when the
 * site draws pictures (mail_pictures) and the recipient did not say
 * "pictures off" (prefs.c).  The one place that decides it.
 */
int outmail_picture_for(const struct config *cfg, struct store *s, const struct loaded *g,
    int seat, const char *rcpt, const char *kind);

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
 * The short form (a line per kind of command, long lists of choices cut
 * to their first and last), and the form the seat's preference "legal"
 * asks for, set in the template variables v: "moves", "moves_short" or
 * "moves_full" (which of them it is, when there are any), and "site" (the
 * address that gives every choice: "moves GAME-ID").
 */
void outmail_moves_short(const struct loaded *g, int seat, struct sbuf *out);
void outmail_moves_vars(const struct config *cfg, const struct loaded *g, int seat, json_t *v);

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
 * Before work that will end in deliver_after (a move, a mail handled):
 * with smtp_url set to an address and deliver = foreground, start
 * connecting to the server now, so its greeting is on the way while the
 * work is done (in the background the detached process dials it itself).
 * Kept in c->smtp for outmail_deliver; outmail_end closes it if nothing
 * used it.
 */
void outmail_ahead(struct ctx *c, struct store *s);
/* Before a commit, where the server's greeting has had time to come:
 * greet it and send EHLO, so its answer comes during the commit. */
void outmail_poke(struct ctx *c);
void outmail_end(struct ctx *c);

/*
 * recap.c: the recent moves of a game, in their public form.  recap_load
 * reads the last few hundred moves of g; recap_text writes the moves by
 * other seats than seat, one a line ("  12 bo: support 1"): those after
 * the seat's last move (from 0), or from move from on; the most recent
 * two dozen, with a line saying how to ask for the earlier ones.
 */
struct recap_move {
	int seq, seat;
	char *shown;
};
struct recap {
	struct recap_move *m;
	int n, cap, missing;
};
int recap_load(struct loaded *g, struct recap *r);
void recap_free(struct recap *r);
void recap_text(const struct config *cfg, const struct loaded *g, const struct recap *r,
    int seat, int from, struct sbuf *out);
/* One move's shown form on one line: its commands joined by "; ", then
 * what it did besides (its "# " lines, play.c) after " - ". */
void recap_line(const char *shown, struct sbuf *out);

/* Load the configuration and deliver what is due (cmd_send.c). */
int deliver_queue(struct ctx *c, struct store *s, int verbose, struct deliver_stats *st);

/*
 * deliver.c: after a command's commit, once all it prints is printed and
 * flushed, deliver what is due.  With deliver = foreground
 * (arbiter.conf(5)) that is deliver_queue, quietly, before the command
 * exits.  With background, the default, *s is closed and set to NULL, and
 * a detached process (a session of its own, its standard streams away
 * from the caller's) opens the database anew and delivers while the
 * command exits at once with its own status; what it cannot deliver it
 * says to syslog (facility mail), and the mail stays queued for `send`.
 * Nothing that happens there changes the command's exit status.  Either
 * way SQLite's log is then kept short for the next command to open
 * (store_tidy).  With send 0 (--no-send, or nothing to tell) nothing is
 * delivered: only the log is kept short, the same way, once it has grown
 * past its limit (and only then is *s closed).
 */
void deliver_after(struct ctx *c, struct store **s, int send);
/*
 * What a detached delivery could tell nobody (a refused mail, a fault of
 * the database or configuration), kept for `send` to print: keep appends
 * text (lines) and keeps the latest max bytes; take reads it into buf and
 * clears it.  Each is a transaction of its own.
 */
void outmail_said_keep(struct store *s, const char *text, size_t max);
int outmail_said_take(struct store *s, char *buf, size_t len);

/* Delete mail sent or refused more than keep_sent_days ago; *deleted says how many. */
int outmail_purge(struct config *cfg, struct store *s, int *deleted);

/*
 * Handle one inbound message (inmail.c): prove the seat, apply the
 * commands through play_submission, queue the reply.  Returns EXIT_OK for
 * every message handled and EXIT_TEMPFAIL for a local transient fault.
 */
/* Hours of answers at replies_per_hour one address may have waiting (inmail.c). */
#define INMAIL_HELD_HOURS 3
int inmail_handle(struct ctx *c, struct store *s, const char *data, size_t len,
    const char *extension);

/*
 * away.c: seat declares an absence to the end of y-m-d (UTC), or with y 0
 * says it is back; the other seats are told, and with tell_seat (the game
 * master declared it) the seat too, in a mail of its own.  Inside the
 * caller's transaction.
 * STORE_OK; -1 with result saying why when the date is refused (over, or
 * more than a year ahead; "back" from a seat not away); else a STORE_*
 * code.  result gets the answer to the seat.
 */
int seat_away(struct config *cfg, struct store *s, struct loaded *g, int seat, int y, int m,
    int d, int64_t now, int tell_seat, char *result, size_t len);

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
/* Votes on a seat past its deadline (consent.c): open one (news gets what
 * the others are to be told; *closes its end, 0 when another request is
 * open and the vote waits); its result (1 drop, -1 wait, 0 undecided);
 * close it as "wait". */
struct store_proposal;
int vote_open(struct store *s, struct loaded *g, int seat, int64_t now, int64_t *closes,
    char *news, size_t len);
int vote_result(const struct loaded *g, const struct store_proposal *p);
int vote_close(struct config *cfg, struct store *s, struct loaded *g, int seat, int64_t now);

/*
 * Remind every running game's idle seats (remind.c), one transaction per
 * game, mail the invitations that waited for their day (tables.c) and
 * compose the digests due (digest.c); counts the reminders, table notices,
 * timeouts and invitations.  Returns EXIT_*.
 */
int remind_all(struct ctx *c, struct config *cfg, struct store *s, int *sent, int *told,
    int *played, int *invited);

#endif
