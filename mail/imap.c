/*
 * imap.c - a small IMAP client on a connection libcurl opened and
 * authenticated (see imap.h).
 */
#include "imap.h"
#include "../engine/sbuf.h"

#include "curl_dl.h"
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define DEFAULT_TIMEOUT_MS 30000L
#define DEFAULT_MAX_MESSAGE (32u * 1024u * 1024u)
#define MAX_LINE 65536u
#define RECV_CHUNK 16384u
#define MAILBOX_MAX 512

struct imap_session {
	CURL *curl;
	curl_socket_t sock;
	long timeout_ms;
	size_t max_message;
	unsigned int tag;
	char *rbuf;		/* received, not yet consumed bytes */
	size_t rlen;
	size_t rcap;
	char errbuf[CURL_ERROR_SIZE];
};

/* Called for each untagged response of a command. */
typedef void untagged_fn(void *ctx, const char *resp, size_t len);

/* Write one line of error text. */
static void
set_err(char *err, size_t errlen, const char *what)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", what);
}

/* Milliseconds on the monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait until the socket is ready for events or the deadline passes.
 * Returns 0 when ready, -1 on timeout or error. */
static int
wait_socket(struct imap_session *s, short events, long long deadline)
{
	struct pollfd pfd;
	long long left = deadline - now_ms();
	int rc;

	if (left <= 0)
		return -1;
	pfd.fd = (int)s->sock;
	pfd.events = events;
	pfd.revents = 0;
	do
		rc = poll(&pfd, 1, (int)left);
	while (rc < 0 && errno == EINTR);
	return rc > 0 ? 0 : -1;
}

/* Send all of data[0..len). Returns 0 or -1. */
static int
send_all(struct imap_session *s, const char *data, size_t len)
{
	long long deadline = now_ms() + s->timeout_ms;
	size_t done = 0;

	while (done < len) {
		size_t n = 0;
		CURLcode rc = curl_easy_send(s->curl, data + done, len - done,
		    &n);

		if (rc == CURLE_AGAIN) {
			if (wait_socket(s, POLLOUT, deadline) != 0)
				return -1;
			continue;
		}
		if (rc != CURLE_OK)
			return -1;
		done += n;
	}
	return 0;
}

/* Receive more bytes into the read buffer. Returns 0 or -1 (timeout,
 * closed connection, error). */
static int
fill(struct imap_session *s)
{
	long long deadline = now_ms() + s->timeout_ms;

	if (s->rcap - s->rlen < RECV_CHUNK) {
		size_t cap = s->rcap * 2 + RECV_CHUNK;
		char *nb = realloc(s->rbuf, cap);

		if (nb == NULL)
			return -1;
		s->rbuf = nb;
		s->rcap = cap;
	}
	for (;;) {
		size_t n = 0;
		CURLcode rc = curl_easy_recv(s->curl, s->rbuf + s->rlen,
		    s->rcap - s->rlen, &n);

		if (rc == CURLE_AGAIN) {
			if (wait_socket(s, POLLIN, deadline) != 0)
				return -1;
			continue;
		}
		if (rc != CURLE_OK || n == 0)
			return -1;
		s->rlen += n;
		return 0;
	}
}

/* Drop the first n bytes of the read buffer. */
static void
consume(struct imap_session *s, size_t n)
{
	memmove(s->rbuf, s->rbuf + n, s->rlen - n);
	s->rlen -= n;
}

/* Find CRLF in the read buffer, receiving more as needed. Returns the
 * line length (without CRLF) or -1. */
static long
next_line_len(struct imap_session *s)
{
	size_t scanned = 0;

	for (;;) {
		size_t i;

		for (i = scanned; i + 1 < s->rlen; i++)
			if (s->rbuf[i] == '\r' && s->rbuf[i + 1] == '\n')
				return (long)i;
		scanned = s->rlen > 0 ? s->rlen - 1 : 0;
		if (s->rlen > MAX_LINE || fill(s) != 0)
			return -1;
	}
}

/* When the line ends with a literal announcement "{N}" or "{N+}", return
 * N, else -1. */
