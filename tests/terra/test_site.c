/*
 * test_site.c - what the site's engine (terra.snellman.net) accepts where
 * arbiter used to refuse, or accepts otherwise, each a rule of its
 * src/commands.pm and src/acting.pm (issue 24): offers and strict-leech,
 * the last seat that has not passed, the [+-]N?TYPE command, a dropped
 * faction's bonus tile and what it still sends, the Cultists' power when
 * all decline.  Each has a
 * site log beside it in tests/terra/reference/found/ (test_reference.c).
 */
#include "tmtest.h"

/* Witches (seat 0, F4 D1, BON5) and Cultists (seat 1, E6 E2, BON3). */
static struct tm_state *
wc(const char *const *opts)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const int b[] = { 3, 5 };

	return tg_new(2, opts, f, d, b);
}

/* The Witches build E7: an offer of 1 power to the Cultists. */
static struct tm_state *
wc_offer(const char *const *opts)
{
	struct tm_state *s = wc(opts);

	s->pl[0].w = 10;
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->noffer, 1);
	return s;
}

/* Offers do not block a conversion or burning; a conversion taints them,
 * and under strict-leech a tainted offer is declined, not taken. */
static void
test_offers_and_conversions(void **state)
{
	static const char *const strict[] = { "strict-leech", NULL };
	struct tm_state *s = wc_offer(strict), *t = wc_offer(NULL);

	(void)state;
	s->pl[1].pw[2] = 1;
	s->pl[1].pw[1] = 6;
	tg_ok(s, 1, "burn 1");
	assert_int_equal(s->offer[0].taint, TT_NONE);
	tg_ok(s, 1, "convert 1PW to 1C");
	assert_int_equal(s->offer[0].taint, TT_CONVERT);
	tg_bad(s, 1, "leech 1 from witches", "should come before your 'convert'");
	tg_ok(s, 1, "decline 1 from witches");
	assert_int_equal(s->noffer, 0);
	/* without strict-leech the tainted offer is taken all the same */
	t->pl[1].pw[2] = 1;
	t->pl[1].pw[1] = 6;
	tg_ok(t, 1, "convert 1PW to 1C. leech 1 from witches");
	assert_int_equal(t->noffer, 0);
	free(s);
	free(t);
}

/*
 * A leech matches the seat's first offer whose amount is the number
 * written or what the seat gains; the offers passed over are tainted.
 * Without an offer the site gives the power all the same, unless the
 * leech names a faction or strict-leech is on; a decline with nothing to
 * decline is nothing, and `decline N from F` wants that very offer.
 */
static void
test_leech_matching(void **state)
{
	static const char *const strict[] = { "strict-leech", NULL };
	struct tm_state *s = wc(NULL), *t = wc(strict);
	int vp = s->pl[1].vp;

	(void)state;
	tg_ok(s, 1, "decline");
	tg_ok(s, 1, "leech 2");
	assert_int_equal(s->pl[1].vp, vp - 1);
	tg_bad(s, 1, "leech 2 from witches", "no offer of 2 power for you from witches");
	tg_bad(t, 1, "leech 2", "no offer of 2 power");
	free(s);
	s = wc_offer(NULL);
	tg_bad(s, 1, "decline 2 from witches", "no offer of 2 power from them");
	tg_bad(s, 1, "leech 2 from witches", "no offer of 2 power");
	tg_ok(s, 1, "leech 1 from witches");
	assert_int_equal(s->noffer, 0);
	free(s);
	free(t);
	/* two offers: taking the second first taints the first */
	t = wc_offer(strict);
	t->offer[1] = t->offer[0];
	t->offer[1].amount = t->offer[1].actual = 2;
	t->noffer = 2;
	tg_ok(t, 1, "leech 2 from witches");
	assert_int_equal(t->offer[0].taint, TT_LEECH);
	tg_bad(t, 1, "leech 1 from witches", "before your 'leech 2 from witches'");
	tg_ok(t, 1, "decline");
	free(t);
}

/* Taking an action declines every offer still open. */
static void
test_action_declines(void **state)
{
	struct tm_state *s = wc_offer(NULL);

	(void)state;
	tg_turn(s, 1);
	s->pl[1].p = 1;
	tg_ok(s, 1, "send p to FIRE");
	assert_int_equal(s->noffer, 0);
	free(s);
}

/*
 * The last seat that has not passed takes its actions one after another,
 * in one submission too, and may pass right after an action; `done`
 * after its action is no error.  Any other seat: one action a turn.
 */
static void
test_last_seat_acting(void **state)
{
	struct tm_state *s = wc(NULL);

	(void)state;
	s->pl[0].c = s->pl[0].w = 30;
	tg_bad(s, 0, "upgrade F4 to TP. upgrade D1 to TP", "one action per turn");
	tg_ok(s, 0, "pass BON1");
	tg_turn(s, 1);
	s->pl[1].c = s->pl[1].w = 30;
	s->pl[1].pw[0] = 0;
	s->pl[1].pw[1] = 0;
	s->pl[1].pw[2] = 12;
	tg_ok(s, 1, "upgrade E6 to TP. upgrade E2 to TP");
	assert_int_equal(s->pl[1].nb[TB_TP], 2);
	assert_int_equal(s->cur, 1);
	tg_ok(s, 1, "done");
	tg_ok(s, 1, "action ACT3. pass BON2");
	assert_int_equal(s->pl[1].passed, 1);
	free(s);
}

