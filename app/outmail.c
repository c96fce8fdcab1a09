/*
 * outmail.c - composing, queueing and delivering the mail arbiter sends;
 * see outmail.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outmail.h"
#include "site.h"
#include "picture/picture.h"
#include "../mail/compose.h"
#include "../mail/hash.h"
#include "../mail/maildir.h"
#include "../mail/curl_dl.h"
#include "../mail/smtp.h"
#include "../mail/token.h"
#include "../store/store_mail.h"

/* The domain part of our address, for Message-IDs. */
static const char *
our_domain(const struct config *cfg)
{
	const char *at = strrchr(cfg->from, '@');

	return at != NULL && at[1] != '\0' ? at + 1 : "localhost";
}

void
outmail_subject(const struct loaded *g, int seat, const char *kind, char *buf, size_t len)
{
	char wait[400];
	struct game_wait w;
	size_t o = 0;
	int i, named = 0;

	if (g->row.over == STORE_ABANDONED) {
		snprintf(wait, sizeof(wait), "abandoned");
	} else if (g->rules->over(g->state)) {
		snprintf(wait, sizeof(wait), "game over");
	} else {
		memset(&w, 0, sizeof(w));
		g->rules->waiting(g->state, &w);
		/* "your turn", "your turn, also waiting for bo", "waiting for bo";
		 * a decision outside the seat's turn by its own words ("power
		 * offer from witches", issue 27) */
		if (seat >= 0 && (w.mask & (1u << seat)))
			o = (size_t)snprintf(wait, sizeof(wait), "%s", w.brief[seat][0] != '\0' ?
			    w.brief[seat] : "your turn");
		for (i = 0; i < g->row.nseats && o < sizeof(wait); i++)
			if (i != seat && (w.mask & (1u << i)))
				o += (size_t)snprintf(wait + o, sizeof(wait) - o, "%s%s",
				    named++ ? ", " : o > 0 ? ", also waiting for " :
				    "waiting for ", g->names[i]);
	}
	snprintf(buf, len, "[arbiter #%lld] %s: %s%smove %d, %s", (long long)g->row.id,
	    g->row.title, kind != NULL ? kind : "", kind != NULL ? ": " : "", g->seq, wait);
}

int
outmail_tell_seat(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *what, const char *kind, const char *news, int urgent)
{
	struct sbuf body = SBUF_INIT;
	char subject[300];
	json_t *v;
	int rc, hours;

	/* A player who chose fewer mails reads the news in its next one. */
	if (!urgent && g->seats[seat].email[0] != '\0' &&
	    seat_mail_mode(s, g, seat, &hours) != MAIL_EVERY)
		return news_hold(s, g, seat, g->row.nmoves + 1, news);
	if (what != NULL)
		snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: %s", (long long)g->row.id,
		    g->row.title, what);
	else
		outmail_subject(g, seat, kind, subject, sizeof(subject));
	v = json_pack("{s:s, s:s, s:I, s:s, s:s, s:s}", "name", g->names[seat], "title",
	    g->row.title, "id", (json_int_t)g->row.id, "news", news, "site", cfg->reply_address,
	    "rules", g->rules != NULL ? g->rules->name : "");
	if (v == NULL || template_render("mail-table.txt", v, &body) != 0)
		rc = STORE_ERROR;
	else
		rc = outmail_queue(cfg, s, g, seat, NULL, "table", subject, sb_str(&body), NULL);
	json_decref(v);
	sb_free(&body);
	return rc;
}

int
outmail_tell(struct config *cfg, struct store *s, const struct loaded *g, int skip,
    const char *what, const char *kind, const char *news, int urgent)
{
	int i, rc = STORE_OK;

	for (i = 0; i < g->row.nseats && rc == STORE_OK; i++)
		if (i != skip)
			rc = outmail_tell_seat(cfg, s, g, i, what, kind, news, urgent);
	return rc;
}

/* 1 for the kinds of mail that show the board as it stands after a move. */
static int
shows_board(const char *kind)
{
	static const char *const board_kinds[] = { "start", "move", "end", "observe", "forum" };
	size_t i;

	for (i = 0; i < sizeof(board_kinds) / sizeof(board_kinds[0]); i++)
		if (strcmp(kind, board_kinds[i]) == 0)
			return 1;
	return 0;
}

int
outmail_picture_for(const struct config *cfg, struct store *s, const struct loaded *g,
    int seat, const char *rcpt, const char *kind)
{
	if (!cfg->mail_pictures || g == NULL || g->rules == NULL ||
	    !picture_has_drawer(g->rules->name) || !shows_board(kind))
		return 0;
	return seat_pictures(s, g, seat, rcpt);
}

const char *const outmail_kinds[] = {
	"start",	/* a game begins (or continues here): each seat, with its password */
	"move",		/* after a move: each seat, its own screen */
	"end",		/* the game ended: each seat, every screen and the seed */
	"table",	/* news for the table: an absence, a vote, a deadline, talk */
	"remind",	/* a reminder or a deadline's notice, to an awaited seat */
	"reply",	/* an answer to a mail: to a seat, a stranger, the site address */
	"observe",	/* the public board, to a watcher */
	"forum",	/* the public report as a post, to a forum or list */
	"invite",	/* an invitation to a table, to the invited address */
	"digest",	/* a player's news of the day or of six hours, in one mail */
	NULL,
};

