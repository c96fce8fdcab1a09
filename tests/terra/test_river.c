/*
 * test_river.c - the Fire & Ice Riverwalkers (option
 * fire-and-ice-factions/variable and its rule versions v2-v5).  There is
 * no Fire & Ice rulebook here: every expectation is the behaviour of the
 * site's engine (../shared/reference/terra-mystica), its numbers in
 * src/Game/Factions/Riverwalkers.pm, its unlocks in src/commands.pm
 * (unlock-terrain) and src/acting.pm (income-terrain-unlock), its reach in
 * src/map.pm (check_reachable).  The same facts are checked in bulk by
 * tools/terra-diff and the fixtures of tests/terra/reference.
 */
#include "tmtest.h"

/* The status a submission gets (played on a copy); the message in err. */
static enum game_status
status_of(const struct tm_state *s, int seat, const char *text, char *err,
    size_t errlen)
{
	struct tm_state *copy = malloc(sizeof(*copy));
	struct game_played pl;
	enum game_status rc;

	assert_non_null(copy);
	memcpy(copy, s, sizeof(*s));
	err[0] = '\0';
	rc = terra_rules.play(copy, seat, text, &pl, err, errlen);
	free(copy);
	return rc;
}

/* The submission is refused as against the rules (not as out of turn),
 * with a message containing why. */
static void
rule_bad(const struct tm_state *s, int seat, const char *text, const char *why)
{
	char err[512];

	if (status_of(s, seat, text, err, sizeof(err)) != GAME_REJECTED)
		fail_msg("'%s' by seat %d: not a rule rejection: '%s'", text, seat, err);
	if (strstr(err, why) == NULL)
		fail_msg("'%s': message '%s' lacks '%s'", text, err, why);
}

/*
 * The Riverwalkers (Riverwalkers.pm; commands.pm unlock-terrain, map.pm
 * check_reachable): seat 0, yellow picked, dwellings on B1 and E8 (both
 * next to a river), BON5; the Witches (seat 1) on F4 and D1, BON3.
 */
static struct tm_state *
river_game(int v)
{
	static const char *const f[] = { "riverwalkers; pick-color yellow", "witches" };
	static const char *const d[] = { "B1", "F4", "D1", "E8", NULL };
	static const int b[] = { 3, 5 };
	static const char *const ver[] = { "fire-and-ice-factions/variable",
	    "fire-and-ice-factions/variable_v2", "fire-and-ice-factions/variable_v3",
	    "fire-and-ice-factions/variable_v4", "fire-and-ice-factions/variable_v5" };
	const char *o[2] = { ver[v - 1], NULL };

	return tg_new(2, o, f, d, b);
}

/*
 * Setup: the option is needed; the colour is picked at once; a faction of
 * that colour, or the Shapeshifters (the same 'variable' board), is
 * refused later; 15C 3W, power 10/2/0, FIRE and AIR 1, shipping 1; the
 * initial dwellings go on their colour next to a river.
 */
static void
test_river_setup(void **state)
{
	static const char *const v2[] = { "fire-and-ice-factions/variable_v2" };
	struct tm_state *s = tg_bare(v2, 1);
	struct tm_player *p = &s->pl[0];

	(void)state;
	tg_ok(s, 0, "setup riverwalkers");
	/* no conversion before round 1 (the site: "outside of actions") */
	tg_bad(s, 0, "convert 1W to 1C", "not during the setup");
	/* burning the site takes in the setup (its turn check starts with
	 * round 1) */
	tg_ok_copy(s, 0, "burn 1");
	tg_bad(s, 0, "build B1", "pick-color");
	tg_ok(s, 0, "pick-color yellow");
	assert_int_equal(tm_home(s, 0), TC_YELLOW);
	assert_int_equal(p->c, 15);
	assert_int_equal(p->w, 3);
	assert_int_equal(p->p, 0);
	assert_int_equal(p->pw[0], 10);
	assert_int_equal(p->pw[1], 2);
	assert_int_equal(p->cult[TK_FIRE], 1);
	assert_int_equal(p->cult[TK_AIR], 1);
	assert_int_equal(p->ship, 1);
	tg_bad(s, 1, "setup fakirs", "is taken by the riverwalkers");
	tg_bad(s, 1, "setup shapeshifters", "is taken by the riverwalkers");
	tg_ok(s, 1, "setup witches");
	tg_bad(s, 0, "build A5", "next to a river");
	tg_bad(s, 0, "build C4", "home terrain");
	tg_ok(s, 0, "build B1");
	free(s);
}

