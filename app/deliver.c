/*
 * deliver.c - a command's mail delivered after its commit: in the command's
 * own process (deliver = foreground), or by a detached process while the
 * command returns (background, the default); see deliver_after in outmail.h.
 *
 * The mail is in the outbox before the commit, so the detached process
 * carries no promise of its own: whatever stops it (a kill, a crash, the
 * server away) leaves the mail queued, and `arbiter send` delivers it.
 */
#include <errno.h>
#include <sys/file.h>
#include <time.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "outmail.h"
#include "../store/store_mail.h"
#include "../util/private.h"

enum { DELIVERY_NICE = 10 };

/*
 * One detached delivery at a time for a database file.  In a burst of
 * mail every command's commit queues an answer; a delivery each, all at
 * once, took the CPU from the commands (the drawing of a picture above
 * all) and their claims the write lock, so the commands waited on answers
 * not theirs.  The delivery holds an flock on DB-deliver while it works; a
 * command whose commit finds it held starts none, since the delivery
 * running looks for due mail again after it lets go:
 *
 *   command: commit (its mail queued); try the lock: held -> done
 *   delivery: deliver what is due; unlock; due mail? -> try the lock again
 *
 * A command that found the lock held tried before the unlock, after its
 * commit, so the look that follows the unlock sees its mail; when the
 * delivery's second try fails, whoever holds the lock then looks again in
 * the same way.  A killed delivery lets go of the lock with its last
 * descriptor and leaves its mail queued for the next command or `arbiter
 * send`, as any detached delivery could.  PostgreSQL is shared by hosts
 * with no common file: there each command starts a delivery of its own.
 */
enum { DELIVERY_IDLE_MAX = 50 };	/* passes in a row that delivered nothing */

/* The lock taken (its descriptor), or -1 when another delivery holds it,
 * or -2 when it cannot be had (a delivery starts all the same). */
static int
lock_take(const char *db)
{
	char path[4096];
	int fd, held;

	if (store_is_uri(db) || snprintf(path, sizeof(path), "%s-deliver", db) >= (int)sizeof(path))
		return -2;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, private_mode(PRIVATE_DB_DELIVER));
	if (fd < 0)
		return -2;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return fd;
	held = errno == EWOULDBLOCK;
	close(fd);
	return held ? -1 : -2;
}

/*
 * $ARBITER_TEST_DELIVERY_PAUSE (milliseconds, at most 10 s): a pause after
 * each pass, before the lock is let go, so that a test can commit a
 * command's mail in the gap the look after the unlock is there for, and
 * see which deliveries run (tests/e2e/background-delivery.sh).
 */
static void
test_pause(void)
{
	const char *ms = getenv("ARBITER_TEST_DELIVERY_PAUSE");
	long n = ms != NULL ? strtol(ms, NULL, 10) : 0;
	struct timespec t;

	if (n <= 0 || n > 10000)
		return;
	t.tv_sec = n / 1000;
	t.tv_nsec = n % 1000 * 1000000L;
	nanosleep(&t, NULL);
}

/* Deliver until nothing is due once the lock is let go (see above). */
static void
deliver_held(struct ctx *c, struct store *s, int lock)
{
	struct timespec nap = { 0, 20000000 };
	struct deliver_stats st;
	int idle = 0, due;

	for (;;) {
		int rc = deliver_queue(c, s, 1, &st);

		test_pause();
		if (rc != EXIT_OK || lock < 0)
			return;
		idle = st.sent + st.deferred + st.failed > 0 ? 0 : idle + 1;
		(void)flock(lock, LOCK_UN);
		/* the server away, or due mail another sender keeps: `send` meets it */
		if (st.away || idle > DELIVERY_IDLE_MAX ||
		    store_outbox_due(s, now_epoch(), &due) != STORE_OK || !due)
			return;
		if (idle > 0)
			nanosleep(&nap, NULL);
		if (flock(lock, LOCK_EX | LOCK_NB) != 0)
			return;		/* another delivery has it, and looks again itself */
	}
}

/*
 * What the delivery said goes to syslog (facility mail), since nobody
 * reads the detached process's standard error: a line per mail not sent
 * ("deferred mail 12 to ann@example.org: ..."), or why the database or
 * the configuration failed.  The same lines `send` prints.  A deferred
 * mail stays queued, and `send` meets it again; but a refused one (a 5xx:
 * final) and a fault of the database or configuration would be said
 * nowhere else, and a site may have no syslog: those lines are also kept
 * in the database (the setting "background_said", at most SAID_MAX bytes,
 * the latest kept), and the next `arbiter send` prints them
 * (outmail_said_take), so the game master's cron mail tells them.
 */
enum { SAID_MAX = 8192 };

#define SAID_KEY "background_said"

/* Keep only the last max bytes of text, cut at a line's start. */
static void
said_trim(char *text, size_t max)
{
	size_t n = strlen(text);

	while (n > max) {
		size_t first = strcspn(text, "\n");

		first += text[first] == '\n';
		memmove(text, text + first, n - first + 1);
		n -= first;
	}
}

