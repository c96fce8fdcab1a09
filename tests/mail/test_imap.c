/*
 * test_imap.c - the IMAP client against a real Dovecot on 127.0.0.1.
 *
 * The test writes a Dovecot configuration into a temporary folder (base,
 * state and log paths inside it, a passwd-file with one user, a Maildir,
 * plain-text login on a free loopback port, no privileged settings) and
 * runs dovecot in the foreground as an ordinary user: the current user, or
 * "nobody" when the test runs as root (Dovecot refuses to run its login
 * processes as root). Two messages are put in the Maildir; the test lists
 * UNSEEN, fetches both without setting \Seen, marks one seen and checks
 * the flags. Dovecot is stopped in the teardown whatever happened, and
 * every wait is bounded.
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
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../mail/imap.h"

#define DOVECOT "/usr/sbin/dovecot"
#define START_WAIT_MS 20000

static const char msg_one[] =
    "From: Alice <alice@example.net>\r\n"
    "To: games+g42.s1.m17.abcdefghijklmnopqrst@example.org\r\n"
    "Subject: one\r\n"
    "Message-ID: <one@example.net>\r\n"
    "\r\n"
    "play red D4\r\n"
    ")\r\n"
    "z1 OK not really the end\r\n";

static const char msg_two[] =
    "From: Bob <bob@example.net>\r\n"
    "To: games@example.org\r\n"
    "Subject: two\r\n"
    "Message-ID: <two@example.net>\r\n"
    "\r\n"
    "pass\r\n";

/* The running server. */
static struct {
	pid_t pid;
	int port;
	char dir[64];
	char url[128];
	int tls;		/* certificate made, STARTTLS and imaps on */
	int tls_port;		/* the imaps listener */
	uid_t uid;
	gid_t gid;
	char user[64];
	char group[64];
} dv;

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

/* Pick the user Dovecot runs as: ourselves, or nobody when root. */
static void
pick_user(void)
{
	struct passwd *pw = getpwuid(geteuid());
	struct group *gr;

	if (geteuid() == 0)
		pw = getpwnam("nobody");
	assert_non_null(pw);
	dv.uid = pw->pw_uid;
	dv.gid = pw->pw_gid;
	snprintf(dv.user, sizeof dv.user, "%s", pw->pw_name);
	gr = getgrgid(dv.gid);
	assert_non_null(gr);
	snprintf(dv.group, sizeof dv.group, "%s", gr->gr_name);
}

/* A loopback port that was free a moment ago. */
static int
free_port(void)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	int port;

	assert_true(fd >= 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	port = ntohs(sa.sin_port);
	close(fd);
	return port;
}

/* Write a whole file. */
static void
write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Make a folder under the test directory. */
static void
make_sub(const char *sub)
{
	char path[256];

	snprintf(path, sizeof path, "%s/%s", dv.dir, sub);
	assert_int_equal(mkdir(path, 0755), 0);
}

/* Write the Dovecot configuration for an unprivileged instance. */
static void
write_config(void)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/dovecot.conf", dv.dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "base_dir = %s/run\nstate_dir = %s/state\n", dv.dir, dv.dir);
	fprintf(f, "log_path = %s/dovecot.log\n", dv.dir);
	fprintf(f, "info_log_path = %s/dovecot.log\n", dv.dir);
	if (dv.tls)
		fprintf(f, "ssl = yes\nssl_cert = <%s/cert.pem\n"
		    "ssl_key = <%s/key.pem\n", dv.dir, dv.dir);
	else
		fprintf(f, "ssl = no\n");
	fprintf(f, "protocols = imap\nlisten = 127.0.0.1\n"
	    "disable_plaintext_auth = no\nauth_mechanisms = plain login\n"
	    "auth_failure_delay = 0\n");
	fprintf(f, "default_internal_user = %s\n", dv.user);
	fprintf(f, "default_internal_group = %s\n", dv.group);
	fprintf(f, "default_login_user = %s\n", dv.user);
	fprintf(f, "first_valid_uid = %u\nlast_valid_uid = %u\n",
	    (unsigned)dv.uid, (unsigned)dv.uid);
	fprintf(f, "mail_location = maildir:%s/mail/Maildir\n", dv.dir);
	fprintf(f, "passdb {\n  driver = passwd-file\n"
	    "  args = scheme=PLAIN username_format=%%u %s/passwd\n}\n", dv.dir);
	fprintf(f, "userdb {\n  driver = static\n"
	    "  args = uid=%u gid=%u home=%s/mail\n}\n", (unsigned)dv.uid,
	    (unsigned)dv.gid, dv.dir);
	fprintf(f, "service imap-login {\n  inet_listener imap {\n"
	    "    address = 127.0.0.1\n    port = %d\n  }\n", dv.port);
	fprintf(f, "  inet_listener imaps {\n    address = 127.0.0.1\n"
	    "    port = %d\n    ssl = yes\n  }\n", dv.tls ? dv.tls_port : 0);
	fprintf(f, "  chroot =\n  user = %s\n}\n", dv.user);
	fprintf(f, "service anvil {\n  chroot =\n}\n");
	fprintf(f, "service auth {\n  user = %s\n}\n", dv.user);
	fprintf(f, "service auth-worker {\n  user = %s\n}\n", dv.user);
	fprintf(f, "service log {\n  user = %s\n}\n", dv.user);
	assert_int_equal(fclose(f), 0);
	snprintf(path, sizeof path, "%s/passwd", dv.dir);
	write_file(path, "tester:{PLAIN}s3cret::::::\n", 27);
}

