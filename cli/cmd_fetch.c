/* cmd_fetch.c - `arbiter fetch IMAP-URL`: poll a mailbox for moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../app/outmail.h"
#include "../mail/curl_dl.h"
#include "../mail/imap.h"
#include "../mail/inbound.h"

static int
run_fetch(struct ctx *c, int argc, char **argv)
{
	const char *user = NULL, *password_file = NULL, *insecure = NULL, *quiet = NULL;
	const struct opt_spec specs[] = {
		{ "user", 1, &user, NULL },
		{ "password-file", 1, &password_file, NULL },
		{ "insecure", 0, &insecure, NULL },
		{ "quiet", 0, &quiet, NULL },
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
			errx_line(c, "--password-file %s: cannot read it", password_file);
			rc = EXIT_NOGAME;	/* EX_NOINPUT */
			goto out;
		}
		password[strcspn(password, "\r\n")] = '\0';
	}
	if ((rc = game_open_store(c, STORE_OPEN_WRITE, &s)) != EXIT_OK)
		goto out;
	memset(&ic, 0, sizeof(ic));
	ic.url = ops[0];
	ic.user = user;
	ic.password = password;
	ic.insecure = insecure != NULL;
	/* One byte over the limit: a message cut there is known to be too big. */
	ic.max_message = INBOUND_MAX_BYTES + 1;
	if ((im = imap_open(&ic, err, sizeof(err))) == NULL) {
		errx_line(c, "%s", err);
		/* A refused login does not get better by trying again. */
		rc = strncmp(err, IMAP_LOGIN_REFUSED, strlen(IMAP_LOGIN_REFUSED)) == 0 ?
		    EXIT_NOPERM : strncmp(err, "imap: the URL", 13) == 0 ? EXIT_USAGE :
		    strncmp(err, CURL_DL_MISSING, strlen(CURL_DL_MISSING)) == 0 ?
		    EXIT_UNAVAILABLE : EXIT_TEMPFAIL;
		goto out;
	}
	if (imap_search_unseen(im, &uids, &n, err, sizeof(err)) != 0) {
		errx_line(c, "%s", err);
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
			errx_line(c, "message %lu: %s", uids[i], err);
			rc = EXIT_TEMPFAIL;
			goto out;
		}
		rc = inmail_handle(c, s, data, len, NULL);
		free(data);
		if (rc != EXIT_OK)
			goto out;	/* left unseen: the next fetch tries again */
		if (imap_mark_seen(im, uids[i], err, sizeof(err)) != 0) {
			/* Handled: seen again next time, it is a no-op then. */
			errx_line(c, "message %lu: %s", uids[i], err);
			rc = EXIT_TEMPFAIL;
			goto out;
		}
		handled++;
	}
	(void)deliver_queue(c, s, 0, &st);	/* what fails stays queued for `send` */
	rc = EXIT_OK;
out:
	if ((handled > 0 || rc == EXIT_OK) && quiet == NULL)
		printf("fetch: %d message%s handled\n", handled, handled == 1 ? "" : "s");
	imap_close(im);
	free(uids);
	free(password);
	store_close(s);
	free(ops);
	return rc;
}

static const struct cmd_probe probes[] = {
	{ PROBE_PUBLIC, "--user u --password-file FILE --insecure --quiet imap://127.0.0.1:1/INBOX", PROBE_ANY },
	{ PROBE_END, NULL, 0 },
};

const struct cmd_entry cmd_fetch = {
	"fetch",
	"fetch [--user NAME] [--password-file FILE] [--insecure] [--quiet] IMAP-URL",
	"handle every unseen message of an IMAP mailbox",
	"IMAP-URL is imap://host[:port]/MAILBOX (STARTTLS when the server offers\n"
	"it) or imaps://... (TLS from the start).  Each unseen message goes\n"
	"through the same path as `arbiter mail` and is marked seen only once it\n"
	"has been handled; a message that could not be handled stays unseen for\n"
	"the next fetch.  Safe to run every minute from cron.\n\n"
	"  --user NAME           the IMAP user (else the URL's)\n"
	"  --password-file FILE  a file whose first line is the IMAP password\n"
	"  --insecure            do not verify the server's TLS certificate (tests)\n"
	"  --quiet               print nothing when all went well (for cron)\n\n"
	"Exit status: 0 done; 75 the server or the database is busy or away, try\n"
	"again; 77 the server refused the login; 66 the password file cannot be\n"
	"read; 78 the configuration does not fit the database; 64 bad usage.\n",
	run_fetch,
	0,
	probes,
	0,	/* text only */
};
