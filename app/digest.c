/*
 * digest.c - news held for a seat, and the digests that bring it.
 *
 * A seat whose player chose "mail turn" or "mail digest HOURS" (prefs.c)
 * is not mailed every event of its game.  What it is not mailed is held
 * here, one row per event: the first move it is about, and its text (the
 * players' words, a table notice; nothing for a plain move, which the log
 * holds).  Under "turn" the news rides with the seat's next mail that
 * holds the board; under "digest" the address gets, at most once every
 * HOURS hours, one mail for all its games: for each game the news held,
 * the moves since its last mail about the game, the board with its own
 * screen, and when the game waits for it, what it must decide, its legal
 * moves and the reply address that acts for its seat.
 *
 * Digests follow a fixed schedule from the time the preference was set
 * (every HOURS hours after it), and go out at the first `arbiter send` or
 * `arbiter remind` at or after their time (both run from cron); a time
 * with nothing held sends nothing.  A mail to the seat in between (an
 * answer to its own move, the end of the game) brings the game's news
 * with it, and the digest leaves that game out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "site.h"
#include "../mail/token.h"
#include "../store/store_prefs.h"

int
news_hold(struct store *s, const struct loaded *g, int seat, int from, const char *text)
{
	int hours, mode = seat_mail_mode(s, g, seat, &hours);

	if (g->seats[seat].email[0] == '\0')
		return STORE_OK;
	return store_news_add(s, g->row.id, seat, g->seats[seat].email, from,
	    mode == MAIL_DIGEST, text != NULL ? text : "", now_epoch());
}

int
news_take(struct store *s, const struct loaded *g, int seat, char **text, int *from)
{
	return store_news_take(s, g->row.id, seat, text, from);
}

/* The next time on email's schedule after now (hours: its interval). */
static int64_t
next_time(struct store *s, const char *email, int hours, int64_t now)
{
	int64_t at = now, step = (int64_t)(hours > 0 ? hours : 1) * 3600;

	if (store_digest_get(s, email, &at) != STORE_OK || at > now + step)
		at = now;
	while (at <= now)
		at += step;
	return at;
}

/*
 * One game's part of a digest to seat of g: appended to body.  *awaited
 * is set when the game waits for the seat.
 */
static int
digest_part(struct config *cfg, struct loaded *g, int seat, struct sbuf *body, int *awaited)
{
	struct game_wait w;
	struct recap r;
	struct sbuf text = SBUF_INIT;
	char *held = NULL, wait[400], reply[320];
	int from, rc;
	size_t n;

	if ((rc = news_take(g->store, g, seat, &held, &from)) != STORE_OK)
		return rc;
	if ((rc = recap_load(g, &r)) != STORE_OK) {
		free(held);
		recap_free(&r);
		return rc;
	}
	memset(&w, 0, sizeof(w));
	if (!g->rules->over(g->state))
		g->rules->waiting(g->state, &w);
	*awaited = (w.mask & (1u << seat)) != 0;
	sb_printf(body, "== %s (game #%lld), move %d ==\n", g->row.title, (long long)g->row.id,
	    g->seq);
	n = strlen(held);
	while (n > 0 && held[n - 1] == '\n')
		held[--n] = '\0';
	if (n > 0)
		sb_printf(body, "%s\n", held);
	recap_text(cfg, g, &r, seat, from, &text);
	if (text.len > 0)
		sb_printf(body, "Moves since the last mail about this game:\n%s", sb_str(&text));
	sb_reset(&text);
	g->rules->render_text(g->state, seat, g->names, &text);
	sb_printf(body, "\n%s\n", sb_str(&text));
	if (*awaited) {
		sb_reset(&text);
		if (seat_moves_full(g->store, g, seat))
			outmail_moves_compact(g, seat, &text);
		else
			outmail_moves_short(g, seat, &text);
		if (token_address(cfg->reply_address, cfg->secret, cfg->site, (long)g->row.id,
		    seat, (long)g->seats[seat].serial, reply, sizeof(reply)) != 0)
			rc = STORE_ERROR;
		sb_printf(body, "The game waits for you: %s.\nTo act, write your commands to %s "
		    "(this seat's own address).\nYour legal commands now%s:\n%s", w.why[seat],
		    reply, seat_moves_full(g->store, g, seat) ? "" : ", in short (send \"moves "
		    "GAME-ID\" to the site address for every choice)", sb_str(&text));
	} else {
		game_waiting_text(g, wait, sizeof(wait));
		sb_printf(body, "The game waits for %s.\n", wait);
	}
	sb_puts(body, "\n");
	sb_free(&text);
	recap_free(&r);
	free(held);
	return rc;
}