/*
 * They reach over the river only (shipping 1), never over land: A1, next
 * to their B1 but across no river, is out of reach even when yellow.  A
 * colour not theirs needs an unlock (no transform); the priest of ACT2
 * becomes an unlock owed before the turn ends (v5: 2C for the Witches'
 * green); the dwelling turns its hex to yellow.
 */
static void
test_river_reach_and_unlock(void **state)
{
	struct tm_state *s = river_game(5);
	struct tm_player *p = &s->pl[0];

	(void)state;
	s->terrain[tg_cell("A1")] = TC_YELLOW;
	tg_bad(s, 0, "build A1", "build: A1 is not reachable: the Riverwalkers reach "
	    "over the river only");
	/* the refusal names the command sent (build), not a transform */
	tg_bad(s, 0, "build C4", "'build C4': build: C4 is green, not a colour of "
	    "theirs: the Riverwalkers never transform");
	tg_bad(s, 0, "transform C4 to yellow", "never transform");
	p->pw[0] = 9;
	p->pw[1] = 0;
	p->pw[2] = 3;
	tg_ok(s, 0, "action ACT2");
	assert_int_equal(p->p, 0);
	assert_int_equal(p->unlock_owed, 1);
	assert_int_equal(s->cur, 0);		/* the turn waits for the unlock */
	tg_bad(s, 0, "unlock-terrain yellow", "yours already");
	tg_bad(s, 0, "unlock-terrain ice", "name one of");
	/* the colour as written, in lower case (commands.pm:1503, map.pm:419:
	 * "Invalid color 'Green'"); gain-priest too (its match, :1500, is) */
	tg_bad(s, 0, "unlock-terrain Green", "unlock-terrain: the site's colours are "
	    "written in lower case: 'unlock-terrain green', not 'Green'");
	tg_bad(s, 0, "unlock-terrain GAIN-PRIEST", "'unlock-terrain gain-priest'");
	tg_ok_copy(s, 0, "UNLOCK-TERRAIN gain-priest");
	tg_bad(s, 1, "pass BON1", "not your turn");
	tg_ok(s, 0, "unlock-terrain green");
	assert_int_equal(p->c, 15 - 2);
	assert_int_equal(p->unlocked, 1 << TC_GREEN);
	assert_int_equal(s->cur, 1);
	/* any seat's at any time on the site: refused as not owed */
	tg_bad(s, 0, "unlock-terrain red", "you owe no unlock");
	tg_ok(s, 1, "pass BON1");
	tg_ok(s, 0, "build C4");
	assert_int_equal(s->terrain[tg_cell("C4")], TC_YELLOW);
	assert_int_equal(p->c, 13 - 2);
	free(s);
}

/* The unlock's price by rule version: home colour (the Witches' green)
 * and another (red, brown), told by the coins it takes: with one coin
 * short it is refused, with exactly enough none is left. */
static void
test_river_unlock_costs(void **state)
{
	static const int home[6] = { 0, 0, 0, 0, 3, 2 }, other[6] = { 0, 0, 0, 0, 2, 1 };
	static const char *const col[3] = { "green", "red", "brown" };
	int v, k;

	(void)state;
	for (v = 1; v <= 5; v++)
		for (k = 0; k < 3; k++) {
			struct tm_state *s = river_game(v);
			struct tm_player *p = &s->pl[0];
			int cost = k == 0 ? home[v] : other[v];
			char cmd[40];

			snprintf(cmd, sizeof(cmd), "unlock-terrain %s", col[k]);
			tg_turn(s, 0);
			p->unlock_owed = 1;
			if (cost > 0) {
				p->c = cost - 1;
				tg_bad(s, 0, cmd, "costs");
			}
			p->c = cost;
			tg_ok(s, 0, cmd);
			assert_int_equal(p->c, 0);
			free(s);
		}
}

