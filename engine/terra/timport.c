/*
 * timport.c - split a terra.snellman.net style log into options and
 * submissions: option/score/delete lines become options, the i-th `setup`
 * line goes to seat i, `faction: ...` lines go to that faction's seat, and
 * administrative lines (drop-faction) go as seat -1, `map ID` becomes the
 * option map-id.  The log's setup
 * lines fix the player order, so the option maintain-player-order is
 * always added: seat i is the i-th faction chosen.  The `player` lines
 * fix the number of seats (a game still choosing factions has fewer
 * setup lines); a log without them leaves it to the importer (--seat),
 * at least its setup lines.  Lines the site's engine generates itself
 * (`+18vp for network`), comments and no-op admin lines are skipped.
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
	static const char *const noop[] = { "player-count", "order ",
	    "randomize", "income", "start", "finish", "admin ",
	    "abort" };
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

/* What the log's global lines gave so far. */
struct tm_logseats {
	int nsetup, nplayer;
	int setup_line[TM_MAXP];	/* line of each setup line */
	char *factions[TM_MAXP];	/* faction of each setup line */
	char *players[TM_MAXP];		/* name of each player line */
};

/*
 * `player NAME [email E] [username U]`: a seat of the game, in the site's
 * player order (the order of the faction choices; randomize, which
 * arbiter does not replay, may shuffle it without maintain-player-order).
 */
static int
player_line(const char *s, int lineno, struct tm_logseats *ls, char *err, size_t errlen)
{
	char name[64];

	if (sscanf(s + 7, "%63s", name) != 1) {
		snprintf(err, errlen, "line %d: 'player' names a player: player NAME", lineno);
		return -1;
	}
	if (ls->nplayer >= TM_MAXP) {
		snprintf(err, errlen, "line %d: player %s: more than %d player lines "
		    "(Terra Mystica is for 2 to %d)", lineno, name, TM_MAXP, TM_MAXP);
		return -1;
	}
	if ((ls->players[ls->nplayer] = strdup(name)) == NULL)
		return -1;
	ls->nplayer++;
	return 0;
}

/*
 * `dropoption NAME` (commands.pm:1360): the option, named as written, is
 * off from that line on.  Before the first setup line the site has read
 * none (the tiles and the factions come with the setup's end,
 * commands.pm:1186): the option's line goes; after it, an administrative
 * command at its place turns off what the site reads in play
 * (tm_drop_option).  A name the game does not hold changes nothing.
 */
static int
dropoption_line(const char *name, int lineno, struct game_import *imp,
    const struct tm_logseats *ls, char *err, size_t errlen)
{
	char cmd[80];
	int i, j;

	while (*name == ' ' || *name == '\t')
		name++;
	if (*name == '\0' || strpbrk(name, " \t") != NULL || strlen(name) > 64) {
		snprintf(err, errlen, "line %d: dropoption names one option: dropoption "
		    "OPTION", lineno);
		return -1;
	}
	if (ls->nsetup > 0) {
		snprintf(cmd, sizeof(cmd), "dropoption %s", name);
		return game_import_add_sub(imp, -1, lineno, cmd);
	}
	for (i = j = 0; i < imp->nopts; i++) {
		const char *k = imp->opts[i].key;

		if (strcmp(k, name) == 0 && strcmp(k, "final-scoring") != 0 &&
		    strcmp(k, "score") != 0 && strncmp(k, "map", 3) != 0) {
			free((char *)imp->opts[i].key);
			free((char *)imp->opts[i].value);
			continue;
		}
		imp->opts[j++] = imp->opts[i];
	}
	imp->nopts = j;
	return 0;
}

