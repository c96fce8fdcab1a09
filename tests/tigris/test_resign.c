/*
 * test_resign.c - Tigris & Euphrates: resign.  Any seat may resign at any
 * time while the game runs; its pieces stay on the board, its score stays
 * as it stands, turns skip it, it supports nothing in conflicts, takes no
 * treasures and ranks behind every seat that played on; the game ends
 * when fewer than two seats are left.  Ends with random self-play in which
 * seats resign at random moments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

static const char *const names[4] = { "Alice", "Bob", "Carol", "Dave" };

/* A seat the game does not wait for resigns; turns skip it from then on. */
static void
test_resign_any_time(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);
	int bag;

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_leader(st, 2, TG_RED, "F5");
	tt_hand(st, 2, 1, 1, 1, 1);	/* four tiles: never refilled now */
	assert_int_equal(tt_waiting(st), 1u);
	tt_ok(st, 2, "resign");
	assert_true(tg_resigned(st, 2));
	assert_int_equal(tt_waiting(st), 1u);		/* still Alice's turn */
	assert_int_equal(st->seat[2].leader[TG_RED], tt_sq("F5"));	/* stays */
	assert_int_equal(st->cell[tt_sq("F5")].leader, 1 + 2 * TG_NCOL + TG_RED);
	assert_non_null(strstr(st->last, "{2} resigns; their pieces stay on the board"));
	bag = tg_bag_size(st);
	tt_ok(st, 0, "pass");
	assert_int_equal(st->active, 1);
	tt_ok(st, 1, "pass");
	assert_int_equal(st->active, 0);		/* Carol is skipped */
	assert_int_equal(tt_hand_total(st, 2), 4);
	assert_int_equal(tg_bag_size(st), bag);
	tt_reject(st, 2, "pass", GAME_NOT_YOUR_TURN, "pass: you have resigned; the "
	    "game goes on without you");
	tt_reject(st, 2, "resign", GAME_REJECTED, "resign: you have already resigned");
	tt_reject(st, 0, "resign now", GAME_REJECTED, "resign: nothing may follow "
	    "'resign' (found 'now')");
	free(st);
}

/* The active player resigns in the middle of its turn: the turn passes. */
static void
test_resign_active_mid_turn(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);
	int red;

	(void)state;
	tt_tiles(st, TG_RED, "F5 G5 F6 E4");
	tt_leader(st, 0, TG_RED, "E5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red G6");
	tt_ok(st, 0, "monument red/black");
	red = st->seat[0].points[TG_RED];
	tt_ok(st, 0, "resign");
	/* no monument point at the end of a turn it did not finish */
	assert_int_equal(st->seat[0].points[TG_RED], red);
	assert_int_equal(st->active, 1);
	assert_int_equal(st->actions, 0);
	assert_int_equal(st->turn, 2);
	assert_int_equal(tt_waiting(st), 2u);
	assert_non_null(strstr(st->last, "{0} has resigned: the turn passes"));
	free(st);
}

/* A submission may end with resign; nothing may follow it. */
static void
test_resign_in_a_submission(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_reject(st, 0, "resign; pass", GAME_REJECTED, "command 2: pass: nothing may "
	    "follow 'resign' (command 1) in the same submission");
	tt_reject(st, 1, "resign\npass", GAME_REJECTED, "command 2: pass: nothing may "
	    "follow 'resign' (command 1) in the same submission");
	tt_reject(st, 2, "RESIGN; leader red F4; pass", GAME_REJECTED, "command 2: leader: "
	    "nothing may follow 'resign' (command 1) in the same submission");
	/* two commands, the second refused: named by number, as every refusal */
	tt_reject(st, 0, "tile red F5; tile red F5", GAME_REJECTED, "command 2: ");
	tt_ok(st, 0, "tile red F5; resign");
	assert_int_equal(st->cell[tt_sq("F5")].tile, TG_RED + 1);
	assert_true(tg_resigned(st, 0));
	assert_int_equal(st->active, 1);
	free(st);
}

