/*
 * fuzz.h - what the fuzz targets in fuzz/ share.
 *
 * Every target is one file defining LLVMFuzzerTestOneInput (and, when it
 * needs one, LLVMFuzzerInitialize).  `make fuzz` links each with clang's
 * libFuzzer; `make check` links the same file with standalone.c, a main
 * that feeds it every file named on its command line once (the corpus and
 * the reproducers in fuzz/regress/), built with gcc like the other tests.
 *
 * A target reports a broken promise by calling fuzz_fail(), which prints
 * why and aborts, so libFuzzer keeps the input as a crash.
 */
#ifndef ARBITER_FUZZ_H
#define ARBITER_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "../engine/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Print "fuzz: broken promise: ..." and abort(). */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* A NUL-terminated malloc'ed copy of data[0..size) (aborts when out of memory). */
char *fuzz_strndup(const uint8_t *data, size_t size);

/*
 * Positions reached by seeded self-play (tests/selfplay.c) of one game,
 * made once per process: the state after setup and after a spread of
 * command counts, for a few seeds and seat counts, up to the end.
 */
struct fuzz_pos {
	int nseats;
	void *state;		/* r->state_size bytes */
};
/* The positions of r's game; *n gets their count (at least 1). */
const struct fuzz_pos *fuzz_positions(const struct game_rules *r, int *n);

/* The seat names "s1".."s8" render() wants. */
extern const char *const fuzz_names[GAME_MAX_SEATS];

/*
 * Every read-only function of the engine on a state check() accepted: the
 * text and JSON views for the public and for every seat, waiting, over,
 * score, moves and timeout_move for every seat.  Fails when the state
 * breaks an invariant of the interface (check() refusing it, an awaited
 * seat with no legal move, a wait mask naming a seat that is not there).
 */
void fuzz_exercise(const struct game_rules *r, const void *st, int nseats);

/*
 * Play text from seat on a copy of st, as `arbiter move` does, and check
 * what the interface promises: a rejection has a one-line reason, an
 * accepted submission leaves a state check() accepts, is deterministic
 * (played twice, equal bytes) and has a public form; then exercise the
 * result.  Returns the status of play().
 */
enum game_status fuzz_play(const struct game_rules *r, const void *st, int nseats,
    int seat, const char *text);

#endif
