/*
 * notify.c - the mail a game causes: the start mail, one mail per seat
 * after every applied move, and the end mail.  Queued inside the caller's
 * transaction, so a move and its mail are stored together or not at all.
 * Each seat's mail holds the public board and that seat's own screen, and
 * never another seat's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"
#include "../mail/hash.h"

/* What every mail to a seat says about the game now. */
static json_t *
seat_vars(const struct loaded *g, int seat)
{
	struct sbuf board = SBUF_INIT, moves = SBUF_INIT;
	struct game_wait w;
	char waiting[400];
	json_t *v;
	int awaited;

	memset(&w, 0, sizeof(w));
	if (!g->rules->over(g->state))
		g->rules->waiting(g->state, &w);
	awaited = (w.mask & (1u << seat)) != 0;
	g->rules->render_text(g->state, seat, g->names, &board);
	while (board.len > 0 && board.s[board.len - 1] == '\n')
		board.s[--board.len] = '\0';
	if (awaited)
		outmail_moves_compact(g, seat, &moves);
	game_waiting_text(g, waiting, sizeof(waiting));
	v = json_pack("{s:s, s:s, s:s, s:s, s:I, s:i, s:s, s:b, s:b, s:s, s:s, s:s}",
	    "name", g->names[seat], "title", g->row.title, "rules", g->rules->name,
	    "rules_title", g->rules->title, "id", (json_int_t)g->row.id, "move", g->seq,
	    "board", sb_str(&board), "your_turn", awaited, "not_your_turn",
	    !awaited && !g->rules->over(g->state), "why", awaited ? w.why[seat] : "",
	    "moves", sb_str(&moves), "waiting", waiting);
	sb_free(&board);
	sb_free(&moves);
	return v;
}

/* Render template name with vars and queue it to seat. */
static int
queue_rendered(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *kind, const char *tmpl, json_t *vars)
{
	struct sbuf body = SBUF_INIT;
	char subject[300];
	int rc;

	if (vars == NULL)
		return STORE_ERROR;
	if (template_render(tmpl, vars, &body) != 0) {
		fprintf(stderr, "arbiter: cannot render template %s\n", tmpl);
		sb_free(&body);
		return STORE_ERROR;
	}
	outmail_subject(g, subject, sizeof(subject));
	rc = outmail_queue(cfg, s, g, seat, NULL, kind, subject, sb_str(&body), NULL);
	sb_free(&body);
	return rc;
}

/* The command's configuration (loaded and checked when the database was opened). */
static struct config *
load_config(struct ctx *c)
{
	struct config *cfg;
	char err[1024];

	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		errx_line(c, "%s", err);
	return cfg;
}

/* "board=standard, support=english" or "none". */
static void
options_text(const struct loaded *g, char *buf, size_t len)
{
	struct optset o;
	size_t n = 0;
	int i;

	snprintf(buf, len, "none");
	if (optset_from_json(g->row.options, &o) != 0)
		return;
	for (i = 0; i < o.n && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s%s%s", i ? ", " : "",
		    o.opt[i].key, o.opt[i].value[0] ? "=" : "", o.opt[i].value);
	optset_free(&o);
}

int
notify_start(struct ctx *c, struct store *s, struct loaded *g)
{
	struct config *cfg;
	char commit[SHA256_HEX_LEN + 1], players[600], options[400], tname[64];
	char *notation;
	size_t n = 0;
	int i, rc = STORE_OK;

	if ((cfg = load_config(c)) == NULL)
		return STORE_ERROR;
	if (sha256_hex(g->row.seed, sizeof(g->row.seed), commit) != 0)
		return STORE_ERROR;
	players[0] = '\0';
	for (i = 0; i < g->row.nseats && n < sizeof(players); i++)
		n += (size_t)snprintf(players + n, sizeof(players) - n, "%s%s",
		    i ? ", " : "", g->names[i]);
	options_text(g, options, sizeof(options));
	snprintf(tname, sizeof(tname), "notation-%s.txt", g->rules->name);
	notation = template_load(tname);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		json_t *v = seat_vars(g, i);

		if (v != NULL) {
			json_object_set_new(v, "players", json_string(players));
			json_object_set_new(v, "options", json_string(options));
			/* Shown once: the database keeps only its hash. */
			json_object_set_new(v, "password", json_string(g->passwords[i]));
			json_object_set_new(v, "commitment", json_string(commit));
			json_object_set_new(v, "fresh", json_boolean(g->seq == 0));
			json_object_set_new(v, "resumed", json_boolean(g->seq > 0));
			json_object_set_new(v, "notation", json_string(notation != NULL ?
			    notation : "  (see the game's manual page)\n"));
		}
		rc = queue_rendered(cfg, s, g, i, "start", "mail-start.txt", v);
		json_decref(v);
	}
	free(notation);
	return rc;
}

