/* store.c - the schema, its migrations and the connection; see store.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <sqlite3.h>

#include "store.h"
#include "store_int.h"
#include "../util/private.h"

/*
 * The schema, by version.  Each entry migrates from the version before it;
 * a new database runs them all.  Never edit a shipped entry: add one.
 */
static const char *const migrations[] = {
	/* 1: games, seats, the move log, snapshots */
	"CREATE TABLE games ("
	"  id INTEGER PRIMARY KEY,"
	"  rules TEXT NOT NULL,"
	"  title TEXT NOT NULL,"
	"  options TEXT NOT NULL,"
	"  seed BLOB NOT NULL,"
	"  nseats INTEGER NOT NULL,"
	"  created INTEGER NOT NULL,"
	"  nmoves INTEGER NOT NULL DEFAULT 0,"
	"  over INTEGER NOT NULL DEFAULT 0,"
	"  remind_hours INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE seats ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  idx INTEGER NOT NULL,"
	"  name TEXT NOT NULL,"
	"  email TEXT NOT NULL,"
	"  password TEXT NOT NULL,"
	"  idle_since INTEGER NOT NULL DEFAULT 0,"
	"  reminded_at INTEGER NOT NULL DEFAULT 0,"
	"  reminders INTEGER NOT NULL DEFAULT 0,"
	"  away_until INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY (game_id, idx));"
	"CREATE TABLE moves ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  seq INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  text TEXT NOT NULL,"
	"  source TEXT NOT NULL,"
	"  message_id TEXT,"
	"  at INTEGER NOT NULL,"
	"  drew INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY (game_id, seq));"
	"CREATE INDEX moves_message ON moves(message_id);"
	"CREATE TABLE snapshots ("
	"  game_id INTEGER PRIMARY KEY REFERENCES games(id),"
	"  seq INTEGER NOT NULL,"
	"  version INTEGER NOT NULL,"
	"  size INTEGER NOT NULL,"
	"  state BLOB NOT NULL);",
	/* 2: mail: the outbox, inbound messages handled, replies sent, settings */
	"CREATE TABLE meta ("
	"  key TEXT PRIMARY KEY,"
	"  value TEXT NOT NULL);"
	"CREATE TABLE outbox ("
	"  id INTEGER PRIMARY KEY,"
	"  game_id INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  kind TEXT NOT NULL,"
	"  rcpt TEXT NOT NULL,"
	"  message BLOB NOT NULL,"
	"  created INTEGER NOT NULL,"
	"  attempts INTEGER NOT NULL DEFAULT 0,"
	"  next_try INTEGER NOT NULL DEFAULT 0,"
	"  claimed_until INTEGER NOT NULL DEFAULT 0,"
	"  sent_at INTEGER NOT NULL DEFAULT 0,"
	"  failed INTEGER NOT NULL DEFAULT 0,"
	"  last_error TEXT NOT NULL DEFAULT '');"
	"CREATE INDEX outbox_due ON outbox(sent_at, failed, next_try);"
	"CREATE TABLE inbound ("
	"  message_id TEXT PRIMARY KEY,"
	"  at INTEGER NOT NULL,"
	"  game_id INTEGER NOT NULL DEFAULT 0,"
	"  seat INTEGER NOT NULL DEFAULT -1,"
	"  result TEXT NOT NULL);"
	"CREATE TABLE replies ("
	"  addr TEXT NOT NULL,"
	"  at INTEGER NOT NULL);"
	"CREATE INDEX replies_addr ON replies(addr, at);"
	"ALTER TABLE seats ADD COLUMN table_told INTEGER NOT NULL DEFAULT 0;",
	/* the public form of each move as it was recorded (NULL: not recorded) */
	"ALTER TABLE moves ADD COLUMN shown TEXT;",
	/*
	 * 4: inbound trust: each seat's serial (reply tokens carry it, and it
	 * changes whenever what the game awaits from the seat changes), wrong
	 * seat passwords per game, and which replies went to unproven senders
	 * (capped site-wide).
	 */
	"ALTER TABLE seats ADD COLUMN serial INTEGER NOT NULL DEFAULT 1;"
	"CREATE TABLE auth_failures ("
	"  game_id INTEGER NOT NULL,"
	"  at INTEGER NOT NULL);"
	"CREATE INDEX auth_failures_game ON auth_failures(game_id, at);"
	"ALTER TABLE replies ADD COLUMN stranger INTEGER NOT NULL DEFAULT 0;"
	"CREATE INDEX replies_stranger ON replies(stranger, at);",
	/*
	 * 5: the queue walk reads only mail still to send, in id order, from
	 * a partial index (no sort, no full scan however much mail was sent);
	 * sent and refused mail is found for deletion by its creation time.
	 */
	"DROP INDEX outbox_due;"
	"CREATE INDEX outbox_queue ON outbox(id, next_try, claimed_until) "
	"  WHERE sent_at = 0 AND failed = 0;"
	"CREATE INDEX outbox_done ON outbox(created) WHERE sent_at != 0 OR failed != 0;",
	/*
	 * 6: the seats a game waits for (idle_since is set while a seat is
	 * awaited and 0 otherwise, always 0 in a finished game): remind reads
	 * these, not every game.
	 */
	"CREATE INDEX seats_awaited ON seats(idle_since) WHERE idle_since != 0;",
	/* 7: list walks running or finished games newest first, or a player's. */
	"CREATE INDEX games_state ON games(over, id);"
	"CREATE INDEX seats_name ON seats(name);"
	"CREATE INDEX seats_email ON seats(email);",
	/*
	 * 8: remind's three reasons to look at a seat, each a range of an
	 * index of the awaited seats: a first reminder (never reminded, idle
	 * since long enough), a daily one (reminded a day ago), the table's
	 * note (not told, idle for days); and the shortest interval a game
	 * sets for itself.
	 */
	"CREATE INDEX seats_first ON seats(reminded_at, idle_since) WHERE idle_since != 0;"
	"CREATE INDEX seats_table ON seats(table_told, idle_since) WHERE idle_since != 0;"
	"CREATE INDEX games_remind ON games(remind_hours);",
	/*
	 * 9: deadlines.  A game's hours per decision (0: none), the grace
	 * after the deadline's notice and what then happens; per seat the
	 * time of its next deadline event (a reminder of the ladder, the
	 * notice, the timeout), 0 when none is pending: remind reads the
	 * seats due from this index alone.
	 */
	"ALTER TABLE games ADD COLUMN deadline_hours INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE games ADD COLUMN grace_hours INTEGER NOT NULL DEFAULT 24;"
	"ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'remind-only';"
	"ALTER TABLE seats ADD COLUMN due_at INTEGER NOT NULL DEFAULT 0;"
	"CREATE INDEX seats_due ON seats(due_at) WHERE due_at != 0;",
	/*
	 * 10: the addresses that watch a game (its public mail, never a
	 * hand), and the forum or list that gets each public report as a post.
	 */
	"CREATE TABLE observers ("
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  email TEXT NOT NULL,"
	"  PRIMARY KEY (game_id, email));"
	"ALTER TABLE games ADD COLUMN forum_address TEXT NOT NULL DEFAULT '';"
	"ALTER TABLE games ADD COLUMN forum_format TEXT NOT NULL DEFAULT 'markdown';",
	/*
	 * 11: a request open to the table, one per game: a player's undo the
	 * others must all agree to before it expires, or a vote on dropping a
	 * seat whose deadline passed; the seats that agreed and refused.
	 */
	"CREATE TABLE proposals ("
	"  game_id INTEGER PRIMARY KEY REFERENCES games(id),"
	"  kind TEXT NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  at_move INTEGER NOT NULL,"
	"  expires INTEGER NOT NULL,"
	"  agreed INTEGER NOT NULL,"
	"  refused INTEGER NOT NULL DEFAULT 0);",
	/*
	 * 12: the addresses that wrote to the site address: proven once by a
	 * reply to a confirmation mail (nonce), with the commands that wait
	 * for it.
	 */
	"CREATE TABLE identities ("
	"  email TEXT PRIMARY KEY COLLATE NOCASE,"
	"  nonce TEXT NOT NULL,"
	"  confirmed_at INTEGER NOT NULL DEFAULT 0,"
	"  pending TEXT NOT NULL DEFAULT '',"
	"  created INTEGER NOT NULL);"
	"CREATE INDEX identities_nonce ON identities(nonce);",
	/*
	 * 13: games opened by mail and waiting for players: the id they will
	 * have as games (from the same count), and the seats taken so far.
	 */
	"CREATE TABLE tables ("
	"  id INTEGER PRIMARY KEY,"
	"  rules TEXT NOT NULL,"
	"  options TEXT NOT NULL,"
	"  title TEXT NOT NULL,"
	"  nseats INTEGER NOT NULL,"
	"  clock TEXT NOT NULL DEFAULT '',"
	"  created INTEGER NOT NULL);"
	"CREATE TABLE table_seats ("
	"  table_id INTEGER NOT NULL REFERENCES tables(id),"
	"  idx INTEGER NOT NULL,"
	"  name TEXT NOT NULL,"
	"  email TEXT NOT NULL,"
	"  PRIMARY KEY (table_id, idx));",
	/*
	 * 14: the mail itself in a table of its own, written once: claiming
	 * a mail and recording its delivery rewrite only the small outbox
	 * row (in SQLite a row is rewritten whole, overflow pages included,
	 * so each of those updates used to copy the whole message again).
	 */
	"CREATE TABLE outbox_body ("
	"  id INTEGER PRIMARY KEY REFERENCES outbox(id) ON DELETE CASCADE,"
	"  message BLOB NOT NULL);"
	"INSERT INTO outbox_body (id, message) SELECT id, message FROM outbox;"
	"ALTER TABLE outbox DROP COLUMN message;",
	/*
	 * 15: invitations are accepted by a reply.  A table keeps who opened
	 * it; a seat taken by an invitation waits with the key its
	 * invitation mail carries (nonce, '' once accepted) and when that
	 * mail went out.  An address keeps when it was last sent an
	 * invitation and when it first accepted one (until then, at most one
	 * invitation mail a day).  Each address's new games and invitations,
	 * for the limits per day.
	 */
	"ALTER TABLE tables ADD COLUMN opener TEXT NOT NULL DEFAULT '';"
	"UPDATE tables SET opener = coalesce((SELECT email FROM table_seats WHERE "
	"  table_id = tables.id AND idx = 0), '');"
	"ALTER TABLE table_seats ADD COLUMN nonce TEXT NOT NULL DEFAULT '';"
	"ALTER TABLE table_seats ADD COLUMN mailed_at INTEGER NOT NULL DEFAULT 0;"
	"CREATE INDEX table_seats_nonce ON table_seats(nonce) WHERE nonce != '';"
	"ALTER TABLE identities ADD COLUMN invited_at INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE identities ADD COLUMN accepted_at INTEGER NOT NULL DEFAULT 0;"
	"CREATE TABLE opened ("
	"  email TEXT NOT NULL COLLATE NOCASE,"
	"  kind TEXT NOT NULL,"
	"  at INTEGER NOT NULL);"
	"CREATE INDEX opened_email ON opened(email, at);",
	/*
	 * 16: what each address chose (mail every move, only when the game
	 * waits for it, or a digest; legal moves short or full), for all its
	 * games (game_id 0) or one; the news held for a seat's next mail or
	 * its address's digest; when each address's next digest is due.
	 */
	"CREATE TABLE prefs ("
	"  email TEXT NOT NULL COLLATE NOCASE,"
	"  game_id INTEGER NOT NULL,"
	"  name TEXT NOT NULL,"
	"  value TEXT NOT NULL,"
	"  PRIMARY KEY (email, game_id, name));"
	"CREATE TABLE news ("
	"  id INTEGER PRIMARY KEY,"
	"  game_id INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  email TEXT NOT NULL COLLATE NOCASE,"
	"  seq INTEGER NOT NULL,"
	"  digest INTEGER NOT NULL,"
	"  text TEXT NOT NULL,"
	"  created INTEGER NOT NULL);"
	"CREATE INDEX news_seat ON news(game_id, seat);"
	"CREATE INDEX news_email ON news(email, digest);"
	"CREATE TABLE digests ("
	"  email TEXT PRIMARY KEY COLLATE NOCASE,"
	"  next_at INTEGER NOT NULL);",
	/*
	 * 17: an answer to a player held back by replies_per_hour goes out
	 * when the limit lifts (its next_try) and is said to the game master
	 * once (held 1: not yet said, 2: said); the queue's count of them.
	 */
	"ALTER TABLE outbox ADD COLUMN held INTEGER NOT NULL DEFAULT 0;"
	"CREATE INDEX outbox_held ON outbox(held) WHERE held = 1;",
	/*
	 * 18: a seat asked to confirm its resignation: the serial of its
	 * reply address then (a one-word "confirm" to it resigns; any change
	 * of the seat's serial makes the question void); 0 none.
	 */
	"ALTER TABLE seats ADD COLUMN confirm_serial INTEGER NOT NULL DEFAULT 0;",
	/*
	 * 19: standings.  Per player (an address, or "name:" and the seat's
	 * name for a seat without one) and game: games played and won, and
	 * the Glicko-2 rating, deviation and volatility in millionths (so
	 * both databases store them exactly), the rating before the last
	 * game, when it was last updated, and the name last played under.
	 */
	"CREATE TABLE ratings ("
	"  player TEXT NOT NULL COLLATE NOCASE,"
	"  rules TEXT NOT NULL,"
	"  name TEXT NOT NULL,"
	"  played INTEGER NOT NULL DEFAULT 0,"
	"  won INTEGER NOT NULL DEFAULT 0,"
	"  rating INTEGER NOT NULL,"
	"  rd INTEGER NOT NULL,"
	"  vol INTEGER NOT NULL,"
	"  prev INTEGER NOT NULL,"
	"  updated INTEGER NOT NULL,"
	"  PRIMARY KEY (player, rules));"
	"CREATE INDEX ratings_rules ON ratings(rules, rating);",
	/*
	 * 20: board pictures.  A mail that carries one is queued without its
	 * bytes: it names the public view the picture is drawn from (kept
	 * once per game and view, by digest) and where in the message the
	 * picture goes, and delivery draws it, once for all the mails of a
	 * move, outside the move's transaction.
	 */
	"CREATE TABLE pictures ("
	"  id INTEGER PRIMARY KEY,"
	"  game_id INTEGER NOT NULL,"
	"  digest TEXT NOT NULL,"
	"  view TEXT NOT NULL,"
	"  UNIQUE (game_id, digest));"
	"ALTER TABLE outbox_body ADD COLUMN picture INTEGER;"
	"ALTER TABLE outbox_body ADD COLUMN picture_at TEXT;"
	"CREATE INDEX outbox_body_picture ON outbox_body(picture) WHERE picture IS NOT NULL;",
	/*
	 * 21: who holds a mail's claim: a host's Maildir (its name and path),
	 * or '' for SMTP.  A claim another Maildir holds is taken over only
	 * long after it expired: that host delivers it again itself (once,
	 * into its Maildir) when it comes back.
	 */
	"ALTER TABLE outbox ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';",
	/*
	 * 22: a mail's picture named by the position it shows, the game's
	 * state after that many moves, which delivery loads and draws: the
	 * move itself no longer makes, writes out, hashes and stores the
	 * public view (a third of a move's work).  picture stays for the
	 * mails queued before.  And the position a mail that shows the board
	 * is about (0 for the others), so that one of a move taken back
	 * before it went is not sent.
	 */
	"ALTER TABLE outbox_body ADD COLUMN picture_seq INTEGER;"
	"ALTER TABLE outbox ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;",
	/*
	 * 23: the position a mail's picture shows is the one its outbox row
	 * is about (seq): only a mail that shows the board has a picture, so
	 * picture_seq always held the same number.  A mail queued before 22
	 * still names its row of pictures (picture).
	 */
	"ALTER TABLE outbox_body DROP COLUMN picture_seq;",
};

