/*
 * tigris.c - the Tigris & Euphrates picture: the 16 x 11 board with its
 * rivers, the tiles in their colours, each leader as its player's shape
 * in the leader's colour, kingdoms outlined, monuments, treasures (corner
 * ones ringed), catastrophes, unification tiles and civilization
 * buildings; letters and numbers on every edge, as moves name squares;
 * below, the players, the monuments still to build and a legend.
 */
#include <stdio.h>
#include <string.h>

#include "pic.h"

enum { COLS = 16, ROWS = 11, CELL = 40, GUT = 20, MARGIN = 12, LINE_H = 19 };

#define BX (MARGIN + GUT)
#define BY (PIC_TITLE_H + 8 + GUT)
#define PANEL_Y (BY + ROWS * CELL + GUT + 8)

static const char *const colour_names[4] = { "red", "blue", "green", "black" };
static const char *const role_names[4] = { "priest", "farmer", "trader", "king" };
static const char *const tile_names[4] = { "temple", "farm", "market", "settlement" };
static const uint32_t colour_rgb[4] = { 0xc8362bu, 0x2d6cc0u, 0x2f8f3cu, 0x2a2a2au };

enum { LAND = 0xeee1bcu, RIVER = 0x9ccbeau, GRID = 0xcdbd93u, GOLD = 0xf4c430u,
	KINGDOM = 0x3d2614u };

static int
colour_index(const char *name)
{
	int i;

	for (i = 0; name != NULL && i < 4; i++)
		if (strcmp(name, colour_names[i]) == 0)
			return i;
	return -1;
}

/* "A1".."P11" to a cell index, or -1. */
static int
square_index(const char *sq)
{
	int c, r = 0;

	if (sq == NULL || sq[0] < 'A' || sq[0] >= 'A' + COLS)
		return -1;
	c = sq[0] - 'A';
	for (sq++; *sq >= '0' && *sq <= '9' && r < 100; sq++)
		r = r * 10 + (*sq - '0');
	return *sq == '\0' && r >= 1 && r <= ROWS ? (r - 1) * COLS + c : -1;
}

static int
nseats(const json_t *view)
{
	const json_t *s = pic_jarr(view, "seats");

	return s != NULL ? (int)json_array_size(s) : 0;
}

static void
tg_size(const json_t *view, int *w, int *h)
{
	*w = BX + COLS * CELL + GUT + MARGIN;
	/* players, monuments, status (two lines), legend (three) */
	*h = PANEL_Y + (nseats(view) + 1) * LINE_H + 12 + 5 * LINE_H + MARGIN;
	/* and the final ranking, once the game is over */
	if (pic_ranking_lines(view) > 0)
		*h += pic_ranking_lines(view) * LINE_H + 8;
}

/*
 * A player's shape, the symbol on each of its leaders: circle, square,
 * triangle, diamond (more seats repeat them, the colour tells apart).
 */
static void
seat_shape(struct pic *p, int seat, double cx, double cy, double r, uint32_t fill,
    uint32_t line, double lw)
{
	double xy[8];

	switch ((seat - 1) % 4) {
	case 0:
		pic_circle(p, cx, cy, r, fill, line, lw);
		break;
	case 1:
		pic_rect(p, cx - r * 0.86, cy - r * 0.86, r * 1.72, r * 1.72, fill, line, lw);
		break;
	case 2:
		xy[0] = cx; xy[1] = cy - r * 1.1;
		xy[2] = cx + r * 1.08; xy[3] = cy + r * 0.8;
		xy[4] = cx - r * 1.08; xy[5] = cy + r * 0.8;
		pic_poly(p, xy, 3, fill, line, lw);
		break;
	default:
		xy[0] = cx; xy[1] = cy - r * 1.12;
		xy[2] = cx + r * 1.12; xy[3] = cy;
		xy[4] = cx; xy[5] = cy + r * 1.12;
		xy[6] = cx - r * 1.12; xy[7] = cy;
		pic_poly(p, xy, 4, fill, line, lw);
		break;
	}
}

/* A leader: its player's shape in the leader's colour, ringed in the
 * player's colour, the seat number on it. */
