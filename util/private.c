/* private.c - the files arbiter writes and their modes; see private.h. */
#include <stdio.h>
#include <string.h>

#include "path.h"
#include "private.h"

const struct private_file private_files[PRIVATE_NKINDS] = {
	[PRIVATE_DB] = { "DB", 0600, 0, 0, 0 },
	[PRIVATE_DB_WAL] = { "DB-wal", 0600, 0, 0, 0 },
	[PRIVATE_DB_SHM] = { "DB-shm", 0600, 0, 0, 0 },
	[PRIVATE_DB_JOURNAL] = { "DB-journal", 0600, 0, 0, 1 },
	[PRIVATE_DB_DELIVER] = { "DB-deliver", 0600, 0, 0, 0 },
	[PRIVATE_DB_QUEUE] = { "DB-queue", 0600, 0, 0, 0 },
	[PRIVATE_MAILDIR] = { "MAILDIR", 0700, 1, 1, 0 },
	[PRIVATE_MAILDIR_SUB] = { "MAILDIR/*", 0700, 1, 0, 0 },
	[PRIVATE_MAIL_TMP] = { "MAILDIR/tmp/*", 0600, 0, 0, 1 },
	[PRIVATE_MAIL] = { "MAILDIR/new/*", 0600, 0, 0, 0 },
	[PRIVATE_OUTPUT] = { "OUTPUT", 0600, 0, 0, 0 },
};

mode_t
private_mode(enum private_kind kind)
{
	return private_files[kind].mode;
}

int
private_db_file(const char *db, const char *path, char *name, size_t len)
{
	char mine[4200];
	int k;

	for (k = 0; k < PRIVATE_NKINDS; k++)
		if (strncmp(private_files[k].pattern, "DB", 2) == 0 &&
		    snprintf(mine, sizeof(mine), "%s%s", db, private_files[k].pattern + 2) <
		    (int)sizeof(mine) && path_same(path, mine)) {
			snprintf(name, len, "%s", mine);
			return 1;
		}
	return 0;
}
