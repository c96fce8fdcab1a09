/*
 * pg.c - the PostgreSQL backend of the store's statements (see
 * store_int.h), through libpq loaded at first use (pg_dl.c): a site on
 * SQLite never loads it.
 *
 * A statement is sent with its parameters typed (bigint, text, bytea) and
 * read back as text; bytea columns are decoded when read.
 */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libpq-fe.h>

#include "store.h"
#include "store_int.h"
#include "pg_dl.h"

enum { MAXP = 32 };
enum { OID_INT8 = 20, OID_TEXT = 25, OID_BYTEA = 17 };

struct pg_conn {
	PGconn *c;
	int64_t wait_ms;	/* how long a statement's answer is waited for */
	int dead;		/* it did not answer in time: given up */
};

/*
 * The session's bounds, set unless the URI's options, the role or the
 * database set their own; the statement's first column is the
 * statement_timeout in effect (pg_open).
 */
#define SESSION_TIMEOUTS \
	"SELECT CASE WHEN current_setting('statement_timeout') = '0' " \
	"THEN set_config('statement_timeout', '30s', false) " \
	"ELSE current_setting('statement_timeout') END, " \
	"CASE WHEN current_setting('idle_in_transaction_session_timeout') = '0' " \
	"THEN set_config('idle_in_transaction_session_timeout', '30s', false) " \
	"ELSE current_setting('idle_in_transaction_session_timeout') END"

