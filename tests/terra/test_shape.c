/*
 * test_shape.c - engine/terra's calls run one way: the Fire & Ice faction
 * files and the final tiles' (tfire.c, tshape.c, triver.c, tfinal.c) plug
 * into the core through the hook tables that tfactions.c lists, so no
 * other file of the engine names anything they define, and none of them
 * names another's.  Read from the sources, as they are: a new call across
 * fails here.  Run from the repository root.
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

#define DIR_ENGINE "engine/terra/"

static const char *const faction_files[] = { "tfire.c", "tshape.c", "triver.c", "tfinal.c" };
enum { NFF = sizeof(faction_files) / sizeof(faction_files[0]) };

static char *
slurp(const char *name)
{
	char path[256];
	FILE *f;
	char *s;
	long n;

	snprintf(path, sizeof(path), "%s%s", DIR_ENGINE, name);
	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	if (s == NULL || fread(s, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(s);
		return NULL;
	}
	s[n] = '\0';
	fclose(f);
	return s;
}

static int
is_faction_file(const char *name)
{
	int i;

	for (i = 0; i < NFF; i++)
		if (strcmp(name, faction_files[i]) == 0)
			return 1;
	return 0;
}

/*
 * The names a file defines for others: a function whose name starts a line
 * after a line with its type that is not static, or a table
 * "const struct NAME name = {" at the start of a line.
 */
static int
exported(const char *src, char names[][64], int max)
{
	const char *p = src, *prev = "";
	int n = 0;

	while (*p != '\0' && n < max) {
		const char *eol = strchr(p, '\n');
		size_t len = eol != NULL ? (size_t)(eol - p) : strlen(p);

		if (isalpha((unsigned char)p[0]) || p[0] == '_') {
			size_t k = 0;

			while (k < len && (isalnum((unsigned char)p[k]) || p[k] == '_'))
				k++;
			if (k < len && p[k] == '(' && strncmp(prev, "static", 6) != 0 &&
			    k < 64 && strncmp(p, "main", 4) != 0) {
				memcpy(names[n], p, k);
				names[n++][k] = '\0';
			}
			if (strncmp(p, "const struct ", 13) == 0) {
				const char *q = p + 13, *sp = strchr(q, ' ');

				if (sp != NULL && sp < p + len) {
					q = sp + 1;
					k = 0;
					while (isalnum((unsigned char)q[k]) || q[k] == '_')
						k++;
					if (k > 0 && k < 64) {
						memcpy(names[n], q, k);
						names[n++][k] = '\0';
					}
				}
			}
		}
		prev = p;
		if (eol == NULL)
			break;
		p = eol + 1;
	}
	return n;
}

/* Does src name word (as a whole identifier)? */
static int
names(const char *src, const char *word)
{
	size_t l = strlen(word);
	const char *p;

	for (p = src; (p = strstr(p, word)) != NULL; p += l)
		if ((p == src || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[l]) || p[l] == '_'))
			return 1;
	return 0;
}

static void
test_one_way(void **state)
{
	static char defs[NFF][128][64];
	int ndef[NFF], i, j, k, bad = 0, files = 0;
	DIR *d = opendir(DIR_ENGINE);
	struct dirent *e;

	(void)state;
	assert_non_null(d);
	for (i = 0; i < NFF; i++) {
		char *src = slurp(faction_files[i]);

		assert_non_null(src);
		ndef[i] = exported(src, defs[i], 128);
		assert_true(ndef[i] > 0);	/* at least its hook table */
		free(src);
	}
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		char *src;
		int self = -1;

		if (l < 3 || strcmp(e->d_name + l - 2, ".c") != 0 ||
		    strcmp(e->d_name, "tfactions.c") == 0)
			continue;	/* the registry names the tables: its job */
		for (i = 0; i < NFF; i++)
			if (strcmp(e->d_name, faction_files[i]) == 0)
				self = i;
		src = slurp(e->d_name);
		assert_non_null(src);
		files++;
		for (i = 0; i < NFF; i++) {
			if (i == self)
				continue;
			for (j = 0; j < ndef[i]; j++)
				if (names(src, defs[i][j])) {
					printf("%s names %s of %s (%s)\n", e->d_name, defs[i][j],
					    faction_files[i], is_faction_file(e->d_name) ?
					    "faction files call only the core" :
					    "the core reaches it through its hooks only");
					bad++;
				}
		}
		free(src);
	}
	closedir(d);
	for (i = 0, k = 0; i < NFF; i++)
		k += ndef[i];
	printf("%d files of engine/terra; %d names of the faction files, none named "
	    "elsewhere: %s\n", files, k, bad ? "no" : "yes");
	assert_true(files > 10);
	assert_int_equal(bad, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_way),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
