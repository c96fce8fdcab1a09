/*
 * tflow.c - Terra Mystica turn flow: the player order, whom the game
 * waits for, power offers waiting for a decision, the end of an action, of
 * a turn and of a round.  Depends on tcore.c, tdata.c and the faction
 * hooks (tfactions.c); the command files (tsetup.c, tactions.c, tplay.c)
 * call it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/* Does the seat have a power offer waiting for its decision? */
int
tm_has_offer(const struct tm_state *s, int seat)
{
	int i;

	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat)
			return 1;
	return 0;
}

/*
 * Must the seat use or decline its tokens for VP (the Shapeshifters'
 * `gain P3 for VP`) before the round (or the game) ends?  The site keeps
 * their offer open until none is left, and no round ends while it is.
 */
int
tm_settle_tokens(const struct tm_state *s, int seat)
{
	return s->pl[seat].p3_for_vp > 0 && !s->pl[seat].dropped;
}

/*
 * Does seat owe a town tile with no turn of its own running?  Only the
 * Mermaids' connect founds a town then: the seat whose turn ran last
 * connects while every seat has passed, between the rounds, or while the
 * round's start waits for the Riverwalkers' unlocks (the site's active
 * faction, tplay.c's out_of_turn).  The site then records the tile owed
 * (acting.pm:680, detect_incomplete_turn, at the row's end) and goes on
 * only once it is taken or given up: no round ends (acting.pm:557,
 * in_play), the cult spades' phase and the unlocks' do not end
 * (acting.pm:517, 530-531, action_required_count).
 */
int
tm_town_waits(const struct tm_state *s, int seat)
{
	return s->pl[seat].town_owed > 0 && !s->pl[seat].dropped &&
	    !(s->phase == TP_ACTIONS && !s->unlock_wait && s->cur == seat);
}

/*
 * The cult tracks on which seat may not step to 10 now (bit k: track k):
 * without loose-cultist-ordering the site refuses another faction's step
 * to 10 while the Cultists, holding a key, could still get there first
 * (resources.pm:211-213, acting.pm:126-158, should_wait_for_cultists):
 * their position plus the cult steps still to come to them - the steps
 * they owe (the site counts its records of them, one a step here), and
 * one for each building of theirs whose power offers are still open with
 * none taken yet - reaches 10.  The seat waits (`wait`) for those
 * decisions.  The Cultists' own steps are never refused.
 */
int
tm_cultists_first(const struct tm_state *s, int seat)
{
	int c = tm_seat_of(s, TF_CULTISTS), n, i, j, k, mask = 0;
	const struct tm_player *p;

	if (c < 0 || c == seat || (s->opt_site & TO_CULTIST_ORDER))
		return 0;
	p = &s->pl[c];
	if (tm_keys_free(p) < 1)
		return 0;
	n = p->cult_bonus + p->cult_owed + p->cult2_owed;
	for (i = 0; i < s->noffer; i++) {
		const struct tm_offer *o = &s->offer[i];

		if (o->from != c || o->group < 0 || s->group[o->group].taken)
			continue;
		for (j = 0; j < i; j++)
			if (s->offer[j].from == c && s->offer[j].group == o->group)
				break;
		n += j == i;
	}
	for (k = 0; k < 4; k++)
		if (p->cult[k] + n >= 10)
			mask |= 1 << k;
	return mask;
}

/* An unlock done (or its seat gone), or a town tile owed between the
 * rounds taken: the round's start waits no more when none is left, and
 * the round starts then (its bonus tiles' coins). */
void
tm_unlock_settled(struct tm_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if ((s->pl[i].unlock_owed > 0 && !s->pl[i].dropped) || tm_town_waits(s, i))
			return;
	if (s->unlock_wait)
		tm_round_coins(s);
	s->unlock_wait = 0;
}

/*
 * Must the seat's unlocks (the Riverwalkers') come before anything else it
 * sends?  At the round's start (income) and between the rounds (the cult
 * bonus), yes: the site runs nothing of theirs before them.  In their own
 * turn an unlock owed may follow the action (the site takes "build,
 * unlock-terrain").
 */
int
tm_unlock_first(const struct tm_state *s, int seat)
{
	return s->pl[seat].unlock_owed > 0 && !s->pl[seat].dropped &&
	    (s->unlock_wait || s->phase == TP_CULTSPADES);
}

/* Does the seat owe something inside its current action? */
int
tm_owes(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];

	return p->spades > 0 || p->free_tf || p->fav_owed || p->town_owed ||
	    p->cult_owed || p->cult2_owed || p->bridge_owed || p->free_tp ||
	    p->free_d || p->volcano_tf || p->lose_cult || p->unlock_owed > 0 ||
	    (s->phase == TP_ACTIONS && p->pick_owed);
}