/*
 * Priests: each one gained is an unlock; gain-priest takes a real one
 * within the cap, 1 at first, one more per colour unlocked, one less per
 * priest left on a cult space.  With every colour unlocked a priest
 * still comes as an unlock (the site), settled by gain-priest.
 */
static void
test_river_priests(void **state)
{
	struct tm_state *s = river_game(1);
	struct tm_player *p = &s->pl[0];

	(void)state;
	p->pw[0] = 2;
	p->pw[1] = 0;
	p->pw[2] = 10;
	tg_ok(s, 0, "convert 5PW to 1P");
	assert_int_equal(p->unlock_owed, 1);
	tg_ok(s, 0, "unlock-terrain gain-priest");
	assert_int_equal(p->p, 1);
	tg_ok(s, 0, "convert 5PW to 1P. unlock-terrain gain-priest");
	assert_int_equal(p->p, 1);		/* the cap: 1 */
	assert_int_equal(tm_hooks(TF_RIVERWALKERS)->priest_cap(p), 1);
	tg_ok(s, 0, "send p to WATER");		/* a 3-step space: the cap drops */
	assert_int_equal(p->p_on_cult, 1);
	assert_int_equal(tm_hooks(TF_RIVERWALKERS)->priest_cap(p), 0);
	tg_ok(s, 1, "pass BON1");
	p->unlocked = 0x7f & ~(1 << TC_YELLOW);
	assert_int_equal(tm_hooks(TF_RIVERWALKERS)->priest_cap(p), 6);
	p->unlock_owed = 1;
	tg_bad(s, 0, "unlock-terrain red", "yours already");
	tg_ok(s, 0, "unlock-terrain gain-priest");
	assert_int_equal(p->p, 1);
	free(s);
}

/* No spades: ACT5, ACT6, BON1 and dig refused, spades gained lost with no
 * VP, shipping never advanced. */
static void
test_river_no_spades(void **state)
{
	struct tm_state *s = river_game(3);
	struct tm_player *p = &s->pl[0];
	int vp = p->vp;

	(void)state;
	p->pw[0] = 0;
	p->pw[1] = 6;
	p->pw[2] = 6;
	tg_bad(s, 0, "action ACT5", "may not take");
	tg_bad(s, 0, "action ACT6", "may not take");
	tg_bad(s, 0, "dig 1", "no spades");
	tg_bad(s, 0, "advance ship", "maximum");
	p->bon = 1;
	tg_bad(s, 0, "action BON1", "may not");
	s->score_tile[s->round - 1] = 1;
	tm_gain_spades(s, 0, 2);
	assert_int_equal(p->spades, 0);
	assert_int_equal(p->vp, vp);
	free(s);
}

/* The stronghold brings two bridges, placed in the same action (or given
 * up, -BRIDGE); the turn waits for them. */
static void
test_river_stronghold(void **state)
{
	struct tm_state *s = river_game(4);
	struct tm_player *p = &s->pl[0];
	const struct tm_cell *e8 = &s->cells[tg_cell("E8")];
	char cmd[48];

	(void)state;
	assert_true(e8->nbr >= 1);
	tg_put(s, 0, "E8", TB_TP);
	p->w = 9;
	p->c = 20;
	tg_ok(s, 0, "upgrade E8 to SH");
	assert_int_equal(p->bridge_owed, 2);
	{
		struct game_wait w;

		/* the action is taken: the report asks for the bridges */
		terra_rules.waiting(s, &w);
		assert_int_equal(w.mask, 1u);
		assert_non_null(strstr(w.why[0], "2 bridges"));
	}
	snprintf(cmd, sizeof(cmd), "bridge E8:%s", s->cells[e8->br[0]].name);
	tg_ok(s, 0, cmd);
	assert_int_equal(s->cur, 0);
	tg_ok(s, 0, "-BRIDGE");
	assert_int_equal(p->bridges, 1);
	assert_int_equal(s->cur, 1);
	/* given up from any seat at any time, but nothing is owed now */
	tg_bad(s, 0, "-BRIDGE", "you have 0 to give up");
	free(s);
}

