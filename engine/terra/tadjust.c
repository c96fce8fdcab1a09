/*
 * tadjust.c - the site's `[+-]N?TYPE` command: a seat, on turn or not,
 * takes what it is owed (+FAV5, +TW3, +FIRE, +2AIR) or gives up something
 * it holds (-C, -2W, -PW, -WATER, -SPADE, -FREE_D, -GAIN_TW, -BON4...),
 * with the checks of the site's engine (src/commands.pm,
 * command_adjust_resources; src/resources.pm, adjust_resource).  Depends
 * on tflow.c and tcore.c; tplay.c parses the word and calls it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"

/* The owed counters of the site's pseudo-resources, by name. */
static int32_t *
owed_counter(struct tm_player *p, const char *type)
{
	static const char *const names[] = { "FREE_D", "FREE_TP", "BRIDGE", "VOLCANO_TF",
		"CONVERT_W_TO_P", "UNLOCK_TERRAIN", "GAIN_P3_FOR_VP", "GAIN_FAVOR", "GAIN_TW" };
	int32_t *const fields[] = { &p->free_d, &p->free_tp, &p->bridge_owed,
		&p->volcano_tf, &p->darkling_conv, &p->unlock_owed, &p->p3_for_vp,
		&p->fav_owed, &p->town_owed };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(type, names[i]) == 0)
			return fields[i];
	return NULL;
}

/* The site's CULT: cult steps the seat owes, however it came to owe them. */
static int
cult_owed(const struct tm_player *p)
{
	return p->cult_owed + 2 * p->cult2_owed + p->cult_bonus;
}

/*
 * The site's detect_incomplete_turn (acting.pm:593) for seat: it runs when
 * the seat's log row ends (another faction's line comes, commands.pm:1769,
 * or its own pass, leech, decline or pick-color, commands.pm:1643) and
 * when, the last seat playing, it begins another action (acting.pm:267-270,
 * require_subaction).  It records a transform owed (spades, FREE_TF,
 * VOLCANO_TF: acting.pm:607, 620, 628) and, unless cult steps or a cult
 * loss come first (acting.pm:636, 663 return before it), an unlock owed
 * (acting.pm:725).  The transform's record goes only with a transform that
 * leaves no spade (commands.pm:645) or -SPADE (commands.pm:140), the
 * unlock's with the last unlock-terrain (commands.pm:1540), both when the
 * faction leaves; giving the debt up (-VOLCANO_TF, -FREE_TF,
 * -UNLOCK_TERRAIN) leaves it, and the site waits for it for ever.
 */
void
tm_site_record(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];

	if (p->dropped)
		return;
	if (p->spades > 0 || p->free_tf || p->volcano_tf > 0)
		p->site_rec |= TM_REC_TF;
	if (p->unlock_owed > 0 && p->lose_cult == 0 && cult_owed(p) == 0)
		p->site_rec |= TM_REC_UNLOCK;
}

/*
 * Has the site recorded the seat's unlocks as owed?  Besides at the end
 * of its row (tm_site_record), it records those of an income as soon as
 * the income's spades are spent (acting.pm:525-538, in_use_income_spades
 * and in_income_terrain_unlock): the round's own at once (unlock_wait),
 * the cult bonus's once no seat holds a cult spade or step any more.
 */
int
tm_unlock_recorded(const struct tm_state *s, int seat)
{
	int i;

	if (s->pl[seat].dropped || s->pl[seat].unlock_owed <= 0)
		return 0;
	if ((s->pl[seat].site_rec & TM_REC_UNLOCK) || s->unlock_wait)
		return 1;
	if (s->phase != TP_CULTSPADES)
		return 0;
	for (i = 0; i < s->nseats; i++)
		if (!s->pl[i].dropped && (s->pl[i].spades > 0 || s->pl[i].cult_owed > 0 ||
		    s->pl[i].cult2_owed > 0))
			return 0;
	return 1;
}

