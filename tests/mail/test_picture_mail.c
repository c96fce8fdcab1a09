/*
 * test_picture_mail.c - a mail with the board's picture, as GMime reads it:
 * multipart/alternative of the text and a multipart/related (type
 * text/html) of the HTML, whose <img> names the picture by cid:, and the
 * picture itself (image/png, its Content-ID that cid, its bytes the PNG
 * drawn).  The text part is the text given, as without a picture.  Left
 * out (a picture that could not be drawn), neither the <img> nor the part
 * remains.  Offsets that do not fit the message are refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"
#include "../../app/picture/picture.h"
#include "../../mail/compose.h"
#include "../../mail/gmime_dl.h"

static const char *const NAMES[GAME_MAX_SEATS] = { "ada", "bo", "cy" };
static const char BODY[] = "ada,\n\nTigris & Euphrates (game #3), move 0.\n\n"
    "    A   B   C\n 1  .   .   r*\n";

/* A PNG of a real board: Tigris at its start. */
static void
board_png(struct sbuf *png)
{
	const struct game_rules *r = game_find("tigris");
	uint8_t seed[GAME_SEED_LEN] = { 3 };
	char err[256];
	void *st;
	json_t *view;

	if (r == NULL)
		skip();
	st = calloc(1, r->state_size);
	assert_non_null(st);
	assert_int_equal(r->setup(st, 2, NULL, 0, seed, err, sizeof(err)), GAME_OK);
	view = r->render_json(st, -1, NAMES);
	json_object_set_new(view, "game", json_pack("{s:I,s:s,s:s,s:s,s:i,s:b}", "id",
	    (json_int_t)3, "rules", "tigris", "rules_title", r->title, "title", r->title,
	    "move", 0, "over", 0));
	assert_int_equal(picture_draw(view, PICTURE_PNG, png, err, sizeof(err)), 0);
	json_decref(view);
	free(st);
}

static void
compose_with(struct mail_picture *pic, char **msg, size_t *len)
{
	struct mail_out m;
	char err[256];

	memset(&m, 0, sizeof(m));
	m.from_addr = "arbiter@example.org";
	m.to_addr = "ada@example.org";
	m.subject = "[arbiter #3] Tigris & Euphrates: move 0, your turn";
	m.date = 1700000000;
	m.message_id = "arbiter.g3.s0.m0.move.1@example.org";
	m.body = BODY;
	m.picture = pic;
	assert_int_equal(compose_message(&m, msg, len, err, sizeof(err)), 0);
}

static GMimeMessage *
parse(const char *msg, size_t len)
{
	GMimeStream *in = g_mime_stream_mem_new_with_buffer(msg, len);
	GMimeParser *p = g_mime_parser_new_with_stream(in);
	GMimeMessage *m = g_mime_parser_construct_message(p, NULL);

	g_object_unref(p);
	g_object_unref(in);
	assert_non_null(m);
	return m;
}

/* A leaf part's decoded bytes. */
static GByteArray *
content(GMimeObject *o, GMimeStream **keep)
{
	GMimeDataWrapper *w = g_mime_part_get_content(GMIME_PART(o));

	*keep = g_mime_stream_mem_new();
	assert_non_null(w);
	assert_true(g_mime_data_wrapper_write_to_stream(w, *keep) >= 0);
	return g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(*keep));
}

/* s occurs in the len bytes at b. */
static int
has(const char *b, size_t len, const char *s)
{
	size_t n = strlen(s), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(b + i, s, n) == 0)
			return 1;
	return 0;
}

static int
is_type(GMimeObject *o, const char *type, const char *sub)
{
	return g_mime_content_type_is_type(g_mime_object_get_content_type(o), type, sub);
}

