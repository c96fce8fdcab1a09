/*
 * inmail_answer.c - the answers to inbound mail (inmail.c), queued inside
 * the mail's transaction: to a proven seat at its own address, to a mail
 * that proves no seat only at its envelope sender and within the caps, to
 * mail to the site address.  Each answer is counted against its
 * address's replies_per_hour; one past HELD_HOURS of waiting answers is
 * dropped, and the game master told.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "inmail_job.h"
#include "../engine/notation.h"
#include "../mail/compose.h"
#include "../store/store_mail.h"

/* A one-line rendering of an address we did not make, for the log. */
const char *
shown_addr(const char *a)
{
	return a != NULL && compose_addr_ok(a) ? a : "(an address that is not plain)";
}

/*
 * How many hours of answers (at replies_per_hour) may wait for one
 * address: past that an answer to it is dropped, and the game master told
 * once (arbiter send), so flooding an address cannot grow the queue
 * without bound.
 */
enum { HELD_HOURS = INMAIL_HELD_HOURS };

/*
 * When the answer to to, an address the limit per address alone governs,
 * may go (*at: now, or when replies_per_hour lifts), or *dropped when
 * HELD_HOURS of answers wait for it already: then it is noted for the game
 * master, and not to be queued.
 */
static int
answer_slot(struct job *j, const char *to, int64_t now, int64_t *at, int *dropped)
{
	int rc;

	*dropped = 0;
	if ((rc = store_reply_slot(j->s, to, now, j->cfg->replies_per_hour, at)) != STORE_OK)
		return rc;
	if (*at > now + HELD_HOURS * 3600) {
		*dropped = 1;
		fprintf(stderr, "arbiter: the answer to %s is dropped: %d hours of answers wait "
		    "for it already (replies_per_hour)\n", to, HELD_HOURS);
		return store_dropped_note(j->s, to, now);
	}
	if (*at > now)
		fprintf(stderr, "arbiter: the answer to %s waits %lld minutes: it had %d answers "
		    "in the last hour (replies_per_hour)\n", to, (long long)(*at - now + 59) / 60,
		    j->cfg->replies_per_hour);
	return STORE_OK;
}

/*
 * 1 when addr holds a seat in some game or confirmed itself: its answers
 * count against its own replies_per_hour, never the site's limit for
 * strangers (which strangers could use up), 0 when not, or -STORE_*.
 */
int
known_address(struct job *j, const char *addr)
{
	struct store_identity id;
	int64_t game;
	int n = 0, rc;

	if ((rc = store_address_games(j->s, addr, 0, &game, 1, &n)) != STORE_OK)
		return -rc;
	if (n > 0)
		return 1;
	memset(&id, 0, sizeof(id));
	rc = store_identity_get(j->s, addr, &id);
	n = rc == STORE_OK && id.confirmed_at > 0;
	store_identity_free(&id);
	return rc == STORE_OK || rc == STORE_NOTFOUND ? n : -rc;
}

/* The reply's variables: result line, optional error help, moves, board. */
static json_t *
reply_vars(const struct config *cfg, const struct loaded *g, int seat, const char *name,
    const char *result, const char *error_help, int with_moves, int with_board)
{
	struct sbuf board = SBUF_INIT, wrapped = SBUF_INIT;
	json_t *v;

	if (g != NULL && with_board) {
		g->rules->render_text(g->state, seat, g->names, &board);
		while (board.len > 0 && board.s[board.len - 1] == '\n')
			board.s[--board.len] = '\0';
	}
	outmail_wrap(result, 72, &wrapped);
	v = json_pack("{s:s, s:s, s:b, s:s, s:s, s:s, s:I}", "name", name, "result",
	    sb_str(&wrapped), "error", error_help != NULL, "error_help", error_help != NULL ?
	    error_help : "", "moves", "", "board", sb_str(&board), "id",
	    (json_int_t)(g != NULL ? g->row.id : 0));
	/* What the seat may send now, as the engine says (any-time orders too). */
	if (v != NULL && g != NULL && with_moves && !g->rules->over(g->state) && !g->row.over)
		outmail_moves_vars(cfg, g, seat, v);
	sb_free(&board);
	sb_free(&wrapped);
	return v;
}