/* Is the active seat's action finished (a spade action counts when spent)? */
int
tm_action_finished(const struct tm_state *s)
{
	const struct tm_player *p = &s->pl[s->cur];

	if (s->act == TA_DONE)
		return 1;
	return s->act == TA_SPADES && p->spades == 0 && !p->free_tf &&
	    !p->free_tp && !p->free_d && !p->volcano_tf;
}

/* With strict-darkling-sh: the Darklings' stronghold turn, its action
 * done, still waiting for the conversion of up to 3 workers to priests
 * (the site waits for any conversion; with nothing left to convert or
 * burn there is none to wait for, and arbiter does not wait for ever). */
int
tm_darkling_choice(const struct tm_state *s, int seat)
{
	return s->opt_strict_dark && s->phase == TP_ACTIONS && s->cur == seat &&
	    s->pl[seat].faction == TF_DARKLINGS && s->pl[seat].darkling_conv > 0 &&
	    (s->pl[seat].w > 0 || s->pl[seat].p > 0 || s->pl[seat].pw[2] > 0 ||
	    s->pl[seat].pw[1] >= 2) &&
	    tm_action_finished(s) && !tm_owes(s, seat);
}

/* Is the active seat's turn over? */
static int
turn_over(const struct tm_state *s)
{
	const struct tm_player *p = &s->pl[s->cur];

	if (p->dropped)
		return 1;
	if (tm_owes(s, s->cur))
		return 0;
	/* The Cultists' cult step from an offer accepted while their turn
	 * still runs is part of that turn: the next seat waits for it (the
	 * site). */
	if (p->cult_bonus > 0)
		return 0;
	/*
	 * A seat that passed is done, except for the Chaos Magicians who
	 * passed as the first of their double action without the option
	 * strict-chaosmagician-sh: they still owe the second action.
	 */
	/* strict-darkling-sh: the turn that built the stronghold waits for a
	 * conversion, as on the site (even after a pass, and done does not end
	 * it). */
	if (tm_darkling_choice(s, s->cur))
		return 0;
	if (p->passed)
		return s->act_left == 0;
	return tm_action_finished(s) && s->act_left == 0;
}

/*
 * An offer whose actual falls to 0 or is declined: the Cultists' (or
 * Shapeshifters') consolation power of errata-cultist-power, given once
 * no offer of the building is left open with power in it and one of them
 * was declined (the site's cultist_maybe_gain_power).
 */
static void
offer_settled(struct tm_state *s, const struct tm_offer *o)
{
	struct tm_group *gr;

	if (o->group < 0 || o->actual <= 0)
		return;
	gr = &s->group[o->group];
	if (--gr->live > 0 || gr->declined == 0 || !s->opt_errata_cult)
		return;
	tm_gain_power(&s->pl[gr->seat], 1);
}

/*
 * Offer i leaves the list: taken (leech), declined, or withdrawn (its seat
 * left the game: nothing follows).  The first offer of a Cultists' or
 * Shapeshifters' building taken with power in it gives them their cult
 * step or token; a decline may give the consolation power
 * (offer_settled).  The building's group goes with its last offer.
 */
void
tm_offer_end(struct tm_state *s, int i, enum tm_offer_end how)
{
	struct tm_offer o = s->offer[i];
	struct tm_group *gr = o.group >= 0 ? &s->group[o.group] : NULL;
	int j;

	memmove(&s->offer[i], &s->offer[i + 1],
	    sizeof(s->offer[0]) * (size_t)(s->noffer - i - 1));
	s->noffer--;
	memset(&s->offer[s->noffer], 0, sizeof(s->offer[0]));
	if (gr == NULL)
		return;
	if (how == TO_TAKEN && o.actual > 0 && !gr->taken) {
		const struct tm_hooks *h = tm_hooks(s->pl[gr->seat].faction);

		gr->taken = 1;
		/*
		 * the Cultists' cult step; another faction's gain: its hook
		 * (the Shapeshifters'), which the site gives a faction that
		 * left the game too (commands.pm:446-453 asks only for its
		 * leech_effect: seed 400393, a token into bowl III of the
		 * Shapeshifters after their resign).  The Cultists' step it
		 * would give them too but never asks for (acting.pm:598,
		 * detect_incomplete_turn: nothing of a faction that left);
		 * arbiter does not keep it.
		 */
		if (h->offer_taken != NULL)
			h->offer_taken(s, gr->seat);
		else if (!s->pl[gr->seat].dropped)
			s->pl[gr->seat].cult_bonus++;
	}
	if (how == TO_DECLINED) {
		gr->declined++;
		offer_settled(s, &o);
	}
	for (j = 0; j < s->noffer; j++)
		if (s->offer[j].group == o.group)
			return;
	memset(gr, 0, sizeof(*gr));
}

/*
 * After seat took power: what it could still take of each other offer is
 * no more than its bowls' room now (the site's re-capping in
 * command_leech); an offer that falls to nothing counts as settled.
 */
