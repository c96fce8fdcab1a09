/*
 * smtp.c - SMTP delivery (see smtp.h).
 *
 * Plain SMTP, the common case of a site whose MTA listens on localhost, is
 * spoken here: one TCP connection per session, EHLO, AUTH PLAIN or LOGIN
 * when a user is configured and the server offers one of them, and the
 * commands of a message sent in one write when the server offers
 * PIPELINING (RFC 2920). This keeps libcurl and its TLS libraries out of
 * a move that mails its report (they cost more to load than the move
 * itself). Everything else goes through libcurl (smtp_curl.c), loaded only
 * then: smtps://, a server that offers STARTTLS (so TLS is used whenever
 * it is offered, as before), a login mechanism other than PLAIN and LOGIN,
 * and URLs with parts this client does not read (user info, query).
 *
 * The promise is the same either way: SMTP_SENT only after the server's
 * 250 to the final dot; after any failure the connection is closed and the
 * next message opens a new one (a server that refused something may refuse
 * what follows); an idle connection the server closed is reopened once.
 */
#include "smtp.h"
#include "smtp_curl.h"
#include "compose.h"

#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <nettle/base64.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_CONNECT_MS 10000L
#define DEFAULT_TIMEOUT_MS 60000L
#define QUIT_WAIT_MS 2000L
#define ADDR_MAX 300

struct smtp_session {
	struct smtp_config conf;	/* its strings are the copies below */
	char *url, *user, *password, *ca_file;
	char host[256];
	char port[6];
	char helo[256];
	int use_curl;		/* every message goes through libcurl */
	struct smtp_curl *curl;
	int fd;			/* -1: not connected */
	int ahead;		/* fd is smtp_ahead's: 1 maybe still connecting, not
				   greeted; 2 greeted, its EHLO sent (smtp_poke) */
	int pipelining;
	int auth_plain, auth_login, auth_other, starttls;
	char in[4096];		/* bytes read and not yet used */
	size_t inlen, inpos;
	char reply[200];	/* the last reply's first line, printable */
};

/* A reply: its code, or a reason there is none. */
enum { R_LOST = -1, R_TIMEOUT = -2, R_GARBLED = -3 };

static void
set_err(char *err, size_t errlen, const char *what)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", what);
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait until fd is ready for ev or the deadline passes: 0, or -1. */
static int
wait_fd(int fd, short ev, long long deadline)
{
	for (;;) {
		long long left = deadline - now_ms();
		struct pollfd p;
		int r;

		if (left <= 0)
			return -1;
		p.fd = fd;
		p.events = ev;
		p.revents = 0;
		r = poll(&p, 1, left > INT_MAX ? INT_MAX : (int)left);
		if (r > 0)
			return 0;
		if (r == 0 || errno != EINTR)
			return -1;
	}
}

/* Copy a string option; 0, or -1 when memory ran out. */
static int
dup_opt(char **dst, const char *src)
{
	*dst = NULL;
	if (src == NULL)
		return 0;
	*dst = strdup(src);
	return *dst != NULL ? 0 : -1;
}

/*
 * Read host, port and the EHLO name from an smtp:// URL. Returns 0 (with
 * use_curl set for a URL this client leaves to libcurl) or -1 when the
 * URL is malformed.
 */
