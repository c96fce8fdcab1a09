/*
 * pic.h - what a game's drawer uses (tigris.c, terra.c, warriors.c): a
 * small canvas over cairo (picture.c owns cairo; a drawer never calls it),
 * the palette shared by the games, and careful readers of the JSON view.
 * Coordinates are pixels from the top left; colours are 0xRRGGBB.
 */
#ifndef ARBITER_PICTURE_PIC_H
#define ARBITER_PICTURE_PIC_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "picture.h"

struct pic;

/* No fill, or no line. */
#define PIC_NONE 0x1000000u

/* Text: style bits and where x is. */
enum { PIC_BOLD = 1, PIC_LEFT = 0, PIC_CENTER = 2, PIC_RIGHT = 4 };

/* A game's drawer: the picture's size for a view, the drawing, and where
 * a place is drawn (picture_locate). */
struct picture_drawer {
	const char *rules;	/* the game's name, as in the view's game.rules */
	void (*size)(const json_t *view, int *width, int *height);
	void (*draw)(struct pic *p, const json_t *view);
	int (*locate)(const json_t *view, const char *name, double *x, double *y);
	/* What must not collide (picture_layout), into out[0..max): how many
	 * there are (more than max: call again with more room); NULL when the
	 * drawer's places are fixed cells with nothing to collide. */
	int (*layout)(struct pic *p, const json_t *view, struct picture_item *out, int max);
};

extern const struct picture_drawer picture_tigris, picture_terra, picture_warriors;

/* Shapes, each filled with fill and then outlined with line of width lw
 * (PIC_NONE: not filled, not outlined). */
void pic_rect(struct pic *p, double x, double y, double w, double h, uint32_t fill,
    uint32_t line, double lw);
void pic_round_rect(struct pic *p, double x, double y, double w, double h, double r,
    uint32_t fill, uint32_t line, double lw);
void pic_circle(struct pic *p, double cx, double cy, double r, uint32_t fill, uint32_t line,
    double lw);
/* A closed polygon of n points, xy[2i], xy[2i+1]. */
void pic_poly(struct pic *p, const double *xy, int n, uint32_t fill, uint32_t line, double lw);
void pic_line(struct pic *p, double x1, double y1, double x2, double y2, uint32_t color,
    double lw);
/* The same dashed (on and off lengths). */
void pic_dash(struct pic *p, double x1, double y1, double x2, double y2, uint32_t color,
    double lw, double on, double off);

/*
 * Text in DejaVu Sans at size pixels, its baseline at y, x its left end,
 * centre or right end (PIC_LEFT, PIC_CENTER, PIC_RIGHT, ORed with
 * PIC_BOLD).  Text that is not valid UTF-8 is drawn with '?' for each
 * byte that is not, a line end or tab as a space.  pic_text_mid puts the
 * middle of a capital letter at y.  Both return the width drawn.
 */
double pic_text(struct pic *p, double x, double y, double size, int style, uint32_t color,
    const char *text);
double pic_text_mid(struct pic *p, double x, double y, double size, int style,
    uint32_t color, const char *text);
/* The width text would take. */
double pic_text_width(struct pic *p, double size, int style, const char *text);
/* Text cut with "..." to at most width pixels (into buf of len bytes). */
const char *pic_text_fit(struct pic *p, double size, int style, double width,
    const char *text, char *buf, size_t len);

/* Shapes drawn from now on with hard edges (1) or smooth ones (0, the
 * default): hard edges make a PNG far smaller where lines are many. */
void pic_crisp(struct pic *p, int on);

/* White or near black, whichever reads better on bg. */
uint32_t pic_ink_on(uint32_t bg);
/* c mixed with white (t 0..1 of white). */
uint32_t pic_tint(uint32_t c, double t);

/* The colour of seat n (1-based) where a game gives its players no colour
 * of their own (Tigris, Warriors & Traders); the page's neutral colours. */
uint32_t pic_seat_color(int seat);
enum {
	PIC_PAPER = 0xfbf8f1u,	/* the page */
	PIC_INK = 0x222222u,	/* text */
	PIC_FAINT = 0x8a8275u,	/* secondary text, coordinates */
	PIC_RULE = 0xd9d1c0u,	/* separators */
};

/*
 * "Waiting for ..." of view's waiting list into buf ("" when it waits for
 * nobody), each seat named by the field of its entry in view's list (e.g.
 * "seats", "name"), the seats awaited for the same thing together:
 * "Waiting for Rome, Gaul and Carthage: give orders".
 */
const char *pic_waiting(const json_t *view, const char *list, const char *field, char *buf,
    size_t len);

/* The page's title band: title left, sub right, heights PIC_TITLE_H. */
enum { PIC_TITLE_H = 34 };
void pic_title(struct pic *p, const json_t *view, const char *sub);

/*
 * The final ranking, once the view's game is over (game.ranking: rank,
 * name, label and score of each seat, best first): pic_ranking_lines is
 * the lines it takes, 0 while the game runs; pic_ranking draws it, a
 * heading with its baseline at y and a line per seat LINE_H below each
 * other, across width, and returns the baseline of its last line.
 */
int pic_ranking_lines(const json_t *view);
double pic_ranking(struct pic *p, const json_t *view, double x, double y, double line_h,
    double width);

/*
 * Readers of the view that never fail: a missing key or a value of
 * another type gives the default (a view is our own, but a picture of a
 * damaged one must still come out, not crash).
 */
const char *pic_jstr(const json_t *o, const char *key, const char *dflt);
long pic_jint(const json_t *o, const char *key, long dflt);
int pic_jbool(const json_t *o, const char *key);
/* The array (or object) at key, or NULL. */
const json_t *pic_jarr(const json_t *o, const char *key);
const json_t *pic_jobj(const json_t *o, const char *key);

#endif