void
tm_offer_recap(struct tm_state *s, int seat)
{
	int can = tm_capacity(&s->pl[seat]), i;

	for (i = 0; i < s->noffer; i++) {
		struct tm_offer *o = &s->offer[i];

		if (o->to != seat)
			continue;
		if (can == 0 && o->actual > 0)
			offer_settled(s, o);
		if (o->actual > can)
			o->actual = can;
	}
}

static void coming_order(const struct tm_state *s, int *order);

/* Keep the turn of seat prev, which is ending (tm_kept_turn). */
static void
keep_turn(struct tm_state *s, int prev)
{
	struct tm_kept_turn *k = &s->kept;
	int i;

	memset(k, 0, sizeof(*k));
	k->act = s->act;
	k->act_left = s->act_left;
	k->tf_cell = s->tf_cell;
	k->tf_nonhome = s->tf_nonhome;
	k->dig_ok = s->dig_ok;
	k->dug = s->dug;
	k->tf_left = s->tf_left;
	k->teleported = s->teleported;
	k->stale = s->stale;
	k->held_pass = s->held_pass;
	k->darkling_conv = s->pl[prev].darkling_conv;
	for (i = 0; i < s->nseats; i++)
		k->cult_blocked[i] = s->pl[i].cult_blocked;
	for (i = 0; i < TM_NCELLS; i++)
		if (s->bld[i] == TB_NONE && s->town[i])
			k->marks[i / 32] |= 1u << (i % 32);
}

/*
 * A command of seat that needs its turn, sent while its turn is the one
 * that just ended (tail) and no other seat has sent anything since: the
 * site has not ended that turn yet (it does when another faction's row
 * follows), so it is taken up again as it was, and what its action still
 * allows is the seat's (a dwelling after a spade action whose spades are
 * spent or given up); a new action stays refused (one a turn).  Returns 1
 * when the turn is the seat's again.
 */
int
tm_resume_turn(struct tm_state *s, int seat)
{
	const struct tm_kept_turn *k = &s->kept;
	int i;

	if (s->tail != seat + 1 || s->phase != TP_ACTIONS || s->cur < 0 ||
	    s->cur == seat || s->unlock_wait || s->act != TA_NONE)
		return 0;
	s->cur = seat;
	s->tail = 0;
	s->act = k->act;
	s->act_left = k->act_left;
	s->tf_cell = k->tf_cell;
	s->tf_nonhome = k->tf_nonhome;
	s->dig_ok = k->dig_ok;
	s->dug = k->dug;
	s->tf_left = k->tf_left;
	s->teleported = k->teleported;
	s->stale = k->stale;
	s->held_pass = k->held_pass;
	s->again = 0;
	s->pl[seat].darkling_conv = k->darkling_conv;
	for (i = 0; i < s->nseats; i++)
		s->pl[i].cult_blocked = k->cult_blocked[i];
	for (i = 0; i < TM_NCELLS; i++)
		if (s->bld[i] == TB_NONE && (k->marks[i / 32] & (1u << (i % 32))))
			s->town[i] = 1;
	s->last_turn = seat + 1;
	return 1;
}

/* A turn begins: nothing of it done yet, every per-turn record cleared. */
void
tm_new_turn(struct tm_state *s)
{
	int i;

	s->act = TA_NONE;
	s->act_left = 0;
	tm_tf_clear(s);
	s->tf_nonhome = 0;
	s->dig_ok = 0;
	s->dug = 0;
	s->tf_left = 0;
	s->teleported = 0;
	s->bridged = 0;
	s->held_pass = 0;
	s->again = 0;
	s->stale = 0;
	for (i = 0; i < s->nseats; i++)
		s->pl[i].cult_blocked = 0;
}

/* A coin on every bonus tile in the pool, as a round starts. */
void
tm_round_coins(struct tm_state *s)
{
	int i;

	for (i = 1; i <= TM_NBON; i++)
		if (s->bon_avail[i])
			s->bon_coins[i]++;
}

/* Start round r: bonus coins, income, turn order. */
void
tm_start_round(struct tm_state *s, int r)
{
	struct tm_purse purse[TM_MAXP];
	int i;

	s->round = r;
	s->phase = TP_ACTIONS;
	s->bonus_end = s->bonus_merge = s->bonus_count = 0;
	memset(s->act_used, 0, sizeof(s->act_used));
	for (i = 0; i < s->nseats; i++) {
		struct tm_player *p = &s->pl[i];

		p->passed = p->dropped;
		p->used_bon = p->used_fav6 = p->used_fact = 0;
	}
	if (r > 1)
		coming_order(s, s->order);
	s->nnext = 0;
	/* paid already when the start waited for cult steps (tm_cult_lapse) */
	if (!s->income_early) {
		tm_ledger_take(s, purse);
		tm_take_income(s);
		tm_ledger_note(s, purse, 1);
	}
	s->income_early = 0;
	s->unlock_wait = 0;
	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].unlock_owed > 0 && !s->pl[i].dropped)
			s->unlock_wait = 1;
	/* the site starts the round, and puts a coin on each bonus tile left,
	 * only once the unlocks of the income are done (tm_unlock_settled) */
	if (!s->unlock_wait)
		tm_round_coins(s);
	s->cur = -1;
	tm_new_turn(s);
	for (i = 0; i < s->nseats; i++)
		if (!s->pl[s->order[i]].passed) {
			s->cur = s->order[i];
			break;
		}
}