static int
parse_url(struct smtp_session *s, const char *url)
{
	const char *p = url + (strncasecmp(url, "smtps://", 8) == 0 ? 8 : 7), *end, *h, *hend,
	    *port = NULL;
	size_t hlen, plen;

	end = p + strcspn(p, "/?#");
	if (memchr(p, '@', (size_t)(end - p)) != NULL || *end == '?' ||
	    *end == '#' || (*end == '/' && end[1 + strcspn(end + 1, "%?#")] !=
	    '\0')) {
		s->use_curl = 1;
		return 0;
	}
	if (*p == '[') {
		h = p + 1;
		hend = memchr(h, ']', (size_t)(end - h));
		if (hend == NULL)
			return -1;
		if (hend + 1 < end) {
			if (hend[1] != ':')
				return -1;
			port = hend + 2;
		}
	} else {
		h = p;
		hend = memchr(p, ':', (size_t)(end - p));
		if (hend == NULL)
			hend = end;
		else
			port = hend + 1;
	}
	hlen = (size_t)(hend - h);
	if (hlen == 0 || hlen >= sizeof s->host)
		return -1;
	memcpy(s->host, h, hlen);
	s->host[hlen] = '\0';
	if (port != NULL) {
		long v = 0;
		const char *q;

		if (port == end || end - port > 5)
			return -1;
		for (q = port; q < end; q++) {
			if (*q < '0' || *q > '9')
				return -1;
			v = v * 10 + (*q - '0');
		}
		if (v < 1 || v > 65535)
			return -1;
		snprintf(s->port, sizeof s->port, "%ld", v);
	} else
		snprintf(s->port, sizeof s->port, "25");
	/* The path names this host in EHLO, as libcurl reads it; without
	 * one, the host name, as libcurl does. */
	plen = *end == '/' ? strlen(end + 1) : 0;
	if (plen > 0) {
		size_t i;

		if (plen >= sizeof s->helo)
			return -1;
		for (i = 0; i < plen; i++)
			if ((unsigned char)end[1 + i] <= ' ' ||
			    (unsigned char)end[1 + i] >= 127)
				return -1;
		memcpy(s->helo, end + 1, plen);
		s->helo[plen] = '\0';
	} else if (gethostname(s->helo, sizeof s->helo) != 0 ||
	    s->helo[0] == '\0' || strpbrk(s->helo, " \r\n") != NULL) {
		snprintf(s->helo, sizeof s->helo, "localhost");
	} else
		s->helo[sizeof s->helo - 1] = '\0';
	return 0;
}

/* Judge a URL as smtp_open will; see smtp.h. */
int
smtp_url_check(const char *url, char *err, size_t errlen)
{
	struct smtp_session s;

	memset(&s, 0, sizeof(s));
	if (url == NULL || (strncasecmp(url, "smtp://", 7) != 0 &&
	    strncasecmp(url, "smtps://", 8) != 0)) {
		set_err(err, errlen, "it must start with smtp:// or smtps://");
		return -1;
	}
	/* smtps:// goes to libcurl, but its host and port have the same form. */
	if (parse_url(&s, url) != 0) {
		set_err(err, errlen, "it is not smtp://HOST[:PORT][/NAME] or "
		    "smtps://HOST[:PORT][/NAME] (an IPv6 address in [], a port from 1 "
		    "to 65535, a NAME without spaces)");
		return -1;
	}
	return 0;
}

/* Make a session; see smtp.h. */
struct smtp_session *
smtp_open(const struct smtp_config *conf, char *err, size_t errlen)
{
	struct smtp_session *s;

	if (conf == NULL || conf->url == NULL ||
	    (strncasecmp(conf->url, "smtp://", 7) != 0 &&
	    strncasecmp(conf->url, "smtps://", 8) != 0)) {
		set_err(err, errlen, "smtp: the URL must start with smtp:// or "
		    "smtps://");
		return NULL;
	}
	s = calloc(1, sizeof *s);
	if (s == NULL) {
		set_err(err, errlen, "smtp: out of memory");
		return NULL;
	}
	s->fd = -1;
	s->conf = *conf;
	if (dup_opt(&s->url, conf->url) != 0 ||
	    dup_opt(&s->user, conf->user) != 0 ||
	    dup_opt(&s->password, conf->password) != 0 ||
	    dup_opt(&s->ca_file, conf->ca_file) != 0) {
		set_err(err, errlen, "smtp: out of memory");
		smtp_close(s);
		return NULL;
	}
	s->conf.url = s->url;
	s->conf.user = s->user;
	s->conf.password = s->password;
	s->conf.ca_file = s->ca_file;
	if (s->conf.connect_timeout_ms <= 0)
		s->conf.connect_timeout_ms = DEFAULT_CONNECT_MS;
	if (s->conf.timeout_ms <= 0)
		s->conf.timeout_ms = DEFAULT_TIMEOUT_MS;
	if (strncasecmp(conf->url, "smtps://", 8) == 0)
		s->use_curl = 1;
	else if (parse_url(s, conf->url) != 0) {
		set_err(err, errlen, "smtp: the URL is not smtp://HOST[:PORT]"
		    "[/NAME]");
		smtp_close(s);
		return NULL;
	}
	/* A session that needs libcurl from the start loads it now, so a
	 * missing library is said before anything is tried. */
	if (s->use_curl && (s->curl = smtp_curl_open(&s->conf, err,
	    errlen)) == NULL) {
		smtp_close(s);
		return NULL;
	}
	return s;
}

