/*
 * main.c - arbiter's entry point: global options, then one subcommand from
 * the table in commands.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "../app/outmail.h"

int
main(int argc, char **argv)
{
	struct ctx c;
	const struct cmd_entry *e;
	const char *env = getenv("ARBITER_DB");
	int i = 1;

	/*
	 * The database holds the token key, the seeds and every hand: every
	 * file arbiter makes (the database, its journal, the Maildir and its
	 * mail) is its user's alone.
	 */
	umask(077);
	/*
	 * A password in a postgresql:// URI on the command line (--db, copy's
	 * --from and --to) is visible to every user in ps while the command
	 * runs: the program keeps a copy, and the command line's own bytes
	 * are overwritten with '*' at once.  (arbiter(1): put the password in
	 * ~/.pgpass or the configuration file instead.)
	 */
	for (i = 1; i < argc; i++)
		if (strstr(argv[i], "://") != NULL) {
			char *copy = strdup(argv[i]);

			if (copy == NULL)
				return EXIT_SOFTWARE;
			store_mask_passwords(argv[i]);
			argv[i] = copy;
		}
	i = 1;
	memset(&c, 0, sizeof(c));
	c.prog = "arbiter";
	c.db = env != NULL && *env != '\0' ? env : "arbiter.db";
	c.db_default = c.db != env;
	c.format = FMT_TEXT;
	/* Global options before the command; the same ones also work after it. */
	while (i < argc && strncmp(argv[i], "--", 2) == 0 && argv[i][2] != '\0') {
		const char *a = argv[i] + 2;
		size_t len = strcspn(a, "=");

		if (strcmp(a, "help") == 0)
			return cmd_help_text(NULL, stdout);
		if (strcmp(a, "version") == 0) {
			puts("arbiter " ARBITER_VERSION);
			return EXIT_OK;
		}
		if (!((len == 2 && strncmp(a, "db", 2) == 0) ||
		    (len == 6 && strncmp(a, "format", 6) == 0) ||
		    (len == 6 && strncmp(a, "config", 6) == 0)))
			break;
		i += a[len] == '=' ? 1 : 2;
	}
	if (i > argc)
		i = argc;
	if (i >= argc) {
		cmd_overview(stderr);
		return EXIT_USAGE;
	}
	e = cmd_find(argv[i]);
	if (e == NULL) {
		fprintf(stderr, "arbiter: no command '%s'; `arbiter help` lists them\n", argv[i]);
		return EXIT_USAGE;
	}
	/*
	 * Hand the command its arguments with the leading global options put
	 * back after its name, so one parser sees them all.
	 */
	{
		char **av = malloc(sizeof(*av) * (size_t)argc);
		int n = 0, k, rc;

		if (av == NULL)
			return EXIT_SOFTWARE;
		for (k = 1; k < i; k++)
			av[n++] = argv[k];
		for (k = i + 1; k < argc; k++)
			av[n++] = argv[k];
		rc = e->run(&c, n, av);
		free(av);
		outmail_end(&c);
		free(c.cfg);
		return rc < 0 ? EXIT_OK : rc;
	}
}
