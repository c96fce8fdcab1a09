/*
 * import.c - fuzz target: `arbiter import terra LOG` without the
 * database: the engine's splitter of a foreign log (engine/terra/timport.c
 * through engine/import.c's container), then, as app/import.c does, the
 * game set up with the options it found and every submission replayed
 * until the first one the rules refuse; every state on the way must pass
 * check(), and the last one every read-only function.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

extern const struct game_rules terra_rules;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_rules *r = &terra_rules;
	struct game_import imp;
	struct game_played pl;
	uint8_t seed[GAME_SEED_LEN] = { 7 };
	char err[512], *log = fuzz_strndup(data, size);
	void *st;
	int i;

	memset(&imp, 0, sizeof(imp));
	err[0] = '\0';
	if (r->import_log(log, &imp, err, sizeof(err)) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL)
			fuzz_fail("import: refused with the reason \"%s\"", err);
		game_import_free(&imp);
		free(log);
		return 0;
	}
	free(log);
	if ((st = calloc(1, r->state_size)) == NULL)
		fuzz_fail("out of memory");
	if (imp.nseats >= r->min_seats && imp.nseats <= r->max_seats &&
	    r->setup(st, imp.nseats, imp.opts, imp.nopts, seed, err, sizeof(err)) == 0) {
		for (i = 0; i < imp.nsubs; i++) {
			if (imp.subs[i].seat < -1 || imp.subs[i].seat >= imp.nseats)
				fuzz_fail("import: line %d names seat %d of %d", imp.subs[i].line,
				    imp.subs[i].seat, imp.nseats);
			if (r->play(st, imp.subs[i].seat, imp.subs[i].text, &pl, err,
			    sizeof(err)) != GAME_OK)
				break;
			if (r->check(st, err, sizeof(err)) != 0)
				fuzz_fail("import: after line %d: %s", imp.subs[i].line, err);
		}
		if (i == imp.nsubs)
			fuzz_exercise(r, st, imp.nseats);
	}
	free(st);
	game_import_free(&imp);
	return 0;
}
