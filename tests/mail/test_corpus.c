/*
 * test_corpus.c - run every inbound message of tests/mail/corpus/ through
 * the parser and the reply pipeline, and compare with its NAME.expect.
 *
 * NAME.expect holds "key: value" lines, then a line "commands:" and, up to
 * the end of the file, the exact text that must remain for the engine.
 * Keys: from, from-name, message-id, subject, in-reply-to (compared as
 * given); automatic (0/1, with our address games@example.org); token
 * ("GAME SEAT SERIAL", "forged" or "none", found among the recipients with
 * the corpus secret and site); stale (yes/no: the token's serial is not
 * the seat's current serial CURRENT_SERIAL); game / password (credential lines);
 * away (YYYY-MM-DD); html (1 when the body came from HTML).
 *
 * The pipeline is the one the cli runs: inbound_parse, inbound_strip_reply,
 * reply_take_credentials, reply_take_away.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../mail/inbound.h"
#include "../../mail/reply.h"
#include "../../mail/token.h"

#define CORPUS_SECRET "corpus-secret"
#define CORPUS_SITE "corpus-site"
#define OUR_ADDRESS "games@example.org"
#define CURRENT_SERIAL 17
#define MIN_CORPUS 18
#define MAX_FILES 128

/* Where the corpus is: $MAIL_CORPUS, else beside this source file. */
static const char *
corpus_dir(void)
{
	const char *env = getenv("MAIL_CORPUS");

	return env != NULL ? env : "tests/mail/corpus";
}

/* Read a whole file into a malloc'ed NUL-terminated buffer. */
static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long size;

	if (f == NULL)
		fail_msg("cannot open %s", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size >= 0);
	rewind(f);
	buf = malloc((size_t)size + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
	buf[size] = '\0';
	fclose(f);
	if (len != NULL)
		*len = (size_t)size;
	return buf;
}

/* Find "key: value" in the expect header; copy value into out. Returns 1
 * when present. */
