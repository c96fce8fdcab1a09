/*
 * test_store.c - the store's promises, on the backend the environment
 * names: SQLite (a temporary file) by default, PostgreSQL when
 * ARBITER_TEST_PG is the socket directory of a running server (tests/run.sh
 * starts a private one), each test in a database of its own.
 */
#define _GNU_SOURCE	/* F_OFD_SETLK, to hold the queue's guard as a stopped writer would */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "../../store/store.h"
#include "../../store/store_int.h"
#include "../../store/store_mail.h"
#include "../../store/store_tables.h"

static char dir[64];
static char uri[512];
static int ndb;

/* A fresh database's name (a file, or a database made on the server). */
static const char *
fresh_db(void)
{
	const char *pg = getenv("ARBITER_TEST_PG");
	char sql[128];

	ndb++;
	if (pg == NULL || *pg == '\0') {
		if (dir[0] == '\0') {
			snprintf(dir, sizeof(dir), "/tmp/arbiter-store-XXXXXX");
			assert_non_null(mkdtemp(dir));
		}
		snprintf(uri, sizeof(uri), "%s/%d.db", dir, ndb);
		return uri;
	}
	{
		struct store admin;

		memset(&admin, 0, sizeof(admin));
		snprintf(uri, sizeof(uri), "postgresql:///postgres?host=%s&user=arbiter_test", pg);
		assert_int_equal(pg_open(&admin, uri, 0), STORE_OK);
		snprintf(sql, sizeof(sql), "DROP DATABASE IF EXISTS unit_%d_%d", (int)getpid(), ndb);
		assert_int_equal(pg_exec(&admin, sql), STORE_OK);
		snprintf(sql, sizeof(sql), "CREATE DATABASE unit_%d_%d", (int)getpid(), ndb);
		assert_int_equal(pg_exec(&admin, sql), STORE_OK);
		pg_close(&admin);
	}
	snprintf(uri, sizeof(uri), "postgresql:///unit_%d_%d?host=%s&user=arbiter_test",
	    (int)getpid(), ndb, pg);
	return uri;
}

static struct store *
open_new(void)
{
	struct store *s;

	assert_int_equal(store_open(fresh_db(), STORE_OPEN_CREATE, &s), STORE_OK);
	return s;
}

static int64_t
make_game(struct store *s, const char *name0, const char *email0)
{
	struct store_game row;
	struct store_seat seats[2];
	int64_t id;

	memset(&row, 0, sizeof(row));
	memset(seats, 0, sizeof(seats));
	snprintf(row.rules, sizeof(row.rules), "tigris");
	snprintf(row.title, sizeof(row.title), "t");
	row.options = (char *)"[]";
	row.nseats = 2;
	row.created = 1700000000;
	memset(row.seed, 0xa5, sizeof(row.seed));
	snprintf(seats[0].name, sizeof(seats[0].name), "%s", name0);
	snprintf(seats[0].email, sizeof(seats[0].email), "%s", email0);
	snprintf(seats[1].name, sizeof(seats[1].name), "bob");
	snprintf(seats[1].email, sizeof(seats[1].email), "bob@example.org");
	snprintf(seats[0].password, sizeof(seats[0].password), "$h");
	snprintf(seats[1].password, sizeof(seats[1].password), "$h");
	assert_int_equal(store_begin(s), STORE_OK);
	assert_int_equal(store_game_create(s, &row, seats, &id), STORE_OK);
	assert_int_equal(store_commit(s), STORE_OK);
	return id;
}

