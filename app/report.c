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
#include "picture/picture.h"

const char *const format_names[FMT_COUNT] = {
	[FMT_TEXT] = "text", [FMT_BBCODE] = "bbcode", [FMT_MARKDOWN] = "markdown",
	[FMT_JSON] = "json", [FMT_PNG] = "png", [FMT_SVG] = "svg",
};

/*
 * The final ranking as the engine's score() gives it to everyone (the end
 * mail's ranking), best first: [{rank, seat, name, label, score}], the
 * label "" where the seat has none (a Terra faction, a Warriors country).
 */
static json_t *
final_ranking(const struct loaded *g)
{
	struct game_score sc;
	json_t *a = json_array();
	int r, i;

	memset(&sc, 0, sizeof(sc));
	g->rules->score(g->state, -1, &sc);
	for (r = 1; a != NULL && r <= sc.nseats; r++)
		for (i = 0; i < sc.nseats && i < GAME_MAX_SEATS; i++)
			if (sc.rank[i] == r && sc.visible[i])
				json_array_append_new(a, json_pack("{s:i, s:i, s:s, s:s, s:i}", "rank",
				    r, "seat", i + 1, "name", g->names[i] != NULL ? g->names[i] : "", "label", sc.label[i],
				    "score", sc.score[i]));
	return a;
}

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
	if (g->rules->over(g->state) && json_object_set_new(game, "ranking",
	    final_ranking(g)) != 0) {
		json_decref(view);
		return NULL;
	}
	return view;
}

static void forum_escape(enum format f, const char *s, struct sbuf *out);
static void code_text(enum format f, const char *s, size_t n, struct sbuf *out);

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
	struct sbuf board = SBUF_INIT, title = SBUF_INIT;
	json_t *vars;
	int rc;

	/* A picture is the public board alone: report_picture draws it. */
	if ((int)c->format < 0 || c->format >= FMT_COUNT || format_is_picture(c->format))
		return -1;
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
	if (g->row.over == STORE_ABANDONED)
		sb_printf(&board, "\nThe game master abandoned this game at move %d: it waits "
		    "for nobody and takes no more moves.", g->seq);
	/*
	 * A forum's frame: the title is escaped as prose, and the board (which
	 * holds the seats' names) so that nothing in it closes its code box.
	 */
	if (c->format == FMT_BBCODE || c->format == FMT_MARKDOWN) {
		struct sbuf safe = SBUF_INIT;

		code_text(c->format, board.s != NULL ? board.s : "", board.len, &safe);
		sb_free(&board);
		board = safe;
		forum_escape(c->format, g->row.title, &title);
	} else
		sb_puts(&title, g->row.title);
	vars = json_pack("{s:s, s:b, s:I, s:s, s:i, s:s}", "title", sb_str(&title), "titled",
	    strcmp(g->row.title, g->rules->title) != 0, "id", (json_int_t)g->row.id,
	    "rules_title", g->rules->title, "move", g->seq, "board", sb_str(&board));
	sb_free(&board);
	sb_free(&title);
	if (vars == NULL)
		return -1;
	rc = template_render(frames[c->format], vars, out);
	json_decref(vars);
	return rc;
}

/*
 * Escape prose for a forum: BBCode has no escape, so a zero-width space
 * after '[' keeps "[b]" in a name from becoming a tag; Markdown takes a
 * backslash before its punctuation, and at a line's start before what
 * would begin a list or a heading.  Markdown lines end in two spaces, a
 * hard line break, so the lines stay lines.
 */
static void
forum_escape(enum format f, const char *s, struct sbuf *out)
{
	int start = 1;

	for (; *s != '\0'; s++) {
		if (f == FMT_BBCODE) {
			sb_putc(out, *s);
			if (*s == '[')
				sb_puts(out, "\xe2\x80\x8b");	/* U+200B */
			continue;
		}
		if (*s == '\n') {
			sb_puts(out, "  \n");
			start = 1;
			continue;
		}
		if (strchr("\\`*_[]<>#|~", *s) != NULL ||
		    (start && (*s == '-' || *s == '+') && (s[1] == ' ' || s[1] == '\0')))
			sb_putc(out, '\\');
		else if (start && *s >= '0' && *s <= '9') {
			/* "1. text" would become a numbered list: escape its dot. */
			const char *d = s;

			while (*d >= '0' && *d <= '9')
				d++;
			if (*d == '.' || *d == ')') {
				sb_putn(out, s, (size_t)(d - s));
				sb_putc(out, '\\');
				s = d;
			}
		}
		sb_putc(out, *s);
		start = *s == ' ' && start;
	}
}

/* 1 when a line lines up columns with spaces after its text begins (a table). */
static int
aligned(const char *line, size_t n)
{
	size_t i = 0;

	while (i < n && line[i] == ' ')
		i++;
	for (; i + 1 < n; i++)
		if (line[i] == ' ' && line[i + 1] == ' ')
			return 1;
	return 0;
}

