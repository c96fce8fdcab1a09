/*
 * tactions.c - Terra Mystica actions of the action phase, each a command
 * applied to the state: build, upgrade, transform and dig, send priests,
 * advance shipping or digging, power and faction actions, bridges.  The
 * commands around them (conversions, passing, power offers, the Mermaids'
 * connections, done) are tpass.c's.  Depends on tflow.c, tcore.c and the
 * faction hooks (tfactions.c); tplay.c parses the words and calls these.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/*
 * Decline every power offer the seat has not decided yet: `decline`
 * alone, and taking an action, which the site takes as an implicit
 * decline: offers are decided before one's own action, not after it.
 */
void
tm_decline_open(struct tm_state *s, int seat)
{
	int i;

	while ((i = tm_find_offer(s, seat, -1, 0)) >= 0)
		tm_offer_end(s, i, TO_DECLINED);
}

/* How many seats have not passed (nor left) this round? */
int
tm_unpassed(const struct tm_state *s)
{
	int i, n = 0;

	for (i = 0; i < s->nseats; i++)
		n += !s->pl[i].passed && !s->pl[i].dropped;
	return n;
}

/*
 * May the active seat, which passed this round, begin another action?
 * The site lets a faction with no action left take a new one whenever
 * exactly one faction has not passed (acting.pm:267-275,
 * require_subaction: its test counts the unpassed factions, whoever they
 * are) - meant for the last seat playing, it also serves a seat that
 * passed while its turn is still the active one: a pass, which ends the
 * row (commands.pm:1291), hands the turn on only when the turn owes
 * nothing (acting.pm:773, maybe_advance_to_next_player:
 * detect_incomplete_turn), so a pass owing a cult step (the Cultists' of
 * an offer taken before it), a tile, spades... keeps it, and so does the
 * seat's own row that settles the debt after the pass until another
 * faction's row comes (commands.pm:1769).  Its new action, a second pass
 * too (which exchanges the bonus tile again and scores its pass VP
 * again), is a new turn.  Other seats' counts (none unpassed, or two and
 * more) the site refuses: acting.pm:279.
 */
int
tm_passed_goes_on(const struct tm_state *s)
{
	return s->phase == TP_ACTIONS && s->cur >= 0 && s->pl[s->cur].passed &&
	    s->act_left == 0 && tm_unpassed(s) == 1;
}

/* Is seat the only one that has not passed this round? */
static int
last_unpassed(const struct tm_state *s, int seat)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (i != seat && !s->pl[i].passed && !s->pl[i].dropped)
			return 0;
	return 1;
}

/*
 * What the seat owes that the site, once the seat begins another action
 * before settling it, keeps owed for ever; NULL when nothing.  The site
 * lets the last seat to play begin one (acting.pm:267-270,
 * require_subaction) after detect_incomplete_turn has recorded what it
 * owes (acting.pm:600, 636, 644, 654): these four records nothing takes
 * back (it dismisses only a cult step, a transform, a tile, a bridge, a
 * token or an unlock: commands.pm:135-144, 645, 1540; acting.pm:680-701),
 * so in_play (acting.pm:557-560) never ends the round and every other seat is
 * refused "Command invalid when not active player" from then on.
 */
static const char *
owed_for_ever(const struct tm_state *s, const struct tm_player *p, char *buf, size_t len)
{
	if (p->lose_cult > 0)
		snprintf(buf, len, "the %d cult steps of the volcano (-%dCULT on one track)",
		    p->lose_cult, p->lose_cult);
	else if (p->pick_owed && s->phase == TP_ACTIONS)
		snprintf(buf, len, "the colour you owe (pick-color COLOUR)");
	else if (p->free_d)
		snprintf(buf, len, "the free dwelling of ACTW (build HEX, or -FREE_D)");
	else if (p->free_tp)
		snprintf(buf, len, "the free trading post of ACTS (upgrade HEX to TP, or "
		    "-FREE_TP)");
	else
		return NULL;
	return buf;
}

/*
 * Would a new action of the active seat be its next turn: its action is
 * taken and it is the only seat that has not passed, or it passed with its
 * turn still open while exactly one other has not (tm_passed_goes_on)
 * (acting.pm:267-276, require_subaction starts a full move)?  Then tm_begin_action refuses
 * only what owed_for_ever names, and a caller keeps that message.
 */
int
tm_next_turn_now(const struct tm_state *s)
{
	return s->phase == TP_ACTIONS && s->act != TA_NONE && s->act_left == 0 &&
	    (s->pl[s->cur].passed ? tm_passed_goes_on(s) : last_unpassed(s, s->cur));
}

