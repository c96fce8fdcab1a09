/* cmd_moves.c - `arbiter moves GAME SEAT`: the legal commands for a seat now. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_moves(struct ctx *c, int argc, char **argv)
{
	struct store *s = NULL;
	struct loaded g;
	struct game_wait w;
	struct sbuf out = SBUF_INIT;
	char **ops = NULL;
	int nops, rc, seat;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_moves, argc, argv, NULL, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 2) {
		cmd_usage(&cmd_moves, stderr);
		goto out;
	}
	if ((rc = game_open(c, ops[0], -1, &s, &g)) != EXIT_OK)
		goto out;
	if ((seat = game_seat_arg(c, &g, ops[1])) < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	memset(&w, 0, sizeof(w));
	if (!g.rules->over(g.state) && g.row.over != STORE_ABANDONED)
		g.rules->waiting(g.state, &w);
	if (!(w.mask & (1u << seat))) {
		rc = EXIT_NOPERM;
		goto out;
	}
	g.rules->moves(g.state, seat, &out);
	if (out.oom) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	fputs(sb_str(&out), stdout);
	rc = EXIT_OK;
out:
	sb_free(&out);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_SEAT, "GAME SEAT", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_moves = {
	"moves",
	"moves GAME SEAT",
	"list the legal commands for a seat now",
	"One complete command per line, each accepted by `arbiter move` as it\n"
	"stands (for Terra Mystica, a sample of the conversions and burns:\n"
	"arbiter-terra(6)).  For a seat the game does not wait for: no output,\n"
	"exit 77.\n",
	run_moves,
	0,
	probes,
	0,	/* text only */
};
