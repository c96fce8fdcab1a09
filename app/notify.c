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
	v = json_pack("{s:s, s:s, s:b, s:s, s:s, s:s, s:I, s:i, s:s, s:b, s:b, s:s, s:s, s:s}",
	    "name", g->names[seat], "title", g->row.title,
	    "titled", strcmp(g->row.title, g->rules->title) != 0, "draws",
	    g->rules->draws != NULL ? g->rules->draws : "every draw", "rules", g->rules->name,
	    "rules_title", g->rules->title, "id", (json_int_t)g->row.id, "move", g->seq,
	    "board", sb_str(&board), "your_turn", awaited, "not_your_turn",
	    !awaited && !g->rules->over(g->state), "why", awaited ? w.why[seat] : "",
	    "moves", sb_str(&moves), "waiting", waiting);
	sb_free(&board);
	sb_free(&moves);
	return v;
}

/*
 * The recent log, for the part of each mail that says what happened since
 * the seat's last move: the public form of each move (as recorded with it,
 * or for an older log without it, from a replay of the whole log).
 */
enum { RECAP_SCAN = 400, RECAP_MAX = 24 };
struct recap_move {
	int seq, seat;
	char *shown;
};
struct recap {
	struct recap_move *m;
	int n, cap, missing;
};

static int
recap_add(struct recap *r, int seq, int seat, const char *shown)
{
	if (r->n == r->cap) {
		int cap = r->cap ? r->cap * 2 : 32;
		struct recap_move *m = realloc(r->m, sizeof(*m) * (size_t)cap);

		if (m == NULL)
			return -1;
		r->m = m;
		r->cap = cap;
	}
	r->m[r->n].seq = seq;
	r->m[r->n].seat = seat;
	if ((r->m[r->n].shown = strdup(shown)) == NULL)
		return -1;
	r->n++;
	return 0;
}

static int
recap_stored(const struct store_move *m, void *arg)
{
	struct recap *r = arg;

	/* An administrative move has no hidden part: its text is public. */
	if (m->shown == NULL && m->seat >= 0)
		r->missing = 1;
	return recap_add(r, m->seq, m->seat, m->shown != NULL ? m->shown : m->text) != 0;
}

struct recap_walk {
	struct recap *r;
	int from;
};

static int
recap_walked(const struct store_move *m, const char *shown, void *arg)
{
	struct recap_walk *w = arg;

	return m->seq < w->from ? 0 : recap_add(w->r, m->seq, m->seat, shown) != 0;
}

static void
recap_free(struct recap *r)
{
	int i;

	for (i = 0; i < r->n; i++)
		free(r->m[i].shown);
	free(r->m);
	memset(r, 0, sizeof(*r));
}

/* Read the last RECAP_SCAN moves of g into r; STORE_* code. */
static int
recap_load(struct loaded *g, struct recap *r)
{
	int from = g->row.nmoves > RECAP_SCAN ? g->row.nmoves - RECAP_SCAN + 1 : 1;
	int rc, seq = g->seq;

	memset(r, 0, sizeof(*r));
	rc = store_moves_each(g->store, g->row.id, from, recap_stored, r);
	if (rc != STORE_OK || !r->missing || g->rules->public_text == NULL || g->row.over)
		return rc;
	/* A log recorded without public forms: the replay gives them. */
	{
		struct recap_walk w = { r, from };
		char err[256];

		recap_free(r);
		rc = game_log_walk(g, 0, recap_walked, &w, err, sizeof(err));
		g->seq = seq;
		if (rc != 0) {
			fprintf(stderr, "arbiter: %s\n", err[0] ? err : "cannot read the log");
			return STORE_ERROR;
		}
	}
	return STORE_OK;
}

/*
 * What happened since seat's last move: every move after it, up to the
 * current one, one line each ("  12 bo: support 1").  A seat that has not
 * moved yet reads the moves since the start.
 */
