/*
 * tables.c - games opened by mail to the site address that wait for
 * players (see site.h): new, invite, join, leave, accept, decline, open.
 *
 * A table is a game not started yet: its rules, options, clock and the
 * seats taken so far.  The sender of `new` takes seat 1.  A seat is taken
 * by `join` (the player's own mail), or held for an address by `invite`
 * until that address accepts, by replying to its invitation mail (whose
 * reply address carries the invitation's key) or with `accept ID`.  Nobody
 * is seated in a game they did not ask for: the game starts, keeping the
 * table's id, only once every seat is taken and every invitation accepted.
 *
 * Floods.  An address opens at most games_per_day tables and sends at most
 * invitations_per_day invitations a day (arbiter.conf(5)), and has at most
 * MAX_OPEN_PER_ADDRESS tables waiting at once.  An address that never
 * accepted an invitation is sent at most one invitation mail a day by the
 * whole site: further invitations wait, and `remind` mails them a day
 * apart (invitations_send).  Only an address that wrote to the site itself
 * (and confirmed itself) may be invited.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "site.h"
#include "../engine/notation.h"
#include "../mail/compose.h"
#include "../store/store_mail.h"

#define DAY (24 * 3600)

/* Tables one address may have opened and still waiting, and `open`'s list. */
enum { MAX_OPEN_PER_ADDRESS = 3, OPEN_LISTED = 50 };

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
	t->nonce[t->ntaken][0] = '\0';
	t->mailed_at[t->ntaken] = 0;
	t->ntaken++;
	return 0;
}

/* Give up seat i of t (the seats after it move up). */
static void
table_drop(struct store_table *t, int i)
{
	int rest = t->ntaken - i - 1;

	memmove(t->name[i], t->name[i + 1], sizeof(t->name[0]) * (size_t)rest);
	memmove(t->email[i], t->email[i + 1], sizeof(t->email[0]) * (size_t)rest);
	memmove(t->nonce[i], t->nonce[i + 1], sizeof(t->nonce[0]) * (size_t)rest);
	memmove(&t->mailed_at[i], &t->mailed_at[i + 1], sizeof(t->mailed_at[0]) * (size_t)rest);
	t->ntaken--;
}

/* The seat of email at t, or -1. */
static int
table_seat_of(const struct store_table *t, const char *email)
{
	int i;

	for (i = 0; i < t->ntaken; i++)
		if (strcasecmp(t->email[i], email) == 0)
			return i;
	return -1;
}

/* Invitations at t not accepted yet. */
static int
table_pending(const struct store_table *t)
{
	int i, n = 0;

	for (i = 0; i < t->ntaken; i++)
		n += t->nonce[i][0] != '\0';
	return n;
}

void
table_seats_text(const struct store_table *t, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < t->ntaken && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s%s", i ? ", " : "", t->name[i],
		    t->nonce[i][0] != '\0' ? " (invited)" : "");
}

/* What t still waits for, as a clause: "its 2 open seats are taken", "di accepts". */
static void
table_waits_text(const struct store_table *t, char *buf, size_t len)
{
	int open = t->nseats - t->ntaken, i, k = 0, pending = table_pending(t);
	size_t n = 0;

	buf[0] = '\0';
	if (open > 0)
		n += (size_t)snprintf(buf, len, "its %d open seat%s taken", open,
		    open == 1 ? " is" : "s are");
	if (pending == 0 || n >= len)
		return;
	n += (size_t)snprintf(buf + n, len - n, "%s", n ? " and " : "");
	for (i = 0; i < t->ntaken && n < len; i++)
		if (t->nonce[i][0] != '\0')
			n += (size_t)snprintf(buf + n, len - n, "%s%s", k++ ? ", " : "",
			    t->name[i]);
	if (n < len)
		snprintf(buf + n, len - n, " %s the invitation%s", pending == 1 ? "accepts" :
		    "accept", pending == 1 ? "" : "s");
}

