/*
 * tdcand.c - candidate commands for the differential: drawn from the site's
 * command grammar (the regular expressions of `command` in the reference's
 * src/commands.pm), with arguments that fit the game at hand often enough
 * to matter, and by any seat, on turn or not.  Both engines are asked
 * about each (tdgen.c); what arbiter refuses is offered as much as what it
 * accepts.
 *
 * The site's grammar, command by command: [+-]N?TYPE, build HEX, upgrade
 * HEX to B, send p to CULT [for N], convert [N]X to [N]Y, gain X for Y,
 * burn N, leech N [from F], decline [N from F], transform HEX [to C],
 * dig N, bridge A:B, connect A:B[:C] | connect rN, pass [BONn],
 * action X, done, wait, pick-color C, unlock-terrain C, drop-faction F
 * (admin) and resign (a faction's own drop-faction).  Rows of several
 * commands split on '.'.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tdarb.h"

const char *const td_kind_names[TK_NKIND] = {
	"listed", "other-seat", "convert", "burn", "leech", "decline", "action",
	"pass", "build", "upgrade", "transform", "dig", "send", "advance", "bridge",
	"plus", "minus-resource", "minus-cult", "minus-owed", "minus-tile", "done",
	"wait", "drop-faction", "resign", "pick-color", "unlock-terrain", "connect",
	"gain", "multi", "last-seat-actions",
};

static uint32_t
pick(struct rng *g, uint32_t n)
{
	return n > 0 ? rng_below(g, n) : 0;
}

/* A land hex: next to one of seat's buildings most of the time. */
static int
some_hex(const struct tm_state *s, struct rng *g, int seat, int empty)
{
	int cand[TM_NCELLS], n = 0, i, j;

	if (seat >= 0 && pick(g, 4) != 0)
		for (i = 0; i < TM_NCELLS; i++) {
			if (s->owner[i] != seat || s->bld[i] == TB_NONE)
				continue;
			for (j = 0; j < s->cells[i].nadj; j++) {
				int c = s->cells[i].adj[j];

				if (s->cells[c].color != TC_RIVER &&
				    (!empty || s->bld[c] == TB_NONE) && n < TM_NCELLS)
					cand[n++] = c;
			}
		}
	if (n == 0)
		for (i = 0; i < TM_NCELLS; i++)
			if (s->cells[i].color != TC_RIVER && (!empty || s->bld[i] == TB_NONE))
				cand[n++] = i;
	return n > 0 ? cand[pick(g, (uint32_t)n)] : 0;
}

/* One of seat's buildings, or -1. */
static int
own_building(const struct tm_state *s, struct rng *g, int seat)
{
	int cand[TM_NCELLS], n = 0, i;

	for (i = 0; i < TM_NCELLS; i++)
		if (seat >= 0 && s->owner[i] == seat && s->bld[i] != TB_NONE)
			cand[n++] = i;
	return n > 0 ? cand[pick(g, (uint32_t)n)] : -1;
}

/* A faction in the game, by name (the seat's own sometimes). */
static const char *
some_faction(const struct tm_state *s, struct rng *g, const char (*fnames)[32])
{
	int i = (int)pick(g, (uint32_t)s->nseats);

	return fnames[i][0] != '\0' ? fnames[i] : "cultists";
}

static const char *const resources[] = { "C", "W", "P", "PW", "VP", "P1", "P2", "P3",
	"KEY", "PW_TOKEN" };
static const char *const owed[] = { "SPADE", "FREE_D", "FREE_TF", "FREE_TP", "CULT",
	"GAIN_FAVOR", "GAIN_TW", "GAIN_P3_FOR_VP", "GAIN_SHIP", "GAIN_TELEPORT",
	"BRIDGE", "VOLCANO_TF", "CONVERT_W_TO_P", "UNLOCK_TERRAIN", "PICK_COLOR",
	"LOSE_CULT", "TOWN_SIZE" };
static const char *const convs[][2] = {
	{ "PW", "C" }, { "PW", "W" }, { "PW", "P" }, { "W", "C" }, { "P", "W" },
	{ "P", "C" }, { "W", "P" }, { "VP", "C" }, { "C", "VP" }, { "C", "W" },
	{ "PW", "VP" } };
static const int conv_rate[] = { 1, 3, 5, 1, 1, 1, 1, 1, 3, 1, 1 };