static void
recap_text(const struct loaded *g, const struct recap *r, int seat, struct sbuf *out)
{
	int i, first = 0, shown = 0, found = 0;

	for (i = r->n - 1; i >= 0 && !found; i--)
		if (r->m[i].seat == seat && r->m[i].seq < g->seq) {
			first = i + 1;
			found = 1;
		}
	if (r->n - first > RECAP_MAX || (!found && r->n > 0 && r->m[0].seq > 1)) {
		sb_printf(out, "  (earlier moves: arbiter log %lld)\n", (long long)g->row.id);
		if (r->n - first > RECAP_MAX)
			first = r->n - RECAP_MAX;
	}
	for (i = first; i < r->n; i++) {
		const char *p = r->m[i].shown;
		int k = r->m[i].seat;

		sb_printf(out, "  %d %s: ", r->m[i].seq, k >= 0 && k < g->row.nseats ?
		    g->names[k] : "(admin)");
		/* One command per line in the public form: joined by "; ". */
		while (*p != '\0') {
			size_t n = strcspn(p, "\n");

			if (n > 0)
				sb_printf(out, "%s%.*s", shown++ ? "; " : "", (int)n, p);
			p += n;
			if (*p == '\n')
				p++;
		}
		sb_putc(out, '\n');
		shown = 0;
	}
}

/* Render template name with vars and queue it to seat (what: the subject's
 * word before the move, NULL for none). */
static int
queue_rendered(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *kind, const char *what, const char *tmpl, json_t *vars)
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
	outmail_subject(g, seat, what, subject, sizeof(subject));
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

static int notify_forum(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g);

int
notify_start(struct ctx *c, struct store *s, struct loaded *g)
{
	struct config *cfg;
	char commit[SHA256_HEX_LEN + 1], players[600], options[400], tname[64], clock[600];
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
	options_describe(g->row.options, options, sizeof(options));
	clock[0] = '\0';
	if (g->row.deadline_hours > 0)
		clock_describe(&g->row, cfg->remind_hours, clock, sizeof(clock));
	snprintf(tname, sizeof(tname), "notation-%s.txt", g->rules->name);
	notation = template_load(tname);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		json_t *v = seat_vars(g, i);

		if (v != NULL) {
			json_object_set_new(v, "players", json_string(players));
			json_object_set_new(v, "clock", json_string(clock));
			json_object_set_new(v, "options", json_string(options));
			/* Shown once: the database keeps only its hash. */
			json_object_set_new(v, "password", json_string(g->passwords[i]));
			json_object_set_new(v, "commitment", json_string(commit));
			json_object_set_new(v, "fresh", json_boolean(g->seq == 0));
			json_object_set_new(v, "resumed", json_boolean(g->seq > 0));
			json_object_set_new(v, "notation", json_string(notation != NULL ?
			    notation : "  (see the game's manual page)\n"));
		}
		rc = queue_rendered(cfg, s, g, i, "start", NULL, "mail-start.txt", v);
		json_decref(v);
	}
	free(notation);
	if (rc == STORE_OK)
		rc = notify_forum(c, cfg, s, g);
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

static void
set_since(json_t *v, const struct loaded *g, const struct recap *r, int seat)
{
	struct sbuf since = SBUF_INIT;

	if (v == NULL)
		return;
	recap_text(g, r, seat, &since);
	while (since.len > 0 && since.s[since.len - 1] == '\n')
		since.s[--since.len] = '\0';
	json_object_set_new(v, "since", json_string(sb_str(&since)));
	sb_free(&since);
}

static int
notify_end(struct config *cfg, struct store *s, struct loaded *g, const struct recap *r,
    const char *news, const char *talk)
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
		set_since(v, g, r, i);
		if (v != NULL && news[0] != '\0')
			json_object_set_new(v, "news", json_string(news));
		if (v != NULL && talk[0] != '\0')
			json_object_set_new(v, "talk", json_string(talk));
		rc = queue_rendered(cfg, s, g, i, "end", news[0] != '\0' ? "deadline passed" :
		    NULL, "mail-end.txt", v);
		json_decref(v);
	}
	sb_free(&ranking);
	sb_free(&screens);
	return rc;
}

