/*
 * tsetup.c - Terra Mystica setup: the options, the scoring and bonus tiles
 * drawn from the seed, the player order, and the setup commands (factions,
 * initial dwellings, initial bonus tiles).  Depends on tflow.c, tcore.c
 * and the faction hooks (tfactions.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terra.h"
#include "../notation.h"

/*
 * The map options: map=TEXT (a map in the format of tmap.c, the text of
 * the file `--option map=FILE` named) and map-id=ID (the site's id of the
 * map a log was played on, from `map ID` in an imported log).  Without
 * map the game is on the base map; map-id must then be the base map's
 * id, and with map it must be that map's id.  0, or -1 with err.
 */
static int
set_map(struct tm_state *s, const char *map, const char *map_id, char *err, size_t errlen)
{
	char id[TM_MAP_ID_LEN + 1], why[400];

	if (map_id != NULL && (strlen(map_id) != TM_MAP_ID_LEN ||
	    strspn(map_id, "0123456789abcdef") != TM_MAP_ID_LEN)) {
		snprintf(err, errlen, "map-id: a site's map id is %d hex digits "
		    "(lower case)", TM_MAP_ID_LEN);
		return -1;
	}
	if (map == NULL) {
		tm_map_base(s->cells);
		if (map_id != NULL && strcmp(map_id, tm_base_map_id) != 0) {
			snprintf(err, errlen, "map-id: the game is on the site's map %s, "
			    "not the base map built into arbiter (%s); that map's layout "
			    "is given as a file, with the option map", map_id,
			    tm_base_map_id);
			return -1;
		}
		return 0;
	}
	if (tm_map_parse(map, strlen(map), s->cells, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "map: %s", why);
		return -1;
	}
	tm_map_site_id(s->cells, id);
	if (map_id != NULL && strcmp(map_id, id) != 0) {
		snprintf(err, errlen, "map: the map given is the site's map %s, but the "
		    "log was played on %s", id, map_id);
		return -1;
	}
	if (strcmp(id, tm_base_map_id) != 0)
		snprintf(s->map_id, sizeof(s->map_id), "%s", id);
	return 0;
}

/*
 * The site's options for old and private games (commands.pm:1381-1391)
 * that arbiter plays: each lifts one check of the site's (terra.h,
 * enum tm_site_opt).  loose-cult-loss is arbiter's name for the site's
 * check commands.pm:52, which no log line can lift (the site does not
 * take `option loose-cult-loss`); kept as it was documented.
 */
static const struct {
	const char *name;
	int32_t bit;
} site_opts[] = {
	{ "loose-lose-cult", TO_LOSE_CULT },
	{ "loose-multi-spade", TO_MULTI_SPADE },
	{ "loose-bridge-adjacency", TO_BRIDGE_ADJ },
	{ "manual-fav5", TO_MANUAL_FAV5 },
	{ "loose-done", TO_DONE },
	{ "loose-cultist-ordering", TO_CULTIST_ORDER },
	{ "loose-engineer-bridge", TO_ENGINEER_BRIDGE },
	{ "shapeshifter-fix-playtest-v1", TO_SHIFTER_FIX_V1 },
};

/*
 * The site's `dropoption NAME` in a game under way (commands.pm:1360):
 * the option, named as written, is off from then on.  Only those the
 * site reads in play change anything (strict-leech, strict-darkling-sh,
 * strict-chaosmagician-sh, errata-cultist-power, variable-turn-order and
 * its options for old games); the rest it read when the setup ended (the
 * tiles, the factions: commands.pm:1186) or when it drew the game, and a
 * name it does not hold is nothing, as there.
 */
