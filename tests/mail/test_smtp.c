/*
 * test_smtp.c - SMTP delivery against a real server on 127.0.0.1
 * (tests/mail/smtpd.py, aiosmtpd under /usr/bin/python3).
 *
 * Every server is started per test, found through the port file it
 * writes, and stopped in the teardown whatever happened; the server also
 * exits by itself after its lifetime. Every wait is bounded.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../mail/compose.h"
#include "../../mail/smtp.h"

#define PYTHON "/usr/bin/python3"
#define START_WAIT_MS 15000
#define BATCH 300

/* One running test server. */
struct server {
	pid_t pid;
	int port;
	char dir[64];
	char url[64];
};

static struct server servers[2];

/* Milliseconds on the monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sleep for ms milliseconds. */
static void
nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Path of the server script: $SMTPD_SCRIPT or the one beside this file. */
static const char *
script_path(void)
{
	const char *env = getenv("SMTPD_SCRIPT");

	return env != NULL ? env : "tests/mail/smtpd.py";
}

/* Read a small integer from a file; -1 when absent. */
static int
read_int_file(const char *path)
{
	FILE *f = fopen(path, "r");
	int v = -1;

	if (f == NULL)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/* Start a server in a fresh directory with the given extra arguments
 * (mode, auth, tls; "" for none). Fails the test when it is not up
 * within START_WAIT_MS. */
static void
start_server(struct server *s, const char *mode, const char *auth,
    const char *tls)
{
	char portfile[96];
	long long deadline;
	int status;

	snprintf(s->dir, sizeof s->dir, "/tmp/arbiter-smtpd-XXXXXX");
	assert_non_null(mkdtemp(s->dir));
	s->pid = fork();
	assert_true(s->pid >= 0);
	if (s->pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execl(PYTHON, "python3", script_path(), s->dir, "--mode", mode,
		    "--auth", auth, "--tls", tls, "--lifetime", "120",
		    (char *)NULL);
		_exit(127);
	}
	snprintf(portfile, sizeof portfile, "%s/port", s->dir);
	deadline = now_ms() + START_WAIT_MS;
	while ((s->port = read_int_file(portfile)) <= 0) {
		if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
			s->pid = 0;
			fail_msg("the SMTP test server exited at start (is "
			    "python3-aiosmtpd installed for %s?)", PYTHON);
		}
		if (now_ms() > deadline)
			fail_msg("the SMTP test server did not start");
		nap(20);
	}
	snprintf(s->url, sizeof s->url, "%s://127.0.0.1:%d",
	    strcmp(tls, "implicit") == 0 ? "smtps" : "smtp", s->port);
}

/* Remove the files of a server directory and the directory. */
static void
remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

/* Stop a server: SIGTERM, wait up to 5 s, then SIGKILL. */
static void
stop_server(struct server *s)
{
	long long deadline = now_ms() + 5000;
	int status;

	if (s->pid > 0) {
		kill(s->pid, SIGTERM);
		while (waitpid(s->pid, &status, WNOHANG) == 0) {
			if (now_ms() > deadline) {
				kill(s->pid, SIGKILL);
				waitpid(s->pid, &status, 0);
				break;
			}
			nap(10);
		}
		s->pid = 0;
	}
}

/* Stop every server and remove its files (the test teardown). */
static int
teardown(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof servers / sizeof servers[0]; i++) {
		stop_server(&servers[i]);
		if (servers[i].dir[0] != '\0')
			remove_dir(servers[i].dir);
		memset(&servers[i], 0, sizeof servers[i]);
	}
	return 0;
}

/* Count the stored messages of a server. */
static int
count_messages(const struct server *s)
{
	DIR *d = opendir(s->dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);

		if (len > 4 && strcmp(e->d_name + len - 4, ".eml") == 0)
			n++;
	}
	closedir(d);
	return n;
}

