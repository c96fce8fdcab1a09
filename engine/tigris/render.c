/*
 * render.c - Tigris & Euphrates views: the text board report and JSON.
 *
 * Board cells are four characters wide: a space and three characters of
 * content (see the legend in cell_text()).  The public view never shows a
 * hand or, under hidden scoring, a running score; a seat's view adds the
 * section "Behind your screen" (text) or the object "private" (JSON).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tigris.h"

static const char *const phase_names[] = {
	"action", "support", "conflict", "monument", "building", "treasure", "over",
};

/* A seat's display name. */
static const char *
seat_name(const char *const *names, int seat, char buf[16])
{
	if (names != NULL && names[seat] != NULL)
		return names[seat];
	snprintf(buf, 16, "player %d", seat + 1);
	return buf;
}

/* Whether two-character abbreviations a and b are equal. */
static int
abbrev_eq(const char *a, const char *b)
{
	return a[0] == b[0] && a[1] == b[1];
}

/* Whether candidate cand is free: no seat before s has it. */
static int
abbrev_free(char ab[][3], int s, const char *cand)
{
	int t;

	for (t = 0; t < s; t++)
		if (abbrev_eq(ab[t], cand))
			return 0;
	return 1;
}

/*
 * Give every seat a distinct abbreviation of one or two characters for
 * the board, from the letters and digits of its name: the first two, else
 * the first and a later one, else the first and a digit, else "p" and the
 * seat number or any free pair.  Without names: p1, p2, ...
 */
static void
abbreviations(const struct tigris *st, const char *const *names, char ab[][3])
{
	char u[32], cand[3];
	int s, n, i, k, found;
	const char *p;

	for (s = 0; s < st->nseats; s++) {
		n = 0;
		for (p = names != NULL && names[s] != NULL ? names[s] : ""; *p != '\0' &&
		    n < (int)sizeof(u); p++)
			if (isalnum((unsigned char)*p) && !((unsigned char)*p & 0x80))
				u[n++] = (char)tolower((unsigned char)*p);
		found = 0;
		cand[2] = '\0';
		if (n == 1) {
			cand[0] = u[0];
			cand[1] = '\0';
			found = abbrev_free(ab, s, cand);
		}
		for (k = 1; k < n && !found; k++) {
			cand[0] = u[0];
			cand[1] = u[k];
			found = abbrev_free(ab, s, cand);
		}
		for (i = 1; n > 0 && i <= 9 && !found; i++) {
			cand[0] = u[0];
			cand[1] = (char)('0' + i);
			found = abbrev_free(ab, s, cand);
		}
		if (!found) {
			cand[0] = 'p';
			cand[1] = (char)('1' + s);
			found = abbrev_free(ab, s, cand);
		}
		for (i = 0; i < 26 * 10 && !found; i++) {
			cand[0] = (char)('a' + i / 10);
			cand[1] = (char)('0' + i % 10);
			found = abbrev_free(ab, s, cand);
		}
		memcpy(ab[s], cand, 3);
	}
}

/* Expand "{N}" seat references in the last-submission text. */
static void
expand_names(const char *in, const char *const *names, int nseats, struct sbuf *out)
{
	char buf[16];

	while (*in != '\0') {
		if (in[0] == '{' && in[1] >= '0' && in[1] < '0' + nseats && in[2] == '}') {
			sb_puts(out, seat_name(names, in[1] - '0', buf));
			in += 3;
			continue;
		}
		sb_putc(out, *in++);
	}
}

/* Append text wrapped at 78 columns, continuation lines indented. */
static void
wrap(struct sbuf *out, const char *text, const char *indent)
{
	size_t col = 0, len;
	const char *p = text;

	while (*p != '\0') {
		const char *sp = strchr(p, ' ');

		len = sp != NULL ? (size_t)(sp - p) : strlen(p);
		if (col > 0 && col + 1 + len > 78) {
			sb_printf(out, "\n%s", indent);
			col = strlen(indent);
		} else if (col > 0) {
			sb_putc(out, ' ');
			col++;
		}
		sb_putn(out, p, len);
		col += len;
		p += len;
		while (*p == ' ')
			p++;
	}
	sb_putc(out, '\n');
}

