/* games.c - games, seats, the move log and snapshots; see store.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_int.h"
#include "store_mail.h"

int
store_next_game_id(struct store *s, int64_t *id)
{
	struct db_stmt *st;
	char num[32];
	int rc;

	/*
	 * A game id is never used twice, even after `delete`: reply tokens
	 * and mail threads name the game, and an old token must not act in
	 * another game.  The highest id ever given is kept in meta.
	 */
	if ((rc = store_prepare(s, "SELECT coalesce((SELECT CAST(value AS BIGINT) FROM meta "
	    "WHERE key = 'last_game_id'), 0), coalesce((SELECT max(id) FROM games), 0)",
	    &st)) != STORE_OK)
		return rc;
	rc = db_step(st);
	*id = db_col_int(st, 0);
	if (db_col_int(st, 1) > *id)
		*id = db_col_int(st, 1);
	++*id;
	db_finalize(st);
	if (rc != DB_ROW)
		return store_fail(s, rc, "next game id");
	snprintf(num, sizeof(num), "%lld", (long long)*id);
	return store_meta_put(s, "last_game_id", num);
}

int
store_game_create(struct store *s, const struct store_game *g,
    const struct store_seat *seats, int64_t *id)
{
	struct db_stmt *st;
	int64_t next;
	int rc, i;
	char num[32];

	/* A game opened by mail keeps the id it was given then. */
	if (g->id > 0)
		next = g->id;
	else if ((rc = store_next_game_id(s, &next)) != STORE_OK)
		return rc;
	(void)num;
	rc = store_prepare(s, "INSERT INTO games (rules, title, options, seed, "
	    "nseats, created, remind_hours, deadline_hours, grace_hours, on_timeout, "
	    "forum_address, forum_format, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
	    "RETURNING id", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 13, next);
	db_bind_text(st, 1, g->rules);
	db_bind_text(st, 2, g->title);
	db_bind_text(st, 3, g->options);
	db_bind_blob(st, 4, g->seed, sizeof(g->seed));
	db_bind_int(st, 5, g->nseats);
	db_bind_int(st, 6, g->created);
	db_bind_int(st, 7, g->remind_hours);
	db_bind_int(st, 8, g->deadline_hours);
	db_bind_int(st, 9, g->grace_hours);
	db_bind_text(st, 10, g->on_timeout[0] != '\0' ? g->on_timeout : "remind-only");
	db_bind_text(st, 11, g->forum_address);
	db_bind_text(st, 12, g->forum_format[0] != '\0' ? g->forum_format : "markdown");
	if ((rc = db_step(st)) != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "create game");
	}
	*id = db_col_int(st, 0);
	db_finalize(st);
	for (i = 0; i < g->nseats; i++) {
		rc = store_prepare(s, "INSERT INTO seats (game_id, idx, name, email, "
		    "password, idle_since, serial, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", &st);
		if (rc != STORE_OK)
			return rc;
		db_bind_int(st, 1, *id);
		db_bind_int(st, 2, i);
		db_bind_text(st, 3, seats[i].name);
		db_bind_text(st, 4, seats[i].email);
		db_bind_text(st, 5, seats[i].password);
		db_bind_int(st, 6, seats[i].idle_since);
		db_bind_int(st, 7, seats[i].serial > 0 ? seats[i].serial : 1);
		db_bind_int(st, 8, seats[i].due_at);
		if ((rc = store_done(s, st, "create seat")) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int
store_game_get(struct store *s, int64_t id, struct store_game *g)
{
	struct db_stmt *st;
	int rc;
	const void *seed;
	size_t len;

	memset(g, 0, sizeof(*g));
	rc = store_prepare(s, "SELECT rules, title, options, seed, nseats, created, "
	    "nmoves, over, remind_hours, deadline_hours, grace_hours, on_timeout, "
	    "forum_address, forum_format FROM games WHERE id = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		if (rc == DB_DONE) {
			snprintf(s->err, sizeof(s->err), "no game %lld", (long long)id);
			return STORE_NOTFOUND;
		}
		return store_fail(s, rc, "read game");
	}
	g->id = id;
	store_col_text(st, 0, g->rules, sizeof(g->rules));
	store_col_text(st, 1, g->title, sizeof(g->title));
	g->options = store_col_dup(st, 2);
	seed = db_col_blob(st, 3, &len);
	if (seed == NULL || len != sizeof(g->seed)) {
		db_finalize(st);
		snprintf(s->err, sizeof(s->err), "the seed of game %lld is damaged",
		    (long long)id);
		return STORE_CORRUPT;
	}
	memcpy(g->seed, seed, sizeof(g->seed));
	g->nseats = db_col_int(st, 4);
	g->created = db_col_int(st, 5);
	g->nmoves = db_col_int(st, 6);
	g->over = db_col_int(st, 7);
	g->remind_hours = db_col_int(st, 8);
	g->deadline_hours = db_col_int(st, 9);
	g->grace_hours = db_col_int(st, 10);
	store_col_text(st, 11, g->on_timeout, sizeof(g->on_timeout));
	store_col_text(st, 12, g->forum_address, sizeof(g->forum_address));
	store_col_text(st, 13, g->forum_format, sizeof(g->forum_format));
	db_finalize(st);
	if (g->options == NULL) {
		snprintf(s->err, sizeof(s->err), "game %lld has no options", (long long)id);
		return STORE_ERROR;
	}
	return STORE_OK;
}

void
store_game_free(struct store_game *g)
{
	free(g->options);
	g->options = NULL;
}

int
store_game_set_over(struct store *s, int64_t id, int over)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "UPDATE games SET over = ? WHERE id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, over);
	db_bind_int(st, 2, id);
	return store_done(s, st, "mark game over");
}