/* Give a whole tree to the Dovecot user (needed only when root). */
static void
chown_tree(const char *path)
{
	DIR *d;
	struct dirent *e;
	char sub[512];

	assert_int_equal(lchown(path, dv.uid, dv.gid), 0);
	d = opendir(path);
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		chown_tree(sub);
	}
	closedir(d);
}

/* Remove a tree. */
static void
remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char sub[512];

	if (d == NULL) {
		unlink(path);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		remove_tree(sub);
	}
	closedir(d);
	rmdir(path);
}

/* True when something accepts connections on the port. */
static int
port_open(int port)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	int ok;

	if (fd < 0)
		return 0;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ok = connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
	close(fd);
	return ok;
}

/* In the child: become the Dovecot user and run dovecot. */
static void
exec_dovecot(void)
{
	char conf[256];
	char log[256];
	int fd;

	snprintf(conf, sizeof conf, "%s/dovecot.conf", dv.dir);
	snprintf(log, sizeof log, "%s/stdout.log", dv.dir);
	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	}
	if (geteuid() == 0 && (setgroups(0, NULL) != 0 ||
	    setgid(dv.gid) != 0 || setuid(dv.uid) != 0))
		_exit(126);
	execl(DOVECOT, "dovecot", "-F", "-c", conf, (char *)NULL);
	_exit(127);
}

/* Make a self-signed certificate for 127.0.0.1 with the openssl command
 * (bounded: killed after 30 s). */
