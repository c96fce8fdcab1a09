/*
 * remind.c - reminders: mail the seats each game waits for once they have
 * been idle too long, then daily, and tell the table after some days.
 * Never twice in one interval; a declared absence pauses the clock.
 * A game with a deadline follows its ladder instead (deadline.c), and the
 * timeouts it reaches are played here, each as a move in its own
 * transaction.
 *
 * One mail per seat and run: what one run has to say to the seats of a
 * game (a seat's own reminder or notice, the table's notices about other
 * seats, a vote to answer) is gathered first (struct batch), then each
 * seat gets one mail: its reminder with the table's news in it, or the
 * table's news alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site.h"
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

/* What one run says to each seat of one game. */
struct batch {
	int own[GAME_MAX_SEATS];		/* a reminder of its own is due */
	char kind[GAME_MAX_SEATS][32];		/* its subject's word */
	char idle[GAME_MAX_SEATS][64];
	char text[GAME_MAX_SEATS][900];	/* its sentences about the deadline */
	struct sbuf news[GAME_MAX_SEATS];	/* the table's news for it */
	char news_kind[GAME_MAX_SEATS][32];	/* the first news's subject word */
	int urgent[GAME_MAX_SEATS];		/* the news asks for an answer */
};

/* News for every seat of g but skip. */
static void
batch_tell(struct batch *b, const struct loaded *g, int skip, const char *kind,
    const char *news, int urgent)
{
	int i;

	for (i = 0; i < g->row.nseats; i++) {
		if (i == skip)
			continue;
		if (b->news[i].len == 0)
			snprintf(b->news_kind[i], sizeof(b->news_kind[i]), "%s", kind);
		/* Each a sentence of its own, a line each. */
		sb_printf(&b->news[i], "%s%c%s", b->news[i].len ? "\n" : "",
		    news[0] >= 'a' && news[0] <= 'z' ? news[0] - 32 : news[0], news + 1);
		b->urgent[i] |= urgent;
	}
}

/* seat's own reminder (kind: the subject's word; text: about the deadline). */
static void
batch_own(struct batch *b, int seat, const char *kind, const char *idle, const char *text)
{
	b->own[seat] = 1;
	snprintf(b->kind[seat], sizeof(b->kind[seat]), "%s", kind);
	snprintf(b->idle[seat], sizeof(b->idle[seat]), "%s", idle);
	snprintf(b->text[seat], sizeof(b->text[seat]), "%s", text);
}

static void
batch_free(struct batch *b)
{
	int i;

	for (i = 0; i < GAME_MAX_SEATS; i++)
		sb_free(&b->news[i]);
}

/* Queue a reminder to seat, with news for it from the same run ("" none). */
static int
queue_reminder(struct config *cfg, struct store *s, struct loaded *g, int seat,
    const char *why, const char *idle, const char *kind, const char *deadline,
    const char *news)
{
	struct sbuf body = SBUF_INIT;
	char subject[300];
	json_t *v;
	int rc;

	v = json_pack("{s:s, s:s, s:I, s:s, s:s, s:s, s:s, s:s, s:s}", "name", g->names[seat],
	    "title", g->row.title, "id", (json_int_t)g->row.id, "idle", idle, "why",
	    why, "deadline", deadline, "news", news, "rules", g->rules->name, "site",
	    cfg->reply_address);
	if (v != NULL)
		outmail_moves_vars(cfg, g, seat, v);
	if (v == NULL || template_render("mail-remind.txt", v, &body) != 0) {
		json_decref(v);
		sb_free(&body);
		return STORE_ERROR;
	}
	json_decref(v);
	outmail_subject(g, seat, kind, subject, sizeof(subject));
	rc = outmail_queue(cfg, s, g, seat, NULL, "remind", subject, sb_str(&body), NULL);
	sb_free(&body);
	return rc;
}

/* Each seat's one mail of this run. */
static int
batch_send(struct config *cfg, struct store *s, struct loaded *g, const struct game_wait *w,
    struct batch *b)
{
	int i, rc = STORE_OK;

	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++) {
		if (b->own[i])
			rc = queue_reminder(cfg, s, g, i, w->why[i], b->idle[i], b->kind[i],
			    b->text[i], sb_str(&b->news[i]));
		else if (b->news[i].len > 0)
			rc = outmail_tell_seat(cfg, s, g, i, NULL, b->news_kind[i],
			    sb_str(&b->news[i]), b->urgent[i]);
	}
	return rc;
}