/* Drop the connection without a word. */
static void
hang_up(struct smtp_session *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	s->ahead = 0;
	s->inlen = s->inpos = 0;
}

/* A non-blocking socket connecting to ai (TCP_NODELAY: commands go out
 * whole and each waits for its answer); -1 with errno when it failed at
 * once.  *pending: the connection is still coming up. */
static int
connect_start(const struct addrinfo *ai, int *pending)
{
	int fd, one = 1;

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
	    ai->ai_protocol);
	if (fd < 0)
		return -1;
	*pending = 0;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
		if (errno != EINPROGRESS) {
			int e = errno;

			close(fd);
			errno = e;
			return -1;
		}
		*pending = 1;
	}
	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return fd;
}

/* Wait until the connection of fd came up: 0, or why it did not. */
static int
connect_done(int fd, long long deadline)
{
	int e = 0;
	socklen_t l = sizeof e;

	if (wait_fd(fd, POLLOUT, deadline) != 0)
		return ETIMEDOUT;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &l) != 0)
		return errno;
	return e;
}

/* Open the TCP connection; 0, or -1 with err set. */
static int
dial(struct smtp_session *s, long long deadline, char *err, size_t errlen)
{
	struct addrinfo hints, *res = NULL, *ai;
	long long cdl = now_ms() + s->conf.connect_timeout_ms;
	int rc, fd = -1, why = 0, pending;
	char msg[400];

	if (cdl > deadline)
		cdl = deadline;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	rc = getaddrinfo(s->host, s->port, &hints, &res);
	if (rc != 0) {
		snprintf(msg, sizeof msg, "smtp: cannot find %s: %s", s->host,
		    gai_strerror(rc));
		set_err(err, errlen, msg);
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		if ((fd = connect_start(ai, &pending)) < 0) {
			why = errno;
			continue;
		}
		if (!pending || (why = connect_done(fd, cdl)) == 0)
			break;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(msg, sizeof msg, "smtp: cannot connect to %s port %s: "
		    "%s", s->host, s->port, strerror(why));
		set_err(err, errlen, msg);
		return -1;
	}
	s->fd = fd;
	s->inlen = s->inpos = 0;
	return 0;
}

/* Write all of p[0..n); 0, or -1 when the connection is lost or late. */
static int
put(struct smtp_session *s, const char *p, size_t n, long long deadline)
{
	while (n > 0) {
		ssize_t w = send(s->fd, p, n, MSG_NOSIGNAL);

		if (w > 0) {
			p += w;
			n -= (size_t)w;
		} else if (w < 0 && errno == EINTR)
			continue;
		else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (wait_fd(s->fd, POLLOUT, deadline) != 0)
				return -1;
		} else
			return -1;
	}
	return 0;
}

/* Read one line (CRLF or LF removed, cut to cap-1 bytes). Returns its
 * length, or R_LOST / R_TIMEOUT. */
