/* cmd_standings.c - `arbiter standings [GAME]`: games played and won, and ratings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/site.h"

static int
run_standings(struct ctx *c, int argc, char **argv)
{
	const struct opt_spec specs[] = {
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct sbuf out = SBUF_INIT;
	const struct game_rules *r = NULL;
	char **ops = NULL;
	int nops, rc;

	rc = args_parse(c, &cmd_standings, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops > 1) {
		cmd_usage(&cmd_standings, stderr);
		goto out;
	}
	if (nops == 1 && (r = game_find(ops[0])) == NULL) {
		errx_line(c, "no game '%s'; `arbiter help` lists them", ops[0]);
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, &s)) != EXIT_OK)
		goto out;
	if ((rc = standings_text(s, r != NULL ? r->name : NULL, c->format == FMT_JSON, &out)) !=
	    STORE_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	fputs(sb_str(&out), stdout);
	rc = EXIT_OK;
out:
	sb_free(&out);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", PROBE_ANY },	/* text and json (cmd_entry formats) */
	{ PROBE_PUBLIC, "RULES", PROBE_ANY },
	{ PROBE_PUBLIC, "GAME", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_standings = {
	"standings",
	"standings [GAME]",
	"the players' standings: games played and won, and ratings",
	"Per game (tigris, terra, warriors, or GAME alone) and player (an address,\n"
	"or a seat's name where it has none): the games played and won and a\n"
	"Glicko-2 rating with its deviation, best first.  A game is rated when it\n"
	"ends by its rules, each player scored against every other by the final\n"
	"ranking; an abandoned or imported game is not.  --format json gives the\n"
	"same as an array.  The mail command \"standings [GAME]\" to the site\n"
	"address answers the same.\n",
	run_standings,
	0,
	probes,
	FMT_BIT(FMT_JSON),
};
