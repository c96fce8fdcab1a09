/*
 * test_hooks.c - Tigris & Euphrates: the engine duties around play():
 * public_text (what the log shows everybody: a swap's count, never its
 * colours), timeout_move (the default submission in every phase a seat
 * can be awaited in, accepted by play()) and resample (a seat's hand or
 * the bag's order replaced without any other seat's view changing, over
 * 1,200 random self-play positions) and is_command (which lines of a mail
 * are commands, which are prose).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tgtest.h"

static const char *const names[4] = { "Alice", "Bob", "Carol", "Dave" };

/* The public form of text as a new string. */
static char *
public_form(const struct tigris *st, int seat, const char *text)
{
	struct sbuf sb = SBUF_INIT;

	tigris_rules.public_text(st, seat, text, &sb);
	assert_false(sb.oom);
	return sb_take(&sb);
}

/* Assert the public form of text is want. */
static void
public_is(const struct tigris *st, const char *text, const char *want)
{
	char *got = public_form(st, 0, text);

	if (strcmp(got, want) != 0)
		fprintf(stderr, "public form of '%s' is '%s', not '%s'\n", text, got, want);
	assert_string_equal(got, want);
	free(got);
}

/* A swap shows its count only; comments go; one command a line. */
static void
test_public_text(void **state)
{
	struct tigris *st = tt_new(2, NULL, 0, 1);

	(void)state;
	public_is(st, "swap r r r", "swap 3\n");
	public_is(st, "swap r r b", "swap 3\n");
	public_is(st, "SWAP rrb", "swap 3\n");
	public_is(st, "swap Red blue", "swap 2\n");
	public_is(st, "swap temple farm market settlement k", "swap 5\n");
	public_is(st, "tile red f4 # keep the blacks for the war\nswap kk; Leader KING g5",
	    "tile red F4\nswap 2\nleader king G5\n");
	public_is(st, "support 2", "support 2\n");	/* laid face up: public */
	public_is(st, "treasure b2 f10", "treasure B2 F10\n");
	public_is(st, "monument red/black g5", "monument red/black G5\n");
	public_is(st, "resign", "resign\n");
	public_is(st, "# nothing but a comment", "");
	free(st);
}

/*
 * In random games the public form of every accepted submission names no
 * swapped colour, and is the same whatever colours the swap named.
 */
static void
test_public_text_selfplay(void **state)
{
	struct rng pick;
	uint8_t seed[GAME_SEED_LEN] = { 21 };
	int g, swaps = 0;

	(void)state;
	rng_seed(&pick, seed);
	for (g = 0; g < 30; g++) {
		struct tigris *st = tt_random_position(2 + g % 3, g % 16, (uint8_t)g, 2, 0,
		    &pick);

		while (!tigris_rules.over(st)) {
			struct sbuf mv = SBUF_INIT;
			int seat = tt_awaited(st);
			char *line, *nl, *pub;

			tigris_rules.moves(st, seat, &mv);
			for (line = mv.s; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
				*nl = '\0';
				if (strncmp(line, "swap ", 5) != 0)
					continue;
				pub = public_form(st, seat, line);
				assert_true(strncmp(pub, "swap ", 5) == 0);
				assert_true(strspn(pub + 5, "0123456789") == strlen(pub + 5) - 1);
				assert_int_equal(atoi(pub + 5), (int)strlen(line + 5));
				free(pub);
				swaps++;
			}
			sb_free(&mv);
			tt_random_move(st, &pick);
		}
		free(st);
	}
	assert_true(swaps > 1000);
}

/* The timeout default of the awaited seat, which play() must accept. */
static char *
timeout_ok(struct tigris *st, int seat)
{
	struct sbuf sb = SBUF_INIT;

	assert_int_equal(tigris_rules.timeout_move(st, seat, &sb), 0);
	assert_false(sb.oom);
	tt_ok(st, seat, sb_str(&sb));
	return sb_take(&sb);
}

/* Assert the seat's timeout default is want, and apply it. */
static void
timeout_is(struct tigris *st, int seat, const char *want)
{
	char *got = timeout_ok(st, seat);

	assert_string_equal(got, want);
	free(got);
}