/* Handle a global line: option, score, delete, setup, drop-faction, map. */
static int
global_line(const char *s, int lineno, struct game_import *imp, struct tm_logseats *ls,
    char *delbuf, size_t dellen, char *err, size_t errlen)
{
	char why[400];

	/* The site draws a Fire & Ice final tile only on `randomize` (which
	 * arbiter does not replay) and adds no ice faction for the bare
	 * fire-and-ice-factions: its log names the tile in a final-scoring
	 * line, the factions in fire-and-ice-factions/ice. */
	if (strcasecmp(s, "option fire-and-ice-final-scoring") == 0 ||
	    strcasecmp(s, "option fire-and-ice-factions") == 0)
		return 0;
	if (strcasecmp(s, "option loose-cult-loss") == 0) {
		/* arbiter's own name (tsetup.c) for a check the site's log cannot
		 * lift: its option line is refused there (commands.pm:1396) */
		snprintf(err, errlen, "line %d: option loose-cult-loss: the site takes no "
		    "such log line (Unknown option); it is arbiter's own option for new "
		    "games (cult steps given up without the site's limit), and the site's "
		    "loose-lose-cult is another rule", lineno);
		return -1;
	}
	if (strncasecmp(s, "option ", 7) == 0) {
		/* the setup's refusal, here where it can name the line */
		if (tm_option_check(s + 7, "", why, sizeof(why)) != 0) {
			snprintf(err, errlen, "line %d: %s", lineno, why);
			return -1;
		}
		return game_import_add_opt(imp, s + 7, "");
	}
	if (strncasecmp(s, "player ", 7) == 0)
		return player_line(s, lineno, ls, err, errlen);
	if (strncasecmp(s, "final-scoring ", 14) == 0) {
		/* the name as the site reads it: spaces run together, case kept */
		const char *v = s + 14;

		while (*v == ' ' || *v == '\t')
			v++;
		if (tm_option_check("final-scoring", v, why, sizeof(why)) != 0) {
			snprintf(err, errlen, "line %d: %s", lineno, why);
			return -1;
		}
		return game_import_add_opt(imp, "final-scoring", v);
	}
	if (strncasecmp(s, "score ", 6) == 0)
		return game_import_add_opt(imp, "score", s + 6);
	if (strncasecmp(s, "delete ", 7) == 0) {
		size_t l = strlen(delbuf);

		snprintf(delbuf + l, dellen - l, "%s%s", l ? "," : "", s + 7);
		return 0;
	}
	if (strncasecmp(s, "setup ", 6) == 0) {
		char name[64], cmd[80];

		if (ls->nsetup >= TM_MAXP) {
			snprintf(err, errlen, "line %d: more than %d setup lines",
			    lineno, TM_MAXP);
			return -1;
		}
		if (sscanf(s + 6, "%63s", name) != 1 || tm_faction_find(name) < 0) {
			snprintf(err, errlen, "line %d: unknown faction in '%s'", lineno, s);
			return -1;
		}
		ls->factions[ls->nsetup] = strdup(name);
		if (ls->factions[ls->nsetup] == NULL)
			return -1;
		/* "setup FACTION for PLAYER email E": the seat needs the faction only */
		snprintf(cmd, sizeof(cmd), "setup %s", name);
		if (game_import_add_sub(imp, ls->nsetup, lineno, cmd) != 0)
			return -1;
		ls->setup_line[ls->nsetup++] = lineno;
		return 0;
	}
	if (strncasecmp(s, "drop-faction ", 13) == 0)
		return game_import_add_sub(imp, -1, lineno, s);
	if (strncasecmp(s, "dropoption ", 11) == 0)
		return dropoption_line(s + 11, lineno, imp, ls, err, errlen);
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

/*
 * The seats: one for each `player` line, of which the setup lines may
 * have chosen fewer (a game still choosing factions: the next seat
 * chooses); without player lines, the setup lines' count, which the
 * importer may raise (imp->seats_open).  Each seat's label is its
 * faction, else its player's name where the log keeps the player order
 * (maintain-player-order), else none.
 */
static int
set_seats(struct game_import *imp, struct tm_logseats *ls, int keep_order, char *err,
    size_t errlen)
{
	int i;

	if (ls->nplayer > 0 && ls->nsetup > ls->nplayer) {
		snprintf(err, errlen, "line %d: setup %s: a faction for a player the log "
		    "does not name: it names %d (player lines), and this is setup line %d",
		    ls->setup_line[ls->nplayer], ls->factions[ls->nplayer], ls->nplayer,
		    ls->nplayer + 1);
		return -1;
	}
	if (ls->nplayer == 1) {
		snprintf(err, errlen, "the log names 1 player (player lines); Terra Mystica "
		    "is for 2 to %d", TM_MAXP);
		return -1;
	}
	imp->nseats = ls->nplayer > 0 ? ls->nplayer : ls->nsetup;
	imp->seats_open = ls->nplayer == 0;
	imp->labels = calloc((size_t)TM_MAXP, sizeof(char *));
	if (imp->labels == NULL)
		return -1;
	for (i = 0; i < ls->nsetup; i++) {
		imp->labels[i] = ls->factions[i];
		ls->factions[i] = NULL;
	}
	for (; keep_order && i < ls->nplayer; i++) {
		imp->labels[i] = ls->players[i];
		ls->players[i] = NULL;
	}
	return 0;
}

/* Split a whole log; 0 on success, -1 with err naming the line. */
int
tm_import_log(const char *log, struct game_import *imp, char *err, size_t errlen)
{
	struct tm_logseats ls;
	char delbuf[128] = "";
	const char *p = log, *nl;
	int lineno = 0, rc = 0, i, keep_order;

	memset(imp, 0, sizeof(*imp));
	memset(&ls, 0, sizeof(ls));
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
				rc = faction_line(s, lineno, imp, ls.nsetup, ls.factions, err,
				    errlen);
			else
				rc = global_line(s, lineno, imp, &ls, delbuf, sizeof(delbuf),
				    err, errlen);
		}
		free(s);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (rc == 0 && delbuf[0] != '\0')
		rc = game_import_add_opt(imp, "delete", delbuf);
	/* the log's setup lines already fix the player order: keep it */
	keep_order = has_opt(imp, "maintain-player-order");
	if (rc == 0 && !keep_order)
		rc = game_import_add_opt(imp, "maintain-player-order", "");
	if (rc == 0)
		rc = set_seats(imp, &ls, keep_order, err, errlen);
	for (i = 0; i < TM_MAXP; i++) {
		free(ls.factions[i]);
		free(ls.players[i]);
	}
	if (rc != 0) {
		if (err[0] == '\0')
			snprintf(err, errlen, "out of memory");
		game_import_free(imp);
	}
	return rc;
}