/*
 * The policy a timeout of seat follows now: the game's, except that a
 * seat its game cannot drop now (Terra Mystica before the factions are
 * chosen; Warriors & Traders, whose edition has no resignation) gets the
 * default instead of "drop".
 */
static const char *
effective_policy(const struct loaded *g, int seat)
{
	struct game_played pl;
	char err[GAME_WHY_LEN];
	void *copy;
	int ok;

	if (strcmp(g->row.on_timeout, "drop") != 0)
		return strcmp(g->row.on_timeout, "pass") == 0 ? "pass" :
		    strcmp(g->row.on_timeout, "vote") == 0 ? "vote" : "remind-only";
	if ((copy = malloc(g->rules->state_size)) == NULL)
		return "drop";
	memcpy(copy, g->state, g->rules->state_size);
	memset(&pl, 0, sizeof(pl));
	ok = g->rules->play(copy, seat, "resign", &pl, err, sizeof(err)) == GAME_OK;
	free(copy);
	return ok ? "drop" : "pass";
}

/* What the timeout does to seat, said to that seat: under "pass" the very
 * commands the game will play for it. */
static void
seat_consequence(const struct loaded *g, int seat, const char *policy_name, char *buf,
    size_t len)
{
	struct sbuf moves = SBUF_INIT;
	size_t i;

	if (strcmp(policy_name, "pass") == 0 && g->rules->timeout_move != NULL &&
	    g->rules->timeout_move(g->state, seat, &moves) == 0 && moves.len > 0 &&
	    !moves.oom) {
		while (moves.len > 0 && moves.s[moves.len - 1] == '\n')
			moves.s[--moves.len] = '\0';
		for (i = 0; i < moves.len; i++)
			if (moves.s[i] == '\n')
				moves.s[i] = ';';
		snprintf(buf, len, "the game plays for you: %s", sb_str(&moves));
	} else
		clock_consequence(policy_name, "you", buf, len);
	sb_free(&moves);
}

/*
 * A seat of a game with a deadline: the rung of its ladder that is due, if
 * any, into b.  A timeout is not played here (this is the reminders'
 * transaction): *timeout is set and the caller plays it after the commit.
 */