/* A game's row, seats and log come back as stored; ids are never given twice. */
static void
test_games(void **state)
{
	struct store *s = open_new();
	struct store_game g;
	struct store_seat seats[4];
	struct store_move m;
	int64_t a, b, c, *ids;
	int n, i;

	(void)state;
	a = make_game(s, "ann", "Ann@Example.org");
	b = make_game(s, "cy", "cy@example.org");
	assert_true(b > a);
	assert_int_equal(store_game_get(s, a, &g), STORE_OK);
	assert_string_equal(g.rules, "tigris");
	assert_string_equal(g.options, "[]");
	assert_int_equal(g.seed[31], 0xa5);
	assert_int_equal(g.created, 1700000000);
	store_game_free(&g);
	assert_int_equal(store_game_get(s, 999, &g), STORE_NOTFOUND);
	assert_int_equal(store_seats_get(s, a, seats, 4, &n), STORE_OK);
	assert_int_equal(n, 2);
	assert_string_equal(seats[0].email, "Ann@Example.org");
	assert_int_equal(seats[0].serial, 1);

	/* The log: text with every byte a mail may bring, NULL and non-NULL fields. */
	for (i = 1; i <= 3; i++) {
		struct store_move w;

		memset(&w, 0, sizeof(w));
		w.seq = i;
		w.seat = i % 2;
		w.text = (char *)"tile red A1 \xc3\xa9 'quoted' ? ?1 $1";
		snprintf(w.source, sizeof(w.source), "mail");
		w.message_id = i == 2 ? (char *)"<m2@example.org>" : NULL;
		w.at = 1700000000 + i;
		w.shown = i == 3 ? (char *)"tile (hidden)" : NULL;
		assert_int_equal(store_begin(s), STORE_OK);
		assert_int_equal(store_move_append(s, a, &w), STORE_OK);
		assert_int_equal(store_commit(s), STORE_OK);
	}
	assert_int_equal(store_move_get(s, a, 3, &m), STORE_OK);
	assert_string_equal(m.text, "tile red A1 \xc3\xa9 'quoted' ? ?1 $1");
	assert_null(m.message_id);
	assert_string_equal(m.shown, "tile (hidden)");
	store_move_free(&m);
	assert_int_equal(store_move_get(s, a, 2, &m), STORE_OK);
	assert_string_equal(m.message_id, "<m2@example.org>");
	assert_null(m.shown);
	store_move_free(&m);
	assert_int_equal(store_inbound_seen(s, "<m2@example.org>"), 1);
	assert_int_equal(store_game_get(s, a, &g), STORE_OK);
	assert_int_equal(g.nmoves, 3);
	store_game_free(&g);
	assert_int_equal(store_begin(s), STORE_OK);
	assert_int_equal(store_move_drop_last(s, a), STORE_OK);
	assert_int_equal(store_commit(s), STORE_OK);
	assert_int_equal(store_move_get(s, a, 3, &m), STORE_NOTFOUND);

	/* A deleted game's id is not given again. */
	assert_int_equal(store_begin(s), STORE_OK);
	assert_int_equal(store_game_delete(s, b), STORE_OK);
	assert_int_equal(store_commit(s), STORE_OK);
	c = make_game(s, "dee", "dee@example.org");
	assert_true(c > b);
	assert_int_equal(store_game_ids(s, &ids, &n), STORE_OK);
	assert_int_equal(n, 2);
	assert_true(ids[0] == a && ids[1] == c);
	free(ids);

	/* list: running games newest first, a player's (by name or address), a limit. */
	assert_int_equal(store_game_set_over(s, a, 1), STORE_OK);
	assert_int_equal(store_game_list(s, 0, NULL, -1, &ids, &n), STORE_OK);
	assert_true(n == 1 && ids[0] == c);
	free(ids);
	assert_int_equal(store_game_list(s, -1, NULL, -1, &ids, &n), STORE_OK);
	assert_true(n == 2 && ids[0] == c && ids[1] == a);
	free(ids);
	assert_int_equal(store_game_list(s, -1, "bob", 1, &ids, &n), STORE_OK);
	assert_true(n == 1 && ids[0] == c);
	free(ids);
	assert_int_equal(store_game_list(s, -1, "Ann@Example.org", -1, &ids, &n), STORE_OK);
	assert_true(n == 1 && ids[0] == a);
	free(ids);
	/* An address in any case finds its games. */
	{
		int64_t found[4];

		assert_int_equal(store_address_games(s, "ANN@example.ORG", 0, found, 4, &n),
		    STORE_OK);
		assert_true(n == 1 && found[0] == a);
		assert_int_equal(store_address_games(s, "ann@example.org", 1, found, 4, &n),
		    STORE_OK);
		assert_int_equal(n, 0);
	}
	store_close(s);
}

/* Snapshots: what was put comes back; a damaged one is STORE_CORRUPT. */
static void
test_snapshots(void **state)
{
	struct store *s = open_new();
	unsigned char st[300], back[300];
	int64_t a = make_game(s, "ann", "ann@example.org");
	int seq, i;

	(void)state;
	for (i = 0; i < (int)sizeof(st); i++)
		st[i] = (unsigned char)(i * 7);	/* NUL bytes and high bytes included */
	assert_int_equal(store_snapshot_put(s, a, 4, 9, st, sizeof(st)), STORE_OK);
	assert_int_equal(store_snapshot_put(s, a, 5, 9, st, sizeof(st)), STORE_OK);
	assert_int_equal(store_snapshot_get(s, a, 9, back, sizeof(back), &seq), STORE_OK);
	assert_int_equal(seq, 5);
	assert_memory_equal(st, back, sizeof(st));
	assert_int_equal(store_snapshot_get(s, a, 8, back, sizeof(back), &seq), STORE_NOTFOUND);
	assert_int_equal(store_exec(s, "UPDATE snapshots SET seq = 6", "damage"), STORE_OK);
	assert_int_equal(store_snapshot_get(s, a, 9, back, sizeof(back), &seq), STORE_CORRUPT);
	assert_int_equal(store_snapshot_drop(s, a), STORE_OK);
	assert_int_equal(store_snapshot_get(s, a, 9, back, sizeof(back), &seq), STORE_NOTFOUND);
	store_close(s);
}

