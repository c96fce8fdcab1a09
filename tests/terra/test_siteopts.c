/*
 * test_siteopts.c - the site's options for old and private games
 * (commands.pm:1381-1391) and the import of a game still choosing its
 * factions.  Each option's fixture (tests/terra/reference/found/opt-*.log,
 * the option on its first line) is played with and without that line:
 * with it the site takes what it otherwise refuses.
 */
#include "tmtest.h"
#include "../../app/app.h"

#define DIR_FOUND "tests/terra/reference/found"

/* The whole file, NUL-terminated; NULL when unreadable. */
static char *
slurp(const char *path)
{
	char *text;
	size_t len;

	return read_file(path, &text, &len) == 0 ? text : NULL;
}

/*
 * Replay a log through import and play; the state after it, or NULL with
 * line/err naming the first line refused.  Without the log's first line
 * (its option) when strip.
 */
static struct tm_state *
replay(const char *name, int strip, int *line, char *err, size_t errlen)
{
	char path[256], *log, *text;
	struct game_import imp;
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	struct game_played pl;
	int i;

	snprintf(path, sizeof(path), "%s/%s.log", DIR_FOUND, name);
	log = slurp(path);
	assert_non_null(log);
	assert_non_null(s);
	text = strip ? strchr(log, '\n') + 1 : log;
	*line = 0;
	if (terra_rules.import_log(text, &imp, err, errlen) != 0)
		fail_msg("%s: import: %s", name, err);
	if (terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed, err, errlen) != 0)
		fail_msg("%s: setup: %s", name, err);
	for (i = 0; i < imp.nsubs; i++)
		if (terra_rules.play(s, imp.subs[i].seat, imp.subs[i].text, &pl, err,
		    errlen) != GAME_OK) {
			*line = imp.subs[i].line + strip;
			free(s);
			s = NULL;
			break;
		}
	game_import_free(&imp);
	free(log);
	return s;
}

/* The fixture plays to its end with its option; without it, the line
 * `line` (of the fixture) is refused with why. */
static void
lifted(const char *name, int line, const char *why)
{
	struct tm_state *s;
	char err[512];
	int at;

	s = replay(name, 0, &at, err, sizeof(err));
	if (s == NULL)
		fail_msg("%s: line %d refused with the option: %s", name, at, err);
	free(s);
	s = replay(name, 1, &at, err, sizeof(err));
	if (s != NULL)
		fail_msg("%s: every line taken without the option", name);
	assert_int_equal(at, line);
	if (strstr(err, why) == NULL)
		fail_msg("%s: '%s' does not say '%s'", name, err, why);
}

/* loose-lose-cult (commands.pm:70-72): a tile while the Acolytes owe the
 * volcano's cult steps. */
static void
test_loose_lose_cult(void **state)
{
	(void)state;
	lifted("opt-loose-lose-cult", 43, "lose the 3 cult steps of the volcano first");
}

/* loose-done (commands.pm:1438): done gives the action up. */
static void
test_loose_done(void **state)
{
	(void)state;
	lifted("opt-loose-done", 30, "done: the Chaos Magicians' double action");
}

/* loose-multi-spade (commands.pm:621): a second hex to a colour not the
 * seat's own in one action. */
static void
test_loose_multi_spade(void **state)
{
	(void)state;
	lifted("opt-loose-multi-spade", 60, "only one hex may be turned to a colour");
}

/* loose-bridge-adjacency (commands.pm:713): a bridge with no building of
 * the seat at either end. */
static void
test_loose_bridge_adjacency(void **state)
{
	(void)state;
	lifted("opt-loose-bridge-adjacency", 15, "one end must have your building");
}

/* manual-fav5 (resources.pm:205): a track stopped at 9 for want of a key
 * stays there when a town brings one (the Chaos Magicians' WATER). */
static void
test_manual_fav5(void **state)
{
	struct tm_state *s;
	char err[512];
	int at, k, with[2];

	(void)state;
	for (k = 0; k < 2; k++) {
		s = replay("opt-manual-fav5", k, &at, err, sizeof(err));
		/* both refuse the fixture's last line, for another reason */
		assert_null(s);
		assert_int_equal(at, 113);
		/* play up to it */
		{
			char path[256], *log, *text;
			struct game_import imp;
			struct game_played pl;
			uint8_t seed[GAME_SEED_LEN] = { 0 };
			int i;

			s = calloc(1, sizeof(*s));
			snprintf(path, sizeof(path), "%s/opt-manual-fav5.log", DIR_FOUND);
			log = slurp(path);
			text = k ? strchr(log, '\n') + 1 : log;
			assert_int_equal(terra_rules.import_log(text, &imp, err, sizeof(err)), 0);
			assert_int_equal(terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts,
			    seed, err, sizeof(err)), 0);
			for (i = 0; i + 1 < imp.nsubs; i++)
				assert_int_equal(terra_rules.play(s, imp.subs[i].seat,
				    imp.subs[i].text, &pl, err, sizeof(err)), GAME_OK);
			assert_int_equal(s->pl[0].faction, TF_CHAOS);
			with[k] = s->pl[0].cult[TK_WATER];
			game_import_free(&imp);
			free(log);
			free(s);
		}
	}
	assert_int_equal(with[0], 9);	/* manual-fav5 */
	assert_int_equal(with[1], 10);	/* the key moves the track on */
}

/* The options the site accepts and reads nowhere, and the two arbiter
 * does not play, refused as such. */