/* Collect the first column of st's rows into a malloc'ed array. */
static int
collect_ids(struct store *s, struct db_stmt *st, int64_t **ids, int *n)
{
	int rc, cap = 0;
	int64_t *v = NULL, *nv;

	*ids = NULL;
	*n = 0;
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			nv = realloc(v, sizeof(*v) * (size_t)cap);
			if (nv == NULL) {
				free(v);
				db_finalize(st);
				snprintf(s->err, sizeof(s->err), "out of memory");
				return STORE_ERROR;
			}
			v = nv;
		}
		v[(*n)++] = db_col_int(st, 0);
	}
	db_finalize(st);
	if (rc != DB_DONE) {
		free(v);
		*n = 0;
		return store_fail(s, rc, "list games");
	}
	*ids = v;
	return STORE_OK;
}

int
store_game_ids(struct store *s, int64_t **ids, int *n)
{
	struct db_stmt *st;
	int rc;

	*ids = NULL;
	*n = 0;
	if ((rc = store_prepare(s, "SELECT id FROM games ORDER BY id", &st)) != STORE_OK)
		return rc;
	return collect_ids(s, st, ids, n);
}

int
store_game_list(struct store *s, int state, const char *player, int limit,
    int64_t **ids, int *n)
{
	char sql[400];
	struct db_stmt *st;
	int rc;

	*ids = NULL;
	*n = 0;
	if (player != NULL)
		/* The player's seats first, by name and by address (each indexed). */
		snprintf(sql, sizeof(sql), "SELECT id FROM games WHERE id IN (SELECT game_id "
		    "FROM seats WHERE name = ?1 UNION SELECT game_id FROM seats WHERE "
		    "email = ?1)%s ORDER BY id DESC LIMIT ?3", state >= 0 ? " AND over = ?2" : "");
	else
		snprintf(sql, sizeof(sql), "SELECT id FROM games %s ORDER BY id DESC LIMIT ?3",
		    state >= 0 ? "INDEXED BY games_state WHERE over = ?2" : "");
	if ((rc = store_prepare(s, sql, &st)) != STORE_OK)
		return rc;
	if (player != NULL)
		db_bind_text(st, 1, player);
	db_bind_int(st, 2, state);
	db_bind_int(st, 3, limit >= 0 ? limit : INT64_MAX);
	return collect_ids(s, st, ids, n);
}

