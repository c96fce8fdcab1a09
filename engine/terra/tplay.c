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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/* Is the command one a seat may give outside its turn? */
static int
out_of_turn(const struct tm_state *s, int seat, char **w, int nw)
{
	const struct tm_player *p = &s->pl[seat];

	/* conversions and burning belong to the seat's own turn (the site:
	 * "not active player"); nothing else a seat may do out of turn but
	 * decide offers, place the cult steps owed and settle what the round's
	 * end or start owes */
	if (word_eq(w[0], "leech") || word_eq(w[0], "decline") ||
	    word_eq(w[0], "wait"))
		return 1;
	if (w[0][0] == '+' && nw == 1 && p->cult_bonus > 0)
		return 1;
	/* the Riverwalkers' unlocks owed from income come before the round's
	 * first action, whoever's it is; anything else they send then is
	 * refused as a rule (one_cmd: the unlock comes first), not as a turn */
	if (word_eq(w[0], "unlock-terrain") && p->unlock_owed > 0)
		return 1;
	if (tm_unlock_first(s, seat))
		return 1;
	/* the Shapeshifters settle their tokens for VP as the round ends */
	if (tm_shifter_must_settle(s, seat) && s->phase == TP_ACTIONS && s->cur < 0 &&
	    (word_eq(w[0], "gain") || word_eq(w[0], "-gain_p3_for_vp")))
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
		if (word_eq(w[3], names[i]))
			return tm_cmd_upgrade(s, seat, tm_cell_find(s, w[1]), type[i], err,
			    errlen);
	return tm_fail(err, errlen, "upgrade: unknown building '%s' (TP TE SH SA)",
	    w[3]);
}