void
tm_drop_option(struct tm_state *s, const char *name)
{
	static const char *const live[] = {
		"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh",
		"errata-cultist-power", "variable-turn-order", "loose-cult-loss",
	};
	int32_t *slot[] = {
		&s->opt_strict_leech, &s->opt_strict_dark, &s->opt_strict_chaos,
		&s->opt_errata_cult, &s->opt_vto, &s->opt_loose_cult_loss,
	};
	size_t i;

	for (i = 0; i < sizeof(live) / sizeof(live[0]); i++)
		if (strcmp(name, live[i]) == 0)
			*slot[i] = 0;
	for (i = 0; i < sizeof(site_opts) / sizeof(site_opts[0]); i++)
		if (strcmp(name, site_opts[i].name) == 0)
			s->opt_site &= ~site_opts[i].bit;
}

/* The site's options arbiter does not play, and what each would lift. */
static const struct {
	const char *name, *what;
} unplayed[] = {
	{ "loose-dig", "spades from dig given up or left unspent, a dig after "
	    "a transform, and the short way round the colour cycle: "
	    "commands.pm:101, 655, 680, map.pm:582" },
	{ "loose-adjust-resource", "any gain a player writes (+C, +SPADE, "
	    "+FIRE...), which the site takes with a warning: commands.pm:112" },
};

