/*
 * test_resample.c - the resample hook on the positions random self-play
 * seldom reaches (tests/unit/test_hidden.c runs the property on self-play):
 * a defender asked for its split while the mover's orders are held, a
 * defender with one split given and another owed, and trade orders with
 * deals and bank trades.  For many salts: the state stays valid, every
 * kind of order the brief names is drawn again at least once, and nothing
 * another seat sees changes - the public report and JSON, each other
 * seat's view, legal moves and wait, and its answers to commands.
 */
#include "wt_test.h"

#include "../../engine/sbuf.h"

/* What seats other than owner see of s, and their answers to cmds. */
static char *
others_see(const struct wt_state *s, int owner, const char *const *cmds)
{
	static const char *const names[WT_SEATS] = { "a", "b", "c", "d", "e", "f" };
	struct sbuf k = SBUF_INIT;
	struct game_wait w;
	struct wt_state *tmp = malloc(sizeof(*tmp));
	char err[300], *j;
	json_t *js;
	int v, i;

	assert_non_null(tmp);
	for (v = -1; v < s->nseats; v++) {
		if (v == owner)
			continue;
		sb_printf(&k, "== %d\n", v);
		warriors_rules.render_text(s, v, names, &k);
		js = warriors_rules.render_json(s, v, names);
		j = json_dumps(js, JSON_SORT_KEYS);
		sb_puts(&k, j != NULL ? j : "(no json)");
		free(j);
		json_decref(js);
		if (v < 0)
			continue;
		warriors_rules.moves(s, v, &k);
		for (i = 0; cmds[i] != NULL; i++) {
			memcpy(tmp, s, sizeof(*tmp));
			err[0] = '\0';
			sb_printf(&k, "%s -> %d %s\n", cmds[i],
			    (int)warriors_rules.play(tmp, v, cmds[i], NULL, err, sizeof(err)), err);
		}
	}
	warriors_rules.waiting(s, &w);
	sb_printf(&k, "wait %x\n", w.mask);
	for (v = 0; v < s->nseats; v++)
		if (w.mask & (1u << v))
			sb_printf(&k, "%s\n", w.why[v]);
	free(tmp);
	return sb_take(&k);
}

/* Resample owner's orders with salts 1..n; each changed state is checked
 * and compared; seen gets one bit per kind of change (by diff). */
typedef unsigned (*kinds_fn)(const struct wt_state *a, const struct wt_state *b, int owner);

static unsigned
resample_many(const struct wt_state *s, int owner, const char *const *cmds, int n,
    kinds_fn kinds)
{
	struct wt_state *a = malloc(sizeof(*a));
	char *before = others_see(s, owner, cmds), *after;
	unsigned seen = 0;
	int salt, changed = 0;

	assert_non_null(a);
	for (salt = 1; salt <= n; salt++) {
		memcpy(a, s, sizeof(*a));
		if (warriors_rules.resample(a, owner, (uint64_t)salt) == 0) {
			assert_memory_equal(a, s, sizeof(*a));
			continue;
		}
		changed++;
		assert_true(memcmp(a, s, sizeof(*a)) != 0);
		checked(a);
		after = others_see(a, owner, cmds);
		if (strcmp(before, after) != 0)
			fail_msg("salt %d: resampling seat %d changed what others see", salt, owner);
		free(after);
		seen |= kinds(s, a, owner);
	}
	assert_true(changed > n / 2);
	free(before);
	free(a);
	return seen;
}

enum { K_ATT = 1, K_ATT_RETREAT = 2, K_ROUT = 4, K_POST = 8, K_DONE = 16, K_DFN = 32,
	K_DEF_RETREAT = 64, K_TRADE = 128, K_FEED = 256, K_DEFEND = 512 };

static unsigned
kinds(const struct wt_state *a, const struct wt_state *b, int owner)
{
	unsigned k = 0;
	int i;

	for (i = 0; i < a->nbattles; i++) {
		if (memcmp(&a->battle[i].att, &b->battle[i].att, sizeof(a->battle[i].att)))
			k |= K_ATT;
		if (a->battle[i].att_retreat != b->battle[i].att_retreat)
			k |= K_ATT_RETREAT;
		if (a->battle[i].rout != b->battle[i].rout)
			k |= K_ROUT;
		if (memcmp(&a->battle[i].dfn, &b->battle[i].dfn, sizeof(a->battle[i].dfn)))
			k |= K_DFN;
		if (a->battle[i].def_retreat != b->battle[i].def_retreat)
			k |= K_DEF_RETREAT;
	}
	if (a->npost != b->npost)
		k |= K_POST;
	if (a->man_second != b->man_second)
		k |= K_DONE;
	if (memcmp(&a->p[owner].ts, &b->p[owner].ts, sizeof(a->p[owner].ts)))
		k |= K_TRADE;
	if (a->p[owner].nfeed != b->p[owner].nfeed)
		k |= K_FEED;
	if (a->p[owner].defend_auto != b->p[owner].defend_auto)
		k |= K_DEFEND;
	return k;
}

/* Nothing hidden before the trade phase; nothing no seat sees, ever. */
static void
test_nothing_hidden(void **state)
{
	const char *c[2] = { "FRA", "BUR" }, *t[2] = { "1 1 1", "1 1 1" };
	struct wt_state *s;
	uint8_t seed[GAME_SEED_LEN] = { 7 };
	struct game_opt o = { "countries", "choose" };
	char err[200];

	(void)state;
	s = calloc(1, sizeof(*s));
	assert_non_null(s);
	assert_int_equal(warriors_rules.setup(s, 2, &o, 1, seed, err, sizeof(err)), 0);
	assert_int_equal(warriors_rules.resample(s, 0, 1), 0);
	free(s);
	s = game_new(2, c, t, NULL, 0);
	assert_int_equal(warriors_rules.resample(s, -1, 1), 0);
	free(s);
}

