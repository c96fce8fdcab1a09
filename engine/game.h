/*
 * game.h - the interface every game engine exports.
 *
 * An engine knows the rules of one game and nothing else: no files, no
 * SQLite, no network, no clock, no global mutable state.  A game state is a
 * fixed-size struct without pointers, so a snapshot is simply its bytes.
 * Everything random comes from the generator stored inside the state
 * (engine/rng.h), seeded from the game's 32-byte seed, so a game is a pure
 * function of (options, seed, move log).
 *
 * Conventions every engine follows:
 *  - setup() starts from a zeroed buffer of state_size bytes (the caller
 *    memsets it) and must leave padding deterministic: whole-state copies
 *    use memcpy, so two replays of the same log give identical bytes.
 *  - play() may leave the state half-changed when it fails; the caller
 *    always works on a copy and throws it away on failure.
 *  - Seats are numbered 0..nseats-1 in the order they were given to `new`.
 *  - The engine alone decides who may act: play() refuses a seat that may
 *    not send a command now with GAME_NOT_YOUR_TURN, and accepts the
 *    commands its rules allow at any time (Warriors' standing orders,
 *    `resign`) from seats the game is not waiting for.  The application
 *    never checks turn order itself.
 *  - A game whose rules let a seat leave has the command `resign`,
 *    accepted from a seat at any time while the game runs: the seat
 *    leaves, and the game's own rules say what becomes of its pieces and
 *    score (see arbiter-GAME(6)).  Tigris and Terra Mystica have it (Terra
 *    from the end of the faction choice on); Warriors & Traders refuses
 *    it, saying why: its edition has no rule for leaving.
 *  - A state read back from storage may be damaged.  check() must accept
 *    any bytes whatsoever without crashing or reading out of bounds, and
 *    accept only states every other function can work on: every index,
 *    count and enumeration validated before use.  Nothing else is called
 *    on a state check() refused.
 */
#ifndef ARBITER_GAME_H
#define ARBITER_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "sbuf.h"

enum {
	GAME_MAX_SEATS = 8,
	GAME_SEED_LEN = 32,
	GAME_WHY_LEN = 160,
	GAME_LABEL_LEN = 32,
	GAME_OPTION_FILE_MAX = 8192,	/* bytes of a file option's text (file_options) */
	GAME_TOLD_LEN = 600,
	GAME_BRIEF_LEN = 64,
};

/* Results of play(). */
enum game_status {
	GAME_OK = 0,
	GAME_REJECTED = 1,	/* a rule was broken: err names it */
	GAME_NOT_YOUR_TURN = 2,	/* this seat may not act now: err says whom the game waits for */
};

/* One option given at `new`: key=value (value may be "" for flag options). */
struct game_opt {
	const char *key;
	const char *value;
};

/* Whom the game waits for, and what each of them must decide. */
struct game_wait {
	unsigned mask;				/* bit i set: seat i is awaited */
	char why[GAME_MAX_SEATS][GAME_WHY_LEN];	/* "support in the red revolt at F4" */
	/*
	 * For a seat awaited only for a decision outside its turn, that
	 * decision in a few words for a mail's subject ("power offer from
	 * witches"); "" when the seat's turn is what is awaited ("your turn").
	 */
	char brief[GAME_MAX_SEATS][GAME_BRIEF_LEN];
};

/* Scores as a given viewer may see them. */
struct game_score {
	int nseats;
	int visible[GAME_MAX_SEATS];	/* 0: hidden from this viewer */
	int score[GAME_MAX_SEATS];
	int rank[GAME_MAX_SEATS];	/* final rank (1 = winner), 0 while running */
	char label[GAME_MAX_SEATS][GAME_LABEL_LEN]; /* "" = use the seat name; Terra: faction */
};

