/*
 * prefs.c - what each player chooses about its mail, set by a mail to the
 * site address and shown by `help` (site.h).
 *
 * The preferences are the table PREFS below: each has a name (the command
 * word that sets it), its values, its default, a line of help, and a
 * judge that checks a value.  A value is set for all the address's games
 * ("mail turn") or for one game ("mail turn game 12", for the seat the
 * address holds there); a game's own value wins over the address's.  One
 * more preference is one more entry in the table, and its reading where
 * the mail it changes is made.
 *
 *   mail every          a mail after every move (the default)
 *   mail turn           a mail only when the game starts waiting for you,
 *                       with the board and what happened since your last
 *                       move; the rest waits for that mail
 *   mail digest HOURS   at most one mail every HOURS hours, across all
 *                       your games (for all games only)
 *   legal short         legal moves grouped, each group one line (default)
 *   legal full          every legal move, a line per choice of its first
 *                       words ("moves GAME-ID" gives it any time)
 *   pictures on         the board drawn in the mail's HTML part, when the
 *                       site draws pictures (mail_pictures; the default)
 *   pictures off        the board as text only, a smaller mail
 *
 * Whatever the choice, these come at once: the start and end of a game,
 * answers to your own mail (a move you sent included: its mail is the
 * answer), reminders and deadline notices, and questions that need your
 * answer (an undo asked, a vote).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "site.h"
#include "../store/store_prefs.h"

/* The longest digest interval: a week. */
enum { DIGEST_HOURS_MAX = 168 };

static int
judge_mail(const char *value, char *norm, size_t len, char *err, size_t errlen)
{
	char word[16], extra[8];
	long hours;
	int n;

	n = sscanf(value, "%15s %ld %7s", word, &hours, extra);
	if (n == 1 && (strcasecmp(word, "every") == 0 || strcasecmp(word, "turn") == 0)) {
		snprintf(norm, len, "%s", strcasecmp(word, "every") == 0 ? "every" : "turn");
		return 0;
	}
	if (n == 2 && strcasecmp(word, "digest") == 0 && hours >= 1 &&
	    hours <= DIGEST_HOURS_MAX) {
		snprintf(norm, len, "digest %ld", hours);
		return 0;
	}
	snprintf(err, errlen, "mail every, mail turn, or mail digest HOURS (1 to %d)",
	    DIGEST_HOURS_MAX);
	return -1;
}

static int
judge_legal(const char *value, char *norm, size_t len, char *err, size_t errlen)
{
	if (strcasecmp(value, "short") == 0 || strcasecmp(value, "full") == 0) {
		snprintf(norm, len, "%s", strcasecmp(value, "short") == 0 ? "short" : "full");
		return 0;
	}
	snprintf(err, errlen, "legal short or legal full");
	return -1;
}

static int
judge_pictures(const char *value, char *norm, size_t len, char *err, size_t errlen)
{
	if (strcasecmp(value, "on") == 0 || strcasecmp(value, "off") == 0) {
		snprintf(norm, len, "%s", strcasecmp(value, "on") == 0 ? "on" : "off");
		return 0;
	}
	snprintf(err, errlen, "pictures on or pictures off");
	return -1;
}