/*
 * Giving up the last of a debt the site has recorded (tm_site_record):
 * unlock says which, the unlocks (or the transform), and had whether the
 * site had it recorded before.  The site takes it, but its record stays
 * and it waits for ever (the round never ends, every other faction is
 * refused "Command invalid when not active player"), so arbiter refuses
 * it, a deviation.  GAME_OK, or the refusal.
 */
static enum game_status
record_kept(const struct tm_player *p, int unlock, int had, const char *word, char *err,
    size_t errlen)
{
	if (!had || (unlock ? p->unlock_owed > 0 : p->spades > 0 || p->free_tf ||
	    p->volcano_tf > 0))
		return GAME_OK;
	return tm_fail(err, errlen, "%s: the site recorded %s as owed (%s) and takes that "
	    "record back only with %s; given up now, it leaves the site's game waiting "
	    "for ever", word, unlock ? "this unlock" : "this transform", unlock ?
	    "at the income, or when your line ended or your next action began" :
	    "when your line ended or your next action began",
	    unlock ? "unlock-terrain (gain-priest costs nothing)" : "the transform");
}

/* Take n owed cult steps off, in the order arbiter keeps them. */
static void
cult_owed_take(struct tm_player *p, int n)
{
	for (; n > 0 && p->cult2_owed; n -= 2)
		p->cult2_owed = 0;
	for (; n > 0 && p->cult_owed > 0; n--)
		p->cult_owed--;
	for (; n > 0 && p->cult_bonus > 0; n--)
		p->cult_bonus--;
	if (n < 0)	/* one of the Auren's two steps is left */
		p->cult_owed++;
}

/*
 * +N/-N on a cult track.  Owed steps are placed (all on one track for the
 * Auren's stronghold action), and a step over a track at 10, or onto 10
 * once a key came for a track stopped at 9, is taken as it is.  Losing
 * steps is for the Acolytes' volcano (all on one track), and otherwise
 * only to work around the site's TW5 issue: from below 10 to no less
 * than 7, unless the option loose-cult-loss lifts the limit.
 */
static enum game_status
adjust_cult(struct tm_state *s, int seat, int delta, int k, const char *word, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int owed = cult_owed(p), old = p->cult[k];

	if (delta > 0 && owed < delta) {
		if (old == 10)
			return GAME_OK;
		if ((p->cult_blocked & (1 << k)) && tm_keys_free(p) > 0) {
			tm_cult_advance(s, seat, k, delta);
			return GAME_OK;
		}
		return tm_fail(err, errlen, "%s: you owe %d cult step%s, not %d", word, owed,
		    owed == 1 ? "" : "s", delta);
	}
	if (delta < 0) {
		if (p->lose_cult > 0) {
			if (p->lose_cult != -delta)
				return tm_fail(err, errlen, "%s: the volcano costs %d steps, all "
				    "on one track (-%d%s)", word, p->lose_cult, p->lose_cult,
				    tm_cult_names[k]);
			if (old < -delta)
				return tm_fail(err, errlen, "%s: you are at %d on %s", word, old,
				    tm_cult_names[k]);
			p->lose_cult = 0;
		} else if (!s->opt_loose_cult_loss && (old == 10 || old + delta < 7))
			return tm_fail(err, errlen, "%s: cult steps are given up only from "
			    "below 10 and down to 7 at least (the site's rule)", word);
		if (old + delta < 0)
			return tm_fail(err, errlen, "%s: you are at %d on %s", word, old,
			    tm_cult_names[k]);
		p->cult[k] = old + delta;
		return GAME_OK;
	}
	if (owed > delta && p->cult2_owed)
		return tm_fail(err, errlen, "%s: the Auren stronghold's %d steps all go on "
		    "one track (+%d%s)", word, owed, owed, tm_cult_names[k]);
	cult_owed_take(p, delta);
	tm_cult_advance(s, seat, k, delta);
	return GAME_OK;
}

/* -N from one of the power bowls (tokens leave the game) or from power
 * (bowl III back to bowl I), or -N power tokens from the lowest bowls. */
