/*
 * import.c - a game from elsewhere: an arbiter export made with its seed,
 * or a foreign log the game's engine can read (a Terra Mystica game log,
 * for one).  Either way the log is replayed through the engine, move by
 * move, and stored as a new game in one transaction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"

struct import_move {
	int seat;
	int line;		/* where it came from, for errors */
	const char *text;
	int64_t at;
};

/*
 * A game imported while still running continues here: the seats it waits
 * for start their idle clocks now (so reminders work) and every seat gets
 * the start mail, which says the game continues and gives its new reply
 * address and legal moves.  A finished game is left alone.
 */
static int
import_resume(struct ctx *c, struct store *s, struct loaded *g, int64_t id, int nmv)
{
	int i, rc;

	if (g->rules->over(g->state))
		return STORE_OK;
	g->row.id = id;
	g->store = s;
	g->seq = nmv;
	for (i = 0; i < g->row.nseats; i++) {
		g->names[i] = g->seats[i].name;
		g->seats[i].idx = i;
	}
	if ((rc = game_update_clocks(g, -1, now_epoch())) != STORE_OK)
		return rc;
	return notify_start(c, s, g);
}

/*
 * Replay moves into a new game and store it in one transaction; the open
 * database is left in *sp.  where names the input for error messages.
 */
static int
import_store(struct ctx *c, struct loaded *g, const struct import_move *mv, int nmv,
    const char *where, struct store **sp, int64_t *idp)
{
	struct store *s = NULL;
	struct game_played pl;
	struct store_move m;
	struct sbuf shown = SBUF_INIT;
	char err[512];
	int rc, i;
	int64_t id;

	if (game_setup_state(g->rules, &g->row, g->state, err, sizeof(err)) != 0) {
		errx_line(c, "%s: %s", where, err);
		return EXIT_REJECTED;
	}
	if ((rc = game_open_store(c, STORE_OPEN_CREATE, &s)) != EXIT_OK)
		return rc;
	if (g->row.grace_hours == 0 && g->row.deadline_hours == 0)
		g->row.grace_hours = 24;	/* the default, should a deadline be set later */
	if ((rc = store_begin(s)) != STORE_OK ||
	    (rc = store_game_create(s, &g->row, g->seats, &id)) != STORE_OK)
		goto store_fail;
	for (i = 0; i < nmv; i++) {
		if (mv[i].seat >= g->row.nseats) {
			errx_line(c, "%s:%d: no seat %d", where, mv[i].line, mv[i].seat + 1);
			rc = EXIT_REJECTED;
			goto fail;
		}
		sb_reset(&shown);
		if (g->rules->public_text != NULL && mv[i].seat >= 0)
			g->rules->public_text(g->state, mv[i].seat, mv[i].text, &shown);
		if (g->rules->play(g->state, mv[i].seat, mv[i].text, &pl, err,
		    sizeof(err)) != GAME_OK) {
			errx_line(c, "%s:%d: %s", where, mv[i].line, err);
			rc = EXIT_REJECTED;
			goto fail;
		}
		memset(&m, 0, sizeof(m));
		m.seq = i + 1;
		m.seat = mv[i].seat;
		m.text = (char *)mv[i].text;
		snprintf(m.source, sizeof(m.source), "import");
		m.at = mv[i].at;
		m.drew = pl.drew;
		m.shown = g->rules->public_text != NULL && mv[i].seat >= 0 ?
		    (char *)sb_str(&shown) : NULL;
		if ((rc = store_move_append(s, id, &m)) != STORE_OK)
			goto store_fail;
	}
	if ((rc = store_snapshot_put(s, id, nmv, g->rules->version, g->state,
	    g->rules->state_size)) != STORE_OK ||
	    (rc = store_game_set_over(s, id, g->rules->over(g->state))) != STORE_OK ||
	    (rc = import_resume(c, s, g, id, nmv)) != STORE_OK ||
	    (rc = store_commit(s)) != STORE_OK)
		goto store_fail;
	sb_free(&shown);
	*sp = s;
	*idp = id;
	return EXIT_OK;
store_fail:
	rc = store_exit(s, rc);
fail:
	sb_free(&shown);
	store_rollback(s);
	store_close(s);
	return rc;
}