/* Set one option from a key and value; -1 with err on an unknown key. */
static int
set_option(struct tm_state *s, const char *key, const char *value,
    int *score, int *nscore, int *del, int *ndel, int32_t *fi_final, char *err,
    size_t errlen)
{
	static const char *const flags[] = {
		"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh",
		"errata-cultist-power", "mini-expansion-1", "shipping-bonus",
		"temple-scoring-tile", "variable-turn-order",
		"maintain-player-order", "email-notify",
		"fire-and-ice-factions/ice", "fire-and-ice-final-scoring",
		"fire-and-ice-factions/volcano", "loose-cult-loss",
	};
	int32_t *slots[] = {
		&s->opt_strict_leech, &s->opt_strict_dark, &s->opt_strict_chaos,
		&s->opt_errata_cult, &s->opt_mini, &s->opt_shipbon,
		&s->opt_temple, &s->opt_vto, &s->opt_maintain, &s->opt_mail,
		&s->opt_fi_ice, fi_final, &s->opt_fi_volcano, &s->opt_loose_cult_loss,
	};
	size_t i;
	int n;

	if (strcmp(key, "score") == 0 && *nscore != 0) {
		snprintf(err, errlen, "%s: given twice", key);
		return -1;
	}
	if (strcmp(key, "score") == 0) {
		*nscore = tm_tile_list(value, "SCORE", TM_NSCORE, score, 6);
		if (*nscore != 6) {
			snprintf(err, errlen, "option score: six tiles SCORE1..SCORE9 "
			    "separated by commas are needed, not '%s'", value);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "delete") == 0) {
		n = tm_tile_list(value, "BON", TM_NBON, del + *ndel, TM_NBON - *ndel);
		if (n <= 0) {
			snprintf(err, errlen, "option delete: bonus tiles BON1..BON10 "
			    "separated by commas are needed, not '%s'", value);
			return -1;
		}
		*ndel += n;
		return 0;
	}
	if (strcmp(key, "final-scoring") == 0) {
		/*
		 * The site's add_final_scoring (commands.pm:1050) takes a name
		 * of its table as written, in lower case: the Fire & Ice
		 * tiles, and network and cults, which every game scores
		 * already (nothing changes); a tile named again changes
		 * nothing either.
		 */
		int t = tm_final_find(value);

		if (strcmp(value, "network") == 0 || strcmp(value, "cults") == 0)
			return 0;
		if (t == TFS_NONE) {
			snprintf(err, errlen, "option final-scoring: '%s' is no Fire & Ice "
			    "final scoring tile (connected-distance, "
			    "connected-sa-sh-distance, building-on-edge, "
			    "connected-clusters, as written here)", value);
			return -1;
		}
		if (s->final_tile != TFS_NONE && s->final_tile != t) {
			snprintf(err, errlen, "option final-scoring: a second Fire & Ice "
			    "tile ('%s' after '%s'); arbiter scores one", value,
			    tm_final_names[s->final_tile]);
			return -1;
		}
		s->final_tile = t;
		return 0;
	}
	if (strncmp(key, "fire-and-ice-factions/variable", 30) == 0) {
		static const char *const v[] = { "", "_v2", "_v3", "_v4", "_v5" };

		for (i = 0; i < 5; i++)
			if (strcmp(key + 30, v[i]) == 0) {
				if (value[0] != '\0' && strcmp(value, "on") != 0 &&
				    strcmp(value, "1") != 0) {
					snprintf(err, errlen, "option %s takes no value or "
					    "'on'", key);
					return -1;
				}
				/* the site adds each one's faction variants, the last
				 * one given winning: the highest */
				if ((int)i + 1 > s->opt_fi_variable)
					s->opt_fi_variable = (int32_t)i + 1;
				return 0;
			}
	}
	if (strncmp(key, "fire-and-ice-factions", 21) == 0 &&
	    strcmp(key, "fire-and-ice-factions/ice") != 0 &&
	    strcmp(key, "fire-and-ice-factions/volcano") != 0) {
		snprintf(err, errlen, "option %s: %s", key, strcmp(key,
		    "fire-and-ice-factions") == 0 ? "name the set of Fire & Ice "
		    "factions: fire-and-ice-factions/ice (Ice Maidens, Yetis), "
		    "fire-and-ice-factions/volcano (Acolytes, Dragonlords) or "
		    "fire-and-ice-factions/variable (Shapeshifters; rule versions "
		    "variable_v2 to variable_v5)" :
		    "unknown set of Fire & Ice factions (ice, volcano, variable, "
		    "variable_v2 to variable_v5)");
		return -1;
	}
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (strcmp(key, flags[i]) == 0) {
			if (value[0] != '\0' && strcmp(value, "on") != 0 &&
			    strcmp(value, "1") != 0) {
				snprintf(err, errlen, "option %s takes no value or 'on'", key);
				return -1;
			}
			*slots[i] = 1;
			return 0;
		}
	for (i = 0; i < sizeof(site_opts) / sizeof(site_opts[0]); i++)
		if (strcmp(key, site_opts[i].name) == 0) {
			if (value[0] != '\0' && strcmp(value, "on") != 0 &&
			    strcmp(value, "1") != 0) {
				snprintf(err, errlen, "option %s takes no value or 'on'", key);
				return -1;
			}
			s->opt_site |= site_opts[i].bit;
			return 0;
		}
	for (i = 0; i < sizeof(unplayed) / sizeof(unplayed[0]); i++)
		if (strcmp(key, unplayed[i].name) == 0) {
			snprintf(err, errlen, "option %s: a site option arbiter does not "
			    "play (it lifts the site's checks of %s)", key, unplayed[i].what);
			return -1;
		}
	snprintf(err, errlen, "unknown option '%s' (known: map, map-id, score, delete, "
	    "strict-leech, strict-darkling-sh, strict-chaosmagician-sh, "
	    "errata-cultist-power, mini-expansion-1, shipping-bonus, "
	    "temple-scoring-tile, variable-turn-order, maintain-player-order, "
	    "email-notify, fire-and-ice-factions/ice, fire-and-ice-factions/volcano, "
	    "fire-and-ice-factions/variable (and _v2.._v5), "
	    "fire-and-ice-final-scoring, final-scoring, loose-cult-loss, "
	    "loose-lose-cult, loose-multi-spade, loose-bridge-adjacency, "
	    "manual-fav5, loose-done, loose-cultist-ordering, "
	    "loose-engineer-bridge, shapeshifter-fix-playtest-v1)", key);
	return -1;
}

/*
 * Would the setup take the option key with value (the import's check of
 * an `option NAME` line, whose error then names the line)?  0, or -1
 * with err as tm_setup would say it.
 */
int
tm_option_check(const char *key, const char *value, char *err, size_t errlen)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	int score[6], nscore = 0, del[TM_NBON], ndel = 0, rc;
	int32_t fi_final = 0;

	if (s == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = set_option(s, key, value, score, &nscore, del, &ndel, &fi_final, err, errlen);
	free(s);
	return rc;
}

