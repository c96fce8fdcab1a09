/*
 * standalone.c - the regression pass of the fuzz targets without
 * libFuzzer: feeds every file named on the command line (directories are
 * read one level deep) to LLVMFuzzerTestOneInput once.  Built with the
 * same compiler and sanitizers as the other tests, so `make check` needs
 * no clang.  Prints "TARGET: N inputs" and exits 0; a broken promise
 * aborts with the file named on stderr.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

__attribute__((weak)) int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static long ran;

static void
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 4096;
			if ((buf = realloc(buf, cap)) == NULL) {
				fprintf(stderr, "out of memory\n");
				exit(1);
			}
		}
		n = fread(buf + len, 1, cap - len, f);
		if (n == 0)
			break;
		len += n;
	}
	fclose(f);
	fprintf(stderr, "%s\n", path);	/* names the input should it crash */
	LLVMFuzzerTestOneInput(len ? buf : (const uint8_t *)"", len);
	free(buf);
	ran++;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
run_path(const char *path)
{
	struct stat sb;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	DIR *d;

	if (stat(path, &sb) != 0) {
		perror(path);
		exit(1);
	}
	if (!S_ISDIR(sb.st_mode)) {
		run_file(path);
		return;
	}
	if ((d = opendir(path)) == NULL) {
		perror(path);
		exit(1);
	}
	while ((e = readdir(d)) != NULL) {
		char full[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(full, sizeof(full), "%s/%s", path, e->d_name);
		if ((names = realloc(names, sizeof(*names) * (n + 1))) == NULL ||
		    (names[n] = strdup(full)) == NULL) {
			fprintf(stderr, "out of memory\n");
			exit(1);
		}
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		run_file(names[i]);
		free(names[i]);
	}
	free(names);
}

int
main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') != NULL ? strrchr(argv[0], '/') + 1 : argv[0];
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++)
		run_path(argv[i]);
	printf("%s: %ld inputs, no failure\n", name, ran);
	return 0;
}