int
store_games_due(struct store *s, int64_t now, int hours, int table_days,
    int64_t **ids, int *n)
{
	struct db_stmt *st;
	int rc, first = hours;

	*ids = NULL;
	*n = 0;
	/* The shortest first-reminder interval of any game (0: none set). */
	if ((rc = store_prepare(s, "SELECT min(remind_hours) FROM games WHERE "
	    "remind_hours > 0", &st)) != STORE_OK)
		return rc;
	if ((rc = db_step(st)) == DB_ROW && db_col_int(st, 0) > 0 &&
	    db_col_int(st, 0) < hours)
		first = db_col_int(st, 0);
	db_finalize(st);
	if (rc != DB_ROW)
		return store_fail(s, rc, "read reminder intervals");
	/* The candidates first (CROSS JOIN keeps that order): few, from the indexes. */
	rc = store_prepare2(s, "SELECT DISTINCT s.game_id FROM ("
	    " SELECT rowid AS r FROM seats INDEXED BY seats_first WHERE idle_since != 0 AND "
	    "  reminded_at = 0 AND idle_since <= ?4"
	    " UNION SELECT rowid FROM seats INDEXED BY seats_first WHERE idle_since != 0 AND "
	    "  reminded_at > 0 AND reminded_at <= ?1 - 86400"
	    " UNION SELECT rowid FROM seats INDEXED BY seats_table WHERE idle_since != 0 AND "
	    "  table_told = 0 AND idle_since <= ?1 - ?3 * 86400"
	    " UNION SELECT rowid FROM seats INDEXED BY seats_due WHERE due_at != 0 AND "
	    "  due_at <= ?1) AS c"
	    " CROSS JOIN seats s ON s.rowid = c.r CROSS JOIN games g ON g.id = s.game_id"
	    " WHERE 1"
	    " AND g.over = 0 AND s.away_until <= ?1 AND ("
	    " (s.due_at != 0 AND s.due_at <= ?1) OR"
	    " (s.reminded_at = 0 AND max(s.idle_since, s.away_until) + (CASE WHEN "
	    "  g.remind_hours > 0 THEN g.remind_hours ELSE ?2 END) * 3600 <= ?1)"
	    " OR (s.reminded_at != 0 AND s.reminded_at + 86400 <= ?1)"
	    " OR (s.table_told = 0 AND ?1 - max(s.idle_since, s.away_until) >= ?3 * 86400))"
	    " ORDER BY s.game_id",
	    /* PostgreSQL: the same conditions; its planner ORs the partial indexes. */
	    "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
	    " WHERE ((s.idle_since != 0 AND ((s.reminded_at = 0 AND s.idle_since <= ?4)"
	    "  OR (s.reminded_at > 0 AND s.reminded_at <= ?1 - 86400)"
	    "  OR (s.table_told = 0 AND s.idle_since <= ?1 - ?3 * 86400)))"
	    "  OR (s.due_at != 0 AND s.due_at <= ?1))"
	    " AND g.over = 0 AND s.away_until <= ?1 AND ("
	    " (s.due_at != 0 AND s.due_at <= ?1) OR"
	    " (s.reminded_at = 0 AND greatest(s.idle_since, s.away_until) + (CASE WHEN "
	    "  g.remind_hours > 0 THEN g.remind_hours ELSE ?2 END) * 3600 <= ?1)"
	    " OR (s.reminded_at != 0 AND s.reminded_at + 86400 <= ?1)"
	    " OR (s.table_told = 0 AND ?1 - greatest(s.idle_since, s.away_until) >= ?3 * 86400))"
	    " ORDER BY s.game_id", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 4, now - (int64_t)first * 3600);
	db_bind_int(st, 1, now);
	db_bind_int(st, 2, hours);
	db_bind_int(st, 3, table_days);
	return collect_ids(s, st, ids, n);
}