/* The title a table's mail gives it. */
static const char *
table_title(const struct store_table *t)
{
	const struct game_rules *r = game_find(t->rules);

	return t->title[0] != '\0' ? t->title : r != NULL ? r->title : t->rules;
}

/*
 * Tell every seat of t that is its player's own (taken or accepted), but
 * the one at skip (an address, NULL: none), the news: one mail each.
 */
static int
table_tell(struct config *cfg, struct store *s, const struct store_table *t,
    const char *skip, const char *news)
{
	struct loaded none;
	char subject[300];
	int i, rc = STORE_OK;

	memset(&none, 0, sizeof(none));
	snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: waiting for players",
	    (long long)t->id, table_title(t));
	for (i = 0; i < t->ntaken && rc == STORE_OK; i++) {
		struct sbuf body = SBUF_INIT;
		json_t *v;

		if (t->nonce[i][0] != '\0' || (skip != NULL && strcasecmp(t->email[i], skip) == 0))
			continue;
		v = json_pack("{s:s, s:s, s:I, s:s}", "name", t->name[i], "title", table_title(t),
		    "id", (json_int_t)t->id, "news", news);
		if (v == NULL || template_render("mail-table.txt", v, &body) != 0)
			rc = STORE_ERROR;
		else
			rc = outmail_queue_to(cfg, s, &none, -1, t->email[i], NULL, "table", subject,
			    sb_str(&body), NULL);
		json_decref(v);
		sb_free(&body);
	}
	return rc;
}

/* The clock of t in words ("" for none set). */
static void
table_clock_text(const struct config *cfg, const struct store_table *t, char *buf,
    size_t len)
{
	struct store_game row;
	char clocks[512], err[200], *p, *save = NULL;

	buf[0] = '\0';
	if (t->clock[0] == '\0')
		return;
	memset(&row, 0, sizeof(row));
	row.grace_hours = 24;
	snprintf(clocks, sizeof(clocks), "%s", t->clock);
	for (p = strtok_r(clocks, "\n", &save); p != NULL; p = strtok_r(NULL, "\n", &save))
		(void)clock_set(&row, p, err, sizeof(err));
	clock_describe(&row, cfg->remind_hours, buf, len);
}

/* The record of email, or a new one made now (not stored yet). */
static int
identity_of(struct store *s, const char *email, int64_t now, struct store_identity *who)
{
	int rc = store_identity_get(s, email, who);

	if (rc != STORE_NOTFOUND)
		return rc;
	memset(who, 0, sizeof(*who));
	snprintf(who->email, sizeof(who->email), "%s", email);
	who->created = now;
	return STORE_OK;
}

/*
 * Mail the invitation of seat i of t, unless its address never accepted
 * an invitation and was sent one within the day: then it waits for
 * invitations_send.  Sets t->mailed_at[i] (the caller stores the seats).
 */