/* 6.7, 6.11, 13.6: the mover's split, retreat and held princess step, and
 * "done", while Burgundy is asked for its split; and Burgundy's standing
 * orders, which its being asked does not show all of. */
static void
test_mover_orders(void **state)
{
	static const char *const cmds[] = { "damage LOR auto", "damage LOR 1 cav",
		"retreat LOR to DIJ", "done", NULL };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	unsigned seen;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_INF, "CHA");
	put_fort(s, 0, "CHA", 0, 1);
	put(s, 1, WT_INF, "LOR");
	at_war(s, 0, 1);
	s->p[0].track[WT_MIL] = 4;	/* Commander: retreat orders */
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; damage LOR 1 inf; retreat LOR to CHA; "
	    "princess CHA-LOR; done");
	assert_int_equal(s->man_step, MS_DEFEND);
	assert_int_equal(awaited_seat(s), 1);
	assert_int_equal(s->npost, 1);
	seen = resample_many(s, 0, cmds, 200, kinds);
	assert_true(seen & K_ATT);
	assert_true(seen & K_ATT_RETREAT);
	assert_true(seen & K_POST);
	assert_true(seen & K_FEED);
	/* Burgundy is asked: its defence order shows; its feeding order not. */
	seen = resample_many(s, 1, cmds, 100, kinds);
	assert_false(seen & K_DEFEND);
	assert_true(seen & K_FEED);
	free(s);
}

/* "done" with nothing held, and a rout order against barbarians held
 * while another seat's split is owed. */
static void
test_done_and_rout(void **state)
{
	static const char *const cmds[] = { "damage LOR auto", NULL };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	unsigned seen;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_CAV, "PAR");
	put(s, 1, WT_INF, "LOR");
	put(s, WT_BARB, WT_INF, "PIC");
	at_war(s, 0, 1);
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	clear_barb(s, P("NOR"));
	ok(s, 0, "move cav CHA-LOR; move cav PAR-PIC; rout PIC to NOR");
	assert_int_equal(s->man_step, MS_DEFEND);
	assert_int_equal(s->man_second, 0);
	seen = resample_many(s, 0, cmds, 200, kinds);
	assert_true(seen & K_DONE);
	assert_true(seen & K_ROUT);
	free(s);
}

/* A battle fought at once against a seat with strength: the report shows
 * it was not asked, so its "defend auto" is the table's to know. */
static void
test_defence_shown(void **state)
{
	static const char *const cmds[] = { "done", NULL };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	unsigned seen;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 1, WT_INF, "LOR");
	put(s, 1, WT_INF, "DIJ");
	put(s, 1, WT_ARC, "DIJ");
	at_war(s, 0, 1);
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 1, "defend auto");
	ok(s, 0, "move cav CHA-LOR");
	assert_true(last_says(s, " attacks BUR\n"));
	seen = resample_many(s, 1, cmds, 100, kinds);
	assert_false(seen & K_DEFEND);
	assert_true(seen & K_FEED);
	free(s);
}

/* A defender with one split given and another owed: the given one, and its
 * retreat order, are its own until the battles. */
static void
test_defender_answers(void **state)
{
	static const char *const cmds[] = { "done", "move cav CHA-ORL", NULL };
	struct wt_state *s = fra_bur("1 1 1", "1 1 1");
	unsigned seen;

	(void)state;
	put(s, 0, WT_CAV, "CHA");
	put(s, 0, WT_INF, "CHA");
	put(s, 1, WT_INF, "LOR");
	put(s, 1, WT_INF, "PIC");
	at_war(s, 0, 1);
	s->p[1].track[WT_MIL] = 4;	/* Commander: retreat orders */
	s->p[0].res[WT_FOOD] = s->p[1].res[WT_FOOD] = 20;
	pass_until(s, PH_MAN);
	ok(s, 0, "move cav CHA-LOR; move inf CHA-PIC");
	ok(s, 1, "damage LOR 1 cav; retreat LOR to DIJ");
	assert_int_equal(s->man_step, MS_DEFEND);
	assert_int_equal(awaited_seat(s), 1);
	seen = resample_many(s, 1, cmds, 200, kinds);
	assert_true(seen & K_DFN);
	assert_true(seen & K_DEF_RETREAT);
	free(s);
}

/* 4.6: trade orders before the round is resolved. */
static void
test_trade_orders(void **state)
{
	static const char *const cmds[] = { "pass", "deal FRA give 1 goods get 1 food",
		"open route FRA", NULL };
	struct wt_state *s = trade_game("1 1 1", "1 1 1");
	unsigned seen;

	(void)state;
	s->p[0].res[WT_GOLD] = 25;
	ok(s, 0, "deal BUR give 1 food get 1 goods; trade 4 food for 1 gold; buy 2 vp");
	assert_int_equal(s->phase, PH_TRADE);
	seen = resample_many(s, 0, cmds, 200, kinds);
	assert_true(seen & K_TRADE);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_hidden),
		cmocka_unit_test(test_mover_orders),
		cmocka_unit_test(test_done_and_rout),
		cmocka_unit_test(test_defence_shown),
		cmocka_unit_test(test_defender_answers),
		cmocka_unit_test(test_trade_orders),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
