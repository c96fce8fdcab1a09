/*
 * test_views.c - what the Terra Mystica engine shows: the text report (80
 * columns, map, cults, tiles, factions, whom it waits for), the JSON view
 * (no "private" in the public view, exactly one in a seat's view), scores,
 * moves() lines being accepted, and the log importer.
 */
#include "tmtest.h"

static const char *const names[] = { "ann", "bob" };

/* A running two-player game with a pending power offer. */
static struct tm_state *
game(void)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };
	struct tm_state *s = tg_new(2, NULL, f, d, b);

	s->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	return s;
}

/* Every line of the text report fits 80 columns; key sections present. */
static void
test_render_text(void **state)
{
	struct tm_state *s = game();
	struct sbuf b = SBUF_INIT;
	const char *p, *nl;

	(void)state;
	terra_rules.render_text(s, -1, names, &b);
	assert_false(b.oom);
	for (p = sb_str(&b); *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (nl - p > 80)
			fail_msg("line longer than 80 columns: %.*s", (int)(nl - p), p);
		if (*nl == '\0')
			break;
	}
	assert_non_null(strstr(sb_str(&b), "E7 G"));	/* transformed hex */
	assert_non_null(strstr(sb_str(&b), "D1"));	/* a dwelling of seat 1 (index 0) */
	assert_non_null(strstr(sb_str(&b), "FIRE"));
	assert_non_null(strstr(sb_str(&b), "> R1 SCORE3"));
	assert_non_null(strstr(sb_str(&b), "Bonus tiles (coins on those left):"));
	/* tiles in words (issue 27) */
	assert_non_null(strstr(sb_str(&b), "FAV11 x3 EARTH +1, D >> 2"));
	assert_non_null(strstr(sb_str(&b), "leech 1 from witches"));
	assert_non_null(strstr(sb_str(&b), "Last: witches: build E7"));
	assert_null(strstr(sb_str(&b), "Behind your screen"));
	sb_reset(&b);
	terra_rules.render_text(s, 1, names, &b);
	assert_non_null(strstr(sb_str(&b), "\nBehind your screen\n"));
	sb_free(&b);
	free(s);
}

/* Seats are counted from 1 everywhere in the report: the map's D1, a
 * priest on a cult space, a bridge's owner. */
static void
test_render_seats_from_one(void **state)
{
	struct tm_state *s = game();
	struct sbuf b = SBUF_INIT;

	(void)state;
	s->slot[0][0] = 1;	/* seat index 0's priest on FIRE's 3-step space */
	s->nbridge = 1;
	s->bridge[0][0] = tg_cell("F4");
	s->bridge[0][1] = tg_cell("G3");
	s->bridge[0][2] = 0;
	terra_rules.render_text(s, -1, names, &b);
	assert_false(b.oom);
	assert_non_null(strstr(sb_str(&b), "D1"));
	assert_non_null(strstr(sb_str(&b), "Bridges: F4:G3(1)"));
	if (strstr(sb_str(&b), " 1 . . .\n") == NULL)
		fail_msg("the priest is not shown as seat 1:\n%s", sb_str(&b));
	sb_free(&b);
	free(s);
}

/* Count the keys named "private" anywhere in a JSON value. */
static int
count_private(json_t *v)
{
	const char *k;
	json_t *x;
	size_t i;
	int n = 0;

	if (json_is_object(v)) {
		json_object_foreach(v, k, x) {
			if (strcmp(k, "private") == 0)
				n++;
			n += count_private(x);
		}
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, x)
			n += count_private(x);
	}
	return n;
}

