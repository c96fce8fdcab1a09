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

enum { DELIVERY_NICE = 10 };

/*
 * What the delivery said goes to syslog (facility mail), since nobody
 * reads the detached process's standard error: a line per mail not sent
 * ("deferred mail 12 to ann@example.org: ..."), or why the database or
 * the configuration failed.  The same lines `send` prints; the mail they
 * name stays queued for it.
 */
static void
log_said(FILE *said)
{
	char line[1200];

	if (said == NULL)
		return;
	fflush(stdout);
	fflush(stderr);
	rewind(said);
	while (fgets(line, sizeof(line), said) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] != '\0')
			syslog(LOG_WARNING, "background delivery: %s", line);
	}
}

/* The detached process: deliver what is due, as `send` would, and exit. */
static void
detached(struct ctx *c)
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
	if (rc != STORE_OK)
		(void)store_exit(s, rc);
	else {
		(void)deliver_queue(c, s, 1, &st);
		store_tidy(s);	/* a short log for the next command to open */
	}
	store_close(s);
	log_said(said);
	closelog();
	_exit(0);
}

void
deliver_after(struct ctx *c, struct store **s)
{
	struct deliver_stats st;
	struct config *cfg;
	char err[1024];
	pid_t pid;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL || cfg->deliver_foreground) {
		(void)deliver_queue(c, *s, 0, &st);	/* what fails stays queued */
		return;
	}
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
		detached(c);
	if (pid < 0)
		fprintf(stderr, "%s: cannot start the delivery (%s); the mail stays queued for "
		    "`arbiter send`\n", c->prog, strerror(errno));
}
