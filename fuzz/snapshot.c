/*
 * snapshot.c - fuzz target: damaged snapshots through the load path of
 * every command (app/game.c game_load): the store's checksum, the
 * engine's check(), and the rebuild from the move log when either fails.
 * The games live in an in-memory SQLite database made once per process.
 *
 * Input: byte 0 picks the game, byte 1 the kind of damage, byte 2 the
 * self-play position; then
 *   kind even: triples (offset high, offset low, byte) XORed into the
 *              position (offsets wrap at the state's size);
 *   kind odd:  the state's bytes themselves (repeated to fill it).
 * The result is stored as the snapshot (with its checksum) and loaded;
 * a state check() accepts must then work with every read-only function.
 *
 * FUZZ_GAMES="tigris warriors" (names separated by spaces) limits the
 * games byte 0 picks from, to fuzz one engine while another's known
 * findings wait for their fix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../app/app.h"

extern const struct game_rules tigris_rules, terra_rules, warriors_rules;
static const struct game_rules *const games[] = { &tigris_rules, &terra_rules,
    &warriors_rules };
#define NGAMES ((int)(sizeof(games) / sizeof(games[0])))

static struct store *db;
/* The stored game of each engine and seat count (0: not made yet). */
static int64_t ids[NGAMES][GAME_MAX_SEATS + 1];

static int64_t
game_for(int gi, const struct game_rules *r, int nseats)
{
	struct store_game row;
	struct store_seat seats[GAME_MAX_SEATS];
	int i;

	if (ids[gi][nseats] != 0)
		return ids[gi][nseats];
	memset(&row, 0, sizeof(row));
	memset(seats, 0, sizeof(seats));
	snprintf(row.rules, sizeof(row.rules), "%s", r->name);
	snprintf(row.title, sizeof(row.title), "fuzz");
	row.options = (char *)"[]";
	row.nseats = nseats;
	row.created = 1;
	for (i = 0; i < nseats; i++) {
		snprintf(seats[i].name, sizeof(seats[i].name), "%s", fuzz_names[i]);
		snprintf(seats[i].password, sizeof(seats[i].password), "$none");
	}
	if (store_game_create(db, &row, seats, &ids[gi][nseats]) != STORE_OK)
		fuzz_fail("cannot create a game: %s", store_error(db));
	return ids[gi][nseats];
}

/* The game byte b picks among those FUZZ_GAMES allows (all by default). */
static int
pick_game(uint8_t b)
{
	static int allowed[NGAMES], nallowed = -1;
	const char *only = getenv("FUZZ_GAMES");
	int i;

	if (nallowed < 0) {
		nallowed = 0;
		for (i = 0; i < NGAMES; i++) {
			const char *p = only != NULL ? strstr(only, games[i]->name) : NULL;
			size_t n = strlen(games[i]->name);

			if (only == NULL || (p != NULL && (p[n] == '\0' || p[n] == ' ')))
				allowed[nallowed++] = i;
		}
		if (nallowed == 0)
			fuzz_fail("FUZZ_GAMES=%s names no game", only);
	}
	return allowed[b % nallowed];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ctx c = { .db = ":memory:", .prog = "arbiter" };
	const struct game_rules *r;
	const struct fuzz_pos *pos;
	struct loaded g;
	unsigned char *st;
	int n, gi, rc;
	int64_t id;
	size_t i;

	if (db == NULL && store_open(":memory:", STORE_OPEN_CREATE, &db) != STORE_OK)
		fuzz_fail("cannot open an in-memory database");
	if (size < 3)
		return 0;
	gi = pick_game(data[0]);
	r = games[gi];
	pos = fuzz_positions(r, &n);
	pos += data[2] % n;
	if ((st = malloc(r->state_size)) == NULL)
		fuzz_fail("out of memory");
	memcpy(st, pos->state, r->state_size);
	if (data[1] % 2 == 0) {
		for (i = 3; i + 2 < size; i += 3)
			st[((size_t)data[i] << 8 | data[i + 1]) % r->state_size] ^= data[i + 2];
	} else if (size > 3) {
		for (i = 0; i < r->state_size; i++)
			st[i] = data[3 + i % (size - 3)];
	}
	id = game_for(gi, r, pos->nseats);
	if (store_snapshot_put(db, id, 0, r->version, st, r->state_size) != STORE_OK)
		fuzz_fail("cannot store the snapshot: %s", store_error(db));
	free(st);

	/* game_load says on stderr when it rebuilds (fuzz/run.sh closes it for libFuzzer). */
	memset(&g, 0, sizeof(g));
	rc = game_load(&c, db, id, -1, &g);
	if (rc != EXIT_OK)
		fuzz_fail("%s: game_load failed (%d) on a game whose log is sound", r->name, rc);
	fuzz_exercise(r, g.state, pos->nseats);
	game_unload(&g);
	return 0;
}