/*
 * A priest of the round's income (their temple) is an unlock owed before
 * anyone acts: nothing else is accepted until it comes (or they leave).
 */
static void
test_river_income_unlock(void **state)
{
	struct tm_state *s = river_game(5), *s2;
	struct tm_player *p = &s->pl[0];

	(void)state;
	tg_put(s, 0, "E8", TB_TE);
	p->pw[0] = 8;
	p->pw[1] = 0;
	p->pw[2] = 4;
	tg_ok(s, 0, "action ACT4");
	tg_ok(s, 1, "pass BON1");
	tg_ok(s, 0, "pass BON2");
	assert_int_equal(s->round, 2);
	assert_int_equal(s->cur, 1);
	assert_int_equal(p->unlock_owed, 1);
	/* another seat: not its turn (77), the unlock named as awaited */
	{
		char err[512];

		assert_int_equal(status_of(s, 1, "pass BON3", err, sizeof(err)),
		    GAME_NOT_YOUR_TURN);
		if (strstr(err, "not your turn: the game waits for seat 1 (riverwalkers: "
		    "unlock a terrain") == NULL)
			fail_msg("'%s'", err);
	}
	/* their own commands: refused as a rule, naming the unlock owed */
	rule_bad(s, 0, "convert 1W to 1C", "convert: you owe 1 unlock first");
	rule_bad(s, 0, "pass BON3", "pass: you owe 1 unlock first");
	rule_bad(s, 0, "build C4", "build: you owe 1 unlock first");
	/* leaving the game settles what they owe */
	s2 = malloc(sizeof(*s2));
	assert_non_null(s2);
	memcpy(s2, s, sizeof(*s));
	tg_ok(s2, 0, "resign");
	assert_int_equal(s2->unlock_wait, 0);
	tg_ok(s2, 1, "pass BON3");
	free(s2);
	tg_ok(s, 0, "unlock-terrain brown");
	assert_int_equal(s->unlock_wait, 0);
	tg_ok(s, 1, "pass BON3");
	free(s);
}

/*
 * A priest of the round's cult bonus (SCORE3: 4 WATER, 1 priest) is an
 * unlock owed between the rounds.  Nobody converts or burns then (no turn
 * runs: the site refuses it, "outside of actions"), the Riverwalkers
 * included, whose unlock is still owed; the next round starts with it.
 */
static void
test_river_cult_unlock(void **state)
{
	struct tm_state *s = river_game(5);
	struct tm_player *p = &s->pl[0];

	(void)state;
	p->cult[TK_WATER] = 4;
	tg_ok(s, 0, "pass BON1");
	tg_ok(s, 1, "pass BON2");
	assert_int_equal(s->phase, TP_CULTSPADES);
	assert_int_equal(p->unlock_owed, 1);
	rule_bad(s, 0, "convert 1W to 1C", "convert: you owe 1 unlock first");
	rule_bad(s, 0, "burn 1", "burn: you owe 1 unlock first");
	/* not a message on cult spades, which they never have */
	rule_bad(s, 0, "pass BON3", "pass: you owe 1 unlock first");
	rule_bad(s, 0, "build C4", "build: you owe 1 unlock first");
	tg_bad(s, 1, "convert 1W to 1C", "not your turn");
	tg_ok(s, 0, "unlock-terrain brown");
	assert_int_equal(p->unlocked, 1 << TC_BROWN);
	assert_int_equal(s->phase, TP_ACTIONS);
	assert_int_equal(s->round, 2);
	assert_int_equal(s->cur, 0);
	tg_ok(s, 0, "convert 1W to 1C");
	free(s);
}

