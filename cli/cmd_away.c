/*
 * cmd_away.c - `arbiter away GAME SEAT --until YYYY-MM-DD | --back`: a
 * seat's absence, as a player declares it by mail (app/away.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

/* YYYY-MM-DD, a real date; 0 when well formed. */
static int
parse_date(const char *s, int *y, int *m, int *d)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	char tail;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-' ||
	    sscanf(s, "%4d-%2d-%2d%c", y, m, d, &tail) != 3 || *y < 1970 || *m < 1 ||
	    *m > 12 || *d < 1 || *d > mdays[*m - 1])
		return -1;
	if (*m == 2 && *d == 29 && !((*y % 4 == 0 && *y % 100 != 0) || *y % 400 == 0))
		return -1;
	return 0;
}

static int
run_away(struct ctx *c, int argc, char **argv)
{
	const char *until = NULL, *back = NULL, *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "until", 1, &until, NULL },
		{ "back", 0, &back, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct config *cfg;
	struct store *s = NULL;
	struct loaded g;
	char **ops = NULL, err[1024], result[400];
	int nops, rc, seat, y = 0, m = 0, d = 0;
	int64_t id;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_away, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 2 || (until == NULL) == (back == NULL)) {
		cmd_usage(&cmd_away, stderr);
		goto out;
	}
	if (parse_game_id(ops[0], &id) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	if (until != NULL && parse_date(until, &y, &m, &d) != 0) {
		errx_line(c, "--until %s: give the last day of the absence as YYYY-MM-DD", until);
		goto out;
	}
	if ((rc = game_open_write(c, id, &s, &g)) != EXIT_OK)
		goto out;
	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		rc = EXIT_CONFIG;
		goto rollback;
	}
	if ((seat = game_seat_arg(c, &g, ops[1])) < 0) {
		rc = EXIT_USAGE;
		goto rollback;
	}
	if (g.rules->over(g.state)) {
		errx_line(c, "game %lld is over", (long long)id);
		rc = EXIT_REJECTED;
		goto rollback;
	}
	rc = seat_away(cfg, s, &g, seat, y, m, d, now_epoch(), 1, result, sizeof(result));
	if (rc == -1) {
		errx_line(c, "%s", result);
		rc = EXIT_REJECTED;
		goto rollback;
	}
	if (rc != STORE_OK || (rc = store_commit(s)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto rollback;
	}
	if (y != 0)
		printf("game %lld: %s is away until %04d-%02d-%02d\n", (long long)id,
		    g.names[seat], y, m, d);
	else
		printf("game %lld: %s is back\n", (long long)id, g.names[seat]);
	fflush(stdout);
	deliver_after(c, &s, no_send == NULL);	/* what fails stays queued for `send` */
	rc = EXIT_OK;
	goto out;
rollback:
	store_rollback(s);
out:
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_SEAT, "GAME SEAT --until DATE --no-send", PROBE_ANY },
	{ PROBE_SEAT, "GAME SEAT --back", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_away = {
	"away",
	"away GAME SEAT --until YYYY-MM-DD | --back [--no-send]",
	"declare a seat's absence, or its end",
	"--until YYYY-MM-DD: the seat is away to the end of that day (UTC), at most a\n"
	"year ahead; reminders and the game's deadline wait, and the seat's clock\n"
	"starts again when the absence ends.  --back ends an absence early.  The\n"
	"table is told by mail.  Players do the same by mail with a line\n"
	"\"away until YYYY-MM-DD\" or \"back\".  An absence pauses the seat's clock;\n"
	"it must be declared before the deadline passed.  Exit status 64 for a\n"
	"malformed date, 65 for a day already over or too far ahead, a deadline\n"
	"passed already or a finished game, 66 no such game.\n",
	run_away,
	0,
	probes,
	0,	/* text only */
};
