/*
 * test_trust.c - seat passwords (salted PBKDF2 hashes, constant-time
 * checks, plain ones of older databases) and seat serials (what a reply
 * token carries: changed exactly when what the game awaits from a seat
 * changes).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"
#include "../../store/store_int.h"
#include "../../store/store_mail.h"

/* PBKDF2-HMAC-SHA256 with salt 00..0f, computed by Python's hashlib. */
#define SALT_HEX "000102030405060708090a0b0c0d0e0f"
#define HORSE "$pbkdf2-sha256$10000$" SALT_HEX \
	"$15e16031dc759ede2cffc12af0c355c8eac09fe551892c2d1b07086639cf9cac"
#define COFFEE_1 "$pbkdf2-sha256$1$" SALT_HEX \
	"$1c2ac59398cc7f193de879d83b98017c20da021e8ab1fb183f8316b4fbb7f825"

static void
test_password_vectors(void **state)
{
	(void)state;
	assert_int_equal(seat_password_check(HORSE, "correct-horse"), 1);
	assert_int_equal(seat_password_check(HORSE, "correct-horsf"), 0);
	assert_int_equal(seat_password_check(HORSE, "correct-hors"), 0);
	assert_int_equal(seat_password_check(HORSE, ""), 0);
	assert_int_equal(seat_password_check(COFFEE_1, "c0ffee123456"), 1);
	/* A damaged hash never matches. */
	assert_int_equal(seat_password_check("$pbkdf2-sha256$x$" SALT_HEX "$00",
	    "correct-horse"), 0);
	assert_int_equal(seat_password_check("$pbkdf2-sha256$10000$" SALT_HEX,
	    "correct-horse"), 0);
	assert_int_equal(seat_password_check("", "correct-horse"), 0);
}

/* Plain passwords of databases made before hashing still compare. */
static void
test_password_plain(void **state)
{
	(void)state;
	assert_int_equal(seat_password_check("2c7eb3222bf4", "2c7eb3222bf4"), 1);
	assert_int_equal(seat_password_check("2c7eb3222bf4", "2c7eb3222bf5"), 0);
	assert_int_equal(seat_password_check("2c7eb3222bf4", "2c7eb3222bf"), 0);
	assert_int_equal(seat_password_check("2c7eb3222bf4", "2c7eb3222bf44"), 0);
}

/* Drawn passwords: 16 base32 characters, salted (two hashes differ), checked. */
static void
test_password_draw(void **state)
{
	struct store_seat seats[3];
	char plain[3][32];
	char again[160];
	int i;

	(void)state;
	memset(seats, 0, sizeof(seats));
	assert_int_equal(seat_passwords(seats, 3, plain), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(strlen(plain[i]), SEAT_PASSWORD_LEN);
		assert_int_equal(strspn(plain[i], "abcdefghijklmnopqrstuvwxyz234567"),
		    SEAT_PASSWORD_LEN);
		assert_int_equal(strncmp(seats[i].password, "$pbkdf2-sha256$", 15), 0);
		assert_null(strstr(seats[i].password, plain[i]));
		assert_int_equal(seat_password_check(seats[i].password, plain[i]), 1);
		assert_int_equal(seat_password_check(seats[i].password, plain[(i + 1) % 3]), 0);
	}
	assert_string_not_equal(plain[0], plain[1]);
	assert_int_equal(seat_password_hash(plain[0], again, sizeof(again)), 0);
	assert_string_not_equal(again, seats[0].password);
	assert_int_equal(seat_password_check(again, plain[0]), 1);
}

/* A game of the first built-in engine in an in-memory database. */
static void
open_game(struct store **s, struct loaded *g)
{
	char err[512];
	int64_t id;
	int i;

	memset(g, 0, sizeof(*g));
	assert_int_equal(store_open(":memory:", STORE_OPEN_CREATE, s), STORE_OK);
	g->rules = game_all()[0];
	g->store = *s;
	snprintf(g->row.rules, sizeof(g->row.rules), "%s", g->rules->name);
	snprintf(g->row.title, sizeof(g->row.title), "serials");
	g->row.options = strdup("[]");
	g->row.nseats = g->rules->min_seats;
	for (i = 0; i < g->row.nseats; i++) {
		snprintf(g->seats[i].name, sizeof(g->seats[i].name), "p%d", i);
		g->seats[i].idx = i;
		g->seats[i].serial = 1;
		g->names[i] = g->seats[i].name;
	}
	g->state = calloc(1, g->rules->state_size);
	assert_non_null(g->state);
	assert_int_equal(game_setup_state(g->rules, &g->row, g->state, err, sizeof(err)), 0);
	assert_int_equal(store_game_create(*s, &g->row, g->seats, &id), STORE_OK);
	g->row.id = id;
}