/* Read stored file NNNNNN.ext of a server (malloc'ed). */
static char *
stored(const struct server *s, int n, const char *ext, size_t *len)
{
	char path[128];
	FILE *f;
	char *buf;
	long size;

	snprintf(path, sizeof path, "%s/%06d.%s", s->dir, n, ext);
	f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("message %s was not stored", path);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	buf = malloc((size_t)size + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
	buf[size] = '\0';
	fclose(f);
	*len = (size_t)size;
	return buf;
}

/* Compose message number i: unique id and a body with SMTP pitfalls (a
 * lone dot, leading dots, "From ", a long line, UTF-8). */
static char *
message(int i, size_t *len)
{
	char id[64];
	char subject[64];
	char body[512];
	char err[256];
	struct mail_out m;
	char *out;

	memset(&m, 0, sizeof m);
	snprintf(id, sizeof id, "t%d@example.org", i);
	snprintf(subject, sizeof subject, "Test %d \xc5\xa1" "achy", i);
	snprintf(body, sizeof body, "message %d\n.\n..two dots\nFrom here\n"
	    "%0200d\nk\xc5\xaf\xc5\x88\n", i, i);
	m.from_name = "Arbiter";
	m.from_addr = "games@example.org";
	m.to_addr = "player@example.net";
	m.subject = subject;
	m.date = 1795300000 + i;
	m.message_id = id;
	m.body = body;
	if (compose_message(&m, &out, len, err, sizeof err) != 0)
		fail_msg("compose: %s", err);
	return out;
}

/* Open a session with c or fail. */
static struct smtp_session *
session_with(const struct smtp_config *c)
{
	struct smtp_session *s;
	char err[256];

	s = smtp_open(c, err, sizeof err);
	if (s == NULL)
		fail_msg("smtp_open: %s", err);
	return s;
}

/* Open a session on url or fail. */
static struct smtp_session *
session(const char *url, const char *user, const char *password,
    long timeout_ms)
{
	struct smtp_config c;

	memset(&c, 0, sizeof c);
	c.url = url;
	c.user = user;
	c.password = password;
	c.connect_timeout_ms = timeout_ms;
	c.timeout_ms = timeout_ms;
	return session_with(&c);
}

/* True when the server stored message n as received over TLS. */
static int
came_over_tls(const struct server *s, int n)
{
	char path[128];

	snprintf(path, sizeof path, "%s/%06d.tls", s->dir, n);
	return access(path, F_OK) == 0;
}

/* Send message i through s to player@example.net. */
static enum smtp_result
send_one(struct smtp_session *s, int i, char *err, size_t errlen)
{
	static const char *const rcpt[] = { "player@example.net" };
	enum smtp_result r;
	size_t len;
	char *msg = message(i, &len);

	err[0] = '\0';
	r = smtp_send(s, "games@example.org", rcpt, 1, msg, len, err, errlen);
	free(msg);
	return r;
}

/* Twenty messages over one session arrive once each, byte for byte, with
 * the right envelope, over one connection. */
static void
test_intact(void **state)
{
	struct server *srv = &servers[0];
	struct smtp_session *s;
	char err[256];
	int i;

	(void)state;
	start_server(srv, "ok", "", "");
	s = session(srv->url, NULL, NULL, 10000);
	for (i = 1; i <= 20; i++)
		if (send_one(s, i, err, sizeof err) != SMTP_SENT)
			fail_msg("message %d: %s", i, err);
	smtp_close(s);
	assert_int_equal(count_messages(srv), 20);
	for (i = 1; i <= 20; i++) {
		size_t want_len, got_len, env_len;
		char *want = message(i, &want_len);
		char *got = stored(srv, i, "eml", &got_len);
		char *env = stored(srv, i, "env", &env_len);

		assert_int_equal(got_len, want_len);
		assert_memory_equal(got, want, want_len);
		assert_string_equal(env,
		    "games@example.org\nplayer@example.net\n");
		assert_false(came_over_tls(srv, i));
		free(want);
		free(got);
		free(env);
	}
	{
		char path[128];

		snprintf(path, sizeof path, "%s/connections", srv->dir);
		assert_int_equal(read_int_file(path), 1);
	}
}

/* AUTH: the right password sends; a wrong or missing one keeps the
 * message queued (transient) and nothing arrives. */
static void
test_auth(void **state)
{
	struct server *srv = &servers[0];
	struct smtp_session *s;
	char err[256];

	(void)state;
	start_server(srv, "ok", "arbiter:s3cret", "");
	s = session(srv->url, "arbiter", "s3cret", 10000);
	if (send_one(s, 1, err, sizeof err) != SMTP_SENT)
		fail_msg("auth send: %s", err);
	smtp_close(s);
	assert_int_equal(count_messages(srv), 1);

	s = session(srv->url, "arbiter", "wrong", 10000);
	assert_int_equal(send_one(s, 2, err, sizeof err), SMTP_TRANSIENT);
	if (strstr(err, "535") == NULL)
		fail_msg("wrong password: %s", err);
	smtp_close(s);

	s = session(srv->url, NULL, NULL, 10000);
	assert_int_equal(send_one(s, 3, err, sizeof err), SMTP_TRANSIENT);
	assert_non_null(strstr(err, "530"));
	smtp_close(s);
	assert_int_equal(count_messages(srv), 1);
}

/* 451 defers the message, 550 (on DATA or on RCPT) refuses it for good. */
static void
test_refusals(void **state)
{
	struct smtp_session *s;
	char err[256];

	(void)state;
	start_server(&servers[0], "451", "", "");
	s = session(servers[0].url, NULL, NULL, 10000);
	assert_int_equal(send_one(s, 1, err, sizeof err), SMTP_DEFERRED);
	assert_non_null(strstr(err, "451"));
	smtp_close(s);
	stop_server(&servers[0]);

	start_server(&servers[1], "550", "", "");
	s = session(servers[1].url, NULL, NULL, 10000);
	assert_int_equal(send_one(s, 1, err, sizeof err), SMTP_PERMANENT);
	assert_non_null(strstr(err, "550"));
	/* The session is still usable after a refusal. */
	assert_int_equal(send_one(s, 2, err, sizeof err), SMTP_PERMANENT);
	smtp_close(s);
	assert_int_equal(count_messages(&servers[1]), 0);
	stop_server(&servers[1]);

	remove_dir(servers[0].dir);
	memset(&servers[0], 0, sizeof servers[0]);
	start_server(&servers[0], "550rcpt", "", "");
	s = session(servers[0].url, NULL, NULL, 10000);
	assert_int_equal(send_one(s, 1, err, sizeof err), SMTP_PERMANENT);
	assert_non_null(strstr(err, "550"));
	smtp_close(s);
}

/* A server that goes away while messages wait: the next send is
 * transient, quickly; a new server then takes them. */
static void
test_server_stopped(void **state)
{
	struct smtp_session *s;
	char err[256];
	long long t0;

	(void)state;
	start_server(&servers[0], "ok", "", "");
	s = session(servers[0].url, NULL, NULL, 5000);
	assert_int_equal(send_one(s, 1, err, sizeof err), SMTP_SENT);
	stop_server(&servers[0]);
	t0 = now_ms();
	assert_int_equal(send_one(s, 2, err, sizeof err), SMTP_TRANSIENT);
	assert_int_equal(send_one(s, 3, err, sizeof err), SMTP_TRANSIENT);
	assert_true(now_ms() - t0 < 5000);
	smtp_close(s);
	assert_int_equal(count_messages(&servers[0]), 1);

	start_server(&servers[1], "ok", "", "");
	s = session(servers[1].url, NULL, NULL, 5000);
	assert_int_equal(send_one(s, 2, err, sizeof err), SMTP_SENT);
	assert_int_equal(send_one(s, 3, err, sizeof err), SMTP_SENT);
	smtp_close(s);
	assert_int_equal(count_messages(&servers[1]), 2);
}

/* A server that accepts the connection but never greets: the send gives
 * up after the timeout with a transient result. */
static void
test_silent_server(void **state)
{
	struct sockaddr_in sa;
	socklen_t salen = sizeof sa;
	struct smtp_session *s;
	char url[64];
	char err[256];
	long long t0;
	int fd;

	(void)state;
	fd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(fd >= 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	assert_int_equal(listen(fd, 4), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &salen), 0);
	snprintf(url, sizeof url, "smtp://127.0.0.1:%d", ntohs(sa.sin_port));
	s = session(url, NULL, NULL, 800);
	t0 = now_ms();
	assert_int_equal(send_one(s, 1, err, sizeof err), SMTP_TRANSIENT);
	assert_true(now_ms() - t0 < 4000);
	smtp_close(s);
	close(fd);
}

/* Bad input is refused before anything is sent. */
static void
test_bad_input(void **state)
{
	static const char *const bad_rcpt[] = { "a@b\r\nRCPT TO:<c@d>" };
	struct smtp_config c;
	struct smtp_session *s;
	char err[256];

	(void)state;
	memset(&c, 0, sizeof c);
	c.url = "http://127.0.0.1/";
	assert_null(smtp_open(&c, err, sizeof err));
	assert_non_null(strstr(err, "smtp://"));
	c.url = "smtp://127.0.0.1:1";
	s = smtp_open(&c, err, sizeof err);
	assert_non_null(s);
	assert_int_equal(smtp_send(s, "games@example.org", bad_rcpt, 1, "x",
	    1, err, sizeof err), SMTP_PERMANENT);
	assert_int_equal(smtp_send(s, "games@example.org", bad_rcpt, 0, "x",
	    1, err, sizeof err), SMTP_PERMANENT);
	assert_int_equal(smtp_send(s, "bad sender", bad_rcpt, 1, "x", 1, err,
	    sizeof err), SMTP_PERMANENT);
	smtp_close(s);
}

/* STARTTLS is used when offered (smtp://) and TLS is required from the
 * start for smtps://; the certificate is verified against ca_file, and an
 * unverifiable one keeps the message queued. */
static void
test_tls(void **state)
{
	struct smtp_config c;
	struct smtp_session *s;
	char ca[128];
	char err[256];

	(void)state;
	start_server(&servers[0], "ok", "", "starttls");
	snprintf(ca, sizeof ca, "%s/cert.pem", servers[0].dir);
	memset(&c, 0, sizeof c);
	c.url = servers[0].url;
	c.timeout_ms = 10000;
	c.ca_file = ca;
	s = session_with(&c);
	if (send_one(s, 1, err, sizeof err) != SMTP_SENT)
		fail_msg("starttls with ca_file: %s", err);
	smtp_close(s);
	assert_true(came_over_tls(&servers[0], 1));

	c.ca_file = NULL;
	c.insecure = 1;
	s = session_with(&c);
	if (send_one(s, 2, err, sizeof err) != SMTP_SENT)
		fail_msg("starttls insecure: %s", err);
	smtp_close(s);
	assert_true(came_over_tls(&servers[0], 2));

	c.insecure = 0;
	s = session_with(&c);
	assert_int_equal(send_one(s, 3, err, sizeof err), SMTP_TRANSIENT);
	smtp_close(s);
	assert_int_equal(count_messages(&servers[0]), 2);

	start_server(&servers[1], "ok", "arbiter:pw", "implicit");
	assert_int_equal(strncmp(servers[1].url, "smtps://", 8), 0);
	snprintf(ca, sizeof ca, "%s/cert.pem", servers[1].dir);
	c.url = servers[1].url;
	c.ca_file = ca;
	c.user = "arbiter";
	c.password = "pw";
	s = session_with(&c);
	if (send_one(s, 4, err, sizeof err) != SMTP_SENT)
		fail_msg("smtps: %s", err);
	smtp_close(s);
	assert_true(came_over_tls(&servers[1], 1));
}

/* Throughput over one connection: BATCH messages, timed and printed. */
static void
test_throughput(void **state)
{
	struct server *srv = &servers[0];
	struct smtp_session *s;
	char err[256];
	char path[128];
	long long t0, ms;
	int i;

	(void)state;
	start_server(srv, "ok", "", "");
	s = session(srv->url, NULL, NULL, 10000);
	t0 = now_ms();
	for (i = 1; i <= BATCH; i++)
		if (send_one(s, i, err, sizeof err) != SMTP_SENT)
			fail_msg("message %d: %s", i, err);
	ms = now_ms() - t0;
	smtp_close(s);
	assert_int_equal(count_messages(srv), BATCH);
	snprintf(path, sizeof path, "%s/connections", srv->dir);
	assert_int_equal(read_int_file(path), 1);
	printf("smtp throughput: %d mails in %lld ms over one connection = "
	    "%.0f mails/s\n", BATCH, ms, ms > 0 ? BATCH * 1000.0 / ms : 0.0);
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_intact, teardown),
		cmocka_unit_test_teardown(test_auth, teardown),
		cmocka_unit_test_teardown(test_refusals, teardown),
		cmocka_unit_test_teardown(test_server_stopped, teardown),
		cmocka_unit_test_teardown(test_silent_server, teardown),
		cmocka_unit_test_teardown(test_bad_input, teardown),
		cmocka_unit_test_teardown(test_tls, teardown),
		cmocka_unit_test_teardown(test_throughput, teardown),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
