/*
 * inmail.c - one inbound mail, from `arbiter mail` (an MTA pipe) or
 * `arbiter fetch` (IMAP).  The seat is proven by the keyed token in the
 * recipient address (or $EXTENSION), or by the game id and the seat's
 * password in the body; a From address alone proves nothing.  The
 * commands then take exactly the path of `arbiter move`.
 *
 * Exactly once: every mail has a key, its Message-ID or, without a usable
 * one, a hash of what a redelivery repeats (envelope sender, From, Date,
 * Subject, recipients, extension and body).  The check that the key is
 * new, the check that the token's seat serial is current, the move, its
 * mail, the answer and the key itself are one BEGIN IMMEDIATE
 * transaction, so a mail delivered twice, even at the same moment, acts
 * once and is answered once; a redelivery is a no-op without an answer.
 *
 * The write lock (issue 26, mail in bursts): one mail takes it once, and
 * holds it only for what needs the state it guards.  Before BEGIN
 * IMMEDIATE: loading GMime and parsing, the key, a first look whether the
 * key was seen (a redelivery ends there, with a read), the token and
 * password checks, reading the commands against the game's rules, and
 * the answer to a mail that proves no seat.  Inside: the check of the key
 * that decides, the seat's serial, the move and every mail composed from
 * the state the transaction read, the key, the commit.  Only a bare
 * "resign" that the game would refuse takes it twice (the question is
 * not asked; the mail is played, so the refusal says why).  Where one
 * Tigris move mail's work goes (callgrind, millions of instructions,
 * pictures off; with pictures on, drawing them at delivery adds 75):
 *   start-up: exec, libraries, opening the store      4.0
 *   loading GMime (and the GLib and GnuTLS it needs)  5.7
 *   parsing                                           0.2
 *   before the lock: token, key, seat, reading        0.4
 *   in the lock: load, judge, record (play.c)         1.0
 *   in the lock: the move's mails (notify.c)          4.8
 *   in the lock: commit (and one fsync)               0.2
 *   delivering, after the commit (two more short
 *   transactions of the send loop, outmail.c)         0.9
 * At 16 pipes on two cores the lock is busy nearly all of a burst: its
 * holds (the fsync and the move's mails the larger part) and the gaps
 * between them set the rate, not the work done before it.
 *
 * Answers: a proven seat is answered at its own address, never at the
 * sender's.  Mail that proves no seat is answered only at its envelope
 * sender (Return-Path) when that equals the From address, and within a
 * site-wide hourly cap; otherwise it is logged on stderr and dropped.
 *
 * Exit codes: 0 for every message handled, whatever came of it; 75 only
 * when the database is busy or the disk full (before anything was
 * committed); 78 when the configuration or the database's permissions
 * are wrong; 74 when the database is damaged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "inmail_job.h"
#include "../engine/notation.h"
#include "../mail/compose.h"
#include "../mail/hash.h"
#include "../mail/token.h"
#include "../store/store_mail.h"

/* Wrong passwords for one game in an hour before password mail is refused. */
enum { PASSWORD_TRIES = 5 };

/*
 * A confirmation tag "c.NONCE" or an invitation's "i.NONCE" (32 hex
 * digits), bare (Postfix's $EXTENSION) or in an address's local part after
 * '+': 1 with the nonce in out and 'c' or 'i' in *kind, else 0.
 */
static int
confirm_tag(const char *cand, char out[33], char *kind)
{
	const char *p = cand, *plus, *at;
	size_t i;

	if (*p == '<')
		p++;
	at = strchr(p, '@');
	plus = strchr(p, '+');
	if (plus != NULL && (at == NULL || plus < at))
		p = plus + 1;
	else if (at != NULL)
		return 0;
	if ((p[0] != 'c' && p[0] != 'C' && p[0] != 'i' && p[0] != 'I') || p[1] != '.')
		return 0;
	for (i = 0; i < 32; i++) {
		char ch = p[2 + i];

		if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
		    (ch >= 'A' && ch <= 'F')))
			return 0;
		out[i] = (char)(ch >= 'A' && ch <= 'F' ? ch + 32 : ch);
	}
	if (p[34] != '\0' && p[34] != '@' && p[34] != '>')
		return 0;
	out[32] = '\0';
	*kind = (char)(p[0] | 0x20);
	return 1;
}

/* Find a seat token in the extension or the recipients. */
static void
find_token(struct job *j)
{
	const struct inbound *in = j->in;
	const char *cand[INBOUND_MAX_RCPT + 1];
	size_t n = 0, i;
	int legacy_ok = -1;

	if (j->extension != NULL && *j->extension != '\0')
		cand[n++] = j->extension;
	for (i = 0; i < in->nrcpt; i++)
		cand[n++] = in->rcpt[i];
	for (i = 0; i < n; i++) {
		long game, serial;
		int seat;
		enum token_result r;

		if (confirm_tag(cand[i], j->nonce, &j->nonce_kind))
			return;
		r = token_parse(cand[i], j->cfg->secret, j->cfg->site, &game, &seat, &serial);

		if (r == TOKEN_LEGACY) {
			if (legacy_ok < 0)
				legacy_ok = config_legacy_tokens(j->s);
			if (!legacy_ok)
				r = TOKEN_FORGED;	/* this site never made such tags */
		}
		if (r == TOKEN_OK || r == TOKEN_LEGACY) {
			j->game = game;
			j->seat = seat;
			j->serial = serial;
			j->legacy = r == TOKEN_LEGACY;
			return;
		}
		if (r == TOKEN_FORGED)
			j->forged = 1;
	}
}