/* The seat the game waits for, and the first legal command it has. */
static int
awaited(struct loaded *g, struct game_wait *w, char *cmd, size_t len)
{
	struct sbuf m = SBUF_INIT;
	int i;

	memset(w, 0, sizeof(*w));
	g->rules->waiting(g->state, w);
	for (i = 0; i < g->row.nseats; i++)
		if (w->mask & (1u << i))
			break;
	assert_true(i < g->row.nseats);
	g->rules->moves(g->state, i, &m);
	snprintf(cmd, len, "%.*s", (int)strcspn(sb_str(&m), "\n"), sb_str(&m));
	sb_free(&m);
	return i;
}

/* Serials change for the mover and for every seat whose part changed, and
 * for nobody else; undo (before NULL) changes them all; the store keeps them. */
static void
test_serials(void **state)
{
	struct store *s;
	struct loaded g;
	struct game_wait before, after;
	struct game_played pl;
	struct store_seat stored[GAME_MAX_SEATS];
	int64_t was[GAME_MAX_SEATS];
	char cmd[256], err[512];
	int i, k, n, mover;

	(void)state;
	open_game(&s, &g);
	for (k = 0; k < 6; k++) {
		mover = awaited(&g, &before, cmd, sizeof(cmd));
		for (i = 0; i < g.row.nseats; i++)
			was[i] = g.seats[i].serial;
		assert_int_equal(g.rules->play(g.state, mover, cmd, &pl, err, sizeof(err)),
		    GAME_OK);
		assert_int_equal(game_update_serials(&g, mover, &before), STORE_OK);
		memset(&after, 0, sizeof(after));
		if (!g.rules->over(g.state))
			g.rules->waiting(g.state, &after);
		for (i = 0; i < g.row.nseats; i++) {
			unsigned bit = 1u << i;
			int changed = i == mover || (before.mask & bit) != (after.mask & bit) ||
			    ((after.mask & bit) && strcmp(before.why[i], after.why[i]) != 0);

			assert_int_equal(g.seats[i].serial, was[i] + changed);
		}
	}
	for (i = 0; i < g.row.nseats; i++)
		was[i] = g.seats[i].serial;
	assert_int_equal(game_update_serials(&g, -1, NULL), STORE_OK);
	assert_int_equal(store_seats_get(s, g.row.id, stored, GAME_MAX_SEATS, &n), STORE_OK);
	assert_int_equal(n, g.row.nseats);
	for (i = 0; i < n; i++) {
		assert_int_equal(g.seats[i].serial, was[i] + 1);
		assert_int_equal(stored[i].serial, g.seats[i].serial);
	}
	game_unload(&g);
	store_close(s);
}