/* A result that succeeded. */
static int
result_ok(const PGresult *r)
{
	int st = r != NULL ? (int)pg_dl.resultStatus(r) : PGRES_FATAL_ERROR;

	return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

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

/*
 * The n bytes at secret percent-decoded, malloc'ed; NULL when they do not
 * decode (or memory ran out).
 */
static char *
decoded(const char *secret, size_t n)
{
	char *out = malloc(n + 1);
	size_t i, k = 0;

	if (out == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		unsigned v;

		if (secret[i] != '%') {
			out[k++] = secret[i];
			continue;
		}
		if (i + 2 >= n || !isxdigit((unsigned char)secret[i + 1]) ||
		    !isxdigit((unsigned char)secret[i + 2]) ||
		    sscanf(secret + i + 1, "%2x", &v) != 1 || v == 0) {
			free(out);
			return NULL;
		}
		out[k++] = (char)v;
		i += 2;
	}
	out[k] = '\0';
	return out;
}

/* Mask the n bytes at secret in text, as written and percent-decoded. */
static void
scrub_both(char *text, size_t cap, const char *secret, size_t n)
{
	char *raw = strndup(secret, n), *dec = decoded(secret, n);

	/* The longer first: the decoded form may be a part of the raw one. */
	if (raw != NULL)
		scrub_one(text, cap, raw, strlen(raw));
	if (dec != NULL)
		scrub_one(text, cap, dec, strlen(dec));
	free(raw);
	free(dec);
}

/*
 * Take every password a URI may hold out of text (whole, of size cap):
 * the userinfo's "user:PASSWORD@" (up to the last '@' before the query,
 * so an '@' in the password counts) and each "password=VALUE" of the
 * query, as written and percent-decoded.  libpq's messages may quote the
 * URI or a part of it.
 */
static void
scrub(char *text, size_t cap, const char *uri)
{
	const char *scheme = strstr(uri, "://"), *q, *at = NULL, *p;

	if (scheme == NULL)
		return;
	q = strchr(scheme, '?');
	for (p = scheme + 3; *p != '\0' && (q == NULL || p < q); p++)
		if (*p == '@')
			at = p;
	if (at != NULL) {
		const char *colon = memchr(scheme + 3, ':', (size_t)(at - scheme - 3));

		if (colon != NULL && at > colon + 1)
			scrub_both(text, cap, colon + 1, (size_t)(at - colon - 1));
	}
	for (p = q; p != NULL && (p = strstr(p, "password=")) != NULL; p += 9)
		scrub_both(text, cap, p + 9, strcspn(p + 9, "&"));
}

/*
 * text with the passwords of uri masked, then cut to out's len bytes:
 * masked first, so that no part of a password survives the cut.
 */
static void
scrub_into(const char *text, const char *uri, char *out, size_t len)
{
	size_t cap = strlen(text) * 3 + 4;
	char *all = malloc(cap);

	if (all == NULL) {
		snprintf(out, len, "(a message that could not be shown)");
		return;
	}
	snprintf(all, cap, "%s", text);
	scrub(all, cap, uri);
	snprintf(out, len, "%s", all);
	free(all);
}

void
store_mask_passwords(char *text)
{
	char *uri = text, *scheme, *q, *at, *p, *end;

	while ((scheme = strstr(uri, "://")) != NULL) {
		/* This URI ends at white space (a command line has one a word). */
		end = scheme + 3 + strcspn(scheme + 3, " \t\n");
		q = memchr(scheme, '?', (size_t)(end - scheme));
		at = NULL;
		for (p = scheme + 3; p < (q != NULL ? q : end); p++)
			if (*p == '@')
				at = p;
		if (at != NULL) {
			char *colon = memchr(scheme + 3, ':', (size_t)(at - scheme - 3));

			for (p = colon != NULL ? colon + 1 : at; p < at; p++)
				*p = '*';
		}
		for (p = q; p != NULL && p < end && (p = strstr(p, "password=")) != NULL &&
		    p < end; p += 9) {
			char *v;

			for (v = p + 9; v < end && *v != '&'; v++)
				*v = '*';
		}
		uri = end;
	}
}

/* The database for messages: a URI's password never appears. */
void
store_display_name(const char *uri, char *out, size_t len)
{
	scrub_into(uri, uri, out, len);
}

/* A whole decimal number of at most digits digits, from min up. */
static int
number_ok(const char *v, size_t n, long min, long max)
{
	long x = 0;
	size_t i;

	if (n == 0 || n > 9)
		return 0;
	for (i = 0; i < n; i++) {
		if (v[i] < '0' || v[i] > '9')
			return 0;
		x = x * 10 + (v[i] - '0');
	}
	return x >= min && x <= max;
}

int
store_uri_check(const char *uri, char *why, size_t len)
{
	static const char *const numeric[] = { "connect_timeout", "keepalives",
		"keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
		NULL };
	static const char *const sslmodes[] = { "disable", "allow", "prefer", "require",
		"verify-ca", "verify-full", NULL };
	PQconninfoOption *opts, *o;
	char *msg = NULL, e[256];
	int i, rc = 0;

	/* Without libpq the URI is judged when it is opened (that is no configuration fault). */
	if (pg_dl_load(e, sizeof(e)) != 0)
		return 0;
	if ((opts = pg_dl.conninfoParse(uri, &msg)) == NULL) {
		char text[300];

		scrub_into(msg != NULL ? msg : "out of memory", uri, text, sizeof(text));
		text[strcspn(text, "\n")] = '\0';
		snprintf(why, len, "libpq cannot read the URI: %s", text);
		if (msg != NULL)
			pg_dl.freemem(msg);
		return -1;
	}
	for (o = opts; o->keyword != NULL && rc == 0; o++) {
		const char *v = o->val;

		if (v == NULL || *v == '\0')
			continue;
		if (strcmp(o->keyword, "port") == 0) {
			/* One port, or one per host, comma-separated; an empty one is 5432. */
			while (rc == 0) {
				size_t n = strcspn(v, ",");

				if (n > 0 && !number_ok(v, n, 1, 65535)) {
					snprintf(why, len, "the port '%.*s' is not a number from 1 to "
					    "65535", (int)(n < 40 ? n : 40), v);
					rc = -1;
				}
				if (v[n] == '\0')
					break;
				v += n + 1;
			}
		}
		for (i = 0; numeric[i] != NULL && rc == 0; i++)
			if (strcmp(o->keyword, numeric[i]) == 0 &&
			    !number_ok(v, strlen(v), 0, 100000000)) {
				snprintf(why, len, "%s '%.40s' is not a whole number", o->keyword, v);
				rc = -1;
			}
		if (strcmp(o->keyword, "sslmode") == 0 && rc == 0) {
			for (i = 0; sslmodes[i] != NULL && strcmp(v, sslmodes[i]) != 0; i++)
				;
			if (sslmodes[i] == NULL) {
				snprintf(why, len, "sslmode '%.40s' is none of disable, allow, prefer, "
				    "require, verify-ca, verify-full", v);
				rc = -1;
			}
		}
	}
	pg_dl.conninfoFree(opts);
	return rc;
}

/* Milliseconds on a clock that only goes forward. */
static int64_t
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The value of keyword in effect on c (the URI's, the environment's or ours), in buf. */
static const char *
conn_option(PGconn *c, const char *keyword, char *buf, size_t len)
{
	PQconninfoOption *opts = c != NULL ? pg_dl.conninfo(c) : NULL, *o;

	buf[0] = '\0';
	for (o = opts; o != NULL && o->keyword != NULL; o++)
		if (strcmp(o->keyword, keyword) == 0 && o->val != NULL)
			snprintf(buf, len, "%s", o->val);
	if (opts != NULL)
		pg_dl.conninfoFree(opts);
	return buf;
}

/* A duration as PostgreSQL shows it ("30s", "2min", "250ms", "0") in ms; -1 when not read. */
static int64_t
setting_ms(const char *v)
{
	static const struct { const char *unit; int64_t ms; } units[] = {
		{ "ms", 1 }, { "s", 1000 }, { "min", 60000 }, { "h", 3600000 }, { "d", 86400000 },
		{ "", 1 },
	};
	char *end;
	long long n;
	size_t i;

	if (v == NULL || *v < '0' || *v > '9')
		return -1;
	n = strtoll(v, &end, 10);
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(end, units[i].unit) == 0)
			return n * units[i].ms;
	return -1;
}