#define NMIGRATIONS ((int)(sizeof(migrations) / sizeof(migrations[0])))

/*
 * The schema in PostgreSQL's words, from the same migrations: integers are
 * BIGINT (SQLite's are 64-bit), an INTEGER PRIMARY KEY numbers itself as
 * SQLite's rowid does, blobs are BYTEA.  COLLATE NOCASE names the
 * case-insensitive collation pg_schema creates first.  A malloc'ed string.
 */
static char *
pg_migration(const char *m)
{
	static const struct { const char *from, *to; } words[] = {
		{ "INTEGER PRIMARY KEY,", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY," },
		{ "INTEGER", "BIGINT" },
		{ "BLOB", "BYTEA" },
	};
	size_t n = strlen(m);
	char *out = malloc(n * 4 + 1), *o = out;

	if (out == NULL)
		return NULL;
	while (*m != '\0') {
		size_t i;

		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strncmp(m, words[i].from, strlen(words[i].from)) == 0)
				break;
		if (i < sizeof(words) / sizeof(words[0])) {
			o += sprintf(o, "%s", words[i].to);
			m += strlen(words[i].from);
		} else
			*o++ = *m++;
	}
	*o = '\0';
	return out;
}

/*
 * The schema version: SQLite keeps it in user_version; PostgreSQL in a
 * table of one row (0 when the database has no arbiter schema yet).
 */