/* Fill g's row and seats from an arbiter export document. */
static int
from_export(struct ctx *c, json_t *doc, struct loaded *g, struct import_move **mv,
    int *nmv, const char *where)
{
	const char *rules = NULL, *title = NULL, *seed = NULL;
	json_t *opts = NULL, *seats = NULL, *log = NULL, *v;
	char err[512];
	size_t i;

	if (json_unpack(doc, "{s:s, s:s, s:o, s:o, s:o, s?s}", "rules", &rules, "title",
	    &title, "options", &opts, "seats", &seats, "log", &log, "seed", &seed) != 0 ||
	    !json_is_array(seats) || !json_is_array(log) || !json_is_array(opts)) {
		errx_line(c, "%s: not an arbiter export (rules, title, options, seats, log)", where);
		return EXIT_REJECTED;
	}
	if (seed == NULL) {
		errx_line(c, "%s: the export has no seed (the game is still running); "
		    "export it with --private to move it", where);
		return EXIT_REJECTED;
	}
	if ((g->rules = game_find(rules)) == NULL) {
		errx_line(c, "%s: no game '%s'", where, rules);
		return EXIT_REJECTED;
	}
	snprintf(g->row.rules, sizeof(g->row.rules), "%s", rules);
	if (game_title_set(&g->row, title, err, sizeof(err)) != 0) {
		errx_line(c, "%s: %s", where, err);
		return EXIT_REJECTED;
	}
	if (hex_decode(seed, g->row.seed, sizeof(g->row.seed)) != 0) {
		errx_line(c, "%s: the seed is not 64 hex digits", where);
		return EXIT_REJECTED;
	}
	g->row.options = json_dumps(opts, JSON_COMPACT);
	g->row.nseats = (int)json_array_size(seats);
	g->row.created = now_epoch();
	if (g->row.nseats < g->rules->min_seats || g->row.nseats > g->rules->max_seats) {
		errx_line(c, "%s: %d seats; %s is for %d to %d", where, g->row.nseats,
		    g->rules->title, g->rules->min_seats, g->rules->max_seats);
		return EXIT_REJECTED;
	}
	json_array_foreach(seats, i, v) {
		const char *name = NULL, *email = "";
		char arg[400];

		if (json_unpack(v, "{s:s, s?s}", "name", &name, "email", &email) != 0) {
			errx_line(c, "%s: seat %zu has no name", where, i + 1);
			return EXIT_REJECTED;
		}
		snprintf(arg, sizeof(arg), "%s%s%s", name, *email ? ":" : "", email);
		if (seat_parse(arg, &g->seats[i], err, sizeof(err)) != 0) {
			errx_line(c, "%s: %s", where, err);
			return EXIT_REJECTED;
		}
	}
	*mv = calloc(json_array_size(log) + 1, sizeof(**mv));
	if (*mv == NULL || g->row.options == NULL)
		return EXIT_SOFTWARE;
	json_array_foreach(log, i, v) {
		struct import_move *m = &(*mv)[i];
		json_int_t at = 0;

		if (json_unpack(v, "{s:i, s:s, s?I}", "seat", &m->seat, "text", &m->text,
		    "at", &at) != 0 || m->seat < -1) {
			errx_line(c, "%s: log entry %zu is damaged", where, i + 1);
			return EXIT_REJECTED;
		}
		m->line = (int)i + 1;
		m->at = at;
	}
	*nmv = (int)json_array_size(log);
	return EXIT_OK;
}

