/*
 * inbound.c - fuzz target: arbitrary bytes as an inbound mail, through
 * everything `arbiter mail` does before it needs the database
 * (app/inmail.c): the GMime parse with its limits, the test for
 * automatic mail, the reply-address tokens of every recipient, the
 * reduction of the body to what the player typed, and the credential
 * and absence lines taken out of it; also the HTML reduction on the body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../mail/inbound.h"
#include "../mail/reply.h"
#include "../mail/token.h"

static const char secret[] = "fuzz-secret-0123456789", site[] = "f0f0f0f0";

/* Every string the parser returns must be a C string of its own. */
static void
plain(const char *what, const char *s)
{
	if (s != NULL && strlen(s) > INBOUND_MAX_BYTES)
		fuzz_fail("inbound: %s is longer than any message", what);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct inbound in;
	struct reply_credentials cr;
	char err[1024], *text, *html;
	int y, m, d;
	size_t i;

	if (inbound_parse((const char *)data, size, &in, err, sizeof(err)) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL)
			fuzz_fail("inbound: refused with the reason \"%s\"", err);
		inbound_free(&in);
		return 0;
	}
	if (in.body == NULL)
		fuzz_fail("inbound: a parsed message without a body string");
	if (in.nrcpt > INBOUND_MAX_RCPT)
		fuzz_fail("inbound: %zu recipients", in.nrcpt);
	plain("from", in.from);
	plain("subject", in.subject);
	plain("message_id", in.message_id);
	if (in.message_id != NULL && (strlen(in.message_id) > 254 ||
	    strchr(in.message_id, '@') == NULL))
		fuzz_fail("inbound: kept the Message-ID \"%s\"", in.message_id);
	(void)inbound_is_automatic(&in, "arbiter@localhost");
	for (i = 0; i < in.nrcpt; i++) {
		long game = 0, serial = 0;
		int seat = 0;

		if (token_parse(in.rcpt[i], secret, site, &game, &seat, &serial) == TOKEN_OK)
			fuzz_fail("inbound: a token forged without the key: %s", in.rcpt[i]);
	}
	if ((text = inbound_strip_reply(in.body)) == NULL)
		fuzz_fail("out of memory");
	if (reply_take_credentials(text, &cr, err, sizeof(err)) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL)
			fuzz_fail("inbound: credentials refused with the reason \"%s\"", err);
	} else if (cr.has_password && (strlen(cr.password) > REPLY_PASSWORD_MAX ||
	    strpbrk(cr.password, " \t\r\n") != NULL))
		fuzz_fail("inbound: took the password \"%s\"", cr.password);
	if (reply_take_away(text, &y, &m, &d, err, sizeof(err)) == 1 &&
	    (m < 1 || m > 12 || d < 1 || d > 31))
		fuzz_fail("inbound: away until %d-%d-%d", y, m, d);
	free(text);
	if ((html = inbound_html_to_text(in.body)) == NULL)
		fuzz_fail("out of memory");
	free(html);
	inbound_free(&in);
	return 0;
}
