/*
 * mail.c - the outbox, inbound messages already handled, the replies sent
 * to each sender (for rate limiting) and site settings kept in the
 * database; see store_mail.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_int.h"
#include "store_mail.h"

int
store_meta_get(struct store *s, const char *key, char *buf, size_t len)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "SELECT value FROM meta WHERE key = ?", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, key);
	rc = db_step(st);
	if (rc == DB_ROW) {
		store_col_text(st, 0, buf, len);
		db_finalize(st);
		return STORE_OK;
	}
	db_finalize(st);
	return rc == DB_DONE ? STORE_NOTFOUND : store_fail(s, rc, "read setting");
}

int
store_meta_put(struct store *s, const char *key, const char *value)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) "
	    "DO UPDATE SET value = excluded.value", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, key);
	db_bind_text(st, 2, value);
	return store_done(s, st, "store setting");
}

int
store_meta_add(struct store *s, const char *key, const char *value)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, key);
	db_bind_text(st, 2, value);
	return store_done(s, st, "store setting");
}

int
store_outbox_add(struct store *s, const struct store_mail *m)
{
	struct db_stmt *st;
	int64_t id;
	int rc;

	rc = store_prepare(s, "INSERT INTO outbox (game_id, seat, kind, rcpt, created, next_try, "
	    "held, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, m->game);
	db_bind_int(st, 2, m->seat);
	db_bind_text(st, 3, m->kind);
	db_bind_text(st, 4, m->rcpt);
	db_bind_int(st, 5, m->created);
	db_bind_int(st, 6, m->not_before > m->created ? m->not_before : m->created);
	db_bind_int(st, 7, m->held != 0);
	db_bind_int(st, 8, m->seq);
	if ((rc = db_step(st)) != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "queue mail");
	}
	id = db_col_int(st, 0);
	db_finalize(st);
	/* (Without a picture its columns stay NULL: PostgreSQL takes a NULL
	 * parameter as text, which an integer column refuses.) */
	rc = store_prepare(s, m->picture_at[0] != '\0' ? "INSERT INTO outbox_body (id, message, "
	    "picture_at) VALUES (?, ?, ?)" :
	    "INSERT INTO outbox_body (id, message) VALUES (?, ?)", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	db_bind_blob(st, 2, m->message, m->len);
	if (m->picture_at[0] != '\0')
		db_bind_text(st, 3, m->picture_at);
	return store_done(s, st, "queue mail");
}

int
store_outbox_taken_back(struct store *s, int64_t game, int nmoves, int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	rc = store_prepare(s, "DELETE FROM outbox WHERE game_id = ? AND seq > ? AND sent_at = 0 "
	    "AND failed = 0", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, nmoves);
	if ((rc = store_done(s, st, "drop the mail of moves taken back")) == STORE_OK)
		*n = (int)s->changes;
	return rc;
}

int
store_picture_view(struct store *s, int64_t id, char **view)
{
	struct db_stmt *st;
	int rc;

	*view = NULL;
	if ((rc = store_prepare(s, "SELECT view FROM pictures WHERE id = ?", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, id);
	rc = db_step(st);
	if (rc == DB_ROW)
		*view = store_col_dup(st, 0);
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	if (rc != DB_ROW)
		return store_fail(s, rc, "read picture");
	if (*view == NULL) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return STORE_ERROR;
	}
	return STORE_OK;
}

/* Record one outcome. */
static int
record(struct store *s, const struct store_mail_result *r, int64_t now)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "UPDATE outbox SET sent_at = ?, failed = ?, attempts = ?, "
	    "next_try = ?, claimed_until = 0, claimed_by = '', last_error = ? WHERE id = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, r->sent ? now : 0);
	db_bind_int(st, 2, r->failed);
	db_bind_int(st, 3, r->attempts);
	db_bind_int(st, 4, r->next_try);
	db_bind_text(st, 5, r->error);
	db_bind_int(st, 6, r->id);
	return store_done(s, st, "record delivery");
}

