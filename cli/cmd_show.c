/* cmd_show.c - `arbiter show GAME [--as SEAT] [--at N] [-o|--output FILE]`: print a report, or draw it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The picture of g in c's format, to path or (NULL) standard output. */
static int
show_picture(struct ctx *c, struct store *s, const struct loaded *g, const char *path)
{
	struct sbuf pic = SBUF_INIT;
	char err[512];
	int rc = EXIT_OK, drawn = report_picture(g, c->format, &pic, err, sizeof(err));

	if (drawn != 0) {
		errx_line(c, "%s", err);
		rc = drawn == -2 ? EXIT_UNAVAILABLE : EXIT_SOFTWARE;
	} else if (path != NULL)
		rc = write_output(c, s, "-o", path, pic.s, pic.len);
	else if (fwrite(pic.s, 1, pic.len, stdout) != pic.len ||
	    fflush(stdout) != 0) {
		errx_line(c, "cannot write the picture: %s", strerror(errno));
		rc = EXIT_IOERR;
	}
	sb_free(&pic);
	return rc;
}

static int
run_show(struct ctx *c, int argc, char **argv)
{
	const char *as = NULL, *at = NULL, *output = NULL;
	const struct opt_spec specs[] = {
		{ "as", 1, &as, NULL },
		{ "at", 1, &at, NULL },
		{ "output", 1, &output, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	struct loaded g;
	struct sbuf rep = SBUF_INIT;
	char **ops = NULL;
	int nops, rc, viewer = -1, picture;
	long upto = -1;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_show, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	picture = c->format == FMT_PNG || c->format == FMT_SVG;
	if (output != NULL && strcmp(output, "-") == 0)
		output = NULL;	/* "-o -": standard output, as without -o */
	rc = EXIT_USAGE;
	if (output != NULL && output[0] == '\0') {
		errx_line(c, "-o needs a file name (or - for standard output)");
		goto out;
	}
	if (nops != 1) {
		cmd_usage(&cmd_show, stderr);
		goto out;
	}
	if (at != NULL && parse_int(at, 0, 1000000, &upto) != 0) {
		errx_line(c, "--at '%s' is not a move number", at);
		goto out;
	}
	if (picture && as != NULL) {
		errx_line(c, "a picture shows the public board only; --as goes with text, "
		    "bbcode, markdown or json");
		goto out;
	}
	if ((rc = game_open(c, ops[0], (int)upto, &s, &g)) != EXIT_OK)
		goto out;
	if (as != NULL && (viewer = game_seat_arg(c, &g, as)) < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (picture) {
		rc = show_picture(c, s, &g, output);
		goto out;
	}
	if (report_render(c, &g, viewer, &rep) != 0) {
		errx_line(c, "cannot render the report");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (output != NULL)
		rc = write_output(c, s, "-o", output, rep.s != NULL ? rep.s : "", rep.len);
	else
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
	{ PROBE_PUBLIC, "GAME -o OUTPUT", 0 },
	{ PROBE_SEAT, "GAME --as SEAT --output OUTPUT", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_show = {
	"show",
	"show GAME [--as SEAT] [--at N] [-o|--output FILE]",
	"print the board report, or draw the board",
	"Without --as, the public report: what everyone at the table sees.\n"
	"--as SEAT adds what is behind that seat's screen (its hand, its hidden\n"
	"points).  --at N shows the game as it stood after move N (0 = the start).\n"
	"--format png or svg draws the public board as a picture instead (never\n"
	"with --as: a picture holds nothing hidden).  -o FILE (--output FILE)\n"
	"writes to FILE, readable by you alone, instead of standard output\n"
	"(-o - is standard output); never to arbiter's own files: the database\n"
	"and the files beside it, the configuration file, the key and password\n"
	"files, the Maildir and the templates directory.\n",
	run_show,
	0,
	probes,
	FMT_BIT(FMT_BBCODE) | FMT_BIT(FMT_MARKDOWN) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_PNG) |
	    FMT_BIT(FMT_SVG),
};
