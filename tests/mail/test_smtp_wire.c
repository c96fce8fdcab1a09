/*
 * test_smtp_wire.c - the built-in SMTP client against a scripted server
 * on 127.0.0.1, for what the aiosmtpd server of test_smtp.c cannot show:
 * PIPELINING (the envelope in one write), a recipient refused while DATA
 * is accepted (the message must not reach the others), a server that
 * closes an idle connection (421, or silently at the next MAIL), AUTH
 * LOGIN, HELO after a refused EHLO, and a server that does not speak SMTP.
 *
 * The server is a forked child serving connections one after another; it
 * appends what happened to a transcript file the test reads afterwards:
 * "CONNECT", "BATCH n" (the lines that arrived with MAIL), "DELIVERED"
 * and the message bytes, "LOGIN user pass".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <nettle/base64.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../mail/smtp.h"

enum mode { PIPE, IDLE421, DROPMAIL, LOGIN, HELO, GARBLE, HOSTILE, ENDLESS, GREET421 };

struct fake {
	pid_t pid;
	char url[64];
	char log[64];
};

static struct fake srv;

/* Append one formatted line to the transcript. */
static void
note(const char *fmt, ...)
{
	FILE *f = fopen(srv.log, "a");
	va_list ap;

	if (f == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fclose(f);
}

/* The child's reader: lines from fd, with the count of complete lines
 * that were already buffered when a line was handed out. */
struct reader {
	int fd;
	char buf[65536];
	size_t len;
};

/* Next line (CRLF removed) into line; the number of further complete
 * lines already received in *ahead. -1 at the end of the connection. */
static int
next_line(struct reader *r, char *line, size_t cap, int *ahead)
{
	for (;;) {
		char *nl = memchr(r->buf, '\n', r->len);

		if (nl != NULL) {
			size_t n = (size_t)(nl - r->buf), i;

			*ahead = 0;
			for (i = n + 1; i < r->len; i++)
				*ahead += r->buf[i] == '\n';
			if (n > 0 && r->buf[n - 1] == '\r')
				n--;
			if (n >= cap)
				n = cap - 1;
			memcpy(line, r->buf, n);
			line[n] = '\0';
			r->len -= (size_t)(nl - r->buf) + 1;
			memmove(r->buf, nl + 1, r->len);
			return 0;
		}
		if (r->len == sizeof r->buf)
			return -1;
		{
			ssize_t got = read(r->fd, r->buf + r->len,
			    sizeof r->buf - r->len);

			if (got <= 0)
				return -1;
			r->len += (size_t)got;
		}
	}
}

static void
say(int fd, const char *s)
{
	if (write(fd, s, strlen(s)) < 0)
		_exit(3);
}

/* Decode base64 text into out (NUL-terminated). */
static void
unb64(const char *in, char *out, size_t cap)
{
	struct base64_decode_ctx ctx;
	size_t n = cap - 1;

	base64_decode_init(&ctx);
	if (!base64_decode_update(&ctx, &n, (uint8_t *)out, strlen(in), in) ||
	    !base64_decode_final(&ctx))
		n = 0;
	out[n] = '\0';
}

/* Serve one connection in mode m; conn counts from 1. */
static void
serve(int fd, enum mode m, int conn)
{
	struct reader r;
	char line[2048], user[128] = "";
	int ahead, good = 0, mails = 0, in_data = 0;

	r.fd = fd;
	r.len = 0;
	note("CONNECT");
	if (m == HOSTILE) {
		/* A long greeting of continuation lines holding NULs, bytes
		 * above 127 and a line far over any limit. */
		static char junk[70000];
		size_t i;

		for (i = 0; i < sizeof junk; i++)
			junk[i] = (char)(i % 7 == 0 ? 0 : 128 + i % 120);
		say(fd, "220-");
		if (write(fd, junk, sizeof junk) < 0)
			_exit(3);
		if (write(fd, "\r\n220-\0\r\n220 ok\r\n", 17) < 0)
			_exit(3);
	} else if (m == ENDLESS) {
		for (;;)
			if (write(fd, "220-more\r\n", 10) < 0)
				return;
	} else if (m == GREET421 && conn == 1) {
		/* Greets, then times the idle client out before its EHLO. */
		say(fd, "220 fake ESMTP\r\n421 idle too long\r\n");
		return;
	} else
		say(fd, m == GARBLE ? "hello there\r\n" : "220 fake ESMTP\r\n");
	while (next_line(&r, line, sizeof line, &ahead) == 0) {
		if (in_data) {
			if (strcmp(line, ".") == 0) {
				in_data = 0;
				note("DELIVERED");
				say(fd, "250 queued\r\n");
				if (m == IDLE421 && conn == 1) {
					say(fd, "421 idle too long\r\n");
					return;
				}
			} else
				note("| %s", line);
			continue;
		}
		if (strncasecmp(line, "EHLO", 4) == 0) {
			note("EHLO");
			if (m == HELO)
				say(fd, "502 5.5.1 no EHLO here\r\n");
			else if (m == HOSTILE) {
				int k;

				say(fd, "250-fake\r\n250-AUTH");
				for (k = 0; k < 3000; k++)
					say(fd, " X-MECHANISM-NAME-THAT-IS-LONG");
				say(fd, "\r\n250-AUTH=\r\n250-AUTH\r\n250-\r\n250 PIPELINING\r\n");
			}
			else if (m == LOGIN)
				say(fd, "250-fake\r\n250 AUTH LOGIN\r\n");
			else
				say(fd, "250-fake\r\n250-PIPELINING\r\n"
				    "250 8BITMIME\r\n");
		} else if (strncasecmp(line, "HELO", 4) == 0) {
			note("HELO");
			say(fd, "250 fake\r\n");
		} else if (strcasecmp(line, "AUTH LOGIN") == 0) {
			say(fd, "334 VXNlcm5hbWU6\r\n");
			if (next_line(&r, line, sizeof line, &ahead) != 0)
				return;
			unb64(line, user, sizeof user);
			say(fd, "334 UGFzc3dvcmQ6\r\n");
			if (next_line(&r, line, sizeof line, &ahead) != 0)
				return;
			{
				char pw[128];

				unb64(line, pw, sizeof pw);
				note("LOGIN %s %s", user, pw);
				say(fd, strcmp(user, "arbiter") == 0 &&
				    strcmp(pw, "s3cret") == 0 ?
				    "235 welcome\r\n" : "535 5.7.8 no\r\n");
			}
		} else if (strncasecmp(line, "MAIL FROM:", 10) == 0) {
			mails++;
			if (m == DROPMAIL && conn == 1 && mails == 2)
				return;
			note("BATCH %d", ahead + 1);
			good = 0;
			say(fd, "250 ok\r\n");
		} else if (strncasecmp(line, "RCPT TO:", 8) == 0) {
			if (strstr(line, "bad") != NULL)
				say(fd, "550 5.1.1 no such user\r\n");
			else {
				good++;
				say(fd, "250 ok\r\n");
			}
		} else if (strcasecmp(line, "DATA") == 0) {
			if (good > 0) {
				in_data = 1;
				say(fd, "354 go on\r\n");
			} else
				say(fd, "554 no valid recipients\r\n");
		} else if (strcasecmp(line, "QUIT") == 0) {
			note("QUIT");
			say(fd, "221 bye\r\n");
			return;
		} else
			say(fd, "500 what\r\n");
	}
	if (in_data)
		note("ABORTED");
}

/* A TCP socket bound to a free port of 127.0.0.1, its address in sa. */
static int
bound(struct sockaddr_in *sa)
{
	socklen_t salen = sizeof *sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	memset(sa, 0, sizeof *sa);
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)sa, sizeof *sa), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)sa, &salen), 0);
	return fd;
}