/* Read the claimed row st is on into m. */
static int
read_mail(struct store *s, struct db_stmt *st, struct store_mail *m)
{
	const void *blob;

	memset(m, 0, sizeof(*m));
	m->id = db_col_int(st, 0);
	m->game = db_col_int(st, 1);
	m->seat = db_col_int(st, 2);
	store_col_text(st, 3, m->kind, sizeof(m->kind));
	store_col_text(st, 4, m->rcpt, sizeof(m->rcpt));
	blob = db_col_blob(st, 5, &m->len);
	m->created = db_col_int(st, 6);
	m->attempts = db_col_int(st, 7);
	m->retried = db_col_int(st, 8) != 0;
	m->picture = db_col_null(st, 9) ? 0 : db_col_int(st, 9);
	/* a picture named by no row of pictures shows the mail's position */
	m->picture_seq = db_col_null(st, 9) && !db_col_null(st, 10) ?
	    (int)db_col_int(st, 11) : -1;
	if (!db_col_null(st, 10))
		store_col_text(st, 10, m->picture_at, sizeof(m->picture_at));
	m->message = malloc(m->len + 1);
	if (m->message == NULL) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return STORE_ERROR;
	}
	if (m->len > 0)
		memcpy(m->message, blob, m->len);
	m->message[m->len] = '\0';
	return STORE_OK;
}

static int outbox_step(struct store *s, const struct store_mail_result *done, int ndone,
    int64_t now, int64_t lease, struct store_mail *claimed, int max, int *nclaimed);

int
store_outbox_step(struct store *s, const struct store_mail_result *done, int ndone,
    int64_t now, int64_t lease, struct store_mail *claimed, int max, int *nclaimed)
{
	int rc, i;

	*nclaimed = 0;
	/*
	 * The send loop's bookkeeping is committed without an fsync of its
	 * own (synchronous=NORMAL in WAL mode): it is visible to every other
	 * process at once, survives arbiter being killed, and becomes durable
	 * with the next synced commit or checkpoint.  Only a crash of the
	 * machine can take back the last of these records; what then follows
	 * is a mail delivered again (Maildir: found in place, not added;
	 * SMTP: sent twice), never a mail lost, since the mail itself was
	 * queued by a synced commit.  Moves and every other change stay FULL.
	 * PostgreSQL gets the same promise from synchronous_commit = off for
	 * this transaction alone (store_begin_queue).
	 */
	if (s->pg)
		return outbox_step(s, done, ndone, now, lease, claimed, max, nclaimed);
	if ((rc = store_exec(s, "PRAGMA synchronous = NORMAL", "outbox")) != STORE_OK)
		return rc;
	rc = outbox_step(s, done, ndone, now, lease, claimed, max, nclaimed);
	i = store_exec(s, "PRAGMA synchronous = FULL", "outbox");
	return rc != STORE_OK ? rc : i;
}

/*
 * A mail this connection's sender may claim at ?1 (now): not sent, not
 * refused, due, its claim expired, and the claim none, ours, or older than
 * the takeover (?3 the claimer, ?4 now less the takeover).
 */
#define CLAIMABLE "sent_at = 0 AND failed = 0 AND next_try <= ?1 AND " \
	"claimed_until <= ?1 AND (claimed_by = '' OR claimed_by = ?3 OR claimed_until <= ?4)"

