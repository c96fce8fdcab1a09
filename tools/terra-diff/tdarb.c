/*
 * tdarb.c - arbiter's side of the Terra Mystica differential tester.
 *
 *   tdarb gen FIRST COUNT OUTDIR      play random games with both engines in
 *                                     the loop (tdgen.c)
 *   tdarb replay LOG...               replay site logs through arbiter's own
 *                                     import_log() and play(); print one JSON
 *                                     line per log row with every faction's
 *                                     state after it (see README.md)
 *
 * Links against the objects `make arbiter` builds (build/ *.o), through the
 * engine interface only (engine/game.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "tdarb.h"

const char *const td_seatnames[GAME_MAX_SEATS] = {
	"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8" };

char *
td_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	if (s == NULL || fread(s, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(s);
		return NULL;
	}
	s[n] = '\0';
	fclose(f);
	return s;
}

/*
 * The state as the site shows it when the log ends here: the site ends a
 * turn, and clears its record of a debt a seat settled after passing, as
 * if another faction's line followed (tm_defer_before).  A copy to free.
 */
void *
td_as_logged(const struct game_rules *r, const void *st)
{
	struct tm_state *c = malloc(r->state_size);

	if (c == NULL)
		return NULL;
	memcpy(c, st, r->state_size);
	tm_defer_before(c, -1);
	return c;
}

/* Per-faction state, keyed by faction name, in the fields the Perl side prints. */
static json_t *
faction_state(const struct game_rules *r, const void *st0)
{
	void *st = td_as_logged(r, st0);
	json_t *v = r->render_json(st, -1, td_seatnames), *fa, *out = json_object(), *f;
	size_t i;
	static const char *const cults[4] = { "FIRE", "WATER", "EARTH", "AIR" };
	static const char *const bld[5] = { "D", "TP", "TE", "SH", "SA" };

	fa = json_object_get(v, "factions");
	json_array_foreach(fa, i, f) {
		json_t *o = json_object(), *pw = json_object_get(f, "power"),
		    *cu = json_object_get(f, "cults"), *b = json_object_get(f, "buildings");
		const char *name = json_string_value(json_object_get(f, "faction"));
		int k;

		if (name == NULL || name[0] == '\0')
			continue;
		json_object_set(o, "VP", json_object_get(f, "vp"));
		json_object_set(o, "C", json_object_get(f, "c"));
		json_object_set(o, "W", json_object_get(f, "w"));
		json_object_set(o, "P", json_object_get(f, "p"));
		for (k = 0; k < 3; k++) {
			char key[4];

			snprintf(key, sizeof(key), "P%d", k + 1);
			json_object_set(o, key, json_array_get(pw, (size_t)k));
		}
		for (k = 0; k < 4; k++)
			json_object_set(o, cults[k], json_array_get(cu, (size_t)k));
		for (k = 0; k < 5; k++)
			json_object_set(o, bld[k], json_object_get(b, bld[k]));
		json_object_set(o, "ship", json_object_get(f, "ship"));
		json_object_set(o, "dig", json_object_get(f, "dig"));
		json_object_set_new(out, name, o);
	}
	json_decref(v);
	free(st);
	return out;
}

/* FNV-1a of the state's bytes, in hex. */
static const char *
state_hash(const void *st, size_t n)
{
	static char out[20];
	const unsigned char *b = st;
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= 1099511628211ULL;
	}
	snprintf(out, sizeof(out), "%016llx", (unsigned long long)h);
	return out;
}

static void
emit(json_t *o)
{
	char *s = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);

	puts(s);
	free(s);
	json_decref(o);
}

