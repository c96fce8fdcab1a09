/*
 * inmail.c - one inbound mail, from `arbiter mail` (an MTA pipe) or
 * `arbiter fetch` (IMAP).  The seat is proven by the keyed token in the
 * recipient address (or $EXTENSION), or by the game id and the seat's
 * password in the body; a From address alone proves nothing.  The
 * commands then take exactly the path of `arbiter move`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "outmail.h"
#include "../mail/inbound.h"
#include "../mail/reply.h"
#include "../mail/token.h"
#include "../store/store_mail.h"

/* What the mail is about, once the sender is proven. */
struct who {
	int64_t game;
	int seat;
	long move;		/* the move number the token was issued at; -1: none */
	int forged;		/* a token was there but did not verify */
};

/* Find a seat token in the extension or the recipients. */
static void
find_token(const struct config *cfg, const struct inbound *in, const char *extension,
    struct who *w)
{
	long game, move;
	int seat;
	size_t i;
	enum token_result r;

	if (extension != NULL && *extension != '\0') {
		r = token_parse(extension, cfg->secret, &game, &seat, &move);
		if (r == TOKEN_OK)
			goto found;
		if (r == TOKEN_FORGED)
			w->forged = 1;
	}
	for (i = 0; i < in->nrcpt; i++) {
		r = token_parse(in->rcpt[i], cfg->secret, &game, &seat, &move);
		if (r == TOKEN_OK)
			goto found;
		if (r == TOKEN_FORGED)
			w->forged = 1;
	}
	return;
found:
	w->game = game;
	w->seat = seat;
	w->move = move;
}

/* Queue a reply; rate-limited per address; in its own transaction. */
static int
send_reply(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *to, const char *in_reply_to, json_t *vars)
{
	struct sbuf body = SBUF_INIT;
	char subject[300];
	int64_t now = now_epoch();
	int count = 0, rc;

	if (g != NULL && seat >= 0)
		to = g->seats[seat].email;	/* a proven seat is answered at its own address */
	if (to == NULL || *to == '\0')
		return STORE_OK;
	if ((rc = store_begin(s)) != STORE_OK)
		return rc;
	if ((rc = store_replies_since(s, to, now - 3600, &count)) != STORE_OK)
		goto fail;
	if (count >= cfg->replies_per_hour) {
		store_rollback(s);
		return STORE_OK;
	}
	if (template_render("mail-reply.txt", vars, &body) != 0) {
		rc = STORE_ERROR;
		goto fail;
	}
	if (g != NULL) {
		outmail_subject(g, subject, sizeof(subject));
		rc = outmail_queue(cfg, s, g, seat, to, "reply", subject, sb_str(&body),
		    in_reply_to);
	} else {
		struct loaded none;

		memset(&none, 0, sizeof(none));
		rc = outmail_queue(cfg, s, &none, -1, to, "reply",
		    "[arbiter] your mail was not accepted", sb_str(&body), in_reply_to);
	}
	if (rc == STORE_OK)
		rc = store_reply_note(s, to, now);
	if (rc == STORE_OK)
		rc = store_commit(s);
	sb_free(&body);
	if (rc != STORE_OK)
		store_rollback(s);
	return rc;
fail:
	sb_free(&body);
	store_rollback(s);
	return rc;
}

/* The reply's variables: result line, optional error help, moves, board. */
static json_t *
reply_vars(const struct loaded *g, int seat, const char *name, const char *result,
    const char *error_help, int with_moves, int with_board)
{
	struct sbuf moves = SBUF_INIT, board = SBUF_INIT, wrapped = SBUF_INIT;
	json_t *v;

	/* What the seat may send now, as the engine says (any-time orders too). */
	if (g != NULL && with_moves && !g->rules->over(g->state))
		outmail_moves_compact(g, seat, &moves);
	if (g != NULL && with_board) {
		g->rules->render_text(g->state, seat, g->names, &board);
		while (board.len > 0 && board.s[board.len - 1] == '\n')
			board.s[--board.len] = '\0';
	}
	outmail_wrap(result, 72, &wrapped);
	v = json_pack("{s:s, s:s, s:b, s:s, s:s, s:s}", "name", name, "result", sb_str(&wrapped),
	    "error", error_help != NULL, "error_help", error_help != NULL ? error_help : "",
	    "moves", sb_str(&moves), "board", sb_str(&board));
	sb_free(&moves);
	sb_free(&board);
	sb_free(&wrapped);
	return v;
}

/* Record the Message-ID as handled, with what came of it. */
static int
remember(struct store *s, const struct inbound *in, const struct who *w, const char *result)
{
	int rc;

	if (in->message_id == NULL || *in->message_id == '\0')
		return STORE_OK;
	if ((rc = store_begin(s)) != STORE_OK)
		return rc;
	rc = store_inbound_put(s, in->message_id, now_epoch(), w->game, w->seat, result);
	if (rc == STORE_OK)
		rc = store_commit(s);
	else
		store_rollback(s);
	return rc;
}