/*
 * The three content characters of a square:
 *   ".  " land   "~~ " river   "XX " catastrophe
 *   "r  " tile (r b g k), then '*' treasure or '+' corner treasure,
 *         then '=' unification tile or '^' civilization building
 *   "Rad" leader: colour letter upper case and the owner's abbreviation
 *   "Mrk" tile under the red/black monument; "M* " or "M+ " such a tile
 *         holding a treasure (the monument's other squares name it)
 */
static void
cell_text(const struct tigris *st, int sq, char ab[][3], char out[4])
{
	const struct tg_cell *c = &st->cell[sq];

	memcpy(out, tg_river(st, sq) ? "~~ " : ".  ", 4);
	if (c->catastrophe) {
		memcpy(out, "XX ", 4);
	} else if (c->leader) {
		const char *who = ab[tg_leader_seat(c->leader)];

		out[0] = (char)(tg_colour_letter((c->leader - 1) % TG_NCOL) - 'a' + 'A');
		out[1] = who[0];
		out[2] = who[1] != '\0' ? who[1] : ' ';
	} else if (c->monument && c->treasure) {
		out[0] = 'M';
		out[1] = tg_corner(st, sq) ? '+' : '*';
		out[2] = ' ';
	} else if (c->monument) {
		out[0] = 'M';
		out[1] = tg_colour_letter(tg_mon_colours[c->monument - 1][0]);
		out[2] = tg_colour_letter(tg_mon_colours[c->monument - 1][1]);
	} else if (c->tile) {
		out[0] = tg_colour_letter(c->tile - 1);
		out[1] = c->treasure ? (tg_corner(st, sq) ? '+' : '*') : ' ';
		out[2] = st->unify == sq ? '=' : c->building ? '^' : ' ';
	}
}

/* The column letters line. */
static void
column_letters(struct sbuf *out)
{
	int c;

	sb_puts(out, "   ");
	for (c = 0; c < TG_COLS; c++) {
		char col[4] = { ' ', (char)('A' + c), ' ', ' ' };

		sb_putn(out, col, 4);
	}
	sb_putc(out, '\n');
}

/* The board grid with coordinates on every edge, and its legend. */
static void
board_text(const struct tigris *st, const char *const *names, struct sbuf *out)
{
	struct sbuf line = SBUF_INIT;
	char ab[TG_MAXSEATS][3], cell[4], buf[16];
	int r, c, s;

	abbreviations(st, names, ab);
	column_letters(out);
	for (r = 0; r < TG_ROWS; r++) {
		sb_printf(out, "%2d ", r + 1);
		for (c = 0; c < TG_COLS; c++) {
			cell_text(st, r * TG_COLS + c, ab, cell);
			sb_putc(out, ' ');
			sb_puts(out, cell);
		}
		sb_printf(out, " %d\n", r + 1);
	}
	column_letters(out);
	sb_puts(out,
	    "Legend: .  land   ~~ river   XX catastrophe   r b g k tiles: red temple,\n"
	    "  blue farm, green market, black settlement   * treasure   + corner\n"
	    "  treasure (taken first)   = unification tile   ^ civilization building\n"
	    "  Mrk monument of those two colours on four face-down tiles   M* M+ one\n"
	    "  of its tiles holding a treasure (a corner treasure)\n");
	sb_puts(&line, "Leaders: R priest, B farmer, G trader, K king, followed by "
	    "the player:");
	for (s = 0; s < st->nseats; s++)
		sb_printf(&line, " %s=%s%s", ab[s], seat_name(names, s, buf),
		    s + 1 < st->nseats ? "," : "");
	sb_printf(&line, " (R%s is %s's priest)", ab[0], seat_name(names, 0, buf));
	wrap(out, sb_str(&line), "  ");
	if (line.oom)
		out->oom = 1;
	sb_free(&line);
}

