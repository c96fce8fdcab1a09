/* cmd_log.c - `arbiter log GAME`: the move log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "../app/outmail.h"

struct log_arg {
	const struct loaded *g;
	json_t *array;		/* json output */
};

/* Print one logged move: "SEQ DATE SEAT: COMMANDS" with commands joined by "; ". */
static int
print_move(const struct store_move *m, const char *shown, void *arg)
{
	struct log_arg *a = arg;
	const char *who = m->seat >= 0 && m->seat < a->g->row.nseats ?
	    a->g->names[m->seat] : "(admin)";
	char when[32];
	time_t t = (time_t)m->at;
	struct tm tm;
	struct sbuf line = SBUF_INIT, text = SBUF_INIT;
	const char *p;
	size_t wl = strlen(who);

	if (a->array != NULL) {
		/* The same text as the lines below: the public form while the game runs. */
		json_t *o = json_pack("{s:i, s:s, s:i, s:s, s:s, s:I}", "seq", m->seq, "seat",
		    who, "seat_index", m->seat, "text", shown, "source", m->source, "at",
		    (json_int_t)m->at);

		return o == NULL || json_array_append_new(a->array, o) != 0;
	}
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M", &tm);
	/* A game without hidden commands: the form recorded with the move
	 * adds what it did besides its commands (offers made, declined). */
	if (a->g->rules->public_text == NULL && m->shown != NULL)
		shown = m->shown;
	for (p = shown; *p != '\0'; p++) {
		/* a line that names the seat already (an imported log's
		 * "engineers: ...") does not name it twice */
		if ((p == shown || p[-1] == '\n') && strncasecmp(p, who, wl) == 0 &&
		    p[wl] == ':') {
			p += wl + 1;
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == '\0')
				break;
		}
		if (*p != '\r')	/* no CR reaches the terminal */
			sb_putc(&text, *p);
	}
	recap_line(sb_str(&text), &line);
	printf("%4d  %s  %s: %s\n", m->seq, when, who, line.oom || text.oom ? "" :
	    sb_str(&line));
	sb_free(&text);
	sb_free(&line);
	return 0;
}

static int
run_log(struct ctx *c, int argc, char **argv)
{
	const char *private_ = NULL;
	const struct opt_spec specs[] = {
		{ "private", 0, &private_, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	struct log_arg a;
	char **ops = NULL, err[512];
	int nops, rc;

	memset(&g, 0, sizeof(g));
	memset(&a, 0, sizeof(a));
	rc = args_parse(c, &cmd_log, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_log, stderr);
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, &s)) != EXIT_OK)
		goto out;
	{
		int64_t id;

		if (parse_game_id(ops[0], &id) != 0) {
			errx_line(c, "'%s' is not a game id", ops[0]);
			rc = EXIT_USAGE;
			goto out;
		}
		if ((rc = game_load_meta(c, s, id, &g)) != EXIT_OK)
			goto out;
	}
	a.g = &g;
	if (c->format == FMT_JSON && (a.array = json_array()) == NULL) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if ((rc = game_log_walk(&g, private_ != NULL || g.row.over, print_move, &a, err,
	    sizeof(err))) != 0) {
		if (rc < 0)
			errx_line(c, "game %lld: %s", (long long)g.row.id, err);
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (a.array != NULL) {
		char *j = json_dumps(a.array, JSON_INDENT(2));

		if (j == NULL) {
			errx_line(c, "log: the JSON could not be written");
			rc = EXIT_SOFTWARE;
			goto out;
		}
		puts(j);
		free(j);
	}
	rc = EXIT_OK;
out:
	json_decref(a.array);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", 0 },
	{ PROBE_MASTER, "--private GAME", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_log = {
	"log",
	"log [--private] GAME",
	"print the move log",
	"One line per submission: number, time (UTC), seat, commands.\n"
	"--format json prints an array of objects instead, with the same text.\n"
	"While the game runs, each submission is shown in its public form: what\n"
	"it revealed of a hand or of queued orders is left out (Tigris `swap r r r`\n"
	"shows as `swap 3`).\n"
	"--private (for the game master) and a finished game show every command\n"
	"as it was sent.\n",
	run_log,
	0,
	probes,
	FMT_BIT(FMT_JSON),
};
