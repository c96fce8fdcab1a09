/* cmd_send.c - `arbiter send`: deliver the queued mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/config.h"
#include "../app/site.h"
#include "../store/store_mail.h"

/* A mail a limit holds back, said once to the game master (cron mails it). */
static void
say_held(const char *rcpt, const char *kind, int64_t game, int64_t at, void *arg)
{
	char when[64];

	(void)arg;
	clock_time_text(at, when, sizeof(when));
	if (game > 0)
		printf("held: %s of game %lld to %s waits until %s (replies_per_hour); it goes out "
		    "then\n", strcmp(kind, "reply") == 0 ? "an answer" : "a mail", (long long)game,
		    rcpt, when);
	else
		printf("held: an answer to %s waits until %s (replies_per_hour); it goes out "
		    "then\n", rcpt, when);
}

/* Answers dropped past the held ones an address may have, said once an episode. */
static void
say_dropped(const char *addr, int count, int64_t first, void *arg)
{
	char when[64];

	(void)arg;
	clock_time_text(first, when, sizeof(when));
	printf("dropped: %d answer%s to %s since %s, past %d hours of answers waiting for it "
	    "(replies_per_hour); the mail was handled, its answer not sent, and more are "
	    "dropped without another word until a day passes without one\n", count,
	    count == 1 ? "" : "s", addr, when, INMAIL_HELD_HOURS);
}

static int
run_send(struct ctx *c, int argc, char **argv)
{
	const char *quiet = NULL;
	const struct opt_spec specs[] = {
		{ "quiet", 0, &quiet, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct deliver_stats st;
	struct store *s = NULL;
	struct config *cfg;
	char **ops = NULL, err[1024], said[8200], *line, *save = NULL;
	int nops, rc, src, queued = 0, deleted = 0, held = 0, digests = 0;

	rc = args_parse(c, &cmd_send, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 0) {
		cmd_usage(&cmd_send, stderr);
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_WRITE, &s)) != EXIT_OK)
		goto out;
	if ((cfg = config_get(c, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		rc = EXIT_CONFIG;
		goto out;
	}
	/* What the background deliveries met and could tell nobody (deliver.c),
	   said even with --quiet: a refused mail is final. */
	if ((src = outmail_said_take(s, said, sizeof(said))) != STORE_OK) {
		rc = store_exit(s, src);
		goto out;
	}
	for (line = strtok_r(said, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save))
		printf("background delivery: %s\n", line);
	/* The digests that are due join the queue first (digest.c). */
	if ((rc = digest_flush(c, cfg, s, &digests)) != EXIT_OK)
		goto out;
	/* What a limit holds back, said once even with --quiet: the game master
	 * hears of it, and the player gets it when the limit lifts. */
	if ((src = store_outbox_held_report(s, say_held, NULL)) != STORE_OK ||
	    (src = store_dropped_report(s, say_dropped, NULL)) != STORE_OK) {
		rc = store_exit(s, src);
		goto out;
	}
	if ((rc = deliver_queue(c, s, quiet == NULL ? 2 : 1, &st)) != EXIT_OK)
		goto out;
	if ((src = outmail_purge(cfg, s, &deleted)) != STORE_OK ||
	    (src = store_outbox_queued(s, &queued)) != STORE_OK ||
	    (src = store_outbox_held(s, &held)) != STORE_OK) {
		rc = store_exit(s, src);
		goto out;
	}
	store_tidy(s);	/* the cron job keeps the log short too (store.c) */
	/* --quiet: nothing when all went well, the same summary when not. */
	if (quiet == NULL || st.deferred > 0 || st.failed > 0) {
		printf("send: %d sent, %d deferred, %d refused; %d still queued", st.sent,
		    st.deferred, st.failed, queued);
		if (held > 0)
			printf(", %d of them held back by replies_per_hour", held);
		if (digests > 0)
			printf("; %d digest%s composed", digests, digests == 1 ? "" : "s");
		printf("\n");
	}
	/* The server is away: try again later (the mail waits in the queue). */
	if (st.away)
		rc = EXIT_TEMPFAIL;
out:
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "", 0 },
	{ PROBE_PUBLIC, "--quiet", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_send = {
	"send",
	"send [--quiet]",
	"deliver the queued mail (SMTP, or the Maildir)",
	"Every due mail goes out over SMTP when smtp_url is set (arbiter.conf(5)),\n"
	"else into the Maildir.  A mail is marked sent only once the server took\n"
	"it; a failed one stays queued and is tried again later, waiting longer\n"
	"after each failure (1 minute, doubling, at most 6 hours).  Safe to run\n"
	"every minute from cron and beside moves: each mail is claimed before it\n"
	"is sent, so two senders never send the same mail.  A 4xx to one mail\n"
	"holds back that mail only; a server that cannot be reached stops the run\n"
	"(exit status 75).  --quiet prints nothing when all went well, and else\n"
	"each mail not sent and the summary.  First the digests that are due are\n"
	"composed (players who chose \"mail digest HOURS\"); an answer that\n"
	"replies_per_hour holds back is said once (\"held: ...\"), even with --quiet,\n"
	"and goes out when the limit lifts; answers dropped because 3 hours' worth\n"
	"wait for their address already are said once too (\"dropped: ...\").\n",
	run_send,
	0,
	probes,
	0,	/* text only */
};
