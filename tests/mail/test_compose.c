/*
 * test_compose.c - outbound message building, checked by reading the
 * result back with the inbound parser (GMime).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../mail/compose.h"
#include "../../mail/inbound.h"

/* A board as a report would carry it: monospace, trailing blanks, a line
 * starting with "From " and one with a dot. */
static const char board[] =
    "    1   2   3   4\n"
    "A  [ ] [T] [ ] [ ]   \n"
    "B  [=] [ ] [K] [ ]\n"
    "From here it is your turn.\n"
    ".\n"
    "Score: 3 red, 2 blue \xe2\x80\x94 "
    "\xc5\xbelu\xc5\xa5ou\xc4\x8dk\xc3\xbd k\xc5\xaf\xc5\x88\n";

/* A message with every field set. */
static struct mail_out
sample(void)
{
	struct mail_out m;

	memset(&m, 0, sizeof m);
	m.from_name = "Arbiter \"T&E\" table";
	m.from_addr = "games@example.org";
	m.to_name = "Ji\xc5\x99\xc3\xad Nov\xc3\xa1k";
	m.to_addr = "jiri@example.cz";
	m.reply_to = "games+g42.s3.m17.abcdefghijklmnopqrst@example.org";
	m.subject = "Game 42: move 17 \xe2\x80\x94 tvoje tah";
	m.date = 1795300000;
	m.message_id = "g42.m17.s3@example.org";
	m.in_reply_to = "<abc@mail.example.cz>";
	m.references = "<first@example.org> abc@mail.example.cz";
	m.auto_submitted = "auto-replied";
	m.body = board;
	return m;
}

/* Build m or fail the test. */
static char *
build(const struct mail_out *m, size_t *len)
{
	char err[256] = "";
	char *out = NULL;

	if (compose_message(m, &out, len, err, sizeof err) != 0)
		fail_msg("compose failed: %s", err);
	assert_int_equal(strlen(out), *len);
	return out;
}

/* Every line ends in CRLF, no bare CR or LF, none longer than limit. */
static void
check_lines(const char *msg, size_t limit)
{
	const char *p = msg;

	while (*p != '\0') {
		const char *crlf = strstr(p, "\r\n");

		assert_non_null(crlf);
		assert_null(memchr(p, '\n', (size_t)(crlf - p)));
		assert_null(memchr(p, '\r', (size_t)(crlf - p)));
		assert_true((size_t)(crlf - p) <= limit);
		p = crlf + 2;
	}
}

/* Only the header block of msg (up to the blank line), malloc'ed. */
static char *
headers_of(const char *msg)
{
	const char *end = strstr(msg, "\r\n\r\n");
	char *h;

	assert_non_null(end);
	h = strndup(msg, (size_t)(end - msg) + 2);
	assert_non_null(h);
	return h;
}

/* The fields read back equal the fields given, and the body is intact. */
static void
test_round_trip(void **state)
{
	struct mail_out m = sample();
	struct inbound in;
	char err[256];
	size_t len;
	char *msg = build(&m, &len);
	char *h = headers_of(msg);

	(void)state;
	check_lines(msg, 998);
	assert_non_null(strstr(h, "\r\nDate: Sat, 21 Nov 2026 22:26:40 +0000\r\n"));
	assert_non_null(strstr(h, "\r\nMessage-ID: <g42.m17.s3@example.org>\r\n"));
	assert_non_null(strstr(h, "\r\nIn-Reply-To: <abc@mail.example.cz>\r\n"));
	assert_non_null(strstr(h, "\r\nAuto-Submitted: auto-replied\r\n"));
	assert_non_null(strstr(h, "\r\nX-Arbiter: 1\r\n"));
	assert_non_null(strstr(h, "\r\nMIME-Version: 1.0\r\n"));
	assert_non_null(strstr(h, "\r\nContent-Type: multipart/alternative; "
	    "boundary=\"=_arbiter_"));
	/* The text first, then the same as HTML, each with its encoding. */
	{
		const char *text = strstr(msg, "Content-Type: text/plain; charset=utf-8\r\n"
		    "Content-Transfer-Encoding: quoted-printable\r\n");
		const char *html = strstr(msg, "Content-Type: text/html; charset=utf-8\r\n");

		assert_non_null(text);
		assert_non_null(html);
		assert_true(text < html);
		assert_non_null(strstr(html, "<pre style=3D\"font-family: monospace\">"));
	}
	assert_non_null(strstr(h,
	    "From: \"Arbiter \\\"T&E\\\" table\" <games@example.org>\r\n"));
	assert_non_null(strstr(h, "=?utf-8?B?"));

	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.from, "games@example.org");
	assert_string_equal(in.from_name, "Arbiter \"T&E\" table");
	assert_string_equal(in.subject, m.subject);
	assert_string_equal(in.message_id, "g42.m17.s3@example.org");
	assert_string_equal(in.in_reply_to, "abc@mail.example.cz");
	assert_string_equal(in.auto_submitted, "auto-replied");
	assert_int_equal(in.nrcpt, 1);
	assert_string_equal(in.rcpt[0], "jiri@example.cz");
	assert_string_equal(in.body, board);
	assert_true(in.has_x_arbiter);
	assert_true(inbound_is_automatic(&in, NULL));
	inbound_free(&in);
	free(h);
	free(msg);
}