/* Draw the six round scoring tiles (SCORE1 not in rounds 5 and 6). */
static void
draw_scores(struct tm_state *s)
{
	int pool[TM_NSCORE], n = 0, i, k, t;

	for (i = 1; i <= 8; i++)
		pool[n++] = i;
	if (s->opt_temple)
		pool[n++] = 9;
	for (i = 0; i < 6; i++) {
		do {
			k = (int)rng_below(&s->rng, (uint32_t)n);
			t = pool[k];
		} while (t == 1 && i >= 4);
		s->score_tile[i] = t;
		pool[k] = pool[--n];
	}
}

/* Check explicit scoring tiles: distinct, allowed, SCORE1 not late. */
static int
check_scores(const struct tm_state *s, const int *score, char *err, size_t errlen)
{
	int i, j;

	for (i = 0; i < 6; i++) {
		if (score[i] == 9 && !s->opt_temple) {
			snprintf(err, errlen, "option score: SCORE9 needs option "
			    "temple-scoring-tile");
			return -1;
		}
		if (score[i] == 1 && i >= 4) {
			snprintf(err, errlen, "option score: SCORE1 may not be used "
			    "in rounds 5 and 6");
			return -1;
		}
		for (j = 0; j < i; j++)
			if (score[i] == score[j]) {
				snprintf(err, errlen, "option score: SCORE%d twice", score[i]);
				return -1;
			}
	}
	return 0;
}

/* Fill the bonus tile pool and remove tiles down to seats + 3. */
static int
setup_bonus(struct tm_state *s, const int *del, int ndel, char *err, size_t errlen)
{
	int i, n = 0, want = s->nseats + 3, k, left;

	for (i = 1; i <= TM_NBON; i++) {
		s->bon_avail[i] = i <= 9 || s->opt_shipbon;
		n += s->bon_avail[i];
	}
	for (i = 0; i < ndel; i++) {
		if (!s->bon_avail[del[i]]) {
			snprintf(err, errlen, "option delete: BON%d is not in the pool",
			    del[i]);
			return -1;
		}
		s->bon_avail[del[i]] = 0;
		n--;
	}
	if (n < want) {
		snprintf(err, errlen, "option delete: %d bonus tiles left, a "
		    "%d-player game needs %d", n, s->nseats, want);
		return -1;
	}
	if (ndel > 0 && n != want) {
		snprintf(err, errlen, "option delete: %d bonus tiles left, a "
		    "%d-player game needs exactly %d", n, s->nseats, want);
		return -1;
	}
	while (n > want) {
		k = (int)rng_below(&s->rng, (uint32_t)n);
		left = 0;
		for (i = 1; i <= TM_NBON; i++)
			if (s->bon_avail[i] && left++ == k) {
				s->bon_avail[i] = 0;
				break;
			}
		n--;
	}
	return 0;
}

/*
 * The player order (who chooses a faction first, places dwellings first
 * and starts round 1): the seat order with the option
 * maintain-player-order, otherwise drawn from the game's seed, as the
 * online site shuffles the players of a new game.
 */
static void
draw_table(struct tm_state *s)
{
	int i, k;
	int32_t t;

	for (i = 0; i < s->nseats; i++)
		s->table[i] = i;
	if (s->opt_maintain)
		return;
	for (i = s->nseats - 1; i > 0; i--) {
		k = (int)rng_below(&s->rng, (uint32_t)(i + 1));
		t = s->table[i];
		s->table[i] = s->table[k];
		s->table[k] = t;
	}
}