static void
leader(struct pic *p, double cx, double cy, double r, int colour, int seat)
{
	char num[16];

	seat_shape(p, seat, cx, cy, r + 2.5, pic_seat_color(seat), PIC_NONE, 0);
	seat_shape(p, seat, cx, cy, r - 1.5, colour >= 0 ? colour_rgb[colour] : 0x999999u,
	    0xffffffu, 1.2);
	snprintf(num, sizeof(num), "%d", seat);
	pic_text_mid(p, cx, cy + ((seat - 1) % 4 == 2 ? 2 : 0), r * 0.95, PIC_BOLD | PIC_CENTER,
	    0xffffffu, num);
}

static void
treasure(struct pic *p, double cx, double cy, int corner)
{
	if (corner)
		pic_circle(p, cx, cy, 8, PIC_NONE, 0x111111u, 2);
	pic_circle(p, cx, cy, 5.5, GOLD, 0x6b4e00u, 1);
}

/* A civilization building: a small tower in its colour. */
static void
building(struct pic *p, double x, double y, int colour)
{
	double xy[] = { x, y + 14, x, y, x + 3, y, x + 3, y + 3, x + 6, y + 3, x + 6, y,
		x + 9, y, x + 9, y + 3, x + 12, y + 3, x + 12, y, x + 15, y, x + 15, y + 14 };

	pic_poly(p, xy, 12, colour >= 0 ? colour_rgb[colour] : 0x999999u, 0xffffffu, 1.2);
}

struct cellinfo {
	int occupied, leader, comp;
};

/* Mark the component of cell i as comp (cells 4-connected and occupied). */
static void
flood(struct cellinfo *ci, int i, int comp)
{
	int stack[COLS * ROWS], n = 0;

	stack[n++] = i;
	ci[i].comp = comp;
	while (n > 0) {
		int c = stack[--n], d;
		int nb[4] = { c % COLS > 0 ? c - 1 : -1, c % COLS < COLS - 1 ? c + 1 : -1,
			c >= COLS ? c - COLS : -1, c + COLS < COLS * ROWS ? c + COLS : -1 };

		for (d = 0; d < 4; d++)
			if (nb[d] >= 0 && ci[nb[d]].occupied && ci[nb[d]].comp == 0) {
				ci[nb[d]].comp = comp;
				stack[n++] = nb[d];
			}
	}
}

/* The kingdoms: components holding a leader, outlined. */
static void
kingdoms(struct pic *p, const json_t *cells)
{
	struct cellinfo ci[COLS * ROWS];
	int has_leader[COLS * ROWS + 1], i, comp = 0;

	memset(ci, 0, sizeof(ci));
	memset(has_leader, 0, sizeof(has_leader));
	for (i = 0; i < COLS * ROWS && i < (int)json_array_size(cells); i++) {
		const json_t *c = json_array_get(cells, (size_t)i);

		ci[i].leader = pic_jobj(c, "leader") != NULL;
		ci[i].occupied = ci[i].leader || pic_jstr(c, "tile", NULL) != NULL ||
		    pic_jint(c, "monument", -1) >= 0 || pic_jbool(c, "unification");
	}
	for (i = 0; i < COLS * ROWS; i++)
		if (ci[i].occupied && ci[i].comp == 0)
			flood(ci, i, ++comp);
	for (i = 0; i < COLS * ROWS; i++)
		if (ci[i].leader)
			has_leader[ci[i].comp] = 1;
	for (i = 0; i < COLS * ROWS; i++) {
		double x = BX + (i % COLS) * CELL, y = BY + (i / COLS) * CELL;
		int k = ci[i].comp;

		if (k == 0 || !has_leader[k])
			continue;
		if (i % COLS == 0 || ci[i - 1].comp != k)
			pic_line(p, x, y, x, y + CELL, KINGDOM, 3.5);
		if (i % COLS == COLS - 1 || ci[i + 1].comp != k)
			pic_line(p, x + CELL, y, x + CELL, y + CELL, KINGDOM, 3.5);
		if (i < COLS || ci[i - COLS].comp != k)
			pic_line(p, x, y, x + CELL, y, KINGDOM, 3.5);
		if (i + COLS >= COLS * ROWS || ci[i + COLS].comp != k)
			pic_line(p, x, y + CELL, x + CELL, y + CELL, KINGDOM, 3.5);
	}
}