/* The default in every phase a seat can be awaited in. */
static void
test_timeout_each_phase(void **state)
{
	struct game_opt build = { "buildings", "on" }, english = { "support", "english" };
	struct tigris *st = tt_new(3, NULL, 0, 1);
	struct sbuf sb = SBUF_INIT;

	(void)state;
	/* an action: pass the rest of the turn; nobody else has a default */
	assert_int_equal(tigris_rules.timeout_move(st, 1, &sb), -1);
	timeout_is(st, 0, "pass\n");
	assert_int_equal(st->active, 1);
	tt_hand(st, 1, 2, 1, 2, 1);
	tt_ok(st, 1, "tile red F4");
	timeout_is(st, 1, "pass\n");			/* the second action */
	assert_int_equal(st->active, 2);
	free(st);

	/* support, as attacker and as defender */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "E4 F4 G4 D5 F5");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 2, 2, 1, 1);
	tt_ok(st, 0, "leader red E5");
	timeout_is(st, 0, "support 0\n");
	timeout_is(st, 1, "support 0\n");
	assert_int_equal(st->seat[1].leader[TG_RED], -1);	/* 3 against 2 */
	free(st);

	/* support in the English variant: 0 is always allowed */
	st = tt_new(2, &english, 1, 1);
	tt_tiles(st, TG_RED, "F4 G4 G6");
	tt_leader(st, 1, TG_RED, "G5");
	tt_hand(st, 0, 4, 0, 1, 1);
	tt_hand(st, 1, 4, 0, 1, 1);
	tt_ok(st, 0, "leader red F5; support 3");
	timeout_is(st, 1, "support 0\n");
	free(st);

	/* the choice of the next war: the first in colour order */
	st = tt_new(3, NULL, 0, 1);
	tt_tiles(st, TG_RED, "B6 D6 H6 I6");
	tt_tiles(st, TG_GREEN, "C5 F5 G5");
	tt_leader(st, 0, TG_GREEN, "B5");
	tt_leader(st, 0, TG_BLACK, "D5");
	tt_leader(st, 1, TG_GREEN, "H5");
	tt_leader(st, 1, TG_BLACK, "I5");
	st->active = 2;
	tt_hand(st, 2, 2, 2, 1, 1);
	tt_ok(st, 2, "tile black E5");
	assert_int_equal(st->phase, TG_PH_CONFLICT);
	timeout_is(st, 2, "conflict green\n");
	assert_int_equal(st->cf.colour, TG_GREEN);
	free(st);

	/* a monument: none */
	st = tt_new(2, NULL, 0, 1);
	tt_tiles(st, TG_GREEN, "F5 G5 F6");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile green G6");
	assert_int_equal(st->phase, TG_PH_MONUMENT);
	timeout_is(st, 0, "monument none\n");
	assert_int_equal(st->mon_pos[4], -1);
	free(st);

	/* a civilization building: none */
	st = tt_new(2, &build, 1, 1);
	tt_tiles(st, TG_BLACK, "F5 G5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black H5");
	assert_int_equal(st->phase, TG_PH_BUILDING);
	timeout_is(st, 0, "building none\n");
	assert_int_equal(st->bld_pos[TG_BLACK], -1);
	free(st);

	/* treasures, which must be taken: the first choice listed */
	st = tt_new(2, NULL, 0, 1);
	tt_tiles(st, TG_RED, "F4 H4");
	tg_put_treasure(st, tt_sq("F4"));
	tg_put_treasure(st, tt_sq("H4"));
	tt_leader(st, 1, TG_GREEN, "F5");
	tt_hand(st, 0, 2, 1, 2, 1);
	tt_ok(st, 0, "tile black G4");
	assert_int_equal(st->phase, TG_PH_TREASURE);
	assert_int_equal(tigris_rules.timeout_move(st, 0, &sb), -1);
	timeout_is(st, 1, "treasure F4\n");
	assert_int_equal(st->seat[1].treasures, 1);
	free(st);

	/* nothing for a seat that resigned, nor after the end */
	st = tt_new(3, NULL, 0, 1);
	tt_ok(st, 1, "resign");
	assert_int_equal(tigris_rules.timeout_move(st, 1, &sb), -1);
	tt_ok(st, 2, "resign");
	assert_true(tigris_rules.over(st));
	assert_int_equal(tigris_rules.timeout_move(st, 0, &sb), -1);
	assert_int_equal(tigris_rules.timeout_move(st, -1, &sb), -1);
	assert_int_equal(tigris_rules.timeout_move(st, 7, &sb), -1);
	assert_int_equal(sb.len, 0);
	sb_free(&sb);
	free(st);
}