/* Set up a new game: options, tiles, map; factions are chosen in play. */
int
tm_setup(void *st, int nseats, const struct game_opt *opts, int nopts,
    const uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen)
{
	struct tm_state *s = st;
	int score[6], nscore = 0, del[TM_NBON], ndel = 0, i;
	const char *map = NULL, *map_id = NULL;
	int32_t fi_final = 0;

	if (nseats < 2 || nseats > TM_MAXP) {
		snprintf(err, errlen, "Terra Mystica is for 2 to 5 players, not %d",
		    nseats);
		return -1;
	}
	memset(s, 0, sizeof(*s));
	s->magic = TM_MAGIC;
	s->nseats = nseats;
	rng_seed(&s->rng, seed);
	for (i = 0; i < nopts; i++) {
		const char *v = opts[i].value != NULL ? opts[i].value : "";

		if (strcmp(opts[i].key, "map") == 0 || strcmp(opts[i].key, "map-id") == 0) {
			const char **slot = opts[i].key[3] == '\0' ? &map : &map_id;

			if (*slot != NULL) {
				snprintf(err, errlen, "%s: given twice", opts[i].key);
				return -1;
			}
			*slot = v;
		} else if (set_option(s, opts[i].key, v, score, &nscore, del, &ndel, &fi_final,
		    err, errlen) != 0)
			return -1;
	}
	if (set_map(s, map, map_id, err, errlen) != 0)
		return -1;
	if (nscore == 6) {
		if (check_scores(s, score, err, errlen) != 0)
			return -1;
		memcpy(s->score_tile, score, sizeof(score));
	} else {
		draw_scores(s);
	}
	if (setup_bonus(s, del, ndel, err, errlen) != 0)
		return -1;
	for (i = 1; i <= TM_NFAV; i++)
		s->fav_left[i] = i <= 4 ? 1 : 3;
	for (i = 1; i <= 5; i++)
		s->tw_left[i] = 2;
	if (s->opt_mini) {
		s->tw_left[6] = 1;
		s->tw_left[7] = 2;
		s->tw_left[8] = 1;
	}
	for (i = 0; i < TM_NCELLS; i++) {
		s->terrain[i] = (int8_t)s->cells[i].color;
		s->owner[i] = -1;
	}
	for (i = 0; i < TM_MAXP; i++)
		s->pl[i].faction = -1;
	draw_table(s);
	/* fire-and-ice-final-scoring: one of the four tiles, drawn last so
	 * that games without it draw as before; final-scoring=NAME names it */
	if (fi_final && s->final_tile == TFS_NONE)
		s->final_tile = 1 + (int32_t)rng_below(&s->rng, TFS_COUNT - 1);
	memcpy(s->order, s->table, sizeof(s->order));
	s->phase = TP_FACTIONS;
	s->cur = s->table[0];
	tm_new_turn(s);
	snprintf(s->last, sizeof(s->last), "The game was set up; factions are "
	    "chosen in the player order (%s):", s->opt_maintain ?
	    "seat order, maintain-player-order" : "drawn from the seed");
	for (i = 0; i < nseats; i++) {
		size_t len = strlen(s->last);

		snprintf(s->last + len, sizeof(s->last) - len, "%s seat %d",
		    i > 0 ? "," : "", s->table[i] + 1);
	}
	return 0;
}

/*
 * The faction of the seat at play is complete (chosen, and for an ice
 * faction its colour and favor tile taken): the next seat in player order
 * chooses; after the last, a volcano faction picks its colour (the site's
 * post-setup), then the initial dwellings are placed.
 */