int
store_game_delete(struct store *s, int64_t id)
{
	static const char *const sql[] = {
		"DELETE FROM auth_failures WHERE game_id = ?",
		"DELETE FROM observers WHERE game_id = ?",
		"DELETE FROM proposals WHERE game_id = ?",
		"DELETE FROM news WHERE game_id = ?",
		"DELETE FROM prefs WHERE game_id = ?",
		"DELETE FROM inbound WHERE game_id = ?",
		"DELETE FROM outbox WHERE game_id = ?",
		"DELETE FROM pictures WHERE game_id = ?",
		"DELETE FROM snapshots WHERE game_id = ?",
		"DELETE FROM moves WHERE game_id = ?",
		"DELETE FROM seats WHERE game_id = ?",
		"DELETE FROM games WHERE id = ?",
	};
	struct db_stmt *st;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(sql) / sizeof(sql[0]); i++) {
		if ((rc = store_prepare(s, sql[i], &st)) != STORE_OK)
			return rc;
		db_bind_int(st, 1, id);
		if ((rc = store_done(s, st, "delete game")) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int
store_observers_get(struct store *s, int64_t id, char (*emails)[STORE_EMAIL_MAX], int max,
    int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT email FROM observers WHERE game_id = ? "
	    "ORDER BY email", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW && *n < max)
		store_col_text(st, 0, emails[(*n)++], STORE_EMAIL_MAX);
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "read observers");
	return STORE_OK;
}

int
store_observers_set(struct store *s, int64_t id, char (*emails)[STORE_EMAIL_MAX], int n)
{
	struct db_stmt *st;
	int rc, i;

	if ((rc = store_prepare(s, "DELETE FROM observers WHERE game_id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	if ((rc = store_done(s, st, "set observers")) != STORE_OK)
		return rc;
	for (i = 0; i < n; i++) {
		if ((rc = store_prepare(s, "INSERT INTO observers (game_id, email) "
		    "VALUES (?, ?) ON CONFLICT DO NOTHING", &st)) != STORE_OK)
			return rc;
		db_bind_int(st, 1, id);
		db_bind_text(st, 2, emails[i]);
		if ((rc = store_done(s, st, "set observers")) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int
store_proposal_get(struct store *s, int64_t id, struct store_proposal *p)
{
	struct db_stmt *st;
	int rc;

	memset(p, 0, sizeof(*p));
	if ((rc = store_prepare(s, "SELECT kind, seat, at_move, expires, agreed, refused FROM "
	    "proposals WHERE game_id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	rc = db_step(st);
	if (rc == DB_ROW) {
		store_col_text(st, 0, p->kind, sizeof(p->kind));
		p->seat = db_col_int(st, 1);
		p->at_move = db_col_int(st, 2);
		p->expires = db_col_int(st, 3);
		p->agreed = (unsigned)db_col_int(st, 4);
		p->refused = (unsigned)db_col_int(st, 5);
	}
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "read proposal");
}

int
store_proposal_put(struct store *s, int64_t id, const struct store_proposal *p)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "INSERT INTO proposals (game_id, kind, seat, at_move, "
	    "expires, agreed, refused) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO "
	    "UPDATE SET kind = excluded.kind, seat = excluded.seat, at_move = excluded.at_move, "
	    "expires = excluded.expires, agreed = excluded.agreed, refused = excluded.refused",
	    &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	db_bind_text(st, 2, p->kind);
	db_bind_int(st, 3, p->seat);
	db_bind_int(st, 4, p->at_move);
	db_bind_int(st, 5, p->expires);
	db_bind_int(st, 6, (int64_t)p->agreed);
	db_bind_int(st, 7, (int64_t)p->refused);
	return store_done(s, st, "store proposal");
}

int
store_proposal_drop(struct store *s, int64_t id)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "DELETE FROM proposals WHERE game_id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	return store_done(s, st, "drop proposal");
}

int
store_game_set_clock(struct store *s, const struct store_game *g)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "UPDATE games SET remind_hours = ?, deadline_hours = ?, "
	    "grace_hours = ?, on_timeout = ?, forum_address = ?, forum_format = ? "
	    "WHERE id = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, g->remind_hours);
	db_bind_int(st, 2, g->deadline_hours);
	db_bind_int(st, 3, g->grace_hours);
	db_bind_text(st, 4, g->on_timeout);
	db_bind_text(st, 5, g->forum_address);
	db_bind_text(st, 6, g->forum_format[0] != '\0' ? g->forum_format : "markdown");
	db_bind_int(st, 7, g->id);
	return store_done(s, st, "set the game's clock");
}

int
store_seats_get(struct store *s, int64_t id, struct store_seat *seats, int max, int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	rc = store_prepare(s, "SELECT idx, name, email, password, idle_since, "
	    "reminded_at, reminders, away_until, table_told, serial, due_at, confirm_serial "
	    "FROM seats WHERE game_id = ? ORDER BY idx", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW && *n < max) {
		struct store_seat *p = &seats[(*n)++];

		memset(p, 0, sizeof(*p));
		p->idx = db_col_int(st, 0);
		store_col_text(st, 1, p->name, sizeof(p->name));
		store_col_text(st, 2, p->email, sizeof(p->email));
		store_col_text(st, 3, p->password, sizeof(p->password));
		p->idle_since = db_col_int(st, 4);
		p->reminded_at = db_col_int(st, 5);
		p->reminders = db_col_int(st, 6);
		p->away_until = db_col_int(st, 7);
		p->table_told = db_col_int(st, 8);
		p->serial = db_col_int(st, 9);
		p->due_at = db_col_int(st, 10);
		p->confirm_serial = db_col_int(st, 11);
	}
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "read seats");
	return STORE_OK;
}

int
store_seat_update_clock(struct store *s, int64_t id, const struct store_seat *seat)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "UPDATE seats SET idle_since = ?, reminded_at = ?, "
	    "reminders = ?, away_until = ?, table_told = ?, due_at = ? "
	    "WHERE game_id = ? AND idx = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, seat->idle_since);
	db_bind_int(st, 2, seat->reminded_at);
	db_bind_int(st, 3, seat->reminders);
	db_bind_int(st, 4, seat->away_until);
	db_bind_int(st, 5, seat->table_told);
	db_bind_int(st, 6, seat->due_at);
	db_bind_int(st, 7, id);
	db_bind_int(st, 8, seat->idx);
	return store_done(s, st, "update seat");
}

int
store_seat_set_identity(struct store *s, int64_t id, const struct store_seat *seat)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "UPDATE seats SET name = ?, email = ?, password = ? "
	    "WHERE game_id = ? AND idx = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, seat->name);
	db_bind_text(st, 2, seat->email);
	db_bind_text(st, 3, seat->password);
	db_bind_int(st, 4, id);
	db_bind_int(st, 5, seat->idx);
	return store_done(s, st, "update seat");
}

/* Set one whole-number column of seat idx of game id (sql names the column). */
static int
seat_set(struct store *s, const char *sql, int64_t id, int idx, int64_t value,
    const char *what)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, sql, &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, value);
	db_bind_int(st, 2, id);
	db_bind_int(st, 3, idx);
	return store_done(s, st, what);
}