static int
deadline_seat(struct store *s, struct loaded *g, int seat,
    const char *why, int64_t now, struct batch *b, int *sent, int *told, int *timeout)
{
	struct store_seat *st = &g->seats[seat];
	enum clock_event ev = clock_due(&g->row, st, now);
	int64_t d = clock_deadline(&g->row, st), start = d - (int64_t)g->row.deadline_hours * 3600;
	char when[64], after[64], what[300], text[900], idle_s[64], news[900];
	const char *policy_name;
	int rc;

	if (ev == CLOCK_NOTHING)
		return STORE_OK;
	if (ev == CLOCK_TIMEOUT) {
		*timeout = 1;
		return STORE_OK;
	}
	if (ev == CLOCK_VOTE) {
		int64_t closes;

		if ((rc = vote_open(s, g, seat, now, &closes, news, sizeof(news))) != STORE_OK ||
		    closes == 0)
			return rc;
		batch_tell(b, g, seat, "vote", news, 1);
		st->reminders = CLOCK_VOTING;
		st->reminded_at = closes;
		(*told)++;
		clock_schedule(&g->row, st);
		return store_seat_update_clock(s, g->row.id, st);
	}
	idle_text(now - start, idle_s, sizeof(idle_s));
	clock_time_text(d, when, sizeof(when));
	policy_name = effective_policy(g, seat);
	seat_consequence(g, seat, policy_name, what, sizeof(what));
	if (ev == CLOCK_NOTICE) {
		int acts = strcmp(policy_name, "remind-only") != 0;

		clock_time_text(now + (int64_t)g->row.grace_hours * 3600, after, sizeof(after));
		if (acts)
			snprintf(text, sizeof(text), "The deadline for this decision passed at %s. "
			    "Unless you move first, at %s %s.", when, after, what);
		else
			snprintf(text, sizeof(text), "The deadline for this decision passed at %s. "
			    "The game keeps waiting for you; the table has been told.", when);
		/* The table hears the rule, not the default itself (it may be private). */
		clock_consequence(policy_name, g->names[seat], what, sizeof(what));
		if (acts)
			snprintf(news, sizeof(news), "the deadline for %s's decision passed at %s "
			    "(what %s has to decide: %s). Unless %s moves first, at %s %s.",
			    g->names[seat], when, g->names[seat], why, g->names[seat], after, what);
		else
			snprintf(news, sizeof(news), "the deadline for %s's decision passed at %s "
			    "(what %s has to decide: %s); the game keeps waiting for %s.",
			    g->names[seat], when, g->names[seat], why, g->names[seat]);
		batch_own(b, seat, "deadline passed", idle_s, text);
		batch_tell(b, g, seat, "deadline passed", news, 0);
		st->reminders = CLOCK_NOTICE;
		st->table_told = 1;
		(*told)++;
	} else {
		if (ev == CLOCK_DAILY)
			snprintf(text, sizeof(text), "The deadline for this decision passed at %s; "
			    "the game keeps waiting for you.", when);
		else if (strcmp(policy_name, "remind-only") == 0 || g->row.grace_hours == 0)
			snprintf(text, sizeof(text), "%sYour deadline for this decision is %s; "
			    "then %s.", ev == CLOCK_LAST ? "This is the last reminder. " : "",
			    when, what);
		else {
			/* Both times: the deadline, and the end of the grace after it. */
			clock_time_text(d + (int64_t)g->row.grace_hours * 3600, after,
			    sizeof(after));
			snprintf(text, sizeof(text), "%sYour deadline for this decision is %s. "
			    "If you have not moved by then, you get a notice, and at %s (after a "
			    "grace of %d hour%s) %s.", ev == CLOCK_LAST ? "This is the last "
			    "reminder. " : "", when, after, g->row.grace_hours,
			    g->row.grace_hours == 1 ? "" : "s", what);
		}
		batch_own(b, seat, "reminder", idle_s, text);
		st->reminders = ev == CLOCK_DAILY ? st->reminders + 1 : (int)ev;
	}
	st->reminded_at = now;
	(*sent)++;
	clock_schedule(&g->row, st);
	return store_seat_update_clock(s, g->row.id, st);
}

/* Remind one awaited seat if its time has come, into b; *sent counts mails. */
static int
remind_seat(struct config *cfg, struct store *s, struct loaded *g, int seat,
    int64_t now, struct batch *b, int *sent, int *told)
{
	struct store_seat *st = &g->seats[seat];
	int hours = g->row.remind_hours > 0 ? g->row.remind_hours : cfg->remind_hours;
	int64_t start = st->idle_since, idle, next;
	char idle_s[64], news[400];
	int changed = 0;

	if (start == 0 || now < st->away_until)
		return STORE_OK;		/* not awaited, or away: the clock is paused */
	if (st->away_until > start)
		start = st->away_until;		/* the clock restarts when the absence ends */
	idle = now - start;
	next = st->reminded_at == 0 ? start + (int64_t)hours * 3600 : st->reminded_at + DAY;
	idle_text(idle, idle_s, sizeof(idle_s));
	if (now >= next) {
		batch_own(b, seat, "reminder", idle_s, "");
		st->reminded_at = now;
		st->reminders++;
		changed = 1;
		(*sent)++;
	}
	if (!st->table_told && idle >= (int64_t)cfg->table_days * DAY) {
		/* The others hear it; the seat itself has its reminders. */
		snprintf(news, sizeof(news), "the game has been waiting for %s for %s.",
		    g->names[seat], idle_s);
		batch_tell(b, g, seat, "reminder", news, 0);
		st->table_told = 1;
		changed = 1;
		(*told)++;
	}
	return changed ? store_seat_update_clock(s, g->row.id, st) : STORE_OK;
}

/* One game's reminders, in one transaction; *timeouts says whether a
 * seat's timeout is due. */