void
tm_factions_next(struct tm_state *s)
{
	int i, n = 0, nomads = -1, chaos = -1;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[s->table[i]].faction < 0) {
			s->cur = s->table[i];
			return;
		}
	for (i = 0; i < s->nseats; i++)
		if (tm_is_volcano(s, s->table[i]) && s->pl[s->table[i]].color2 == 0 &&
		    !s->pl[s->table[i]].dropped && !s->pl[s->table[i]].pick_gone) {
			s->cur = s->table[i];
			s->pl[s->cur].pick_owed = 1;
			return;
		}
	/* a seat that left in the setup places no dwelling (the site) */
	for (i = 0; i < s->nseats; i++) {
		int t = s->table[i];

		if (s->pl[t].dropped)
			continue;
		if (s->pl[t].faction == TF_CHAOS)
			chaos = t;
		else
			s->queue[n++] = t;
		if (s->pl[t].faction == TF_NOMADS)
			nomads = t;
	}
	for (i = s->nseats - 1; i >= 0; i--)
		if (s->pl[s->table[i]].faction != TF_CHAOS && !s->pl[s->table[i]].dropped)
			s->queue[n++] = s->table[i];
	if (nomads >= 0)
		s->queue[n++] = nomads;
	if (chaos >= 0)
		s->queue[n++] = chaos;
	s->nqueue = n;
	s->qpos = 0;
	s->phase = TP_DWELLINGS;
	s->cur = s->queue[0];
}

/* Refuse a faction the game cannot seat; 0 when it may be chosen. */
static enum game_status
faction_allowed(const struct tm_state *s, int f, const char *name, char *err,
    size_t errlen)
{
	if (f < 0)
		return tm_fail(err, errlen, "setup: unknown faction '%s'", name);
	if ((f == TF_ICEMAIDENS || f == TF_YETIS) && !s->opt_fi_ice)
		return tm_fail(err, errlen, "setup: the %s are a Fire & Ice faction: "
		    "the game needs the option fire-and-ice-factions/ice",
		    tm_fdefs[f].name);
	if ((f == TF_ACOLYTES || f == TF_DRAGONLORDS) && !s->opt_fi_volcano)
		return tm_fail(err, errlen, "setup: the %s are a Fire & Ice faction: "
		    "the game needs the option fire-and-ice-factions/volcano",
		    tm_fdefs[f].name);
	if ((f == TF_SHAPESHIFTERS || f == TF_RIVERWALKERS) && !s->opt_fi_variable)
		return tm_fail(err, errlen, "setup: the %s are a Fire & Ice "
		    "faction: the game needs the option fire-and-ice-factions/variable "
		    "(or one of its rule versions variable_v2 to variable_v5)",
		    tm_fdefs[f].name);
	return GAME_OK;
}

/* Setup: the `setup FACTION` command of the seat whose turn it is. */
enum game_status
tm_cmd_setup(struct tm_state *s, int seat, const char *name, char *err, size_t errlen)
{
	int f = tm_faction_find(name), i;
	struct tm_player *p = &s->pl[seat];
	const struct tm_fdef *d;
	enum game_status rc;

	if (p->faction >= 0)
		return tm_fail(err, errlen, "setup: you are the %s already", tm_fdefs[p->faction].name);
	rc = faction_allowed(s, f, name, err, errlen);
	if (rc != GAME_OK)
		return rc;
	/* a faction that left the game takes no colour from one chosen later
	 * (its home, nor one it picked): the site's check passes over it
	 * (Game/Factions.pm:142, factions_in_order(1)); the same faction
	 * again, which the site would seat twice, stays refused */
	for (i = 0; i < s->nseats; i++) {
		if (s->pl[i].faction == f)
			return tm_fail(err, errlen, "setup: another seat has the %s already (one "
			    "faction, one seat)", name);
		if (s->pl[i].faction >= 0 && !s->pl[i].dropped &&
		    (tm_fdefs[s->pl[i].faction].color ==
		    tm_fdefs[f].color || s->pl[i].color2 - 1 == tm_fdefs[f].color))
			return tm_fail(err, errlen, "setup: the colour of the %s is taken by "
			    "the %s", name, tm_fdefs[s->pl[i].faction].name);
	}
	d = &tm_fdefs[f];
	p->faction = f;
	p->vp = 20;
	p->c = d->c;
	p->w = d->w;
	p->p = d->p;
	p->pw[0] = d->p1;
	p->pw[1] = d->p2;
	memcpy(p->cult, d->cult, sizeof(p->cult));
	p->ship = d->ship;
	/* An ice faction picks its colour, the Ice Maidens take a favor tile,
	 * before the next faction is chosen (the site). */
	if (d->color == TC_ICE)
		p->pick_owed = 1;
	/* what a Fire & Ice faction owes on top: its hook */
	if (tm_hooks(f)->setup != NULL)
		tm_hooks(f)->setup(s, seat);
	if (f == TF_ICEMAIDENS)
		p->fav_owed = 1;
	if (!p->pick_owed && !p->fav_owed)
		tm_factions_next(s);
	return GAME_OK;
}

