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

#include "outmail.h"
#include "../engine/notation.h"
#include "../store/store_mail.h"
#include "../store/store_tables.h"

/* Tables one address may have opened and still waiting, and `open`'s list. */
enum { MAX_OPEN_PER_ADDRESS = 3, OPEN_LISTED = 50 };

static const char *const VERBS[] = { "help", "games", "board", "log", "moves", "hand",
	"observe", "unobserve", "new", "invite", "join", "leave", "open", NULL };

/* The commands of the site address, for the test that runs each (test_enumerate.c). */
const char *const *
site_commands(void)
{
	return VERBS;
}

/* s cut to at most max bytes on a character boundary ("..." added when
 * cut), in buf. */
static const char *
quote_cut(const char *s, size_t max, char *buf, size_t len)
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

static void
help_text(const char *arg, struct sbuf *out)
{
	const struct game_rules *const *g;
	char name[64];
	char *notation;

	if (arg != NULL && *arg != '\0') {
		const struct game_rules *r = game_find(arg);

		if (r == NULL) {
			sb_printf(out, "help %s: no such game; `help` lists them.\n", arg);
			return;
		}
		snprintf(name, sizeof(name), "notation-%s.txt", r->name);
		notation = template_load(name);
		sb_printf(out, "%s - the notation (arbiter-%s(6) has it all):\n%s\n", r->title,
		    r->name, notation != NULL ? notation : "  (see the manual page)\n");
		free(notation);
		return;
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
	    "To play, reply to the mail of your game: its reply address is your seat's.\n"
	    "Games:");
	for (g = game_all(); *g != NULL; g++)
		sb_printf(out, " %s (%s)", (*g)->name, (*g)->title);
	sb_puts(out, "\n");
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

/* A seat name from an address's local part: its letters and digits. */
static void
name_from(const char *email, const struct store_table *t, char *out, size_t len)
{
	size_t n = 0, i;
	int k, clash;

	for (i = 0; email[i] != '\0' && email[i] != '@' && n + 4 < len && n < 16; i++) {
		char ch = email[i];

		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
			out[n++] = ch;
		else if (ch >= 'A' && ch <= 'Z')
			out[n++] = (char)(ch + 32);
	}
	if (n == 0 || (size_t)strspn(out, "0123456789") >= n)
		n = (size_t)snprintf(out, len, "player");
	out[n] = '\0';
	for (k = 2; k < 100; k++) {
		clash = 0;
		for (i = 0; i < (size_t)t->ntaken; i++)
			clash |= word_eq(t->name[i], out);
		if (!clash)
			return;
		snprintf(out + n, len - n, "%d", k);
	}
}

/* Seat name/email at table t, checked as `new --seat` checks them. */
static int
table_take(struct store_table *t, const char *name, const char *email, char *err,
    size_t errlen)
{
	struct store_seat seat;
	char arg[400];
	int i;

	if (strpbrk(name, ":@<>,") != NULL) {
		snprintf(err, errlen, "a seat name may not hold ':', '@', '<', '>' or ','");
		return -1;
	}
	snprintf(arg, sizeof(arg), "%s:%s", name, email);
	if (seat_parse(arg, &seat, err, errlen) != 0)
		return -1;
	if (strcmp(seat.email, email) != 0) {
		snprintf(err, errlen, "'%s' is not a mail address", email);
		return -1;
	}
	for (i = 0; i < t->ntaken; i++) {
		if (strcasecmp(t->email[i], email) == 0) {
			snprintf(err, errlen, "%s has a seat at game #%lld already", email,
			    (long long)t->id);
			return -1;
		}
		if (word_eq(t->name[i], seat.name)) {
			snprintf(err, errlen, "game #%lld has a seat named %s already",
			    (long long)t->id, seat.name);
			return -1;
		}
	}
	if (t->ntaken >= t->nseats) {
		snprintf(err, errlen, "game #%lld has no open seat", (long long)t->id);
		return -1;
	}
	snprintf(t->name[t->ntaken], sizeof(t->name[0]), "%s", seat.name);
	snprintf(t->email[t->ntaken], sizeof(t->email[0]), "%s", seat.email);
	t->ntaken++;
	return 0;
}

/* Start the game of a full table, inside the transaction; it keeps t's id. */
static int
table_start(struct ctx *c, struct store *s, struct store_table *t, struct sbuf *out)
{
	struct game_spec spec;
	const char *clock[16];
	char clocks[512], err[512], *p;
	struct store *sp = NULL;
	int64_t id;
	int i, n = 0, rc;

	memset(&spec, 0, sizeof(spec));
	spec.rules = game_find(t->rules);
	spec.title = t->title[0] != '\0' ? t->title : NULL;
	spec.options = t->options;
	spec.nseats = t->nseats;
	for (i = 0; i < t->ntaken; i++) {
		snprintf(spec.seats[i].name, sizeof(spec.seats[i].name), "%s", t->name[i]);
		snprintf(spec.seats[i].email, sizeof(spec.seats[i].email), "%s", t->email[i]);
	}
	snprintf(clocks, sizeof(clocks), "%s", t->clock);
	for (p = strtok(clocks, "\n"); p != NULL && n < 15; p = strtok(NULL, "\n"))
		clock[n++] = p;
	clock[n] = NULL;
	spec.clock = clock;
	spec.id = t->id;
	spec.in_tx = s;
	if ((rc = store_table_delete(s, t->id)) != STORE_OK)
		return rc;
	rc = game_create(c, &spec, &sp, &id, err, sizeof(err));
	if (rc != EXIT_OK) {
		sb_printf(out, "Game #%lld could not start: %s\n", (long long)t->id, err);
		return STORE_ERROR;
	}
	sb_printf(out, "Every seat of game #%lld is taken: it starts now, and every player "
	    "gets the start mail.\n", (long long)id);
	return STORE_OK;
}

/* new GAME [KEY=VALUE ...] [seats N] [title TEXT]; *opened gets the table. */
static int
new_cmd(struct ctx *c, struct store *s, const char *email, char *args, int line,
    struct store_table *opened, struct sbuf *out)
{
	const struct game_rules *r;
	const char *opts[32];
	char *w, *save = NULL, err[512], name[64];
	struct config *cfg;
	json_t *json = NULL;
	int nopt = 0, nseats = 0, rc = STORE_OK;
	long v;
	void *scratch;
	uint8_t seed[GAME_SEED_LEN];
	struct optset os;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	if (!cfg->open_signup) {
		int64_t ids[1];
		int n = 0;

		if ((rc = store_address_games(s, email, 0, ids, 1, &n)) != STORE_OK)
			return rc;
		if (n == 0) {
			sb_printf(out, "line %d: 'new': this site opens games by mail only for "
			    "addresses that already play here\n", line);
			return STORE_OK;
		}
	}
	memset(opened, 0, sizeof(*opened));
	{
		int64_t ids[OPEN_LISTED];
		int n = 0, i, mine = 0;

		if ((rc = store_tables_open(s, ids, OPEN_LISTED, &n)) != STORE_OK)
			return rc;
		for (i = 0; i < n; i++) {
			struct store_table t;

			if ((rc = store_table_get(s, ids[i], &t)) != STORE_OK)
				return rc;
			mine += t.ntaken > 0 && strcasecmp(t.email[0], email) == 0;
			store_table_free(&t);
		}
		if (mine >= MAX_OPEN_PER_ADDRESS) {
			sb_printf(out, "line %d: 'new': you have %d games waiting for players "
			    "already; they must start or close first\n", line, mine);
			return STORE_OK;
		}
	}
	w = strtok_r(args, " \t", &save);
	if (w == NULL || (r = game_find(w)) == NULL) {
		sb_printf(out, "line %d: 'new': name the game (`help` lists them)\n", line);
		return STORE_OK;
	}
	while ((w = strtok_r(NULL, " \t", &save)) != NULL) {
		if (strcmp(w, "seats") == 0) {
			if ((w = strtok_r(NULL, " \t", &save)) == NULL ||
			    parse_int(w, r->min_seats, r->max_seats, &v) != 0) {
				sb_printf(out, "line %d: 'new': %s is for %d to %d players: seats N\n",
				    line, r->title, r->min_seats, r->max_seats);
				return STORE_OK;
			}
			nseats = (int)v;
		} else if (strcmp(w, "title") == 0) {
			char *rest = strtok_r(NULL, "", &save);
			size_t n;

			rest = rest != NULL ? rest + strspn(rest, " \t\"") : "";
			n = strlen(rest);
			while (n > 0 && (rest[n - 1] == '"' || rest[n - 1] == ' ' ||
			    rest[n - 1] == '\r'))
				rest[--n] = '\0';
			if (n == 0 || n >= sizeof(opened->title) ||
			    text_check(rest, n, err, sizeof(err)) != 0) {
				sb_printf(out, "line %d: 'new': a title of 1 to %zu characters of "
				    "text\n", line, sizeof(opened->title) - 1);
				return STORE_OK;
			}
			snprintf(opened->title, sizeof(opened->title), "%s", rest);
			break;
		} else if (strchr(w, '=') != NULL && nopt < 31) {
			const char *const *f;
			size_t k = (size_t)(strchr(w, '=') - w);

			/* A file on the site's machine is the game master's to name. */
			for (f = r->file_options; f != NULL && *f != NULL; f++)
				if (strlen(*f) == k && strncmp(w, *f, k) == 0) {
					sb_printf(out, "line %d: 'new': the option %s is read from a "
					    "file on the site's machine, which only its game master "
					    "can name (arbiter new --option %s=FILE)\n", line, *f, *f);
					return STORE_OK;
				}
			opts[nopt++] = w;
		} else {
			char q[64];

			sb_printf(out, "line %d: 'new': '%s' is not KEY=VALUE, seats N or title "
			    "TEXT\n", line, quote_cut(w, 40, q, sizeof(q)));
			return STORE_OK;
		}
	}
	opts[nopt] = NULL;
	/* The engine judges the options now, as `arbiter new` has them judged. */
	if ((json = game_options_json(opts, err, sizeof(err))) == NULL ||
	    (opened->options = json_dumps(json, JSON_COMPACT)) == NULL) {
		json_decref(json);
		sb_printf(out, "line %d: 'new': %s\n", line, err[0] ? err : "out of memory");
		return STORE_OK;
	}
	json_decref(json);
	if (nseats == 0)
		nseats = r->min_seats;
	memset(seed, 0, sizeof(seed));
	scratch = calloc(1, r->state_size);
	if (scratch == NULL || optset_from_json(opened->options, &os) != 0) {
		free(scratch);
		return STORE_ERROR;
	}
	rc = r->setup(scratch, nseats, os.opt, os.n, seed, err, sizeof(err));
	optset_free(&os);
	free(scratch);
	if (rc != 0) {
		sb_printf(out, "line %d: 'new': %s\n", line, err);
		store_table_free(opened);
		return STORE_OK;
	}
	snprintf(opened->rules, sizeof(opened->rules), "%s", r->name);
	opened->nseats = nseats;
	opened->created = now_epoch();
	name_from(email, opened, name, sizeof(name));
	if (table_take(opened, name, email, err, sizeof(err)) != 0) {
		sb_printf(out, "line %d: 'new': %s\n", line, err);
		store_table_free(opened);
		return STORE_OK;
	}
	if ((rc = store_table_create(s, opened)) != STORE_OK ||
	    (rc = store_table_set_seats(s, opened)) != STORE_OK)
		return rc;
	sb_printf(out, "Game #%lld of %s is open: you are %s, in seat 1; %d seat%s for "
	    "players to take (\"join %lld\").\n", (long long)opened->id, r->title, name,
	    nseats - 1, nseats - 1 == 1 ? " is left" : "s are left", (long long)opened->id);
	return STORE_OK;
}

/* join / leave / invite at table id. */
static int
table_cmd(struct ctx *c, struct store *s, const char *email, const char *verb, char *args,
    int line, struct store_table *opened, struct sbuf *out)
{
	struct store_table t;
	char *w, *save = NULL, err[512], name[64];
	int64_t id;
	int rc, i;

	if (strcmp(verb, "invite") == 0) {
		char *nm = strtok_r(args, " \t", &save), *addr = strtok_r(NULL, " \t", &save);

		if (opened->id == 0) {
			sb_printf(out, "line %d: 'invite' follows a 'new' in the same mail\n", line);
			return STORE_OK;
		}
		if (nm == NULL || addr == NULL) {
			sb_printf(out, "line %d: 'invite': invite NAME ADDRESS\n", line);
			return STORE_OK;
		}
		{
			/* Only addresses that wrote to this site themselves get its mail. */
			struct store_identity who;

			rc = store_identity_get(s, addr, &who);
			store_identity_free(&who);
			if (rc != STORE_OK && rc != STORE_NOTFOUND)
				return rc;
			if (rc == STORE_NOTFOUND || who.confirmed_at == 0) {
				sb_printf(out, "line %d: 'invite': %s has not written to this site; "
				    "ask them to send \"help\" here first, or to join\n", line,
				    quote_cut(addr, 80, err, sizeof(err)));
				return STORE_OK;
			}
		}
		if (table_take(opened, nm, addr, err, sizeof(err)) != 0) {
			sb_printf(out, "line %d: 'invite': %s\n", line, err);
			return STORE_OK;
		}
		if ((rc = store_table_set_seats(s, opened)) != STORE_OK)
			return rc;
		sb_printf(out, "%s is seated at game #%lld.\n", nm, (long long)opened->id);
		if (opened->ntaken == opened->nseats) {
			rc = table_start(c, s, opened, out);
			store_table_free(opened);
			memset(opened, 0, sizeof(*opened));
			return rc;
		}
		return STORE_OK;
	}
	w = strtok_r(args, " \t", &save);
	if (w == NULL || parse_game_id(w, &id) != 0) {
		sb_printf(out, "line %d: '%s': give the game's number: %s GAME-ID\n", line, verb,
		    verb);
		return STORE_OK;
	}
	if ((rc = store_table_get(s, id, &t)) == STORE_NOTFOUND) {
		sb_printf(out, "line %d: '%s %lld': no game #%lld is waiting for players\n", line,
		    verb, (long long)id, (long long)id);
		return STORE_OK;
	}
	if (rc != STORE_OK)
		return rc;
	if (strcmp(verb, "leave") == 0) {
		for (i = 0; i < t.ntaken && strcasecmp(t.email[i], email) != 0; i++)
			;
		if (i == t.ntaken)
			sb_printf(out, "line %d: 'leave %lld': you have no seat at game #%lld\n",
			    line, (long long)id, (long long)id);
		else {
			memmove(t.name[i], t.name[i + 1], sizeof(t.name[0]) *
			    (size_t)(t.ntaken - i - 1));
			memmove(t.email[i], t.email[i + 1], sizeof(t.email[0]) *
			    (size_t)(t.ntaken - i - 1));
			t.ntaken--;
			rc = t.ntaken == 0 ? store_table_delete(s, id) : store_table_set_seats(s, &t);
			sb_printf(out, "You left game #%lld%s.\n", (long long)id, t.ntaken == 0 ?
			    "; nobody is left, so it is closed" : "");
		}
		store_table_free(&t);
		return rc;
	}
	w = strtok_r(NULL, " \t", &save);
	if (w != NULL && strcasecmp(w, "as") == 0 && (w = strtok_r(NULL, " \t", &save)) != NULL)
		snprintf(name, sizeof(name), "%s", w);
	else
		name_from(email, &t, name, sizeof(name));
	if (table_take(&t, name, email, err, sizeof(err)) != 0) {
		sb_printf(out, "line %d: 'join %lld': %s\n", line, (long long)id, err);
		store_table_free(&t);
		return STORE_OK;
	}
	if ((rc = store_table_set_seats(s, &t)) == STORE_OK) {
		sb_printf(out, "You are %s at game #%lld.\n", name, (long long)id);
		if (t.ntaken == t.nseats)
			rc = table_start(c, s, &t, out);
		else
			sb_printf(out, "It starts when its %d open seat%s taken.\n",
			    t.nseats - t.ntaken, t.nseats - t.ntaken == 1 ? " is" : "s are");
	}
	store_table_free(&t);
	return rc;
}

/* open: the tables with their open seats. */
static int
open_cmd(struct store *s, struct sbuf *out)
{
	int64_t ids[50];
	int n = 0, i, rc;

	if ((rc = store_tables_open(s, ids, 50, &n)) != STORE_OK)
		return rc;
	if (n == 50)
		sb_puts(out, "The newest 50 games waiting for players:\n");
	if (n == 0)
		sb_puts(out, "No game waits for players; \"new GAME\" opens one.\n");
	for (i = 0; i < n; i++) {
		struct store_table t;
		const struct game_rules *r;

		if ((rc = store_table_get(s, ids[i], &t)) != STORE_OK)
			return rc;
		r = game_find(t.rules);
		sb_printf(out, "  #%lld %s%s%s%s: %d of %d seats taken (%s), options %s\n",
		    (long long)t.id, r != NULL ? r->title : t.rules, t.title[0] ? " \"" : "",
		    t.title, t.title[0] ? "\"" : "", t.ntaken, t.nseats, t.name[0], t.options);
		store_table_free(&t);
	}
	return STORE_OK;
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
			    line, quote_cut(buf, 60, qbuf, sizeof(qbuf)));
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
		sb_putc(out, '\n');
		if (strcmp(verb, "help") == 0)
			help_text(arg, out);
		else if (strcmp(verb, "games") == 0)
			rc = games_cmd(c, s, email, out);
		else if (strcmp(verb, "open") == 0)
			rc = open_cmd(s, out);
		else if (strcmp(verb, "new") == 0) {
			store_table_free(&opened);
			rc = new_cmd(c, s, email, rest, line, &opened, out);
		} else if (strcmp(verb, "invite") == 0 || strcmp(verb, "join") == 0 ||
		    strcmp(verb, "leave") == 0)
			rc = table_cmd(c, s, email, verb, rest, line, &opened, out);
		else
			rc = game_cmd(c, s, email, verb, *arg != '\0' ? arg : NULL, line, out);
	}
	store_table_free(&opened);
	if (done == 0)
		sb_puts(out, "Your mail held no command; `help` lists them.\n");
	return out->oom ? STORE_ERROR : rc;
}