/*
 * Conversions and burning come in the seat's own turn (the site: "Command
 * invalid when not active player"): not from the other seat, nor from a
 * seat that passed, once its pass's submission is over (in it, as on the
 * site, they still may).  Deciding offers stays open to all.
 */
static void
test_river_convert_in_turn(void **state)
{
	struct tm_state *s = river_game(1);
	struct tm_player *p = &s->pl[0];
	char err[512];

	(void)state;
	assert_int_equal(s->cur, 0);
	p->pw[0] = 0;
	p->pw[1] = 10;
	p->pw[2] = 2;
	assert_int_equal(status_of(s, 1, "convert 1W to 1C", err, sizeof(err)),
	    GAME_NOT_YOUR_TURN);
	assert_int_equal(status_of(s, 1, "burn 1", err, sizeof(err)),
	    GAME_NOT_YOUR_TURN);
	tg_ok(s, 0, "pass BON1. convert 1W to 1C");
	assert_int_equal(s->cur, 1);
	/* the tester's case: a priest converted out of turn became an unlock
	 * owed that held the game */
	assert_int_equal(status_of(s, 0, "burn 5. convert 5PW to 1P", err,
	    sizeof(err)), GAME_NOT_YOUR_TURN);
	assert_int_equal(status_of(s, 0, "convert 1W to 1C", err, sizeof(err)),
	    GAME_NOT_YOUR_TURN);
	assert_int_equal(p->unlock_owed, 0);
	tg_ok(s, 1, "convert 1W to 1C. pass BON2");
	free(s);
}

/*
 * The unlock of the round's cult bonus and the one of the next round's
 * income in one submission (the site takes "unlock-terrain red.
 * unlock-terrain green" in one line): the round starts between them.
 * With only the first sent, the second is owed before anything else of
 * theirs, a rule rejection that names it.
 */
static void
test_river_unlocks_one_line(void **state)
{
	struct tm_state *s = river_game(5), *s2;
	struct tm_player *p = &s->pl[0];

	(void)state;
	tg_put(s, 0, "E8", TB_TE);
	p->cult[TK_WATER] = 4;
	tg_ok(s, 0, "pass BON1");
	tg_ok(s, 1, "pass BON2");
	assert_int_equal(s->phase, TP_CULTSPADES);
	assert_int_equal(p->unlock_owed, 1);
	s2 = malloc(sizeof(*s2));
	assert_non_null(s2);
	memcpy(s2, s, sizeof(*s));
	tg_ok(s2, 0, "unlock-terrain red. unlock-terrain green");
	assert_int_equal(s2->round, 2);
	assert_int_equal(s2->pl[0].unlocked, (1 << TC_RED) | (1 << TC_GREEN));
	assert_int_equal(s2->pl[0].unlock_owed, 0);
	assert_int_equal(s2->unlock_wait, 0);
	free(s2);
	tg_ok(s, 0, "unlock-terrain red");
	assert_int_equal(s->round, 2);
	assert_int_equal(p->unlock_owed, 1);
	rule_bad(s, 0, "pass BON3", "pass: you owe 1 unlock first");
	tg_ok(s, 0, "unlock-terrain green");
	free(s);
}

/*
 * The last seat passes owing a cult step of its action (FAV6) and places
 * it after the pass (issue 24, seed 300035; fixture
 * found/riverwalkers-unlock-before-round-end).  The site left their turn
 * open at the pass (acting.pm, detect_incomplete_turn) and ends it, and
 * so the round, only when another faction's line comes (tracker.pm's
 * play() calls maybe_advance_to_next_player then): the unlock the next
 * round's income brings is not owed yet ("are not allowed to unlock a new
 * terrain", commands.pm:1497).  Any command of the other seat ends the
 * round; the unlock is owed then.
 */
