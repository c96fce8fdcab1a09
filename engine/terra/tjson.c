/*
 * tjson.c - the Terra Mystica engine's JSON view (render_json()): the same
 * public data as the text report of tview.c.  Terra Mystica has no hidden
 * information.
 */
#include <stdio.h>

#include "terra.h"

/* JSON of one faction. */
static json_t *
faction_json(const struct tm_state *s, int i, const char *const *names)
{
	const struct tm_player *p = &s->pl[i];
	json_t *o = json_object(), *fav = json_array(), *tw = json_array();
	int j;

	for (j = 1; j <= TM_NFAV; j++)
		if (p->fav[j])
			json_array_append_new(fav, json_integer(j));
	for (j = 1; j <= TM_NTW; j++)
		if (p->tw[j])
			json_array_append_new(tw, json_integer(j));
	json_object_set_new(o, "seat", json_integer(i + 1));
	json_object_set_new(o, "name", json_string(names != NULL ? names[i] : ""));
	json_object_set_new(o, "faction", p->faction >= 0 ?
	    json_string(tm_fdefs[p->faction].name) : json_null());
	/* The colour of its pieces, its home terrain's (the board pictures). */
	json_object_set_new(o, "color", p->faction >= 0 ?
	    json_string(tm_color_names[tm_fdefs[p->faction].color]) : json_null());
	json_object_set_new(o, "vp", json_integer(p->vp));
	json_object_set_new(o, "c", json_integer(p->c));
	json_object_set_new(o, "w", json_integer(p->w));
	json_object_set_new(o, "p", json_integer(p->p));
	json_object_set_new(o, "power", json_pack("[iii]", p->pw[0], p->pw[1], p->pw[2]));
	json_object_set_new(o, "cults", json_pack("[iiii]", p->cult[0], p->cult[1],
	    p->cult[2], p->cult[3]));
	json_object_set_new(o, "ship", json_integer(p->ship));
	json_object_set_new(o, "dig", json_integer(p->dig));
	json_object_set_new(o, "keys", json_integer(p->keys));
	json_object_set_new(o, "bonus", json_integer(p->bon));
	json_object_set_new(o, "favors", fav);
	json_object_set_new(o, "towns", tw);
	json_object_set_new(o, "buildings", json_pack("{sisisisisi}", "D", p->nb[1],
	    "TP", p->nb[2], "TE", p->nb[3], "SH", p->nb[4], "SA", p->nb[5]));
	if (p->faction >= 0 && (tm_picks_colour(s, i) || tm_is_shifter(s, i) ||
	    tm_is_river(s, i)))
		json_object_set_new(o, "color_picked", p->color2 > 0 ?
		    json_string(tm_color_names[p->color2 - 1]) : json_null());
	if (p->faction >= 0 && tm_hooks(p->faction)->json != NULL)
		tm_hooks(p->faction)->json(s, i, o);
	json_object_set_new(o, "passed", json_boolean(p->passed));
	json_object_set_new(o, "dropped", json_boolean(p->dropped));
	return o;
}