static int
user_version(struct store *s, int *v)
{
	struct db_stmt *st;
	int rc;

	*v = 0;
	/*
	 * PostgreSQL: read from the catalog as of this statement (to_regclass
	 * may answer from a cache that predates another host's migration).
	 */
	if ((rc = store_prepare2(s, "PRAGMA user_version",
	    "SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE "
	    "schemaname = current_schema() AND tablename = 'arbiter_schema') THEN 0 ELSE -1 END",
	    &st)) != STORE_OK)
		return rc;
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "read schema version");
	}
	*v = (int)db_col_int(st, 0);
	db_finalize(st);
	if (!s->pg || *v < 0) {
		if (*v < 0)
			*v = 0;
		return STORE_OK;
	}
	if ((rc = store_prepare(s, "SELECT max(version) FROM arbiter_schema", &st)) != STORE_OK)
		return rc;
	if ((rc = db_step(st)) == DB_ROW)
		*v = (int)db_col_int(st, 0);
	db_finalize(st);
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "read schema version");
}

/* 1 when the database holds no schema at all (a new or zero-length file). */
static int
schema_empty(struct store *s, int *empty)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare2(s, "SELECT count(*) FROM sqlite_master",
	    "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()", &st)) !=
	    STORE_OK)
		return rc;
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "read schema");
	}
	*empty = db_col_int(st, 0) == 0;
	db_finalize(st);
	return STORE_OK;
}