static int
get_line(struct smtp_session *s, char *line, size_t cap, long long deadline)
{
	size_t n = 0;

	for (;;) {
		ssize_t r;

		while (s->inpos < s->inlen) {
			char c = s->in[s->inpos++];

			if (c == '\n') {
				if (n > 0 && line[n - 1] == '\r')
					n--;
				line[n] = '\0';
				return (int)n;
			}
			if (n + 1 < cap)
				line[n++] = c;
		}
		if (wait_fd(s->fd, POLLIN, deadline) != 0)
			return R_TIMEOUT;
		r = recv(s->fd, s->in, sizeof s->in, 0);
		if (r > 0) {
			s->inlen = (size_t)r;
			s->inpos = 0;
		} else if (r < 0 && (errno == EINTR || errno == EAGAIN ||
		    errno == EWOULDBLOCK))
			continue;
		else
			return R_LOST;
	}
}

/* Note one EHLO keyword line. */
static void
note_capability(struct smtp_session *s, const char *kw)
{
	if (strcasecmp(kw, "PIPELINING") == 0)
		s->pipelining = 1;
	else if (strcasecmp(kw, "STARTTLS") == 0)
		s->starttls = 1;
	else if (strncasecmp(kw, "AUTH", 4) == 0 && (kw[4] == ' ' ||
	    kw[4] == '=')) {
		char mech[64];
		const char *p = kw + 5;

		while (*p != '\0') {
			size_t n = strcspn(p, " ");

			if (n > 0 && n < sizeof mech) {
				memcpy(mech, p, n);
				mech[n] = '\0';
				if (strcasecmp(mech, "PLAIN") == 0)
					s->auth_plain = 1;
				else if (strcasecmp(mech, "LOGIN") == 0)
					s->auth_login = 1;
				else
					s->auth_other = 1;
			}
			p += n;
			p += strspn(p, " ");
		}
	}
}

/*
 * Read one reply, every line of it. Returns the code (200..599, as the
 * server sent it), or R_LOST / R_TIMEOUT / R_GARBLED. The first line is
 * kept (printable) in s->reply; with ehlo set, each line after the first
 * is read as a capability.
 */
static int
get_reply(struct smtp_session *s, int ehlo, long long deadline)
{
	char line[1024];
	int code = 0, first = 1;

	for (;;) {
		int n = get_line(s, line, sizeof line, deadline), c, i;

		if (n < 0)
			return n;
		if (n < 3 || line[0] < '2' || line[0] > '5' || line[1] < '0' ||
		    line[1] > '9' || line[2] < '0' || line[2] > '9' ||
		    (n > 3 && line[3] != ' ' && line[3] != '-'))
			return R_GARBLED;
		c = (line[0] - '0') * 100 + (line[1] - '0') * 10 +
		    (line[2] - '0');
		if (first) {
			code = c;
			for (i = 0; i < n && (size_t)i + 1 < sizeof s->reply;
			    i++)
				s->reply[i] = (unsigned char)line[i] < ' ' ||
				    (unsigned char)line[i] >= 127 ? '?' :
				    line[i];
			s->reply[i] = '\0';
		} else if (ehlo)
			note_capability(s, line + 4);
		first = 0;
		if (n == 3 || line[3] == ' ')
			return code;
#ifdef TCP_QUICKACK
		/* More lines to come and none buffered: acknowledge what came
		 * now. A server that writes each line apart (Nagle on its
		 * side) waits for that ACK, which Linux would delay 40 ms. */
		if (s->inpos == s->inlen) {
			int one = 1;

			(void)setsockopt(s->fd, IPPROTO_TCP, TCP_QUICKACK, &one,
			    sizeof one);
		}
#endif
	}
}

/* Put err: "smtp: WHAT: " and what went wrong with the reply r. */
static void
reply_err(struct smtp_session *s, const char *what, int r, char *err,
    size_t errlen)
{
	char msg[400];

	if (r == R_TIMEOUT)
		snprintf(msg, sizeof msg, "smtp: %s: no answer from %s port %s "
		    "in time", what, s->host, s->port);
	else if (r == R_LOST)
		snprintf(msg, sizeof msg, "smtp: %s: %s port %s closed the "
		    "connection", what, s->host, s->port);
	else if (r == R_GARBLED)
		snprintf(msg, sizeof msg, "smtp: %s: %s port %s does not "
		    "answer in SMTP", what, s->host, s->port);
	else
		snprintf(msg, sizeof msg, "smtp: %s: %s", what, s->reply);
	set_err(err, errlen, msg);
}