/* A declared absence: pause the seat's reminders and tell the table. */
static int
declare_away(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g,
    int seat, int y, int m, int d, char *result, size_t len)
{
	struct tm tm;
	int64_t until;
	int rc, i;
	char news[300];

	(void)c;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_hour = 23;
	tm.tm_min = 59;
	tm.tm_sec = 59;
	until = (int64_t)timegm(&tm);
	if ((rc = store_begin(s)) != STORE_OK)
		return rc;
	g->seats[seat].away_until = until;
	if ((rc = store_seat_update_clock(s, g->row.id, &g->seats[seat])) != STORE_OK)
		goto fail;
	snprintf(news, sizeof(news), "%s is away until %04d-%02d-%02d; reminders to %s "
	    "pause until then.", g->names[seat], y, m, d, g->names[seat]);
	for (i = 0; i < g->row.nseats; i++) {
		json_t *v = json_pack("{s:s, s:s, s:I, s:s}", "name", g->names[i], "title",
		    g->row.title, "id", (json_int_t)g->row.id, "news", news);
		struct sbuf body = SBUF_INIT;
		char subject[300];

		if (v == NULL || template_render("mail-table.txt", v, &body) != 0) {
			json_decref(v);
			sb_free(&body);
			rc = STORE_ERROR;
			goto fail;
		}
		json_decref(v);
		snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: %s is away",
		    (long long)g->row.id, g->row.title, g->names[seat]);
		rc = outmail_queue(cfg, s, g, i, NULL, "table", subject, sb_str(&body), NULL);
		sb_free(&body);
		if (rc != STORE_OK)
			goto fail;
	}
	if ((rc = store_commit(s)) != STORE_OK)
		goto fail;
	snprintf(result, len, "Noted: you are away until %04d-%02d-%02d; the table has "
	    "been told.", y, m, d);
	return STORE_OK;
fail:
	store_rollback(s);
	return rc;
}

/* Map a store failure during inbound handling to the MTA's exit code. */
static int
transient(struct store *s, int rc)
{
	if (rc == STORE_BUSY || rc == STORE_FULL) {
		fprintf(stderr, "arbiter: database busy or full; try again later\n");
		return EXIT_TEMPFAIL;
	}
	fprintf(stderr, "arbiter: database error: %s\n", s != NULL ? store_error(s) : "");
	return EXIT_TEMPFAIL;
}

/* Prove the seat by body credentials: game id and seat password. */
static void
find_password(struct ctx *c, struct store *s, const struct reply_credentials *cr,
    struct who *w)
{
	struct loaded g;
	int i;

	if (!cr->has_game || !cr->has_password)
		return;
	if (game_load_meta(c, s, cr->game, &g) == EXIT_OK) {
		for (i = 0; i < g.row.nseats; i++)
			if (strlen(g.seats[i].password) == strlen(cr->password) &&
			    strcmp(g.seats[i].password, cr->password) == 0) {
				w->game = g.row.id;
				w->seat = i;
				w->move = -1;
			}
	}
	game_unload(&g);
}

