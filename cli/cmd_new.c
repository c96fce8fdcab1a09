/* cmd_new.c - `arbiter new GAME --seat NAME:EMAIL ...`: start a game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"
#include "../engine/notation.h"

/* Options "KEY=VALUE" (or a bare "KEY") as the stored JSON array. */
static json_t *
options_json(const char **opts, char *err, size_t errlen)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a != NULL && opts != NULL && opts[i] != NULL; i++) {
		const char *eq = strchr(opts[i], '=');
		size_t klen = eq != NULL ? (size_t)(eq - opts[i]) : strlen(opts[i]);
		json_t *pair;

		if (klen == 0) {
			snprintf(err, errlen, "--option '%s': KEY=VALUE expected", opts[i]);
			json_decref(a);
			return NULL;
		}
		pair = json_pack("[s#, s]", opts[i], (int)klen, eq != NULL ? eq + 1 : "");
		if (pair == NULL || json_array_append_new(a, pair) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/*
 * The game's secret seed: 32 bytes from the kernel.  Tests may fix it with
 * $ARBITER_TEST_SEED (64 hex digits) to replay a scripted game; whoever can
 * set the server's environment can read the database anyway.
 */
static int
new_seed(struct ctx *c, uint8_t seed[32])
{
	const char *fixed = getenv("ARBITER_TEST_SEED");

	if (fixed != NULL && *fixed != '\0') {
		if (hex_decode(fixed, seed, 32) != 0) {
			errx_line(c, "ARBITER_TEST_SEED must be 64 hex digits");
			return -1;
		}
		return 0;
	}
	if (random_bytes(seed, 32) != 0) {
		errx_line(c, "cannot draw the game's seed from the kernel");
		return -1;
	}
	return 0;
}

static int
run_new(struct ctx *c, int argc, char **argv)
{
	const char **seat_args = NULL, **opt_args = NULL, *title = NULL;
	const struct opt_spec specs[] = {
		{ "seat", 1, NULL, &seat_args },
		{ "option", 1, NULL, &opt_args },
		{ "title", 1, &title, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store_seat seats[GAME_MAX_SEATS];
	struct store *s = NULL;
	struct loaded g;
	const struct game_rules *r;
	json_t *opts = NULL;
	char **ops = NULL, err[512];
	int nops, n = 0, i, j, rc;
	int64_t id;

	memset(&g, 0, sizeof(g));
	rc = args_parse(c, &cmd_new, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_new, stderr);
		goto out;
	}
	r = game_find(ops[0]);
	if (r == NULL) {
		errx_line(c, "no game '%s'; `arbiter help` lists the games", ops[0]);
		goto out;
	}
	for (n = 0; seat_args != NULL && seat_args[n] != NULL; n++) {
		if (n >= r->max_seats) {
			errx_line(c, "%s is for %d to %d players", r->title, r->min_seats,
			    r->max_seats);
			goto out;
		}
		if (seat_parse(seat_args[n], &seats[n], err, sizeof(err)) != 0) {
			errx_line(c, "%s", err);
			goto out;
		}
		for (j = 0; j < n; j++)
			if (word_eq(seats[j].name, seats[n].name)) {
				errx_line(c, "two seats are named %s", seats[n].name);
				goto out;
			}
	}
	if (n < r->min_seats) {
		errx_line(c, "%s is for %d to %d players; give one --seat NAME:EMAIL each",
		    r->title, r->min_seats, r->max_seats);
		goto out;
	}
	if ((opts = options_json(opt_args, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err[0] ? err : "out of memory");
		goto out;
	}
	snprintf(g.row.rules, sizeof(g.row.rules), "%s", r->name);
	snprintf(g.row.title, sizeof(g.row.title), "%s", title != NULL ? title : r->title);
	if (strpbrk(g.row.title, "\r\n") != NULL) {
		errx_line(c, "--title may not hold line breaks");
		goto out;
	}
	g.row.options = json_dumps(opts, JSON_COMPACT);
	g.row.nseats = n;
	g.row.created = now_epoch();
	if (new_seed(c, g.row.seed) != 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (g.row.options == NULL || seat_passwords(seats, n) != 0) {
		errx_line(c, "cannot draw the seats' passwords");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	/* The engine judges the options before anything is stored. */
	g.rules = r;
	g.state = calloc(1, r->state_size);
	if (g.state == NULL) {
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (game_setup_state(r, &g.row, g.state, err, sizeof(err)) != 0) {
		errx_line(c, "%s", err);
		goto out;
	}
	if ((rc = game_open_store(c, 1, &s)) != EXIT_OK)
		goto out;
	if ((rc = store_begin(s)) != STORE_OK)
		goto store_fail;
	{
		struct game_wait w;

		memset(&w, 0, sizeof(w));
		r->waiting(g.state, &w);
		for (i = 0; i < n; i++)
			seats[i].idle_since = (w.mask & (1u << i)) ? g.row.created : 0;
	}
	if ((rc = store_game_create(s, &g.row, seats, &id)) != STORE_OK ||
	    (rc = store_snapshot_put(s, id, 0, r->version, g.state, r->state_size)) != STORE_OK)
		goto store_fail;
	g.row.id = id;
	memcpy(g.seats, seats, sizeof(seats));
	for (i = 0; i < n; i++)
		g.names[i] = g.seats[i].name;
	g.store = s;
	if ((rc = notify_start(c, s, &g)) != STORE_OK ||
	    (rc = store_commit(s)) != STORE_OK)
		goto store_fail;
	printf("%lld\n", (long long)id);
	fflush(stdout);
	rc = EXIT_OK;
	{
		struct deliver_stats st;

		deliver_queue(c, s, 0, &st);	/* what fails stays queued for `send` */
	}
	goto out;
store_fail:
	rc = store_exit(s, rc);
	store_rollback(s);
out:
	store_close(s);
	free(g.state);
	store_game_free(&g.row);
	json_decref(opts);
	free(seat_args);
	free(opt_args);
	free(ops);
	return rc;
}

const struct cmd_entry cmd_new = {
	"new",
	"new GAME --seat NAME[:EMAIL] ... [--option KEY=VALUE ...] [--title TEXT]",
	"start a game and print its id",
	"Each --seat names one player and the address their mail goes to.  Tigris\n"
	"plays in seat order; Terra Mystica draws the player order from the seed\n"
	"unless --option maintain-player-order keeps the seat order; Warriors &\n"
	"Traders plays in the order of the country cards.  Options depend on the game\n"
	"(see arbiter-GAME(6)); for tigris: board=standard|alternative,\n"
	"buildings=on|off, support=free|english, scoring=hidden|open; for terra\n"
	"the options of online play by name (--option strict-leech); for\n"
	"warriors countries=random|choose, defence=ask|auto, teams=....\n"
	"The game's secret seed comes from the kernel; its SHA-256 goes to the\n"
	"players in the start mail.\n",
	run_new,
};
