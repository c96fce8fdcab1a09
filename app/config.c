/* config.c - the site configuration and the site a database belongs to; see config.h. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "../mail/compose.h"
#include "../mail/hash.h"
#include "../mail/smtp.h"
#include "../mail/token.h"
#include "../store/store_mail.h"
#include "../util/path.h"
#include "../util/private.h"

/*
 * One key of the file: where its value goes, and how it is judged when
 * it is read (a number's range, or a check of a text's form), so a wrong
 * value is refused naming its file and line before any command acts on it.
 * A number whose max is KEY_YESNO is a yes/no key (yes 1, no 0).
 */
struct key {
	const char *name;
	char *str;
	size_t len;
	int *num;
	int max;		/* a number: 0..max */
	int (*check)(const char *value, char *why, size_t len);	/* a text; may be NULL */
	char *where;		/* filled: "FILE:LINE" or the variable that set it */
};
enum { KEY_YESNO = -1 };
enum { WHERE_MAX = 1100 };

/* An address of the form local@domain, as a mail header takes it. */
static int
check_address(const char *v, char *why, size_t len)
{
	if (!compose_addr_ok(v)) {
		snprintf(why, len, "'%.200s' is not a plain address local@domain", v);
		return -1;
	}
	return 0;
}

/* An address the reply tokens can be added to: local+TAG@domain. */
static int
check_reply_address(const char *v, char *why, size_t len)
{
	char out[320];

	if (check_address(v, why, len) != 0)
		return -1;
	if (strcspn(v, "+") < strcspn(v, "@")) {
		snprintf(why, len, "'%.200s' holds a '+' before the '@': arbiter adds +TAG "
		    "to it itself", v);
		return -1;
	}
	/* The longest tag: a site's largest game, seat and serial. */
	if (token_address(v, "0123456789abcdef", "0123456789abcdef0123456789abcdef",
	    999999999L, 99, 999999999L, out, sizeof(out)) != 0 || !compose_addr_ok(out)) {
		snprintf(why, len, "'%.200s' is too long to carry a reply token", v);
		return -1;
	}
	return 0;
}

static int
check_smtp_url(const char *v, char *why, size_t len)
{
	char e[300];

	if (*v == '\0' || smtp_url_check(v, e, sizeof(e)) == 0)
		return 0;
	snprintf(why, len, "'%.200s': %s", v, e);
	return -1;
}