/*
 * `done` after the action ends what may still follow it as part of it
 * (commands.pm:1445, allowed_sub_actions = {}): the dwelling on the hex
 * the action's spade turned is then another action, refused, whether in
 * the same submission or after the seat's turn ended and would be taken
 * up again (seed 630427; fixture found/done-ends-sub-actions).
 */
static void
test_done_ends_sub_actions(void **state)
{
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		struct tm_state *s = wc(NULL);
		int c = tg_free_neighbour(s, tg_cell("F4"));
		char cmd[160];

		s->terrain[c] = TC_BLUE;
		s->pl[0].pw[0] = s->pl[0].pw[1] = 0;
		s->pl[0].pw[2] = 12;
		snprintf(cmd, sizeof(cmd), "action ACT5. transform %s to green", s->cells[c].name);
		tg_ok(s, 0, cmd);
		snprintf(cmd, sizeof(cmd), "build %s", s->cells[c].name);
		if (k == 0) {
			tg_ok(s, 0, cmd);	/* without done: the action's dwelling */
		} else {
			tg_ok(s, 0, k == 1 ? "done" : "done. convert 1W to 1C");
			tg_bad(s, 0, cmd, "one action per turn");
		}
		free(s);
	}
}

/*
 * The turn's seat may still convert and burn after its action until
 * another seat sends something (the site ends a turn when another
 * faction's row comes); a pass hands the turn on at once.
 */
static void
test_turn_tail(void **state)
{
	struct tm_state *s = wc(NULL);

	(void)state;
	s->pl[0].c = s->pl[0].w = 30;
	tg_ok(s, 0, "upgrade F4 to TP");
	assert_int_equal(s->cur, 1);
	tg_ok(s, 0, "convert 1W to 1C");
	tg_ok(s, 1, "wait");
	tg_bad(s, 0, "convert 1W to 1C", "not your turn");
	tg_bad(s, 1, "pass BON1. burn 1", "not your turn");
	free(s);
}

/*
 * The turn that ended with its seat's submission is still the seat's
 * until another seat sends something (the site ends a turn only when
 * another faction's row follows): after ACT6 turned a hex to another
 * colour and the spade left was given up, the action's dwelling comes in
 * a later submission, on any hex of the seat's colour it reaches (the
 * site fills allowed_build_locations only with hexes turned to the home
 * colour); a second action is still refused, and once the other seat
 * sent something the turn is over.
 */
static void
test_turn_taken_up(void **state)
{
	struct tm_state *s = wc(NULL);
	int e7 = tg_cell("E7");

	(void)state;
	s->pl[0].c = s->pl[0].w = 30;
	s->pl[0].pw[0] = s->pl[0].pw[1] = 0;	/* all 12 tokens in bowl III */
	s->pl[0].pw[2] = 12;
	s->terrain[e7] = TC_GREEN;
	tg_ok(s, 0, "action ACT6. transform F3 to brown");
	assert_int_equal(s->cur, 0);	/* a spade left */
	tg_ok(s, 0, "-SPADE");
	assert_int_equal(s->cur, 1);
	tg_ok(s, 0, "build E7");
	assert_int_equal(s->bld[e7], TB_D);
	assert_int_equal(s->pl[0].nb[TB_D], 3);
	assert_int_equal(s->cur, 1);
	tg_bad(s, 0, "upgrade F4 to TP", "one action per turn");
	tg_ok(s, 1, "wait");
	tg_bad(s, 0, "convert 1W to 1C", "not your turn");
	tg_bad(s, 0, "upgrade F4 to TP", "not your turn");
	free(s);
}

/* A dwelling after a spade action: on a hex the action turned to the
 * seat's colour, if it turned one; else on any hex of that colour. */
static void
test_spade_action_dwelling(void **state)
{
	struct tm_state *s = wc(NULL);

	(void)state;
	s->pl[0].c = s->pl[0].w = 30;
	s->pl[0].pw[0] = s->pl[0].pw[1] = 0;
	s->pl[0].pw[2] = 12;
	s->terrain[tg_cell("E7")] = TC_GREEN;
	tg_ok_copy(s, 0, "action ACT6. transform F3 to brown. -SPADE. build E7");
	tg_bad(s, 0, "action ACT6. transform G2 to green. build E7", "E7 was not turned "
	    "to your colour in this action: its dwelling goes on a hex the action "
	    "turned to it (G2)");
	free(s);
}

/*
 * [+-]N?TYPE: from any seat at any time; resources, power, tokens and
 * keys given up; a cult step given up only from below 10 to 7 or more
 * (the site's TW5 work-around), unless loose-cult-loss; what is owed
 * given up (a free dwelling, spades - not those dug -, a tile); a bonus
 * tile handed back; a gain nobody owes refused.
 */
