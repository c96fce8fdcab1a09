/*
 * commands.c - the table of commands and the help built from it.  Each
 * command lives in its own file (cmd_NAME.c) and exports one struct
 * cmd_entry; adding a command is one line in the table below.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct cmd_entry *const commands[] = {
	&cmd_init, &cmd_new, &cmd_move, &cmd_admin, &cmd_show, &cmd_post, &cmd_moves, &cmd_score, &cmd_log,
	&cmd_list, &cmd_undo, &cmd_verify, &cmd_export, &cmd_import, &cmd_mail,
	&cmd_game, &cmd_away, &cmd_seat, &cmd_abandon, &cmd_delete, &cmd_fetch, &cmd_send, &cmd_remind,
	&cmd_migrate, &cmd_copy, &cmd_help,
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
	fprintf(f, "usage: arbiter [--db DB] [--format FMT] %s\n", e->usage);
}

/* The overview `arbiter help` and `arbiter --help` print. */
void
cmd_overview(FILE *f)
{
	const struct game_rules *const *g;
	int i;

	fputs("usage: arbiter [--db DB] [--format text|bbcode|markdown|json] "
	    "COMMAND [ARGS]\n\n"
	    "arbiter adjudicates board games played by email and on forums.\n\n"
	    "Commands:\n", f);
	for (i = 0; commands[i] != NULL; i++)
		fprintf(f, "  %-8s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\nGames:", f);
	for (g = game_all(); *g != NULL; g++)
		fprintf(f, " %s (%s)", (*g)->name, (*g)->title);
	fputs("\n\nGlobal options:\n"
	    "  --db DB        the game database: a file, or a postgresql:// URI (default\n"
	    "                 $ARBITER_DB, else db in the configuration, else ./arbiter.db)\n"
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
	return EXIT_OK;
}