/* Send one command line and read its reply. */
static int
command(struct smtp_session *s, const char *line, long long deadline)
{
	size_t n = strlen(line);
	char *buf = malloc(n + 3);
	int r;

	if (buf == NULL)
		return R_LOST;
	memcpy(buf, line, n);
	memcpy(buf + n, "\r\n", 3);
	r = put(s, buf, n + 2, deadline) != 0 ? R_LOST : get_reply(s, 0,
	    deadline);
	explicit_bzero(buf, n);
	free(buf);
	return r;
}

/* The base64 of data[0..n) after prefix, malloc'ed; NULL when out of
 * memory. */
static char *
b64_line(const char *prefix, const char *data, size_t n)
{
	size_t pl = strlen(prefix);
	char *out = malloc(pl + BASE64_ENCODE_RAW_LENGTH(n) + 1);

	if (out == NULL)
		return NULL;
	memcpy(out, prefix, pl);
	base64_encode_raw(out + pl, n, (const uint8_t *)data);
	out[pl + BASE64_ENCODE_RAW_LENGTH(n)] = '\0';
	return out;
}

/* Log in with PLAIN (preferred) or LOGIN: 235, or the failing reply. */
static int
login(struct smtp_session *s, long long deadline)
{
	const char *pw = s->password != NULL ? s->password : "";
	size_t ul = strlen(s->user), pl = strlen(pw);
	char *line, *raw;
	int r;

	if (s->auth_plain) {
		raw = malloc(ul + pl + 2);
		if (raw == NULL)
			return R_LOST;
		raw[0] = '\0';
		memcpy(raw + 1, s->user, ul);
		raw[1 + ul] = '\0';
		memcpy(raw + 2 + ul, pw, pl);
		line = b64_line("AUTH PLAIN ", raw, ul + pl + 2);
		explicit_bzero(raw, ul + pl + 2);
		free(raw);
		if (line == NULL)
			return R_LOST;
		r = command(s, line, deadline);
		explicit_bzero(line, strlen(line));
		free(line);
		return r;
	}
	r = command(s, "AUTH LOGIN", deadline);
	if (r != 334)
		return r;
	if ((line = b64_line("", s->user, ul)) == NULL)
		return R_LOST;
	r = command(s, line, deadline);
	free(line);
	if (r != 334)
		return r;
	if ((line = b64_line("", pw, pl)) == NULL)
		return R_LOST;
	r = command(s, line, deadline);
	explicit_bzero(line, strlen(line));
	free(line);
	return r;
}

/*
 * What a refusal of a message means: a 5xx is the message's for good; a
 * 4xx (greylisting, a full mailbox) the message's for now; a refused or
 * missing login (535, 530), a 421 (the server closes) or no reply at all
 * the server's, and every message waits.
 */
static enum smtp_result
classify(int r)
{
	if (r == 530 || r == 535 || r == 421 || r < 400)
		return SMTP_TRANSIENT;
	return r < 500 ? SMTP_DEFERRED : SMTP_PERMANENT;
}

/*
 * Read the greeting and, when it is 220, send EHLO (*sent says whether it
 * went out).  Returns the greeting's reply, or R_LOST / R_TIMEOUT /
 * R_GARBLED.  The capabilities of an earlier session are forgotten.
 */
static int
hello(struct smtp_session *s, long long deadline, int *sent)
{
	char line[300];
	int r;

	*sent = 0;
	s->pipelining = s->starttls = 0;
	s->auth_plain = s->auth_login = s->auth_other = 0;
	if ((r = get_reply(s, 0, deadline)) != 220)
		return r;
	snprintf(line, sizeof line, "EHLO %s\r\n", s->helo);
	*sent = put(s, line, strlen(line), deadline) == 0;
	return r;
}

/*
 * Connect, read the greeting, EHLO (HELO when EHLO is refused) and log in.
 * Returns 0 when the session is ready here, 1 when this server wants
 * libcurl (STARTTLS offered, or a login this client does not speak; the
 * connection was closed with QUIT), -1 with err set on failure (always
 * transient: the message was not at fault).
 */
