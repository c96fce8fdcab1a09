/*
 * secrets.c - what may not be seen, for tests/unit/test_enumerate.c: each
 * game's screens, the commands as sent that their public form hides, the
 * seed, and the reply tags and passwords of the mail queued, each with the
 * addresses that may read it; and the checks of a text or of the mail
 * queued against them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "../app/outmail.h"
#include "../store/store_int.h"

struct secret secrets[MAX_SECRETS];
int nsecrets;
/* The site's reply tags and passwords, gathered as its mail is queued (tags_update). */
static struct secret tags[MAX_SECRETS];
static int ntags;
static int64_t tags_upto;

void
secrets_clear(void)
{
	int i;

	for (i = 0; i < nsecrets; i++)
		free(secrets[i].text);
	nsecrets = 0;
}

static int64_t cur_game;	/* the game secrets are being collected of */
static int cur_whole;		/* they are lines */
static int cur_seat = -1;

/* Add text (owned by owners) unless known: then its owners join. */
static void
secret_add(const char *text, int json, unsigned long long owners, const char *what)
{
	char *t = json ? strdup(text) : collapse(text);
	int i;

	assert_non_null(t);
	/* Short words match anywhere; a short line only as a whole line. */
	if (strlen(t) < (cur_whole ? 6u : 8u)) {
		free(t);
		return;
	}
	for (i = 0; i < nsecrets; i++)
		if (secrets[i].json == json && secrets[i].game == cur_game &&
		    strcmp(secrets[i].text, t) == 0) {
			secrets[i].owners |= owners;
			free(t);
			return;
		}
	assert_true(nsecrets < MAX_SECRETS);
	secrets[nsecrets].text = t;
	secrets[nsecrets].json = json;
	secrets[nsecrets].owners = owners;
	secrets[nsecrets].whole = cur_whole;
	secrets[nsecrets].game = cur_game;
	secrets[nsecrets].seat = cur_seat;
	snprintf(secrets[nsecrets].what, sizeof(secrets[0].what), "%s", what);
	nsecrets++;
}

/* Add x (a copy) as it is, or join its owners to the same text's. */
void
secret_merge(const struct secret *x)
{
	int i;

	for (i = 0; i < nsecrets; i++)
		if (secrets[i].json == x->json && secrets[i].game == x->game &&
		    strcmp(secrets[i].text, x->text) == 0) {
			secrets[i].owners |= x->owners;
			return;
		}
	assert_true(nsecrets < MAX_SECRETS);
	secrets[nsecrets] = *x;
	secrets[nsecrets++].text = strdup(x->text);
}

static char *
json_key(json_t *j)
{
	return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
}

/* Every object and array in j (a seat's private view) as a secret of owners. */
static void
json_secrets(json_t *j, const char *public_dump, unsigned long long owners, const char *what)
{
	char *d;

	if (!json_is_object(j) && !json_is_array(j))
		return;
	d = json_key(j);
	if (d != NULL && strlen(d) >= 10 && strstr(public_dump, d) == NULL)
		secret_add(d, 1, owners, what);
	free(d);
	if (json_is_object(j)) {
		const char *k;
		json_t *v;

		json_object_foreach(j, k, v)
			json_secrets(v, public_dump, owners, what);
	} else {
		size_t i;
		json_t *v;

		json_array_foreach(j, i, v)
			json_secrets(v, public_dump, owners, what);
	}
}

struct walk_arg {
	const struct loaded *g;
	char what[64];
	char *flatpub;		/* the public view now (what it shows is public now) */
};

/* The lines of a move as sent that its public form does not show. */
static int
raw_lines(const struct store_move *m, void *arg)
{
	struct walk_arg *a = arg;
	const char *p;

	if (m->shown == NULL || m->seat < 0 || m->seat >= a->g->row.nseats)
		return 0;
	for (p = m->text; *p != '\0';) {
		size_t n = strcspn(p, "\n;");
		char line[400];
		const char *q;
		int shown = 0;

		snprintf(line, sizeof(line), "%.*s", (int)(n < 399 ? n : 399), p);
		for (q = m->shown; *q != '\0';) {
			size_t k = strcspn(q, "\n;");

			while (k > 0 && q[k - 1] == ' ')
				k--;
			if (k == strlen(line) && strncmp(q, line, k) == 0)
				shown = 1;
			q += strcspn(q, "\n;");
			while (*q == '\n' || *q == ';' || *q == ' ')
				q++;
		}
		cur_seat = m->seat;
		cur_whole = 1;
		if (!shown && !found_word(a->flatpub, line, 1))
			secret_add(line, 0, ADDR(a->g->seats[m->seat].email), a->what);
		cur_whole = 0;
		cur_seat = -1;
		p += n;
		while (*p == '\n' || *p == ';' || *p == ' ')
			p++;
	}
	return 0;
}