/*
 * The number of seats of an imported log: the log's own (imp->nseats)
 * when it fixes it, and then a --seat for each seat or none; when it
 * does not (imp->seats_open: the count is only the least, e.g. the
 * factions chosen so far), the --seat count where that is more.
 */
static int
import_nseats(struct ctx *c, const struct game_rules *r, const struct game_import *imp,
    const char **seat_args, const char *where, int *nseats)
{
	int nargs = 0;

	while (seat_args != NULL && seat_args[nargs] != NULL)
		nargs++;
	*nseats = imp->nseats;
	if (nargs > 0 && !imp->seats_open && nargs != imp->nseats) {
		errx_line(c, "%s: the log names %d players (its player lines), but %d "
		    "--seat %s given: give one for each player, in their order", where,
		    imp->nseats, nargs, nargs == 1 ? "is" : "are");
		return EXIT_USAGE;
	}
	if (nargs > 0 && nargs < imp->nseats) {
		errx_line(c, "%s: the log has %d seats (one for each faction chosen), but "
		    "%d --seat %s given", where, imp->nseats, nargs, nargs == 1 ? "is" : "are");
		return EXIT_USAGE;
	}
	if (imp->seats_open && nargs > imp->nseats)
		*nseats = nargs;
	if (*nseats < r->min_seats || *nseats > r->max_seats) {
		if (imp->seats_open && nargs == 0)
			errx_line(c, "%s: the log has %d seat%s (one for each faction "
			    "chosen) and names no players; %s is for %d to %d: give each "
			    "player with --seat", where, *nseats, *nseats == 1 ? "" : "s",
			    r->title, r->min_seats, r->max_seats);
		else
			errx_line(c, "%s: %d players; %s is for %d to %d", where, *nseats,
			    r->title, r->min_seats, r->max_seats);
		return EXIT_REJECTED;
	}
	return EXIT_OK;
}

/* Fill g from a foreign log split by the engine's import_log. */
static int
from_log(struct ctx *c, const char *text, const char **seat_args, const char *const *opt_args,
    struct game_import *imp, struct loaded *g, struct import_move **mv, int *nmv,
    const char *where)
{
	json_t *opts, *extra;
	char err[512];
	size_t k;
	int i, rc;

	memset(imp, 0, sizeof(*imp));
	if (g->rules->import_log(text, imp, err, sizeof(err)) != 0) {
		errx_line(c, "%s: %s", where, err);
		return EXIT_REJECTED;
	}
	if ((rc = import_nseats(c, g->rules, imp, seat_args, where, &g->row.nseats)) != EXIT_OK)
		return rc;
	for (i = 0; i < g->row.nseats; i++) {
		char def[STORE_NAME_MAX];

		if (seat_args != NULL && seat_args[i] != NULL) {
			if (seat_parse(seat_args[i], &g->seats[i], err, sizeof(err)) != 0) {
				errx_line(c, "%s", err);
				return EXIT_USAGE;
			}
			continue;
		}
		if (i < imp->nseats && imp->labels != NULL && imp->labels[i] != NULL)
			snprintf(def, sizeof(def), "%s", imp->labels[i]);
		else
			snprintf(def, sizeof(def), "player%d", i + 1);
		if (seat_parse(def, &g->seats[i], err, sizeof(err)) != 0)
			snprintf(g->seats[i].name, sizeof(g->seats[i].name), "player%d", i + 1);
	}
	/* The options the log gives, then the files of --option (a map). */
	if ((extra = game_options_json(opt_args, err, sizeof(err))) == NULL) {
		errx_line(c, "--%s", err[0] ? err : "out of memory");
		return err[0] ? EXIT_USAGE : EXIT_SOFTWARE;
	}
	for (k = 0; k < json_array_size(extra); k++) {
		const char *key = json_string_value(json_array_get(json_array_get(extra, k), 0));
		int j, file = 0;

		for (j = 0; g->rules->file_options != NULL && g->rules->file_options[j]; j++)
			file |= strcmp(g->rules->file_options[j], key) == 0;
		if (!file) {
			errx_line(c, "--option %s: an imported log gives its own options; "
			    "--option gives only a file the log names (%s)", key,
			    g->rules->file_options != NULL ? "map=FILE" : "none for this game");
			json_decref(extra);
			return EXIT_USAGE;
		}
	}
	if ((rc = game_option_files(g->rules, extra, err, sizeof(err))) != EXIT_OK) {
		errx_line(c, "%s", err);
		json_decref(extra);
		return rc;
	}
	if ((opts = json_array()) == NULL) {
		json_decref(extra);
		return EXIT_SOFTWARE;
	}
	for (i = 0; i < imp->nopts; i++)
		json_array_append_new(opts, json_pack("[s, s]", imp->opts[i].key,
		    imp->opts[i].value));
	json_array_extend(opts, extra);
	json_decref(extra);
	g->row.options = json_dumps(opts, JSON_COMPACT);
	json_decref(opts);
	g->row.created = now_epoch();
	if (g->row.options == NULL || random_bytes(g->row.seed, sizeof(g->row.seed)) != 0)
		return EXIT_SOFTWARE;
	*mv = calloc((size_t)imp->nsubs + 1, sizeof(**mv));
	if (*mv == NULL)
		return EXIT_SOFTWARE;
	for (i = 0; i < imp->nsubs; i++) {
		(*mv)[i].seat = imp->subs[i].seat;
		(*mv)[i].line = imp->subs[i].line;
		(*mv)[i].text = imp->subs[i].text;
		(*mv)[i].at = g->row.created;
	}
	*nmv = imp->nsubs;
	return EXIT_OK;
}