static void
test_site_option_names(void **state)
{
	static const char *const played[] = {
		"loose-lose-cult", "loose-multi-spade", "loose-bridge-adjacency",
		"manual-fav5", "loose-done", "loose-cultist-ordering",
		"loose-engineer-bridge", "shapeshifter-fix-playtest-v1",
		"loose-cult-loss",
	};
	static const char *const refused[] = { "loose-dig", "loose-adjust-resource" };
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_opt o = { NULL, "" };
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[512];
	size_t i;
	int32_t all = 0;

	(void)state;
	for (i = 0; i < sizeof(played) / sizeof(played[0]); i++) {
		o.key = played[i];
		if (terra_rules.setup(s, 2, &o, 1, seed, err, sizeof(err)) != 0)
			fail_msg("%s: %s", played[i], err);
		all |= s->opt_site;
	}
	assert_int_equal(all, TO_ALL);
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		o.key = refused[i];
		assert_int_not_equal(terra_rules.setup(s, 2, &o, 1, seed, err, sizeof(err)), 0);
		assert_non_null(strstr(err, "a site option arbiter does not play"));
	}
	free(s);
	/* the refused ones and an unknown one, in a log: the error names the line */
	{
		struct game_import imp;
		int at;

		s = replay("opt-site-noop", 0, &at, err, sizeof(err));
		assert_non_null(s);
		free(s);

		assert_int_not_equal(terra_rules.import_log("setup witches\nsetup auren\n"
		    "option loose-dig\n", &imp, err, sizeof(err)), 0);
		assert_non_null(strstr(err, "line 3: option loose-dig: a site option "
		    "arbiter does not play"));
		assert_int_not_equal(terra_rules.import_log("option manual-fav5\n"
		    "option loose-nothing\nsetup witches\nsetup auren\n", &imp, err,
		    sizeof(err)), 0);
		assert_non_null(strstr(err, "line 2: unknown option 'loose-nothing'"));
		/* the site refuses the line loose-cult-loss (Unknown option) */
		assert_int_not_equal(terra_rules.import_log("option loose-cult-loss\n"
		    "setup witches\nsetup auren\n", &imp, err, sizeof(err)), 0);
		assert_non_null(strstr(err, "line 1: option loose-cult-loss: the site takes "
		    "no such log line"));
	}
}

/*
 * A log still in the faction choice: the seats are its player lines; the
 * next seat chooses.  Without player lines the count is open (the
 * importer's --seat).  More setup lines than players are refused.
 */
static void
test_import_mid_setup(void **state)
{
	struct game_import imp;
	struct tm_state *s = calloc(1, sizeof(*s));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	struct game_played pl;
	char err[512];
	int i;

	(void)state;
	assert_int_equal(terra_rules.import_log("option maintain-player-order\n"
	    "option fire-and-ice-factions/ice\nplayer p1\nplayer p2 email x@y\n"
	    "setup icemaidens\nicemaidens: pick-color green\n", &imp, err,
	    sizeof(err)), 0);
	assert_int_equal(imp.nseats, 2);
	assert_int_equal(imp.seats_open, 0);
	assert_string_equal(imp.labels[0], "icemaidens");
	assert_string_equal(imp.labels[1], "p2");
	assert_int_equal(terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed, err,
	    sizeof(err)), 0);
	for (i = 0; i < imp.nsubs; i++)
		assert_int_equal(terra_rules.play(s, imp.subs[i].seat, imp.subs[i].text, &pl,
		    err, sizeof(err)), GAME_OK);
	game_import_free(&imp);
	tg_ok(s, 0, "+FAV11");
	assert_int_equal(s->phase, TP_FACTIONS);
	assert_int_equal(s->cur, 1);
	tg_bad(s, 1, "setup witches", "taken by the icemaidens");
	tg_ok(s, 1, "setup nomads");
	assert_int_equal(s->phase, TP_DWELLINGS);
	free(s);

	/* no player lines: at least the setup lines, the importer may add */
	assert_int_equal(terra_rules.import_log("setup witches\n", &imp, err,
	    sizeof(err)), 0);
	assert_int_equal(imp.nseats, 1);
	assert_int_equal(imp.seats_open, 1);
	game_import_free(&imp);
	/* player names are labels only where the log keeps the player order */
	assert_int_equal(terra_rules.import_log("player a\nplayer b\nplayer c\n"
	    "setup witches\n", &imp, err, sizeof(err)), 0);
	assert_int_equal(imp.nseats, 3);
	assert_null(imp.labels[1]);
	game_import_free(&imp);

	assert_int_not_equal(terra_rules.import_log("player a\nplayer b\n"
	    "setup witches\nsetup auren\nsetup nomads\n", &imp, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "line 5: setup nomads: a faction for a player the "
	    "log does not name: it names 2"));
	assert_int_not_equal(terra_rules.import_log("player a\nsetup witches\n", &imp,
	    err, sizeof(err)), 0);
	assert_non_null(strstr(err, "the log names 1 player"));
	assert_int_not_equal(terra_rules.import_log("player a\nplayer b\nplayer c\n"
	    "player d\nplayer e\nplayer f\n", &imp, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "line 6: player f: more than 5 player lines"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loose_lose_cult),
		cmocka_unit_test(test_loose_done),
		cmocka_unit_test(test_loose_multi_spade),
		cmocka_unit_test(test_loose_bridge_adjacency),
		cmocka_unit_test(test_manual_fav5),
		cmocka_unit_test(test_site_option_names),
		cmocka_unit_test(test_import_mid_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