/*
 * The turn order of the coming round: with variable-turn-order the pass
 * order, otherwise the player order rotated to start with the first seat
 * that passed.
 */
static void
coming_order(const struct tm_state *s, int *order)
{
	int i, n = 0, k;

	if (!s->opt_vto && s->nnext > 0) {
		k = tm_table_pos(s, s->next_order[0]);
		for (i = 0; i < s->nseats; i++)
			order[i] = s->table[(k + i) % s->nseats];
		return;
	}
	for (i = 0; i < s->nnext; i++)
		order[n++] = s->next_order[i];
	for (i = 0; i < s->nseats; i++) {
		for (k = 0; k < n; k++)
			if (order[k] == s->table[i])
				break;
		if (k == n)
			order[n++] = s->table[i];
	}
}

/* The first seat in the coming turn order that still has cult spades, or -1. */
static int
next_spade_seat(const struct tm_state *s)
{
	int order[TM_MAXP], i;

	coming_order(s, order);
	for (i = 0; i < s->nseats; i++)
		if (((s->pl[order[i]].spades > 0 || s->pl[order[i]].cult_owed > 0 ||
		    s->pl[order[i]].cult_bonus > 0 || s->pl[order[i]].unlock_owed > 0) &&
		    !s->pl[order[i]].dropped) || tm_town_waits(s, order[i]))
			return order[i];
	return -1;
}

/* Is any decision outside the active seat's turn still open?  but: a seat
 * whose cult steps (cult_bonus) do not count, -1 none. */
static int
decisions_open(const struct tm_state *s, int but)
{
	int i;

	if (s->noffer > 0)
		return 1;
	for (i = 0; i < s->nseats; i++)
		if ((!s->pl[i].dropped && (s->pl[i].cult_owed > 0 ||
		    (s->pl[i].cult_bonus > 0 && i != but) || tm_settle_tokens(s, i) ||
		    s->pl[i].unlock_owed > 0)) || (i != s->cur && tm_town_waits(s, i)))
			return 1;
	return 0;
}

/* Every seat has passed (or left) and no turn runs: the actions are over. */
static void
end_actions(struct tm_state *s)
{
	struct tm_purse purse[TM_MAXP];
	int i;

	s->bonus_end = s->bonus_merge = s->bonus_count = 0;
	s->cur = -1;
	tm_ledger_take(s, purse);
	if (s->round >= 6) {
		tm_ledger_note(s, purse, 0);
		/* the site scores and ends the game; steps still owed are
		 * never placed */
		for (i = 0; i < s->nseats; i++)
			s->pl[i].cult_bonus = 0;
		tm_final_scoring(s);
		s->phase = TP_END;
		s->over = 1;
		return;
	}
	tm_cult_income(s);
	tm_ledger_note(s, purse, 0);
	s->phase = TP_CULTSPADES;
}

/*
 * After the Cultists' cult step for an accepted offer.  When every seat has
 * passed, no turn runs (the offers were decided after the last pass) and
 * nothing but more of their steps is open, the site ends the round before
 * their next command: it pays the round's cult income (the scoring tile's
 * cult bonus) before the steps still owed, which they place after it, in
 * the cult-spade phase.  With no step left the round ends at once (the
 * site's what_next after each command, acting.pm in_play).  (Their steps
 * still belong to a turn of theirs - a pass held for them - hold the
 * round until the last is placed and then until another seat's command:
 * tm_settled_after_pass.)  The site runs the same command given twice in
 * a row as one (+AIR, +AIR is +2AIR): merged says this step was such a
 * second one.
 */
void
tm_bonus_step(struct tm_state *s, int seat, int cult, int count, int merged)
{
	int i;

	s->bonus_end = s->bonus_merge = s->bonus_count = 0;
	if (s->phase != TP_ACTIONS || s->cur >= 0 || decisions_open(s, seat))
		return;
	for (i = 0; i < s->nseats; i++)
		if (!s->pl[i].dropped && (!s->pl[i].passed || tm_owes(s, i)))
			return;
	/* their last step: the round (the game, after the sixth) ends at once,
	 * and the next starts when nothing is owed, before the rest of their
	 * row, which meets it (the site's play() runs nothing after the
	 * game's end) */
	if (s->pl[seat].cult_bonus <= 0) {
		if (s->defer == 0)
			tm_advance(s);
		return;
	}
	s->bonus_end = seat + 1;
	s->bonus_merge = merged ? 0 : cult + 1;
	s->bonus_count = count;
}