static void
board(struct pic *p, const json_t *view)
{
	const json_t *cells = pic_jarr(view, "cells"), *mons = pic_jarr(view, "monuments");
	char t[16];
	size_t i;
	int c;

	for (c = 0; c < COLS; c++) {
		snprintf(t, sizeof(t), "%c", 'A' + c);
		pic_text_mid(p, BX + c * CELL + CELL / 2.0, BY - GUT / 2.0, 12, PIC_BOLD | PIC_CENTER,
		    PIC_FAINT, t);
		pic_text_mid(p, BX + c * CELL + CELL / 2.0, BY + ROWS * CELL + GUT / 2.0, 12,
		    PIC_BOLD | PIC_CENTER, PIC_FAINT, t);
	}
	for (c = 0; c < ROWS; c++) {
		snprintf(t, sizeof(t), "%d", c + 1);
		pic_text_mid(p, BX - GUT / 2.0, BY + c * CELL + CELL / 2.0, 12, PIC_BOLD | PIC_CENTER,
		    PIC_FAINT, t);
		pic_text_mid(p, BX + COLS * CELL + GUT / 2.0, BY + c * CELL + CELL / 2.0, 12,
		    PIC_BOLD | PIC_CENTER, PIC_FAINT, t);
	}
	for (i = 0; cells != NULL && i < json_array_size(cells) && i < COLS * ROWS; i++) {
		const json_t *cl = json_array_get(cells, i);
		double x = BX + (double)(i % COLS) * CELL, y = BY + (double)(i / COLS) * CELL;
		int tile = colour_index(pic_jstr(cl, "tile", NULL));

		pic_rect(p, x, y, CELL, CELL, pic_jbool(cl, "river") ? RIVER : LAND, PIC_NONE, 0);
		pic_rect(p, x + 0.5, y + 0.5, CELL - 1, CELL - 1, PIC_NONE, GRID, 1);
		if (pic_jbool(cl, "catastrophe")) {
			pic_rect(p, x + 3, y + 3, CELL - 6, CELL - 6, 0x5b5550u, 0x2b2723u, 1);
			pic_line(p, x + 10, y + 10, x + CELL - 10, y + CELL - 10, 0xff7a3cu, 3);
			pic_line(p, x + CELL - 10, y + 10, x + 10, y + CELL - 10, 0xff7a3cu, 3);
		}
		if (tile >= 0)
			pic_round_rect(p, x + 3, y + 3, CELL - 6, CELL - 6, 4, colour_rgb[tile],
			    0x000000u, 0.8);
		if (pic_jbool(cl, "unification")) {
			pic_rect(p, x + 4, y + 4, CELL - 8, CELL - 8, 0xffffffu, 0x000000u, 2);
			pic_rect(p, x + 9, y + 9, CELL - 18, CELL - 18, PIC_NONE, 0x000000u, 1.5);
		}
	}
	/* Monuments, each over its 2 x 2 squares. */
	for (i = 0; mons != NULL && i < json_array_size(mons); i++) {
		const json_t *m = json_array_get(mons, i), *cs = pic_jarr(m, "colours");
		int at = square_index(pic_jstr(m, "square", NULL)), a, b;
		double x, y;

		if (at < 0 || cs == NULL || at % COLS == COLS - 1 || at / COLS == ROWS - 1)
			continue;
		a = colour_index(json_string_value(json_array_get(cs, 0)));
		b = colour_index(json_string_value(json_array_get(cs, 1)));
		x = BX + (at % COLS) * CELL;
		y = BY + (at / COLS) * CELL;
		pic_rect(p, x + 4, y + 4, 2 * CELL - 8, 2 * CELL - 8, a >= 0 ? colour_rgb[a] :
		    0x999999u, 0x000000u, 1.5);
		pic_rect(p, x + 18, y + 18, 2 * CELL - 36, 2 * CELL - 36, b >= 0 ? colour_rgb[b] :
		    0x999999u, 0xffffffu, 2);
	}
	kingdoms(p, cells);
	for (i = 0; cells != NULL && i < json_array_size(cells) && i < COLS * ROWS; i++) {
		const json_t *cl = json_array_get(cells, i), *l = pic_jobj(cl, "leader");
		double x = BX + (double)(i % COLS) * CELL, y = BY + (double)(i / COLS) * CELL;
		const char *tr = pic_jstr(cl, "treasure", NULL);
		const char *bd = pic_jstr(cl, "building", NULL);

		if (bd != NULL)
			building(p, x + 5, y + CELL - 19, colour_index(bd));
		if (tr != NULL)
			treasure(p, x + CELL - 10, y + 10, strcmp(tr, "corner") == 0);
		if (l != NULL)
			leader(p, x + CELL / 2.0, y + CELL / 2.0, 13,
			    colour_index(pic_jstr(l, "colour", NULL)), (int)pic_jint(l, "seat", 0));
	}
}