/*
 * Prove the seat by body credentials: game id and seat password.  Wrong
 * passwords are counted per game (one may be aimed at any of its seats);
 * after PASSWORD_TRIES in an hour the game takes no password mail for the
 * rest of that hour, right or wrong, so passwords cannot be guessed.
 */
static int
find_password(struct job *j, const struct reply_credentials *cr)
{
	struct loaded g;
	int i, rc, tries = 0;

	if (!cr->has_game || !cr->has_password)
		return STORE_OK;
	rc = store_auth_failures_since(j->s, cr->game, now_epoch() - 3600, &tries);
	if (rc != STORE_OK)
		return rc;
	if (game_load_meta(j->c, j->s, cr->game, &g) != EXIT_OK) {
		game_unload(&g);
		j->wrong_password = 1;	/* no such game: as wrong as a wrong password */
		j->game = cr->game;
		return STORE_OK;
	}
	if (tries >= PASSWORD_TRIES) {
		j->locked = 1;
		game_unload(&g);
		return STORE_OK;
	}
	for (i = 0; i < g.row.nseats; i++)
		if (seat_password_check(g.seats[i].password, cr->password) && j->seat < 0) {
			j->game = g.row.id;
			j->seat = i;
			j->serial = 0;
		}
	if (j->seat < 0) {
		j->wrong_password = 1;
		j->game = g.row.id;
	}
	game_unload(&g);
	return STORE_OK;
}

/*
 * The key of a mail: its Message-ID, or a hash of what a redelivery of
 * the same mail repeats.  A player's second mail has its own Date.
 */
static int
mail_key(struct job *j)
{
	const struct inbound *in = j->in;
	struct sbuf b = SBUF_INIT;
	char hex[SHA256_HEX_LEN + 1];
	size_t i;
	int rc;

	if (in->message_id != NULL) {
		snprintf(j->key, sizeof(j->key), "%s", in->message_id);
		return 0;
	}
	sb_printf(&b, "%s\n%s\n%s\n%s\n%s\n", in->return_path != NULL ? in->return_path : "-",
	    in->from != NULL ? in->from : "-", in->date != NULL ? in->date : "-",
	    in->subject != NULL ? in->subject : "-", j->extension != NULL ? j->extension : "-");
	for (i = 0; i < in->nrcpt; i++)
		sb_printf(&b, "%s\n", in->rcpt[i]);
	sb_puts(&b, in->body != NULL ? in->body : "");
	sb_puts(&b, in->refused);
	rc = b.oom ? -1 : sha256_hex(b.s, b.len, hex);
	sb_free(&b);
	if (rc != 0)
		return -1;
	/* Never a Message-ID: those hold '@'. */
	snprintf(j->key, sizeof(j->key), "sha256:%s", hex);
	return 0;
}

/*
 * A declared absence ("away until DATE") or its end ("back"), inside the
 * transaction (away.c): the seat's clock waits, the table is told.  A day
 * already over, or too far ahead, is answered and changes nothing.
 */
static int
declare_away(struct job *j, struct loaded *g, char *result, size_t len)
{
	char why[300];
	int rc;

	rc = seat_away(j->cfg, j->s, g, j->seat, j->away == 2 ? 0 : j->y, j->m, j->d,
	    now_epoch(), 0, why, sizeof(why));
	if (rc == -1) {
		snprintf(result, len, "Not noted: %s.", why);
		return STORE_OK;
	}
	snprintf(result, len, "%s", why);
	return rc;
}

