/*
 * tplay.c - the Terra Mystica command parser: a submission split into
 * commands, each command's words read and dispatched to tsetup.c,
 * tactions.c or tflow.c, and the whole applied or refused.
 *
 * A submission is one or more commands in the notation of
 * terra.snellman.net, separated by newlines, ';' or '.'.  Leech and
 * decline commands run first.  The active seat's turn ends by itself once
 * its action is complete and nothing (spades, favor or town tiles, cult
 * steps, a bridge) is owed; power offers are decided by the other seats at
 * any time, and the round ends when everybody passed and every offer has
 * been decided.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/* Is the command one a seat may give outside its turn? */
static int
out_of_turn(const struct tm_state *s, int seat, char **w)
{
	const struct tm_player *p = &s->pl[seat];

	/* conversions and burning belong to the seat's own turn (the site:
	 * "not active player"); nothing else a seat may do out of turn but
	 * decide offers, place the cult steps owed and settle what the round's
	 * end or start owes */
	if (word_eq(w[0], "leech") || word_eq(w[0], "decline") ||
	    word_eq(w[0], "wait") || word_eq(w[0], "done") || word_eq(w[0], "gain"))
		return 1;
	/* the site's [+-]N?TYPE, from any seat at any time */
	if ((w[0][0] == '+' || w[0][0] == '-') && w[0][1] != '\0')
		return 1;
	/* the seat whose turn just ended converts and burns until another
	 * seat sends something: the site ends a turn only when another
	 * faction's row follows */
	if ((word_eq(w[0], "convert") || word_eq(w[0], "burn")) && s->tail == seat + 1)
		return 1;
	/* no turn runs (every seat passed, the round's end waits, or it is
	 * between the rounds): the site's active faction is still the one
	 * whose turn ran last (acting.pm:227: only a new turn changes it,
	 * commands.pm:1212-1219 checks it); it burns, connects (the Mermaids:
	 * tm_cmd_connect), and converts before the round's end */
	if (s->last_turn == seat + 1 && (word_eq(w[0], "burn") ||
	    word_eq(w[0], "connect") ||
	    (word_eq(w[0], "convert") && s->phase == TP_ACTIONS && !s->unlock_wait)) &&
	    (s->phase == TP_CULTSPADES || (s->phase == TP_ACTIONS && (s->cur < 0 ||
	    s->unlock_wait))))
		return 1;
	/* the site's quirk: with one seat left to play, a seat that passed (or
	 * left the game) may still advance shipping or digging (its engine
	 * starts a new turn for it, acting.pm:268); then it converts and burns
	 * as after a turn (tm_cmd_advance) */
	if (word_eq(w[0], "advance") && s->phase == TP_ACTIONS && p->passed &&
	    tm_unpassed(s) == 1)
		return 1;
	/* the site checks the turn from round 1: burning in the setup is
	 * anybody's, up to the first round's start (which waits for the
	 * Riverwalkers' unlocks of the first income, still in its round 0) */
	if (word_eq(w[0], "burn") && (s->phase < TP_ACTIONS || (s->round == 1 &&
	    s->unlock_wait)))
		return 1;
	/* an unlock is any seat's at any time on the site (commands.pm:1495,
	 * $assert_faction): one not owed is refused as a rule ("you owe no
	 * unlock"); the Riverwalkers' unlocks owed from income come before
	 * the round's first action, whoever's it is; anything else they send
	 * then is refused as a rule (one_cmd: the unlock comes first), not as
	 * a turn */
	if (word_eq(w[0], "unlock-terrain"))
		return 1;
	if (tm_unlock_first(s, seat))
		return 1;
	/* Between rounds the site takes cult spades from every seat holding
	 * some, in any order, not only from the first in turn order. */
	if (s->phase == TP_CULTSPADES && (p->spades > 0 || p->cult_owed > 0) &&
	    !p->dropped)
		return 1;	/* only spending them is accepted then (action_cmd) */
	return 0;
}

/* Describe whom the game waits for, for a not-your-turn message. */
static void
whom(const struct tm_state *s, char *err, size_t errlen)
{
	struct game_wait w;
	int i;

	tm_waiting(s, &w);
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i)) {
			snprintf(err, errlen, "not your turn: the game waits for seat "
			    "%d (%s)", i + 1, w.why[i]);
			return;
		}
	snprintf(err, errlen, "not your turn: the game is over");
}

/* The cell a move names (the site's "Unknown location"), or -1 after
 * saying that no hex of the map has that name. */
static int
named_hex(struct tm_state *s, const char *verb, const char *name, char *err, size_t errlen)
{
	int cell = tm_cell_find(s, name);
	char up[16];
	size_t i;

	if (cell >= 0)
		return cell;
	/* Named as the map names its hexes (the words come lower-cased). */
	for (i = 0; name[i] != '\0' && i + 1 < sizeof(up); i++)
		up[i] = (char)toupper((unsigned char)name[i]);
	up[i] = '\0';
	tm_fail(err, errlen, "%s: there is no hex %s%s on this map", verb, up,
	    name[i] != '\0' ? "..." : "");
	return -1;
}

/* `upgrade HEX to TP|TE|SH|SA` (long building names accepted). */
static enum game_status
words_upgrade(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	static const char *const names[] = { "tp", "te", "sh", "sa", "trading",
	    "temple", "stronghold", "sanctuary" };
	static const int type[] = { TB_TP, TB_TE, TB_SH, TB_SA, TB_TP, TB_TE,
	    TB_SH, TB_SA };
	size_t i;

	if (nw < 4 || !word_eq(w[2], "to"))
		return tm_fail(err, errlen, "upgrade: write it as 'upgrade HEX to TP'");
	for (i = 0; i < 8; i++)
		if (word_eq(w[3], names[i])) {
			int cell = named_hex(s, "upgrade", w[1], err, errlen);

			return cell < 0 ? GAME_REJECTED :
			    tm_cmd_upgrade(s, seat, cell, type[i], err, errlen);
		}
	return tm_fail(err, errlen, "upgrade: unknown building '%s' (TP TE SH SA)",
	    w[3]);
}

/*
 * The colour of `transform HEX` without one, as the site picks it: the
 * home colour for a free transform, the Giants and a volcano faction;
 * otherwise the colour the seat's spades reach on the cycle towards its
 * home (the nearer of the two ways), and with no spade the hex's own
 * colour (which the transform then refuses).
 */