/* What a successful play() reports besides the new state. */
struct game_played {
	int drew;	/* the submission revealed hidden information (drew from the bag) */
	/*
	 * What the submission did that its commands do not say, all public,
	 * one event a line ("icemaidens may leech 2 from halflings: 2 power
	 * for 1 VP", "declined by acting: leech 1 from nomads"): for the log
	 * and the answer to the mover.  "" when nothing.
	 */
	char told[GAME_TOLD_LEN];
	/*
	 * 0: the submission is news to every seat.  Else the seats it
	 * concerns (bit i: seat i), when it only answered what was asked of
	 * the mover outside its turn (a power offer): the other seats read it
	 * in their next mail, unless it changed what the game awaits from them.
	 */
	unsigned concerns;
};

struct game_import;

/*
 * Render views.  viewer = -1 is the public view; viewer = seat adds what is
 * behind that seat's screen.  names[] holds the seat names (nseats of them).
 */
struct game_rules {
	const char *name;	/* "tigris" */
	const char *title;	/* "Tigris & Euphrates" */
	/* What the game's secret seed decides, for the start mail: "the tiles
	 * drawn from the bag and the start player". */
	const char *draws;
	int min_seats, max_seats;
	uint32_t version;	/* bump whenever the state layout or a rule changes */
	size_t state_size;

	/* Validate options and set up a new game.  0 on success. */
	int (*setup)(void *st, int nseats, const struct game_opt *opts, int nopts,
	    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen);

	/*
	 * Parse, check and apply one submission (one or more commands
	 * separated by newlines or ';') from one seat.  seat = -1 is an
	 * administrative submission (imports of foreign logs only).
	 */
	enum game_status (*play)(void *st, int seat, const char *text,
	    struct game_played *out, char *err, size_t errlen);

	void (*waiting)(const void *st, struct game_wait *w);
	int (*over)(const void *st);
	void (*score)(const void *st, int viewer, struct game_score *out);

	/* The legal commands for a seat now, one complete command per line. */
	void (*moves)(const void *st, int seat, struct sbuf *out);

	/* Text board (fits 80 columns), legend, seats, last submission. */
	void (*render_text)(const void *st, int viewer, const char *const *names,
	    struct sbuf *out);
	/* The same as JSON; a seat's view adds one object "private". */
	json_t *(*render_json)(const void *st, int viewer, const char *const *names);

	/*
	 * Internal invariants (tiles accounted for, ...); 0 when all hold.
	 * Safe on arbitrary bytes (see the conventions above).
	 */
	int (*check)(const void *st, char *err, size_t errlen);

	/*
	 * The public form of a submission that play() accepted from seat on
	 * state before: what every other seat may read in the log while the
	 * game runs (Tigris `swap r r r` is `swap 3`; Warriors' queued orders
	 * say only that orders were given).  One command per line.  NULL for
	 * a game without hidden commands: the text itself is public.
	 */
	void (*public_text)(const void *before, int seat, const char *text,
	    struct sbuf *out);

	/*
	 * The submission a seat makes when it lets its deadline pass under
	 * the policy "pass": the default of what the game waits for from it
	 * (Tigris: pass the remaining actions, or the least commitment a
	 * decision allows; Terra Mystica: decline every power offer, then pass;
	 * Warriors: no orders).  Written to out in the game's notation and
	 * played through play() like any submission.  0, or -1 when the seat
	 * is not awaited or its rules give it no default.
	 */
	int (*timeout_move)(const void *st, int seat, struct sbuf *out);

	/*
	 * Replace the hidden information owned by owner (a seat's hand, its
	 * hidden score, its queued orders), or with owner -1 the information
	 * no seat sees (the bag's order), by another arrangement that agrees
	 * with everything public and with what every other seat sees, chosen
	 * by salt.  The state stays valid (check() accepts it).  Returns 1 when
	 * something changed, 0 when nothing of owner's is hidden now.  Tests
	 * use it to prove that public output never depends on hidden
	 * information.  NULL for a game without hidden information.
	 */
	int (*resample)(void *st, int owner, uint64_t salt);