static long
literal_size(const char *line, size_t len)
{
	size_t i;
	long n = 0;

	if (len < 3 || line[len - 1] != '}')
		return -1;
	i = len - 1;
	if (line[i - 1] == '+')
		i--;
	while (i > 0 && isdigit((unsigned char)line[i - 1]))
		i--;
	if (i == 0 || line[i - 1] != '{' || i == len - 1)
		return -1;
	for (; isdigit((unsigned char)line[i]); i++) {
		if (n > 1000000000L)
			return -1;
		n = n * 10 + (line[i] - '0');
	}
	return n;
}

/* Read one complete response (a line, with any literals it announces
 * copied in place right after their "{N}") into out. Returns 0 or -1. */
static int
read_response(struct imap_session *s, struct sbuf *out)
{
	sb_reset(out);
	for (;;) {
		long len = next_line_len(s);
		long lit;

		if (len < 0)
			return -1;
		sb_putn(out, s->rbuf, (size_t)len);
		lit = literal_size(s->rbuf, (size_t)len);
		consume(s, (size_t)len + 2);
		if (lit < 0)
			return out->oom ? -1 : 0;
		if ((size_t)lit > s->max_message)
			return -1;
		while (s->rlen < (size_t)lit)
			if (fill(s) != 0)
				return -1;
		sb_putn(out, s->rbuf, (size_t)lit);
		consume(s, (size_t)lit);
	}
}

/* Copy the server's text into err as one printable line. */
static void
server_err(char *err, size_t errlen, const char *cmd, const char *resp)
{
	char clean[256];
	size_t i;

	for (i = 0; i + 1 < sizeof clean && resp[i] != '\0'; i++)
		clean[i] = isprint((unsigned char)resp[i]) ? resp[i] : ' ';
	clean[i] = '\0';
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "imap: %s failed: %s", cmd, clean);
}

/* Run one command (text without tag and CRLF); untagged responses go to
 * fn. Returns 0 when the server answered OK, -1 otherwise. */
static int
command(struct imap_session *s, const char *text, untagged_fn *fn, void *ctx,
    char *err, size_t errlen)
{
	struct sbuf line = SBUF_INIT;
	char tag[16];
	size_t taglen;
	int rc = -1;

	s->tag++;
	snprintf(tag, sizeof tag, "z%u ", s->tag);
	taglen = strlen(tag);
	sb_puts(&line, tag);
	sb_puts(&line, text);
	sb_puts(&line, "\r\n");
	if (line.oom || send_all(s, line.s, line.len) != 0) {
		sb_free(&line);
		set_err(err, errlen, "imap: cannot send to the server "
		    "(connection lost or timed out)");
		return -1;
	}
	for (;;) {
		if (read_response(s, &line) != 0) {
			set_err(err, errlen, "imap: no complete answer from "
			    "the server (connection lost, timed out or too "
			    "large)");
			break;
		}
		if (line.len >= taglen && memcmp(line.s, tag, taglen) == 0) {
			if (strncasecmp(line.s + taglen, "OK", 2) == 0)
				rc = 0;
			else
				server_err(err, errlen, text, line.s + taglen);
			break;
		}
		if (line.len >= 2 && memcmp(line.s, "* ", 2) == 0 && fn != NULL)
			fn(ctx, line.s, line.len);
	}
	sb_free(&line);
	return rc;
}

/* Extract the mailbox name from the URL path (decoded), INBOX when none. */
static int
mailbox_from_url(const char *url, char *out, size_t outlen)
{
	CURLU *u = curl_url();
	char *path = NULL;
	const char *p;
	size_t len;
	int rc = -1;

	if (u == NULL)
		return -1;
	if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_PATH, &path, CURLU_URLDECODE) ==
	    CURLUE_OK) {
		p = path;
		while (*p == '/')
			p++;
		len = strcspn(p, ";");
		while (len > 0 && p[len - 1] == '/')
			len--;
		if (len == 0)
			rc = snprintf(out, outlen, "INBOX") < (int)outlen ?
			    0 : -1;
		else if (len < outlen) {
			memcpy(out, p, len);
			out[len] = '\0';
			rc = 0;
		}
	}
	curl_free(path);
	curl_url_cleanup(u);
	return rc;
}

