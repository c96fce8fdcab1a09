/* tables.c - games opened by mail that wait for players; see store_tables.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_int.h"
#include "store_tables.h"

int
store_table_create(struct store *s, struct store_table *t)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_next_game_id(s, &t->id)) != STORE_OK)
		return rc;
	if ((rc = store_prepare(s, "INSERT INTO tables (id, rules, options, title, nseats, "
	    "clock, created, opener) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, t->id);
	db_bind_text(st, 2, t->rules);
	db_bind_text(st, 3, t->options);
	db_bind_text(st, 4, t->title);
	db_bind_int(st, 5, t->nseats);
	db_bind_text(st, 6, t->clock);
	db_bind_int(st, 7, t->created);
	db_bind_text(st, 8, t->opener);
	return store_done(s, st, "open a table");
}

int
store_table_get(struct store *s, int64_t id, struct store_table *t)
{
	struct db_stmt *st;
	int rc;

	memset(t, 0, sizeof(*t));
	if ((rc = store_prepare(s, "SELECT rules, options, title, nseats, clock, created, opener "
	    "FROM tables WHERE id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	rc = db_step(st);
	if (rc == DB_ROW) {
		t->id = id;
		store_col_text(st, 0, t->rules, sizeof(t->rules));
		t->options = store_col_dup(st, 1);
		store_col_text(st, 2, t->title, sizeof(t->title));
		t->nseats = db_col_int(st, 3);
		store_col_text(st, 4, t->clock, sizeof(t->clock));
		t->created = db_col_int(st, 5);
		store_col_text(st, 6, t->opener, sizeof(t->opener));
	}
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	if (rc != DB_ROW)
		return store_fail(s, rc, "read table");
	if (t->options == NULL) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return STORE_ERROR;
	}
	if ((rc = store_prepare(s, "SELECT name, email, nonce, mailed_at FROM table_seats "
	    "WHERE table_id = ? ORDER BY idx", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW && t->ntaken < STORE_TABLE_SEATS) {
		store_col_text(st, 0, t->name[t->ntaken], sizeof(t->name[0]));
		store_col_text(st, 1, t->email[t->ntaken], sizeof(t->email[0]));
		store_col_text(st, 2, t->nonce[t->ntaken], sizeof(t->nonce[0]));
		t->mailed_at[t->ntaken] = db_col_int(st, 3);
		t->ntaken++;
	}
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "read table seats");
	return STORE_OK;
}

void
store_table_free(struct store_table *t)
{
	free(t->options);
	t->options = NULL;
}

int
store_table_set_seats(struct store *s, const struct store_table *t)
{
	struct db_stmt *st;
	int rc, i;

	if ((rc = store_prepare(s, "DELETE FROM table_seats WHERE table_id = ?", &st)) !=
	    STORE_OK)
		return rc;
	db_bind_int(st, 1, t->id);
	if ((rc = store_done(s, st, "table seats")) != STORE_OK)
		return rc;
	for (i = 0; i < t->ntaken; i++) {
		if ((rc = store_prepare(s, "INSERT INTO table_seats (table_id, idx, name, email, "
		    "nonce, mailed_at) VALUES (?, ?, ?, ?, ?, ?)", &st)) != STORE_OK)
			return rc;
		db_bind_int(st, 1, t->id);
		db_bind_int(st, 2, i);
		db_bind_text(st, 3, t->name[i]);
		db_bind_text(st, 4, t->email[i]);
		db_bind_text(st, 5, t->nonce[i]);
		db_bind_int(st, 6, t->mailed_at[i]);
		if ((rc = store_done(s, st, "table seats")) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int
store_table_delete(struct store *s, int64_t id)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "DELETE FROM table_seats WHERE table_id = ?", &st)) !=
	    STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	if ((rc = store_done(s, st, "close table")) != STORE_OK)
		return rc;
	if ((rc = store_prepare(s, "DELETE FROM tables WHERE id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	return store_done(s, st, "close table");
}

int
store_tables_open(struct store *s, int64_t *ids, int max, int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT id FROM tables ORDER BY id DESC", &st)) != STORE_OK)
		return rc;
	while ((rc = db_step(st)) == DB_ROW && *n < max)
		ids[(*n)++] = db_col_int(st, 0);
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "list tables");
	return STORE_OK;
}

int
store_tables_opened(struct store *s, const char *email, int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT count(*) FROM tables WHERE opener = ? COLLATE NOCASE",
	    &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	rc = db_step(st);
	if (rc == DB_ROW)
		*n = (int)db_col_int(st, 0);
	db_finalize(st);
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "count an address's tables");
}

int
store_table_by_nonce(struct store *s, const char *nonce, int64_t *id, int *idx)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "SELECT table_id, idx FROM table_seats WHERE nonce = ? AND "
	    "nonce != ''", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, nonce);
	rc = db_step(st);
	if (rc == DB_ROW) {
		*id = db_col_int(st, 0);
		*idx = (int)db_col_int(st, 1);
	}
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "find an invitation");
}

int
store_invitations_unmailed(struct store *s, int64_t *ids, int *idxs, int max, int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT table_id, idx FROM table_seats WHERE nonce != '' AND "
	    "mailed_at = 0 ORDER BY table_id, idx LIMIT ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, max);
	while ((rc = db_step(st)) == DB_ROW && *n < max) {
		ids[*n] = db_col_int(st, 0);
		idxs[(*n)++] = (int)db_col_int(st, 1);
	}
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "invitations to send");
	return STORE_OK;
}

int
store_opened_note(struct store *s, const char *email, const char *kind, int64_t at)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "INSERT INTO opened (email, kind, at) VALUES (?, ?, ?)",
	    &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	db_bind_text(st, 2, kind);
	db_bind_int(st, 3, at);
	return store_done(s, st, "note a game opened");
}

int
store_opened_since(struct store *s, const char *email, const char *kind, int64_t since,
    int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT count(*) FROM opened WHERE email = ? AND kind = ? "
	    "AND at >= ?", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	db_bind_text(st, 2, kind);
	db_bind_int(st, 3, since);
	rc = db_step(st);
	if (rc == DB_ROW)
		*n = (int)db_col_int(st, 0);
	db_finalize(st);
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "count games opened");
}

int
store_address_games(struct store *s, const char *email, int running, int64_t *ids, int max,
    int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	if ((rc = store_prepare(s, "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON "
	    "g.id = s.game_id WHERE s.email = ?1 COLLATE NOCASE AND (?2 = 0 OR g.over = 0) "
	    "ORDER BY s.game_id DESC LIMIT ?3", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	db_bind_int(st, 2, running);
	db_bind_int(st, 3, max);
	while ((rc = db_step(st)) == DB_ROW && *n < max)
		ids[(*n)++] = db_col_int(st, 0);
	db_finalize(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return store_fail(s, rc, "an address's games");
	return STORE_OK;
}