/* The final ranking, one line per seat, best first. */
static void
ranking_text(const struct loaded *g, struct sbuf *out)
{
	struct game_score sc;
	int r, i;

	memset(&sc, 0, sizeof(sc));
	g->rules->score(g->state, -1, &sc);
	for (r = 1; r <= g->row.nseats; r++)
		for (i = 0; i < g->row.nseats && i < sc.nseats; i++)
			if (sc.rank[i] == r)
				sb_printf(out, "  %d. %s%s%s%s  %d\n", r, g->names[i],
				    sc.label[i][0] ? " (" : "", sc.label[i],
				    sc.label[i][0] ? ")" : "", sc.score[i]);
}

/* Every seat's screen, from its own view, after the game ended. */
static void
screens_text(const struct loaded *g, struct sbuf *out)
{
	struct sbuf v = SBUF_INIT;
	const char *p;
	int i;

	for (i = 0; i < g->row.nseats; i++) {
		sb_reset(&v);
		g->rules->render_text(g->state, i, g->names, &v);
		p = strstr(sb_str(&v), "Behind your screen");
		sb_printf(out, "\n%s:\n", g->names[i]);
		if (p != NULL) {
			p = strchr(p, '\n');
			sb_puts(out, p != NULL ? p + 1 : "");
		} else
			sb_puts(out, "  (nothing hidden)\n");
	}
	sb_free(&v);
}

static int
notify_end(struct config *cfg, struct store *s, struct loaded *g)
{
	struct sbuf ranking = SBUF_INIT, screens = SBUF_INIT;
	char commit[SHA256_HEX_LEN + 1], seed[65];
	int i, rc = STORE_OK;

	if (sha256_hex(g->row.seed, sizeof(g->row.seed), commit) != 0)
		return STORE_ERROR;
	hex_encode(g->row.seed, sizeof(g->row.seed), seed);
	ranking_text(g, &ranking);
	screens_text(g, &screens);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		json_t *v = seat_vars(g, i);

		if (v != NULL) {
			json_object_set_new(v, "ranking", json_string(sb_str(&ranking)));
			json_object_set_new(v, "screens", json_string(sb_str(&screens)));
			json_object_set_new(v, "seed", json_string(seed));
			json_object_set_new(v, "commitment", json_string(commit));
			json_object_set_new(v, "fresh", json_boolean(g->seq == 0));
			json_object_set_new(v, "resumed", json_boolean(g->seq > 0));
		}
		rc = queue_rendered(cfg, s, g, i, "end", "mail-end.txt", v);
		json_decref(v);
	}
	sb_free(&ranking);
	sb_free(&screens);
	return rc;
}

int
notify_move(struct ctx *c, struct store *s, struct loaded *g, const struct submission *sub)
{
	struct config *cfg;
	int i, rc = STORE_OK;

	(void)sub;
	if ((cfg = load_config(c)) == NULL)
		return STORE_ERROR;
	if (g->rules->over(g->state))
		return notify_end(cfg, s, g);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		json_t *v = seat_vars(g, i);

		rc = queue_rendered(cfg, s, g, i, "move", "mail-move.txt", v);
		json_decref(v);
	}
	return rc;
}