static int
invitation_mail(struct config *cfg, struct store *s, struct store_table *t, int i,
    int64_t now)
{
	const struct game_rules *r = game_find(t->rules);
	struct store_identity who;
	struct loaded none;
	struct sbuf body = SBUF_INIT;
	char reply[320], subject[600], seats[STORE_TABLE_SEATS * 80], options[400], clock[600];
	json_t *v;
	int rc;

	if ((rc = identity_of(s, t->email[i], now, &who)) != STORE_OK)
		return rc;
	if (who.accepted_at == 0 && who.invited_at > now - DAY) {
		store_identity_free(&who);
		return STORE_OK;	/* one a day, until it accepts one */
	}
	if (site_tagged_address(cfg, "i", t->nonce[i], reply, sizeof(reply)) != 0) {
		store_identity_free(&who);
		return STORE_ERROR;
	}
	table_seats_text(t, seats, sizeof(seats));
	{
		size_t n = strlen(seats);
		int open = t->nseats - t->ntaken;

		/* Every seat, those invited by the same mail too, and the table's size. */
		if (open > 0)
			snprintf(seats + n, sizeof(seats) - n, ", and %d open to join; %d in all",
			    open, t->nseats);
		else
			snprintf(seats + n, sizeof(seats) - n, "; %d in all", t->nseats);
	}
	options_describe(t->options, options, sizeof(options));
	table_clock_text(cfg, t, clock, sizeof(clock));
	v = json_pack("{s:s, s:s, s:s, s:b, s:s, s:I, s:s, s:s, s:s, s:s}", "name", t->name[i],
	    "inviter", t->opener, "rules_title", r != NULL ? r->title : t->rules, "titled",
	    t->title[0] != '\0', "title", t->title, "id", (json_int_t)t->id, "seats", seats,
	    "options", options, "clock", clock, "site", cfg->reply_address);
	if (v == NULL || template_render("mail-invite.txt", v, &body) != 0) {
		json_decref(v);
		sb_free(&body);
		store_identity_free(&who);
		return STORE_ERROR;
	}
	json_decref(v);
	snprintf(subject, sizeof(subject), "[arbiter #%lld] %s invites you to %s",
	    (long long)t->id, t->opener, table_title(t));
	memset(&none, 0, sizeof(none));
	rc = outmail_queue_to(cfg, s, &none, -1, t->email[i], reply, "invite", subject,
	    sb_str(&body), NULL);
	sb_free(&body);
	if (rc == STORE_OK) {
		t->mailed_at[i] = now;
		who.invited_at = now;
		rc = store_identity_put(s, &who);
	}
	store_identity_free(&who);
	return rc;
}

/* Start the game of a full table, inside the transaction; it keeps t's id. */
static int
table_start(struct ctx *c, struct store *s, struct store_table *t, struct sbuf *out)
{
	struct game_spec spec;
	const char *clock[16];
	char clocks[512], err[512], *p, *save = NULL;
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
	for (p = strtok_r(clocks, "\n", &save); p != NULL && n < 15;
	    p = strtok_r(NULL, "\n", &save))
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

/*
 * After a seat of t changed (taken, accepted): store the seats and start
 * the game when nothing is left to wait for; else tell the table's other
 * players (not actor) what happened and the sender what it waits for.
 */
static int
table_changed(struct ctx *c, struct store *s, struct store_table *t, const char *actor,
    const char *news, struct sbuf *out)
{
	struct config *cfg;
	char err[512], seats[STORE_TABLE_SEATS * 80], waits[400], text[1200];
	int rc;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	if (t->ntaken == t->nseats && table_pending(t) == 0)
		return table_start(c, s, t, out);
	if ((rc = store_table_set_seats(s, t)) != STORE_OK)
		return rc;
	table_seats_text(t, seats, sizeof(seats));
	table_waits_text(t, waits, sizeof(waits));
	sb_printf(out, "Game #%lld starts when %s.\n", (long long)t->id, waits);
	if (news == NULL)
		return STORE_OK;
	snprintf(text, sizeof(text), "%s Seats: %s. The game starts when %s.", news, seats,
	    waits);
	return table_tell(cfg, s, t, actor, text);
}

/* The per-day limit of what (kind "game" or "invite") for email: 1 when it is reached. */
static int
over_daily(struct store *s, const char *email, const char *kind, int most, int *rc)
{
	int n = 0;

	*rc = store_opened_since(s, email, kind, now_epoch() - DAY, &n);
	return *rc == STORE_OK && n >= most;
}

int
table_new(struct ctx *c, struct store *s, const char *email, char *args, int line,
    struct store_table *opened, struct sbuf *out)
{
	const struct game_rules *r;
	const char *opts[32];
	char *w, *save = NULL, err[512], name[64];
	struct config *cfg;
	json_t *json = NULL;
	int nopt = 0, nseats = 0, rc = STORE_OK, mine = 0;
	long v;
	void *scratch;
	uint8_t seed[GAME_SEED_LEN];
	struct optset os;

	memset(opened, 0, sizeof(*opened));
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
	/* Every table the address opened counts, not only the newest listed. */
	if ((rc = store_tables_opened(s, email, &mine)) != STORE_OK)
		return rc;
	if (mine >= MAX_OPEN_PER_ADDRESS) {
		sb_printf(out, "line %d: 'new': you have %d games waiting for players "
		    "already; they must start or close first\n", line, mine);
		return STORE_OK;
	}
	if (over_daily(s, email, "game", cfg->games_per_day, &rc) || rc != STORE_OK) {
		if (rc == STORE_OK)
			sb_printf(out, "line %d: 'new': you opened %d games in the last 24 hours, "
			    "the most this site allows (games_per_day); try again later\n", line,
			    cfg->games_per_day);
		return rc;
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
					    "can name\n", line, *f);
					return STORE_OK;
				}
			opts[nopt++] = w;
		} else {
			char q[64];

			sb_printf(out, "line %d: 'new': '%s' is not KEY=VALUE, seats N or title "
			    "TEXT\n", line, site_quote_cut(w, 40, q, sizeof(q)));
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
	snprintf(opened->opener, sizeof(opened->opener), "%s", email);
	opened->nseats = nseats;
	opened->created = now_epoch();
	name_from(email, opened, name, sizeof(name));
	if (table_take(opened, name, email, err, sizeof(err)) != 0) {
		sb_printf(out, "line %d: 'new': %s\n", line, err);
		store_table_free(opened);
		return STORE_OK;
	}
	if ((rc = store_table_create(s, opened)) != STORE_OK ||
	    (rc = store_table_set_seats(s, opened)) != STORE_OK ||
	    (rc = store_opened_note(s, email, "game", opened->created)) != STORE_OK)
		return rc;
	sb_printf(out, "Game #%lld of %s is open, for %d players: you are %s, in seat 1; "
	    "%d seat%s open to join (\"join %lld\"), or to hold for the players you "
	    "invite.\n", (long long)opened->id, r->title, nseats, name, nseats - 1,
	    nseats - 1 == 1 ? " is" : "s are", (long long)opened->id);
	return STORE_OK;
}