/* The screens of g's seats (its state as it is loaded), each its seat's. */
static void
screens(const struct loaded *g)
{
	struct sbuf pub = SBUF_INIT;
	char *pubjson, *flatpub;
	json_t *pj;
	unsigned long long all = 0;
	int k, first = nsecrets;

	g->rules->render_text(g->state, -1, g->names, &pub);
	flatpub = collapse(sb_str(&pub));
	pj = g->rules->render_json(g->state, -1, g->names);
	pubjson = json_key(pj);
	json_decref(pj);
	for (k = 0; k < g->row.nseats; k++) {
		struct sbuf v = SBUF_INIT;
		const char *p;
		unsigned long long who = ADDR(g->seats[k].email);
		json_t *j;
		char what[96];

		all |= who;
		cur_seat = k;
		snprintf(what, sizeof(what), "%s's screen in game %lld", g->names[k],
		    (long long)g->row.id);
		g->rules->render_text(g->state, k, g->names, &v);
		p = strstr(sb_str(&v), "Behind your screen");
		cur_whole = 1;
		while (p != NULL && (p = strchr(p, '\n')) != NULL) {
			size_t len = strcspn(++p, "\n");
			char line[400];
			char *cl;

			snprintf(line, sizeof(line), "%.*s", (int)(len < 399 ? len : 399), p);
			cl = collapse(line);
			if (strlen(cl) >= 10 && !found_word(flatpub, cl, 1))
				secret_add(line, 0, who, what);
			free(cl);
		}
		cur_whole = 0;
		sb_free(&v);
		j = g->rules->render_json(g->state, k, g->names);
		json_secrets(json_object_get(j, "private"), pubjson != NULL ? pubjson : "", who,
		    what);
		json_decref(j);
		cur_seat = -1;
	}
	/* What every seat shows alike is no one's secret (a generic line). */
	for (k = first; k < nsecrets; k++)
		if (secrets[k].owners == all && all != 0)
			secrets[k].owners = EVERYONE;
	free(pubjson);
	free(flatpub);
	sb_free(&pub);
}

/*
 * Reply tags and passwords, from the mail s queued after mail_from: its
 * recipient's.  Into the secrets, or with upto set into tags up to *upto.
 */
static void
mail_secrets(struct store *s, int64_t mail_from, int64_t *upto)
{
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(s->db, "SELECT o.rcpt, b.message, o.id FROM outbox o "
	    "JOIN outbox_body b ON b.id = o.id WHERE o.id > ?", -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, mail_from);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *rcpt = (const char *)sqlite3_column_text(st, 0);
		const char *m = (const char *)sqlite3_column_blob(st, 1);
		char *msg = strndup(m != NULL ? m : "", (size_t)sqlite3_column_bytes(st, 1));
		const char *p = strstr(msg, "\r\nReply-To:"), *q;

		if (p != NULL && (p = strchr(p, '+')) != NULL && (q = strchr(p, '@')) != NULL &&
		    q - p > 8) {
			char tag[200];

			snprintf(tag, sizeof(tag), "%.*s", (int)(q - p - 1), p + 1);
			secret_add(tag, 0, ADDR(rcpt), "a reply tag");
		}
		for (p = msg; (p = strstr(p, "password: ")) != NULL; p += 10) {
			char pw[64];

			snprintf(pw, sizeof(pw), "%.*s", (int)strcspn(p + 10, "\r\n "), p + 10);
			if (strlen(pw) >= 12)
				secret_add(pw, 0, ADDR(rcpt), "a seat's password");
		}
		free(msg);
		if (upto != NULL)
			*upto = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
}

/* The site's tags and passwords, up to its newest mail (kept in tags). */
void
tags_update(const char *db)
{
	struct store *s;
	struct secret *hold;
	int keep = nsecrets;

	if (store_open(db, STORE_OPEN_READ, &s) != STORE_OK) {
		store_close(s);
		return;
	}
	/* secret_add writes into secrets: lend it an empty one, then move what came to tags. */
	hold = malloc(sizeof(*hold) * (size_t)(keep + 1));
	assert_non_null(hold);
	memcpy(hold, secrets, sizeof(*hold) * (size_t)keep);
	nsecrets = 0;
	mail_secrets(s, tags_upto, &tags_upto);
	store_close(s);
	while (nsecrets > 0) {
		struct secret *x = &secrets[--nsecrets];
		int i;

		for (i = 0; i < ntags && strcmp(tags[i].text, x->text) != 0; i++)
			;
		if (i < ntags) {
			tags[i].owners |= x->owners;
			free(x->text);
		} else {
			assert_true(ntags < MAX_SECRETS);
			tags[ntags++] = *x;
		}
	}
	memcpy(secrets, hold, sizeof(*hold) * (size_t)keep);
	nsecrets = keep;
	free(hold);
}