/*
 * Why a connection failed, as a STORE_* code.  A server that does not
 * answer (or is starting or stopping) is one to wait for: STORE_BUSY (75).
 * One that answers and refuses us (a password, a role or a database that
 * is wrong or missing, no TLS where sslmode requires it), or a URI libpq
 * cannot use, is the site's setup: STORE_DENIED (78).  Asked of libpq, not
 * read from its words, which may be translated; and never by waiting a
 * second time for a server that let the first attempt time out.
 */
static int
connect_failure(PGconn *c, const char *const *keys, const char **vals, int64_t waited)
{
	char timeout[32], sslmode[32];
	const char *k2[16], *v2[16];
	int64_t limit;
	int i;

	if (c != NULL && pg_dl.connectionNeedsPassword(c))
		return STORE_DENIED;
	limit = setting_ms(conn_option(c, "connect_timeout", timeout, sizeof(timeout)));
	if (limit > 0 && waited >= limit * 1000 - 500)
		return STORE_BUSY;
	switch (pg_dl.pingParams(keys, vals, 1)) {
	case PQPING_OK:
		return STORE_DENIED;
	case PQPING_REJECT:
		return STORE_BUSY;
	case PQPING_NO_ATTEMPT:
		return STORE_DENIED;
	default:
		break;
	}
	/*
	 * No answer: none at all, or none with the TLS that sslmode requires.
	 * A server that answers without it is one the configuration cannot
	 * reach (the sslmode, or the server's certificate): no waiting helps.
	 */
	conn_option(c, "sslmode", sslmode, sizeof(sslmode));
	if (strcmp(sslmode, "require") != 0 && strncmp(sslmode, "verify-", 7) != 0)
		return STORE_BUSY;
	for (i = 0; keys[i] != NULL && i < 14; i++) {
		k2[i] = keys[i];
		v2[i] = vals[i];
	}
	k2[i] = "sslmode";
	v2[i++] = "disable";
	k2[i] = NULL;
	v2[i] = NULL;
	return pg_dl.pingParams(k2, v2, 1) == PQPING_NO_RESPONSE ? STORE_BUSY : STORE_DENIED;
}