/* A revolt against a resigned seat's leader: it supports with nothing. */
static void
test_resign_revolt_defender(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");		/* temples G4, F5 */
	tt_hand(st, 1, 3, 1, 1, 1);		/* three temples it will not use */
	tt_ok(st, 1, "resign");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5; support 0");	/* 3 temples against 2 */
	assert_int_equal(st->phase, TG_PH_ACTION);	/* nobody asked Bob */
	assert_int_equal(st->seat[1].leader[TG_RED], -1);
	assert_int_equal(st->seat[1].hand[TG_RED], 3);
	assert_int_equal(st->seat[0].points[TG_RED], 1);
	assert_non_null(strstr(st->last, "{1} has resigned and supports with nothing"));
	free(st);
}

/* A resigned defender that holds on scores nothing for it. */
static void
test_resign_revolt_defender_holds(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 G4 G6");
	tt_leader(st, 1, TG_RED, "G5");		/* temples G4, G6 */
	tt_ok(st, 1, "resign");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red F5; support 1");	/* 1 + 1 against 2: a tie */
	assert_int_equal(st->seat[0].leader[TG_RED], -1);
	assert_int_equal(st->seat[1].leader[TG_RED], tt_sq("G5"));
	assert_int_equal(st->seat[1].points[TG_RED], 0);
	assert_int_equal(st->awarded[TG_RED], 0);
	assert_non_null(strstr(st->last, "{1} has resigned and scores nothing"));
	free(st);
}

/* A war whose attacker resigned: it adds nothing and the defender decides. */
static void
test_resign_war_attacker(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 H6");
	tt_tiles(st, TG_GREEN, "C5 D5 F5 G5");
	tt_leader(st, 1, TG_GREEN, "B5");
	tt_leader(st, 2, TG_GREEN, "H5");
	tt_ok(st, 1, "resign");
	tt_hand(st, 0, 1, 1, 1, 3);
	tt_ok(st, 0, "tile black E5");
	/* Bob, first involved clockwise from Alice, attacks with nothing */
	assert_int_equal(st->phase, TG_PH_SUPPORT);
	assert_int_equal(st->cf.att, 1);
	assert_int_equal(st->cf.stage, 1);
	assert_int_equal(tt_waiting(st), 4u);
	assert_true(tt_listed(st, 2, "support 0"));
	tt_ok(st, 2, "support 0");			/* 2 against 2: Carol holds */
	assert_int_equal(st->seat[1].leader[TG_GREEN], -1);
	assert_int_equal(st->cell[tt_sq("C5")].tile, 0);
	assert_int_equal(st->seat[2].points[TG_GREEN], 3);
	free(st);
}

/* A resigned winner of a war takes no points, but the loser still loses. */
static void
test_resign_war_winner_scores_nothing(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "B6 H6");
	tt_tiles(st, TG_GREEN, "C5 D5 F5");
	tt_tiles(st, TG_BLACK, "G5");
	tt_leader(st, 1, TG_GREEN, "B5");
	tt_leader(st, 2, TG_GREEN, "H5");
	tt_ok(st, 1, "resign");
	tt_hand(st, 0, 1, 1, 1, 3);
	tt_ok(st, 0, "tile black E5");
	tt_ok(st, 2, "support 0");			/* 2 against 1 */
	assert_int_equal(st->seat[2].leader[TG_GREEN], -1);
	assert_int_equal(st->cell[tt_sq("F5")].tile, 0);
	assert_int_equal(st->seat[1].leader[TG_GREEN], tt_sq("B5"));
	assert_int_equal(st->awarded[TG_GREEN], 0);
	free(st);
}

/* A tile next to a resigned seat's leader of its colour scores for nobody. */
static void
test_resign_tile_scores_nothing(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_leader(st, 1, TG_RED, "F5");
	tt_leader(st, 0, TG_BLACK, "E4");
	tt_ok(st, 1, "resign");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red G5");
	assert_int_equal(st->awarded[TG_RED], 0);	/* not even to the king */
	tt_ok(st, 0, "tile green G4");
	assert_int_equal(st->seat[0].points[TG_GREEN], 1);	/* the king still scores */
	free(st);
}