/* A directory that exists (the site's templates). */
static int
check_directory(const char *v, char *why, size_t len)
{
	struct stat st;

	if (*v == '\0')
		return 0;
	if (stat(v, &st) != 0) {
		snprintf(why, len, "%.500s: %s", v, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%.500s is not a directory", v);
		return -1;
	}
	return 0;
}

/* A Maildir: a directory, or a path arbiter may make one at. */
static int
check_maildir(const char *v, char *why, size_t len)
{
	struct stat st;

	if (*v != '\0' && stat(v, &st) == 0 && !S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%.500s is not a directory", v);
		return -1;
	}
	return 0;
}

/* How a command delivers the mail it queued (deliver_after, outmail.h). */
static int
check_deliver(const char *v, char *why, size_t len)
{
	if (strcmp(v, "background") == 0 || strcmp(v, "foreground") == 0)
		return 0;
	snprintf(why, len, "'%.200s' is neither background nor foreground", v);
	return -1;
}

/* The database: a file path, or a PostgreSQL URI libpq can use. */
static int
check_db(const char *v, char *why, size_t len)
{
	if (*v == '\0') {
		snprintf(why, len, "it is empty");
		return -1;
	}
	return store_is_uri(v) ? store_uri_check(v, why, len) : 0;
}

/* Strip white space at both ends, in place. */
static char *
trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/*
 * Check text read from a file that must be plain text: no NUL byte, valid
 * UTF-8, no control characters.  err gets "PATH:LINE: problem".
 */
static int
plain_text(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	const char *nul = memchr(text, '\0', len);
	const char *p, *line = text;
	char why[300];
	int lineno = 1;

	for (p = text; p < text + len; p++) {
		if (nul != NULL && p == nul) {
			snprintf(err, errlen, "%s:%d: a NUL byte at column %ld; this is not a "
			    "text file", path, lineno, (long)(p - line) + 1);
			return -1;
		}
		if (*p == '\n') {
			if (text_check(line, (size_t)(p - line), why, sizeof(why)) != 0) {
				/* text_check names "line 1": this is line lineno of the file. */
				const char *rest = strchr(why, ':');

				snprintf(err, errlen, "%s:%d:%s", path, lineno,
				    rest != NULL ? rest + 1 : why);
				return -1;
			}
			line = p + 1;
			lineno++;
		}
	}
	if (line < text + len && text_check(line, (size_t)(text + len - line), why,
	    sizeof(why)) != 0) {
		const char *rest = strchr(why, ':');

		snprintf(err, errlen, "%s:%d:%s", path, lineno, rest != NULL ? rest + 1 : why);
		return -1;
	}
	return 0;
}

/* Read the first line of a file (a password or key), trimmed. */
static int
read_secret_file(const char *key, const char *path, const char *where, char *buf, size_t len,
    char *err, size_t errlen)
{
	char *text, *nl;
	size_t n;

	/*
	 * Only the first line counts, up to a NUL byte too, as it always did:
	 * a key file must keep making the same key.
	 */
	if (read_file(path, &text, &n) != 0) {
		snprintf(err, errlen, "%s: %s %s: cannot read it: %s", where, key, path,
		    strerror(errno));
		return -1;
	}
	nl = strpbrk(text, "\r\n");
	if (nl != NULL)
		*nl = '\0';
	if (strlen(trim(text)) >= len) {
		snprintf(err, errlen, "%s: %s %s:1: the first line is longer than %zu characters",
		    where, key, path, len - 1);
		free(text);
		return -1;
	}
	snprintf(buf, len, "%s", trim(text));
	free(text);
	return 0;
}

static int
set_key(const struct key *k, const char *value, const char *where, char *err, size_t errlen)
{
	char why[700];
	long v;

	snprintf(k->where, WHERE_MAX, "%s", where);
	if (k->num != NULL && k->max == KEY_YESNO) {
		if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0) {
			snprintf(err, errlen, "%s: %s must be yes or no", where, k->name);
			return -1;
		}
		*k->num = strcmp(value, "yes") == 0;
		return 0;
	}
	if (k->num != NULL) {
		if (parse_int(value, 0, k->max, &v) != 0) {
			if (k->max == 1)
				snprintf(err, errlen, "%s: %s must be 0 or 1", where, k->name);
			else
				snprintf(err, errlen, "%s: %s needs a whole number from 0 to %d",
				    where, k->name, k->max);
			return -1;
		}
		*k->num = (int)v;
		return 0;
	}
	if (strlen(value) >= k->len) {
		snprintf(err, errlen, "%s: %s is longer than %zu characters", where, k->name,
		    k->len - 1);
		return -1;
	}
	if (k->check != NULL && k->check(value, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "%s: %s: %s", where, k->name, why);
		return -1;
	}
	snprintf(k->str, k->len, "%s", value);
	return 0;
}

