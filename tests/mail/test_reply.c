/*
 * test_reply.c - typed-text extraction, credential and absence lines, and
 * HTML reduction.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../mail/inbound.h"
#include "../../mail/reply.h"

/* Strip text and compare with want. */
static void
check_strip(const char *text, const char *want)
{
	char *got = inbound_strip_reply(text);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

/* Top-posting with Gmail's attribution and the quoted history. */
static void
test_top_posted(void **state)
{
	(void)state;
	check_strip("play red D4\r\ntreasure C2\r\n\r\n"
	    "On Sat, Nov 21, 2026 at 10:45 PM Arbiter <games@example.org> "
	    "wrote:\r\n> Your move.\r\n>\r\n> board\r\n",
	    "play red D4\ntreasure C2\n");
}

/* The attribution wrapped over two lines. */
static void
test_wrapped_attribution(void **state)
{
	(void)state;
	check_strip("pass\n\nOn Sat, Nov 21, 2026 at 10:45 PM Arbiter Table\n"
	    "<games+g42.s3.m17.abcdefghijklmnopqrst@example.org> wrote:\n\n"
	    "> board\n", "pass\n");
	check_strip("pass\nDne so 21. 11. 2026 22:45 u\xc5\xbeivatel Arbiter\n"
	    "<games@example.org> napsal:\n> board\n", "pass\n");
}

/* Czech and German attributions. */
static void
test_localized(void **state)
{
	(void)state;
	check_strip("tah A1\nDne 21.11.2026 v 22:45 Arbiter napsal(a):\n"
	    "> deska\n", "tah A1\n");
	check_strip("Zug A1\nAm 21.11.2026 um 22:45 schrieb Arbiter:\n"
	    "> Brett\n", "Zug A1\n");
}

/* Interleaved replies keep the typed lines between quotes. */
static void
test_interleaved(void **state)
{
	(void)state;
	check_strip("On Sat, Nov 21, 2026, Arbiter wrote:\n> Your move?\n"
	    "build temple B3\n> Anything else?\nscore\n",
	    "build temple B3\nscore\n");
}

/* Signatures end the typed text: "-- " and a bare "--". */
static void
test_signature(void **state)
{
	(void)state;
	check_strip("pass\n-- \nJiri\n", "pass\n");
	check_strip("pass\n--\nJiri\n", "pass\n");
	check_strip("a -- b\n---\nkeep\n", "a -- b\n---\nkeep\n");
}

/* Outlook's history blocks. */
static void
test_outlook(void **state)
{
	(void)state;
	check_strip("pass\n\n-----Original Message-----\nFrom: Arbiter\n"
	    "Sent: Saturday\nSubject: x\n\nboard\n", "pass\n");
	check_strip("pass\n\n________________________________\n"
	    "From: Arbiter <games@example.org>\nSent: Saturday, November 21\n"
	    "To: me\n\nboard\n", "pass\n");
	check_strip("pass\nFrom: Arbiter <games@example.org>\n"
	    "Sent: Saturday\nTo: me\nboard\n", "pass\n");
	check_strip("pass\nOd: Arbiter <games@example.org>\n"
	    "Odesl\xc3\xa1no: sobota\nKomu: j\xc3\xa1\ndeska\n", "pass\n");
	/* A lone "From:" line with no Sent: nearby is not history. */
	check_strip("From: here I go\nplay A1\n", "From: here I go\nplay A1\n");
}

/* Lines are kept verbatim, blank edges dropped, inner blanks kept. */
static void
test_verbatim(void **state)
{
	(void)state;
	check_strip("\n\n  indented line  \n\nsecond\n\n\n",
	    "  indented line  \n\nsecond\n");
	check_strip("", "");
	check_strip("> only quotes\n> here\n", "");
	check_strip("On Monday we play.\nOK\n", "On Monday we play.\nOK\n");
}

/* Credential lines are found, stored and removed. */
static void
test_credentials(void **state)
{
	struct reply_credentials c;
	char text[256];
	char err[256];

	(void)state;
	snprintf(text, sizeof text, "Game: 42\nplay A1\nPASSWORD: s3cr3t!x\n");
	assert_int_equal(reply_take_credentials(text, &c, err, sizeof err), 0);
	assert_true(c.has_game);
	assert_int_equal(c.game, 42);
	assert_true(c.has_password);
	assert_string_equal(c.password, "s3cr3t!x");
	assert_string_equal(text, "play A1\n");

	snprintf(text, sizeof text, "game 7 password hunter2\npass");
	assert_int_equal(reply_take_credentials(text, &c, err, sizeof err), 0);
	assert_int_equal(c.game, 7);
	assert_string_equal(c.password, "hunter2");
	assert_string_equal(text, "pass");

	snprintf(text, sizeof text, "game: #9\n");
	assert_int_equal(reply_take_credentials(text, &c, err, sizeof err), 0);
	assert_int_equal(c.game, 9);
	assert_false(c.has_password);
	assert_string_equal(text, "");

	snprintf(text, sizeof text, "play A1\n");
	assert_int_equal(reply_take_credentials(text, &c, err, sizeof err), 0);
	assert_false(c.has_game);
	assert_false(c.has_password);
	assert_string_equal(text, "play A1\n");

	/* "game" used as a word in a command is left alone. */
	snprintf(text, sizeof text, "game over soon\n");
	assert_int_equal(reply_take_credentials(text, &c, err, sizeof err), 0);
	assert_string_equal(text, "game over soon\n");
}

/* Malformed credential lines are refused and the text left unchanged. */
static void
test_bad_credentials(void **state)
{
	static const char *const bad[] = {
		"game: x\n", "password: two words\n", "password:\n",
		"game 4 password\n", "game 4 secret x\n", "game: 0\n",
	};
	struct reply_credentials c;
	char text[128];
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "%s", bad[i]);
		err[0] = '\0';
		assert_int_equal(reply_take_credentials(text, &c, err,
		    sizeof err), -1);
		assert_string_equal(text, bad[i]);
		assert_non_null(strstr(err, "password"));
	}
}

