/* pg_dl.c - libpq, loaded at first use; see pg_dl.h. */
#include <dlfcn.h>
#include <stdio.h>

#include "pg_dl.h"
#include "../util/dl_fill.h"

struct pg_dl pg_dl;

int
pg_dl_load(char *err, size_t errlen)
{
#define SYM(name, slot) { name, offsetof(struct pg_dl, slot) }
	static const struct dl_sym syms[] = {
		SYM("PQconnectdbParams", connectdbParams),
		SYM("PQstatus", status),
		SYM("PQerrorMessage", errorMessage),
		SYM("PQfinish", finish),
		SYM("PQsetNoticeProcessor", setNoticeProcessor),
		SYM("PQresultStatus", resultStatus),
		SYM("PQresultErrorMessage", resultErrorMessage),
		SYM("PQresultErrorField", resultErrorField),
		SYM("PQclear", clear),
		SYM("PQntuples", ntuples),
		SYM("PQnfields", nfields),
		SYM("PQfname", fname),
		SYM("PQftype", ftype),
		SYM("PQgetvalue", getvalue),
		SYM("PQgetisnull", getisnull),
		SYM("PQgetlength", getlength),
		SYM("PQcmdTuples", cmdTuples),
		SYM("PQunescapeBytea", unescapeBytea),
		SYM("PQfreemem", freemem),
		SYM("PQtransactionStatus", transactionStatus),
		SYM("PQpingParams", pingParams),
		SYM("PQconnectionNeedsPassword", connectionNeedsPassword),
		SYM("PQconninfoParse", conninfoParse),
		SYM("PQconninfo", conninfo),
		SYM("PQconninfoFree", conninfoFree),
		SYM("PQsendQuery", sendQuery),
		SYM("PQsendQueryParams", sendQueryParams),
		SYM("PQgetResult", getResult),
		SYM("PQconsumeInput", consumeInput),
		SYM("PQisBusy", isBusy),
		SYM("PQsocket", socket),
		SYM("PQsetnonblocking", setnonblocking),
		SYM("PQflush", flush),
	};
#undef SYM
	static void *lib;
	const char *missing;

	if (lib != NULL)
		return 0;
	if ((lib = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(err, errlen, "PostgreSQL's libpq could not be loaded: %s (install "
		    "Debian's libpq5)", dlerror());
		return -1;
	}
	if (dl_fill(lib, syms, sizeof(syms) / sizeof(syms[0]), &pg_dl, &missing) != 0) {
		snprintf(err, errlen, "PostgreSQL's libpq.so.5 lacks %s", missing);
		dlclose(lib);
		lib = NULL;
		return -1;
	}
	return 0;
}