static int
greet(struct smtp_session *s, long long deadline, char *err, size_t errlen)
{
	char line[300];
	int r, ehlo_sent = s->ahead == 2;

	/* Connected ahead, if the connection came up: else dial as usual. */
	if (s->ahead == 1 && connect_done(s->fd, now_ms() + s->conf.connect_timeout_ms) != 0)
		hang_up(s);
	s->ahead = 0;
	if (s->fd < 0 && dial(s, deadline, err, errlen) != 0)
		return -1;
	/* (ehlo_sent: smtp_poke read the greeting and sent EHLO) */
	if (!ehlo_sent && (r = hello(s, deadline, &ehlo_sent)) != 220) {
		reply_err(s, "greeting", r, err, errlen);
		hang_up(s);
		return -1;
	}
	r = ehlo_sent ? get_reply(s, 1, deadline) : R_LOST;
	if (r >= 500 && r <= 599) {
		snprintf(line, sizeof line, "HELO %s", s->helo);
		r = command(s, line, deadline);
	}
	if (r != 250) {
		reply_err(s, "EHLO", r, err, errlen);
		hang_up(s);
		return -1;
	}
	if (s->starttls || (s->user != NULL && s->user[0] != '\0' &&
	    !s->auth_plain && !s->auth_login && s->auth_other)) {
		(void)command(s, "QUIT", now_ms() + QUIT_WAIT_MS);
		hang_up(s);
		return 1;
	}
	/* As libcurl: a user is logged in when the server offers AUTH. */
	if (s->user != NULL && s->user[0] != '\0' && (s->auth_plain ||
	    s->auth_login)) {
		r = login(s, deadline);
		if (r != 235) {
			reply_err(s, "login refused", r, err, errlen);
			hang_up(s);
			return -1;
		}
	}
	return 0;
}

/* True when an idle connection has something to say (the server's 421 or
 * its end): it is no longer fit for a message. */
static int
went_stale(struct smtp_session *s)
{
	struct pollfd p;

	if (s->inpos < s->inlen)
		return 1;
	p.fd = s->fd;
	p.events = POLLIN;
	p.revents = 0;
	return poll(&p, 1, 0) != 0;
}

/* The message dot-stuffed, CRLF-terminated and followed by the final
 * dot; malloc'ed, NULL when out of memory. */
static char *
stuffed(const char *msg, size_t len, size_t *out_len)
{
	size_t i, n = 0, dots = 0;
	char *out;

	for (i = 0; i < len; i++)
		if (msg[i] == '.' && (i == 0 || msg[i - 1] == '\n'))
			dots++;
	if (len > SIZE_MAX - dots - 8)
		return NULL;
	out = malloc(len + dots + 8);
	if (out == NULL)
		return NULL;
	for (i = 0; i < len; i++) {
		if (msg[i] == '.' && (i == 0 || msg[i - 1] == '\n'))
			out[n++] = '.';
		out[n++] = msg[i];
	}
	if (n < 2 || out[n - 2] != '\r' || out[n - 1] != '\n') {
		out[n++] = '\r';
		out[n++] = '\n';
	}
	memcpy(out + n, ".\r\n", 3);
	*out_len = n + 3;
	return out;
}

/* The envelope: MAIL, every RCPT and DATA, as one block of lines. */
static char *
envelope(const char *from, const char *const *rcpt, size_t nrcpt,
    size_t *out_len)
{
	size_t i, cap = ADDR_MAX + 24 + nrcpt * (ADDR_MAX + 16), n;
	char *out = malloc(cap);

	if (out == NULL)
		return NULL;
	n = (size_t)snprintf(out, cap, "MAIL FROM:<%s>\r\n", from);
	for (i = 0; i < nrcpt; i++)
		n += (size_t)snprintf(out + n, cap - n, "RCPT TO:<%s>\r\n",
		    rcpt[i]);
	n += (size_t)snprintf(out + n, cap - n, "DATA\r\n");
	*out_len = n;
	return out;
}