static int
replay(const struct game_rules *r, const char *path)
{
	struct game_import imp;
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[512];
	char *text = td_slurp(path);
	void *st;
	int i, k, rc = 0;

	if (text == NULL) {
		emit(json_pack("{s:s, s:s}", "game", path, "fatal", "cannot read"));
		return 1;
	}
	if (r->import_log(text, &imp, err, sizeof(err)) != 0) {
		emit(json_pack("{s:s, s:s}", "game", path, "fatal", err));
		free(text);
		return 1;
	}
	st = calloc(1, r->state_size);
	if (r->setup(st, imp.nseats, imp.opts, imp.nopts, seed, err, sizeof(err)) != 0) {
		emit(json_pack("{s:s, s:s}", "game", path, "fatal", err));
		rc = 1;
		goto out;
	}
	emit(json_pack("{s:s, s:i}", "game", path, "start", imp.nseats));
	for (i = 0; i < imp.nsubs; i++) {
		struct game_played pl;
		enum game_status gs;

		/* TDIFF_SITEFORM: the site's notation only (no spades bought by a
		 * build or transform), as a site log is written */
		if (getenv("TDIFF_SITEFORM") != NULL)
			((struct tm_state *)st)->site_form = 1;
		gs = r->play(st, imp.subs[i].seat, imp.subs[i].text, &pl, err, sizeof(err));
		if (gs != GAME_OK) {
			emit(json_pack("{s:i, s:s, s:s}", "line", imp.subs[i].line,
			    "text", imp.subs[i].text, "error", err));
			rc = 1;
			break;
		}
		/* the next sub on the same log line (never happens now) */
		if (i + 1 < imp.nsubs && imp.subs[i + 1].line == imp.subs[i].line)
			continue;
		/* TDIFF_STATEHASH: also a hash of the whole state's bytes, to show
		 * that a change of the code's shape changed no state */
		if (getenv("TDIFF_STATEHASH") != NULL) {
			/* and of the text report and the JSON view */
			struct sbuf txt = SBUF_INIT;
			json_t *v = r->render_json(st, -1, td_seatnames);
			char *js = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS), h[40];

			r->render_text(st, -1, td_seatnames, &txt);
			/* every seat's legal moves too */
			for (k = 0; k < imp.nseats; k++)
				r->moves(st, k, &txt);
			snprintf(h, sizeof(h), "%s", state_hash(sb_str(&txt), txt.len));
			emit(json_pack("{s:i, s:s, s:o, s:s, s:s, s:s}", "line", imp.subs[i].line,
			    "text", imp.subs[i].text, "f", faction_state(r, st), "hash",
			    state_hash(st, r->state_size), "view", h, "json",
			    state_hash(js, strlen(js))));
			free(js);
			json_decref(v);
			sb_free(&txt);
		}
		else
			emit(json_pack("{s:i, s:s, s:o}", "line", imp.subs[i].line,
			    "text", imp.subs[i].text, "f", faction_state(r, st)));
	}
	emit(json_pack("{s:s, s:b}", "end", path, "over", r->over(st)));
out:
	game_import_free(&imp);
	free(st);
	free(text);
	return rc;
}

/* Split in place into lines. */
int
td_split_lines(char *s, char **lines, int max)
{
	int n = 0;
	char *p = s, *nl;

	while (*p != '\0' && n < max) {
		nl = strchr(p, '\n');
		if (nl != NULL)
			*nl = '\0';
		if (*p != '\0')
			lines[n++] = p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return n;
}

int
td_starts(const char *s, const char *pre)
{
	return strncasecmp(s, pre, strlen(pre)) == 0;
}

int
main(int argc, char **argv)
{
	const struct game_rules *r = game_find("terra");
	int i, rc = 0;

	if (argc >= 3 && strcmp(argv[1], "replay") == 0) {
		for (i = 2; i < argc; i++)
			rc |= replay(r, argv[i]);
		return 0;
	}
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "gen") == 0)
		return td_gen(r, strtoull(argv[2], NULL, 10), atol(argv[3]), argv[4],
		    argc == 6 && strcmp(argv[5], "--steer") == 0);
	fprintf(stderr, "usage: tdarb gen FIRST COUNT OUTDIR [--steer] | tdarb replay LOG...\n");
	return 64;
}