static int
default_colour(const struct tm_state *s, int seat, int cell)
{
	const struct tm_player *p = &s->pl[seat];
	int home = tm_wheel_home(s, seat), cur = s->terrain[cell], cw = cur, ccw = cur, i;
	int dcw, dccw;

	if (p->free_tf || tm_is_volcano(s, seat) || p->faction == TF_GIANTS)
		return tm_home(s, seat);
	if (p->spades == 0 || cur >= TC_RIVER)
		return cur;
	/* an ice faction's picked colour stands for its home, ice */
	if (home == cur)
		return tm_home(s, seat);
	for (i = 1; i <= p->spades; i++) {
		if (cw != home)
			cw = (cur + i) % 7;
		if (ccw != home)
			ccw = ((cur - i) % 7 + 7) % 7;
	}
	dcw = (cw - home + 7) % 7;
	dccw = (ccw - home + 7) % 7;
	dcw = dcw > 3 ? 7 - dcw : dcw;
	dccw = dccw > 3 ? 7 - dccw : dccw;
	cw = dcw < dccw ? cw : ccw;
	return cw == home ? tm_home(s, seat) : cw;
}

/* `transform HEX [to COLOUR]`: starts a spade action when nothing is owed. */
static enum game_status
words_transform(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	const struct tm_player *p = &s->pl[seat];
	int cell = nw >= 2 ? tm_cell_find(s, w[1]) : -1;
	int to = nw == 4 ? tm_color_find(w[3]) : cell >= 0 ? default_colour(s, seat, cell) : -1;
	enum game_status rc;
	int action, below = 0;

	if (!(nw == 2 || (nw == 4 && word_eq(w[2], "to"))) || (cell >= 0 && to < 0))
		return tm_fail(err, errlen, "transform: write it as 'transform HEX to "
		    "COLOUR'");
	if (cell < 0)
		return named_hex(s, "transform", w[1], err, errlen), GAME_REJECTED;
	/*
	 * In the seat's turn each transform is one the action allows (the
	 * site's sub-action: two after ACT6, one after ACT5, BON1, ACTG, ACTN
	 * or a dig), or else begins the action, which then allows no other.
	 * Spades an earlier action left (the last seat playing) are the
	 * seat's like any other: a transform after the new action's dig or
	 * spade action is that action's (the site keeps one count of spades,
	 * SPADE; a new action leaves tf_left 0 until it grants transforms).
	 */
	action = s->phase == TP_ACTIONS && s->cur == seat && !p->passed;
	if (action && s->tf_left > 0)
		s->tf_left--;
	else if (action) {
		/*
		 * The site counts the transforms an action allows down from
		 * what the last one left (commands.pm:617): after a transform
		 * that took the last one (0), the next action's transform (the
		 * last seat's, the Chaos Magicians' second) counts -1, which
		 * its rule of spades left (below) takes as allowing more.
		 */
		below = s->act == TA_SPADES && s->tf_left == 0 && s->tf_cell >= 0;
		rc = tm_begin_action(s, "transform", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	if (s->phase == TP_ACTIONS && s->act == TA_NONE)
		s->act = TA_SPADES;
	rc = tm_do_transform(s, seat, cell, to, err, errlen);
	/*
	 * Spades left that no transform of the action may take any more,
	 * whatever gave them (a dig, ACT5/ACT6, BON1, ACTG, an earlier
	 * action's): the site refuses the transform to another colour than
	 * the seat's own (commands.pm:652-656; a seat that passed is exempt,
	 * and so is a transform counted below 0, above; loose-dig, which
	 * arbiter does not play, lifts it); for its own it takes it, and
	 * spades dug then wait for ever (the next refusal) unless another
	 * action of the seat's may take them (the last seat playing, the
	 * Chaos Magicians' second action: a transform of it counts -1).
	 */
	if (rc == GAME_OK && action && !below && p->spades > 0 && s->tf_left == 0 &&
	    to != tm_home(s, seat))
		return tm_fail(err, errlen, "transform: %s to %s leaves you %d spade%s and "
		    "the action allows no further transform: a hex turned to a colour not "
		    "your own must use all your spades", s->cells[cell].name,
		    tm_color_names[to], p->spades, p->spades == 1 ? "" : "s");
	if (rc == GAME_OK && action && s->dug && p->spades > 0 && s->tf_left == 0 &&
	    s->act_left == 0 && !tm_next_turn_now(s))
		return tm_fail(err, errlen, "transform: the %d spade%s dug left after it "
		    "could never be spent (a dig serves one transform)", p->spades,
		    p->spades == 1 ? "" : "s");
	return rc;
}

/* `dig N`: buy spades to spend in this action. */
static enum game_status
words_dig(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	enum game_status rc;
	int n = nw == 2 ? tm_count_arg(w[1]) : 0;

	if (n < 1 || n > 7)
		return tm_fail(err, errlen, "dig: write it as 'dig N' (N spades)");
	if (tm_is_river(s, seat))
		return tm_fail(err, errlen, "dig: the Riverwalkers have no spades");
	/* a faction that passed digs after its transforms too: they take no
	 * sub-action of its action (the site) */
	if (s->act != TA_SPADES || (!s->dig_ok && !(s->pl[seat].passed &&
	    s->phase == TP_ACTIONS && s->cur == seat))) {
		/* After a transform only a new action (the Chaos Magicians'
		 * second) may dig. */
		int midway = s->act == TA_SPADES;
		/* the last seat's dig after a transform is its next action,
		 * refused only for a debt the site keeps for ever: say that */
		int next = tm_next_turn_now(s);

		rc = tm_begin_action(s, "dig", err, errlen);
		if (rc != GAME_OK && next)
			return rc;
		if (rc != GAME_OK && midway && (s->pl[seat].free_d || s->pl[seat].free_tp))
			return tm_fail(err, errlen, "dig: a free dwelling or trading post "
			    "(ACTW, ACTS) is the whole action: no spade is bought in it "
			    "(one action per turn)");
		if (rc != GAME_OK)
			return midway ? tm_fail(err, errlen, "dig: spades are bought before "
			    "the action's first transform, not after it (one action per "
			    "turn)") : rc;
	}
	if (tm_is_volcano(s, seat)) {
		/*
		 * A volcano faction digs one hex, for nothing: the volcano's
		 * price is paid when it is made (its file's volcano hook).  The
		 * site takes more, or a dig with no volcano to make, and its
		 * game then waits for ever for a volcano (one an action) that
		 * nothing makes once another faction's row came between.
		 */
		if (n != 1 || s->pl[seat].volcano_tf > 0)
			return tm_fail(err, errlen, "dig: a volcano faction digs one hex "
			    "an action (dig 1)");
		if (tm_hooks(s->pl[seat].faction)->volcano_possible == NULL ||
		    !tm_hooks(s->pl[seat].faction)->volcano_possible(s, seat))
			return tm_fail(err, errlen, "dig: no hex you reach can become a "
			    "volcano at a price you can pay (%s)", s->pl[seat].faction ==
			    TF_ACOLYTES ? "3 steps of one cult track, 4 on a home colour" :
			    "1 power token, 2 on a home colour");
		s->pl[seat].volcano_tf = 1;
		s->act = TA_SPADES;
		s->dug = 1;
		s->tf_left = 1;
		return GAME_OK;
	}
	rc = tm_buy_spades(s, seat, n, err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->dug = 1;
	s->tf_left = 1;		/* the site's dig: one transform follows */
	s->pl[seat].spades += n;
	s->act = TA_SPADES;
	return GAME_OK;
}

/* `send p to CULT [for N]`. */
static enum game_status
words_send(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	int k = nw >= 4 ? tm_cult_find(w[3]) : -1;
	int n = nw == 6 && word_eq(w[4], "for") ? tm_count_arg(w[5]) : 0;

	if (k < 0 || n < 0 || n > 3 || (nw != 4 && nw != 6) ||
	    !(word_eq(w[1], "p") || word_eq(w[1], "priest")))
		return tm_fail(err, errlen, "send: write it as 'send p to CULT [for N]'");
	return tm_cmd_send(s, seat, k, n, err, errlen);
}

/*
 * The site's `[+-]N?TYPE [for SOURCE]`: "+FAV5", "+2AIR", "-W", "-3VP",
 * "-free_d" (the type in any case).
 */
static enum game_status
words_adjust(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	const char *t = w[0] + 1;
	char type[32];
	int n = 0, i;

	if (nw > 1 && !word_eq(w[1], "for"))
		return tm_fail(err, errlen, "%s: write it as '+FAV5', '+2AIR', '-W' ('for "
		    "SOURCE' may follow)", w[0]);
	while (*t >= '0' && *t <= '9') {
		n = n < 1000 ? n * 10 + (*t - '0') : 1000;
		t++;
	}
	if (t == w[0] + 1)
		n = 1;
	for (i = 0; t[i] != '\0' && i < (int)sizeof(type) - 1; i++) {
		char c = t[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_'))
			break;
		type[i] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
	}
	type[i] = '\0';
	if (i == 0 || t[i] != '\0')
		return tm_fail(err, errlen, "%s: write it as '+FAV5', '+2AIR', '-W'", w[0]);
	/* the site's setup (its round 0, which lasts until the Riverwalkers'
	 * unlocks of the first income are done) reads it as a pass and then
	 * fails on it (commands.pm's `!$game{round} and $type =~ /BON/`; only
	 * a row that begins with +BONn is a pass there: tm_site_rewrite) */
	if ((s->phase < TP_ACTIONS || (s->round == 1 && s->unlock_wait)) &&
	    strstr(type, "BON") != NULL)
		return tm_fail(err, errlen, "%s: in the setup a bonus tile is taken with "
		    "'pass BONn' (or a line that begins with +BONn)", w[0]);
	if (s->phase == TP_FACTIONS && (s->pl[seat].pick_owed || s->pl[seat].fav_owed) &&
	    w[0][0] == '+' && strncmp(type, "FAV", 3) == 0 && n == 1) {
		char word[40], *fw[1] = { word };

		snprintf(word, sizeof(word), "+%s", type);
		return tm_cmd_setup_owed(s, seat, fw, 1, err, errlen);
	}
	return tm_cmd_adjust(s, seat, w[0][0] == '-' ? -n : n, type, err, errlen);
}

/* `leech N [from F]`, `decline [N from F]` (the site's two forms each). */
static enum game_status
words_leech(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	int leech = word_eq(w[0], "leech"), n = 0, from = -1, f;

	if (leech ? !(nw == 2 || (nw == 4 && word_eq(w[2], "from"))) :
	    !(nw == 1 || (nw == 4 && word_eq(w[2], "from"))))
		return tm_fail(err, errlen, "%s", leech ? "leech: write it as 'leech N' or "
		    "'leech N from FACTION'" : "decline: write it as 'decline' or 'decline N "
		    "from FACTION'");
	if (nw >= 2 && (n = tm_count_arg(w[1])) < 0)
		return tm_fail(err, errlen, "%s: '%s' is not a number of power tokens", w[0],
		    w[1]);
	if (nw == 4) {
		f = tm_faction_find(w[3]);
		from = f >= 0 ? tm_seat_of(s, f) : -1;
		if (from < 0)
			return tm_fail(err, errlen, "%s: no faction '%s' in this game", w[0], w[3]);
	}
	return leech ? tm_cmd_leech(s, seat, n, from, err, errlen) :
	    tm_cmd_decline(s, seat, n, from, err, errlen);
}

/* Commands during the action (and cult-spade) phase. */
static enum game_status
action_cmd(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	int n, rc;

	if (word_eq(w[0], "transform"))
		return words_transform(s, seat, w, nw, err, errlen);
	if (s->phase == TP_CULTSPADES)
		return tm_fail(err, errlen, "between rounds only 'transform HEX to "
		    "COLOUR' (or -SPADE) spends cult spades");
	if (word_eq(w[0], "build")) {
		int cell;

		if (nw != 2)
			return tm_fail(err, errlen, "build: write it as 'build HEX'");
		cell = named_hex(s, "build", w[1], err, errlen);
		return cell < 0 ? GAME_REJECTED : tm_cmd_build(s, seat, cell, err, errlen);
	}
	if (word_eq(w[0], "upgrade"))
		return words_upgrade(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "dig"))
		return words_dig(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "send"))
		return words_send(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "advance") && nw == 2) {
		if (word_eq(w[1], "ship") || word_eq(w[1], "shipping"))
			return tm_cmd_advance(s, seat, 1, err, errlen);
		if (word_eq(w[1], "dig") || word_eq(w[1], "digging"))
			return tm_cmd_advance(s, seat, 0, err, errlen);
	}
	if (word_eq(w[0], "advance"))
		return tm_fail(err, errlen, "advance: 'advance ship' or 'advance dig'");
	if (word_eq(w[0], "action") && nw == 2)
		return tm_cmd_action(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "bridge") && nw == 2)
		return tm_cmd_bridge(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "pass") && nw <= 2) {
		n = nw == 2 ? tm_tile_num(w[1], "BON", TM_NBON) : 0;
		if (nw == 2 && n == 0)
			return tm_fail(err, errlen, "pass: unknown bonus tile '%s'", w[1]);
		return tm_cmd_pass(s, seat, n, err, errlen);
	}
	if (word_eq(w[0], "connect") && nw == 2)
		return tm_cmd_connect(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "pick-color") && nw == 2) {
		/* in play only the Shapeshifters pick a colour: their file's */
		if ((rc = tm_faction_command(s, seat, w, nw, err, errlen)) != TM_NOT_MINE)
			return (enum game_status)rc;
		return tm_fail(err, errlen, "pick-color: only after a shapeshift (action "
		    "ACTHn)");
	}
	if (word_eq(w[0], "done") && nw == 1)
		return tm_cmd_done(s, seat, err, errlen);
	return tm_fail(err, errlen, "unknown command '%s'", w[0]);
}