/* store_outbox_step's transaction. */
static int
outbox_step(struct store *s, const struct store_mail_result *done, int ndone,
    int64_t now, int64_t lease, struct store_mail *claimed, int max, int *nclaimed)
{
	struct db_stmt *st = NULL;
	int rc, i, n = 0;

	if ((rc = store_begin_queue(s)) != STORE_OK)
		return rc;
	for (i = 0; i < ndone; i++)
		if ((rc = record(s, &done[i], now)) != STORE_OK)
			goto fail;
	if (max > 0) {
		/*
		 * PostgreSQL: rows another host's sender is claiming right now
		 * are skipped, not waited for and then claimed a second time.
		 */
		/*
		 * An expired claim is taken over at once when it was an SMTP
		 * sender's or ours; another Maildir's only takeover seconds
		 * later (see store_outbox_claimer).
		 */
		rc = store_prepare2(s, "SELECT o.id, game_id, seat, kind, rcpt, b.message, created, "
		    "attempts, claimed_until, b.picture, b.picture_at, o.seq FROM outbox AS o "
		    "INDEXED BY outbox_queue JOIN outbox_body AS b ON b.id = o.id "
		    "WHERE " CLAIMABLE " ORDER BY o.id LIMIT ?2",
		    "SELECT o.id, game_id, seat, kind, rcpt, b.message, created, "
		    "attempts, claimed_until, b.picture, b.picture_at, o.seq FROM outbox AS o "
		    "JOIN outbox_body AS b ON b.id = o.id "
		    "WHERE " CLAIMABLE " ORDER BY o.id LIMIT ?2 FOR UPDATE OF o SKIP LOCKED", &st);
		if (rc != STORE_OK)
			goto fail;
		db_bind_int(st, 1, now);
		db_bind_int(st, 2, max);
		db_bind_text(st, 3, s->claimer);
		db_bind_int(st, 4, now - s->takeover);
		while ((rc = db_step(st)) == DB_ROW) {
			if ((rc = read_mail(s, st, &claimed[n])) != STORE_OK) {
				db_finalize(st);
				goto fail;
			}
			n++;
		}
		db_finalize(st);
		if (rc != DB_DONE) {
			rc = store_fail(s, rc, "read outbox");
			goto fail;
		}
		for (i = 0; i < n; i++) {
			rc = store_prepare(s, "UPDATE outbox SET claimed_until = ?, claimed_by = ? "
			    "WHERE id = ?", &st);
			if (rc != STORE_OK)
				goto fail;
			db_bind_int(st, 1, now + lease);
			db_bind_text(st, 2, s->claimer);
			db_bind_int(st, 3, claimed[i].id);
			if ((rc = store_done(s, st, "claim mail")) != STORE_OK)
				goto fail;
		}
	}
	if ((rc = store_commit(s)) != STORE_OK)
		goto fail;
	*nclaimed = n;
	return STORE_OK;
fail:
	store_rollback(s);
	for (i = 0; i < n; i++)
		store_mail_free(&claimed[i]);
	return rc;
}

void
store_outbox_claimer(struct store *s, const char *claimer, int64_t takeover)
{
	snprintf(s->claimer, sizeof(s->claimer), "%s", claimer != NULL ? claimer : "");
	s->takeover = takeover;
}

int
store_outbox_drop_seat(struct store *s, int64_t game, int seat, int *dropped)
{
	struct db_stmt *st;
	int rc;

	*dropped = 0;
	if ((rc = store_prepare(s, "DELETE FROM outbox WHERE game_id = ? AND seat = ? AND "
	    "sent_at = 0 AND failed = 0", &st)) != STORE_OK)
		return rc;
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = store_done(s, st, "drop a seat's queued mail")) == STORE_OK)
		*dropped = (int)s->changes;
	return rc;
}

int
store_outbox_queued(struct store *s, int *queued)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "SELECT count(*) FROM outbox INDEXED BY outbox_queue "
	    "WHERE sent_at = 0 AND failed = 0", &st);
	if (rc != STORE_OK)
		return rc;
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "count outbox");
	}
	*queued = db_col_int(st, 0);
	db_finalize(st);
	return STORE_OK;
}

int
store_outbox_due(struct store *s, int64_t now, int *due)
{
	struct db_stmt *st;
	int rc;

	*due = 0;
	rc = store_prepare(s, "SELECT EXISTS (SELECT 1 FROM outbox INDEXED BY outbox_queue "
	    "WHERE " CLAIMABLE ")", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, now);
	db_bind_text(st, 3, s->claimer);
	db_bind_int(st, 4, now - s->takeover);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "look for due mail");
	}
	*due = db_col_int(st, 0) != 0;
	db_finalize(st);
	return STORE_OK;
}

int
store_outbox_held(struct store *s, int *held)
{
	struct db_stmt *st;
	int rc;

	*held = 0;
	rc = store_prepare(s, "SELECT count(*) FROM outbox INDEXED BY outbox_queue "
	    "WHERE sent_at = 0 AND failed = 0 AND held != 0", &st);
	if (rc != STORE_OK)
		return rc;
	rc = db_step(st);
	if (rc == DB_ROW)
		*held = (int)db_col_int(st, 0);
	db_finalize(st);
	return rc == DB_ROW ? STORE_OK : store_fail(s, rc, "count held mail");
}