/* invite NAME ADDRESS, after new in the same mail: a seat held for ADDRESS. */
static int
invite_cmd(struct ctx *c, struct store *s, const char *email, char *args, int line,
    struct store_table *opened, struct sbuf *out)
{
	char *save = NULL, *nm = strtok_r(args, " \t", &save), *addr = strtok_r(NULL, " \t",
	    &save), err[512];
	struct store_identity who;
	struct config *cfg;
	uint8_t raw[SITE_NONCE_LEN / 2];
	int rc, i;

	if (opened->id == 0) {
		sb_printf(out, "line %d: 'invite' follows a 'new' in the same mail\n", line);
		return STORE_OK;
	}
	if (nm == NULL || addr == NULL) {
		sb_printf(out, "line %d: 'invite': invite NAME ADDRESS\n", line);
		return STORE_OK;
	}
	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	if (over_daily(s, email, "invite", cfg->invitations_per_day, &rc) || rc != STORE_OK) {
		if (rc == STORE_OK)
			sb_printf(out, "line %d: 'invite': you sent %d invitations in the last 24 "
			    "hours, the most this site allows (invitations_per_day); nobody was "
			    "invited\n", line, cfg->invitations_per_day);
		return rc;
	}
	/* Only addresses that wrote to this site themselves get its mail. */
	rc = store_identity_get(s, addr, &who);
	store_identity_free(&who);
	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		return rc;
	if (rc == STORE_NOTFOUND || who.confirmed_at == 0) {
		sb_printf(out, "line %d: 'invite': %s has not written to this site; ask them to "
		    "send \"help\" here first, or to join\n", line,
		    site_quote_cut(addr, 80, err, sizeof(err)));
		return STORE_OK;
	}
	if (table_take(opened, nm, addr, err, sizeof(err)) != 0) {
		sb_printf(out, "line %d: 'invite': %s\n", line, err);
		return STORE_OK;
	}
	i = opened->ntaken - 1;
	if (random_bytes(raw, sizeof(raw)) != 0)
		return STORE_ERROR;
	hex_encode(raw, sizeof(raw), opened->nonce[i]);
	/* Mailed by table_close, once the mail's every invitation is known. */
	opened->fresh[i] = 1;
	if ((rc = store_opened_note(s, email, "invite", now_epoch())) != STORE_OK ||
	    (rc = store_table_set_seats(s, opened)) != STORE_OK)
		return rc;
	sb_printf(out, "%s (%s) is invited to game #%lld, by a mail to reply to.\n",
	    opened->name[i], opened->email[i], (long long)opened->id);
	return STORE_OK;
}