/* "", "2", "3": the count of a [+-]N?TYPE command. */
static const char *
count_word(struct rng *g)
{
	static const char *const c[] = { "", "", "", "", "2", "3" };

	return c[pick(g, 6)];
}

/* The seat's power offers: amount and giver of one of them, or 0. */
static int
an_offer(const struct tm_state *s, struct rng *g, int seat, int *from)
{
	int idx[TM_MAXOFFER], n = 0, i;

	for (i = 0; i < s->noffer; i++)
		if (s->offer[i].to == seat)
			idx[n++] = i;
	if (n == 0)
		return 0;
	i = idx[pick(g, (uint32_t)n)];
	*from = s->offer[i].from;
	return s->offer[i].amount;
}

/* Is seat the only one that has not passed (or left)? */
static int
last_unpassed(const struct tm_state *s, int seat)
{
	int i;

	if (s->pl[seat].passed || s->pl[seat].dropped)
		return 0;
	for (i = 0; i < s->nseats; i++)
		if (i != seat && !s->pl[i].passed && !s->pl[i].dropped)
			return 0;
	return 1;
}

static void
cand_set(struct td_cand *c, int seat, enum td_kind k, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
cand_set(struct td_cand *c, int seat, enum td_kind k, const char *fmt, ...)
{
	va_list ap;

	c->seat = seat;
	c->kind = k;
	va_start(ap, fmt);
	vsnprintf(c->text, sizeof(c->text), fmt, ap);
	va_end(ap);
}

/* The listed moves of another seat (arbiter's moves()). */
static int
other_listed(const struct game_rules *r, const struct tm_state *s, struct rng *g,
    int seat, struct td_cand *c)
{
	struct sbuf mv = SBUF_INIT;
	char *lines[2048];
	int n;

	r->moves(s, seat, &mv);
	n = td_split_lines((char *)sb_str(&mv), lines, 2048);
	if (n > 0)
		cand_set(c, seat, TK_OTHER, "%s", lines[pick(g, (uint32_t)n)]);
	sb_free(&mv);
	return n > 0 ? 0 : -1;
}

int
td_candidate(const struct game_rules *r, const struct tm_state *s, struct rng *g,
    int seat, char **listed, int nlisted, const char (*fnames)[32], struct td_cand *c)
{
	int who, k, n, from = -1, hex, i;
	const char *fn;
	const struct tm_player *p;
	static const char *const cults[] = { "FIRE", "WATER", "EARTH", "AIR" };
	static const char *const colours[] = { "yellow", "brown", "black", "blue", "green",
		"gray", "red", "ice", "volcano" };
	static const char *const blds[] = { "TP", "TE", "SH", "SA" };

	/* the seat the game moves now, most of the time; any seat else */
	who = pick(g, 10) < 6 && seat >= 0 ? seat : (int)pick(g, (uint32_t)s->nseats);
	if (s->pl[who].faction < 0)
		return -1;
	p = &s->pl[who];
	fn = fnames[who];
	k = (int)pick(g, 40);
	switch (k) {
	case 0: case 1:
		/* another seat's listed move, or this seat's again */
		return other_listed(r, s, g, (int)pick(g, (uint32_t)s->nseats), c);
	case 2: case 3: case 4: {
		int j = (int)pick(g, sizeof(convs) / sizeof(convs[0])), m = 1 + (int)pick(g, 2);
		int rate = conv_rate[j];

		if (pick(g, 8) == 0)
			rate = 1 + (int)pick(g, 3);
		if (j == 8 && p->faction == TF_ALCHEMISTS)
			rate = 2;
		cand_set(c, who, TK_CONVERT, "convert %d%s to %d%s", rate * m, convs[j][0],
		    m, convs[j][1]);
		return 0;
	}
	case 5: case 6:
		cand_set(c, who, TK_BURN, "burn %d", (int)pick(g, 4));
		return 0;
	case 7: case 8: case 9:
		n = an_offer(s, g, who, &from);
		if (n > 0) {
			switch (pick(g, 6)) {
			case 0: n = 1 + (int)pick(g, 5); break;
			case 1: n = tm_capacity(p) > 0 ? tm_capacity(p) : n; break;
			default: break;
			}
			if (pick(g, 4) == 0)
				cand_set(c, who, TK_LEECH, "leech %d", n);
			else
				cand_set(c, who, TK_LEECH, "leech %d from %s", n,
				    pick(g, 8) == 0 ? some_faction(s, g, fnames) :
				    fnames[from]);
		} else if (pick(g, 2))
			cand_set(c, who, TK_LEECH, "leech %d", 1 + (int)pick(g, 4));
		else
			cand_set(c, who, TK_LEECH, "leech %d from %s", 1 + (int)pick(g, 4),
			    some_faction(s, g, fnames));
		return 0;
	case 10: case 11:
		n = an_offer(s, g, who, &from);
		if (n > 0 && pick(g, 3) != 0)
			cand_set(c, who, TK_DECLINE, "decline %d from %s",
			    pick(g, 6) == 0 ? 1 + (int)pick(g, 5) : n, fnames[from]);
		else
			cand_set(c, who, TK_DECLINE, "decline");
		return 0;
	case 12: case 13: {
		static const char *const acts[] = { "ACT1", "ACT2", "ACT3", "ACT4", "ACT5",
			"ACT6", "BON1", "BON2", "FAV6", "ACTA", "ACTC", "ACTE", "ACTG", "ACTN",
			"ACTS", "ACTW", "ACTH1", "ACTH2", "ACTH3", "ACTH4", "ACTH5", "ACTH6" };

		cand_set(c, who, TK_ACTION, "action %s", acts[pick(g, sizeof(acts) /
		    sizeof(acts[0]))]);
		return 0;
	}
	case 14: case 15:
		if (pick(g, 10) == 0)
			cand_set(c, who, TK_PASS, "pass");
		else
			cand_set(c, who, TK_PASS, "pass BON%d", 1 + (int)pick(g, 10));
		return 0;
	case 16:
		hex = some_hex(s, g, who, 1);
		cand_set(c, who, TK_BUILD, "%sbuild %s", pick(g, 3) == 0 ? "dig 1. " : "",
		    s->cells[hex].name);
		return 0;
	case 17:
		if ((hex = own_building(s, g, who)) < 0)
			return -1;
		cand_set(c, who, TK_UPGRADE, "upgrade %s to %s", s->cells[hex].name,
		    blds[pick(g, 4)]);
		return 0;
	case 18:
		hex = some_hex(s, g, who, 1);
		if (pick(g, 4) == 0)
			cand_set(c, who, TK_TRANSFORM, "transform %s", s->cells[hex].name);
		else
			cand_set(c, who, TK_TRANSFORM, "transform %s to %s", s->cells[hex].name,
			    colours[pick(g, 9)]);
		return 0;
	case 19:
		hex = some_hex(s, g, who, 1);
		cand_set(c, who, TK_DIG, "dig %d%s%s", 1 + (int)pick(g, 3),
		    pick(g, 2) ? ". transform " : "", "");
		if (strstr(c->text, "transform") != NULL) {
			size_t l = strlen(c->text);

			snprintf(c->text + l, sizeof(c->text) - l, "%s", s->cells[hex].name);
		}
		return 0;
	case 20:
		if (pick(g, 2))
			cand_set(c, who, TK_SEND, "send p to %s", cults[pick(g, 4)]);
		else
			cand_set(c, who, TK_SEND, "send p to %s for %d", cults[pick(g, 4)],
			    1 + (int)pick(g, 3));
		return 0;
	case 21:
		cand_set(c, who, TK_ADVANCE, "advance %s", pick(g, 2) ? "ship" : "dig");
		return 0;
	case 22: {
		int a = own_building(s, g, who), b;

		if (a < 0 || s->cells[a].nbr == 0)
			a = some_hex(s, g, -1, 0);
		if (s->cells[a].nbr == 0)
			return -1;
		b = s->cells[a].br[pick(g, (uint32_t)s->cells[a].nbr)];
		cand_set(c, who, TK_BRIDGE, "bridge %s:%s", s->cells[a].name, s->cells[b].name);
		return 0;
	}
	case 23: case 24:
		switch (pick(g, 5)) {
		case 0:
			cand_set(c, who, TK_PLUS, "+FAV%d", 1 + (int)pick(g, 12));
			break;
		case 1:
			cand_set(c, who, TK_PLUS, "+TW%d", 1 + (int)pick(g, 8));
			break;
		case 2:
			cand_set(c, who, TK_PLUS, "+%s%s", count_word(g),
			    resources[pick(g, sizeof(resources) / sizeof(resources[0]))]);
			break;
		default:
			cand_set(c, who, TK_PLUS, "+%s%s", count_word(g), cults[pick(g, 4)]);
			break;
		}
		return 0;
	case 25: case 26:
		cand_set(c, who, TK_MINUS_RES, "-%s%s", count_word(g),
		    resources[pick(g, sizeof(resources) / sizeof(resources[0]))]);
		return 0;
	case 27: case 28:
		cand_set(c, who, TK_MINUS_CULT, "-%s%s", count_word(g), cults[pick(g, 4)]);
		return 0;
	case 29: case 30:
		cand_set(c, who, TK_MINUS_OWED, "-%s%s", pick(g, 6) == 0 ? "2" : "",
		    owed[pick(g, sizeof(owed) / sizeof(owed[0]))]);
		if (pick(g, 3) == 0)	/* the site reads the type in any case */
			for (i = 1; c->text[i] != '\0'; i++)
				c->text[i] = (char)(c->text[i] >= 'A' && c->text[i] <= 'Z' ?
				    c->text[i] - 'A' + 'a' : c->text[i]);
		return 0;
	case 31:
		switch (pick(g, 3)) {
		case 0:
			cand_set(c, who, TK_MINUS_TILE, "-BON%d", p->bon > 0 && pick(g, 2) ?
			    p->bon : 1 + (int)pick(g, 10));
			break;
		case 1:
			cand_set(c, who, TK_MINUS_TILE, "-FAV%d", 1 + (int)pick(g, 12));
			break;
		default:
			cand_set(c, who, TK_MINUS_TILE, "-TW%d", 1 + (int)pick(g, 8));
			break;
		}
		return 0;
	case 32:
		if (pick(g, 2))
			cand_set(c, who, TK_DONE, "done");
		else
			cand_set(c, who, TK_WAIT, "wait");
		return 0;
	case 33:
		/* leaving the game: rare, the generator commits few of them */
		if (pick(g, 4) != 0)
			return -1;
		if (pick(g, 2))
			cand_set(c, -1, TK_DROP, "drop-faction %s", fn);
		else
			cand_set(c, who, TK_RESIGN, "resign");
		return 0;
	case 34:
		if (pick(g, 2))
			cand_set(c, who, TK_PICK, "pick-color %s", colours[pick(g, 7)]);
		else
			cand_set(c, who, TK_UNLOCK, "unlock-terrain %s", pick(g, 4) == 0 ?
			    "gain-priest" : colours[pick(g, 7)]);
		return 0;
	case 35:
		if (p->faction == TF_MERMAIDS || pick(g, 4) == 0) {
			hex = some_hex(s, g, who, 0);
			for (i = 0; i < s->cells[hex].nadj; i++)
				if (s->cells[s->cells[hex].adj[i]].color == TC_RIVER) {
					cand_set(c, who, TK_CONNECT, "connect %s",
					    s->cells[s->cells[hex].adj[i]].name);
					return 0;
				}
			return -1;
		}
		cand_set(c, who, TK_GAIN, "gain P3 for VP");
		return 0;
	case 36: case 37:
		/* a listed move with a free action before or after it, or a
		 * pass after it */
		if (nlisted == 0 || seat < 0)
			return -1;
		who = seat;
		fn = fnames[who];
		switch (pick(g, 4)) {
		case 0:
			cand_set(c, who, TK_MULTI, "burn 1. %s", listed[pick(g, (uint32_t)nlisted)]);
			break;
		case 1:
			cand_set(c, who, TK_MULTI, "%s. convert 1PW to 1C",
			    listed[pick(g, (uint32_t)nlisted)]);
			break;
		case 2:
			cand_set(c, who, TK_MULTI, "%s. pass BON%d",
			    listed[pick(g, (uint32_t)nlisted)], 1 + (int)pick(g, 10));
			break;
		default:
			cand_set(c, who, TK_MULTI, "convert 1W to 1C. %s",
			    listed[pick(g, (uint32_t)nlisted)]);
			break;
		}
		return 0;
	default:
		/* two listed moves in one row: the last seat that has not
		 * passed takes its actions row after row, and in one row */
		if (nlisted == 0 || seat < 0)
			return -1;
		cand_set(c, seat, last_unpassed(s, seat) ? TK_LAST_ACTIONS : TK_MULTI,
		    "%s. %s", listed[pick(g, (uint32_t)nlisted)],
		    listed[pick(g, (uint32_t)nlisted)]);
		(void)fn;
		return 0;
	}
}