/*
 * One transaction on the open connection. Returns SMTP_SENT, a failure
 * (err set), or -1 when the connection was found lost before the server
 * answered anything of this message (it may be reopened and the message
 * tried again: the server has accepted none of it).
 */
static int
transact(struct smtp_session *s, const char *const *rcpt,
    size_t nrcpt, const char *env, size_t envlen, const char *data,
    size_t datalen, long long deadline, char *err, size_t errlen)
{
	const char *line = env;
	int r, step;

	if (s->pipelining && put(s, env, envlen, deadline) != 0)
		return -1;
	/* Step 0 is MAIL, 1..nrcpt the RCPTs, nrcpt+1 DATA; the first
	 * refusal decides, but every pipelined reply is read. */
	for (step = 0; step <= (int)nrcpt + 1; step++) {
		size_t ll = strcspn(line, "\n") + 1;
		int want = step == (int)nrcpt + 1 ? 354 : 250;

		if (!s->pipelining && put(s, line, ll, deadline) != 0)
			return step == 0 ? -1 : SMTP_TRANSIENT;
		line += ll;
		r = get_reply(s, 0, deadline);
		if (r == R_LOST && step == 0)
			return -1;
		if (r == want || (want == 250 && step > 0 && r == 251))
			continue;
		/* No reply (a timeout, garbage) is no refusal. */
		if (step == 0)
			reply_err(s, r > 0 ? "MAIL FROM refused" : "MAIL FROM", r, err, errlen);
		else if (step <= (int)nrcpt) {
			char what[ADDR_MAX + 32];

			snprintf(what, sizeof what, "RCPT TO <%s>%s", rcpt[step - 1],
			    r > 0 ? " refused" : "");
			reply_err(s, what, r, err, errlen);
		} else
			reply_err(s, r > 0 ? "DATA refused" : "DATA", r, err, errlen);
		/* A 354 after a refused recipient would deliver to the
		 * others: the caller drops the connection instead. */
		return classify(r);
	}
	if (put(s, data, datalen, deadline) != 0) {
		reply_err(s, "message", R_LOST, err, errlen);
		return SMTP_TRANSIENT;
	}
	r = get_reply(s, 0, deadline);
	if (r == 250)
		return SMTP_SENT;
	reply_err(s, r > 0 ? "message refused" : "message", r, err, errlen);
	return classify(r);
}

/* Send one message; see smtp.h. */
enum smtp_result
smtp_send(struct smtp_session *s, const char *from, const char *const *rcpt,
    size_t nrcpt, const char *msg, size_t len, char *err, size_t errlen)
{
	long long deadline;
	char *env, *data;
	size_t envlen, datalen, i;
	int r = -1, tries;

	if (from == NULL || (from[0] != '\0' && !compose_addr_ok(from)) ||
	    strlen(from) >= ADDR_MAX - 2) {
		set_err(err, errlen, "smtp: the envelope sender is not a plain "
		    "address");
		return SMTP_PERMANENT;
	}
	for (i = 0; i < nrcpt; i++)
		if (rcpt[i] == NULL || !compose_addr_ok(rcpt[i]) ||
		    strlen(rcpt[i]) >= ADDR_MAX - 2)
			break;
	if (nrcpt == 0 || i < nrcpt) {
		set_err(err, errlen, "smtp: no recipient, or a recipient is "
		    "not a plain address");
		return SMTP_PERMANENT;
	}
	if (s->use_curl) {
		if (s->curl == NULL &&
		    (s->curl = smtp_curl_open(&s->conf, err, errlen)) == NULL)
			return SMTP_TRANSIENT;
		return smtp_curl_send(s->curl, from, rcpt, nrcpt, msg, len,
		    err, errlen);
	}
	env = envelope(from, rcpt, nrcpt, &envlen);
	data = stuffed(msg, len, &datalen);
	if (env == NULL || data == NULL) {
		free(env);
		free(data);
		set_err(err, errlen, "smtp: out of memory");
		return SMTP_TRANSIENT;
	}
	deadline = now_ms() + s->conf.timeout_ms;
	for (tries = 0; tries < 2 && r == -1; tries++) {
		int fresh = s->fd < 0 || s->ahead;

		if (!fresh && went_stale(s))
			hang_up(s), fresh = 1;
		if (fresh) {
			int ahead = s->ahead, g = greet(s, deadline, err, errlen);

			/* Dialled ahead and gone stale meanwhile (an idle timeout): anew. */
			if (g == -1 && ahead)
				g = greet(s, deadline, err, errlen);

			if (g == 1) {
				free(env);
				free(data);
				s->use_curl = 1;
				return smtp_send(s, from, rcpt, nrcpt, msg, len,
				    err, errlen);
			}
			if (g != 0) {
				r = SMTP_TRANSIENT;
				break;
			}
		}
		r = transact(s, rcpt, nrcpt, env, envlen, data, datalen,
		    deadline, err, errlen);
		if (r == -1) {
			hang_up(s);
			/* A connection just opened that is lost at once
			 * is not tried again. */
			if (fresh) {
				reply_err(s, "MAIL FROM", R_LOST, err, errlen);
				r = SMTP_TRANSIENT;
			}
		}
	}
	free(env);
	free(data);
	/* After a failure the server may refuse what follows (503 after a
	 * 500), and replies to pipelined commands may still be on their
	 * way: the connection is dropped (no QUIT, which could be read as
	 * text after a 354) and the next message gets a new one. */
	if (r != SMTP_SENT)
		hang_up(s);
	return (enum smtp_result)r;
}

