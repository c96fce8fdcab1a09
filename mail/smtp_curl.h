/*
 * smtp_curl.h - the libcurl side of smtp.h, used only by mail/smtp.c.
 *
 * libcurl is loaded (dlopen) when the first such session is made: for
 * smtps://, for a server that offers STARTTLS, and for a login the
 * built-in client does not speak. One session holds one curl handle, so
 * a batch reuses one connection (libcurl reconnects by itself when the
 * server closed it).
 *
 *   smtp://host:port   plain, upgraded with STARTTLS when the server offers
 *                      it (CURLUSESSL_TRY)
 *   smtps://host:port  TLS from the start, required (CURLUSESSL_ALL)
 */
#ifndef ARBITER_MAIL_SMTP_CURL_H
#define ARBITER_MAIL_SMTP_CURL_H

#include "smtp.h"

struct smtp_curl;

/* Load libcurl and make a handle for conf. NULL with err set (starting
 * with CURL_DL_MISSING when the library cannot be loaded). */
struct smtp_curl *smtp_curl_open(const struct smtp_config *conf, char *err,
    size_t errlen);

/* As smtp_send(); from and every rcpt are already checked plain
 * addresses. */
enum smtp_result smtp_curl_send(struct smtp_curl *s, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *msg, size_t len,
    char *err, size_t errlen);

/* QUIT and free; NULL is allowed. */
void smtp_curl_close(struct smtp_curl *s);

#endif