/* Queue the answer to a proven seat, at its own address, inside the transaction. */
int
answer_seat(struct job *j, const struct loaded *g, const char *result,
    const char *error_help, int with_moves, int with_board)
{
	const char *to = g->seats[j->seat].email;
	struct outmail_extra x = { 0, NULL, NULL, NULL, 0 };
	struct sbuf body = SBUF_INIT;
	char subject[300];
	int64_t now = now_epoch(), at;
	int rc;
	json_t *v;

	int dropped;

	if (*to == '\0')
		return STORE_OK;	/* a seat without an address plays on the command line */
	/* A player is not left without its answer: past replies_per_hour it
	 * waits until the limit lifts, and the game master hears of it; past
	 * HELD_HOURS of waiting answers it is dropped, and he hears of that. */
	if ((rc = answer_slot(j, to, now, &at, &dropped)) != STORE_OK || dropped)
		return rc;
	v = reply_vars(j->cfg, g, j->seat, g->names[j->seat], result, error_help, with_moves,
	    with_board);
	if (v == NULL || template_render("mail-reply.txt", v, &body) != 0) {
		json_decref(v);
		sb_free(&body);
		return STORE_ERROR;
	}
	json_decref(v);
	outmail_subject(g, j->seat, error_help != NULL ? "not accepted" : NULL, subject,
	    sizeof(subject));
	x.not_before = at;
	rc = outmail_queue_ex(j->cfg, j->s, g, j->seat, NULL, NULL, "reply", subject,
	    sb_str(&body), j->in->message_id, &x);
	sb_free(&body);
	if (rc == STORE_OK)
		rc = store_reply_note(j->s, to, at, REPLY_KNOWN);
	return rc;
}

/*
 * 1 when a mail that proves no seat may be answered at all: its envelope
 * sender (Return-Path) is a plain address and its From address.  Else 0,
 * and when say, the log says why it is not answered.  Needs nothing of
 * the database.  Anything else is dropped: spoofed mail makes no mail to
 * third parties.
 */
static int
stranger_addressable(const struct job *j, int say)
{
	const struct inbound *in = j->in;
	const char *to = in->return_path;

	if (to == NULL || *to == '\0') {
		if (say)
			fprintf(stderr, "arbiter: mail from %s proves no seat; not answered: it "
			    "has no Return-Path (envelope sender)\n", shown_addr(in->from));
		return 0;
	}
	if (!compose_addr_ok(to) || in->from == NULL || strcasecmp(in->from, to) != 0) {
		if (say)
			fprintf(stderr, "arbiter: mail from %s proves no seat; not answered: its "
			    "envelope sender %s is not its From address\n", shown_addr(in->from),
			    shown_addr(to));
		return 0;
	}
	return 1;
}

int
stranger_body(const struct job *j, const char *result, struct sbuf *body)
{
	json_t *v;

	if (!stranger_addressable(j, 0))
		return STORE_OK;
	/* The sender's display name is not echoed: it is theirs to forge. */
	v = reply_vars(j->cfg, NULL, -1, "Hello", result, NULL, 0, 0);
	if (v == NULL || template_render("mail-reply.txt", v, body) != 0 || body->oom) {
		json_decref(v);
		sb_free(body);
		return STORE_ERROR;
	}
	json_decref(v);
	return STORE_OK;
}

/*
 * The site's cap on answers to addresses that prove nothing: 1 when the
 * last hour's answers to strangers reached stranger_replies_per_hour (said
 * on stderr, "arbiter: PRE TO WHY: N such answers ..."), 0 when there is
 * room, or -STORE_* when the count could not be read.
 */
