/*
 * site.c - the commands of a mail to the site address (the reply address
 * without a seat's tag), from an address proven by a confirmation round
 * trip (inmail.c).  One command a line; the answer is one mail.
 *
 *   help [GAME]      the commands, or a game's notation brief
 *   games            the sender's running games and whom each waits for
 *   board GAME-ID    the public board (what anyone may see)
 *   log GAME-ID      the public log
 *   moves GAME-ID    the sender's legal commands in that game
 *   hand GAME-ID     the sender's own screen, in a mail to its seat's address
 *   observe GAME-ID / unobserve GAME-ID   the public mail of a game, or not
 *   new GAME [KEY=VALUE ...] [seats N] [title TEXT]
 *                    open a game: the sender in seat 1, N-1 seats open
 *   invite NAME ADDRESS   (after new, in the same mail) a named seat
 *   join GAME-ID [as NAME] / leave GAME-ID   take or leave an open seat
 *   open             the games with open seats
 * An opened game starts, with its start mail to every seat, once its last
 * seat is taken.
 *
 * The sender is an address: a seat is the sender's when its address is the
 * sender's (any case).  Nothing here reveals what the public view does not,
 * except a seat's own screen, which goes only to that seat's address.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "site.h"
#include "../engine/notation.h"
#include "../mail/reply.h"
#include "../store/store_mail.h"

/* Every command a mail to the site address takes. */
static const char *const VERBS[] = { "help", "games", "board", "log", "moves", "hand",
	"observe", "unobserve", "new", "invite", "join", "leave", "accept", "decline", "open",
	"mail", "legal", "pictures", "away", "back", "standings", "rematch", NULL };

/* The commands of the site address, for the test that runs each (test_enumerate.c). */
const char *const *
site_commands(void)
{
	return VERBS;
}

const char *
site_quote_cut(const char *s, size_t max, char *buf, size_t len)
{
	size_t n = strlen(s);

	snprintf(buf, len, "%.*s", (int)(n > max ? max : n), s);
	utf8_trim_partial(buf);
	if (n > max && strlen(buf) + 4 <= len)
		strcat(buf, "...");
	return buf;
}

/* The first word of line (at most len-1 bytes), lowercased; 0 when none. */
static size_t
first_word(const char *line, char *w, size_t len)
{
	size_t i = 0;

	while (*line == ' ' || *line == '\t')
		line++;
	while (line[i] != '\0' && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' &&
	    i + 1 < len) {
		w[i] = (char)(line[i] >= 'A' && line[i] <= 'Z' ? line[i] + 32 : line[i]);
		i++;
	}
	w[i] = '\0';
	return i;
}

int
site_tagged_address(const struct config *cfg, const char *tag, const char *nonce, char *buf,
    size_t len)
{
	const char *at = strchr(cfg->reply_address, '@');

	if (at == NULL)
		return -1;
	snprintf(buf, len, "%.*s+%s.%s%s", (int)(at - cfg->reply_address), cfg->reply_address,
	    tag, nonce, at);
	return 0;
}

int
site_is_command(const char *line)
{
	char w[16];
	int i;

	if (first_word(line, w, sizeof(w)) == 0)
		return 0;
	for (i = 0; VERBS[i] != NULL; i++)
		if (strcmp(w, VERBS[i]) == 0)
			return 1;
	return 0;
}

/* The sender's seat in g, or -1. */
static int
own_seat(const struct loaded *g, const char *email)
{
	int i;

	for (i = 0; i < g->row.nseats; i++)
		if (g->seats[i].email[0] != '\0' && strcasecmp(g->seats[i].email, email) == 0)
			return i;
	return -1;
}

