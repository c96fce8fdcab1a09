/*
 * test_refusals.c - every refusal of a move that engine/terra can make is
 * listed in tests/terra/REFUSALS.md with the site's counterpart: the
 * formats are read out of the code (each tm_fail(err, errlen, "...") and
 * the turn refusals, "not your turn: ..."), so a new refusal fails this
 * test until it is listed.  A listed format the code no longer has fails
 * it too.  Run from the repository root.
 */
#include <ctype.h>
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "../../app/app.h"

#define DIR_ENGINE "engine/terra"
#define LIST "tests/terra/REFUSALS.md"

/* The whole file, NUL-terminated; NULL when unreadable. */
static char *
slurp(const char *path)
{
	char *text;
	size_t len;

	return read_file(path, &text, &len) == 0 ? text : NULL;
}

/* Read the string literals at p (white space between them) into out, as
 * written (escapes kept); returns the end, or NULL when none is there. */
static const char *
literals(const char *p, char *out, size_t len)
{
	size_t n = 0;
	int any = 0;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p != '"')
			break;
		for (p++; *p != '\0' && *p != '"'; p++) {
			if (*p == '\\' && p[1] != '\0' && n + 2 < len) {
				out[n++] = *p++;
				out[n++] = *p;
				continue;
			}
			if (n + 1 < len)
				out[n++] = *p;
		}
		if (*p == '"')
			p++;
		any = 1;
	}
	out[n] = '\0';
	return any ? p : NULL;
}

/* Skip "err, errlen," after the call's '(' ; NULL when it is not that. */
static const char *
after_err(const char *p)
{
	static const char *const words[] = { "err", ",", "errlen", "," };
	size_t i;

	for (i = 0; i < 4; i++) {
		while (isspace((unsigned char)*p))
			p++;
		if (strncmp(p, words[i], strlen(words[i])) != 0)
			return NULL;
		p += strlen(words[i]);
	}
	return p;
}

/* Every refusal format of one source file, each checked against the list;
 * returns how many were read, and counts the missing ones. */
static int
check_file(const char *path, const char *list, int *missing)
{
	char *src = slurp(path), fmt[1024], key[1100];
	const char *p, *q;
	int n = 0;

	assert_non_null(src);
	for (p = src; (p = strstr(p, "tm_fail(")) != NULL; p += 8) {
		if ((q = after_err(p + 8)) == NULL || literals(q, fmt, sizeof(fmt)) == NULL)
			continue;
		snprintf(key, sizeof(key), "`%s`", fmt);
		n++;
		if (strstr(list, key) == NULL) {
			printf("%s: refusal not in %s: %s\n", path, LIST, key);
			(*missing)++;
		}
	}
	/* the turn refusals, written with snprintf in tplay.c */
	for (p = src; (p = strstr(p, "snprintf(err, errlen,")) != NULL; p += 20) {
		if (literals(p + 21, fmt, sizeof(fmt)) == NULL ||
		    strncmp(fmt, "not your turn", 13) != 0)
			continue;
		snprintf(key, sizeof(key), "`%s`", fmt);
		n++;
		if (strstr(list, key) == NULL) {
			printf("%s: refusal not in %s: %s\n", path, LIST, key);
			(*missing)++;
		}
	}
	free(src);
	return n;
}

/* Is the format (between backquotes, first cell of a row) still in the
 * code of some file? */
static int
in_code(const char *fmt, char *const *srcs, int nsrc)
{
	char lit[1100];
	int i;

	snprintf(lit, sizeof(lit), "%s", fmt);
	for (i = 0; i < nsrc; i++) {
		const char *p;
		char got[1024];

		for (p = srcs[i]; (p = strchr(p, '"')) != NULL; ) {
			const char *e = literals(p, got, sizeof(got));

			if (e == NULL)
				break;
			if (strcmp(got, lit) == 0)
				return 1;
			p = e;
		}
	}
	return 0;
}

static void
test_refusals_listed(void **state)
{
	DIR *d = opendir(DIR_ENGINE);
	struct dirent *e;
	char *list = slurp(LIST), *srcs[64], path[512];
	const char *p;
	int n = 0, missing = 0, nsrc = 0, rows = 0, stale = 0;

	(void)state;
	assert_non_null(d);
	assert_non_null(list);
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);

		if (l < 3 || strcmp(e->d_name + l - 2, ".c") != 0 || nsrc >= 64)
			continue;
		snprintf(path, sizeof(path), "%s/%s", DIR_ENGINE, e->d_name);
		n += check_file(path, list, &missing);
		srcs[nsrc++] = slurp(path);
	}
	closedir(d);
	/* every row's format is still a refusal of the code */
	for (p = list; (p = strstr(p, "\n| `")) != NULL; p += 4) {
		const char *b = p + 4, *end = strchr(b, '`');
		char fmt[1024];

		if (end == NULL || (size_t)(end - b) >= sizeof(fmt))
			continue;
		memcpy(fmt, b, (size_t)(end - b));
		fmt[end - b] = '\0';
		rows++;
		if (!in_code(fmt, srcs, nsrc)) {
			printf("%s: '%s' is no refusal of the code any more\n", LIST, fmt);
			stale++;
		}
	}
	printf("%d refusals in the code, %d rows in %s\n", n, rows, LIST);
	while (nsrc > 0)
		free(srcs[--nsrc]);
	free(list);
	assert_true(n > 100);
	assert_int_equal(missing, 0);
	assert_int_equal(stale, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals_listed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
