/*
 * app.h - the application layer: what the commands, inbound mail and cron
 * work share.  Loading a game, the one path of every move (play.c), the
 * mail a move causes (notify.c, outmail.c), inbound mail (inmail.c), the
 * site configuration, reports and templates.  The command files in cli/
 * parse their arguments and call into this layer; nothing here parses a
 * command line.
 */
#ifndef ARBITER_APP_H
#define ARBITER_APP_H

#include <stdint.h>
#include <stdio.h>

#include "../engine/game.h"
#include "../store/store.h"

struct smtp_session;

/* Exit codes, as sysexits.h numbers them. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,		/* a check failed (verify) */
	EXIT_USAGE = 64,	/* EX_USAGE */
	EXIT_REJECTED = 65,	/* EX_DATAERR: a rule was broken */
	EXIT_NOGAME = 66,	/* EX_NOINPUT: no such game or database */
	EXIT_UNAVAILABLE = 69,	/* EX_UNAVAILABLE: a library arbiter needs is missing */
	EXIT_SOFTWARE = 70,	/* EX_SOFTWARE */
	EXIT_CANTCREAT = 73,	/* EX_CANTCREAT: an output file cannot be made */
	EXIT_IOERR = 74,	/* EX_IOERR */
	EXIT_TEMPFAIL = 75,	/* EX_TEMPFAIL: busy or disk full, try again */
	EXIT_NOPERM = 77,	/* EX_NOPERM: this seat may not act now */
	EXIT_CONFIG = 78,	/* EX_CONFIG: the configuration is wrong or missing */
};

/*
 * The formats of --format.  The picture formats (png, svg) come last and
 * only commands that draw take them (cmd_entry.pictures).
 */
enum format { FMT_TEXT, FMT_BBCODE, FMT_MARKDOWN, FMT_JSON, FMT_PNG, FMT_SVG, FMT_COUNT };
/* Their names for --format, in the order of enum format (report.c). */
extern const char *const format_names[FMT_COUNT];
#define format_is_picture(f) ((f) == FMT_PNG || (f) == FMT_SVG)

struct config;

/* What every command gets: the global options. */
struct ctx {
	const char *db;		/* --db, $ARBITER_DB, db in arbiter.conf, ./arbiter.db */
	int db_default;		/* db is ./arbiter.db: neither --db nor $ARBITER_DB gave one */
	enum format format;	/* --format */
	const char *config;	/* --config */
	const char *prog;
	struct config *cfg;	/* loaded once by config_get (config.h); owned */
	struct smtp_session *smtp;	/* dialled ahead by outmail_ahead; owned */
	int behind;		/* the detached delivery: it waits for the writers (outmail_deliver) */
};



/* util.c */
int parse_game_id(const char *s, int64_t *id);
int parse_int(const char *s, long min, long max, long *out);
int64_t now_epoch(void);	/* time(NULL), or $ARBITER_NOW for tests */
int read_all(FILE *f, char **out, size_t *len);
/* Read f to its end, keeping at most its first max bytes; *total counts all. */
int read_prefix(FILE *f, size_t max, char **out, size_t *len, size_t *total);
int read_file(const char *path, char **out, size_t *len);
/* What a command writes at a path its caller names with the option opt
 * (show -o, post --image): the file made, or emptied, private to its user
 * (0600); refused when the path, or the file opened, is one of arbiter's
 * own files (the database's, s's; the site configuration's).  An exit
 * code, the error said. */
int write_output(struct ctx *c, struct store *s, const char *opt, const char *path,
    const void *data, size_t len);
int random_bytes(uint8_t *buf, size_t len);
void hex_encode(const uint8_t *buf, size_t len, char *out);
/* v as json_dumps(v, JSON_COMPACT) writes it, the same bytes, made without
 * jansson's bookkeeping (a tenth of a move); malloc'ed, or NULL. */
