/*
 * inmail_job.h - private to inbound mail: one mail being handled (the
 * job inmail.c fills from the message before it takes the write lock),
 * and the answers to it (inmail_answer.c), which inmail.c queues inside
 * the mail's one transaction.  Dependencies run one way: inmail.c uses
 * inmail_answer.c, never the reverse.
 */
#ifndef ARBITER_INMAIL_JOB_H
#define ARBITER_INMAIL_JOB_H

#include "site.h"
#include "../mail/inbound.h"
#include "../mail/reply.h"

/* One mail being handled. */
struct job {
	struct ctx *c;
	struct config *cfg;
	struct store *s;
	const struct inbound *in;
	const char *extension;
	char key[300];		/* what makes it count once */
	/* Who sent it, once proven. */
	int64_t game;
	int seat;		/* -1: no seat proven */
	int64_t serial;		/* the token's seat serial; 0: none (password) */
	int legacy;		/* a tag of the first format: answered as stale */
	int forged;		/* a token was there but did not verify */
	int wrong_password;	/* game and password given, no seat fits */
	int locked;		/* too many wrong passwords for the game lately */
	/* What it says. */
	char *text;		/* the commands (quotes, signature, credentials gone) */
	char *site_text;	/* the same with "away", "say" and consent lines kept */
	int away, y, m, d;
	char away_err[200];
	/* Table talk: the "say" lines (reply_take_say), one a line. */
	int nsaid;
	char said[REPLY_SAY_LINES * (REPLY_SAY_LINE + 1) + 1];
	char say_err[200];
	int consent;		/* REPLY_UNDO, _AGREE, _REFUSE; 0 none; -2 both */
	char nonce[33];		/* a confirmation or invitation tag's nonce; "" none */
	char nonce_kind;	/* 'c' a confirmation ("c.NONCE"), 'i' an invitation */
	struct sbuf skipped;	/* lines that were not read as commands, quoted */
	struct sbuf misread;	/* a line like a command but none: why the mail is refused */
	char note[NOTE_MAX];	/* the answer to an applied move, for its mail */
	int confirmed;		/* a one-word "confirm" to the question: a resignation */
	int resigning;		/* the commands resign (confirmed): the answer says so first */
};

/* A one-line rendering of an address we did not make, for the log. */
const char *shown_addr(const char *a);

/*
 * 1 when addr holds a seat in some game or confirmed itself: its answers
 * count against its own replies_per_hour, never the site's limit for
 * strangers (which strangers could use up), 0 when not, or -STORE_*.
 */
int known_address(struct job *j, const char *addr);

/* Queue the answer to a proven seat, at its own address, inside the transaction. */
int answer_seat(struct job *j, const struct loaded *g, const char *result,
    const char *error_help, int with_moves, int with_board);

/*
 * The answer to a mail that proves no seat goes only to its envelope
 * sender, only when that is its From address, within the caps.
 * stranger_body renders it from result into body before the transaction
 * (it needs nothing of the database; body stays empty for a mail that
 * cannot be answered): STORE_OK or STORE_ERROR.  answer_stranger queues
 * it inside the transaction, where the caps are counted, or logs why not.
 */
int stranger_body(const struct job *j, const char *result, struct sbuf *body);
int answer_stranger(struct job *j, const struct sbuf *body);

/* Tell the sender which lines of the mail were not read as commands. */
void note_skipped(const struct job *j, char *result, size_t len);

/* 1 when g is over, by its rules or abandoned: no mail acts on it any more. */
int game_ended(const struct loaded *g);

/* The answer to any mail that would act on a game that is over. */
int answer_over(struct job *j, const struct loaded *g);

/* The stale answer: nothing applied, the game as it stands, a fresh reply address. */
int answer_stale(struct job *j, const struct loaded *g);

/*
 * Queue the answer to a mail to the site address, at its envelope sender
 * (handle_site made sure it is the From address and within its own cap).
 */
int site_answer(struct job *j, const char *answer, const char *nonce, int stranger);

#endif
