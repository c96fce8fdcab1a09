/*
 * store.h - the store: SQLite (a file, the default) or PostgreSQL (a
 * postgresql:// URI, for a site whose mail hosts share one database).
 * Every SQL statement of arbiter lives in store/; the rest of the program
 * calls these functions and never knows which backend runs.
 *
 * The move log is the truth; the state is derived by replaying it from the
 * seed.  Beside the last move the store keeps a snapshot of the state (its
 * raw bytes with the engine version and size) so a move loads in one read.
 *
 * Functions return 0 on success and a STORE_* code on failure; the text of
 * the last error is in store_error().
 */
#ifndef ARBITER_STORE_H
#define ARBITER_STORE_H

#include <stddef.h>
#include <stdint.h>

enum {
	STORE_OK = 0,
	STORE_ERROR = 1,	/* SQL or I/O failure */
	STORE_BUSY = 2,		/* locked by another process past the timeout */
	STORE_NOTFOUND = 3,
	STORE_FULL = 4,		/* disk full */
	STORE_CORRUPT = 5,	/* stored data failed its check (a snapshot's checksum) */
	STORE_DENIED = 6,	/* the file may not be written (permissions, read-only);
				   PostgreSQL: the server refused us (password, role, database) */
	STORE_UNAVAILABLE = 7,	/* a library the database needs (libpq) is missing */
};

/* How store_open opens a database. */
enum {
	STORE_OPEN_WRITE = 0,	/* an existing database, to change it (migrated first) */
	STORE_OPEN_CREATE = 1,	/* created, with its schema, when missing or empty */
	STORE_OPEN_READ = 2,	/* an existing database, only read: never written */
};

enum { STORE_ABANDONED = 2 };	/* games.over of a game the game master abandoned */
enum { STORE_NAME_MAX = 64, STORE_EMAIL_MAX = 256, STORE_TITLE_MAX = 128 };

struct store;

struct store_game {
	int64_t id;
	char rules[32];			/* engine name: "tigris" */
	char title[STORE_TITLE_MAX];
	char *options;			/* JSON array of [key, value]; owned */
	uint8_t seed[32];
	int nseats;
	int64_t created;
	int nmoves;			/* moves in the log */
	int over;			/* 0 running, 1 finished, STORE_ABANDONED */
	int remind_hours;		/* per-game reminder interval; 0 = site default */
	int deadline_hours;		/* hours per decision; 0 = no deadline */
	int grace_hours;		/* after the deadline's notice, before the timeout */
	char on_timeout[16];		/* "remind-only", "pass", "drop" */
	char forum_address[STORE_EMAIL_MAX];	/* gets each public report as a post; "" none */
	char forum_format[16];		/* "markdown" or "bbcode" */
};

struct store_seat {
	int idx;
	char name[STORE_NAME_MAX];
	char email[STORE_EMAIL_MAX];
	char password[160];		/* salted hash of the seat's password (for mail
					   without a token); see seat_password_check */
	int64_t serial;			/* changes whenever what the game awaits from
					   the seat changes; reply tokens carry it */
	int64_t idle_since;		/* when the game started waiting for this seat; 0 = not awaited */
	int64_t reminded_at;		/* last reminder; 0 = none since idle_since */
	int reminders;			/* reminders sent since idle_since */
	int64_t away_until;		/* declared absence; 0 = none */
	int table_told;			/* the table was told this seat is slow */
	int64_t due_at;			/* next deadline event (games with a deadline); 0 = none */
	int64_t confirm_serial;		/* asked to confirm its resignation at this serial; 0 none */
};

struct store_move {
	int seq;		/* 1-based */
	int seat;		/* -1: administrative */
	char *text;		/* owned */
	char source[16];	/* "cli", "mail", "import" */
	char *message_id;	/* owned; may be NULL */
	int64_t at;
	int drew;
	/*
	 * owned; may be NULL: the public form of text (what other seats may
	 * read while the game runs), recorded with the move when the engine
	 * has one.  NULL when the text itself is public (an engine without
	 * hidden commands, an administrative move) or the move was recorded
	 * before moves kept it.
	 */
	char *shown;
};