int
outmail_queue(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *kind, const char *subject, const char *body,
    const char *in_reply_to)
{
	return outmail_queue_to(cfg, s, g, seat, rcpt, NULL, kind, subject, body, in_reply_to);
}

int
outmail_queue_to(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *reply_to, const char *kind, const char *subject,
    const char *body, const char *in_reply_to)
{
	return outmail_queue_ex(cfg, s, g, seat, rcpt, reply_to, kind, subject, body,
	    in_reply_to, NULL);
}

int
outmail_queue_ex(struct config *cfg, struct store *s, const struct loaded *g, int seat,
    const char *rcpt, const char *reply_to, const char *kind, const char *subject,
    const char *body, const char *in_reply_to, const struct outmail_extra *x)
{
	struct mail_out m;
	struct mail_picture pic;
	struct store_mail q;
	char reply[320], msgid[200], root[160], refs[400], err[256] = "", rnd[17];
	char cid[240], alt[80];
	uint8_t raw[8];
	struct sbuf folded = SBUF_INIT;
	char *bytes = NULL;
	size_t len;
	int rc, k;

	for (k = 0; outmail_kinds[k] != NULL && strcmp(outmail_kinds[k], kind) != 0; k++)
		;
	if (outmail_kinds[k] == NULL) {
		fprintf(stderr, "arbiter: mail of a kind not in outmail_kinds: %s\n", kind);
		return STORE_ERROR;
	}
	if (seat >= 0)
		rcpt = g->seats[seat].email;
	if (rcpt == NULL || rcpt[0] == '\0')
		return STORE_OK;	/* a seat without an address plays on the command line */
	if (config_secret(cfg, s, err, sizeof(err)) != 0 || random_bytes(raw, sizeof(raw)) != 0) {
		fprintf(stderr, "arbiter: %s\n", err[0] != '\0' ? err : "no random bytes");
		return STORE_ERROR;
	}
	hex_encode(raw, sizeof(raw), rnd);
	memset(&m, 0, sizeof(m));
	m.from_name = cfg->from_name;
	m.from_addr = cfg->from;
	m.to_name = seat >= 0 ? g->seats[seat].name : NULL;
	m.to_addr = rcpt;
	if (seat >= 0) {
		if (token_address(cfg->reply_address, cfg->secret, cfg->site, (long)g->row.id,
		    seat, (long)g->seats[seat].serial, reply, sizeof(reply)) != 0) {
			fprintf(stderr, "arbiter: reply_address '%s' cannot carry a token\n",
			    cfg->reply_address);
			return STORE_ERROR;
		}
		m.reply_to = reply;
		/*
		 * Every mail of one seat about one game hangs under one root,
		 * unique to the site: game #1 of another database on the same
		 * domain must not share it (clients would thread them together,
		 * some providers drop a Message-ID seen before).
		 */
		snprintf(root, sizeof(root), "arbiter.%s.g%lld.s%d@%s", cfg->site,
		    (long long)g->row.id, seat, our_domain(cfg));
	} else {
		m.reply_to = reply_to;
		root[0] = '\0';
	}
	snprintf(msgid, sizeof(msgid), "arbiter.g%lld.s%d.m%d.%s.%s@%s",
	    (long long)g->row.id, seat, g->row.nmoves, kind, rnd, our_domain(cfg));
	if (strcmp(kind, "start") == 0 && seat >= 0)
		snprintf(msgid, sizeof(msgid), "%s", root);
	m.subject = subject;
	m.date = (time_t)now_epoch();
	m.message_id = msgid;
	refs[0] = '\0';
	if (in_reply_to != NULL && root[0] != '\0')
		snprintf(refs, sizeof(refs), "<%s> <%s>", root, in_reply_to);
	else if (in_reply_to != NULL)
		snprintf(refs, sizeof(refs), "<%s>", in_reply_to);
	else if (root[0] != '\0' && strcmp(msgid, root) != 0)
		snprintf(refs, sizeof(refs), "<%s>", root);
	m.in_reply_to = in_reply_to != NULL ? in_reply_to :
	    (refs[0] != '\0' ? root : NULL);
	m.references = refs[0] != '\0' ? refs : NULL;
	/* An answer to a mail (a reply, the mail of a move a mail applied) is auto-replied. */
	m.auto_submitted = strcmp(kind, "reply") == 0 || in_reply_to != NULL ? "auto-replied" :
	    "auto-generated";
	/* No line of a mail is wider than 80 columns, however long a name or a
	 * waiting sentence grows. */
	/* A mail of text alone (a forum's) has no HTML to hold a picture. */
	if ((x == NULL || !x->text_only) && outmail_picture_for(cfg, s, g, seat, rcpt, kind)) {
		/*
		 * Only a place for it: delivery draws the picture (and gives
		 * its <img> its size) from the position after this move,
		 * once for all the mails of the move, outside its transaction.
		 */
		memset(&pic, 0, sizeof(pic));
		snprintf(cid, sizeof(cid), "board.%s", msgid);
		snprintf(alt, sizeof(alt), "The board after move %d", g->seq);
		pic.cid = cid;
		pic.alt = alt;
		m.picture = &pic;
	}
	outmail_fold(body, MAIL_WIDTH, &folded);
	m.body = sb_str(&folded);
	if (x != NULL) {
		m.text_only = x->text_only;
		m.attach_name = x->attach_name;
		m.attach_type = x->attach_type;
		m.attach = x->attach;
	}
	rc = folded.oom ? -1 : compose_message(&m, &bytes, &len, err, sizeof(err));
	sb_free(&folded);
	if (rc != 0) {
		fprintf(stderr, "arbiter: cannot compose mail to %s: %s\n", rcpt, err);
		return STORE_ERROR;
	}
	memset(&q, 0, sizeof(q));
	q.game = g->row.id;
	q.seat = seat;
	/* A board taken back before it went is not sent (undo). */
	q.seq = shows_board(kind) ? g->seq : 0;
	snprintf(q.kind, sizeof(q.kind), "%s", kind);
	snprintf(q.rcpt, sizeof(q.rcpt), "%s", rcpt);
	q.message = bytes;
	q.len = len;
	q.created = now_epoch();
	if (x != NULL && x->not_before > q.created) {
		q.not_before = x->not_before;
		q.held = 1;
	}
	/* its picture shows the position the mail is about (q.seq) */
	if (m.picture != NULL)
		snprintf(q.picture_at, sizeof(q.picture_at), "%zu %zu %zu %zu", pic.at[0], pic.at[1],
		    pic.at[2], pic.at[3]);
	rc = store_outbox_add(s, &q);
	free(bytes);
	return rc;
}

