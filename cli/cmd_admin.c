/*
 * cmd_admin.c - `arbiter admin GAME 'COMMANDS'`: the game master's
 * administrative submission (seat -1), through the same path as `move`.
 */
#include "cli.h"

static int
run_admin(struct ctx *c, int argc, char **argv)
{
	return submit_command(c, &cmd_admin, argc, argv, 1);
}

static const struct cmd_probe probes[] = {
	{ PROBE_MASTER, "GAME drop-faction nobody", PROBE_ANY },
	{ PROBE_MASTER, "--dry-run --expect NMOVES --no-send GAME pass", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_admin = {
	"admin",
	"admin [--expect N] [--dry-run] [--no-send] GAME 'COMMANDS'|-",
	"apply the game master's administrative commands (seat -1)",
	"The commands are the game's administrative ones, which no seat may send\n"
	"(Terra Mystica: drop-faction FACTION, dropoption OPTION); see\n"
	"arbiter-GAME(6).  They take the path of `move`: all or nothing, logged\n"
	"as the game master's, and every seat is mailed.  Options and '-' as for\n"
	"`move`.\n\n"
	"Exit status: 0 applied; 65 rejected (one line on stderr names the rule\n"
	"broken; nothing is stored); 64 bad usage; 66 no such game; 75 the\n"
	"database is busy, try again.\n",
	run_admin,
	1,
	probes,
	FMT_BIT(FMT_BBCODE) | FMT_BIT(FMT_MARKDOWN) | FMT_BIT(FMT_JSON),
};