int
table_close(struct ctx *c, struct store *s, struct store_table *opened, struct sbuf *out)
{
	struct config *cfg;
	char err[1024], seats[STORE_TABLE_SEATS * 80];
	int i, rc = STORE_OK, invited = 0, open;

	if (opened->id == 0)
		return STORE_OK;
	for (i = 0; i < opened->ntaken; i++)
		invited += opened->fresh[i];
	if (invited == 0)
		return STORE_OK;
	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	for (i = 0; i < opened->ntaken && rc == STORE_OK; i++)
		if (opened->fresh[i]) {
			rc = invitation_mail(cfg, s, opened, i, now_epoch());
			opened->fresh[i] = 0;
		}
	if (rc == STORE_OK)
		rc = store_table_set_seats(s, opened);
	if (rc != STORE_OK)
		return rc;
	open = opened->nseats - opened->ntaken;
	table_seats_text(opened, seats, sizeof(seats));
	sb_printf(out, "%sGame #%lld now: %d seats: %s", out->len > 0 ? "\n" : "",
	    (long long)opened->id, opened->nseats, seats);
	if (open > 0)
		sb_printf(out, ", and %d open to join (\"join %lld\")", open,
		    (long long)opened->id);
	sb_printf(out, ". It starts once every seat is taken and every invited player has "
	    "accepted, by replying to the invitation mail.\n");
	return STORE_OK;
}

/* Seat i of t accepts its invitation: the address proved itself by its reply. */
static int
accept_seat(struct ctx *c, struct store *s, struct store_table *t, int i, struct sbuf *out)
{
	struct store_identity who;
	char news[300];
	int64_t now = now_epoch();
	int rc;

	if ((rc = identity_of(s, t->email[i], now, &who)) != STORE_OK)
		return rc;
	if (who.confirmed_at == 0)
		who.confirmed_at = now;
	if (who.accepted_at == 0)
		who.accepted_at = now;
	rc = store_identity_put(s, &who);
	store_identity_free(&who);
	if (rc != STORE_OK)
		return rc;
	t->nonce[i][0] = '\0';
	sb_printf(out, "You accepted: you are %s at game #%lld.\n", t->name[i],
	    (long long)t->id);
	snprintf(news, sizeof(news), "%s accepted the invitation.", t->name[i]);
	return table_changed(c, s, t, t->email[i], news, out);
}

/* Seat i of t gives up its seat (leave, or an invitation declined). */
static int
leave_seat(struct ctx *c, struct store *s, struct store_table *t, int i, int declined,
    struct sbuf *out)
{
	struct config *cfg;
	char err[512], name[64], email[256], news[1000], seats[STORE_TABLE_SEATS * 80];

	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	snprintf(name, sizeof(name), "%s", t->name[i]);
	snprintf(email, sizeof(email), "%s", t->email[i]);
	table_drop(t, i);
	sb_printf(out, "You %s game #%lld%s.\n", declined ? "declined the invitation to" :
	    "left", (long long)t->id, t->ntaken == 0 ? "; nobody is left, so it is closed" :
	    "");
	if (t->ntaken == 0)
		return store_table_delete(s, t->id);
	table_seats_text(t, seats, sizeof(seats));
	snprintf(news, sizeof(news), "%s %s; the seat is open again (\"join %lld\" to the site "
	    "address takes it). Seats: %s.", name, declined ? "declined the invitation" :
	    "left", (long long)t->id, seats);
	{
		int rc = store_table_set_seats(s, t);

		return rc != STORE_OK ? rc : table_tell(cfg, s, t, email, news);
	}
}

