/*
 * db.c - statements on either backend: SQLite here, PostgreSQL through
 * pg.c; see store_int.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>

#include "store.h"
#include "store_int.h"

/* Keep SQLite's last error in the store as a STORE_* code and its text. */
static int
lite_error(struct store *s, int rc)
{
	snprintf(s->dberr, sizeof(s->dberr), "%s",
	    s->db != NULL ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return s->code = STORE_BUSY;
	case SQLITE_FULL:
		return s->code = STORE_FULL;
	case SQLITE_READONLY:
	case SQLITE_PERM:
	case SQLITE_CANTOPEN:
	case SQLITE_AUTH:
		return s->code = STORE_DENIED;
	default:
		return s->code = STORE_ERROR;
	}
}

/*
 * A database SQLite may not write because its directory is not writable
 * (the log and its index are made there), said as such: SQLite's own
 * words name only the database.
 */
static const char *
dir_hint(const struct store *s, char *buf, size_t len)
{
	const char *db, *slash;
	char dir[4096];

	buf[0] = '\0';
	if (s->pg || s->code != STORE_DENIED || s->db == NULL ||
	    (db = sqlite3_db_filename(s->db, "main")) == NULL || *db == '\0')
		return buf;
	slash = strrchr(db, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash == NULL ? 1 : slash == db ? 1 : (int)(slash - db),
	    slash == NULL ? "." : db);
	if (access(dir, W_OK) != 0)
		snprintf(buf, len, " (the directory %.200s is not writable, and SQLite makes the "
		    "database's log and index beside it)", dir);
	return buf;
}

int
store_fail(struct store *s, int rc, const char *what)
{
	char hint[300];

	(void)rc;
	snprintf(s->err, sizeof(s->err), "%.100s: %.200s%s", what,
	    s->dberr[0] != '\0' ? s->dberr : "no result", dir_hint(s, hint, sizeof(hint)));
	return s->code != STORE_OK ? s->code : STORE_ERROR;
}

const char *
store_error(const struct store *s)
{
	return s->err;
}

int
store_exec(struct store *s, const char *sql, const char *what)
{
	int rc;

	if (s->pg)
		rc = pg_exec(s, sql);
	else if ((rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL)) != SQLITE_OK)
		rc = lite_error(s, rc);
	return rc != STORE_OK ? store_fail(s, rc, what) : STORE_OK;
}

/* FNV-1a of a statement's text: the cache's first comparison. */
static uint32_t
sql_hash(const char *sql)
{
	uint32_t h = 2166136261u;

	while (*sql != '\0')
		h = (h ^ (unsigned char)*sql++) * 16777619u;
	return h;
}

/*
 * The store's prepared statement for sql, when it keeps one that is not
 * handed out: reset when it was last finalized, its parameters NULL.  A
 * statement changed by a schema change since is prepared again by
 * SQLite itself on its next step.
 */
static struct db_stmt *
cache_get(struct store *s, const char *sql, uint32_t h)
{
	int i;

	for (i = 0; i < s->nstmts; i++) {
		struct cached_stmt *c = &s->stmts[i];

		if (c->hash == h && !c->busy && strcmp(sqlite3_sql(c->st.lite), sql) == 0) {
			c->busy = 1;
			c->used = ++s->tick;
			return &c->st;
		}
	}
	return NULL;
}

/*
 * Keep a statement just prepared, in a free slot or in place of the one
 * used longest ago that is not handed out; NULL when every slot is busy
 * (or sql held more than one statement): the caller's own then.
 */
static struct db_stmt *
cache_put(struct store *s, sqlite3_stmt *lite, const char *sql, uint32_t h)
{
	struct cached_stmt *c = NULL;
	int i;

	if (strcmp(sqlite3_sql(lite), sql) != 0)
		return NULL;
	if (s->nstmts < STMT_CACHE)
		c = &s->stmts[s->nstmts++];
	else {
		for (i = 0; i < STMT_CACHE; i++)
			if (!s->stmts[i].busy && (c == NULL || s->stmts[i].used < c->used))
				c = &s->stmts[i];
		if (c == NULL)
			return NULL;
		sqlite3_finalize(c->st.lite);
	}
	c->st.s = s;
	c->st.lite = lite;
	c->st.pg = NULL;
	c->st.cached = 1;
	c->hash = h;
	c->busy = 1;
	c->used = ++s->tick;
	return &c->st;
}

void
store_stmts_free(struct store *s)
{
	int i;

	for (i = 0; i < s->nstmts; i++)
		sqlite3_finalize(s->stmts[i].st.lite);
	s->nstmts = 0;
}

int
store_prepare2(struct store *s, const char *sqlite, const char *pg, struct db_stmt **st)
{
	sqlite3_stmt *lite;
	uint32_t h;
	int rc;

	s->code = STORE_ERROR;
	s->dberr[0] = '\0';
	if (s->pg) {
		if ((*st = pg_prepare(s, pg)) == NULL)
			return store_fail(s, 0, "prepare");
		return STORE_OK;
	}
	h = sql_hash(sqlite);
	if ((*st = cache_get(s, sqlite, h)) != NULL)
		return STORE_OK;
	if ((rc = sqlite3_prepare_v2(s->db, sqlite, -1, &lite, NULL)) != SQLITE_OK) {
		lite_error(s, rc);
		return store_fail(s, rc, "prepare");
	}
	if (lite != NULL && (*st = cache_put(s, lite, sqlite, h)) != NULL)
		return STORE_OK;
	if ((*st = calloc(1, sizeof(**st))) == NULL) {
		sqlite3_finalize(lite);
		snprintf(s->dberr, sizeof(s->dberr), "out of memory");
		return store_fail(s, 0, "prepare");
	}
	(*st)->s = s;
	(*st)->lite = lite;
	return STORE_OK;
}