/* render_json(): the same public data as JSON. */
json_t *
tm_render_json(const void *st, int viewer, const char *const *names)
{
	const struct tm_state *s = st;
	json_t *o = json_object(), *map = json_array(), *f = json_array(), *a;
	struct game_wait w;
	int i, k;

	for (i = 0; i < TM_NCELLS; i++) {
		/* row 0..8 and position in it: where the hex is drawn */
		json_t *c = json_pack("{sssssisi}", "hex", s->cells[i].name, "terrain",
		    tm_color_names[(int)s->terrain[i]], "row", s->cells[i].row, "col",
		    s->cells[i].col);

		if (s->bld[i] != TB_NONE) {
			json_object_set_new(c, "building",
			    json_string(tm_bld_names[(int)s->bld[i]]));
			json_object_set_new(c, "seat", json_integer(s->owner[i] + 1));
			json_object_set_new(c, "town", json_boolean(s->town[i]));
		}
		json_array_append_new(map, c);
	}
	json_object_set_new(o, "game", json_string("terra"));
	json_object_set_new(o, "round", json_integer(s->round));
	json_object_set_new(o, "over", json_boolean(s->over));
	json_object_set_new(o, "map", map);
	if (s->map_id[0] != '\0')	/* a map other than the base map */
		json_object_set_new(o, "map_id", json_string(s->map_id));
	a = json_array();
	for (i = 0; i < s->nbridge; i++)
		json_array_append_new(a, json_pack("{sssssi}", "from",
		    s->cells[s->bridge[i][0]].name, "to", s->cells[s->bridge[i][1]].name,
		    "seat", s->bridge[i][2] + 1));
	json_object_set_new(o, "bridges", a);
	a = json_array();
	for (k = 0; k < 4; k++)
		json_array_append_new(a, json_pack("{sss[iiii]}", "cult", tm_cult_names[k],
		    "priests", s->slot[k][0] - 1, s->slot[k][1] - 1, s->slot[k][2] - 1,
		    s->slot[k][3] - 1));
	json_object_set_new(o, "cult_spaces", a);
	json_object_set_new(o, "scoring", json_pack("[iiiiii]", s->score_tile[0],
	    s->score_tile[1], s->score_tile[2], s->score_tile[3], s->score_tile[4],
	    s->score_tile[5]));
	a = json_array();
	for (i = 0; i < 6; i++)
		json_array_append_new(a, json_string(tm_score_desc(s->score_tile[i])));
	json_object_set_new(o, "scoring_text", a);
	a = json_object();
	for (i = 1; i <= TM_NBON; i++)
		if (s->bon_avail[i]) {
			char k2[16];

			snprintf(k2, sizeof(k2), "BON%d", i);
			json_object_set_new(a, k2, json_integer(s->bon_coins[i]));
		}
	json_object_set_new(o, "bonus_left", a);
	/* What each tile gives, in words (as scoring_text). */
	a = json_object();
	for (i = 1; i <= TM_NBON; i++) {
		char k2[16];

		snprintf(k2, sizeof(k2), "BON%d", i);
		json_object_set_new(a, k2, json_string(tm_bon_desc(i)));
	}
	for (i = 1; i <= TM_NFAV; i++) {
		char k2[16];

		snprintf(k2, sizeof(k2), "FAV%d", i);
		json_object_set_new(a, k2, json_string(tm_fav_desc(i)));
	}
	for (i = 1; i <= TM_NTW; i++) {
		char k2[16];

		snprintf(k2, sizeof(k2), "TW%d", i);
		json_object_set_new(a, k2, json_string(tm_tw_desc(i)));
	}
	json_object_set_new(o, "tiles_text", a);
	if (s->final_tile != TFS_NONE)
		json_object_set_new(o, "final_scoring", json_string(tm_final_names[s->final_tile]));
	a = json_array();
	for (i = 1; i <= 6; i++)
		if (s->act_used[i])
			json_array_append_new(a, json_integer(i));
	json_object_set_new(o, "power_actions_taken", a);
	a = json_array();
	for (i = 1; i <= TM_NFAV; i++)
		json_array_append_new(a, json_integer(s->fav_left[i]));
	json_object_set_new(o, "favor_left", a);
	a = json_array();
	for (i = 1; i <= TM_NTW; i++)
		json_array_append_new(a, json_integer(s->tw_left[i]));
	json_object_set_new(o, "town_left", a);
	for (i = 0; i < s->nseats; i++)
		json_array_append_new(f, faction_json(s, i, names));
	json_object_set_new(o, "factions", f);
	a = json_array();
	for (i = 0; i < s->nseats; i++)
		json_array_append_new(a, json_integer(s->table[i]));
	json_object_set_new(o, "player_order", a);
	a = json_array();
	for (i = 0; i < s->nseats; i++)
		json_array_append_new(a, json_integer(s->order[i]));
	json_object_set_new(o, "turn_order", a);
	tm_waiting(s, &w);
	a = json_array();
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i))
			json_array_append_new(a, json_pack("{siss}", "seat", i + 1, "why",
			    w.why[i]));
	json_object_set_new(o, "waiting", a);
	json_object_set_new(o, "last", json_string(s->last));
	/* What the last submission's round end and start paid (issue 27). */
	json_object_set_new(o, "ledger", json_string(s->ledger));
	/* Every power offer waiting, with what it gives and costs now. */
	a = json_array();
	for (i = 0; i < s->noffer; i++) {
		int vp, gain = tm_offer_gain(s, i, &vp);

		json_array_append_new(a, json_pack("{sisssisisi}", "seat", s->offer[i].to + 1,
		    "from", tm_fdefs[s->pl[s->offer[i].from].faction].name, "amount",
		    s->offer[i].amount, "gain", gain, "vp", vp));
	}
	json_object_set_new(o, "offers", a);
	if (viewer >= 0 && viewer < s->nseats)
		json_object_set_new(o, "private", json_pack("{ss}", "note",
		    "Terra Mystica has no hidden information"));
	return o;
}
