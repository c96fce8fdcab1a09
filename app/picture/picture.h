/*
 * picture.h - board pictures: one drawer per game (tigris.c, terra.c,
 * warriors.c), each reading only the game's public JSON view, the one
 * `arbiter show GAME --format json` prints (report_json with viewer -1).
 * So a picture can show nothing the public view does not: it is a
 * function of that view, byte for byte.
 *
 * Drawing uses cairo, loaded at first use (cairo_dl.h): a command that
 * draws nothing loads nothing new.
 */
#ifndef ARBITER_PICTURE_H
#define ARBITER_PICTURE_H

#include <stddef.h>
#include <jansson.h>

#include "../../engine/sbuf.h"

enum picture_format { PICTURE_PNG, PICTURE_SVG };

/*
 * The most bytes a PNG may take: a mail carries it in base64 (4/3 of it)
 * beside the report, and a mail with its picture stays under 150 KB.
 */
enum { PICTURE_MAX_PNG = 96 * 1024 };

/*
 * Draw the public view of a game (with its "game" object naming the
 * rules) into out as PNG or SVG.  0; PICTURE_NOLIB when cairo could not
 * be loaded; or -1: the view names no game with a drawer, drawing failed,
 * or a PNG came out over PICTURE_MAX_PNG.  err gets one line saying why.
 */
enum { PICTURE_NOLIB = -2 };
int picture_draw(const json_t *view, enum picture_format f, struct sbuf *out, char *err,
    size_t errlen);

/*
 * The picture's size in pixels for view, without drawing (and without
 * loading cairo): 0, or -1 when view names no game with a drawer.
 */
int picture_size(const json_t *view, int *width, int *height);

/*
 * Where the picture of view shows the place name in its own colour: a
 * Tigris square ("K1": its tile, or the land or river), a Terra Mystica
 * hex ("A10": its terrain; "A10+": its building), a Warriors & Traders
 * province ("PAR": its holder's tint).  0, or -1 when there is no such
 * place.  For the tests, which read the colours back.
 */
int picture_locate(const json_t *view, const char *name, double *x, double *y);

/*
 * What a drawer lays out where it must not collide, for the tests: each
 * label's box (its text's ink), each line's visible part (between the
 * boxes it joins) and each place's box.  A label named like a place's box
 * (owner) belongs inside that box; any other label keeps clear of every
 * box, every line and every other label.
 */
enum picture_item_kind { PICTURE_LABEL, PICTURE_LINE, PICTURE_BOX };
struct picture_item {
	int kind;
	char name[32];		/* the label's text, "WES-NOR" for a line, a box's place */
	char owner[32];		/* a label inside a place's box: the place; else "" */
	double x1, y1, x2, y2;	/* a box's corners, top left and bottom right; a line's ends */
	double lw;		/* a line's width */
};

/*
 * The items of view's picture into a new array (*items, free() it): their
 * number, 0 for a drawer that places no label by itself, or -1 (err set)
 * when there is no drawer or cairo could not be loaded.
 */
int picture_layout(const json_t *view, struct picture_item **items, char *err,
    size_t errlen);

/*
 * The left text of the title band of view's picture beside sub (its right
 * text) as drawn, into buf: 0, or -1 (err set) as picture_layout.
 */
int picture_heading(const json_t *view, const char *sub, char *buf, size_t len, char *err,
    size_t errlen);

/* 1 when the rules named have a drawer. */
int picture_has_drawer(const char *rules);

#endif
