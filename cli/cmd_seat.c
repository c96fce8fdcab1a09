/*
 * cmd_seat.c - `arbiter seat GAME SEAT --address A | --name N | --replace
 * NAME[:ADDRESS]`: the game master changes who holds a seat (app/seat.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

static int
run_seat(struct ctx *c, int argc, char **argv)
{
	const char *address = NULL, *name = NULL, *replace = NULL, *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "address", 1, &address, NULL },
		{ "name", 1, &name, NULL },
		{ "replace", 1, &replace, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store_seat want;
	struct config *cfg;
	struct store *s = NULL;
	struct loaded g;
	char **ops = NULL, err[1024], arg[400];
	int nops, rc, seat;
	int64_t id;

	memset(&g, 0, sizeof(g));
	memset(&want, 0, sizeof(want));
	rc = args_parse(c, &cmd_seat, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 2 || (replace != NULL && (address != NULL || name != NULL)) ||
	    (replace == NULL && address == NULL && name == NULL)) {
		cmd_usage(&cmd_seat, stderr);
		goto out;
	}
	if (parse_game_id(ops[0], &id) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	/* The same checks as --seat of `new`. */
	snprintf(arg, sizeof(arg), "%s%s%s", replace != NULL ? replace : name != NULL ? name :
	    "x", address != NULL ? ":" : "", address != NULL ? address : "");
	if (seat_parse(arg, &want, err, sizeof(err)) != 0) {
		/* Named by the option given, not by new's --seat. */
		const char *why = strstr(err, "': ");

		errx_line(c, "%s: %s", replace != NULL ? "--replace" : address == NULL ? "--name" :
		    name == NULL ? "--address" : "--name/--address", why != NULL ? why + 3 : err);
		goto out;
	}
	if (address != NULL && want.email[0] == '\0') {
		errx_line(c, "--address needs a mail address");
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
	if (g.row.over) {
		errx_line(c, "game %lld is over", (long long)id);
		rc = EXIT_REJECTED;
		goto rollback;
	}
	rc = seat_change(c, cfg, s, &g, seat, replace != NULL || name != NULL ? want.name :
	    NULL, replace != NULL || address != NULL ? want.email : NULL, replace != NULL,
	    err, sizeof(err));
	if (rc == -1) {
		errx_line(c, "%s", err);
		rc = EXIT_USAGE;
		goto rollback;
	}
	if (rc != STORE_OK || (rc = store_commit(s)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto rollback;
	}
	if (g.seats[seat].email[0] != '\0')
		printf("game %lld: seat %d is %s <%s>\n", (long long)id, seat + 1,
		    g.seats[seat].name, g.seats[seat].email);
	else
		printf("game %lld: seat %d is %s\n", (long long)id, seat + 1, g.seats[seat].name);
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
	{ PROBE_MASTER, "GAME SEAT --address new@example.org", PROBE_ANY },
	{ PROBE_MASTER, "GAME SEAT --name renamed --no-send", PROBE_ANY },
	{ PROBE_MASTER, "GAME SEAT --replace sub:sub@example.org", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_seat = {
	"seat",
	"seat GAME SEAT --address ADDRESS | --name NAME | --replace NAME[:ADDRESS] [--no-send]",
	"give a seat a new address or name, or hand it to a substitute",
	"--address moves the seat's mail to a new address (the same player);\n"
	"--name renames the seat; --replace hands it to another player, who gets a\n"
	"new seat password.  Either way replies to earlier mail stop acting for the\n"
	"seat, and the seat is mailed the game as it stands with its own screen, at\n"
	"its new address only; the rest of the table is told of a new name or holder.\n"
	"Exit status 64 for a malformed name or address or a name another seat has,\n"
	"65 for a finished game, 66 no such game.\n",
	run_seat,
	0,
	probes,
	0,	/* text only */
};