/* `pass BONn` (or +BONn) in the setup: the seat's initial bonus tile. */
static enum game_status
setup_pass(struct tm_state *s, int seat, char **w, char *err, size_t errlen)
{
	enum game_status rc;
	int n;

	if (s->phase != TP_BONUS || s->cur != seat)
		return tm_fail(err, errlen, "%s %s: %s", w[0], w[1], s->phase == TP_BONUS ?
		    "not your pick of a bonus tile" : "bonus tiles are picked after the "
		    "initial dwellings");
	n = tm_tile_num(w[1], "BON", TM_NBON);
	if (n == 0)
		return tm_fail(err, errlen, "pass: name a bonus tile (BONn)");
	rc = tm_cmd_pass(s, seat, n, err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->cur = tm_next_bonus_seat(s, tm_table_pos(s, s->cur) - 1);
	if (s->cur < 0)
		tm_start_round(s, 1);
	return GAME_OK;
}

/* `burn N`: N power from bowl II to bowl III, N tokens leave the game. */
static enum game_status
words_burn(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int n = nw == 2 ? tm_count_arg(w[1]) : -1;

	if (nw != 2)
		return tm_fail(err, errlen, "burn: write it as 'burn N' (N power tokens)");
	if (n < 0)
		return tm_fail(err, errlen, "burn: '%s' is not a number of power tokens", w[1]);
	if (2 * n > p->pw[1])
		return tm_fail(err, errlen, "burn: burning %d needs %d power in "
		    "bowl II; you have %d", n, 2 * n, p->pw[1]);
	p->pw[1] -= 2 * n;
	p->pw[2] += n;
	p->burned += n;
	return GAME_OK;
}

/* Is w[0] a `[+-]N?TYPE` command? */
static int
is_adjust(char **w)
{
	return (w[0][0] == '+' || w[0][0] == '-') && w[0][1] != '\0';
}

/* Apply one command of a seat; the seat's permission was checked. */
static enum game_status
one_cmd(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];

	if (word_eq(w[0], "wait"))
		return GAME_OK;
	if (word_eq(w[0], "done") && nw == 1)
		return tm_cmd_done(s, seat, err, errlen);
	/* decisions on offers and the site's [+-]N?TYPE come from any seat at
	 * any time */
	if (word_eq(w[0], "leech") || word_eq(w[0], "decline"))
		return words_leech(s, seat, w, nw, err, errlen);
	if (is_adjust(w))
		return words_adjust(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "gain")) {
		/* the site's `gain X for Y`: only the Shapeshifters' P3 for VP,
		 * their file's command */
		int rc = tm_faction_command(s, seat, w, nw, err, errlen);

		if (rc != TM_NOT_MINE)
			return (enum game_status)rc;
		if (nw == 4 && word_eq(w[1], "p3") && word_eq(w[2], "for") &&
		    word_eq(w[3], "vp"))
			return tm_fail(err, errlen, "gain P3 for VP: only the Shapeshifters, "
			    "once for each power offer of theirs someone took");
		return tm_fail(err, errlen, "gain: the only exchange of this kind is 'gain "
		    "P3 for VP' (the Shapeshifters)");
	}
	/* the Riverwalkers owing an unlock at the round's start or between
	 * the rounds: it comes before anything else of theirs (but burning
	 * by the seat whose turn ran last, as the site takes it) */
	if (word_eq(w[0], "burn") && ((s->last_turn == seat + 1 &&
	    (s->phase == TP_CULTSPADES || s->unlock_wait)) || (s->round == 1 && s->unlock_wait)))
		return words_burn(s, seat, w, nw, err, errlen);
	/* so does the Mermaids' connect, of the seat whose turn ran last (the
	 * town it founds is then owed with no turn running: tm_town_waits) */
	if (word_eq(w[0], "connect") && nw == 2 && s->last_turn == seat + 1 &&
	    (s->phase == TP_CULTSPADES || s->unlock_wait))
		return tm_cmd_connect(s, seat, w[1], err, errlen);
	if (tm_unlock_first(s, seat) && !word_eq(w[0], "unlock-terrain"))
		return tm_fail(err, errlen, "%s: you owe %d unlock%s first, one for "
		    "each priest gained (unlock-terrain COLOUR, or unlock-terrain "
		    "gain-priest)", w[0], p->unlock_owed, p->unlock_owed > 1 ? "s" : "");
	/* the round's start waits for the Riverwalkers' unlocks alone: any
	 * other seat's command is one out of turn (whom names the unlock) */
	if (s->unlock_wait && !word_eq(w[0], "unlock-terrain")) {
		whom(s, err, errlen);
		return GAME_NOT_YOUR_TURN;
	}
	if (word_eq(w[0], "unlock-terrain") && (s->phase == TP_ACTIONS ||
	    s->phase == TP_CULTSPADES)) {
		/* the Riverwalkers' unlock: their file's command */
		int rc;

		if (nw != 2)
			return tm_fail(err, errlen, "unlock-terrain: write it as "
			    "'unlock-terrain COLOUR' or 'unlock-terrain gain-priest'");
		if ((rc = tm_faction_command(s, seat, w, nw, err, errlen)) != TM_NOT_MINE)
			return (enum game_status)rc;
		return tm_fail(err, errlen, "unlock-terrain: %s", "only the Riverwalkers "
		    "unlock terrains");
	}
	/*
	 * Conversions are free actions of a turn: between the rounds, while
	 * cult spades, steps and the Riverwalkers' unlocks of the cult bonus
	 * are settled, no turn runs, nor before the first round (the site:
	 * "outside of actions").  Burning the site takes in the setup too,
	 * from any seat (its turn check starts with round 1).
	 */
	if ((word_eq(w[0], "convert") && s->phase != TP_ACTIONS) ||
	    (word_eq(w[0], "burn") && s->phase == TP_CULTSPADES))	/* not the last */
		return tm_fail(err, errlen, "%s: not %s: conversions%s come with a turn's "
		    "actions%s", word_eq(w[0], "burn") ? "burn" : "convert",
		    s->phase == TP_CULTSPADES ? "between the rounds" : "during the setup",
		    word_eq(w[0], "burn") ? " and burning" : "",
		    s->phase == TP_CULTSPADES ? "" : ", from round 1");
	if (word_eq(w[0], "convert"))
		return tm_cmd_convert(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "burn"))
		return words_burn(s, seat, w, nw, err, errlen);
	switch (s->phase) {
	case TP_FACTIONS:
		/* the colour owed as the site reads it (tm_lower_arg) */
		if (p->faction >= 0 && p->pick_owed && word_eq(w[0], "pick-color") &&
		    nw == 2 && tm_lower_arg("pick-color", w[1], err, errlen) != GAME_OK)
			return GAME_REJECTED;
		if (p->faction >= 0 && (p->pick_owed || p->fav_owed))
			return tm_cmd_setup_owed(s, seat, w, nw, err, errlen);
		if (word_eq(w[0], "setup") && nw == 2)
			return tm_cmd_setup(s, seat, w[1], err, errlen);
		return tm_fail(err, errlen, "choose your faction: setup FACTION");
	case TP_DWELLINGS:
		if (word_eq(w[0], "build") && nw == 2) {
			int cell = named_hex(s, "build", w[1], err, errlen);
			enum game_status rc = cell < 0 ? GAME_REJECTED :
			    tm_cmd_build(s, seat, cell, err, errlen);

			if (rc == GAME_OK)
				tm_next_placement(s);
			return rc;
		}
		if (p->pick_gone)
			return tm_fail(err, errlen, "your colour was given up (-PICK_COLOR): "
			    "no dwelling can be placed, only resign is left");
		return tm_fail(err, errlen, "place your initial dwelling: build HEX");
	case TP_BONUS:
		if (word_eq(w[0], "pass") && nw == 2)
			return setup_pass(s, seat, w, err, errlen);
		return tm_fail(err, errlen, "pick your initial bonus tile: pass BONn");
	case TP_ACTIONS:
	case TP_CULTSPADES:
		return action_cmd(s, seat, w, nw, err, errlen);
	default:
		return tm_fail(err, errlen, "the game is over");
	}
}