/* A resigned seat's trader takes no treasures; another trader may later. */
static void
test_resign_treasures_stay(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);

	(void)state;
	tt_tiles(st, TG_RED, "F4 H4 I5");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 1, TG_GREEN, "F5");
	tt_ok(st, 1, "resign");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4");
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_true(st->cell[tt_sq("F4")].treasure);
	assert_true(st->cell[tt_sq("H4")].treasure);
	assert_int_equal(st->seat[1].treasures, 0);
	/* Alice's trader revolts (H5: H4 and I5 against F4), wins, and takes one */
	tt_ok(st, 0, "leader green H5; support 0");
	assert_int_equal(st->seat[1].leader[TG_GREEN], -1);
	assert_int_equal(st->phase, TG_PH_TREASURE);
	assert_int_equal(tt_waiting(st), 1u);
	tt_ok(st, 0, "treasure F4");
	assert_int_equal(st->seat[0].treasures, 1);
	free(st);
}

/* Resigning while the game waits for one's decision: the least of it. */
static void
test_resign_pending_decisions(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);
	int m;

	(void)state;
	/* a monument choice: none is built, and the turn passes */
	tt_tiles(st, TG_GREEN, "F5 G5 F6");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile green G6");
	assert_int_equal(st->phase, TG_PH_MONUMENT);
	tt_ok(st, 0, "resign");
	for (m = 0; m < TG_NMON; m++)
		assert_int_equal(st->mon_pos[m], -1);
	assert_int_equal(st->active, 1);
	free(st);

	/* a treasure choice of a seat that is not active: the treasures stay */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "F4 H4");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 1, TG_GREEN, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4");
	assert_int_equal(st->phase, TG_PH_TREASURE);
	assert_int_equal(tt_waiting(st), 2u);
	tt_ok(st, 1, "resign");
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(tt_waiting(st), 1u);
	assert_int_equal(st->actions, 1);
	assert_true(st->cell[tt_sq("F4")].treasure && st->cell[tt_sq("H4")].treasure);
	free(st);

	/* the choice of wars of a resigned active player: colour order */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "B6 D6 H6 I6");
	tt_tiles(st, TG_GREEN, "C5 F5 G5");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 0, TG_BLACK, "D5");
	tt_leader(st, 1, TG_GREEN, "H5");
	tt_leader(st, 1, TG_BLACK, "I5");
	st->active = 2;
	tt_hand(st, 0, 1, 0, 4, 1);
	tt_hand(st, 2, 2, 2, 1, 1);
	tt_ok(st, 2, "tile black E5");
	assert_int_equal(st->phase, TG_PH_CONFLICT);
	tt_ok(st, 2, "resign");
	assert_int_equal(st->phase, TG_PH_SUPPORT);
	assert_int_equal(st->cf.colour, TG_GREEN);
	assert_int_equal(st->cf.att, 0);
	assert_int_equal(tt_waiting(st), 1u);
	tt_ok(st, 0, "support 4");
	tt_ok(st, 1, "support 0");	/* 5 against 2: Alice wins, the kings part */
	assert_int_equal(st->seat[0].points[TG_GREEN], 3);
	/* the kingdom falls apart, the action ends, and Alice's turn begins */
	assert_int_equal(st->phase, TG_PH_ACTION);
	assert_int_equal(st->active, 0);
	assert_int_equal(st->actions, 0);
	free(st);

	/* a defender resigning while the game waits for its support */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5; support 0");
	assert_int_equal(tt_waiting(st), 2u);
	tt_ok(st, 1, "resign");
	assert_int_equal(st->seat[1].leader[TG_RED], -1);
	assert_int_equal(tt_waiting(st), 1u);
	free(st);
}

/* Fewer than two seats left: the game is over; resigned seats rank last. */
static void
test_resign_ends_game(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	struct game_score sc;
	int c;

	(void)state;
	for (c = 0; c < TG_NCOL; c++) {		/* Bob leads on points */
		st->seat[1].points[c] = 5;
		st->awarded[c] = 5;
	}
	tt_ok(st, 1, "resign");
	assert_true(tigris_rules.over(st));
	assert_int_equal(st->end, TG_END_RESIGN);
	assert_non_null(strstr(st->last, "only {0} is left: the game is over"));
	tigris_rules.score(st, -1, &sc);
	assert_int_equal(sc.rank[0], 1);
	assert_int_equal(sc.rank[1], 2);
	assert_int_equal(sc.score[1], 5);		/* its score as it stood */
	assert_true(sc.visible[0] && sc.visible[1]);
	tt_reject(st, 0, "pass", GAME_REJECTED, "the game is over");
	tt_reject(st, 1, "resign", GAME_REJECTED, "the game is over");
	free(st);

	/* three seats: the game goes on after one resigns, ends after two */
	st = tt_new(3, NULL, 0, 1);
	tt_ok(st, 1, "resign");
	assert_false(tigris_rules.over(st));
	tt_ok(st, 0, "resign");
	assert_true(tigris_rules.over(st));
	tigris_rules.score(st, -1, &sc);
	assert_int_equal(sc.rank[2], 1);
	assert_int_equal(sc.rank[0], 2);	/* equal scores share the rank */
	assert_int_equal(sc.rank[1], 2);
	free(st);
}

