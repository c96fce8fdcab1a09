/*
 * smtp_curl.c - SMTP delivery through one reused libcurl handle: TLS
 * (smtps://, STARTTLS) and the logins the built-in client does not speak
 * (see smtp_curl.h).
 */
#include "smtp_curl.h"

#include "curl_dl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DEFAULT_CONNECT_MS 10000L
#define DEFAULT_TIMEOUT_MS 60000L

struct smtp_curl {
	CURL *curl;
	char errbuf[CURL_ERROR_SIZE];
	int fresh;	/* the last message failed: the next gets a new connection */
};

/* The message being uploaded. */
struct upload {
	const char *data;
	size_t len;
	size_t pos;
};

/* Write one line of error text. */
static void
set_err(char *err, size_t errlen, const char *what)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", what);
}

/* curl read callback: hand out the next piece of the message. */
static size_t
read_upload(char *buf, size_t size, size_t nitems, void *arg)
{
	struct upload *u = arg;
	size_t room = size * nitems;
	size_t n = u->len - u->pos;

	if (n > room)
		n = room;
	memcpy(buf, u->data + u->pos, n);
	u->pos += n;
	return n;
}

/* Set a curl option that takes a long, reporting failure. */
static int
opt_long(CURL *c, CURLoption opt, long v)
{
	return curl_easy_setopt(c, opt, v) == CURLE_OK ? 0 : -1;
}

/* Set a curl option that takes a string (curl copies it). */
static int
opt_str(CURL *c, CURLoption opt, const char *v)
{
	return curl_easy_setopt(c, opt, v) == CURLE_OK ? 0 : -1;
}

/* Apply the options that stay the same for every message. */
static int
configure(struct smtp_curl *s, const struct smtp_config *conf)
{
	CURL *c = s->curl;
	int tls = strncasecmp(conf->url, "smtps://", 8) == 0;

	if (opt_str(c, CURLOPT_URL, conf->url) != 0 ||
	    opt_long(c, CURLOPT_NOSIGNAL, 1L) != 0 ||
	    opt_long(c, CURLOPT_USE_SSL, tls ? (long)CURLUSESSL_ALL :
	    (long)CURLUSESSL_TRY) != 0 ||
	    opt_long(c, CURLOPT_CONNECTTIMEOUT_MS,
	    conf->connect_timeout_ms > 0 ? conf->connect_timeout_ms :
	    DEFAULT_CONNECT_MS) != 0 ||
	    opt_long(c, CURLOPT_TIMEOUT_MS, conf->timeout_ms > 0 ?
	    conf->timeout_ms : DEFAULT_TIMEOUT_MS) != 0 ||
	    opt_long(c, CURLOPT_UPLOAD, 1L) != 0 ||
	    curl_easy_setopt(c, CURLOPT_READFUNCTION, read_upload) !=
	    CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, s->errbuf) != CURLE_OK)
		return -1;
	if (conf->user != NULL && conf->user[0] != '\0' &&
	    (opt_str(c, CURLOPT_USERNAME, conf->user) != 0 ||
	    opt_str(c, CURLOPT_PASSWORD, conf->password != NULL ?
	    conf->password : "") != 0))
		return -1;
	if (conf->insecure && (opt_long(c, CURLOPT_SSL_VERIFYPEER, 0L) != 0 ||
	    opt_long(c, CURLOPT_SSL_VERIFYHOST, 0L) != 0))
		return -1;
	if (conf->ca_file != NULL && opt_str(c, CURLOPT_CAINFO,
	    conf->ca_file) != 0)
		return -1;
	return 0;
}

/* Make a session; see smtp_curl.h. */
struct smtp_curl *
smtp_curl_open(const struct smtp_config *conf, char *err, size_t errlen)
{
	struct smtp_curl *s;

	if (curl_dl_load(err, errlen) != 0)
		return NULL;
	s = calloc(1, sizeof *s);
	if (s == NULL) {
		set_err(err, errlen, "smtp: out of memory");
		return NULL;
	}
	s->curl = curl_easy_init();
	if (s->curl == NULL || configure(s, conf) != 0) {
		set_err(err, errlen, "smtp: cannot set up libcurl");
		smtp_curl_close(s);
		return NULL;
	}
	return s;
}

