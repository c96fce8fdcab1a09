/*
 * dl_fill.h - fill a table of function pointers from a library opened with
 * dlopen(): the one loop behind mail/curl_dl.c, mail/gmime_dl.c and store/pg_dl.c.
 */
#ifndef ARBITER_UTIL_DL_FILL_H
#define ARBITER_UTIL_DL_FILL_H

#include <stddef.h>

/* A symbol and the offset of its slot in the table. */
struct dl_sym {
	const char *name;
	size_t off;
};

/* Look every symbol up in lib and store it in its slot of table.  0, or -1
 * with *missing set to the first name lib lacks. */
int dl_fill(void *lib, const struct dl_sym *syms, size_t n, void *table,
    const char **missing);

#endif
