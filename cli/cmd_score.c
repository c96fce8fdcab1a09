/* cmd_score.c - `arbiter score GAME [--as SEAT]`: NAME=SCORE lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct line {
	const char *label;
	int score;
};

static int
by_label(const void *a, const void *b)
{
	return strcmp(((const struct line *)a)->label, ((const struct line *)b)->label);
}

static int
run_score(struct ctx *c, int argc, char **argv)
{
	const char *as = NULL;
	const struct opt_spec specs[] = {
		{ "as", 1, &as, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	struct game_score sc;
	struct line lines[GAME_MAX_SEATS];
	char **ops = NULL;
	int nops, rc, viewer = -1, i, n = 0;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_score, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_score, stderr);
		goto out;
	}
	if ((rc = game_open(c, ops[0], -1, &s, &g)) != EXIT_OK)
		goto out;
	if (as != NULL && (viewer = game_seat_arg(c, &g, as)) < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	memset(&sc, 0, sizeof(sc));
	g.rules->score(g.state, viewer, &sc);
	for (i = 0; i < g.row.nseats && i < sc.nseats; i++) {
		if (!sc.visible[i])
			continue;
		lines[n].label = sc.label[i][0] != '\0' ? sc.label[i] : g.names[i];
		lines[n].score = sc.score[i];
		n++;
	}
	qsort(lines, (size_t)n, sizeof(lines[0]), by_label);
	if (c->format == FMT_JSON) {
		json_t *o = json_object();
		char *text = NULL;

		for (i = 0; o != NULL && i < n; i++)
			if (json_object_set_new(o, lines[i].label, json_integer(lines[i].score)) != 0)
				break;
		if (o != NULL && i == n)
			text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		json_decref(o);
		if (text == NULL) {
			errx_line(c, "out of memory");
			rc = EXIT_SOFTWARE;
			goto out;
		}
		printf("%s\n", text);
		free(text);
	} else
		for (i = 0; i < n; i++)
			printf("%s=%d\n", lines[i].label, lines[i].score);
	rc = EXIT_OK;
out:
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", 0 },
	{ PROBE_SEAT, "GAME --as SEAT", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_score = {
	"score",
	"score GAME [--as SEAT]",
	"print the scores, NAME=SCORE, one per line",
	"Sorted by name.  While a game with hidden scoring runs, only the --as\n"
	"seat's own line is printed (and nothing without --as).  --format json\n"
	"prints the same as one object of NAME: SCORE.\n",
	run_score,
	0,
	probes,
	FMT_BIT(FMT_JSON),
};