int
store_outbox_held_report(struct store *s,
    void (*fn)(const char *rcpt, const char *kind, int64_t game, int64_t at, void *arg),
    void *arg)
{
	struct db_stmt *st;
	int rc, n = 0;

	if ((rc = store_begin_queue(s)) != STORE_OK)
		return rc;
	rc = store_prepare(s, "SELECT rcpt, kind, game_id, next_try FROM outbox INDEXED BY "
	    "outbox_held WHERE held = 1 ORDER BY id", &st);
	if (rc != STORE_OK)
		goto fail;
	while ((rc = db_step(st)) == DB_ROW) {
		const char *rcpt = db_col_text(st, 0), *kind = db_col_text(st, 1);

		fn(rcpt != NULL ? rcpt : "", kind != NULL ? kind : "", db_col_int(st, 2),
		    db_col_int(st, 3), arg);
		n++;
	}
	db_finalize(st);
	if (rc != DB_DONE) {
		rc = store_fail(s, rc, "read held mail");
		goto fail;
	}
	if (n > 0 && (rc = store_exec(s, "UPDATE outbox SET held = 2 WHERE held = 1",
	    "mark held mail reported")) != STORE_OK)
		goto fail;
	return store_commit(s);
fail:
	store_rollback(s);
	return rc;
}

int
store_outbox_purge(struct store *s, int64_t before, int *n)
{
	struct db_stmt *st;
	int rc;

	*n = 0;
	rc = store_prepare(s, "DELETE FROM outbox INDEXED BY outbox_done WHERE created < ? "
	    "AND (sent_at != 0 OR failed != 0)", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, before);
	if ((rc = store_done(s, st, "delete old mail")) != STORE_OK)
		return rc;
	*n = (int)s->changes;
	if (*n == 0)
		return STORE_OK;
	rc = store_prepare(s, "DELETE FROM pictures WHERE NOT EXISTS (SELECT 1 FROM outbox_body "
	    "AS b WHERE b.picture = pictures.id)", &st);
	if (rc != STORE_OK)
		return rc;
	return store_done(s, st, "delete old pictures");
}

void
store_mail_free(struct store_mail *m)
{
	free(m->message);
	m->message = NULL;
}

int
store_inbound_seen(struct store *s, const char *key)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "SELECT EXISTS (SELECT 1 FROM inbound WHERE message_id = ?1) "
	    "OR EXISTS (SELECT 1 FROM moves WHERE message_id = ?1)", &st);
	if (rc != STORE_OK)
		return -rc;
	db_bind_text(st, 1, key);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return -store_fail(s, rc, "look up inbound mail");
	}
	rc = db_col_int(st, 0) != 0;
	db_finalize(st);
	return rc;
}

int
store_inbound_put(struct store *s, const char *message_id, int64_t at, int64_t game,
    int seat, const char *result)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "INSERT INTO inbound (message_id, at, game_id, seat, result) "
	    "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, message_id);
	db_bind_int(st, 2, at);
	db_bind_int(st, 3, game);
	db_bind_int(st, 4, seat);
	db_bind_text(st, 5, result);
	return store_done(s, st, "record inbound");
}

/*
 * The count of one query with at most two parameters: addr (bound first,
 * skipped when NULL) and since.  what names it in an error.
 */
static int
count_since(struct store *s, const char *sql, const char *addr, int64_t since,
    const char *what, int *count)
{
	struct db_stmt *st;
	int rc, k = 1;

	rc = store_prepare(s, sql, &st);
	if (rc != STORE_OK)
		return rc;
	if (addr != NULL)
		db_bind_text(st, k++, addr);
	db_bind_int(st, k, since);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, what);
	}
	*count = db_col_int(st, 0);
	db_finalize(st);
	return STORE_OK;
}

int
store_replies_since(struct store *s, const char *addr, int64_t since, int *count)
{
	return count_since(s, "SELECT count(*) FROM replies WHERE addr = ? AND at >= ?", addr,
	    since, "count replies", count);
}

int
store_replies_strangers_since(struct store *s, int64_t since, int *count)
{
	return count_since(s, "SELECT count(*) FROM replies WHERE stranger IN (1, 2) AND "
	    "at >= ?", NULL, since, "count replies", count);
}

int
store_confirmations_since(struct store *s, const char *addr, int64_t since, int *count)
{
	return count_since(s, "SELECT count(*) FROM replies WHERE addr = ? AND stranger IN "
	    "(2, 3) AND at >= ?", addr, since, "count confirmation requests", count);
}