/* Whole games played by timeouts alone end, every default accepted. */
static void
test_timeout_selfplay(void **state)
{
	struct rng pick;
	uint8_t seed[GAME_SEED_LEN] = { 23 };
	int g, n, phases = 0;

	(void)state;
	rng_seed(&pick, seed);
	for (g = 0; g < 40; g++) {
		struct tigris *st = tt_random_position(2 + g % 3, g % 16, (uint8_t)g, 3, 0,
		    &pick);

		for (n = 0; !tigris_rules.over(st); n++) {
			assert_true(n < 20000);
			phases |= 1 << st->phase;
			/* half the time the default, else a random listed move */
			if (rng_below(&pick, 2) == 0)
				free(timeout_ok(st, tt_awaited(st)));
			else
				tt_random_move(st, &pick);
		}
		free(st);
	}
	assert_true(phases & (1 << TG_PH_SUPPORT));
	assert_true(phases & (1 << TG_PH_MONUMENT));
	assert_true(phases & (1 << TG_PH_TREASURE));
}

/* A view as a string: text when json is 0, else compact JSON. */
static char *
view(const struct tigris *st, int viewer, int json)
{
	struct sbuf sb = SBUF_INIT;
	json_t *j;
	char *s;

	if (!json) {
		tigris_rules.render_text(st, viewer, names, &sb);
		assert_false(sb.oom);
		return sb_take(&sb);
	}
	j = tigris_rules.render_json(st, viewer, names);
	assert_non_null(j);
	s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	assert_non_null(s);
	return s;
}

/* Every view of a state: text and JSON for the public and each seat, moves. */
struct views {
	char *v[1 + TG_MAXSEATS][3];
};

/* Take the views of st (viewer -1 is index 0). */
static void
views_take(const struct tigris *st, struct views *out)
{
	struct sbuf sb = SBUF_INIT;
	int v;

	memset(out, 0, sizeof(*out));
	for (v = -1; v < st->nseats; v++) {
		out->v[v + 1][0] = view(st, v, 0);
		out->v[v + 1][1] = view(st, v, 1);
		if (v < 0)
			continue;
		tigris_rules.moves(st, v, &sb);
		assert_false(sb.oom);
		out->v[v + 1][2] = sb_take(&sb);
	}
}

/* Free what views_take() took. */
static void
views_free(struct views *vs)
{
	int v, k;

	for (v = 0; v <= TG_MAXSEATS; v++)
		for (k = 0; k < 3; k++)
			free(vs->v[v][k]);
}

/* Assert every view of b but owner's own is byte for byte the one in a. */
static void
same_views(const struct views *a, const struct tigris *b, int owner)
{
	struct sbuf sb = SBUF_INIT;
	int v, json;

	for (v = -1; v < b->nseats; v++) {
		if (v == owner && owner >= 0)
			continue;
		for (json = 0; json < 2; json++) {
			char *y = view(b, v, json);

			assert_string_equal(a->v[v + 1][json], y);
			free(y);
		}
		if (v < 0)
			continue;
		sb_reset(&sb);
		tigris_rules.moves(b, v, &sb);
		assert_string_equal(a->v[v + 1][2], sb_str(&sb));
	}
	sb_free(&sb);
}

/* "swap" and every tile of a seat's hand. */
static void
swap_all(const struct tigris *st, int seat, char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "swap ");
	int c, k;

	for (c = 0; c < TG_NCOL; c++)
		for (k = 0; k < st->seat[seat].hand[c] && o + 1 < len; k++)
			buf[o++] = tg_colour_letter(c);
	buf[o] = '\0';
}

/* Counts of the resampling test. */
struct resampled {
	struct tigris *copy, *next;
	int positions, hands, changed, draws, drawn_differently;
};