static int
parse_file(const char *path, const struct key *keys, char *err, size_t errlen)
{
	char *text, *line, *next;
	size_t len;
	int lineno = 0;

	if (read_file(path, &text, &len) != 0) {
		snprintf(err, errlen, "%s: cannot read the configuration: %s", path,
		    strerror(errno));
		return -1;
	}
	if (plain_text(path, text, len, err, errlen) != 0) {
		free(text);
		return -1;
	}
	for (line = text; line != NULL; line = next) {
		char *eq, *k, where[1100];
		const struct key *p;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		lineno++;
		k = trim(line);
		if (*k == '\0' || *k == '#')
			continue;
		snprintf(where, sizeof(where), "%s:%d", path, lineno);
		eq = strchr(k, '=');
		if (eq == NULL) {
			snprintf(err, errlen, "%s: KEY = VALUE expected", where);
			free(text);
			return -1;
		}
		*eq = '\0';
		k = trim(k);
		for (p = keys; p->name != NULL; p++)
			if (strcmp(p->name, k) == 0)
				break;
		if (p->name == NULL) {
			snprintf(err, errlen, "%s: unknown key '%s'", where, k);
			free(text);
			return -1;
		}
		/* A key given twice: which one was meant is not for arbiter to guess. */
		if (p->where[0] != '\0') {
			const char *at = strrchr(p->where, ':');

			snprintf(err, errlen, "%s: %s is set twice: line %s set it already", where,
			    k, at != NULL ? at + 1 : p->where);
			free(text);
			return -1;
		}
		if (set_key(p, trim(eq + 1), where, err, errlen) != 0) {
			free(text);
			return -1;
		}
	}
	free(text);
	return 0;
}

/* The absolute form of path when it exists, else path itself. */
static void
absolute(const char *path, char *out, size_t len)
{
	char real[PATH_MAX];
	const char *p = realpath(path, real) != NULL && strlen(real) < len ? real : path;
	size_t n = strlen(p) < len ? strlen(p) : len - 1;

	memmove(out, p, n);
	out[n] = '\0';
}