static void
log_said(FILE *said, struct store *s)
{
	char line[1200], kept[SAID_MAX + sizeof(line) + 1] = "";
	size_t n = 0, len;

	if (said == NULL)
		return;
	fflush(stdout);
	fflush(stderr);
	rewind(said);
	while (fgets(line, sizeof(line), said) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\0')
			continue;
		syslog(LOG_WARNING, "background delivery: %s", line);
		if (strncmp(line, "deferred mail ", 14) == 0 || (len = strlen(line)) + 1 > SAID_MAX)
			continue;
		memcpy(kept + n, line, len);
		kept[n + len] = '\n';
		kept[n + len + 1] = '\0';
		said_trim(kept, SAID_MAX);	/* the latest lines win */
		n = strlen(kept);
	}
	if (n > 0 && s != NULL)
		outmail_said_keep(s, kept, SAID_MAX);
}

void
outmail_said_keep(struct store *s, const char *text, size_t max)
{
	char *all = malloc(2 * max + 2);
	int rc;

	if (all == NULL || store_begin(s) != STORE_OK) {
		free(all);
		return;
	}
	rc = store_meta_get(s, SAID_KEY, all, max + 1);
	if (rc == STORE_NOTFOUND) {
		all[0] = '\0';
		rc = STORE_OK;
	}
	if (rc == STORE_OK) {
		strncat(all, text, max);
		said_trim(all, max);
		rc = store_meta_put(s, SAID_KEY, all);
	}
	if (rc == STORE_OK)
		rc = store_commit(s);
	if (rc != STORE_OK)
		store_rollback(s);
	free(all);
}

int
outmail_said_take(struct store *s, char *buf, size_t len)
{
	int rc;

	buf[0] = '\0';
	if ((rc = store_begin(s)) != STORE_OK)
		return rc;
	rc = store_meta_get(s, SAID_KEY, buf, len);
	if (rc == STORE_NOTFOUND) {
		buf[0] = '\0';
		rc = STORE_OK;
	} else if (rc == STORE_OK && buf[0] != '\0')
		rc = store_meta_put(s, SAID_KEY, "");
	if (rc == STORE_OK)
		rc = store_commit(s);
	if (rc != STORE_OK) {
		store_rollback(s);
		buf[0] = '\0';
	}
	return rc;
}

/* The detached process: deliver what is due, as `send` would (unless
 * tidy_only), keep the database's log short, and exit. */
static void
detached(struct ctx *c, int tidy_only, int lock)
{
	struct store *s = NULL;
	FILE *said;
	int fd, rc;

	/*
	 * A session of its own: an MTA's pipe that kills the command's
	 * process group at a timeout does not kill the delivery, and no
	 * terminal's hangup reaches it.  No descriptor of the caller's is
	 * kept (an MTA's pipe sees its end as the command exits), and nothing
	 * of the caller's database connection either: it was closed before
	 * the fork, and this process opens its own.
	 */
	(void)setsid();
	/*
	 * Behind the commands that came after it: in a burst of mail the
	 * pipes' own work (each holds up the MTA and the write lock) goes
	 * first, and the answers, drawn and delivered here, follow.
	 */
	errno = 0;
	if (nice(DELIVERY_NICE) == -1 && errno != 0)
		errno = 0;	/* not lowered: delivered all the same */
	if (lock >= 0 && lock != 3)
		lock = dup2(lock, 3);	/* the one descriptor kept: the lock */
	closefrom(lock >= 0 ? 4 : 3);
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0 && fd != 0)
		(void)dup2(fd, 0);
	said = tmpfile();	/* 0600, unlinked: what the delivery says, for syslog */
	if (said != NULL || fd >= 0) {
		(void)dup2(said != NULL ? fileno(said) : fd, 1);
		(void)dup2(said != NULL ? fileno(said) : fd, 2);
	}
	if (fd > 2)
		close(fd);
	openlog("arbiter", LOG_PID, LOG_MAIL);
	c->behind = 1;
	rc = store_open(c->db, STORE_OPEN_WRITE, &s);
	if (rc != STORE_OK) {
		(void)store_exit(s, rc);
		store_close(s);
		s = NULL;
	} else {
		if (!tidy_only)
			deliver_held(c, s, lock);
		store_tidy(s);	/* a short log for the next command to open */
	}
	log_said(said, s);
	store_close(s);
	closelog();
	_exit(0);
}

/* Close the command's store and fork the detached process (detached). */
static void
detach(struct ctx *c, struct store **s, int tidy_only)
{
	int lock = tidy_only ? -2 : lock_take(c->db);
	pid_t pid;

	/*
	 * Nothing the command holds is carried across the fork: SQLite forbids
	 * using a connection opened before it in the child, and closing one
	 * there would drop the parent's locks, so the connection (SQLite's or
	 * PostgreSQL's) is closed first, and an SMTP session too.
	 */
	outmail_end(c);
	store_close(*s);
	*s = NULL;
	fflush(NULL);
	if (lock == -1)
		return;		/* the delivery running takes this command's mail too */
	pid = fork();
	if (pid == 0)
		detached(c, tidy_only, lock);
	if (lock >= 0)
		close(lock);	/* the delivery's now */
	if (pid < 0 && !tidy_only)
		fprintf(stderr, "%s: cannot start the delivery (%s); the mail stays queued for "
		    "`arbiter send`\n", c->prog, strerror(errno));
}

void
deliver_after(struct ctx *c, struct store **s, int send)
{
	struct deliver_stats st;
	struct config *cfg;
	char err[1024];

	if (!send && !store_wants_tidy(*s))
		return;		/* nothing to deliver, and the log is short */
	if ((cfg = config_get(c, err, sizeof(err))) == NULL || cfg->deliver_foreground) {
		if (send)
			(void)deliver_queue(c, *s, 0, &st);	/* what fails stays queued */
		store_tidy(*s);
		return;
	}
	detach(c, s, !send);
}