static int
remind_game(struct ctx *c, struct config *cfg, struct store *s, int64_t id, int *sent,
    int *told, int *timeouts)
{
	struct loaded g;
	struct game_wait w;
	struct batch b;
	int rc, i, code = EXIT_OK;
	int64_t now = now_epoch();

	*timeouts = 0;
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
	memset(&b, 0, sizeof(b));
	for (i = 0; i < g.row.nseats; i++) {
		if (!(w.mask & (1u << i)))
			continue;
		rc = g.row.deadline_hours > 0 ?
		    deadline_seat(s, &g, i, w.why[i], now, &b, sent, told, timeouts) :
		    remind_seat(cfg, s, &g, i, now, &b, sent, told);
		if (rc != STORE_OK) {
			code = store_exit(s, rc);
			batch_free(&b);
			goto fail;
		}
	}
	rc = batch_send(cfg, s, &g, &w, &b);
	batch_free(&b);
	if (rc != STORE_OK) {
		code = store_exit(s, rc);
		goto fail;
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

/* 1 when g's open vote on seat has a majority to drop it; 0 not; -1 the database failed. */
static int
vote_drops(struct store *s, const struct loaded *g, int seat)
{
	struct store_proposal p;
	int rc = store_proposal_get(s, g->row.id, &p);

	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		return -1;
	return rc == STORE_OK && strcmp(p.kind, "drop") == 0 && p.seat == seat &&
	    p.at_move == g->row.nmoves && vote_result(g, &p) == 1;
}

/*
 * The closed vote on seat: 1 when more than half of the others agreed to
 * drop it (and the game has not moved since: the resignation is played
 * expecting its move count); otherwise the vote is closed as "wait" in a
 * transaction of its own, once (0), or -1 when that failed.  g is the
 * loaded game, read outside any transaction: whether the vote is still to
 * close is decided again under the writers' lock, where another remind
 * run may have closed it already, a vote come in, or the seat moved.
 */
static int
vote_outcome(struct ctx *c, struct store *s, struct loaded *g, int seat, int64_t now)
{
	struct config *cfg;
	struct loaded cur;
	struct game_wait w;
	char err[512];
	int rc, due;

	if ((rc = vote_drops(s, g, seat)) != 0)
		return rc;
	if ((cfg = config_get(c, err, sizeof(err))) == NULL || store_begin(s) != STORE_OK)
		return -1;
	memset(&cur, 0, sizeof(cur));
	if (game_load(c, s, g->row.id, -1, &cur) != EXIT_OK) {
		store_rollback(s);
		game_unload(&cur);
		return -1;
	}
	memset(&w, 0, sizeof(w));
	if (!cur.rules->over(cur.state))
		cur.rules->waiting(cur.state, &w);
	due = (w.mask & (1u << seat)) && cur.row.nmoves == g->row.nmoves &&
	    strcmp(cur.row.on_timeout, "vote") == 0 &&
	    clock_due(&cur.row, &cur.seats[seat], now) == CLOCK_TIMEOUT;
	if (due && (rc = vote_drops(s, &cur, seat)) != 0) {
		store_rollback(s);
		game_unload(&cur);
		return rc;
	}
	if (!due) {
		store_rollback(s);	/* nothing left to decide here */
		game_unload(&cur);
		return 0;
	}
	rc = vote_close(cfg, s, &cur, seat, now);
	if (rc != STORE_OK || store_commit(s) != STORE_OK) {
		store_rollback(s);
		game_unload(&cur);
		return -1;
	}
	game_unload(&cur);
	return 0;
}

/*
 * Play the timeouts due in game id, each as the seat's move in its own
 * transaction (play_submission, source "timeout"): the engine's default
 * for the seat under "pass", its resignation under "drop".  A seat that
 * moved meanwhile is left alone: the move count the timeout was judged on
 * is expected.  *played counts the moves.
 */
static int
play_timeouts(struct ctx *c, struct store *s, int64_t id, int *played)
{
	int round;

	for (round = 0; round < GAME_MAX_SEATS; round++) {
		struct loaded g, after;
		struct game_wait w;
		struct submission sub;
		struct outcome out;
		struct sbuf text = SBUF_INIT;
		int64_t now = now_epoch();
		int i, seat = -1, expect, rc;

		if ((rc = game_load(c, s, id, -1, &g)) != EXIT_OK)
			return rc;
		memset(&w, 0, sizeof(w));
		if (!g.rules->over(g.state))
			g.rules->waiting(g.state, &w);
		for (i = 0; i < g.row.nseats && seat < 0; i++)
			if ((w.mask & (1u << i)) && g.row.deadline_hours > 0 &&
			    clock_due(&g.row, &g.seats[i], now) == CLOCK_TIMEOUT)
				seat = i;
		if (seat >= 0 && strcmp(g.row.on_timeout, "vote") == 0 &&
		    (rc = vote_outcome(c, s, &g, seat, now)) != 1) {
			/* Not a majority to drop: the vote was closed as "wait". */
			game_unload(&g);
			return rc < 0 ? EXIT_TEMPFAIL : EXIT_OK;
		}
		if (seat >= 0 && (strcmp(g.row.on_timeout, "drop") == 0 ||
		    strcmp(g.row.on_timeout, "vote") == 0))
			sb_puts(&text, "resign\n");
		else if (seat >= 0 && (g.rules->timeout_move == NULL ||
		    g.rules->timeout_move(g.state, seat, &text) != 0 || text.len == 0)) {
			errx_line(c, "game %lld: %s has no default to play at the timeout; the "
			    "game keeps waiting", (long long)id, g.names[seat]);
			seat = -1;
		}
		expect = g.row.nmoves;
		game_unload(&g);
		if (seat < 0) {
			sb_free(&text);
			return EXIT_OK;
		}
		memset(&sub, 0, sizeof(sub));
		sub.game = id;
		sub.seat = seat;
		sub.text = sb_str(&text);
		sub.source = "timeout";
		sub.expect = expect;
		memset(&after, 0, sizeof(after));
		rc = play_submission(c, s, &sub, &after, &out);
		game_unload(&after);
		if (rc == EXIT_REJECTED && !out.moved_on && strcmp(sub.text, "resign\n") == 0) {
			/* A game that cannot drop the seat now (Terra Mystica before the
			 * factions are chosen, Warriors & Traders ever) gets the default. */
			sb_reset(&text);
			memset(&after, 0, sizeof(after));
			if (game_load(c, s, id, -1, &after) == EXIT_OK &&
			    after.row.nmoves == expect && after.rules->timeout_move != NULL &&
			    after.rules->timeout_move(after.state, seat, &text) == 0) {
				game_unload(&after);
				sub.text = sb_str(&text);
				memset(&after, 0, sizeof(after));
				rc = play_submission(c, s, &sub, &after, &out);
			}
			game_unload(&after);
		}
		sb_free(&text);
		if (rc == EXIT_TEMPFAIL || rc == EXIT_IOERR)
			return rc;
		/* Another run played it, or the seat moved first: nothing to say. */
		if (rc != EXIT_OK && out.moved_on)
			return EXIT_OK;
		if (rc != EXIT_OK) {
			if (!out.said)
				errx_line(c, "game %lld: the timeout was not played: %s",
				    (long long)id, out.err);
			return EXIT_OK;
		}
		(*played)++;
	}
	return EXIT_OK;
}

/* The invitations that wait for their mail (tables.c), in one transaction. */
static int
remind_invitations(struct ctx *c, struct config *cfg, struct store *s, int *invited)
{
	int rc;

	if ((rc = store_begin(s)) != STORE_OK)
		return store_exit(s, rc);
	if ((rc = invitations_send(c, cfg, s, invited)) != STORE_OK ||
	    (rc = store_commit(s)) != STORE_OK) {
		*invited = 0;
		store_rollback(s);
		return store_exit(s, rc);
	}
	return EXIT_OK;
}

int
remind_all(struct ctx *c, struct config *cfg, struct store *s, int *sent, int *told,
    int *played, int *invited)
{
	int64_t *ids = NULL;
	int rc = EXIT_OK, n = 0, i, timeouts, digests = 0;

	*sent = *told = *played = *invited = 0;
	if ((rc = remind_invitations(c, cfg, s, invited)) != EXIT_OK)
		return rc;
	/* Digests that are due go with this run's mail (as with `send`). */
	if ((rc = digest_flush(c, cfg, s, &digests)) != EXIT_OK)
		return rc;
	/* Only games whose awaited seats may be due: finished ones are not read. */
	if ((rc = store_games_due(s, now_epoch(), cfg->remind_hours, cfg->table_days, &ids,
	    &n)) != STORE_OK)
		return store_exit(s, rc);
	for (i = 0; i < n; i++) {
		if ((rc = remind_game(c, cfg, s, ids[i], sent, told, &timeouts)) != EXIT_OK)
			break;
		if (timeouts && (rc = play_timeouts(c, s, ids[i], played)) != EXIT_OK)
			break;
	}
	free(ids);
	return i < n ? rc : EXIT_OK;
}
