/*
 * config.c - fuzz target: arbitrary bytes as the configuration file
 * (app/config.c config_load, as --config FILE reads it).  The bytes are
 * written to a temporary file made once per process; the environment's
 * ARBITER_* overrides are removed first so only the file counts.  A
 * refusal must be one line naming the file; an accepted file must give
 * NUL-terminated values within their fields.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "../app/config.h"

extern char **environ;

static char path[64];

static void
remove_file(void)
{
	unlink(path);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char **e;
	int fd;

	(void)argc;
	(void)argv;
	for (e = environ; *e != NULL;) {
		if (strncmp(*e, "ARBITER_", 8) == 0) {
			char name[256];
			size_t n = strcspn(*e, "=");

			snprintf(name, sizeof(name), "%.*s", (int)n, *e);
			unsetenv(name);
			e = environ;
		} else
			e++;
	}
	snprintf(path, sizeof(path), "/tmp/arbiter-fuzz-config-XXXXXX");
	if ((fd = mkstemp(path)) < 0)
		fuzz_fail("cannot make a temporary file");
	close(fd);
	atexit(remove_file);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ctx c = { .db = "fuzz.db", .prog = "arbiter", .config = path };
	struct config cfg;
	char err[2048];
	FILE *f;

	if (path[0] == '\0')
		LLVMFuzzerInitialize(NULL, NULL);
	if ((f = fopen(path, "wb")) == NULL || fwrite(data, 1, size, f) != size ||
	    fclose(f) != 0)
		fuzz_fail("cannot write %s", path);
	err[0] = '\0';
	if (config_load(&c, &cfg, err, sizeof(err)) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL)
			fuzz_fail("config: refused with the reason \"%s\"", err);
		return 0;
	}
	if (memchr(cfg.from, '\0', sizeof(cfg.from)) == NULL ||
	    memchr(cfg.smtp_url, '\0', sizeof(cfg.smtp_url)) == NULL ||
	    memchr(cfg.maildir, '\0', sizeof(cfg.maildir)) == NULL ||
	    memchr(cfg.templates, '\0', sizeof(cfg.templates)) == NULL)
		fuzz_fail("config: a value fills its field");
	if (cfg.remind_hours < 1 || cfg.table_days < 0)
		fuzz_fail("config: remind_hours %d, table_days %d", cfg.remind_hours,
		    cfg.table_days);
	return 0;
}
