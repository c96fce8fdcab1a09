/*
 * notify.c - the mail a game causes: the start mail, the mail of each
 * applied move, and the end mail.  Queued inside the caller's
 * transaction, so a move and its mail are stored together or not at all.
 * Each seat's mail holds the public board and that seat's own screen, and
 * never another seat's.
 *
 * One mail per event per person.  A move mails each seat once: the mover
 * who sent it by mail gets the move's mail with the answer to its mail on
 * top (no answer of its own).  Which seats get the mail of a move at once
 * is their preference (prefs.c): every seat with "mail every"; with "mail
 * turn", the seat the game starts waiting for (or waits for anew); with
 * "mail digest", nobody but the mover.  What a seat is not mailed now is
 * held for it (digest.c): its talk and news ride with its next mail that
 * holds the board, or come in its digest; the moves themselves are in
 * that mail's list of what happened since.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site.h"
#include "../mail/hash.h"

/* What every mail to a seat says about the game now. */
static json_t *
seat_vars(const struct config *cfg, const struct loaded *g, int seat)
{
	struct sbuf board = SBUF_INIT;
	struct game_wait w;
	struct game_score sc;
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
	game_waiting_text(g, waiting, sizeof(waiting));
	/* What the seat plays as, when the game says (a country, a faction). */
	memset(&sc, 0, sizeof(sc));
	g->rules->score(g->state, seat, &sc);
	v = json_pack("{s:s, s:s, s:b, s:s, s:s, s:s, s:I, s:i, s:s, s:b, s:b, s:s, s:s, s:s, "
	    "s:s}",
	    "name", g->names[seat], "title", g->row.title,
	    "titled", strcmp(g->row.title, g->rules->title) != 0, "draws",
	    g->rules->draws != NULL ? g->rules->draws : "every draw", "rules", g->rules->name,
	    "rules_title", g->rules->title, "id", (json_int_t)g->row.id, "move", g->seq,
	    "board", sb_str(&board), "your_turn", awaited, "not_your_turn",
	    !awaited && !g->rules->over(g->state), "why", awaited ? w.why[seat] : "",
	    "waiting", waiting, "site", cfg->reply_address, "label",
	    seat < sc.nseats ? sc.label[seat] : "");
	if (v != NULL && awaited)
		outmail_moves_vars(cfg, g, seat, v);
	sb_free(&board);
	return v;
}

/* What happened since: after the seat's last move (from 0), or from move from on. */
static void
set_since(const struct config *cfg, json_t *v, const struct loaded *g,
    const struct recap *r, int seat, int from)
{
	struct sbuf since = SBUF_INIT;

	if (v == NULL)
		return;
	recap_text(cfg, g, r, seat, from, &since);
	while (since.len > 0 && since.s[since.len - 1] == '\n')
		since.s[--since.len] = '\0';
	json_object_set_new(v, "since", json_string(sb_str(&since)));
	sb_free(&since);
}

/* The news held for seat (digest.c) go into its mail now: "held". */
static int
absorb(struct store *s, const struct loaded *g, int seat, json_t *v)
{
	char *held = NULL;
	size_t n;
	int from, rc;

	if ((rc = news_take(s, g, seat, &held, &from)) != STORE_OK)
		return rc;
	n = strlen(held);
	while (n > 0 && held[n - 1] == '\n')
		held[--n] = '\0';
	if (v != NULL && n > 0)
		json_object_set_new(v, "held", json_string(held));
	free(held);
	return STORE_OK;
}

/* Render template name with vars and queue it to seat (what: the subject's
 * word before the move, NULL for none). */
static int
queue_rendered(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *kind, const char *what, const char *tmpl, json_t *vars,
    const char *in_reply_to)
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
	rc = outmail_queue(cfg, s, g, seat, NULL, kind, subject, sb_str(&body), in_reply_to);
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
		json_t *v = seat_vars(cfg, g, i);

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
			    notation : ""));
		}
		rc = queue_rendered(cfg, s, g, i, "start", NULL, "mail-start.txt", v, NULL);
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

/* One end mail, its export attached. */
static int
end_mail(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *what, json_t *vars, const struct outmail_extra *x)
{
	struct sbuf body = SBUF_INIT;
	char subject[300];
	int rc;

	if (vars == NULL || template_render("mail-end.txt", vars, &body) != 0) {
		sb_free(&body);
		return STORE_ERROR;
	}
	outmail_subject(g, seat, what, subject, sizeof(subject));
	rc = outmail_queue_ex(cfg, s, g, seat, NULL, NULL, "end", subject, sb_str(&body), NULL,
	    x);
	sb_free(&body);
	return rc;
}

