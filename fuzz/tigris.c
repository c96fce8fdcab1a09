/*
 * tigris.c - fuzz target: arbitrary submissions to the tigris engine's parser and
 * rules, played on positions from seeded self-play (see fuzz.h).
 *
 * Input: byte 0 picks the position, byte 1 the seat (0 is the
 * administrative seat -1, k the seat k-1), the rest is the submission.
 */
#include <stdlib.h>

#include "fuzz.h"

extern const struct game_rules tigris_rules;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct fuzz_pos *pos;
	char *text;
	int n;

	pos = fuzz_positions(&tigris_rules, &n);
	if (size < 2)
		return 0;
	pos += data[0] % n;
	text = fuzz_strndup(data + 2, size - 2);
	(void)fuzz_play(&tigris_rules, pos->state, pos->nseats,
	    data[1] % (pos->nseats + 1) - 1, text);
	free(text);
	return 0;
}