/* The public board to every address watching the game (store observers). */
static int
notify_observers(struct config *cfg, struct store *s, struct loaded *g, const char *news,
    const char *talk)
{
	char emails[STORE_OBSERVERS_MAX][STORE_EMAIL_MAX], subject[300], waiting[400];
	struct sbuf board = SBUF_INIT, ranking = SBUF_INIT, body = SBUF_INIT;
	int n = 0, i, rc, over = g->rules->over(g->state);
	json_t *v;

	if ((rc = store_observers_get(s, g->row.id, emails, STORE_OBSERVERS_MAX, &n)) !=
	    STORE_OK || n == 0)
		return rc;
	g->rules->render_text(g->state, -1, g->names, &board);
	while (board.len > 0 && board.s[board.len - 1] == '\n')
		board.s[--board.len] = '\0';
	if (over)
		ranking_text(g, &ranking);
	game_waiting_text(g, waiting, sizeof(waiting));
	v = json_pack("{s:s, s:I, s:i, s:s, s:s, s:s, s:s, s:b, s:b, s:s, s:s}", "title",
	    g->row.title, "id", (json_int_t)g->row.id, "move", g->seq, "rules",
	    g->rules->name, "board", sb_str(&board), "news", news, "talk", talk, "over", over,
	    "running", !over && !g->row.over, "ranking", sb_str(&ranking), "waiting", waiting);
	if (v == NULL || board.oom || template_render("mail-observe.txt", v, &body) != 0)
		rc = STORE_ERROR;
	snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: move %d%s",
	    (long long)g->row.id, g->row.title, g->seq, over ? ", game over" : "");
	for (i = 0; i < n && rc == STORE_OK; i++)
		rc = outmail_queue(cfg, s, g, -1, emails[i], "observe", subject, sb_str(&body),
		    NULL);
	json_decref(v);
	sb_free(&board);
	sb_free(&ranking);
	sb_free(&body);
	return rc;
}

/* The public report as a post, to the game's forum or list address. */
static int
notify_forum(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g)
{
	struct ctx fc = *c;
	struct sbuf post = SBUF_INIT;
	char subject[300];
	int rc;

	if (g->row.forum_address[0] == '\0')
		return STORE_OK;
	fc.format = strcmp(g->row.forum_format, "bbcode") == 0 ? FMT_BBCODE : FMT_MARKDOWN;
	if (report_post(&fc, g, &post) != 0 || post.oom) {
		sb_free(&post);
		return STORE_ERROR;
	}
	snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: move %d%s",
	    (long long)g->row.id, g->row.title, g->seq, g->rules->over(g->state) ?
	    ", game over" : "");
	rc = outmail_queue(cfg, s, g, -1, g->row.forum_address, "forum", subject,
	    sb_str(&post), NULL);
	sb_free(&post);
	return rc;
}

/* The board with seat's own screen and the news on top, to seat. */
static int
seat_news(struct config *cfg, struct store *s, struct loaded *g, int seat,
    const struct recap *r, const char *news)
{
	json_t *v = seat_vars(g, seat);
	int rc;

	set_since(v, g, r, seat);
	if (v != NULL)
		json_object_set_new(v, "news", json_string(news));
	rc = queue_rendered(cfg, s, g, seat, "move", NULL, "mail-move.txt", v);
	json_decref(v);
	return rc;
}

/* seat_news to seats from..to-1, the recent log read once. */
static int
news_to_seats(struct ctx *c, struct store *s, struct loaded *g, int from, int to,
    const char *news)
{
	struct config *cfg;
	struct recap r;
	int i, rc;

	if ((cfg = load_config(c)) == NULL)
		return STORE_ERROR;
	if ((rc = recap_load(g, &r)) != STORE_OK) {
		recap_free(&r);
		return rc;
	}
	for (i = from; i < to && rc == STORE_OK; i++)
		rc = seat_news(cfg, s, g, i, &r, news);
	recap_free(&r);
	return rc;
}

