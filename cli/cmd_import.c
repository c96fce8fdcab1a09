/*
 * cmd_import.c - `arbiter import FILE` (an arbiter export made with a seed)
 * and `arbiter import GAME LOGFILE` (a foreign log); see app/import.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

static int
run_import(struct ctx *c, int argc, char **argv)
{
	const char **seat_args = NULL, **opt_args = NULL, *title = NULL;
	const struct opt_spec specs[] = {
		{ "seat", 1, NULL, &seat_args },
		{ "option", 1, NULL, &opt_args },
		{ "title", 1, &title, NULL },
		{ NULL, 0, NULL, NULL },
	};
	const struct game_rules *r = NULL;
	struct store *s = NULL;
	char **ops = NULL, *text = NULL;
	const char *path;
	int nops, rc, n;
	int64_t id;

	rc = args_parse(c, &cmd_import, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1 && nops != 2) {
		cmd_usage(&cmd_import, stderr);
		goto out;
	}
	for (n = 0; seat_args != NULL && seat_args[n] != NULL; n++)
		if (n >= GAME_MAX_SEATS) {
			errx_line(c, "too many --seat options");
			goto out;
		}
	if (nops == 2 && ((r = game_find(ops[0])) == NULL || r->import_log == NULL)) {
		errx_line(c, "'%s' is not a game whose logs arbiter can import", ops[0]);
		goto out;
	}
	path = ops[nops - 1];
	if ((strcmp(path, "-") == 0 ? read_all(stdin, &text, NULL) :
	    read_file(path, &text, NULL)) != 0) {
		errx_line(c, "cannot read %s", path);
		rc = EXIT_NOGAME;
		goto out;
	}
	rc = game_import(c, r, text, seat_args, opt_args, title, path, &s, &id);
	if (rc != EXIT_OK)
		goto out;
	printf("%lld\n", (long long)id);
	fflush(stdout);
	deliver_after(c, &s, 1);	/* what fails stays queued for `send` */
out:
	store_close(s);
	free(text);
	free(seat_args);
	free(opt_args);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_MASTER, "EXPORT", 0 },
	{ PROBE_MASTER, "terra TERRALOG --seat a:ta@example.org --seat b:tb@example.org --seat c:tc@example.org --seat d:td@example.org --title Imported", PROBE_ANY },
	{ PROBE_MASTER, "terra TERRALOG --option map=MAPFILE", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_import = {
	"import",
	"import FILE | import GAME LOGFILE [--seat NAME[:EMAIL] ...] [--option KEY=FILE] "
	"[--title TEXT]",
	"create a game from an export or from a game log",
	"`import FILE` reads what `arbiter export` wrote (with its seed: a finished\n"
	"game, or a running one exported with --private), replays it and stores it\n"
	"as a new game.  `import GAME LOGFILE` reads a log in that game's own\n"
	"notation (Terra Mystica logs, for one); --seat names the players in order.\n"
	"A Terra Mystica log played on another map than the base map names it by\n"
	"the site's id: give its layout with --option map=FILE (arbiter-terra(6)).\n"
	"An error names the line of the log and the rule.  Prints the new game's id.\n"
	"A game still running continues here: its awaited seats' reminder clocks\n"
	"start now, and every seat is mailed where and how it goes on.\n",
	run_import,
	0,
	probes,
	0,	/* text only */
};