static void
test_picture_mail(void **state)
{
	struct sbuf png = SBUF_INIT;
	struct mail_picture pic;
	char *msg, *whole, *bare, err[256], want_src[200];
	size_t len, wlen, blen, bad[4];
	GMimeMessage *m;
	GMimeObject *top, *text, *rel, *html, *img;
	GMimeStream *s1, *s2, *s3;
	GByteArray *b;

	(void)state;
	if (gmime_dl_load(err, sizeof(err)) != 0)
		fail_msg("%s", err);
	board_png(&png);
	memset(&pic, 0, sizeof(pic));
	pic.cid = "board.arbiter.g3.s0.m0.move.1@example.org";
	pic.alt = "The board after move 0";
	pic.width = 704;
	pic.height = 721;
	compose_with(&pic, &msg, &len);
	assert_true(pic.at[0] < pic.at[1] && pic.at[1] < pic.at[2] && pic.at[2] < pic.at[3]);
	assert_int_equal(compose_picture(msg, len, pic.at, png.s, png.len, 0, 0, 0, &whole, &wlen),
	    0);

	m = parse(whole, wlen);
	top = g_mime_message_get_mime_part(m);
	assert_true(is_type(top, "multipart", "alternative"));
	assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(top)), 2);
	text = g_mime_multipart_get_part(GMIME_MULTIPART(top), 0);
	rel = g_mime_multipart_get_part(GMIME_MULTIPART(top), 1);
	assert_true(is_type(text, "text", "plain"));
	b = content(text, &s1);
	/* The text part is the text, with CRLF line ends, unchanged by the picture. */
	{
		struct sbuf crlf = SBUF_INIT;
		const char *p;

		for (p = BODY; *p != '\0'; p++) {
			if (*p == '\n')
				sb_putc(&crlf, '\r');
			sb_putc(&crlf, *p);
		}
		assert_int_equal(b->len, crlf.len);
		assert_memory_equal(b->data, crlf.s, crlf.len);
		sb_free(&crlf);
	}
	assert_true(is_type(rel, "multipart", "related"));
	assert_string_equal(g_mime_object_get_content_type_parameter(rel, "type"), "text/html");
	assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(rel)), 2);
	html = g_mime_multipart_get_part(GMIME_MULTIPART(rel), 0);
	img = g_mime_multipart_get_part(GMIME_MULTIPART(rel), 1);
	assert_true(is_type(html, "text", "html"));
	b = content(html, &s2);
	snprintf(want_src, sizeof(want_src), "src=\"cid:%s\"", pic.cid);
	{
		char *h = strndup((const char *)b->data, b->len);

		assert_non_null(h);
		assert_non_null(strstr(h, want_src));
		/* The picture above the report. */
		assert_true(strstr(h, want_src) < strstr(h, "<pre"));
		free(h);
	}
	assert_true(is_type(img, "image", "png"));
	assert_string_equal(g_mime_object_get_header(img, "Content-ID"),
	    "<board.arbiter.g3.s0.m0.move.1@example.org>");
	b = content(img, &s3);
	assert_int_equal(b->len, png.len);
	assert_memory_equal(b->data, png.s, png.len);
	g_object_unref(s1);
	g_object_unref(s2);
	g_object_unref(s3);
	g_object_unref(m);

	/* Left out: no picture part, no <img>, the HTML and the text remain. */
	assert_int_equal(compose_picture(msg, len, pic.at, NULL, 0, 0, 0, 0, &bare, &blen), 0);
	assert_false(has(bare, blen, "cid:"));
	assert_false(has(bare, blen, "image/png"));
	assert_true(has(whole, wlen, "cid:"));
	m = parse(bare, blen);
	rel = g_mime_multipart_get_part(GMIME_MULTIPART(g_mime_message_get_mime_part(m)), 1);
	assert_true(is_type(rel, "multipart", "related"));
	assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(rel)), 1);
	assert_true(is_type(g_mime_multipart_get_part(GMIME_MULTIPART(rel), 0), "text", "html"));
	g_object_unref(m);
	free(bare);

	/* Offsets that do not fit. */
	memcpy(bad, pic.at, sizeof(bad));
	bad[3] = len + 1;
	assert_int_equal(compose_picture(msg, len, bad, png.s, png.len, 0, 0, 0, &bare, &blen),
	    -1);
	memcpy(bad, pic.at, sizeof(bad));
	bad[1] = bad[0] - 1;
	assert_int_equal(compose_picture(msg, len, bad, NULL, 0, 0, 0, 0, &bare, &blen), -1);
	free(msg);
	free(whole);
	sb_free(&png);
}