/* The heart of inbound handling, once the message is parsed and not automatic. */
static int
handle(struct ctx *c, struct config *cfg, struct store *s, struct inbound *in,
    const char *extension)
{
	struct reply_credentials cr;
	struct submission sub;
	struct outcome out;
	struct loaded g;
	struct who w = { 0, -1, -1, 0 };
	char *text = NULL, err[512], result[700], seen[64];
	int rc, y, m, d, away, code = EXIT_OK;
	json_t *v = NULL;

	memset(&g, 0, sizeof(g));
	if (in->message_id != NULL && *in->message_id != '\0') {
		rc = store_inbound_get(s, in->message_id, seen, sizeof(seen));
		if (rc == STORE_OK || store_message_seen(s, in->message_id, NULL, NULL) == 1)
			return EXIT_OK;		/* handled before: no second move, no second answer */
		if (rc != STORE_NOTFOUND)
			return transient(s, rc);
	}
	if ((rc = store_begin(s)) != STORE_OK)
		return transient(s, rc);
	rc = config_secret(cfg, s, err, sizeof(err)) == 0 ? store_commit(s) : STORE_ERROR;
	if (rc != STORE_OK) {
		store_rollback(s);
		return transient(s, rc);
	}
	find_token(cfg, in, extension, &w);
	text = inbound_strip_reply(in->body != NULL ? in->body : "");
	if (text == NULL)
		return EXIT_TEMPFAIL;
	if (reply_take_credentials(text, &cr, err, sizeof(err)) != 0)
		memset(&cr, 0, sizeof(cr));
	if (w.seat < 0)
		find_password(c, s, &cr, &w);
	if (w.seat < 0) {
		snprintf(result, sizeof(result), "%s", w.forged ?
		    "Your mail was not accepted: the reply address it was sent to does not "
		    "belong to any seat." :
		    "Your mail was not accepted: it does not say which game and seat it is "
		    "for. Reply to a mail from arbiter, or give the lines \"game: ID\" and "
		    "\"password: ...\" from your start mail.");
		v = reply_vars(NULL, -1, in->from_name != NULL ? in->from_name : "Hello",
		    result, NULL, 0, 0);
		rc = v != NULL ? send_reply(cfg, s, NULL, -1, in->from, in->message_id, v) :
		    STORE_ERROR;
		if (rc == STORE_OK)
			rc = remember(s, in, &w, "unidentified");
		goto done;
	}
	if ((rc = game_load(c, s, w.game, -1, &g)) != EXIT_OK || w.seat >= g.row.nseats) {
		code = rc == EXIT_SOFTWARE ? EXIT_TEMPFAIL : EXIT_OK;
		goto out;
	}
	if (w.move >= 0 && w.move != g.row.nmoves) {
		snprintf(result, sizeof(result), "Your mail answered move %ld, but game #%lld "
		    "has moved on to move %d since then. Nothing was applied; here is the "
		    "game as it stands. Reply to this mail to act on it.", w.move,
		    (long long)g.row.id, g.row.nmoves);
		v = reply_vars(&g, w.seat, g.names[w.seat], result, NULL, 1, 1);
		rc = send_reply(cfg, s, &g, w.seat, NULL, in->message_id, v);
		if (rc == STORE_OK)
			rc = remember(s, in, &w, "stale");
		goto done;
	}
	away = reply_take_away(text, &y, &m, &d, err, sizeof(err));
	result[0] = '\0';
	if (away == 1 && (rc = declare_away(c, cfg, s, &g, w.seat, y, m, d, result,
	    sizeof(result))) != STORE_OK)
		goto done;
	if (strspn(text, " \t\r\n") == strlen(text)) {
		if (away != 1)
			snprintf(result, sizeof(result), "Your mail held no commands%s%s",
			    away < 0 ? ": " : ".", away < 0 ? err : "");
		v = reply_vars(&g, w.seat, g.names[w.seat], result, NULL, 1, 0);
		rc = send_reply(cfg, s, &g, w.seat, NULL, in->message_id, v);
		if (rc == STORE_OK)
			rc = remember(s, in, &w, away == 1 ? "away" : "empty");
		goto done;
	}
	memset(&sub, 0, sizeof(sub));
	sub.game = g.row.id;
	sub.seat = w.seat;
	sub.text = text;
	sub.source = "mail";
	sub.message_id = in->message_id;
	sub.expect = -1;
	game_unload(&g);
	rc = play_submission(c, s, &sub, &g, &out);
	if (rc == EXIT_TEMPFAIL || rc == EXIT_IOERR) {
		code = EXIT_TEMPFAIL;
		goto out;
	}
	if (rc == EXIT_OK) {
		snprintf(result + strlen(result), sizeof(result) - strlen(result),
		    "%sYour move was applied as move %d of game #%lld. Everyone has been "
		    "sent the new board.", result[0] ? "\n" : "", out.seq, (long long)sub.game);
		v = reply_vars(&g, w.seat, g.names[w.seat], result, NULL, 0, 0);
	} else {
		snprintf(result, sizeof(result), "Your commands were not applied: %s", out.err);
		if (g.state == NULL && game_load(c, s, sub.game, -1, &g) != EXIT_OK) {
			code = EXIT_TEMPFAIL;
			goto out;
		}
		v = reply_vars(&g, w.seat, g.names[w.seat], result,
		    "Correct the commands and reply again.", 1, 0);
	}
	rc = send_reply(cfg, s, &g, w.seat, NULL, in->message_id, v);
	if (rc == STORE_OK)
		rc = remember(s, in, &w, out.code == EXIT_OK ? "applied" : "rejected");
done:
	if (rc != STORE_OK)
		code = transient(s, rc);
out:
	json_decref(v);
	free(text);
	game_unload(&g);
	return code;
}

int
inmail_handle(struct ctx *c, struct store *s, const char *data, size_t len,
    const char *extension)
{
	struct config cfg;
	struct inbound in;
	char err[512];
	int code;

	if (config_load(c, &cfg, err, sizeof(err)) != 0) {
		fprintf(stderr, "arbiter: %s\n", err);
		return EXIT_TEMPFAIL;
	}
	if (inbound_parse(data, len, &in, err, sizeof(err)) != 0) {
		fprintf(stderr, "arbiter: not a mail message; ignored\n");
		inbound_free(&in);
		return EXIT_OK;
	}
	if (inbound_is_automatic(&in, cfg.from)) {
		inbound_free(&in);
		return EXIT_OK;		/* never answer machines, lists or ourselves */
	}
	code = handle(c, &cfg, s, &in, extension);
	inbound_free(&in);
	return code;
}