/* Start the scripted server in mode m. */
static void
start(enum mode m)
{
	struct sockaddr_in sa;
	int lfd, conn = 0;

	snprintf(srv.log, sizeof srv.log, "/tmp/arbiter-wire-%d.log",
	    (int)getpid());
	unlink(srv.log);
	lfd = bound(&sa);
	assert_int_equal(listen(lfd, 8), 0);
	snprintf(srv.url, sizeof srv.url, "smtp://127.0.0.1:%d/arbiter.test",
	    ntohs(sa.sin_port));
	srv.pid = fork();
	assert_true(srv.pid >= 0);
	if (srv.pid == 0) {
		alarm(60);
		for (;;) {
			int fd = accept(lfd, NULL, NULL);

			if (fd < 0)
				_exit(0);
			serve(fd, m, ++conn);
			close(fd);
		}
	}
	close(lfd);
}

/* Stop the server and return its transcript (malloc'ed). */
static char *
stop(void)
{
	FILE *f;
	char *text;
	long n;

	kill(srv.pid, SIGTERM);
	waitpid(srv.pid, NULL, 0);
	f = fopen(srv.log, "r");
	if (f == NULL)
		return strdup("");
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	unlink(srv.log);
	return text;
}

/* How many lines of the transcript so far are word (the server runs on). */
static int
noted(const char *word)
{
	FILE *f = fopen(srv.log, "r");
	char line[256];
	int n = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		n += strncmp(line, word, strlen(word)) == 0;
	fclose(f);
	return n;
}

