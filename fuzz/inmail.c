/*
 * inmail.c - fuzz target: one inbound mail through all of `arbiter mail`
 * (app/inmail.c inmail_handle): parsing, proving the seat by a reply
 * token or the body's game and password, the once-only key, and for a
 * proven seat the path of every move (app/play.c), its answer and mail
 * queued in the outbox.
 *
 * Every input gets a new in-memory database holding game 1, a Tigris &
 * Euphrates game of three seats (ann, bo, cy at @example.org) with the
 * plain seat passwords of older databases, horse1..horse3, so nothing
 * one input does carries over to the next.  The site's key and id are
 * fixed (fuzz-secret-0123456789, site f0f0f0f0), so reply tokens in the
 * seed corpus stay valid: games+g1.s0.n1.TOKEN@example.org.  A line
 * "X-Fuzz-Extension: TAG" at the very start stands for Postfix's
 * $EXTENSION and is not part of the mail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../app/config.h"
#include "../app/outmail.h"

static struct ctx c = { .db = ":memory:", .prog = "arbiter" };

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[512];

	(void)argc;
	(void)argv;
	/* No site configuration, a fixed clock, no environment overrides. */
	setenv("HOME", "/nonexistent-arbiter-fuzz-home", 1);
	setenv("ARBITER_NOW", "1700000000", 1);
	unsetenv("ARBITER_SECRET_FILE");
	unsetenv("ARBITER_FROM");
	unsetenv("ARBITER_REPLY_ADDRESS");
	if (config_get(&c, err, sizeof(err)) == NULL)
		fuzz_fail("configuration: %s", err);
	snprintf(c.cfg->from, sizeof(c.cfg->from), "games@example.org");
	snprintf(c.cfg->reply_address, sizeof(c.cfg->reply_address), "games@example.org");
	snprintf(c.cfg->secret, sizeof(c.cfg->secret), "fuzz-secret-0123456789");
	snprintf(c.cfg->site, sizeof(c.cfg->site), "f0f0f0f0");
	return 0;
}

static void
make_game(struct store *s)
{
	static const char *const names[] = { "ann", "bo", "cy" };
	struct store_game row;
	struct store_seat seats[3];
	int64_t id;
	int i;

	memset(&row, 0, sizeof(row));
	memset(seats, 0, sizeof(seats));
	snprintf(row.rules, sizeof(row.rules), "tigris");
	snprintf(row.title, sizeof(row.title), "fuzz");
	row.options = (char *)"[]";
	row.nseats = 3;
	row.created = 1700000000;
	for (i = 0; i < 3; i++) {
		snprintf(seats[i].name, sizeof(seats[i].name), "%s", names[i]);
		snprintf(seats[i].email, sizeof(seats[i].email), "%s@example.org", names[i]);
		snprintf(seats[i].password, sizeof(seats[i].password), "horse%d", i + 1);
		seats[i].serial = 1;
	}
	if (store_game_create(s, &row, seats, &id) != STORE_OK || id != 1)
		fuzz_fail("cannot create the game: %s", store_error(s));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char tag[] = "X-Fuzz-Extension: ";
	struct store *s;
	char *ext = NULL;
	int rc;

	if (c.cfg == NULL)
		LLVMFuzzerInitialize(NULL, NULL);
	if (size > sizeof(tag) - 1 && memcmp(data, tag, sizeof(tag) - 1) == 0) {
		const uint8_t *nl = memchr(data, '\n', size);
		size_t n = (nl != NULL ? (size_t)(nl - data) : size) - (sizeof(tag) - 1);

		ext = fuzz_strndup(data + sizeof(tag) - 1, n);
		size -= nl != NULL ? (size_t)(nl - data) + 1 : size;
		data = nl != NULL ? nl + 1 : data + size;
	}
	if (store_open(":memory:", STORE_OPEN_CREATE, &s) != STORE_OK)
		fuzz_fail("cannot open an in-memory database");
	make_game(s);
	rc = inmail_handle(&c, s, (const char *)data, size, ext);
	/* Only a busy database or a full disk may ask the MTA to try again. */
	if (rc != EXIT_OK)
		fuzz_fail("inmail: exit %d for a mail on a sound database", rc);
	store_close(s);
	free(ext);
	return 0;
}
