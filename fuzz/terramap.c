/*
 * terramap.c - fuzz target: a Terra Mystica map file as `--option
 * map=FILE` hands it to the engine (engine/terra/tmap.c).  A refused map
 * gets one line of valid UTF-8 that quotes none of its bytes beyond
 * printable ASCII; an accepted one has distinct cell names, passes the
 * engine's own check of a stored map, and a game set up on it passes
 * check() and renders.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../engine/notation.h"
#include "../engine/terra/terra.h"

extern const struct game_rules terra_rules;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_cell cells[TM_NCELLS];
	struct tm_state *s;
	struct game_opt opt;
	struct sbuf out = SBUF_INIT;
	uint8_t seed[GAME_SEED_LEN] = { 7 };
	char err[512] = "", *text;
	int i, j;

	if (tm_map_parse((const char *)data, size, cells, err, sizeof(err)) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL || strchr(err, '\r') != NULL ||
		    !utf8_valid(err, strlen(err)))
			fuzz_fail("map refused with the reason \"%s\"", err);
		for (i = 0; err[i] != '\0'; i++)
			if ((unsigned char)err[i] < 0x20 || (unsigned char)err[i] >= 0x7f)
				fuzz_fail("map refused with a raw byte 0x%02x in \"%s\"",
				    (unsigned char)err[i], err);
		return 0;
	}
	if (!tm_map_check(cells))
		fuzz_fail("an accepted map fails tm_map_check");
	for (i = 0; i < TM_NCELLS; i++)
		for (j = 0; j < i; j++)
			if (strcmp(cells[i].name, cells[j].name) == 0)
				fuzz_fail("two cells named %s", cells[i].name);
	/* The engine reads the option as a C string: up to the first NUL. */
	if (memchr(data, '\0', size) != NULL)
		return 0;
	text = fuzz_strndup(data, size);
	if ((s = calloc(1, sizeof(*s))) == NULL)
		fuzz_fail("out of memory");
	opt.key = "map";
	opt.value = text;
	if (terra_rules.setup(s, 2, &opt, 1, seed, err, sizeof(err)) != 0)
		fuzz_fail("setup refused a map the parser took: %s", err);
	if (memcmp(s->cells, cells, sizeof(cells)) != 0)
		fuzz_fail("setup made another map of the same text");
	if (terra_rules.check(s, err, sizeof(err)) != 0)
		fuzz_fail("a new game on the map fails check(): %s", err);
	terra_rules.render_text(s, -1, (const char *const[]){ "a", "b" }, &out);
	if (out.oom)
		fuzz_fail("out of memory");
	sb_free(&out);
	free(s);
	free(text);
	return 0;
}
