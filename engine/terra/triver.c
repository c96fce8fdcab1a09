/*
 * triver.c - the Fire & Ice Riverwalkers (option
 * fire-and-ice-factions/variable and its rule versions variable_v2 to
 * variable_v5), as the site's engine (terra.snellman.net) plays them.
 *
 * They pick a colour at setup and build only on it and on the colours
 * they unlock; they never transform terrain (no spades: gained spades are
 * lost, ACT5, ACT6 and BON1 are refused, no digging).  Each priest they
 * gain is not a priest but an unlock owed: `unlock-terrain COLOUR` (which
 * raises their priest cap by one and costs coins from v4 on) or
 * `unlock-terrain gain-priest` (a real priest, within the cap).  The cap
 * starts at 1 and loses one for each priest left on a cult action space.
 * They reach new hexes over the river only (shipping 1, never advanced;
 * BON4 adds one), not over land; their initial dwellings go next to a
 * river.  Their stronghold brings two bridges, placed in the same action.
 * A dwelling they build turns its hex to their colour.  Depends on
 * tcore.c, tfire.c.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"

/* Is the seat the Riverwalkers? */
int
tm_is_river(const struct tm_state *s, int seat)
{
	return s->pl[seat].faction == TF_RIVERWALKERS;
}

/* `setup riverwalkers`: the colour is picked right away (pick-color). */
void
tm_river_setup(struct tm_state *s, int seat)
{
	s->pl[seat].pick_owed = 1;
	s->pl[seat].unlocked = 0;
}

/* The colour the Riverwalkers picked in this game, -1 for none. */
int
tm_river_colour(const struct tm_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (tm_is_river(s, i))
			return s->pl[i].color2 - 1;
	return -1;
}

/* May the seat build a dwelling on a hex of colour without transforming it? */
int
tm_build_colour_ok(const struct tm_state *s, int seat, int colour)
{
	if (colour == tm_home(s, seat))
		return 1;
	return tm_is_river(s, seat) && colour >= 0 && colour < TC_RIVER &&
	    ((s->pl[seat].unlocked >> colour) & 1);
}

/* Does the land hex lie next to a river cell? */
int
tm_river_bank(const struct tm_state *s, int cell)
{
	int i;

	for (i = 0; i < s->cells[cell].nadj; i++)
		if (s->cells[s->cells[cell].adj[i]].color == TC_RIVER)
			return 1;
	return 0;
}

/* The Riverwalkers' priest cap: 1, one more per colour unlocked, one less
 * per priest left on a cult action space. */
int
tm_river_priest_cap(const struct tm_player *p)
{
	int n = 1, c;

	for (c = 0; c < TC_RIVER; c++)
		n += (p->unlocked >> c) & 1;
	return n - p->p_on_cult;
}

/*
 * Coins to unlock colour: nothing in the first version (and v2, v3, which
 * keep its Riverwalkers); in v4 3 for a colour that is a faction's home,
 * 2 for another, in v5 2 and 1.  The colour the Riverwalkers picked is no
 * home here (the site skips factions with terrains to unlock).
 */
int
tm_river_unlock_cost(const struct tm_state *s, int seat, int colour)
{
	int home = tm_home_of_someone(s, colour);

	(void)seat;
	if (s->opt_fi_variable == 4)
		return home ? 3 : 2;
	if (s->opt_fi_variable == 5)
		return home ? 2 : 1;
	return 0;
}

/* An unlock done (or its seat gone): the round's start waits no more when
 * none is left. */
void
tm_unlock_settled(struct tm_state *s)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].unlock_owed > 0 && !s->pl[i].dropped)
			return;
	if (s->unlock_wait)
		tm_round_coins(s);	/* the round starts now */
	s->unlock_wait = 0;
}

/*
 * Must the seat's unlocks come before anything else it sends?  At the
 * round's start (income) and between the rounds (the cult bonus), yes: the
 * site runs nothing of theirs before them.  In their own turn an unlock
 * owed may follow the action (the site takes "build, unlock-terrain").
 */
int
tm_unlock_first(const struct tm_state *s, int seat)
{
	return s->pl[seat].unlock_owed > 0 && !s->pl[seat].dropped &&
	    (s->unlock_wait || s->phase == TP_CULTSPADES);
}

/*
 * `unlock-terrain COLOUR` or `unlock-terrain gain-priest`, once for each
 * priest gained.  After all colours are unlocked the site still turns
 * each priest into an unlock, which gain-priest settles.
 */
enum game_status
tm_cmd_unlock(struct tm_state *s, int seat, const char *what, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int c, cost, room;

	if (!tm_is_river(s, seat) || p->unlock_owed < 1)
		return tm_fail(err, errlen, "unlock-terrain: %s", !tm_is_river(s, seat) ?
		    "only the Riverwalkers unlock terrains" : "you owe no unlock (one "
		    "comes with each priest gained)");
	if (word_eq(what, "gain-priest")) {
		room = tm_river_priest_cap(p) - p->p;
		if (room > 0)
			p->p++;
		p->unlock_owed--;
		tm_unlock_settled(s);
		return GAME_OK;
	}
	c = tm_color_find(what);
	if (c < 0 || c >= TC_RIVER)
		return tm_fail(err, errlen, "unlock-terrain: name one of yellow brown "
		    "black blue green gray red, or gain-priest");
	if (c == tm_home(s, seat) || ((p->unlocked >> c) & 1))
		return tm_fail(err, errlen, "unlock-terrain: %s is yours already",
		    tm_color_names[c]);
	cost = tm_river_unlock_cost(s, seat, c);
	if (p->c < cost)
		return tm_fail(err, errlen, "unlock-terrain: %s costs %dC; you have %dC",
		    tm_color_names[c], cost, p->c);
	p->c -= cost;
	p->unlocked |= 1 << c;
	p->unlock_owed--;
	tm_unlock_settled(s);
	return GAME_OK;
}

/* The report's line on the Riverwalkers (at most 74 columns: 6 colours
 * unlocked), and one more while unlocks are owed. */
void
tm_river_render(const struct tm_state *s, int seat, struct sbuf *out)
{
	const struct tm_player *p = &s->pl[seat];
	int c;

	sb_printf(out, "  colour %s; unlocked", p->color2 > 0 ?
	    tm_color_names[p->color2 - 1] : "none yet");
	for (c = 0; c < TC_RIVER; c++)
		if ((p->unlocked >> c) & 1)
			sb_printf(out, " %s", tm_color_names[c]);
	sb_printf(out, "%s; priests up to %d\n", p->unlocked ? "" : " none",
	    tm_river_priest_cap(p));
	if (p->unlock_owed > 0)
		sb_printf(out, "  unlocks owed: %d (unlock-terrain)\n", p->unlock_owed);
}

/* Their part of the JSON view: the colours unlocked, the unlocks owed. */
void
tm_river_json(const struct tm_state *s, int seat, json_t *o)
{
	const struct tm_player *p = &s->pl[seat];
	json_t *u = json_array();
	int c;

	for (c = 0; c < TC_RIVER; c++)
		if ((p->unlocked >> c) & 1)
			json_array_append_new(u, json_string(tm_color_names[c]));
	json_object_set_new(o, "unlocked", u);
	json_object_set_new(o, "unlock_owed", json_integer(p->unlock_owed));
}