/* Absence lines: found, validated, removed. */
static void
test_away(void **state)
{
	char text[128];
	char err[256];
	int y = 0, m = 0, d = 0;

	(void)state;
	snprintf(text, sizeof text, "pass\nAway until 2026-12-24\n");
	assert_int_equal(reply_take_away(text, &y, &m, &d, err, sizeof err), 1);
	assert_int_equal(y, 2026);
	assert_int_equal(m, 12);
	assert_int_equal(d, 24);
	assert_string_equal(text, "pass\n");

	snprintf(text, sizeof text, "pass\n");
	assert_int_equal(reply_take_away(text, &y, &m, &d, err, sizeof err), 0);

	snprintf(text, sizeof text, "away until 2026-02-30\n");
	assert_int_equal(reply_take_away(text, &y, &m, &d, err, sizeof err), -1);
	assert_string_equal(text, "away until 2026-02-30\n");
	assert_non_null(strstr(err, "YYYY-MM-DD"));

	/* Consent lines: alone on their line; disagreeing ones count for nothing. */
	snprintf(text, sizeof text, "Hi,\n  Agree!\nthanks\n");
	assert_int_equal(reply_take_consent(text), REPLY_AGREE);
	assert_string_equal(text, "Hi,\nthanks\n");
	snprintf(text, sizeof text, "I agree with you\nundo it\n");
	assert_int_equal(reply_take_consent(text), 0);
	snprintf(text, sizeof text, "UNDO\n");
	assert_int_equal(reply_take_consent(text), REPLY_UNDO);
	snprintf(text, sizeof text, "agree\nrefuse\n");
	assert_int_equal(reply_take_consent(text), -2);
	assert_string_equal(text, "agree\nrefuse\n");
	/* "say" lines are table talk: taken out, their words kept in order. */
	{
		char said[2000];

		snprintf(text, sizeof text, "pass\n say  Good luck \nsayonara\nSay: me too\n");
		assert_int_equal(reply_take_say(text, said, sizeof said, err, sizeof err), 2);
		assert_string_equal(said, "Good luck\nme too");
		assert_string_equal(text, "pass\nsayonara\n");
		snprintf(text, sizeof text, "say\nsay \n");
		assert_int_equal(reply_take_say(text, said, sizeof said, err, sizeof err), 0);
		snprintf(text, sizeof text, "say a\nsay b\nsay c\nsay d\nsay e\nsay f\n");
		assert_int_equal(reply_take_say(text, said, sizeof said, err, sizeof err), -1);
		assert_string_equal(said, "");
		assert_string_equal(text, "say a\nsay b\nsay c\nsay d\nsay e\nsay f\n");
		assert_non_null(strstr(err, "at most 5 lines"));
	}
	/* "back" alone on its line ends an absence; in a sentence it is prose. */
	snprintf(text, sizeof text, "pass\n  Back \nback home\n");
	assert_int_equal(reply_take_away(text, &y, &m, &d, err, sizeof err), 2);
	assert_int_equal(y, 0);
	assert_string_equal(text, "pass\nback home\n");
	assert_int_equal(reply_parse_away("back home", 9, &y, &m, &d), 0);
	assert_int_equal(reply_parse_away("backs", 5, &y, &m, &d), 0);
	assert_int_equal(reply_parse_away("away until 2028-02-29", 21, &y, &m,
	    &d), 1);
	assert_int_equal(reply_parse_away("away until 2027-02-29", 21, &y, &m,
	    &d), -1);
	assert_int_equal(reply_parse_away("away until 2027-1-9", 19, &y, &m,
	    &d), -1);
	assert_int_equal(reply_parse_away("away from keyboard", 18, &y, &m,
	    &d), 0);
}

