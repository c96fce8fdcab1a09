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
#include "../../engine/terra/terra.h"

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

	/* The site takes an action as declining every open power offer
	 * (found/implicit-decline.log): decide offers before anything else. */
	for (i = 0; i < n; i++)
		if (starts(lines[i], "leech") || starts(lines[i], "decline"))
			main_[nm++] = lines[i];
	if (nm > 0)
		return main_[rng_below(g, (uint32_t)nm)];
	for (i = 0; i < n; i++)
		if (!starts(lines[i], "convert") && !starts(lines[i], "burn") &&
		    !starts(lines[i], "wait") && !starts(lines[i], "done") &&
		    !starts(lines[i], "-spade"))
			main_[nm++] = lines[i];
	if (nm > 0 && rng_below(g, 100) < 85) {
		static char *act[4096];
		int na = 0;

		/* passing early makes short games: pass less often */
		for (i = 0; i < nm; i++)
			if (!starts(main_[i], "pass"))
				act[na++] = main_[i];
		if (na > 0 && na < nm && rng_below(g, 100) < 85)
			return act[rng_below(g, (uint32_t)na)];
		return main_[rng_below(g, (uint32_t)nm)];
	}
	return lines[rng_below(g, (uint32_t)n)];
}

static int
has_opt(const struct game_opt *opts, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(opts[i].key, key) == 0)
			return 1;
	return 0;
}

/* The factions' part of the public JSON view and whom the game waits for
 * (a volcano faction's unused dig shows only there), as a string to
 * compare. */
static char *
factions_text(const struct game_rules *r, const void *st)
{
	json_t *v = r->render_json(st, -1, seatnames), *o = json_object();
	char *s;

	json_object_set(o, "factions", json_object_get(v, "factions"));
	json_object_set(o, "waiting", json_object_get(v, "waiting"));
	s = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(o);
	json_decref(v);
	return s;
}

/*
 * arbiter's `build HEX` on a foreign terrain buys the spades itself; the
 * site wants them bought first (`dig N. build HEX`).  Find the N that
 * gives the same result, or keep the text when none does.
 */
static const char *
site_build(const struct game_rules *r, const void *st, int seat, const char *text,
    char *buf, size_t buflen)
{
	void *a = malloc(r->state_size), *b = malloc(r->state_size);
	struct game_played pl;
	char err[512], *want = NULL, *got;
	static char best[128];
	const char *res = text;
	int n;

	memcpy(a, st, r->state_size);
	if (r->play(a, seat, text, &pl, err, sizeof(err)) != GAME_OK)
		goto out;
	want = factions_text(r, a);
	for (n = 1; n <= 3; n++) {
		snprintf(buf, buflen, "dig %d. %s", n, text);
		memcpy(b, st, r->state_size);
		if (r->play(b, seat, buf, &pl, err, sizeof(err)) != GAME_OK)
			continue;
		got = factions_text(r, b);
		/* arbiter buys missing spades even after `dig N`: take the
		 * largest N that gives the same result */
		if (strcmp(got, want) == 0) {
			snprintf(best, sizeof(best), "%s", buf);
			res = best;
		}
		free(got);
	}
out:
	free(want);
	free(a);
	free(b);
	return res;
}

static const char *
home_color(const char *faction)
{
	static const char *const t[][2] = { { "alchemists", "black" },
	    { "auren", "green" }, { "chaosmagicians", "red" }, { "cultists", "brown" },
	    { "darklings", "black" }, { "dwarves", "gray" }, { "engineers", "gray" },
	    { "fakirs", "yellow" }, { "giants", "red" }, { "halflings", "brown" },
	    { "mermaids", "blue" }, { "nomads", "yellow" }, { "swarmlings", "blue" },
	    { "witches", "green" }, { "icemaidens", "ice" }, { "yetis", "ice" },
	    { "acolytes", "volcano" }, { "dragonlords", "volcano" },
	    { "shapeshifters", "" },	/* their colour changes: no home here */
	    { "riverwalkers", "" } };	/* they never transform */
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(t[i][0], faction) == 0)
			return t[i][1];
	return "";
}