/*
 * Before a command of seat while a round's end is due (tm_bonus_step):
 * cult (-1: not a cult step) and count say what the command is.  Another
 * seat's command cancels it (the site then waits for the steps again); the
 * Cultists' same step again runs as one with the last (returns 1);
 * anything else of theirs comes after the round's end.
 */
int
tm_bonus_before(struct tm_state *s, int seat, int cult, int count)
{
	if (s->bonus_end == 0)
		return 0;
	if (seat != s->bonus_end - 1) {
		s->bonus_end = s->bonus_merge = s->bonus_count = 0;
		return 0;
	}
	if (cult >= 0 && cult + 1 == s->bonus_merge && count == s->bonus_count &&
	    s->pl[seat].cult_bonus > 0) {
		s->bonus_end = s->bonus_merge = s->bonus_count = 0;
		return 1;
	}
	end_actions(s);
	return 0;
}

/*
 * The Shapeshifters bought a token for VP (`gain P3 for VP`), or gave one
 * up, or the Cultists owing cult steps of offers sent any [+-]N?TYPE
 * (tadjust.c, tm_cmd_adjust).  The site
 * then forgets the tokens they may still buy (it drops what it waits for
 * from them, and asks again only when another faction's command follows
 * one of theirs, or one of theirs ends its row - pass, leech, decline,
 * pick-color: tplay.c): until then, a round whose every seat has passed
 * ends before their next command, even in the same submission, as if no
 * token were left.
 */
void
tm_tokens_lapse(struct tm_state *s, int seat)
{
	s->lapse = seat + 1;
}

/*
 * A [+-]N?TYPE of seat between the rounds, which leaves it owing cult
 * steps of the cult bonus's spades (the Acolytes: a step for each spade).
 * The site stops waiting for them after any such command of the seat
 * (commands.pm:135, command_adjust_resources: dismiss_action 'cult'), and
 * asks for them again only when another faction's command follows
 * (acting.pm:662, detect_incomplete_turn, from maybe_advance_to_next_player):
 * before the seat's own next command the phase moves on, when nothing
 * else holds it (tm_lapse_before).  It moves on to the next round's
 * income, which asks for the steps again (income.pm:131): the round's
 * start waits for them (income_early); once more, to the round's start,
 * and the steps left are owed in the round.
 */
void
tm_cult_lapse(struct tm_state *s, int seat)
{
	if (s->phase == TP_CULTSPADES && s->pl[seat].cult_owed > 0)
		s->lapse = seat + 1;
}

/* Between the rounds, the lapse of tm_cult_lapse: may the next round
 * start before seat's command? */
static int
cult_lapsed(const struct tm_state *s, int seat)
{
	int i;

	if (s->pl[seat].cult_owed == 0 || s->noffer > 0 || s->bonus_end != 0)
		return 0;
	for (i = 0; i < s->nseats; i++) {
		const struct tm_player *p = &s->pl[i];

		if (!p->dropped && (p->spades > 0 || p->cult_bonus > 0 ||
		    p->unlock_owed > 0 || (i != seat && p->cult_owed > 0)))
			return 0;
		if (i != seat && tm_settle_tokens(s, i))
			return 0;
	}
	return 1;
}

/*
 * Before a command of seat (-1: an administrative one): another seat's
 * ends the lapse (tm_tokens_lapse, tm_cult_lapse); the Shapeshifters' own
 * (the Cultists') meets the end of the round first when nothing but their
 * tokens (their cult steps) holds it, and between the rounds the next
 * round's start; between the rounds, the Acolytes' own meets the next
 * round's income, or then its start, when nothing but their cult steps
 * holds it.
 * Returns 1 when it ended the round (the game, maybe: s->over).
 */
