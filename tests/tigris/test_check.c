/*
 * test_check.c - Tigris & Euphrates check() on damaged states: all 0xff,
 * all zero, random bytes, thousands of random byte changes of real
 * self-play positions in every phase, and each field set out of range on
 * purpose.  check() must never crash or read out of bounds (the suite runs
 * under ASan and UBSan), and every state it accepts must render (text and
 * JSON, public and each seat), list moves, answer waiting, score and the
 * hooks, and survive a few plays.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

static const char *const names[4] = { "Alice", "Bob", "Carol", "Dave" };

/* Whether check() accepts the state. */
static int
accepted(const struct tigris *st)
{
	char err[256];

	err[0] = '\0';
	if (tigris_rules.check(st, err, sizeof(err)) == 0)
		return 1;
	assert_true(err[0] != '\0');	/* a refusal always says why */
	return 0;
}

/* Play text as seat on a copy; any outcome but a crash is fine. */
static void
try_play(const struct tigris *st, int seat, const char *text)
{
	struct tigris *copy = malloc(sizeof(*copy));
	struct game_played pl;
	char err[256];

	assert_non_null(copy);
	memcpy(copy, st, sizeof(*copy));
	(void)tigris_rules.play(copy, seat, text, &pl, err, sizeof(err));
	free(copy);
}

/* Line k of a newline-separated list into buf; 0 when there is none. */
static int
nth_line(const char *list, int k, char *buf, size_t len)
{
	const char *nl;

	for (; k > 0 && (nl = strchr(list, '\n')) != NULL; k--)
		list = nl + 1;
	if (*list == '\0' || (nl = strchr(list, '\n')) == NULL)
		return 0;
	snprintf(buf, len, "%.*s", (int)(nl - list), list);
	return 1;
}

/* Every function an application calls on a state that passed check(). */
static void
exercise(const struct tigris *st)
{
	struct tigris *copy = malloc(sizeof(*copy));
	struct game_wait w;
	struct game_score sc;
	struct sbuf sb = SBUF_INIT;
	char line[256];
	int v, k, n;
	json_t *j;

	assert_non_null(copy);
	tigris_rules.waiting(st, &w);
	(void)tigris_rules.over(st);
	for (v = -1; v < st->nseats; v++) {
		sb_reset(&sb);
		tigris_rules.render_text(st, v, names, &sb);
		assert_false(sb.oom);
		assert_true(sb.len > 0);
		j = tigris_rules.render_json(st, v, names);
		assert_non_null(j);
		json_decref(j);
		tigris_rules.score(st, v, &sc);
		if (v < 0)
			continue;
		sb_reset(&sb);
		tigris_rules.moves(st, v, &sb);
		assert_false(sb.oom);
		/* a few listed moves, then the timeout default */
		for (n = 0; nth_line(sb_str(&sb), n, line, sizeof(line)); n++)
			;
		for (k = 0; k < n; k += n / 3 + 1)
			if (nth_line(sb_str(&sb), k, line, sizeof(line)))
				try_play(st, v, line);
		sb_reset(&sb);
		if (tigris_rules.timeout_move(st, v, &sb) == 0)
			try_play(st, v, sb_str(&sb));
		try_play(st, v, "resign");
		try_play(st, v, "pass");
		sb_reset(&sb);
		tigris_rules.public_text(st, v, "swap r b; tile red F4 # x", &sb);
		memcpy(copy, st, sizeof(*copy));
		(void)tigris_rules.resample(copy, v, (uint64_t)v * 77 + 1);
		assert_true(accepted(copy));
	}
	memcpy(copy, st, sizeof(*copy));
	(void)tigris_rules.resample(copy, -1, 5);
	assert_true(accepted(copy));
	sb_free(&sb);
	free(copy);
}

/* All 0xff, all zero, and random bytes: refused without a crash. */
static void
test_garbage(void **state)
{
	struct tigris *st = malloc(sizeof(*st));
	struct rng r;
	uint8_t seed[GAME_SEED_LEN] = { 3 }, *b = (uint8_t *)st;
	size_t i;
	int k;

	(void)state;
	assert_non_null(st);
	memset(st, 0xff, sizeof(*st));
	assert_false(accepted(st));
	memset(st, 0, sizeof(*st));
	assert_false(accepted(st));
	rng_seed(&r, seed);
	for (k = 0; k < 2000; k++) {
		for (i = 0; i < sizeof(*st); i++)
			b[i] = (uint8_t)rng_next(&r);
		if (k % 2 == 1) {	/* a plausible header, garbage behind it */
			st->version = TG_VERSION;
			st->nseats = (uint8_t)(2 + k % 3);
		}
		if (accepted(st))
			exercise(st);
	}
	free(st);
}

/* Counts of the byte-change test. */
struct changes {
	struct tigris *bad;
	struct rng pick;
	int ok, refused, phases;
};