/* The HTML part of msg, decoded. */
static char *
html_of_mail(const char *msg, size_t len)
{
	GMimeMessage *m = parse(msg, len);
	GMimeObject *rel = g_mime_multipart_get_part(GMIME_MULTIPART(g_mime_message_get_mime_part(m)),
	    1);
	GMimeStream *keep;
	GByteArray *b = content(g_mime_multipart_get_part(GMIME_MULTIPART(rel), 0), &keep);
	char *h = strndup((const char *)b->data, b->len);

	g_object_unref(keep);
	g_object_unref(m);
	assert_non_null(h);
	return h;
}

/*
 * A mail as it is queued: a place for a picture of no size yet, its alt
 * text alt; and the picture to go in (GMime loaded for the parsing).
 */
static void
queued(struct mail_picture *pic, const char *alt, struct sbuf *png, char **msg, size_t *len)
{
	char err[256];

	if (gmime_dl_load(err, sizeof(err)) != 0)
		fail_msg("%s", err);
	board_png(png);
	memset(pic, 0, sizeof(*pic));
	pic->cid = "board.arbiter.g3.s0.m0.move.1@example.org";
	pic->alt = alt;
	compose_with(pic, msg, len);
}

/*
 * A mail queued before its picture is drawn carries no size (0 by 0); the
 * picture's own size goes into its <img> when the picture does, and only
 * there: the text, and the report in the HTML, keep their numbers.
 */
static void
test_picture_size_later(void **state)
{
	struct sbuf png = SBUF_INIT;
	struct mail_picture pic;
	char *msg, *whole, *h;
	size_t len, wlen;

	(void)state;
	queued(&pic, "width=\"5\" height=\"6\"", &png, &msg, &len);
	h = html_of_mail(msg, len);
	assert_non_null(strstr(h, " width=\"0\" height=\"0\""));
	free(h);
	assert_int_equal(compose_picture(msg, len, pic.at, png.s, png.len, 704, 12721, 0,
	    &whole, &wlen), 0);
	h = html_of_mail(whole, wlen);
	assert_non_null(strstr(h, "\n width=\"704\" height=\"12721\"\r\n"));
	assert_null(strstr(h, "=\"0\""));
	/* The alt text (its quotes made spaces) is not an attribute to size. */
	assert_non_null(strstr(h, "alt=\"width= 5  height= 6 \""));
	free(h);
	free(whole);
	/* Without a size given, the <img> keeps the one it was composed with. */
	assert_int_equal(compose_picture(msg, len, pic.at, png.s, png.len, 0, 0, 0, &whole, &wlen),
	    0);
	h = html_of_mail(whole, wlen);
	assert_non_null(strstr(h, " width=\"0\" height=\"0\""));
	free(h);
	free(whole);
	free(msg);
	sb_free(&png);
}

/*
 * A mail may not grow over its limit by its picture: over it, the mail is
 * made as without one (1 says so); with room, whole.
 */
static void
test_picture_max(void **state)
{
	struct sbuf png = SBUF_INIT;
	struct mail_picture pic;
	char *msg, *whole, *bare, *out;
	size_t len, wlen, blen, olen;

	(void)state;
	queued(&pic, "The board after move 0", &png, &msg, &len);
	assert_int_equal(compose_picture(msg, len, pic.at, png.s, png.len, 704, 721, 0, &whole,
	    &wlen), 0);
	assert_int_equal(compose_picture(msg, len, pic.at, NULL, 0, 0, 0, 0, &bare, &blen), 0);
	/* Room for it: the same bytes as without a limit. */
	assert_int_equal(compose_picture(msg, len, pic.at, png.s, png.len, 704, 721, wlen + 64,
	    &out, &olen), 0);
	assert_int_equal(olen, wlen);
	assert_memory_equal(out, whole, wlen);
	free(out);
	/* A byte short: left out, as a picture that could not be drawn. */
	assert_int_equal(compose_picture(msg, len, pic.at, png.s, png.len, 704, 721, wlen - 1,
	    &out, &olen), 1);
	assert_true(olen <= wlen - 1);
	assert_int_equal(olen, blen);
	assert_memory_equal(out, bare, blen);
	assert_false(has(out, olen, "image/png"));
	free(out);
	free(whole);
	free(bare);
	free(msg);
	sb_free(&png);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_picture_mail),
		cmocka_unit_test(test_picture_size_later),
		cmocka_unit_test(test_picture_max),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
