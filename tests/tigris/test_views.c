/*
 * test_views.c - Tigris & Euphrates reports: the text board and the JSON
 * view, and privacy: for random mid-game states the public views hold no
 * hand, no "Behind your screen", no "private" and (hidden scoring) no
 * points, while a seat's view holds its own hand and no other.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"
#include "../../engine/rng.h"

static const char *const names[4] = { "Alice", "Bob", "Carol", "Dave" };

/* Play n random listed commands from the awaited seats. */
static void
random_steps(struct tigris *st, struct rng *pick, int n)
{
	struct sbuf sb = SBUF_INIT;
	struct game_wait w;
	int i, seat, count, k;
	char *line, *nl;

	for (i = 0; i < n && !tigris_rules.over(st); i++) {
		tigris_rules.waiting(st, &w);
		for (seat = 0; !(w.mask & (1u << seat)); seat++)
			;
		sb_reset(&sb);
		tigris_rules.moves(st, seat, &sb);
		count = 0;
		for (line = sb.s; (nl = strchr(line, '\n')) != NULL; line = nl + 1)
			count++;
		assert_true(count > 0);
		k = (int)rng_below(pick, (uint32_t)count);
		for (line = sb.s; k > 0; k--)
			line = strchr(line, '\n') + 1;
		*strchr(line, '\n') = '\0';
		tt_ok(st, seat, line);
	}
	sb_free(&sb);
}

/* The text of a view. */
static char *
view_text(const struct tigris *st, int viewer)
{
	struct sbuf sb = SBUF_INIT;

	tigris_rules.render_text(st, viewer, names, &sb);
	assert_false(sb.oom);
	return sb_take(&sb);
}

/* The JSON of a view as a string. */
static char *
view_json(const struct tigris *st, int viewer)
{
	json_t *j = tigris_rules.render_json(st, viewer, names);
	char *s;

	assert_non_null(j);
	s = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	assert_non_null(s);
	return s;
}

/* The "Hand:" line a seat's text view must show. */
static void
hand_line(const struct tigris *st, int seat, char *buf, size_t len)
{
	int c, k;
	size_t o;

	o = (size_t)snprintf(buf, len, "  Hand:");
	for (c = 0; c < TG_NCOL; c++)
		for (k = 0; k < st->seat[seat].hand[c]; k++)
			o += (size_t)snprintf(buf + o, len - o, " %s", tg_colour_name(c));
	snprintf(buf + o, len - o, "\n");
}

/* Count the occurrences of needle in hay. */
static int
occurrences(const char *hay, const char *needle)
{
	int n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay++)
		n++;
	return n;
}

/* Check the privacy of every view of one state. */
static void
check_privacy(const struct tigris *st)
{
	char *pub = view_text(st, -1), *pj = view_json(st, -1), line[128];
	int s, hidden = !st->open && st->phase != TG_PH_OVER;

	assert_null(strstr(pub, "Behind your screen"));
	assert_null(strstr(pub, "Hand"));
	assert_null(strstr(pj, "\"private\""));
	assert_null(strstr(pj, "\"hand\""));
	if (hidden) {
		assert_null(strstr(pub, "points"));
		assert_null(strstr(pub, " scores "));
		assert_null(strstr(pj, "\"points\""));
		assert_null(strstr(pj, "\"treasures\""));
		assert_null(strstr(pj, " scores "));
	}
	for (s = 0; s < st->nseats; s++) {
		char *sv = view_text(st, s), *sj = view_json(st, s);
		json_t *j, *hand;
		int c;

		assert_int_equal(occurrences(sv, "Behind your screen"), 1);
		assert_int_equal(occurrences(sv, "Hand:"), 1);
		hand_line(st, s, line, sizeof(line));
		assert_non_null(strstr(sv, line));
		/* the public part of a seat's view is the public view */
		assert_int_equal(strncmp(sv, pub, strlen(pub)), 0);
		assert_int_equal(occurrences(sj, "\"private\""), 1);
		j = json_loads(sj, 0, NULL);
		assert_non_null(j);
		hand = json_object_get(json_object_get(j, "private"), "hand");
		for (c = 0; c < TG_NCOL; c++)
			assert_int_equal(json_integer_value(json_object_get(hand,
			    tg_colour_name(c))), st->seat[s].hand[c]);
		json_decref(j);
		free(sv);
		free(sj);
	}
	free(pub);
	free(pj);
}

/* Random mid-game states of every kind keep hidden things hidden. */
static void
test_privacy_random_states(void **state)
{
	struct game_opt opts[2] = { { "scoring", "hidden" }, { "buildings", "on" } };
	struct rng pick;
	uint8_t seed[32] = { 3 };
	int g, k;

	(void)state;
	rng_seed(&pick, seed);
	for (g = 0; g < 12; g++) {
		struct tigris *st = calloc(1, sizeof(*st));
		uint8_t gs[GAME_SEED_LEN] = { (uint8_t)g, 5 };
		char err[256];

		assert_non_null(st);
		opts[0].value = g % 4 == 3 ? "open" : "hidden";
		assert_int_equal(tigris_rules.setup(st, 2 + g % 3, opts, 2, gs, err,
		    sizeof(err)), 0);
		for (k = 0; k < 6 && !tigris_rules.over(st); k++) {
			random_steps(st, &pick, 15);
			check_privacy(st);
		}
		free(st);
	}
}