static void
test_river_unlock_after_deferred_round(void **state)
{
	struct tm_state *s = river_game(5);
	struct tm_player *p = &s->pl[0];
	struct game_wait w;

	(void)state;
	tg_put(s, 0, "E8", TB_TE);
	p->fav[6] = 1;
	tg_ok(s, 0, "convert 1W to 1C");
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON1");
	assert_int_equal(s->cur, 0);
	tg_ok(s, 0, "action FAV6. pass BON2");
	tg_ok(s, 0, "+EARTH");
	assert_int_equal(s->round, 1);
	assert_int_equal(p->unlock_owed, 0);
	rule_bad(s, 0, "unlock-terrain green", "unlock-terrain: you owe no unlock");
	/* the game waits for the other seat, whose command ends the round */
	terra_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 1);
	assert_non_null(strstr(w.why[1], "the round ends with your next command"));
	tg_ok(s, 1, "wait");
	assert_int_equal(s->round, 2);
	assert_int_equal(p->unlock_owed, 1);
	tg_ok(s, 0, "unlock-terrain green");
	free(s);
}

/*
 * The site's round 0 lasts until the Riverwalkers' unlocks of the first
 * income are done: a [+-]N?BONn then is read as a pass there and fails
 * (commands.pm:1236, then acting.pm:266 "Can't take arbitrary actions
 * during setup"; issue 24, seed 300068, fixture
 * found/bon-adjust-unlock-wait), from either seat; once the round has
 * begun it gives the tile up as anywhere.
 */
static void
test_river_bon_adjust_round0(void **state)
{
	static const char *const f[] = { "riverwalkers; pick-color yellow", "witches" };
	static const char *const d[] = { "B1", "F4", "D1", "E8", NULL };
	static const int b[] = { 3, 8 };
	static const char *const o[] = { "fire-and-ice-factions/variable_v5",
	    "delete=BON5,BON6,BON7,BON9", NULL };
	struct tm_state *s = tg_new(2, o, f, d, b);

	(void)state;
	assert_int_equal(s->round, 1);
	assert_int_equal(s->unlock_wait, 1);
	assert_int_equal(s->pl[0].unlock_owed, 1);
	tg_bad(s, 0, "-BON8", "in the setup a bonus tile is taken with 'pass BONn'");
	tg_bad(s, 1, "-BON3", "in the setup a bonus tile is taken with 'pass BONn'");
	tg_ok(s, 0, "unlock-terrain green");
	assert_int_equal(s->unlock_wait, 0);
	tg_ok(s, 0, "-BON8");
	free(s);
}

/*
 * Giving up the last unlock owed (-UNLOCK_TERRAIN) once the site has
 * recorded it (issue 24, seeds 400542, 400707, 400782, 410897): the site
 * records the unlocks of an income as soon as its spades are spent
 * (acting.pm:533-538), and those of the seat's own turn when its line ends
 * (its pass, or another faction's line: detect_incomplete_turn,
 * acting.pm:725); only the last unlock-terrain takes the record back
 * (commands.pm:1540), so after -UNLOCK_TERRAIN it never starts or ends
 * the round and refuses every other faction.  arbiter refuses it, a
 * deviation (tests/terra/REFUSALS.md); before the record, or one of two,
 * it is taken, as the site takes it (fixtures found/riverwalkers-unlock-
 * giveup-*).
 */