static void
test_adjust(void **state)
{
	static const char *const loose[] = { "loose-cult-loss", NULL };
	struct tm_state *s = wc(NULL), *t = wc(loose);
	struct tm_player *p = &s->pl[1];
	int c0 = p->c;

	(void)state;
	p->pw[2] = 2;
	p->pw[1] = 3;
	p->pw[0] = tm_fdefs[TF_CULTISTS].p1 + tm_fdefs[TF_CULTISTS].p2 - 5;
	tg_ok(s, 1, "-C. -2W. -PW. -P2. -PW_TOKEN");
	assert_int_equal(p->c, c0 - 1);
	assert_int_equal(p->pw[2], 1);
	assert_int_equal(p->tokens, -2);
	tg_bad(s, 1, "+C", "nothing gives you that");
	tg_bad(s, 1, "-KEY", "0 keys");
	p->cult[TK_WATER] = 8;
	tg_ok(s, 1, "-WATER");
	assert_int_equal(p->cult[TK_WATER], 7);
	tg_bad(s, 1, "-WATER", "down to 7 at least");
	t->pl[1].cult[TK_WATER] = 10;
	t->pl[1].keys = 1;
	tg_ok(t, 1, "-3WATER");
	assert_int_equal(t->pl[1].cult[TK_WATER], 7);
	tg_bad(s, 1, "-FREE_D", "0 to give up");
	tg_bad(s, 1, "-LOSE_CULT", "the site's own bookkeeping");
	/* a bonus tile handed back goes to the pool */
	tg_ok(s, 1, "-BON3");
	assert_int_equal(p->bon, 0);
	assert_int_equal(s->bon_avail[3], 1);
	/* spades: given up, except those dug in the turn */
	tg_turn(s, 0);
	s->pl[0].pw[2] += 4;
	s->pl[0].pw[0] -= 4;
	tg_ok(s, 0, "action ACT5. -SPADE");
	tg_turn(s, 0);
	tg_bad(s, 0, "dig 1. -SPADE", "spades you dug are spent");
	/* the Witches' free dwelling of ACTW */
	tg_put(s, 0, "F4", TB_TP);
	tg_put(s, 0, "F4", TB_SH);
	tg_turn(s, 0);
	tg_ok(s, 0, "action ACTW. -FREE_D");
	assert_int_equal(s->pl[0].free_d, 0);
	free(s);
	free(t);
}

/*
 * A town tile owed is taken once: the site joins two equal +TWn of one
 * faction that follow one another, even in two rows, into +2TWn
 * (commands.pm:1716), takes it with one tile owed (commands.pm:86) and
 * then waits for ever on a tile (acting.pm:683).  arbiter refuses the
 * second, a deviation with a message of its own (seed 410306; fixture
 * found/halflings-town-tile-once), and so +2TWn with one owed.
 */
static void
test_town_tile_once(void **state)
{
	struct tm_state *s = wc(NULL);

	(void)state;
	tg_turn(s, 1);
	s->pl[1].town_owed = 1;
	tg_ok(s, 1, "+TW3");
	tg_bad(s, 1, "+tw3", "'+tw3': +TW3: the town tile owed went to the equal +TW3 "
	    "just before; another is not owed (the site joins the two into one and "
	    "then waits for ever on a tile)");
	tg_bad(s, 1, "+TW1", "+TW1: you are owed no town tile");	/* no join */
	tg_ok(s, 1, "-C");
	tg_bad(s, 1, "+TW3", "+TW3: you are owed no town tile");	/* none either */
	s->pl[1].town_owed = 1;
	tg_bad(s, 1, "+2TW1", "+2TW1: you are owed 1 town tile, not 2 (the site takes "
	    "it and then waits for ever on a tile)");
	tg_bad(s, 1, "+TW1. +TW1", "you are owed 1 town tile, not 2");
	/* two owed: the second equal one takes the second tile */
	s->pl[1].town_owed = 2;
	tg_ok(s, 1, "+TW1");
	tg_ok(s, 1, "+TW1");
	assert_int_equal(s->pl[1].town_owed, 0);
	assert_int_equal(s->pl[1].tw[1], 2);
	free(s);
}

/* A faction dropped: its bonus tile goes back to the pool, for a later
 * pass to take (fixture found/drop-faction-bonus-back); its resigning
 * again changes nothing (found/resign-after-drop). */
static void
test_drop_returns_bonus(void **state)
{
	struct tm_state *s = wc(NULL);
	struct game_played pl;
	char err[256];

	(void)state;
	assert_int_equal(s->pl[1].bon, 3);
	assert_int_equal(terra_rules.play(s, -1, "drop-faction cultists", &pl, err,
	    sizeof(err)), GAME_OK);
	assert_int_equal(s->pl[1].bon, 0);
	assert_int_equal(s->bon_avail[3], 1);
	tg_ok(s, 0, "pass BON3");
	assert_int_equal(s->pl[0].bon, 3);
	/* it may resign again, which changes nothing (the site takes it);
	 * anything else it sends is refused */
	tg_ok(s, 1, "resign");
	assert_int_equal(s->pl[1].dropped, 1);
	tg_bad(s, 1, "burn 1", "your faction left the game");
	free(s);
}

/*
 * errata-cultist-power: the Cultists gain 1 power once no offer of their
 * building with power in it is left open, and one was declined.  An
 * offer whose seat filled its bowls with other power meanwhile counts as
 * settled then (when the gain comes), and its decline does nothing more.
 */