/* Begin a new main action for the active seat; error text when not allowed. */
enum game_status
tm_begin_action(struct tm_state *s, const char *what, char *err, size_t errlen)
{
	/* the Chaos Magicians' second action after a pass as their first may be
	 * any action, as on the site; a seat that passed and whose turn is
	 * still open (tm_passed_goes_on) takes another one too */
	if (s->phase == TP_ACTIONS && s->pl[s->cur].passed && s->act_left == 0 &&
	    !tm_passed_goes_on(s) && strcmp(what, "pass") != 0)
		return tm_fail(err, errlen, "%s: you have passed this round; a faction "
		    "that passed takes another action only while its turn is still "
		    "open and exactly one other faction has not passed", what);
	if (tm_next_turn_now(s)) {
		/*
		 * The only seat that has not passed takes its actions one
		 * after another, in one submission too: a new action is its
		 * next turn, whatever the last one still owes (the site;
		 * the Darklings' conversion too stays owed), but for what
		 * the site would then keep owed for ever (owed_for_ever).
		 * So does a seat that passed while exactly one other has not
		 * (tm_passed_goes_on).
		 */
		const struct tm_player *p = &s->pl[s->cur];
		int32_t conv = p->darkling_conv;
		char debt[128];

		if (owed_for_ever(s, p, debt, sizeof(debt)) != NULL)
			return tm_fail(err, errlen, "%s: first settle %s; another action "
			    "before it leaves the site's game waiting for ever", what, debt);
		tm_site_record(s, s->cur);
		tm_new_turn(s);
		s->pl[s->cur].darkling_conv = conv;
		s->stale = p->bridge_owed > 0 || p->free_d || p->free_tp || p->spades > 0 ||
		    p->free_tf;
	}
	if (s->act == TA_NONE) {
		tm_decline_open(s, s->cur);
		s->dig_ok = 1;
		s->again = 0;
		s->tf_left = 0;
		return GAME_OK;
	}
	if (s->act_left > 0) {
		/* the Chaos Magicians' next action, whatever the last one still
		 * owes (the site): what only that action could place is now
		 * placed as an action of its own */
		const struct tm_player *p = &s->pl[s->cur];

		tm_decline_open(s, s->cur);
		s->act_left--;
		s->act = TA_NONE;
		tm_tf_clear(s);
		s->tf_nonhome = 0;
		s->dig_ok = 1;
		s->tf_left = 0;
		s->stale = p->bridge_owed > 0 || p->free_d || p->free_tp || p->spades > 0 ||
		    p->free_tf;
		return GAME_OK;
	}
	return tm_fail(err, errlen, "%s: one action per turn; this turn's action "
	    "was already taken", what);
}

/* Pay resources; error when short, named by the command's verb. */
static enum game_status
pay(struct tm_player *p, int c, int w, int pr, const char *verb, const char *what,
    char *err, size_t errlen)
{
	if (p->c < c || p->w < w || p->p < pr)
		return tm_fail(err, errlen, "%s: %s costs %dC %dW %dP; you have %dC %dW %dP",
		    verb, what, c, w, pr, p->c, p->w, p->p);
	p->c -= c;
	p->w -= w;
	p->p -= pr;
	return GAME_OK;
}

/* Buy n spades at the seat's digging rate (Darklings: priests, +2 VP each). */
enum game_status
tm_buy_spades(struct tm_state *s, int seat, int n, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc;

	if (p->faction == TF_DARKLINGS) {
		rc = pay(p, 0, 0, n, "dig", "digging (the Darklings pay 1 priest a "
		    "spade)", err, errlen);
		if (rc == GAME_OK)
			p->vp += 2 * n;
	} else {
		rc = pay(p, 0, n * (3 - p->dig), 0, "dig", "digging", err, errlen);
	}
	if (rc == GAME_OK)
		tm_spade_vp(s, seat, n);
	return rc;
}

/* Pay for a tunnel (Dwarves) or carpet flight (Fakirs) when kind asks. */
static enum game_status
pay_reach(struct tm_state *s, int seat, int kind, const char *verb, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc = GAME_OK;

	if (kind == 2)
		rc = pay(p, 0, p->nb[TB_SH] ? 1 : 2, 0, verb, "tunnelling", err, errlen);
	else if (kind == 3)
		rc = pay(p, 0, 0, 1, verb, "carpet flight", err, errlen);
	if (rc == GAME_OK && kind >= 2) {
		p->vp += 4;
		s->teleported = 1;
	}
	return rc;
}

/* A hex the current action turned to the seat's own colour, still
 * empty (the last one turned, if it is one), or -1. */
static int
home_turned(const struct tm_state *s, int seat)
{
	int home = tm_home(s, seat), i;

	if (s->tf_cell >= 0 && tm_tf_done(s, s->tf_cell) && s->terrain[s->tf_cell] == home)
		return s->tf_cell;
	for (i = 0; i < TM_NCELLS; i++)
		if (s->bld[i] == TB_NONE && s->town[i] && s->terrain[i] == home)
			return i;
	return -1;
}

