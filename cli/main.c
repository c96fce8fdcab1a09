/*
 * main.c - arbiter's entry point: global options, then one subcommand from
 * the table below.  Each command lives in its own file (cmd_NAME.c) and
 * exports one struct cmd_entry; adding a command is one line here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const struct cmd_entry *const commands[] = {
	&cmd_new, &cmd_move, &cmd_show, &cmd_moves, &cmd_score, &cmd_log,
	&cmd_list, &cmd_undo, &cmd_verify, &cmd_export, &cmd_import, &cmd_help,
	NULL,
};

const struct cmd_entry *
cmd_find(const char *name)
{
	int i;

	for (i = 0; commands[i] != NULL; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

void
cmd_usage(const struct cmd_entry *e, FILE *f)
{
	fprintf(f, "usage: arbiter [--db PATH] [--format FMT] %s\n", e->usage);
}

/* The overview `arbiter help` and `arbiter --help` print. */
static void
overview(FILE *f)
{
	const struct game_rules *const *g;
	int i;

	fputs("usage: arbiter [--db PATH] [--format text|bbcode|markdown|json] "
	    "COMMAND [ARGS]\n\n"
	    "arbiter adjudicates board games played by email and on forums.\n\n"
	    "Commands:\n", f);
	for (i = 0; commands[i] != NULL; i++)
		fprintf(f, "  %-8s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\nGames:", f);
	for (g = game_all(); *g != NULL; g++)
		fprintf(f, " %s (%s)", (*g)->name, (*g)->title);
	fputs("\n\nGlobal options:\n"
	    "  --db PATH      the game database (default $ARBITER_DB, else ./arbiter.db)\n"
	    "  --format FMT   output format: text, bbcode, markdown or json\n"
	    "  --config FILE  the site configuration file\n\n"
	    "`arbiter help COMMAND` or `arbiter COMMAND --help` tells more; see arbiter(1).\n",
	    f);
}

int
cmd_help_text(const char *name, FILE *f)
{
	const struct cmd_entry *e;

	if (name == NULL) {
		overview(f);
		return EXIT_OK;
	}
	e = cmd_find(name);
	if (e == NULL) {
		fprintf(stderr, "arbiter: no command '%s'; `arbiter help` lists them\n", name);
		return EXIT_USAGE;
	}
	cmd_usage(e, f);
	fprintf(f, "\n%s\n\n%s", e->summary, e->help);
	return EXIT_OK;
}

int
main(int argc, char **argv)
{
	struct ctx c;
	const struct cmd_entry *e;
	const char *env = getenv("ARBITER_DB");
	int i = 1;

	memset(&c, 0, sizeof(c));
	c.prog = "arbiter";
	c.db = env != NULL && *env != '\0' ? env : "arbiter.db";
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
		overview(stderr);
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
		return rc < 0 ? EXIT_OK : rc;
	}
}