/* The HTML part is the text in <pre>, its markup characters escaped, and
 * the text part decodes to the text exactly. */
static void
test_html_part(void **state)
{
	struct mail_out m = sample();
	struct inbound in;
	char err[256];
	size_t len;
	char *msg;

	(void)state;
	m.body = "a <b> & c\n--=_arbiter_ not a boundary\n";
	msg = build(&m, &len);
	assert_non_null(strstr(msg, "<pre style=\"font-family: monospace\">\r\n"
	    "a &lt;b&gt; &amp; c\r\n"));
	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.body, m.body);
	inbound_free(&in);
	free(msg);
}

/* Short clean lines go out unencoded: 7bit for ASCII, 8bit for UTF-8. */
static void
test_plain_bodies(void **state)
{
	struct mail_out m = sample();
	struct inbound in;
	char err[256];
	size_t len;
	char *msg;

	(void)state;
	m.body = "play D4\nthen pass\n";
	msg = build(&m, &len);
	assert_non_null(strstr(msg, "Content-Transfer-Encoding: 7bit\r\n\r\n"
	    "play D4\r\nthen pass\r\n"));
	free(msg);

	m.body = "tah \xc5\xbelut\xc3\xbd\n";
	msg = build(&m, &len);
	assert_non_null(strstr(msg, "Content-Transfer-Encoding: 8bit\r\n\r\n"
	    "tah \xc5\xbelut\xc3\xbd\r\n"));
	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.body, m.body);
	inbound_free(&in);
	free(msg);
}

/* A 2000-character line is soft-broken (quoted-printable) and comes back
 * whole. */
static void
test_long_line(void **state)
{
	struct mail_out m = sample();
	struct inbound in;
	char err[256];
	char body[2100];
	size_t len;
	char *msg;

	(void)state;
	memset(body, 'x', 2000);
	body[10] = '=';
	body[2000] = '\n';
	body[2001] = '\0';
	m.body = body;
	msg = build(&m, &len);
	check_lines(msg, 998);
	assert_non_null(strstr(msg, "quoted-printable"));
	/* body lines obey the 76-character quoted-printable limit */
	check_lines(strstr(msg, "\r\n\r\n") + 4, 76);
	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.body, body);
	inbound_free(&in);
	free(msg);
}

/* CR and LF in free text never start a new header line. */
static void
test_header_injection(void **state)
{
	struct mail_out m = sample();
	struct inbound in;
	char err[256];
	size_t len;
	char *msg;
	char *h;

	(void)state;
	m.subject = "hello\r\nBcc: victim@example.net\r\n\r\nbody";
	m.from_name = "Eve\nBcc: x@example.net";
	m.x_arbiter = "g42\r\nX-Evil: 1";
	msg = build(&m, &len);
	h = headers_of(msg);
	assert_null(strstr(h, "\r\nBcc:"));
	assert_null(strstr(h, "\r\nX-Evil:"));
	assert_null(strstr(h, "\r\n\r\n"));
	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.subject,
	    "hello  Bcc: victim@example.net    body");
	assert_int_equal(in.nrcpt, 1);
	inbound_free(&in);
	free(h);
	free(msg);
}

