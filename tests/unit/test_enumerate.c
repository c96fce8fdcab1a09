/*
 * test_enumerate.c - hidden information and file modes, enumerated from
 * the code's own lists, not from a list of this test:
 *
 *  - every command of the command table (cmd_all), by every probe the
 *    table gives it (cli.h), in every format of format_names, each seat in
 *    turn where the probe names one: what it prints may hold nothing its
 *    reader may not see;
 *  - every mail the site queues meanwhile, to whomever: likewise, read by
 *    its recipient; and every kind of outmail_kinds must have been made;
 *  - every command of the site address (site_commands), sent by a seated
 *    player and by a watcher, with every shape of argument: the answers;
 *  - every file the commands wrote: it matches a line of private_files
 *    (util/private.h) and has exactly that line's mode, and every line
 *    not marked transient was met.
 *
 * A new command, option, format, mail kind or site command is covered by
 * being added to its list; a command without probes, an option of a
 * usage no probe gives, a mail kind no step makes, a file written outside
 * the list, an output or a mail part that is not text (a picture, which a
 * text search proves nothing about), fail here until they are covered.
 *
 * What may not be seen: while a game runs, each seat's screen (the lines
 * behind it in the text view and the values of its private JSON, those
 * every seat has alike left out), the commands a seat sent as far as their
 * public form hides them, and the seed; always, a seat's reply tags and
 * its password.  Each belongs to an address: a seat's to its address.  A
 * probe's output is read by nobody (public), its seat, or the game master
 * (run, not read); a mail by its recipient.  Text is compared with its
 * white space collapsed, at word boundaries; JSON by its values.
 *
 * The commands run in a child of this process through cli_main, as the
 * program runs them, on a sandbox: the site's database and Maildir, and a
 * copy of them for each probe, which may change them.  KEEP=1 keeps the
 * sandbox (its path is printed).  The games' seed is fixed, so a run is the
 * same every time; ENUM_SEED (64 hex digits) plays others.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../enumerate.h"
#include "../../cli/cli.h"
#include "../../app/outmail.h"
#include "../../app/site.h"
#include "../../store/store_int.h"

enum { MOVES = 30 };
#define WATCHER "watch@example.org"

/*
 * A thousand commands run in children of this process: a small quarantine
 * keeps the process small, and each fork cheap.
 */
#ifdef __SANITIZE_ADDRESS__
const char *__asan_default_options(void);
const char *
__asan_default_options(void)
{
	return "quarantine_size_mb=8";
}
#endif

static struct saved pristine, last_after;

/* Run argv on the site (text format), checked as read by readers; its mail too. */
static void
run_argv(char **argv, int n, const char *in, unsigned long long readers, int want,
    int64_t *mail, struct run *r)
{
	char db[200], now[200];

	snprintf(db, sizeof(db), "%s/games.db", SITE);
	stamp(db, now);
	if (strcmp(now, last_after.stamp) == 0)
		secrets_restore(&last_after);	/* what the last command left */
	else {
		secrets_clear();
		secrets_collect(db, 0, -1);
	}
	run_cli(SITE, db, "text", argv, n, in, r);
	if (want != PROBE_ANY && r->rc != want)
		fail_msg("'arbiter %s %s' exited %d, not %d: %s", argv[0], n > 1 ? argv[1] : "",
		    r->rc, want, r->err);
	{
		/* What it leaves, alone (the next command starts from it), joins what was. */
		struct saved before;
		int i;

		memset(&before, 0, sizeof(before));
		secrets_save(&before);
		secrets_clear();
		secrets_collect(db, 0, -1);
		secrets_save(&last_after);
		stamp(db, last_after.stamp);
		secrets_restore(&before);
		for (i = 0; i < last_after.n; i++)
			secret_merge(&last_after.x[i]);
		saved_free(&before);
	}
	secrets_settle(db);
	tags_update(db);	/* the new mail's tags and passwords join the site's */
	check_text(argv[0], r->out, readers, db);
	check_text(argv[0], r->err, readers, db);
	check_mail(db, mail, argv[0]);
	check_files(SITE, SITE);
}

