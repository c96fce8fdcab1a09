/*
 * private.h - every kind of file arbiter writes, and the mode it gives
 * each whatever the umask: the database holds the token key, the seeds
 * and every hand, a mail a seat's screen and password, so nothing arbiter
 * writes may be read by anyone but its user.
 *
 * Code that makes such a file takes the mode from here (private_mode), and
 * a new kind of file is a new line below.  The test of file modes
 * (tests/unit/test_enumerate.c) walks everything a site's commands wrote
 * and requires every file to match one of these patterns with exactly its
 * mode, and every pattern not marked transient to be met: a file written
 * anywhere else, or with another mode, fails it.
 */
#ifndef ARBITER_UTIL_PRIVATE_H
#define ARBITER_UTIL_PRIVATE_H

#include <sys/types.h>

enum private_kind {
	PRIVATE_DB,		/* the SQLite database file */
	PRIVATE_DB_WAL,		/* its write-ahead log */
	PRIVATE_DB_SHM,		/* the log's index */
	PRIVATE_DB_JOURNAL,	/* the rollback journal of the first transaction */
	PRIVATE_DB_DELIVER,	/* the lock of the one detached delivery (app/deliver.c) */
	PRIVATE_DB_QUEUE,	/* the writers' queue (store/queue.c) */
	PRIVATE_MAILDIR,	/* the Maildir, and the directories above it arbiter made */
	PRIVATE_MAILDIR_SUB,	/* its tmp, new and cur */
	PRIVATE_MAIL_TMP,	/* a mail being written */
	PRIVATE_MAIL,		/* a mail delivered */
	PRIVATE_OUTPUT,		/* a file a command writes at the caller's path (show -o) */
	PRIVATE_NKINDS
};

struct private_file {
	/*
	 * Where, in the words of the configuration: DB (the database's
	 * path), MAILDIR (the Maildir's), OUTPUT (a path the caller names
	 * with -o, --output or --image), a '*' for any name.
	 */
	const char *pattern;
	mode_t mode;
	int dir;		/* a directory */
	int parents;		/* the directories above it that arbiter made, too */
	int transient;		/* removed again before the command ends */
};

/* The table, PRIVATE_NKINDS entries in the order of enum private_kind. */
extern const struct private_file private_files[PRIVATE_NKINDS];

mode_t private_mode(enum private_kind kind);

/* 1 when path is, or would make, one of the files of the database db (the
 * DB patterns above: the database, its log, index, journal, queue, the
 * delivery's lock), by any name (util/path.h's path_same); its path then
 * in name (len bytes). */
int private_db_file(const char *db, const char *path, char *name, size_t len);

#endif