static int
help_text(struct store *s, const char *email, const char *arg, struct sbuf *out)
{
	const struct game_rules *const *g;
	char name[64];
	char *notation;

	if (arg != NULL && *arg != '\0') {
		const struct game_rules *r = game_find(arg);

		if (r == NULL) {
			sb_printf(out, "help %s: no such game; `help` lists them.\n", arg);
			return STORE_OK;
		}
		snprintf(name, sizeof(name), "notation-%s.txt", r->name);
		notation = template_load(name);
		sb_printf(out, "%s - the notation in brief:\n%s\n", r->title,
		    notation != NULL ? notation : "");
		free(notation);
		/* What `new GAME KEY=VALUE` takes. */
		snprintf(name, sizeof(name), "options-%s.txt", r->name);
		notation = template_load(name);
		if (notation != NULL)
			sb_printf(out, "Options of \"new %s KEY=VALUE\" (to open a game by mail):\n%s\n",
			    r->name, notation);
		free(notation);
		return STORE_OK;
	}
	sb_puts(out, "Commands, one a line, in a mail to this address:\n"
	    "  help [GAME]       these commands, or a game's notation\n"
	    "  games             your running games and whom each waits for\n"
	    "  board GAME-ID     a game's public board\n"
	    "  log GAME-ID       a game's public log\n"
	    "  moves GAME-ID     your legal commands in that game\n"
	    "  hand GAME-ID      your own screen, mailed to your seat's address\n"
	    "  observe GAME-ID   get the game's public board after every move\n"
	    "  unobserve GAME-ID stop that\n"
	    "  open              the games with open seats\n"
	    "  new GAME [KEY=VALUE ...] [seats N] [title TEXT]\n"
	    "                    open a game, you in seat 1; it starts when full\n"
	    "  invite NAME ADDRESS   after new: a seat for NAME at ADDRESS\n"
	    "  join GAME-ID [as NAME]   take an open seat; leave GAME-ID gives it up\n"
	    "  accept GAME-ID    take the seat you were invited to; decline GAME-ID\n"
	    "                    refuses it (a reply to the invitation does the same)\n"
	    "  away until YYYY-MM-DD   away from all your games to the end of that day\n"
	    "  back              back early, in all your games\n"
	    "  standings [GAME]  games played and won, and ratings (Glicko-2)\n"
	    "  rematch GAME-ID   the same seats, options and clock again: you seated,\n"
	    "                    the others invited\n");
	pref_commands(out);
	sb_puts(out, "To play, reply to the mail of your game: its reply address is your seat's.\n"
	    "Games:");
	for (g = game_all(); *g != NULL; g++)
		sb_printf(out, " %s (%s)", (*g)->name, (*g)->title);
	sb_puts(out, "\n\n");
	return pref_help(s, email, out);
}

/* One log line for log_cmd. */
struct log_arg {
	const struct loaded *g;
	struct sbuf *out;
};

static int
log_line(const struct store_move *m, const char *shown, void *arg)
{
	struct log_arg *a = arg;
	const char *p = shown;

	sb_printf(a->out, "  %d %s: ", m->seq, m->seat >= 0 && m->seat < a->g->row.nseats ?
	    a->g->names[m->seat] : "(admin)");
	while (*p != '\0') {
		size_t n = strcspn(p, "\n");

		sb_printf(a->out, "%.*s%s", (int)n, p, p[n] == '\n' && p[n + 1] != '\0' ?
		    "; " : "");
		p += n + (p[n] == '\n');
	}
	sb_putc(a->out, '\n');
	return 0;
}

/* Change the observers of g: add or remove email. */
static int
observe(struct store *s, const struct loaded *g, const char *email, int add, struct sbuf *out)
{
	char list[STORE_OBSERVERS_MAX][STORE_EMAIL_MAX];
	int n = 0, i, rc, at = -1;

	if ((rc = store_observers_get(s, g->row.id, list, STORE_OBSERVERS_MAX, &n)) != STORE_OK)
		return rc;
	for (i = 0; i < n; i++)
		if (strcasecmp(list[i], email) == 0)
			at = i;
	if (add && at >= 0) {
		sb_printf(out, "You watch game #%lld already.\n", (long long)g->row.id);
		return STORE_OK;
	}
	if (!add && at < 0) {
		sb_printf(out, "You did not watch game #%lld.\n", (long long)g->row.id);
		return STORE_OK;
	}
	if (add && n == STORE_OBSERVERS_MAX) {
		sb_printf(out, "observe %lld: the game has %d observers, its most.\n",
		    (long long)g->row.id, STORE_OBSERVERS_MAX);
		return STORE_OK;
	}
	if (add)
		snprintf(list[n++], STORE_EMAIL_MAX, "%s", email);
	else
		memmove(list[at], list[at + 1], sizeof(list[0]) * (size_t)(n - at - 1)), n--;
	if ((rc = store_observers_set(s, g->row.id, list, n)) != STORE_OK)
		return rc;
	sb_printf(out, add ? "You now watch game #%lld: its public board comes after every "
	    "move, never a hand. Send \"unobserve %lld\" to stop.\n" : "You no longer watch "
	    "game #%lld.\n", (long long)g->row.id, (long long)g->row.id);
	return STORE_OK;
}

