/*
 * remind.c - reminders: mail the seats each game waits for once they have
 * been idle too long, then daily, and tell the table after some days.
 * Never twice in one interval; a declared absence pauses the clock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"
#include "../store/store_mail.h"

#define DAY (24 * 3600)

/* "3 days 4 hours" */
static void
idle_text(int64_t secs, char *buf, size_t len)
{
	int64_t d = secs / DAY, h = (secs % DAY) / 3600;

	if (d > 0)
		snprintf(buf, len, "%lld day%s %lld hour%s", (long long)d, d == 1 ? "" : "s",
		    (long long)h, h == 1 ? "" : "s");
	else
		snprintf(buf, len, "%lld hour%s", (long long)h, h == 1 ? "" : "s");
}

/* Queue the table's news mail about a slow seat. */
static int
tell_table(struct config *cfg, struct store *s, const struct loaded *g, int slow,
    const char *idle)
{
	char news[400], subject[300];
	int i, rc = STORE_OK;

	snprintf(news, sizeof(news), "the game has been waiting for %s for %s.",
	    g->names[slow], idle);
	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		struct sbuf body = SBUF_INIT;
		json_t *v;

		outmail_subject(g, i, "reminder", subject, sizeof(subject));
		v = json_pack("{s:s, s:s, s:I, s:s}", "name", g->names[i], "title",
		    g->row.title, "id", (json_int_t)g->row.id, "news", news);

		if (v == NULL || template_render("mail-table.txt", v, &body) != 0)
			rc = STORE_ERROR;
		else
			rc = outmail_queue(cfg, s, g, i, NULL, "table", subject, sb_str(&body),
			    NULL);
		json_decref(v);
		sb_free(&body);
	}
	return rc;
}

/* Remind one awaited seat if its time has come; *sent counts mails. */
static int
remind_seat(struct config *cfg, struct store *s, struct loaded *g, int seat,
    const char *why, int64_t now, int *sent, int *told)
{
	struct store_seat *st = &g->seats[seat];
	int hours = g->row.remind_hours > 0 ? g->row.remind_hours : cfg->remind_hours;
	int64_t start = st->idle_since, idle, next;
	char idle_s[64], subject[300];
	int rc, changed = 0;

	if (start == 0 || now < st->away_until)
		return STORE_OK;		/* not awaited, or away: the clock is paused */
	if (st->away_until > start)
		start = st->away_until;		/* the clock restarts when the absence ends */
	idle = now - start;
	next = st->reminded_at == 0 ? start + (int64_t)hours * 3600 : st->reminded_at + DAY;
	idle_text(idle, idle_s, sizeof(idle_s));
	if (now >= next) {
		struct sbuf body = SBUF_INIT, moves = SBUF_INIT;
		json_t *v;

		outmail_moves_compact(g, seat, &moves);
		v = json_pack("{s:s, s:s, s:I, s:s, s:s, s:s}", "name", g->names[seat],
		    "title", g->row.title, "id", (json_int_t)g->row.id, "idle", idle_s, "why",
		    why, "moves", sb_str(&moves));
		sb_free(&moves);
		if (v == NULL || template_render("mail-remind.txt", v, &body) != 0) {
			json_decref(v);
			sb_free(&body);
			return STORE_ERROR;
		}
		json_decref(v);
		outmail_subject(g, seat, "reminder", subject, sizeof(subject));
		rc = outmail_queue(cfg, s, g, seat, NULL, "remind", subject, sb_str(&body), NULL);
		sb_free(&body);
		if (rc != STORE_OK)
			return rc;
		st->reminded_at = now;
		st->reminders++;
		changed = 1;
		(*sent)++;
	}
	if (!st->table_told && idle >= (int64_t)cfg->table_days * DAY) {
		if ((rc = tell_table(cfg, s, g, seat, idle_s)) != STORE_OK)
			return rc;
		st->table_told = 1;
		changed = 1;
		(*told)++;
	}
	return changed ? store_seat_update_clock(s, g->row.id, st) : STORE_OK;
}

/* One game, in one transaction. */
static int
remind_game(struct ctx *c, struct config *cfg, struct store *s, int64_t id, int *sent,
    int *told)
{
	struct loaded g;
	struct game_wait w;
	int rc, i, code = EXIT_OK;

	if ((rc = store_begin(s)) != STORE_OK)
		return store_exit(s, rc);
	if ((code = game_load(c, s, id, -1, &g)) != EXIT_OK)
		goto fail;
	if (g.rules->over(g.state)) {
		store_rollback(s);
		game_unload(&g);
		return EXIT_OK;
	}
	memset(&w, 0, sizeof(w));
	g.rules->waiting(g.state, &w);
	for (i = 0; i < g.row.nseats; i++) {
		if (!(w.mask & (1u << i)))
			continue;
		if ((rc = remind_seat(cfg, s, &g, i, w.why[i], now_epoch(), sent, told)) != STORE_OK) {
			code = store_exit(s, rc);
			goto fail;
		}
	}
	if ((rc = store_commit(s)) != STORE_OK) {
		code = store_exit(s, rc);
		goto fail;
	}
	game_unload(&g);
	return EXIT_OK;
fail:
	store_rollback(s);
	game_unload(&g);
	return code;
}

int
remind_all(struct ctx *c, struct config *cfg, struct store *s, int *sent, int *told)
{
	int64_t *ids = NULL;
	int rc, n = 0, i;

	*sent = *told = 0;
	/* Only games whose awaited seats may be due: finished ones are not read. */
	if ((rc = store_games_due(s, now_epoch(), cfg->remind_hours, cfg->table_days, &ids,
	    &n)) != STORE_OK)
		return store_exit(s, rc);
	for (i = 0; i < n; i++)
		if ((rc = remind_game(c, cfg, s, ids[i], sent, told)) != EXIT_OK)
			break;
	free(ids);
	return i < n ? rc : EXIT_OK;
}