/*
 * What may not be seen of the games of db while they run: their seats'
 * screens (with history, as each stood after every move: what a seat's
 * own screen showed once is its own), the commands as sent that their
 * public form hides, the seed; and from the mail queued after mail_from,
 * reply tags and passwords, always.  Added to what was collected before
 * (the state before a command and after it both).
 */
void
secrets_collect(const char *db, int history, int64_t mail_from)
{
	struct store *s;
	struct ctx c;
	int64_t *ids = NULL;
	int n = 0, i, k;

	memset(&c, 0, sizeof(c));
	c.prog = "test";
	c.db = db;
	if (store_open(db, STORE_OPEN_READ, &s) != STORE_OK) {
		store_close(s);		/* no database (yet, or any more) */
		return;
	}
	assert_int_equal(store_game_ids(s, &ids, &n), STORE_OK);
	for (i = 0; i < n; i++) {
		struct loaded g;
		char hex[65];
		struct walk_arg wa;

		memset(&g, 0, sizeof(g));
		if (game_load(&c, s, ids[i], -1, &g) != EXIT_OK)
			fail_msg("game %lld of %s does not load", (long long)ids[i], db);
		if (g.row.over || g.rules->over(g.state)) {
			game_unload(&g);
			continue;
		}
		cur_game = g.row.id;
		hex_encode(g.row.seed, sizeof(g.row.seed), hex);
		secret_add(hex, 0, 0, "the seed");
		/* An engine without resample() declares that its game hides nothing (game.h). */
		if (g.rules->resample != NULL)
			screens(&g);
		for (k = 0; history && g.rules->resample != NULL && k < g.row.nmoves; k++) {
			struct loaded then;

			memset(&then, 0, sizeof(then));
			if (game_load(&c, s, ids[i], k, &then) == EXIT_OK)
				screens(&then);
			game_unload(&then);
		}
		wa.g = &g;
		snprintf(wa.what, sizeof(wa.what), "a command sent in game %lld",
		    (long long)g.row.id);
		{
			struct sbuf pub = SBUF_INIT;

			g.rules->render_text(g.state, -1, g.names, &pub);
			wa.flatpub = collapse(sb_str(&pub));
			sb_free(&pub);
		}
		assert_int_equal(store_moves_each(s, g.row.id, 1, raw_lines, &wa), STORE_OK);
		free(wa.flatpub);
		game_unload(&g);
		cur_game = 0;
	}
	free(ids);
	if (mail_from >= 0)
		mail_secrets(s, mail_from, NULL);
	store_close(s);
}

/* n secrets from from into to, each text a copy of its own. */
static void
copy_secrets(struct secret *to, const struct secret *from, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		to[i] = from[i];
		to[i].text = strdup(from[i].text);
		assert_non_null(to[i].text);
	}
}

void
secrets_save(struct saved *to)
{
	saved_free(to);
	to->x = malloc(sizeof(*to->x) * (size_t)(nsecrets + 1));
	assert_non_null(to->x);
	copy_secrets(to->x, secrets, nsecrets);
	to->n = nsecrets;
}

void
secrets_restore(const struct saved *from)
{
	secrets_clear();
	copy_secrets(secrets, from->x, from->n);
	nsecrets = from->n;
}

void
saved_free(struct saved *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		free(s->x[i].text);
	free(s->x);
	memset(s, 0, sizeof(*s));
}

/* Each move's public form, appended to the sbuf arg. */
static int
shown_lines(const struct store_move *m, void *arg)
{
	if (m->shown != NULL) {
		sb_puts(arg, m->shown);
		sb_putc(arg, '\n');
	}
	return 0;
}

/* The public report of game id as it stands in s and the public form of
 * its log, collapsed (malloc'ed); NULL when it does not load. */