/* The reports say who resigned. */
static void
test_resign_views(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);
	struct sbuf sb = SBUF_INIT;
	json_t *j, *seat;

	(void)state;
	tt_ok(st, 2, "resign");
	tigris_rules.render_text(st, -1, names, &sb);
	assert_non_null(strstr(sb_str(&sb), "3 Carol (resigned)\n"));
	assert_non_null(strstr(sb_str(&sb), "Last: Carol resigns; their pieces stay on "
	    "the board"));
	sb_free(&sb);
	j = tigris_rules.render_json(st, -1, names);
	assert_non_null(j);
	seat = json_array_get(json_object_get(j, "seats"), 2);
	assert_true(json_is_true(json_object_get(seat, "resigned")));
	seat = json_array_get(json_object_get(j, "seats"), 0);
	assert_true(json_is_false(json_object_get(seat, "resigned")));
	json_decref(j);
	free(st);
}

/* Random games in which seats resign at random moments, any seat, any phase. */
static void
test_resign_selfplay(void **state)
{
	static const char *const onoff[] = { "off", "on" };
	struct game_opt opts[2];
	struct rng pick;
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	int g, n, s, ended_by_resign = 0, resigned_mid_conflict = 0;
	char err[256];

	(void)state;
	seed[0] = 42;
	rng_seed(&pick, seed);
	for (g = 0; g < 150; g++) {
		struct tigris *st = calloc(1, sizeof(*st));
		int nseats = 2 + g % 3;

		assert_non_null(st);
		seed[1] = (uint8_t)g;
		opts[0].key = "buildings";
		opts[0].value = onoff[g % 2];
		opts[1].key = "support";
		opts[1].value = g % 4 < 2 ? "free" : "english";
		assert_int_equal(tigris_rules.setup(st, nseats, opts, 2, seed, err,
		    sizeof(err)), 0);
		for (n = 0; !tigris_rules.over(st); n++) {
			assert_true(n < 5000);
			if (rng_below(&pick, 60) == 0) {
				s = (int)rng_below(&pick, (uint32_t)nseats);
				if (tg_resigned(st, s))
					continue;
				resigned_mid_conflict += st->phase != TG_PH_ACTION;
				tt_ok(st, s, "resign");
				continue;
			}
			tt_random_move(st, &pick);
		}
		assert_int_equal(tigris_rules.check(st, err, sizeof(err)), 0);
		if (st->end == TG_END_RESIGN) {
			ended_by_resign++;
			assert_int_equal(tg_seats_left(st), 1);
		}
		free(st);
	}
	printf("resign self-play: 150 games, %d ended by resignations, %d "
	    "resignations inside an action\n", ended_by_resign, resigned_mid_conflict);
	/* the batch reaches both kinds of end and resignations inside actions */
	assert_true(ended_by_resign > 10);
	assert_true(ended_by_resign < 150);
	assert_true(resigned_mid_conflict > 5);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resign_any_time),
		cmocka_unit_test(test_resign_active_mid_turn),
		cmocka_unit_test(test_resign_in_a_submission),
		cmocka_unit_test(test_resign_revolt_defender),
		cmocka_unit_test(test_resign_revolt_defender_holds),
		cmocka_unit_test(test_resign_war_attacker),
		cmocka_unit_test(test_resign_war_winner_scores_nothing),
		cmocka_unit_test(test_resign_tile_scores_nothing),
		cmocka_unit_test(test_resign_treasures_stay),
		cmocka_unit_test(test_resign_pending_decisions),
		cmocka_unit_test(test_resign_ends_game),
		cmocka_unit_test(test_resign_views),
		cmocka_unit_test(test_resign_selfplay),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
