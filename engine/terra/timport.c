/*
 * timport.c - split a terra.snellman.net style log into options and
 * submissions: option/score/delete lines become options, the i-th `setup`
 * line goes to seat i, `faction: ...` lines go to that faction's seat, and
 * administrative lines (drop-faction) go as seat -1, `map ID` becomes the
 * option map-id.  The log's setup
 * lines fix the player order, so the option maintain-player-order is
 * always added: seat i is the i-th faction chosen.  Lines the site's
 * engine generates itself (`+18vp for network`), comments and no-op admin
 * lines are skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/* Lower-case copy of a trimmed line without its comment; NULL on OOM. */
static char *
clean_line(const char *p, size_t n)
{
	char *s = malloc(n + 1), *h, *e;

	if (s == NULL)
		return NULL;
	memcpy(s, p, n);
	s[n] = '\0';
	h = strchr(s, '#');
	if (h != NULL)
		*h = '\0';
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
	    e[-1] == '\\' || e[-1] == '\n'))
		*--e = '\0';
	h = s;
	while (*h == ' ' || *h == '\t')
		h++;
	memmove(s, h, strlen(h) + 1);
	return s;
}

/* Is this a line the site's engine writes itself, or a no-op admin line? */
static int
skip_line(const char *s)
{
	static const char *const noop[] = { "player-count", "player ", "order ",
	    "randomize", "income", "start", "finish", "admin ",
	    "abort", "dropoption" };
	const char *colon = strchr(s, ':'), *body;
	size_t i;

	for (i = 0; i < sizeof(noop) / sizeof(noop[0]); i++)
		if (strncasecmp(s, noop[i], strlen(noop[i])) == 0)
			return 1;
	body = colon != NULL ? colon + 1 : s;
	while (*body == ' ')
		body++;
	if (body[0] == '+' && strstr(body, "vp for") != NULL)
		return 1;
	if (strncasecmp(body, "score_resources", 15) == 0)
		return 1;
	return 0;
}

/*
 * `map ID`: the site's id of the map the game is played on (`map
 * original`: the base map).  It becomes the option map-id, which the
 * setup checks against the map: the base map unless the importer gives
 * the map's layout with --option map=FILE.
 */
static int
map_line(const char *s, int lineno, struct game_import *imp, char *err, size_t errlen)
{
	const char *w = s + 4;
	char id[TM_MAP_ID_LEN + 1];
	int i;

	while (*w == ' ')
		w++;
	if (strcasecmp(w, "original") == 0)
		w = tm_base_map_id;
	for (i = 0; i < TM_MAP_ID_LEN && w[i] != '\0'; i++)
		id[i] = (char)(w[i] >= 'A' && w[i] <= 'F' ? w[i] - 'A' + 'a' : w[i]);
	id[i] = '\0';
	if (strlen(w) != TM_MAP_ID_LEN || strspn(id, "0123456789abcdef") != TM_MAP_ID_LEN) {
		snprintf(err, errlen, "line %d: 'map' names a map by the site's id, %d hex "
		    "digits, or 'original'", lineno, TM_MAP_ID_LEN);
		return -1;
	}
	for (i = 0; i < imp->nopts; i++)
		if (strcmp(imp->opts[i].key, "map-id") == 0) {
			snprintf(err, errlen, "line %d: a second 'map' line", lineno);
			return -1;
		}
	return game_import_add_opt(imp, "map-id", id);
}

/* Handle a global line: option, score, delete, setup, drop-faction, map. */
static int
global_line(const char *s, int lineno, struct game_import *imp, int *nsetup,
    char **factions, char *delbuf, size_t dellen, char *err, size_t errlen)
{
	/* The site draws a Fire & Ice final tile only on `randomize` (which
	 * arbiter does not replay) and adds no ice faction for the bare
	 * fire-and-ice-factions: its log names the tile in a final-scoring
	 * line, the factions in fire-and-ice-factions/ice. */
	if (strcasecmp(s, "option fire-and-ice-final-scoring") == 0 ||
	    strcasecmp(s, "option fire-and-ice-factions") == 0)
		return 0;
	if (strncasecmp(s, "option ", 7) == 0)
		return game_import_add_opt(imp, s + 7, "");
	if (strncasecmp(s, "final-scoring ", 14) == 0)
		return game_import_add_opt(imp, "final-scoring", s + 14);
	if (strncasecmp(s, "score ", 6) == 0)
		return game_import_add_opt(imp, "score", s + 6);
	if (strncasecmp(s, "delete ", 7) == 0) {
		size_t l = strlen(delbuf);

		snprintf(delbuf + l, dellen - l, "%s%s", l ? "," : "", s + 7);
		return 0;
	}
	if (strncasecmp(s, "setup ", 6) == 0) {
		char name[64], cmd[80];

		if (*nsetup >= TM_MAXP) {
			snprintf(err, errlen, "line %d: more than %d setup lines",
			    lineno, TM_MAXP);
			return -1;
		}
		if (sscanf(s + 6, "%63s", name) != 1 || tm_faction_find(name) < 0) {
			snprintf(err, errlen, "line %d: unknown faction in '%s'", lineno, s);
			return -1;
		}
		factions[*nsetup] = strdup(name);
		if (factions[*nsetup] == NULL)
			return -1;
		/* "setup FACTION for PLAYER email E": the seat needs the faction only */
		snprintf(cmd, sizeof(cmd), "setup %s", name);
		if (game_import_add_sub(imp, *nsetup, lineno, cmd) != 0)
			return -1;
		(*nsetup)++;
		return 0;
	}
	if (strncasecmp(s, "drop-faction ", 13) == 0)
		return game_import_add_sub(imp, -1, lineno, s);
	if (strncasecmp(s, "map ", 4) == 0)
		return map_line(s, lineno, imp, err, errlen);
	snprintf(err, errlen, "line %d: unknown command '%s'", lineno, s);
	return -1;
}