int
store_seat_set_serial(struct store *s, int64_t id, int idx, int64_t serial)
{
	return seat_set(s, "UPDATE seats SET serial = ? WHERE game_id = ? AND idx = ?", id, idx,
	    serial, "update seat serial");
}

int
store_seat_set_confirm(struct store *s, int64_t id, int idx, int64_t serial)
{
	return seat_set(s, "UPDATE seats SET confirm_serial = ? WHERE game_id = ? AND idx = ?",
	    id, idx, serial, "ask to confirm");
}

int
store_seat_set_password(struct store *s, int64_t id, int idx, const char *hash)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "UPDATE seats SET password = ? WHERE game_id = ? AND idx = ?",
	    &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, hash);
	db_bind_int(st, 2, id);
	db_bind_int(st, 3, idx);
	return store_done(s, st, "store seat password");
}

int
store_plain_passwords_each(struct store *s,
    int (*fn)(int64_t game, int idx, const char *password, void *arg), void *arg)
{
	struct db_stmt *st;
	int rc, stop = 0;

	rc = store_prepare(s, "SELECT game_id, idx, password FROM seats "
	    "WHERE substr(password, 1, 1) <> '$' ORDER BY game_id, idx", &st);
	if (rc != STORE_OK)
		return rc;
	while (!stop && (rc = db_step(st)) == DB_ROW) {
		const char *pw = db_col_text(st, 2);

		stop = fn(db_col_int(st, 0), db_col_int(st, 1), pw != NULL ? pw : "", arg);
	}
	db_finalize(st);
	if (!stop && rc != DB_DONE)
		return store_fail(s, rc, "read seat passwords");
	return stop ? STORE_ERROR : STORE_OK;
}

