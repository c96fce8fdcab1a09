/*
 * test_snapshot.c - a stored snapshot is used only when it is the game's:
 * its checksum holds, the engine's check() accepts it, and it has the
 * game's seats; otherwise game_load rebuilds the state from the log.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"

/* A game of rules with nseats seats in store s; its id. */
static int64_t
make_game(struct store *s, const struct game_rules *r, int nseats)
{
	struct store_game row;
	struct store_seat seats[GAME_MAX_SEATS];
	int64_t id;
	int i;

	memset(&row, 0, sizeof(row));
	memset(seats, 0, sizeof(seats));
	snprintf(row.rules, sizeof(row.rules), "%s", r->name);
	snprintf(row.title, sizeof(row.title), "t");
	row.options = (char *)"[]";
	row.nseats = nseats;
	row.created = 1;
	for (i = 0; i < nseats; i++) {
		snprintf(seats[i].name, sizeof(seats[i].name), "p%d", i + 1);
		snprintf(seats[i].password, sizeof(seats[i].password), "$none");
	}
	assert_int_equal(store_game_create(s, &row, seats, &id), STORE_OK);
	return id;
}

/*
 * Found by fuzz/snapshot: a snapshot that passes its checksum and the
 * engine's check() but holds another seat count than the game (here a
 * 3-seat state stored for a 2-seat game) was trusted, so the engine
 * waited for a seat the game does not have.  Every engine.
 */
static void
test_seat_count(void **state)
{
	const struct game_rules *const *r;
	struct ctx c = { .db = ":memory:", .prog = "arbiter" };
	struct store *s;

	(void)state;
	assert_int_equal(store_open(":memory:", STORE_OPEN_CREATE, &s), STORE_OK);
	for (r = game_all(); *r != NULL; r++) {
		uint8_t seed[GAME_SEED_LEN] = { 3 };
		void *three = calloc(1, (*r)->state_size);
		struct game_score sc;
		struct loaded g;
		char err[256];
		int64_t id = make_game(s, *r, 2);

		if ((*r)->max_seats < 3) {
			free(three);
			continue;
		}
		assert_non_null(three);
		assert_int_equal((*r)->setup(three, 3, NULL, 0, seed, err, sizeof(err)), 0);
		assert_int_equal((*r)->check(three, err, sizeof(err)), 0);
		assert_int_equal(store_snapshot_put(s, id, 0, (*r)->version, three,
		    (*r)->state_size), STORE_OK);
		memset(&g, 0, sizeof(g));
		assert_int_equal(game_load(&c, s, id, -1, &g), EXIT_OK);
		(*r)->score(g.state, -1, &sc);
		assert_int_equal(sc.nseats, 2);
		game_unload(&g);
		free(three);
	}
	store_close(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seat_count),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
