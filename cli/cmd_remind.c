/*
 * cmd_remind.c - `arbiter remind`: remind the seats a game has waited for
 * too long (app/remind.c), or set a game's interval.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"
#include "../store/store_mail.h"

static int
run_remind(struct ctx *c, int argc, char **argv)
{
	const char *set_game = NULL, *hours = NULL, *no_send = NULL, *quiet = NULL;
	const struct opt_spec specs[] = {
		{ "game", 1, &set_game, NULL },
		{ "hours", 1, &hours, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ "quiet", 0, &quiet, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct deliver_stats st;
	struct config cfg;
	struct store *s = NULL;
	int64_t gid;
	char **ops = NULL, err[512];
	int nops, rc, sent = 0, told = 0, played = 0, invited = 0;
	long h;

	rc = args_parse(c, &cmd_remind, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 0 || (set_game == NULL) != (hours == NULL)) {
		cmd_usage(&cmd_remind, stderr);
		goto out;
	}
	if (config_load(c, &cfg, err, sizeof(err)) != 0) {
		errx_line(c, "%s", err);
		rc = EXIT_CONFIG;
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_WRITE, &s)) != EXIT_OK)
		goto out;
	if (set_game != NULL) {
		rc = EXIT_USAGE;
		if (parse_game_id(set_game, &gid) != 0) {
			errx_line(c, "--game '%s' is not a game id", set_game);
			goto out;
		}
		if (hours == NULL || parse_int(hours, 0, 24 * 365, &h) != 0) {
			errx_line(c, "--hours '%s': give a number of hours from 0 to %d (0 = the "
			    "site's interval)", hours != NULL ? hours : "", 24 * 365);
			goto out;
		}
		{
			struct store_game row;

			rc = store_game_get(s, gid, &row);
			store_game_free(&row);
			if (rc == STORE_NOTFOUND) {
				errx_line(c, "no game %lld", (long long)gid);
				rc = EXIT_NOGAME;
				goto out;
			}
		}
		if ((rc = store_game_set_remind(s, gid, (int)h)) != STORE_OK) {
			rc = store_exit(s, rc);
			goto out;
		}
		printf("game %lld: reminders after %ld hours%s\n", (long long)gid,
		    h ? h : (long)cfg.remind_hours, h ? "" : " (the site's interval)");
		rc = EXIT_OK;
		goto out;
	}
	if ((rc = remind_all(c, &cfg, s, &sent, &told, &played, &invited)) != EXIT_OK)
		goto out;
	if (quiet == NULL) {
		printf("remind: %d reminder%s, %d table notice%s queued, %d timeout%s played",
		    sent, sent == 1 ? "" : "s", told, told == 1 ? "" : "s", played,
		    played == 1 ? "" : "s");
		if (invited > 0)
			printf(", %d invitation%s mailed", invited, invited == 1 ? "" : "s");
		printf("\n");
	}
	if (no_send == NULL)
		rc = outmail_deliver(c, &cfg, s, 0, &st);
	store_tidy(s);	/* the cron job keeps SQLite's log short too (store.c) */
out:
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", 0 },
	{ PROBE_PUBLIC, "--no-send --quiet", 0 },
	{ PROBE_MASTER, "--game GAME --hours 1", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_remind = {
	"remind",
	"remind [--no-send] [--quiet] | remind --game GAME --hours N",
	"remind the seats a game has waited for too long",
	"A seat the game waits for gets a reminder once it has been idle for the\n"
	"interval (remind_hours in arbiter.conf(5), 48 by default, or the game's own\n"
	"set with --game GAME --hours N), then one a day; after table_days days\n"
	"(4 by default) the whole table is told, once.  A seat that declared an\n"
	"absence (\"away until DATE\" by mail) is not reminded until it ends.\n"
	"A game with a deadline (`arbiter game GAME --set deadline=HOURS`) reminds\n"
	"each awaited seat when half and when an eighth of its time is left, sends a\n"
	"notice to it and the table at the deadline, and after the grace plays its\n"
	"timeout (on_timeout=pass: the game's default for the seat; drop: the seat\n"
	"resigns), each as a move in its own transaction, mailed to the table.  Safe\n"
	"to run every few minutes from cron: nothing is sent twice in one interval.\n"
	"--quiet prints nothing when all went well (for cron).\n",
	run_remind,
	0,
	probes,
	0,	/* text only */
};