/* Every line of every view fits 80 columns; the edges carry coordinates. */
static void
test_text_layout(void **state)
{
	struct game_opt o = { "buildings", "on" };
	struct tigris *st = tt_new(4, &o, 1, 0);
	struct rng pick;
	uint8_t seed[32] = { 11 };
	char *txt, *p, *nl;
	int v;

	(void)state;
	rng_seed(&pick, seed);
	random_steps(st, &pick, 60);
	for (v = -1; v < 4; v++) {
		txt = view_text(st, v);
		for (p = txt; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
			if (nl - p > 80)
				fprintf(stderr, "too long: %.*s\n", (int)(nl - p), p);
			assert_true(nl - p <= 80);
		}
		assert_non_null(strstr(txt, "    A   B   C   D   E   F   G   H   I   J   K"
		    "   L   M   N   O   P"));
		assert_non_null(strstr(txt, "\n 1 "));
		assert_non_null(strstr(txt, "\n11 "));
		assert_non_null(strstr(txt, "Legend:"));
		assert_non_null(strstr(txt, "Tiles in the bag:"));
		free(txt);
	}
	free(st);
}

/* The board encoding: leaders, treasures, catastrophes and the rest. */
static void
test_text_cells(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	char *txt;

	(void)state;
	tt_tiles(st, TG_RED, "B2 F4");
	tg_put_treasure(st, tt_sq("B2"));
	tt_leader(st, 1, TG_RED, "F5");
	st->cell[tt_sq("H8")].catastrophe = 1;
	st->seat[0].catastrophes = 1;
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile red F6");
	txt = view_text(st, -1);
	/* row 2: A2 land, B2 temple with the corner treasure */
	assert_non_null(strstr(txt, " 2  .   r+  .   .   ~~ "));
	/* Bob's priest: R and the first letters of his name */
	assert_non_null(strstr(txt, " 5  .   .   .   .   .   Rbo .  "));
	assert_non_null(strstr(txt, "Leaders: R priest, B farmer, G trader, K king, "
	    "followed by the player:\n  al=Alice, bo=Bob (Ral is Alice's priest)"));
	assert_non_null(strstr(txt, "XX"));
	assert_non_null(strstr(txt, "Treasures on the board: A1 B2(corner)"));
	assert_non_null(strstr(txt, "Last: Alice placed a red tile on F6"));
	assert_non_null(strstr(txt, "Waiting for Alice: action 2 of 2"));
	free(txt);
	free(st);
}

/* A conflict shows its sides and strengths to everybody. */
static void
test_text_conflict(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);
	char *txt;

	(void)state;
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5; support 2");
	txt = view_text(st, -1);
	assert_non_null(strstr(txt, "Revolt of the priests: attacker Alice (E5) 3 + 2 "
	    "support, defender Bob (G5) 2."));
	assert_non_null(strstr(txt, "Waiting for Bob: support with red tiles for their "
	    "priest on G5, defending\n  against a revolt by the priest on E5."));
	free(txt);
	free(st);
}

/* The JSON view: cells, seats, bag, waiting, and the private object. */
static void
test_json_view(void **state)
{
	struct tigris *st = tt_new(3, NULL, 0, 1);
	json_t *j, *cells, *seats, *cell;
	size_t i;

	(void)state;
	tt_tiles(st, TG_RED, "F4");
	tt_leader(st, 2, TG_BLACK, "F5");
	j = tigris_rules.render_json(st, 1, names);
	assert_non_null(j);
	cells = json_object_get(j, "cells");
	assert_int_equal(json_array_size(cells), TG_CELLS);
	cell = json_array_get(cells, (size_t)tt_sq("F5"));
	assert_string_equal(json_string_value(json_object_get(cell, "square")), "F5");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(cell,
	    "leader"), "seat")), 3);	/* seats count from 1, as on the command line */
	assert_true(json_is_true(json_object_get(json_array_get(cells,
	    (size_t)tt_sq("A4")), "river")));
	seats = json_object_get(j, "seats");
	assert_int_equal(json_array_size(seats), 3);
	for (i = 0; i < 3; i++)
		assert_int_equal(json_integer_value(json_object_get(json_array_get(seats,
		    i), "tiles")), 6);
	assert_int_equal(json_integer_value(json_object_get(j, "bag")), tg_bag_size(st));
	assert_int_equal(json_integer_value(json_object_get(json_array_get(
	    json_object_get(j, "waiting"), 0), "seat")), 1);
	assert_int_equal(json_integer_value(json_object_get(j, "active")), 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(json_integer_value(json_object_get(json_array_get(seats,
		    i), "seat")), (json_int_t)i + 1);
	assert_non_null(json_object_get(json_object_get(j, "private"), "points"));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(j,
	    "private"), "treasures")), 0);
	json_decref(j);
	free(st);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_privacy_random_states),
		cmocka_unit_test(test_text_layout),
		cmocka_unit_test(test_text_cells),
		cmocka_unit_test(test_text_conflict),
		cmocka_unit_test(test_json_view),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