static void
test_river_unlock_giveup_recorded(void **state)
{
	static const char *const f[] = { "riverwalkers; pick-color yellow", "witches" };
	static const char *const d[] = { "B1", "F4", "D1", "E8", NULL };
	static const int b[] = { 3, 8 };
	static const char *const o[] = { "fire-and-ice-factions/variable_v5",
	    "delete=BON5,BON6,BON7,BON9", NULL };
	static const char *const why = "-UNLOCK_TERRAIN: the site recorded this unlock "
	    "as owed";
	struct tm_state *s = tg_new(2, o, f, d, b), *s2;
	struct tm_player *p = &s->pl[0];

	(void)state;
	/* the first income's (BON8's priest) */
	assert_int_equal(s->unlock_wait, 1);
	assert_int_equal(p->unlock_owed, 1);
	rule_bad(s, 0, "-UNLOCK_TERRAIN", why);
	p->unlock_owed = 2;
	tg_ok(s, 0, "-UNLOCK_TERRAIN");
	rule_bad(s, 0, "-UNLOCK_TERRAIN", why);
	tg_ok(s, 0, "unlock-terrain gain-priest");
	assert_int_equal(s->unlock_wait, 0);
	free(s);

	/* in their own turn: a priest converted is an unlock owed */
	s = river_game(1);
	s->pl[0].pw[0] = 0;
	s->pl[0].pw[1] = 2;
	s->pl[0].pw[2] = 10;
	tg_ok_copy(s, 0, "convert 5PW to 1P. -UNLOCK_TERRAIN. pass BON1");
	s2 = malloc(sizeof(*s2));
	assert_non_null(s2);
	memcpy(s2, s, sizeof(*s));
	tg_ok(s2, 0, "convert 5PW to 1P");
	tg_ok_copy(s2, 0, "-UNLOCK_TERRAIN");	/* their line goes on */
	tg_bad(s2, 0, "pass BON1. -UNLOCK_TERRAIN", why);
	tg_ok(s2, 1, "wait");			/* their line ended */
	rule_bad(s2, 0, "-UNLOCK_TERRAIN", why);
	tg_ok(s2, 0, "unlock-terrain gain-priest. pass BON1");
	free(s2);
	free(s);

	/* the cult bonus's (SCORE3), once no seat holds a cult spade */
	s = river_game(5);
	s->pl[0].cult[TK_WATER] = 4;
	tg_ok(s, 0, "pass BON1");
	tg_ok(s, 1, "pass BON2");
	assert_int_equal(s->phase, TP_CULTSPADES);
	assert_int_equal(s->pl[0].unlock_owed, 1);
	rule_bad(s, 0, "-UNLOCK_TERRAIN", why);
	s->pl[1].spades = 1;
	tg_ok_copy(s, 0, "-UNLOCK_TERRAIN");
	free(s);
}

/*
 * The Riverwalkers leaving the game while their unlock of the cult
 * bonus's priest holds the round's start: it holds nothing any more, and
 * the site goes on at once to the next round, whose income a faction that
 * left still takes (seed 630980; fixture found/river-drop-between-rounds).
 */
static void
test_river_drop_between_rounds(void **state)
{
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct tm_state *s = river_game(5);
		struct tm_player *p = &s->pl[0];
		int c, w;

		p->cult[TK_WATER] = 4;
		tg_ok(s, 0, "pass BON1");
		tg_ok(s, 1, "pass BON2");
		assert_int_equal(s->phase, TP_CULTSPADES);
		assert_int_equal(p->unlock_owed, 1);
		c = p->c;
		w = p->w;
		tg_ok(s, k == 0 ? 0 : -1, k == 0 ? "resign" : "drop-faction riverwalkers");
		assert_int_equal(s->phase, TP_ACTIONS);
		assert_int_equal(s->round, 2);
		assert_int_equal(s->cur, 1);
		assert_true(p->c + p->w > c + w);	/* the income, paid */
		free(s);
	}
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_river_setup),
		cmocka_unit_test(test_river_reach_and_unlock),
		cmocka_unit_test(test_river_unlock_costs),
		cmocka_unit_test(test_river_priests),
		cmocka_unit_test(test_river_no_spades),
		cmocka_unit_test(test_river_stronghold),
		cmocka_unit_test(test_river_income_unlock),
		cmocka_unit_test(test_river_cult_unlock),
		cmocka_unit_test(test_river_drop_between_rounds),
		cmocka_unit_test(test_river_convert_in_turn),
		cmocka_unit_test(test_river_unlocks_one_line),
		cmocka_unit_test(test_river_unlock_after_deferred_round),
		cmocka_unit_test(test_river_bon_adjust_round0),
		cmocka_unit_test(test_river_unlock_giveup_recorded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