/* The answer to a submission play_submission judged, inside its transaction. */
static int
answer_move(void *arg, struct loaded *g, const struct outcome *out)
{
	struct job *j = arg;
	char result[NOTE_MAX] = "";
	size_t n;
	int rc;

	if (out->stale)
		return answer_stale(j, g);
	/* A refused submission changes nothing: its absence is not noted either. */
	if (out->code == EXIT_OK && j->away >= 1 &&
	    (rc = declare_away(j, g, result, sizeof(result))) != STORE_OK)
		return rc;
	n = strlen(result);
	if (out->code == EXIT_OK && j->resigning) {
		snprintf(result + n, sizeof(result) - n, "%sYou resigned from game #%lld (move "
		    "%d). Everyone has been told%s", n ? "\n" : "", (long long)g->row.id, out->seq,
		    j->nsaid > 0 ? ", with your words to the table." : ".");
		n = strlen(result);
		note_skipped(j, result, sizeof(result));
		snprintf(j->note, sizeof(j->note), "%s", result);
		return STORE_OK;
	}
	if (out->code == EXIT_OK) {
		snprintf(result + n, sizeof(result) - n, "%sYour move was applied as move %d "
		    "of game #%lld. %s%s", n ? "\n" : "", out->seq, (long long)g->row.id,
		    g->concerns != 0 ? "The seats it concerns have been sent the new board "
		    "(the others see it in their next mail)" : "Everyone has been sent the new "
		    "board", j->nsaid > 0 ? ", with your words to the table." : j->nsaid < 0 ?
		    "; your words were not passed on: " : ".");
		if (j->nsaid < 0) {
			n = strlen(result);
			snprintf(result + n, sizeof(result) - n, "%s.", j->say_err);
		}
		if (j->consent != 0) {
			n = strlen(result);
			snprintf(result + n, sizeof(result) - n, "\n\"undo\", \"agree\" and "
			    "\"refuse\" are read only in a mail without commands: nothing was asked "
			    "or counted.");
		}
		if (out->told[0] != '\0') {
			/* What it did that the commands do not say: offers made, and
			 * declined by acting (issue 27). */
			const char *p = out->told;

			n = strlen(result);
			snprintf(result + n, sizeof(result) - n, "\nIt also did this:");
			while (*p != '\0' && (n = strlen(result)) < sizeof(result)) {
				size_t k = strcspn(p, "\n");

				snprintf(result + n, sizeof(result) - n, " %.*s%s", (int)k, p,
				    p[k] == '\n' ? ";" : ".");
				p += k + (p[k] == '\n');
			}
		}
		note_skipped(j, result, sizeof(result));
		/* Said at the top of the mover's mail of the move, not in one of its own. */
		snprintf(j->note, sizeof(j->note), "%s", result);
		return STORE_OK;
	}
	if (game_ended(g) && n == 0)
		return answer_over(j, g);
	if (out->code == EXIT_NOPERM && out->waits[0] != '\0') {
		/* Not a mistake in the commands: the reader's turn has not come. */
		if (out->aside)
			/*
			 * Or the game waits for the reader, but for something
			 * else than what it sent (a power offer to decide): what
			 * it may do now, not "not your turn", which would have it
			 * wait for a mail.
			 */
			snprintf(result + n, sizeof(result) - n, "%sYour commands were not "
			    "applied: %s.%s", n ? "\n" : "", out->err, j->nsaid > 0 ? " Your "
			    "words were not passed on to the table either." : "");
		else if (out->not_now > 0)
			snprintf(result + n, sizeof(result) - n, "%sCommand %zu of your mail comes "
			    "when it is not your turn: by then game #%lld waits for %s.%s",
			    n ? "\n" : "", out->not_now, (long long)g->row.id, out->waits,
			    j->nsaid > 0 ? " Your words were not passed on to the table either." :
			    "");
		else
			snprintf(result + n, sizeof(result) - n, "%sIt is not your turn in game "
			    "#%lld: it waits for %s.%s", n ? "\n" : "", (long long)g->row.id,
			    out->waits, j->nsaid > 0 ? " Your words were not passed on to the table "
			    "either." : "");
		n = strlen(result);
		if (j->away >= 1)
			snprintf(result + n, sizeof(result) - n, "\nYour %s was not noted either: "
			    "send it alone.", j->away == 1 ? "absence" : "return (\"back\")");
		note_skipped(j, result, sizeof(result));
		return answer_seat(j, g, result, out->aside || out->not_now > 0 ? "Send only what "
		    "you may play now." : "You will be mailed when it is your turn.", 1, 0);
	}
	snprintf(result + n, sizeof(result) - n, "%sYour commands were not applied: %s%s%s",
	    n ? "\n" : "", out->err, j->nsaid > 0 ? " (nor passed on your words to the "
	    "table)" : "", j->away == 1 ? "\nYour absence was not noted either: send it "
	    "again with the corrected commands, or alone." : j->away == 2 ? "\nYour return "
	    "(\"back\") was not noted either: send it again with the corrected commands, "
	    "or alone." : "");
	note_skipped(j, result, sizeof(result));
	return answer_seat(j, g, result, "Correct the commands and reply again.", 1, 0);
}

/* Map a store failure to the exit code the MTA needs, with a line that says why. */
static int
store_trouble(struct store *s, int rc)
{
	if (rc == STORE_BUSY || rc == STORE_FULL) {
		fprintf(stderr, "arbiter: the database is busy or the disk full; try again "
		    "later (%s)\n", *store_error(s) ? store_error(s) : "no detail");
		return EXIT_TEMPFAIL;
	}
	return store_exit(s, rc);
}

/* 1 when j's key was handled before, 0 when not, else -STORE_*. */
static int
seen(struct job *j)
{
	return store_inbound_seen(j->s, j->key);
}

