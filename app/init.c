/*
 * init.c - an empty site: the database, its schema and its site record
 * (the token key), made by one command before any game (`arbiter init`).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "../store/store_mail.h"

/* 1 when db already holds a site record, 0 when not (or no database yet). */
static int
has_site(const char *db)
{
	struct store *s = NULL;
	char record[16];
	int rc, found = 0;

	rc = store_open(db, STORE_OPEN_READ, &s);
	if (rc == STORE_OK) {
		rc = store_meta_get(s, "site", record, sizeof(record));
		found = rc == STORE_OK || rc == STORE_ERROR;	/* a record too long: there */
	}
	store_close(s);
	return found;
}

int
site_init(struct ctx *c)
{
	struct config *cfg;
	struct store *s = NULL;
	char err[2048];
	int rc, now, was, existed;

	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		return EXIT_CONFIG;
	}
	if (!store_is_uri(c->db)) {
		char path[1100], dir[1100];
		struct stat st;

		snprintf(path, sizeof(path), "%s", c->db);
		snprintf(dir, sizeof(dir), "%s", dirname(path));
		if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			errx_line(c, "cannot make %s: the directory %s: %s; make it first, owned "
			    "by the user the site runs as", cfg->db_shown, dir, stat(dir, &st) != 0 ?
			    strerror(errno) : "is not a directory");
			return EXIT_NOGAME;
		}
	}
	existed = has_site(c->db);
	/* Creates the file (private), lays or upgrades the schema, records the site. */
	if ((rc = game_open_store(c, STORE_OPEN_CREATE, &s)) != EXIT_OK)
		return rc;
	store_schema(s, &now, &was);
	if (existed)
		printf("%s: a site already; %s\n", cfg->db_shown,
		    now != was ? "its schema was upgraded" : "nothing changed");
	else if (cfg->secret_file[0] != '\0')
		printf("%s: a new site; its reply addresses are made with the key in %s\n",
		    cfg->db_shown, cfg->secret_file);
	else
		printf("%s: a new site; its token key is kept in the database\n",
		    cfg->db_shown);
	store_close(s);
	return EXIT_OK;
}