/* Resample every owner of one position and compare what others see. */
static void
resample_one(const struct tigris *st, void *arg)
{
	struct resampled *r = arg;
	struct tigris *copy = r->copy, *next = r->next;
	struct views before;
	char err[256], text[32];
	int owner, first;

	/* each position resamples one owner, in turn the bag and each seat */
	first = r->positions % (st->nseats + 1) - 1;
	r->positions++;
	views_take(st, &before);
	for (owner = first; owner <= first; owner++) {
		memcpy(copy, st, sizeof(*copy));
		if (tigris_rules.resample(copy, owner, (uint64_t)r->positions * 1000 +
		    (uint64_t)owner + 7) == 0) {
			/* nothing hidden: nothing may change */
			assert_memory_equal(copy, st, sizeof(*copy));
			continue;
		}
		if (tigris_rules.check(copy, err, sizeof(err)) != 0)
			fprintf(stderr, "resample(%d): %s\n", owner, err);
		assert_int_equal(tigris_rules.check(copy, err, sizeof(err)), 0);
		same_views(&before, copy, owner);
		if (owner >= 0) {
			assert_int_equal(tg_hand_size(copy, owner), tg_hand_size(st, owner));
			assert_memory_equal(copy->seat[owner].points, st->seat[owner].points,
			    sizeof(st->seat[owner].points));
			r->hands++;
			r->changed += memcmp(copy->seat[owner].hand, st->seat[owner].hand,
			    TG_NCOL) != 0;
			continue;
		}
		/* the bag's order: the next draws differ (swap the whole hand) */
		if (st->phase != TG_PH_ACTION || tg_bag_size(st) < 10 ||
		    tg_hand_size(st, st->active) == 0)
			continue;
		swap_all(st, st->active, text, sizeof(text));
		memcpy(next, st, sizeof(*next));
		tt_ok(next, st->active, text);
		tt_ok(copy, st->active, text);
		r->draws++;
		r->drawn_differently += memcmp(next->seat, copy->seat, sizeof(next->seat)) != 0;
	}
	views_free(&before);
}

/*
 * Over 1,200 random positions (every option, every phase; each one
 * resamples the bag or one seat, in turn), resampling changes no other
 * seat's view (text and JSON, public and private, and their moves), keeps
 * the state valid, keeps the hand's size and every point, and does change
 * hands and draws.
 */
static void
test_resample(void **state)
{
	struct resampled r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.copy = malloc(sizeof(*r.copy));
	r.next = malloc(sizeof(*r.next));
	assert_non_null(r.copy);
	assert_non_null(r.next);
	tt_each_position(1200, 25, resample_one, &r);
	printf("tigris resample: %d positions, %d hands (%d changed), %d bags "
	    "(%d drew differently)\n", r.positions, r.hands, r.changed, r.draws,
	    r.drawn_differently);
	assert_int_equal(r.positions, 1200);
	assert_true(r.hands >= 800);
	assert_true(r.changed > r.hands / 2);
	assert_true(r.draws > 50);
	assert_true(r.drawn_differently > r.draws * 9 / 10);
	/* no such seat */
	assert_int_equal(tigris_rules.resample(r.copy, 4, 1), 0);
	assert_int_equal(tigris_rules.resample(r.copy, -2, 1), 0);
	free(r.copy);
	free(r.next);
}

/*
 * A line is a command when its first word is a verb of the notation, in
 * any case, whatever follows (the engine judges that); anything else is
 * prose mail reading skips.
 */
static void
test_is_command(void **state)
{
	static const char *const commands[] = {
		"leader red F4", "  PASS  ", "Tile blue C4; pass", "pass;pass", "swap r r r",
		"withdraw black", "catastrophe E5", "support 2", "conflict red", "monument 3",
		"building farmer B2", "treasure C5", "resign", "\tpass\r", "leader",
		"tile purple Z99",
	};
	static const char *const prose[] = {
		"Hi arbiter,", "Pass, thanks", "passing", "Tiles!", "Leader's choice",
		"Sent from my iPhone", "Thanks, Ada", "-- ", "# pass", "", "  \t",
		"> pass", "Best regards,",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!tigris_rules.is_command(commands[i]))
			fail_msg("'%s' is not read as a command", commands[i]);
	for (i = 0; i < sizeof(prose) / sizeof(prose[0]); i++)
		if (tigris_rules.is_command(prose[i]))
			fail_msg("'%s' is read as a command", prose[i]);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_public_text),
		cmocka_unit_test(test_public_text_selfplay),
		cmocka_unit_test(test_timeout_each_phase),
		cmocka_unit_test(test_timeout_selfplay),
		cmocka_unit_test(test_resample),
		cmocka_unit_test(test_is_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
