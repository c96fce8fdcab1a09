/*
 * cmd_game.c - `arbiter game GAME [--set KEY=VALUE ...]`: a game's clock -
 * its reminder interval, deadline, grace and timeout policy - shown or
 * changed mid-game (app/deadline.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"
#include "../mail/compose.h"

/* "a@x.org,b@y.org" (or "") into emails; 0, or -1 with err. */
static int
parse_observers(const char *v, char (*emails)[STORE_EMAIL_MAX], int *n, char *err,
    size_t errlen)
{
	const char *p = v;
	int i;

	*n = 0;
	while (*p != '\0') {
		size_t len = strcspn(p, ",");

		while (len > 0 && p[0] == ' ')
			p++, len--;
		if (len > 0) {
			if (*n == STORE_OBSERVERS_MAX) {
				snprintf(err, errlen, "observers: at most %d addresses",
				    STORE_OBSERVERS_MAX);
				return -1;
			}
			if (len >= STORE_EMAIL_MAX) {
				snprintf(err, errlen, "observers: an address is too long");
				return -1;
			}
			memcpy(emails[*n], p, len);
			emails[*n][len] = '\0';
			while (len > 0 && emails[*n][len - 1] == ' ')
				emails[*n][--len] = '\0';
			if (!compose_addr_ok(emails[*n])) {
				snprintf(err, errlen, "observers: '%s' is not a mail address",
				    emails[*n]);
				return -1;
			}
			for (i = 0; i < *n; i++)
				if (strcmp(emails[i], emails[*n]) == 0)
					break;
			if (i == *n)
				(*n)++;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

static int
run_game(struct ctx *c, int argc, char **argv)
{
	const char **sets = NULL;
	const struct opt_spec specs[] = {
		{ "set", 1, NULL, &sets },
		{ NULL, 0, NULL, NULL },
	};
	struct config *cfg;
	struct store *s = NULL;
	struct loaded g;
	struct game_wait w;
	char **ops = NULL, err[1024], line[600], when[64], was[600], news[800];
	char observers[STORE_OBSERVERS_MAX][STORE_EMAIL_MAX];
	int nops, rc, i, nobs = 0, set_obs = 0, told = 0;
	int64_t id;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_game, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_game, stderr);
		goto out;
	}
	if (parse_game_id(ops[0], &id) != 0) {
		errx_line(c, "'%s' is not a game id", ops[0]);
		goto out;
	}
	if ((rc = game_open_store(c, sets != NULL ? STORE_OPEN_WRITE : STORE_OPEN_READ,
	    &s)) != EXIT_OK)
		goto out;
	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		rc = EXIT_CONFIG;
		goto out;
	}
	if (sets != NULL && (rc = store_begin(s)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	if ((rc = game_load(c, s, id, -1, &g)) != EXIT_OK)
		goto rollback;
	if (sets != NULL && g.row.over) {
		errx_line(c, "game %lld is %s; its settings no longer change", (long long)id,
		    g.row.over == STORE_ABANDONED ? "abandoned" : "over");
		rc = EXIT_REJECTED;
		goto rollback;
	}
	clock_describe(&g.row, cfg->remind_hours, was, sizeof(was));
	for (i = 0; sets != NULL && sets[i] != NULL; i++) {
		if (strncmp(sets[i], "observers=", 10) == 0) {
			if (parse_observers(sets[i] + 10, observers, &nobs, err,
			    sizeof(err)) != 0) {
				errx_line(c, "--set %s", err);
				rc = EXIT_USAGE;
				goto rollback;
			}
			set_obs = 1;
		} else if (clock_set(&g.row, sets[i], err, sizeof(err)) != 0) {
			errx_line(c, "--set %s", err);
			rc = EXIT_USAGE;
			goto rollback;
		}
	}
	memset(&w, 0, sizeof(w));
	if (!g.rules->over(g.state))
		g.rules->waiting(g.state, &w);
	if (sets != NULL) {
		/* Every awaited seat's next event follows the new settings. */
		rc = store_game_set_clock(s, &g.row);
		if (rc == STORE_OK && set_obs)
			rc = store_observers_set(s, id, observers, nobs);
		for (i = 0; i < g.row.nseats && rc == STORE_OK; i++) {
			clock_schedule(&g.row, &g.seats[i]);
			rc = store_seat_update_clock(s, id, &g.seats[i]);
		}
		/* A changed clock is every player's business: the table is told. */
		clock_describe(&g.row, cfg->remind_hours, line, sizeof(line));
		if (rc == STORE_OK && strcmp(line, was) != 0) {
			snprintf(news, sizeof(news), "The game master changed the game's clock. "
			    "Now: %s.", line);
			rc = outmail_tell(cfg, s, &g, -1, "the clock changed", NULL, news, 1);
			told = 1;
		}
		if (rc != STORE_OK || (rc = store_commit(s)) != STORE_OK) {
			rc = store_exit(s, rc);
			goto rollback;
		}
	}
	clock_describe(&g.row, cfg->remind_hours, line, sizeof(line));
	printf("game %lld: %s\n", (long long)id, line);
	if ((rc = store_observers_get(s, id, observers, STORE_OBSERVERS_MAX,
	    &nobs)) != STORE_OK) {
		rc = store_exit(s, rc);
		goto out;
	}
	if (g.row.forum_address[0] != '\0')
		printf("  forum: %s (%s)\n", g.row.forum_address, g.row.forum_format);
	else
		printf("  forum: none\n");
	printf("  observers:%s", nobs == 0 ? " none" : "");
	for (i = 0; i < nobs; i++)
		printf(" %s", observers[i]);
	printf("\n");
	for (i = 0; i < g.row.nseats; i++) {
		int64_t d = clock_deadline(&g.row, &g.seats[i]);

		if (!(w.mask & (1u << i)))
			continue;
		if (g.seats[i].away_until > now_epoch()) {
			clock_time_text(g.seats[i].away_until, when, sizeof(when));
			printf("  %s: away until %s\n", g.names[i], when);
		} else if (d != 0) {
			clock_time_text(d, when, sizeof(when));
			printf("  %s: deadline %s\n", g.names[i], when);
		}
	}
	fflush(stdout);
	deliver_after(c, &s, told);	/* what fails stays queued for `send` */
	rc = EXIT_OK;
	goto out;
rollback:
	if (sets != NULL)
		store_rollback(s);
out:
	game_unload(&g);
	store_close(s);
	free(sets);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "GAME", 0 },
	{ PROBE_MASTER, "GAME --set observers=watch@example.org --set deadline=24", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_game = {
	"game",
	"game GAME [--set KEY=VALUE ...]",
	"show or change a game's clock (reminders, deadline, timeouts) and observers",
	"Without --set, says what the game's clock does and each awaited seat's\n"
	"deadline.  Settings (also for `arbiter new --set`):\n"
	"  deadline=HOURS     hours a seat has for each decision; 0: none (default)\n"
	"  grace=HOURS        hours from the deadline's notice to the timeout (24)\n"
	"  on_timeout=POLICY  remind-only (default): keep waiting, remind daily;\n"
	"                     pass: play the game's default for the seat (Tigris:\n"
	"                     pass or the least a decision commits; Terra Mystica:\n"
	"                     decline offers, then pass; Warriors: no orders);\n"
	"                     drop: the seat resigns; vote: the others reply\n"
	"                     \"agree\" (drop it) or \"refuse\" (wait), more than\n"
	"                     half deciding\n"
	"  remind=HOURS       without a deadline: hours before the first reminder\n"
	"                     (0: the site's remind_hours)\n"
	"  observers=A,B,...  (game only) addresses that get the public board after\n"
	"                     every move, never a hand; empty for none (at most 20)\n"
	"  forum_address=A    a forum topic or list that accepts posts by mail: it\n"
	"                     gets the public report as a post at the start and\n"
	"                     after every move; empty for none\n"
	"  forum_format=F     markdown (default) or bbcode\n"
	"With a deadline, `arbiter remind` (from cron) reminds each awaited seat when\n"
	"half and when an eighth of its time is left, tells it and the table at the\n"
	"deadline, and after the grace plays the timeout as the seat's move.\n"
	"Exit status 64 for an unknown setting or a bad value, 66 no such game.\n",
	run_game,
	0,
	probes,
	0,	/* text only */
};