/* `transform HEX [to COLOUR]`: starts a spade action when nothing is owed. */
static enum game_status
words_transform(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	const struct tm_player *p = &s->pl[seat];
	int to = nw == 4 ? tm_color_find(w[3]) : tm_home(s, seat);
	int cell = nw >= 2 ? tm_cell_find(s, w[1]) : -1;
	enum game_status rc;

	if (!(nw == 2 || (nw == 4 && word_eq(w[2], "to"))) || cell < 0 || to < 0)
		return tm_fail(err, errlen, "transform: write it as 'transform HEX to "
		    "COLOUR'");
	if (s->phase == TP_ACTIONS && s->act == TA_NONE && p->spades == 0 &&
	    !p->free_tf) {
		rc = tm_begin_action(s, "transform", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	if (s->phase == TP_ACTIONS && s->act == TA_NONE)
		s->act = TA_SPADES;
	return tm_do_transform(s, seat, cell, to, err, errlen);
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
	if (s->act != TA_SPADES || !s->dig_ok) {
		/* After a transform only a new action (the Chaos Magicians'
		 * second) may dig. */
		int midway = s->act == TA_SPADES;

		rc = tm_begin_action(s, "dig", err, errlen);
		if (rc != GAME_OK)
			return midway ? tm_fail(err, errlen, "dig: spades are bought before "
			    "the action's first transform, not after it (one action per "
			    "turn)") : rc;
	}
	if (tm_is_volcano(s, seat)) {
		/* a volcano faction digs one hex, for nothing: the volcano's
		 * price is paid when it is made (tm_volcano_transform) */
		if (n != 1 || s->pl[seat].volcano_tf > 0)
			return tm_fail(err, errlen, "dig: a volcano faction digs one hex "
			    "an action (dig 1)");
		if (!tm_volcano_possible(s, seat))
			return tm_fail(err, errlen, "dig: no hex you reach can become a "
			    "volcano at a price you can pay (%s)", s->pl[seat].faction ==
			    TF_ACOLYTES ? "3 steps of one cult track, 4 on a home colour" :
			    "1 power token, 2 on a home colour");
		s->pl[seat].volcano_tf = 1;
		s->act = TA_SPADES;
		return GAME_OK;
	}
	rc = tm_buy_spades(s, seat, n, err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->pl[seat].spades += n;
	s->act = TA_SPADES;
	return GAME_OK;
}

/* `+FAVn`, `+TWn` (or `+2TWn`), `+BONn` (old pass), `+CULT`, `+2CULT`. */
static enum game_status
words_plus(struct tm_state *s, int seat, const char *word, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const char *t = word + 1;
	int n = 1, k;

	if (t[0] >= '1' && t[0] <= '9') {
		n = t[0] - '0';
		t++;
	}
	/* the site takes no tile before the Acolytes lost their cult steps */
	if (p->lose_cult > 0 && tm_cult_find(t) < 0)
		return tm_fail(err, errlen, "%s: lose the %d cult steps of the volcano "
		    "first (-%dCULT)", word, p->lose_cult, p->lose_cult);
	if ((k = tm_tile_num(t, "FAV", TM_NFAV)) > 0) {
		return tm_take_owed_favor(s, seat, k, err, errlen);
	}
	if ((k = tm_tile_num(t, "TW", TM_NTW)) > 0) {
		for (; n > 0; n--) {
			if (p->town_owed < 1)
				return tm_fail(err, errlen, "+TW%d: you founded no town", k);
			if (s->tw_left[k] < 1)
				return tm_fail(err, errlen, "+TW%d: none left", k);
			p->town_owed--;
			tm_take_town(s, seat, k);
		}
		return GAME_OK;
	}
	if ((k = tm_tile_num(t, "BON", TM_NBON)) > 0)
		return tm_cmd_pass(s, seat, k, err, errlen);
	if ((k = tm_cult_find(t)) >= 0)
		return tm_cmd_plus_cult(s, seat, k, n, err, errlen);
	return tm_fail(err, errlen, "%s: not a favor, town or bonus tile or a cult "
	    "track", word);
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

/* `-SPADE`: throw away one spade that no reachable hex could take. */
static enum game_status
words_drop_spade(struct tm_state *s, int seat, char *err, size_t errlen)
{
	if (s->pl[seat].spades <= 0)
		return tm_fail(err, errlen, "-spade: you have no spade");
	if (tm_spade_usable(s, seat))
		return tm_fail(err, errlen, "-spade: spades are spent, not thrown away, "
		    "while a reachable hex can still be transformed");
	s->pl[seat].spades--;
	return GAME_OK;
}

/* Commands during the action (and cult-spade) phase. */
static enum game_status
action_cmd(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	int n;

	if (word_eq(w[0], "-spade"))
		return words_drop_spade(s, seat, err, errlen);
	if (word_eq(w[0], "-gain_p3_for_vp") && nw == 1)
		return tm_cmd_decline_token(s, seat, err, errlen);
	if (word_eq(w[0], "-bridge") && nw == 1) {
		/* give up a bridge owed (the site's -BRIDGE), e.g. when none
		 * can be placed */
		if (s->pl[seat].bridge_owed < 1)
			return tm_fail(err, errlen, "-BRIDGE: you owe no bridge");
		s->pl[seat].bridge_owed--;
		return GAME_OK;
	}
	if (w[0][0] == '-' && nw == 1)
		return tm_cmd_lose_cult(s, seat, w[0], err, errlen);
	if (word_eq(w[0], "transform"))
		return words_transform(s, seat, w, nw, err, errlen);
	/* the Acolytes place the cult steps a round's cult spades became */
	if (s->phase == TP_CULTSPADES && w[0][0] == '+' && nw == 1 &&
	    s->pl[seat].cult_owed > 0)
		return words_plus(s, seat, w[0], err, errlen);
	if (s->phase == TP_CULTSPADES)
		return tm_fail(err, errlen, "between rounds only 'transform HEX to "
		    "COLOUR' (or -SPADE) spends cult spades");
	if (word_eq(w[0], "build"))
		return nw == 2 ? tm_cmd_build(s, seat, tm_cell_find(s, w[1]), err, errlen) :
		    tm_fail(err, errlen, "build: write it as 'build HEX'");
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
	if (word_eq(w[0], "pick-color") && nw == 2)
		return tm_shifter_pick(s, seat, tm_color_find(w[1]), err, errlen);
	if (word_eq(w[0], "gain") && nw == 4 && word_eq(w[1], "p3") &&
	    word_eq(w[2], "for") && word_eq(w[3], "vp"))
		return tm_cmd_gain_token(s, seat, err, errlen);
	if (word_eq(w[0], "done") && nw == 1)
		return tm_cmd_done(s, seat, err, errlen);
	if (w[0][0] == '+' && nw == 1)
		return words_plus(s, seat, w[0], err, errlen);
	return tm_fail(err, errlen, "unknown command '%s'", w[0]);
}

/* Apply one command of a seat; the seat's permission was checked. */
static enum game_status
one_cmd(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int n;

	if (word_eq(w[0], "wait"))
		return GAME_OK;
	/* the Riverwalkers owing an unlock at the round's start or between
	 * the rounds: it comes before anything else of theirs */
	if (tm_unlock_first(s, seat) && !word_eq(w[0], "unlock-terrain") &&
	    !word_eq(w[0], "leech") && !word_eq(w[0], "decline"))
		return tm_fail(err, errlen, "%s: you owe %d unlock%s first, one for "
		    "each priest gained (unlock-terrain COLOUR, or unlock-terrain "
		    "gain-priest)", w[0], p->unlock_owed, p->unlock_owed > 1 ? "s" : "");
	/* the round's start waits for the Riverwalkers' unlocks alone */
	if (s->unlock_wait && !word_eq(w[0], "unlock-terrain"))
		return tm_fail(err, errlen, "the round waits for the Riverwalkers to "
		    "unlock a terrain (unlock-terrain COLOUR, or gain-priest)");
	if (word_eq(w[0], "unlock-terrain") && (s->phase == TP_ACTIONS ||
	    s->phase == TP_CULTSPADES))
		return nw == 2 ? tm_cmd_unlock(s, seat, w[1], err, errlen) :
		    tm_fail(err, errlen, "unlock-terrain: write it as 'unlock-terrain "
		    "COLOUR' or 'unlock-terrain gain-priest'");
	if (word_eq(w[0], "leech") || word_eq(w[0], "decline"))
		return tm_cmd_leech(s, seat, w, nw, word_eq(w[0], "leech"), err, errlen);
	/*
	 * Conversions and burning are free actions of a turn (the rulebook:
	 * in your turn, with your actions, or at the game's end).  Between
	 * the rounds, while cult spades, steps and the Riverwalkers' unlocks
	 * of the cult bonus are settled, no turn runs, nor before the first
	 * round: the site refuses conversions then too ("outside of actions";
	 * in the setup it takes a burn, which the rulebook puts in a turn).
	 */
	if ((word_eq(w[0], "convert") || word_eq(w[0], "burn")) &&
	    (s->phase == TP_CULTSPADES || s->phase == TP_FACTIONS ||
	    s->phase == TP_DWELLINGS || s->phase == TP_BONUS))
		return tm_fail(err, errlen, "%s: not %s: conversions and burning come "
		    "with a turn's actions%s", word_eq(w[0], "burn") ? "burn" : "convert",
		    s->phase == TP_CULTSPADES ? "between the rounds" : "during the setup",
		    s->phase == TP_CULTSPADES ? "" : ", from round 1");
	if (word_eq(w[0], "convert"))
		return tm_cmd_convert(s, seat, w, nw, err, errlen);
	if (word_eq(w[0], "burn") && nw == 2) {
		n = tm_count_arg(w[1]);
		if (s->opt_strict_leech && tm_has_offer(s, seat))
			return tm_fail(err, errlen, "burn: strict-leech: decide your power "
			    "offers first");
		if (n < 0)
			return tm_fail(err, errlen, "burn: '%s' is not a number of power tokens",
			    w[1]);
		if (n == 0)
			return GAME_OK;
		if (2 * n > p->pw[1])
			return tm_fail(err, errlen, "burn: burning %d needs %d power in "
			    "bowl II; you have %d", n, 2 * n, p->pw[1]);
		p->pw[1] -= 2 * n;
		p->pw[2] += n;
		p->burned += n;
		return GAME_OK;
	}
	if (w[0][0] == '+' && p->cult_bonus > 0 && (s->cur != seat ||
	    (s->phase == TP_CULTSPADES && p->cult_owed == 0))) {
		int k = tm_cult_find(w[0] + 1);

		if (k < 0)
			return tm_fail(err, errlen, "%s: name a cult track", w[0]);
		return tm_cmd_plus_cult(s, seat, k, 1, err, errlen);
	}
	switch (s->phase) {
	case TP_FACTIONS:
		if (p->faction >= 0 && (p->pick_owed || p->fav_owed))
			return tm_cmd_setup_owed(s, seat, w, nw, err, errlen);
		if (word_eq(w[0], "setup") && nw == 2)
			return tm_cmd_setup(s, seat, w[1], err, errlen);
		return tm_fail(err, errlen, "choose your faction: setup FACTION");
	case TP_DWELLINGS:
		if (word_eq(w[0], "build") && nw == 2) {
			enum game_status rc = tm_cmd_build(s, seat, tm_cell_find(s, w[1]),
			    err, errlen);

			if (rc == GAME_OK)
				tm_next_placement(s);
			return rc;
		}
		return tm_fail(err, errlen, "place your initial dwelling: build HEX");
	case TP_BONUS:
		if ((word_eq(w[0], "pass") && nw == 2) || (w[0][0] == '+' && nw == 1)) {
			enum game_status rc;

			n = tm_tile_num(w[0][0] == '+' ? w[0] + 1 : w[1], "BON", TM_NBON);
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
 * it counts as passed for good, owes nothing, its open power offers are
 * withdrawn, and the turn moves on if it was its own.  what names the
 * command for errors.
 */
static enum game_status
drop_seat(struct tm_state *s, int seat, const char *what, char *err, size_t errlen)
{
	int i;

	if (s->phase == TP_FACTIONS || s->phase == TP_END || s->pl[seat].dropped)
		return tm_fail(err, errlen, "%s: %s", what, s->phase == TP_END ?
		    "the game is over" : s->pl[seat].dropped ? "already dropped" :
		    "factions are still being chosen");
	s->pl[seat].dropped = 1;
	s->pl[seat].passed = 1;
	s->pl[seat].spades = 0;
	s->pl[seat].cult_owed = 0;
	s->pl[seat].cult_bonus = 0;
	s->pl[seat].unlock_owed = 0;
	tm_unlock_settled(s);
	for (i = s->noffer - 1; i >= 0; i--)
		if (s->offer[i].to == seat)
			tm_remove_offer(s, i, 0);
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

	if (!(word_eq(w[0], "drop-faction") && nw == 2))
		return tm_fail(err, errlen, "unknown administrative command '%s' "
		    "(drop-faction FACTION)", w[0]);
	f = tm_faction_find(w[1]);
	seat = f >= 0 ? tm_seat_of(s, f) : -1;
	if (seat < 0)
		return tm_fail(err, errlen, "drop-faction: no faction '%s' in the game",
		    w[1]);
	return drop_seat(s, seat, "drop-faction", err, errlen);
}

/* 1 when the command is the word resign (any case, spaces around). */
static int
is_resign(const char *cmd)
{
	while (*cmd == ' ' || *cmd == '\t')
		cmd++;
	if (strncasecmp(cmd, "resign", 6) != 0)
		return 0;
	for (cmd += 6; *cmd == ' ' || *cmd == '\t' || *cmd == '\r'; cmd++)
		;
	return *cmd == '\0';
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

/* Apply a whole submission: leech/decline first, then the rest in order. */
static enum game_status
apply_all(struct tm_state *s, int seat, struct cmdlist *cl, char *err,
    size_t errlen)
{
	char *w[CMD_MAX_WORDS];
	int pass, i, nw, cult, count, bonus, merged;
	enum game_status rc;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < cl->n; i++) {
			char buf[CMD_MAX_LEN + 1];
			int lee;

			snprintf(buf, sizeof(buf), "%s", cl->cmd[i]);
			tm_normalize(buf);
			nw = cmd_words(buf, w, CMD_MAX_WORDS);
			if (nw == 0)
				continue;
			if (seat < 0) {
				if (pass == 1)
					continue;
				(void)tm_bonus_before(s, -1, -1, 0);
				rc = admin_cmd(s, w, nw, err, errlen);
				if (rc != GAME_OK)
					return rc;
				continue;
			}
			rc = strip_prefix(s, seat, w, &nw, err, errlen);
			if (rc != GAME_OK)
				return rc;
			if (nw == 0)
				continue;
			lee = word_eq(w[0], "leech") || word_eq(w[0], "decline");
			if (lee != (pass == 0))
				continue;
			if (s->over)
				return tm_fail(err, errlen, "the game is over");
			if (s->pl[seat].dropped)
				return tm_fail(err, errlen, "your faction left the game");
			cult = cult_step_of(w, nw, &count);
			bonus = s->pl[seat].cult_bonus;
			merged = tm_bonus_before(s, seat, cult, count);
			/* the round's end came first (tm_bonus_step), and it was
			 * the game's: the site runs nothing after it */
			if (s->over)
				return GAME_OK;
			if (s->cur != seat && !out_of_turn(s, seat, w, nw)) {
				whom(s, err, errlen);
				return GAME_NOT_YOUR_TURN;
			}
			rc = one_cmd(s, seat, w, nw, err, errlen);
			if (rc == GAME_OK && cult >= 0 && s->pl[seat].cult_bonus < bonus)
				tm_bonus_step(s, seat, cult, count, merged);
			/* between the rounds the next round starts as soon as
			 * nothing is owed, so the submission's next command meets
			 * it (the site: an unlock of the cult bonus, then those
			 * of the next round's income, in one line) */
			if (rc == GAME_OK && s->phase == TP_CULTSPADES)
				tm_advance(s);
			if (rc != GAME_OK) {
				char e2[300];

				snprintf(e2, sizeof(e2), "%s", err);
				snprintf(err, errlen, "'%s': %s", cl->cmd[i], e2);
				return rc;
			}
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
	int i;

	out->drew = 0;
	out->told[0] = '\0';
	out->concerns = 0;
	if (seat < -1 || seat >= s->nseats)
		return tm_fail(err, errlen, "no seat %d in this game", seat + 1);
	if (cmd_split(text, ";.", &cl) != 0)
		return tm_fail(err, errlen, "a command is too long");
	if (cl.n == 0) {
		cmd_free(&cl);
		return tm_fail(err, errlen, "empty submission");
	}
	tm_last_begin(s, &before);
	for (i = 0; seat >= 0 && i < cl.n; i++)
		if (is_resign(cl.cmd[i]))
			break;
	if (seat >= 0 && i < cl.n) {
		/* A seat leaves as the site drops a faction, at any time. */
		rc = cl.n > 1 ? tm_fail(err, errlen, "resign is a submission of its own") :
		    drop_seat(s, seat, "resign", err, errlen);
		if (rc == GAME_OK && s->phase == TP_ACTIONS && s->cur == seat)
			tm_advance(s);
	} else
		rc = apply_all(s, seat, &cl, err, errlen);
	if (rc == GAME_OK) {
		tm_advance(s);
		tm_last_record(s, seat, &cl, &before, out);
	}
	cmd_free(&cl);
	return rc;
}