static int
make_certificate(void)
{
	char cert[256];
	char key[256];
	long long deadline = now_ms() + 30000;
	pid_t pid;
	int status;

	snprintf(cert, sizeof cert, "%s/cert.pem", dv.dir);
	snprintf(key, sizeof key, "%s/key.pem", dv.dir);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execlp("openssl", "openssl", "req", "-x509", "-newkey",
		    "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days",
		    "2", "-subj", "/CN=127.0.0.1", "-addext",
		    "subjectAltName=IP:127.0.0.1", (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (now_ms() > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1;
		}
		nap(20);
	}
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Count the lines of Dovecot's log that contain both needles. */
static int
log_count(const char *a, const char *b)
{
	char path[256];
	char line[1024];
	FILE *f;
	int found = 0;

	snprintf(path, sizeof path, "%s/dovecot.log", dv.dir);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (strstr(line, a) != NULL && strstr(line, b) != NULL)
			found++;
	fclose(f);
	return found;
}

/* Print Dovecot's log (to help when the start fails). */
static void
show_log(void)
{
	char path[256];
	char line[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/dovecot.log", dv.dir);
	f = fopen(path, "r");
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL)
		fprintf(stderr, "dovecot: %s", line);
	fclose(f);
}

/* Set up the folder, the two messages and a running Dovecot; with tls,
 * also a certificate, STARTTLS and an imaps listener. */
static int
start_dovecot(int tls)
{
	char path[256];
	long long deadline;
	int status;

	memset(&dv, 0, sizeof dv);
	dv.tls = tls;
	if (access(DOVECOT, X_OK) != 0) {
		fprintf(stderr, "%s is missing: install dovecot-imapd\n",
		    DOVECOT);
		return -1;
	}
	pick_user();
	snprintf(dv.dir, sizeof dv.dir, "/tmp/arbiter-dovecot-XXXXXX");
	assert_non_null(mkdtemp(dv.dir));
	assert_int_equal(chmod(dv.dir, 0755), 0);
	make_sub("run");
	make_sub("state");
	make_sub("mail");
	make_sub("mail/Maildir");
	make_sub("mail/Maildir/new");
	make_sub("mail/Maildir/cur");
	make_sub("mail/Maildir/tmp");
	snprintf(path, sizeof path, "%s/mail/Maildir/new/1000000001.M1P1.test",
	    dv.dir);
	write_file(path, msg_one, sizeof msg_one - 1);
	snprintf(path, sizeof path, "%s/mail/Maildir/new/1000000002.M2P1.test",
	    dv.dir);
	write_file(path, msg_two, sizeof msg_two - 1);
	dv.port = free_port();
	if (tls) {
		dv.tls_port = free_port();
		if (make_certificate() != 0) {
			fprintf(stderr, "openssl could not make a certificate\n");
			return -1;
		}
	}
	write_config();
	if (geteuid() == 0)
		chown_tree(dv.dir);
	dv.pid = fork();
	assert_true(dv.pid >= 0);
	if (dv.pid == 0)
		exec_dovecot();
	deadline = now_ms() + START_WAIT_MS;
	while (!port_open(dv.port)) {
		if (waitpid(dv.pid, &status, WNOHANG) == dv.pid ||
		    now_ms() > deadline) {
			dv.pid = 0;
			show_log();
			fprintf(stderr, "dovecot did not start\n");
			return -1;
		}
		nap(20);
	}
	snprintf(dv.url, sizeof dv.url, "imap://tester:s3cret@127.0.0.1:%d/INBOX",
	    dv.port);
	return 0;
}

/* cmocka setup: a plain-text Dovecot. */
static int
setup(void **state)
{
	(void)state;
	return start_dovecot(0);
}

/* cmocka setup: a Dovecot with TLS. */
static int
setup_tls(void **state)
{
	(void)state;
	return start_dovecot(1);
}

/* Stop Dovecot (SIGTERM, then SIGKILL after 5 s) and remove the folder. */
static int
teardown(void **state)
{
	long long deadline = now_ms() + 5000;
	int status;

	(void)state;
	if (dv.pid > 0) {
		kill(dv.pid, SIGTERM);
		while (waitpid(dv.pid, &status, WNOHANG) == 0) {
			if (now_ms() > deadline) {
				kill(dv.pid, SIGKILL);
				waitpid(dv.pid, &status, 0);
				break;
			}
			nap(10);
		}
		dv.pid = 0;
	}
	if (dv.dir[0] != '\0')
		remove_tree(dv.dir);
	return 0;
}

/* Open a session with the test URL or fail. */
static struct imap_session *
open_session(void)
{
	struct imap_config c;
	struct imap_session *s;
	char err[256];

	memset(&c, 0, sizeof c);
	c.url = dv.url;
	c.timeout_ms = 5000;
	s = imap_open(&c, err, sizeof err);
	if (s == NULL)
		fail_msg("imap_open: %s", err);
	return s;
}

/* Search UNSEEN and compare with the expected UIDs. */
static void
expect_unseen(struct imap_session *s, const unsigned long *want, size_t n)
{
	unsigned long *uids;
	size_t got;
	size_t i;
	char err[256];

	if (imap_search_unseen(s, &uids, &got, err, sizeof err) != 0)
		fail_msg("search: %s", err);
	assert_int_equal(got, n);
	for (i = 0; i < n; i++)
		assert_int_equal(uids[i], want[i]);
	free(uids);
}

/* Fetch uid and compare with want, byte for byte. */
static void
expect_message(struct imap_session *s, unsigned long uid, const char *want,
    size_t wantlen)
{
	char err[256];
	char *data;
	size_t len;

	if (imap_fetch(s, uid, &data, &len, err, sizeof err) != 0)
		fail_msg("fetch %lu: %s", uid, err);
	assert_int_equal(len, wantlen);
	assert_memory_equal(data, want, len);
	free(data);
}

/* The whole cycle: list, fetch without \Seen, mark one, check flags, and
 * see the state again from a second connection. */
static void
test_cycle(void **state)
{
	static const unsigned long both[] = { 1, 2 };
	static const unsigned long second[] = { 2 };
	struct imap_session *s;
	char err[256];
	char *data = NULL;
	size_t len = 0;

	(void)state;
	s = open_session();
	expect_unseen(s, both, 2);
	expect_message(s, 1, msg_one, sizeof msg_one - 1);
	expect_message(s, 2, msg_two, sizeof msg_two - 1);
	/* Fetching did not mark anything seen. */
	assert_int_equal(imap_has_flag(s, 1, "\\Seen", err, sizeof err), 0);
	assert_int_equal(imap_has_flag(s, 2, "\\Seen", err, sizeof err), 0);
	expect_unseen(s, both, 2);

	assert_int_equal(imap_mark_seen(s, 1, err, sizeof err), 0);
	assert_int_equal(imap_has_flag(s, 1, "\\Seen", err, sizeof err), 1);
	assert_int_equal(imap_has_flag(s, 2, "\\Seen", err, sizeof err), 0);
	expect_unseen(s, second, 1);
	/* No message with that UID. */
	assert_int_equal(imap_fetch(s, 99, &data, &len, err, sizeof err), 1);
	assert_null(data);
	imap_close(s);

	s = open_session();
	expect_unseen(s, second, 1);
	assert_int_equal(imap_has_flag(s, 1, "\\Seen", err, sizeof err), 1);
	imap_close(s);
}

/* Wrong password, unknown mailbox and bad URLs fail with a message that
 * does not contain the password. */
static void
test_failures(void **state)
{
	struct imap_config c;
	char url[160];
	char err[256];

	(void)state;
	memset(&c, 0, sizeof c);
	c.timeout_ms = 5000;
	snprintf(url, sizeof url, "imap://127.0.0.1:%d/NoSuchBox", dv.port);
	c.url = url;
	c.user = "tester";
	c.password = "s3cret";
	err[0] = '\0';
	assert_null(imap_open(&c, err, sizeof err));
	assert_non_null(strstr(err, "SELECT"));

	c.url = "http://127.0.0.1/";
	assert_null(imap_open(&c, err, sizeof err));
	assert_non_null(strstr(err, "imap"));

	/* Last: Dovecot slows down later logins after a failed one. */
	snprintf(url, sizeof url, "imap://tester:wrongpass@127.0.0.1:%d/",
	    dv.port);
	c.url = url;
	c.user = NULL;
	c.password = NULL;
	err[0] = '\0';
	assert_null(imap_open(&c, err, sizeof err));
	assert_true(err[0] != '\0');
	assert_null(strstr(err, "wrongpass"));
}

/* STARTTLS on imap:// and TLS from the start on imaps://, with the
 * certificate verified against ca_file; the server's log shows both
 * logins (the STARTTLS one and the imaps one) came over TLS. An
 * unverifiable certificate fails the open. */
static void
test_tls(void **state)
{
	static const unsigned long both[] = { 1, 2 };
	struct imap_config c;
	struct imap_session *s;
	char ca[128];
	char url[160];
	char err[256];

	(void)state;
	snprintf(ca, sizeof ca, "%s/cert.pem", dv.dir);
	memset(&c, 0, sizeof c);
	c.url = dv.url;
	c.timeout_ms = 5000;
	c.ca_file = ca;
	s = imap_open(&c, err, sizeof err);
	if (s == NULL)
		fail_msg("imap with STARTTLS: %s", err);
	expect_unseen(s, both, 2);
	expect_message(s, 1, msg_one, sizeof msg_one - 1);
	imap_close(s);

	snprintf(url, sizeof url, "imaps://tester:s3cret@127.0.0.1:%d/INBOX",
	    dv.tls_port);
	c.url = url;
	s = imap_open(&c, err, sizeof err);
	if (s == NULL)
		fail_msg("imaps: %s", err);
	expect_message(s, 2, msg_two, sizeof msg_two - 1);
	assert_int_equal(imap_mark_seen(s, 2, err, sizeof err), 0);
	assert_int_equal(imap_has_flag(s, 2, "\\Seen", err, sizeof err), 1);
	imap_close(s);
	assert_int_equal(log_count("Login: user=<tester>", ", TLS"), 2);

	/* Without the CA the self-signed certificate is refused. */
	c.ca_file = NULL;
	assert_null(imap_open(&c, err, sizeof err));
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_cycle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failures, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tls, setup_tls, teardown),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
