/* store_int.h - helpers shared by the files of store/ only. */
#ifndef ARBITER_STORE_INT_H
#define ARBITER_STORE_INT_H

#include <sqlite3.h>

struct store {
	sqlite3 *db;
	char err[512];
};

int store_fail(struct store *s, int rc, const char *what);
/* Run SQL without results (statements separated by ';'). */
int store_exec(struct store *s, const char *sql, const char *what);
int store_prepare(struct store *s, const char *sql, sqlite3_stmt **st);
int store_done(struct store *s, sqlite3_stmt *st, const char *what);
void store_col_text(sqlite3_stmt *st, int col, char *buf, size_t len);
char *store_col_dup(sqlite3_stmt *st, int col);

#endif