/* Strip a "faction:" prefix from the words; error if it names another faction. */
static enum game_status
strip_prefix(const struct tm_state *s, int seat, char **w, int *nw, char *err,
    size_t errlen)
{
	size_t len = strlen(w[0]);
	int f;

	if (len < 2 || w[0][len - 1] != ':')
		return GAME_OK;
	w[0][len - 1] = '\0';
	f = tm_faction_find(w[0]);
	if (f < 0 || s->pl[seat].faction != f)
		return tm_fail(err, errlen, "'%s:' does not name your faction", w[0]);
	memmove(w, w + 1, sizeof(w[0]) * (size_t)(*nw - 1));
	(*nw)--;
	return GAME_OK;
}

/*
 * Take seat's faction out of the game, as the site's drop-faction does:
 * it counts as passed for good, owes nothing that holds the game (the
 * Riverwalkers' unlocks it may still make), its open power offers are
 * withdrawn, and the turn moves on if it was its own.  what names the
 * command for errors.
 */
static enum game_status
drop_seat(struct tm_state *s, int seat, const char *what, char *err, size_t errlen)
{
	int i;

	if (s->phase == TP_END || s->pl[seat].faction < 0)
		return tm_fail(err, errlen, "%s: %s", what, s->phase == TP_END ?
		    "the game is over" : "no faction chosen yet");
	if (s->pl[seat].dropped)
		return GAME_OK;		/* the site drops it again: nothing changes */
	if (s->phase == TP_FACTIONS) {
		/* it leaves before the dwellings: what it owed goes too */
		s->pl[seat].dropped = 1;
		s->pl[seat].passed = 1;
		s->pl[seat].pick_owed = s->pl[seat].fav_owed = 0;
		if (s->cur == seat)
			tm_factions_next(s);
		return GAME_OK;
	}
	s->pl[seat].dropped = 1;
	s->pl[seat].passed = 1;
	s->pl[seat].site_rec = 0;	/* the site dismisses all it waited for */
	/* its bonus tile goes back to the pool (the site) */
	if (s->pl[seat].bon > 0) {
		s->bon_avail[s->pl[seat].bon] = 1;
		s->bon_coins[s->pl[seat].bon] = 0;
		s->pl[seat].bon = 0;
	}
	s->pl[seat].spades = 0;
	s->pl[seat].cult_owed = 0;
	s->pl[seat].cult_bonus = 0;
	tm_unlock_settled(s);
	for (i = s->noffer - 1; i >= 0; i--)
		if (s->offer[i].to == seat)
			tm_offer_end(s, i, TO_WITHDRAWN);
	if (s->cur == seat && s->phase == TP_DWELLINGS) {
		s->qpos--;
		tm_next_placement(s);
	} else if (s->cur == seat && s->phase == TP_BONUS) {
		s->cur = tm_next_bonus_seat(s, tm_table_pos(s, seat));
		if (s->cur < 0)
			tm_start_round(s, 1);
	}
	return GAME_OK;
}