/* Mail that proves no seat, in one transaction with its key. */
static int
handle_stranger(struct job *j)
{
	struct sbuf body = SBUF_INIT;
	char result[600];
	int rc;

	if (j->in->nfrom > 1)
		snprintf(result, sizeof(result), "Your mail was not accepted: its From header "
		    "names more than one address, and arbiter takes commands from one author "
		    "only. Send it again from your address alone.");
	else if (j->locked)
		snprintf(result, sizeof(result), "Your mail was not accepted: game #%lld has had "
		    "%d wrong passwords within the hour, so it takes no password mail until "
		    "the hour is over. Reply to a mail from arbiter instead: its reply address "
		    "needs no password.", (long long)j->game, PASSWORD_TRIES);
	else if (j->wrong_password)
		snprintf(result, sizeof(result), "Your mail was not accepted: the password "
		    "does not belong to any seat of game #%lld.", (long long)j->game);
	else if (j->forged)
		snprintf(result, sizeof(result), "Your mail was not accepted: the reply address "
		    "it was sent to does not belong to any seat.");
	else
		snprintf(result, sizeof(result), "Your mail was not accepted: nothing in it was "
		    "done. This address takes its own commands, and a game's moves only in a "
		    "reply to a mail about that game. To begin, send a mail holding the one line \"help\" to this "
		    "address: arbiter first asks you once to confirm your address (reply to "
		    "that mail with any text), then answers with the games open to join, how "
		    "to open one, and every command it takes. Already playing? Reply to the "
		    "latest mail from arbiter about your game, or give the lines \"game: ID\" "
		    "and \"password: ...\" from your start mail.");
	if (j->in->refused[0] != '\0')
		snprintf(result + strlen(result), sizeof(result) - strlen(result), " It was "
		    "not read either: %s.", j->in->refused);
	/* Its answer says nothing the database holds: written before the lock. */
	if ((rc = stranger_body(j, result, &body)) != STORE_OK)
		return rc;
	if ((rc = store_begin(j->s)) != STORE_OK) {
		sb_free(&body);
		return rc;
	}
	if ((rc = seen(j)) != 0) {
		store_rollback(j->s);
		sb_free(&body);
		return rc < 0 ? -rc : STORE_OK;
	}
	rc = store_inbound_put(j->s, j->key, now_epoch(), j->game, -1,
	    j->in->nfrom > 1 ? "two authors" : j->locked ? "locked" : j->wrong_password ?
	    "wrong password" : "unproven");
	if (rc == STORE_OK && j->wrong_password)
		rc = store_auth_failure_note(j->s, j->game, now_epoch());
	if (rc == STORE_OK)
		rc = answer_stranger(j, &body);
	if (rc == STORE_OK)
		rc = store_commit(j->s);
	if (rc != STORE_OK)
		store_rollback(j->s);
	sb_free(&body);
	return rc;
}

/*
 * Table talk alone (no commands): the seat's words go at once to every
 * other seat, marked as its own; the answer says so.  Inside the
 * transaction.
 */
static int
relay_talk(struct job *j, struct loaded *g, char *result, size_t len)
{
	struct sbuf talk = SBUF_INIT;
	char what[100];
	int rc;

	if (g->row.over) {
		snprintf(result, len, "Your words were not passed on: the game is %s.",
		    g->row.over == STORE_ABANDONED ? "abandoned" : "over");
		return STORE_OK;
	}
	talk_text(g->names[j->seat], j->said, &talk);
	snprintf(what, sizeof(what), "%s says", g->names[j->seat]);
	rc = talk.oom ? STORE_ERROR : outmail_tell(j->cfg, j->s, g, j->seat, what, NULL,
	    sb_str(&talk), 0);
	sb_free(&talk);
	snprintf(result, len, "Your words were passed on to the table.");
	return rc;
}

/*
 * Begin the transaction of a proven seat's mail that plays nothing now,
 * and load its game into g.  *done when the mail was handled before:
 * nothing to do, the transaction over.  A STORE_* code (rolled back).
 */
static int
quiet_begin(struct job *j, struct loaded *g, int *done)
{
	int rc;

	*done = 0;
	memset(g, 0, sizeof(*g));
	if ((rc = store_begin(j->s)) != STORE_OK)
		return rc;
	if ((rc = seen(j)) != 0) {
		store_rollback(j->s);
		*done = 1;
		return rc < 0 ? -rc : STORE_OK;
	}
	if (game_load(j->c, j->s, j->game, -1, g) != EXIT_OK) {
		store_rollback(j->s);
		game_unload(g);
		return STORE_ERROR;
	}
	return STORE_OK;
}

/* The mail answers a reply address from before the seat's part changed. */
static int
is_stale(const struct job *j, const struct loaded *g)
{
	return j->legacy || (j->serial > 0 && g->seats[j->seat].serial != j->serial);
}

/*
 * A proven seat's mail that plays nothing: stale, not read (too big), with
 * a line that looks like a command but is none (refused whole), or without
 * commands (perhaps an absence), in one transaction with its key.
 */
