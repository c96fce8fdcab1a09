/* cmd_new.c - `arbiter new GAME --seat NAME:EMAIL ...`: start a game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

static int
run_new(struct ctx *c, int argc, char **argv)
{
	const char **seat_args = NULL, **opt_args = NULL, **sets = NULL, *title = NULL;
	const struct opt_spec specs[] = {
		{ "seat", 1, NULL, &seat_args },
		{ "option", 1, NULL, &opt_args },
		{ "set", 1, NULL, &sets },
		{ "title", 1, &title, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct game_spec spec;
	struct store *s = NULL;
	json_t *opts = NULL;
	char **ops = NULL, err[512];
	int nops, rc;
	int64_t id;

	memset(&spec, 0, sizeof(spec));
	rc = args_parse(c, &cmd_new, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_new, stderr);
		goto out;
	}
	if ((spec.rules = game_find(ops[0])) == NULL) {
		errx_line(c, "no game '%s'; `arbiter help` lists the games", ops[0]);
		goto out;
	}
	for (; seat_args != NULL && seat_args[spec.nseats] != NULL; spec.nseats++) {
		if (spec.nseats >= spec.rules->max_seats) {
			errx_line(c, "%s is for %d to %d players", spec.rules->title,
			    spec.rules->min_seats, spec.rules->max_seats);
			goto out;
		}
		if (seat_parse(seat_args[spec.nseats], &spec.seats[spec.nseats], err,
		    sizeof(err)) != 0) {
			errx_line(c, "%s", err);
			goto out;
		}
	}
	if (spec.nseats < spec.rules->min_seats) {
		errx_line(c, "%s is for %d to %d players; give one --seat NAME:EMAIL each",
		    spec.rules->title, spec.rules->min_seats, spec.rules->max_seats);
		goto out;
	}
	if ((opts = game_options_json(opt_args, err, sizeof(err))) == NULL) {
		errx_line(c, "%s%s", err[0] ? "--" : "", err[0] ? err : "out of memory");
		goto out;
	}
	/* A file option (Terra's map=FILE) is stored as the file's text. */
	if ((rc = game_option_files(spec.rules, opts, err, sizeof(err))) != EXIT_OK) {
		errx_line(c, "%s", err);
		goto out;
	}
	rc = EXIT_USAGE;
	if ((spec.options = json_dumps(opts, JSON_COMPACT)) == NULL) {
		errx_line(c, "out of memory");
		goto out;
	}
	spec.title = title;
	spec.clock = sets;
	if ((rc = game_create(c, &spec, &s, &id, err, sizeof(err))) != EXIT_OK) {
		if (err[0] != '\0')	/* else opening the database said why */
			errx_line(c, "%s", err);
		goto out;
	}
	printf("%lld\n", (long long)id);
	fflush(stdout);
	deliver_after(c, &s, 1);	/* what fails stays queued for `send` */
out:
	store_close(s);
	free((char *)spec.options);
	json_decref(opts);
	free(seat_args);
	free(opt_args);
	free(sets);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "RULES --seat zed:zed@example.org --seat yan:yan@example.org --seat xi:xi@example.org --set deadline=48 --title Probe", 0 },
	{ PROBE_PUBLIC, "tigris --seat zed:zed@example.org --seat yan:yan@example.org --option scoring=hidden", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_new = {
	"new",
	"new GAME --seat NAME[:EMAIL] ... [--option KEY=VALUE ...] [--set KEY=VALUE ...] "
	"[--title TEXT]",
	"start a game and print its id",
	"Each --seat names one player and the address their mail goes to.  Tigris\n"
	"plays in seat order; Terra Mystica draws the player order from the seed\n"
	"unless --option maintain-player-order keeps the seat order; Warriors &\n"
	"Traders plays in the order of the country cards.  Options depend on the game\n"
	"(see arbiter-GAME(6)); for tigris: board=standard|alternative,\n"
	"buildings=on|off, support=free|english, scoring=hidden|open; for terra\n"
	"the options of online play by name (--option strict-leech) and\n"
	"map=FILE, a map file whose text is stored with the game; for\n"
	"warriors countries=random|choose, defence=ask|auto, teams=....\n"
	"--set KEY=VALUE sets the game's clock: deadline=HOURS, grace=HOURS,\n"
	"on_timeout=remind-only|pass|drop|vote, remind=HOURS, forum_address=ADDRESS,\n"
	"forum_format=markdown|bbcode (see `arbiter help game`).\n"
	"The game's secret seed comes from the kernel; its SHA-256 goes to the\n"
	"players in the start mail.\n",
	run_new,
	0,
	probes,
	0,	/* text only */
};
