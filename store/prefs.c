/* prefs.c - preferences, held news and digests; see store_prefs.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_int.h"
#include "store_prefs.h"

int
store_pref_get(struct store *s, const char *email, int64_t game, const char *name,
    char *buf, size_t len)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "SELECT value FROM prefs WHERE email = ? AND game_id = ? "
	    "AND name = ?", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	db_bind_int(st, 2, game);
	db_bind_text(st, 3, name);
	rc = db_step(st);
	if (rc == DB_ROW)
		store_col_text(st, 0, buf, len);
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "read a preference");
}

int
store_pref_put(struct store *s, const char *email, int64_t game, const char *name,
    const char *value)
{
	struct db_stmt *st;
	int rc;

	if (value == NULL) {
		if ((rc = store_prepare(s, "DELETE FROM prefs WHERE email = ? AND game_id = ? AND "
		    "name = ?", &st)) != STORE_OK)
			return rc;
	} else if ((rc = store_prepare(s, "INSERT INTO prefs (email, game_id, name, value) "
	    "VALUES (?, ?, ?, ?) ON CONFLICT (email, game_id, name) DO UPDATE SET "
	    "value = excluded.value", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	db_bind_int(st, 2, game);
	db_bind_text(st, 3, name);
	if (value != NULL)
		db_bind_text(st, 4, value);
	return store_done(s, st, "store a preference");
}

int
store_prefs_each(struct store *s, const char *email,
    int (*fn)(int64_t game, const char *name, const char *value, void *arg), void *arg)
{
	struct db_stmt *st;
	int rc, stop = 0;

	if ((rc = store_prepare(s, "SELECT game_id, name, value FROM prefs WHERE email = ? "
	    "ORDER BY game_id, name", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	while (!stop && (rc = db_step(st)) == DB_ROW) {
		const char *name = db_col_text(st, 1), *value = db_col_text(st, 2);

		stop = fn(db_col_int(st, 0), name != NULL ? name : "", value != NULL ? value : "",
		    arg);
	}
	db_finalize(st);
	if (!stop && rc != DB_DONE)
		return store_fail(s, rc, "read preferences");
	return STORE_OK;
}

int
store_news_add(struct store *s, int64_t game, int seat, const char *email, int seq,
    int digest, const char *text, int64_t now)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "INSERT INTO news (game_id, seat, email, seq, digest, text, "
	    "created) VALUES (?, ?, ?, ?, ?, ?, ?)", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_text(st, 3, email);
	db_bind_int(st, 4, seq);
	db_bind_int(st, 5, digest != 0);
	db_bind_text(st, 6, text);
	db_bind_int(st, 7, now);
	return store_done(s, st, "hold news");
}

int
store_news_take(struct store *s, int64_t game, int seat, char **text, int *from)
{
	struct db_stmt *st;
	char *out = NULL;
	size_t len = 0;
	int rc;

	*text = NULL;
	*from = 0;
	if ((rc = store_prepare(s, "SELECT seq, text FROM news WHERE game_id = ? AND seat = ? "
	    "ORDER BY id", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, seat);
	while ((rc = db_step(st)) == DB_ROW) {
		const char *t = db_col_text(st, 1);
		int seq = (int)db_col_int(st, 0);
		size_t n = t != NULL ? strlen(t) : 0;
		char *grown;

		if (*from == 0 || seq < *from)
			*from = seq;
		if (n == 0)
			continue;
		if ((grown = realloc(out, len + n + 2)) == NULL) {
			db_finalize(st);
			free(out);
			snprintf(s->err, sizeof(s->err), "out of memory");
			return STORE_ERROR;
		}
		out = grown;
		memcpy(out + len, t, n);
		len += n;
		out[len++] = '\n';
		out[len] = '\0';
	}
	db_finalize(st);
	if (rc != DB_DONE) {
		free(out);
		return store_fail(s, rc, "read held news");
	}
	if (out == NULL && (out = calloc(1, 1)) == NULL)
		return STORE_ERROR;
	if ((rc = store_prepare(s, "DELETE FROM news WHERE game_id = ? AND seat = ?", &st)) !=
	    STORE_OK) {
		free(out);
		return rc;
	}
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = store_done(s, st, "drop held news")) != STORE_OK) {
		free(out);
		return rc;
	}
	*text = out;
	return STORE_OK;
}

int
store_digests_due(struct store *s, int64_t now, char (**emails)[256], int *n)
{
	struct db_stmt *st;
	char (*list)[256] = NULL;
	int rc, cap = 0;

	*emails = NULL;
	*n = 0;
	if ((rc = store_prepare(s, "SELECT DISTINCT n.email FROM news n LEFT JOIN digests d ON "
	    "d.email = n.email WHERE n.digest = 1 AND (d.next_at IS NULL OR d.next_at <= ?) "
	    "ORDER BY n.email", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, now);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == cap) {
			char (*grown)[256];

			cap = cap ? cap * 2 : 16;
			if ((grown = realloc(list, sizeof(*list) * (size_t)cap)) == NULL) {
				db_finalize(st);
				free(list);
				return STORE_ERROR;
			}
			list = grown;
		}
		store_col_text(st, 0, list[*n], sizeof(list[0]));
		(*n)++;
	}
	db_finalize(st);
	if (rc != DB_DONE) {
		free(list);
		*n = 0;
		return store_fail(s, rc, "digests due");
	}
	*emails = list;
	return STORE_OK;
}

int
store_digest_seats(struct store *s, const char *email, int64_t *games, int *seats, int max,
    int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT DISTINCT game_id, seat FROM news WHERE email = ? AND "
	    "digest = 1 ORDER BY game_id, seat", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	while ((rc = db_step(st)) == DB_ROW && *n < max) {
		games[*n] = db_col_int(st, 0);
		seats[(*n)++] = (int)db_col_int(st, 1);
	}
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "a digest's games");
	return STORE_OK;
}

int
store_digest_get(struct store *s, const char *email, int64_t *next_at)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "SELECT next_at FROM digests WHERE email = ?", &st)) !=
	    STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	rc = db_step(st);
	if (rc == DB_ROW)
		*next_at = db_col_int(st, 0);
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "read a digest's time");
}

int
store_digest_put(struct store *s, const char *email, int64_t next_at)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "INSERT INTO digests (email, next_at) VALUES (?, ?) ON "
	    "CONFLICT (email) DO UPDATE SET next_at = excluded.next_at", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	db_bind_int(st, 2, next_at);
	return store_done(s, st, "store a digest's time");
}

static void
rating_read(struct db_stmt *st, struct store_rating *r)
{
	memset(r, 0, sizeof(*r));
	store_col_text(st, 0, r->player, sizeof(r->player));
	store_col_text(st, 1, r->rules, sizeof(r->rules));
	store_col_text(st, 2, r->name, sizeof(r->name));
	r->played = (int)db_col_int(st, 3);
	r->won = (int)db_col_int(st, 4);
	r->rating = db_col_int(st, 5);
	r->rd = db_col_int(st, 6);
	r->vol = db_col_int(st, 7);
	r->prev = db_col_int(st, 8);
	r->updated = db_col_int(st, 9);
}

#define RATING_COLUMNS "player, rules, name, played, won, rating, rd, vol, prev, updated"

int
store_rating_get(struct store *s, const char *player, const char *rules,
    struct store_rating *r)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "SELECT " RATING_COLUMNS " FROM ratings WHERE player = ? "
	    "AND rules = ?", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, player);
	db_bind_text(st, 2, rules);
	rc = db_step(st);
	if (rc == DB_ROW)
		rating_read(st, r);
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "read a rating");
}

int
store_rating_put(struct store *s, const struct store_rating *r)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "INSERT INTO ratings (" RATING_COLUMNS ") VALUES (?, ?, ?, ?, "
	    "?, ?, ?, ?, ?, ?) ON CONFLICT (player, rules) DO UPDATE SET name = excluded.name, "
	    "played = excluded.played, won = excluded.won, rating = excluded.rating, rd = "
	    "excluded.rd, vol = excluded.vol, prev = excluded.prev, updated = excluded.updated",
	    &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, r->player);
	db_bind_text(st, 2, r->rules);
	db_bind_text(st, 3, r->name);
	db_bind_int(st, 4, r->played);
	db_bind_int(st, 5, r->won);
	db_bind_int(st, 6, r->rating);
	db_bind_int(st, 7, r->rd);
	db_bind_int(st, 8, r->vol);
	db_bind_int(st, 9, r->prev);
	db_bind_int(st, 10, r->updated);
	return store_done(s, st, "store a rating");
}

int
store_ratings_each(struct store *s, const char *rules,
    int (*fn)(const struct store_rating *r, void *arg), void *arg)
{
	struct db_stmt *st;
	struct store_rating r;
	int rc, stop = 0;

	if ((rc = store_prepare(s, "SELECT " RATING_COLUMNS " FROM ratings WHERE "
	    "CAST(?1 AS TEXT) IS NULL OR rules = ?1 ORDER BY rules, rating DESC, player", &st)) !=
	    STORE_OK)
		return rc;
	if (rules != NULL)
		db_bind_text(st, 1, rules);
	else
		db_bind_null(st, 1);
	while (!stop && (rc = db_step(st)) == DB_ROW) {
		rating_read(st, &r);
		stop = fn(&r, arg);
	}
	db_finalize(st);
	if (!stop && rc != DB_DONE)
		return store_fail(s, rc, "read standings");
	return STORE_OK;
}
