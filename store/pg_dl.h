/*
 * pg_dl.h - libpq, loaded at first use.
 *
 * A site on SQLite never needs libpq, and linking it would make every
 * command load it and the libraries it pulls in (TLS, Kerberos, LDAP).
 * So arbiter is not linked with libpq: pg.c calls pg_dl_load() when a
 * database named by a postgresql:// URI is opened, which dlopen()s
 * libpq.so.5 once, and calls through the table it filled.
 */
#ifndef ARBITER_STORE_PG_DL_H
#define ARBITER_STORE_PG_DL_H

#include <stddef.h>
#include <libpq-fe.h>

struct pg_dl {
	PGconn *(*connectdbParams)(const char *const *, const char *const *, int);
	ConnStatusType (*status)(const PGconn *);
	char *(*errorMessage)(const PGconn *);
	void (*finish)(PGconn *);
	PQnoticeProcessor (*setNoticeProcessor)(PGconn *, PQnoticeProcessor, void *);
	ExecStatusType (*resultStatus)(const PGresult *);
	char *(*resultErrorMessage)(const PGresult *);
	char *(*resultErrorField)(const PGresult *, int);
	void (*clear)(PGresult *);
	int (*ntuples)(const PGresult *);
	int (*nfields)(const PGresult *);
	char *(*fname)(const PGresult *, int);
	Oid (*ftype)(const PGresult *, int);
	char *(*getvalue)(const PGresult *, int, int);
	int (*getisnull)(const PGresult *, int, int);
	int (*getlength)(const PGresult *, int, int);
	char *(*cmdTuples)(PGresult *);
	unsigned char *(*unescapeBytea)(const unsigned char *, size_t *);
	void (*freemem)(void *);
	PGTransactionStatusType (*transactionStatus)(const PGconn *);
	PGPing (*pingParams)(const char *const *, const char *const *, int);
	int (*connectionNeedsPassword)(const PGconn *);
	PQconninfoOption *(*conninfoParse)(const char *, char **);
	PQconninfoOption *(*conninfo)(PGconn *);
	void (*conninfoFree)(PQconninfoOption *);
	int (*sendQuery)(PGconn *, const char *);
	int (*sendQueryParams)(PGconn *, const char *, int, const Oid *, const char *const *,
	    const int *, const int *, int);
	PGresult *(*getResult)(PGconn *);
	int (*consumeInput)(PGconn *);
	int (*isBusy)(PGconn *);
	int (*socket)(const PGconn *);
	int (*setnonblocking)(PGconn *, int);
	int (*flush)(PGconn *);
};

extern struct pg_dl pg_dl;

/* Load libpq (once).  0, or -1 with one line in err saying why not. */
int pg_dl_load(char *err, size_t errlen);

#endif