/* The same for a command line without quoted words. */
static void
run_line(const char *line, const char *in, unsigned long long readers, int want, int64_t *mail,
    struct run *r)
{
	char buf[600], *argv[MAX_ARGS];

	snprintf(buf, sizeof(buf), "%s", line);
	run_argv(argv, words(buf, argv, MAX_ARGS), in, readers, want, mail, r);
}

struct play {
	const struct game_rules *rules;
	int64_t id;
	int nseats;
	char email[GAME_MAX_SEATS][64];
	int moved;		/* the scenario's move count, for its choices */
};

static char DB[200];
static int64_t MAIL;		/* the site's mail checked so far */

/* The game's seat the game waits for (-1: none), its name and a legal command. */
static int
awaited(const struct play *p, char *name, size_t nlen, char *cmd, size_t clen, int pick)
{
	struct store *s;
	struct loaded g;
	struct game_wait w;
	struct ctx c;
	struct sbuf m = SBUF_INIT, shown = SBUF_INIT;
	int seat = -1, i, n = 0, k, priv = 0;
	const char *q;

	memset(&c, 0, sizeof(c));
	c.prog = "test";
	c.db = DB;
	memset(&g, 0, sizeof(g));
	assert_int_equal(store_open(DB, STORE_OPEN_READ, &s), STORE_OK);
	assert_int_equal(game_load(&c, s, p->id, -1, &g), EXIT_OK);
	memset(&w, 0, sizeof(w));
	if (!g.rules->over(g.state) && !g.row.over)
		g.rules->waiting(g.state, &w);
	for (i = 0; i < g.row.nseats && seat < 0; i++)
		if (w.mask & (1u << i))
			seat = i;
	cmd[0] = '\0';
	if (seat >= 0) {
		snprintf(name, nlen, "%s", g.names[seat]);
		g.rules->moves(g.state, seat, &m);
		for (q = sb_str(&m); *q != '\0'; q += strcspn(q, "\n") + (q[strcspn(q, "\n")] != '\0'))
			n++;
		/*
		 * Every third step a command whose public form hides something,
		 * when there is one (a Tigris swap, a Warriors order), else any.
		 */
		for (q = sb_str(&m); *q != '\0' && g.rules->public_text != NULL && pick % 3 == 0;
		    q += strcspn(q, "\n") + (q[strcspn(q, "\n")] != '\0')) {
			char line[300];

			snprintf(line, sizeof(line), "%.*s", (int)strcspn(q, "\n"), q);
			sb_reset(&shown);
			g.rules->public_text(g.state, seat, line, &shown);
			if (strncmp(sb_str(&shown), line, strlen(line)) != 0 && priv++ <= pick % 7)
				snprintf(cmd, clen, "%s", line);
		}
		if (priv == 0 && n > 0) {
			int want = (pick * 31 + 7) % n;

			for (k = 0, q = sb_str(&m); k < want; k++)
				q += strcspn(q, "\n") + 1;
			snprintf(cmd, clen, "%.*s", (int)strcspn(q, "\n"), q);
		}
	}
	sb_free(&m);
	sb_free(&shown);
	game_unload(&g);
	store_close(s);
	return seat;
}