static void
test_cultists_errata(void **state)
{
	static const char *const opts[] = { "errata-cultist-power", NULL };
	static const char *const f[] = { "witches", "cultists", "giants" };
	static const char *const d[] = { "F4", "E6", "E3", "D4", "E2", "D1", NULL };
	static const int b[] = { 3, 5, 7 };
	struct tm_state *s = tg_new(3, opts, f, d, b);
	struct tm_player *c = &s->pl[1];
	int p1;

	(void)state;
	/* the Cultists' building E5 offers power to both others (E4, F3) */
	tg_put(s, 0, "E4", TB_D);
	tg_put(s, 2, "F3", TB_D);
	tg_turn(s, 1);
	c->w = c->c = 20;
	tg_ok(s, 1, "build E5");
	assert_int_equal(s->noffer, 2);
	/* the Giants take 2 power of another offer: their bowls are full */
	s->pl[2].pw[2] = s->pl[2].pw[0] + s->pl[2].pw[1] + s->pl[2].pw[2] - 2;
	s->pl[2].pw[0] = 0;
	s->pl[2].pw[1] = 2;
	s->offer[s->noffer] = s->offer[0];
	s->offer[s->noffer].to = 2;
	s->offer[s->noffer].from = 0;
	s->offer[s->noffer].amount = s->offer[s->noffer].actual = 2;
	s->offer[s->noffer].group = -1;
	s->noffer++;
	p1 = c->pw[0];
	tg_ok(s, tm_seat_of(s, TF_WITCHES), "decline 1 from cultists");
	assert_int_equal(c->pw[0], p1);		/* the Halflings still decide */
	tg_ok(s, 2, "leech 2 from witches");
	assert_int_equal(c->pw[0], p1 - 1);	/* theirs fell to nothing: the gain */
	tg_ok(s, 2, "decline");
	assert_int_equal(c->pw[0], p1 - 1);	/* and no second one */
	free(s);
}

/*
 * The last seat passes owing a cult step of its action (FAV6) and places
 * it after the pass (issue 24, seed 300035: what the site takes back,
 * commands.pm:135).  The site left the Witches' turn open at the pass
 * (acting.pm's detect_incomplete_turn) and ends it, and so the round,
 * when another faction's line comes (tracker.pm's play(),
 * maybe_advance_to_next_player): no income before, the Witches still
 * convert, the next round's first seat is not yet on turn.  The other
 * seat's command ends the round first, then counts.
 */
static void
test_round_end_after_settled_pass(void **state)
{
	struct tm_state *s = wc(NULL), *t;
	struct game_wait w;
	int c0, c1;

	(void)state;
	s->pl[0].fav[6] = 1;
	s->pl[1].p = 1;
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON1");
	assert_int_equal(s->cur, 0);
	tg_ok(s, 0, "action FAV6. pass BON2");
	assert_int_equal(s->pl[0].cult_owed, 1);
	tg_ok(s, 0, "+FIRE");
	assert_int_equal(s->round, 1);
	c0 = s->pl[0].c;
	c1 = s->pl[1].c;
	tg_ok(s, 0, "convert 1W to 1C");
	assert_int_equal(s->pl[0].c, c0 + 1);
	assert_int_equal(s->pl[1].c, c1);		/* no income yet */
	terra_rules.waiting(s, &w);
	assert_int_equal(w.mask, 1u << 1);
	/* the Cultists passed first: their action starts the next round */
	t = malloc(sizeof(*t));
	assert_non_null(t);
	memcpy(t, s, sizeof(*s));
	tg_ok(t, 1, "send p to FIRE");
	assert_int_equal(t->round, 2);
	free(t);
	tg_bad(s, 0, "send p to FIRE", "not your turn");
	tg_ok(s, 1, "wait");
	assert_int_equal(s->round, 2);
	assert_true(s->pl[1].c > c1);
	free(s);
}

/*
 * The Cultists, the last seat playing, pass owing the cult step of an
 * offer taken in their turn and place it after the pass (issue 24, seed
 * 350372; fixtures found/cultists-step-after-pass-spade and -round-end).
 * The site kept their turn open at the pass (acting.pm:663,
 * detect_incomplete_turn: CULT; its 'full' record stays) and closes it,
 * and so the round (acting.pm:557, in_play), only when another faction's
 * line follows (commands.pm:1769, play(): maybe_advance_to_next_player):
 * the round's cult spade is not theirs yet, their transform is refused
 * (resources.pm:401, Not enough 'SPADE'); the Witches' command ends the
 * round and brings it.  In the sixth round the game ends with the
 * Cultists' own submission, all of it run first: the site ends their turn
 * when their lines end, and the game with it; the Witches' lines after it
 * it runs none of (commands.pm:1788).
 */