/* One command about a game: board, log, moves, hand, observe, unobserve. */
static int
game_cmd(struct ctx *c, struct store *s, const char *email, const char *verb,
    const char *arg, int line, struct sbuf *out)
{
	struct loaded g;
	struct game_wait w;
	char err[300];
	int64_t id;
	int rc = STORE_OK, seat;

	if (arg == NULL || parse_game_id(arg, &id) != 0) {
		sb_printf(out, "line %d: '%s': give the game's number: %s GAME-ID\n", line, verb,
		    verb);
		return STORE_OK;
	}
	memset(&g, 0, sizeof(g));
	if (store_game_get(s, id, &g.row) == STORE_NOTFOUND) {
		sb_printf(out, "line %d: '%s %lld': there is no game #%lld\n", line, verb,
		    (long long)id, (long long)id);
		store_game_free(&g.row);
		return STORE_OK;
	}
	store_game_free(&g.row);
	if (game_load(c, s, id, -1, &g) != EXIT_OK) {
		sb_printf(out, "line %d: '%s %lld': the game could not be read\n", line, verb,
		    (long long)id);
		game_unload(&g);
		return STORE_OK;
	}
	seat = own_seat(&g, email);
	if (strcmp(verb, "board") == 0) {
		sb_printf(out, "%s (game #%lld), move %d:\n", g.row.title, (long long)id, g.seq);
		g.rules->render_text(g.state, -1, g.names, out);
	} else if (strcmp(verb, "log") == 0) {
		struct log_arg a = { &g, out };

		sb_printf(out, "%s (game #%lld), the log:\n", g.row.title, (long long)id);
		if (game_log_walk(&g, g.row.over != 0, log_line, &a, err, sizeof(err)) != 0)
			sb_printf(out, "  (the log could not be read: %s)\n", err);
	} else if (strcmp(verb, "observe") == 0 || strcmp(verb, "unobserve") == 0) {
		rc = observe(s, &g, email, verb[0] == 'o', out);
	} else if (seat < 0) {
		sb_printf(out, "line %d: '%s %lld': you hold no seat in game #%lld\n", line, verb,
		    (long long)id, (long long)id);
	} else if (strcmp(verb, "moves") == 0) {
		memset(&w, 0, sizeof(w));
		if (!g.rules->over(g.state))
			g.rules->waiting(g.state, &w);
		if (!(w.mask & (1u << seat)))
			sb_printf(out, "Game #%lld does not wait for you now.\n", (long long)id);
		else {
			sb_printf(out, "Game #%lld waits for you: %s. Your legal commands:\n",
			    (long long)id, w.why[seat]);
			outmail_moves_compact(&g, seat, out);
		}
	} else {
		char marker[80];

		snprintf(marker, sizeof(marker), "Your screen in game #%lld is on its way",
		    (long long)id);
		if (strstr(sb_str(out), marker) != NULL) {
			game_unload(&g);
			return STORE_OK;	/* once per game and mail */
		}
		rc = notify_seat(c, s, &g, seat, "Your screen, as you asked by mail to the site "
		    "address.");
		if (rc == STORE_OK)
			sb_printf(out, "Your screen in game #%lld is on its way to your seat's "
			    "address, in a mail of its own.\n", (long long)id);
	}
	game_unload(&g);
	return rc;
}

/* The sender's running games. */
static int
games_cmd(struct ctx *c, struct store *s, const char *email, struct sbuf *out)
{
	int64_t ids[50];
	int n = 0, i, rc;

	if ((rc = store_address_games(s, email, 1, ids, 50, &n)) != STORE_OK)
		return rc;
	if (n == 0)
		sb_puts(out, "You hold a seat in no running game.\n");
	for (i = 0; i < n; i++) {
		struct loaded g;
		char wait[400];

		if (game_load(c, s, ids[i], -1, &g) != EXIT_OK) {
			game_unload(&g);
			continue;
		}
		game_waiting_text(&g, wait, sizeof(wait));
		sb_printf(out, "  #%lld %s, move %d: waiting for %s\n", (long long)g.row.id,
		    g.row.title, g.row.nmoves, wait);
		game_unload(&g);
	}
	return STORE_OK;
}

/* away until YYYY-MM-DD / back: in every running game where the sender has a seat. */
static int
away_all(struct ctx *c, struct store *s, const char *email, const char *line_text, int line,
    struct sbuf *out)
{
	struct config *cfg;
	int64_t ids[200];
	char err[512], result[400];
	int y = 0, m = 0, d = 0, kind, n = 0, i, rc, done = 0;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	kind = reply_parse_away(line_text, strlen(line_text), &y, &m, &d);
	if (kind != 1 && kind != 2) {
		sb_printf(out, "line %d: 'away until YYYY-MM-DD' names the last day away (a real "
		    "date), or 'back' alone\n", line);
		return STORE_OK;
	}
	if ((rc = store_address_games(s, email, 1, ids, 200, &n)) != STORE_OK)
		return rc;
	for (i = 0; i < n && rc == STORE_OK; i++) {
		struct loaded g;
		int seat;

		if (game_load(c, s, ids[i], -1, &g) != EXIT_OK) {
			game_unload(&g);
			continue;
		}
		for (seat = 0; seat < g.row.nseats && rc == STORE_OK; seat++) {
			if (strcasecmp(g.seats[seat].email, email) != 0)
				continue;
			if (kind == 2 && g.seats[seat].away_until <= now_epoch())
				continue;	/* "back" where it was not away: nothing to say */
			rc = seat_away(cfg, s, &g, seat, kind == 2 ? 0 : y, m, d, now_epoch(), 0,
			    result, sizeof(result));
			if (rc == -1)
				sb_printf(out, "Game #%lld: not noted: %s.\n", (long long)g.row.id,
				    result), rc = STORE_OK;
			else if (rc == STORE_OK)
				sb_printf(out, "Game #%lld: %s\n", (long long)g.row.id, result), done++;
		}
		game_unload(&g);
	}
	if (rc == STORE_OK && done == 0 && n == 0)
		sb_puts(out, "You hold a seat in no running game; nothing to note.\n");
	else if (rc == STORE_OK && done == 0 && kind == 2)
		sb_puts(out, "You were away in none of your games.\n");
	return rc;
}

