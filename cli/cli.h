/*
 * cli.h - the command line: one file per command (cmd_NAME.c), each a thin
 * struct cmd_entry that parses its arguments and calls the application
 * layer (app/), the table that maps names to them, and the option parser.
 */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include <stdio.h>

#include "../app/app.h"

/*
 * A way to run a command, for the test of hidden information
 * (tests/unit/test_enumerate.c): it runs every probe of every command of
 * the table, in every format of format_names, on a copy of a site whose
 * games are being played, and reads all it prints and every mail it
 * queues for what the reader may not see.  In the picture formats a
 * command that does not draw (cmd_draws), or a probe with --as, must be
 * refused as usage.  A command without probes, or
 * with an option of its usage that no probe gives, fails that test.
 *
 * args are the command's arguments (after its name), split at spaces,
 * where these words stand for:
 *   GAME      a running game's id          NMOVES  its number of moves
 *   SEAT      each of its seats in turn    AWAITED a seat it waits for
 *   CMD       AWAITED's first legal command, one argument
 *   RULES     the game's engine            TAG     AWAITED's reply tag
 *   DB        the database's path          NEWDB   a path with no database
 *   EXPORT    a file with the game's private export
 *   TERRALOG  a Terra Mystica game log     MAPFILE a Terra Mystica map
 *   DATE      a day a week ahead           FILE    a file of one line
 *   OUTPUT    a path for -o, --output or --image to write
 *   <REPLY    (last) standard input: AWAITED's reply mail holding CMD
 */
enum cmd_audience {
	PROBE_END = 0,
	PROBE_PUBLIC,	/* anyone may read the output */
	PROBE_SEAT,	/* the seat it names (SEAT or AWAITED): that seat's own too */
	PROBE_MASTER,	/* the game master: everything (run, not read) */
};
#define PROBE_ANY (-1)	/* rc: whatever exit status, but no crash */
struct cmd_probe {
	enum cmd_audience audience;
	const char *args;
	int rc;		/* the exit status expected, or PROBE_ANY */
};

struct cmd_entry {
	const char *name;
	const char *usage;	/* "move GAME SEAT 'COMMANDS'|-" */
	const char *summary;	/* one line for `arbiter help` */
	const char *help;	/* the rest of `arbiter help NAME` */
	int (*run)(struct ctx *c, int argc, char **argv);
	/*
	 * When non-zero: once this many operands were read, every further
	 * argument is an operand, even one starting with "--" (the commands
	 * of `move GAME SEAT COMMANDS`).
	 */
	int literal_after;
	const struct cmd_probe *probes;	/* ended by PROBE_END */
	/*
	 * The formats it prints besides text, FMT_BIT each; --format names
	 * no other (a usage error), so no format is ignored: a forum's
	 * format or json that printed plain text would be pasted unescaped.
	 */
	unsigned formats;
};
#define FMT_BIT(f) (1u << (f))

/* The commands, one file each (cmd_NAME.c). */
extern const struct cmd_entry cmd_new, cmd_move, cmd_show, cmd_post, cmd_moves, cmd_score,
    cmd_log, cmd_list, cmd_undo, cmd_verify, cmd_export, cmd_import, cmd_help,
    cmd_send, cmd_mail, cmd_fetch, cmd_remind, cmd_admin, cmd_game, cmd_away, cmd_seat, cmd_abandon, cmd_delete,
    cmd_copy, cmd_migrate, cmd_standings, cmd_init;

/*
 * cmd_move.c: `move` and `admin` (admin set: no SEAT operand, the game
 * master's seat -1).  Returns the exit code.
 */
int submit_command(struct ctx *c, const struct cmd_entry *e, int argc, char **argv,
    int admin);

/* commands.c */
/* The whole program, as main() runs it: an exit status. */
int cli_main(int argc, char **argv);
/* Every command, NULL-terminated. */
const struct cmd_entry *const *cmd_all(void);
const struct cmd_entry *cmd_find(const char *name);
/* 1 when e draws pictures (takes --format png and svg): show alone. */
int cmd_draws(const struct cmd_entry *e);
/* 1 when e prints format f (text always; the others as e->formats says). */
int cmd_prints(const struct cmd_entry *e, enum format f);
void cmd_usage(const struct cmd_entry *e, FILE *f);
int cmd_help_text(const char *name, FILE *f);
void cmd_overview(FILE *f);

/*
 * args.c: the small option parser every command uses.  Options may stand
 * before or among the operands; `--name value` and `--name=value` both
 * work; the global options (--db, --format, --config) are accepted by
 * every command (--format only with a format it prints, cmd_prints; png
 * and svg only by those that draw, cmd_draws).
 * -o FILE is --output FILE wherever --output is an option.  Returns 0 or EXIT_USAGE (after printing why).
 */
struct opt_spec {
	const char *name;	/* without the leading dashes */
	int has_arg;
	const char **value;	/* where the last value goes (or "1" for a flag) */
	const char ***many;	/* repeated option: collects every value (NULL-terminated, malloc'ed) */
};
int args_parse(struct ctx *c, const struct cmd_entry *e, int argc, char **argv,
    const struct opt_spec *specs, char ***operands, int *noperands);
/* The names of the formats (format_names) joined by sep, the last two by last. */
void format_list(char *buf, size_t len, const char *sep, const char *last);

#endif