/*
 * `pick-color COLOUR`: an ice faction right after choosing its faction, a
 * volcano faction once every faction is chosen, picks one of the seven
 * colours no other faction has; its initial dwellings go on hexes of
 * that colour (which turn to ice or volcano), and for an ice faction the
 * colour counts as its home on the terrain cycle.
 */
enum game_status
tm_cmd_pick_color(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int c = tm_color_find(name);

	if (!p->pick_owed)
		return tm_fail(err, errlen, "pick-color: only an ice or volcano faction "
		    "picks a colour, once");
	if (c < 0 || c == TC_RIVER)
		return tm_fail(err, errlen, "pick-color: '%s' is not a terrain colour "
		    "(yellow brown black blue green gray red)", name);
	if (c == TC_ICE || c == TC_VOLCANO)
		return tm_fail(err, errlen, "pick-color: %s is not one of the seven colours "
		    "(yellow brown black blue green gray red)", tm_color_names[c]);
	if (tm_colour_taken(s, seat, c))
		return tm_fail(err, errlen, "pick-color: %s is not available (another "
		    "faction has it)", tm_color_names[c]);
	p->color2 = c + 1;
	p->pick_owed = 0;
	return GAME_OK;
}

/*
 * Does a seat that left the game still owe a colour as the site counts it
 * (its PICK_COLOR, which drop-faction leaves as it was)?  An ice faction,
 * the Shapeshifters and the Riverwalkers owe theirs from their `setup`, a
 * volcano faction from the site's post-setup, once every faction is chosen
 * (acting.pm:449-456, a faction that left included), the Shapeshifters
 * again after a shapeshift; until picked or given up (-PICK_COLOR).
 */
int
tm_dropped_owes_colour(const struct tm_state *s, int seat)
{
	const struct tm_player *p = &s->pl[seat];
	int i;

	if (!p->dropped || p->faction < 0 || p->pick_gone)
		return 0;
	if (p->pick_owed)
		return 1;
	if (p->color2 != 0)
		return 0;
	if (tm_is_ice(s, seat) || tm_is_shifter(s, seat) || tm_is_river(s, seat))
		return 1;
	if (!tm_is_volcano(s, seat))
		return 0;
	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].faction < 0)
			return 0;
	return 1;
}

/*
 * `pick-color COLOUR` of a faction that left the game: the site takes it
 * while the faction owes its colour, from no matter whose turn
 * (commands.pm:1446-1449 asks only for a faction, and for PICK_COLOR), and
 * refuses a colour that is some faction's own (its own too: a Shapeshifters'
 * colour of the moment), or in the site's round 0 (the setup, and the
 * Riverwalkers' unlocks of the first income) one an ice or volcano faction
 * picked (commands.pm:1451-1458).  The colour is then the faction's, as
 * any pick makes it (commands.pm:1460-1492): an ice or volcano faction's
 * second colour, the Shapeshifters' and Riverwalkers' home, their
 * buildings with it; no turn changes.
 */