/* Settings, inbound records, replies, identities, proposals, observers, tables. */
static void
test_records(void **state)
{
	struct store *s = open_new();
	struct store_identity id, got;
	struct store_proposal p;
	struct store_table t, tt;
	char buf[64], obs[3][STORE_EMAIL_MAX];
	int64_t a = make_game(s, "ann", "ann@example.org"), tid[4];
	int n;

	(void)state;
	assert_int_equal(store_meta_get(s, "k", buf, sizeof(buf)), STORE_NOTFOUND);
	assert_int_equal(store_meta_add(s, "k", "first"), STORE_OK);
	assert_int_equal(store_meta_add(s, "k", "second"), STORE_OK);
	assert_int_equal(store_meta_get(s, "k", buf, sizeof(buf)), STORE_OK);
	assert_string_equal(buf, "first");
	assert_int_equal(store_meta_put(s, "k", "third"), STORE_OK);
	assert_int_equal(store_meta_get(s, "k", buf, sizeof(buf)), STORE_OK);
	assert_string_equal(buf, "third");

	assert_int_equal(store_inbound_seen(s, "<x@y>"), 0);
	assert_int_equal(store_inbound_put(s, "<x@y>", 5, a, 0, "applied"), STORE_OK);
	assert_int_equal(store_inbound_put(s, "<x@y>", 6, a, 0, "again"), STORE_OK);
	assert_int_equal(store_inbound_seen(s, "<x@y>"), 1);

	assert_int_equal(store_reply_note(s, "a@b", 100, 0), STORE_OK);
	assert_int_equal(store_reply_note(s, "a@b", 200, 1), STORE_OK);
	assert_int_equal(store_replies_since(s, "a@b", 150, &n), STORE_OK);
	assert_int_equal(n, 1);
	assert_int_equal(store_replies_strangers_since(s, 0, &n), STORE_OK);
	assert_int_equal(n, 1);
	assert_int_equal(store_auth_failure_note(s, a, 10), STORE_OK);
	assert_int_equal(store_auth_failures_since(s, a, 5, &n), STORE_OK);
	assert_int_equal(n, 1);

	memset(&id, 0, sizeof(id));
	snprintf(id.email, sizeof(id.email), "Ada@Example.org");
	snprintf(id.nonce, sizeof(id.nonce), "n1");
	id.pending = (char *)"games\n";
	id.created = 7;
	assert_int_equal(store_identity_put(s, &id), STORE_OK);
	assert_int_equal(store_identity_get(s, "ada@example.org", &got), STORE_OK);
	assert_string_equal(got.pending, "games\n");
	store_identity_free(&got);
	/* The same address in another case replaces it, not a second one. */
	snprintf(id.email, sizeof(id.email), "ada@example.org");
	snprintf(id.nonce, sizeof(id.nonce), "n2");
	id.confirmed_at = 9;
	assert_int_equal(store_identity_put(s, &id), STORE_OK);
	assert_int_equal(store_identity_by_nonce(s, "n1", &got), STORE_NOTFOUND);
	assert_int_equal(store_identity_by_nonce(s, "n2", &got), STORE_OK);
	assert_int_equal(got.confirmed_at, 9);
	store_identity_free(&got);

	memset(&p, 0, sizeof(p));
	snprintf(p.kind, sizeof(p.kind), "undo");
	p.agreed = 1;
	p.expires = 99;
	assert_int_equal(store_proposal_put(s, a, &p), STORE_OK);
	p.agreed = 3;
	assert_int_equal(store_proposal_put(s, a, &p), STORE_OK);
	memset(&p, 0, sizeof(p));
	assert_int_equal(store_proposal_get(s, a, &p), STORE_OK);
	assert_int_equal(p.agreed, 3);
	assert_int_equal(store_proposal_drop(s, a), STORE_OK);
	assert_int_equal(store_proposal_get(s, a, &p), STORE_NOTFOUND);

	snprintf(obs[0], sizeof(obs[0]), "z@example.org");
	snprintf(obs[1], sizeof(obs[1]), "m@example.org");
	snprintf(obs[2], sizeof(obs[2]), "z@example.org");
	assert_int_equal(store_observers_set(s, a, obs, 3), STORE_OK);
	assert_int_equal(store_observers_get(s, a, obs, 3, &n), STORE_OK);
	assert_int_equal(n, 2);
	assert_string_equal(obs[0], "m@example.org");

	memset(&t, 0, sizeof(t));
	snprintf(t.rules, sizeof(t.rules), "terra");
	t.options = (char *)"[]";
	t.nseats = 3;
	t.ntaken = 1;
	snprintf(t.name[0], sizeof(t.name[0]), "ada");
	snprintf(t.email[0], sizeof(t.email[0]), "ada@example.org");
	assert_int_equal(store_begin(s), STORE_OK);
	assert_int_equal(store_table_create(s, &t), STORE_OK);
	assert_int_equal(store_table_set_seats(s, &t), STORE_OK);
	assert_int_equal(store_commit(s), STORE_OK);
	assert_true(t.id > a);
	assert_int_equal(store_table_get(s, t.id, &tt), STORE_OK);
	assert_int_equal(tt.ntaken, 1);
	assert_string_equal(tt.email[0], "ada@example.org");
	store_table_free(&tt);
	assert_int_equal(store_tables_open(s, tid, 4, &n), STORE_OK);
	assert_true(n == 1 && tid[0] == t.id);
	store_close(s);
}