char *json_compact(const json_t *v);
int hex_decode(const char *hex, uint8_t *buf, size_t len);
void errx_line(const struct ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print a store failure and map its STORE_* code to an exit code. */
int store_exit(struct store *s, int rc);
/* The same mapping, printing nothing. */
int store_exit_code(int rc);

/*
 * game.c: a loaded game.  Opening reads the game row, its seats and its
 * current state (from the snapshot, or by replaying the log).
 */
struct loaded {
	struct store *store;
	struct store_game row;
	struct store_seat seats[GAME_MAX_SEATS];
	const char *names[GAME_MAX_SEATS];
	const struct game_rules *rules;
	void *state;		/* rules->state_size bytes */
	int seq;		/* moves applied in state */
	/* The seats' passwords in clear, only while a game is being created
	   or imported (for its start mail); empty otherwise. */
	char passwords[GAME_MAX_SEATS][32];
	/* The seats whose serial the last move changed (game_update_serials):
	 * each became or stopped being awaited, or is awaited for something new. */
	unsigned changed;
	/* The seats the last move concerns (game_played's concerns): a move
	 * that only answered what was asked of its seat; 0: every seat. */
	unsigned concerns;
};

/*
 * Open c's database in a STORE_OPEN_* mode (printing why not).  Opening
 * to write also checks the configuration against the database
 * (config_site) and hashes any seat password still stored in plain text.
 */
int game_open_store(struct ctx *c, int mode, struct store **s);
/* Row, rules and seats only (no state). */
int game_load_meta(struct ctx *c, struct store *s, int64_t id, struct loaded *g);
/* Load game id; upto = -1 for the current state, else the state after move upto. */
int game_load(struct ctx *c, struct store *s, int64_t id, int upto, struct loaded *g);
void game_unload(struct loaded *g);
/* Parse a game id operand, open the database and load the game (read only). */
int game_open(struct ctx *c, const char *idarg, int upto, struct store **s, struct loaded *g);
/* Open the database to write, begin a transaction and load game id (the
 * transaction is rolled back when that fails).  An EXIT_* code. */
int game_open_write(struct ctx *c, int64_t id, struct store **s, struct loaded *g);
/* game_seat_find, printing an error when there is no such seat. */
int game_seat_arg(struct ctx *c, const struct loaded *g, const char *arg);
/* Replay setup + log moves 1..upto into state (upto = -1: all). */
int game_replay(struct loaded *g, int upto, char *err, size_t errlen);
int game_setup_state(const struct game_rules *r, const struct store_game *row,
    void *state, char *err, size_t errlen);
/*
 * Walk g's log (g loaded with game_load_meta) in order, calling fn with
 * each move and the text a reader may see of it: as played when reveal is
 * set (a private export, a finished game) or the engine has no hidden
 * commands, else the engine's public form (replaying the log from the seed
 * for the state before each move).  Returns 0; fn's non-zero result, which
 * stops the walk; or -1 with err set when the log does not replay.
 */
int game_log_walk(struct loaded *g, int reveal,
    int (*fn)(const struct store_move *m, const char *shown, void *arg), void *arg,
    char *err, size_t errlen);
/* Start or stop the seats' idle clocks after a move (mover -1: none). */
int game_update_clocks(struct loaded *g, int mover, int64_t now);
/*
 * Give a new serial to every seat whose part changed since before (what
 * the game awaited then): it became or stopped being awaited, or its
 * reason changed; but not the mover (-1: none): what a seat changed
 * itself does not stale its own reply address.  before NULL: every seat
 * (undo).  Inside the caller's transaction; STORE_* code.
 */
int game_update_serials(struct loaded *g, int mover, const struct game_wait *before);
/* Seat by name (case-insensitive) or 1-based number; -1 when none. */
int game_seat_find(const struct loaded *g, const char *s);
void game_waiting_text(const struct loaded *g, char *buf, size_t len);
/* What seat i is awaited for, without its own name where the engine's
 * reason begins with it ("dwarves: spend ..." of the seat named dwarves). */
const char *game_why(const struct loaded *g, const struct game_wait *w, int i);
/* "NAME:EMAIL" or "NAME" from --seat; 0 when well formed, else err says why. */
int seat_parse(const char *arg, struct store_seat *seat, char *err, size_t errlen);
/*
 * Seat passwords, for mail sent without a reply token.  seat_passwords
 * draws a random password for each seat into plain[i] (shown once, in the
 * start mail) and stores its salted hash in seats[i].password.
 * seat_password_check compares a given password with a stored hash (or,
 * before a database's passwords were hashed, a plain one) in time that
 * does not depend on where they differ: 1 equal, 0 not.
 * seat_passwords_upgrade hashes every password still stored in plain text.
 */
enum { SEAT_PASSWORD_LEN = 16 };
int seat_passwords(struct store_seat *seats, int n, char plain[][32]);
int seat_password_hash(const char *plain, char *out, size_t len);
int seat_password_check(const char *stored, const char *given);
int seat_passwords_upgrade(struct store *s);

/*
 * text.c: text from outside.  text_check accepts valid UTF-8 without NUL
 * bytes or control characters other than tab, CR and LF; submission_check
 * adds the bounds of one submission.  0, or -1 with a one-line reason that
 * names the line.
 */
enum { SUBMISSION_MAX = 65536, SUBMISSION_MAX_COMMANDS = 1000 };
int text_check(const char *text, size_t len, char *err, size_t errlen);
int submission_check(const char *text, size_t len, char *err, size_t errlen);
/* The length of s[0..n) cut to at most max bytes on a character's first
 * byte (s valid UTF-8), for a quote in a message. */
int quote_len(const char *s, size_t n, size_t max);

/*
 * reading.c: the commands in a reply people write.  reading_take keeps in
 * text (in place) the commands read from its top by the game's is_command
 * hook: lines before the first command that are not commands are skipped,
 * reading stops at the first line after it that is not one.  The skipped
 * lines are appended to skipped, quoted and comma-separated, each cut to
 * 50 characters; past the sixth only their count is said ("and 3 more
 * lines").  Returns the number of command lines kept; or -1 when a line
 * before the first command, or the one that stops the reading, looks like
 * a command of the game but is none (a misspelt verb: the game's verbs and
 * notation_word hooks): misread then says which, for the answer, and the
 * mail must be refused, not read past it.
 */
int reading_take(const struct game_rules *r, char *text, struct sbuf *skipped,
    struct sbuf *misread);
/* Drop the quotes of a pasted forum post from text (in place). */
void reading_paste(char *text);

/*
 * create.c: a new game.  game_options_json turns "KEY=VALUE" strings into
 * the stored JSON array (NULL with err set when one is malformed).
 * game_create judges the seats and options (the engine's setup), draws the
 * seed and the seats' passwords, and stores the game with its start mail in
 * one transaction; it opens the database (creating it) and leaves it open
 * in *sp for the caller to deliver mail and close.  Returns an EXIT_* code;
 * err says why when it is not EXIT_OK (empty when the database could not
 * be opened: that was printed already).
 */
struct game_spec {
	const struct game_rules *rules;
	const char *title;		/* NULL: the game's own */
	const char *options;		/* stored JSON array; NULL: none */
	int nseats;
	struct store_seat seats[GAME_MAX_SEATS];
	const char *const *clock;	/* "KEY=VALUE" settings of its clock (deadline.c); may be NULL */
	int64_t id;			/* > 0: the id taken for it (a game opened by mail) */
	struct store *in_tx;		/* non-NULL: create inside this open transaction */
};
json_t *game_options_json(const char *const *opts, char *err, size_t errlen);
/*
 * In an array from game_options_json, replace the value of each of the
 * game's file options (game_rules.file_options) by the text of the file it
 * names, judged by the engine on its own so an error names the file.  For
 * the command line only: mail never names a file.  EXIT_OK, or an EXIT_*
 * code with err (EXIT_NOGAME: unreadable; EXIT_USAGE: too big, not text,
 * refused by the engine).
 */
int game_option_files(const struct game_rules *r, json_t *opts, char *err, size_t errlen);
int game_new_seed(uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen);
/* Set row->title to t: one line of UTF-8 text under STORE_TITLE_MAX bytes; 0, or -1 with err. */
int game_title_set(struct store_game *row, const char *t, char *err, size_t errlen);
int game_create(struct ctx *c, const struct game_spec *spec, struct store **sp,
    int64_t *id, char *err, size_t errlen);

/*
 * import.c: a new game from an export document (rules NULL) or from a log
 * in the notation of rules (its engine's import_log), replayed and stored
 * in one transaction.  Errors are printed with where (the file) and the
 * line.  opt_args ("KEY=FILE", may be NULL) give the game's file options
 * of a foreign log (a Terra Mystica map the log names by its id).  The open database is left in *sp.  Returns an EXIT_* code.
 */
int game_import(struct ctx *c, const struct game_rules *rules, const char *text,
    const char *const *seat_args, const char *const *opt_args, const char *title,
    const char *where, struct store **sp, int64_t *id);

/*
 * init.c: make c's database an empty site (arbiter init): the file or
 * schema, the site record and its key.  Prints one line; an EXIT_* code.
 */
int site_init(struct ctx *c);

/* verify.c: replay game id and compare; prints one line; EXIT_OK or EXIT_FAIL. */
int game_verify(struct ctx *c, struct store *s, int64_t id);

/* copy.c: the whole site in database from into database to (`arbiter copy`). */
int site_copy(struct ctx *c, const char *from, const char *to);

/*
 * export.c: the export document of a loaded game (row and seats); seed and
 * addresses only when private_ is set, the seed also once the game is over.
 * While the game runs, a public export holds the public form of each move.
 * NULL on failure with *err an exit code.
 */
json_t *game_export(struct loaded *g, int private_, int *err);

/*
 * undo.c: inside the caller's open transaction, drop g's last move and its
 * snapshot, replay the rest and store the new snapshot.  STORE_* code; on
 * a replay failure STORE_ERROR with err set.
 */
int game_drop_last(struct ctx *c, struct loaded *g, char *err, size_t errlen);

/*
 * play.c: one submission, all or nothing, in one write transaction.  The
 * same path serves `move` and mail.  On success the new state is in g.
 */
struct outcome;
struct submission {
	int64_t game;
	int seat;		/* -1 with admin set: the game master's submission */
	int admin;		/* an administrative submission (`arbiter admin`) */
	const char *text;
	size_t len;		/* bytes of text; 0: strlen(text) */
	const char *source;	/* "cli", "mail" */
	const char *message_id;	/* may be NULL */
	int expect;		/* -1, or the number of moves the game must have */
	int dry_run;
	/*
	 * Mail (inmail.c), all inside the move's one transaction: seen_key
	 * makes the mail count once (a key handled before: nothing happens,
	 * out->duplicate); serial, when above 0, is the seat serial its reply
	 * token carried (another now: nothing is applied, out->stale); answer
	 * queues the reply once the submission is judged (applied, rejected
	 * or stale), and the key is recorded with it.  A rejected or stale
	 * submission with an answer commits the answer and the key only.
	 */
	const char *seen_key;
	int64_t serial;
	/* Table talk to pass on with the move's mail ("say" lines), one a line; may be NULL. */
	const char *talk;
	int (*answer)(void *arg, struct loaded *g, const struct outcome *out);
	void *answer_arg;
	/*
	 * For an applied submission, answer runs before the move's mail is
	 * queued and may write here (a buffer of the caller's, NOTE_MAX
	 * bytes) what it has to say to the mover: that note heads the mover's
	 * own mail of the move, which answers the mover's mail (one mail, not
	 * a report and an answer).  NULL or "": no note.
	 */
	char *note;
};
enum { NOTE_MAX = 1400 };
struct outcome {
	int code;		/* EXIT_OK, EXIT_REJECTED, EXIT_NOPERM, ... */
	char err[512];		/* the one-line reason when code != EXIT_OK */
	int seq;		/* the new move number when applied */
	int stale;		/* mail: the token's serial is not the seat's now */
	int duplicate;		/* mail: seen_key was handled before; nothing done */
	int moved_on;		/* refused because the game moved (--expect) or ended */
	int said;		/* a database fault, printed already (err holds it too) */
	/* EXIT_NOPERM: whom the game waits for, and the command refused (0: the first). */
	char waits[400];
	size_t not_now;
	/* EXIT_NOPERM: the seat is awaited, but only for something else (an
	 * offer to decide...): err says what it may do now (awaited_aside). */
	int aside;
	/* Applied: what it did that its commands do not say (game_played's
	 * told: power offers made, declined by an action), one event a line. */
	char told[GAME_TOLD_LEN];
};
int play_submission(struct ctx *c, struct store *s, const struct submission *sub,
    struct loaded *g, struct outcome *out);

/*
 * notify.c: queue the mail an applied move causes, inside the move's
 * transaction.
 */
int notify_move(struct ctx *c, struct store *s, struct loaded *g,
    const struct submission *sub);
int notify_start(struct ctx *c, struct store *s, struct loaded *g);
/* After an undo: every seat gets the restored board with its own screen and
 * the news on top; observers and the forum get the public board. */
int notify_restored(struct ctx *c, struct store *s, struct loaded *g, const char *news);
/* Observers and the forum: the public board with the news on top. */
int notify_watchers(struct ctx *c, struct store *s, struct loaded *g, const char *news);
/* Table talk as the table reads it: 'NAME says: "..."', one a line. */
void talk_text(const char *name, const char *said, struct sbuf *out);
/* The game as it stands, with seat's own screen and a line of news at the
 * top, to that seat alone (a substitute, a new address). */
int notify_seat(struct ctx *c, struct store *s, struct loaded *g, int seat, const char *news);

/* report.c: render a view in the context's format. */
int report_render(const struct ctx *c, const struct loaded *g, int viewer, struct sbuf *out);
json_t *report_json(const struct loaded *g, int viewer);
/*
 * The public report as a forum post (--format markdown, else BBCode): the
 * map in a code box, the rest as ordinary text, the title and the prose
 * escaped for the forum's markup.
 */
int report_post(const struct ctx *c, const struct loaded *g, struct sbuf *out);
/* The same with the board's picture referenced above the code box: image
 * is the picture's file name as the forum will know it (NULL: none). */
int report_post_image(const struct ctx *c, const struct loaded *g, const char *image,
    struct sbuf *out);
/*
 * The picture of the public board (app/picture/), format FMT_PNG or
 * FMT_SVG, appended to out.  0; -1, or PICTURE_NOLIB (-2) when cairo
 * could not be loaded, with one line in err.
 */
int report_picture(const struct loaded *g, enum format f, struct sbuf *out, char *err,
    size_t errlen);

/*
 * template.c: the text of mails and report frames.  template_load returns a
 * malloc'ed copy of templates/NAME: the site's file in $ARBITER_TEMPLATES
 * when there is one, else the copy built into the binary.
 * template_fill replaces {{key}} with vars' value (string or number) and
 * keeps {{#key}}...{{/key}} only when the value is a non-empty string,
 * true, or a non-zero number.
 */
char *template_load(const char *name);
/* The site's template directory (config key templates); "" for none. */
void template_set_dir(const char *dir);
int template_fill(const char *tmpl, const json_t *vars, struct sbuf *out);
int template_render(const char *name, const json_t *vars, struct sbuf *out);

/*
 * deadline.c: a game's clock - its settings and the ladder of events each
 * awaited seat climbs toward and past its deadline (see deadline.c).  A
 * seat's `reminders` counts the rungs reached: CLOCK_HALF, CLOCK_LAST,
 * CLOCK_NOTICE, then one more per daily reminder.
 */
enum clock_event {
	CLOCK_NOTHING = -1,
	CLOCK_NONE = 0,		/* no rung reached yet */
	CLOCK_HALF = 1,		/* half the time gone: a reminder */
	CLOCK_LAST = 2,		/* an eighth left: the last reminder */
	CLOCK_NOTICE = 3,	/* the deadline: a notice to the seat and the table */
	CLOCK_DAILY = 4,	/* remind-only after the notice: a reminder a day */
	CLOCK_TIMEOUT = 5,	/* the grace is over: pass or drop the seat; under
				   "vote", the vote closes */
	CLOCK_VOTE = 6,		/* "vote": the grace is over, the others vote */
	/* Values of `reminders` under "vote": while the vote runs (reminded_at
	 * then holds when it closes), and once the table chose to wait
	 * (daily reminders count up from it). */
	CLOCK_VOTING = 100,
	CLOCK_WAITING = 101,
};
/* Apply one "KEY=VALUE" (deadline, grace, on_timeout, remind) to row; 0, or -1 with err. */
int clock_set(struct store_game *row, const char *kv, char *err, size_t errlen);
int clock_policy_known(const char *name);
/* One line saying what row's clock does (site_hours: the site's reminder interval). */
void clock_describe(const struct store_game *row, int site_hours, char *buf, size_t len);
/* The seat's deadline (an absence pauses its clock); 0: none. */
int64_t clock_deadline(const struct store_game *row, const struct store_seat *st);
/* The same said to the seat for its mail, with what comes after it ("" when
 * its game has no deadline or does not wait for it). */
void clock_deadline_text(const struct loaded *g, int seat, char *buf, size_t len);
/* Set st->due_at to the time of its next event (0: none). */
void clock_schedule(const struct store_game *row, struct store_seat *st);
/* The event due for st at now. */
enum clock_event clock_due(const struct store_game *row, const struct store_seat *st,
    int64_t now);
/* "2026-11-27 14:00 UTC" */
void clock_time_text(int64_t t, char *buf, size_t len);
/* What a timeout under policy_name does to seat name, as a clause. */
void clock_consequence(const char *policy_name, const char *name, char *buf, size_t len);

/* options.c: game options as stored (JSON array of [key, value] pairs). */
struct optset {
	int n;
	struct game_opt opt[64];
	json_t *json;		/* owns the strings */
};
int optset_from_json(const char *json, struct optset *o);
void optset_free(struct optset *o);
/* The options as people read them: "board=standard, support=english", a
 * file's text by its size, "none" when there are none. */
void options_describe(const char *json, char *buf, size_t len);

#endif
