/*
 * tshape.c - the Fire & Ice Shapeshifters (option
 * fire-and-ice-factions/variable and its rule versions variable_v2 to
 * variable_v5), as the site's engine (terra.snellman.net) plays them: a
 * home colour picked at setup and changed in play by their stronghold's
 * shapeshift actions, and what they get when a power offer of theirs is
 * taken.  The Riverwalkers of the same options: triver.c.  Their rules
 * are the hooks of tm_shifter_hooks (tfactions.c lists it): the core never
 * names this file.  Depends on the core.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/*
 * `setup shapeshifters`: the colour is picked right away (pick-color),
 * as the ice factions do.  Shapeshifts left: unlimited from the start in
 * the first version and in v4 and v5 (the site counts 100), none before
 * the stronghold in v2 and v3.
 */
static void
shifter_setup(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];

	p->pick_owed = 1;
	p->shifts = s->opt_fi_variable == 2 || s->opt_fi_variable == 3 ? 0 : 100;
}

/* Their stronghold: v2 as many shapeshifts as factions, v3 one fewer. */
static void
shifter_stronghold(struct tm_state *s, int seat)
{
	int n = 0, i;

	for (i = 0; i < s->nseats; i++)
		n += s->pl[i].faction >= 0;
	if (s->opt_fi_variable == 2)
		s->pl[seat].shifts = n;
	else if (s->opt_fi_variable == 3)
		s->pl[seat].shifts = n - 1;
}

/*
 * A power offer of the Shapeshifters taken (the first with power in it, of
 * a building of theirs): the first version gives them a new power token
 * in bowl III, the later ones the right to buy one there for 1 VP (`gain P3
 * for VP`, any time later).  When all decline, with errata-cultist-power,
 * they gain 1 power as the Cultists do (tflow.c).
 */
static void
shifter_offer_taken(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];

	if (s->opt_fi_variable == 1) {
		p->pw[2]++;
		p->tokens++;
	} else {
		p->p3_for_vp++;
	}
}

/*
 * The shapeshift action k (ACTH1..ACTH6) the seat may take now: 0 when
 * none.  Their stronghold brings ACTH1/ACTH2 (3 power, or 3 power tokens,
 * and 2 VP) up to v3, ACTH3/ACTH4 (4) in v4, ACTH5/ACTH6 (5) in v5; each
 * use spends one shapeshift; none is blocked for the round.
 */
static int
shift_action(const struct tm_state *s, int seat, int k)
{
	int v = s->opt_fi_variable, first = v <= 3 ? 1 : v == 4 ? 3 : 5;

	return tm_is_shifter(s, seat) && s->pl[seat].nb[TB_SH] > 0 &&
	    (k == first || k == first + 1) && s->pl[seat].shifts > 0;
}

/* `action ACTHn`: pay, then pick the new colour in the same turn. */
static enum game_status
shift(struct tm_state *s, int seat, int k, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int cost = k <= 2 ? 3 : k <= 4 ? 4 : 5, i;

	if (!shift_action(s, seat, k))
		return tm_fail(err, errlen, "action ACTH%d: %s", k, !tm_is_shifter(s, seat) ?
		    "a Shapeshifters' action" : p->nb[TB_SH] == 0 ?
		    "the Shapeshifters' stronghold brings it" : p->shifts == 0 ?
		    "no shapeshift left" : "not an action of this rule version");
	if (k % 2 == 1) {
		if (p->pw[2] < cost)
			return tm_fail(err, errlen, "action ACTH%d: needs %d power in "
			    "bowl III; you have %d", k, cost, p->pw[2]);
		p->pw[2] -= cost;
		p->pw[0] += cost;
	} else {
		if (p->pw[0] + p->pw[1] + p->pw[2] < cost)
			return tm_fail(err, errlen, "action ACTH%d: needs %d power tokens",
			    k, cost);
		for (i = 0; i < 3 && cost > 0; i++) {
			int m = p->pw[i] < cost ? p->pw[i] : cost;

			p->pw[i] -= m;
			p->tokens -= m;
			cost -= m;
		}
	}
	p->shifts--;
	if (k <= 2)
		p->vp += 2;
	p->pick_owed = 1;
	s->act = TA_DONE;
	return GAME_OK;
}

/*
 * `pick-color COLOUR` in play, after a shapeshift: the new home colour is
 * none a faction has as its home (theirs of the moment included); every
 * building on a hex of the old colour moves to the new one.
 */
static enum game_status
pick(struct tm_state *s, int seat, const char *name, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int old = tm_home(s, seat), c = tm_color_find(name), i;

	if (!p->pick_owed)
		return tm_fail(err, errlen, "pick-color: only after a shapeshift "
		    "(action ACTHn)");
	if (tm_lower_arg("pick-color", name, err, errlen) != GAME_OK)
		return GAME_REJECTED;
	if (c < 0 || c >= TC_RIVER)
		return tm_fail(err, errlen, "pick-color: name one of yellow brown "
		    "black blue green gray red");
	if (tm_home_of_someone(s, c) || tm_river_colour(s) == c)
		return tm_fail(err, errlen, "pick-color: %s is not available (the home "
		    "of a faction)", tm_color_names[c]);
	for (i = 0; i < TM_NCELLS; i++)
		if (s->bld[i] != TB_NONE && s->terrain[i] == old)
			s->terrain[i] = (int8_t)c;
	p->color2 = c + 1;
	p->pick_owed = 0;
	return GAME_OK;
}

/* `gain P3 for VP`: a token into bowl III for 1 VP, as many as offers taken. */
static enum game_status
gain_token(struct tm_state *s, int seat, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];

	if (p->p3_for_vp < 1)
		return tm_fail(err, errlen, "gain P3 for VP: only the Shapeshifters, "
		    "once for each power offer of theirs someone took");
	if (p->vp < 1)
		return tm_fail(err, errlen, "gain P3 for VP: you have no VP");
	p->vp--;
	p->pw[2]++;
	p->tokens++;
	p->p3_for_vp--;
	tm_tokens_lapse(s, seat);
	return GAME_OK;
}

/* Their commands: the shapeshift (action ACTHn), its colour (pick-color)
 * and `gain P3 for VP`. */
static int
shifter_command(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	if (word_eq(w[0], "action") && nw == 2 && (w[1][0] == 'a' || w[1][0] == 'A') &&
	    strlen(w[1]) == 5 && strncasecmp(w[1], "ACTH", 4) == 0 &&
	    w[1][4] >= '1' && w[1][4] <= '6')
		return shift(s, seat, w[1][4] - '0', err, errlen);
	if (word_eq(w[0], "pick-color") && nw == 2)
		return pick(s, seat, w[1], err, errlen);
	if (word_eq(w[0], "gain") && nw == 4 && word_eq(w[1], "p3") &&
	    word_eq(w[2], "for") && word_eq(w[3], "vp"))
		return gain_token(s, seat, err, errlen);
	return TM_NOT_MINE;
}

/* The report's line on them. */
static void
shifter_render(const struct tm_state *s, int seat, struct sbuf *out)
{
	const struct tm_player *p = &s->pl[seat];

	sb_printf(out, "  home terrain %s, shapeshifts left %d, P3 for VP %d\n",
	    tm_picked_name(s, seat), p->shifts,
	    p->p3_for_vp);
}

const struct tm_hooks tm_shifter_hooks = {
	.setup = shifter_setup,
	.stronghold = shifter_stronghold,
	.command = shifter_command,
	.offer_taken = shifter_offer_taken,
	.render = shifter_render,
};