int
site_run(struct ctx *c, struct store *s, const char *email, const char *text,
    struct sbuf *out)
{
	const char *p = text;
	int line = 0, rc = STORE_OK, done = 0;
	struct store_table opened;

	memset(&opened, 0, sizeof(opened));

	while (*p != '\0' && rc == STORE_OK) {
		size_t n = strcspn(p, "\n");
		char buf[300], verb[16], rest[300], qbuf[80], *arg;

		line++;
		if (n >= sizeof(buf)) {
			/* Never cut: a cut line could mean something else. */
			sb_printf(out, "line %d is longer than %zu bytes; it was not read.\n",
			    line, sizeof(buf) - 1);
			p += n + (p[n] == '\n');
			continue;
		}
		memcpy(buf, p, n);
		buf[n] = '\0';
		p += strcspn(p, "\n");
		if (*p == '\n')
			p++;
		if (strspn(buf, " \t\r") == strlen(buf))
			continue;
		if (!site_is_command(buf)) {
			sb_printf(out, "line %d: '%s' is not a command; `help` lists them.\n",
			    line, site_quote_cut(buf, 60, qbuf, sizeof(qbuf)));
			continue;
		}
		if (++done > 20) {
			sb_puts(out, "Only the first 20 commands of a mail are done.\n");
			break;
		}
		first_word(buf, verb, sizeof(verb));
		arg = buf + strspn(buf, " \t");
		arg += strcspn(arg, " \t");
		arg += strspn(arg, " \t");
		/* The whole rest of the line, for the commands that take several words. */
		snprintf(rest, sizeof(rest), "%s", arg);
		rest[strcspn(rest, "\r")] = '\0';
		arg[strcspn(arg, " \t\r")] = '\0';
		/* A blank line between answers, none before the first. */
		if (out->len > 0)
			sb_putc(out, '\n');
		if (strcmp(verb, "help") == 0)
			rc = help_text(s, email, arg, out);
		else if (pref_find(verb) != NULL)
			rc = pref_cmd(c, s, email, verb, rest, line, out);
		else if (strcmp(verb, "away") == 0 || strcmp(verb, "back") == 0)
		{
			char whole[320];

			/* (buf was cut at the first argument; the whole line again) */
			snprintf(whole, sizeof(whole), "%s %s", verb, rest);
			rc = away_all(c, s, email, whole, line, out);
		}
		else if (strcmp(verb, "games") == 0)
			rc = games_cmd(c, s, email, out);
		else if (strcmp(verb, "rematch") == 0)
			rc = table_rematch(c, s, email, rest, line, out);
		else if (strcmp(verb, "standings") == 0) {
			const struct game_rules *r = *arg != '\0' ? game_find(arg) : NULL;

			if (*arg != '\0' && r == NULL)
				sb_printf(out, "line %d: 'standings %s': no such game; `help` lists them\n",
				    line, site_quote_cut(arg, 40, qbuf, sizeof(qbuf)));
			else
				rc = standings_text(s, r != NULL ? r->name : NULL, 0, out);
		}
		else if (strcmp(verb, "open") == 0)
			rc = table_list(s, out);
		else if (strcmp(verb, "new") == 0) {
			if ((rc = table_close(c, s, &opened, out)) != STORE_OK)
				break;
			store_table_free(&opened);
			rc = table_new(c, s, email, rest, line, &opened, out);
		} else if (strcmp(verb, "invite") == 0 || strcmp(verb, "join") == 0 ||
		    strcmp(verb, "leave") == 0 || strcmp(verb, "accept") == 0 ||
		    strcmp(verb, "decline") == 0)
			rc = table_cmd(c, s, email, verb, rest, line, &opened, out);
		else
			rc = game_cmd(c, s, email, verb, *arg != '\0' ? arg : NULL, line, out);
	}
	if (rc == STORE_OK)
		rc = table_close(c, s, &opened, out);
	store_table_free(&opened);
	if (done == 0)
		sb_puts(out, "Your mail held no command; `help` lists them.\n");
	return out->oom ? STORE_ERROR : rc;
}