static const struct pref PREFS[] = {
	{ "mail", "every | turn | digest HOURS", "every",
	    "every: a mail after every move; turn: only when a game waits for you (with "
	    "the board and what happened since your last move); digest HOURS: at most one "
	    "mail every HOURS hours across all your games",
	    judge_mail },
	{ "legal", "short | full", "short",
	    "how mail lists your legal moves: short groups them, full gives every choice",
	    judge_legal },
	{ "pictures", "on | off", "on",
	    "on: the board drawn as a picture above the text in mail that shows it; off: "
	    "the text alone, a smaller mail",
	    judge_pictures },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct pref *
pref_all(void)
{
	return PREFS;
}

const struct pref *
pref_find(const char *name)
{
	const struct pref *p;

	for (p = PREFS; p->name != NULL; p++)
		if (strcasecmp(p->name, name) == 0)
			return p;
	return NULL;
}

int
pref_get(struct store *s, const char *email, int64_t game, const char *name, char *buf,
    size_t len)
{
	const struct pref *p = pref_find(name);
	int rc = STORE_NOTFOUND;

	snprintf(buf, len, "%s", p != NULL ? p->def : "");
	if (email == NULL || email[0] == '\0')
		return STORE_OK;
	if (game > 0)
		rc = store_pref_get(s, email, game, name, buf, len);
	if (rc == STORE_NOTFOUND)
		rc = store_pref_get(s, email, 0, name, buf, len);
	if (rc == STORE_NOTFOUND) {
		snprintf(buf, len, "%s", p != NULL ? p->def : "");
		rc = STORE_OK;
	}
	return rc;
}

int
seat_mail_mode(struct store *s, const struct loaded *g, int seat, int *hours)
{
	char v[32];

	*hours = 0;
	if (seat < 0 || seat >= g->row.nseats ||
	    pref_get(s, g->seats[seat].email, g->row.id, "mail", v, sizeof(v)) != STORE_OK)
		return MAIL_EVERY;
	if (strncmp(v, "digest ", 7) == 0) {
		*hours = atoi(v + 7);
		return *hours > 0 ? MAIL_DIGEST : MAIL_EVERY;
	}
	return strcmp(v, "turn") == 0 ? MAIL_TURN : MAIL_EVERY;
}

int
seat_moves_full(struct store *s, const struct loaded *g, int seat)
{
	char v[16];

	if (seat < 0 || seat >= g->row.nseats ||
	    pref_get(s, g->seats[seat].email, g->row.id, "legal", v, sizeof(v)) != STORE_OK)
		return 0;
	return strcmp(v, "full") == 0;
}

int
seat_pictures(struct store *s, const struct loaded *g, int seat, const char *rcpt)
{
	const char *email = rcpt;
	char v[8];

	if (seat >= 0 && seat < g->row.nseats && g->seats[seat].email[0] != '\0')
		email = g->seats[seat].email;
	if (email == NULL || email[0] == '\0' ||
	    pref_get(s, email, g->row.id, "pictures", v, sizeof(v)) != STORE_OK)
		return 1;
	return strcmp(v, "off") != 0;
}

/* One line of `help`'s list of the sender's preferences. */
struct shown {
	struct sbuf *out;
	int n;
};

static int
show_one(int64_t game, const char *name, const char *value, void *arg)
{
	struct shown *sh = arg;

	if (game != 0)
		sb_printf(sh->out, "  %s %s game %lld\n", name, value, (long long)game);
	sh->n++;
	return 0;
}

void
pref_commands(struct sbuf *out)
{
	const struct pref *p;

	for (p = PREFS; p->name != NULL; p++) {
		struct sbuf wrapped = SBUF_INIT;
		const char *q;

		sb_printf(out, "  %s %s\n", p->name, p->syntax);
		outmail_wrap(p->help, 56, &wrapped);
		for (q = sb_str(&wrapped); *q != '\0';) {
			size_t n = strcspn(q, "\n");

			sb_printf(out, "                    %.*s\n", (int)n, q);
			q += n + (q[n] == '\n');
		}
		sb_free(&wrapped);
	}
}

int
pref_help(struct store *s, const char *email, struct sbuf *out)
{
	const struct pref *p;
	struct shown sh = { out, 0 };
	char v[64];
	int rc;

	sb_puts(out, "Your settings (send a line such as \"mail turn\" to change one; add "
	    "\"game GAME-ID\" for one game only):\n");
	for (p = PREFS; p->name != NULL; p++) {
		if ((rc = pref_get(s, email, 0, p->name, v, sizeof(v))) != STORE_OK)
			return rc;
		sb_printf(out, "  %s %s%s\n", p->name, v, strcmp(v, p->def) == 0 ?
		    " (the default)" : "");
	}
	return store_prefs_each(s, email, show_one, &sh);
}

int
pref_cmd(struct ctx *c, struct store *s, const char *email, const char *verb, char *args,
    int line, struct sbuf *out)
{
	const struct pref *p = pref_find(verb);
	char norm[64], err[200], *g;
	int64_t game = 0;
	int rc;

	(void)c;
	if (p == NULL)
		return STORE_ERROR;
	/* "... game GAME-ID": for the seat the sender holds in that game only. */
	if ((g = strstr(args, " game ")) != NULL || strncasecmp(args, "game ", 5) == 0) {
		char *id = g != NULL ? g + 6 : args + 5;

		id += strspn(id, " \t");
		if (parse_game_id(id, &game) != 0) {
			sb_printf(out, "line %d: '%s': \"game\" is followed by a game's number\n",
			    line, verb);
			return STORE_OK;
		}
		if (g != NULL)
			*g = '\0';
		else
			args[0] = '\0';
	}
	args += strspn(args, " \t");
	if (p->judge(args, norm, sizeof(norm), err, sizeof(err)) != 0) {
		sb_printf(out, "line %d: '%s': %s\n", line, verb, err);
		return STORE_OK;
	}
	if (game > 0) {
		int64_t ids[200];
		int n = 0, i, mine = 0;

		if (strncmp(norm, "digest", 6) == 0) {
			sb_printf(out, "line %d: '%s': a digest covers all your games; send "
			    "\"mail %s\" without a game\n", line, verb, norm);
			return STORE_OK;
		}
		if ((rc = store_address_games(s, email, 1, ids, 200, &n)) != STORE_OK)
			return rc;
		for (i = 0; i < n; i++)
			mine |= ids[i] == game;
		if (!mine) {
			sb_printf(out, "line %d: '%s': you hold no seat in a running game #%lld\n",
			    line, verb, (long long)game);
			return STORE_OK;
		}
	}
	if ((rc = store_pref_put(s, email, game, p->name, norm)) != STORE_OK)
		return rc;
	if (strncmp(norm, "digest ", 7) == 0) {
		/* The first digest comes that many hours from now, then one every so often. */
		if ((rc = store_digest_put(s, email, now_epoch() + (int64_t)atoi(norm + 7) *
		    3600)) != STORE_OK)
			return rc;
	}
	if (game > 0)
		sb_printf(out, "Noted: %s %s in game #%lld.\n", p->name, norm, (long long)game);
	else
		sb_printf(out, "Noted: %s %s, for all your games%s.\n", p->name, norm,
		    strncmp(norm, "digest", 6) == 0 ? "; the news of the moves comes together, "
		    "at most once in that time" : "");
	return STORE_OK;
}