int
config_load(const struct ctx *c, struct config *cfg, char *err, size_t errlen)
{
	char password_file[1024] = "", path[1024], why[300], conf_db[1024] = "";
	static char where[21][WHERE_MAX];
	const struct key keys[] = {
		{ "smtp_url", cfg->smtp_url, sizeof(cfg->smtp_url), NULL, 0, check_smtp_url,
		    where[0] },
		{ "smtp_user", cfg->smtp_user, sizeof(cfg->smtp_user), NULL, 0, NULL, where[1] },
		{ "smtp_password_file", password_file, sizeof(password_file), NULL, 0, NULL,
		    where[2] },
		{ "smtp_insecure", NULL, 0, &cfg->smtp_insecure, 1, NULL, where[3] },
		{ "from", cfg->from, sizeof(cfg->from), NULL, 0, check_address, where[4] },
		{ "from_name", cfg->from_name, sizeof(cfg->from_name), NULL, 0, NULL, where[5] },
		{ "reply_address", cfg->reply_address, sizeof(cfg->reply_address), NULL, 0,
		    check_reply_address, where[6] },
		{ "secret_file", cfg->secret_file, sizeof(cfg->secret_file), NULL, 0, NULL,
		    where[7] },
		{ "maildir", cfg->maildir, sizeof(cfg->maildir), NULL, 0, check_maildir, where[8] },
		{ "templates", cfg->templates, sizeof(cfg->templates), NULL, 0, check_directory,
		    where[9] },
		{ "remind_hours", NULL, 0, &cfg->remind_hours, 100000, NULL, where[10] },
		{ "table_days", NULL, 0, &cfg->table_days, 100000, NULL, where[11] },
		{ "replies_per_hour", NULL, 0, &cfg->replies_per_hour, 100000, NULL, where[12] },
		{ "stranger_replies_per_hour", NULL, 0, &cfg->stranger_replies_per_hour, 100000,
		    NULL, where[13] },
		{ "open_signup", NULL, 0, &cfg->open_signup, 1, NULL, where[14] },
		{ "games_per_day", NULL, 0, &cfg->games_per_day, 100000, NULL, where[15] },
		{ "invitations_per_day", NULL, 0, &cfg->invitations_per_day, 100000, NULL,
		    where[16] },
		{ "keep_sent_days", NULL, 0, &cfg->keep_sent_days, 100000, NULL, where[17] },
		{ "mail_pictures", NULL, 0, &cfg->mail_pictures, KEY_YESNO, NULL, where[18] },
		{ "db", conf_db, sizeof(conf_db), NULL, 0, check_db, where[19] },
		{ "deliver", cfg->deliver, sizeof(cfg->deliver), NULL, 0, check_deliver,
		    where[20] },
		{ NULL, NULL, 0, NULL, 0, NULL, NULL },
	};
	const struct key *k;
	const char *home = getenv("HOME");

	memset(cfg, 0, sizeof(*cfg));
	memset(where, 0, sizeof(where));
	snprintf(cfg->from, sizeof(cfg->from), "arbiter@localhost");
	snprintf(cfg->from_name, sizeof(cfg->from_name), "arbiter");
	snprintf(cfg->db, sizeof(cfg->db), "%s", c->db != NULL ? c->db : "");
	cfg->remind_hours = 48;
	cfg->table_days = 4;
	cfg->replies_per_hour = 20;
	cfg->stranger_replies_per_hour = 10;
	cfg->open_signup = 1;
	cfg->games_per_day = 5;
	cfg->invitations_per_day = 10;
	cfg->keep_sent_days = 3;
	cfg->mail_pictures = 1;
	snprintf(cfg->deliver, sizeof(cfg->deliver), "background");
	snprintf(cfg->conf_path, sizeof(cfg->conf_path), "%s", c->config != NULL ? c->config :
	    "");
	if (c->config == NULL && home != NULL && *home != '\0')
		snprintf(cfg->conf_path, sizeof(cfg->conf_path), "%.990s/.config/arbiter/arbiter.conf",
		    home);
	if (c->config != NULL) {
		if (parse_file(c->config, keys, err, errlen) != 0)
			return -1;
		absolute(c->config, cfg->source, sizeof(cfg->source));
	} else if (home != NULL && *home != '\0') {
		FILE *f;

		snprintf(path, sizeof(path), "%s/.config/arbiter/arbiter.conf", home);
		if ((f = fopen(path, "r")) != NULL) {
			fclose(f);
			if (parse_file(path, keys, err, errlen) != 0)
				return -1;
			absolute(path, cfg->source, sizeof(cfg->source));
		} else
			snprintf(cfg->unread, sizeof(cfg->unread), "there is no %s", path);
	} else
		snprintf(cfg->unread, sizeof(cfg->unread), "HOME is not set, as under an "
		    "MTA's pipe");
	/* The environment overrides the file, key by key. */
	for (k = keys; k->name != NULL; k++) {
		char env[64], *v;
		size_t i;

		snprintf(env, sizeof(env), "ARBITER_%s", k->name);
		for (i = 0; env[i] != '\0'; i++)
			env[i] = (char)toupper((unsigned char)env[i]);
		v = getenv(env);
		if (v != NULL && text_check(v, strlen(v), why, sizeof(why)) != 0) {
			snprintf(err, errlen, "%s: %s", env, strchr(why, ':') != NULL ?
			    strchr(why, ':') + 2 : why);
			return -1;
		}
		if (v != NULL && set_key(k, v, env, err, errlen) != 0)
			return -1;
	}
	snprintf(cfg->smtp_password_file, sizeof(cfg->smtp_password_file), "%s", password_file);
	if (password_file[0] != '\0' &&
	    read_secret_file("smtp_password_file", password_file, where[2], cfg->smtp_password,
	    sizeof(cfg->smtp_password), err, errlen) != 0)
		return -1;
	if (cfg->secret_file[0] != '\0') {
		if (read_secret_file("secret_file", cfg->secret_file, where[7], cfg->secret,
		    sizeof(cfg->secret), err, errlen) != 0)
			return -1;
		if (strlen(cfg->secret) < 16) {
			snprintf(err, errlen, "%s: secret_file %s:1: the token key must have 16 "
			    "characters or more", where[7], cfg->secret_file);
			return -1;
		}
		absolute(cfg->secret_file, path, sizeof(path));
		snprintf(cfg->secret_file, sizeof(cfg->secret_file), "%s", path);
	}
	if (cfg->reply_address[0] == '\0')
		snprintf(cfg->reply_address, sizeof(cfg->reply_address), "%s", cfg->from);
	/* --db and $ARBITER_DB before the file's db (judged as it was read); ./arbiter.db
	   when none. */
	if (!(c->db_default && conf_db[0] != '\0'))
		snprintf(cfg->conf_db, sizeof(cfg->conf_db), "%s", conf_db);
	if (c->db_default && conf_db[0] != '\0')
		snprintf(cfg->db, sizeof(cfg->db), "%s", conf_db);
	else if (cfg->db[0] != '\0' && check_db(cfg->db, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "the database of --db or ARBITER_DB: %s", why);
		return -1;
	}
	store_display_name(cfg->db, cfg->db_shown, sizeof(cfg->db_shown));
	if (cfg->maildir[0] == '\0' && store_is_uri(cfg->db) && cfg->smtp_url[0] == '\0') {
		if (cfg->source[0] != '\0')
			snprintf(err, errlen, "%s: a PostgreSQL database has no Maildir beside "
			    "it: set maildir or smtp_url (arbiter.conf(5))", cfg->source);
		else
			snprintf(err, errlen, "a PostgreSQL database has no Maildir beside it: "
			    "set maildir or smtp_url in arbiter.conf(5), or ARBITER_MAILDIR or "
			    "ARBITER_SMTP_URL");
		return -1;
	}
	if (cfg->maildir[0] == '\0')
		snprintf(cfg->maildir, sizeof(cfg->maildir), "%.1000s.mail", cfg->db);
	if (cfg->remind_hours == 0)
		cfg->remind_hours = 48;
	cfg->deliver_foreground = strcmp(cfg->deliver, "foreground") == 0;
	template_set_dir(cfg->templates);	/* site templates apply to everything rendered */
	return 0;
}