/* HTML reduction: line breaks, entities, dropped quotes and scripts. */
static void
test_html(void **state)
{
	char *t;

	(void)state;
	t = inbound_html_to_text("<html><head><title>x</title>"
	    "<style>p{color:red}</style></head><body>"
	    "<div dir=\"ltr\">play red D4<br>treasure&nbsp;C2</div>"
	    "<p>caf&eacute; &amp; &lt;tea&gt; &#382;&#x161;</p>"
	    "<blockquote>quoted <b>text</b></blockquote>"
	    "<div class=\"gmail_quote\"><div>On ... wrote:</div>"
	    "<div>nested</div></div>"
	    "<script>alert(1)</script>after</body></html>");
	assert_non_null(t);
	assert_string_equal(t, "play red D4\ntreasure C2\n"
	    "caf&eacute; & <tea> \xc5\xbe\xc5\xa1\nafter\n");
	free(t);

	t = inbound_html_to_text("<pre>a   b\n  c</pre>x  \n  y");
	assert_non_null(t);
	assert_string_equal(t, "a   b\n  c\nx y\n");
	free(t);

	t = inbound_html_to_text("<p>pass</p><div id=\"appendonsend\"></div>"
	    "<hr><div id=\"divRplyFwdMsg\">From: x</div><div>old</div>");
	assert_non_null(t);
	assert_string_equal(t, "pass\n");
	free(t);
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_top_posted),
		cmocka_unit_test(test_wrapped_attribution),
		cmocka_unit_test(test_localized),
		cmocka_unit_test(test_interleaved),
		cmocka_unit_test(test_signature),
		cmocka_unit_test(test_outlook),
		cmocka_unit_test(test_verbatim),
		cmocka_unit_test(test_credentials),
		cmocka_unit_test(test_bad_credentials),
		cmocka_unit_test(test_away),
		cmocka_unit_test(test_html),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