/* Build the curl recipient list (the addresses were checked by smtp.c);
 * NULL when memory ran out. */
static struct curl_slist *
recipient_list(const char *const *rcpt, size_t nrcpt)
{
	struct curl_slist *list = NULL;
	size_t i;

	for (i = 0; i < nrcpt; i++) {
		char buf[300];
		struct curl_slist *next;

		snprintf(buf, sizeof buf, "<%s>", rcpt[i]);
		next = curl_slist_append(list, buf);
		if (next == NULL) {
			curl_slist_free_all(list);
			return NULL;
		}
		list = next;
	}
	return list;
}

/* Map a failed transfer to a result, from the last SMTP reply code when
 * there is one and from curl's error otherwise. */
static enum smtp_result
classify(struct smtp_curl *s, CURLcode rc, char *err, size_t errlen)
{
	long code = 0;
	char msg[CURL_ERROR_SIZE + 64];

	if (curl_easy_getinfo(s->curl, CURLINFO_RESPONSE_CODE, &code) !=
	    CURLE_OK)
		code = 0;
	snprintf(msg, sizeof msg, "smtp: %s (reply %ld)",
	    s->errbuf[0] != '\0' ? s->errbuf : curl_easy_strerror(rc), code);
	set_err(err, errlen, msg);
	/* A refused login (535) or a server that wants one (530) is our
	 * configuration, not the message: keep the message queued. */
	if (rc == CURLE_LOGIN_DENIED || code == 530 || code == 535 || code == 421)
		return SMTP_TRANSIENT;
	if (code >= 500 && code <= 599)
		return SMTP_PERMANENT;
	/* A 4xx answer to this message: the next one may go now. */
	if (code >= 400 && code <= 499)
		return SMTP_DEFERRED;
	return SMTP_TRANSIENT;
}

/* Send one message; see smtp_curl.h. */
enum smtp_result
smtp_curl_send(struct smtp_curl *s, const char *from, const char *const *rcpt,
    size_t nrcpt, const char *msg, size_t len, char *err, size_t errlen)
{
	struct upload u = { msg, len, 0 };
	struct curl_slist *list;
	char sender[300];
	CURLcode rc;

	snprintf(sender, sizeof sender, "<%s>", from);
	list = recipient_list(rcpt, nrcpt);
	if (list == NULL) {
		set_err(err, errlen, "smtp: out of memory");
		return SMTP_TRANSIENT;
	}
	s->errbuf[0] = '\0';
	if (opt_str(s->curl, CURLOPT_MAIL_FROM, sender) != 0 ||
	    curl_easy_setopt(s->curl, CURLOPT_MAIL_RCPT, list) != CURLE_OK ||
	    curl_easy_setopt(s->curl, CURLOPT_READDATA, &u) != CURLE_OK ||
	    opt_long(s->curl, CURLOPT_FRESH_CONNECT, s->fresh) != 0) {
		curl_slist_free_all(list);
		set_err(err, errlen, "smtp: cannot set up libcurl");
		return SMTP_TRANSIENT;
	}
	rc = curl_easy_perform(s->curl);
	/*
	 * After any failure the server may hold the session in a state where
	 * it refuses what follows (503 after a 500): the next message starts
	 * on a new connection.
	 */
	s->fresh = rc != CURLE_OK;
	/* Clearing a pointer option cannot fail. */
	(void)curl_easy_setopt(s->curl, CURLOPT_MAIL_RCPT, NULL);
	curl_slist_free_all(list);
	if (rc == CURLE_OK)
		return SMTP_SENT;
	return classify(s, rc, err, errlen);
}

/* Close and free; see smtp_curl.h. */
void
smtp_curl_close(struct smtp_curl *s)
{
	if (s == NULL)
		return;
	if (s->curl != NULL)
		curl_easy_cleanup(s->curl);
	free(s);
}