/* A code box's text, so that nothing in it closes the box early. */
static void
code_text(enum format f, const char *s, size_t n, struct sbuf *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		sb_putc(out, s[i]);
		if (f == FMT_BBCODE && s[i] == '[' && i + 1 < n && s[i + 1] == '/')
			sb_puts(out, "\xe2\x80\x8b");	/* U+200B */
		if (f == FMT_MARKDOWN && s[i] == '`' && i + 1 < n && s[i + 1] == '`')
			sb_puts(out, "\xe2\x80\x8b");
	}
}

/*
 * The part of a post after the map: each paragraph whose lines line up
 * columns with spaces (a table of the seats, of scores) in a code box of
 * its own, since a proportional font breaks them; the rest as prose.
 */
static void
post_rest(enum format f, const char *r, struct sbuf *out)
{
	struct sbuf prose = SBUF_INIT;

	while (*r != '\0') {
		const char *end = strstr(r, "\n\n"), *p;
		size_t n = end != NULL ? (size_t)(end - r) : strlen(r);
		int table = 0;

		for (p = r; p < r + n; ) {
			size_t k = strcspn(p, "\n");

			if (p + k > r + n)
				k = (size_t)(r + n - p);
			table |= aligned(p, k);
			p += k + 1;
		}
		if (out->len > 0)
			sb_puts(out, "\n\n");
		if (table) {
			sb_puts(out, f == FMT_MARKDOWN ? "```\n" : "[code]\n");
			code_text(f, r, n, out);
			sb_puts(out, f == FMT_MARKDOWN ? "\n```" : "\n[/code]");
		} else {
			char *para = strndup(r, n);

			sb_reset(&prose);
			if (para != NULL)
				forum_escape(f, para, &prose);
			else
				out->oom = 1;
			free(para);
			while (prose.len > 0 && (prose.s[prose.len - 1] == '\n' ||
			    prose.s[prose.len - 1] == ' '))
				prose.s[--prose.len] = '\0';
			sb_puts(out, sb_str(&prose));
		}
		r += n;
		while (*r == '\n')
			r++;
	}
	sb_free(&prose);
}

int
report_picture(const struct loaded *g, enum format f, struct sbuf *out, char *err,
    size_t errlen)
{
	json_t *view = report_json(g, -1);
	int rc;

	if (view == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = picture_draw(view, f == FMT_SVG ? PICTURE_SVG : PICTURE_PNG, out, err, errlen);
	json_decref(view);
	return rc;
}

int
report_post(const struct ctx *c, const struct loaded *g, struct sbuf *out)
{
	return report_post_image(c, g, NULL, out);
}

int
report_post_image(const struct ctx *c, const struct loaded *g, const char *image,
    struct sbuf *out)
{
	struct sbuf full = SBUF_INIT, board = SBUF_INIT, title = SBUF_INIT,
	    rest = SBUF_INIT;
	enum format f = c->format == FMT_MARKDOWN ? FMT_MARKDOWN : FMT_BBCODE;
	const char *r;
	json_t *vars;
	int rc;

	if (site_templates(c) != 0)
		return -1;
	g->rules->render_text(g->state, -1, g->names, &full);
	if (g->rules->render_board != NULL)
		g->rules->render_board(g->state, g->names, &board);
	if (board.len == 0 || board.len > full.len ||
	    memcmp(full.s, board.s, board.len) != 0) {
		/* No map of its own: the whole report goes in the code box. */
		sb_reset(&board);
		sb_puts(&board, sb_str(&full));
		r = "";
	} else
		r = full.s + board.len;
	while (board.len > 0 && board.s[board.len - 1] == '\n')
		board.s[--board.len] = '\0';
	/* A name holding "[/code]" or "```" must not close the code box early. */
	{
		struct sbuf safe = SBUF_INIT;

		code_text(f, board.s != NULL ? board.s : "", board.len, &safe);
		sb_free(&board);
		board = safe;
	}
	while (*r == '\n')
		r++;
	post_rest(f, r, &rest);
	forum_escape(f, g->row.title, &title);
	vars = json_pack("{s:s, s:b, s:I, s:s, s:i, s:s, s:s}", "title", sb_str(&title),
	    "titled", strcmp(g->row.title, g->rules->title) != 0, "id", (json_int_t)g->row.id,
	    "rules_title", g->rules->title, "move", g->seq, "board", sb_str(&board), "rest",
	    sb_str(&rest));
	if (vars != NULL && image != NULL)
		json_object_set_new(vars, "image", json_string(image));
	sb_free(&full);
	sb_free(&board);
	sb_free(&title);
	sb_free(&rest);
	if (vars == NULL)
		return -1;
	rc = template_render(f == FMT_MARKDOWN ? "post.markdown" : "post.bbcode", vars, out);
	json_decref(vars);
	return rc;
}
