/*
 * test_tables.c - the numbers arbiter-warriors(6) gives players to plan
 * with are the engine's own: the TABLES section of the manual page is read
 * and every number of its four tables (tracks, pieces, barbarians, victory
 * points), and the VP targets and unification actions it states, are
 * compared with the engine's data.  Run from the
 * repository root (make check does).
 */
#include "wt_test.h"

static char *
read_page(void)
{
	FILE *f = fopen("man/arbiter-warriors.6", "r");
	static char buf[1 << 17];
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* The line of the page that starts with word followed by a space, inside
 * the TABLES section; NULL when there is none. */
static const char *
row(const char *page, const char *word)
{
	const char *sec = strstr(page, "\n.SH TABLES\n"), *end, *p;
	size_t n = strlen(word);

	assert_non_null(sec);
	end = strstr(sec + 1, "\n.SH ");
	for (p = sec; p != NULL && p < end; p = strchr(p + 1, '\n'))
		if (strncmp(p + 1, word, n) == 0 && p[1 + n] == ' ')
			return p + 1 + n;
	return NULL;
}

/* Read count integers from a row ("5:1" reads as 5). */
static void
numbers(const char *r, int *out, int count)
{
	int i;
	char *e;

	assert_non_null(r);
	for (i = 0; i < count; i++) {
		while (*r == ' ')
			r++;
		out[i] = (int)strtol(r, &e, 10);
		assert_true(e != r);
		r = e;
		if (*r == ':')
			r += 2;
	}
}

static void
test_track_table(void **state)
{
	const char *page = read_page();
	int lv, v[6];

	(void)state;
	for (lv = 0; lv <= 7; lv++) {
		numbers(row(page, wt_roman[lv]), v, 6);
		assert_int_equal(v[0], wt_prod_food[lv]);
		assert_int_equal(v[1], wt_prod_goods[lv]);
		assert_int_equal(v[2], wt_trade_ratio[lv]);
		assert_int_equal(v[3], wt_trade_routes[lv]);
		assert_int_equal(v[4], wt_mil_ap[lv]);
		assert_int_equal(v[5], wt_mil_weapons[lv]);
	}
}

static void
test_piece_table(void **state)
{
	static const char *const names[WT_NKIND] = { "infantry", "archer", "cavalry",
		"fort", "princess" };
	const char *page = read_page();
	int k, v[3];

	(void)state;
	for (k = 0; k < WT_NKIND; k++) {
		numbers(row(page, names[k]), v, 3);
		assert_int_equal(v[0], wt_piece_str(k));
		assert_int_equal(v[1], wt_piece_tough(k));
		assert_int_equal(v[2], wt_upkeep_food(k));
	}
}

static void
test_barbarian_table(void **state)
{
	static const char *const names[] = { "infantry", "archer", "cavalry" };
	const char *page = read_page(), *sec = strstr(page, ".SS Barbarians");
	int k, t, v[WT_TURNS];

	(void)state;
	assert_non_null(sec);
	for (k = 0; k < 3; k++) {
		/* the unit rows of this table come after the pieces table's */
		const char *r = strstr(sec, names[k]);

		numbers(r + strlen(names[k]), v, WT_TURNS);
		for (t = 1; t <= WT_TURNS; t++)
			assert_int_equal(v[t - 1], wt_barb_str(k, t));
	}
	numbers(strstr(sec, "fort strength") + 13, v, WT_TURNS);
	for (t = 1; t <= WT_TURNS; t++)
		assert_int_equal(v[t - 1], wt_barb_str(WT_FORT, t));
	numbers(strstr(sec, "fort toughness") + 14, v, WT_TURNS);
	for (t = 1; t <= WT_TURNS; t++)
		assert_int_equal(v[t - 1], wt_barb_tough(WT_FORT, t));
}

static void
test_targets_and_unification(void **state)
{
	char want[200];
	const char *page = read_page();

	(void)state;
	snprintf(want, sizeof(want), "%d, %d, %d, %d\nor %d VP for 2, 3, 4, 5 or 6 players",
	    wt_vp_target[0], wt_vp_target[1], wt_vp_target[2], wt_vp_target[3],
	    wt_vp_target[4]);
	if (strstr(page, want) == NULL) {
		snprintf(want, sizeof(want), "%d, %d, %d, %d or %d VP for 2, 3, 4, 5 or 6 players",
		    wt_vp_target[0], wt_vp_target[1], wt_vp_target[2], wt_vp_target[3],
		    wt_vp_target[4]);
		assert_non_null(strstr(page, want));
	}
	snprintf(want, sizeof(want), "%d, %d or %d.", wt_team_target[0], wt_team_target[1],
	    wt_team_target[2]);
	assert_non_null(strstr(page, want));
	snprintf(want, sizeof(want), "gives %d, %d, %d, %d or %d\ndevelopment actions",
	    wt_unify_actions[0], wt_unify_actions[1], wt_unify_actions[2],
	    wt_unify_actions[3], wt_unify_actions[4]);
	assert_non_null(strstr(page, want));
	snprintf(want, sizeof(want), "No resource is kept above %d", WT_CAP);
	assert_non_null(strstr(page, want));
}

/* T7.1: every row of the VP table against the engine's own values. */
static void
test_vp_table(void **state)
{
	const struct {
		const char *row;
		int vp;
	} rows[] = {
		{ "capital held", wt_vp_prov[WT_CAPITAL] },
		{ "trade centre held", wt_vp_prov[WT_TRADE] },
		{ "other province held", wt_vp_prov[WT_NORMAL] },
		{ "fort standing", WT_VP_FORT },
		{ "Builder", WT_VP_TITLE },
		{ "Trader", WT_VP_TITLE },
		{ "Warrior", WT_VP_TITLE },
		{ "VP bought", 1 },
		{ "princess killed", wt_kill_vp(WT_PRI, 0) },
		{ "barbarian unit killed", wt_kill_vp(WT_INF, 1) },
		{ "fort destroyed", wt_kill_vp(WT_FORT, 0) },
	};
	const char *page = read_page(), *r;
	char want[80];
	size_t i;
	int v, k;

	(void)state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		numbers(row(page, rows[i].row), &v, 1);
		if (v != rows[i].vp)
			fail_msg("VP table, '%s': %d on the page, %d in the engine", rows[i].row,
			    v, rows[i].vp);
	}
	/* one value for every barbarian unit, and for anybody's fort */
	for (k = WT_INF; k <= WT_CAV; k++)
		assert_int_equal(wt_kill_vp(k, 1), wt_kill_vp(WT_INF, 1));
	assert_int_equal(wt_kill_vp(WT_FORT, 1), wt_kill_vp(WT_FORT, 0));
	/* a player's unit: its strength, as the row says */
	r = row(page, "unit killed");
	assert_non_null(r);
	snprintf(want, sizeof(want), "x its strength (%d, %d or %d)", wt_kill_vp(WT_INF, 0),
	    wt_kill_vp(WT_ARC, 0), wt_kill_vp(WT_CAV, 0));
	assert_non_null(strstr(r, want));
	for (k = WT_INF; k <= WT_CAV; k++)
		assert_int_equal(wt_kill_vp(k, 0), wt_piece_str(k));
	snprintf(want, sizeof(want), "%d gold each", WT_GOLD_PER_VP);
	assert_non_null(strstr(row(page, "VP bought"), want));
	snprintf(want, sizeof(want), "Each player starts with %d: its capital and its fort",
	    wt_vp_prov[WT_CAPITAL] + WT_VP_FORT);
	assert_non_null(strstr(page, want));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_track_table),
		cmocka_unit_test(test_piece_table),
		cmocka_unit_test(test_barbarian_table),
		cmocka_unit_test(test_vp_table),
		cmocka_unit_test(test_targets_and_unification),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