static enum game_status
adjust_power(struct tm_player *p, int n, const char *type, const char *word, char *err,
    size_t errlen)
{
	int b;

	if (strcmp(type, "PW") == 0) {
		if (p->pw[2] < n)
			return tm_fail(err, errlen, "%s: you have %d power in bowl III", word,
			    p->pw[2]);
		p->pw[2] -= n;
		p->pw[0] += n;
		return GAME_OK;
	}
	if (strcmp(type, "PW_TOKEN") == 0) {
		if (p->pw[0] + p->pw[1] + p->pw[2] < n)
			return tm_fail(err, errlen, "%s: you have %d power tokens", word,
			    p->pw[0] + p->pw[1] + p->pw[2]);
		for (b = 0; b < 3; b++)
			while (n > 0 && p->pw[b] > 0) {
				p->pw[b]--;
				p->tokens--;
				n--;
			}
		return GAME_OK;
	}
	b = type[1] - '1';
	if (p->pw[b] < n)
		return tm_fail(err, errlen, "%s: you have %d power tokens in bowl %s", word,
		    p->pw[b], b == 0 ? "I" : b == 1 ? "II" : "III");
	p->pw[b] -= n;
	p->tokens -= n;
	return GAME_OK;
}

/* +FAVk, +TWk and their minus: a tile owed is taken; a tile held goes back
 * while one is owed (the owed count rises by one). */
static enum game_status
adjust_tile(struct tm_state *s, int seat, int delta, const char *type, const char *word,
    char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int k, fav = type[0] == 'F';

	k = fav ? tm_tile_num(type, "FAV", TM_NFAV) : tm_tile_num(type, "TW", TM_NTW);
	if (k <= 0)
		return tm_fail(err, errlen, "%s: no such tile", word);
	if ((fav ? p->fav_owed : p->town_owed) < 1 && !(!fav && delta > 0 && s->join_prev))
		return tm_fail(err, errlen, "%s: you are owed no %s tile", word,
		    fav ? "favor" : "town");
	if (fav && delta < 0) {
		if (!p->fav[k] || delta != -1)
			return tm_fail(err, errlen, "%s: you do not hold FAV%d", word, k);
		p->fav_owed++;
		p->fav[k] = 0;
		s->fav_left[k]++;
		/* the site gains the tile's cult steps again as it goes back */
		tm_favor_gain(s, seat, k);
		return GAME_OK;
	}
	if (fav) {
		if (delta != 1)
			return tm_fail(err, errlen, "%s: one favor tile of a kind", word);
		return tm_take_owed_favor(s, seat, k, err, errlen);
	}
	if (delta < 0) {
		if (p->tw[k] < -delta)
			return tm_fail(err, errlen, "%s: you do not hold TW%d", word, k);
		p->town_owed -= delta;
		p->tw[k] += delta;
		p->towns += delta;
		s->tw_left[k] -= delta;
		return GAME_OK;
	}
	if (s->tw_left[k] < delta)
		return tm_fail(err, errlen, "%s: none left", word);
	/*
	 * More tiles than owed: the site takes them while any is owed
	 * (commands.pm:86), joining an equal +TWk of the faction just
	 * before it into one (rewrite_stream, commands.pm:1716), and its
	 * count owed, below zero then, keeps its game waiting for ever on
	 * the tile (acting.pm:683).  A deviation.
	 */
	if (s->join_prev && p->town_owed < 1)
		return tm_fail(err, errlen, "%s: the town tile owed went to the equal %s "
		    "just before; another is not owed (the site joins the two into one "
		    "and then waits for ever on a tile)", word, word);
	if (p->town_owed < delta)
		return tm_fail(err, errlen, "%s: you are owed %d town tile%s, not %d (the "
		    "site takes it and then waits for ever on a tile)", word,
		    p->town_owed, p->town_owed == 1 ? "" : "s", delta);
	for (; delta > 0; delta--) {
		p->town_owed--;
		tm_take_town(s, seat, k);
	}
	/* a town owed while the round's start waited (tm_town_waits) */
	if (s->unlock_wait)
		tm_unlock_settled(s);
	return GAME_OK;
}