enum game_status
tm_cmd_dropped_pick(struct tm_state *s, int seat, const char *name, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	int c = tm_color_find(name), old = tm_home(s, seat), round0, i;

	if (!tm_dropped_owes_colour(s, seat))
		return tm_fail(err, errlen, "pick-color: your faction left the game owing "
		    "no colour to pick");
	if (tm_lower_arg("pick-color", name, err, errlen) != GAME_OK)
		return GAME_REJECTED;
	if (c < 0 || c >= TC_RIVER)
		return tm_fail(err, errlen, "pick-color: name one of yellow brown "
		    "black blue green gray red");
	round0 = s->phase < TP_ACTIONS || (s->round == 1 && s->unlock_wait);
	for (i = 0; i < s->nseats; i++) {
		if (s->pl[i].faction < 0)
			continue;
		if (tm_home(s, i) == c || (round0 && tm_picks_colour(s, i) &&
		    s->pl[i].color2 - 1 == c))
			return tm_fail(err, errlen, "pick-color: %s is not available (the "
			    "%s have it)", tm_color_names[c], tm_fdefs[s->pl[i].faction].name);
	}
	if (tm_is_shifter(s, seat) || tm_is_river(s, seat))
		for (i = 0; i < TM_NCELLS; i++)
			if (old >= 0 && s->bld[i] != TB_NONE && s->terrain[i] == old)
				s->terrain[i] = (int8_t)c;
	p->color2 = c + 1;
	p->pick_owed = 0;
	return GAME_OK;
}

/*
 * `-PICK_COLOR` while a colour is owed in the setup: the site takes it as
 * any resource given up (commands.pm, command_adjust_resources: PICK_COLOR
 * goes to 0, so `pick-color` is refused for good) and goes on to the next
 * faction's choice or the dwellings.  The faction then has no terrain: the
 * site refuses each of its initial dwellings (an ice faction's and the
 * Riverwalkers' or Shapeshifters' colour is no colour, a volcano
 * faction's dwelling needs a volcano dug), so the game waits on it until
 * it resigns (tm_cmd_build).  The Ice Maidens still take their favor tile.
 */
void
tm_pick_given_up(struct tm_state *s, int seat)
{
	struct tm_player *p = &s->pl[seat];

	p->pick_owed = 0;
	p->pick_gone = 1;
	if (!p->fav_owed)
		tm_factions_next(s);
}

/*
 * What an ice faction owes right after choosing: `pick-color COLOUR`,
 * and for the Ice Maidens `+FAVn`, in either order; a volcano faction's
 * `pick-color` once all have chosen.
 */
enum game_status
tm_cmd_setup_owed(struct tm_state *s, int seat, char **w, int nw, char *err,
    size_t errlen)
{
	struct tm_player *p = &s->pl[seat];
	enum game_status rc;
	int k;

	if (word_eq(w[0], "pick-color") && nw == 2) {
		rc = tm_cmd_pick_color(s, seat, w[1], err, errlen);
	} else if (w[0][0] == '+' && nw == 1 &&
	    (k = tm_tile_num(w[0] + 1, "FAV", TM_NFAV)) > 0) {
		rc = tm_take_owed_favor(s, seat, k, err, errlen);
	} else {
		return tm_fail(err, errlen, "the %s owe %s first", tm_fdefs[p->faction].name,
		    p->pick_owed ? "their colour: pick-color COLOUR" :
		    "their favor tile: +FAVn");
	}
	if (rc == GAME_OK && !p->pick_owed && !p->fav_owed)
		tm_factions_next(s);
	return rc;
}

/*
 * Bonus tiles are picked against the player order: the seat at position
 * pos or, if it left the game, the nearest one before it; -1 when none.
 */
int
tm_next_bonus_seat(const struct tm_state *s, int pos)
{
	while (pos >= 0 && s->pl[s->table[pos]].dropped)
		pos--;
	return pos >= 0 ? s->table[pos] : -1;
}

/* After an initial dwelling: the next placement, or the bonus picks. */
void
tm_next_placement(struct tm_state *s)
{
	while (++s->qpos < s->nqueue)
		if (!s->pl[s->queue[s->qpos]].dropped) {
			s->cur = s->queue[s->qpos];
			return;
		}
	s->phase = TP_BONUS;
	s->cur = tm_next_bonus_seat(s, s->nseats - 1);
	if (s->cur < 0)
		tm_start_round(s, 1);
}