/* How many times word occurs in text. */
static int
count(const char *text, const char *word)
{
	int n = 0;

	while ((text = strstr(text, word)) != NULL) {
		n++;
		text += strlen(word);
	}
	return n;
}

static struct smtp_session *
open_session(const char *user, const char *password)
{
	struct smtp_config c;
	struct smtp_session *s;
	char err[256];

	memset(&c, 0, sizeof c);
	c.url = srv.url;
	c.user = user;
	c.password = password;
	c.timeout_ms = 5000;
	s = smtp_open(&c, err, sizeof err);
	if (s == NULL)
		fail_msg("smtp_open: %s", err);
	return s;
}

static const char MSG[] = "Subject: t\r\n\r\n.leading dot\r\nbody\r\n";

static enum smtp_result
send_to(struct smtp_session *s, const char *const *rcpt, size_t n,
    char *err)
{
	err[0] = '\0';
	return smtp_send(s, "games@example.org", rcpt, n, MSG,
	    sizeof MSG - 1, err, 256);
}

/* With PIPELINING the envelope arrives in one piece; a recipient refused
 * while another is accepted (DATA answered 354) delivers nothing, and the
 * next message goes on a new connection; dots are stuffed. */
static void
test_pipelining(void **state)
{
	static const char *const mixed[] = { "a@example.net",
	    "bad@example.net" };
	static const char *const one[] = { "a@example.net" };
	struct smtp_session *s;
	char err[256], *t;

	(void)state;
	start(PIPE);
	s = open_session(NULL, NULL);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	assert_int_equal(send_to(s, mixed, 2, err), SMTP_PERMANENT);
	assert_non_null(strstr(err, "bad@example.net"));
	assert_non_null(strstr(err, "550"));
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 2);
	assert_int_equal(count(t, "DELIVERED"), 2);
	assert_int_equal(count(t, "ABORTED"), 1);
	assert_int_equal(count(t, "BATCH 3"), 2);	/* MAIL, RCPT, DATA */
	assert_int_equal(count(t, "BATCH 4"), 1);	/* two RCPTs */
	assert_non_null(strstr(t, "| ..leading dot"));
	free(t);
}

/* A server that closes an idle connection, with a 421 or without a word
 * when the next MAIL comes: the message goes on a new connection, once. */
