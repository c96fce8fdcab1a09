/*
 * cmd_move.c - `arbiter move GAME SEAT 'COMMANDS'`: apply one submission.
 * `arbiter admin GAME 'COMMANDS'` (cmd_admin.c) shares the code: the same
 * options and output, for the game master's seat -1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

int
submit_command(struct ctx *c, const struct cmd_entry *e, int argc, char **argv, int admin)
{
	const char *expect = NULL, *dry = NULL, *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "expect", 1, &expect, NULL },
		{ "dry-run", 0, &dry, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct submission sub;
	struct outcome out;
	struct loaded g, probe;
	struct store *s = NULL;
	struct sbuf rep = SBUF_INIT;
	char **ops = NULL, *text = NULL;
	size_t len = 0;
	int nops, rc;
	long v;

	memset(&g, 0, sizeof(g));
	memset(&sub, 0, sizeof(sub));
	rc = args_parse(c, e, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops > (admin ? 2 : 3)) {
		/* Everything after SEAT is the commands: a second argument there
		 * is most often an option put after SEAT, or commands unquoted. */
		errx_line(c, "%s: %d arguments after %s, where the commands go as one ('a; b', "
		    "quoted, or - for standard input); options go before GAME", e->name,
		    nops - (admin ? 1 : 2), admin ? "GAME" : "SEAT");
		goto out;
	}
	if (nops != (admin ? 2 : 3)) {
		cmd_usage(e, stderr);
		goto out;
	}
	if (parse_game_id(ops[0], &sub.game) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	sub.expect = -1;
	if (expect != NULL) {
		if (parse_int(expect, 0, 1000000, &v) != 0) {
			errx_line(c, "--expect '%s' is not a move count", expect);
			goto out;
		}
		sub.expect = (int)v;
	}
	if (strcmp(ops[nops - 1], "-") == 0) {
		if (read_all(stdin, &text, &len) != 0) {
			errx_line(c, "cannot read the commands from standard input");
			rc = EXIT_IOERR;
			goto out;
		}
		/* A pasted forum post: its quotes are someone else's words. */
		if (text_check(text, len, NULL, 0) == 0) {
			reading_paste(text);
			len = strlen(text);
		}
	} else if ((text = strdup(ops[nops - 1])) == NULL) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_WRITE, &s)) != EXIT_OK)
		goto out;
	/* Resolve the seat name against the game's seats. */
	if ((rc = game_load_meta(c, s, sub.game, &probe)) != EXIT_OK) {
		game_unload(&probe);
		goto out;
	}
	sub.seat = admin ? -1 : game_seat_find(&probe, ops[1]);
	sub.admin = admin;
	game_unload(&probe);
	if (sub.seat < 0 && !admin) {
		errx_line(c, "game %lld has no seat '%s'", (long long)sub.game, ops[1]);
		rc = EXIT_USAGE;
		goto out;
	}
	sub.text = text;
	sub.len = len;
	sub.source = admin ? "admin" : "cli";
	sub.dry_run = dry != NULL;
	if (!sub.dry_run && no_send == NULL)
		outmail_ahead(c, s);
	rc = play_submission(c, s, &sub, &g, &out);
	if (rc != EXIT_OK) {
		/* A database fault was said where it happened; a refusal is said here. */
		if (out.err[0] != '\0' && !out.said)
			errx_line(c, "%s", out.err);
		goto out;
	}
	if (report_render(c, &g, -1, &rep) != 0) {
		errx_line(c, "cannot render the report");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (sub.dry_run)
		fputs("(dry run: nothing was stored)\n", stdout);
	fputs(sb_str(&rep), stdout);
	fflush(stdout);
	rc = EXIT_OK;
	/* Deliver the new mail now, or hand it to a detached process; what
	   fails stays queued for `send`. */
	if (!sub.dry_run)
		deliver_after(c, &s, no_send == NULL);
out:
	sb_free(&rep);
	game_unload(&g);
	store_close(s);
	free(text);
	free(ops);
	return rc;
}

static int
run_move(struct ctx *c, int argc, char **argv)
{
	return submit_command(c, &cmd_move, argc, argv, 0);
}

static const struct cmd_probe probes[] = {
	{ PROBE_SEAT, "GAME AWAITED CMD", 0 },
	{ PROBE_SEAT, "--dry-run --expect NMOVES GAME AWAITED CMD", 0 },
	{ PROBE_SEAT, "--no-send GAME AWAITED nonsense", 65 },
	{ PROBE_SEAT, "GAME SEAT CMD", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_move = {
	"move",
	"move [--expect N] [--dry-run] [--no-send] GAME SEAT 'COMMANDS'|-",
	"apply one submission from one seat and print the report",
	"COMMANDS are in the game's notation, separated by newlines or ';'; '-'\n"
	"reads them from standard input, such as a pasted forum post: its quotes\n"
	"([quote]...[/quote], '>' lines) are dropped, [code] tags and ``` fences\n"
	"ignored.  They are applied all or nothing.\n"
	"SEAT is a seat's name or its number (1 = first).  Options go before GAME:\n"
	"everything after SEAT is the commands, even words starting with \"--\".\n\n"
	"  --expect N   reject unless the game has exactly N moves now\n"
	"  --dry-run    show the result without storing it\n"
	"  --no-send    leave the mail the move queued for `arbiter send`\n\n"
	"The mail goes out after the command returned, from a process of its own\n"
	"(deliver = foreground in arbiter.conf(5): before it returns); what cannot\n"
	"go out stays queued for `arbiter send`, and is logged to syslog.\n\n"
	"Exit status: 0 applied; 65 rejected (one line on stderr names the rule\n"
	"broken; nothing is stored); 77 the seat may not act now; 64 bad usage;\n"
	"66 no such game; 75 the database is busy, try again.\n",
	run_move,
	2,
	probes,
	FMT_BIT(FMT_BBCODE) | FMT_BIT(FMT_MARKDOWN) | FMT_BIT(FMT_JSON),
};