/* The level of syncing of s's connection (2: FULL). */
static int
synchronous(struct store *s)
{
	sqlite3_stmt *st;
	int v;

	assert_int_equal(sqlite3_prepare_v2(s->db, "PRAGMA synchronous", -1, &st, NULL),
	    SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* The send loop's bookkeeping commits without a sync of its own, and every
 * commit after it (a move) syncs again: FULL before and after each step. */
static void
test_outbox_step_keeps_moves_synced(void **state)
{
	struct store *s;
	struct store_mail claimed[1];
	char path[] = "/tmp/arbiter-sync-XXXXXX";
	char db[64];
	int n = -1;

	(void)state;
	assert_non_null(mkdtemp(path));
	snprintf(db, sizeof(db), "%s/g.db", path);
	assert_int_equal(store_open(db, STORE_OPEN_CREATE, &s), STORE_OK);
	assert_int_equal(synchronous(s), 2);
	assert_int_equal(store_outbox_step(s, NULL, 0, 1000, 600, claimed, 1, &n), STORE_OK);
	assert_int_equal(n, 0);
	assert_int_equal(synchronous(s), 2);
	store_close(s);
	snprintf(db, sizeof(db), "rm -rf %s", path);
	assert_int_equal(system(db), 0);
}

/* The writer of test_verify_one_moment: one move, from inside the verifier's read. */
struct interleave {
	struct ctx *c;
	struct store *writer;
	int64_t game;
	int fired;
};

/* Play the awaited seat's first legal command on the writer's connection. */
static void
play_one(struct ctx *c, struct store *s, int64_t game)
{
	struct loaded g, after;
	struct game_wait w;
	struct submission sub;
	struct outcome out;
	char cmd[256];
	int seat;

	memset(&g, 0, sizeof(g));
	assert_int_equal(game_load(c, s, game, -1, &g), EXIT_OK);
	seat = awaited(&g, &w, cmd, sizeof(cmd));
	game_unload(&g);
	memset(&sub, 0, sizeof(sub));
	sub.game = game;
	sub.seat = seat;
	sub.text = cmd;
	sub.source = "cli";
	sub.expect = -1;
	memset(&after, 0, sizeof(after));
	assert_int_equal(play_submission(c, s, &sub, &after, &out), EXIT_OK);
	game_unload(&after);
}

static int
move_between_reads(unsigned type, void *arg, void *stmt, void *sql)
{
	struct interleave *a = arg;

	(void)type;
	(void)stmt;
	if (!a->fired && strstr((const char *)sql, "FROM moves") != NULL) {
		a->fired = 1;
		play_one(a->c, a->writer, a->game);
	}
	return 0;
}

/*
 * verify reads the game's row, its log and its snapshot as of one moment:
 * a move another process commits between its reads (here: as the log is
 * about to be read) is not half seen.  Before, this said "the game row says
 * 2 moves, the log holds 3" (issue 28, defect 9).
 */
static void
test_verify_one_moment(void **state)
{
	char dir[] = "/tmp/arbiter-verify-XXXXXX", db[96], cmd[128];
	struct interleave a;
	struct store *w, *r;
	struct loaded g;
	struct ctx c;
	int i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(db, sizeof(db), "%s/g.db", dir);
	setenv("HOME", dir, 1);
	memset(&c, 0, sizeof(c));
	c.prog = "arbiter";
	c.db = db;
	assert_int_equal(store_open(db, STORE_OPEN_CREATE, &w), STORE_OK);
	memset(&g, 0, sizeof(g));
	g.rules = game_all()[0];
	g.store = w;
	snprintf(g.row.rules, sizeof(g.row.rules), "%s", g.rules->name);
	snprintf(g.row.title, sizeof(g.row.title), "verify");
	g.row.options = strdup("[]");
	g.row.nseats = g.rules->min_seats;
	for (i = 0; i < g.row.nseats; i++) {
		snprintf(g.seats[i].name, sizeof(g.seats[i].name), "p%d", i);
		g.seats[i].idx = i;
		g.seats[i].serial = 1;
	}
	assert_int_equal(store_game_create(w, &g.row, g.seats, &g.row.id), STORE_OK);
	for (i = 0; i < 2; i++)
		play_one(&c, w, g.row.id);
	assert_int_equal(store_open(db, STORE_OPEN_READ, &r), STORE_OK);
	memset(&a, 0, sizeof(a));
	a.c = &c;
	a.writer = w;
	a.game = g.row.id;
	assert_int_equal(sqlite3_trace_v2(r->db, SQLITE_TRACE_STMT, move_between_reads, &a),
	    SQLITE_OK);
	assert_int_equal(game_verify(&c, r, g.row.id), EXIT_OK);
	assert_int_equal(a.fired, 1);
	/* And the move is there for the next one. */
	a.fired = 1;
	assert_int_equal(game_verify(&c, r, g.row.id), EXIT_OK);
	store_close(r);
	store_close(w);
	free(g.row.options);
	free(c.cfg);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_password_vectors),
		cmocka_unit_test(test_password_plain),
		cmocka_unit_test(test_password_draw),
		cmocka_unit_test(test_serials),
		cmocka_unit_test(test_outbox_step_keeps_moves_synced),
		cmocka_unit_test(test_verify_one_moment),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