int
tm_lapse_before(struct tm_state *s, int seat)
{
	int i;

	if (s->lapse == 0)
		return 0;
	if (seat != s->lapse - 1) {
		s->lapse = 0;
		return 0;
	}
	if (s->phase == TP_CULTSPADES) {
		if (cult_lapsed(s, seat) && !s->income_early) {
			struct tm_purse purse[TM_MAXP];

			s->lapse = 0;
			tm_ledger_take(s, purse);
			tm_take_income(s);
			tm_ledger_note(s, purse, 1);
			s->income_early = 1;
		} else if (cult_lapsed(s, seat)) {
			s->lapse = 0;
			tm_start_round(s, s->round + 1);
			tm_advance(s);
		} else if (tm_settle_tokens(s, seat)) {
			/* the Shapeshifters' buy let the rest of their tokens
			 * lapse: what else holds the round's start still does */
			tm_advance_lapsed(s, seat);
		}
		return 0;
	}
	if (s->phase != TP_ACTIONS || s->unlock_wait || s->noffer > 0 ||
	    s->bonus_end != 0)
		return 0;
	for (i = 0; i < s->nseats; i++) {
		const struct tm_player *p = &s->pl[i];

		if (!p->dropped && (!p->passed || tm_owes(s, i) || p->cult_owed > 0 ||
		    (p->cult_bonus > 0 && i != seat) || p->unlock_owed > 0 ||
		    (i != seat && tm_settle_tokens(s, i))))
			return 0;
	}
	end_actions(s);
	if (!s->over)
		tm_advance_lapsed(s, seat);
	return 1;
}

/*
 * A seat that passed owing something of its action (a bridge, a favor or
 * town tile, cult steps, spades, a free building, an unlock, the Darklings'
 * conversion: tplay.c's held_after_pass) settled it, by placing or taking
 * it or giving it up.  The site wrote down the debt when it passed and
 * clears that only when another faction's command follows one of the
 * seat's (or the seat's own pass, leech or decline ends its row): the
 * round cannot end before, and the seat's own commands until then come
 * before the round's end (an unlock of the next round's income, a
 * transform with the round's cult spades are refused then, as there).
 * In round 6 the game ends with the seat's submission itself (tm_play):
 * the site's game is over once the seat's lines end.
 */
void
tm_settled_after_pass(struct tm_state *s, int seat)
{
	if (s->phase == TP_ACTIONS && s->pl[seat].passed && tm_round_waits_other(s, seat))
		s->defer = seat + 1;
}

/* Is there a seat besides seat, still in the game, whose command may end
 * the round deferred (tm_settled_after_pass)?  (Else nobody could.) */
int
tm_round_waits_other(const struct tm_state *s, int seat)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (i != seat && !s->pl[i].dropped)
			return 1;
	return 0;
}

/* Before a submission of seat (-1: administrative): another seat's lets
 * the round end first (tm_settled_after_pass). */
void
tm_defer_before(struct tm_state *s, int seat)
{
	if (s->defer == 0 || s->defer == seat + 1)
		return;
	s->defer = 0;
	tm_advance(s);
}

/*
 * Between the rounds, do the Shapeshifters' tokens for VP hold the next
 * round's start?  The site asks for them (acting.pm:716) from every
 * stage between the rounds that waits for what it requires
 * (acting.pm:525-531, 538-540: in_use_income_spades,
 * in_income_terrain_unlock), as in the round; lapsed is the seat whose
 * buy let them lapse and whose own command comes next (tm_tokens_lapse),
 * -1 none.
 */
static int
tokens_hold(const struct tm_state *s, int lapsed)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (i != lapsed && tm_settle_tokens(s, i))
			return 1;
	return 0;
}

static void
advance(struct tm_state *s, int lapsed)
{
	int i, pos, seat;

	for (;;) {
		if (s->phase == TP_ACTIONS) {
			if (s->cur >= 0 && !turn_over(s)) {
				if (s->pl[s->cur].passed && (s->pl[s->cur].cult_bonus > 0 ||
				    tm_owes(s, s->cur)))
					s->held_pass = 1;
				return;
			}
			if (s->cur >= 0) {
				int prev = s->cur;

				keep_turn(s, s->cur);
				if (s->opt_strict_dark)
					s->pl[s->cur].darkling_conv = 0;
				pos = 0;
				for (i = 0; i < s->nseats; i++)
					if (s->order[i] == s->cur)
						pos = i;
				/*
				 * A pass whose turn was held for a cult step, with
				 * variable-turn-order: the site has moved the passer to
				 * the end of the round's order by then, so the turn goes
				 * to the first unpassed seat of that order.
				 */
				if (s->held_pass && s->opt_vto)
					pos = s->nseats - 1;
				s->held_pass = 0;
				s->cur = -1;
				for (i = 1; i <= s->nseats; i++) {
					seat = s->order[(pos + i) % s->nseats];
					if (!s->pl[seat].passed) {
						s->cur = seat;
						break;
					}
				}
				tm_new_turn(s);
				/* the seat that acted may still convert and burn until
				 * another seat sends something, a seat that passed too
				 * (the Chaos Magicians' second action after a pass, a
				 * debt settled after a pass: the site's row of the
				 * passing command ended, the later one did not); the
				 * only seat left goes on */
				s->tail = s->cur >= 0 && s->cur != prev ? prev + 1 : 0;
				s->again = s->cur == prev;
				if (s->cur >= 0)
					return;
			}
			if (decisions_open(s, -1) || s->bonus_end != 0 || s->defer != 0)
				return;
			end_actions(s);
			if (s->over)
				return;
			continue;
		}
		if (s->phase == TP_CULTSPADES) {
			/* a seat that left holds nothing here any more (its
			 * unlocks: seed 630980) */
			if (s->cur >= 0 && !s->pl[s->cur].dropped && (s->pl[s->cur].spades > 0 ||
			    s->pl[s->cur].cult_owed > 0 || s->pl[s->cur].cult_bonus > 0 ||
			    s->pl[s->cur].unlock_owed > 0 || tm_town_waits(s, s->cur)))
				return;
			s->cur = next_spade_seat(s);
			if (s->cur >= 0 || tokens_hold(s, lapsed))
				return;
			tm_start_round(s, s->round + 1);
			continue;
		}
		return;
	}
}