static void
test_cultists_step_after_held_pass(void **state)
{
	static const char *const score[] = {
	    "score=SCORE6,SCORE3,SCORE1,SCORE8,SCORE5,SCORE7", NULL };
	struct tm_state *s = wc(score), *t;
	int k;

	(void)state;
	s->pl[1].cult[TK_WATER] = 4;	/* SCORE6: a spade for 4 WATER */
	tg_ok(s, 0, "pass BON2");
	tg_ok(s, 1, "upgrade E6 to TP");
	tg_ok(s, 0, "leech 1 from cultists");
	assert_int_equal(s->pl[1].cult_bonus, 1);
	tg_ok(s, 1, "pass BON4");
	/* round 6: the step ends the game, with the rest of its submission */
	t = malloc(sizeof(*t));
	assert_non_null(t);
	memcpy(t, s, sizeof(*s));
	t->round = 6;
	k = t->pl[1].c;
	tg_ok(t, 1, "+WATER. convert 1W to 1C");
	assert_true(t->over);
	assert_int_equal(t->defer, 0);
	assert_int_equal(t->pl[1].c, k + 1);
	tg_bad(t, 0, "wait", "the game is over");
	free(t);
	tg_ok(s, 1, "+WATER");
	assert_int_equal(s->round, 1);
	assert_int_equal(s->defer, 2);
	assert_int_equal(s->pl[1].spades, 0);
	tg_bad(s, 1, "transform E5 to brown", "transform: you hold no spade; the "
	    "round's cult spades come only once another seat has sent a command");
	tg_ok(s, 1, "convert 1W to 1C");	/* their turn still */
	tg_ok(s, 0, "wait");
	assert_int_equal(s->phase, TP_CULTSPADES);
	assert_int_equal(s->pl[1].spades, 1);
	tg_ok(s, 1, "transform E5 to brown");
	assert_int_equal(s->round, 2);
	free(s);
}

/*
 * Any [+-] command of the Cultists drops the site's wait for the cult
 * steps of offers taken (commands.pm:135, dismiss_action 'cult'): with
 * every seat passed, the round (the game, in the sixth) ends before their
 * next command; a command of another seat first brings the wait back
 * (seed 610727; fixture found/cultists-step-lapse-ends-game).
 */
static void
test_cultists_step_lapse(void **state)
{
	static const char *const score[] = {
	    "score=SCORE6,SCORE3,SCORE1,SCORE8,SCORE5,SCORE7", NULL };
	struct tm_state *s = wc(score), *t;
	struct game_wait w;

	(void)state;
	tg_ok(s, 0, "pass BON2");
	tg_ok(s, 1, "upgrade E6 to TP");
	tg_ok(s, 0, "leech 1 from cultists");
	tg_ok(s, 1, "pass BON4");
	assert_int_equal(s->pl[1].cult_bonus, 1);
	s->round = 6;
	t = malloc(sizeof(*t));
	assert_non_null(t);
	memcpy(t, s, sizeof(*s));
	/* their own next command meets the game's end, and is let be */
	tg_ok(t, 1, "-C");
	assert_false(t->over);
	tg_ok(t, 1, "convert 1W to 1C");
	assert_true(t->over);
	/* another seat's command first: the step is waited for again */
	tg_ok(s, 1, "-C");
	tg_ok(s, 0, "-C");
	tg_ok(s, 1, "convert 1W to 1C");
	assert_false(s->over);
	terra_rules.waiting(s, &w);
	assert_int_equal(w.mask, 2u);
	tg_ok(s, 1, "+WATER");
	assert_true(s->over);
	free(t);
	free(s);
}

/*
 * A faction that left is judged by the turn alone where the site checks
 * nothing else (commands.pm, $assert_active_faction from round 1;
 * acting.pm:268): it burns during the setup, as any seat; with one seat
 * left to play it advances shipping or digging, as a seat that passed,
 * and converts after it; nothing else.
 */
static void
test_dropped_by_the_turn(void **state)
{
	struct tm_state *s = tg_bare(NULL, 0);
	int p3, ship, c;

	(void)state;
	tg_ok(s, 0, "setup nomads");
	tg_ok(s, 1, "setup witches");
	tg_ok(s, 0, "build B1");
	tg_ok(s, 1, "resign");
	assert_int_equal(s->phase, TP_DWELLINGS);
	p3 = s->pl[1].pw[2];
	tg_ok(s, 1, "burn 1");
	assert_int_equal(s->pl[1].pw[2], p3 + 1);
	tg_bad(s, 1, "convert 1W to 1C", "your faction left the game");
	free(s);
	s = wc(NULL);
	tg_ok(s, 0, "resign");
	assert_int_equal(s->cur, 1);
	ship = s->pl[0].ship;
	s->pl[0].p = 1;
	tg_ok(s, 0, "advance ship");
	assert_int_equal(s->pl[0].ship, ship + 1);
	c = s->pl[0].c;
	tg_ok(s, 0, "convert 1W to 1C");
	assert_int_equal(s->pl[0].c, c + 1);
	tg_bad(s, 0, "burn 1. action ACT6", "your faction left the game");
	tg_ok(s, 1, "pass BON1");
	free(s);
}

/*
 * A seat that resigns hands the turn on at once, as the site's
 * drop-faction does (commands.pm:1601 -> acting.pm:776-785): neither in
 * its own turn nor just after its own action (whose turn the site has not
 * ended yet) does it burn or convert after it (commands.pm:1217-1220;
 * seed 500967, fixture found/resign-ends-turn-no-burn).
 */
