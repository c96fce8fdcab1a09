/*
 * copy.c - a whole site from one database into another (`arbiter copy`):
 * every table, then every game of the copy replayed and compared as
 * `verify --all` does.
 */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"

int
site_copy(struct ctx *c, const char *from, const char *to)
{
	struct store *src = NULL, *dst = NULL;
	struct store_copy_table *report = NULL;
	char shown[256];
	int64_t *ids = NULL;
	int rc, n = 0, ntables = 0, i, worst = EXIT_OK;

	rc = store_open(from, STORE_OPEN_READ, &src);
	if (rc == STORE_NOTFOUND) {
		store_display_name(from, shown, sizeof(shown));
		errx_line(c, "no database at %s to copy from", shown);
		rc = EXIT_NOGAME;
		goto out;
	}
	if (rc != STORE_OK) {
		rc = store_exit(src, rc);
		goto out;
	}
	if ((rc = store_open(to, STORE_OPEN_CREATE, &dst)) != STORE_OK) {
		rc = store_exit(dst, rc);
		goto out;
	}
	if ((report = calloc((size_t)store_copy_ntables(), sizeof(*report))) == NULL) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if ((rc = store_copy(src, dst, report, &ntables)) != STORE_OK) {
		rc = store_exit(dst, rc);
		goto out;
	}
	for (i = 0; i < ntables; i++)
		printf("%-14s %lld rows\n", report[i].table, (long long)report[i].target);
	/* The copy is checked where it now lives: every game replayed. */
	if ((rc = store_game_ids(dst, &ids, &n)) != STORE_OK) {
		rc = store_exit(dst, rc);
		goto out;
	}
	for (i = 0; i < n; i++) {
		rc = game_verify(c, dst, ids[i]);
		if (rc != EXIT_OK && (worst == EXIT_OK || worst == EXIT_FAIL))
			worst = rc;
	}
	store_display_name(to, shown, sizeof(shown));
	printf("copied %d tables into %s; %d games replayed: %s\n", ntables, shown, n,
	    worst == EXIT_OK ? "every one agrees" : "SOME DIFFER");
	rc = worst;
out:
	free(ids);
	free(report);
	store_close(src);
	store_close(dst);
	return rc;
}
