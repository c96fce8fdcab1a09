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
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "outmail.h"
#include "../store/store_mail.h"

enum { DELIVERY_NICE = 10 };

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
detached(struct ctx *c, int tidy_only)
{
	struct deliver_stats st;
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
	closefrom(3);
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
	rc = store_open(c->db, STORE_OPEN_WRITE, &s);
	if (rc != STORE_OK) {
		(void)store_exit(s, rc);
		store_close(s);
		s = NULL;
	} else {
		if (!tidy_only)
			(void)deliver_queue(c, s, 1, &st);
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
	pid = fork();
	if (pid == 0)
		detached(c, tidy_only);
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