/* The outbox: queued mail is claimed once, recorded, purged when old. */
static void
test_outbox(void **state)
{
	struct store *s = open_new(), *s2;
	struct store_mail m, claimed[4], other[4];
	struct store_mail_result r;
	int64_t a = make_game(s, "ann", "ann@example.org");
	int n, n2, i, queued, gone;
	const char body[] = "Subject: x\r\n\r\nbody\0with a NUL";

	(void)state;
	assert_int_equal(store_open(uri, STORE_OPEN_WRITE, &s2), STORE_OK);
	memset(&m, 0, sizeof(m));
	m.game = a;
	snprintf(m.kind, sizeof(m.kind), "move");
	snprintf(m.rcpt, sizeof(m.rcpt), "ann@example.org");
	m.message = (char *)body;
	m.len = sizeof(body);
	m.created = 1000;
	for (i = 0; i < 3; i++) {
		m.seat = i;
		assert_int_equal(store_outbox_add(s, &m), STORE_OK);
	}
	assert_int_equal(store_outbox_queued(s, &queued), STORE_OK);
	assert_int_equal(queued, 3);
	/* Two senders: each mail goes to one of them. */
	assert_int_equal(store_outbox_step(s, NULL, 0, 2000, 600, claimed, 2, &n), STORE_OK);
	assert_int_equal(n, 2);
	assert_int_equal(claimed[0].len, sizeof(body));
	assert_memory_equal(claimed[0].message, body, sizeof(body));
	assert_int_equal(store_outbox_step(s2, NULL, 0, 2000, 600, other, 4, &n2), STORE_OK);
	assert_int_equal(n2, 1);
	assert_true(other[0].id != claimed[0].id && other[0].id != claimed[1].id);
	memset(&r, 0, sizeof(r));
	r.id = claimed[0].id;
	r.sent = 1;
	r.attempts = 1;
	assert_int_equal(store_outbox_step(s, &r, 1, 2001, 600, claimed + 2, 4, &n), STORE_OK);
	assert_int_equal(n, 0);
	/* The lease runs out: an unrecorded claim comes back, marked retried. */
	assert_int_equal(store_outbox_step(s, NULL, 0, 2700, 600, claimed + 2, 4, &n), STORE_OK);
	assert_int_equal(n, 2);
	assert_true(claimed[2].retried);
	for (i = 0; i < 4; i++) {
		if (i < 2 || i < 2 + n)
			store_mail_free(&claimed[i]);
	}
	store_mail_free(&other[0]);
	assert_int_equal(store_outbox_drop_seat(s, a, 2, &gone), STORE_OK);
	assert_int_equal(gone, 1);
	assert_int_equal(store_outbox_purge(s, 1001, &gone), STORE_OK);
	assert_int_equal(gone, 1);	/* the one sent */
	assert_int_equal(store_outbox_queued(s, &queued), STORE_OK);
	assert_int_equal(queued, 1);
	store_close(s2);
	store_close(s);
}

/* A transaction rolled back leaves nothing; a reader may not write. */
static void
test_transactions(void **state)
{
	struct store *s = open_new(), *r;
	char buf[16];

	(void)state;
	assert_int_equal(store_begin(s), STORE_OK);
	assert_int_equal(store_meta_put(s, "gone", "1"), STORE_OK);
	store_rollback(s);
	assert_int_equal(store_meta_get(s, "gone", buf, sizeof(buf)), STORE_NOTFOUND);
	assert_int_equal(store_open(uri, STORE_OPEN_READ, &r), STORE_OK);
	assert_int_not_equal(store_meta_put(r, "w", "1"), STORE_OK);
	store_close(r);
	store_close(s);
}