int
store_site_counts(struct store *s, int *games, int *addressed)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "SELECT (SELECT count(*) FROM games), "
	    "(SELECT count(*) FROM seats WHERE email <> '')", &st);
	if (rc != STORE_OK)
		return rc;
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "count games");
	}
	*games = db_col_int(st, 0);
	*addressed = db_col_int(st, 1);
	db_finalize(st);
	return STORE_OK;
}

/* Run a statement that returns no rows and whose one parameter ?1 is a game id. */
static int
exec_for_game(struct store *s, const char *sql, int64_t id, const char *what)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, sql, &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	return store_done(s, st, what);
}

/* Set games.nmoves to the number of moves in the log. */
static int
recount(struct store *s, int64_t id)
{
	return exec_for_game(s, "UPDATE games SET nmoves = (SELECT count(*) FROM moves "
	    "WHERE game_id = ?1) WHERE id = ?1", id, "count moves");
}

int
store_move_append(struct store *s, int64_t id, const struct store_move *m)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "INSERT INTO moves (game_id, seq, seat, text, source, "
	    "message_id, at, drew, shown) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	db_bind_int(st, 2, m->seq);
	db_bind_int(st, 3, m->seat);
	db_bind_text(st, 4, m->text);
	db_bind_text(st, 5, m->source);
	if (m->message_id != NULL)
		db_bind_text(st, 6, m->message_id);
	else
		db_bind_null(st, 6);
	db_bind_int(st, 7, m->at);
	db_bind_int(st, 8, m->drew);
	if (m->shown != NULL)
		db_bind_text(st, 9, m->shown);
	else
		db_bind_null(st, 9);
	if ((rc = store_done(s, st, "append move")) != STORE_OK)
		return rc;
	return recount(s, id);
}

/*
 * Fill m from the current row of a moves query (seq, seat, text, source,
 * message_id, at, drew, shown).
 */
static int
move_from_row(struct db_stmt *st, struct store_move *m)
{
	memset(m, 0, sizeof(*m));
	m->seq = db_col_int(st, 0);
	m->seat = db_col_int(st, 1);
	m->text = store_col_dup(st, 2);
	store_col_text(st, 3, m->source, sizeof(m->source));
	m->message_id = store_col_dup(st, 4);
	m->at = db_col_int(st, 5);
	m->drew = db_col_int(st, 6);
	if (!db_col_null(st, 7) && (m->shown = store_col_dup(st, 7)) == NULL)
		return -1;
	return m->text != NULL ? 0 : -1;
}

void
store_move_free(struct store_move *m)
{
	free(m->text);
	free(m->message_id);
	free(m->shown);
	m->text = m->message_id = m->shown = NULL;
}

int
store_moves_each(struct store *s, int64_t id, int from_seq,
    int (*fn)(const struct store_move *m, void *arg), void *arg)
{
	struct db_stmt *st;
	struct store_move m;
	int rc, stop = 0;

	rc = store_prepare(s, "SELECT seq, seat, text, source, message_id, at, drew, shown "
	    "FROM moves WHERE game_id = ? AND seq >= ? ORDER BY seq", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	db_bind_int(st, 2, from_seq);
	while (!stop && (rc = db_step(st)) == DB_ROW) {
		if (move_from_row(st, &m) != 0) {
			store_move_free(&m);
			db_finalize(st);
			snprintf(s->err, sizeof(s->err), "out of memory");
			return STORE_ERROR;
		}
		stop = fn(&m, arg);
		store_move_free(&m);
	}
	db_finalize(st);
	if (!stop && rc != DB_DONE)
		return store_fail(s, rc, "read moves");
	return STORE_OK;
}

int
store_move_get(struct store *s, int64_t id, int seq, struct store_move *m)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "SELECT seq, seat, text, source, message_id, at, drew, shown "
	    "FROM moves WHERE game_id = ? AND seq = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	db_bind_int(st, 2, seq);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		if (rc == DB_DONE) {
			snprintf(s->err, sizeof(s->err), "no move %d", seq);
			return STORE_NOTFOUND;
		}
		return store_fail(s, rc, "read move");
	}
	rc = move_from_row(st, m);
	db_finalize(st);
	if (rc != 0) {
		store_move_free(m);
		snprintf(s->err, sizeof(s->err), "out of memory");
		return STORE_ERROR;
	}
	return STORE_OK;
}