static void
test_resign_hands_turn_on(void **state)
{
	struct tm_state *s = wc(NULL);

	(void)state;
	/* in its own turn, after the other's action */
	s->pl[0].p = 1;
	tg_ok(s, 0, "advance ship");
	assert_int_equal(s->cur, 1);
	tg_bad(s, 1, "resign. burn 1", "your faction left the game");
	tg_ok(s, 1, "resign");
	assert_int_equal(s->cur, 0);
	tg_bad(s, 1, "burn 1", "your faction left the game");
	tg_bad(s, 1, "convert 1W to 1C", "your faction left the game");
	free(s);
	/* just after its own action: before, its burning is still taken */
	s = wc(NULL);
	s->pl[0].p = 1;
	tg_ok(s, 0, "advance ship");
	tg_ok_copy(s, 0, "burn 1");
	tg_ok(s, 0, "resign");
	assert_int_equal(s->cur, 1);
	tg_bad(s, 0, "burn 1", "your faction left the game");
	tg_bad(s, 0, "convert 1W to 1C", "your faction left the game");
	free(s);
}

/*
 * The last seat to play begins no other action, a pass included, while it
 * owes a cult loss, a colour, ACTW's free dwelling or ACTS's free trading
 * post (issue 24, seeds 320749, 330561, 330573; fixtures
 * found/owed-for-ever-*): the site takes it, but the record of the debt it
 * makes then (acting.pm:267-270 -> detect_incomplete_turn) nothing takes
 * back, and its round never ends.  Settled first, the action is taken;
 * what the site does take back (a cult step) does not stop it.
 */
static void
test_last_seat_owed_for_ever(void **state)
{
	static const struct {
		size_t field;
		int value;
		const char *debt;
	} debts[] = {
		{ offsetof(struct tm_player, lose_cult), 3, "first settle the 3 cult steps "
		    "of the volcano (-3CULT on one track)" },
		{ offsetof(struct tm_player, pick_owed), 1, "first settle the colour you owe" },
		{ offsetof(struct tm_player, free_d), 1, "first settle the free dwelling of ACTW" },
		{ offsetof(struct tm_player, free_tp), 1, "first settle the free trading post "
		    "of ACTS" },
	};
	struct tm_state *s = wc(NULL), *t;
	size_t i;

	(void)state;
	tg_put(s, 0, "D4", TB_SH);
	s->terrain[tg_cell("E7")] = TC_GREEN;
	s->pl[0].c = s->pl[0].w = 30;
	s->pl[0].p = 2;
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON1");
	assert_int_equal(s->cur, 0);
	/* the Witches' own: ACTW, then a pass or an action before the dwelling */
	tg_bad(s, 0, "action ACTW. pass BON2", "pass: first settle the free dwelling of "
	    "ACTW (build HEX, or -FREE_D); another action before it leaves the site's "
	    "game waiting for ever");
	tg_bad(s, 0, "action ACTW. upgrade F4 to TP", "upgrade: first settle the free "
	    "dwelling");
	tg_ok_copy(s, 0, "action ACTW. -FREE_D. pass BON2");
	tg_ok_copy(s, 0, "action ACTW. build E7. upgrade F4 to TP. pass BON2");
	/* each debt the site keeps for ever, owed by the turn's action (here
	 * put on a turn whose action is taken) */
	t = malloc(sizeof(*t));
	assert_non_null(t);
	for (i = 0; i < sizeof(debts) / sizeof(debts[0]); i++) {
		memcpy(t, s, sizeof(*s));
		t->act = TA_DONE;
		*(int32_t *)((char *)&t->pl[0] + debts[i].field) = debts[i].value;
		tg_bad(t, 0, "pass BON2", debts[i].debt);
		tg_bad(t, 0, "send p to FIRE", debts[i].debt);
		tg_bad(t, 0, "advance ship", debts[i].debt);
		*(int32_t *)((char *)&t->pl[0] + debts[i].field) = 0;
		tg_ok(t, 0, "send p to FIRE. pass BON2");
	}
	/* a debt the site takes back: the next action comes before it */
	memcpy(t, s, sizeof(*s));
	t->act = TA_DONE;
	t->pl[0].cult_owed = 1;
	tg_ok(t, 0, "send p to FIRE");
	free(t);
	free(s);
}

/*
 * A seat that passed while its turn is still open takes another action
 * when exactly one other seat has not passed (issue 24, seeds 400740 and
 * 410714; fixtures found/cultists-held-pass-passes-again and
 * -sends-priest): the site's require_subaction starts a new turn for a
 * faction with no action left whenever one faction alone has not passed,
 * whichever (acting.pm:267-275), and the Cultists' pass owing the step of
 * an offer taken before it left them the active faction (acting.pm:663,
 * 773).  With no other seat unpassed it refuses (acting.pm:279), and
 * under strict-chaosmagician-sh any second pass (commands.pm:797).
 */