int
game_import(struct ctx *c, const struct game_rules *r, const char *text,
    const char *const *seat_args, const char *const *opt_args, const char *title,
    const char *where, struct store **sp, int64_t *id)
{
	struct game_import imp;
	struct import_move *mv = NULL;
	struct loaded g;
	json_t *doc = NULL;
	json_error_t jerr;
	char err[256];
	int rc, nmv = 0, i;

	memset(&g, 0, sizeof(g));
	memset(&imp, 0, sizeof(imp));
	*sp = NULL;
	if (r != NULL) {
		if (r->import_log == NULL) {
			errx_line(c, "'%s' is not a game whose logs arbiter can import", r->name);
			return EXIT_USAGE;
		}
		g.rules = r;
		snprintf(g.row.rules, sizeof(g.row.rules), "%s", r->name);
		snprintf(g.row.title, sizeof(g.row.title), "%s", r->title);
		rc = from_log(c, text, (const char **)seat_args, opt_args, &imp, &g, &mv, &nmv,
		    where);
	} else {
		if (opt_args != NULL && opt_args[0] != NULL) {
			errx_line(c, "--option is for a foreign log (import GAME LOGFILE); an "
			    "export carries its options");
			return EXIT_USAGE;
		}
		if ((doc = json_loads(text, 0, &jerr)) == NULL) {
			errx_line(c, "%s:%d: not JSON: %s", where, jerr.line, jerr.text);
			return EXIT_REJECTED;
		}
		rc = from_export(c, doc, &g, &mv, &nmv, where);
	}
	if (rc != EXIT_OK)
		goto out;
	if (title != NULL && game_title_set(&g.row, title, err, sizeof(err)) != 0) {
		errx_line(c, "--title: %s", err);
		rc = EXIT_USAGE;
		goto out;
	}
	for (i = 0; i < g.row.nseats; i++)
		g.seats[i].serial = 1;	/* reply tokens of the start mail */
	if (seat_passwords(g.seats, g.row.nseats, g.passwords) != 0 ||
	    (g.state = calloc(1, g.rules->state_size)) == NULL) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	rc = import_store(c, &g, mv, nmv, where, sp, id);
out:
	free(mv);
	json_decref(doc);
	game_import_free(&imp);
	game_unload(&g);
	return rc;
}