static void
test_idle_close(void **state)
{
	static const char *const one[] = { "a@example.net" };
	struct smtp_session *s;
	char err[256], *t;
	int m;

	(void)state;
	for (m = IDLE421; m <= DROPMAIL; m++) {
		start((enum mode)m);
		s = open_session(NULL, NULL);
		assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
		usleep(100000);
		if (send_to(s, one, 1, err) != SMTP_SENT)
			fail_msg("mode %d: %s", m, err);
		smtp_close(s);
		t = stop();
		assert_int_equal(count(t, "CONNECT"), 2);
		assert_int_equal(count(t, "DELIVERED"), 2);
		free(t);
	}
}

/* AUTH LOGIN when it is the only login offered; a refused login keeps
 * the message (transient). */
static void
test_login(void **state)
{
	static const char *const one[] = { "a@example.net" };
	struct smtp_session *s;
	char err[256], *t;

	(void)state;
	start(LOGIN);
	s = open_session("arbiter", "wrong");
	assert_int_equal(send_to(s, one, 1, err), SMTP_TRANSIENT);
	assert_non_null(strstr(err, "535"));
	smtp_close(s);
	s = open_session("arbiter", "s3cret");
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_non_null(strstr(t, "LOGIN arbiter wrong"));
	assert_non_null(strstr(t, "LOGIN arbiter s3cret"));
	assert_int_equal(count(t, "DELIVERED"), 1);
	free(t);
}

/* HELO after a refused EHLO; a server that does not speak SMTP is a
 * transient failure. */
static void
test_helo_and_garbage(void **state)
{
	static const char *const one[] = { "a@example.net" };
	struct smtp_session *s;
	char err[256], *t;

	(void)state;
	start(HELO);
	s = open_session(NULL, NULL);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "HELO"), 1);
	assert_int_equal(count(t, "DELIVERED"), 1);
	free(t);

	start(GARBLE);
	s = open_session(NULL, NULL);
	assert_int_equal(send_to(s, one, 1, err), SMTP_TRANSIENT);
	assert_non_null(strstr(err, "does not answer in SMTP"));
	smtp_close(s);
	free(stop());
}

/* A server sending NULs, high bytes, endless or overlong lines: nothing
 * breaks, and one that never ends its reply times out (transient). */
static void
test_hostile_server(void **state)
{
	static const char *const one[] = { "a@example.net" };
	struct smtp_session *s;
	char err[256], *t;

	(void)state;
	start(HOSTILE);
	s = open_session(NULL, NULL);
	if (send_to(s, one, 1, err) != SMTP_SENT)
		fail_msg("hostile greeting: %s", err);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "DELIVERED"), 1);
	free(t);

	start(ENDLESS);
	{
		struct smtp_config c;
		char e2[256];

		memset(&c, 0, sizeof c);
		c.url = srv.url;
		c.timeout_ms = 700;
		s = smtp_open(&c, e2, sizeof e2);
		assert_non_null(s);
	}
	assert_int_equal(send_to(s, one, 1, err), SMTP_TRANSIENT);
	assert_non_null(strstr(err, "in time"));
	smtp_close(s);
	free(stop());
}

/* URLs: a malformed one is refused at once; user info is left to
 * libcurl (it is accepted, not misread). */
/* A session dialled ahead: the greeting waits while the caller works and
 * the first message goes on that connection; one never used says QUIT
 * after the greeting; a name is not dialled ahead (its lookup could
 * wait); a server that is not there gives the error it gives without. */
/* A session dialled ahead (smtp_ahead), given time for the greeting, and
 * with poke set greeted and sent EHLO (smtp_poke). */
static struct smtp_session *
dialled(int poke)
{
	struct smtp_session *s = open_session(NULL, NULL);

	smtp_ahead(s);
	usleep(50000);
	if (poke) {
		smtp_poke(s);
		usleep(50000);
	}
	return s;
}

