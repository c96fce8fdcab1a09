/* cmd_fetch.c - `arbiter fetch IMAP-URL`: poll a mailbox for moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"
#include "../mail/imap.h"

static int
run_fetch(struct ctx *c, int argc, char **argv)
{
	const char *user = NULL, *password_file = NULL, *insecure = NULL;
	const struct opt_spec specs[] = {
		{ "user", 1, &user, NULL },
		{ "password-file", 1, &password_file, NULL },
		{ "insecure", 0, &insecure, NULL },
		{ NULL, 0, NULL, NULL },
	};
	struct imap_config ic;
	struct imap_session *im = NULL;
	struct deliver_stats st;
	struct store *s = NULL;
	unsigned long *uids = NULL;
	size_t n = 0, i;
	char **ops = NULL, err[512], *password = NULL;
	int nops, rc, handled = 0;

	rc = args_parse(c, &cmd_fetch, argc, argv, specs, &ops, &nops);
	if (rc != 0)
		goto out;
	rc = EXIT_USAGE;
	if (nops != 1) {
		cmd_usage(&cmd_fetch, stderr);
		goto out;
	}
	if (password_file != NULL) {
		if (read_file(password_file, &password, NULL) != 0) {
			errx_line(c, "cannot read %s", password_file);
			goto out;
		}
		password[strcspn(password, "\r\n")] = '\0';
	}
	if ((rc = game_open_store(c, 0, &s)) != EXIT_OK)
		goto out;
	memset(&ic, 0, sizeof(ic));
	ic.url = ops[0];
	ic.user = user;
	ic.password = password;
	ic.insecure = insecure != NULL;
	if ((im = imap_open(&ic, err, sizeof(err))) == NULL ||
	    imap_search_unseen(im, &uids, &n, err, sizeof(err)) != 0) {
		errx_line(c, "imap: %s", err);
		rc = EXIT_TEMPFAIL;
		goto out;
	}
	for (i = 0; i < n; i++) {
		char *data = NULL;
		size_t len = 0;

		rc = imap_fetch(im, uids[i], &data, &len, err, sizeof(err));
		if (rc == 1)
			continue;	/* gone since the search (another fetch took it) */
		if (rc != 0) {
			errx_line(c, "imap: message %lu: %s", uids[i], err);
			rc = EXIT_TEMPFAIL;
			goto out;
		}
		rc = inmail_handle(c, s, data, len, NULL);
		free(data);
		if (rc != EXIT_OK)
			goto out;	/* left unseen: the next fetch tries again */
		if (imap_mark_seen(im, uids[i], err, sizeof(err)) != 0) {
			errx_line(c, "imap: message %lu: %s", uids[i], err);
			rc = EXIT_TEMPFAIL;
			goto out;
		}
		handled++;
	}
	deliver_queue(c, s, 0, &st);
	rc = EXIT_OK;
out:
	if (handled > 0 || rc == EXIT_OK)
		printf("fetch: %d message%s handled\n", handled, handled == 1 ? "" : "s");
	imap_close(im);
	free(uids);
	free(password);
	store_close(s);
	free(ops);
	return rc;
}

const struct cmd_entry cmd_fetch = {
	"fetch",
	"fetch [--user NAME] [--password-file FILE] [--insecure] IMAP-URL",
	"handle every unseen message of an IMAP mailbox",
	"IMAP-URL is imap://host[:port]/MAILBOX or imaps://...  Each unseen\n"
	"message goes through the same path as `arbiter mail` and is marked seen\n"
	"only once it has been handled; a message that could not be handled stays\n"
	"unseen for the next fetch.  Safe to run every minute from cron.\n",
	run_fetch,
	0,
};