int
table_cmd(struct ctx *c, struct store *s, const char *email, const char *verb, char *args,
    int line, struct store_table *opened, struct sbuf *out)
{
	struct store_table t;
	char *w, *save = NULL, err[512], name[64], news[300];
	int64_t id;
	int rc, i;

	if (strcmp(verb, "invite") == 0)
		return invite_cmd(c, s, email, args, line, opened, out);
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
	i = table_seat_of(&t, email);
	if (strcmp(verb, "leave") == 0 || strcmp(verb, "decline") == 0 ||
	    strcmp(verb, "accept") == 0) {
		if (i < 0 || (verb[0] != 'l' && t.nonce[i][0] == '\0'))
			sb_printf(out, "line %d: '%s %lld': you have no %s at game #%lld\n", line,
			    verb, (long long)id, verb[0] == 'l' ? "seat" : "invitation",
			    (long long)id);
		else if (verb[0] == 'a')
			rc = accept_seat(c, s, &t, i, out);
		else
			rc = leave_seat(c, s, &t, i, t.nonce[i][0] != '\0', out);
		store_table_free(&t);
		return rc;
	}
	/* join */
	w = strtok_r(NULL, " \t", &save);
	if (w != NULL && strcasecmp(w, "as") == 0 && (w = strtok_r(NULL, " \t", &save)) != NULL)
		snprintf(name, sizeof(name), "%s", w);
	else
		name_from(email, &t, name, sizeof(name));
	if (i >= 0 && t.nonce[i][0] != '\0') {
		/* An invitee joining accepts its invitation. */
		rc = accept_seat(c, s, &t, i, out);
		store_table_free(&t);
		return rc;
	}
	if (table_take(&t, name, email, err, sizeof(err)) != 0) {
		sb_printf(out, "line %d: 'join %lld': %s\n", line, (long long)id, err);
		store_table_free(&t);
		return STORE_OK;
	}
	sb_printf(out, "You are %s at game #%lld.\n", name, (long long)id);
	snprintf(news, sizeof(news), "%s joined.", name);
	rc = table_changed(c, s, &t, email, news, out);
	store_table_free(&t);
	return rc;
}

int
table_list(struct store *s, struct sbuf *out)
{
	int64_t ids[OPEN_LISTED];
	int n = 0, i, rc;

	if ((rc = store_tables_open(s, ids, OPEN_LISTED, &n)) != STORE_OK)
		return rc;
	if (n == OPEN_LISTED)
		sb_printf(out, "The newest %d games waiting for players:\n", OPEN_LISTED);
	if (n == 0)
		sb_puts(out, "No game waits for players; \"new GAME\" opens one.\n");
	for (i = 0; i < n; i++) {
		struct store_table t;
		const struct game_rules *r;
		char seats[STORE_TABLE_SEATS * 80], options[400];

		if ((rc = store_table_get(s, ids[i], &t)) != STORE_OK)
			return rc;
		r = game_find(t.rules);
		table_seats_text(&t, seats, sizeof(seats));
		options_describe(t.options, options, sizeof(options));
		sb_printf(out, "  #%lld %s%s%s%s: %d of %d seats taken (%s); options: %s\n",
		    (long long)t.id, r != NULL ? r->title : t.rules, t.title[0] ? " \"" : "",
		    t.title, t.title[0] ? "\"" : "", t.ntaken, t.nseats, seats, options);
		store_table_free(&t);
	}
	return STORE_OK;
}

/* The clock lines of a table from a game's settings: what was not the default. */
static void
clock_lines(const struct store_game *row, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	if (row->deadline_hours > 0)
		n += (size_t)snprintf(buf + n, len - n, "deadline=%d\ngrace=%d\non_timeout=%s\n",
		    row->deadline_hours, row->grace_hours, row->on_timeout);
	if (row->remind_hours > 0 && n < len)
		snprintf(buf + n, len - n, "remind=%d\n", row->remind_hours);
}

