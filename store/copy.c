/*
 * copy.c - a whole site from one database into another (SQLite to
 * PostgreSQL, or back, or a file to a file); see store_copy in store.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_int.h"

/* Every table of the schema, each after those it refers to. */
static const char *const tables[] = {
	"meta", "games", "seats", "moves", "snapshots", "pictures", "outbox", "outbox_body", "inbound",
	"replies",
	"auth_failures", "observers", "proposals", "identities", "tables", "table_seats",
	"opened", "prefs", "news", "digests", "ratings",
};

/* The columns that number themselves on PostgreSQL (see pg_migration). */
static const char *const counters[][2] = {
	{ "games", "id" }, { "outbox", "id" }, { "tables", "id" }, { "snapshots", "game_id" },
	{ "news", "id" }, { "pictures", "id" },
};

static int
count_rows(struct store *s, const char *table, int64_t *n)
{
	char sql[96];
	struct db_stmt *st;
	int rc;

	snprintf(sql, sizeof(sql), "SELECT count(*) FROM %s", table);
	if ((rc = store_prepare(s, sql, &st)) != STORE_OK)
		return rc;
	if ((rc = db_step(st)) == DB_ROW)
		*n = db_col_int(st, 0);
	db_finalize(st);
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, table);
}

/* The INSERT for the columns of the source's row st is on. */
static char *
insert_sql(const char *table, struct db_stmt *st)
{
	int n = db_col_count(st), i;
	size_t len = 64 + strlen(table);
	char *sql, *o;

	for (i = 0; i < n; i++)
		len += strlen(db_col_name(st, i)) + 6;
	if ((sql = malloc(len)) == NULL)
		return NULL;
	o = sql + sprintf(sql, "INSERT INTO %s (", table);
	for (i = 0; i < n; i++)
		o += sprintf(o, "%s%s", i > 0 ? ", " : "", db_col_name(st, i));
	o += sprintf(o, ") VALUES (");
	for (i = 0; i < n; i++)
		o += sprintf(o, "%s?", i > 0 ? ", " : "");
	sprintf(o, ")");
	return sql;
}

/* Copy one row with the target's INSERT st: each value with its own kind. */
static int
copy_row(struct store *to, struct db_stmt *st, struct db_stmt *src, const char *table)
{
	int n = db_col_count(src), i, rc;
	size_t len;

	for (i = 0; i < n; i++)
		switch (db_col_kind(src, i)) {
		case DB_BIND_INT:
			db_bind_int(st, i + 1, db_col_int(src, i));
			break;
		case DB_BIND_BLOB: {
			const void *p = db_col_blob(src, i, &len);

			db_bind_blob(st, i + 1, p != NULL ? p : "", p != NULL ? len : 0);
			break;
		}
		case DB_BIND_NULL:
			db_bind_null(st, i + 1);
			break;
		default:
			db_bind_text(st, i + 1, db_col_text(src, i));
			break;
		}
	rc = db_step(st);
	db_reset(st);
	return rc == DB_DONE ? STORE_OK : store_fail(to, rc, table);
}

static int
copy_table(struct store *from, struct store *to, const char *table, int64_t *rows)
{
	char sql[96], *ins;
	struct db_stmt *st, *put = NULL;
	int rc;

	*rows = 0;
	snprintf(sql, sizeof(sql), "SELECT * FROM %s", table);
	if ((rc = store_prepare(from, sql, &st)) != STORE_OK)
		return rc;
	/* One INSERT for the table, prepared at its first row and run for each. */
	while ((rc = db_step(st)) == DB_ROW) {
		if (put == NULL) {
			if ((ins = insert_sql(table, st)) == NULL) {
				snprintf(to->err, sizeof(to->err), "out of memory");
				db_finalize(st);
				return STORE_ERROR;
			}
			rc = store_prepare(to, ins, &put);
			free(ins);
			if (rc != STORE_OK) {
				db_finalize(st);
				return rc;
			}
		}
		if ((rc = copy_row(to, put, st, table)) != STORE_OK) {
			db_finalize(put);
			db_finalize(st);
			return rc;
		}
		++*rows;
	}
	db_finalize(put);
	db_finalize(st);
	if (rc != DB_DONE) {
		rc = store_fail(from, rc, table);
		snprintf(to->err, sizeof(to->err), "%s", from->err);
		return rc;
	}
	return STORE_OK;
}

/* On PostgreSQL, each counter goes on from the highest number copied. */
static int
restart_counters(struct store *to)
{
	char sql[256];
	size_t i;
	int rc;

	if (!to->pg)
		return STORE_OK;
	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		snprintf(sql, sizeof(sql), "SELECT setval(pg_get_serial_sequence('%s', '%s'), "
		    "(SELECT coalesce(max(%s), 0) + 1 FROM %s), false)", counters[i][0],
		    counters[i][1], counters[i][1], counters[i][0]);
		if ((rc = store_exec(to, sql, "restart counters")) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int
store_copy(struct store *from, struct store *to, struct store_copy_table *report, int *ntables)
{
	size_t i;
	int64_t n;
	int rc;

	*ntables = 0;
	/* The source is read as of one moment, whatever writes it meanwhile. */
	if ((rc = store_exec(from, from->pg ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" :
	    "BEGIN", "read the source")) != STORE_OK) {
		snprintf(to->err, sizeof(to->err), "%s", from->err);
		return rc;
	}
	if ((rc = store_begin(to)) != STORE_OK) {
		store_rollback(from);
		return rc;
	}
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		if ((rc = count_rows(to, tables[i], &n)) != STORE_OK)
			goto fail;
		if (n > 0) {
			snprintf(to->err, sizeof(to->err), "%s already holds a site (%lld rows in "
			    "%s): arbiter copies only into a database without one", to->name,
			    (long long)n, tables[i]);
			rc = STORE_ERROR;
			goto fail;
		}
	}
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		struct store_copy_table *r = &report[i];

		snprintf(r->table, sizeof(r->table), "%s", tables[i]);
		if ((rc = copy_table(from, to, tables[i], &r->copied)) != STORE_OK)
			goto fail;
		if ((rc = count_rows(from, tables[i], &r->source)) != STORE_OK) {
			snprintf(to->err, sizeof(to->err), "%s", from->err);
			goto fail;
		}
		if ((rc = count_rows(to, tables[i], &r->target)) != STORE_OK)
			goto fail;
		if (r->source != r->target) {
			snprintf(to->err, sizeof(to->err), "%s: %lld rows in the source, %lld "
			    "copied", tables[i], (long long)r->source, (long long)r->target);
			rc = STORE_ERROR;
			goto fail;
		}
		++*ntables;
	}
	if ((rc = restart_counters(to)) != STORE_OK)
		goto fail;
	store_rollback(from);
	return store_commit(to);
fail:
	store_rollback(from);
	store_rollback(to);
	return rc;
}

int
store_copy_ntables(void)
{
	return (int)(sizeof(tables) / sizeof(tables[0]));
}
