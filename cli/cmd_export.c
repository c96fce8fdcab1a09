/* cmd_export.c - `arbiter export GAME [--private]`: the game as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
add_move(const struct store_move *m, void *arg)
{
	json_t *o = json_pack("{s:i, s:i, s:s, s:s, s:I}", "seq", m->seq, "seat", m->seat,
	    "text", m->text, "source", m->source, "at", (json_int_t)m->at);

	return o == NULL || json_array_append_new(arg, o) != 0;
}

/* The export document; seed and addresses only when reveal is set. */
static json_t *
build_export(struct store *s, const struct loaded *g, int private_, int *err)
{
	json_t *doc, *seats, *log, *opts;
	json_error_t jerr;
	char hex[65];
	int i;

	*err = EXIT_SOFTWARE;
	opts = json_loads(g->row.options, 0, &jerr);
	seats = json_array();
	log = json_array();
	doc = json_object();
	if (opts == NULL || seats == NULL || log == NULL || doc == NULL)
		goto fail;
	for (i = 0; i < g->row.nseats; i++) {
		json_t *o = json_pack("{s:s}", "name", g->seats[i].name);

		if (o == NULL || (private_ && json_object_set_new(o, "email",
		    json_string(g->seats[i].email)) != 0) ||
		    json_array_append_new(seats, o) != 0)
			goto fail;
	}
	if ((i = store_moves_each(s, g->row.id, 1, add_move, log)) != STORE_OK) {
		*err = store_exit(s, i);
		goto fail;
	}
	json_object_set_new(doc, "format", json_string("arbiter-export"));
	json_object_set_new(doc, "version", json_integer(1));
	json_object_set_new(doc, "id", json_integer(g->row.id));
	json_object_set_new(doc, "rules", json_string(g->row.rules));
	json_object_set_new(doc, "title", json_string(g->row.title));
	json_object_set_new(doc, "created", json_integer(g->row.created));
	json_object_set_new(doc, "over", json_boolean(g->row.over));
	json_object_set_new(doc, "options", opts);
	json_object_set_new(doc, "seats", seats);
	json_object_set_new(doc, "log", log);
	if (g->row.over || private_) {
		hex_encode(g->row.seed, sizeof(g->row.seed), hex);
		json_object_set_new(doc, "seed", json_string(hex));
	}
	return doc;
fail:
	json_decref(opts);
	json_decref(seats);
	json_decref(log);
	json_decref(doc);
	return NULL;
}

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
	if ((rc = game_open_store(c, 0, &s)) != EXIT_OK ||
	    (rc = game_load_meta(c, s, id, &g)) != EXIT_OK)
		goto out;
	if ((doc = build_export(s, &g, private_ != NULL, &rc)) == NULL)
		goto out;
	text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (text == NULL) {
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

const struct cmd_entry cmd_export = {
	"export",
	"export [--private] GAME",
	"print the game as JSON: options, seats, log",
	"Seats are given without their addresses, and the seed only once the game\n"
	"is over, so the export can be shared.  --private adds both, for moving a\n"
	"running game to another database with `arbiter import` (keep it secret:\n"
	"the seed tells every future draw).\n",
	run_export,
};