/* Treasures, monuments and buildings as lists (they also sit on the grid). */
static void
pieces_text(const struct tigris *st, struct sbuf *out)
{
	struct sbuf line = SBUF_INIT;
	int sq, m, c;
	char name[4];

	sb_puts(&line, "Treasures on the board:");
	for (sq = 0; sq < TG_CELLS; sq++) {
		if (!st->cell[sq].treasure)
			continue;
		tg_square_name(sq, name);
		sb_printf(&line, " %s%s", name, tg_corner(st, sq) ? "(corner)" : "");
	}
	wrap(out, sb_str(&line), "  ");
	sb_reset(&line);
	sb_puts(&line, "Monuments:");
	for (m = 0; m < TG_NMON; m++) {
		sb_printf(&line, " %s/%s", tg_colour_name(tg_mon_colours[m][0]),
		    tg_colour_name(tg_mon_colours[m][1]));
		if (st->mon_pos[m] >= 0) {
			tg_square_name(st->mon_pos[m], name);
			sb_printf(&line, " at %s", name);
		}
		sb_puts(&line, m + 1 < TG_NMON ? "," : "");
	}
	wrap(out, sb_str(&line), "  ");
	sb_reset(&line);
	for (c = 0; st->buildings && c < TG_NCOL; c++) {
		if (st->bld_pos[c] >= 0)
			tg_square_name(st->bld_pos[c], name);
		sb_printf(&line, "%s %s %s%s", c == 0 ? "Buildings:" : "",
		    tg_colour_name(c), st->bld_pos[c] >= 0 ? name : "in supply",
		    c + 1 < TG_NCOL ? "," : "");
	}
	if (st->buildings)
		wrap(out, sb_str(&line), "  ");
	if (line.oom)
		out->oom = 1;
	sb_free(&line);
}

/* One seat's public line(s). */
static void
seat_text(const struct tigris *st, int s, const char *const *names,
    struct sbuf *out)
{
	const struct tg_seat *p = &st->seat[s];
	int c, sorted[TG_NCOL], rank[TG_MAXSEATS];
	char buf[16], name[4];

	sb_printf(out, "%d %s%s\n   leaders:", s + 1, seat_name(names, s, buf),
	    tg_resigned(st, s) ? " (resigned)" : st->active == s &&
	    st->phase != TG_PH_OVER ? " (to play)" : "");
	for (c = 0; c < TG_NCOL; c++) {
		if (p->leader[c] >= 0)
			tg_square_name(p->leader[c], name);
		sb_printf(out, " %s %s", tg_leader_name(c), p->leader[c] >= 0 ? name : "supply");
	}
	sb_printf(out, "\n   catastrophes left %d, %d tile%s in hand\n", p->catastrophes,
	    tg_hand_size(st, s), tg_hand_size(st, s) == 1 ? "" : "s");
	if (!st->open && st->phase != TG_PH_OVER)
		return;
	sb_printf(out, "   points: red %d, blue %d, green %d, black %d; treasures %d\n",
	    p->points[0], p->points[1], p->points[2], p->points[3], p->treasures);
	if (st->phase != TG_PH_OVER)
		return;
	tg_final(st, s, sorted);
	tg_ranks(st, rank);
	sb_printf(out, "   final: %d %d %d %d (weakest first, treasures placed) rank %d\n",
	    sorted[0], sorted[1], sorted[2], sorted[3], rank[s]);
}

/* The conflict being fought: sides, leaders and strength so far. */
static void
conflict_text(const struct tigris *st, const char *const *names, struct sbuf *out)
{
	struct sbuf tmp = SBUF_INIT;
	char a[16], d[16], as[4], ds[4];

	tg_square_name(st->cf.att_pos, as);
	tg_square_name(st->cf.def_pos, ds);
	sb_printf(&tmp, "%s of the %ss: attacker %s (%s) %d", st->cf.kind ==
	    TG_CF_REVOLT ? "Revolt" : "War", tg_leader_name(st->cf.colour),
	    seat_name(names, st->cf.att, a), as, st->cf.att_base);
	if (st->cf.stage > 0)
		sb_printf(&tmp, " + %d support", st->cf.att_add);
	sb_printf(&tmp, ", defender %s (%s) %d.", seat_name(names, st->cf.def, d),
	    ds, st->cf.def_base);
	wrap(out, sb_str(&tmp), "  ");
	if (tmp.oom)
		out->oom = 1;
	sb_free(&tmp);
}

