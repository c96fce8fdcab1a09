/*
 * smtp.h - deliver composed messages over SMTP with libcurl.
 *
 * One session holds one curl handle, so a batch of messages sent through
 * it reuses one connection (libcurl keeps it open between transfers and
 * reconnects by itself when the server closed it).
 *
 *   smtp://host:port   plain, upgraded with STARTTLS when the server offers
 *                      it (CURLUSESSL_TRY)
 *   smtps://host:port  TLS from the start, required (CURLUSESSL_ALL)
 *
 * A path in the URL (smtp://host/name) is the name sent with EHLO, as
 * libcurl defines it. AUTH is used when a user is given. Connect and
 * whole-transfer timeouts are set; curl is told not to use signals.
 */
#ifndef ARBITER_MAIL_SMTP_H
#define ARBITER_MAIL_SMTP_H

#include <stddef.h>

/* What happened to one message. */
enum smtp_result {
	SMTP_SENT = 0,		/* the server accepted it for every recipient */
	SMTP_TRANSIENT = 1,	/* try again later: connection refused or lost,
				   timeout, a 421 reply, a refused or missing
				   login (535, 530), a local error or another
				   configuration problem; keep it queued */
	SMTP_PERMANENT = 2,	/* the server refused this message with a 5xx
				   reply (sender, recipient or content), or
				   an address is not a plain address */
	SMTP_DEFERRED = 3	/* the server answered this message with a 4xx
				   reply (not 421, which closes the session):
				   try it again later, and the next one now */
};

struct smtp_config {
	const char *url;	/* smtp://host[:port] or smtps://... */
	const char *user;	/* NULL or "" for no AUTH */
	const char *password;
	long connect_timeout_ms;	/* 0 gives 10000 */
	long timeout_ms;	/* per message; 0 gives 60000 */
	int insecure;		/* 1: do not verify the TLS certificate */
	const char *ca_file;	/* NULL: the system's CA store */
};

struct smtp_session;

/* 0 when url is one smtp_open takes (without loading anything or
 * connecting), else -1 with err saying what form it must have. */
int smtp_url_check(const char *url, char *err, size_t errlen);

/* Make a session for conf (the strings are copied). Nothing is sent yet.
 * Returns NULL with err set when the URL is not smtp:// or smtps:// or
 * memory ran out. */
struct smtp_session *smtp_open(const struct smtp_config *conf, char *err,
    size_t errlen);

/* Send msg[0..len) (a complete message with CRLF line ends, as
 * compose_message() makes it) from the envelope sender `from` ("" for the
 * null sender) to the nrcpt addresses in rcpt. On anything but SMTP_SENT,
 * err holds one line with the server's reply code or curl's reason. */
enum smtp_result smtp_send(struct smtp_session *s, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *msg, size_t len,
    char *err, size_t errlen);

/* Start connecting to a server given by its address (not a name, which
 * could wait on DNS) without waiting for the connection or the greeting, so
 * the server gets ready while the caller does other work; the first
 * smtp_send finishes it, or dials again as usual if it did not come up.
 * Nothing when the session goes through libcurl. Never fails. */
void smtp_ahead(struct smtp_session *s);

/* With a connection dialled ahead whose greeting has come, read it and
 * send EHLO, so the server answers while the caller goes on; nothing when
 * the greeting is not there yet. Never waits on the server for more than
 * a few milliseconds; never fails (the first message meets any fault). */
void smtp_poke(struct smtp_session *s);

/* Close the connection (QUIT) and free the session. NULL is allowed. */
void smtp_close(struct smtp_session *s);

#endif
