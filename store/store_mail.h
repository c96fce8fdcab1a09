/*
 * store_mail.h - what the mail side keeps in the database: the outbox,
 * inbound messages already handled (by Message-ID), replies per sender for
 * rate limiting, and site settings (the token key when no file is set).
 */
#ifndef ARBITER_STORE_MAIL_H
#define ARBITER_STORE_MAIL_H

#include <stddef.h>
#include <stdint.h>

struct store;

struct store_mail {
	int64_t id;
	int64_t game;
	int seat;		/* -1: not to a seat (a reply to a stranger) */
	char kind[16];		/* "start", "move", "end", "reply", "remind", "table" */
	int seq;		/* queue: the position a mail that shows the board is
				   about, the game after seq moves (0: any other) */
	char rcpt[256];
	char *message;		/* the composed RFC 5322 bytes; owned */
	size_t len;
	int64_t created;
	int attempts;
	int retried;		/* claimed before and never recorded: perhaps delivered */
	int64_t not_before;	/* queue: not sent before this time (0: at once) */
	int held;		/* queue: held back by a limit, for the game master to hear */
	/*
	 * A message queued with a place for the board's picture has
	 * picture_at (compose_picture's four offsets), and names what to
	 * draw: picture_seq >= 0, the game's position after that many
	 * moves (the row's seq: only a mail that shows the board has a
	 * picture); or, queued before schema 22, picture, a row of pictures
	 * (that row gone, it goes without one).
	 */
	int64_t picture;
	int picture_seq;
	char picture_at[80];
};

/* The outcome of one delivery attempt, recorded by store_outbox_step. */
struct store_mail_result {
	int64_t id;
	int sent;		/* delivered */
	int failed;		/* refused for good */
	int attempts;		/* attempts so far, this one included */
	int64_t next_try;	/* when not sent and not failed */
	char error[512];
};

int store_meta_get(struct store *s, const char *key, char *buf, size_t len);
int store_meta_put(struct store *s, const char *key, const char *value);
/* Store a setting only when the key has none yet (a race's loser keeps the winner's). */
int store_meta_add(struct store *s, const char *key, const char *value);

/*
 * The public view a picture of a mail queued before schema 22 is drawn
 * from (malloc'ed); STORE_NOTFOUND when it is gone.  It goes with the last
 * mail naming it (store_outbox_purge) or with its game.
 */
int store_picture_view(struct store *s, int64_t id, char **view);
/*
 * The unsent mails of game about a position after more than nmoves moves,
 * taken back, are not sent: deleted (*n of them), with their bodies.
 */
int store_outbox_taken_back(struct store *s, int64_t game, int nmoves, int *n);

/* Queue a mail (inside the caller's transaction). */
int store_outbox_add(struct store *s, const struct store_mail *m);
/*
 * One transaction of the send loop: record the ndone outcomes (at time
 * now), then claim up to max mails due at now, oldest first, for lease
 * seconds, so concurrent senders never take the same mail.  *nclaimed
 * says how many were claimed into claimed[] (free each with
 * store_mail_free).  With max 0 it only records.  Recording the last
 * outcomes and claiming the next in one commit leaves one gap only: a
 * crash after a delivery and before its step.
 */
int store_outbox_step(struct store *s, const struct store_mail_result *done, int ndone,
    int64_t now, int64_t lease, struct store_mail *claimed, int max, int *nclaimed);
/*
 * Who claims mail in this connection's store_outbox_step: "" (the
 * default: SMTP, where any sender may take over an expired claim), or a
 * Maildir's name (its host and path), whose claims are taken over by
 * another claimer only takeover seconds after they expired, since only
 * that Maildir can tell whether the mail is in it already.
 */
void store_outbox_claimer(struct store *s, const char *claimer, int64_t takeover);
/* Mail still to send (from the queue's partial index). */
/* Remove the mail still queued (not sent, not refused) to seat of game. */
int store_outbox_drop_seat(struct store *s, int64_t game, int seat, int *dropped);
int store_outbox_queued(struct store *s, int *queued);
/*
 * Whether a mail is due that this connection's store_outbox_step would
 * claim at now (with the claimer it was last given); SQLite only.
 */
