/* cmd_mail.c - `arbiter mail`: one inbound message on standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"

static int
run_mail(struct ctx *c, int argc, char **argv)
{
	const char *extension = NULL, *no_send = NULL;
	const struct opt_spec specs[] = {
		{ "extension", 1, &extension, NULL },
		{ "no-send", 0, &no_send, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct deliver_stats st;
	struct store *s = NULL;
	char **ops = NULL, *data = NULL;
	size_t len;
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
	if (read_all(stdin, &data, &len) != 0) {
		fprintf(stderr, "arbiter: cannot read the message\n");
		rc = EXIT_TEMPFAIL;
		goto out;
	}
	if ((rc = store_open(c->db, 0, &s)) != STORE_OK) {
		fprintf(stderr, "arbiter: cannot open the game database\n");
		rc = EXIT_TEMPFAIL;
		goto out;
	}
	rc = inmail_handle(c, s, data, len, extension);
	if (rc == EXIT_OK && no_send == NULL)
		deliver_queue(c, s, 0, &st);	/* what fails stays queued for `send` */
out:
	store_close(s);
	free(data);
	free(ops);
	return rc;
}

const struct cmd_entry cmd_mail = {
	"mail",
	"mail [--extension TAG] [--no-send]",
	"handle one inbound mail on standard input (an MTA pipe)",
	"The seat is proven by the keyed token in the recipient address (To,\n"
	"Delivered-To, or --extension / $EXTENSION as Postfix hands it over), or\n"
	"by the lines \"game: ID\" and \"password: ...\" in the body.  Quoted text,\n"
	"\"On ... wrote:\" blocks and signatures are ignored; the rest takes the\n"
	"path of `arbiter move`.  The sender gets a reply.  Auto-replies, bounces,\n"
	"list mail and our own mail get none.  Exit status 0 for every message\n"
	"handled (a rejected move included), 75 only when the database is busy or\n"
	"the disk full, so the MTA tries again.  --no-send leaves the replies\n"
	"queued for `arbiter send`.\n",
	run_mail,
	0,
};