static int
strangers_full(struct job *j, int64_t now, const char *pre, const char *to, const char *why)
{
	int count = 0, rc;

	if ((rc = store_replies_strangers_since(j->s, now - 3600, &count)) != STORE_OK)
		return -rc;
	if (count < j->cfg->stranger_replies_per_hour)
		return 0;
	fprintf(stderr, "arbiter: %s%s%s %s: %d such answers in the last hour "
	    "(stranger_replies_per_hour)\n", pre, pre[0] != '\0' ? " " : "", to, why, count);
	return 1;
}

int
answer_stranger(struct job *j, const struct sbuf *body)
{
	const char *to = j->in->return_path;
	struct outmail_extra x = { 0, NULL, NULL, NULL, 0 };
	struct loaded none;
	int64_t now = now_epoch();
	int count = 0, rc, known;

	if (!stranger_addressable(j, 1))
		return STORE_OK;
	/* A seat's or a confirmed address (its own From and envelope sender)
	 * is answered within its own limit, held past it; another within the
	 * site's limit for strangers, and dropped past either. */
	if ((known = known_address(j, to)) < 0)
		return -known;
	if (known) {
		int dropped;

		if ((rc = answer_slot(j, to, now, &x.not_before, &dropped)) != STORE_OK || dropped)
			return rc;
	} else {
		if ((rc = strangers_full(j, now, "mail from", to, "proves no seat; not answered")) != 0)
			return rc < 0 ? -rc : STORE_OK;
		if ((rc = store_replies_since(j->s, to, now - 3600, &count)) != STORE_OK)
			return rc;
		if (count >= j->cfg->replies_per_hour) {
			fprintf(stderr, "arbiter: not answered: %s had %d answers in the last hour\n",
			    to, count);
			return STORE_OK;
		}
	}
	memset(&none, 0, sizeof(none));
	if (x.not_before <= now)
		x.not_before = 0;
	rc = outmail_queue_ex(j->cfg, j->s, &none, -1, to, NULL, "reply",
	    "[arbiter] your mail was not accepted", sb_str(body), j->in->message_id, &x);
	if (rc == STORE_OK)
		rc = store_reply_note(j->s, to, x.not_before > now ? x.not_before : now,
		    known ? REPLY_KNOWN : REPLY_STRANGER);
	return rc;
}

/* Tell the sender which lines of the mail were not read as commands. */
void
note_skipped(const struct job *j, char *result, size_t len)
{
	size_t n = strlen(result);

	if (j->skipped.len > 0)
		snprintf(result + n, len - n, "\nNot read as commands: %s.",
		    sb_str(&j->skipped));
}

/* 1 when g is over, by its rules or abandoned: no mail acts on it any more. */
int
game_ended(const struct loaded *g)
{
	return g->row.over != 0 || g->rules->over(g->state);
}

/*
 * The answer to any mail that would act on a game that is over: that it
 * is over, nothing more (no commands to correct, no board, no reply
 * address to act on).
 */
int
answer_over(struct job *j, const struct loaded *g)
{
	char result[300];

	if (g->row.over == STORE_ABANDONED)
		snprintf(result, sizeof(result), "Nothing in your mail was applied: the game "
		    "master abandoned game #%lld.", (long long)g->row.id);
	else
		snprintf(result, sizeof(result), "Game #%lld is over, so nothing in your mail "
		    "was applied.", (long long)g->row.id);
	note_skipped(j, result, sizeof(result));
	return answer_seat(j, g, result, NULL, 0, 0);
}