int store_outbox_due(struct store *s, int64_t now, int *due);
/*
 * Mail held back by a limit: held counts those still queued; report calls
 * fn once for each that was not reported before (its recipient, kind,
 * game and when it goes out) and marks it reported.
 */
int store_outbox_held(struct store *s, int *held);
int store_outbox_held_report(struct store *s,
    void (*fn)(const char *rcpt, const char *kind, int64_t game, int64_t at, void *arg),
    void *arg);
/* Delete mail sent or refused that was created before `before`, and the
 * pictures no mail names any more; *n mails deleted. */
int store_outbox_purge(struct store *s, int64_t before, int *n);
void store_mail_free(struct store_mail *m);

/*
 * Inbound mail handled, by key: the Message-ID, or for mail without a
 * usable one a key made from its content (see inmail.c).
 * store_inbound_seen: 1 when the key was handled (or a move was stored
 * with it as Message-ID), 0 when not, or a negative STORE_* code.
 */
int store_inbound_seen(struct store *s, const char *key);
int store_inbound_put(struct store *s, const char *message_id, int64_t at, int64_t game,
    int seat, const char *result);

/*
 * Replies sent, for the rate limits: per address, and site-wide to
 * senders no seat vouches for.  What a reply was (stranger): REPLY_KNOWN
 * to a seat's or a confirmed address (its own limit alone), REPLY_STRANGER
 * and REPLY_ASK_STRANGER (a confirmation request) to any other address
 * (the site's limit too), REPLY_ASK_KNOWN a confirmation request to a
 * seat's address.  store_confirmations_since counts the requests to addr.
 */
enum { REPLY_KNOWN = 0, REPLY_STRANGER = 1, REPLY_ASK_STRANGER = 2, REPLY_ASK_KNOWN = 3 };
int store_replies_since(struct store *s, const char *addr, int64_t since, int *count);
int store_replies_strangers_since(struct store *s, int64_t since, int *count);
int store_confirmations_since(struct store *s, const char *addr, int64_t since, int *count);
int store_reply_note(struct store *s, const char *addr, int64_t at, int stranger);
/*
 * Answers dropped because too many wait for their address already: noted
 * per address (an episode: until a day passes without one), and said to
 * the game master once an episode (fn for each not yet said, then marked).
 */
int store_dropped_note(struct store *s, const char *addr, int64_t now);
int store_dropped_report(struct store *s,
    void (*fn)(const char *addr, int count, int64_t first, void *arg), void *arg);
/*
 * When the next answer to addr may go out under a limit of most an hour:
 * now while fewer than most were noted in the hour before (answers held
 * for later are noted at their time), else an hour after the most-th
 * latest.
 */
int store_reply_slot(struct store *s, const char *addr, int64_t now, int most, int64_t *at);

/* Wrong seat passwords given for a game, for the attempt limit. */
int store_auth_failure_note(struct store *s, int64_t game, int64_t at);
int store_auth_failures_since(struct store *s, int64_t game, int64_t since, int *count);

int store_game_set_remind(struct store *s, int64_t id, int hours);

/*
 * An address that wrote to the site address: confirmed (confirmed_at > 0)
 * once it answered the confirmation mail carrying nonce; pending holds
 * the commands that wait for that.  get and by_nonce return
 * STORE_NOTFOUND when there is none; put inserts or replaces.
 */
struct store_identity {
	char email[256];
	char nonce[33];
	int64_t confirmed_at;
	char *pending;		/* owned; "" when nothing waits */
	int64_t created;
	int64_t invited_at;	/* the last invitation mail sent to it; 0: none */
	int64_t accepted_at;	/* when it first accepted an invitation; 0: never */
};
int store_identity_get(struct store *s, const char *email, struct store_identity *id);
int store_identity_by_nonce(struct store *s, const char *nonce, struct store_identity *id);
int store_identity_put(struct store *s, const struct store_identity *id);
void store_identity_free(struct store_identity *id);

#endif