/* Whose turn, what the game waits for, and the last submission. */
static void
status_text(const struct tigris *st, const char *const *names, struct sbuf *out)
{
	struct sbuf tmp = SBUF_INIT;
	char buf[16], why[GAME_WHY_LEN];
	int s;

	if (st->phase == TG_PH_OVER) {
		sb_puts(out, "The game is over.\n");
	} else {
		sb_printf(out, "Turn %u: %s, action %d of 2.\n", st->turn,
		    seat_name(names, st->active, buf), st->actions + 1);
		if (st->phase == TG_PH_SUPPORT)
			conflict_text(st, names, out);
		for (s = 0; s < st->nseats; s++) {
			if (!tg_awaited(st, s))
				continue;
			tg_wait_reason(st, s, 0, why, sizeof(why));
			sb_reset(&tmp);
			sb_printf(&tmp, "Waiting for %s: %s.", seat_name(names, s, buf), why);
			wrap(out, sb_str(&tmp), "  ");
		}
	}
	sb_reset(&tmp);
	sb_puts(&tmp, "Last: ");
	expand_names(st->last, names, st->nseats, &tmp);
	wrap(out, sb_str(&tmp), "  ");
	if (tmp.oom)
		out->oom = 1;
	sb_free(&tmp);
}

/* What only this seat may see. */
static void
screen_text(const struct tigris *st, int viewer, struct sbuf *out)
{
	const struct tg_seat *p = &st->seat[viewer];
	int c, k;

	sb_puts(out, "\nBehind your screen\n  Hand:");
	for (c = 0; c < TG_NCOL; c++)
		for (k = 0; k < p->hand[c]; k++)
			sb_printf(out, " %s", tg_colour_name(c));
	sb_printf(out, "\n  Points: red %d, blue %d, green %d, black %d\n"
	    "  Treasures: %d\n", p->points[0], p->points[1], p->points[2],
	    p->points[3], p->treasures);
}

/* game_rules.render_text */
void
tg_render_board(const void *state, const char *const *names, struct sbuf *out)
{
	const struct tigris *st = state;

	sb_printf(out, "Tigris & Euphrates, %s board%s%s%s\n\n",
	    st->board ? "alternative" : "standard",
	    st->buildings ? ", civilization buildings" : "",
	    st->english ? ", English support" : "", st->open ? ", open scoring" : "");
	board_text(st, names, out);
}

void
tg_render_text(const void *state, int viewer, const char *const *names,
    struct sbuf *out)
{
	const struct tigris *st = state;
	int s;

	tg_render_board(state, names, out);
	sb_putc(out, '\n');
	pieces_text(st, out);
	sb_putc(out, '\n');
	for (s = 0; s < st->nseats; s++)
		seat_text(st, s, names, out);
	sb_printf(out, "Tiles in the bag: %d\n\n", tg_bag_size(st));
	status_text(st, names, out);
	if (viewer >= 0 && viewer < st->nseats)
		screen_text(st, viewer, out);
}

/* ---- JSON ---- */

/* Failure is sticky: a view that could not be built entirely is dropped. */
struct jctx {
	int bad;
};

/* Set a key on an object; any failure (NULL value, no memory) is noted. */
static void
jset(struct jctx *x, json_t *obj, const char *key, json_t *val)
{
	if (val == NULL || obj == NULL) {
		json_decref(val);
		x->bad = 1;
		return;
	}
	if (json_object_set_new(obj, key, val) != 0)
		x->bad = 1;
}

/* Append to an array; any failure is noted. */
static void
japp(struct jctx *x, json_t *arr, json_t *val)
{
	if (val == NULL || arr == NULL) {
		json_decref(val);
		x->bad = 1;
		return;
	}
	if (json_array_append_new(arr, val) != 0)
		x->bad = 1;
}