static void
test_held_pass_acts_again(void **state)
{
	static const char *const strict[] = { "strict-chaosmagician-sh", NULL };
	struct tm_state *s = wc(NULL), *t = malloc(sizeof(*t)), *u = wc(strict);
	int vp;

	(void)state;
	s->pl[0].p = 2;
	s->pl[1].p = 1;
	tg_ok(s, 0, "send p to AIR");
	tg_ok(s, 1, "upgrade E6 to TP");
	tg_ok(s, 0, "leech 1 from cultists. send p to EARTH");
	assert_int_equal(s->pl[1].cult_bonus, 1);
	u->pl[0].p = 2;
	u->pl[1].p = 1;
	tg_ok(u, 0, "send p to AIR");
	tg_ok(u, 1, "upgrade E6 to TP");
	tg_ok(u, 0, "leech 1 from cultists. send p to EARTH");
	tg_bad(u, 1, "pass BON4. pass BON2", "strict-chaosmagician-sh allows one "
	    "pass a round");
	free(u);
	u = wc(NULL);
	u->pl[1].p = 1;
	tg_ok(s, 1, "pass BON4");
	assert_int_equal(s->cur, 1);
	memcpy(t, s, sizeof(*s));
	vp = s->pl[1].vp;
	tg_ok(s, 1, "pass BON2");
	assert_int_equal(s->pl[1].bon, 2);
	assert_int_equal(s->bon_avail[4], 1);
	assert_int_equal(s->pl[1].cult_bonus, 1);
	assert_int_equal(s->pl[1].vp, vp);
	tg_ok(s, 1, "+FIRE");
	tg_ok(s, 0, "pass BON4");
	assert_int_equal(s->round, 2);
	/* a new turn of another kind, once the step is placed too */
	tg_ok(t, 1, "+FIRE. send p to WATER");
	assert_int_equal(t->pl[1].p, 0);
	assert_int_equal(t->cur, 0);
	/* with nobody else left to play, no more */
	memcpy(t, u, sizeof(*u));
	tg_ok(t, 0, "pass BON2");
	tg_ok(t, 1, "upgrade E6 to TP");
	tg_ok(t, 0, "leech 1 from cultists");
	tg_ok(t, 1, "pass BON4");
	assert_int_equal(t->cur, 1);
	tg_bad(t, 1, "pass BON1", "pass: you have already passed this round");
	tg_bad(t, 1, "send p to FIRE", "send: you have passed this round; a faction "
	    "that passed takes another action only while its turn is still open and "
	    "exactly one other faction has not passed");
	free(t);
	free(s);
	free(u);
}

/*
 * Without loose-cultist-ordering the site refuses another faction's step
 * to 10 on a track while the Cultists, holding a key, may still get there
 * first with the cult step of an offer of theirs (resources.pm:211-213,
 * acting.pm:126-158): here 9 on FIRE and the step of the Witches' leech
 * still to place.  The Witches' action that declines the offer is no such
 * case (the decline comes first, acting.pm:261); nor is a faction without
 * a key of its own, stopped at 9; the option lifts it.
 */
static void
test_cultists_first_to_ten(void **state)
{
	static const char *const loose[] = { "loose-cultist-ordering", NULL };
	struct tm_state *s, *t;
	int opt;

	(void)state;
	for (opt = 0; opt < 2; opt++) {
		s = wc(opt ? loose : NULL);
		s->pl[0].p = 1;
		s->pl[0].cult[TK_FIRE] = 7;
		s->pl[0].keys = 1;
		s->pl[1].cult[TK_FIRE] = 9;
		s->pl[1].keys = 1;
		tg_turn(s, 1);
		tg_ok(s, 1, "upgrade E6 to TP");
		assert_int_equal(s->noffer, 1);
		if (opt) {
			tg_ok(s, 0, "leech 1 from cultists. send p to FIRE");
			assert_int_equal(s->pl[0].cult[TK_FIRE], 10);
			free(s);
			continue;
		}
		tg_bad(s, 0, "leech 1 from cultists. send p to FIRE", "send: the Cultists "
		    "may reach 10 on FIRE first, with a cult step still to come to them");
		tg_ok_copy(s, 0, "send p to FIRE");	/* declines the offer first */
		t = malloc(sizeof(*t));
		assert_non_null(t);
		memcpy(t, s, sizeof(*s));
		t->pl[0].keys = 0;	/* stopped at 9: no step to 10 */
		tg_ok(t, 0, "leech 1 from cultists. send p to FIRE");
		assert_int_equal(t->pl[0].cult[TK_FIRE], 9);
		memcpy(t, s, sizeof(*s));
		t->pl[1].keys = 0;	/* the Cultists cannot reach 10 */
		tg_ok(t, 0, "leech 1 from cultists. send p to FIRE");
		free(t);
		/* the step placed: the Witches wait, then go */
		tg_ok(s, 0, "leech 1 from cultists");
		tg_bad(s, 0, "send p to FIRE", "wait for it before stepping to 10 there");
		tg_ok(s, 1, "+WATER");
		tg_ok(s, 0, "send p to FIRE");
		assert_int_equal(s->pl[0].cult[TK_FIRE], 10);
		free(s);
	}
}

/*
 * Spades left after a transform to a colour not the seat's own, when the
 * action allows no further transform, are refused whatever gave them
 * (commands.pm:652-656, seed 510683): the last seat's ACT6 leaves a spade,
 * its `dig 1` is a new action whose one transform leaves that spade.  A
 * seat that passed is exempt, and so is the last seat's transform that
 * is a new action right after one that took its action's last transform
 * (the site counts it -1, commands.pm:617).  The spade left is the next
 * action's like its own (one count, SPADE): its transforms are that
 * action's (after a dig, one; after the Halflings' stronghold, three).
 */
