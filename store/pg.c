/*
 * pg.c - the PostgreSQL backend of the store's statements (see
 * store_int.h), through libpq loaded at first use (pg_dl.c): a site on
 * SQLite never loads it.
 *
 * A statement is sent with its parameters typed (bigint, text, bytea) and
 * read back as text; bytea columns are decoded when read.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libpq-fe.h>

#include "store.h"
#include "store_int.h"
#include "pg_dl.h"

enum { MAXP = 32 };
enum { OID_INT8 = 20, OID_TEXT = 25, OID_BYTEA = 17 };

struct pg_conn {
	PGconn *c;
};

struct pg_stmt {
	char *sql;
	int nparams;
	const char *val[MAXP];
	int len[MAXP];
	int fmt[MAXP];
	Oid oid[MAXP];
	char num[MAXP][24];
	PGresult *res;
	int row, nrows;
	unsigned char *blob;	/* the last bytea decoded (PQfreemem) */
};

static void
quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/*
 * Keep a failed result's error as a STORE_* code: what may succeed when
 * tried again (a lock not granted in time, a serialization failure, a
 * deadlock, a lost connection) is STORE_BUSY; a full disk STORE_FULL; a
 * permission or a read-only transaction STORE_DENIED.
 */
static int
pg_error(struct store *s, const PGresult *res)
{
	const char *state = res != NULL ? pg_dl.resultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	const char *msg = res != NULL ? pg_dl.resultErrorMessage(res) : "";
	size_t n;

	if (msg == NULL || *msg == '\0')
		msg = pg_dl.errorMessage(s->conn->c);
	snprintf(s->dberr, sizeof(s->dberr), "%s", msg != NULL ? msg : "");
	n = strlen(s->dberr);
	while (n > 0 && (s->dberr[n - 1] == '\n' || s->dberr[n - 1] == ' '))
		s->dberr[--n] = '\0';
	for (char *p = s->dberr; *p != '\0'; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	if (pg_dl.status(s->conn->c) != CONNECTION_OK || state == NULL)
		return s->code = STORE_BUSY;
	if (strcmp(state, "40001") == 0 || strcmp(state, "40P01") == 0 ||
	    strcmp(state, "55P03") == 0 || strcmp(state, "57014") == 0 ||
	    strncmp(state, "08", 2) == 0 || strncmp(state, "57P", 3) == 0 ||
	    strcmp(state, "53300") == 0)
		return s->code = STORE_BUSY;
	if (strcmp(state, "53100") == 0)
		return s->code = STORE_FULL;
	if (strcmp(state, "42501") == 0 || strcmp(state, "25006") == 0)
		return s->code = STORE_DENIED;
	return s->code = STORE_ERROR;
}

/* Replace every occurrence of the n bytes at secret in text (of size cap) by ***. */
static void
scrub_one(char *text, size_t cap, const char *secret, size_t n)
{
	char *p = text;

	if (n == 0)
		return;
	while ((p = strstr(p, secret)) != NULL) {
		size_t tail = strlen(p + n) + 1;

		if ((size_t)(p - text) + 3 + tail > cap)
			tail = cap - (size_t)(p - text) - 3;	/* cut, never overrun */
		memmove(p + 3, p + n, tail);
		memcpy(p, "***", 3);
		text[cap - 1] = '\0';
		p += 3;
	}
}

/* secret's bytes percent-decoded into out (of size cap); 0, or -1 when not decodable. */
static int
decoded(const char *secret, size_t n, char *out, size_t cap)
{
	size_t i, k = 0;

	for (i = 0; i < n && k + 1 < cap; i++) {
		unsigned v;

		if (secret[i] != '%') {
			out[k++] = secret[i];
			continue;
		}
		if (i + 2 >= n || !isxdigit((unsigned char)secret[i + 1]) ||
		    !isxdigit((unsigned char)secret[i + 2]) ||
		    sscanf(secret + i + 1, "%2x", &v) != 1 || v == 0)
			return -1;
		out[k++] = (char)v;
		i += 2;
	}
	out[k] = '\0';
	return 0;
}

/*
 * Take every password a URI may hold out of text: the userinfo's
 * "user:PASSWORD@" (up to the last '@' before the query, so an '@' in the
 * password counts) and each "password=VALUE" of the query, as written
 * and percent-decoded.  libpq's messages may quote the URI or a part of it.
 */
static void
scrub(char *text, size_t cap, const char *uri)
{
	const char *scheme = strstr(uri, "://"), *q, *at = NULL, *p;
	char dec[256];

	if (scheme == NULL)
		return;
	q = strchr(scheme, '?');
	for (p = scheme + 3; *p != '\0' && (q == NULL || p < q); p++)
		if (*p == '@')
			at = p;
	if (at != NULL) {
		const char *colon = memchr(scheme + 3, ':', (size_t)(at - scheme - 3));

		if (colon != NULL && at > colon + 1) {
			size_t n = (size_t)(at - colon - 1);
			char raw[256];

			snprintf(raw, sizeof(raw), "%.*s", (int)n, colon + 1);
			scrub_one(text, cap, raw, strlen(raw));
			if (decoded(colon + 1, n, dec, sizeof(dec)) == 0)
				scrub_one(text, cap, dec, strlen(dec));
		}
	}
	for (p = q; p != NULL && (p = strstr(p, "password=")) != NULL; p += 9) {
		size_t n = strcspn(p + 9, "&");
		char raw[256];

		snprintf(raw, sizeof(raw), "%.*s", (int)n, p + 9);
		scrub_one(text, cap, raw, strlen(raw));
		if (decoded(p + 9, n, dec, sizeof(dec)) == 0)
			scrub_one(text, cap, dec, strlen(dec));
	}
}

/* The database for messages: a URI's password never appears. */
void
store_display_name(const char *uri, char *out, size_t len)
{
	snprintf(out, len, "%s", uri);
	scrub(out, len, uri);
}

int
pg_open(struct store *s, const char *uri, int readonly)
{
	static const char *const keys[] = { "connect_timeout", "fallback_application_name",
		"dbname", NULL };
	const char *vals[] = { "10", "arbiter", uri, NULL };
	char why[256];
	const char *msg;
	int rc;

	store_display_name(uri, s->name, sizeof(s->name));
	if (pg_dl_load(why, sizeof(why)) != 0) {
		snprintf(s->err, sizeof(s->err), "%.200s: %.250s", s->name, why);
		return STORE_UNAVAILABLE;
	}
	if ((s->conn = calloc(1, sizeof(*s->conn))) == NULL)
		return STORE_ERROR;
	s->pg = 1;
	s->conn->c = pg_dl.connectdbParams(keys, vals, 1);
	if (s->conn->c == NULL || pg_dl.status(s->conn->c) != CONNECTION_OK) {
		msg = s->conn->c != NULL ? pg_dl.errorMessage(s->conn->c) : "out of memory";
		snprintf(s->dberr, sizeof(s->dberr), "%s", msg);
		for (char *p = s->dberr; *p != '\0'; p++)
			if (*p == '\n' || *p == '\t')
				*p = *(p + 1) == '\0' ? '\0' : ' ';
		scrub(s->dberr, sizeof(s->dberr), uri);
		snprintf(s->err, sizeof(s->err), "cannot open database %.200s: %.280s", s->name,
		    s->dberr);
		/*
		 * A server that does not answer (or is starting or stopping) is
		 * one to wait for: 75.  One that answers and refuses us (a
		 * password, a role or a database that is wrong or missing), or a
		 * URI libpq cannot use, is the site's setup: 78.  Asked of libpq,
		 * not read from its words, which may be translated.
		 */
		if (s->conn->c != NULL && pg_dl.connectionNeedsPassword(s->conn->c))
			return STORE_DENIED;
		switch (pg_dl.pingParams(keys, vals, 1)) {
		case PQPING_NO_RESPONSE:
		case PQPING_REJECT:
			return STORE_BUSY;
		default:
			return STORE_DENIED;
		}
	}
	pg_dl.setNoticeProcessor(s->conn->c, quiet, NULL);
	/*
	 * A lock not granted within 10 s is "try again later", as SQLite's busy
	 * timeout; a reader's connection refuses every write.
	 */
	rc = pg_exec(s, readonly ? "SET lock_timeout = '10s'; "
	    "SET default_transaction_read_only = on" : "SET lock_timeout = '10s'");
	if (rc != STORE_OK)
		return store_fail(s, rc, "open");
	return STORE_OK;
}

void
pg_close(struct store *s)
{
	if (s->conn != NULL && s->conn->c != NULL)
		pg_dl.finish(s->conn->c);
	free(s->conn);
	s->conn = NULL;
}

int
pg_exec(struct store *s, const char *sql)
{
	PGresult *r = pg_dl.exec(s->conn->c, sql);
	int st = r != NULL ? (int)pg_dl.resultStatus(r) : PGRES_FATAL_ERROR, rc = STORE_OK;

	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		rc = pg_error(s, r);
	pg_dl.clear(r);
	return rc;
}

int
pg_connected(struct store *s)
{
	return pg_dl.status(s->conn->c) == CONNECTION_OK;
}

int
pg_in_transaction(struct store *s)
{
	return pg_dl.transactionStatus(s->conn->c) != PQTRANS_IDLE;
}

/*
 * SQLite's statement in PostgreSQL's words: ?N and ? become $N (a bare ?
 * takes the number after the highest so far, as in SQLite), "INDEXED BY
 * name" goes; quoted text is left alone.
 */
static char *
translate(const char *sql, int *nparams)
{
	size_t n = strlen(sql);
	char *out = malloc(n * 3 + 1), *o = out;
	const char *p = sql;
	int max = 0;

	if (out == NULL)
		return NULL;
	while (*p != '\0') {
		if (*p == '\'' || *p == '"') {
			char q = *p;

			*o++ = *p++;
			while (*p != '\0' && *p != q)
				*o++ = *p++;
			if (*p != '\0')
				*o++ = *p++;
		} else if (*p == '?') {
			int k;

			p++;
			if (*p >= '0' && *p <= '9') {
				k = (int)strtol(p, (char **)&p, 10);
			} else
				k = max + 1;
			if (k > max)
				max = k;
			o += sprintf(o, "$%d", k);
		} else if (strncmp(p, "INDEXED BY ", 11) == 0) {
			p += 11;
			while (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
				p++;
		} else
			*o++ = *p++;
	}
	*o = '\0';
	*nparams = max;
	return out;
}

struct db_stmt *
pg_prepare(struct store *s, const char *sql)
{
	struct db_stmt *st = calloc(1, sizeof(*st));
	struct pg_stmt *p = calloc(1, sizeof(*p));

	if (st == NULL || p == NULL || (p->sql = translate(sql, &p->nparams)) == NULL) {
		free(st);
		free(p);
		snprintf(s->dberr, sizeof(s->dberr), "out of memory");
		return NULL;
	}
	if (p->nparams > MAXP) {
		snprintf(s->dberr, sizeof(s->dberr), "a statement with %d parameters", p->nparams);
		free(p->sql);
		free(p);
		free(st);
		return NULL;
	}
	/* A parameter never bound is a text NULL (its type must be known). */
	for (int i = 0; i < MAXP; i++)
		p->oid[i] = OID_TEXT;
	p->row = -1;
	st->s = s;
	st->pg = p;
	return st;
}

void
pg_bind(struct db_stmt *st, int i, int kind, int64_t v, const void *data, size_t n)
{
	struct pg_stmt *p = st->pg;

	if (i < 1 || i > MAXP)
		return;
	i--;
	if (i + 1 > p->nparams)
		p->nparams = i + 1;
	p->fmt[i] = 0;
	p->len[i] = 0;
	switch (kind) {
	case DB_BIND_INT:
		snprintf(p->num[i], sizeof(p->num[i]), "%lld", (long long)v);
		p->val[i] = p->num[i];
		p->oid[i] = OID_INT8;
		break;
	case DB_BIND_TEXT:
		p->val[i] = data;
		p->oid[i] = OID_TEXT;
		break;
	case DB_BIND_BLOB:
		/* Sent as bytes (binary format); an empty blob is not NULL. */
		p->val[i] = n > 0 ? data : "";
		p->len[i] = (int)n;
		p->fmt[i] = 1;
		p->oid[i] = OID_BYTEA;
		break;
	default:
		p->val[i] = NULL;
		break;
	}
}

int
pg_step(struct db_stmt *st)
{
	struct pg_stmt *p = st->pg;
	struct store *s = st->s;
	int status;

	if (p->res == NULL) {
		p->res = pg_dl.execParams(s->conn->c, p->sql, p->nparams, p->oid, p->val, p->len,
		    p->fmt, 0);
		status = p->res != NULL ? (int)pg_dl.resultStatus(p->res) : PGRES_FATAL_ERROR;
		if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
			const char *t = pg_dl.cmdTuples(p->res);

			s->changes = t != NULL && *t != '\0' ? strtoll(t, NULL, 10) : 0;
			p->nrows = status == PGRES_TUPLES_OK ? pg_dl.ntuples(p->res) : 0;
		} else {
			pg_error(s, p->res);
			return DB_ERR;
		}
	}
	if (p->row + 1 < p->nrows) {
		p->row++;
		return DB_ROW;
	}
	p->row = p->nrows;
	return DB_DONE;
}

const char *
pg_col(struct db_stmt *st, int col, size_t *len, int blob)
{
	struct pg_stmt *p = st->pg;
	const char *v;
	size_t n;

	if (len != NULL)
		*len = 0;
	if (p->res == NULL || p->row < 0 || p->row >= p->nrows ||
	    col >= pg_dl.nfields(p->res) || pg_dl.getisnull(p->res, p->row, col))
		return NULL;
	v = pg_dl.getvalue(p->res, p->row, col);
	if (!blob) {
		if (len != NULL)
			*len = (size_t)pg_dl.getlength(p->res, p->row, col);
		return v;
	}
	if (p->blob != NULL)
		pg_dl.freemem(p->blob);
	p->blob = pg_dl.unescapeBytea((const unsigned char *)v, &n);
	if (p->blob == NULL)
		return NULL;
	*len = n;
	return (const char *)p->blob;
}

int
pg_col_count(struct db_stmt *st)
{
	return st->pg->res != NULL ? pg_dl.nfields(st->pg->res) : 0;
}

const char *
pg_col_name(struct db_stmt *st, int col)
{
	return st->pg->res != NULL ? pg_dl.fname(st->pg->res, col) : NULL;
}

int
pg_col_kind(struct db_stmt *st, int col)
{
	struct pg_stmt *p = st->pg;

	if (pg_col(st, col, NULL, 0) == NULL)
		return DB_BIND_NULL;
	switch (pg_dl.ftype(p->res, col)) {
	case 16: case 20: case 21: case 23:	/* bool, int8, int2, int4 */
		return DB_BIND_INT;
	case OID_BYTEA:
		return DB_BIND_BLOB;
	default:
		return DB_BIND_TEXT;
	}
}

void
pg_reset(struct db_stmt *st)
{
	struct pg_stmt *p = st->pg;
	int i;

	if (p->blob != NULL)
		pg_dl.freemem(p->blob);
	p->blob = NULL;
	pg_dl.clear(p->res);
	p->res = NULL;
	p->row = -1;
	p->nrows = 0;
	for (i = 0; i < MAXP; i++) {
		p->val[i] = NULL;
		p->len[i] = 0;
		p->fmt[i] = 0;
		p->oid[i] = OID_TEXT;
	}
}

void
pg_finalize(struct db_stmt *st)
{
	struct pg_stmt *p = st->pg;

	if (p->blob != NULL)
		pg_dl.freemem(p->blob);
	pg_dl.clear(p->res);
	free(p->sql);
	free(p);
	free(st);
}
