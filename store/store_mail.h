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
	char rcpt[256];
	char *message;		/* the composed RFC 5322 bytes; owned */
	size_t len;
	int64_t created;
	int attempts;
};

int store_meta_get(struct store *s, const char *key, char *buf, size_t len);
int store_meta_put(struct store *s, const char *key, const char *value);
/* Store a setting only when the key has none yet (a race's loser keeps the winner's). */
int store_meta_add(struct store *s, const char *key, const char *value);

/* Queue a mail (inside the caller's transaction). */
int store_outbox_add(struct store *s, const struct store_mail *m);
/*
 * Claim the oldest mail due at now for lease seconds, in a transaction of
 * its own, so concurrent senders never take the same mail.  STORE_NOTFOUND
 * when nothing is due.
 */
int store_outbox_claim(struct store *s, int64_t now, int64_t lease, struct store_mail *m);
/* Record a delivery attempt; releases the claim. */
int store_outbox_result(struct store *s, int64_t id, int sent, int failed, int attempts,
    int64_t at, int64_t next_try, const char *error);
int store_outbox_counts(struct store *s, int *queued, int *sent, int *failed);
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
 * senders no seat vouches for (stranger = 1).
 */
int store_replies_since(struct store *s, const char *addr, int64_t since, int *count);
int store_replies_strangers_since(struct store *s, int64_t since, int *count);
int store_reply_note(struct store *s, const char *addr, int64_t at, int stranger);

/* Wrong seat passwords given for a game, for the attempt limit. */
int store_auth_failure_note(struct store *s, int64_t game, int64_t at);
int store_auth_failures_since(struct store *s, int64_t game, int64_t since, int *count);

int store_game_set_remind(struct store *s, int64_t id, int hours);

#endif
