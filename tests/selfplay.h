/*
 * selfplay.h - seeded random self-play through the game interface.
 *
 * Plays whole games by picking random lines from an engine's moves() for a
 * random awaited seat, checking the engine's invariants after every
 * command, and at the end replaying the log from the seed and comparing the
 * state byte for byte (what `arbiter verify` does).
 */
#ifndef ARBITER_SELFPLAY_H
#define ARBITER_SELFPLAY_H

#include <stdint.h>

#include "../engine/game.h"

/* Called after every applied command; return 0 when all is well. */
typedef int (*selfplay_hook)(const void *st, char *err, size_t errlen);

struct selfplay_result {
	long commands;		/* commands applied */
	int finished;		/* the game reached its end */
};

/*
 * Play one game.  seed64 expands into the 32-byte game seed and drives the
 * choice of moves.  max_commands bounds a game that does not end.
 * Every probe_every commands, every line of moves() is tried on a copy and
 * must be accepted (0 = never).  Returns 0, or -1 with err filled.
 */
int selfplay_game(const struct game_rules *r, int nseats,
    const struct game_opt *opts, int nopts, uint64_t seed64,
    long max_commands, int probe_every, selfplay_hook hook,
    struct selfplay_result *res, char *err, size_t errlen);

#endif
