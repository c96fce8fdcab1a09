/*
 * tdarb.c - arbiter's side of the Terra Mystica differential tester.
 *
 *   tdarb gen SEED NPLAYERS OUT.log   play a seeded random legal game with
 *                                     arbiter's engine, write it as a site log
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

#include "../../engine/game.h"
#include "../../engine/rng.h"
#include "../../engine/sbuf.h"

static const char *const seatnames[GAME_MAX_SEATS] = {
	"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8" };

static char *
slurp(const char *path)
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

/* Per-faction state, keyed by faction name, in the fields the Perl side prints. */
static json_t *
faction_state(const struct game_rules *r, const void *st)
{
	json_t *v = r->render_json(st, -1, seatnames), *fa, *out = json_object(), *f;
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
	char *text = slurp(path);
	void *st;
	int i, rc = 0;

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
static int
split_lines(char *s, char **lines, int max)
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

static int
starts(const char *s, const char *pre)
{
	return strncasecmp(s, pre, strlen(pre)) == 0;
}

/* Choose a line: free actions (convert, burn) and no-ops rarely. */
static const char *
choose(struct rng *g, char **lines, int n)
{
	static char *main_[4096];
	int nm = 0, i;

	for (i = 0; i < n; i++)
		if (!starts(lines[i], "convert") && !starts(lines[i], "burn") &&
		    !starts(lines[i], "wait") && !starts(lines[i], "done") &&
		    !starts(lines[i], "-spade"))
			main_[nm++] = lines[i];
	if (nm > 0 && rng_below(g, 100) < 85)
		return main_[rng_below(g, (uint32_t)nm)];
	return lines[rng_below(g, (uint32_t)n)];
}

static const char *const optional[] = { "strict-leech", "strict-darkling-sh",
	"strict-chaosmagician-sh", "errata-cultist-power", "mini-expansion-1",
	"shipping-bonus", "temple-scoring-tile", "variable-turn-order" };

static int
gen(const struct game_rules *r, uint64_t seed64, int np, const char *outpath)
{
	uint8_t seed[GAME_SEED_LEN];
	struct rng g;
	struct game_opt opts[16];
	int nopts = 0, i, k, rc = 1;
	char err[512], faction[GAME_MAX_SEATS][32];
	void *st = calloc(1, r->state_size);
	struct sbuf log = SBUF_INIT, mv = SBUF_INIT;
	json_t *v, *sc, *bl;
	long cmds = 0;
	FILE *f;

	memset(seed, 0, sizeof(seed));
	memcpy(seed, &seed64, sizeof(seed64));
	seed[31] = 0x7d;
	rng_seed(&g, seed);
	opts[nopts].key = "maintain-player-order";
	opts[nopts++].value = "";
	for (i = 0; i < (int)(sizeof(optional) / sizeof(optional[0])); i++)
		if (rng_below(&g, 2)) {
			opts[nopts].key = optional[i];
			opts[nopts++].value = "";
		}
	if (r->setup(st, np, opts, nopts, seed, err, sizeof(err)) != 0) {
		fprintf(stderr, "gen %llu: setup: %s\n", (unsigned long long)seed64, err);
		goto out;
	}
	for (i = 0; i < nopts; i++)
		sb_printf(&log, "option %s\n", opts[i].key);
	/* the scoring tiles and removed bonus tiles the seed drew */
	v = r->render_json(st, -1, seatnames);
	sc = json_object_get(v, "scoring");
	sb_puts(&log, "score ");
	for (i = 0; i < (int)json_array_size(sc); i++)
		sb_printf(&log, "%sSCORE%d", i ? "," : "",
		    (int)json_integer_value(json_array_get(sc, (size_t)i)));
	sb_puts(&log, "\n");
	bl = json_object_get(v, "bonus_left");
	for (i = 1; i <= 10; i++) {
		char key[8];

		snprintf(key, sizeof(key), "BON%d", i);
		if (i == 10 && !json_object_get(bl, "BON10"))
			continue;	/* BON10 only exists with shipping-bonus */
		if (json_object_get(bl, key) == NULL)
			sb_printf(&log, "delete %s\n", key);
	}
	json_decref(v);
	memset(faction, 0, sizeof(faction));
	while (!r->over(st)) {
		struct game_wait w;
		struct game_played pl;
		char *lines[4096], *p;
		int seats[GAME_MAX_SEATS], ns = 0, offers[GAME_MAX_SEATS], no = 0, seat, n;
		const char *text;

		if (++cmds > 4000) {
			fprintf(stderr, "gen %llu: no end after 4000 submissions\n",
			    (unsigned long long)seed64);
			goto out;
		}
		r->waiting(st, &w);
		for (k = 0; k < np; k++)
			if (w.mask & (1u << k)) {
				seats[ns++] = k;
				if (strstr(w.why[k], "leech") != NULL ||
				    strstr(w.why[k], "offer") != NULL)
					offers[no++] = k;
			}
		if (ns == 0) {
			fprintf(stderr, "gen %llu: waits for nobody\n", (unsigned long long)seed64);
			goto out;
		}
		/* mostly decide power offers first, as players on the site do */
		if (no > 0 && rng_below(&g, 100) < 80)
			seat = offers[rng_below(&g, (uint32_t)no)];
		else
			seat = seats[rng_below(&g, (uint32_t)ns)];
		sb_reset(&mv);
		r->moves(st, seat, &mv);
		n = split_lines((char *)sb_str(&mv), lines, 4096);
		if (n <= 0) {
			fprintf(stderr, "gen %llu: seat %d has no move\n",
			    (unsigned long long)seed64, seat);
			goto out;
		}
		text = choose(&g, lines, n);
		if (r->play(st, seat, text, &pl, err, sizeof(err)) != GAME_OK) {
			fprintf(stderr, "gen %llu: listed move '%s' rejected: %s\n",
			    (unsigned long long)seed64, text, err);
			goto out;
		}
		if (starts(text, "setup ")) {
			snprintf(faction[seat], sizeof(faction[seat]), "%s", text + 6);
			sb_printf(&log, "%s\n", text);
			continue;
		}
		sb_printf(&log, "%s: ", faction[seat]);
		for (p = (char *)text; *p != '\0'; p++) {
			if (*p == '\n' || *p == ';')
				sb_puts(&log, ". ");
			else
				sb_putc(&log, *p);
		}
		sb_putc(&log, '\n');
	}
	f = fopen(outpath, "w");
	if (f == NULL) {
		perror(outpath);
		goto out;
	}
	fputs(sb_str(&log), f);
	fclose(f);
	rc = 0;
out:
	sb_free(&log);
	sb_free(&mv);
	free(st);
	return rc;
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
	if (argc == 5 && strcmp(argv[1], "gen") == 0)
		return gen(r, strtoull(argv[2], NULL, 10), atoi(argv[3]), argv[4]);
	fprintf(stderr, "usage: tdarb gen SEED NPLAYERS OUT.log | tdarb replay LOG...\n");
	return 64;
}
