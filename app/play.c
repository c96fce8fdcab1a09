/*
 * play.c - one submission, all or nothing: the single code path behind
 * `arbiter move` and moves that arrive by mail.
 *
 * Everything happens in one BEGIN IMMEDIATE transaction: load the state,
 * judge the submission on a copy, append the move, store the snapshot,
 * update the seats' clocks and serials, queue the mail, commit.  A
 * rejected submission rolls back, so the database file is left byte for
 * byte as it was.  A submission from mail also checks, in the same
 * transaction, that the mail was not handled before and that its reply
 * token is current, and queues its answer: a mail delivered twice at once
 * is applied once and answered once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "site.h"
#include "../engine/notation.h"
#include "../store/store_mail.h"

/*
 * Keep each seat's idle clock: when the game started waiting for it.  The
 * mover's clock restarts; mover -1 (an import) only starts the clocks of
 * seats newly awaited.
 */
int
game_update_clocks(struct loaded *g, int mover, int64_t now)
{
	struct game_wait w;
	int i, rc, over = g->rules->over(g->state);

	memset(&w, 0, sizeof(w));
	if (!over)
		g->rules->waiting(g->state, &w);
	for (i = 0; i < g->row.nseats; i++) {
		struct store_seat *st = &g->seats[i];
		int awaited = (w.mask & (1u << i)) != 0;
		int64_t idle = st->idle_since;

		if (!awaited)
			idle = 0;
		else if (idle == 0 || i == mover)
			idle = now;
		if (idle == st->idle_since)
			continue;
		st->idle_since = idle;
		st->reminded_at = 0;
		st->reminders = 0;
		st->table_told = 0;
		clock_schedule(&g->row, st);
		if ((rc = store_seat_update_clock(g->store, g->row.id, st)) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int
game_update_serials(struct loaded *g, int mover, const struct game_wait *before)
{
	struct game_wait now;
	int i, rc;

	memset(&now, 0, sizeof(now));
	if (!g->rules->over(g->state))
		g->rules->waiting(g->state, &now);
	g->changed = 0;
	for (i = 0; i < g->row.nseats; i++) {
		unsigned bit = 1u << i;

		/* What the mover changed of its own part it knows: while the
		 * game still waits for it, its mail stays good (a second reply
		 * to it acts: a burn, then the action, issue 27); once its part
		 * is done, that mail is stale. */
		if (before != NULL && ((i == mover && (now.mask & bit)) ||
		    ((before->mask & bit) == (now.mask & bit) &&
		    (!(now.mask & bit) || strcmp(before->why[i], now.why[i]) == 0))))
			continue;
		g->seats[i].serial++;
		g->changed |= bit;
		if ((rc = store_seat_set_serial(g->store, g->row.id, i, g->seats[i].serial)) !=
		    STORE_OK)
			return rc;
	}
	return STORE_OK;
}

/*
 * The ends of a submission's commands as the engines split it (DESIGN.md:
 * commands are separated by newlines or ';', and text from '#' to the end
 * of its line is a comment): ends[k] is the offset just past command k+1,
 * counting only commands that are not empty.  Returns how many.
 */
static size_t
command_ends(const char *text, size_t *ends)
{
	size_t i, n = 0;
	int comment = 0, words = 0;

	for (i = 0;; i++) {
		char c = text[i];

		if (c == '\0' || c == '\n' || c == '\r' || (c == ';' && !comment)) {
			if (words)
				ends[n++] = i;
			words = 0;
			if (c == '\0')
				break;
			if (c != ';')
				comment = 0;
		} else if (c == '#') {
			comment = 1;
		} else if (!comment && c != ' ' && c != '\t') {
			words = 1;
		}
	}
	return n;
}

/*
 * The seat is awaited, but only for a decision outside its turn (a power
 * offer to leech or decline), and its submission's first command (len
 * bytes) is something else: the refusal says what the seat may do now,
 * that the command comes in its own turn, and whom else the game waits
 * for.  0 when the seat is not awaited so.
 */
static int
awaited_aside(const struct submission *sub, const struct loaded *g, size_t len,
    struct outcome *out)
{
	const char *mover = g->names[sub->seat >= 0 ? sub->seat : 0];
	struct game_wait w;
	char others[400] = "";
	size_t o = 0, b = 0;
	int i;

	if (sub->seat < 0 || g->row.over == STORE_ABANDONED || g->rules->over(g->state))
		return 0;
	memset(&w, 0, sizeof(w));
	g->rules->waiting(g->state, &w);
	if (!(w.mask & (1u << sub->seat)) || w.brief[sub->seat][0] == '\0')
		return 0;
	for (i = 0; i < g->row.nseats && o < sizeof(others); i++)
		if ((w.mask & (1u << i)) && i != sub->seat)
			o += (size_t)snprintf(others + o, sizeof(others) - o, "%s%s: %s",
			    o ? "; " : "", g->names[i], game_why(g, &w, i));
	while (b < len && (sub->text[b] == ' ' || sub->text[b] == '\t'))
		b++;
	while (len > b && (sub->text[len - 1] == ' ' || sub->text[len - 1] == '\t'))
		len--;
	snprintf(out->err, sizeof(out->err), "%s may not do that now: %s may only decide "
	    "the %s now (%s); '%.*s' comes in %s's own turn%s%s", mover, mover,
	    w.brief[sub->seat], game_why(g, &w, sub->seat), (int)(len - b), sub->text + b,
	    mover,
	    o ? ", and the game waits for " : "", others);
	if (o > 0)
		snprintf(out->waits, sizeof(out->waits), "%s", others);
	else
		snprintf(out->waits, sizeof(out->waits), "%s: %s", mover,
		    game_why(g, &w, sub->seat));
	out->not_now = 0;
	out->aside = 1;
	return 1;
}

/*
 * How many of the submission's n commands (ending at ends[]) play on their
 * own: the most that do, found by halving, each try on scratch (a copy of
 * the state).  The command after them is the one refused.
 */
static size_t
commands_that_play(const struct submission *sub, const struct loaded *g, void *scratch,
    const size_t *ends, size_t n, char *prefix)
{
	struct game_played pl;
	char err[256];
	size_t lo = 0, hi, k;

	for (hi = n; hi - lo > 1;) {
		k = lo + (hi - lo) / 2;
		memcpy(prefix, sub->text, ends[k - 1]);
		prefix[ends[k - 1]] = '\0';
		memcpy(scratch, g->state, g->rules->state_size);
		memset(&pl, 0, sizeof(pl));
		if (g->rules->play(scratch, sub->seat, prefix, &pl, err, sizeof(err)) ==
		    GAME_OK)
			lo = k;
		else
			hi = k;
	}
	return lo;
}

/* Command k (from 0) of the submission, as written, without the blanks
 * around it: its start in *at, its length returned. */
static int
command_text(const char *text, const size_t *ends, size_t k, const char **at)
{
	size_t b = k == 0 ? 0 : ends[k - 1] + 1, e = ends[k];

	while (b < e && (text[b] == ' ' || text[b] == '\t' || text[b] == '\r' ||
	    text[b] == '\n' || text[b] == ';'))
		b++;
	while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
		e--;
	*at = text + b;
	return (int)(e - b);
}

/*
 * A refused submission of several commands: the reason names the refused
 * one by its number ("command 3: "), as every refusal names a command of a
 * submission, unless the engine's reason does already.
 */
static void
name_refused(const struct submission *sub, const struct loaded *g, void *scratch,
    struct outcome *out)
{
	size_t len = strlen(sub->text), *ends, n, el;
	char *prefix, head[40];
	int hl;

	if (strncmp(out->err, "command ", 8) == 0)
		return;
	ends = calloc(len + 1, sizeof(*ends));
	prefix = malloc(len + 1);
	if (ends != NULL && prefix != NULL && (n = command_ends(sub->text, ends)) > 1) {
		hl = snprintf(head, sizeof(head), "command %zu: ",
		    commands_that_play(sub, g, scratch, ends, n, prefix) + 1);
		el = strlen(out->err);
		if ((size_t)hl + el >= sizeof(out->err))
			el = sizeof(out->err) - 1 - (size_t)hl;
		memmove(out->err + hl, out->err, el);
		memcpy(out->err, head, (size_t)hl);
		out->err[(size_t)hl + el] = '\0';
		utf8_trim_partial(out->err);
	}
	free(ends);
	free(prefix);
}

/*
 * A submission a seat may not make: where it stops being the seat's.
 * then is whom the game waits for where the engine stopped (the commands
 * before the refused one applied), or NULL when it stopped at the state
 * before the submission.  When the refused command is not the first, the
 * reason names it by its number, as every refusal names a command of a
 * submission ("command 2": commands are counted across lines and ';'),
 * and whom the game waits for by then (a second "pass" after a first one);
 * otherwise whom it waits for now.  The command is found by halving: the
 * most commands that play on their own, each try on a copy.
 */
static void
not_your_turn(const struct submission *sub, const struct loaded *g, void *scratch,
    const char *then, struct outcome *out)
{
	const char *text = sub->text;
	const char *mover = sub->seat >= 0 ? g->names[sub->seat] : "the game master";
	size_t len = strlen(text), *ends = NULL, n = 0;
	size_t lo;
	char why[400], replayed[400], err[256], quoted[300] = "";
	struct game_played pl;
	char *prefix = NULL;

	if ((ends = calloc(len + 1, sizeof(*ends))) != NULL &&
	    (prefix = malloc(len + 1)) != NULL)
		n = command_ends(text, ends);
	/* lo commands play (0 always does) */
	lo = commands_that_play(sub, g, scratch, ends, n, prefix);
	if (lo < n) {
		/* the refused command as written (a long one cut short) */
		const char *at;
		int k = command_text(text, ends, lo, &at), cut = quote_len(at, (size_t)k, 200);

		snprintf(quoted, sizeof(quoted), "'%.*s%s': ", cut, at, cut < k ? "..." : "");
	}
	if (then == NULL && lo > 0) {
		/* An engine that gave back the state before: replay the commands that play. */
		struct loaded after = *g;

		memcpy(prefix, text, ends[lo - 1]);
		prefix[ends[lo - 1]] = '\0';
		memcpy(scratch, g->state, g->rules->state_size);
		memset(&pl, 0, sizeof(pl));
		g->rules->play(scratch, sub->seat, prefix, &pl, err, sizeof(err));
		after.state = scratch;
		game_waiting_text(&after, replayed, sizeof(replayed));
		then = replayed;
	}
	game_waiting_text(g, why, sizeof(why));
	/* Bookkeeping an engine did before refusing the first command is no "then". */
	if (then != NULL && (lo > 0 || strcmp(then, why) != 0)) {
		/* a long reason is cut short (utf8_trim_partial) */
		if (snprintf(out->err, sizeof(out->err), "command %zu: %s%s may not act "
		    "then: by then the game waits for %s", lo + 1, quoted, mover, then) >=
		    (int)sizeof(out->err))
			utf8_trim_partial(out->err);
		snprintf(out->waits, sizeof(out->waits), "%s", then);
		out->not_now = lo + 1;
	} else if (!awaited_aside(sub, g, n > 0 ? ends[0] : 0, out)) {
		if (snprintf(out->err, sizeof(out->err), "%s%s%s may not act now: the "
		    "game waits for %s", n > 1 ? "command 1: " : "", quoted, mover, why) >=
		    (int)sizeof(out->err))
			utf8_trim_partial(out->err);
		snprintf(out->waits, sizeof(out->waits), "%s", why);
		out->not_now = 0;
	}
	free(ends);
	free(prefix);
}

/* Judge the submission against the loaded state; fills out on rejection. */
static int
judge(const struct submission *sub, struct loaded *g, void *next,
    struct game_played *pl, struct outcome *out)
{
	enum game_status st;

	if (g->row.over == STORE_ABANDONED) {
		out->code = EXIT_REJECTED;
		out->moved_on = 1;
		snprintf(out->err, sizeof(out->err), "the game master abandoned game #%lld; "
		    "no more moves", (long long)g->row.id);
		return -1;
	}
	if (g->rules->over(g->state)) {
		out->code = EXIT_REJECTED;
		out->moved_on = 1;
		snprintf(out->err, sizeof(out->err), "the game is over; no more moves");
		return -1;
	}
	if (sub->expect >= 0 && sub->expect != g->row.nmoves) {
		out->code = EXIT_REJECTED;
		out->moved_on = 1;
		snprintf(out->err, sizeof(out->err),
		    "--expect %d: the game has %d move%s now; look again before moving",
		    sub->expect, g->row.nmoves, g->row.nmoves == 1 ? "" : "s");
		return -1;
	}
	/*
	 * Seat -1 is the game master's: only `arbiter admin` sends it, and the
	 * engine accepts there only its administrative commands.
	 */
	if (sub->admin ? sub->seat != -1 : sub->seat < 0 || sub->seat >= g->row.nseats) {
		out->code = EXIT_NOPERM;
		snprintf(out->err, sizeof(out->err), "no such seat in game %lld",
		    (long long)g->row.id);
		return -1;
	}
	memcpy(next, g->state, g->rules->state_size);
	memset(pl, 0, sizeof(*pl));
	st = g->rules->play(next, sub->seat, sub->text, pl, out->err, sizeof(out->err));
	if (st == GAME_OK)
		return 0;
	if (st == GAME_NOT_YOUR_TURN) {
		/*
		 * The engine decided; the application names the seats.  An
		 * engine applies a submission's commands in turn, so next
		 * holds those before the refused one, if there were any.
		 */
		char then[400];
		int moved = memcmp(next, g->state, g->rules->state_size) != 0;

		if (moved) {
			struct loaded after = *g;

			after.state = next;
			game_waiting_text(&after, then, sizeof(then));
		}
		out->code = EXIT_NOPERM;
		not_your_turn(sub, g, next, moved ? then : NULL, out);
		return -1;
	}
	/* An engine's reason cut short by its buffer may end inside a character. */
	utf8_trim_partial(out->err);
	out->code = EXIT_REJECTED;
	name_refused(sub, g, next, out);
	return -1;
}

/*
 * What the log shows of an applied submission: its public form (NULL: the
 * text itself), then what it did that its commands do not say, one line
 * each marked as a comment ("# "), which every notation skips, so the
 * shown form still replays.  NULL when it is the text as it is.
 */
static char *
shown_form(const struct submission *sub, const char *public_form, const char *told)
{
	struct sbuf b = SBUF_INIT;
	const char *p = told;
	size_t n;

	if (*told == '\0')
		return public_form != NULL ? strdup(public_form) : NULL;
	sb_puts(&b, public_form != NULL ? public_form : sub->text);
	while (b.len > 0 && b.s[b.len - 1] == '\n')
		b.s[--b.len] = '\0';
	while (*p != '\0') {
		n = strcspn(p, "\n");
		if (n > 0)
			sb_printf(&b, "\n# %.*s", (int)n, p);
		p += n + (p[n] == '\n');
	}
	return sb_take(&b);
}

/* Record an applied submission: log, snapshot, game over flag, clocks, serials. */
static int
record(struct ctx *c, const struct submission *sub, struct loaded *g, int drew,
    const struct game_wait *before, const char *shown)
{
	struct store_move m;
	int rc;

	(void)c;
	memset(&m, 0, sizeof(m));
	m.seq = g->row.nmoves + 1;
	m.seat = sub->seat;
	m.text = (char *)sub->text;
	snprintf(m.source, sizeof(m.source), "%s", sub->source);
	m.message_id = (char *)sub->message_id;
	m.at = now_epoch();
	m.drew = drew;
	m.shown = (char *)shown;
	if ((rc = store_move_append(g->store, g->row.id, &m)) != STORE_OK)
		return rc;
	g->row.nmoves = m.seq;
	g->seq = m.seq;
	rc = store_snapshot_put(g->store, g->row.id, m.seq, g->rules->version, g->state,
	    g->rules->state_size);
	if (rc != STORE_OK)
		return rc;
	if (g->rules->over(g->state) && !g->row.over) {
		if ((rc = store_game_set_over(g->store, g->row.id, 1)) != STORE_OK)
			return rc;
		g->row.over = 1;
		/* The game ended by its rules: its players' standings (rating.c). */
		if ((rc = rating_game_over(g->store, g)) != STORE_OK)
			return rc;
	}
	if ((rc = game_update_clocks(g, sub->seat, m.at)) != STORE_OK)
		return rc;
	/* A move of the seat's own voids its open question to resign. */
	if (sub->seat >= 0 && g->seats[sub->seat].confirm_serial != 0) {
		if ((rc = store_seat_set_confirm(g->store, g->row.id, sub->seat, 0)) != STORE_OK)
			return rc;
		g->seats[sub->seat].confirm_serial = 0;
	}
	/* The deadline's move for a seat is not the seat's own: its mail is stale. */
	return game_update_serials(g, strcmp(sub->source, "timeout") == 0 ? -1 : sub->seat,
	    before);
}

/*
 * For mail: 1 when sub's key was handled before (nothing more to do), 0
 * when not, or a negative STORE_* code.
 */
static int
seen_before(struct store *s, const struct submission *sub)
{
	if (sub->seen_key == NULL)
		return 0;
	return store_inbound_seen(s, sub->seen_key);
}

/* For mail: queue the answer and record the key, inside the transaction. */
static int
answer_and_note(struct store *s, const struct submission *sub, struct loaded *g,
    const struct outcome *out)
{
	int rc;

	if (sub->answer != NULL && (rc = sub->answer(sub->answer_arg, g, out)) != STORE_OK)
		return rc;
	if (sub->seen_key == NULL)
		return STORE_OK;
	return store_inbound_put(s, sub->seen_key, now_epoch(), sub->game, sub->seat,
	    out->duplicate ? "duplicate" : out->stale ? "stale" :
	    out->code == EXIT_OK ? "applied" : "rejected");
}

int
play_submission(struct ctx *c, struct store *s, const struct submission *sub,
    struct loaded *g, struct outcome *out)
{
	struct game_played pl;
	struct game_wait before;
	struct sbuf shown = SBUF_INIT;
	void *next = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	/* Judged before the database is touched: all or nothing holds for bytes too. */
	if (submission_check(sub->text, sub->len != 0 ? sub->len : strlen(sub->text),
	    out->err, sizeof(out->err)) != 0 && sub->answer == NULL)
		return out->code = EXIT_REJECTED;
	if ((rc = store_begin(s)) != STORE_OK) {
		out->code = store_exit(s, rc);
		out->said = 1;
		snprintf(out->err, sizeof(out->err), "%s", store_error(s));
		return out->code;
	}
	if ((rc = seen_before(s, sub)) != 0) {
		store_rollback(s);
		if (rc < 0) {
			snprintf(out->err, sizeof(out->err), "%s", store_error(s));
			return out->code = store_exit_code(-rc);
		}
		out->duplicate = 1;
		return out->code = EXIT_OK;
	}
	out->code = game_load(c, s, sub->game, -1, g);
	if (out->code != EXIT_OK) {
		snprintf(out->err, sizeof(out->err), "game %lld could not be loaded",
		    (long long)sub->game);
		out->said = 1;		/* game_load said why */
		goto rollback;
	}
	if (out->err[0] != '\0') {
		/* The bytes failed submission_check: answered as a rejection. */
		out->code = EXIT_REJECTED;
		goto answer;
	}
	if (sub->serial > 0 && sub->seat >= 0 && sub->seat < g->row.nseats &&
	    g->seats[sub->seat].serial != sub->serial) {
		out->stale = 1;
		out->code = EXIT_REJECTED;
		snprintf(out->err, sizeof(out->err), "the reply address is from before the "
		    "game moved on");
		goto answer;
	}
	memset(&before, 0, sizeof(before));
	if (!g->rules->over(g->state))
		g->rules->waiting(g->state, &before);
	next = malloc(g->rules->state_size);
	if (next == NULL) {
		out->code = EXIT_SOFTWARE;
		snprintf(out->err, sizeof(out->err), "out of memory");
		goto rollback;
	}
	if (judge(sub, g, next, &pl, out) != 0) {
		free(next);
		next = NULL;
		if (sub->answer == NULL)
			goto rollback;
		goto answer;
	}
	/* What the other seats may read of it: the engine's public form, from the state before. */
	if (g->rules->public_text != NULL && sub->seat >= 0)
		g->rules->public_text(g->state, sub->seat, sub->text, &shown);
	if (shown.oom) {
		out->code = EXIT_SOFTWARE;
		snprintf(out->err, sizeof(out->err), "out of memory");
		goto rollback;
	}
	memcpy(g->state, next, g->rules->state_size);
	free(next);
	next = NULL;
	if (sub->dry_run) {
		sb_free(&shown);
		store_rollback(s);
		out->seq = g->row.nmoves + 1;
		return out->code = EXIT_OK;
	}
	out->code = EXIT_OK;
	snprintf(out->told, sizeof(out->told), "%s", pl.told);
	g->concerns = pl.concerns;
	{
		char *form = shown_form(sub, g->rules->public_text != NULL && sub->seat >= 0 ?
		    sb_str(&shown) : NULL, pl.told);

		rc = form == NULL && (pl.told[0] != '\0' || (g->rules->public_text != NULL &&
		    sub->seat >= 0)) ? STORE_ERROR : record(c, sub, g, pl.drew, &before, form);
		free(form);
	}
	sb_free(&shown);
	out->seq = g->row.nmoves;
	/* The answer first: to an applied mail it is a note the mover's own
	 * mail of the move carries (sub->note), not a mail of its own. */
	if (rc == STORE_OK)
		rc = answer_and_note(s, sub, g, out);
	if (rc == STORE_OK)
		rc = notify_move(c, s, g, sub);
	/* The mail server (dialled ahead) answers its EHLO during the commit. */
	outmail_poke(c);
	if (rc == STORE_OK)
		rc = store_commit(s);
	if (rc != STORE_OK)
		goto store_fail;
	return out->code;
answer:
	/* Nothing of the submission was stored: only the answer and the key. */
	if ((rc = answer_and_note(s, sub, g, out)) == STORE_OK &&
	    (rc = store_commit(s)) == STORE_OK)
		return out->code;
store_fail:
	snprintf(out->err, sizeof(out->err), "%s", store_error(s));
	out->code = store_exit(s, rc);
	out->said = 1;
	store_rollback(s);
	return out->code;
rollback:
	sb_free(&shown);
	free(next);
	store_rollback(s);
	return out->code;
}
