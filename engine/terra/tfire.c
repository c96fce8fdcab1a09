/*
 * tfire.c - the Fire & Ice ice and volcano factions (Ice Maidens, Yetis,
 * Acolytes, Dragonlords): what they show of the colour they picked, the
 * Yetis' cheaper power actions, the volcano factions' spades, volcanoes
 * and the Dragonlords' stronghold.  The figures and rules are those of the
 * site's engine (terra.snellman.net), our oracle for Fire & Ice.  Their
 * rules are the hooks of the tables at the end (tfactions.c lists them):
 * the core never names this file.  The final scoring tiles: tfinal.c.
 * Depends on the core.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"

/*
 * A volcano faction turns cell into volcano with the hex it dug (`dig 1`,
 * which costs nothing), paying with what the hex was: 3 cult steps from
 * one track for the Acolytes, 4 when the hex is a faction's home colour
 * (lost with -3CULT / -4CULT), one power token for the Dragonlords, 2 on
 * a home colour (taken from bowl I first, then II, then III).  The caller
 * checked reach and the dig.
 */
static enum game_status
volcano(struct tm_state *s, int seat, int cell, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int home = tm_home_of_someone(s, s->terrain[cell]), n, k, ok = 0;

	if (p->faction == TF_ACOLYTES) {
		n = home ? 4 : 3;
		for (k = 0; k < 4; k++)
			ok |= p->cult[k] >= n;
		if (!ok)
			return tm_fail(err, errlen, "transform: a volcano on %s costs the "
			    "Acolytes %d steps of one cult track; none is that high",
			    s->cells[cell].name, n);
		p->lose_cult = n;
	} else {
		n = home ? 2 : 1;
		if (p->pw[0] + p->pw[1] + p->pw[2] < n)
			return tm_fail(err, errlen, "transform: a volcano on %s costs the "
			    "Dragonlords %d power token%s", s->cells[cell].name, n,
			    n == 1 ? "" : "s");
		for (k = 0; k < 3 && n > 0; k++) {
			int m = p->pw[k] < n ? p->pw[k] : n;

			p->pw[k] -= m;
			p->tokens -= m;
			n -= m;
		}
	}
	p->volcano_tf--;
	s->terrain[cell] = TC_VOLCANO;
	return GAME_OK;
}

/*
 * Could the seat make a volcano now: a hex it reaches that may become
 * one, at a price it can pay?  A dig without one would leave the action
 * owed with nothing to finish it.
 */
static int
volcano_possible(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];
	int i, k, kind, top = 0;

	for (k = 0; k < 4; k++)
		if (p->cult[k] > top)
			top = p->cult[k];
	for (i = 0; i < TM_NCELLS; i++) {
		int t = s->terrain[i], n;

		if (t == TC_RIVER || t == TC_ICE || t == TC_VOLCANO || s->bld[i] != TB_NONE ||
		    !tm_reach(s, seat, i, &kind))
			continue;
		n = tm_home_of_someone(s, t) ? 1 : 0;
		if (p->faction == TF_ACOLYTES ? top >= 3 + n :
		    p->pw[0] + p->pw[1] + p->pw[2] >= 1 + n)
			return 1;
	}
	return 0;
}

/*
 * A volcano faction cannot use spades: each one it gains scores what
 * gaining a spade scores (SCORE1), then turns into a cult step to place
 * for the Acolytes (+CULT), a new power token in bowl I for the
 * Dragonlords (the site's `special` of their boards).
 */
static int
volcano_spades(struct tm_state *s, int seat, int n)
{
	struct tm_player *p = &s->pl[seat];

	tm_spade_vp(s, seat, n);
	if (p->faction == TF_ACOLYTES) {
		p->cult_owed += n;
	} else {
		p->pw[0] += n;
		p->tokens += n;
	}
	return 1;
}

/* The Dragonlords' stronghold: as many new power tokens in bowl I as
 * factions in the game. */
static void
dragonlords_stronghold(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].faction >= 0) {
			p->pw[0]++;
			p->tokens++;
		}
}

/* The Yetis pay one power less for a power action. */
static int
yetis_discount(const struct tm_state *s, int seat, int n)
{
	(void)s;
	(void)seat;
	(void)n;
	return 1;
}

/* The report's line: the home terrain and the colour picked. */
static void
picked_render(const struct tm_state *s, int seat, struct sbuf *out)
{
	sb_printf(out, "  home terrain %s, colour picked: %s\n",
	    tm_color_names[tm_home(s, seat)], tm_picked_name(s, seat));
}

const struct tm_hooks tm_icemaidens_hooks = {
	.render = picked_render,
};

const struct tm_hooks tm_yetis_hooks = {
	.action_discount = yetis_discount,
	.render = picked_render,
};

const struct tm_hooks tm_acolytes_hooks = {
	.spades = volcano_spades,
	.volcano = volcano,
	.volcano_possible = volcano_possible,
	.render = picked_render,
};

const struct tm_hooks tm_dragonlords_hooks = {
	.stronghold = dragonlords_stronghold,
	.spades = volcano_spades,
	.volcano = volcano,
	.volcano_possible = volcano_possible,
	.render = picked_render,
};