/* Move the game forward after a submission: next turn, round end, game
 * end; and remember whose turn runs (last_turn).  lapsed: the seat whose
 * tokens for VP lapsed (tm_tokens_lapse) and hold nothing between the
 * rounds, -1 none. */
void
tm_advance_lapsed(struct tm_state *s, int lapsed)
{
	advance(s, lapsed);
	if (s->phase == TP_ACTIONS && s->cur >= 0 && !s->unlock_wait)
		s->last_turn = s->cur + 1;
}

void
tm_advance(struct tm_state *s)
{
	tm_advance_lapsed(s, -1);
}

/* Find the offer to seat from faction (or any) with amount n (0 = any). */
int
tm_find_offer(const struct tm_state *s, int seat, int from, int n)
{
	int i;

	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat && (from < 0 || s->offer[i].from == from) &&
		    (n == 0 || s->offer[i].amount == n))
			return i;
	if (n != 0)
		return tm_find_offer(s, seat, from, 0);
	return -1;
}

/* waiting(): the active seat, seats owing power decisions, owed cult steps. */
void
tm_waiting(const void *st, struct game_wait *w)
{
	const struct tm_state *s = st;
	char b[32];
	int i, none;

	memset(w, 0, sizeof(*w));
	if (s->over)
		return;
	/* the Riverwalkers' unlocks owed hold up everyone (triver.c) */
	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].unlock_owed > 0 && !s->pl[i].dropped) {
			w->mask |= 1u << i;
			snprintf(w->why[i], GAME_WHY_LEN, "%s: unlock a terrain for the "
			    "priest gained (unlock-terrain COLOUR, or gain-priest)",
			    tm_fname(s, i, b, sizeof(b)));
		}
	if (w->mask != 0)
		return;
	/* a town tile owed with no turn running (tm_town_waits); the round's
	 * start waits for it alone, as for the unlocks */
	for (i = 0; i < s->nseats; i++)
		if (tm_town_waits(s, i)) {
			w->mask |= 1u << i;
			snprintf(w->why[i], GAME_WHY_LEN, "%s: take the town tile of the "
			    "connection (+TWn, or -GAIN_TW)", tm_fname(s, i, b, sizeof(b)));
		}
	if (w->mask != 0 && s->unlock_wait)
		return;
	if (s->cur >= 0) {
		const char *why = "take an action";

		switch (s->phase) {
		case TP_FACTIONS:
			why = s->pl[s->cur].pick_owed ? "pick a colour (pick-color COLOUR)" :
			    s->pl[s->cur].fav_owed ? "take a favor tile (+FAVn)" :
			    "choose a faction (setup FACTION)";
			break;
		case TP_DWELLINGS:
			why = s->pl[s->cur].pick_gone ? "no terrain for an initial "
			    "dwelling (the colour was given up): resign" :
			    "place an initial dwelling (build HEX)";
			break;
		case TP_BONUS: why = "pick an initial bonus tile (pass BONn)"; break;
		case TP_CULTSPADES:
			why = s->pl[s->cur].spades > 0 ? "spend cult spades (transform HEX "
			    "to COLOUR)" : s->pl[s->cur].cult_owed > 0 ? "place the cult "
			    "steps of the cult spades (+CULT)" : tm_town_waits(s, s->cur) &&
			    s->pl[s->cur].cult_bonus == 0 ? "take the town tile of the "
			    "connection (+TWn, or -GAIN_TW)" : "choose a cult track for "
			    "the cult step (+CULT)";
			break;
		default: break;
		}
		if (s->phase == TP_ACTIONS && s->act_left > 0)
			why = s->pl[s->cur].passed ? "second action of the double "
			    "action (any, or pass again)" : "next action of the double action";
		if (tm_darkling_choice(s, s->cur))
			why = "convert up to 3W to 3P (stronghold)";
		/* the action is taken; its bridges (the Riverwalkers'
		 * stronghold: two; ACT1, the Engineers' ACTE: one) are owed */
		if (s->phase == TP_ACTIONS && s->pl[s->cur].bridge_owed > 0)
			why = s->pl[s->cur].bridge_owed > 1 ? "place the action's 2 "
			    "bridges (bridge HEX:HEX; -BRIDGE gives one up)" : "place the "
			    "action's bridge (bridge HEX:HEX; -BRIDGE gives it up)";
		if (s->phase == TP_ACTIONS && s->pl[s->cur].pick_owed)
			why = "pick the new home colour (pick-color COLOUR)";
		/* a favor or town tile, spades or cult steps the action owes */
		if (s->phase == TP_ACTIONS && s->act != TA_NONE && tm_owed_why(s, s->cur) != NULL &&
		    s->pl[s->cur].bridge_owed == 0 && !s->pl[s->cur].pick_owed)
			why = tm_owed_why(s, s->cur);
		/* cult steps of the cult spades owed into the round
		 * (tm_cult_lapse) */
		if (s->phase == TP_ACTIONS && s->act == TA_NONE && s->pl[s->cur].cult_owed > 0)
			why = "place the cult steps of the cult spades (+CULT), and take "
			    "an action";
		if (s->phase == TP_ACTIONS && s->pl[s->cur].cult_bonus > 0 &&
		    tm_action_finished(s) && !tm_owes(s, s->cur))
			why = "choose a cult track for the cult step (+CULT)";
		w->mask |= 1u << s->cur;
		snprintf(w->why[s->cur], GAME_WHY_LEN, "%s: %s",
		    tm_fname(s, s->cur, b, sizeof(b)), why);
	}
	/* Every other seat holding cult spades may spend them now too; cult
	 * steps of them still owed when the round started (tm_cult_lapse)
	 * are placed in it, at any time */
	for (i = 0; (s->phase == TP_CULTSPADES || s->phase == TP_ACTIONS) &&
	    i < s->nseats; i++)
		if (i != s->cur && (s->phase == TP_CULTSPADES ? s->pl[i].spades > 0 ||
		    s->pl[i].cult_owed > 0 : s->pl[i].cult_owed > 0 && s->pl[i].spades == 0) &&
		    !s->pl[i].dropped) {
			w->mask |= 1u << i;
			snprintf(w->why[i], GAME_WHY_LEN, "%s: %s", tm_fname(s, i, b, sizeof(b)),
			    s->pl[i].spades > 0 ? "spend cult spades (transform HEX to "
			    "COLOUR)" : "place the cult steps of the cult spades (+CULT)");
		}
	for (i = 0; i < s->nseats; i++) {
		/* every offer, with what it gives and costs (tlast.c); the
		 * subject's words only for a seat whose turn it is not */
		if (tm_has_offer(s, i)) {
			char brief[GAME_BRIEF_LEN] = "";

			if (!(w->mask & (1u << i)))
				snprintf(w->why[i], GAME_WHY_LEN, "%s:", tm_fname(s, i, b, sizeof(b)));
			tm_offers_why(s, i, w->why[i], GAME_WHY_LEN, brief, sizeof(brief));
			if (!(w->mask & (1u << i)))
				snprintf(w->brief[i], GAME_BRIEF_LEN, "%s", brief);
			w->mask |= 1u << i;
		}
		if (tm_settle_tokens(s, i) && ((s->phase == TP_ACTIONS && s->cur < 0) ||
		    s->phase == TP_CULTSPADES) && !(w->mask & (1u << i))) {
			w->mask |= 1u << i;
			snprintf(w->why[i], GAME_WHY_LEN, "%s: use or decline the tokens "
			    "for VP before the %s (gain P3 for VP, -GAIN_P3_FOR_VP)",
			    tm_fname(s, i, b, sizeof(b)), s->phase == TP_CULTSPADES ?
			    "next round starts" : "round ends");
		}
		if (s->pl[i].cult_bonus > 0 && !(w->mask & (1u << i))) {
			w->mask |= 1u << i;
			snprintf(w->why[i], GAME_WHY_LEN, "%s: choose a cult track for "
			    "the cult step (+CULT)", tm_fname(s, i, b, sizeof(b)));
		}
	}
	/* every seat passed, and the round's end waits for another seat's
	 * command (tm_settled_after_pass): any of theirs ends it */
	none = w->mask == 0;
	for (i = 0; none && i < s->nseats; i++)
		if (tm_defer_waits(s, i)) {
			w->mask |= 1u << i;
			snprintf(w->why[i], GAME_WHY_LEN, "%s: the round ends with your "
			    "next command (wait, if you have none)", tm_fname(s, i, b,
			    sizeof(b)));
		}
}

/* Does the round's end wait for a command of seat, any (the deferred
 * round end of tm_settled_after_pass, nothing else open)? */
int
tm_defer_waits(const struct tm_state *s, int seat)
{
	return s->defer != 0 && s->defer != seat + 1 && s->phase == TP_ACTIONS &&
	    s->cur < 0 && !s->pl[seat].dropped && !s->over;
}