int
notify_seat(struct ctx *c, struct store *s, struct loaded *g, int seat, const char *news)
{
	return news_to_seats(c, s, g, seat, seat + 1, news);
}

int
notify_restored(struct ctx *c, struct store *s, struct loaded *g, const char *news)
{
	int rc = news_to_seats(c, s, g, 0, g->row.nseats, news);

	return rc == STORE_OK ? notify_watchers(c, s, g, news) : rc;
}

int
notify_watchers(struct ctx *c, struct store *s, struct loaded *g, const char *news)
{
	struct config *cfg;
	int rc;

	if ((cfg = load_config(c)) == NULL)
		return STORE_ERROR;
	rc = notify_observers(cfg, s, g, news, "");
	if (rc == STORE_OK)
		rc = notify_forum(c, cfg, s, g);
	return rc;
}

void
talk_text(const char *name, const char *said, struct sbuf *out)
{
	const char *p = said;

	while (*p != '\0') {
		size_t n = strcspn(p, "\n");

		if (n > 0)
			sb_printf(out, "%s says: \"%.*s\"\n", name, (int)n, p);
		p += n + (p[n] == '\n');
	}
	while (out->len > 0 && out->s[out->len - 1] == '\n')
		out->s[--out->len] = '\0';
}

int
notify_move(struct ctx *c, struct store *s, struct loaded *g, const struct submission *sub)
{
	struct config *cfg;
	struct recap r;
	struct sbuf talk = SBUF_INIT;
	char news[400] = "";
	int i, rc = STORE_OK;

	if ((cfg = load_config(c)) == NULL)
		return STORE_ERROR;
	/* A move the deadline made: said at the top of every mail, and in the subject. */
	if (sub != NULL && sub->source != NULL && strcmp(sub->source, "timeout") == 0 &&
	    sub->seat >= 0 && sub->seat < g->row.nseats)
		snprintf(news, sizeof(news), "The deadline for %s's decision passed: %s",
		    g->names[sub->seat], strncmp(sub->text, "resign", 6) == 0 ?
		    "the game dropped that seat (as a resignation)." :
		    "the game played the default for that seat (see the last move).");
	if (sub != NULL && sub->talk != NULL && sub->seat >= 0 && sub->seat < g->row.nseats)
		talk_text(g->names[sub->seat], sub->talk, &talk);
	if ((rc = recap_load(g, &r)) != STORE_OK) {
		recap_free(&r);
		sb_free(&talk);
		return rc;
	}
	if (g->rules->over(g->state)) {
		rc = notify_end(cfg, s, g, &r, news, sb_str(&talk));
		if (rc == STORE_OK)
			rc = notify_observers(cfg, s, g, news, sb_str(&talk));
		if (rc == STORE_OK)
			rc = notify_forum(c, cfg, s, g);
		recap_free(&r);
		sb_free(&talk);
		return rc;
	}
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		json_t *v = seat_vars(g, i);

		set_since(v, g, &r, i);
		if (v != NULL && news[0] != '\0')
			json_object_set_new(v, "news", json_string(news));
		if (v != NULL && sb_str(&talk)[0] != '\0')
			json_object_set_new(v, "talk", json_string(sb_str(&talk)));
		rc = queue_rendered(cfg, s, g, i, "move", news[0] != '\0' ? "deadline passed" :
		    NULL, "mail-move.txt", v);
		json_decref(v);
	}
	if (rc == STORE_OK)
		rc = notify_observers(cfg, s, g, news, sb_str(&talk));
	if (rc == STORE_OK)
		rc = notify_forum(c, cfg, s, g);
	recap_free(&r);
	sb_free(&talk);
	return rc;
}
