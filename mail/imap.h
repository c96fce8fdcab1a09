/*
 * imap.h - poll a mailbox over IMAP.
 *
 * libcurl opens the connection and logs in (imap:// upgraded with STARTTLS
 * when the server offers it, imaps:// with TLS from the start, certificate
 * verified unless insecure is set); this module then speaks the few IMAP
 * commands it needs over that connection itself (curl_easy_send/recv),
 * because libcurl's own FETCH uses BODY[] (which sets \Seen) and drops the
 * literal of a custom FETCH. One session is one connection with the
 * mailbox SELECTed:
 *
 *   imap_search_unseen   UID SEARCH UNSEEN
 *   imap_fetch           UID FETCH uid BODY.PEEK[]<0.max_message>
 *                        (does not set \Seen)
 *   imap_mark_seen       UID STORE uid +FLAGS.SILENT (\Seen)
 *   imap_has_flag        UID FETCH uid FLAGS
 *
 * The URL is imap[s]://[user[:password]@]host[:port][/MAILBOX]; the mailbox
 * (percent-decoded, sent as an IMAP quoted string, so ASCII names only:
 * no modified UTF-7 is applied) defaults to INBOX. Every wait is bounded by
 * timeout_ms. Nothing here writes the password into an error message.
 */
#ifndef ARBITER_MAIL_IMAP_H
#define ARBITER_MAIL_IMAP_H

#include <stddef.h>

struct imap_config {
	const char *url;
	const char *user;	/* overrides the URL's user when not NULL */
	const char *password;	/* overrides the URL's password */
	long timeout_ms;	/* per wait; 0 gives 30000 */
	int insecure;		/* 1: do not verify the TLS certificate */
	const char *ca_file;	/* NULL: the system's CA store */
	size_t max_message;	/* bytes fetched of a message at most (a longer
				   one arrives cut there); 0 gives 32 MiB */
};

/* How the error of imap_open begins when the server refused the login
 * (wrong user or password), as opposed to any other failure. */
#define IMAP_LOGIN_REFUSED "imap: login refused"

struct imap_session;

/* Connect, log in and SELECT the mailbox. Returns NULL with err set (one
 * line, no password in it) on failure. */
struct imap_session *imap_open(const struct imap_config *conf, char *err,
    size_t errlen);

/* Store a malloc'ed array of the UIDs of unseen messages, in ascending
 * order, in *uids and their count in *n (the array may be NULL when n is
 * 0). Returns 0 or -1 with err set. */
int imap_search_unseen(struct imap_session *s, unsigned long **uids,
    size_t *n, char *err, size_t errlen);

/* Fetch the bytes of message uid (its first max_message bytes) without
 * setting \Seen. Stores a malloc'ed, NUL-terminated copy in *data and its
 * length in *len. Returns 0, 1 when no message has that UID, or -1 with
 * err set. */
int imap_fetch(struct imap_session *s, unsigned long uid, char **data,
    size_t *len, char *err, size_t errlen);

/* Set \Seen on message uid. Returns 0 or -1 with err set. */
int imap_mark_seen(struct imap_session *s, unsigned long uid, char *err,
    size_t errlen);

/* Report whether message uid carries flag (e.g. "\\Seen"): 1 yes, 0 no,
 * -1 error (err set). */
int imap_has_flag(struct imap_session *s, unsigned long uid,
    const char *flag, char *err, size_t errlen);

/* LOGOUT and free. NULL is allowed. */
void imap_close(struct imap_session *s);

#endif