/* Start connecting; see smtp.h. */
void
smtp_ahead(struct smtp_session *s)
{
	struct addrinfo hints, *res = NULL;
	int fd, pending;

	if (s == NULL || s->use_curl || s->fd >= 0)
		return;
	/* A name to look up could wait on DNS: only an address is dialled ahead. */
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST;
	if (getaddrinfo(s->host, s->port, &hints, &res) != 0)
		return;
	fd = connect_start(res, &pending);
	freeaddrinfo(res);
	if (fd < 0)
		return;
	s->fd = fd;
	s->ahead = 1;
	s->inlen = s->inpos = 0;
}

/* Greet a connection dialled ahead when its greeting is there; see smtp.h. */
void
smtp_poke(struct smtp_session *s)
{
	struct pollfd p;
	int sent;

	if (s == NULL || s->ahead != 1)
		return;
	p.fd = s->fd;
	p.events = POLLIN;
	p.revents = 0;
	if (poll(&p, 1, 0) != 1)
		return;		/* no greeting yet: the first message reads it */
	/*
	 * Whatever goes wrong here (a refusal, a greeting cut short) is met
	 * again, and said, by the first message on a connection of its own.
	 * A greeting already there takes no waiting; one cut short, little.
	 */
	if (connect_done(s->fd, now_ms() + 10) != 0 ||
	    hello(s, now_ms() + 10, &sent) != 220 || !sent) {
		hang_up(s);
		return;
	}
	s->ahead = 2;
}

/* Close and free; see smtp.h. */
void
smtp_close(struct smtp_session *s)
{
	if (s == NULL)
		return;
	if (s->fd >= 0 && s->ahead) {
		/* Dialled ahead and never used: a polite QUIT after the greeting
		 * (and the reply to the EHLO smtp_poke sent). */
		long long deadline = now_ms() + QUIT_WAIT_MS;
		int ehlo = s->ahead == 2;

		s->ahead = 0;
		if (get_reply(s, ehlo, deadline) != (ehlo ? 250 : 220))
			hang_up(s);
	}
	if (s->fd >= 0)
		(void)command(s, "QUIT", now_ms() + QUIT_WAIT_MS);
	hang_up(s);
	smtp_curl_close(s->curl);
	if (s->password != NULL)
		explicit_bzero(s->password, strlen(s->password));
	free(s->url);
	free(s->user);
	free(s->password);
	free(s->ca_file);
	free(s);
}