static int
handle_quiet(struct job *j)
{
	struct loaded g;
	char result[1400] = "";
	int rc, done;

	if ((rc = quiet_begin(j, &g, &done)) != STORE_OK || done)
		return rc;
	if (is_stale(j, &g)) {
		rc = answer_stale(j, &g);
		snprintf(result, sizeof(result), "stale");
	} else if (j->in->refused[0] != '\0') {
		snprintf(result, sizeof(result), "Your mail was not read: %s. Send your commands "
		    "as plain text; nothing was applied.", j->in->refused);
		rc = answer_seat(j, &g, result, NULL, 1, 0);
		snprintf(result, sizeof(result), "refused");
	} else if (game_ended(&g) && j->nsaid == 0 && j->consent == 0 && j->away == 0) {
		/* Commands, or nothing, for a game that is over. */
		rc = answer_over(j, &g);
		snprintf(result, sizeof(result), "over");
	} else if (j->misread.len > 0) {
		/* A line like a command but none: the whole mail is refused. */
		snprintf(result, sizeof(result), "Your commands were not applied: %s.",
		    sb_str(&j->misread));
		rc = answer_seat(j, &g, result, "Correct the commands and reply again.", 1, 0);
		snprintf(result, sizeof(result), "rejected");
	} else {
		char part[700] = "";
		size_t n;

		rc = STORE_OK;
		if (j->nsaid > 0)
			rc = relay_talk(j, &g, result, sizeof(result));
		else if (j->nsaid < 0)
			snprintf(result, sizeof(result), "Your words were not passed on: %s.",
			    j->say_err);
		if (rc == STORE_OK && j->consent > 0)
			rc = consent_handle(j->c, j->cfg, j->s, &g, j->seat, j->consent,
			    now_epoch(), part, sizeof(part));
		else if (j->consent == -2)
			snprintf(part, sizeof(part), "Your mail both agrees and refuses (or asks); "
			    "nothing was counted.");
		n = strlen(result);
		if (part[0] != '\0')
			snprintf(result + n, sizeof(result) - n, "%s%s", n ? "\n" : "", part);
		part[0] = '\0';
		if (rc == STORE_OK && j->away >= 1)
			rc = declare_away(j, &g, part, sizeof(part));
		else if (j->nsaid == 0 && j->consent == 0)
			snprintf(part, sizeof(part), "Your mail held no commands%s%s",
			    j->away < 0 ? ": " : ".", j->away < 0 ? j->away_err : "");
		n = strlen(result);
		if (part[0] != '\0')
			snprintf(result + n, sizeof(result) - n, "%s%s", n ? "\n" : "", part);
		note_skipped(j, result, sizeof(result));
		if (rc == STORE_OK)
			rc = answer_seat(j, &g, result, NULL, 1, 0);
		snprintf(result, sizeof(result), "%s", j->away == 1 ? "away" : j->away == 2 ?
		    "back" : j->consent > 0 ? "consent" : j->nsaid > 0 ? "talk" : "empty");
	}
	if (rc == STORE_OK)
		rc = store_inbound_put(j->s, j->key, now_epoch(), j->game, j->seat, result);
	if (rc == STORE_OK)
		rc = store_commit(j->s);
	if (rc != STORE_OK)
		store_rollback(j->s);
	game_unload(&g);
	return rc;
}

/* The most bytes of commands an unconfirmed address's mail may hold. */
#define PENDING_MAX 4000

/*
 * A mail to the site address (site.c): from an address confirmed once by
 * a round trip, its commands are done and answered; from any other, they
 * wait while arbiter asks the address to confirm (a reply to a mail whose
 * reply address carries a fresh nonce).  One transaction with its key.
 */