/* The newest Reply-To of a mail the site queued to rcpt, in out ("" none). */
static void
reply_to(const char *db, const char *rcpt, char *out, size_t len)
{
	struct store *s;
	sqlite3_stmt *st;

	out[0] = '\0';
	assert_int_equal(store_open(db, STORE_OPEN_READ, &s), STORE_OK);
	assert_int_equal(sqlite3_prepare_v2(s->db, "SELECT b.message FROM outbox o JOIN "
	    "outbox_body b ON b.id = o.id WHERE o.rcpt = ? ORDER BY o.id DESC", -1, &st, NULL),
	    SQLITE_OK);
	sqlite3_bind_text(st, 1, rcpt, -1, SQLITE_STATIC);
	while (out[0] == '\0' && sqlite3_step(st) == SQLITE_ROW) {
		char *m = strndup(sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0));
		const char *p = strstr(m, "\r\nReply-To: ");

		if (p != NULL && (p = strchr(p, '<')) != NULL)
			snprintf(out, len, "%.*s", (int)strcspn(p + 1, ">"), p + 1);
		free(m);
	}
	sqlite3_finalize(st);
	store_close(s);
}

/* A mail from `from` to `to` holding body, in the file path. */
static void
mail_file(const char *path, const char *from, const char *to, const char *body)
{
	static int n;
	char text[4000];

	snprintf(text, sizeof(text), "Return-Path: <%s>\nFrom: %s\nTo: %s\nSubject: Re: game\n"
	    "Message-ID: <enum-%d-%lld@example.org>\n\n%s\n", from, from, to, ++n, NOW, body);
	spew(path, text);
}

/* Mail body from `from` to `to`, handled by `arbiter mail`, read by from. */
static void
send_mail(const char *from, const char *to, const char *body)
{
	char path[200];
	struct run r;

	snprintf(path, sizeof(path), "%s/in.eml", TEST);
	mail_file(path, from, to, body);
	run_line("mail", path, ADDR(from), 0, &MAIL, &r);
	run_free(&r);
}

/* An address confirms itself to the site address: it asks, and answers. */
static void
confirm(const char *addr)
{
	char to[300];

	send_mail(addr, SITE_ADDRESS, "games");
	reply_to(DB, addr, to, sizeof(to));
	assert_non_null(strstr(to, "+c."));
	send_mail(addr, to, "yes, it is me");
}

/* One step: the awaited seat's command, on the command line or by mail. */
static int
play_one(struct play *p, int by_mail)
{
	char name[64], cmd[300], to[300], id[24];
	char *argv[8];
	struct run r;
	int seat = awaited(p, name, sizeof(name), cmd, sizeof(cmd), p->moved++);

	if (seat < 0 || cmd[0] == '\0')
		return -1;
	if (by_mail) {
		reply_to(DB, p->email[seat], to, sizeof(to));
		assert_true(to[0] != '\0');
		send_mail(p->email[seat], to, cmd);
		return 0;
	}
	snprintf(id, sizeof(id), "%lld", (long long)p->id);
	argv[0] = (char *)"move";
	argv[1] = id;
	argv[2] = name;
	argv[3] = cmd;
	run_argv(argv, 4, NULL, ADDR(p->email[seat]), PROBE_ANY, &MAIL, &r);
	if (r.rc != 0)
		fail_msg("move %s %s '%s' exited %d: %s", id, name, cmd, r.rc, r.err);
	run_free(&r);
	return 0;
}

/* A game of p->rules with its watchers, played MOVES steps. */
static void
play_game(struct play *p)
{
	char line[600], *o = line;
	struct run r;
	int i;

	p->nseats = p->rules->min_seats > 3 ? p->rules->min_seats :
	    (p->rules->max_seats < 3 ? p->rules->max_seats : 3);
	o += sprintf(o, "new %s", p->rules->name);
	for (i = 0; i < p->nseats; i++) {
		snprintf(p->email[i], sizeof(p->email[i]), "p%d.%s@example.org", i + 1,
		    p->rules->name);
		o += sprintf(o, " --seat p%d:%s", i + 1, p->email[i]);
	}
	run_line(line, NULL, 0, 0, &MAIL, &r);
	p->id = atoll(r.out);
	assert_true(p->id > 0);
	run_free(&r);
	snprintf(line, sizeof(line), "game %lld --set observers=%s --set forum_address="
	    "forum@example.org", (long long)p->id, WATCHER);
	run_line(line, NULL, EVERYONE, 0, &MAIL, &r);
	run_free(&r);
	for (i = 0; i < MOVES; i++) {
		NOW += 600;
		if (play_one(p, i % 5 == 4) != 0)
			break;
	}
}