static char *
public_now(struct store *s, const char *db, int64_t id)
{
	struct ctx c;
	struct loaded g;
	struct sbuf pub = SBUF_INIT;
	char *flat;

	memset(&c, 0, sizeof(c));
	c.prog = "test";
	c.db = db;
	memset(&g, 0, sizeof(g));
	if (game_load(&c, s, id, -1, &g) != EXIT_OK) {
		game_unload(&g);
		return NULL;
	}
	g.rules->render_text(g.state, -1, g.names, &pub);
	sb_putc(&pub, '\n');
	(void)store_moves_each(s, id, 1, shown_lines, &pub);
	for (flat = pub.s; flat != NULL && (flat = strstr(flat, "; ")) != NULL; flat++)
		memcpy(flat, "\n\n", 2);	/* each command of a line, a line */
	flat = collapse(sb_str(&pub));
	sb_free(&pub);
	game_unload(&g);
	return flat;
}

/*
 * After a command: a game that ended (or was abandoned) shows everything
 * now; a command sent that the game's public report or the public form of
 * its log now shows (a Warriors & Traders order held until it was carried
 * out, or the same words sent openly since) is public; a
 * seat's secrets are its holder's now too (a new address, a substitute).
 */
void
secrets_settle(const char *db)
{
	struct store *s;
	int64_t pub_game = 0;
	char *pub = NULL;
	int i;

	if (store_open(db, STORE_OPEN_READ, &s) != STORE_OK) {
		store_close(s);
		return;
	}
	for (i = 0; i < nsecrets; i++) {
		struct store_game row;
		struct store_seat seats[GAME_MAX_SEATS];
		int n = 0;

		if (secrets[i].game == 0)
			continue;
		memset(&row, 0, sizeof(row));
		if (store_game_get(s, secrets[i].game, &row) != STORE_OK)
			continue;	/* deleted: what it held stays its seats' */
		if (!row.over && secrets[i].whole && !secrets[i].json &&
		    strncmp(secrets[i].what, "a command sent", 14) == 0) {
			if (pub_game != secrets[i].game) {
				free(pub);
				pub = public_now(s, db, secrets[i].game);
				pub_game = secrets[i].game;
			}
			if (pub != NULL && found_word(pub, secrets[i].text, 1))
				secrets[i].owners = EVERYONE;
		}
		if (row.over)
			secrets[i].owners = EVERYONE;
		else if (secrets[i].seat >= 0 && store_seats_get(s, secrets[i].game, seats,
		    GAME_MAX_SEATS, &n) == STORE_OK && secrets[i].seat < n &&
		    seats[secrets[i].seat].email[0] != '\0')
			secrets[i].owners |= ADDR(seats[secrets[i].seat].email);
		store_game_free(&row);
	}
	free(pub);
	store_close(s);
}

/*
 * The legal commands the seats of readers may send now: a command sent in
 * private that one of them could send too tells it nothing it may not see.
 * Their own screens go to own, for the same reason.
 */
static char *
readers_moves(const char *db, unsigned long long readers, struct sbuf *own)
{
	struct sbuf all = SBUF_INIT;
	struct store *s;
	struct ctx c;
	int64_t *ids = NULL;
	int n = 0, i, k;

	if (readers == 0 || readers == EVERYONE)
		return strdup("");
	memset(&c, 0, sizeof(c));
	c.prog = "test";
	c.db = db;
	if (store_open(db, STORE_OPEN_READ, &s) != STORE_OK) {
		store_close(s);
		return strdup("");
	}
	assert_int_equal(store_game_ids(s, &ids, &n), STORE_OK);
	for (i = 0; i < n; i++) {
		struct loaded g;

		memset(&g, 0, sizeof(g));
		if (game_load(&c, s, ids[i], -1, &g) == EXIT_OK && !g.rules->over(g.state))
			for (k = 0; k < g.row.nseats; k++)
				if (readers & ADDR(g.seats[k].email)) {
					g.rules->moves(g.state, k, &all);
					sb_putc(&all, '\n');
					/* and the seat's own screen: its queued orders
					 * may read as another seat's hidden ones */
					g.rules->render_text(g.state, k, g.names, own);
					sb_putc(own, '\n');
				}
		/* A legal line of several commands ("pass; shift ...") is each of them too. */
		game_unload(&g);
	}
	free(ids);
	store_close(s);
	{
		char *t = sb_take(&all), *p;

		for (p = t; (p = strstr(p, "; ")) != NULL; p++)
			memcpy(p, "\n\n", 2);
		return t;
	}
}

/* 1 when line is a whole line of list, or one command of a line ("X; line"). */
static int
has_line(const char *list, const char *line)
{
	size_t n = strlen(line);
	const char *p = list;

	while ((p = strstr(p, line)) != NULL) {
		/* a whole line, or one command of a line's submission ("pass; X") */
		int starts = p == list || p[-1] == '\n' || (p - list >= 2 && p[-1] == ' ' &&
		    p[-2] == ';');

		if (starts && (p[n] == '\n' || p[n] == '\0' || p[n] == ';'))
			return 1;
		p++;
	}
	return 0;
}