static int
handle_site(struct job *j)
{
	struct store_identity id;
	struct sbuf answer = SBUF_INIT;
	const char *from = j->in->from;
	char nonce[33] = "";
	uint8_t raw[16];
	int rc, ask = 0, stranger = 0;

	if (from == NULL || !compose_addr_ok(from)) {
		fprintf(stderr, "arbiter: mail to the site address has no usable From; "
		    "dropped\n");
		return STORE_OK;
	}
	/* From alone proves nothing: the envelope sender the MTA took must agree. */
	if (j->in->return_path == NULL || strcasecmp(j->in->return_path, from) != 0) {
		fprintf(stderr, "arbiter: mail to the site address from %s: its envelope "
		    "sender is not its From address; dropped\n", shown_addr(from));
		return STORE_OK;
	}
	if ((rc = store_begin(j->s)) != STORE_OK)
		return rc;
	if ((rc = seen(j)) != 0) {
		store_rollback(j->s);
		return rc < 0 ? -rc : STORE_OK;
	}
	memset(&id, 0, sizeof(id));
	/* An unconfirmed address at its cap of answers this hour: nothing is
	 * done either.  A confirmed one is answered once its limit lifts. */
	{
		int count = 0;

		if ((rc = store_replies_since(j->s, from, now_epoch() - 3600, &count)) !=
		    STORE_OK)
			goto done;
		if (count >= j->cfg->replies_per_hour && j->nonce[0] == '\0') {
			int64_t confirmed = 0;

			rc = store_identity_get(j->s, from, &id);
			confirmed = rc == STORE_OK ? id.confirmed_at : 0;
			store_identity_free(&id);
			memset(&id, 0, sizeof(id));
			if (rc != STORE_OK && rc != STORE_NOTFOUND)
				goto done;
			rc = STORE_OK;
			if (confirmed == 0 && (confirmed = known_address(j, from)) < 0) {
				rc = (int)-confirmed;
				goto done;
			}
			if (confirmed == 0) {
				fprintf(stderr, "arbiter: mail to the site address from %s: %d answers "
				    "in the last hour (replies_per_hour); nothing done\n", from, count);
				rc = store_inbound_put(j->s, j->key, now_epoch(), 0, -1, "capped");
				goto done;
			}
		}
	}
	if (j->nonce[0] != '\0' && j->nonce_kind == 'i') {
		/* A reply to an invitation: it accepts (or declines) and proves the address. */
		rc = invitation_reply(j->c, j->s, from, j->nonce, j->site_text, &answer);
		/* Answered as a stranger unless the reply proved the address. */
		if (rc == STORE_OK) {
			rc = store_identity_get(j->s, from, &id);
			stranger = rc == STORE_NOTFOUND || id.confirmed_at == 0;
			rc = rc == STORE_NOTFOUND ? STORE_OK : rc;
		}
	} else if (j->nonce[0] != '\0') {
		rc = store_identity_by_nonce(j->s, j->nonce, &id);
		if (rc == STORE_NOTFOUND || (rc == STORE_OK && strcasecmp(id.email, from) != 0)) {
			sb_puts(&answer, "This confirmation was not sent to your address; nothing "
			    "was done.\n");
			stranger = 1;
			rc = STORE_OK;
		} else if (rc == STORE_OK) {
			if (id.confirmed_at == 0)
				id.confirmed_at = now_epoch();
			sb_puts(&answer, "Your address is confirmed: arbiter takes your commands "
			    "from now on.\n");
			if (id.pending[0] != '\0')
				rc = site_run(j->c, j->s, from, id.pending, &answer);
			id.pending[0] = '\0';
			if (rc == STORE_OK)
				rc = store_identity_put(j->s, &id);
		}
	} else {
		rc = store_identity_get(j->s, from, &id);
		if (rc == STORE_OK && id.confirmed_at > 0)
			rc = site_run(j->c, j->s, from, j->site_text, &answer);
		else if (rc == STORE_OK || rc == STORE_NOTFOUND) {
			char *pending = strlen(j->site_text) <= PENDING_MAX ? strdup(j->site_text) :
			    NULL;

			int asked = 0;

			stranger = 1;
			/* One confirmation request an hour to an address: ten forged
			 * mails in its name neither mail it ten times nor use up the
			 * site's limit for strangers; the request sent stays good. */
			if ((rc = store_confirmations_since(j->s, from, now_epoch() - 3600, &asked)) !=
			    STORE_OK) {
				free(pending);
				store_identity_free(&id);
				goto done;
			}
			if (asked > 0) {
				free(pending);
				store_identity_free(&id);
				fprintf(stderr, "arbiter: mail to the site address from %s: it was asked "
				    "to confirm itself within the hour; not asked again, nothing done\n",
				    from);
				rc = store_inbound_put(j->s, j->key, now_epoch(), 0, -1, "asked");
				goto done;
			}
			if (strlen(j->site_text) > PENDING_MAX) {
				sb_printf(&answer, "Your mail holds more than %d bytes of commands; "
				    "nothing was done. Send fewer at a time.\n", PENDING_MAX);
			} else if (pending == NULL || random_bytes(raw, sizeof(raw)) != 0) {
				free(pending);
				rc = STORE_ERROR;
			} else {
				hex_encode(raw, sizeof(raw), nonce);
				if (id.email[0] == '\0') {
					snprintf(id.email, sizeof(id.email), "%s", from);
					id.created = now_epoch();
				}
				snprintf(id.nonce, sizeof(id.nonce), "%s", nonce);
				free(id.pending);
				id.pending = pending;
				rc = store_identity_put(j->s, &id);
				sb_printf(&answer, "Before arbiter acts on mail from this address, it "
				    "must know the address is yours: reply to this mail (any text will "
				    "do; its reply address carries a key). Then arbiter does what "
				    "you asked:\n\n%s", pending);
				ask = 1;
			}
		}
	}
	store_identity_free(&id);
	if (rc == STORE_OK && answer.oom)
		rc = STORE_ERROR;
	if (rc == STORE_OK)
		rc = store_inbound_put(j->s, j->key, now_epoch(), 0, -1, ask ? "confirm" : "site");
	if (rc == STORE_OK)
		rc = site_answer(j, sb_str(&answer), ask ? nonce : NULL, stranger);
done:
	sb_free(&answer);
	if (rc == STORE_OK)
		rc = store_commit(j->s);
	if (rc != STORE_OK)
		store_rollback(j->s);
	return rc;
}

/* 1 when a line of text is a site command. */
static int
has_site_command(const char *text)
{
	const char *p = text;

	while (*p != '\0') {
		size_t n = strcspn(p, "\n");
		char line[300];

		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) ? n : sizeof(line) - 1),
		    p);
		if (site_is_command(line))
			return 1;
		p += n + (p[n] == '\n');
	}
	return 0;
}

/* A proven seat's commands: the path of `arbiter move`, with the mail's checks inside. */
static int
handle_move(struct job *j)
{
	struct submission sub;
	struct outcome out;
	struct loaded g;
	int rc;

	memset(&sub, 0, sizeof(sub));
	memset(&g, 0, sizeof(g));
	sub.game = j->game;
	sub.seat = j->seat;
	sub.text = j->text;
	sub.source = "mail";
	sub.message_id = j->in->message_id;
	sub.expect = -1;
	sub.seen_key = j->key;
	sub.serial = j->serial;
	sub.talk = j->nsaid > 0 ? j->said : NULL;
	sub.answer = answer_move;
	sub.answer_arg = j;
	sub.note = j->note;
	rc = play_submission(j->c, j->s, &sub, &g, &out);
	game_unload(&g);
	/* Every outcome was answered and committed; only a failure to commit is left. */
	if (rc == EXIT_OK || rc == EXIT_REJECTED || rc == EXIT_NOPERM)
		return EXIT_OK;
	return rc;
}

