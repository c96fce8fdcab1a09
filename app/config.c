/* config.c - the site configuration; see config.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "../store/store_mail.h"

/* One key of the file: where its value goes. */
struct key {
	const char *name;
	char *str;
	size_t len;
	int *num;
};

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

/* Read the first line of a file (a password or key), trimmed. */
static int
read_secret_file(const char *path, char *buf, size_t len, char *err, size_t errlen)
{
	char *text, *nl;

	if (read_file(path, &text, NULL) != 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	nl = strpbrk(text, "\r\n");
	if (nl != NULL)
		*nl = '\0';
	snprintf(buf, len, "%s", trim(text));
	free(text);
	return 0;
}

static int
set_key(const struct key *k, const char *value, const char *where, char *err, size_t errlen)
{
	long v;

	if (k->num != NULL) {
		if (parse_int(value, 0, 100000, &v) != 0) {
			snprintf(err, errlen, "%s: %s needs a whole number", where, k->name);
			return -1;
		}
		*k->num = (int)v;
		return 0;
	}
	if (strlen(value) >= k->len) {
		snprintf(err, errlen, "%s: %s is too long", where, k->name);
		return -1;
	}
	snprintf(k->str, k->len, "%s", value);
	return 0;
}

static int
parse_file(const char *path, const struct key *keys, char *err, size_t errlen)
{
	char *text, *line, *save = NULL;
	int lineno = 0;

	if (read_file(path, &text, NULL) != 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char *eq, *k, where[1100];
		const struct key *p;

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
		if (set_key(p, trim(eq + 1), where, err, errlen) != 0) {
			free(text);
			return -1;
		}
	}
	free(text);
	return 0;
}

int
config_load(const struct ctx *c, struct config *cfg, char *err, size_t errlen)
{
	char password_file[1024] = "", secret_file[1024] = "", path[1024];
	const struct key keys[] = {
		{ "smtp_url", cfg->smtp_url, sizeof(cfg->smtp_url), NULL },
		{ "smtp_user", cfg->smtp_user, sizeof(cfg->smtp_user), NULL },
		{ "smtp_password_file", password_file, sizeof(password_file), NULL },
		{ "smtp_insecure", NULL, 0, &cfg->smtp_insecure },
		{ "from", cfg->from, sizeof(cfg->from), NULL },
		{ "from_name", cfg->from_name, sizeof(cfg->from_name), NULL },
		{ "reply_address", cfg->reply_address, sizeof(cfg->reply_address), NULL },
		{ "secret_file", secret_file, sizeof(secret_file), NULL },
		{ "maildir", cfg->maildir, sizeof(cfg->maildir), NULL },
		{ "templates", cfg->templates, sizeof(cfg->templates), NULL },
		{ "remind_hours", NULL, 0, &cfg->remind_hours },
		{ "table_days", NULL, 0, &cfg->table_days },
		{ "replies_per_hour", NULL, 0, &cfg->replies_per_hour },
		{ NULL, NULL, 0, NULL },
	};
	const struct key *k;
	const char *home = getenv("HOME");

	memset(cfg, 0, sizeof(*cfg));
	snprintf(cfg->from, sizeof(cfg->from), "arbiter@localhost");
	snprintf(cfg->from_name, sizeof(cfg->from_name), "arbiter");
	cfg->remind_hours = 48;
	cfg->table_days = 4;
	cfg->replies_per_hour = 20;
	if (c->config != NULL) {
		if (parse_file(c->config, keys, err, errlen) != 0)
			return -1;
	} else if (home != NULL) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/.config/arbiter/arbiter.conf", home);
		if ((f = fopen(path, "r")) != NULL) {
			fclose(f);
			if (parse_file(path, keys, err, errlen) != 0)
				return -1;
		}
	}
	/* The environment overrides the file, key by key. */
	for (k = keys; k->name != NULL; k++) {
		char env[64], *v;
		size_t i;

		snprintf(env, sizeof(env), "ARBITER_%s", k->name);
		for (i = 0; env[i] != '\0'; i++)
			env[i] = (char)toupper((unsigned char)env[i]);
		v = getenv(env);
		if (v != NULL && set_key(k, v, env, err, errlen) != 0)
			return -1;
	}
	if (password_file[0] != '\0' &&
	    read_secret_file(password_file, cfg->smtp_password, sizeof(cfg->smtp_password),
	    err, errlen) != 0)
		return -1;
	if (secret_file[0] != '\0') {
		if (read_secret_file(secret_file, cfg->secret, sizeof(cfg->secret), err,
		    errlen) != 0)
			return -1;
		if (strlen(cfg->secret) < 16) {
			snprintf(err, errlen, "%s: the token key must have 16 characters or more",
			    secret_file);
			return -1;
		}
	}
	if (cfg->reply_address[0] == '\0')
		snprintf(cfg->reply_address, sizeof(cfg->reply_address), "%s", cfg->from);
	if (cfg->maildir[0] == '\0')
		snprintf(cfg->maildir, sizeof(cfg->maildir), "%s.mail", c->db);
	if (cfg->remind_hours == 0)
		cfg->remind_hours = 48;
	template_set_dir(cfg->templates);	/* site templates apply to everything rendered */
	return 0;
}

int
config_secret(struct config *cfg, struct store *s, char *err, size_t errlen)
{
	uint8_t raw[24];
	int rc;

	if (cfg->secret[0] != '\0')
		return 0;
	rc = store_meta_get(s, "token_key", cfg->secret, sizeof(cfg->secret));
	if (rc == STORE_OK)
		return 0;
	if (rc != STORE_NOTFOUND || random_bytes(raw, sizeof(raw)) != 0) {
		snprintf(err, errlen, "cannot read the token key: %s", store_error(s));
		return -1;
	}
	hex_encode(raw, sizeof(raw), cfg->secret);
	if (store_meta_put(s, "token_key", cfg->secret) != STORE_OK) {
		snprintf(err, errlen, "cannot store the token key: %s", store_error(s));
		return -1;
	}
	return 0;
}
