/* cmd_show.c - `arbiter show GAME [--as SEAT] [--at N]`: print a report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_show(struct ctx *c, int argc, char **argv)
{
	const char *as = NULL, *at = NULL;
	const struct opt_spec specs[] = {
		{ "as", 1, &as, NULL },
		{ "at", 1, &at, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	struct sbuf rep = SBUF_INIT;
	char **ops = NULL;
	int nops, rc, viewer = -1;
	long upto = -1;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_show, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_show, stderr);
		goto out;
	}
	if (at != NULL && parse_int(at, 0, 1000000, &upto) != 0) {
		errx_line(c, "--at needs a move number");
		goto out;
	}
	if ((rc = game_open(c, ops[0], (int)upto, &s, &g)) != EXIT_OK)
		goto out;
	if (as != NULL && (viewer = game_seat_arg(c, &g, as)) < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (report_render(c, &g, viewer, &rep) != 0) {
		errx_line(c, "cannot render the report");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	fputs(sb_str(&rep), stdout);
out:
	sb_free(&rep);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", 0 },
	{ PROBE_PUBLIC, "GAME --at 1", 0 },
	{ PROBE_SEAT, "GAME --as SEAT", 0 },
	{ PROBE_SEAT, "GAME --as SEAT --at 1", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_show = {
	"show",
	"show GAME [--as SEAT] [--at N]",
	"print the board report",
	"Without --as, the public report: what everyone at the table sees.\n"
	"--as SEAT adds what is behind that seat's screen (its hand, its hidden\n"
	"points).  --at N shows the game as it stood after move N (0 = the start).\n",
	run_show,
	0,
	probes,
};