/* Check that the seat may reach cell now; sets *kind. */
static enum game_status
need_reach(struct tm_state *s, int seat, int cell, int *kind, const char *verb,
    char *err, size_t errlen)
{
	if (tm_tf_done(s, cell)) {
		*kind = 1;
		return GAME_OK;
	}
	if (!tm_reach(s, seat, cell, kind)) {
		if (tm_is_river(s, seat))
			return tm_fail(err, errlen, "%s: %s is not reachable: the Riverwalkers "
			    "reach over the river only, across at most %d river hex%s from "
			    "one of their buildings (a land neighbour does not count)",
			    verb, s->cells[cell].name, tm_ship_level(s, seat),
			    tm_ship_level(s, seat) == 1 ? "" : "es");
		return tm_fail(err, errlen, "%s: %s is not reachable: it must be next to "
		    "one of your buildings, or within your shipping range", verb,
		    s->cells[cell].name);
	}
	if (*kind >= 2 && s->teleported)
		return tm_fail(err, errlen, "%s: %s: tunnelling or carpet flight serves one "
		    "hex a turn (the site's rule)", verb, s->cells[cell].name);
	return GAME_OK;
}

/*
 * Transform cell to colour `to`, using the seat's free transform, its
 * spades, or (in its own action) workers for the missing spades.
 */
