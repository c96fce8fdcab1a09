/*
 * report.c - the board report in the four formats.  The engine renders the
 * board as text and the view as JSON; text, bbcode and markdown put the
 * text into the frame templates report.<format>; json adds the game's
 * identity to the engine's view.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

json_t *
report_json(const struct loaded *g, int viewer)
{
	json_t *view, *game;

	view = g->rules->render_json(g->state, viewer, g->names);
	if (view == NULL)
		return NULL;
	game = json_pack("{s:I, s:s, s:s, s:s, s:i, s:b}", "id", (json_int_t)g->row.id,
	    "rules", g->rules->name, "rules_title", g->rules->title, "title",
	    g->row.title, "move", g->seq, "over", g->rules->over(g->state));
	if (game == NULL || json_object_set_new(view, "game", game) != 0) {
		json_decref(view);
		return NULL;
	}
	return view;
}

/* Load the configuration so the site's templates directory holds the frames. */
static int
site_templates(const struct ctx *c)
{
	struct config cfg;
	char err[512];

	if (c->cfg != NULL)
		return 0;	/* loaded when the database was opened */
	if (config_load(c, &cfg, err, sizeof(err)) != 0) {
		fprintf(stderr, "arbiter: %s\n", err);
		return -1;
	}
	return 0;
}

int
report_render(const struct ctx *c, const struct loaded *g, int viewer, struct sbuf *out)
{
	static const char *const frames[] = { "report.text", "report.bbcode",
		"report.markdown" };
	struct sbuf board = SBUF_INIT;
	json_t *vars;
	int rc;

	if (c->format == FMT_JSON) {
		json_t *j = report_json(g, viewer);
		char *s;

		if (j == NULL)
			return -1;
		s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		json_decref(j);
		if (s == NULL)
			return -1;
		sb_puts(out, s);
		sb_putc(out, '\n');
		free(s);
		return out->oom ? -1 : 0;
	}
	if (site_templates(c) != 0)
		return -1;
	g->rules->render_text(g->state, viewer, g->names, &board);
	/* The frame adds the final newline. */
	while (board.len > 0 && board.s[board.len - 1] == '\n')
		board.s[--board.len] = '\0';
	vars = json_pack("{s:s, s:I, s:s, s:i, s:s}", "title", g->row.title, "id",
	    (json_int_t)g->row.id, "rules_title", g->rules->title, "move", g->seq,
	    "board", sb_str(&board));
	sb_free(&board);
	if (vars == NULL)
		return -1;
	rc = template_render(frames[c->format], vars, out);
	json_decref(vars);
	return rc;
}