static void
test_ahead(void **state)
{
	static const char *const one[] = { "a@example.net" };
	struct smtp_session *s;
	struct smtp_config c;
	struct sockaddr_in sa;
	char err[256], err2[256], url[64], *t;
	int fd;

	(void)state;
	start(PIPE);
	s = dialled(0);
	assert_int_equal(noted("CONNECT"), 1);	/* before any message */
	assert_int_equal(noted("EHLO"), 0);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 1);
	assert_int_equal(count(t, "DELIVERED"), 2);
	assert_int_equal(count(t, "QUIT"), 1);
	free(t);

	/* Poked once the greeting came: the EHLO goes before any message. */
	start(PIPE);
	s = dialled(1);
	assert_int_equal(noted("EHLO"), 1);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 1);
	assert_int_equal(count(t, "EHLO"), 1);
	assert_int_equal(count(t, "DELIVERED"), 1);
	free(t);
	/* ... and never used: its EHLO answered, then QUIT. */
	start(PIPE);
	s = dialled(0);
	smtp_poke(s);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "EHLO"), 1);
	assert_int_equal(count(t, "QUIT"), 1);
	free(t);
	/* Poked, then timed out by the server before the message: a new one. */
	start(GREET421);
	s = dialled(1);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 2);
	assert_int_equal(count(t, "DELIVERED"), 1);
	free(t);

	/* The connection made ahead timed out before the message: a new one. */
	start(GREET421);
	s = dialled(0);
	assert_int_equal(send_to(s, one, 1, err), SMTP_SENT);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 2);
	assert_int_equal(count(t, "DELIVERED"), 1);
	free(t);

	start(PIPE);
	s = open_session(NULL, NULL);
	smtp_ahead(s);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 1);
	assert_int_equal(count(t, "QUIT"), 1);
	assert_int_equal(count(t, "DELIVERED"), 0);
	free(t);

	start(PIPE);
	snprintf(url, sizeof url, "smtp://localhost:%s", strrchr(srv.url, ':') + 1);
	*strchr(url + 17, '/') = '\0';
	memset(&c, 0, sizeof c);
	c.url = url;
	s = smtp_open(&c, err, sizeof err);
	assert_non_null(s);
	smtp_ahead(s);
	usleep(50000);
	smtp_close(s);
	t = stop();
	assert_int_equal(count(t, "CONNECT"), 0);
	free(t);

	/* A port nobody listens on (bound, never listening). */
	fd = bound(&sa);
	snprintf(url, sizeof url, "smtp://127.0.0.1:%d", ntohs(sa.sin_port));
	c.url = url;
	c.timeout_ms = 2000;
	s = smtp_open(&c, err, sizeof err);
	assert_non_null(s);
	assert_int_equal(send_to(s, one, 1, err), SMTP_TRANSIENT);
	smtp_close(s);
	s = smtp_open(&c, err2, sizeof err2);
	assert_non_null(s);
	smtp_ahead(s);
	assert_int_equal(send_to(s, one, 1, err2), SMTP_TRANSIENT);
	smtp_close(s);
	close(fd);
	assert_non_null(strstr(err, "cannot connect"));
	assert_string_equal(err, err2);
}

static void
test_urls(void **state)
{
	static const char *const bad[] = { "smtp://", "smtp://:25",
	    "smtp://host:0", "smtp://host:65536", "smtp://host:2x",
	    "smtp://[::1", "smtp://[::1]x", "smtp://host/a b" };
	struct smtp_config c;
	struct smtp_session *s;
	char err[256];
	size_t i;

	(void)state;
	memset(&c, 0, sizeof c);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		c.url = bad[i];
		s = smtp_open(&c, err, sizeof err);
		if (s != NULL)
			fail_msg("%s was accepted", bad[i]);
		assert_non_null(strstr(err, "smtp://HOST"));
	}
	c.url = "smtp://[::1]:2525/name";
	s = smtp_open(&c, err, sizeof err);
	assert_non_null(s);
	smtp_close(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pipelining),
		cmocka_unit_test(test_idle_close),
		cmocka_unit_test(test_login),
		cmocka_unit_test(test_helo_and_garbage),
		cmocka_unit_test(test_hostile_server),
		cmocka_unit_test(test_ahead),
		cmocka_unit_test(test_urls),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