int
store_move_drop_last(struct store *s, int64_t id)
{
	int rc;

	rc = exec_for_game(s, "DELETE FROM moves WHERE game_id = ?1 AND seq = "
	    "(SELECT max(seq) FROM moves WHERE game_id = ?1)", id, "drop move");
	if (rc != STORE_OK)
		return rc;
	return recount(s, id);
}

/*
 * A snapshot's checksum: 64-bit FNV-1a over the game id, seq, engine
 * version and the state's bytes.  It is stored after the state in the same
 * blob, so a damaged or edited snapshot is noticed before anything reads it.
 */
static uint64_t
snapshot_sum(int64_t id, int seq, uint32_t version, const void *state, size_t size)
{
	const unsigned char *p = state;
	uint64_t h = 0xcbf29ce484222325ull, head[3];
	size_t i;

	head[0] = (uint64_t)id;
	head[1] = (uint64_t)(uint32_t)seq;
	head[2] = version;
	for (i = 0; i < sizeof(head); i++)
		h = (h ^ ((const unsigned char *)head)[i]) * 0x100000001b3ull;
	for (i = 0; i < size; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

int
store_snapshot_put(struct store *s, int64_t id, int seq, uint32_t version,
    const void *state, size_t size)
{
	struct db_stmt *st;
	uint64_t sum = snapshot_sum(id, seq, version, state, size);
	unsigned char *blob;
	int rc;

	if ((blob = malloc(size + sizeof(sum))) == NULL) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return STORE_ERROR;
	}
	memcpy(blob, state, size);
	memcpy(blob + size, &sum, sizeof(sum));
	rc = store_prepare(s, "INSERT INTO snapshots (game_id, seq, version, size, "
	    "state) VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET seq = "
	    "excluded.seq, version = excluded.version, size = excluded.size, "
	    "state = excluded.state", &st);
	if (rc != STORE_OK) {
		free(blob);
		return rc;
	}
	db_bind_int(st, 1, id);
	db_bind_int(st, 2, seq);
	db_bind_int(st, 3, version);
	db_bind_int(st, 4, (int64_t)size);
	db_bind_blob(st, 5, blob, size + sizeof(sum));
	rc = store_done(s, st, "store snapshot");
	free(blob);
	return rc;
}

int
store_snapshot_get(struct store *s, int64_t id, uint32_t version,
    void *state, size_t size, int *seq)
{
	struct db_stmt *st;
	const unsigned char *blob;
	size_t len;
	uint64_t sum;
	int rc, n;

	rc = store_prepare(s, "SELECT seq, version, size, state FROM snapshots "
	    "WHERE game_id = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return rc == DB_DONE ? STORE_NOTFOUND : store_fail(s, rc, "read snapshot");
	}
	if ((uint32_t)db_col_int(st, 1) != version ||
	    (size_t)db_col_int(st, 2) != size) {
		db_finalize(st);
		return STORE_NOTFOUND;	/* another engine version: replay */
	}
	n = db_col_int(st, 0);
	blob = db_col_blob(st, 3, &len);
	if (blob == NULL || len != size + sizeof(sum)) {
		db_finalize(st);
		snprintf(s->err, sizeof(s->err), "the snapshot of game %lld has the wrong "
		    "length", (long long)id);
		return STORE_CORRUPT;
	}
	memcpy(&sum, blob + size, sizeof(sum));
	if (sum != snapshot_sum(id, n, version, blob, size)) {
		db_finalize(st);
		snprintf(s->err, sizeof(s->err), "the snapshot of game %lld fails its "
		    "checksum", (long long)id);
		return STORE_CORRUPT;
	}
	*seq = n;
	memcpy(state, blob, size);
	db_finalize(st);
	return STORE_OK;
}

int
store_snapshot_drop(struct store *s, int64_t id)
{
	return exec_for_game(s, "DELETE FROM snapshots WHERE game_id = ?1", id,
	    "drop snapshot");
}