static void
test_spades_left_nonhome(void **state)
{
	static const char *const f[] = { "witches", "cultists" };
	static const char *const d[] = { "F4", "E6", "E2", "D1", NULL };
	static const char *const hf[] = { "halflings", "witches" };
	static const char *const hd[] = { "E6", "F4", "D1", "E2", NULL };
	static const int b[] = { 3, 1 };	/* seat 0 holds BON1 */
	struct tm_state *s = tg_new(2, NULL, f, d, b);
	int f3 = tg_cell("F3"), g2 = tg_cell("G2"), e7 = tg_cell("E7");

	(void)state;
	s->pl[0].c = s->pl[0].w = 30;
	s->pl[0].pw[0] = s->pl[0].pw[1] = 0;	/* all 12 tokens in bowl III */
	s->pl[0].pw[2] = 12;
	s->terrain[f3] = TC_BLUE;	/* a spade from green */
	s->terrain[g2] = TC_BLUE;
	s->terrain[e7] = TC_GRAY;	/* a spade from red */
	/* a spade dug left after a transform to the seat's own colour: the
	 * site takes it, and waits for ever (a deviation) but for the last
	 * seat, whose next action's transform takes it */
	tg_bad(s, 0, "dig 2. transform F3 to green", "the 1 spade dug left after it "
	    "could never be spent");
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON5");
	assert_int_equal(s->cur, 0);
	tg_ok_copy(s, 0, "dig 2. transform F3 to green. transform E7 to red");
	/* ACT6's spade left, then a dig: one transform, which spends all */
	tg_ok(s, 0, "action ACT6. transform F3 to green");
	assert_int_equal(s->pl[0].spades, 1);
	tg_bad(s, 0, "dig 1. transform E7 to red", "transform: E7 to red leaves you 1 "
	    "spade and the action allows no further transform: a hex turned to a "
	    "colour not your own must use all your spades");
	tg_ok_copy(s, 0, "dig 1. transform E7 to yellow");	/* both spades */
	/* an action without transforms, then the spade left to another colour */
	tg_bad(s, 0, "action BON1. action ACT5. transform E7 to red", "E7 to red leaves "
	    "you 2 spades");
	/* after the transform that took the action's last: counted -1, taken */
	tg_ok(s, 0, "action BON1. action ACT5. transform G2 to green. "
	    "transform E7 to red");
	assert_int_equal(s->pl[0].spades, 1);
	free(s);
	/* the spade left is the new action's like its own: the Halflings'
	 * stronghold allows three transforms, the first of them to another
	 * colour leaves spades for the next */
	s = tg_new(2, NULL, hf, hd, b);
	s->pl[0].c = s->pl[0].w = 30;
	s->pl[0].pw[0] = s->pl[0].pw[1] = 0;
	s->pl[0].pw[2] = 12;
	tg_put(s, 0, "E6", TB_TP);
	s->terrain[tg_cell("E1")] = TC_BLACK;	/* a spade from brown */
	s->terrain[tg_cell("E3")] = TC_RED;	/* a spade from yellow */
	tg_turn(s, 1);
	tg_ok(s, 1, "pass BON5");
	tg_ok(s, 0, "action ACT6. transform E1 to brown. upgrade E6 to SH. "
	    "transform E3 to yellow");
	assert_int_equal(s->pl[0].spades, 3);
	free(s);
}

/*
 * A faction that left in the setup takes no colour from one chosen later
 * (the site's check, Game/Factions.pm:142, passes over it; fixture
 * found/dropped-faction-colour-free-for-setup): the Auren after the
 * Witches, both green.  The same faction again stays refused.
 */
static void
test_dropped_colour_free_for_setup(void **state)
{
	struct tm_state *s = tg_bare(NULL, 0);

	(void)state;
	tg_ok(s, 0, "setup witches");
	tg_ok(s, -1, "drop-faction witches");
	tg_bad(s, 1, "setup witches", "another seat has the witches already");
	tg_ok(s, 1, "setup auren");
	assert_int_equal(s->phase, TP_DWELLINGS);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_offers_and_conversions),
		cmocka_unit_test(test_leech_matching),
		cmocka_unit_test(test_action_declines),
		cmocka_unit_test(test_last_seat_acting),
		cmocka_unit_test(test_turn_tail),
		cmocka_unit_test(test_turn_taken_up),
		cmocka_unit_test(test_spade_action_dwelling),
		cmocka_unit_test(test_adjust),
		cmocka_unit_test(test_drop_returns_bonus),
		cmocka_unit_test(test_cultists_errata),
		cmocka_unit_test(test_round_end_after_settled_pass),
		cmocka_unit_test(test_cultists_step_after_held_pass),
		cmocka_unit_test(test_cultists_step_lapse),
		cmocka_unit_test(test_done_ends_sub_actions),
		cmocka_unit_test(test_dropped_by_the_turn),
		cmocka_unit_test(test_resign_hands_turn_on),
		cmocka_unit_test(test_last_seat_owed_for_ever),
		cmocka_unit_test(test_town_tile_once),
		cmocka_unit_test(test_held_pass_acts_again),
		cmocka_unit_test(test_cultists_first_to_ten),
		cmocka_unit_test(test_spades_left_nonhome),
		cmocka_unit_test(test_dropped_colour_free_for_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
