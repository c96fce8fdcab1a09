/* cmd_post.c - `arbiter post GAME [--image FILE]`: the public report as a forum post. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * The name the post gives the picture written to path: its last part,
 * which must stay as it is in BBCode and Markdown (letters, digits, '.',
 * '-', '_').  NULL when it would not.
 */
static const char *
image_name(const char *path)
{
	const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;

	if (*name == '\0' || *name == '.' || strspn(name, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != strlen(name))
		return NULL;
	return name;
}

static int
run_post(struct ctx *c, int argc, char **argv)
{
	const char *image = NULL;
	const struct opt_spec specs[] = {
		{ "image", 1, &image, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct sbuf pic = SBUF_INIT;
	char err[512];
	struct store *s = NULL;
	struct loaded g;
	struct sbuf post = SBUF_INIT;
	char **ops = NULL;
	int nops, rc;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_post, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_post, stderr);
		goto out;
	}
	if (image != NULL && strcmp(image, "-") == 0) {
		errx_line(c, "--image -: the post itself goes to standard output; name a file "
		    "for the picture (or draw it alone with show --format png)");
		goto out;
	}
	if (image != NULL && image_name(image) == NULL) {
		errx_line(c, "--image %s: the file's name goes into the post as it is: use "
		    "letters, digits, '.', '-' and '_' only", image);
		goto out;
	}
	if ((rc = game_open(c, ops[0], -1, &s, &g)) != EXIT_OK)
		goto out;
	if (image != NULL) {
		int drawn = report_picture(&g, FMT_PNG, &pic, err, sizeof(err));

		if (drawn != 0) {
			errx_line(c, "%s", err);
			rc = drawn == -2 ? EXIT_UNAVAILABLE : EXIT_SOFTWARE;
			goto out;
		}
		if ((rc = write_output(c, s, "--image", image, pic.s, pic.len)) != EXIT_OK)
			goto out;
	}
	if (report_post_image(c, &g, image != NULL ? image_name(image) : NULL, &post) != 0) {
		errx_line(c, "cannot render the post");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	fputs(sb_str(&post), stdout);
out:
	sb_free(&pic);
	sb_free(&post);
	game_unload(&g);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", PROBE_ANY },
	{ PROBE_PUBLIC, "GAME --image OUTPUT", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_post = {
	"post",
	"post GAME [--image FILE]",
	"print the public report as a forum post",
	"The board goes in a code box and the rest is ordinary text, so a forum\n"
	"that shows only a dozen lines of a code box still shows the seats and\n"
	"whom the game waits for.  BBCode (phpBB and most forums) unless\n"
	"--format markdown is given; titles and names are escaped so they never\n"
	"become markup.  Players paste their answer to `arbiter move GAME SEAT -`.\n"
	"--image FILE also draws the board as a PNG into FILE (readable by you\n"
	"alone; written as show -o writes) and shows it above the code box by\n"
	"FILE's name, for a forum that takes the picture as an upload or an\n"
	"attachment of that name.\n",
	run_post,
	0,
	probes,
	FMT_BIT(FMT_BBCODE) | FMT_BIT(FMT_MARKDOWN),
};
