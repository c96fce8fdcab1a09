/*
 * store_int.h - what the files of store/ share, and nothing outside store/
 * sees: the connection, and statements that run on either backend.
 *
 * Every statement of store/ is written once, in the SQL both SQLite and
 * PostgreSQL accept (upserts as INSERT ... ON CONFLICT, RETURNING, CAST to
 * BIGINT), with SQLite's parameters (? and ?N).  For PostgreSQL, pg.c
 * numbers the parameters $N and drops SQLite's INDEXED BY hints; where
 * the dialects cannot meet, a statement is given in both
 * (store_prepare2).
 */
#ifndef ARBITER_STORE_INT_H
#define ARBITER_STORE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>
#include <time.h>

struct pg_conn;

/*
 * SQLite statements kept prepared for the connection's life (db.c): a
 * command runs the same few dozen statements, most of them once per seat
 * or per mail, and preparing one costs more than running it.
 */
enum { STMT_CACHE = 64 };
struct db_stmt {
	struct store *s;
	sqlite3_stmt *lite;
	struct pg_stmt *pg;
	int cached;		/* 1: one of the store's, reset and kept when finalized */
};
struct cached_stmt {
	struct db_stmt st;
	uint32_t hash;		/* of its SQL, which sqlite3_sql(st.lite) keeps */
	int busy;		/* handed out and not finalized yet */
	uint64_t used;		/* when last handed out (the store's tick) */
};

struct store {
	int pg;			/* 0: SQLite (db), 1: PostgreSQL (conn) */
	sqlite3 *db;
	struct pg_conn *conn;
	int64_t changes;	/* rows the last statement changed */
	int code;		/* STORE_* of the last backend error */
	char dberr[400];	/* its text */
	char name[256];		/* the database for messages (a URI without its password) */
	int version, was;	/* its schema version, and the one it had when opened */
	char err[512];
	/* The send loop's claims (store_outbox_claimer): by whom, and when another's are taken over. */
	char claimer[320];
	int64_t takeover;
	/* When the wait for SQLite's write lock began (busy_wait); set already by store_begin. */
	struct timespec busy_since;
	int busy_set;
	/* The writers' queue (queue.c): its file, its counter, the ticket held. */
	int qfd;
	uint64_t *qcounter;
	uint64_t qticket;
	int qheld;
	struct cached_stmt stmts[STMT_CACHE];
	int nstmts;
	uint64_t tick;
};

/*
 * queue.c: on SQLite, wait for the writers that came before, until
 * budget_ms after s->busy_since; 1 when it has begun the transaction
 * itself (store_try_begin), having found the writer ahead stopped.
 * queue_moved counts a transaction begun or ended by a writer in the
 * queue; queue_leave lets the next one go, queue_close also closes the file.
 */
int queue_enter(struct store *s, long budget_ms);
void queue_moved(struct store *s);
/* Milliseconds since t0 (CLOCK_MONOTONIC). */
long store_ms_since(const struct timespec *t0);
/* SQLite's BEGIN IMMEDIATE, without waiting: 1 begun, 0 the lock is held, -1 another failure. */
int store_try_begin(struct store *s);
void queue_leave(struct store *s);
void queue_close(struct store *s);

/* db_step's results */
enum { DB_ROW = 100, DB_DONE = 101, DB_ERR = 1 };

/* store_fail: err = "what: the backend's last error"; returns its STORE_* code. */
int store_fail(struct store *s, int rc, const char *what);
/* Run SQL without results (statements separated by ';'). */
int store_exec(struct store *s, const char *sql, const char *what);
int store_prepare(struct store *s, const char *sql, struct db_stmt **st);
/* The same statement in each dialect. */
int store_prepare2(struct store *s, const char *sqlite, const char *pg, struct db_stmt **st);
/* Step a statement that returns no rows, then finalize it. */
int store_done(struct store *s, struct db_stmt *st, const char *what);
void store_col_text(struct db_stmt *st, int col, char *buf, size_t len);
char *store_col_dup(struct db_stmt *st, int col);

/*
 * Parameters are numbered from 1 and bound before the first step; text and
 * blobs are not copied and must live until then.
 */
void db_bind_int(struct db_stmt *st, int i, int64_t v);
void db_bind_text(struct db_stmt *st, int i, const char *t);
void db_bind_blob(struct db_stmt *st, int i, const void *p, size_t n);
void db_bind_null(struct db_stmt *st, int i);
/* DB_ROW, DB_DONE, or DB_ERR with the error kept in the store. */
int db_step(struct db_stmt *st);
int64_t db_col_int(struct db_stmt *st, int col);
/* NULL for SQL NULL. */
const char *db_col_text(struct db_stmt *st, int col);
const void *db_col_blob(struct db_stmt *st, int col, size_t *len);
int db_col_null(struct db_stmt *st, int col);
/* The columns of a statement's result: how many, their names, and the
 * kind of the value in the current row (DB_BIND_*). */
int db_col_count(struct db_stmt *st);
const char *db_col_name(struct db_stmt *st, int col);
int db_col_kind(struct db_stmt *st, int col);
void db_finalize(struct db_stmt *st);
/* Ready a stepped statement to run again: its parameters all NULL. */
void db_reset(struct db_stmt *st);

/* The PostgreSQL side (pg.c). */
int pg_open(struct store *s, const char *uri, int readonly);
void pg_close(struct store *s);
int pg_exec(struct store *s, const char *sql);
int pg_in_transaction(struct store *s);
int pg_connected(struct store *s);
struct db_stmt *pg_prepare(struct store *s, const char *sql);
int pg_step(struct db_stmt *st);
void pg_bind(struct db_stmt *st, int i, int kind, int64_t v, const void *p, size_t n);
const char *pg_col(struct db_stmt *st, int col, size_t *len, int blob);
int pg_col_count(struct db_stmt *st);
const char *pg_col_name(struct db_stmt *st, int col);
int pg_col_kind(struct db_stmt *st, int col);
void pg_finalize(struct db_stmt *st);
void pg_reset(struct db_stmt *st);
/* Finalize the statements the store keeps (before the connection closes). */
void store_stmts_free(struct store *s);
int store_begin_queue(struct store *s);

enum { DB_BIND_INT, DB_BIND_TEXT, DB_BIND_BLOB, DB_BIND_NULL };

#endif