/* Change one position 20 times at one to four random bytes each. */
static void
change_one(const struct tigris *st, void *arg)
{
	struct changes *c = arg;
	uint8_t *b = (uint8_t *)c->bad;
	int k, n, i;

	c->phases |= 1 << st->phase;
	assert_true(accepted(st));
	for (k = 0; k < 20; k++) {
		memcpy(c->bad, st, sizeof(*c->bad));
		n = 1 + (int)rng_below(&c->pick, 4);
		for (i = 0; i < n; i++) {
			size_t at = rng_below(&c->pick, (uint32_t)sizeof(*c->bad));

			if (rng_below(&c->pick, 2) == 0)
				b[at] ^= (uint8_t)(1u << rng_below(&c->pick, 8));
			else
				b[at] = (uint8_t)rng_next(&c->pick);
		}
		if (accepted(c->bad)) {
			c->ok++;
			exercise(c->bad);
		} else {
			c->refused++;
		}
	}
}

/*
 * Random byte changes of real positions: 400 positions from self-play,
 * each changed 20 times at one to four random bytes.  Whatever check()
 * accepts is exercised; some changes (the generator, the text of the last
 * move past its end...) leave valid states.
 */
static void
test_byte_changes(void **state)
{
	struct changes c;
	uint8_t seed[GAME_SEED_LEN] = { 9 };

	(void)state;
	memset(&c, 0, sizeof(c));
	c.bad = malloc(sizeof(*c.bad));
	assert_non_null(c.bad);
	rng_seed(&c.pick, seed);
	tt_each_position(400, 9, change_one, &c);
	free(c.bad);
	printf("tigris check: %d changed states accepted and exercised, %d refused\n",
	    c.ok, c.refused);
	assert_int_equal(c.ok + c.refused, 8000);
	assert_true(c.ok > 100);
	assert_true(c.refused > 1000);
	/* the positions covered actions, support and the end */
	assert_true(c.phases & (1 << TG_PH_ACTION));
	assert_true(c.phases & (1 << TG_PH_SUPPORT));
	assert_true(c.phases & (1 << TG_PH_OVER));
}

/* A position waiting for the defender's support in a revolt. */
static struct tigris *
revolt_position(void)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5; support 1");
	return st;
}

/* Change a copy of base, which check() must then refuse with want in err. */
#define REFUSED(change, want) do {					\
		char err_[256];						\
		memcpy(st, base, sizeof(*st));				\
		change;							\
		assert_int_not_equal(tigris_rules.check(st, err_, sizeof(err_)), 0); \
		if (strstr(err_, want) == NULL)				\
			fprintf(stderr, "'%s' lacks '%s'\n", err_, want);	\
		assert_non_null(strstr(err_, want));			\
	} while (0)