/*
 * Open the database at path in one of the STORE_OPEN_* modes.  Only
 * STORE_OPEN_CREATE makes a file or a schema: otherwise a missing file, or
 * one without arbiter's schema (an empty file), is STORE_NOTFOUND.  An
 * older schema is migrated when writing; STORE_OPEN_READ never writes
 * (the connection is query-only) and refuses an older schema with
 * STORE_ERROR, saying that a writing command upgrades it.
 */
int store_open(const char *path, int mode, struct store **out);
/*
 * Make an SQLite database's file, log and index private to its user
 * (util/private.h), as arbiter does when it lays the schema; called too
 * before a site's key is first recorded.  Nothing for PostgreSQL.
 * STORE_OK, or STORE_DENIED with the error set.
 */
int store_make_private(struct store *s);
/* The schema version the database has now, and had when it was opened. */
void store_schema(const struct store *s, int *now, int *was);
/*
 * 1 when path is, or would make, one of the files the store keeps beside
 * its SQLite database (the DB patterns of util/private.h: the database,
 * its log, index, journal, the writers' queue, the delivery's lock),
 * there or not yet; its path then in name (len bytes).  0 otherwise, and
 * always for PostgreSQL.
 */
int store_keeps(struct store *s, const char *path, char *name, size_t len);

/*
 * Copy every table of the site in from into to, which must hold no site
 * yet (its schema may be new), in one transaction on each side: from is
 * read as of one moment.  Each table's rows are counted on both sides
 * after the copy and must agree.  report gets one entry per table
 * (store_copy_ntables of them); *ntables says how many were copied.
 */
struct store_copy_table {
	char table[32];
	int64_t source, copied, target;
};
int store_copy(struct store *from, struct store *to, struct store_copy_table *report,
    int *ntables);
int store_copy_ntables(void);

/* 1 when db names a PostgreSQL database (a postgresql:// or postgres:// URI). */
int store_is_uri(const char *db);
/* db as messages name it: a URI without its password. */
void store_display_name(const char *db, char *out, size_t len);
/*
 * Overwrite, in place and keeping its length, every password a URI in
 * text holds (the userinfo's and password=VALUE of the query) with '*':
 * for the command line that ps shows (main.c).
 */
void store_mask_passwords(char *text);
/*
 * Judge a postgresql:// URI as libpq reads it, without connecting: its
 * form, its ports, its whole numbers (connect_timeout, keepalives...) and
 * its sslmode.  0 when good (or when libpq cannot be loaded: opening says
 * so), -1 with why set (its password masked).
 */
int store_uri_check(const char *uri, char *why, size_t len);
void store_close(struct store *s);
/* SQLite: copy a long log back into the database and empty it, if that can be
   done without waiting (after a command's commit; store.c).  store_wants_tidy:
   1 when the log is long enough for store_tidy to act. */
void store_tidy(struct store *s);
int store_wants_tidy(struct store *s);
const char *store_error(const struct store *s);

/* BEGIN IMMEDIATE (a write transaction), COMMIT, ROLLBACK. */
int store_begin(struct store *s);
/* A read-only transaction that sees one moment of the database; end it with store_rollback. */
int store_begin_read(struct store *s);
int store_commit(struct store *s);
void store_rollback(struct store *s);
/*
 * Wait (at most max_ms) until no writer has joined the writers' queue for
 * still_ms: for work that can wait, behind a burst of writers.  1 when it
 * is still, 0 when max_ms passed first.  On PostgreSQL at once 1.
 */
int store_writers_pause(struct store *s, long still_ms, long max_ms);

/* The next game id (never given before, even to a deleted game), taken. */
int store_next_game_id(struct store *s, int64_t *id);
/* g->id > 0: the game gets that id (taken by store_next_game_id). */
int store_game_create(struct store *s, const struct store_game *g,
    const struct store_seat *seats, int64_t *id);
int store_game_get(struct store *s, int64_t id, struct store_game *g);
void store_game_free(struct store_game *g);
/* over: 0 running, 1 finished by its rules, 2 abandoned by the game master. */
int store_game_set_over(struct store *s, int64_t id, int over);
/* Remove a game with its seats, log, snapshot, queued mail and records. */
int store_game_delete(struct store *s, int64_t id);
/* Every game id in ascending order; *ids is malloc'ed. */
int store_game_ids(struct store *s, int64_t **ids, int *n);
/*
 * The running games with an awaited seat that may be due a reminder or
 * the table's note at now: its first reminder after remind_hours (the
 * game's own, else hours), later ones daily, the note after table_days.
 * A superset of what remind acts on, read from the awaited seats' index
 * alone; ids in order, malloc'ed.
 */
