/*
 * export.c - a game as one JSON document: options, seats, the move log;
 * what may be revealed depends on whether the game is over and whether the
 * export is private.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

/* One move of the log; a move JSON cannot hold stops the export (never skipped). */
static int
add_move(const struct store_move *m, const char *shown, void *arg)
{
	json_t *o = json_pack("{s:i, s:i, s:s, s:s, s:I}", "seq", m->seq, "seat", m->seat,
	    "text", shown, "source", m->source, "at", (json_int_t)m->at);

	if (o == NULL || json_array_append_new(arg, o) != 0) {
		fprintf(stderr, "arbiter: export: move %d cannot be written as JSON (its text "
		    "is not valid UTF-8); nothing was exported\n", m->seq);
		return 1;
	}
	return 0;
}

/* The export document; seed and addresses only when reveal is set. */
json_t *
game_export(struct loaded *g, int private_, int *err)
{
	json_t *doc, *seats, *log, *opts;
	json_error_t jerr;
	char hex[65], why[512];
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
	/* While the game runs, a public export holds only the public form of each move. */
	if ((i = game_log_walk(g, private_ || g->row.over, add_move, log, why,
	    sizeof(why))) != 0) {
		if (i < 0)
			fprintf(stderr, "arbiter: game %lld: %s\n", (long long)g->row.id, why);
		*err = EXIT_SOFTWARE;
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