/*
 * The files a site keeps, for config_keeps: files by name, directories
 * with all they hold (the Maildir, the templates), databases with the
 * files beside them.
 */
enum { OWN_MAX = 8 };
struct own {
	char file[OWN_MAX][1024], dir[OWN_MAX][1024], db[OWN_MAX][1024];
	int nfile, ndir, ndb, maildir[OWN_MAX];
};

static void
own_add(char (*list)[1024], int *n, const char *v)
{
	if (v != NULL && *v != '\0' && *n < OWN_MAX)
		snprintf(list[(*n)++], sizeof(list[0]), "%s", v);
}

static void
own_dir(struct own *o, const char *v, int maildir)
{
	if (v != NULL && *v != '\0' && o->ndir < OWN_MAX)
		o->maildir[o->ndir] = maildir;
	own_add(o->dir, &o->ndir, v);
}

/* What a configuration file names of the site's files, read leniently
 * (its keys are judged when it is the one in force, not here). */
static void
own_from_file(struct own *o, const char *path)
{
	char *text, *line, *next, db[1024] = "", maildir[1024] = "";
	size_t len;

	if (read_file(path, &text, &len) != 0)
		return;
	for (line = text; line != NULL; line = next) {
		char *eq, *k, *v;

		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if ((eq = strchr(line, '=')) == NULL)
			continue;
		*eq = '\0';
		k = trim(line);
		v = trim(eq + 1);
		if (strcmp(k, "secret_file") == 0 || strcmp(k, "smtp_password_file") == 0)
			own_add(o->file, &o->nfile, v);
		else if (strcmp(k, "templates") == 0)
			own_dir(o, v, 0);
		else if (strcmp(k, "maildir") == 0)
			snprintf(maildir, sizeof(maildir), "%s", v);
		else if (strcmp(k, "db") == 0 && !store_is_uri(v))
			snprintf(db, sizeof(db), "%s", v);
	}
	free(text);
	own_add(o->db, &o->ndb, db);
	if (maildir[0] == '\0' && db[0] != '\0')
		snprintf(maildir, sizeof(maildir), "%.1000s.mail", db);
	own_dir(o, maildir, 1);
}