/* The end mail, to every seat whatever its preference. */
static int
notify_end(struct config *cfg, struct store *s, struct loaded *g, const struct recap *r,
    const char *news, const char *talk)
{
	struct sbuf ranking = SBUF_INIT, screens = SBUF_INIT, ratings = SBUF_INIT;
	struct outmail_extra x = { 0, NULL, NULL, NULL, 0 };
	char commit[SHA256_HEX_LEN + 1], seed[65], name[64], *exported = NULL;
	int i, rc = STORE_OK;

	if (sha256_hex(g->row.seed, sizeof(g->row.seed), commit) != 0)
		return STORE_ERROR;
	hex_encode(g->row.seed, sizeof(g->row.seed), seed);
	/* The game's public export (its seed open now), attached: a player
	 * has only mail, and replays every draw from it. */
	{
		int err = 0, at = g->seq;
		json_t *doc = game_export(g, 0, &err);

		g->seq = at;
		exported = doc != NULL ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER) :
		    NULL;
		json_decref(doc);
		if (exported == NULL)
			return STORE_ERROR;
		snprintf(name, sizeof(name), "game-%lld.json", (long long)g->row.id);
		x.attach_name = name;
		x.attach_type = "application/json";
		x.attach = exported;
	}
	ranking_text(g, &ranking);
	screens_text(g, &screens);
	rating_game_text(s, g, &ratings);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		json_t *v = seat_vars(cfg, g, i);

		if (v != NULL) {
			json_object_set_new(v, "ranking", json_string(sb_str(&ranking)));
			json_object_set_new(v, "ratings", json_string(sb_str(&ratings)));
			json_object_set_new(v, "screens", json_string(sb_str(&screens)));
			json_object_set_new(v, "seed", json_string(seed));
			json_object_set_new(v, "commitment", json_string(commit));
			json_object_set_new(v, "fresh", json_boolean(g->seq == 0));
			json_object_set_new(v, "resumed", json_boolean(g->seq > 0));
		}
		set_since(cfg, v, g, r, i, 0);
		if (v != NULL && news[0] != '\0')
			json_object_set_new(v, "news", json_string(news));
		if (v != NULL && talk[0] != '\0')
			json_object_set_new(v, "talk", json_string(talk));
		rc = absorb(s, g, i, v);
		if (rc == STORE_OK)
			rc = end_mail(cfg, s, g, i, news[0] != '\0' ? "deadline passed" : NULL, v,
			    &x);
		json_decref(v);
	}
	free(exported);
	sb_free(&ranking);
	sb_free(&screens);
	sb_free(&ratings);
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
	{
		/* A forum reads the text with its own markup: no HTML part to show it raw. */
		struct outmail_extra x = { 1, NULL, NULL, NULL, 0 };

		rc = outmail_queue_ex(cfg, s, g, -1, g->row.forum_address, NULL, "forum",
		    subject, sb_str(&post), NULL, &x);
	}
	sb_free(&post);
	return rc;
}

/* The board with seat's own screen and the news on top, to seat. */
static int
seat_news(struct config *cfg, struct store *s, struct loaded *g, int seat,
    const struct recap *r, const char *news)
{
	json_t *v = seat_vars(cfg, g, seat);
	int rc;

	set_since(cfg, v, g, r, seat, 0);
	if (v != NULL)
		json_object_set_new(v, "news", json_string(news));
	rc = absorb(s, g, seat, v);
	if (rc == STORE_OK)
		rc = queue_rendered(cfg, s, g, seat, "move", NULL, "mail-move.txt", v, NULL);
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

/*
 * Whether seat is mailed this move now (its preference; answered: the
 * move was the seat's own, sent by mail); else its news is held.
 */
static int
move_mail_now(struct store *s, const struct loaded *g, int seat, int answered)
{
	struct game_wait w;
	int hours, mode = seat_mail_mode(s, g, seat, &hours);

	if (answered || mode == MAIL_EVERY || g->seats[seat].email[0] == '\0')
		return 1;
	if (mode == MAIL_DIGEST)
		return 0;
	/* "turn": the game starts waiting for the seat, or waits for something new. */
	memset(&w, 0, sizeof(w));
	if (!g->rules->over(g->state))
		g->rules->waiting(g->state, &w);
	return (w.mask & (1u << seat)) != 0 && (g->changed & (1u << seat)) != 0;
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
		const char *note = sub != NULL && sub->note != NULL && sub->note[0] != '\0' &&
		    i == sub->seat ? sub->note : NULL;
		json_t *v;

		if (!move_mail_now(s, g, i, note != NULL)) {
			/* Held for the seat's next mail, or its digest. */
			char held[900];

			snprintf(held, sizeof(held), "%s%s%s", news, news[0] != '\0' &&
			    talk.len > 0 ? "\n" : "", sb_str(&talk));
			rc = news_hold(s, g, i, g->seq, held);
			continue;
		}
		v = seat_vars(cfg, g, i);
		set_since(cfg, v, g, &r, i, 0);
		if (v != NULL && note != NULL)
			json_object_set_new(v, "note", json_string(note));
		if (v != NULL && news[0] != '\0')
			json_object_set_new(v, "news", json_string(news));
		if (v != NULL && sb_str(&talk)[0] != '\0')
			json_object_set_new(v, "talk", json_string(sb_str(&talk)));
		rc = absorb(s, g, i, v);
		if (rc == STORE_OK)
			rc = queue_rendered(cfg, s, g, i, "move", news[0] != '\0' ?
			    "deadline passed" : NULL, "mail-move.txt", v, note != NULL ?
			    sub->message_id : NULL);
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
