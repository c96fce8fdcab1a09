/* cmd_verify.c - `arbiter verify GAME|--all`: replay logs and compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_verify(struct ctx *c, int argc, char **argv)
{
	const char *all = NULL;
	const struct opt_spec specs[] = {
		{ "all", 0, &all, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	int64_t *ids = NULL, one;
	char **ops = NULL;
	int nops, rc, n = 0, i, worst = EXIT_OK;

	rc = args_parse(c, &cmd_verify, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if ((all != NULL) == (nops == 1) || nops > 1) {
		cmd_usage(&cmd_verify, stderr);
		goto out;
	}
	if (all == NULL && parse_game_id(ops[0], &one) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, &s)) != EXIT_OK)
		goto out;
	if (all != NULL) {
		if ((rc = store_game_ids(s, &ids, &n)) != STORE_OK) {
			rc = store_exit(s, rc);
			goto out;
		}
	} else {
		ids = malloc(sizeof(*ids));
		if (ids == NULL) {
			rc = EXIT_SOFTWARE;
			goto out;
		}
		ids[0] = one;
		n = 1;
	}
	for (i = 0; i < n; i++) {
		rc = game_verify(c, s, ids[i]);
		if (rc != EXIT_OK && (worst == EXIT_OK || worst == EXIT_FAIL))
			worst = rc;
	}
	rc = worst;
out:
	free(ids);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", 0 },
	{ PROBE_PUBLIC, "--all", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_verify = {
	"verify",
	"verify GAME|--all",
	"replay logs from their seeds and compare with the stored state",
	"Every move is replayed from the game's seed, the engine's invariants are\n"
	"checked, and the result is compared byte for byte with the stored state.\n"
	"Exit status 0 when every game agrees, 1 when one does not.\n",
	run_verify,
	0,
	probes,
	0,	/* text only */
};