/* ---------------------------------------------------------------- probes */

static long probes_run;
static int formats_run[FMT_COUNT];

/* SCRATCH: a copy of the site's database alone (its Maildir is made anew). */
static void
scratch_reset(void)
{
	static const char *const ext[] = { "", "-wal", "-shm" };
	char from[200], to[200];
	size_t i;

	remove_tree(SCRATCH);
	assert_int_equal(mkdir(SCRATCH, 0700), 0);
	for (i = 0; i < 3; i++) {
		snprintf(from, sizeof(from), "%s%s", DB, ext[i]);
		snprintf(to, sizeof(to), "%s/games.db%s", SCRATCH, ext[i]);
		copy_file(from, to);
	}
}

/* The placeholders of a probe for game p (cli.h); seat is SEAT's. */
struct fill {
	char game[24], nmoves[24], awaited[64], cmd[300], rules[32], tag[200], db[200],
	    newdb[200], export_[200], terralog[200], mapfile[200], date[16], file[200],
	    reply[200], seat[64], output[200];
	int awaited_seat;
};

static const char *
placeholder(const struct fill *f, const char *w)
{
	static const struct { const char *word; size_t off; } words_[] = {
		{ "GAME", offsetof(struct fill, game) }, { "NMOVES", offsetof(struct fill, nmoves) },
		{ "AWAITED", offsetof(struct fill, awaited) }, { "CMD", offsetof(struct fill, cmd) },
		{ "RULES", offsetof(struct fill, rules) }, { "TAG", offsetof(struct fill, tag) },
		{ "DB", offsetof(struct fill, db) }, { "NEWDB", offsetof(struct fill, newdb) },
		{ "EXPORT", offsetof(struct fill, export_) },
		{ "TERRALOG", offsetof(struct fill, terralog) },
		{ "MAPFILE", offsetof(struct fill, mapfile) }, { "DATE", offsetof(struct fill, date) },
		{ "FILE", offsetof(struct fill, file) }, { "SEAT", offsetof(struct fill, seat) },
		{ "OUTPUT", offsetof(struct fill, output) },
	};
	size_t i;
	const char *eq = strchr(w, '=');

	for (i = 0; i < sizeof(words_) / sizeof(words_[0]); i++) {
		if (strcmp(w, words_[i].word) == 0)
			return (const char *)f + words_[i].off;
		/* KEY=WORD (--option map=MAPFILE) */
		if (eq != NULL && strcmp(eq + 1, words_[i].word) == 0) {
			static char kv[400];

			snprintf(kv, sizeof(kv), "%.*s=%s", (int)(eq - w), w,
			    (const char *)f + words_[i].off);
			return kv;
		}
	}
	return w;
}

static int dirty = 1;	/* the scratch copy may differ from the site */

