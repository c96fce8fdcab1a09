/* cmd_export.c - `arbiter export GAME [--private]`: the game as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_export(struct ctx *c, int argc, char **argv)
{
	const char *private_ = NULL;
	const struct opt_spec specs[] = {
		{ "private", 0, &private_, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	json_t *doc = NULL;
	char **ops = NULL, *text;
	int nops, rc;
	int64_t id;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_export, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_export, stderr);
		goto out;
	}
	if (parse_game_id(ops[0], &id) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, &s)) != EXIT_OK ||
	    (rc = game_load_meta(c, s, id, &g)) != EXIT_OK)
		goto out;
	if ((doc = game_export(&g, private_ != NULL, &rc)) == NULL)
		goto out;
	text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (text == NULL) {
		errx_line(c, "export: the document could not be written");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	puts(text);
	free(text);
	rc = EXIT_OK;
out:
	json_decref(doc);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", 0 },
	{ PROBE_MASTER, "--private GAME", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_export = {
	"export",
	"export [--private] GAME",
	"print the game as JSON: options, seats, log",
	"Seats are given without their addresses, and the seed only once the game\n"
	"is over, so the export can be shared; while the game runs each move is\n"
	"given in its public form (what it revealed of a hand or of queued orders\n"
	"left out).  --private adds addresses, seed and every command as sent, for\n"
	"moving a running game to another database with `arbiter import` (keep it\n"
	"secret: the seed tells every future draw).\n",
	run_export,
	0,
	probes,
	FMT_BIT(FMT_JSON),
};