/* A faction line: find the seat whose setup named that faction. */
static int
faction_line(const char *s, int lineno, struct game_import *imp, int nsetup,
    char **factions, char *err, size_t errlen)
{
	const char *colon = strchr(s, ':');
	char name[64];
	size_t n = (size_t)(colon - s);
	int i;

	if (n >= sizeof(name))
		n = sizeof(name) - 1;
	memcpy(name, s, n);
	name[n] = '\0';
	for (i = 0; i < nsetup; i++)
		if (strcasecmp(factions[i], name) == 0)
			return game_import_add_sub(imp, i, lineno, s);
	snprintf(err, errlen, "line %d: faction '%s' was not set up", lineno, name);
	return -1;
}

/* Is the first word of s a faction prefix ("name:")? */
static int
has_prefix(const char *s)
{
	const char *colon = strchr(s, ':'), *sp = strchr(s, ' ');

	return colon != NULL && colon > s && (sp == NULL || colon < sp);
}

/* Does the import already carry option key? */
static int
has_opt(const struct game_import *imp, const char *key)
{
	int i;

	for (i = 0; i < imp->nopts; i++)
		if (strcasecmp(imp->opts[i].key, key) == 0)
			return 1;
	return 0;
}

/* Split a whole log; 0 on success, -1 with err naming the line. */
int
tm_import_log(const char *log, struct game_import *imp, char *err, size_t errlen)
{
	char *factions[TM_MAXP] = { NULL }, delbuf[128] = "";
	const char *p = log, *nl;
	int lineno = 0, nsetup = 0, rc = 0, i;

	memset(imp, 0, sizeof(*imp));
	if (errlen > 0)
		err[0] = '\0';
	while (rc == 0 && *p != '\0') {
		char *s;

		nl = strchr(p, '\n');
		lineno++;
		s = clean_line(p, nl != NULL ? (size_t)(nl - p) : strlen(p));
		if (s == NULL) {
			rc = -1;
			snprintf(err, errlen, "out of memory");
			break;
		}
		if (s[0] != '\0' && !skip_line(s)) {
			if (has_prefix(s))
				rc = faction_line(s, lineno, imp, nsetup, factions, err, errlen);
			else
				rc = global_line(s, lineno, imp, &nsetup, factions, delbuf,
				    sizeof(delbuf), err, errlen);
		}
		free(s);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (rc == 0 && delbuf[0] != '\0')
		rc = game_import_add_opt(imp, "delete", delbuf);
	/* the log's setup lines already fix the player order: keep it */
	if (rc == 0 && !has_opt(imp, "maintain-player-order"))
		rc = game_import_add_opt(imp, "maintain-player-order", "");
	if (rc == 0 && nsetup < 2) {
		snprintf(err, errlen, "the log sets up %d factions; 2 to 5 needed", nsetup);
		rc = -1;
	}
	imp->nseats = nsetup;
	if (rc == 0) {
		imp->labels = calloc((size_t)TM_MAXP, sizeof(char *));
		if (imp->labels == NULL)
			rc = -1;
		for (i = 0; rc == 0 && i < nsetup; i++) {
			imp->labels[i] = factions[i];
			factions[i] = NULL;
		}
	}
	for (i = 0; i < TM_MAXP; i++)
		free(factions[i]);
	if (rc != 0) {
		if (err[0] == '\0')
			snprintf(err, errlen, "out of memory");
		game_import_free(imp);
	}
	return rc;
}