void
outmail_wrap(const char *text, size_t width, struct sbuf *out)
{
	const char *p = text;

	while (*p != '\0') {
		size_t line = strcspn(p, "\n"), col = 0;
		const char *end = p + line;

		while (p < end) {
			size_t w;

			while (p < end && *p == ' ')
				p++;
			w = strcspn(p, " \n");
			if (p + w > end)
				w = (size_t)(end - p);
			if (w == 0)
				break;
			if (col > 0 && col + 1 + w > width) {
				sb_putc(out, '\n');
				col = 0;
			} else if (col > 0) {
				sb_putc(out, ' ');
				col++;
			}
			sb_putn(out, p, w);
			col += w;
			p += w;
		}
		if (*end == '\n') {
			sb_putc(out, '\n');
			end++;
		}
		p = end;
	}
}

/* Columns of s[0..n): its UTF-8 characters. */
static size_t
columns(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

void
outmail_fold(const char *text, size_t width, struct sbuf *out)
{
	const char *p = text;

	while (*p != '\0') {
		size_t line = strcspn(p, "\n"), indent = strspn(p, " "), col;
		const char *end = p + line, *q;

		if (columns(p, line) <= width || indent >= width / 2) {
			sb_putn(out, p, line);
		} else {
			sb_putn(out, p, indent);
			col = indent;
			q = p + indent;
			while (q < end) {
				size_t w = strcspn(q, " \n"), cw;

				if (q + w > end)
					w = (size_t)(end - q);
				cw = columns(q, w);
				if (col > indent && col + 1 + cw > width) {
					sb_putc(out, '\n');
					sb_putn(out, p, indent);
					col = indent;
				} else if (col > indent) {
					sb_putc(out, ' ');
					col++;
				}
				sb_putn(out, q, w);
				col += cw;
				q += w;
				while (q < end && *q == ' ')
					q++;
			}
		}
		p = end;
		if (*p == '\n') {
			sb_putc(out, '\n');
			p++;
		}
	}
}

/*
 * The first n bytes of src into dst of size bytes, truncated as snprintf
 * would: the move lists below are hundreds of such copies a mail.
 */
static void
copy_text(char *dst, size_t size, const char *src, size_t n)
{
	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * One group of move lines sharing everything but their last word, as
 * "PREFIX A | B | C".  Every output line repeats the prefix, so each is a
 * complete command once the alternatives not wanted are deleted.
 */
static void
flush_group(struct sbuf *out, const char *prefix, struct sbuf *lasts, int count)
{
	const char *p;
	size_t col = 0, plen = strlen(prefix);

	if (count == 0)
		return;
	for (p = sb_str(lasts); *p != '\0';) {
		size_t n = strcspn(p, " ");

		if (col > 0 && col + 3 + n > OUTMAIL_MOVES_WIDTH) {
			sb_putc(out, '\n');
			col = 0;
		}
		if (col == 0) {
			sb_puts(out, "  ");
			sb_puts(out, prefix);
			sb_putc(out, ' ');
			sb_putn(out, p, n);
			col = 2 + plen + 1 + n;
		} else {
			sb_puts(out, " | ");
			sb_putn(out, p, n);
			col += 3 + n;
		}
		p += n;
		while (*p == ' ')
			p++;
	}
	sb_putc(out, '\n');
}

void
outmail_moves_compact(const struct loaded *g, int seat, struct sbuf *out)
{
	struct sbuf all = SBUF_INIT, lasts = SBUF_INIT;
	char prefix[CMD_PREFIX_MAX] = "";
	const char *p;
	int count = 0;

	g->rules->moves(g->state, seat, &all);
	for (p = sb_str(&all); *p != '\0';) {
		size_t n = strcspn(p, "\n");
		const char *sp = p + n;
		char cur[CMD_PREFIX_MAX];

		while (sp > p && sp[-1] != ' ')
			sp--;
		if (sp == p || (size_t)(sp - p) > sizeof(cur)) {
			/* A one-word command (or one too long to group) stands alone. */
			flush_group(out, prefix, &lasts, count);
			count = 0;
			prefix[0] = '\0';
			sb_reset(&lasts);
			sb_puts(out, "  ");
			sb_putn(out, p, n);
			sb_putc(out, '\n');
		} else {
			copy_text(cur, sizeof(cur), p, (size_t)(sp - p - 1));
			if (count > 0 && strcmp(cur, prefix) != 0) {
				flush_group(out, prefix, &lasts, count);
				count = 0;
				sb_reset(&lasts);
			}
			copy_text(prefix, sizeof(prefix), cur, strlen(cur));
			if (count)
				sb_putc(&lasts, ' ');
			sb_putn(&lasts, sp, (size_t)(p + n - sp));
			count++;
		}
		p += n;
		if (*p == '\n')
			p++;
	}
	flush_group(out, prefix, &lasts, count);
	sb_free(&all);
	sb_free(&lasts);
}

/*
 * The short form of a seat's legal moves (the preference "legal short"):
 * commands that differ only in their last word are one group; groups with
 * the same last words whose first words differ in one place are one line
 * ("tile red|green|black A1 | B1 | ..."); a group of more than SHORT_SHOWN
 * choices shows its first and last and says how many there are.
 */
enum { SHORT_GROUPS = 256, SHORT_WORDS = 8, SHORT_SHOWN = 8 };
struct short_group {
	char words[SHORT_WORDS][CMD_PREFIX_MAX];	/* the first words */
	int nwords;
	int at;			/* the word with alternatives; -1 none yet */
	struct sbuf alts;	/* the alternatives there, '|'-joined */
	struct sbuf lasts;	/* the last words, space-separated */
	int nlasts;
	int bare;		/* a command of one word, alone */
	int merged;		/* folded into an earlier group */
};

/* Split prefix into g's words; 0, or -1 when it has too many. */
static int
short_split(const char *prefix, struct short_group *g)
{
	const char *p = prefix;

	g->nwords = 0;
	while (*p != '\0') {
		size_t n = strcspn(p, " ");

		if (g->nwords == SHORT_WORDS)
			return -1;
		copy_text(g->words[g->nwords++], CMD_PREFIX_MAX, p, n);
		p += n;
		p += strspn(p, " ");
	}
	return 0;
}

/* The one word where a and b differ, or -1 (none, or more than one). */
static int
short_differs(const struct short_group *a, const struct short_group *b)
{
	int i, at = -1;

	if (a->nwords != b->nwords || a->nlasts != b->nlasts ||
	    strcmp(sb_str(&a->lasts), sb_str(&b->lasts)) != 0)
		return -1;
	for (i = 0; i < a->nwords; i++)
		if (strcmp(a->words[i], b->words[i]) != 0) {
			if (at >= 0)
				return -1;
			at = i;
		}
	return at;
}

static void
short_line(const struct short_group *g, struct sbuf *out)
{
	const char *p = sb_str(&g->lasts);
	int i, k = 0;

	sb_puts(out, " ");
	for (i = 0; i < g->nwords; i++) {
		sb_putc(out, ' ');
		sb_puts(out, i == g->at ? sb_str(&g->alts) : g->words[i]);
	}
	while (*p != '\0') {
		size_t n = strcspn(p, " ");

		if (g->nlasts <= SHORT_SHOWN || k < 3 || k == g->nlasts - 1) {
			sb_puts(out, k == 0 ? " " : " | ");
			sb_putn(out, p, n);
		} else if (k == 3)
			sb_puts(out, " | ...");
		k++;
		p += n;
		p += strspn(p, " ");
	}
	if (g->nlasts > SHORT_SHOWN)
		sb_printf(out, "  (%d choices)", g->nlasts);
	sb_putc(out, '\n');
}

void
outmail_moves_short(const struct loaded *g, int seat, struct sbuf *out)
{
	struct sbuf all = SBUF_INIT;
	struct short_group *gr;
	const char *p;
	int n = 0, i, j;

	if ((gr = calloc(SHORT_GROUPS, sizeof(*gr))) == NULL) {
		out->oom = 1;
		return;
	}
	g->rules->moves(g->state, seat, &all);
	for (p = sb_str(&all); *p != '\0';) {
		size_t len = strcspn(p, "\n");
		const char *sp = p + len;
		char prefix[CMD_PREFIX_MAX];

		int bare;

		while (sp > p && sp[-1] != ' ')
			sp--;
		bare = sp == p || (size_t)(sp - p) > sizeof(prefix);
		if (bare)
			copy_text(prefix, sizeof(prefix), p, len), sp = p + len;
		else
			copy_text(prefix, sizeof(prefix), p, (size_t)(sp - p - 1));
		if (n == 0 || bare || gr[n - 1].bare || strcmp(prefix, gr[n - 1].words[0]) != 0) {
			/* (words[0] holds the whole prefix until the groups are split) */
			if (n == SHORT_GROUPS) {
				/* More kinds of command than a summary helps with: all of them. */
				for (i = 0; i < n; i++) {
					sb_free(&gr[i].alts);
					sb_free(&gr[i].lasts);
				}
				free(gr);
				sb_free(&all);
				outmail_moves_compact(g, seat, out);
				return;
			}
			copy_text(gr[n].words[0], CMD_PREFIX_MAX, prefix, strlen(prefix));
			gr[n].nwords = 1;
			gr[n].at = -1;
			gr[n].bare = bare;
			n++;
		}
		if (sp < p + len) {
			if (gr[n - 1].nlasts)
				sb_putc(&gr[n - 1].lasts, ' ');
			sb_putn(&gr[n - 1].lasts, sp, (size_t)(p + len - sp));
			gr[n - 1].nlasts++;
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	for (i = 0; i < n; i++) {
		char prefix[CMD_PREFIX_MAX];

		copy_text(prefix, sizeof(prefix), gr[i].words[0], strlen(gr[i].words[0]));
		if (short_split(prefix, &gr[i]) != 0) {
			gr[i].nwords = 1;
			copy_text(gr[i].words[0], CMD_PREFIX_MAX, prefix, strlen(prefix));
		}
	}
	/* Fold each group into an earlier one that differs from it in one word. */
	for (j = 1; j < n; j++)
		for (i = 0; i < j; i++) {
			int at;

			if (gr[i].merged || gr[j].nlasts == 0 ||
			    (at = short_differs(&gr[i], &gr[j])) < 0 ||
			    (gr[i].at >= 0 && gr[i].at != at))
				continue;
			if (gr[i].at < 0) {
				gr[i].at = at;
				sb_puts(&gr[i].alts, gr[i].words[at]);
			}
			sb_putc(&gr[i].alts, '|');
			sb_puts(&gr[i].alts, gr[j].words[at]);
			gr[j].merged = 1;
			break;
		}
	for (i = 0; i < n; i++) {
		if (!gr[i].merged)
			short_line(&gr[i], out);
		sb_free(&gr[i].alts);
		sb_free(&gr[i].lasts);
	}
	free(gr);
	sb_free(&all);
}

void
outmail_moves_vars(const struct config *cfg, const struct loaded *g, int seat, json_t *v)
{
	struct sbuf moves = SBUF_INIT;
	int full = seat_moves_full(g->store, g, seat);

	if (full)
		outmail_moves_compact(g, seat, &moves);
	else
		outmail_moves_short(g, seat, &moves);
	json_object_set_new(v, "moves", json_string(sb_str(&moves)));
	json_object_set_new(v, "moves_short", json_boolean(!full && moves.len > 0));
	json_object_set_new(v, "moves_full", json_boolean(full && moves.len > 0));
	json_object_set_new(v, "site", json_string(cfg->reply_address));
	sb_free(&moves);
}

/* Seconds to wait before the next try after attempts failures. */
static int64_t
backoff(int attempts)
{
	int64_t d = 60;

	while (attempts-- > 1 && d < 6 * 3600)
		d *= 2;
	return d < 6 * 3600 ? d : 6 * 3600;
}

/*
 * Mails claimed per transaction, and the seconds a claim holds them from
 * other senders.  A batch still being sent when half the claim has passed
 * goes back to the queue and is claimed again: a mail started then ends
 * (SMTP gives each at most 70 s) before another sender may take it.
 */
enum { BATCH = 64, LEASE = 600 };

/*
 * The detached delivery goes behind the writers: before each batch it
 * waits until no writer has come for WRITERS_STILL_MS (an MTA's burst of
 * pipes brings one every few milliseconds), WRITERS_WAIT_MS at most.  Its
 * drawing, its files' syncs and its own transactions slowed the commits
 * every pipe waits for: at 16 pipes with pictures, 0.44-0.52 of the
 * floor's commits/s and a p99 of 149-173 ms without the wait, 0.55-0.79
 * and 91-148 ms with it; the last of 96 answers is out 0.2-0.4 s later.
 */
enum { WRITERS_STILL_MS = 20, WRITERS_WAIT_MS = 3000 };

/* How long a claim another host's Maildir held waits for that host after it expired. */
enum { MAILDIR_TAKEOVER = 24 * 3600 };

/*
 * A Maildir's name among the hosts sharing a database: "HOST:/ITS/PATH"
 * (a path too long for the column by its SHA-256).
 */
static void
maildir_claimer(const char *dir, char *out, size_t len)
{
	char host[65], real[PATH_MAX], hex[SHA256_HEX_LEN + 1];
	const char *path = realpath(dir, real) != NULL ? real : dir;

	if (gethostname(host, sizeof(host)) != 0)
		snprintf(host, sizeof(host), "localhost");
	host[sizeof(host) - 1] = '\0';
	if (strlen(path) > 240 && sha256_hex(path, strlen(path), hex) == 0)
		path = hex;
	snprintf(out, len, "%s:%.240s", host, path);
}

/*
 * Deliver one claimed mail; fills r and counts it in st.  Returns 1 when
 * the failure was the server's or the Maildir's, not this mail's (no
 * connection, a timeout, a 4xx to the session): the mails after it wait.
 */
static int
deliver_one(const struct config *cfg, struct smtp_session *smtp, int made,
    const struct store_mail *m, int64_t now, int verbose, struct store_mail_result *r,
    struct deliver_stats *st)
{
	char err[512] = "", name[200];
	int ok, permanent = 0, own = 0;

	if (smtp != NULL) {
		const char *rcpt[1] = { m->rcpt };
		enum smtp_result res = smtp_send(smtp, cfg->from, rcpt, 1, m->message, m->len,
		    err, sizeof(err));

		ok = res == SMTP_SENT;
		permanent = res == SMTP_PERMANENT;
		own = res == SMTP_DEFERRED;
	} else {
		/* Named after the mail: delivering it again changes nothing. */
		snprintf(name, sizeof(name), "%lld.arbiter_%s_%lld", (long long)m->created,
		    cfg->site, (long long)m->id);
		ok = maildir_deliver_once(cfg->maildir, name, m->message, m->len,
		    (m->retried ? MAILDIR_LOOK : 0) | (made ? MAILDIR_MADE : 0) | MAILDIR_NOSYNC,
		    err, sizeof(err)) >= 0;
	}
	memset(r, 0, sizeof(*r));
	r->id = m->id;
	r->sent = ok;
	r->failed = !ok && permanent;
	r->attempts = m->attempts + 1;
	r->next_try = ok || permanent ? 0 : now + backoff(m->attempts + 1);
	snprintf(r->error, sizeof(r->error), "%s", ok ? "" : err);
	if (!ok && strncmp(err, CURL_DL_MISSING, strlen(CURL_DL_MISSING)) == 0)
		st->nolib = 1;
	if (ok)
		st->sent++;
	else if (permanent)
		st->failed++;
	else
		st->deferred++;
	/* A Maildir's mail is sent once new/ is synced (maildir_batch_sync). */
	if ((verbose > 1 && (!ok || smtp != NULL)) || (verbose == 1 && !ok))
		printf("%s mail %lld to %s%s%s\n", ok ? "sent" : permanent ? "refused" :
		    "deferred", (long long)m->id, m->rcpt, ok ? "" : ": ", ok ? "" : err);
	return !ok && !permanent && !own;
}

/*
 * The Maildir's mails of one batch were linked into new/ unsynced: one
 * fsync of new/ makes them all durable before they are recorded as sent.
 * When it fails, none of them counts as delivered: each is deferred (and
 * found in new/ by its name when tried again).  Returns 1 when it failed.
 */
enum { RCPT_LEN = 320 };
static int
maildir_batch_sync(const struct config *cfg, struct store_mail_result *done, int ndone,
    char (*rcpt)[RCPT_LEN], int verbose, struct deliver_stats *st)
{
	char err[512] = "";
	int i, any = 0;

	for (i = 0; i < ndone; i++)
		any |= done[i].sent;
	if (!any)
		return 0;
	if (maildir_sync_new(cfg->maildir, err, sizeof(err)) != 0) {
		for (i = 0; i < ndone; i++) {
			if (!done[i].sent)
				continue;
			done[i].sent = 0;
			done[i].next_try = now_epoch() + backoff(done[i].attempts);
			snprintf(done[i].error, sizeof(done[i].error), "%s", err);
			st->sent--;
			st->deferred++;
			if (verbose >= 1)
				printf("deferred mail %lld to %s: %s\n", (long long)done[i].id,
				    rcpt[i], err);
		}
		return 1;
	}
	if (verbose > 1)
		for (i = 0; i < ndone; i++)
			if (done[i].sent)
				printf("sent mail %lld to %s\n", (long long)done[i].id, rcpt[i]);
	return 0;
}

/*
 * The pictures drawn in one run of the send loop: a move's mails all name
 * one position (a game and its moves, or before schema 22 a row of
 * pictures), drawn once for them all.  An empty png: it could not be
 * drawn (said once per run); its mails go without it.
 */
enum { DRAWN_MAX = 8 };
struct drawn {
	int64_t game, id;
	int seq;
	int w, h;
	struct sbuf png;
};
struct drawn_cache {
	struct drawn d[DRAWN_MAX];
	int n, next, warned;
};

/*
 * The public view m's picture shows (NULL with err set): the game's
 * position after m->picture_seq moves, or the view kept for a mail queued
 * before schema 22.
 */
static json_t *
picture_view(struct ctx *c, struct store *s, const struct store_mail *m, char *err,
    size_t errlen)
{
	struct loaded g;
	json_t *view = NULL;
	char *text = NULL;

	if (m->picture_seq >= 0) {
		memset(&g, 0, sizeof(g));
		if (game_load(c, s, m->game, m->picture_seq, &g) != EXIT_OK)
			snprintf(err, errlen, "game %lld after move %d cannot be loaded",
			    (long long)m->game, m->picture_seq);
		else if ((view = report_json(&g, -1)) == NULL)
			snprintf(err, errlen, "its view could not be made");
		game_unload(&g);
		return view;
	}
	if (store_picture_view(s, m->picture, &text) != STORE_OK)
		snprintf(err, errlen, "its view is not in the database: %s", store_error(s));
	else if ((view = json_loads(text, 0, NULL)) == NULL)
		snprintf(err, errlen, "its view is not JSON");
	free(text);
	return view;
}

static const struct drawn *
drawn_get(struct ctx *c, struct store *s, struct drawn_cache *dc, const struct store_mail *m)
{
	struct drawn *d;
	char err[512] = "";
	json_t *view;
	int i;

	for (i = 0; i < dc->n; i++)
		if (dc->d[i].game == m->game && dc->d[i].seq == m->picture_seq &&
		    dc->d[i].id == (m->picture_seq >= 0 ? 0 : m->picture))
			return &dc->d[i];
	if (dc->n < DRAWN_MAX)
		d = &dc->d[dc->n++];
	else {
		d = &dc->d[dc->next];
		dc->next = (dc->next + 1) % DRAWN_MAX;
		sb_free(&d->png);
	}
	d->game = m->game;
	d->seq = m->picture_seq;
	d->id = m->picture_seq >= 0 ? 0 : m->picture;
	d->w = d->h = 0;
	sb_init(&d->png);
	if ((view = picture_view(c, s, m, err, sizeof(err))) != NULL &&
	    (picture_size(view, &d->w, &d->h) != 0 ||
	    picture_draw(view, PICTURE_PNG, &d->png, err, sizeof(err)) != 0))
		sb_free(&d->png);
	if (err[0] != '\0' && !dc->warned++)
		fprintf(stderr, "arbiter: mail goes without its board picture: %s\n", err);
	json_decref(view);
	return d;
}

/* A mail with its picture stays under 150 KB. */
enum { MAIL_MAX_WITH_PICTURE = 150 * 1024 - 1 };

/* Put the picture m lacks into its message (or leave it out, when it could
 * not be drawn, its position cannot be loaded, or the mail would grow
 * over MAIL_MAX_WITH_PICTURE: an end's, with the game's record attached). */
static void
with_picture(struct ctx *c, struct store *s, struct drawn_cache *dc, struct store_mail *m)
{
	const struct drawn *d = m->picture_seq >= 0 || m->picture > 0 ?
	    drawn_get(c, s, dc, m) : NULL;
	size_t at[4];
	char *out;
	size_t len;
	int rc;

	if (sscanf(m->picture_at, "%zu %zu %zu %zu", &at[0], &at[1], &at[2], &at[3]) != 4 ||
	    (rc = compose_picture(m->message, m->len, at, d != NULL && d->png.len > 0 ?
	    d->png.s : NULL, d != NULL ? d->png.len : 0, d != NULL ? d->w : 0,
	    d != NULL ? d->h : 0, MAIL_MAX_WITH_PICTURE, &out, &len)) < 0)
		return;		/* sent as queued: whole, its picture part empty */
	if (rc > 0)
		fprintf(stderr, "arbiter: mail %lld to %s goes without its board picture: with "
		    "it, it would take over %d bytes\n", (long long)m->id, m->rcpt,
		    MAIL_MAX_WITH_PICTURE + 1);
	free(m->message);
	m->message = out;
	m->len = len;
}

/* A session for cfg's smtp_url (set), or NULL with err set. */
static struct smtp_session *
session(const struct config *cfg, char *err, size_t len)
{
	struct smtp_config sc;

	memset(&sc, 0, sizeof(sc));
	sc.url = cfg->smtp_url;
	sc.user = cfg->smtp_user;
	sc.password = cfg->smtp_password;
	sc.insecure = cfg->smtp_insecure;
	sc.connect_timeout_ms = 10000;
	return smtp_open(&sc, err, len);
}

void
outmail_ahead(struct ctx *c, struct store *s)
{
	struct config *cfg;
	char err[512];

	/* Any fault here is met again, and said, by outmail_deliver. */
	if (c->smtp != NULL || (cfg = config_get(c, err, sizeof(err))) == NULL ||
	    cfg->smtp_url[0] == '\0' || !cfg->deliver_foreground ||
	    config_secret(cfg, s, err, sizeof(err)) != 0)
		return;
	if ((c->smtp = session(cfg, err, sizeof(err))) != NULL)
		smtp_ahead(c->smtp);
}

void
outmail_poke(struct ctx *c)
{
	smtp_poke(c->smtp);
}

void
outmail_end(struct ctx *c)
{
	smtp_close(c->smtp);
	c->smtp = NULL;
}

/*
 * The send loop.  Each transaction records what was delivered and claims
 * what comes next, up to BATCH mails.  With SMTP each mail's outcome is
 * recorded before the next one goes out, so a crash can repeat at most the
 * one mail sent and not yet recorded; a Maildir's are recorded together,
 * since delivering a mail again is idempotent there (the file is named
 * after the mail).  On a database several hosts share, each delivering
 * into a Maildir of its own or all through SMTP, a host claims one mail at
 * a time: a crash leaves at most one to be delivered again by another
 * host, and the others are not kept waiting for a batch.
 */
int
outmail_deliver(struct ctx *c, struct config *cfg, struct store *s, int verbose,
    struct deliver_stats *st)
{
	struct smtp_session *smtp = NULL;
	struct store_mail claimed[BATCH];
	struct store_mail_result done[BATCH];
	struct drawn_cache dc;
	char err[512] = "", claimer[320], rcpt[BATCH][RCPT_LEN];
	int rc, n = 0, i, ndone = 0, max = BATCH, stop = 0, late = 0, made = 0;

	memset(st, 0, sizeof(*st));
	memset(&dc, 0, sizeof(dc));
	if ((rc = config_secret(cfg, s, err, sizeof(err))) != 0) {
		errx_line(c, "%s", err[0] != '\0' ? err : "the database failed");
		return rc == -1 ? EXIT_CONFIG : store_exit_code(rc);
	}
	if (cfg->smtp_url[0] != '\0') {
		/* The session outmail_ahead opened, made from the same settings. */
		smtp = c->smtp != NULL && cfg == c->cfg ? c->smtp : session(cfg, err, sizeof(err));
		if (smtp == c->smtp)
			c->smtp = NULL;
		if (smtp == NULL) {
			errx_line(c, "smtp_url: %s", err);
			return strncmp(err, CURL_DL_MISSING, strlen(CURL_DL_MISSING)) == 0 ?
			    EXIT_UNAVAILABLE : EXIT_USAGE;
		}
	}
	if (store_is_uri(cfg->db))
		max = 1;
	if (smtp == NULL) {
		/* What a delivery killed halfway left in tmp/ (an hour gives any live one time). */
		(void)maildir_clean_tmp(cfg->maildir, ".arbiter_", 3600);
		/* Its folders made once a run, not once a mail (a failure is met,
		 * and said, by the first mail's delivery). */
		made = maildir_create(cfg->maildir, err, sizeof(err)) == 0;
		/*
		 * Only this Maildir can tell whether a mail it claimed is in it:
		 * a claim of ours that expired (we were killed while delivering)
		 * we take again and deliver at most once; another host's only
		 * after it failed to do so for a day (see arbiter(1), send).
		 */
		maildir_claimer(cfg->maildir, claimer, sizeof(claimer));
		store_outbox_claimer(s, claimer, MAILDIR_TAKEOVER);
	} else
		store_outbox_claimer(s, "", 0);
	for (;;) {
		int64_t now = now_epoch();

		if (c->behind)
			(void)store_writers_pause(s, WRITERS_STILL_MS, WRITERS_WAIT_MS);
		/* A Maildir's batch: new/ synced once, before the batch is recorded. */
		if (smtp == NULL && ndone > 0 &&
		    maildir_batch_sync(cfg, done, ndone, rcpt, verbose, st))
			stop = st->away = 1;
		rc = store_outbox_step(s, done, ndone, now, LEASE, claimed, stop ? 0 : max, &n);
		ndone = 0;
		if (rc != STORE_OK || n == 0)
			break;
		for (i = 0; i < n; i++) {
			if (!stop && !late && i > 0 && now_epoch() - now > LEASE / 2)
				late = 1;
			if (stop || late) {
				/* Not tried: back in the queue as it was. */
				memset(&done[ndone], 0, sizeof(done[ndone]));
				done[ndone].id = claimed[i].id;
				done[ndone].attempts = claimed[i].attempts;
				done[ndone++].next_try = now;
			} else {
				if (claimed[i].picture_at[0] != '\0')
					with_picture(c, s, &dc, &claimed[i]);
				/* When the server is down, or the Maildir, the rest wait. */
				stop = st->away = deliver_one(cfg, smtp, made, &claimed[i], now,
				    verbose, &done[ndone], st);
				snprintf(rcpt[ndone], RCPT_LEN, "%s", claimed[i].rcpt);
				ndone++;
				if (smtp != NULL && i + 1 < n && !stop) {
					int none;

					rc = store_outbox_step(s, done, ndone, now, LEASE, NULL, 0, &none);
					ndone = 0;
				}
			}
			store_mail_free(&claimed[i]);
			if (rc != STORE_OK) {
				/* The rest stay claimed, and go out once the claim expires. */
				while (++i < n)
					store_mail_free(&claimed[i]);
				break;
			}
		}
		if (rc != STORE_OK)
			break;
		late = 0;
	}
	smtp_close(smtp);
	for (i = 0; i < dc.n; i++)
		sb_free(&dc.d[i].png);
	if (rc == STORE_OK && st->nolib) {
		/* The server wants TLS and libcurl, which does it, is missing. */
		errx_line(c, "smtp_url: the server needs TLS or a login only libcurl speaks, "
		    "and libcurl could not be loaded; the mail stays queued");
		return EXIT_UNAVAILABLE;
	}
	return rc == STORE_OK ? EXIT_OK : store_exit(s, rc);
}

int
outmail_purge(struct config *cfg, struct store *s, int *deleted)
{
	int64_t keep = (int64_t)(cfg->keep_sent_days > 0 ? cfg->keep_sent_days : 0) * 86400;

	return store_outbox_purge(s, now_epoch() - keep + (keep == 0), deleted);
}

int
deliver_queue(struct ctx *c, struct store *s, int verbose, struct deliver_stats *st)
{
	struct config *cfg;
	char err[1024];

	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		return EXIT_CONFIG;
	}
	return outmail_deliver(c, cfg, s, verbose, st);
}