static int
sidecar_value(const char *expect, const char *key, char *out, size_t outlen)
{
	size_t klen = strlen(key);
	const char *p = expect;

	while (*p != '\0' && strncmp(p, "commands:\n", 10) != 0) {
		size_t len = strcspn(p, "\n");

		if (len > klen + 1 && strncmp(p, key, klen) == 0 &&
		    p[klen] == ':' && p[klen + 1] == ' ') {
			snprintf(out, outlen, "%.*s", (int)(len - klen - 2),
			    p + klen + 2);
			return 1;
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	return 0;
}

/* The token verdict over all recipients: the first authentic tag wins;
 * otherwise "forged" when any tag failed to verify; otherwise "none". */
static void
token_verdict(const struct inbound *msg, char *out, size_t outlen)
{
	int forged = 0;
	size_t i;

	for (i = 0; i < msg->nrcpt; i++) {
		long game, serial;
		int seat;
		enum token_result r = token_parse(msg->rcpt[i], CORPUS_SECRET,
		    CORPUS_SITE, &game, &seat, &serial);

		if (r == TOKEN_OK) {
			snprintf(out, outlen, "%ld %d %ld", game, seat, serial);
			return;
		}
		if (r == TOKEN_FORGED)
			forged = 1;
	}
	snprintf(out, outlen, "%s", forged ? "forged" : "none");
}

/* Compare an optional string field with the expect file. */
static void
check_field(const char *name, const char *expect, const char *key,
    const char *got)
{
	char want[512];

	if (!sidecar_value(expect, key, want, sizeof want))
		return;
	if (got == NULL || strcmp(got, want) != 0)
		fail_msg("%s: %s is \"%s\", expected \"%s\"", name, key,
		    got != NULL ? got : "(none)", want);
}

/* Check the commands left after the reply pipeline, with credentials and
 * absence. */
static void
check_commands(const char *name, const char *expect, const char *body)
{
	struct reply_credentials cred;
	char err[256];
	char want[128];
	char got[128];
	const char *cmds = strstr(expect, "commands:\n");
	char *text = inbound_strip_reply(body);
	int y = 0, m = 0, d = 0;
	int away;

	assert_non_null(cmds);
	assert_non_null(text);
	if (reply_take_credentials(text, &cred, err, sizeof err) != 0)
		fail_msg("%s: credentials: %s", name, err);
	away = reply_take_away(text, &y, &m, &d, err, sizeof err);
	if (away < 0)
		fail_msg("%s: away: %s", name, err);
	if (strcmp(text, cmds + 10) != 0)
		fail_msg("%s: commands are\n[%s]\nexpected\n[%s]", name, text,
		    cmds + 10);
	snprintf(got, sizeof got, "%ld", cred.game);
	if (sidecar_value(expect, "game", want, sizeof want))
		assert_true(cred.has_game && strcmp(got, want) == 0);
	else
		assert_false(cred.has_game);
	if (sidecar_value(expect, "password", want, sizeof want))
		assert_true(cred.has_password &&
		    strcmp(cred.password, want) == 0);
	else
		assert_false(cred.has_password);
	snprintf(got, sizeof got, "%04d-%02d-%02d", y, m, d);
	if (sidecar_value(expect, "away", want, sizeof want))
		assert_true(away == 1 && strcmp(got, want) == 0);
	else
		assert_int_equal(away, 0);
	free(text);
}

/* Check the token and its staleness. */
static void
check_token(const char *name, const char *expect, const struct inbound *msg)
{
	char want[128];
	char got[128];
	long g, mv;
	int s;

	token_verdict(msg, got, sizeof got);
	if (!sidecar_value(expect, "token", want, sizeof want))
		fail_msg("%s: the expect file has no token line", name);
	if (strcmp(got, want) != 0)
		fail_msg("%s: token is %s, expected %s", name, got, want);
	if (!sidecar_value(expect, "stale", want, sizeof want))
		return;
	assert_int_equal(sscanf(got, "%ld %d %ld", &g, &s, &mv), 3);
	assert_string_equal(mv != CURRENT_SERIAL ? "yes" : "no", want);
}

/* Run one corpus message; returns its Message-ID (malloc'ed). */
static char *
run_one(const char *dir, const char *base)
{
	char path[1024];
	char want[64];
	char err[256];
	struct inbound msg;
	char *eml;
	char *expect;
	char *id;
	size_t len;

	snprintf(path, sizeof path, "%s/%s.eml", dir, base);
	eml = slurp(path, &len);
	snprintf(path, sizeof path, "%s/%s.expect", dir, base);
	expect = slurp(path, NULL);
	if (inbound_parse(eml, len, &msg, err, sizeof err) != 0)
		fail_msg("%s: %s", base, err);
	check_field(base, expect, "from", msg.from);
	check_field(base, expect, "from-name", msg.from_name);
	check_field(base, expect, "message-id", msg.message_id);
	check_field(base, expect, "subject", msg.subject);
	check_field(base, expect, "in-reply-to", msg.in_reply_to);
	if (!sidecar_value(expect, "automatic", want, sizeof want))
		fail_msg("%s: the expect file has no automatic line", base);
	if (inbound_is_automatic(&msg, OUR_ADDRESS) != atoi(want))
		fail_msg("%s: automatic is %d, expected %s", base,
		    inbound_is_automatic(&msg, OUR_ADDRESS), want);
	if (sidecar_value(expect, "html", want, sizeof want))
		assert_int_equal(msg.body_from_html, atoi(want));
	else
		assert_false(msg.body_from_html);
	check_token(base, expect, &msg);
	check_commands(base, expect, msg.body);
	id = strdup(msg.message_id != NULL ? msg.message_id : "");
	assert_non_null(id);
	inbound_free(&msg);
	free(eml);
	free(expect);
	return id;
}

/* Parse a damaged message and run the reply pipeline on it. Returns 1
 * when it parsed. */
static int
run_damaged(const char *data, size_t len)
{
	struct reply_credentials cred;
	struct inbound msg;
	char err[256];
	char *text;
	int y, m, d;

	if (inbound_parse(data, len, &msg, err, sizeof err) != 0) {
		assert_true(err[0] != '\0');
		return 0;
	}
	assert_non_null(msg.body);
	(void)inbound_is_automatic(&msg, OUR_ADDRESS);
	text = inbound_strip_reply(msg.body);
	assert_non_null(text);
	if (reply_take_credentials(text, &cred, err, sizeof err) == 0)
		assert_true(strlen(text) <= strlen(msg.body) + 1);
	(void)reply_take_away(text, &y, &m, &d, err, sizeof err);
	free(text);
	inbound_free(&msg);
	return 1;
}

/* qsort order for strings. */
static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every corpus message meets its expectations; exactly one pair shares a
 * Message-ID (the duplicate-delivery case). */
static void
test_corpus(void **state)
{
	char *names[MAX_FILES];
	char *ids[MAX_FILES];
	size_t n = 0;
	size_t i;
	int dups = 0;
	DIR *d;
	struct dirent *e;

	(void)state;
	d = opendir(corpus_dir());
	if (d == NULL)
		fail_msg("cannot open the corpus at %s (run from the top "
		    "folder or set MAIL_CORPUS)", corpus_dir());
	while ((e = readdir(d)) != NULL && n < MAX_FILES) {
		size_t len = strlen(e->d_name);

		if (len > 4 && strcmp(e->d_name + len - 4, ".eml") == 0) {
			names[n] = strndup(e->d_name, len - 4);
			assert_non_null(names[n]);
			n++;
		}
	}
	closedir(d);
	assert_true(n >= MIN_CORPUS);
	qsort(names, n, sizeof names[0], str_cmp);
	for (i = 0; i < n; i++) {
		printf("corpus: %s\n", names[i]);
		ids[i] = run_one(corpus_dir(), names[i]);
	}
	qsort(ids, n, sizeof ids[0], str_cmp);
	for (i = 1; i < n; i++)
		if (strcmp(ids[i - 1], ids[i]) == 0)
			dups++;
	assert_int_equal(dups, 1);
	for (i = 0; i < n; i++) {
		free(names[i]);
		free(ids[i]);
	}
}

/* Damaged input never crashes the pipeline: every corpus message cut at
 * many points and with bytes overwritten (fixed pseudo-random sequence)
 * parses or fails cleanly, and a parsed one always has a body. The
 * sanitizers turn any memory error into a failure. */
static void
test_damaged(void **state)
{
	static const char *const names[] = {
		"gmail-alternative", "outlook-alternative", "bounce",
		"iso-8859-2-czech", "html-only", "base64-utf8-czech",
	};
	unsigned int rng = 12345;
	size_t i;
	int parsed = 0;

	(void)state;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[1024];
		char *eml;
		size_t len;
		size_t cut;
		int round;

		snprintf(path, sizeof path, "%s/%s.eml", corpus_dir(),
		    names[i]);
		eml = slurp(path, &len);
		for (cut = 0; cut <= len; cut += 23) {
			char *copy = malloc(cut + 1);

			assert_non_null(copy);
			memcpy(copy, eml, cut);
			copy[cut] = '\0';
			parsed += run_damaged(copy, cut);
			free(copy);
		}
		for (round = 0; round < 200; round++) {
			char *copy = malloc(len + 1);
			int k;

			assert_non_null(copy);
			memcpy(copy, eml, len + 1);
			for (k = 0; k < 8; k++) {
				rng = rng * 1103515245u + 12345u;
				copy[(rng >> 8) % len] = (char)(rng >> 20);
			}
			parsed += run_damaged(copy, len);
			free(copy);
		}
		free(eml);
	}
	assert_true(parsed > 0);
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_damaged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