/* JSON: the public view has no private part, a seat's view exactly one. */
static void
test_render_json(void **state)
{
	struct tm_state *s = game();
	json_t *pub = terra_rules.render_json(s, -1, names);
	json_t *own = terra_rules.render_json(s, 0, names);
	json_t *f;

	(void)state;
	assert_non_null(pub);
	assert_int_equal(count_private(pub), 0);
	assert_int_equal(count_private(own), 1);
	f = json_array_get(json_object_get(pub, "factions"), 0);
	assert_string_equal(json_string_value(json_object_get(f, "faction")), "witches");
	assert_int_equal(json_integer_value(json_object_get(f, "vp")), s->pl[0].vp);
	assert_int_equal(json_array_size(json_object_get(pub, "map")), TM_NCELLS);
	assert_int_equal(json_array_size(json_object_get(pub, "waiting")), 1);
	json_decref(pub);
	json_decref(own);
	free(s);
}

/* Scores carry the faction name; ranks appear only at the end. */
static void
test_score(void **state)
{
	struct tm_state *s = game();
	struct game_score sc;

	(void)state;
	terra_rules.score(s, -1, &sc);
	assert_int_equal(sc.nseats, 2);
	assert_string_equal(sc.label[1], "cultists");
	assert_int_equal(sc.score[0], s->pl[0].vp);
	assert_true(sc.visible[0] && sc.visible[1]);
	assert_int_equal(sc.rank[0], 0);
	free(s);
}

/*
 * check() refuses a state whose building owner, building kind, faction or
 * bonus tile is no index at all, instead of counting with it (found by
 * fuzz/snapshot: a damaged snapshot read cnt[-1]).
 */
static void
test_check_indices(void **state)
{
	struct tm_state *s = game();
	char err[256];
	int cell;

	(void)state;
	assert_int_equal(terra_rules.check(s, err, sizeof(err)), 0);
	for (cell = 0; s->bld[cell] == TB_NONE; cell++)
		;
	s->owner[cell] = -1;
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "no such building or owner"));
	s->owner[cell] = 0;
	s->bld[cell] = 99;
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	s->bld[cell] = TB_D;
	s->pl[1].faction = TM_NFACT;
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "no such faction"));
	s->pl[1].faction = 3;
	s->pl[0].bon = -5;
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	free(s);
}

/*
 * check() refuses each damaged count or index a view or a move would use,
 * and a state that waits for a seat with no legal move (found by
 * fuzz/snapshot: one flipped byte of the phase passed check() and left
 * seat 2 awaited with nothing it could send).  Each field is damaged alone
 * on a sound copy, so each refusal is that field's.
 */
static void
test_check_every_index(void **state)
{
	struct tm_state *sound = game(), *s = malloc(sizeof(*s));
	char err[256];
	int k;

	(void)state;
	assert_non_null(s);
	assert_int_equal(terra_rules.check(sound, err, sizeof(err)), 0);
	for (k = 0; k < 16; k++) {
		memcpy(s, sound, sizeof(*s));
		switch (k) {
		case 0: s->phase = (int32_t)0xdd000003; break;
		case 1: s->round = 7; break;
		case 2: s->cur = s->nseats; break;
		case 3: s->tf_cell = TM_NCELLS; break;
		case 4: s->noffer = TM_MAXOFFER + 1; break;
		case 5: s->noffer = 1; s->offer[0].to = 9; break;
		case 6: s->noffer = 1; s->offer[0].group = TM_MAXGROUP; break;
		case 7: s->score_tile[2] = 10; break;
		case 8: s->terrain[5] = TC_ICE; break;	/* ice without the ice factions */
		case 9: s->nbridge = 1; s->bridge[0][0] = -1; break;
		case 10: s->slot[1][1] = s->nseats + 1; break;
		case 11: memset(s->last, 'x', sizeof(s->last)); break;
		case 12: s->pl[0].ship = 6; break;
		case 13: s->pl[1].fav[3] = 2; break;
		case 14: s->pl[0].conn_river[0] = -1; break;
		case 15: s->cur = -1; s->noffer = 0; break;	/* waits for nobody */
		}
		if (terra_rules.check(s, err, sizeof(err)) == 0)
			fail_msg("damage %d passed check()", k);
	}
	free(s);
	free(sound);
}