/* A square name as a JSON string, or null. */
static json_t *
jsquare(int sq)
{
	char name[4];

	if (sq < 0)
		return json_null();
	tg_square_name(sq, name);
	return json_string(name);
}

/* The leader standing on a square as an object. */
static json_t *
leader_json(struct jctx *x, int code)
{
	json_t *l = json_object();

	jset(x, l, "colour", json_string(tg_colour_name((code - 1) % TG_NCOL)));
	jset(x, l, "seat", json_integer((code - 1) / TG_NCOL + 1));
	return l;
}

/* One square as an object. */
static json_t *
cell_json(struct jctx *x, const struct tigris *st, int sq)
{
	const struct tg_cell *c = &st->cell[sq];
	json_t *o = json_object();

	jset(x, o, "square", jsquare(sq));
	jset(x, o, "river", json_boolean(tg_river(st, sq)));
	if (c->tile)
		jset(x, o, "tile", json_string(tg_colour_name(c->tile - 1)));
	if (c->monument)
		jset(x, o, "monument", json_integer(c->monument - 1));
	if (c->treasure)
		jset(x, o, "treasure", json_string(tg_corner(st, sq) ? "corner" : "plain"));
	if (c->catastrophe)
		jset(x, o, "catastrophe", json_true());
	if (st->unify == sq)
		jset(x, o, "unification", json_true());
	if (c->building)
		jset(x, o, "building", json_string(tg_colour_name(c->building - 1)));
	if (c->leader)
		jset(x, o, "leader", leader_json(x, c->leader));
	return o;
}

/* A colour -> integer object from 16-bit or 8-bit values. */
static json_t *
colours_json(struct jctx *x, const int16_t *v16, const uint8_t *v8)
{
	json_t *o = json_object();
	int c;

	for (c = 0; c < TG_NCOL; c++)
		jset(x, o, tg_colour_name(c), json_integer(v16 != NULL ? v16[c] : v8[c]));
	return o;
}

/* One seat's public object (points only when open or over). */
static json_t *
seat_json(struct jctx *x, const struct tigris *st, int s, const char *const *names)
{
	json_t *o = json_object(), *l = json_object();
	int c, sorted[TG_NCOL], rank[TG_MAXSEATS];
	char buf[16];

	jset(x, o, "seat", json_integer(s + 1));
	jset(x, o, "name", json_string(seat_name(names, s, buf)));
	jset(x, o, "resigned", json_boolean(tg_resigned(st, s)));
	for (c = 0; c < TG_NCOL; c++)
		jset(x, l, tg_colour_name(c), jsquare(st->seat[s].leader[c]));
	jset(x, o, "leaders", l);
	jset(x, o, "catastrophes", json_integer(st->seat[s].catastrophes));
	jset(x, o, "tiles", json_integer(tg_hand_size(st, s)));
	if (st->open || st->phase == TG_PH_OVER) {
		jset(x, o, "points", colours_json(x, st->seat[s].points, NULL));
		jset(x, o, "treasures", json_integer(st->seat[s].treasures));
	}
	if (st->phase == TG_PH_OVER) {
		tg_final(st, s, sorted);
		tg_ranks(st, rank);
		jset(x, o, "score", json_integer(sorted[0]));
		jset(x, o, "rank", json_integer(rank[s]));
	}
	return o;
}

/* Board-level lists: cells, monuments, buildings. */
static void
board_json(struct jctx *x, const struct tigris *st, json_t *root)
{
	json_t *cells = json_array(), *mons = json_array(), *blds = json_object();
	int sq, m, c;

	for (sq = 0; sq < TG_CELLS; sq++)
		japp(x, cells, cell_json(x, st, sq));
	for (m = 0; m < TG_NMON; m++) {
		json_t *o = json_object();

		jset(x, o, "colours", json_pack("[ss]", tg_colour_name(tg_mon_colours[m][0]),
		    tg_colour_name(tg_mon_colours[m][1])));
		jset(x, o, "square", jsquare(st->mon_pos[m]));
		japp(x, mons, o);
	}
	for (c = 0; st->buildings && c < TG_NCOL; c++)
		jset(x, blds, tg_colour_name(c), jsquare(st->bld_pos[c]));
	jset(x, root, "cells", cells);
	jset(x, root, "monuments", mons);
	jset(x, root, "buildings", blds);
}