/*
 * Resigning cannot be undone, so a mail asks for it twice.  A line
 * "resign" alone is not played: the seat is asked to reply "confirm" (or
 * to send "resign confirm").  resign_lines rewrites each "resign confirm"
 * in text to "resign" and says whether a bare "resign" is there (1);
 * confirm_word says whether text is the one word "confirm" or "yes".
 */
static int
resign_lines(char *text)
{
	char *line = text;
	int bare = 0;

	while (*line != '\0') {
		size_t n = strcspn(line, "\n"), k;
		char w[32];

		k = strspn(line, " \t");
		snprintf(w, sizeof(w), "%.*s", (int)(n - k < sizeof(w) - 1 ? n - k : sizeof(w) - 1),
		    line + k);
		while (strlen(w) > 0 && strchr(" \t\r.!", w[strlen(w) - 1]) != NULL)
			w[strlen(w) - 1] = '\0';
		if (n - k < sizeof(w) && strcasecmp(w, "resign") == 0)
			bare = 1;
		else if (n - k < sizeof(w) && strncasecmp(w, "resign", 6) == 0 &&
		    strspn(w + 6, " \t") > 0 && strcasecmp(w + 6 + strspn(w + 6, " \t"),
		    "confirm") == 0)
		{
			/* "resign confirm" plays as "resign": the rest of the line goes. */
			memmove(line + k + 6, line + n, strlen(line + n) + 1);
			n = k + 6;
		}
		line += n + (line[n] == '\n');
	}
	return bare;
}