/* Run migrations from..NMIGRATIONS-1 and record the version. */
static int
run_migrations(struct store *s, int from)
{
	char sql[96];
	int rc = STORE_OK, v;

	if (s->pg && from == 0 && (rc = store_exec(s,
	    "CREATE TABLE arbiter_schema (version BIGINT NOT NULL);"
	    "INSERT INTO arbiter_schema VALUES (0);"
	    "CREATE COLLATION IF NOT EXISTS nocase (provider = icu, "
	    "locale = 'und-u-ks-level2', deterministic = false)", "migrate")) != STORE_OK)
		return rc;
	for (v = from; v < NMIGRATIONS && rc == STORE_OK; v++) {
		char *m = s->pg ? pg_migration(migrations[v]) : NULL;

		if (s->pg && m == NULL)
			return STORE_ERROR;
		rc = store_exec(s, s->pg ? m : migrations[v], "migrate");
		free(m);
	}
	if (rc != STORE_OK)
		return rc;
	if (s->pg)
		snprintf(sql, sizeof(sql), "UPDATE arbiter_schema SET version = %d", NMIGRATIONS);
	else
		snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", NMIGRATIONS);
	return store_exec(s, sql, "migrate");
}

/*
 * Bring the schema up to date inside one write transaction.  Only mode
 * STORE_OPEN_CREATE lays a schema into an empty database; a reading open
 * never migrates.
 */