/* The setting that notes an address's dropped answers: "FIRST LAST COUNT SAID". */
static void
dropped_key(const char *addr, char *key, size_t len)
{
	size_t i;

	snprintf(key, len, "dropped:%s", addr);
	for (i = 8; key[i] != '\0'; i++)
		if (key[i] >= 'A' && key[i] <= 'Z')
			key[i] = (char)(key[i] + 32);
}

int
store_dropped_note(struct store *s, const char *addr, int64_t now)
{
	char key[320], value[100];
	long long first = now, last = 0, count = 0;
	int said = 0, rc;

	dropped_key(addr, key, sizeof(key));
	rc = store_meta_get(s, key, value, sizeof(value));
	if (rc == STORE_OK && sscanf(value, "%lld %lld %lld %d", &first, &last, &count,
	    &said) == 4 && last > now - 86400) {
		count++;
	} else if (rc == STORE_OK || rc == STORE_NOTFOUND) {
		first = now;
		count = 1;
		said = 0;
	} else
		return rc;
	snprintf(value, sizeof(value), "%lld %lld %lld %d", first, (long long)now, count, said);
	return store_meta_put(s, key, value);
}

int
store_dropped_report(struct store *s,
    void (*fn)(const char *addr, int count, int64_t first, void *arg), void *arg)
{
	struct db_stmt *st;
	char (*keys)[320] = NULL, (*vals)[100] = NULL;
	int rc, n = 0, i;

	if ((rc = store_begin_queue(s)) != STORE_OK)
		return rc;
	rc = store_prepare(s, "SELECT key, value FROM meta WHERE key LIKE 'dropped:%' ORDER BY "
	    "key", &st);
	if (rc != STORE_OK)
		goto fail;
	while ((rc = db_step(st)) == DB_ROW) {
		long long first, last, count;
		int said;
		const char *k = db_col_text(st, 0), *v = db_col_text(st, 1);
		void *nk, *nv;

		if (k == NULL || v == NULL || sscanf(v, "%lld %lld %lld %d", &first, &last, &count,
		    &said) != 4 || said)
			continue;
		if ((nk = realloc(keys, (size_t)(n + 1) * sizeof(*keys))) != NULL)
			keys = nk;
		if ((nv = realloc(vals, (size_t)(n + 1) * sizeof(*vals))) != NULL)
			vals = nv;
		if (nk == NULL || nv == NULL) {
			rc = DB_ERR;
			break;
		}
		snprintf(keys[n], sizeof(keys[n]), "%s", k);
		snprintf(vals[n], sizeof(vals[n]), "%lld %lld %lld 1", first, last, count);
		fn(k + 8, (int)count, (int64_t)first, arg);
		n++;
	}
	db_finalize(st);
	if (rc != DB_DONE) {
		rc = store_fail(s, rc, "read dropped answers");
		goto fail;
	}
	for (i = 0; i < n; i++)
		if ((rc = store_meta_put(s, keys[i], vals[i])) != STORE_OK)
			goto fail;
	free(keys);
	free(vals);
	return store_commit(s);
fail:
	free(keys);
	free(vals);
	store_rollback(s);
	return rc;
}

int
store_reply_slot(struct store *s, const char *addr, int64_t now, int most, int64_t *at)
{
	struct db_stmt *st;
	int rc;

	*at = now;
	if (most <= 0)
		most = 1;
	rc = store_prepare(s, "SELECT at FROM replies WHERE addr = ? AND at > ? ORDER BY at DESC "
	    "LIMIT 1 OFFSET ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, addr);
	db_bind_int(st, 2, now - 3600);
	db_bind_int(st, 3, most - 1);
	rc = db_step(st);
	if (rc == DB_ROW && db_col_int(st, 0) + 3600 > now)
		*at = db_col_int(st, 0) + 3600;
	db_finalize(st);
	return rc == DB_ROW || rc == DB_DONE ? STORE_OK : store_fail(s, rc, "count replies");
}

int
store_reply_note(struct store *s, const char *addr, int64_t at, int stranger)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "INSERT INTO replies (addr, at, stranger) VALUES (?, ?, ?)", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_text(st, 1, addr);
	db_bind_int(st, 2, at);
	db_bind_int(st, 3, stranger);
	return store_done(s, st, "note reply");
}