/* How many entries SCRATCH holds (a pristine copy: the database, its log and index). */
static int
scratch_files(void)
{
	DIR *d = opendir(SCRATCH);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* Run one probe of e in format fmt for game p (seat: SEAT's index, or -1). */
static void
run_probe(const struct cmd_entry *e, const struct cmd_probe *pr, int fmt,
    const struct play *p, struct fill *f, int seat)
{
	char buf[600], *words_[MAX_ARGS], *argv[MAX_ARGS], vals[MAX_ARGS][400], db[200],
	    where[700], before[200], after[200];
	const char *in = NULL;
	unsigned long long readers;
	int64_t mail;
	struct run r;
	int n, i, argc = 0, want = pr->rc;

	snprintf(db, sizeof(db), "%s/games.db", SCRATCH);
	/* A fresh copy, unless the last probe left the one there as it was. */
	if (dirty || scratch_files() != 3)
		scratch_reset();
	dirty = 0;
	snprintf(buf, sizeof(buf), "%s", pr->args);
	n = words(buf, words_, MAX_ARGS);
	argv[argc++] = (char *)e->name;
	for (i = 0; i < n; i++) {
		if (strcmp(words_[i], "<REPLY") == 0) {
			in = f->reply;
			continue;
		}
		snprintf(vals[i], sizeof(vals[i]), "%s", placeholder(f, words_[i]));
		argv[argc++] = vals[i];
	}
	if (pr->audience == PROBE_PUBLIC)
		readers = 0;
	else if (pr->audience == PROBE_MASTER)
		readers = EVERYONE;
	else
		readers = ADDR(p->email[seat >= 0 ? seat : f->awaited_seat]);
	snprintf(where, sizeof(where), "'arbiter --format %s %s %s' on %s game %lld",
	    format_names[fmt], e->name, pr->args, p->rules->name, (long long)p->id);
	secrets_restore(&pristine);
	mail = last_mail(db);
	stamp(db, before);
	/* A picture format: only a command that draws takes it, never with --as. */
	if (format_is_picture(fmt) && (!cmd_draws(e) || strstr(pr->args, "--as") != NULL))
		want = e == &cmd_mail ? EXIT_TEMPFAIL : EXIT_USAGE;	/* mail: the MTA waits */
	/* A format the command does not print is refused likewise (cmd_prints). */
	if (!cmd_prints(e, (enum format)fmt))
		want = e == &cmd_mail ? EXIT_TEMPFAIL : EXIT_USAGE;
	pictures_allowed = readers == 0;
	run_cli(SCRATCH, db, format_names[fmt], argv, argc, in, &r);
	if (want != PROBE_ANY && r.rc != want)
		fail_msg("%s exited %d, not %d: %s", where, r.rc, want, r.err);
	stamp(db, after);
	dirty = strcmp(before, after) != 0;
	if (dirty) {
		/* It changed the database: what it holds now, and its new mail. */
		secrets_collect(db, 0, mail);
		secrets_settle(db);
	}
	check_text(where, r.out, readers, db);
	check_text(where, r.err, readers, db);
	if (strstr(pr->args, "OUTPUT") != NULL && access(f->output, F_OK) == 0) {
		char *written = slurp(f->output);	/* what it wrote there is read too */

		check_text(where, written, readers, db);
		free(written);
	}
	pictures_allowed = 0;
	check_mail(db, &mail, where);
	check_files(SCRATCH, SCRATCH);
	run_free(&r);
	probes_run++;
	formats_run[fmt]++;
}

/* Every probe of every command, in every format, for game p. */
static void
probe_all(const struct play *p)
{
	const struct cmd_entry *const *e;
	struct fill f;
	char line[300], to[300], name[64];
	struct run r;
	int fmt, seat, i;
	time_t day;
	struct tm tm;

	memset(&f, 0, sizeof(f));
	snprintf(f.game, sizeof(f.game), "%lld", (long long)p->id);
	snprintf(f.rules, sizeof(f.rules), "%s", p->rules->name);
	seat = awaited(p, name, sizeof(name), f.cmd, sizeof(f.cmd), 1);
	assert_true(seat >= 0);
	f.awaited_seat = seat;
	snprintf(f.awaited, sizeof(f.awaited), "%s", name);
	reply_to(DB, p->email[seat], to, sizeof(to));
	snprintf(f.tag, sizeof(f.tag), "%.*s", (int)(strcspn(strchr(to, '+') + 1, "@")),
	    strchr(to, '+') + 1);
	snprintf(f.db, sizeof(f.db), "%s/games.db", SCRATCH);
	snprintf(f.newdb, sizeof(f.newdb), "%s/new.db", SCRATCH);
	snprintf(f.output, sizeof(f.output), "%s/output", SCRATCH);
	snprintf(f.export_, sizeof(f.export_), "%s/export.json", TEST);
	snprintf(line, sizeof(line), "export --private %lld", (long long)p->id);
	run_line(line, NULL, EVERYONE, 0, &MAIL, &r);
	spew(f.export_, r.out);
	run_free(&r);
	{
		struct store *s;
		struct store_game row;

		assert_int_equal(store_open(DB, STORE_OPEN_READ, &s), STORE_OK);
		memset(&row, 0, sizeof(row));
		assert_int_equal(store_game_get(s, p->id, &row), STORE_OK);
		snprintf(f.nmoves, sizeof(f.nmoves), "%d", row.nmoves);
		store_game_free(&row);
		store_close(s);
	}
	snprintf(f.terralog, sizeof(f.terralog), "%s/terra.log", TEST);
	snprintf(f.mapfile, sizeof(f.mapfile), "%s/base.map", TEST);
	{
		char *log = slurp("tests/terra/reference/random-g2000.log"), *cut = log;

		for (i = 0; i < 40 && (cut = strchr(cut, '\n')) != NULL; i++)
			cut++;
		if (cut != NULL)
			*cut = '\0';
		spew(f.terralog, log);
		free(log);
		copy_file("data/terra/base.map", f.mapfile);
	}
	day = (time_t)(NOW + 7 * 86400);
	gmtime_r(&day, &tm);
	strftime(f.date, sizeof(f.date), "%Y-%m-%d", &tm);
	snprintf(f.file, sizeof(f.file), "%s/password", TEST);
	spew(f.file, "not-a-real-password\n");
	snprintf(f.reply, sizeof(f.reply), "%s/reply.eml", TEST);
	mail_file(f.reply, p->email[seat], to, f.cmd);
	/* The site as every probe finds it: what may not be seen there, with history. */
	dirty = 1;
	secrets_clear();
	secrets_collect(DB, 1, -1);
	secrets_settle(DB);
	secrets_save(&pristine);
	for (e = cmd_all(); *e != NULL; e++) {
		const struct cmd_probe *pr;
		const char *u;

		if ((*e)->probes == NULL || (*e)->probes[0].audience == PROBE_END)
			fail_msg("command %s has no probes (cli.h): the test of hidden "
			    "information cannot run it", (*e)->name);
		/* Every option of its usage is run by a probe. */
		for (u = strstr((*e)->usage, "--"); u != NULL; u = strstr(u + 2, "--")) {
			char opt[40];
			int given = 0;

			snprintf(opt, sizeof(opt), "%.*s", (int)strspn(u, "-abcdefghijklmnopqrstuvwxyz"),
			    u);
			for (pr = (*e)->probes; pr->audience != PROBE_END; pr++) {
				const char *q = strstr(pr->args, opt);

				given |= q != NULL && strchr(" =", q[strlen(opt)]) != NULL;
			}
			if (!given)
				fail_msg("%s: no probe gives its option %s", (*e)->name, opt);
		}
		for (pr = (*e)->probes; pr->audience != PROBE_END; pr++)
			for (fmt = 0; fmt < FMT_COUNT; fmt++) {
				if (strstr(pr->args, "SEAT") == NULL ||
				    strstr(pr->args, "AWAITED") != NULL) {
					run_probe(*e, pr, fmt, p, &f, -1);
					continue;
				}
				for (i = 0; i < p->nseats; i++) {
					snprintf(f.seat, sizeof(f.seat), "p%d", i + 1);
					run_probe(*e, pr, fmt, p, &f, i);
				}
			}
	}
}

/* ---------------------------------------------------------------- the site address */

static int site_shapes;

/*
 * Every command of the site address with every shape of argument, from a
 * seated player of p and from a watcher: the answers are read by them.
 */
static void
site_commands_all(const struct play *p, const char *from)
{
	const char *const *v;
	static const char *const shapes[] = { "", "ID", "RULES", "ID as p9",
		"p9 p9@example.org", "ID p1", NULL };
	char body[3000], arg[100];
	int k;

	for (k = 0; shapes[k] != NULL; k++) {
		char *o = body;

		if (strcmp(shapes[k], "ID") == 0 || strcmp(shapes[k], "ID p1") == 0 ||
		    strcmp(shapes[k], "ID as p9") == 0)
			snprintf(arg, sizeof(arg), "%lld%s", (long long)p->id, shapes[k] + 2);
		else if (strcmp(shapes[k], "RULES") == 0)
			snprintf(arg, sizeof(arg), "%s", p->rules->name);
		else
			snprintf(arg, sizeof(arg), "%s", shapes[k]);
		for (v = site_commands(); *v != NULL; v++)
			o += sprintf(o, "%s %s\n", *v, arg);
		NOW += 4000;	/* within replies_per_hour */
		send_mail(from, SITE_ADDRESS, body);
		site_shapes++;
	}
}

/* ---------------------------------------------------------------- the test */

static int
sandbox(void)
{
	char cmd[500];

	snprintf(ROOT, sizeof(ROOT), "/tmp/arbiter-enum-XXXXXX");
	if (mkdtemp(ROOT) == NULL)
		return -1;
	snprintf(SITE, sizeof(SITE), "%s/site", ROOT);
	snprintf(TEST, sizeof(TEST), "%s/test", ROOT);
	snprintf(SCRATCH, sizeof(SCRATCH), "%s/scratch", ROOT);
	snprintf(HOMEDIR, sizeof(HOMEDIR), "%s/home", ROOT);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s %s %s %s", SITE, TEST, SCRATCH, HOMEDIR);
	snprintf(DB, sizeof(DB), "%s/games.db", SITE);
	return system(cmd);
}

static void
test_enumerate(void **state)
{
	const struct game_rules *const *g;
	struct play plays[8];
	int n = 0, i, k, ended = 0;
	struct run r;
	char cmd[200];

	(void)state;
	assert_int_equal(sandbox(), 0);
	if (getenv("KEEP") != NULL)
		printf("sandbox: %s\n", ROOT);
	/*
	 * The site's database is an empty file someone made under umask 022
	 * (issue 28, defect 4): arbiter makes it private when it lays the
	 * schema, whatever the umask of the process.
	 */
	umask(022);
	spew(DB, "");
	assert_int_equal(chmod(DB, 0644), 0);
	for (g = game_all(); *g != NULL && n < 8; g++) {
		memset(&plays[n], 0, sizeof(plays[n]));
		plays[n].rules = *g;
		play_game(&plays[n]);
		n++;
	}
	/* Table talk and an absence, by mail. */
	for (i = 0; i < n; i++) {
		char to[300];

		reply_to(DB, plays[i].email[0], to, sizeof(to));
		send_mail(plays[i].email[0], to, "say good luck, everyone");
		reply_to(DB, plays[i].email[1], to, sizeof(to));
		send_mail(plays[i].email[1], to, "away until 2027-01-10");
	}
	confirm(plays[0].email[0]);
	confirm(WATCHER);
	for (i = 0; i < n; i++) {
		site_commands_all(&plays[i], plays[i].email[0]);
		site_commands_all(&plays[i], WATCHER);
	}
	/*
	 * A table opened with an invitation (mail kind invite), and players
	 * who read their news as a digest once a day (mail kind digest).
	 */
	NOW += 4000;
	send_mail(plays[0].email[0], SITE_ADDRESS, "new tigris seats 3\ninvite watcher " WATCHER);
	for (i = 1; i < plays[0].nseats; i++) {
		confirm(plays[0].email[i]);
		NOW += 4000;
		send_mail(plays[0].email[i], SITE_ADDRESS, "mail digest 24");
	}
	{
		char to[300];	/* news for the digests; the awaited seat is reminded */

		reply_to(DB, plays[0].email[0], to, sizeof(to));
		send_mail(plays[0].email[0], to, "say a word for the digests");
	}
	/* Days pass: reminders, and the table told. */
	NOW += 5 * 86400;
	run_line("remind", NULL, 0, 0, &MAIL, &r);
	run_free(&r);
	for (i = 0; i < n; i++)
		probe_all(&plays[i]);
	/* A game ends: a seat resigns, in the first game whose rules let it. */
	for (g = game_all(); *g != NULL && !ended; g++) {
		struct play p;
		char name[64], c[300], *argv[4], id[24];
		int seat;

		memset(&p, 0, sizeof(p));
		p.rules = *g;
		snprintf(cmd, sizeof(cmd), "new %s", p.rules->name);
		for (k = 0; k < p.rules->min_seats; k++) {
			snprintf(p.email[k], sizeof(p.email[k]), "e%d.%s@example.org", k + 1,
			    p.rules->name);
			snprintf(cmd + strlen(cmd), sizeof(cmd) - strlen(cmd), " --seat e%d:%s",
			    k + 1, p.email[k]);
		}
		p.nseats = p.rules->min_seats;
		run_deliver = "background";	/* its mail by a detached delivery (DB-deliver) */
		run_line(cmd, NULL, 0, 0, &MAIL, &r);
		run_deliver = "foreground";
		p.id = atoll(r.out);
		run_free(&r);
		if ((seat = awaited(&p, name, sizeof(name), c, sizeof(c), 1)) < 0)
			continue;
		snprintf(id, sizeof(id), "%lld", (long long)p.id);
		argv[0] = (char *)"move";
		argv[1] = id;
		argv[2] = name;
		argv[3] = (char *)"resign";
		run_argv(argv, 4, NULL, ADDR(p.email[seat]), PROBE_ANY, &MAIL, &r);
		ended = r.rc == 0 && awaited(&p, name, sizeof(name), c, sizeof(c), 1) < 0;
		run_free(&r);
	}
	assert_true(ended);
	run_line("send", NULL, 0, 0, &MAIL, &r);
	run_free(&r);

	/* Every kind of mail was made; every format run; every file met. */
	for (k = 0; outmail_kinds[k] != NULL; k++)
		if (kinds_seen[k] == 0)
			fail_msg("no step of this test made a mail of kind '%s' "
			    "(outmail_kinds): add one", outmail_kinds[k]);
	for (k = 0; k < FMT_COUNT; k++)
		assert_true(formats_run[k] > 0);
	for (k = 0; k < PRIVATE_NKINDS; k++)
		if (files_met[k] == 0 && !private_files[k].transient)
			fail_msg("no command of this test wrote %s (private_files): add one",
			    private_files[k].pattern);
	{
		const struct cmd_entry *const *e;
		const char *const *v;
		int ncmd = 0, nverb = 0, nkind = 0;

		for (e = cmd_all(); *e != NULL; e++)
			ncmd++;
		for (v = site_commands(); *v != NULL; v++)
			nverb++;
		for (k = 0; outmail_kinds[k] != NULL; k++)
			nkind++;
		printf("%d games; %d commands, %ld probe runs in %d formats; %d mail kinds; "
		    "%d site commands in %d mails of %d shapes; %ld outputs read against "
		    "%ld secrets; %ld public pictures\n", n, ncmd, probes_run, FMT_COUNT, nkind,
		    nverb, site_shapes, site_shapes / (2 * n), checked_texts, checked_secrets,
		    pictures_read);
		assert_true(pictures_read > 0);
	}
	secrets_clear();
	saved_free(&pristine);
	saved_free(&last_after);
	if (getenv("KEEP") == NULL)
		remove_tree(ROOT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enumerate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