/*
 * The whole command: delta (+N or -N) of type (upper case).  What the
 * site refuses: a gain nobody owes the seat; LOSE_..., CULTS_ON_SAME_TRACK,
 * TOWN_SIZE, TF_NEED_HEX_ADJACENCY (bookkeeping of its own); anything but
 * the cult loss while the Acolytes owe one (unless loose-lose-cult); and
 * going below zero.
 */
static enum game_status
adjust(struct tm_state *s, int seat, int delta, const char *type, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char word[48];
	int k, n = delta < 0 ? -delta : delta;
	int32_t *field;

	if (n == 1)
		snprintf(word, sizeof(word), "%c%s", delta < 0 ? '-' : '+', type);
	else
		snprintf(word, sizeof(word), "%c%d%s", delta < 0 ? '-' : '+', n, type);
	if (delta == 0)
		return GAME_OK;
	if ((k = tm_cult_find(type)) >= 0)
		return adjust_cult(s, seat, delta, k, word, err, errlen);
	/* loose-lose-cult lifts it (commands.pm:70-72) */
	if (p->lose_cult > 0 && !(s->opt_site & TO_LOSE_CULT))
		return tm_fail(err, errlen, "%s: lose the %d cult steps of the volcano first "
		    "(-%dCULT)", word, p->lose_cult, p->lose_cult);
	if (strncmp(type, "FAV", 3) == 0 || strncmp(type, "TW", 2) == 0)
		return adjust_tile(s, seat, delta, type, word, err, errlen);
	if (strncmp(type, "LOSE_", 5) == 0 || strcmp(type, "CULTS_ON_SAME_TRACK") == 0 ||
	    strcmp(type, "TOWN_SIZE") == 0 || strcmp(type, "TF_NEED_HEX_ADJACENCY") == 0)
		return tm_fail(err, errlen, "%s: not something a faction holds (the site's "
		    "own bookkeeping)", word);
	if (delta > 0)
		return tm_fail(err, errlen, "%s: nothing gives you that now (only owed tiles "
		    "and cult steps are taken this way)", word);
	if (strcmp(type, "C") == 0 || strcmp(type, "W") == 0 || strcmp(type, "P") == 0 ||
	    strcmp(type, "VP") == 0) {
		int32_t *r = type[0] == 'C' ? &p->c : type[0] == 'W' ? &p->w :
		    type[0] == 'P' ? &p->p : &p->vp;

		if (*r < n)
			return tm_fail(err, errlen, "%s: you have %d", word, *r);
		*r -= n;
		return GAME_OK;
	}
	if (strcmp(type, "PW") == 0 || strcmp(type, "PW_TOKEN") == 0 ||
	    strcmp(type, "P1") == 0 || strcmp(type, "P2") == 0 || strcmp(type, "P3") == 0)
		return adjust_power(p, n, type, word, err, errlen);
	if (strcmp(type, "KEY") == 0) {
		if (tm_keys_free(p) < n)
			return tm_fail(err, errlen, "%s: you have %d key%s not on a track at 10",
			    word, tm_keys_free(p), tm_keys_free(p) == 1 ? "" : "s");
		p->keys -= n;
		return GAME_OK;
	}
	if (strcmp(type, "GAIN_SHIP") == 0 || strcmp(type, "GAIN_TELEPORT") == 0)
		return GAME_OK;		/* given at once by the site: nothing to give up */
	if (strcmp(type, "SPADE") == 0) {
		/* spades bought with dig in this turn are spent (the site) */
		if (!p->passed && s->dug && s->cur == seat)
			return tm_fail(err, errlen, "%s: spades you dug are spent, not thrown "
			    "away", word);
		if (p->spades < n)
			return tm_fail(err, errlen, "%s: you have %d spade%s", word, p->spades,
			    p->spades == 1 ? "" : "s");
		p->spades -= n;
		/* the site takes its transform record back (commands.pm:140) */
		if (p->spades == 0)
			p->site_rec &= ~TM_REC_TF;
		return GAME_OK;
	}
	if (strcmp(type, "PICK_COLOR") == 0) {
		/* the site's PICK_COLOR is 1 while a colour is owed, and may
		 * not go below 0 */
		if (!p->pick_owed || n > 1)
			return tm_fail(err, errlen, "%s: you owe no colour to pick", word);
		if (s->phase == TP_FACTIONS)
			tm_pick_given_up(s, seat);
		else	/* the Shapeshifters keep their colour after all */
			p->pick_owed = 0;
		return GAME_OK;
	}
	if (strcmp(type, "FREE_TF") == 0) {
		if (p->free_tf == 0 || n > 1)
			return tm_fail(err, errlen, "%s: you have no free transform", word);
		p->free_tf = 0;
		return record_kept(p, 0, p->site_rec & TM_REC_TF, word, err, errlen);
	}
	if (strcmp(type, "CULT") == 0) {
		if (cult_owed(p) < n)
			return tm_fail(err, errlen, "%s: you owe %d cult step%s", word,
			    cult_owed(p), cult_owed(p) == 1 ? "" : "s");
		cult_owed_take(p, n);
		return GAME_OK;
	}
	if (strncmp(type, "BON", 3) == 0 && (k = tm_tile_num(type, "BON", TM_NBON)) > 0) {
		if (p->bon != k || n > 1)
			return tm_fail(err, errlen, "%s: you do not hold BON%d", word, k);
		s->bon_avail[k] = 1;
		p->c += s->bon_coins[k];
		s->bon_coins[k] = 0;
		p->bon = 0;
		return GAME_OK;
	}
	if ((field = owed_counter(p, type)) != NULL) {
		int had = field == &p->unlock_owed ? tm_unlock_recorded(s, seat) :
		    p->site_rec & TM_REC_TF;

		if (*field < n)
			return tm_fail(err, errlen, "%s: you have %d to give up", word, *field);
		*field -= n;
		if ((field == &p->volcano_tf || field == &p->unlock_owed) &&
		    record_kept(p, field == &p->unlock_owed, had, word, err, errlen) != GAME_OK)
			return GAME_REJECTED;
		if (field == &p->unlock_owed || field == &p->town_owed)
			tm_unlock_settled(s);
		return GAME_OK;
	}
	return tm_fail(err, errlen, "%s: not a resource, a tile or something owed that "
	    "arbiter keeps", word);
}

