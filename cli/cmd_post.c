/* cmd_post.c - `arbiter post GAME`: the public report as a forum post. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
run_post(struct ctx *c, int argc, char **argv)
{
	struct store *s = NULL;
	struct loaded g;
	struct sbuf post = SBUF_INIT;
	char **ops = NULL;
	int nops, rc;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_post, argc, argv, NULL, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_post, stderr);
		goto out;
	}
	if (c->format == FMT_JSON) {
		errx_line(c, "post writes BBCode or Markdown, not json");
		goto out;
	}
	if ((rc = game_open(c, ops[0], -1, &s, &g)) != EXIT_OK)
		goto out;
	if (report_post(c, &g, &post) != 0) {
		errx_line(c, "cannot render the post");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	fputs(sb_str(&post), stdout);
out:
	sb_free(&post);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_post = {
	"post",
	"post GAME",
	"print the public report as a forum post",
	"The board goes in a code box and the rest is ordinary text, so a forum\n"
	"that shows only a dozen lines of a code box still shows the seats and\n"
	"whom the game waits for.  BBCode (phpBB and most forums) unless\n"
	"--format markdown is given; titles and names are escaped so they never\n"
	"become markup.  Players paste their answer to `arbiter move GAME SEAT -`.\n",
	run_post,
	0,
	probes,
};
