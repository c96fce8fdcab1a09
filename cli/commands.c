/*
 * commands.c - the table of commands and the help built from it.  Each
 * command lives in its own file (cmd_NAME.c) and exports one struct
 * cmd_entry; adding a command is one line in the table below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "../app/outmail.h"

static const struct cmd_entry *const commands[] = {
	&cmd_init, &cmd_new, &cmd_move, &cmd_admin, &cmd_show, &cmd_post, &cmd_moves, &cmd_score,
	&cmd_standings, &cmd_log,
	&cmd_list, &cmd_undo, &cmd_verify, &cmd_export, &cmd_import, &cmd_mail,
	&cmd_game, &cmd_away, &cmd_seat, &cmd_abandon, &cmd_delete, &cmd_fetch, &cmd_send, &cmd_remind,
	&cmd_migrate, &cmd_copy, &cmd_help,
	NULL,
};

const struct cmd_entry *const *
cmd_all(void)
{
	return commands;
}

const struct cmd_entry *
cmd_find(const char *name)
{
	int i;

	for (i = 0; commands[i] != NULL; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

int
cmd_draws(const struct cmd_entry *e)
{
	return cmd_prints(e, FMT_PNG) || cmd_prints(e, FMT_SVG);
}

int
cmd_prints(const struct cmd_entry *e, enum format f)
{
	return f == FMT_TEXT || (e->formats & FMT_BIT(f)) != 0;
}

void
cmd_usage(const struct cmd_entry *e, FILE *f)
{
	fprintf(f, "usage: arbiter [--db DB] [--format FMT] %s\n", e->usage);
}

/* The overview `arbiter help` and `arbiter --help` print. */
void
cmd_overview(FILE *f)
{
	const struct game_rules *const *g;
	char bar[128], comma[128];
	int i;

	format_list(bar, sizeof(bar), "|", "|");
	format_list(comma, sizeof(comma), ", ", " or ");
	fprintf(f, "usage: arbiter [--db DB] [--format %s] COMMAND [ARGS]\n\n"
	    "arbiter adjudicates board games played by email and on forums.\n\n"
	    "Commands:\n", bar);
	for (i = 0; commands[i] != NULL; i++)
		fprintf(f, "  %-8s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\nGames:", f);
	for (g = game_all(); *g != NULL; g++)
		fprintf(f, " %s (%s)", (*g)->name, (*g)->title);
	fprintf(f, "\n\nGlobal options:\n"
	    "  --db DB        the game database: a file, or a postgresql:// URI (default\n"
	    "                 $ARBITER_DB, else db in the configuration, else ./arbiter.db)\n"
	    "  --format FMT   output format: %s\n"
	    "                 (png and svg: a picture of the board; show alone draws;\n"
	    "                 a command refuses a format it does not print)\n"
	    "  --config FILE  the site configuration file\n\n"
	    "`arbiter help COMMAND` or `arbiter COMMAND --help` tells more; see arbiter(1).\n",
	    comma);
}

int
cmd_help_text(const char *name, FILE *f)
{
	const struct cmd_entry *e;

	if (name == NULL) {
		cmd_overview(f);
		return EXIT_OK;
	}
	e = cmd_find(name);
	if (e == NULL) {
		fprintf(stderr, "arbiter: no command '%s'; `arbiter help` lists them\n", name);
		return EXIT_USAGE;
	}
	cmd_usage(e, f);
	fprintf(f, "\n%s\n\n%s", e->summary, e->help);
	{
		int k, m = 0, total = 0;

		for (k = 0; k < FMT_COUNT; k++)
			total += cmd_prints(e, (enum format)k);
		fputs("\nFormats (--format): ", f);
		for (k = 0; k < FMT_COUNT; k++)
			if (cmd_prints(e, (enum format)k))
				fprintf(f, "%s%s", m++ == 0 ? "" : m == total ? " and " : ", ",
				    format_names[k]);
		fputs(total == 1 ? " only.\n" : ".\n", f);
	}
	return EXIT_OK;
}

/* The program: global options, then one command of the table (main.c). */
int
cli_main(int argc, char **argv)
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