/*
 * Drop, while something else is left, the moves that lead into differences
 * already found, so that the games go on to find new ones:
 * transforming to a foreign terrain (found/multi-nonhome-transform.log),
 * the Darklings' stronghold with strict-darkling-sh (found/darklings-sh-turn.log).
 */
static int
filter_known(char **lines, int n, const char *faction, int strict_dsh)
{
	static char *keep[4096];
	const char *home = home_color(faction);
	int nk = 0, i;

	for (i = 0; i < n; i++) {
		const char *to = strstr(lines[i], " to ");

		if (starts(lines[i], "transform") && to != NULL &&
		    strcasecmp(to + 4, home) != 0)
			continue;
		if (strict_dsh && strcmp(faction, "darklings") == 0 &&
		    starts(lines[i], "upgrade") && strstr(lines[i], " to SH") != NULL)
			continue;
		keep[nk++] = lines[i];
	}
	if (nk == 0)
		return n;
	for (i = 0; i < nk; i++)
		lines[i] = keep[i];
	return nk;
}

static const char *const optional[] = { "strict-leech", "strict-darkling-sh",
	"strict-chaosmagician-sh", "errata-cultist-power", "mini-expansion-1",
	"shipping-bonus", "temple-scoring-tile", "variable-turn-order",
	"fire-and-ice-factions/ice", "fire-and-ice-final-scoring",
	"fire-and-ice-factions/volcano" };

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
	int strict_dsh;
	/* TDIFF_RAW=1: no steering away from the differences already found */
	int raw = getenv("TDIFF_RAW") != NULL;
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
	/* the Shapeshifters: one of the five rule versions, half the games
	 * (TDIFF_VARIABLE=N: always version N, 1 = fire-and-ice-factions/variable) */
	{
		static const char *const variable[] = { "fire-and-ice-factions/variable",
		    "fire-and-ice-factions/variable_v2", "fire-and-ice-factions/variable_v3",
		    "fire-and-ice-factions/variable_v4", "fire-and-ice-factions/variable_v5" };
		const char *e = getenv("TDIFF_VARIABLE");
		int pick = (int)rng_below(&g, 10);

		if (e != NULL && atoi(e) >= 1 && atoi(e) <= 5)
			pick = atoi(e) - 1;
		if (pick < 5) {
			opts[nopts].key = variable[pick];
			opts[nopts++].value = "";
		}
	}
	if (r->setup(st, np, opts, nopts, seed, err, sizeof(err)) != 0) {
		fprintf(stderr, "gen %llu: setup: %s\n", (unsigned long long)seed64, err);
		goto out;
	}
	for (i = 0; i < nopts; i++)
		sb_printf(&log, "option %s\n", opts[i].key);
	/* the site draws the Fire & Ice final tile only on `randomize`: the
	 * log names the tile the seed drew */
	v = r->render_json(st, -1, seatnames);
	if (json_object_get(v, "final_scoring") != NULL)
		sb_printf(&log, "final-scoring %s\n",
		    json_string_value(json_object_get(v, "final_scoring")));
	json_decref(v);
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
		if (i == 10 && !has_opt(opts, nopts, "shipping-bonus"))
			continue;	/* BON10 only exists with shipping-bonus */
		if (json_object_get(bl, key) == NULL)
			sb_printf(&log, "delete %s\n", key);
	}
	json_decref(v);
	/* the site lets a volcano faction pick its colour (post-setup) only
	 * in a game with players: name them, as the site's own logs do */
	if (has_opt(opts, nopts, "fire-and-ice-factions/volcano"))
		for (i = 0; i < np; i++)
			sb_printf(&log, "player p%d\n", i + 1);
	strict_dsh = has_opt(opts, nopts, "strict-darkling-sh");
	memset(faction, 0, sizeof(faction));
	while (!r->over(st)) {
		struct game_wait w;
		struct game_played pl;
		char *lines[4096], *p;
		int seats[GAME_MAX_SEATS], ns = 0, offers[GAME_MAX_SEATS], no = 0, seat, n;
		const char *text;
		char buildbuf[128];

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
		/* decide power offers and owed steps (the Cultists' cult step)
		 * before the next action: the site waits for them
		 * (found/cultists-step-order.log) */
		for (k = 0; k < ns; k++)
			if (strstr(w.why[seats[k]], "take an action") == NULL && no < GAME_MAX_SEATS &&
			    strstr(w.why[seats[k]], "bridge HEX:HEX") == NULL &&
			    strstr(w.why[seats[k]], "leech") == NULL &&
			    strstr(w.why[seats[k]], "offer") == NULL)
				offers[no++] = seats[k];
		if (no > 0 && !raw)
			seat = offers[rng_below(&g, (uint32_t)no)];
		else
			seat = seats[rng_below(&g, (uint32_t)ns)];
		/*
		 * A faction that started an action and owes its rest (the free
		 * dwelling of ACTW, the upgrade of ACTS, spades to spend) writes
		 * that rest in its next row, as the site's own log does: the
		 * reference keeps such an action open for good when another
		 * faction's row comes between (out/g/g9095: "action ACTW", a
		 * leech, "build I6").  Not a rule difference: a log form.
		 */
		{
			const struct tm_state *ts = st;

			if (ts->phase == TP_ACTIONS && ts->cur >= 0 && ts->cur < np &&
			    (w.mask & (1u << ts->cur)) && tm_owes(ts, ts->cur))
				seat = ts->cur;
		}
		sb_reset(&mv);
		r->moves(st, seat, &mv);
		n = split_lines((char *)sb_str(&mv), lines, 4096);
		if (n <= 0) {
			char failed[600];

			fprintf(stderr, "gen %llu: seat %d has no move (%s)\n",
			    (unsigned long long)seed64, seat, w.why[seat]);
			snprintf(failed, sizeof(failed), "%s.failed", outpath);
			if ((f = fopen(failed, "w")) != NULL) {
				fprintf(f, "%s# seat %d (%s) has no move: %s\n", sb_str(&log),
				    seat, faction[seat], w.why[seat]);
				fclose(f);
			}
			goto out;
		}
		if (!raw)
			n = filter_known(lines, n, faction[seat], strict_dsh);
		text = choose(&g, lines, n);
		/* with the Fire & Ice factions in the game, choose them often
		 * enough that every game exercises one (TDIFF_ICE=percent,
		 * default 60) */
		if (starts(text, "setup ")) {
			static char *ice[6];
			int ni = 0, pct = getenv("TDIFF_ICE") ? atoi(getenv("TDIFF_ICE")) : 60;

			for (k = 0; k < n; k++)
				if (strcmp(lines[k], "setup icemaidens") == 0 ||
				    strcmp(lines[k], "setup yetis") == 0 ||
				    strcmp(lines[k], "setup acolytes") == 0 ||
				    strcmp(lines[k], "setup dragonlords") == 0 ||
				    strcmp(lines[k], "setup shapeshifters") == 0 ||
				    strcmp(lines[k], "setup riverwalkers") == 0)
					ice[ni++] = lines[k];
			if (ni > 0 && (int)rng_below(&g, 100) < pct)
				text = ice[rng_below(&g, (uint32_t)ni)];
		}
		if ((starts(text, "build ") || starts(text, "transform ")) && faction[seat][0] != '\0' &&
		    getenv("TDIFF_RAWBUILD") == NULL)
			text = site_build(r, st, seat, text, buildbuf, sizeof(buildbuf));
		if (r->play(st, seat, text, &pl, err, sizeof(err)) != GAME_OK) {
			char failed[600];

			fprintf(stderr, "gen %llu: listed move '%s' rejected: %s\n",
			    (unsigned long long)seed64, text, err);
			/* The log so far, for finding why (OUT.failed). */
			snprintf(failed, sizeof(failed), "%s.failed", outpath);
			if ((f = fopen(failed, "w")) != NULL) {
				fprintf(f, "%s# seat %d (%s): %s\n", sb_str(&log), seat,
				    faction[seat], text);
				fclose(f);
			}
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