/*
 * Statements are kept prepared between uses (on SQLite): one asked for
 * while its twin is still stepping is a statement of its own; one kept
 * from before a schema change reads the new schema; a kept statement
 * forgets its parameters; more distinct statements than are kept, and
 * more held at once, all run.
 */
static void
test_statements(void **state)
{
	struct store *s = open_new();
	struct db_stmt *a, *b, *held[80];
	char sql[96];
	int i, n = 0;

	(void)state;
	assert_int_equal(store_exec(s, "CREATE TABLE t (x BIGINT NOT NULL)", "t"), STORE_OK);
	assert_int_equal(store_exec(s, "INSERT INTO t (x) VALUES (1), (2), (3)", "t"), STORE_OK);
	assert_int_equal(store_prepare(s, "SELECT x FROM t ORDER BY x", &a), STORE_OK);
	while (db_step(a) == DB_ROW) {
		assert_int_equal(store_prepare(s, "SELECT x FROM t ORDER BY x", &b), STORE_OK);
		assert_ptr_not_equal(a, b);
		for (i = 1; db_step(b) == DB_ROW; i++, n++)
			assert_int_equal(db_col_int(b, 0), i);
		db_finalize(b);
	}
	db_finalize(a);
	assert_int_equal(n, 9);

	for (i = 0; i < 2; i++) {
		assert_int_equal(store_prepare(s, "SELECT ?1 IS NULL", &a), STORE_OK);
		if (i == 0)
			db_bind_int(a, 1, 2);
		assert_int_equal(db_step(a), DB_ROW);
		assert_int_equal(db_col_int(a, 0), i);
		db_finalize(a);
	}

	assert_int_equal(store_prepare(s, "SELECT * FROM t", &a), STORE_OK);
	assert_int_equal(db_step(a), DB_ROW);
	assert_int_equal(db_col_count(a), 1);
	db_finalize(a);
	assert_int_equal(store_exec(s, "ALTER TABLE t ADD COLUMN y BIGINT NOT NULL DEFAULT 7",
	    "t"), STORE_OK);
	assert_int_equal(store_prepare(s, "SELECT * FROM t", &a), STORE_OK);
	assert_int_equal(db_step(a), DB_ROW);
	assert_int_equal(db_col_count(a), 2);
	assert_int_equal(db_col_int(a, 1), 7);
	db_finalize(a);

	for (n = 0; n < 2; n++)
		for (i = 0; i < 200; i++) {
			snprintf(sql, sizeof(sql), "SELECT x + %d FROM t WHERE x = 1", i);
			assert_int_equal(store_prepare(s, sql, &a), STORE_OK);
			assert_int_equal(db_step(a), DB_ROW);
			assert_int_equal(db_col_int(a, 0), 1 + i);
			db_finalize(a);
		}
	for (i = 0; i < 80; i++) {
		snprintf(sql, sizeof(sql), "SELECT x * %d FROM t ORDER BY x", i);
		assert_int_equal(store_prepare(s, sql, &held[i]), STORE_OK);
		assert_int_equal(db_step(held[i]), DB_ROW);
	}
	for (i = 0; i < 80; i++) {
		assert_int_equal(db_step(held[i]), DB_ROW);
		assert_int_equal(db_col_int(held[i], 0), 2 * i);
		db_finalize(held[i]);
	}
	store_close(s);
}

/* Bytes of the database's log (SQLite), -1 when it has none. */
static long
wal_bytes(const char *db)
{
	char path[600];
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s-wal", db);
	if ((f = fopen(path, "rb")) == NULL)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fclose(f);
	return n;
}

/*
 * store_tidy (SQLite): a log over its limit is copied back and emptied,
 * what it held stays; one under the limit is left alone; a reader holding
 * the log makes it give up at once (it never waits), and a later tidy,
 * the reader gone, empties it.
 */