/*
 * The command as the site runs it: any GAIN_... adjusted, like a token
 * bought (`gain P3 for VP`), drops what the site waits for from the
 * Shapeshifters' tokens (commands.pm, command_adjust_resources:
 * dismiss_action 'gain-token'), so the rest lapse as after a buy
 * (tm_tokens_lapse).  So does any such command of a seat owing the
 * Cultists' cult steps of offers taken: the site drops its wait for them
 * (commands.pm:135, dismiss_action 'cult') until another seat's command
 * or the end of their row, and a round whose every seat passed ends
 * before their next command (seed 610727; their steps themselves:
 * tm_bonus_step).
 */
enum game_status
tm_cmd_adjust(struct tm_state *s, int seat, int delta, const char *type, char *err,
    size_t errlen)
{
	int tokens = strncmp(type, "GAIN_", 5) == 0 && s->pl[seat].p3_for_vp > 0;
	enum game_status rc = adjust(s, seat, delta, type, err, errlen);

	if (rc == GAME_OK && (tokens || (s->pl[seat].cult_bonus > 0 &&
	    !(delta > 0 && tm_cult_find(type) >= 0))))
		tm_tokens_lapse(s, seat);
	if (rc == GAME_OK)
		tm_cult_lapse(s, seat);
	return rc;
}