/* Every line moves() lists is accepted by play() exactly as written. */
static void
test_moves_accepted(void **state)
{
	struct tm_state *s = game(), *t = malloc(sizeof(*t));
	struct sbuf b = SBUF_INIT;
	char *text, *p, *nl;
	int seat, n = 0, leech = 0;

	(void)state;
	assert_non_null(t);
	for (seat = 0; seat < 2; seat++) {
		sb_reset(&b);
		terra_rules.moves(s, seat, &b);
		text = sb_take(&b);
		for (p = text; p != NULL && *p != '\0'; p = nl + 1) {
			nl = strchr(p, '\n');
			*nl = '\0';
			memcpy(t, s, sizeof(*s));
			tg_ok(t, seat, p);
			if (strncmp(p, "leech", 5) == 0)
				leech = 1;
			n++;
		}
		free(text);
	}
	assert_true(n > 10);
	assert_true(leech);
	sb_free(&b);
	free(t);
	free(s);
}

/* Import: options, seats by setup order, faction lines, admin lines. */
static void
test_import(void **state)
{
	static const char *const log =
	    "option strict-leech\n"
	    "score SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\n"
	    "delete BON1\n"
	    "delete BON2\n"
	    "setup witches\n"
	    "setup cultists for bob email b@example.org\n"
	    "witches: build F4\n"
	    "# a comment\n"
	    "cultists: build E6\n"
	    "drop-faction cultists\n"
	    "fakirs: +18vp for network\n";
	struct game_import imp;
	char err[256];
	int i, found = 0;

	(void)state;
	assert_int_equal(terra_rules.import_log(log, &imp, err, sizeof(err)), 0);
	assert_int_equal(imp.nseats, 2);
	assert_int_equal(imp.nsubs, 5);
	assert_int_equal(imp.subs[0].seat, 0);
	assert_int_equal(imp.subs[3].seat, 1);
	assert_int_equal(imp.subs[3].line, 9);
	assert_int_equal(imp.subs[4].seat, -1);
	assert_string_equal(imp.labels[1], "cultists");
	assert_string_equal(imp.subs[1].text, "setup cultists");
	for (i = 0; i < imp.nopts; i++)
		if (strcmp(imp.opts[i].key, "delete") == 0) {
			assert_string_equal(imp.opts[i].value, "BON1,BON2");
			found = 1;
		}
	assert_true(found);
	game_import_free(&imp);
	assert_int_not_equal(terra_rules.import_log("setup witches\nsetup auren\n"
	    "giants: build A1\n", &imp, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "line 3"));
	assert_int_not_equal(terra_rules.import_log("setup witches\nsetup nobody\n",
	    &imp, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "line 2"));
}

/* Towns are starred on the map; a refused seat is told whom the game waits for. */
static void
test_render_town_and_turn(void **state)
{
	struct tm_state *s = game();
	struct sbuf b = SBUF_INIT;

	(void)state;
	tg_ok(s, 1, "leech 1 from witches");
	tg_bad(s, 0, "send p to FIRE", "waits for seat 2 (cultists");
	tg_put(s, 0, "F4", TB_TP);
	tg_put(s, 0, "F3", TB_TP);
	tg_put(s, 0, "G2", TB_D);
	tg_turn(s, 0);
	s->pl[0].c = 10;
	tg_ok(s, 0, "upgrade E7 to TP. +TW1");
	terra_rules.render_text(s, -1, names, &b);
	assert_non_null(strstr(sb_str(&b), "TP1*"));
	sb_free(&b);
	free(s);
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_render_text),
		cmocka_unit_test(test_render_seats_from_one),
		cmocka_unit_test(test_render_json),
		cmocka_unit_test(test_score),
		cmocka_unit_test(test_check_indices),
		cmocka_unit_test(test_check_every_index),
		cmocka_unit_test(test_moves_accepted),
		cmocka_unit_test(test_import),
		cmocka_unit_test(test_render_town_and_turn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