int
store_auth_failure_note(struct store *s, int64_t game, int64_t at)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "INSERT INTO auth_failures (game_id, at) VALUES (?, ?)", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, at);
	return store_done(s, st, "note wrong password");
}

int
store_auth_failures_since(struct store *s, int64_t game, int64_t since, int *count)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "SELECT count(*) FROM auth_failures WHERE game_id = ? AND at >= ?",
	    &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, game);
	db_bind_int(st, 2, since);
	rc = db_step(st);
	if (rc != DB_ROW) {
		db_finalize(st);
		return store_fail(s, rc, "count wrong passwords");
	}
	*count = db_col_int(st, 0);
	db_finalize(st);
	return STORE_OK;
}

int
store_game_set_remind(struct store *s, int64_t id, int hours)
{
	struct db_stmt *st;
	int rc;

	rc = store_prepare(s, "UPDATE games SET remind_hours = ? WHERE id = ?", &st);
	if (rc != STORE_OK)
		return rc;
	db_bind_int(st, 1, hours);
	db_bind_int(st, 2, id);
	return store_done(s, st, "set reminder interval");
}

/* Read one identity row of st. */
static int
identity_read(struct store *s, struct db_stmt *st, struct store_identity *id)
{
	int rc = db_step(st);

	memset(id, 0, sizeof(*id));
	if (rc == DB_ROW) {
		store_col_text(st, 0, id->email, sizeof(id->email));
		store_col_text(st, 1, id->nonce, sizeof(id->nonce));
		id->confirmed_at = db_col_int(st, 2);
		id->pending = store_col_dup(st, 3);
		id->created = db_col_int(st, 4);
		id->invited_at = db_col_int(st, 5);
		id->accepted_at = db_col_int(st, 6);
	}
	db_finalize(st);
	if (rc == DB_DONE)
		return STORE_NOTFOUND;
	if (rc != DB_ROW)
		return store_fail(s, rc, "read identity");
	if (id->pending == NULL) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return STORE_ERROR;
	}
	return STORE_OK;
}

int
store_identity_get(struct store *s, const char *email, struct store_identity *id)
{
	struct db_stmt *st;
	int rc;

	memset(id, 0, sizeof(*id));
	if ((rc = store_prepare(s, "SELECT email, nonce, confirmed_at, pending, created, "
	    "invited_at, accepted_at FROM identities WHERE email = ?", &st)) != STORE_OK)
		return rc;
	db_bind_text(st, 1, email);
	return identity_read(s, st, id);
}

int
store_identity_by_nonce(struct store *s, const char *nonce, struct store_identity *id)
{
	struct db_stmt *st;
	int rc;

	memset(id, 0, sizeof(*id));
	if ((rc = store_prepare(s, "SELECT email, nonce, confirmed_at, pending, created, "
	    "invited_at, accepted_at FROM identities WHERE nonce = ? AND nonce != ''", &st)) !=
	    STORE_OK)
		return rc;
	db_bind_text(st, 1, nonce);
	return identity_read(s, st, id);
}

int
store_identity_put(struct store *s, const struct store_identity *id)
{
	struct db_stmt *st;
	int rc;

	if ((rc = store_prepare(s, "INSERT INTO identities (email, nonce, confirmed_at, pending, "
	    "created, invited_at, accepted_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) "
	    "DO UPDATE SET email = excluded.email, nonce = excluded.nonce, confirmed_at = "
	    "excluded.confirmed_at, pending = excluded.pending, created = excluded.created, "
	    "invited_at = excluded.invited_at, accepted_at = excluded.accepted_at", &st)) !=
	    STORE_OK)
		return rc;
	db_bind_text(st, 1, id->email);
	db_bind_text(st, 2, id->nonce);
	db_bind_int(st, 3, id->confirmed_at);
	db_bind_text(st, 4, id->pending != NULL ? id->pending : "");
	db_bind_int(st, 5, id->created);
	db_bind_int(st, 6, id->invited_at);
	db_bind_int(st, 7, id->accepted_at);
	return store_done(s, st, "store identity");
}

void
store_identity_free(struct store_identity *id)
{
	free(id->pending);
	id->pending = NULL;
}