static void
test_tidy(void **state)
{
	struct store *s = open_new(), *r;
	struct db_stmt *st;
	char big[2100];
	int i;

	(void)state;
	if (getenv("ARBITER_TEST_PG") != NULL && *getenv("ARBITER_TEST_PG") != '\0') {
		store_tidy(s);	/* nothing to do, and nothing done */
		store_close(s);
		return;
	}
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(store_exec(s, "CREATE TABLE t (y TEXT NOT NULL)", "t"), STORE_OK);
	assert_int_equal(store_exec(s, "INSERT INTO t VALUES ('a')", "t"), STORE_OK);
	store_tidy(s);
	assert_true(wal_bytes(uri) > 0);	/* under the limit: kept */
	for (i = 0; i < 200; i++) {
		assert_int_equal(store_prepare(s, "INSERT INTO t VALUES (?1)", &st), STORE_OK);
		db_bind_text(st, 1, big);
		assert_int_equal(db_step(st), DB_DONE);
		db_finalize(st);
	}
	assert_true(wal_bytes(uri) > 256 * 1024);
	/* A reader in a transaction holds the log: no waiting, nothing emptied. */
	assert_int_equal(store_open(uri, STORE_OPEN_READ, &r), STORE_OK);
	assert_int_equal(store_begin_read(r), STORE_OK);
	assert_int_equal(store_prepare(r, "SELECT count(*) FROM t", &st), STORE_OK);
	assert_int_equal(db_step(st), DB_ROW);
	db_finalize(st);
	store_tidy(s);
	assert_true(wal_bytes(uri) > 256 * 1024);
	store_rollback(r);
	store_close(r);
	store_tidy(s);
	assert_int_equal(wal_bytes(uri), 0);
	assert_int_equal(store_prepare(s, "SELECT count(*) FROM t", &st), STORE_OK);
	assert_int_equal(db_step(st), DB_ROW);
	assert_int_equal(db_col_int(st, 0), 201);
	db_finalize(st);
	store_close(s);
}

/* copy: a whole site into a new database, counted and equal. */
static void
test_copy(void **state)
{
	struct store *s = open_new(), *t;
	struct store_copy_table rep[32];
	struct store_game g;
	int n, i;
	int64_t a = make_game(s, "ann", "ann@example.org"), b;

	(void)state;
	assert_int_equal(store_snapshot_put(s, a, 0, 1, "abc", 3), STORE_OK);
	assert_true(store_copy_ntables() <= 32);
	t = open_new();
	assert_int_equal(store_copy(s, t, rep, &n), STORE_OK);
	assert_int_equal(n, store_copy_ntables());
	for (i = 0; i < n; i++)
		assert_true(rep[i].source == rep[i].target);
	assert_int_equal(store_game_get(t, a, &g), STORE_OK);
	assert_int_equal(g.seed[0], 0xa5);
	store_game_free(&g);
	/* New ids go on after the copied ones; a second copy is refused. */
	b = make_game(t, "x", "x@example.org");
	assert_true(b > a);
	assert_int_not_equal(store_copy(s, t, rep, &n), STORE_OK);
	store_close(t);
	store_close(s);
}

/*
 * The writers' queue (store/queue.c), on SQLite.  Each writer is a process
 * of its own, forked while this one holds no connection (SQLite keeps its
 * locks per process), and appends its name to the setting "order" in its
 * transaction.
 */

/* The tickets taken so far: the counter at the head of DB-queue. */
static uint64_t
tickets(const char *db)
{
	char path[600];
	uint64_t n = 0;
	int fd;

	snprintf(path, sizeof(path), "%s-queue", db);
	if ((fd = open(path, O_RDONLY)) < 0)
		return 0;
	if (pread(fd, &n, sizeof(n), 0) != (ssize_t)sizeof(n))
		n = 0;
	close(fd);
	return n;
}

static void
until_tickets(const char *db, uint64_t n)
{
	struct timespec ms = { 0, 1000000 };
	int i;

	for (i = 0; i < 5000 && tickets(db) < n; i++)
		nanosleep(&ms, NULL);
	assert_true(tickets(db) >= n);
}

/* A writer: name appended to "order" in one transaction; with go >= 0 it
 * says so on ready once it holds the transaction and commits once go is
 * readable.  Exits 0 when all went well. */
static pid_t
writer(const char *db, const char *name, int ready, int go)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		struct store *s;
		char order[256] = "", c;
		int rc;

		alarm(30);	/* not left behind by a test that failed */
		rc = store_open(db, STORE_OPEN_WRITE, &s);

		if (rc == STORE_OK)
			rc = store_begin(s);
		if (rc == STORE_OK && go >= 0) {
			rc = write(ready, "r", 1) == 1 && read(go, &c, 1) >= 0 ? STORE_OK : STORE_ERROR;
		}
		if (rc == STORE_OK) {
			rc = store_meta_get(s, "order", order, sizeof(order));
			if (rc == STORE_NOTFOUND)
				rc = STORE_OK;
		}
		if (rc == STORE_OK) {
			strncat(order, name, sizeof(order) - strlen(order) - 1);
			rc = store_meta_put(s, "order", order);
		}
		if (rc == STORE_OK)
			rc = store_commit(s);
		store_close(s);
		_exit(rc == STORE_OK ? 0 : 1);
	}
	return pid;
}