/* Addresses and ids that could break a header are refused. */
static void
test_rejects(void **state)
{
	static const char *const bad_addr[] = {
		"a@b\r\nBcc: c@d", "a b@c", "<a@b>", "a@b,c@d", "ab", "@b",
		"a@", "a@b@c", "",
	};
	struct mail_out m;
	char err[256];
	char *out;
	size_t len;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad_addr / sizeof bad_addr[0]; i++) {
		m = sample();
		m.to_addr = bad_addr[i];
		err[0] = '\0';
		assert_int_equal(compose_message(&m, &out, &len, err,
		    sizeof err), -1);
		assert_null(out);
		assert_non_null(strstr(err, "To address"));
		assert_false(compose_addr_ok(bad_addr[i]));
	}
	m = sample();
	m.message_id = "no-at-sign";
	assert_int_equal(compose_message(&m, &out, &len, err, sizeof err), -1);
	assert_non_null(strstr(err, "Message-ID"));
	m = sample();
	m.references = "<a@b> bad\x01id";
	assert_int_equal(compose_message(&m, &out, &len, err, sizeof err), -1);
	m = sample();
	m.body = "bad utf-8 \xc3\x28";
	assert_int_equal(compose_message(&m, &out, &len, err, sizeof err), -1);
	assert_non_null(strstr(err, "UTF-8"));
	m = sample();
	m.from_addr = NULL;
	assert_int_equal(compose_message(&m, &out, &len, err, sizeof err), -1);
}

/* A long subject is folded or encoded, never a line over 998, and reads
 * back as given. */
static void
test_long_subject(void **state)
{
	struct mail_out m = sample();
	struct inbound in;
	char subject[1500];
	char err[256];
	size_t len;
	size_t i;
	char *msg;

	(void)state;
	for (i = 0; i < 1401; i++)
		subject[i] = (i % 7 == 6) ? ' ' : (char)('a' + i % 26);
	subject[1401] = '\0';
	m.subject = subject;
	msg = build(&m, &len);
	check_lines(msg, 998);
	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.subject, subject);
	inbound_free(&in);
	free(msg);

	memset(subject, 'q', 1200);
	subject[1200] = '\0';
	msg = build(&m, &len);
	check_lines(msg, 998);
	assert_int_equal(inbound_parse(msg, len, &in, err, sizeof err), 0);
	assert_string_equal(in.subject, subject);
	inbound_free(&in);
	free(msg);
}

/* Dates are UTC and locale-free. */
static void
test_date(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(compose_date(0, out, sizeof out), 0);
	assert_string_equal(out, "Thu, 1 Jan 1970 00:00:00 +0000");
	assert_int_equal(compose_date(951782400, out, sizeof out), 0);
	assert_string_equal(out, "Tue, 29 Feb 2000 00:00:00 +0000");
	assert_int_equal(compose_date(0, out, 10), -1);
}

/* Optional headers are left out when not given. */
static void
test_minimal(void **state)
{
	struct mail_out m;
	size_t len;
	char *msg;

	(void)state;
	memset(&m, 0, sizeof m);
	m.from_addr = "games@example.org";
	m.to_addr = "p@example.net";
	m.message_id = "<1@example.org>";
	msg = build(&m, &len);
	assert_null(strstr(msg, "Reply-To:"));
	assert_null(strstr(msg, "In-Reply-To:"));
	assert_null(strstr(msg, "References:"));
	assert_null(strstr(msg, "Auto-Submitted:"));
	assert_non_null(strstr(msg, "From: <games@example.org>\r\n"));
	assert_non_null(strstr(msg, "Subject: \r\n"));
	assert_non_null(strstr(msg, "Message-ID: <1@example.org>\r\n"));
	free(msg);
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_plain_bodies),
		cmocka_unit_test(test_html_part),
		cmocka_unit_test(test_long_line),
		cmocka_unit_test(test_header_injection),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_long_subject),
		cmocka_unit_test(test_date),
		cmocka_unit_test(test_minimal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