/* One field out of range at a time: each is refused, naming the fault. */
static void
test_fields_out_of_range(void **state)
{
	struct tigris *base = revolt_position(), *st = malloc(sizeof(*st));
	int rest = tt_sq("B5"), from, to;

	(void)state;
	assert_non_null(st);
	assert_true(accepted(base));
	/* the header */
	REFUSED(st->version = 1, "not a Tigris & Euphrates state");
	REFUSED(st->nseats = 5, "not a Tigris & Euphrates state");
	REFUSED(st->board = 2, "neither on nor off");
	REFUSED(st->open = 0xff, "neither on nor off");
	REFUSED(st->phase = TG_PH_OVER + 1, "phase, step or end out of range");
	REFUSED(st->step = 200, "phase, step or end out of range");
	REFUSED(st->end = TG_END_RESIGN + 1, "phase, step or end out of range");
	REFUSED(st->active = 3, "seat or action number out of range");
	REFUSED(st->actions = 3, "seat or action number out of range");
	REFUSED(st->treasure_seat = 4, "seat or action number out of range");
	REFUSED(st->resigned = 8, "seat or action number out of range");
	REFUSED(st->unify = TG_CELLS, "a square out of range");
	REFUSED(st->placed = -2, "a square out of range");
	REFUSED(st->treasure_sq = 30000, "a square out of range");
	REFUSED(st->pad1 = 1, "padding");
	REFUSED(st->turn = 0, "turn or treasure count");
	REFUSED(st->treasures_total = 200, "turn or treasure count");
	REFUSED(st->mon_pos[2] = (int16_t)tt_sq("P3"), "monument 2 out of the board");
	REFUSED(st->mon_pos[0] = (int16_t)tt_sq("C11"), "monument 0 out of the board");
	REFUSED(st->mon_pos[5] = -7, "monument 5 out of the board");
	REFUSED(st->bld_pos[1] = (int16_t)tt_sq("C3"), "building 1 out of the board");
	REFUSED(memset(&st->rng, 0, sizeof(st->rng)), "generator");
	REFUSED(memset(st->last, 'x', sizeof(st->last)), "not terminated");
	REFUSED(st->last[3] = '\n', "control byte");
	REFUSED(st->last[3] = (char)0xc3, "control byte");
	/* the seats */
	REFUSED(st->seat[3].leader[0] = 5, "unused seat 4");
	REFUSED(st->seat[3].points[2] = 1, "unused seat 4");
	REFUSED(st->seat[0].hand[1] = 7, "player 1 holds");
	REFUSED(st->seat[1].catastrophes = 3, "player 2: catastrophes");
	REFUSED(st->seat[2].treasures = 20, "player 3: catastrophes or treasures");
	REFUSED(st->seat[1].points[0] = -1, "player 2 has negative points");
	REFUSED(st->seat[2].leader[3] = TG_CELLS, "player 3's king is off the board");
	REFUSED(st->seat[2].leader[3] = -2, "player 3's king is off the board");
	/* the conflict */
	REFUSED(st->cf.att = 3, "conflict record is damaged");
	REFUSED(st->cf.def = -1, "conflict record is damaged");
	REFUSED(st->cf.def = st->cf.att, "conflict record is damaged");
	REFUSED(st->cf.colour = 4, "conflict record is damaged");
	REFUSED(st->cf.kind = TG_CF_NONE, "conflict record is damaged");
	REFUSED(st->cf.stage = 0, "conflict record is damaged");	/* 1 added */
	REFUSED(st->cf.att_pos = TG_CELLS, "conflict record is damaged");
	REFUSED(st->cf.def_pos = (int16_t)tt_sq("H8"), "leaders are not where it says");
	REFUSED(st->phase = TG_PH_ACTION, "a conflict record outside a conflict");
	/* the squares */
	REFUSED(st->cell[rest].tile = TG_NCOL + 1, "holds an unknown piece");
	REFUSED(st->cell[rest].leader = 13, "holds an unknown piece");
	REFUSED(st->cell[rest].monument = TG_NMON + 1, "holds an unknown piece");
	REFUSED(st->cell[rest].building = 9, "holds an unknown piece");
	REFUSED(st->cell[rest].catastrophe = 2, "holds an unknown piece");
	REFUSED(st->cell[rest].treasure = 2, "holds an unknown piece");
	/* what points into the board, and the rules */
	REFUSED(st->cell[rest].leader = 1, "leaders on the board");
	REFUSED(st->bag[0]++, "red tiles accounted for");
	REFUSED(st->cell[rest].monument = 1, "a monument square without its tile");
	REFUSED(st->cell[tt_sq("E4")].monument = 2, "do not match the monuments built");
	REFUSED(st->cell[tt_sq("F4")].catastrophe = 1, "a catastrophe under a piece");
	REFUSED(st->cell[tt_sq("A4")].tile = TG_RED + 1, "red tiles accounted for");
	REFUSED((st->cell[tt_sq("F4")].tile = TG_BLUE + 1, st->bag[0]++, st->bag[1]--),
	    "a tile on the wrong terrain");
	REFUSED(st->awarded[0]++, "red points held");
	REFUSED(st->cell[tt_sq("E4")].treasure = 1, "treasures accounted for");
	REFUSED(st->seat[0].catastrophes--, "catastrophes accounted for");
	/* the phase */
	REFUSED(st->resigned = 2, "waits for a seat that resigned");
	REFUSED(st->resigned = 6, "a running game that has ended");
	REFUSED((st->phase = TG_PH_OVER, memset(&st->cf, 0, sizeof(st->cf))),
	    "a game over without its end");
	REFUSED(st->step = TG_ST_WARS, "a revolt outside a leader action");
	REFUSED(st->cf.kind = TG_CF_WAR, "a war without its unification tile");
	REFUSED((st->phase = TG_PH_MONUMENT, st->step = TG_ST_MONUMENT,
	    memset(&st->cf, 0, sizeof(st->cf))), "a monument choice without a square");
	REFUSED((st->phase = TG_PH_TREASURE, st->step = TG_ST_TREASURE,
	    memset(&st->cf, 0, sizeof(st->cf))), "a treasure choice without a choice");

	/* changes that leave a possible state are accepted, and work */
	memcpy(st, base, sizeof(*st));
	for (from = 0; st->seat[2].hand[from] == 0; from++)
		;
	to = (from + 1) % TG_NCOL;
	st->seat[2].hand[from]--;	/* one tile of the hand back to the bag */
	st->bag[from]++;
	st->seat[2].hand[to]++;		/* and another drawn instead */
	st->bag[to]--;
	snprintf(st->last, sizeof(st->last), "{2} did something");
	assert_true(accepted(st));
	exercise(st);
	free(st);
	free(base);
}
#undef REFUSED

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_byte_changes),
		cmocka_unit_test(test_fields_out_of_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
