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
 * A dwelling they build turns its hex to their colour.  Their rules are
 * the hooks of tm_river_hooks (tfactions.c lists it): the core never names
 * this file.  Depends on the core (tcore.c, tflow.c, tdata.c).
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"

/* `setup riverwalkers`: the colour is picked right away (pick-color). */
static void
river_setup(struct tm_state *s, int seat)
{
	s->pl[seat].pick_owed = 1;
	s->pl[seat].unlocked = 0;
}

/* They build, besides on their colour, on the colours they unlocked. */
static int
river_builds_on(const struct tm_state *s, int seat, int colour)
{
	return colour >= 0 && colour < TC_RIVER && ((s->pl[seat].unlocked >> colour) & 1);
}

/* Their initial dwellings go on a land hex next to a river cell. */
static int
river_bank(const struct tm_state *s, int seat, int cell)
{
	int i;

	(void)seat;
	for (i = 0; i < s->cells[cell].nadj; i++)
		if (s->cells[s->cells[cell].adj[i]].color == TC_RIVER)
			return 1;
	return 0;
}

/* The Riverwalkers' priest cap: 1, one more per colour unlocked, one less
 * per priest left on a cult action space. */
static int
river_priest_cap(const struct tm_player *p)
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
static int
unlock_cost(const struct tm_state *s, int seat, int colour)
{
	int home = tm_home_of_someone(s, colour);

	(void)seat;
	if (s->opt_fi_variable == 4)
		return home ? 3 : 2;
	if (s->opt_fi_variable == 5)
		return home ? 2 : 1;
	return 0;
}

/* An unlock made: the last takes the site's record of them back
 * (commands.pm:1539-1540), and the round may start. */
static void
unlock_done(struct tm_state *s, struct tm_player *p)
{
	if (p->unlock_owed == 0)
		p->site_rec &= ~TM_REC_UNLOCK;
	tm_unlock_settled(s);
}

/*
 * `unlock-terrain COLOUR` or `unlock-terrain gain-priest`, once for each
 * priest gained.  After all colours are unlocked the site still turns
 * each priest into an unlock, which gain-priest settles.
 */
static int
river_command(struct tm_state *s, int seat, char **w, int nw, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const char *what = nw == 2 ? w[1] : "";
	int c, cost, room;

	if (!word_eq(w[0], "unlock-terrain"))
		return TM_NOT_MINE;
	if (p->unlock_owed < 1)
		return tm_fail(err, errlen, "unlock-terrain: %s", "you owe no unlock (one "
		    "comes with each priest gained)");
	if (tm_lower_arg("unlock-terrain", what, err, errlen) != GAME_OK)
		return GAME_REJECTED;
	if (word_eq(what, "gain-priest")) {
		room = river_priest_cap(p) - p->p;
		if (room > 0)
			p->p++;
		p->unlock_owed--;
		unlock_done(s, p);
		return GAME_OK;
	}
	c = tm_color_find(what);
	if (c < 0 || c >= TC_RIVER)
		return tm_fail(err, errlen, "unlock-terrain: name one of yellow brown "
		    "black blue green gray red, or gain-priest");
	if (c == tm_home(s, seat) || ((p->unlocked >> c) & 1))
		return tm_fail(err, errlen, "unlock-terrain: %s is yours already",
		    tm_color_names[c]);
	cost = unlock_cost(s, seat, c);
	if (p->c < cost)
		return tm_fail(err, errlen, "unlock-terrain: %s costs %dC; you have %dC",
		    tm_color_names[c], cost, p->c);
	p->c -= cost;
	p->unlocked |= 1 << c;
	p->unlock_owed--;
	unlock_done(s, p);
	return GAME_OK;
}

/* The report's line on the Riverwalkers (at most 74 columns: 6 colours
 * unlocked), and one more while unlocks are owed. */
static void
river_render(const struct tm_state *s, int seat, struct sbuf *out)
{
	const struct tm_player *p = &s->pl[seat];
	int c;

	sb_printf(out, "  colour %s; unlocked", tm_picked_name(s, seat));
	for (c = 0; c < TC_RIVER; c++)
		if ((p->unlocked >> c) & 1)
			sb_printf(out, " %s", tm_color_names[c]);
	sb_printf(out, "%s; priests up to %d\n", p->unlocked ? "" : " none",
	    river_priest_cap(p));
	if (p->unlock_owed > 0)
		sb_printf(out, "  unlocks owed: %d (unlock-terrain)\n", p->unlock_owed);
}

/* Their part of the JSON view: the colours unlocked, the unlocks owed. */
static void
river_json(const struct tm_state *s, int seat, json_t *o)
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

/* Each priest they gain is an unlock owed instead (unlock-terrain). */
static int
river_priests(struct tm_player *p, int n)
{
	if (n > 0)
		p->unlock_owed += n;
	return 1;
}

/* Spades they gain are lost at once, scoring nothing (the site). */
static int
river_spades(struct tm_state *s, int seat, int n)
{
	(void)s;
	(void)seat;
	(void)n;
	return 1;
}

/* Their stronghold: two bridges, placed in the same action; the site owes
 * them even with no bridge left, to be given up (-BRIDGE). */
static void
river_stronghold(struct tm_state *s, int seat)
{
	s->pl[seat].bridge_owed = 2;
}

const struct tm_hooks tm_river_hooks = {
	.setup = river_setup,
	.stronghold = river_stronghold,
	.command = river_command,
	.spades = river_spades,
	.priests = river_priests,
	.priest_cap = river_priest_cap,
	.builds_on = river_builds_on,
	.initial_hex = river_bank,
	.render = river_render,
	.json = river_json,
};