/* Write a mailbox name as an IMAP quoted string into out. */
static int
quote_mailbox(const char *name, char *out, size_t outlen)
{
	size_t o = 0;

	if (outlen < 3)
		return -1;
	out[o++] = '"';
	for (; *name != '\0'; name++) {
		if ((unsigned char)*name < 0x20 || o + 4 >= outlen)
			return -1;
		if (*name == '"' || *name == '\\')
			out[o++] = '\\';
		out[o++] = *name;
	}
	out[o++] = '"';
	out[o] = '\0';
	return 0;
}

/* Set the connection options; see imap.h for their meaning. */
static int
configure(struct imap_session *s, const struct imap_config *conf)
{
	CURL *c = s->curl;
	int tls = strncasecmp(conf->url, "imaps://", 8) == 0;

	if (curl_easy_setopt(c, CURLOPT_URL, conf->url) != CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_CONNECT_ONLY, 1L) != CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L) != CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_USE_SSL, tls ? (long)CURLUSESSL_ALL :
	    (long)CURLUSESSL_TRY) != CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, s->timeout_ms) !=
	    CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, s->timeout_ms) !=
	    CURLE_OK ||
	    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, s->errbuf) != CURLE_OK)
		return -1;
	if (conf->user != NULL && curl_easy_setopt(c, CURLOPT_USERNAME,
	    conf->user) != CURLE_OK)
		return -1;
	if (conf->password != NULL && curl_easy_setopt(c, CURLOPT_PASSWORD,
	    conf->password) != CURLE_OK)
		return -1;
	if (conf->insecure && (curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER,
	    0L) != CURLE_OK || curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST,
	    0L) != CURLE_OK))
		return -1;
	if (conf->ca_file != NULL && curl_easy_setopt(c, CURLOPT_CAINFO,
	    conf->ca_file) != CURLE_OK)
		return -1;
	return 0;
}

/* Log in with libcurl and take over its socket. */
static int
connect_session(struct imap_session *s, char *err, size_t errlen)
{
	CURLcode rc;
	char msg[CURL_ERROR_SIZE + 64];

	rc = curl_easy_perform(s->curl);
	if (rc != CURLE_OK) {
		snprintf(msg, sizeof msg, "%s: %s", rc == CURLE_LOGIN_DENIED ?
		    IMAP_LOGIN_REFUSED : "imap: cannot connect",
		    s->errbuf[0] != '\0' ? s->errbuf : curl_easy_strerror(rc));
		set_err(err, errlen, msg);
		return -1;
	}
	if (curl_easy_getinfo(s->curl, CURLINFO_ACTIVESOCKET, &s->sock) !=
	    CURLE_OK || s->sock == CURL_SOCKET_BAD) {
		set_err(err, errlen, "imap: libcurl gave no socket");
		return -1;
	}
	return 0;
}

/* Connect, log in and select; see imap.h. */
struct imap_session *
imap_open(const struct imap_config *conf, char *err, size_t errlen)
{
	struct imap_session *s;
	char mailbox[MAILBOX_MAX];
	char cmd[MAILBOX_MAX * 2 + 16];
	char quoted[MAILBOX_MAX * 2 + 4];

	if (curl_dl_load(err, errlen) != 0)
		return NULL;
	if (conf == NULL || conf->url == NULL ||
	    (strncasecmp(conf->url, "imap://", 7) != 0 &&
	    strncasecmp(conf->url, "imaps://", 8) != 0) ||
	    mailbox_from_url(conf->url, mailbox, sizeof mailbox) != 0 ||
	    quote_mailbox(mailbox, quoted, sizeof quoted) != 0) {
		set_err(err, errlen, "imap: the URL must be imap[s]://[user"
		    "[:password]@]host[:port][/MAILBOX]");
		return NULL;
	}
	s = calloc(1, sizeof *s);
	if (s == NULL) {
		set_err(err, errlen, "imap: out of memory");
		return NULL;
	}
	s->sock = CURL_SOCKET_BAD;
	s->timeout_ms = conf->timeout_ms > 0 ? conf->timeout_ms :
	    DEFAULT_TIMEOUT_MS;
	s->max_message = conf->max_message > 0 ? conf->max_message :
	    DEFAULT_MAX_MESSAGE;
	s->curl = curl_easy_init();
	if (s->curl == NULL || configure(s, conf) != 0) {
		set_err(err, errlen, "imap: cannot set up libcurl");
		imap_close(s);
		return NULL;
	}
	snprintf(cmd, sizeof cmd, "SELECT %s", quoted);
	if (connect_session(s, err, errlen) != 0 ||
	    command(s, cmd, NULL, NULL, err, errlen) != 0) {
		imap_close(s);
		return NULL;
	}
	return s;
}