int
config_keeps(const struct config *cfg, struct store *s, const char *path, char *name,
    size_t len)
{
	static const char *const sub[] = { "", "/new", "/cur", "/tmp" };
	const char *rec_conf = NULL, *rec_key = NULL;
	char record[4096], in[PATH_MAX];
	struct own *o = calloc(1, sizeof(*o));
	json_t *j = NULL;
	struct stat st;
	size_t k;
	int i, found = 0, regular;

	if (o == NULL)
		return 1;	/* judged as the site's: nothing is written */
	/* The configuration in force, the file's own db if another is used, and
	 * what the site was set up with (its record, and the file it names). */
	own_add(o->file, &o->nfile, cfg->source[0] != '\0' ? cfg->source : cfg->conf_path);
	own_add(o->file, &o->nfile, cfg->secret_file);
	own_add(o->file, &o->nfile, cfg->smtp_password_file);
	own_dir(o, cfg->maildir, 1);
	own_dir(o, cfg->templates, 0);
	if (!store_is_uri(cfg->conf_db)) {
		own_add(o->db, &o->ndb, cfg->conf_db);
		if (cfg->conf_db[0] != '\0' && snprintf(in, sizeof(in), "%s.mail", cfg->conf_db) <
		    (int)sizeof(in))
			own_dir(o, in, 1);
	}
	if (s != NULL && store_meta_get(s, "site", record, sizeof(record)) == STORE_OK &&
	    (j = json_loads(record, 0, NULL)) != NULL)
		(void)json_unpack(j, "{s?s, s?s}", "config", &rec_conf, "key_file", &rec_key);
	own_add(o->file, &o->nfile, rec_conf);
	own_add(o->file, &o->nfile, rec_key);
	if (rec_conf != NULL && *rec_conf != '\0')
		own_from_file(o, rec_conf);
	json_decref(j);
	for (i = 0; i < o->nfile && !found; i++)
		if ((found = path_same(path, o->file[i])))
			snprintf(name, len, "%s", o->file[i]);
	for (i = 0; i < o->ndb && !found; i++)
		found = private_db_file(o->db[i], path, name, len);
	regular = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	for (i = 0; i < o->ndir && !found; i++) {
		found = path_within(path, o->dir[i]);
		/* the same file by another name: a hard link to a mail or a
		 * template, or what a template links to (the Maildir's own
		 * files are looked at only when the file has other names) */
		for (k = 0; k < (o->maildir[i] ? 4u : 1u) && !found && regular &&
		    (!o->maildir[i] || st.st_nlink > 1); k++)
			found = snprintf(in, sizeof(in), "%s%s", o->dir[i], sub[k]) <
			    (int)sizeof(in) && path_dir_holds(in, &st);
		if (found)
			snprintf(name, len, "%s (%s)", o->dir[i], o->maildir[i] ? "a Maildir" :
			    "a templates directory");
	}
	free(o);
	return found;
}

