/*
 * config.h - the site configuration: ~/.config/arbiter/arbiter.conf (or
 * --config FILE), each key overridable by an environment variable
 * ARBITER_<KEY> (upper case).  See arbiter.conf(5).
 *
 * A database belongs to one site: the first command that writes to it
 * records a random site id, where its token key comes from (a key file,
 * by fingerprint, or a key of its own) and which configuration file was
 * read.  Later commands must find the same key and, when one was read
 * then, a configuration file; otherwise they stop with EXIT_CONFIG
 * instead of making reply addresses nobody can answer.
 */
#ifndef ARBITER_CONFIG_H
#define ARBITER_CONFIG_H

#include "app.h"

struct config {
	char smtp_url[512];		/* empty: deliver into the Maildir */
	char smtp_user[256];
	char smtp_password[256];	/* read from smtp_password_file */
	char from[256];			/* our address (From, envelope sender) */
	char from_name[128];
	char reply_address[256];	/* tokens are added to it; default: from */
	char secret[256];		/* token key: secret_file's, else the database's */
	char secret_file[1024];		/* the key file named; "" for none */
	char smtp_password_file[1024];	/* the password file named; "" for none */
	char maildir[1024];		/* default: DB.mail */
	char templates[1024];		/* site templates directory; empty: built in */
	int remind_hours;		/* first reminder after this idle time */
	int table_days;			/* tell the table after this many idle days */
	int replies_per_hour;		/* replies to one sender, at most */
	int stranger_replies_per_hour;	/* replies to unproven senders, site-wide */
	int open_signup;		/* 1: any confirmed address may open games by mail */
	int games_per_day;		/* games one address may open by mail in a day */
	int invitations_per_day;	/* invitations one address may send in a day */
	int keep_sent_days;		/* sent and refused mail is deleted after this */
	int smtp_insecure;		/* do not verify TLS certificates (tests) */
	int mail_pictures;		/* 1: mail showing the board carries its picture */
	char deliver[16];		/* "background" (the default) or "foreground" */
	int deliver_foreground;		/* 1: a command delivers its mail before it exits */
	char source[1024];		/* the configuration file read; "" for none */
	char conf_path[1024];		/* the one read, or that would be (--config, the default) */
	char unread[1200];		/* why none was read (for errors) */
	char db[1024];			/* the database it serves: --db, $ARBITER_DB, db, ./arbiter.db */
	char conf_db[1024];		/* the file's db, when --db or $ARBITER_DB set another */
	char db_shown[256];		/* db for messages (a URI's password left out) */
	char site[40];			/* the database's site id, once config_secret ran */
};

/*
 * Load the configuration for c and make its templates directory the one
 * templates are read from.  A missing default file is no error; a missing
 * --config file is.  Returns 0, or -1 with err set to one line naming the
 * file, the line and the problem.
 */
int config_load(const struct ctx *c, struct config *cfg, char *err, size_t errlen);

/*
 * The configuration of this command, loaded once and kept in c.  NULL
 * with err set when it cannot be loaded (the caller exits EXIT_CONFIG).
 */
struct config *config_get(struct ctx *c, char *err, size_t errlen);

/*
 * 1 when path is, or would make, a file of the site's: the configuration
 * file (read, or the one that would be), the token key and SMTP password
 * files, the database the file names when another is used (and the files
 * beside it), anything in the Maildir or the templates directory, also
 * under another name (a hard link, a template that is a link to it, a
 * bind mount); and the same of what the database was set up with (s: the
 * configuration and key file its site record names, and what that
 * configuration names), whatever this command read.  The one it is then
 * in name (len bytes).
 */
int config_keeps(const struct config *cfg, struct store *s, const char *path, char *name,
    size_t len);

/*
 * Fill cfg->secret and cfg->site from the database's site record, making
 * the record first when the database has none (with a random site id and,
 * without a key file, a random key of its own).  Returns 0; -1 with err
 * set when the configuration is not the one the database belongs to (a
 * configuration error); a STORE_* code with err set when the database
 * failed.  Call it (through config_site) before a command's transaction.
 */
int config_secret(struct config *cfg, struct store *s, char *err, size_t errlen);

/*
 * 1 when the database was made by an arbiter before sites existed, so
 * reply tags of the first format (TOKEN_LEGACY) may still arrive.
 */
int config_legacy_tokens(struct store *s);

/*
 * For every command that writes: load c's configuration and check it
 * against the database s (config_secret).  Prints the reason and returns
 * EXIT_CONFIG on a configuration error, a store exit code on a database
 * failure, else EXIT_OK.
 */
int config_site(struct ctx *c, struct store *s);

#endif