/* Collected UIDs of a SEARCH. */
struct uid_list {
	unsigned long *v;
	size_t n;
	size_t cap;
	int oom;
};

/* Untagged handler for "* SEARCH n n n". */
static void
on_search(void *ctx, const char *resp, size_t len)
{
	struct uid_list *l = ctx;
	const char *p = resp + 2;
	const char *end = resp + len;

	if (len < 8 || strncasecmp(p, "SEARCH", 6) != 0)
		return;
	p += 6;
	while (p < end && !l->oom) {
		char *next;
		unsigned long v;

		while (p < end && *p == ' ')
			p++;
		if (p >= end || !isdigit((unsigned char)*p))
			break;
		v = strtoul(p, &next, 10);
		p = next;
		if (l->n == l->cap) {
			size_t cap = l->cap * 2 + 16;
			unsigned long *nv = realloc(l->v, cap * sizeof *nv);

			if (nv == NULL) {
				l->oom = 1;
				break;
			}
			l->v = nv;
			l->cap = cap;
		}
		l->v[l->n++] = v;
	}
}

/* qsort order for UIDs. */
static int
uid_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* List unseen UIDs; see imap.h. */
int
imap_search_unseen(struct imap_session *s, unsigned long **uids, size_t *n,
    char *err, size_t errlen)
{
	struct uid_list l = { NULL, 0, 0, 0 };

	*uids = NULL;
	*n = 0;
	if (command(s, "UID SEARCH UNSEEN", on_search, &l, err, errlen) != 0) {
		free(l.v);
		return -1;
	}
	if (l.oom) {
		free(l.v);
		set_err(err, errlen, "imap: out of memory");
		return -1;
	}
	if (l.n > 1)
		qsort(l.v, l.n, sizeof *l.v, uid_cmp);
	*uids = l.v;
	*n = l.n;
	return 0;
}

/* What a FETCH of one message collects. */
struct fetch_result {
	unsigned long uid;
	char *data;
	size_t len;
	int found;
	int oom;
};

/* True when the FETCH response carries "UID <uid>". */
static int
response_has_uid(const char *resp, size_t len, unsigned long uid)
{
	char want[32];
	size_t wl;
	size_t i;

	snprintf(want, sizeof want, "UID %lu", uid);
	wl = strlen(want);
	for (i = 0; i + wl <= len; i++)
		if (strncasecmp(resp + i, want, wl) == 0 &&
		    (i + wl == len || !isdigit((unsigned char)resp[i + wl])))
			return 1;
	return 0;
}

/* Untagged handler for "* N FETCH (UID u BODY[]<0> {len}<bytes>)" (the
 * "<0>" of a partial fetch may be missing). */