/* 1 when a line of text (as resign_lines left it) is the command "resign". */
static int
has_resign(const char *text)
{
	const char *line = text;

	while (*line != '\0') {
		size_t n = strcspn(line, "\n"), k = strspn(line, " \t");

		while (n > k && strchr(" \t\r.!;", line[n - 1]) != NULL)
			n--;
		if (n - k == 6 && strncasecmp(line + k, "resign", 6) == 0)
			return 1;
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	return 0;
}

static int
confirm_word(const char *text)
{
	char w[16];

	text += strspn(text, " \t\r\n");
	if (sscanf(text, "%15s", w) != 1 || strspn(text + strlen(w), " \t\r\n.!") !=
	    strlen(text + strlen(w)))
		return 0;
	while (strlen(w) > 0 && strchr(".!", w[strlen(w) - 1]) != NULL)
		w[strlen(w) - 1] = '\0';
	return strcasecmp(w, "confirm") == 0 || strcasecmp(w, "yes") == 0;
}

/*
 * A bare "resign": ask the seat to confirm, in one transaction with the
 * mail's key.  A game that would refuse the resignation anyway gets the
 * mail played as it is (*play set), so the refusal says why.
 */
static int
ask_resign(struct job *j, int *play)
{
	struct game_played pl;
	struct loaded g;
	char err[GAME_WHY_LEN], result[600];
	void *copy;
	int rc, ok, done;

	*play = 0;
	if ((rc = quiet_begin(j, &g, &done)) != STORE_OK || done)
		return rc;
	if (is_stale(j, &g)) {
		rc = answer_stale(j, &g);
		if (rc == STORE_OK)
			rc = store_inbound_put(j->s, j->key, now_epoch(), j->game, j->seat, "stale");
		goto out;
	}
	memset(&pl, 0, sizeof(pl));
	ok = !g.row.over && !g.rules->over(g.state) &&
	    (copy = malloc(g.rules->state_size)) != NULL;
	if (ok) {
		memcpy(copy, g.state, g.rules->state_size);
		ok = g.rules->play(copy, j->seat, "resign", &pl, err, sizeof(err)) == GAME_OK;
		free(copy);
	}
	if (!ok) {
		*play = 1;
		store_rollback(j->s);
		game_unload(&g);
		return STORE_OK;
	}
	snprintf(result, sizeof(result), "Resigning from game #%lld cannot be undone, so "
	    "nothing was done yet. To resign, reply to this mail with the word \"confirm\" "
	    "(or send \"resign confirm\"). A move in the game first makes this question void.",
	    (long long)g.row.id);
	if ((rc = store_seat_set_confirm(j->s, g.row.id, j->seat, g.seats[j->seat].serial)) ==
	    STORE_OK)
		rc = answer_seat(j, &g, result, NULL, 0, 0);
	if (rc == STORE_OK)
		rc = store_inbound_put(j->s, j->key, now_epoch(), j->game, j->seat, "resign?");
out:
	if (rc == STORE_OK)
		rc = store_commit(j->s);
	if (rc != STORE_OK)
		store_rollback(j->s);
	game_unload(&g);
	return rc;
}

/* The heart of inbound handling, once the message is parsed and not automatic. */
static int
handle(struct job *j)
{
	struct reply_credentials cr;
	struct loaded g;
	char err[512];
	int rc;

	rc = config_secret(j->cfg, j->s, err, sizeof(err));
	if (rc != 0) {
		fprintf(stderr, "arbiter: %s\n", err[0] != '\0' ? err : "the database failed");
		return rc == -1 ? EXIT_CONFIG : store_exit_code(rc);
	}
	if (mail_key(j) != 0) {
		fprintf(stderr, "arbiter: cannot hash the message\n");
		return EXIT_SOFTWARE;
	}
	/*
	 * A mail handled before is done with, without the write lock: a read.
	 * Two deliveries at the same moment both pass here; the check inside
	 * the transaction is the one that decides.
	 */
	if ((rc = seen(j)) != 0)
		return rc > 0 ? EXIT_OK : store_trouble(j->s, -rc);
	j->seat = -1;
	find_token(j);
	j->text = inbound_strip_reply(j->in->body != NULL ? j->in->body : "");
	if (j->text == NULL) {
		fprintf(stderr, "arbiter: out of memory\n");
		return EXIT_TEMPFAIL;
	}
	if (reply_take_credentials(j->text, &cr, err, sizeof(err)) != 0)
		memset(&cr, 0, sizeof(cr));
	/* Mail to the site address reads "away until", "back" as its commands. */
	if ((j->site_text = strdup(j->text)) == NULL) {
		fprintf(stderr, "arbiter: out of memory\n");
		return EXIT_TEMPFAIL;
	}
	j->away = reply_take_away(j->text, &j->y, &j->m, &j->d, j->away_err,
	    sizeof(j->away_err));
	j->nsaid = reply_take_say(j->text, j->said, sizeof(j->said), j->say_err,
	    sizeof(j->say_err));
	j->consent = reply_take_consent(j->text);
	if (j->seat < 0 && (rc = find_password(j, &cr)) != STORE_OK)
		return store_trouble(j->s, rc);
	/* A token for a game or seat this database does not have proves nothing. */
	if (j->seat >= 0) {
		if (game_load_meta(j->c, j->s, j->game, &g) != EXIT_OK || j->seat >= g.row.nseats)
			j->seat = -1, j->forged = 1;
		else {
			/* A one-word "confirm" to the mail that asked: the resignation. */
			if (confirm_word(j->text) && j->serial > 0 &&
			    g.seats[j->seat].confirm_serial == j->serial) {
				free(j->text);
				j->confirmed = 1;
				if ((j->text = strdup("resign\n")) == NULL) {
					game_unload(&g);
					return EXIT_TEMPFAIL;
				}
			}
			(void)reading_take(g.rules, j->text, &j->skipped, &j->misread);
		}
		game_unload(&g);
	}
	if (j->seat >= 0 && !j->legacy && j->in->refused[0] == '\0' && j->misread.len == 0 &&
	    resign_lines(j->text) && !j->confirmed) {
		int play = 0;

		rc = ask_resign(j, &play);
		if (!play)
			return rc == STORE_OK ? EXIT_OK : store_trouble(j->s, rc);
	}
	j->resigning = j->seat >= 0 && (j->confirmed || has_resign(j->text));
	/* From with two authors proves none: mail that only From would vouch
	 * for (the site address, a confirmation) is refused as unproven. */
	if (j->seat < 0 && j->in->nfrom <= 1 && (j->nonce[0] != '\0' || (!j->forged &&
	    !j->wrong_password && !j->locked && !cr.has_game && has_site_command(j->site_text))))
		rc = handle_site(j);
	else if (j->seat < 0)
		rc = handle_stranger(j);
	else if (j->legacy || j->in->refused[0] != '\0' || j->misread.len > 0 ||
	    strspn(j->text, " \t\r\n") == strlen(j->text))
		rc = handle_quiet(j);
	else
		return handle_move(j);
	return rc == STORE_OK ? EXIT_OK : store_trouble(j->s, rc);
}

int
inmail_handle(struct ctx *c, struct store *s, const char *data, size_t len,
    const char *extension)
{
	struct inbound in;
	struct job j;
	char err[1024];
	int code;

	memset(&j, 0, sizeof(j));
	if ((j.cfg = config_get(c, err, sizeof(err))) == NULL) {
		fprintf(stderr, "arbiter: %s\n", err);
		return EXIT_CONFIG;
	}
	if ((code = inbound_parse(data, len, &in, err, sizeof(err))) == -2) {
		/* The mail is not lost: the MTA bounces it, or keeps it to retry. */
		fprintf(stderr, "arbiter: %s\n", err);
		return EXIT_UNAVAILABLE;
	}
	if (code != 0) {
		fprintf(stderr, "arbiter: not a mail message (%s); dropped\n", err);
		return EXIT_OK;
	}
	if (inbound_is_automatic(&in, j.cfg->from)) {
		inbound_free(&in);
		return EXIT_OK;		/* never answer machines, lists or ourselves */
	}
	j.c = c;
	j.s = s;
	j.in = &in;
	j.extension = extension;
	code = handle(&j);
	sb_free(&j.skipped);
	sb_free(&j.misread);
	free(j.text);
	free(j.site_text);
	inbound_free(&in);
	return code;
}
