/* cmd_mail.c - `arbiter mail`: one inbound message on standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"
#include "../mail/inbound.h"

static int
run_mail(struct ctx *c, int argc, char **argv)
{
	const char *extension = NULL, *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "extension", 1, &extension, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct store *s = NULL;
	char **ops = NULL, *data = NULL;
	size_t len, total;
	int nops, rc;

	rc = args_parse(c, &cmd_mail, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 0) {
		cmd_usage(&cmd_mail, stderr);
		goto out;
	}
	if (extension == NULL)
		extension = getenv("EXTENSION");	/* Postfix local(8) and .forward */
	/*
	 * All of the message is read, so the MTA's pipe never breaks, but only
	 * what the parser may look at is kept: a bigger one is answered from
	 * its header (inbound.h).
	 */
	if (read_prefix(stdin, INBOUND_MAX_BYTES + 1, &data, &len, &total) != 0) {
		fprintf(stderr, "arbiter: cannot read the message from standard input\n");
		rc = EXIT_TEMPFAIL;
		goto out;
	}
	if ((rc = game_open_store(c, STORE_OPEN_WRITE, &s)) != EXIT_OK)
		goto out;
	if (no_send == NULL)
		outmail_ahead(c, s);
	rc = inmail_handle(c, s, data, len, extension);
	/* After the commit nothing may turn the result into a retry: what fails
	   to go out now stays queued for `send`. */
	if (rc == EXIT_OK)
		deliver_after(c, &s, no_send == NULL);
out:
	store_close(s);
	free(data);
	free(ops);
	/*
	 * Every message is handled (0), whatever it held; anything else is a
	 * fault of the site's own (its configuration, its database, a library,
	 * even the pipe's command line), which the game master must fix: 75,
	 * the only code Postfix and other MTAs keep the mail queued for, so it
	 * is delivered once the site works.  (The reason went to standard
	 * error, which the MTA logs.)  Never a code the MTA bounces: a bounce
	 * would go to the player.
	 */
	return rc > 0 ? EXIT_TEMPFAIL : rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_SEAT, "--no-send <REPLY", 0 },
	{ PROBE_SEAT, "--extension TAG <REPLY", 0 },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_mail = {
	"mail",
	"mail [--extension TAG] [--no-send]",
	"handle one inbound mail on standard input (an MTA pipe)",
	"The seat is proven by the keyed token in the recipient address (To,\n"
	"Delivered-To, or --extension / $EXTENSION as Postfix hands it over), or\n"
	"by the lines \"game: ID\" and \"password: ...\" in the body.  Quoted text,\n"
	"\"On ... wrote:\" blocks and signatures are ignored; the rest takes the\n"
	"path of `arbiter move`.  A proven seat is answered at its own address.\n"
	"Mail that proves no seat is answered only at its envelope sender\n"
	"(Return-Path) when that is its From address, within an hourly cap.\n"
	"Auto-replies (Auto-Submitted, Precedence bulk, X-Autoreply, X-Autorespond),\n"
	"bounces, list mail and our own mail get no answer and act on nothing.  A mail\n"
	"is handled once: a redelivery does nothing and gets no second answer.\n\n"
	"Exit status: 0 for every message handled (a rejected move, a message too\n"
	"big or not a mail included); 75 for every fault of the site's own (the\n"
	"database busy, missing or failing, the disk full, the configuration\n"
	"missing or wrong, a library that cannot be loaded): the MTA keeps the\n"
	"mail queued and delivers it again once the site is fixed.  No other.\n"
	"The replies go out after the command exited, from a process of its own\n"
	"that holds nothing of the pipe (deliver = foreground in arbiter.conf(5):\n"
	"before it exits); what cannot go out stays queued for `arbiter send`.\n"
	"--no-send leaves the replies queued for `arbiter send`.\n",
	run_mail,
	0,
	probes,
	0,	/* text only */
};