/* The seat's name from the view. */
static const char *
seat_name(const json_t *view, long seat)
{
	const json_t *s = pic_jarr(view, "seats");
	size_t i;

	for (i = 0; s != NULL && i < json_array_size(s); i++)
		if (pic_jint(json_array_get(s, i), "seat", 0) == seat)
			return pic_jstr(json_array_get(s, i), "name", "?");
	return "?";
}

static void
panel(struct pic *p, const json_t *view, int width)
{
	const json_t *seats = pic_jarr(view, "seats"), *mons = pic_jarr(view, "monuments");
	const json_t *cf = pic_jobj(view, "conflict");
	double y = PANEL_Y, x;
	char line[600], fit[600];
	size_t i;
	int k;

	for (i = 0; seats != NULL && i < json_array_size(seats); i++) {
		const json_t *s = json_array_get(seats, i), *ls = pic_jobj(s, "leaders");
		int seat = (int)pic_jint(s, "seat", 0);
		size_t o = 0;

		y += LINE_H;
		leader(p, MARGIN + 9, y - 5, 7, -1, seat);
		x = MARGIN + 22 + pic_text(p, MARGIN + 22, y, 13, PIC_BOLD, PIC_INK,
		    pic_text_fit(p, 13, PIC_BOLD, 110, pic_jstr(s, "name", "?"), fit, sizeof(fit)));
		x += 10;
		for (k = 0; k < 4; k++) {
			const char *at = pic_jstr(ls, colour_names[k], NULL);

			o += (size_t)snprintf(line + o, sizeof(line) - o, "%s%s %s", k ? ", " : "",
			    role_names[k], at != NULL ? at : "-");
			if (o >= sizeof(line))
				break;
		}
		if (o < sizeof(line))
			snprintf(line + o, sizeof(line) - o, ";  %ld catastrophe%s, %ld tiles in hand%s",
			    pic_jint(s, "catastrophes", 0), pic_jint(s, "catastrophes", 0) == 1 ?
			    "" : "s", pic_jint(s, "tiles", 0), pic_jbool(s, "resigned") ?
			    ", resigned" : "");
		pic_text(p, x, y, 12, 0, PIC_INK, pic_text_fit(p, 12, 0, width - x - MARGIN, line,
		    fit, sizeof(fit)));
	}
	/* The monuments not yet built. */
	y += LINE_H + 4;
	x = MARGIN + pic_text(p, MARGIN, y, 12, PIC_BOLD, PIC_INK, "Monuments to build:") + 20;
	for (i = 0, k = 0; mons != NULL && i < json_array_size(mons); i++) {
		const json_t *m = json_array_get(mons, i), *cs = pic_jarr(m, "colours");
		int a = colour_index(json_string_value(json_array_get(cs, 0)));
		int b = colour_index(json_string_value(json_array_get(cs, 1)));

		if (pic_jstr(m, "square", NULL) != NULL)
			continue;
		pic_rect(p, x, y - 13, 16, 16, a >= 0 ? colour_rgb[a] : 0x999999u, 0x000000u, 1);
		pic_rect(p, x + 4, y - 9, 8, 8, b >= 0 ? colour_rgb[b] : 0x999999u, 0xffffffu, 1);
		x += 24;
		k++;
	}
	if (k == 0)
		pic_text(p, x, y, 12, 0, PIC_INK, "none");
	snprintf(line, sizeof(line), "Tiles in the bag: %ld", pic_jint(view, "bag", 0));
	pic_text(p, width - MARGIN, y, 12, PIC_RIGHT, PIC_INK, line);
	/* Where the game stands. */
	y += LINE_H + 4;
	if (cf != NULL) {
		snprintf(line, sizeof(line), "%s in %s: %s (%s, strength %ld) against %s (%s, "
		    "strength %ld)", strcmp(pic_jstr(cf, "kind", ""), "war") == 0 ? "War" : "Revolt",
		    pic_jstr(cf, "colour", "?"), seat_name(view, pic_jint(cf, "attacker", 0)),
		    pic_jstr(cf, "attacker_square", "?"), pic_jint(cf, "attacker_strength", 0),
		    seat_name(view, pic_jint(cf, "defender", 0)), pic_jstr(cf, "defender_square",
		    "?"), pic_jint(cf, "defender_strength", 0));
		pic_text(p, MARGIN, y, 12, PIC_BOLD, 0xa02020u, pic_text_fit(p, 12, PIC_BOLD,
		    width - 2 * MARGIN, line, fit, sizeof(fit)));
	} else
		pic_text(p, MARGIN, y, 12, 0, PIC_INK, pic_text_fit(p, 12, 0, width - 2 * MARGIN,
		    pic_jstr(view, "last", ""), fit, sizeof(fit)));
	y += LINE_H;
	if (pic_waiting(view, "seats", "name", line, sizeof(line))[0] == '\0')
		snprintf(line, sizeof(line), "%s", pic_jbool(view, "over") ? "The game is over." :
		    "");
	pic_text(p, MARGIN, y, 12, PIC_BOLD, PIC_INK, pic_text_fit(p, 12, PIC_BOLD,
	    width - 2 * MARGIN, line, fit, sizeof(fit)));
	if (pic_ranking_lines(view) > 0)
		y = pic_ranking(p, view, MARGIN, y + LINE_H + 8, LINE_H, width - 2 * MARGIN);
	/* The legend. */
	y += LINE_H + 8;
	pic_line(p, MARGIN, y - 14, width - MARGIN, y - 14, PIC_RULE, 1);
	x = MARGIN;
	for (k = 0; k < 4; k++) {
		pic_round_rect(p, x, y - 11, 13, 13, 2, colour_rgb[k], 0x000000u, 0.8);
		x += 17 + pic_text(p, x + 17, y, 11, 0, PIC_INK, tile_names[k]) + 12;
	}
	treasure(p, x + 6, y - 4, 0);
	x += 16 + pic_text(p, x + 16, y, 11, 0, PIC_INK, "treasure") + 12;
	treasure(p, x + 6, y - 4, 1);
	x += 18 + pic_text(p, x + 18, y, 11, 0, PIC_INK, "corner treasure") + 12;
	pic_rect(p, x, y - 11, 13, 13, 0x5b5550u, PIC_NONE, 0);
	pic_line(p, x + 3, y - 8, x + 10, y - 1, 0xff7a3cu, 2);
	pic_line(p, x + 10, y - 8, x + 3, y - 1, 0xff7a3cu, 2);
	pic_text(p, x + 17, y, 11, 0, PIC_INK, "catastrophe");
	y += LINE_H;
	x = MARGIN;
	pic_rect(p, x, y - 11, 13, 13, 0xffffffu, 0x000000u, 1.5);
	x += 17 + pic_text(p, x + 17, y, 11, 0, PIC_INK, "unification") + 12;
	building(p, x, y - 12, -1);
	x += 19 + pic_text(p, x + 19, y, 11, 0, PIC_INK, "building") + 12;
	pic_line(p, x, y - 5, x + 16, y - 5, KINGDOM, 3.5);
	x += 20 + pic_text(p, x + 20, y, 11, 0, PIC_INK, "kingdom (tiles joined to a leader)");
	y += LINE_H;
	pic_text(p, MARGIN, y, 11, 0, PIC_INK, pic_text_fit(p, 11, 0, width - 2 * MARGIN,
	    "Leaders: the player's shape and number, filled red (priest), blue (farmer), "
	    "green (trader) or black (king).", fit, sizeof(fit)));
}

static void
tg_draw(struct pic *p, const json_t *view)
{
	char sub[200];
	int w, h;
	long active = pic_jint(view, "active", 0);

	tg_size(view, &w, &h);
	pic_rect(p, 0, 0, w, h, PIC_PAPER, PIC_NONE, 0);
	if (pic_jbool(view, "over"))
		snprintf(sub, sizeof(sub), "game over");
	else
		snprintf(sub, sizeof(sub), "turn %ld: %s, action %ld of 2", pic_jint(view, "turn", 0),
		    seat_name(view, active), pic_jint(view, "actions", 0) + 1);
	pic_title(p, view, sub);
	board(p, view);
	panel(p, view, w);
}

static int
tg_locate(const json_t *view, const char *name, double *x, double *y)
{
	int i = square_index(name);

	(void)view;
	if (i < 0)
		return -1;
	*x = BX + (i % COLS) * CELL + CELL / 2.0;
	*y = BY + (i / COLS) * CELL + CELL / 2.0;
	return 0;
}

const struct picture_drawer picture_tigris = { "tigris", tg_size, tg_draw, tg_locate, NULL };