/* The conflict being fought, as the table sees it. */
static json_t *
conflict_json(struct jctx *x, const struct tigris *st)
{
	json_t *o = json_object();

	jset(x, o, "kind", json_string(st->cf.kind == TG_CF_REVOLT ? "revolt" : "war"));
	jset(x, o, "colour", json_string(tg_colour_name(st->cf.colour)));
	jset(x, o, "attacker", json_integer(st->cf.att + 1));
	jset(x, o, "defender", json_integer(st->cf.def + 1));
	jset(x, o, "attacker_square", jsquare(st->cf.att_pos));
	jset(x, o, "defender_square", jsquare(st->cf.def_pos));
	jset(x, o, "attacker_strength", json_integer(st->cf.att_base));
	jset(x, o, "defender_strength", json_integer(st->cf.def_base));
	if (st->cf.stage > 0)
		jset(x, o, "attacker_support", json_integer(st->cf.att_add));
	return o;
}

/* Turn, waiting seats and the last submission. */
static void
status_json(struct jctx *x, const struct tigris *st, const char *const *names,
    json_t *root)
{
	json_t *w = json_array();
	struct sbuf tmp = SBUF_INIT;
	char why[GAME_WHY_LEN];
	int s;

	jset(x, root, "turn", json_integer(st->turn));
	jset(x, root, "active", json_integer(st->active + 1));
	jset(x, root, "actions", json_integer(st->actions));
	jset(x, root, "phase", json_string(phase_names[st->phase]));
	jset(x, root, "over", json_boolean(st->phase == TG_PH_OVER));
	if (st->phase == TG_PH_SUPPORT)
		jset(x, root, "conflict", conflict_json(x, st));
	for (s = 0; s < st->nseats; s++) {
		if (!tg_awaited(st, s))
			continue;
		tg_wait_reason(st, s, 0, why, sizeof(why));
		japp(x, w, json_pack("{s:i,s:s}", "seat", s + 1, "why", why));
	}
	jset(x, root, "waiting", w);
	expand_names(st->last, names, st->nseats, &tmp);
	if (tmp.oom)
		x->bad = 1;
	jset(x, root, "last", json_string(sb_str(&tmp)));
	sb_free(&tmp);
}

/* The seat's private object. */
static json_t *
private_json(struct jctx *x, const struct tigris *st, int viewer)
{
	json_t *o = json_object();

	jset(x, o, "hand", colours_json(x, NULL, st->seat[viewer].hand));
	jset(x, o, "points", colours_json(x, st->seat[viewer].points, NULL));
	jset(x, o, "treasures", json_integer(st->seat[viewer].treasures));
	return o;
}

/* game_rules.render_json: NULL when memory ran out. */
json_t *
tg_render_json(const void *state, int viewer, const char *const *names)
{
	const struct tigris *st = state;
	struct jctx x = { 0 };
	json_t *root = json_object(), *seats = json_array();
	int s;

	jset(&x, root, "game", json_string("tigris"));
	jset(&x, root, "board", json_string(st->board ? "alternative" : "standard"));
	jset(&x, root, "options", json_pack("{s:s,s:s,s:s}", "buildings",
	    st->buildings ? "on" : "off", "support", st->english ? "english" : "free",
	    "scoring", st->open ? "open" : "hidden"));
	board_json(&x, st, root);
	for (s = 0; s < st->nseats; s++)
		japp(&x, seats, seat_json(&x, st, s, names));
	jset(&x, root, "seats", seats);
	jset(&x, root, "bag", json_integer(tg_bag_size(st)));
	status_json(&x, st, names, root);
	if (viewer >= 0 && viewer < st->nseats)
		jset(&x, root, "private", private_json(&x, st, viewer));
	if (x.bad) {
		json_decref(root);
		return NULL;
	}
	return root;
}