	/*
	 * The map: the leading part of render_text's public text (viewer -1)
	 * that needs a fixed-width font, exactly as render_text begins.  A
	 * forum post puts it in a code box and the rest as ordinary text
	 * (tests/unit/test_board.c checks it leads the report).  NULL: the
	 * whole report needs a fixed-width font.
	 */
	void (*render_board)(const void *st, const char *const *names, struct sbuf *out);

	/*
	 * 1 when one line of a mail body starts like a command of the game's
	 * notation (it need not be legal: the engine judges it when played),
	 * 0 for a greeting, a sign-off or other prose.  Mail reading uses it
	 * to take the commands from the top of a reply and to tell the sender
	 * which lines it ignored.  NULL: every line is taken as a command.
	 */
	int (*is_command)(const char *line);

	/*
	 * The words a command of the notation starts with, NULL-terminated
	 * (the table is_command reads), and whether a lower-case word is one
	 * of the notation's other words: a name from its tables (a colour, a
	 * faction, a province, a unit) or a keyword between them ("from",
	 * "to").  Mail reading uses both to tell a misspelt command ("leach
	 * 2 from nomads") from prose, which is skipped: such a line is
	 * refused, never read past.  NULL: none (no line is taken for a
	 * misspelt command; numbers and coordinates still look like notation).
	 */
	const char *const *verbs;
	int (*notation_word)(const char *word);

	/*
	 * What the game's tiles or cards do, in words, for `help GAME` by
	 * mail (Terra Mystica: the bonus, favor, town and scoring tiles), the
	 * same words the report uses.  NULL: nothing beyond the notation.
	 */
	void (*glossary)(struct sbuf *out);

	/*
	 * Optional (NULL when the game has none): split a foreign log into
	 * options and submissions.  Used by `arbiter import GAME LOGFILE`.
	 */
	int (*import_log)(const char *log, struct game_import *imp, char *err, size_t errlen);

	/*
	 * Options whose value, given on the command line (`new --option
	 * KEY=FILE`, `import --option`), names a file: the application reads
	 * it (at most GAME_OPTION_FILE_MAX bytes, no NUL) and the option's
	 * value, stored with the game, is the file's text, so the game
	 * replays whatever becomes of the file.  setup() judges the text; its
	 * errors about such an option begin "KEY: ".  Other ways of giving
	 * options (mail) pass the value as it is: they never read a file.
	 * NULL-terminated; NULL when the game has none (Terra Mystica: map).
	 */
	const char *const *file_options;
};

/* A foreign log, split by an engine's import_log(). Free with game_import_free(). */
struct game_import_sub {
	int seat;	/* -1: administrative line */
	int line;	/* line number in the log, for error messages */
	char *text;
};
struct game_import {
	int nseats;
	int seats_open;		/* 1: the log does not fix the number of seats;
				   nseats is the least (the importer's --seat
				   may give more) */
	int nopts;
	struct game_opt *opts;	/* keys/values owned by the import */
	int nsubs;
	struct game_import_sub *subs;
	char **labels;		/* per seat, e.g. the faction; may be NULL */
};
void game_import_free(struct game_import *imp);
int game_import_add_opt(struct game_import *imp, const char *key, const char *value);
int game_import_add_sub(struct game_import *imp, int seat, int line, const char *text);

/*
 * fallback.c: a default submission from seat's legal moves, for a
 * timeout_move.  On a copy of st, while the seat is awaited: play the
 * first line of moves() whose first word is the earliest of prefer
 * (NULL-terminated; else the first line listed); a command whose first
 * word is repeat (NULL: none) does not end the decision, any other does.
 * Each command played is written to out, one a line.  0, or -1 when the
 * seat is not awaited or a listed command was refused.
 */
int game_default_move(const struct game_rules *r, const void *st, int seat,
    const char *repeat, const char *const *prefer, struct sbuf *out);

/* registry.c */
const struct game_rules *game_find(const char *name);
const struct game_rules *const *game_all(void);

#endif
