/*
 * cli.h - the application layer: commands, their table, and the glue that
 * runs one transaction per command.
 */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "../engine/game.h"
#include "../store/store.h"

/* Exit codes, as sysexits.h numbers them. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,		/* a check failed (verify) */
	EXIT_USAGE = 64,	/* EX_USAGE */
	EXIT_REJECTED = 65,	/* EX_DATAERR: a rule was broken */
	EXIT_NOGAME = 66,	/* EX_NOINPUT: no such game or database */
	EXIT_SOFTWARE = 70,	/* EX_SOFTWARE */
	EXIT_IOERR = 74,	/* EX_IOERR */
	EXIT_TEMPFAIL = 75,	/* EX_TEMPFAIL: busy or disk full, try again */
	EXIT_NOPERM = 77,	/* EX_NOPERM: this seat may not act now */
};

enum format { FMT_TEXT, FMT_BBCODE, FMT_MARKDOWN, FMT_JSON };

/* What every command gets: the global options. */
struct ctx {
	const char *db;		/* --db, $ARBITER_DB, ./arbiter.db */
	enum format format;	/* --format */
	const char *config;	/* --config */
	const char *prog;
};

struct cmd_entry {
	const char *name;
	const char *usage;	/* "move GAME SEAT 'COMMANDS'|-" */
	const char *summary;	/* one line for `arbiter help` */
	const char *help;	/* the rest of `arbiter help NAME` */
	int (*run)(struct ctx *c, int argc, char **argv);
};

/* The commands, one file each (cmd_NAME.c). */
extern const struct cmd_entry cmd_new, cmd_move, cmd_show, cmd_moves, cmd_score,
    cmd_log, cmd_list, cmd_undo, cmd_verify, cmd_export, cmd_import, cmd_help,
    cmd_send, cmd_mail, cmd_fetch, cmd_remind;

/* commands.c */
const struct cmd_entry *cmd_find(const char *name);
void cmd_usage(const struct cmd_entry *e, FILE *f);
int cmd_help_text(const char *name, FILE *f);
void cmd_overview(FILE *f);

/*
 * args.c: the small option parser every command uses.  Options may stand
 * before or among the operands; `--name value` and `--name=value` both
 * work; the global options (--db, --format, --config) are accepted by
 * every command.  Returns 0 or EXIT_USAGE (after printing why).
 */
struct opt_spec {
	const char *name;	/* without the leading dashes */
	int has_arg;
	const char **value;	/* where the last value goes (or "1" for a flag) */
	const char ***many;	/* repeated option: collects every value (NULL-terminated, malloc'ed) */
};
int args_parse(struct ctx *c, const struct cmd_entry *e, int argc, char **argv,
    const struct opt_spec *specs, char ***operands, int *noperands);
int parse_game_id(const char *s, int64_t *id);
int parse_int(const char *s, long min, long max, long *out);

/* util.c */
int64_t now_epoch(void);	/* time(NULL), or $ARBITER_NOW for tests */
int read_all(FILE *f, char **out, size_t *len);
int read_file(const char *path, char **out, size_t *len);
int random_bytes(uint8_t *buf, size_t len);
void hex_encode(const uint8_t *buf, size_t len, char *out);
int hex_decode(const char *hex, uint8_t *buf, size_t len);
void errx_line(const struct ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print a store failure and map its STORE_* code to an exit code. */
int store_exit(struct store *s, int rc);

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
};

int game_open_store(struct ctx *c, int create, struct store **s);
/* Row, rules and seats only (no state). */
int game_load_meta(struct ctx *c, struct store *s, int64_t id, struct loaded *g);
/* Load game id; upto = -1 for the current state, else the state after move upto. */
int game_load(struct ctx *c, struct store *s, int64_t id, int upto, struct loaded *g);
void game_unload(struct loaded *g);
/* Parse a game id operand, open the database and load the game (read only). */
int game_open(struct ctx *c, const char *idarg, int upto, struct store **s, struct loaded *g);
/* game_seat_find, printing an error when there is no such seat. */
int game_seat_arg(struct ctx *c, const struct loaded *g, const char *arg);
/* Replay setup + log moves 1..upto into state (upto = -1: all). */
int game_replay(struct loaded *g, int upto, char *err, size_t errlen);
int game_setup_state(const struct game_rules *r, const struct store_game *row,
    void *state, char *err, size_t errlen);
/* Start or stop the seats' idle clocks after a move (mover -1: none). */
int game_update_clocks(struct loaded *g, int mover, int64_t now);
/* Seat by name (case-insensitive) or 1-based number; -1 when none. */
int game_seat_find(const struct loaded *g, const char *s);
void game_waiting_text(const struct loaded *g, char *buf, size_t len);
/* "NAME:EMAIL" or "NAME" from --seat; 0 when well formed, else err says why. */
int seat_parse(const char *arg, struct store_seat *seat, char *err, size_t errlen);
/* Give every seat a random password (for mail sent without a reply token). */
int seat_passwords(struct store_seat *seats, int n);

/*
 * play.c: one submission, all or nothing, in one write transaction.  The
 * same path serves `move` and mail.  On success the new state is in g.
 */
struct submission {
	int64_t game;
	int seat;
	const char *text;
	const char *source;	/* "cli", "mail" */
	const char *message_id;	/* may be NULL */
	int expect;		/* -1, or the number of moves the game must have */
	int dry_run;
};
struct outcome {
	int code;		/* EXIT_OK, EXIT_REJECTED, EXIT_NOPERM, ... */
	char err[512];		/* the one-line reason when code != EXIT_OK */
	int seq;		/* the new move number when applied */
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

/* report.c: render a view in the context's format. */
int report_render(const struct ctx *c, const struct loaded *g, int viewer, struct sbuf *out);
json_t *report_json(const struct loaded *g, int viewer);

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

/* options.c: game options as stored (JSON array of [key, value] pairs). */
struct optset {
	int n;
	struct game_opt opt[64];
	json_t *json;		/* owns the strings */
};
int optset_from_json(const char *json, struct optset *o);
void optset_free(struct optset *o);

#endif