/* Administrative commands (seat -1): drop-faction. */
static enum game_status
admin_cmd(struct tm_state *s, char **w, int nw, char *err, size_t errlen)
{
	int f, seat;

	if (word_eq(w[0], "dropoption") && nw == 2) {
		tm_drop_option(s, w[1]);
		return GAME_OK;
	}
	if (!(word_eq(w[0], "drop-faction") && nw == 2))
		return tm_fail(err, errlen, "unknown administrative command '%s' "
		    "(drop-faction FACTION, dropoption OPTION)", w[0]);
	f = tm_faction_find(w[1]);
	seat = f >= 0 ? tm_seat_of(s, f) : -1;
	if (seat < 0)
		return tm_fail(err, errlen, "drop-faction: no faction '%s' in the game",
		    w[1]);
	return drop_seat(s, seat, "drop-faction", err, errlen);
}

/* "+AIR" or "+2AIR": the track (-1: not a cult step) and the count written
 * (0: none). */
static int
cult_step_of(char **w, int nw, int *count)
{
	const char *t = w[0] + 1;

	*count = 0;
	if (nw != 1 || w[0][0] != '+')
		return -1;
	if (*t >= '1' && *t <= '9')
		*count = *t++ - '0';
	return tm_cult_find(t);
}

/* The command without a "faction:" prefix, for comparing two of them. */
static const char *
body_of(const char *c)
{
	const char *colon = strchr(c, ':'), *sp = strchr(c, ' ');

	if (colon != NULL && (sp == NULL || colon < sp))
		for (c = colon + 1; *c == ' '; c++)
			;
	return c;
}

