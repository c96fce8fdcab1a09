/*
 * test_maildir.c - Maildir delivery into a temporary folder.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../mail/maildir.h"

/* Make a fresh temporary directory; the path is stored in dir. */
static void
make_temp(char *dir, size_t len)
{
	snprintf(dir, len, "/tmp/arbiter-maildir-XXXXXX");
	assert_non_null(mkdtemp(dir));
}

/* Count the entries (other than . and ..) of a directory. */
static int
count_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* Read a whole file into a malloc'ed buffer. */
static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long size;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size >= 0);
	rewind(f);
	buf = malloc((size_t)size + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
	buf[size] = '\0';
	fclose(f);
	*len = (size_t)size;
	return buf;
}

/* Remove a Maildir tree made by the tests (three levels at most). */
static void
remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char sub[4096];

	if (d == NULL) {
		unlink(path);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		remove_tree(sub);
	}
	closedir(d);
	rmdir(path);
}

/* A delivered message lands in new/ byte for byte; tmp/ is left empty
 * and cur/ exists. Missing parents are created. */
static void
test_deliver(void **state)
{
	static const char msg[] =
	    "From: a@b.c\r\nSubject: x\r\n\r\nbody\0with nul\r\n";
	char dir[64];
	char box[128];
	char path[4096];
	char sub[160];
	char err[256];
	size_t len;
	char *got;

	(void)state;
	make_temp(dir, sizeof dir);
	snprintf(box, sizeof box, "%s/deep/Maildir", dir);
	assert_int_equal(maildir_deliver(box, msg, sizeof msg - 1, path,
	    sizeof path, err, sizeof err), 0);
	assert_non_null(strstr(path, "/new/"));
	got = slurp(path, &len);
	assert_int_equal(len, sizeof msg - 1);
	assert_memory_equal(got, msg, len);
	free(got);
	snprintf(sub, sizeof sub, "%s/tmp", box);
	assert_int_equal(count_entries(sub), 0);
	snprintf(sub, sizeof sub, "%s/cur", box);
	assert_int_equal(count_entries(sub), 0);
	snprintf(sub, sizeof sub, "%s/new", box);
	assert_int_equal(count_entries(sub), 1);
	remove_tree(dir);
}

/* Many deliveries in a row get many distinct files. */
static void
test_unique(void **state)
{
	char dir[64];
	char sub[128];
	char err[256];
	int i;

	(void)state;
	make_temp(dir, sizeof dir);
	for (i = 0; i < 200; i++)
		assert_int_equal(maildir_deliver(dir, "x\n", 2, NULL, 0, err,
		    sizeof err), 0);
	snprintf(sub, sizeof sub, "%s/new", dir);
	assert_int_equal(count_entries(sub), 200);
	remove_tree(dir);
}

/* A Maildir path that is a file fails with a message naming it. */
static void
test_failure(void **state)
{
	char dir[64];
	char file[128];
	char err[256] = "";
	FILE *f;

	(void)state;
	make_temp(dir, sizeof dir);
	snprintf(file, sizeof file, "%s/plainfile", dir);
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(maildir_deliver(file, "x", 1, NULL, 0, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "plainfile"));
	assert_int_equal(maildir_create(file, err, sizeof err), -1);
	remove_tree(dir);
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deliver),
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_failure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