/*
 * Games for `list`, newest first: state 0 running, 1 finished, -1 both;
 * player (NULL: anyone) a seat's name or address; at most limit of them
 * (limit < 0: no limit).  Each from an index.
 */
int store_game_list(struct store *s, int state, const char *player, int limit,
    int64_t **ids, int *n);
int store_games_due(struct store *s, int64_t now, int hours, int table_days,
    int64_t **ids, int *n);
/* The addresses watching a game (its public mail only), at most max, sorted;
 * set replaces them all. */
enum { STORE_OBSERVERS_MAX = 20 };
int store_observers_get(struct store *s, int64_t id, char (*emails)[STORE_EMAIL_MAX], int max,
    int *n);
int store_observers_set(struct store *s, int64_t id, char (*emails)[STORE_EMAIL_MAX],
    int n);
/* A request open to the table (see migration 11): one per game. */
struct store_proposal {
	char kind[16];		/* "undo", or "drop" (a vote on a seat past its deadline) */
	int seat;		/* undo: who asked; drop: the seat voted on */
	int at_move;		/* the move count it was asked at: a move since voids it */
	int64_t expires;
	unsigned agreed;	/* bit i: seat i agreed (an undo's asker included) */
	unsigned refused;	/* bit i: seat i refused (votes) */
};
/* get: STORE_NOTFOUND when the game has none; put replaces; drop removes. */
int store_proposal_get(struct store *s, int64_t id, struct store_proposal *p);
int store_proposal_put(struct store *s, int64_t id, const struct store_proposal *p);
int store_proposal_drop(struct store *s, int64_t id);
/* Store a game's settings: reminder interval, deadline, grace, timeout
 * policy, forum address and format. */
int store_game_set_clock(struct store *s, const struct store_game *g);

int store_seats_get(struct store *s, int64_t id, struct store_seat *seats, int max, int *n);
int store_seat_update_clock(struct store *s, int64_t id, const struct store_seat *seat);
/* Store a seat's name, address and password hash (a substitute, a new address). */
int store_seat_set_identity(struct store *s, int64_t id, const struct store_seat *seat);
int store_seat_set_serial(struct store *s, int64_t id, int idx, int64_t serial);
int store_seat_set_confirm(struct store *s, int64_t id, int idx, int64_t serial);
int store_seat_set_password(struct store *s, int64_t id, int idx, const char *hash);
/*
 * Call fn for every seat whose password is still stored as plain text
 * (hashes begin with '$'), in order; stops when fn returns non-zero.
 */
int store_plain_passwords_each(struct store *s,
    int (*fn)(int64_t game, int idx, const char *password, void *arg), void *arg);
/* How many games there are, and how many seats have a mail address. */
int store_site_counts(struct store *s, int *games, int *addressed);

int store_move_append(struct store *s, int64_t id, const struct store_move *m);
/* Moves seq..; calls fn for each in order; stops early when fn returns non-zero. */
int store_moves_each(struct store *s, int64_t id, int from_seq,
    int (*fn)(const struct store_move *m, void *arg), void *arg);
int store_move_get(struct store *s, int64_t id, int seq, struct store_move *m);
void store_move_free(struct store_move *m);
int store_move_drop_last(struct store *s, int64_t id);

/*
 * Snapshot of the state after move seq (seq 0 = after setup), stored with
 * a checksum.  get returns STORE_NOTFOUND when there is none or it was
 * made by another engine version or state size, and STORE_CORRUPT when
 * it fails its checksum (the caller then replays the log either way).
 */
int store_snapshot_put(struct store *s, int64_t id, int seq, uint32_t version,
    const void *state, size_t size);
int store_snapshot_get(struct store *s, int64_t id, uint32_t version,
    void *state, size_t size, int *seq);
int store_snapshot_drop(struct store *s, int64_t id);

#endif