static int
migrate(struct store *s, int mode)
{
	int v, rc, empty = 0;

	if ((rc = user_version(s, &v)) != STORE_OK)
		return rc;
	s->was = s->version = v;
	if (v == NMIGRATIONS)
		return STORE_OK;
	if (v > NMIGRATIONS) {
		snprintf(s->err, sizeof(s->err),
		    "database schema %d is newer than this arbiter (%d)", v, NMIGRATIONS);
		return STORE_ERROR;
	}
	if (v == 0 && mode != STORE_OPEN_CREATE) {
		if ((rc = schema_empty(s, &empty)) != STORE_OK)
			return rc;
		if (empty || s->pg) {
			snprintf(s->err, sizeof(s->err), "%s is empty, not an arbiter database "
			    "(make one with `arbiter init`, or give --db)", s->name);
			return STORE_NOTFOUND;
		}
	}
	if (mode == STORE_OPEN_READ) {
		/*
		 * A reader upgrades an older schema too, as any writer would:
		 * after a new arbiter is installed, `show` works at once.  A
		 * database it may not write (a read-only file or role) says so.
		 */
		rc = store_exec(s, s->pg ? "SET default_transaction_read_only = off" :
		    "PRAGMA query_only = 0", "open");
		if (rc == STORE_OK)
			rc = migrate(s, STORE_OPEN_WRITE);
		if (rc != STORE_OK) {
			char why[160];

			snprintf(why, sizeof(why), "%.159s", s->err);
			snprintf(s->err, sizeof(s->err), "%.200s has schema %d and this arbiter "
			    "needs %d, and it could not be upgraded here (%s): run `arbiter "
			    "migrate` as a user who may write it", s->name, v, NMIGRATIONS, why);
			return rc;
		}
		return store_exec(s, s->pg ? "SET default_transaction_read_only = on" :
		    "PRAGMA query_only = 1", "open");
	}
	if ((rc = store_begin(s)) != STORE_OK)
		return rc;
	/* Re-read under the lock: another process may have migrated. */
	if ((rc = user_version(s, &v)) != STORE_OK)
		goto fail;
	if (v < NMIGRATIONS && (rc = run_migrations(s, v)) != STORE_OK)
		goto fail;
	if ((rc = store_commit(s)) == STORE_OK)
		s->version = NMIGRATIONS;
	return rc;
fail:
	store_rollback(s);
	return rc;
}

void
store_schema(const struct store *s, int *now, int *was)
{
	*now = s->version;
	*was = s->was;
}

int
store_is_uri(const char *db)
{
	return strncmp(db, "postgresql://", 13) == 0 || strncmp(db, "postgres://", 11) == 0;
}

/*
 * Waiting for the database's one write lock (another writer holds it).
 * SQLite's busy timeout sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50,
 * then 100 ms between tries, so in a burst of writers (an MTA's pipes) one
 * that came while others held the lock slept on long after it was free:
 * the p99 of one mail at 16 pipes was 606 ms for a lock held a few ms at
 * a time.  A try every millisecond instead, for the same 10 s, after which
 * the database counts as busy (STORE_BUSY: "try again later").  Writers
 * that come through store_begin mostly find the lock free, having waited
 * their turn asleep in the writers' queue (queue.c); the tries are for
 * what the queue cannot order (a writer outside it, one killed waiting).
 */
enum { BUSY_MS = 10000 };

long
store_ms_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

static int
busy_wait(void *arg, int tries)
{
	struct store *s = arg;
	struct timespec nap = { 0, 1000000 };

	if (tries == 0 && !s->busy_set)
		clock_gettime(CLOCK_MONOTONIC, &s->busy_since);
	else if (store_ms_since(&s->busy_since) >= BUSY_MS)
		return 0;
	nanosleep(&nap, NULL);
	return 1;
}