/*
 * The order the site runs a submission's commands in: decisions on offers
 * first, then the rest as written; and two equal "+X" one after the other
 * are one "+2X" (its rewrite_stream).  order[] gets the indices, text[]
 * the commands as run (normalized); returns the count.
 */
static int
run_order(const struct cmdlist *cl, int *order, char (*text)[CMD_MAX_LEN + 1])
{
	int pass, i, n = 0, joined = 0;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < cl->n; i++) {
			const char *b;
			int lee;

			snprintf(text[n], CMD_MAX_LEN + 1, "%s", cl->cmd[i]);
			tm_normalize(text[n]);
			b = body_of(text[n]);
			if (*b == '\0')
				continue;
			lee = strncasecmp(b, "leech", 5) == 0 || strncasecmp(b, "decline", 7) == 0;
			if (lee != (pass == 0))
				continue;
			if (n > 0 && !joined && b[0] == '+' && b[1] != '\0' &&
			    strcasecmp(b, body_of(text[n - 1])) == 0) {
				const char *t = b + 1;
				int k = 0;
				char merged[CMD_MAX_LEN + 1];

				while (*t >= '0' && *t <= '9' && k < 1000)
					k = k * 10 + (*t++ - '0');
				snprintf(merged, sizeof(merged), "+%d%s", (k > 0 ? k : 1) * 2, t);
				snprintf(text[n - 1], CMD_MAX_LEN + 1, "%s", merged);
				joined = 1;
				continue;
			}
			joined = 0;
			order[n++] = i;
		}
	return n;
}

/*
 * Does the site end the log row at this command (pass, leech, decline,
 * pick-color)?  The turn then moves on at once when it is over, and the
 * seat may add nothing more to it.
 */
static int
row_ending(char **w)
{
	return word_eq(w[0], "pass") || word_eq(w[0], "leech") || word_eq(w[0], "decline") ||
	    word_eq(w[0], "pick-color");
}

/*
 * Does the seat, passed in the action phase, still owe what held its
 * turn at the pass (the site's detect_incomplete_turn, acting.pm: spades,
 * a free transform, dwelling or trading post, cult steps or a cult loss, a
 * favor or town tile, a bridge, an unlock, the Darklings' conversion under
 * strict-darkling-sh; the Cultists' cult step of an offer, CULT at
 * acting.pm:663, when it holds their turn still: one owed at their pass,
 * not one of an offer decided after it, tm_bonus_step)?  The site then
 * leaves the seat's turn open until another faction's line comes
 * (acting.pm, maybe_advance_to_next_player, called by play(),
 * commands.pm:1769, only when the next line's faction differs), so the
 * round cannot end before: tm_settled_after_pass.
 */
static int
held_after_pass(const struct tm_state *s, int seat)
{
	return s->phase == TP_ACTIONS && s->pl[seat].passed &&
	    (tm_owes(s, seat) || tm_darkling_choice(s, seat) ||
	    (s->cur == seat && s->pl[seat].cult_bonus > 0));
}

/*
 * Note the command run last (body: its text after any "faction:"), for
 * the site's join of an equal "+X" of the same faction that follows it,
 * in a later row too (commands.pm:1716, rewrite_stream).
 */
static void
note_prev(struct tm_state *s, int seat, const char *body)
{
	s->join_prev = 0;
	s->prev_seat = seat + 1;
	if (seat < 0 || strlen(body) >= sizeof(s->prev_cmd))
		s->prev_seat = 0;
	else
		snprintf(s->prev_cmd, sizeof(s->prev_cmd), "%s", body);
}

/*
 * After a command of seat: did it step to 10 on a track the Cultists may
 * reach first (tm_cultists_first; before: the seat's positions before
 * it)?  The site refuses that step (resources.pm:211-213).  The offers
 * and steps are those after the command, as at its step: an action
 * declines the seat's own offers first (acting.pm:258-262), a leech
 * before it in the row gives the Cultists their step first.
 */
static enum game_status
cultists_first(const struct tm_state *s, int seat, const int32_t *before,
    const char *verb, char *err, size_t errlen)
{
	int k, first = tm_cultists_first(s, seat);

	for (k = 0; k < 4 && first != 0; k++)
		if ((first & (1 << k)) && before[k] < 10 && s->pl[seat].cult[k] >= 10)
			return tm_fail(err, errlen, "%s: the Cultists may reach 10 on %s "
			    "first, with a cult step still to come to them (a power offer "
			    "of theirs not decided, or a step owed): wait for it before "
			    "stepping to 10 there", verb, tm_cult_names[k]);
	return GAME_OK;
}

/* Apply a whole submission, in the site's order (run_order); was_over:
 * the game was over before the submission (not ended by its start). */