int
store_prepare(struct store *s, const char *sql, struct db_stmt **st)
{
	return store_prepare2(s, sql, sql, st);
}

int
store_done(struct store *s, struct db_stmt *st, const char *what)
{
	int rc = db_step(st);

	db_finalize(st);
	if (rc != DB_DONE)
		return store_fail(s, rc, what);
	return STORE_OK;
}

void
db_bind_int(struct db_stmt *st, int i, int64_t v)
{
	if (st->pg != NULL)
		pg_bind(st, i, DB_BIND_INT, v, NULL, 0);
	else
		sqlite3_bind_int64(st->lite, i, v);
}

void
db_bind_text(struct db_stmt *st, int i, const char *t)
{
	if (t == NULL)
		db_bind_null(st, i);
	else if (st->pg != NULL)
		pg_bind(st, i, DB_BIND_TEXT, 0, t, strlen(t));
	else
		sqlite3_bind_text(st->lite, i, t, -1, SQLITE_STATIC);
}

void
db_bind_blob(struct db_stmt *st, int i, const void *p, size_t n)
{
	if (st->pg != NULL)
		pg_bind(st, i, DB_BIND_BLOB, 0, p, n);
	else
		sqlite3_bind_blob64(st->lite, i, p, n, SQLITE_STATIC);
}

void
db_bind_null(struct db_stmt *st, int i)
{
	if (st->pg != NULL)
		pg_bind(st, i, DB_BIND_NULL, 0, NULL, 0);
	else
		sqlite3_bind_null(st->lite, i);
}

int
db_step(struct db_stmt *st)
{
	struct store *s = st->s;
	int rc;

	if (st->pg != NULL)
		return pg_step(st);
	rc = sqlite3_step(st->lite);
	if (rc == SQLITE_ROW)
		return DB_ROW;
	if (rc == SQLITE_DONE) {
		s->changes = sqlite3_changes64(s->db);
		return DB_DONE;
	}
	lite_error(s, rc);
	return DB_ERR;
}

int64_t
db_col_int(struct db_stmt *st, int col)
{
	const char *t;

	if (st->pg == NULL)
		return sqlite3_column_int64(st->lite, col);
	if ((t = pg_col(st, col, NULL, 0)) == NULL)
		return 0;
	/* PostgreSQL's booleans (EXISTS) read as 1 and 0. */
	if (t[0] == 't' || t[0] == 'f')
		return t[0] == 't';
	return strtoll(t, NULL, 10);
}

const char *
db_col_text(struct db_stmt *st, int col)
{
	if (st->pg != NULL)
		return pg_col(st, col, NULL, 0);
	return (const char *)sqlite3_column_text(st->lite, col);
}

const void *
db_col_blob(struct db_stmt *st, int col, size_t *len)
{
	const void *p;

	if (st->pg != NULL)
		return pg_col(st, col, len, 1);
	p = sqlite3_column_blob(st->lite, col);
	*len = (size_t)sqlite3_column_bytes(st->lite, col);
	return p;
}

int
db_col_null(struct db_stmt *st, int col)
{
	if (st->pg != NULL)
		return pg_col(st, col, NULL, 0) == NULL;
	return sqlite3_column_type(st->lite, col) == SQLITE_NULL;
}

int
db_col_count(struct db_stmt *st)
{
	return st->pg != NULL ? pg_col_count(st) : sqlite3_column_count(st->lite);
}

const char *
db_col_name(struct db_stmt *st, int col)
{
	return st->pg != NULL ? pg_col_name(st, col) : sqlite3_column_name(st->lite, col);
}

int
db_col_kind(struct db_stmt *st, int col)
{
	if (st->pg != NULL)
		return pg_col_kind(st, col);
	switch (sqlite3_column_type(st->lite, col)) {
	case SQLITE_INTEGER:
		return DB_BIND_INT;
	case SQLITE_BLOB:
		return DB_BIND_BLOB;
	case SQLITE_NULL:
		return DB_BIND_NULL;
	default:
		return DB_BIND_TEXT;
	}
}

void
db_reset(struct db_stmt *st)
{
	if (st->pg != NULL) {
		pg_reset(st);
		return;
	}
	sqlite3_reset(st->lite);
	sqlite3_clear_bindings(st->lite);
}

void
db_finalize(struct db_stmt *st)
{
	if (st == NULL)
		return;
	if (st->pg != NULL) {
		pg_finalize(st);
		return;
	}
	if (st->cached) {
		/* Kept: its read ended and its parameters (not copied) forgotten now. */
		struct cached_stmt *c = (struct cached_stmt *)(void *)st;

		sqlite3_reset(st->lite);
		sqlite3_clear_bindings(st->lite);
		c->busy = 0;
		return;
	}
	sqlite3_finalize(st->lite);
	free(st);
}

/* Copy a text column into a fixed buffer (truncating). */
void
store_col_text(struct db_stmt *st, int col, char *buf, size_t len)
{
	const char *t = db_col_text(st, col);

	snprintf(buf, len, "%s", t != NULL ? t : "");
}

/* A malloc'ed copy of a text column, or NULL for SQL NULL. */
char *
store_col_dup(struct db_stmt *st, int col)
{
	const char *t = db_col_text(st, col);

	return t != NULL ? strdup(t) : NULL;
}