int
table_rematch(struct ctx *c, struct store *s, const char *email, char *args, int line,
    struct sbuf *out)
{
	struct store_table t;
	struct loaded g;
	struct config *cfg;
	char err[512], seats[STORE_TABLE_SEATS * 80];
	uint8_t raw[SITE_NONCE_LEN / 2];
	int64_t id, now = now_epoch();
	int rc = STORE_OK, i, mine = -1, nopen = 0, invites = 0;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL)
		return STORE_ERROR;
	args += strspn(args, " \t");
	if (parse_game_id(args, &id) != 0) {
		sb_printf(out, "line %d: 'rematch': give the game's number: rematch GAME-ID\n", line);
		return STORE_OK;
	}
	memset(&g, 0, sizeof(g));
	if ((rc = store_game_get(s, id, &g.row)) == STORE_NOTFOUND) {
		store_game_free(&g.row);
		sb_printf(out, "line %d: 'rematch %lld': there is no game #%lld\n", line,
		    (long long)id, (long long)id);
		return STORE_OK;
	}
	store_game_free(&g.row);
	if (rc != STORE_OK)
		return rc;
	if (game_load_meta(c, s, id, &g) != EXIT_OK) {
		game_unload(&g);
		return STORE_ERROR;
	}
	for (i = 0; i < g.row.nseats; i++)
		if (strcasecmp(g.seats[i].email, email) == 0)
			mine = i;
	if (mine < 0 || !g.row.over) {
		sb_printf(out, "line %d: 'rematch %lld': %s\n", line, (long long)id, mine < 0 ?
		    "you held no seat in that game" : "the game is still running");
		game_unload(&g);
		return STORE_OK;
	}
	for (i = 0; i < g.row.nseats; i++)
		if (g.seats[i].email[0] == '\0') {
			sb_printf(out, "line %d: 'rematch %lld': seat %d (%s) has no address; only "
			    "the game master can seat it\n", line, (long long)id, i + 1,
			    g.names[i]);
			game_unload(&g);
			return STORE_OK;
		}
	/* The limits of a new game and its invitations hold for a rematch too. */
	if ((rc = store_tables_opened(s, email, &nopen)) == STORE_OK)
		rc = store_opened_since(s, email, "invite", now - DAY, &invites);
	if (rc != STORE_OK) {
		game_unload(&g);
		return rc;
	}
	if (nopen >= MAX_OPEN_PER_ADDRESS || over_daily(s, email, "game", cfg->games_per_day,
	    &rc) || invites + g.row.nseats - 1 > cfg->invitations_per_day) {
		if (rc == STORE_OK)
			sb_printf(out, "line %d: 'rematch %lld': %s\n", line, (long long)id,
			    nopen >= MAX_OPEN_PER_ADDRESS ? "you have 3 games waiting for players "
			    "already; they must start or close first" : "you opened or invited "
			    "as many as this site allows in 24 hours (games_per_day, "
			    "invitations_per_day); try again later");
		game_unload(&g);
		return rc;
	}
	memset(&t, 0, sizeof(t));
	snprintf(t.rules, sizeof(t.rules), "%s", g.rules->name);
	if ((t.options = strdup(g.row.options)) == NULL) {
		game_unload(&g);
		return STORE_ERROR;
	}
	if (strcmp(g.row.title, g.rules->title) != 0)
		snprintf(t.title, sizeof(t.title), "%s", g.row.title);
	clock_lines(&g.row, t.clock, sizeof(t.clock));
	snprintf(t.opener, sizeof(t.opener), "%s", email);
	t.nseats = g.row.nseats;
	t.created = now;
	/* The same seats, in the same order: the sender's taken, the others invited. */
	for (i = 0; i < g.row.nseats; i++) {
		snprintf(t.name[i], sizeof(t.name[0]), "%s", g.names[i]);
		snprintf(t.email[i], sizeof(t.email[0]), "%s", g.seats[i].email);
	}
	t.ntaken = g.row.nseats;
	game_unload(&g);
	if ((rc = store_table_create(s, &t)) != STORE_OK ||
	    (rc = store_opened_note(s, email, "game", now)) != STORE_OK)
		goto out;
	for (i = 0; i < t.ntaken && rc == STORE_OK; i++) {
		if (i == mine)
			continue;
		if (random_bytes(raw, sizeof(raw)) != 0) {
			rc = STORE_ERROR;
			break;
		}
		hex_encode(raw, sizeof(raw), t.nonce[i]);
		if ((rc = invitation_mail(cfg, s, &t, i, now)) == STORE_OK)
			rc = store_opened_note(s, email, "invite", now);
	}
	if (rc == STORE_OK)
		rc = store_table_set_seats(s, &t);
	if (rc == STORE_OK) {
		size_t n = 0;

		seats[0] = '\0';
		for (i = 0; i < t.ntaken && n < sizeof(seats); i++)
			if (i != mine)
				n += (size_t)snprintf(seats + n, sizeof(seats) - n, "%s%s", n ? ", " :
				    "", t.name[i]);
		sb_printf(out, "Game #%lld, a rematch of game #%lld, is open: you are %s; the "
		    "others are invited by mail (%s). It starts once every one of them has "
		    "accepted.\n", (long long)t.id, (long long)id, t.name[mine], seats);
	}