static enum game_status
apply_all(struct tm_state *s, int seat, struct cmdlist *cl, int was_over,
    char *err, size_t errlen)
{
	char *w[CMD_MAX_WORDS];
	char (*text)[CMD_MAX_LEN + 1] = malloc(sizeof(*text) * (size_t)(cl->n + 1));
	int *order = malloc(sizeof(int) * (size_t)(cl->n + 1));
	int i, n, nw, cult, count, bonus, merged, owed, lapsed;
	int32_t track[4];
	enum game_status rc = GAME_OK;

	if (text == NULL || order == NULL) {
		rc = tm_fail(err, errlen, "out of memory");
		goto out;
	}
	n = run_order(cl, order, text);
	/* a submission that writes a dig is in the site's notation throughout:
	 * no spades are bought for a build or transform in it */
	for (i = 0; i < n; i++)
		if (strncasecmp(body_of(text[i]), "dig ", 4) == 0)
			s->site_form = 1;
	for (i = 0; i < n && rc == GAME_OK; i++) {
		char buf[CMD_MAX_LEN + 1];

		snprintf(buf, sizeof(buf), "%s", text[i]);
		nw = cmd_words(buf, w, CMD_MAX_WORDS);
		if (nw == 0)
			continue;
		if (seat < 0) {
			/* the site's dropoption names the option as written */
			if (nw == 2 && word_eq(w[0], "dropoption"))
				memcpy(w[1], text[i] + (w[1] - buf), strlen(w[1]));
			(void)tm_lapse_before(s, -1);
			(void)tm_bonus_before(s, -1, -1, 0);
			rc = admin_cmd(s, w, nw, err, errlen);
			note_prev(s, -1, "");
			continue;
		}
		rc = strip_prefix(s, seat, w, &nw, err, errlen);
		if (rc != GAME_OK || nw == 0)
			continue;
		/* cmd_words lowered every word; the colour of pick-color and
		 * unlock-terrain keeps the case it was written in, which the
		 * site reads as it is (tm_lower_arg) */
		if (nw == 2 && (word_eq(w[0], "pick-color") || word_eq(w[0], "unlock-terrain")))
			memcpy(w[1], text[i] + (w[1] - buf), strlen(w[1]));
		/* the round's end came first (tm_tokens_lapse), and it was the
		 * game's: the site lets the rest be */
		if (tm_lapse_before(s, seat) && s->over)
			break;
		/* the site runs nothing after the game's end: the rest of the
		 * submission that ended it is let be (all of it, should its
		 * start have done so: tm_defer_before, though a sixth round's
		 * end is no longer deferred past a submission, tm_play) */
		if (s->over && (i > 0 || !was_over))
			break;
		if (s->over) {
			rc = tm_fail(err, errlen, "the game is over");
			break;
		}
		/* a faction that left picks the colour it still owes, in any
		 * seat's turn, which hands no turn on (tm_cmd_dropped_pick) */
		if (s->pl[seat].dropped && word_eq(w[0], "pick-color") && nw == 2) {
			rc = tm_cmd_dropped_pick(s, seat, w[1], err, errlen);
			note_prev(s, seat, body_of(text[i]));
			if (rc != GAME_OK)
				break;
			continue;
		}
		/* a faction that left may still give things up, decide offers,
		 * unlock the terrains its income's priests owe (the
		 * Riverwalkers), buy its tokens for VP (the Shapeshifters) and
		 * resign again (which changes nothing), as the site takes it;
		 * and burn, convert and advance where a seat may out of its
		 * turn (the site knows no faction that left there: it checks
		 * them only by the active faction, from round 1 - commands.pm,
		 * $assert_active_faction - so in the setup anybody burns; and
		 * advance by the turn, acting.pm:268, which gives the last
		 * seat's new turn to any other); nothing else */
		if (s->pl[seat].dropped && !(is_adjust(w) || word_eq(w[0], "leech") ||
		    word_eq(w[0], "decline") || word_eq(w[0], "wait") ||
		    word_eq(w[0], "resign") ||
		    word_eq(w[0], "done") || word_eq(w[0], "unlock-terrain") ||
		    word_eq(w[0], "gain") ||
		    ((word_eq(w[0], "burn") || word_eq(w[0], "convert") ||
		    word_eq(w[0], "advance")) && out_of_turn(s, seat, w)))) {
			rc = tm_fail(err, errlen, "your faction left the game");
			break;
		}
		if (word_eq(w[0], "resign") && nw == 1) {
			/* a seat leaves as the site drops a faction, at any time */
			rc = drop_seat(s, seat, "resign", err, errlen);
			note_prev(s, seat, "resign");
			if (rc == GAME_OK && s->phase == TP_ACTIONS && s->cur == seat)
				tm_advance(s);
			/* its turn ended for good: the site's drop-faction takes
			 * its actions (commands.pm:1585) and hands the active
			 * faction's turn on at once (commands.pm:1601,
			 * acting.pm:776-785), so a seat that left is no longer the
			 * one whose turn just ended and burns or converts no more
			 * (commands.pm:1217-1220); it stays the active one only
			 * when no other seat is left to play (last_turn) */
			if (rc == GAME_OK && s->tail == seat + 1)
				s->tail = 0;
			continue;
		}
		cult = cult_step_of(w, nw, &count);
		bonus = s->pl[seat].cult_bonus;
		merged = tm_bonus_before(s, seat, cult, count);
		/* the round's end came first (tm_bonus_step), and it was
		 * the game's: the site runs nothing after it */
		if (s->over)
			break;
		/* the seat whose turn ended with its last submission takes it
		 * up again while no other seat sent anything (the site) */
		if (s->cur != seat && !out_of_turn(s, seat, w) && !tm_resume_turn(s, seat)) {
			/* every seat passed, and the one whose turn ends with
			 * another seat's command (tm_settled_after_pass) holds
			 * no spade: the round's cult spades come after that (the
			 * site: Not enough 'SPADE') */
			if (s->defer == seat + 1 && s->cur < 0 && word_eq(w[0], "transform")) {
				rc = tm_fail(err, errlen, "transform: you hold no spade; "
				    "the round's cult spades come only once another seat "
				    "has sent a command (which ends the round)");
				break;
			}
			whom(s, err, errlen);
			rc = GAME_NOT_YOUR_TURN;
			break;
		}
		owed = held_after_pass(s, seat);
		/* their tokens for VP lapsed with a buy of theirs before this
		 * command (tm_tokens_lapse), not with this one */
		lapsed = s->lapse == seat + 1;
		s->join_prev = body_of(text[i])[0] == '+' && s->prev_seat == seat + 1 &&
		    strcasecmp(s->prev_cmd, body_of(text[i])) == 0;
		memcpy(track, s->pl[seat].cult, sizeof(track));
		rc = one_cmd(s, seat, w, nw, err, errlen);
		note_prev(s, seat, body_of(text[i]));
		if (rc == GAME_OK)
			rc = cultists_first(s, seat, track, w[0], err, errlen);
		if (rc == GAME_OK && cult >= 0 && s->pl[seat].cult_bonus < bonus)
			tm_bonus_step(s, seat, cult, count, merged);
		if (rc == GAME_OK && owed && !held_after_pass(s, seat))
			tm_settled_after_pass(s, seat);
		/* the seat's own pass, leech, decline or pick-color ends its
		 * row: the site records what it owes (tm_site_record) */
		if (rc == GAME_OK && row_ending(w))
			tm_site_record(s, seat);
		/* and hands its turn on then, and the round may end */
		if (rc == GAME_OK && s->defer == seat + 1 && row_ending(w))
			s->defer = 0;
		/* and the site asks again for the tokens for VP the seat may
		 * still buy (acting.pm:716, from maybe_advance_to_next_player
		 * at the row's end, commands.pm:1643): their lapse after a
		 * buy (tm_tokens_lapse) is over, the round (or, between the
		 * rounds, the next one's start) waits for them */
		if (rc == GAME_OK && s->lapse == seat + 1 && (s->phase == TP_ACTIONS ||
		    s->phase == TP_CULTSPADES) && row_ending(w))
			s->lapse = 0;
		/* between the rounds the next round starts as soon as nothing is
		 * owed, so the submission's next command meets it (the site: an
		 * unlock of the cult bonus, then those of the next round's
		 * income, in one line); a pass hands the turn on at once (the
		 * site ends the pass's row there) */
		if (rc == GAME_OK && (s->phase == TP_CULTSPADES ||
		    (s->phase == TP_ACTIONS && row_ending(w)))) {
			tm_advance_lapsed(s, lapsed && s->lapse == seat + 1 ? seat : -1);
			if (s->tail == seat + 1)
				s->tail = 0;
			/* the site's new turn for the only seat left began at the
			 * row's end: done is no longer taken before its action */
			if (s->cur == seat && row_ending(w))
				s->again = 0;
		}
		if (rc != GAME_OK) {
			char e2[300];

			snprintf(e2, sizeof(e2), "%s", err);
			snprintf(err, errlen, "'%s': %s", cl->cmd[order[i]], e2);
		}
	}
out:
	free(text);
	free(order);
	return rc;
}