static int
exited_ok(pid_t pid)
{
	int st;

	return waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/*
 * A holder named holder that has begun its transaction (and commits once
 * go is readable), then k writers named first, first + 1, ... in w, each
 * started once the one before has taken its ticket.  Returns the holder.
 */
static pid_t
line_up(const char *db, const char *holder, char first, int k, const int ready[2],
    const int go[2], pid_t *w)
{
	uint64_t n = tickets(db);	/* those taken already, making the database too */
	pid_t h = writer(db, holder, ready[1], go[0]);
	char c;
	int i;

	assert_int_equal(read(ready[0], &c, 1), 1);
	until_tickets(db, n + 1);
	for (i = 0; i < k; i++) {
		char name[2] = { (char)(first + i), '\0' };

		w[i] = writer(db, name, -1, -1);
		until_tickets(db, n + (uint64_t)i + 2);
	}
	return h;
}

/* The setting "order" as the writers left it. */
static void
read_order(const char *db, char *order, size_t len)
{
	struct store *s;

	assert_int_equal(store_open(db, STORE_OPEN_READ, &s), STORE_OK);
	assert_int_equal(store_meta_get(s, "order", order, len), STORE_OK);
	store_close(s);
}

/*
 * Writers that came while another held the write lock commit in the order
 * they came (polling SQLite's lock alone, the order of six is one in 720);
 * one killed holding it, or killed waiting, keeps nobody waiting (the
 * order after a killed waiter is SQLite's lock's again); and
 * store_writers_pause waits out a stream of writers and returns at once
 * when there is none.
 */
static void
test_queue(void **state)
{
	const char *pg = getenv("ARBITER_TEST_PG");
	char db[600], order[256];
	struct store *s;
	pid_t holder, w[6];
	int ready[2], go[2], i;
	struct timespec t0, t1;

	(void)state;
	if (pg != NULL && *pg != '\0')
		skip();		/* PostgreSQL's writers queue on its advisory lock */
	snprintf(db, sizeof(db), "%s", fresh_db());
	assert_int_equal(store_open(db, STORE_OPEN_CREATE, &s), STORE_OK);
	store_close(s);

	/* In order. */
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(go), 0);
	holder = line_up(db, "H", '0', 6, ready, go, w);
	assert_int_equal(write(go[1], "g", 1), 1);
	assert_true(exited_ok(holder));
	for (i = 0; i < 6; i++)
		assert_true(exited_ok(w[i]));
	read_order(db, order, sizeof(order));
	assert_string_equal(order, "H012345");

	/* The holder killed, and one waiting killed: the rest go on at once. */
	holder = line_up(db, "K", 'a', 3, ready, go, w);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(kill(w[1], SIGKILL), 0);
	assert_int_equal(kill(holder, SIGKILL), 0);
	(void)waitpid(holder, NULL, 0);
	(void)waitpid(w[1], NULL, 0);
	assert_true(exited_ok(w[0]));
	assert_true(exited_ok(w[2]));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_true(t1.tv_sec - t0.tv_sec < 5);	/* not the busy timeout's 10 s */
	read_order(db, order, sizeof(order));
	/* In either order: c, woken as b died, went for SQLite's lock before a. */
	assert_true(strcmp(order, "H012345ac") == 0 || strcmp(order, "H012345ca") == 0);

	/* A pause: none without writers; a stream of them (a writer every 5 ms) outlasts it. */
	assert_int_equal(store_open(db, STORE_OPEN_WRITE, &s), STORE_OK);
	assert_int_equal(store_writers_pause(s, 20, 100), 1);
	store_close(s);
	holder = fork();
	assert_true(holder >= 0);
	if (holder == 0) {
		struct store *w5;
		struct timespec ms5 = { 0, 5000000 };

		alarm(30);
		if (store_open(db, STORE_OPEN_WRITE, &w5) != STORE_OK)
			_exit(1);
		for (i = 0; i < 80; i++) {
			if (store_begin(w5) != STORE_OK || store_commit(w5) != STORE_OK)
				_exit(1);
			nanosleep(&ms5, NULL);
		}
		store_close(w5);
		_exit(0);
	}
	assert_int_equal(store_open(db, STORE_OPEN_WRITE, &s), STORE_OK);
	assert_int_equal(store_writers_pause(s, 20, 150), 0);
	assert_true(exited_ok(holder));
	assert_int_equal(store_writers_pause(s, 20, 100), 1);
	store_close(s);
	close(ready[0]);
	close(ready[1]);
	close(go[0]);
	close(go[1]);
}

/* Wait at most ms for pid; 1 when it exited 0 in time (else it is killed). */
static int
exited_within(pid_t pid, long ms)
{
	struct timespec one = { 0, 1000000 };
	long i;
	int st;

	for (i = 0; i < ms; i++) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			return WIFEXITED(st) && WEXITSTATUS(st) == 0;
		nanosleep(&one, NULL);
	}
	kill(pid, SIGKILL);
	(void)waitpid(pid, NULL, 0);
	return 0;
}