/* The digest of email, inside one transaction; *sent counts it. */
static int
digest_one(struct ctx *c, struct config *cfg, struct store *s, const char *email, int *sent)
{
	int64_t games[64], head = 0;
	int seats[64], n = 0, i, rc, hours = 0, head_seat = -1, head_awaited = 0, mine = 0;
	struct sbuf parts = SBUF_INIT, body = SBUF_INIT;
	char subject[300], count[64], v2[32];
	struct loaded g;
	json_t *v;

	if ((rc = store_digest_seats(s, email, games, seats, 64, &n)) != STORE_OK)
		return rc;
	for (i = 0; i < n && rc == STORE_OK; i++) {
		int awaited = 0;

		if (game_load(c, s, games[i], -1, &g) != EXIT_OK) {
			game_unload(&g);
			rc = STORE_ERROR;
			break;
		}
		if (seats[i] >= g.row.nseats || strcasecmp(g.seats[seats[i]].email, email) != 0) {
			/* The seat changed hands since: its news is not this address's. */
			char *drop = NULL;
			int from;

			rc = news_take(s, &g, seats[i], &drop, &from);
			free(drop);
		} else if ((rc = digest_part(cfg, &g, seats[i], &parts, &awaited)) == STORE_OK) {
			mine++;
			/* The mail is the seat's of the first game that waits for the
			 * address (a reply to it acts there), else of the first game. */
			if (head_seat < 0 || (awaited && !head_awaited)) {
				head = games[i];
				head_seat = seats[i];
				head_awaited = awaited;
			}
		}
		game_unload(&g);
	}
	if (rc == STORE_OK && mine > 0) {
		if (game_load(c, s, head, -1, &g) != EXIT_OK)
			rc = STORE_ERROR;
		snprintf(count, sizeof(count), "%d game%s", mine, mine == 1 ? "" : "s");
		v = rc != STORE_OK ? NULL : json_pack("{s:s, s:s, s:s, s:s}", "name",
		    g.names[head_seat], "games", sb_str(&parts), "count", count, "site",
		    cfg->reply_address);
		if (v == NULL || template_render("mail-digest.txt", v, &body) != 0)
			rc = STORE_ERROR;
		json_decref(v);
		if (rc == STORE_OK && mine == 1)
			outmail_subject(&g, head_seat, "digest", subject, sizeof(subject));
		else
			snprintf(subject, sizeof(subject), "[arbiter] digest of %d games%s", mine,
			    head_awaited ? ", your turn" : "");
		if (rc == STORE_OK)
			rc = outmail_queue(cfg, s, &g, head_seat, NULL, "digest", subject,
			    sb_str(&body), NULL);
		if (rc == STORE_OK)
			(*sent)++;
		game_unload(&g);
	}
	if (rc == STORE_OK) {
		if (pref_get(s, email, 0, "mail", v2, sizeof(v2)) == STORE_OK &&
		    strncmp(v2, "digest ", 7) == 0)
			hours = atoi(v2 + 7);
		rc = store_digest_put(s, email, next_time(s, email, hours, now_epoch()));
	}
	sb_free(&parts);
	sb_free(&body);
	return rc;
}

int
digest_flush(struct ctx *c, struct config *cfg, struct store *s, int *sent)
{
	char (*emails)[256] = NULL, err[2048] = "";
	int n = 0, i, rc;

	*sent = 0;
	if ((rc = store_digests_due(s, now_epoch(), &emails, &n)) != STORE_OK)
		return store_exit(s, rc);
	/* A digest's reply address carries a token: the site's key first. */
	if (n > 0 && (rc = config_secret(cfg, s, err, sizeof(err))) != 0) {
		errx_line(c, "%s", err[0] != '\0' ? err : "the database failed");
		free(emails);
		return rc == -1 ? EXIT_CONFIG : store_exit_code(rc);
	}
	for (i = 0; i < n; i++) {
		if ((rc = store_begin(s)) != STORE_OK)
			break;
		if ((rc = digest_one(c, cfg, s, emails[i], sent)) != STORE_OK ||
		    (rc = store_commit(s)) != STORE_OK) {
			store_rollback(s);
			break;
		}
	}
	free(emails);
	return rc == STORE_OK ? EXIT_OK : store_exit(s, rc);
}