static int
lite_open(struct store *s, const char *path, int mode)
{
	int flags = SQLITE_OPEN_READWRITE, rc;

	snprintf(s->name, sizeof(s->name), "%s", path);
	if (mode == STORE_OPEN_CREATE)
		flags |= SQLITE_OPEN_CREATE;
	/*
	 * No count of the memory SQLite holds (nothing reads it): counting
	 * took a lock on every one of its allocations, thousands a command.
	 * Only possible before SQLite's first use in the process; later
	 * opens are refused it, harmlessly.
	 */
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	rc = sqlite3_open_v2(path, &s->db, flags, NULL);
	if (rc != SQLITE_OK) {
		snprintf(s->err, sizeof(s->err), "cannot open database %s: %s", path,
		    s->db != NULL ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
		return (rc & 0xff) == SQLITE_CANTOPEN ? STORE_NOTFOUND : STORE_ERROR;
	}
	/*
	 * The log is copied back into the database by the automatic
	 * checkpoint every thousand pages, not by each short-lived process
	 * as it closes (that cost a command three more syncs), nor by one
	 * that refused the database.
	 */
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	sqlite3_busy_handler(s->db, busy_wait, s);
	sqlite3_extended_result_codes(s->db, 1);
	if ((rc = store_exec(s, "PRAGMA foreign_keys = ON", "open")) != STORE_OK)
		return rc;
	/* A reader's connection refuses every write, whatever a caller asks. */
	if (mode == STORE_OPEN_READ &&
	    (rc = store_exec(s, "PRAGMA query_only = 1", "open")) != STORE_OK)
		return rc;
	return STORE_OK;
}

/* The database file's companions, in the order of enum private_kind after PRIVATE_DB. */
static const char *const companions[] = { "-wal", "-shm", "-journal" };

int
store_make_private(struct store *s)
{
	const char *db;
	char path[4200];
	size_t i;
	int fd;

	if (s->pg || (db = sqlite3_db_filename(s->db, "main")) == NULL || *db == '\0')
		return STORE_OK;
	for (i = 0; i <= sizeof(companions) / sizeof(companions[0]); i++) {
		enum private_kind kind = i == 0 ? PRIVATE_DB : (enum private_kind)(PRIVATE_DB + i);

		snprintf(path, sizeof(path), "%s%s", db, i == 0 ? "" : companions[i - 1]);
		/* A file opened, not a path changed: what is changed is what was opened. */
		if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0) {
			if (i > 0)
				continue;	/* no log (yet) */
			snprintf(s->err, sizeof(s->err), "cannot open %.200s to make it private: %s",
			    path, strerror(errno));
			return s->code = STORE_DENIED;
		}
		if (fchmod(fd, private_mode(kind)) != 0) {
			snprintf(s->err, sizeof(s->err), "cannot make %.200s private (mode %04o): %s",
			    path, (unsigned)private_mode(kind), strerror(errno));
			close(fd);
			return s->code = STORE_DENIED;
		}
		close(fd);
	}
	return STORE_OK;
}

/* The rows that say a database holds a site (its key or the key's fingerprint). */
static const char site_sql[] = "SELECT count(*) FROM meta WHERE key IN ('site', 'token_key')";

/* 1 when the database holds a site (its key or the key's fingerprint, and games). */
static int
holds_site(struct store *s)
{
	struct db_stmt *st;
	int n = 0;

	if (store_prepare(s, site_sql, &st) != STORE_OK)
		return 1;	/* unknown: judged as holding one */
	if (db_step(st) == DB_ROW)
		n = (int)db_col_int(st, 0);
	db_finalize(st);
	return n > 0;
}

/*
 * Whether the database file at path holds a site, read without SQLite
 * making its log or the log's index: a read-only connection that takes
 * the file as immutable (no locks, no index, the log unread).  0 when it
 * cannot tell (no such table, not a database, a site only in the log):
 * the check after the open then decides, as for a private file.
 */