out:
	store_table_free(&t);
	return rc;
}

/* 1 when text has a line whose first word is "decline" (any case). */
static int
says_decline(const char *text)
{
	const char *p = text;

	while (*p != '\0') {
		p += strspn(p, " \t\r\n");
		if (strncasecmp(p, "decline", 7) == 0 && strchr(" \t\r\n.,;:!", p[7]) != NULL)
			return 1;
		p += strcspn(p, "\n");
	}
	return 0;
}

int
invitation_reply(struct ctx *c, struct store *s, const char *email, const char *nonce,
    const char *text, struct sbuf *out)
{
	struct store_table t;
	int64_t id;
	int idx, rc;

	rc = store_table_by_nonce(s, nonce, &id, &idx);
	if (rc == STORE_NOTFOUND) {
		sb_puts(out, "This invitation is no longer open: its game started, closed, or "
		    "the seat was given up. Nothing was done; \"open\" lists the games that "
		    "wait for players.\n");
		return STORE_OK;
	}
	if (rc != STORE_OK || (rc = store_table_get(s, id, &t)) != STORE_OK)
		return rc == STORE_NOTFOUND ? STORE_OK : rc;
	if (idx < 0 || idx >= t.ntaken || strcasecmp(t.email[idx], email) != 0)
		sb_puts(out, "This invitation was not sent to your address; nothing was done.\n");
	else if (says_decline(text))
		rc = leave_seat(c, s, &t, idx, 1, out);
	else
		rc = accept_seat(c, s, &t, idx, out);
	store_table_free(&t);
	return rc;
}

int
invitations_send(struct ctx *c, struct config *cfg, struct store *s, int *sent)
{
	int64_t ids[200];
	int idxs[200], n = 0, k, rc;
	int64_t now = now_epoch();

	(void)c;
	*sent = 0;
	if ((rc = store_invitations_unmailed(s, ids, idxs, 200, &n)) != STORE_OK)
		return rc;
	for (k = 0; k < n && rc == STORE_OK; k++) {
		struct store_table t;
		int i = idxs[k];

		if ((rc = store_table_get(s, ids[k], &t)) != STORE_OK) {
			rc = rc == STORE_NOTFOUND ? STORE_OK : rc;
			continue;
		}
		if (i < t.ntaken && t.nonce[i][0] != '\0' && t.mailed_at[i] == 0 &&
		    (rc = invitation_mail(cfg, s, &t, i, now)) == STORE_OK && t.mailed_at[i] != 0) {
			(*sent)++;
			rc = store_table_set_seats(s, &t);
		}
		store_table_free(&t);
	}
	return rc;
}