/*
 * The submission as the site reads a log row: each line's commands after
 * its "faction:" prefix rewritten as tm_site_rewrite says.  NULL when
 * memory ran out.
 */
static char *
site_rows(const struct tm_state *s, int seat, const char *text)
{
	struct sbuf out = SBUF_INIT;
	int eng = seat >= 0 && s->pl[seat].faction == TF_ENGINEERS;
	const char *p = text, *nl;

	while (*p != '\0') {
		char row[CMD_MAX_LEN * 2];
		size_t len, pre = 0;

		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len < sizeof(row) / 2) {
			memcpy(row, p, len);
			row[len] = '\0';
			while (row[pre] == ' ' || row[pre] == '\t')
				pre++;
			while ((row[pre] >= 'a' && row[pre] <= 'z') ||
			    (row[pre] >= 'A' && row[pre] <= 'Z'))
				pre++;
			if (row[pre] == ':')
				pre++;
			else
				pre = 0;
			tm_site_rewrite(row + pre, sizeof(row) - pre, eng);
			sb_putn(&out, row, pre);
			if (pre > 0)
				sb_putc(&out, ' ');
			sb_puts(&out, row + pre);
		} else
			sb_putn(&out, p, len);
		sb_putc(&out, '\n');
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (out.oom) {
		sb_free(&out);
		return NULL;
	}
	return sb_take(&out);
}

/*
 * The submission ended the game (its last command: last).  The site's
 * final scoring credits each faction's VP through the command +Nvp
 * (scoring.pm:51), which it refuses from a faction that owes the cult
 * steps of the Acolytes' volcano (commands.pm:72): so the command that
 * ends the game is refused while such a faction gets any VP there.  Only
 * one that left the game can owe them then (its loss holds the game
 * otherwise); its seat may still pay them (-NTRACK).  loose-lose-cult
 * lifts the refusal, there as everywhere.
 */
static enum game_status
end_refused(const struct tm_state *s, const char *last, char *err, size_t errlen)
{
	const struct tm_player *p;
	char b[32];
	int i;

	for (i = 0; i < s->nseats && !(s->opt_site & TO_LOSE_CULT); i++) {
		p = &s->pl[i];
		if (p->lose_cult > 0 && p->final_cult + p->final_net + p->final_fi > 0)
			return tm_fail(err, errlen, "'%s' ends the game, whose final scoring "
			    "gives the %s VP while they owe the %d cult steps of the "
			    "volcano: they lose them first (-%dCULT)", last,
			    tm_fname(s, i, b, sizeof(b)), p->lose_cult, p->lose_cult);
	}
	return GAME_OK;
}

/* play(): apply one submission from one seat (or seat -1 for admin). */
enum game_status
tm_play(void *st, int seat, const char *text, struct game_played *out,
    char *err, size_t errlen)
{
	struct tm_state *s = st;
	struct cmdlist cl = { 0, NULL };
	struct tm_before before;
	enum game_status rc;
	char *rows;
	int was_over = s->over;

	out->drew = 0;
	out->told[0] = '\0';
	out->concerns = 0;
	if (seat < -1 || seat >= s->nseats)
		return tm_fail(err, errlen, "no seat %d in this game", seat + 1);
	if ((rows = site_rows(s, seat, text)) == NULL)
		return tm_fail(err, errlen, "out of memory");
	rc = cmd_split(rows, ";.", &cl);
	free(rows);
	if (rc != 0)
		return tm_fail(err, errlen, "a command is too long");
	if (cl.n == 0) {
		cmd_free(&cl);
		return tm_fail(err, errlen, "empty submission");
	}
	tm_last_begin(s, &before);
	/* another seat's submission ends what the last one may still add to
	 * its turn (tm_advance) */
	if (s->tail != seat + 1)
		s->tail = 0;
	/* and ends the last one's row: the site records what that seat owes
	 * (tm_site_record) */
	if (s->row_seat > 0 && s->row_seat != seat + 1)
		tm_site_record(s, s->row_seat - 1);
	/* and the only seat left to play begins its new turn then (the site
	 * starts it at the other faction's line): done is refused until it
	 * acts */
	if (s->again && s->cur != seat)
		s->again = 0;
	tm_defer_before(s, seat);
	rc = apply_all(s, seat, &cl, was_over, err, errlen);
	s->site_form = 0;
	if (rc == GAME_OK) {
		tm_advance(s);
		if (s->tail != seat + 1)
			s->tail = 0;
		/*
		 * The sixth round's end deferred (tm_settled_after_pass) comes
		 * with the submission's end: the site ends the seat's turn when
		 * its lines end (play(), commands.pm:1769: the next line is
		 * another faction's, or none), and, the game over then, runs
		 * none of the other seats' lines after; earlier rounds still
		 * wait for another seat's command, as the seat's own later
		 * lines belong to its turn there (they would here too, but the
		 * game is over for everybody once it is declared so).
		 */
		if (s->defer == seat + 1 && s->round >= 6)
			tm_defer_before(s, -1);
		if (s->over && !was_over)
			rc = end_refused(s, cl.cmd[cl.n - 1], err, errlen);
	}
	if (rc == GAME_OK) {
		tm_last_record(s, seat, &cl, &before, out);
		s->row_seat = seat + 1;
	}
	cmd_free(&cl);
	return rc;
}