static void
on_fetch(void *ctx, const char *resp, size_t len)
{
	struct fetch_result *f = ctx;
	const char *body = NULL;
	size_t i;
	long lit;
	const char *close;

	for (i = 0; i + 8 <= len; i++) {
		if (strncasecmp(resp + i, "BODY[] {", 8) == 0) {
			body = resp + i + 7;
			break;
		}
		if (i + 11 <= len && strncasecmp(resp + i, "BODY[]<0> {", 11) == 0) {
			body = resp + i + 10;
			break;
		}
	}
	if (body == NULL || f->found)
		return;
	close = memchr(body, '}', len - (size_t)(body - resp));
	if (close == NULL)
		return;
	lit = literal_size(body, (size_t)(close - body) + 1);
	if (lit < 0 || (size_t)(close + 1 - resp) + (size_t)lit > len)
		return;
	if (!response_has_uid(resp, (size_t)(body - resp), f->uid) &&
	    !response_has_uid(close + 1 + lit,
	    len - (size_t)(close + 1 - resp) - (size_t)lit, f->uid))
		return;
	f->data = malloc((size_t)lit + 1);
	if (f->data == NULL) {
		f->oom = 1;
		return;
	}
	memcpy(f->data, close + 1, (size_t)lit);
	f->data[lit] = '\0';
	f->len = (size_t)lit;
	f->found = 1;
}

/* Fetch one message without setting \Seen; see imap.h. */
int
imap_fetch(struct imap_session *s, unsigned long uid, char **data,
    size_t *len, char *err, size_t errlen)
{
	struct fetch_result f;
	char cmd[64];

	memset(&f, 0, sizeof f);
	f.uid = uid;
	*data = NULL;
	*len = 0;
	/* At most max_message bytes: a bigger message arrives cut, not as an error. */
	snprintf(cmd, sizeof cmd, "UID FETCH %lu (UID BODY.PEEK[]<0.%zu>)", uid,
	    s->max_message);
	if (command(s, cmd, on_fetch, &f, err, errlen) != 0) {
		free(f.data);
		return -1;
	}
	if (f.oom) {
		set_err(err, errlen, "imap: out of memory");
		return -1;
	}
	if (!f.found)
		return 1;
	*data = f.data;
	*len = f.len;
	return 0;
}

/* Set \Seen; see imap.h. */
int
imap_mark_seen(struct imap_session *s, unsigned long uid, char *err,
    size_t errlen)
{
	char cmd[64];

	snprintf(cmd, sizeof cmd, "UID STORE %lu +FLAGS.SILENT (\\Seen)", uid);
	return command(s, cmd, NULL, NULL, err, errlen);
}

/* What a FLAGS fetch looks for. */
struct flag_query {
	unsigned long uid;
	const char *flag;
	int found;
};

/* Untagged handler for "* N FETCH (UID u FLAGS (...))". */
static void
on_flags(void *ctx, const char *resp, size_t len)
{
	struct flag_query *q = ctx;
	size_t fl = strlen(q->flag);
	const char *open = NULL;
	size_t i;

	if (!response_has_uid(resp, len, q->uid))
		return;
	for (i = 0; i + 7 <= len; i++) {
		if (strncasecmp(resp + i, "FLAGS (", 7) == 0) {
			open = resp + i + 7;
			break;
		}
	}
	if (open == NULL)
		return;
	while (open < resp + len && *open != ')') {
		size_t w = strcspn(open, " )");

		if (w == fl && strncasecmp(open, q->flag, fl) == 0)
			q->found = 1;
		open += w;
		if (*open == ' ')
			open++;
	}
}

/* Test one flag; see imap.h. */
int
imap_has_flag(struct imap_session *s, unsigned long uid, const char *flag,
    char *err, size_t errlen)
{
	struct flag_query q = { uid, flag, 0 };
	char cmd[64];

	snprintf(cmd, sizeof cmd, "UID FETCH %lu (UID FLAGS)", uid);
	if (command(s, cmd, on_flags, &q, err, errlen) != 0)
		return -1;
	return q.found;
}

/* Log out and free; see imap.h. */
void
imap_close(struct imap_session *s)
{
	if (s == NULL)
		return;
	if (s->sock != CURL_SOCKET_BAD) {
		s->timeout_ms = s->timeout_ms < 2000 ? s->timeout_ms : 2000;
		/* The session ends either way; a failed LOGOUT changes
		 * nothing for the caller. */
		(void)command(s, "LOGOUT", NULL, NULL, NULL, 0);
	}
	if (s->curl != NULL)
		curl_easy_cleanup(s->curl);
	free(s->rbuf);
	free(s);
}