/*
 * What can go wrong around the queue: a writer stopped with its turn and
 * no transaction yet (SIGSTOP) holds up the next for a moment, not for
 * the busy timeout, even one whose inherited mask blocks SIGALRM, nor
 * one stopped as it takes its ticket (the guard byte held: here by a
 * process that holds it and sleeps); a
 * DB-queue that others may write, or a hard link to another file (here
 * the database itself), is not used, and nothing is written into it.
 */
static void
test_queue_faults(void **state)
{
	const char *pg = getenv("ARBITER_TEST_PG");
	char db[600], q[620], head[16];
	struct store *s;
	pid_t stopped, w;
	uint64_t n;
	int fd;

	(void)state;
	if (pg != NULL && *pg != '\0')
		skip();
	snprintf(db, sizeof(db), "%s", fresh_db());
	snprintf(q, sizeof(q), "%s-queue", db);
	assert_int_equal(store_open(db, STORE_OPEN_CREATE, &s), STORE_OK);
	store_close(s);

	/* Stopped with its turn. */
	stopped = fork();
	assert_true(stopped >= 0);
	if (stopped == 0) {
		alarm(30);
		if (store_open(db, STORE_OPEN_WRITE, &s) != STORE_OK)
			_exit(1);
		(void)queue_enter(s, 10000);
		raise(SIGSTOP);
		_exit(0);
	}
	assert_int_equal(waitpid(stopped, NULL, WUNTRACED), stopped);
	w = fork();
	assert_true(w >= 0);
	if (w == 0) {
		sigset_t alrm;

		sigemptyset(&alrm);
		sigaddset(&alrm, SIGALRM);
		sigprocmask(SIG_BLOCK, &alrm, NULL);
		if (store_open(db, STORE_OPEN_WRITE, &s) != STORE_OK || store_begin(s) != STORE_OK ||
		    store_meta_put(s, "after", "stopped") != STORE_OK || store_commit(s) != STORE_OK)
			_exit(1);
		store_close(s);
		_exit(0);
	}
	assert_true(exited_within(w, 3000));	/* the busy timeout is 10 s */
	kill(stopped, SIGKILL);
	(void)waitpid(stopped, NULL, 0);

	/* Stopped as it takes its ticket: the guard, byte 0 of DB-queue, held. */
	stopped = fork();
	assert_true(stopped >= 0);
	if (stopped == 0) {
		struct flock fl;

		alarm(30);
		memset(&fl, 0, sizeof(fl));
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		fl.l_len = 1;
		if ((fd = open(q, O_RDWR)) < 0 || fcntl(fd, F_OFD_SETLK, &fl) != 0)
			_exit(1);
		raise(SIGSTOP);
		_exit(0);
	}
	assert_int_equal(waitpid(stopped, NULL, WUNTRACED), stopped);
	w = writer(db, "", -1, -1);
	assert_true(exited_within(w, 3000));
	kill(stopped, SIGKILL);
	(void)waitpid(stopped, NULL, 0);

	/* Writable by others: not used. */
	n = tickets(db);
	assert_int_equal(chmod(q, 0666), 0);
	assert_true(exited_ok(writer(db, "x", -1, -1)));
	assert_true(tickets(db) == n);
	assert_int_equal(chmod(q, 0600), 0);
	assert_true(exited_ok(writer(db, "y", -1, -1)));
	assert_true(tickets(db) == n + 1);

	/* A hard link to the database: untouched. */
	assert_int_equal(unlink(q), 0);
	assert_int_equal(link(db, q), 0);
	assert_true(exited_ok(writer(db, "z", -1, -1)));
	assert_true((fd = open(db, O_RDONLY)) >= 0);
	assert_int_equal(read(fd, head, sizeof(head)), (ssize_t)sizeof(head));
	close(fd);
	assert_memory_equal(head, "SQLite format 3", 16);
	read_order(db, head, sizeof(head));
	assert_string_equal(head, "xyz");
	assert_int_equal(unlink(q), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games),
		cmocka_unit_test(test_snapshots),
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_outbox),
		cmocka_unit_test(test_transactions),
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_statements),
		cmocka_unit_test(test_tidy),
		cmocka_unit_test(test_queue),
		cmocka_unit_test(test_queue_faults),
	};
	const char *pg = getenv("ARBITER_TEST_PG");
	int rc;

	printf("store backend: %s\n", pg != NULL && *pg != '\0' ? "PostgreSQL" : "SQLite");
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	if (dir[0] != '\0') {
		char cmd[96];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd) != 0)
			rc = 1;
	}
	return rc;
}
