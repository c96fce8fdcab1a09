/*
 * tdarb.h - what the parts of tdarb share: the replay (tdarb.c), the
 * generator with the site's engine in the loop (tdgen.c) and the candidate
 * commands it offers both engines (tdcand.c).
 */
#ifndef TDARB_H
#define TDARB_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "../../engine/game.h"
#include "../../engine/rng.h"
#include "../../engine/sbuf.h"
#include "../../engine/terra/terra.h"

extern const char *const td_seatnames[GAME_MAX_SEATS];
void *td_as_logged(const struct game_rules *r, const void *st);

char *td_slurp(const char *path);
int td_split_lines(char *s, char **lines, int max);
int td_starts(const char *s, const char *pre);

/* The kinds of candidate command the generator counts apart. */
enum td_kind {
	TK_LISTED,	/* a move of arbiter's moves() for its seat */
	TK_OTHER,	/* a move of arbiter's moves() for a seat not on turn */
	TK_CONVERT, TK_BURN, TK_LEECH, TK_DECLINE, TK_ACTION, TK_PASS, TK_BUILD,
	TK_UPGRADE, TK_TRANSFORM, TK_DIG, TK_SEND, TK_ADVANCE, TK_BRIDGE,
	TK_PLUS, TK_MINUS_RES, TK_MINUS_CULT, TK_MINUS_OWED, TK_MINUS_TILE,
	TK_DONE, TK_WAIT, TK_DROP, TK_RESIGN, TK_PICK, TK_UNLOCK, TK_CONNECT,
	TK_GAIN, TK_MULTI, TK_LAST_ACTIONS,
	TK_NKIND
};
extern const char *const td_kind_names[TK_NKIND];

/* One candidate row: its seat (-1: an admin row) and its text, as the
 * site's log writes it after "faction: " (the prefix is added later). */
struct td_cand {
	int seat;
	enum td_kind kind;
	char text[256];
};

/*
 * Draw a candidate for the state st (arbiter's): listed[] are arbiter's
 * listed moves for the seat the game will move now (seat), fnames[] the
 * factions' names by seat.  Returns 0, or -1 when nothing fits.
 */
int td_candidate(const struct game_rules *r, const struct tm_state *st, struct rng *g,
    int seat, char **listed, int nlisted, const char (*fnames)[32], struct td_cand *c);

/* tdgen.c: `tdarb gen` (see there). */
int td_gen(const struct game_rules *r, uint64_t first, long count, const char *outdir,
    int steer);

#endif