static enum game_status
do_transform(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int home = tm_home(s, seat), need, kind = 1, extra;
	enum game_status rc;

	if (s->cells[cell].color == TC_RIVER)
		return tm_fail(err, errlen, "transform: %s is a river", s->cells[cell].name);
	if (tm_is_river(s, seat))
		return tm_fail(err, errlen, "transform: the Riverwalkers never transform "
		    "terrain; they build on their colour and the colours they unlocked");
	if (s->terrain[cell] == TC_ICE || s->terrain[cell] == TC_VOLCANO)
		return tm_fail(err, errlen, "transform: %s is %s, which cannot be "
		    "transformed", s->cells[cell].name, tm_color_names[s->terrain[cell]]);
	if (to == TC_ICE && home != TC_ICE)
		return tm_fail(err, errlen, "transform: only an ice faction turns a hex "
		    "into ice");
	if ((to == TC_VOLCANO) != (home == TC_VOLCANO))
		return tm_fail(err, errlen, "transform: %s", home == TC_VOLCANO ?
		    "a volcano faction turns hexes into volcano only" :
		    "only a volcano faction turns a hex into volcano");
	if (s->bld[cell] != TB_NONE)
		return tm_fail(err, errlen, "transform: %s has a building",
		    s->cells[cell].name);
	if (s->terrain[cell] == to)
		return tm_fail(err, errlen, "transform: %s is already %s",
		    s->cells[cell].name, tm_color_names[to]);
	if (home == TC_VOLCANO) {
		/* a hex dug (dig 1, free) in this action, dug here when not yet */
		rc = need_reach(s, seat, cell, &kind, "transform", err, errlen);
		if (rc != GAME_OK)
			return rc;
		if (s->phase == TP_ACTIONS && s->tf_cell >= 0)
			return tm_fail(err, errlen, "transform: one volcano an action");
		if (p->volcano_tf == 0) {
			if (s->phase != TP_ACTIONS || s->cur != seat || s->act == TA_DONE ||
			    !s->dig_ok || s->site_form)
				return tm_fail(err, errlen, "transform: dig 1 first, in the "
				    "same action");
			p->volcano_tf = 1;
		}
		/* what the volcano costs is the volcano faction's own rule */
		if (tm_hooks(p->faction)->volcano == NULL)
			return tm_fail(err, errlen, "transform: %s", "only a volcano faction "
			    "turns a hex into volcano");
		rc = tm_hooks(p->faction)->volcano(s, seat, cell, err, errlen);
		if (rc != GAME_OK)
			return rc;
		tm_tf_mark(s, cell);
		s->tf_nonhome = 0;
		s->dig_ok = 0;
		return GAME_OK;
	}
	if (p->free_tf == 2) {
		int i, adj = 0;

		for (i = 0; i < s->cells[cell].nadj; i++) {
			int n = s->cells[cell].adj[i];

			if (s->owner[n] == seat && s->bld[n] != TB_NONE)
				adj = 1;
		}
		/* into any colour, as the site takes it (the rulebook: desert) */
		if (!adj)
			return tm_fail(err, errlen, "sandstorm: turns a hex directly "
			    "next to your building (no bridge, no river)");
		s->terrain[cell] = (int8_t)to;
		p->free_tf = 0;
		tm_tf_mark(s, cell);
		s->dig_ok = 0;
		return GAME_OK;
	}
	/* One hex to a colour not your own, then the spades left go to your
	 * own colour first (as the site rules, after the 2013 and 2015
	 * clarifications: "Can't transform more than one hex to non-home
	 * color in one action"). */
	if (s->phase == TP_ACTIONS && s->tf_nonhome && to != home)
		return tm_fail(err, errlen, "transform: only one hex may be turned to a "
		    "colour other than %s in one action", tm_color_names[home]);
	rc = need_reach(s, seat, cell, &kind, "transform", err, errlen);
	if (rc != GAME_OK)
		return rc;
	need = tm_spade_cost(s, seat, s->terrain[cell], to);
	if (p->spades >= need) {
		p->spades -= need;
		extra = 0;
	} else {
		/* arbiter's own notation: the spades missing are bought, unless
		 * the action already dug (then, as on the site, the spades dug
		 * are all there is) */
		extra = need - p->spades;
		if (s->phase != TP_ACTIONS || s->cur != seat || s->act == TA_DONE ||
		    !s->dig_ok || s->dug || s->site_form)
			return tm_fail(err, errlen, "transform: %s needs %d spades, you "
			    "have %d%s", s->cells[cell].name, need, p->spades, s->dig_ok ||
			    s->phase != TP_ACTIONS ? "" : " (spades are bought before the "
			    "action's first transform, not after it)");
		rc = tm_buy_spades(s, seat, extra, err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->spades = 0;
	}
	rc = pay_reach(s, seat, kind, "transform", err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->terrain[cell] = (int8_t)to;
	tm_tf_mark(s, cell);
	/* a faction that passed (the Chaos Magicians' second action) turns
	 * any number of hexes to any colour its spades reach: its transform
	 * takes no sub-action of the action (the site); loose-multi-spade lifts
	 * the one hex to another colour (commands.pm:621) */
	s->tf_nonhome = s->phase == TP_ACTIONS && to != home && p->spades > 0 &&
	    !p->passed && !(s->opt_site & TO_MULTI_SPADE);
	s->dig_ok = 0;
	return GAME_OK;
}

/*
 * Transform cell to colour `to` (do_transform).  One that leaves the seat
 * no spade takes the site's record of a transform owed back
 * (commands.pm:644-645: tm_site_record).
 */
enum game_status
tm_do_transform(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen)
{
	enum game_status rc = do_transform(s, seat, cell, to, err, errlen);

	if (rc == GAME_OK && s->pl[seat].spades == 0)
		s->pl[seat].site_rec &= ~TM_REC_TF;
	return rc;
}

/* Does any other seat own a building directly next to cell? */
static int
foreign_neighbour(const struct tm_state *s, int seat, int cell)
{
	int i;

	for (i = 0; i < TM_NCELLS; i++)
		if (s->owner[i] >= 0 && s->owner[i] != seat && s->bld[i] != TB_NONE &&
		    tm_direct_adjacent(s, cell, i))
			return 1;
	return 0;
}

/* Place a dwelling: setup placement or the build action. */
enum game_status
tm_cmd_build(struct tm_state *s, int seat, int cell, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	enum game_status rc;
	int kind = 1, free_d = 0, had[3] = { p->c, p->w, p->p }, dug = 0, turned;

	if (cell < 0 || s->cells[cell].color == TC_RIVER)
		return tm_fail(err, errlen, "build: not a land hex");
	if (s->bld[cell] != TB_NONE)
		return tm_fail(err, errlen, "build: %s is already built on",
		    s->cells[cell].name);
	if (p->nb[TB_D] >= 8)
		return tm_fail(err, errlen, "build: all 8 of your dwellings are on the map");
	if (s->phase == TP_DWELLINGS) {
		if (p->pick_gone)
			return tm_fail(err, errlen, "build: the %s gave up their colour "
			    "(-PICK_COLOR) and have no terrain for a dwelling: the site "
			    "refuses every one (resign lets the game go on)", f->name);
		/* An ice faction's initial dwellings go on the colour it picked,
		 * which turns to ice (the site). */
		if (tm_picks_colour(s, seat) && s->terrain[cell] == p->color2 - 1)
			s->terrain[cell] = (int8_t)f->color;
		if (s->terrain[cell] != tm_home(s, seat))
			return tm_fail(err, errlen, "build: initial dwellings go on your "
			    "home terrain (%s); %s is %s", tm_picks_colour(s, seat) ?
			    tm_color_names[p->color2 - 1] : tm_color_names[tm_home(s, seat)],
			    s->cells[cell].name, tm_color_names[s->terrain[cell]]);
		if (tm_hooks(p->faction)->initial_hex != NULL &&
		    !tm_hooks(p->faction)->initial_hex(s, seat, cell))
			return tm_fail(err, errlen, "build: the Riverwalkers' initial "
			    "dwellings go next to a river; %s is inland", s->cells[cell].name);
		s->bld[cell] = TB_D;
		s->owner[cell] = (int8_t)seat;
		p->nb[TB_D]++;
		return GAME_OK;
	}
	if (p->free_d && s->stale && s->cur == seat &&
	    (rc = tm_begin_action(s, "build", err, errlen)) != GAME_OK)
		return rc;
	if (p->free_d) {
		if (s->terrain[cell] != TC_GREEN)
			return tm_fail(err, errlen, "build: the witches' ride builds on a "
			    "forest (green) hex; %s is %s", s->cells[cell].name,
			    tm_color_names[s->terrain[cell]]);
		free_d = 1;
		p->free_d = 0;
	} else {
		if (s->act != TA_SPADES) {
			rc = tm_begin_action(s, "build", err, errlen);
			if (rc != GAME_OK)
				return rc;
		} else if ((turned = home_turned(s, seat)) >= 0 &&
		    !(tm_tf_done(s, cell) && s->terrain[cell] == tm_home(s, seat)) &&
		    tm_builds_on(s, seat, s->terrain[cell])) {
			/*
			 * After the action turned hexes to the seat's colour its
			 * dwelling goes on one of them (the rulebook; the site's
			 * allowed_build_locations, which only a transform to the
			 * home colour fills: after one to another colour alone
			 * the dwelling goes on any hex of the seat's colour it
			 * reaches); one on another hex is a new action: the Chaos
			 * Magicians' second, or refused.
			 */
			int next = tm_next_turn_now(s);

			rc = tm_begin_action(s, "build", err, errlen);
			if (rc != GAME_OK && next)
				return rc;	/* what the last seat owes */
			if (rc != GAME_OK)
				return tm_fail(err, errlen, "build: %s was not turned to "
				    "your colour in this action: its dwelling goes on a hex "
				    "the action turned to it (%s); one elsewhere would be "
				    "another action", s->cells[cell].name, s->cells[turned].name);
		}
		if (!tm_builds_on(s, seat, s->terrain[cell]) && tm_is_river(s, seat))
			return tm_fail(err, errlen, "build: %s is %s, not a colour of theirs: "
			    "the Riverwalkers never transform terrain; they build on their "
			    "colour and the colours they unlocked", s->cells[cell].name,
			    tm_color_names[s->terrain[cell]]);
		if (!tm_builds_on(s, seat, s->terrain[cell])) {
			rc = tm_do_transform(s, seat, cell, tm_home(s, seat), err, errlen);
			/* the refusal is the build's: its verb, not the transform's */
			if (rc != GAME_OK && strncmp(err, "transform: ", 11) == 0) {
				memmove(err, err + 4, strlen(err + 4) + 1);
				memcpy(err, "build", 5);	/* "sform: " -> "build: " */
			}
			if (rc != GAME_OK)
				return rc;
			dug = 1;
		}
		rc = need_reach(s, seat, cell, &kind, "build", err, errlen);
		if (rc != GAME_OK)
			return rc;
		if (p->spades > 0)
			return tm_fail(err, errlen, "build: spend your %d remaining "
			    "spade(s) first", p->spades);
		rc = pay_reach(s, seat, kind, "build", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	if (!free_d && (p->c < f->cost_c[TB_D] || p->w < f->cost_w[TB_D]) &&
	    (p->c != had[0] || p->w != had[1] || p->p != had[2]))
		/* The spades (or the reach) were paid first: the whole cost,
		 * against what the seat had (issue 27). */
		return tm_fail(err, errlen, "build %s: %s and the dwelling cost %dC %dW %dP "
		    "in all (the dwelling %dC %dW); you had %dC %dW %dP", s->cells[cell].name,
		    dug ? "the spades" : "the reach", had[0] - p->c + f->cost_c[TB_D], had[1] - p->w +
		    f->cost_w[TB_D], had[2] - p->p, f->cost_c[TB_D], f->cost_w[TB_D], had[0],
		    had[1], had[2]);
	if (!free_d) {
		rc = pay(p, f->cost_c[TB_D], f->cost_w[TB_D], 0, "build", "a dwelling", err, errlen);
		if (rc != GAME_OK)
			return rc;
	}
	/* a dwelling of the Riverwalkers turns its hex to their colour (the
	 * site) */
	if (tm_is_river(s, seat))
		s->terrain[cell] = (int8_t)tm_home(s, seat);
	s->town[cell] = 0;	/* a transform's mark (tm_tf_mark), not a town */
	s->bld[cell] = TB_D;
	s->owner[cell] = (int8_t)seat;
	p->nb[TB_D]++;
	s->act = TA_DONE;
	/* the dwelling ends the action's transforms: one after it is a new
	 * action (the site's build leaves no transform sub-action but the
	 * one its own hex needs) */
	s->tf_left = 0;
	tm_build_vp(s, seat, TB_D);
	tm_offer_power(s, seat, cell);
	tm_check_towns(s, seat, cell);
	return GAME_OK;
}

/* Apply the one-time effects of a new stronghold (a Fire & Ice faction's:
 * its hook). */
static void
stronghold_effects(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];
	const struct tm_hooks *h = tm_hooks(p->faction);

	if (h->stronghold != NULL)
		h->stronghold(s, seat);
	switch (p->faction) {
	case TF_ALCHEMISTS: tm_gain_power(p, 12); break;
	case TF_AUREN: p->fav_owed++; break;
	case TF_CULTISTS: p->vp += 7; break;
	case TF_DARKLINGS: p->darkling_conv = 3; break;
	case TF_HALFLINGS:
		/* three spades; one dwelling may follow on a transformed hex;
		 * no spade is bought on top of them (the site) */
		p->spades += 3;
		tm_spade_vp(s, seat, 3);
		s->act = TA_SPADES;
		s->dig_ok = 0;
		s->tf_left = 3;
		break;
	case TF_MERMAIDS:
		if (p->ship < tm_fd(s, seat)->ship_max) {
			p->ship++;
			p->vp += tm_fd(s, seat)->ship_vp[p->ship];
		}
		break;
	default: break;
	}
}

/* Upgrade a building: D->TP, TP->TE or SH, TE->SA. */
enum game_status
tm_cmd_upgrade(struct tm_state *s, int seat, int cell, int to, char *err,
    size_t errlen)
{
	static const int limit[TB_COUNT] = { 0, 8, 4, 3, 1, 1 };
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	int from, c, w;
	enum game_status rc;

	if (cell < 0 || s->owner[cell] != seat || s->bld[cell] == TB_NONE)
		return tm_fail(err, errlen, "upgrade: you have no building on %s",
		    cell >= 0 ? s->cells[cell].name : "that hex");
	from = s->bld[cell];
	if (!((from == TB_D && to == TB_TP) || (from == TB_TP && to == TB_TE) ||
	    (from == TB_TP && to == TB_SH) || (from == TB_TE && to == TB_SA)))
		return tm_fail(err, errlen, "upgrade: a %s cannot become a %s (D->TP, "
		    "TP->TE or SH, TE->SA)", tm_bld_names[from], tm_bld_names[to]);
	if (p->nb[to] >= limit[to])
		return tm_fail(err, errlen, "upgrade: all your %s are on the map",
		    tm_bld_names[to]);
	if (p->free_tp && s->stale && s->cur == seat &&
	    (rc = tm_begin_action(s, "upgrade", err, errlen)) != GAME_OK)
		return rc;
	if (p->free_tp) {
		if (to != TB_TP)
			return tm_fail(err, errlen, "upgrade: the Swarmlings' free upgrade "
			    "turns a dwelling into a trading post");
		p->free_tp = 0;
		c = w = 0;
	} else {
		rc = tm_begin_action(s, "upgrade", err, errlen);
		if (rc != GAME_OK)
			return rc;
		w = f->cost_w[to];
		c = f->cost_c[to];
		if (to == TB_TP && !foreign_neighbour(s, seat, cell))
			c = f->tp_lonely_c;
	}
	rc = pay(p, c, w, 0, "upgrade", "the upgrade", err, errlen);
	if (rc != GAME_OK)
		return rc;
	s->bld[cell] = (int8_t)to;
	p->nb[from]--;
	p->nb[to]++;
	s->act = TA_DONE;
	tm_build_vp(s, seat, to);
	if (to == TB_TE || to == TB_SA)
		p->fav_owed += p->faction == TF_CHAOS ? 2 : 1;
	if (to == TB_SH)
		stronghold_effects(s, seat);
	tm_offer_power(s, seat, cell);
	tm_check_towns(s, seat, cell);
	return GAME_OK;
}

/* Send a priest to a cult track, onto slot value n (0 = best free). */
enum game_status
tm_cmd_send(struct tm_state *s, int seat, int cult, int n, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int slot = -1, i, steps;
	enum game_status rc;

	rc = tm_begin_action(s, "send", err, errlen);
	if (rc != GAME_OK)
		return rc;
	if (p->p < 1)
		return tm_fail(err, errlen, "send: you have no priest");
	if ((n == 0 || n == 3) && s->slot[cult][0] == 0)
		slot = 0;
	for (i = 1; i < 4 && slot < 0 && (n == 0 || n == 2); i++)
		if (s->slot[cult][i] == 0)
			slot = i;
	if (slot < 0 && n != 0 && n != 1)
		return tm_fail(err, errlen, "send: no free %d-step space on %s", n,
		    tm_cult_names[cult]);
	steps = slot == 0 ? 3 : slot > 0 ? 2 : 1;
	/* the Acolytes' stronghold: one step more for each priest sent */
	if (p->faction == TF_ACOLYTES && p->nb[TB_SH] > 0)
		steps++;
	p->p--;
	if (slot >= 0) {
		s->slot[cult][slot] = seat + 1;
		p->p_on_cult++;
	}
	tm_cult_advance(s, seat, cult, steps);
	s->act = TA_DONE;
	return GAME_OK;
}

/* Advance shipping or digging. */
enum game_status
tm_cmd_advance(struct tm_state *s, int seat, int ship, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *f = tm_fd(s, seat);
	enum game_status rc;

	if (seat != s->cur) {
		/* a seat that passed, one seat left to play (out_of_turn): an
		 * action of its own, which declines its offers; it may convert
		 * after it until another seat sends something */
		tm_decline_open(s, seat);
		s->tail = seat + 1;
	} else if ((rc = tm_begin_action(s, "advance", err, errlen)) != GAME_OK)
		return rc;
	if (ship) {
		if (p->ship >= f->ship_max)
			return tm_fail(err, errlen, "advance ship: %s",
			    f->ship_max == 0 ? "your faction has no shipping" :
			    "shipping is at its maximum");
		rc = pay(p, f->ship_c, 0, f->ship_p, "advance", "a shipping level", err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->ship++;
		p->vp += f->ship_vp[p->ship];
	} else {
		if (p->dig >= f->dig_max)
			return tm_fail(err, errlen, "advance dig: %s",
			    f->dig_max == 0 ? "your faction cannot advance digging" :
			    "digging is at its maximum");
		rc = pay(p, f->dig_c, f->dig_w, f->dig_p, "advance", "a digging level", err, errlen);
		if (rc != GAME_OK)
			return rc;
		p->dig++;
		p->vp += 6;
	}
	if (seat == s->cur)
		s->act = TA_DONE;
	return GAME_OK;
}

/* Take a power action ACT1..ACT6. */
static enum game_status
power_action(struct tm_state *s, int seat, int n, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	static const int costs[7] = { 0, 3, 3, 4, 4, 4, 6 };
	const struct tm_hooks *h = tm_hooks(p->faction);
	int cost = costs[n] - (h->action_discount != NULL ? h->action_discount(s, seat, n) : 0);

	if ((n == 5 || n == 6) && tm_is_river(s, seat))
		return tm_fail(err, errlen, "action ACT%d: the Riverwalkers may not take "
		    "it (no spades)", n);
	/* the Yetis' stronghold: their power actions even when taken */
	if (s->act_used[n] && !(p->faction == TF_YETIS && p->nb[TB_SH] > 0))
		return tm_fail(err, errlen, "action ACT%d: already taken this round", n);
	if (tm_spend_power(p, cost) != 0)
		return tm_fail(err, errlen, "action ACT%d: costs %d power from bowl III; "
		    "you have %d there (burn first)", n, cost, p->pw[2]);
	s->act_used[n] = 1;
	s->act = TA_DONE;
	switch (n) {
	case 1:
		/* with all 3 bridges placed too: the site refuses the bridge
		 * then, not the action (a -BRIDGE gives it up) */
		p->bridge_owed = 1;
		break;
	case 2: tm_gain_priests(p, 1); break;
	case 3: p->w += 2; break;
	case 4: p->c += 7; break;
	case 5:
	default:
		/* a volcano faction's spades turn into something else at
		 * once, and no transform follows (the site) */
		tm_gain_spades(s, seat, n == 5 ? 1 : 2);
		s->tf_left = n == 5 ? 1 : 2;
		s->act = tm_is_volcano(s, seat) ? TA_DONE : TA_SPADES;
		break;
	}
	return GAME_OK;
}

/* Take a faction's stronghold action. */
static enum game_status
faction_action(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	static const char *const acts[] = { "acta", "actc", "acte", "actg", "actn",
	    "acts", "actw" };
	static const int owner[] = { TF_AUREN, TF_CHAOS, TF_ENGINEERS, TF_GIANTS,
	    TF_NOMADS, TF_SWARMLINGS, TF_WITCHES };
	struct tm_player *p = &s->pl[seat];
	size_t i;
	int k = -1;

	for (i = 0; i < sizeof(acts) / sizeof(acts[0]); i++)
		if (word_eq(name, acts[i]))
			k = (int)i;
	if (k < 0)
		return tm_fail(err, errlen, "action: unknown action '%s' (ACT1-6, BON1, "
		    "BON2, FAV6, ACTA ACTC ACTE ACTG ACTN ACTS ACTW)", name);
	if (p->faction != owner[k])
		return tm_fail(err, errlen, "action %s: belongs to the %s", name,
		    tm_fdefs[owner[k]].name);
	if (owner[k] == TF_ENGINEERS) {
		/* all 3 bridges placed: as ACT1 */
		if (p->w < 2)
			return tm_fail(err, errlen, "action ACTE: a bridge costs 2 workers");
		p->w -= 2;
		p->bridge_owed = 1;
		s->act = TA_DONE;
		return GAME_OK;
	}
	if (p->nb[TB_SH] == 0)
		return tm_fail(err, errlen, "action %s: needs your stronghold", name);
	if (p->used_fact)
		return tm_fail(err, errlen, "action %s: already used this round", name);
	p->used_fact = 1;
	s->act = TA_DONE;
	switch (owner[k]) {
	case TF_AUREN: p->cult2_owed = 1; break;
	case TF_CHAOS: s->act_left = 2; break;
	case TF_GIANTS:
		tm_gain_spades(s, seat, 2);
		s->act = TA_SPADES;
		s->tf_left = 1;
		break;
	case TF_NOMADS: p->free_tf = 2; s->act = TA_SPADES; s->tf_left = 1; break;
	/* the free trading post and the witches' ride allow no dig (the
	 * site's ACTS and ACTW sub-actions: an upgrade, a build) */
	case TF_SWARMLINGS: p->free_tp = 1; s->act = TA_SPADES; s->dig_ok = 0; break;
	default: p->free_d = 1; s->act = TA_SPADES; s->dig_ok = 0; break;
	}
	return GAME_OK;
}

/* The `action X` command. */
enum game_status
tm_cmd_action(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc;
	int n;

	rc = tm_begin_action(s, "action", err, errlen);
	if (rc != GAME_OK)
		return rc;
	if ((n = tm_tile_num(name, "ACT", 6)) > 0)
		return power_action(s, seat, n, err, errlen);
	if ((n = tm_tile_num(name, "BON", TM_NBON)) > 0) {
		if (p->bon != n || (n != 1 && n != 2))
			return tm_fail(err, errlen, "action BON%d: you do not hold a bonus "
			    "tile with that action", n);
		if (p->used_bon)
			return tm_fail(err, errlen, "action BON%d: already used this round", n);
		if (n == 1 && tm_is_river(s, seat))
			return tm_fail(err, errlen, "action BON1: the Riverwalkers may not "
			    "take it (no spades)");
		p->used_bon = 1;
		if (n == 1) {
			tm_gain_spades(s, seat, 1);
			s->tf_left = 1;
			s->act = tm_is_volcano(s, seat) ? TA_DONE : TA_SPADES;
		} else {
			p->cult_owed++;
			s->act = TA_DONE;
		}
		return GAME_OK;
	}
	if (word_eq(name, "fav6")) {
		if (!p->fav[6])
			return tm_fail(err, errlen, "action FAV6: you do not have FAV6");
		if (p->used_fav6)
			return tm_fail(err, errlen, "action FAV6: already used this round");
		p->used_fav6 = 1;
		p->cult_owed++;
		s->act = TA_DONE;
		return GAME_OK;
	}
	if (strncmp(name, "ACTH", 4) == 0 || strncmp(name, "acth", 4) == 0) {
		n = name[4] >= '1' && name[4] <= '6' && name[5] == '\0' ? name[4] - '0' : 0;
		if (n > 0) {
			/* the Shapeshifters' shapeshift: their file's command */
			char act[8] = "action", *w[2];
			int rc2;

			w[0] = act;
			w[1] = (char *)name;
			if ((rc2 = tm_faction_command(s, seat, w, 2, err, errlen)) != TM_NOT_MINE)
				return (enum game_status)rc2;
			return tm_fail(err, errlen, "action ACTH%d: %s", n,
			    "a Shapeshifters' action");
		}
	}
	return faction_action(s, seat, name, err, errlen);
}

/* Place a bridge between two land hexes across a river. */
enum game_status
tm_cmd_bridge(struct tm_state *s, int seat, const char *spec, char *err, size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	char buf[32], *colon;
	int a, b, i, ok = 0;

	snprintf(buf, sizeof(buf), "%s", spec);
	colon = strchr(buf, ':');
	if (colon == NULL)
		return tm_fail(err, errlen, "bridge: write it as HEX:HEX");
	*colon = '\0';
	a = tm_cell_find(s, buf);
	b = tm_cell_find(s, colon + 1);
	if (a < 0 || b < 0)
		return tm_fail(err, errlen, "bridge: unknown hex in '%s'", spec);
	if (!p->bridge_owed && s->bridged && s->cur == seat)
		return tm_fail(err, errlen, "bridge: the bridge of this turn's action "
		    "is placed already (%s:%s)", s->cells[s->bridge[s->nbridge - 1][0]].name,
		    s->cells[s->bridge[s->nbridge - 1][1]].name);
	if (!p->bridge_owed)
		return tm_fail(err, errlen, "bridge: take action ACT1 (or the Engineers' "
		    "ACTE) first");
	/* owed from an action before the last one began: an action of its own */
	if (s->stale && s->cur == seat) {
		enum game_status rc = tm_begin_action(s, "bridge", err, errlen);

		if (rc != GAME_OK)
			return rc;
		s->act = TA_DONE;
	}
	if (p->bridges >= 3)
		return tm_fail(err, errlen, "bridge: all 3 of your bridges are placed");
	for (i = 0; i < s->cells[a].nbr; i++)
		if (s->cells[a].br[i] == b)
			ok = 1;
	if (!ok)
		return tm_fail(err, errlen, "bridge: %s and %s are not across one river",
		    s->cells[a].name, s->cells[b].name);
	/* a second bridge over the same river the site takes as it is;
	 * loose-bridge-adjacency lifts the building (commands.pm:713) */
	if (!(s->opt_site & TO_BRIDGE_ADJ) &&
	    !(s->owner[a] == seat && s->bld[a] != TB_NONE) &&
	    !(s->owner[b] == seat && s->bld[b] != TB_NONE))
		return tm_fail(err, errlen, "bridge: one end must have your building");
	if (s->nbridge >= TM_MAXBRIDGE)
		return tm_fail(err, errlen, "bridge: no bridges left");
	s->bridge[s->nbridge][0] = a;
	s->bridge[s->nbridge][1] = b;
	s->bridge[s->nbridge][2] = seat;
	s->nbridge++;
	p->bridges++;
	p->bridge_owed--;
	s->bridged = s->cur == seat;
	tm_check_towns(s, seat, a);
	tm_check_towns(s, seat, b);
	return GAME_OK;
}