struct config *
config_get(struct ctx *c, char *err, size_t errlen)
{
	struct config *cfg;

	if (c->cfg != NULL)
		return c->cfg;
	if ((cfg = malloc(sizeof(*cfg))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (config_load(c, cfg, err, errlen) != 0) {
		free(cfg);
		return NULL;
	}
	c->db = cfg->db;	/* the file's db when neither --db nor $ARBITER_DB gave one */
	return c->cfg = cfg;
}

/* A fingerprint of a token key, kept in the database instead of the key. */
static int
fingerprint(const char *key, char out[SHA256_HEX_LEN + 1])
{
	char buf[300];

	snprintf(buf, sizeof(buf), "arbiter token key\n%s", key);
	return sha256_hex(buf, strlen(buf), out);
}

/* Why the key file is missing, for errors: where a configuration was looked for. */
static void
no_key_because(const struct config *cfg, char *buf, size_t len)
{
	if (cfg->source[0] != '\0')
		snprintf(buf, len, "the configuration %s names no secret_file", cfg->source);
	else
		snprintf(buf, len, "no configuration file was read (%s): give --config FILE",
		    cfg->unread);
}

/* Check the site record against cfg and fill cfg->site and cfg->secret. */
static int
site_check(struct config *cfg, struct store *s, const char *record, char *err,
    size_t errlen)
{
	const char *id = NULL, *kind = NULL, *fp = "", *keyfile = "", *conf = "";
	char mine[SHA256_HEX_LEN + 1], why[1400];
	json_t *j = json_loads(record, 0, NULL);
	int rc = -1;

	if (j == NULL || json_unpack(j, "{s:s, s:s, s?s, s?s, s?s}", "id", &id, "key", &kind,
	    "fingerprint", &fp, "key_file", &keyfile, "config", &conf) != 0 ||
	    strlen(id) >= sizeof(cfg->site) || *id == '\0') {
		snprintf(err, errlen, "%s: the site record of this database is damaged",
		    cfg->db_shown);
		goto out;
	}
	if (*conf != '\0' && cfg->source[0] == '\0') {
		snprintf(err, errlen, "%s was set up with the configuration %s, but no "
		    "configuration file was read (%s): give --config %s", cfg->db_shown, conf,
		    cfg->unread, conf);
		goto out;
	}
	if (strcmp(kind, "file") == 0) {
		if (cfg->secret_file[0] == '\0') {
			no_key_because(cfg, why, sizeof(why));
			snprintf(err, errlen, "%s: the reply addresses of this database are made "
			    "with the key in %s (secret_file), but %s", cfg->db_shown, keyfile, why);
			goto out;
		}
		if (fingerprint(cfg->secret, mine) != 0) {
			snprintf(err, errlen, "cannot hash the token key");
			rc = STORE_ERROR;
			goto out;
		}
		if (strcmp(mine, fp) != 0) {
			snprintf(err, errlen, "%s: the key in %s is not the key this database's "
			    "reply addresses are made with (the one in %s); another key would "
			    "void every reply address sent", cfg->db_shown, cfg->secret_file, keyfile);
			goto out;
		}
	} else if (strcmp(kind, "own") == 0) {
		if (cfg->secret_file[0] != '\0') {
			snprintf(err, errlen, "%s keeps a token key of its own, but %s sets "
			    "secret_file %s; remove it (another key would void every reply "
			    "address sent)", cfg->db_shown, cfg->source[0] != '\0' ? cfg->source :
			    "the environment", cfg->secret_file);
			goto out;
		}
		rc = store_meta_get(s, "token_key", cfg->secret, sizeof(cfg->secret));
		if (rc != STORE_OK) {
			snprintf(err, errlen, "%s: %s", cfg->db_shown, rc == STORE_NOTFOUND ?
			    "the token key of this database is missing" : store_error(s));
			rc = rc == STORE_NOTFOUND ? -1 : rc;
			goto out;
		}
	} else {
		snprintf(err, errlen, "%s: the site record names an unknown key kind '%s'",
		    cfg->db_shown, kind);
		goto out;
	}
	snprintf(cfg->site, sizeof(cfg->site), "%s", id);
	rc = 0;
out:
	json_decref(j);
	return rc;
}

/*
 * Make the site record of a database that has none: a new one, or one
 * made by an arbiter before sites existed.  Race-safe without a
 * transaction: every row is added only when missing, and the caller reads
 * back what won.
 */
static int
site_bind(struct config *cfg, struct store *s, char *err, size_t errlen)
{
	char key[256], fp[SHA256_HEX_LEN + 1] = "", id[33], why[1400], *text;
	uint8_t raw[24];
	int rc, games = 0, addressed = 0, own;
	json_t *j;

	if ((rc = store_site_counts(s, &games, &addressed)) != STORE_OK)
		goto store_fail;
	/* Before the key goes in, whoever made the file and under what umask. */
	if ((rc = store_make_private(s)) != STORE_OK)
		goto store_fail;
	rc = store_meta_get(s, "token_key", key, sizeof(key));
	if (rc != STORE_OK && rc != STORE_NOTFOUND)
		goto store_fail;
	own = rc == STORE_OK;
	if (own && cfg->secret_file[0] != '\0') {
		snprintf(err, errlen, "%s keeps a token key of its own, but secret_file %s is "
		    "configured; remove it (another key would void every reply address sent)",
		    cfg->db_shown, cfg->secret_file);
		return -1;
	}
	if (!own && cfg->secret_file[0] == '\0' && addressed > 0) {
		/* An older arbiter made its reply addresses with a key file. */
		no_key_because(cfg, why, sizeof(why));
		snprintf(err, errlen, "%s: the reply addresses of this database were made with "
		    "a key file (secret_file), but %s", cfg->db_shown, why);
		return -1;
	}
	if (!own && cfg->secret_file[0] == '\0') {
		if (random_bytes(raw, sizeof(raw)) != 0) {
			snprintf(err, errlen, "cannot draw a token key from the kernel");
			return STORE_ERROR;
		}
		hex_encode(raw, sizeof(raw), key);
		if ((rc = store_meta_add(s, "token_key", key)) != STORE_OK)
			goto store_fail;
		own = 1;
	}
	if (!own && fingerprint(cfg->secret, fp) != 0) {
		snprintf(err, errlen, "cannot hash the token key");
		return STORE_ERROR;
	}
	if (random_bytes(raw, 16) != 0) {
		snprintf(err, errlen, "cannot draw a site id from the kernel");
		return STORE_ERROR;
	}
	hex_encode(raw, 16, id);
	j = json_pack("{s:s, s:s, s:s, s:s, s:s, s:b, s:I}", "id", id, "key",
	    own ? "own" : "file", "fingerprint", fp, "key_file", own ? "" : cfg->secret_file,
	    "config", cfg->source, "legacy_tokens", games > 0, "since",
	    (json_int_t)now_epoch());
	text = j != NULL ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(j);
	if (text == NULL) {
		snprintf(err, errlen, "out of memory");
		return STORE_ERROR;
	}
	rc = store_meta_add(s, "site", text);
	free(text);
	if (rc != STORE_OK)
		goto store_fail;
	return 0;
store_fail:
	snprintf(err, errlen, "%s", store_error(s));
	return rc;
}

int
config_secret(struct config *cfg, struct store *s, char *err, size_t errlen)
{
	char record[4096];
	int rc;

	if (cfg->site[0] != '\0' && cfg->secret[0] != '\0')
		return 0;
	rc = store_meta_get(s, "site", record, sizeof(record));
	if (rc == STORE_NOTFOUND) {
		if ((rc = site_bind(cfg, s, err, errlen)) != 0)
			return rc;
		rc = store_meta_get(s, "site", record, sizeof(record));
	}
	if (rc != STORE_OK) {
		snprintf(err, errlen, "%s", store_error(s));
		return rc;
	}
	return site_check(cfg, s, record, err, errlen);
}

int
config_site(struct ctx *c, struct store *s)
{
	struct config *cfg;
	char err[2048];
	int rc;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		return EXIT_CONFIG;
	}
	if ((rc = config_secret(cfg, s, err, sizeof(err))) == 0)
		return EXIT_OK;
	errx_line(c, "%s", err[0] != '\0' ? err : "the database failed");
	return rc == -1 ? EXIT_CONFIG : store_exit_code(rc);
}

/* Whether the site record allows tags of the first format (see token.h). */
int
config_legacy_tokens(struct store *s)
{
	char record[4096];
	json_t *j;
	int legacy = 0;

	if (store_meta_get(s, "site", record, sizeof(record)) != STORE_OK)
		return 0;
	if ((j = json_loads(record, 0, NULL)) != NULL)
		legacy = json_is_true(json_object_get(j, "legacy_tokens"));
	json_decref(j);
	return legacy;
}
