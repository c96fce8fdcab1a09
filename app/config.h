/*
 * config.h - the site configuration: ~/.config/arbiter/arbiter.conf (or
 * --config FILE), each key overridable by an environment variable
 * ARBITER_<KEY> (upper case).  See arbiter.conf(5).
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
	char secret[256];		/* token key: secret_file, else kept in the database */
	char maildir[1024];		/* default: DB.mail */
	char templates[1024];		/* site templates directory; empty: built in */
	int remind_hours;		/* first reminder after this idle time */
	int table_days;			/* tell the table after this many idle days */
	int replies_per_hour;		/* replies to one sender, at most */
	int smtp_insecure;		/* do not verify TLS certificates (tests) */
};

/*
 * Load the configuration for c and make its templates directory the one
 * templates are read from.  A missing default file is no error; a missing
 * --config file is.  Returns 0, or -1 with err set.
 */
int config_load(const struct ctx *c, struct config *cfg, char *err, size_t errlen);

/*
 * The key for reply tokens: the secret file's, or else a random one kept in
 * the database (made on first use, inside the caller's transaction).
 */
int config_secret(struct config *cfg, struct store *s, char *err, size_t errlen);

#endif