static int pg_query(struct store *s, const char *sql, struct pg_stmt *st, PGresult **res);

/* How long past the session's statement_timeout an answer is waited for, in ms; and
 * before the session's timeouts are known. */
enum { ANSWER_GRACE_MS = 10000, DEFAULT_WAIT_MS = 40000 };

int
pg_open(struct store *s, const char *uri, int readonly)
{
	/*
	 * Ours first, the URI after them so that it may set any of them: 10 s
	 * to connect (libpq's connect_timeout, per host), and TCP keepalives
	 * and a user timeout, so that a peer gone silent is noticed in half a
	 * minute rather than by the kernel's default two hours.
	 */
	static const char *const keys[] = { "connect_timeout", "keepalives", "keepalives_idle",
		"keepalives_interval", "keepalives_count", "tcp_user_timeout",
		"fallback_application_name", "dbname", NULL };
	const char *vals[] = { "10", "1", "10", "5", "3", "30000", "arbiter", uri, NULL };
	PGresult *res = NULL;
	char why[256];
	int64_t started, ms;
	int rc;

	store_display_name(uri, s->name, sizeof(s->name));
	if (pg_dl_load(why, sizeof(why)) != 0) {
		snprintf(s->err, sizeof(s->err), "%.200s: %.250s", s->name, why);
		return STORE_UNAVAILABLE;
	}
	if ((s->conn = calloc(1, sizeof(*s->conn))) == NULL)
		return STORE_ERROR;
	s->pg = 1;
	s->conn->wait_ms = DEFAULT_WAIT_MS;
	started = now_ms();
	s->conn->c = pg_dl.connectdbParams(keys, vals, 1);
	if (s->conn->c == NULL || pg_dl.status(s->conn->c) != CONNECTION_OK) {
		/* Masked before it is cut: no part of a password survives. */
		scrub_into(s->conn->c != NULL ? pg_dl.errorMessage(s->conn->c) : "out of memory",
		    uri, s->dberr, sizeof(s->dberr));
		for (char *p = s->dberr; *p != '\0'; p++)
			if (*p == '\n' || *p == '\t')
				*p = *(p + 1) == '\0' ? '\0' : ' ';
		snprintf(s->err, sizeof(s->err), "cannot open database %.200s: %.280s", s->name,
		    s->dberr);
		s->conn->dead = 1;
		return connect_failure(s->conn->c, keys, vals, now_ms() - started);
	}
	pg_dl.setNoticeProcessor(s->conn->c, quiet, NULL);
	/* Every statement is sent and waited for with a bound (pg_query). */
	if (pg_dl.setnonblocking(s->conn->c, 1) != 0) {
		snprintf(s->err, sizeof(s->err), "%.200s: cannot use the connection without "
		    "blocking", s->name);
		return STORE_ERROR;
	}
	/*
	 * A lock not granted within 10 s is "try again later", as SQLite's busy
	 * timeout; a reader's connection refuses every write.  Unless the
	 * URI's options, the role or the database set their own, a statement
	 * may run 30 s, and a transaction may stay idle 30 s (a process that
	 * hung holding the writers' lock lets it go); we wait for an answer
	 * 10 s longer than the statement may run, then give up (75).
	 */
	rc = pg_query(s, readonly ? "SET lock_timeout = '10s'; "
	    "SET default_transaction_read_only = on; " SESSION_TIMEOUTS :
	    "SET lock_timeout = '10s'; " SESSION_TIMEOUTS, NULL, &res);
	if (rc != STORE_OK) {
		pg_dl.clear(res);
		return store_fail(s, rc, "open");
	}
	ms = pg_dl.ntuples(res) == 1 ? setting_ms(pg_dl.getvalue(res, 0, 0)) : -1;
	pg_dl.clear(res);
	s->conn->wait_ms = ms > 0 ? ms + ANSWER_GRACE_MS : DEFAULT_WAIT_MS;
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

/*
 * Wait until c's socket is ready for events or the deadline passes: 1
 * ready, 0 the deadline passed, -1 a failure.
 */
static int
wait_socket(PGconn *c, short events, int64_t deadline)
{
	struct pollfd p;
	int64_t left;
	int r;

	p.fd = pg_dl.socket(c);
	p.events = events;
	if (p.fd < 0)
		return -1;
	for (;;) {
		left = deadline - now_ms();
		if (left <= 0)
			return 0;
		r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
		if (r > 0)
			return 1;
		if (r < 0 && errno != EINTR)
			return -1;
	}
}

/*
 * Send sql (with st's parameters when st is not NULL) and gather its
 * results, waiting no longer than the connection's bound: the first
 * failed result, else the last, in *res (NULL with the store's error set
 * when none came).  A connection that did not answer in time is given up
 * for the rest of the command.  STORE_OK or a STORE_* code.
 */
static int
pg_query(struct store *s, const char *sql, struct pg_stmt *st, PGresult **res)
{
	PGconn *c = s->conn->c;
	int64_t deadline = now_ms() + s->conn->wait_ms;
	PGresult *r, *keep = NULL;
	int ok, w;

	*res = NULL;
	if (s->conn->dead) {
		snprintf(s->dberr, sizeof(s->dberr), "the connection to the database was given "
		    "up: it did not answer in time");
		return s->code = STORE_BUSY;
	}
	ok = st != NULL ? pg_dl.sendQueryParams(c, sql, st->nparams, st->oid, st->val, st->len,
	    st->fmt, 0) : pg_dl.sendQuery(c, sql);
	while (ok && (w = pg_dl.flush(c)) != 0) {
		if (w < 0 || (w = wait_socket(c, POLLIN | POLLOUT, deadline)) <= 0)
			goto late;
		if (!pg_dl.consumeInput(c))
			break;
	}
	if (!ok)
		return pg_error(s, NULL);
	for (;;) {
		while (pg_dl.isBusy(c)) {
			if ((w = wait_socket(c, POLLIN, deadline)) <= 0)
				goto late;
			if (!pg_dl.consumeInput(c))
				break;
		}
		if ((r = pg_dl.getResult(c)) == NULL)
			break;
		if (keep != NULL && !result_ok(keep))
			pg_dl.clear(r);		/* the first failure is the one to say */
		else {
			pg_dl.clear(keep);
			keep = r;
		}
		if (pg_dl.status(c) != CONNECTION_OK)
			break;
	}
	*res = keep;
	return keep != NULL && result_ok(keep) ? STORE_OK : pg_error(s, keep);
late:
	pg_dl.clear(keep);
	s->conn->dead = 1;
	snprintf(s->dberr, sizeof(s->dberr), "the database did not answer within %lld s "
	    "(statement_timeout and %d s more)", (long long)(s->conn->wait_ms / 1000),
	    ANSWER_GRACE_MS / 1000);
	return s->code = STORE_BUSY;
}

int
pg_exec(struct store *s, const char *sql)
{
	PGresult *r;
	int rc = pg_query(s, sql, NULL, &r);

	pg_dl.clear(r);
	return rc;
}

int
pg_connected(struct store *s)
{
	return !s->conn->dead && pg_dl.status(s->conn->c) == CONNECTION_OK;
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
		if (pg_query(s, p->sql, p, &p->res) != STORE_OK)
			return DB_ERR;
		status = (int)pg_dl.resultStatus(p->res);
		{
			const char *t = pg_dl.cmdTuples(p->res);

			s->changes = t != NULL && *t != '\0' ? strtoll(t, NULL, 10) : 0;
			p->nrows = status == PGRES_TUPLES_OK ? pg_dl.ntuples(p->res) : 0;
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