/* The stale answer: nothing applied, the game as it stands, a fresh reply address. */
int
answer_stale(struct job *j, const struct loaded *g)
{
	char result[600];

	/* Mail from another address than the seat's (the seat changed hands,
	 * or moved to a new address): the seat's holder did not write it and
	 * is not mailed about it. */
	if (j->in->from == NULL || g->seats[j->seat].email[0] == '\0' ||
	    strcasecmp(j->in->from, g->seats[j->seat].email) != 0) {
		fprintf(stderr, "arbiter: a stale reply to game %lld from %s, not the seat's "
		    "address; not answered\n", (long long)g->row.id, shown_addr(j->in->from));
		return STORE_OK;
	}
	if (game_ended(g))
		return answer_over(j, g);
	snprintf(result, sizeof(result), "Game #%lld has moved on since the mail you "
	    "answered (it is at move %d now), so nothing in your mail was applied. Here "
	    "is the game as it stands; reply to this mail to act on it.",
	    (long long)g->row.id, g->row.nmoves);
	return answer_seat(j, g, result, NULL, 1, 1);
}

/*
 * Queue the answer to a mail to the site address, at its envelope sender
 * (handle_site made sure it is the From address and within its own cap);
 * mail to an unproven address (stranger: a confirmation, nonce set, its
 * Reply-To carrying the tag) also within the site's cap for strangers.
 */
int
site_answer(struct job *j, const char *answer, const char *nonce, int stranger)
{
	const struct inbound *in = j->in;
	const char *to = in->return_path;
	struct outmail_extra x = { 0, NULL, NULL, NULL, 0 };
	char reply[320];
	struct loaded none;
	struct sbuf body = SBUF_INIT;
	int64_t now = now_epoch();
	int rc, known;
	json_t *v;

	/* handle_site has checked that the envelope sender is the From
	 * address, and for an unproven one that it is within replies_per_hour.
	 * A seat's address that has not confirmed itself is no stranger: its
	 * answers count against its own limit, not the site's. */
	if (stranger && (known = known_address(j, to)) != 0) {
		if (known < 0)
			return -known;
		stranger = 0;
	}
	if (stranger) {
		if ((rc = strangers_full(j, now, "", to, "not asked to confirm")) != 0)
			return rc < 0 ? -rc : STORE_OK;
	} else {
		/* A confirmed address gets its answer when its limit lifts. */
		int dropped;

		if ((rc = answer_slot(j, to, now, &x.not_before, &dropped)) != STORE_OK || dropped)
			return rc;
		if (x.not_before <= now)
			x.not_before = 0;
	}
	reply[0] = '\0';
	if (nonce != NULL && site_tagged_address(j->cfg, "c", nonce, reply, sizeof(reply)) != 0)
		reply[0] = '\0';
	/* Quoted text is cut on character boundaries; should a byte slip
	 * through anyway, it becomes '?' rather than failing the whole mail. */
	{
		struct sbuf clean = SBUF_INIT;
		const unsigned char *q = (const unsigned char *)answer;
		size_t left = strlen(answer), k;

		while (left > 0) {
			k = utf8_seq(q, left);
			if (k == 0) {
				sb_putc(&clean, '?');
				k = 1;
			} else
				sb_putn(&clean, (const char *)q, k);
			q += k;
			left -= k;
		}
		v = json_pack("{s:s}", "answer", sb_str(&clean));
		sb_free(&clean);
	}
	if (v == NULL || template_render("mail-site.txt", v, &body) != 0) {
		json_decref(v);
		sb_free(&body);
		return STORE_ERROR;
	}
	json_decref(v);
	memset(&none, 0, sizeof(none));
	rc = outmail_queue_ex(j->cfg, j->s, &none, -1, to, reply[0] != '\0' ? reply : NULL,
	    "reply", nonce != NULL ? "[arbiter] confirm your address" :
	    "[arbiter] your commands", sb_str(&body), in->message_id, &x);
	sb_free(&body);
	if (rc == STORE_OK)
		rc = store_reply_note(j->s, to, x.not_before > now ? x.not_before : now,
		    nonce != NULL ? (stranger ? REPLY_ASK_STRANGER : REPLY_ASK_KNOWN) :
		    stranger ? REPLY_STRANGER : REPLY_KNOWN);
	return rc;
}