static int
site_in_file(const char *path)
{
	char uri[3 * 4096 + 32], *u = uri;
	const char *p;
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	int n = 0;

	if (strlen(path) >= 4096)
		return 0;
	u += sprintf(u, "file:%s", path[0] == '/' ? "//" : "");
	for (p = path; *p != '\0'; p++)
		if (strchr("?#%", *p) != NULL || (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			u += sprintf(u, "%%%02X", (unsigned char)*p);
		else
			*u++ = *p;
	strcpy(u, "?immutable=1");
	if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, site_sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n > 0;
}

/* The mode of the first of the database's files that others may read or
 * write (0: none), its name in first (flen bytes; the database's when it
 * is the file), and in files (len bytes) the paths of all of them. */
static mode_t
open_files(const char *db, const char *name, char *first, size_t flen, char *files,
    size_t len)
{
	char path[4200], *p = files;
	struct stat st;
	mode_t open_ = 0;
	size_t i;

	files[0] = '\0';
	for (i = 0; i <= sizeof(companions) / sizeof(companions[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", db, i == 0 ? "" : companions[i - 1]);
		if (stat(path, &st) != 0 || (st.st_mode & 077) == 0)
			continue;
		if (open_ == 0) {
			open_ = st.st_mode & 0777;
			snprintf(first, flen, "%s%s", name, i == 0 ? "" : companions[i - 1]);
		}
		if ((size_t)(p - files) + strlen(path) + 2 < len)
			p += sprintf(p, " %s", path);
	}
	return open_;
}

/* The refusal of a database whose file first (of mode open_) others may
 * read or write; files: all such files. */
static int
refuse_open(struct store *s, const char *first, mode_t open_, const char *files)
{
	snprintf(s->err, sizeof(s->err), "%.160s may be %s by others than its owner (mode "
	    "%04o), and the database holds the site's token key, seeds and hands: arbiter "
	    "will not use it until it is private (chmod 600%.150s)", first,
	    (open_ & 044) == 0 ? "written" : (open_ & 022) == 0 ? "read" : "read and written",
	    (unsigned)open_, files);
	return s->code = STORE_DENIED;
}

/*
 * An SQLite database that holds a site is refused when its file, its log
 * or the log's index may be read or written by others than its user: it
 * holds the token key, the seeds and every hand.  (arbiter makes them
 * private itself when it lays the schema or records the key.)  The file
 * is asked first, before SQLite opens it (lite_refuse_early): SQLite
 * would make the log and its index in the database file's own mode, open
 * as it is.  Then the open database (lite_check_private).
 */
static int
lite_refuse_early(struct store *s, const char *path, mode_t *open_)
{
	char files[700], first[300];
	struct stat st;

	*open_ = open_files(path, path, first, sizeof(first), files, sizeof(files));
	/* Only a regular file is asked: a read-only open of a FIFO would wait
	 * for a writer for ever (SQLite's own open then refuses it). */
	if (*open_ == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !site_in_file(path))
		return STORE_OK;
	snprintf(s->name, sizeof(s->name), "%s", path);
	return refuse_open(s, first, *open_, files);
}

static int
lite_check_private(struct store *s)
{
	const char *db = sqlite3_db_filename(s->db, "main");
	char files[700], first[300];
	mode_t open_;

	if (db == NULL || *db == '\0')
		return STORE_OK;
	/* named as the caller named the database (s->name), its files too */
	open_ = open_files(db, s->name, first, sizeof(first), files, sizeof(files));
	if (open_ == 0 || !holds_site(s))
		return STORE_OK;
	return refuse_open(s, first, open_, files);
}

int
store_keeps(struct store *s, const char *path, char *name, size_t len)
{
	const char *db;

	if (s == NULL || s->pg || (db = sqlite3_db_filename(s->db, "main")) == NULL ||
	    *db == '\0')
		return 0;
	return private_db_file(db, path, name, len);
}

int
store_open(const char *path, int mode, struct store **out)
{
	struct store *s;
	mode_t open_ = 0;
	int rc;

	*out = s = calloc(1, sizeof(*s));
	if (s == NULL)
		return STORE_ERROR;
	s->qfd = -1;
	if (store_is_uri(path))
		rc = pg_open(s, path, mode == STORE_OPEN_READ);
	else if ((rc = lite_refuse_early(s, path, &open_)) == STORE_OK)
		rc = lite_open(s, path, mode);
	if (rc != STORE_OK)
		return rc;
	if ((rc = migrate(s, mode)) != STORE_OK)
		return rc;
	if (s->pg)
		return STORE_OK;
	/*
	 * A database whose schema was laid now is made private, an empty file
	 * made under another umask too (the log and index SQLite makes
	 * later take the file's mode); an older one that others may read is
	 * refused.  When the look before the open found every file private,
	 * they still are (SQLite made any new one in the database's mode).
	 */
	if (s->was == 0 && s->version > 0)
		rc = store_make_private(s);
	else if (open_ != 0)
		rc = lite_check_private(s);
	if (rc != STORE_OK)
		return rc;
	/*
	 * A writer keeps the database in WAL mode (it stays so in the file):
	 * with synchronous=FULL a commit is one append and one fsync of the
	 * log, durable when COMMIT returns, against three or four syncs with
	 * a rollback journal.  Readers never block the writer.
	 */
	if (mode != STORE_OPEN_READ &&
	    ((rc = store_exec(s, "PRAGMA journal_mode = WAL", "open")) != STORE_OK ||
	    (rc = store_exec(s, "PRAGMA synchronous = FULL", "open")) != STORE_OK))
		return rc;
	return STORE_OK;
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	if (s->pg)
		pg_close(s);
	else {
		store_stmts_free(s);
		queue_close(s);
		sqlite3_close(s->db);
	}
	free(s);
}

/*
 * Keeping SQLite's log short, for whoever opens the database next.  A
 * process that opens it while no other connection is open rebuilds the
 * log's index by reading every frame of the log (checksums and all), and
 * since no process checkpoints as it closes (lite_open) the log grows to
 * the automatic checkpoint's thousand pages: 4 MB read by every command
 * that starts on a quiet database, a sixth of a move's instructions at
 * 2 MB.  So every command that wrote (app/deliver.c: the detached
 * delivery, which nobody waits for; with deliver = foreground the command
 * itself, after its delivery), copies a log of more than TIDY_BYTES back
 * into the database
 * (PASSIVE: it waits for no reader and no writer) and then empties it
 * (TRUNCATE) only if that can be done at once: without a busy handler a
 * writer or reader at work makes it give up, rather than hold the write
 * lock while it waits for them.  The next delivery tries again.
 * PostgreSQL: nothing to do.
 */
enum { TIDY_BYTES = 256 * 1024 };

int
store_wants_tidy(struct store *s)
{
	const char *db;
	char path[4200];
	struct stat sb;

	if (s == NULL || s->pg || (db = sqlite3_db_filename(s->db, "main")) == NULL ||
	    *db == '\0')
		return 0;
	snprintf(path, sizeof(path), "%s-wal", db);
	return stat(path, &sb) == 0 && sb.st_size > TIDY_BYTES;
}

void
store_tidy(struct store *s)
{
	if (!store_wants_tidy(s))
		return;
	if (sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL) !=
	    SQLITE_OK)
		return;
	sqlite3_busy_handler(s->db, NULL, NULL);
	(void)sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
	sqlite3_busy_handler(s->db, busy_wait, s);
}

/*
 * A write transaction.  SQLite's BEGIN IMMEDIATE takes the database's one
 * write lock; on PostgreSQL every writer takes one advisory lock for its
 * transaction, so writers are serialised the same way on every host: a
 * move reads the game as the last commit left it and one move is stored
 * per move number.  Reads outside a transaction take no lock on either.
 */
int
store_begin(struct store *s)
{
	int rc;

	if (s->pg)
		return store_exec(s, "BEGIN; SELECT pg_advisory_xact_lock(6172626974)", "begin");
	/* In turn behind the writers that came first (queue.c), then SQLite's lock. */
	clock_gettime(CLOCK_MONOTONIC, &s->busy_since);
	s->busy_set = 1;
	rc = queue_enter(s, BUSY_MS) ? STORE_OK : store_exec(s, "BEGIN IMMEDIATE", "begin");
	s->busy_set = 0;
	if (rc != STORE_OK)
		queue_leave(s);
	else
		queue_moved(s);
	return rc;
}

int
store_try_begin(struct store *s)
{
	int rc;

	sqlite3_busy_handler(s->db, NULL, NULL);
	rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	sqlite3_busy_handler(s->db, busy_wait, s);
	return rc == SQLITE_OK ? 1 : (rc & 0xff) == SQLITE_BUSY ? 0 : -1;
}

/*
 * A read transaction: every statement until store_rollback reads the
 * database as of one moment, whatever commits meanwhile (SQLite: a
 * deferred transaction's snapshot in WAL mode; PostgreSQL: repeatable
 * read).  It takes no lock a writer waits for.
 */
int
store_begin_read(struct store *s)
{
	if (s->pg)
		return store_exec(s, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "begin");
	return store_exec(s, "BEGIN DEFERRED", "begin");
}

/*
 * The send loop's transaction: on PostgreSQL without the writers' lock
 * (its claims skip rows locked by another sender, FOR UPDATE SKIP LOCKED)
 * and committed without waiting for the flush, as SQLite's
 * synchronous=NORMAL (see store_outbox_step).
 */
int
store_begin_queue(struct store *s)
{
	if (s->pg)
		return store_exec(s, "BEGIN; SET LOCAL synchronous_commit = off", "begin");
	return store_begin(s);
}

int
store_commit(struct store *s)
{
	int rc = store_exec(s, "COMMIT", "commit");

	queue_leave(s);	/* the next writer's turn (none on PostgreSQL) */

	/*
	 * A connection lost during COMMIT leaves it unknown whether the
	 * server committed.  Still 75: a mail tried again is known by its
	 * Message-ID, and a command line tried again with move --expect is
	 * refused if the move was stored; the message says so.
	 */
	if (rc != STORE_OK && s->pg && !pg_connected(s))
		snprintf(s->err, sizeof(s->err), "commit: the connection to the database was lost "
		    "during COMMIT, so the change may or may not be stored: look (arbiter show) "
		    "before trying again, or try again with move --expect N");
	return rc;
}

void
store_rollback(struct store *s)
{
	if (s->pg) {
		if (pg_in_transaction(s))
			pg_exec(s, "ROLLBACK");
	} else if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	queue_leave(s);
}