long checked_texts, checked_secrets;

/*
 * 1 when the text of x is one readers may see by another right: the same
 * text of another game (a hand of the same tiles) is theirs, or shown.
 */
static int
known_to(const struct secret *x, unsigned long long readers)
{
	int i;

	for (i = 0; i < nsecrets + ntags; i++) {
		const struct secret *y = i < nsecrets ? &secrets[i] : &tags[i - nsecrets];

		if (y != x && (y->owners & readers) && y->json == x->json &&
		    strcmp(y->text, x->text) == 0)
			return 1;
	}
	return 0;
}

/* text, read by readers (a mask of addresses), holds no secret of others. */
void
check_text(const char *where, const char *text, unsigned long long readers, const char *db)
{
	char *flat = collapse(text), *moves = NULL, *jdump = NULL, *ownflat = NULL;
	json_t *j = json_loads(text, JSON_DECODE_ANY, NULL);
	struct sbuf own = SBUF_INIT;
	int i;

	if (readers == EVERYONE) {
		free(flat);
		json_decref(j);
		return;
	}
	if (j != NULL)
		jdump = json_key(j);
	json_decref(j);
	checked_texts++;
	for (i = 0; i < nsecrets + ntags; i++) {
		struct secret *x = i < nsecrets ? &secrets[i] : &tags[i - nsecrets];
		int hit;

		if ((x->owners & readers) || x->owners == EVERYONE)
			continue;	/* theirs, or shown to everyone by now */
		hit = x->json ? jdump != NULL && strstr(jdump, x->text) != NULL :
		    found_word(flat, x->text, x->whole);
		checked_secrets++;
		if (!hit)
			continue;
		if (known_to(x, readers))
			continue;	/* the same text is theirs in another game, or public there */
		if (!x->json && strcmp(x->what, "a reply tag") != 0) {
			if (moves == NULL) {
				moves = readers_moves(db, readers, &own);
				ownflat = collapse(sb_str(&own));
			}
			if (has_line(moves, x->text))
				continue;	/* the readers' own legal command too */
			/* a command sent that reads as an order on the readers' own
			 * screen ("queued special action: develop military") */
			if (strncmp(x->what, "a command sent", 14) == 0 &&
			    found_word(ownflat, x->text, 1))
				continue;
		}
		fail_msg("%s shows %s ('%s') to %s", where, x->what, x->text,
		    readers == 0 ? "everyone" : "a reader it does not belong to");
	}
	free(moves);
	free(ownflat);
	sb_free(&own);
	free(jdump);
	free(flat);
}

int kinds_seen[32];

/* The mail db queued after id *after: each read by its recipient; *after moves on. */
void
check_mail(const char *db, int64_t *after, const char *why)
{
	struct store *s;
	sqlite3_stmt *st;

	if (store_open(db, STORE_OPEN_READ, &s) != STORE_OK) {
		store_close(s);
		return;
	}
	assert_int_equal(sqlite3_prepare_v2(s->db, "SELECT o.id, o.kind, o.rcpt, b.message "
	    "FROM outbox o JOIN outbox_body b ON b.id = o.id WHERE o.id > ? ORDER BY o.id", -1,
	    &st, NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, *after);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *kind = (const char *)sqlite3_column_text(st, 1);
		const char *rcpt = (const char *)sqlite3_column_text(st, 2);
		char where[300], *text;
		int k;

		for (k = 0; outmail_kinds[k] != NULL && strcmp(outmail_kinds[k], kind) != 0; k++)
			;
		if (outmail_kinds[k] == NULL)
			fail_msg("mail of kind '%s' (after %s) is no kind of outmail_kinds", kind, why);
		kinds_seen[k]++;
		text = mail_text(sqlite3_column_blob(st, 3), (size_t)sqlite3_column_bytes(st, 3));
		snprintf(where, sizeof(where), "the %s mail to %s after %s", kind, rcpt, why);
		check_text(where, text, ADDR(rcpt), db);
		free(text);
		*after = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	store_close(s);
}

int64_t
last_mail(const char *db)
{
	struct store *s;
	sqlite3_stmt *st;
	int64_t id = 0;

	if (store_open(db, STORE_OPEN_READ, &s) != STORE_OK) {
		store_close(s);
		return 0;
	}
	assert_int_equal(sqlite3_prepare_v2(s->db, "SELECT coalesce(max(id), 0) FROM outbox", -1,
	    &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	store_close(s);
	return id;
}
