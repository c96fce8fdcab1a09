/*
 * terra.c - the Terra Mystica picture: the hex map in its terrain
 * colours with the river, every building by its shape in its faction's
 * colour, bridges, towns ringed in gold, each hex named as moves name it;
 * beside it the four cult tracks with each faction's marker and the
 * priests on their spaces; below, the round's scoring tile among the six,
 * the power actions (those taken crossed out), the bonus tiles left, the
 * factions and a legend.  Any map, the base one or one given as a file,
 * draws from the view's hexes and their row and place in it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pic.h"

enum { ROWS = 9, COLS = 13, MARGIN = 12, LINE_H = 19 };
#define R 26.0				/* a hex's corner radius */
#define HW (R * 1.7320508)		/* its width */
#define ROW_H (R * 1.5)
#define MAP_X (MARGIN + 18.0)
#define MAP_Y (PIC_TITLE_H + 10.0)
#define MAP_W (COLS * HW + HW / 2)
#define MAP_H ((ROWS - 1) * ROW_H + 2 * R)
#define CULT_X (MAP_X + MAP_W + 26)
#define CULT_W 46.0
#define WIDTH ((int)(CULT_X + 4 * CULT_W + 28 + MARGIN))
#define BELOW_Y (MAP_Y + MAP_H + 16)

static const struct { const char *name; uint32_t rgb; } terrains[] = {
	{ "yellow", 0xf2d54bu }, { "brown", 0xa8743cu }, { "black", 0x3a3a3au },
	{ "blue", 0x3a76c8u }, { "green", 0x3d9944u }, { "gray", 0x9c9c9cu },
	{ "red", 0xd2392bu }, { "river", 0xc5e4f6u }, { "ice", 0xeef5fau },
	{ "volcano", 0xee8a2au },
};
static const char *const terrain_words[] = {
	"desert", "plains", "swamp", "lakes", "forest", "mountains", "wasteland", "river",
	"ice", "volcano",
};

static const char *const cult_names[4] = { "FIRE", "WATER", "EARTH", "AIR" };
static const uint32_t cult_rgb[4] = { 0xd9452bu, 0x2f7fd0u, 0x8a5a2bu, 0xb9c3ccu };

/* The power actions and bonus tiles as printed (the site's numbering). */
static const char *const acts[6][2] = {
	{ "bridge", "3" }, { "priest", "3" }, { "2 W", "4" }, { "7 C", "4" },
	{ "spade", "4" }, { "2 spades", "6" },
};
static const char *const bonus[10][2] = {
	{ "spade", "+2 C" }, { "cult step", "+4 C" }, { "", "+6 C" }, { "ship +1", "+3 PW" },
	{ "", "+1 W +3 PW" }, { "pass: SH/SA 4", "+2 W" }, { "pass: TP 2", "+1 W" },
	{ "", "+1 P" }, { "pass: D 1", "+2 C" }, { "pass: ship 3", "+3 PW" },
};

static uint32_t
terrain_rgb(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < sizeof(terrains) / sizeof(terrains[0]); i++)
		if (strcmp(name, terrains[i].name) == 0)
			return terrains[i].rgb;
	return 0xdddddd;
}

static const json_t *
faction_of(const json_t *view, long seat)
{
	const json_t *f = pic_jarr(view, "factions");
	size_t i;

	for (i = 0; f != NULL && i < json_array_size(f); i++)
		if (pic_jint(json_array_get(f, i), "seat", 0) == seat)
			return json_array_get(f, i);
	return NULL;
}

/* The colour of a faction's pieces: its home terrain's, or the colour it
 * picked (Shapeshifters, Riverwalkers), else a neutral one. */
static uint32_t
seat_rgb(const json_t *view, long seat)
{
	const json_t *f = faction_of(view, seat);
	const char *c = pic_jstr(f, "color_picked", NULL);

	if (c == NULL)
		c = pic_jstr(f, "color", NULL);
	if (c == NULL || strcmp(c, "river") == 0)
		return 0xb07cc6u;
	return terrain_rgb(c);
}

/* Outline of a piece: black, or white on the darkest colours. */
static uint32_t
edge_of(uint32_t fill)
{
	return pic_ink_on(fill) == 0xffffffu ? 0xffffffu : 0x111111u;
}

static int
nfactions(const json_t *view)
{
	const json_t *f = pic_jarr(view, "factions");

	return f != NULL ? (int)json_array_size(f) : 0;
}

static void
tm_size(const json_t *view, int *w, int *h)
{
	*w = WIDTH;
	/* scoring tiles, actions and bonus tiles, factions, two status lines, legend */
	*h = (int)BELOW_Y + 58 + 64 + 26 + nfactions(view) * LINE_H + 8 + 3 * LINE_H + 24 +
	    MARGIN;
	/* and the final ranking, once the game is over */
	if (pic_ranking_lines(view) > 0)
		*h += pic_ranking_lines(view) * LINE_H + 8;
}

static void
hex_center(long row, long col, double *x, double *y)
{
	*x = MAP_X + HW / 2 + col * HW + (row % 2 ? HW / 2 : 0);
	*y = MAP_Y + R + row * ROW_H;
}

static void
hexagon(struct pic *p, double cx, double cy, double r, uint32_t fill, uint32_t line, double lw)
{
	double xy[12];
	int k;

	for (k = 0; k < 6; k++) {
		double a = M_PI / 180 * (60 * k - 90);

		xy[2 * k] = cx + r * cos(a);
		xy[2 * k + 1] = cy + r * sin(a);
	}
	pic_poly(p, xy, 6, fill, line, lw);
}

/* A building by its shape: D a house, TP a wide house, TE round, SH a
 * fortress, SA an oval. */
static void
building(struct pic *p, const char *b, double cx, double cy, uint32_t fill)
{
	uint32_t e = edge_of(fill);

	if (strcmp(b, "D") == 0) {
		double xy[] = { cx - 7, cy + 7, cx - 7, cy - 1, cx, cy - 8, cx + 7, cy - 1,
			cx + 7, cy + 7 };

		pic_poly(p, xy, 5, fill, e, 2);
	} else if (strcmp(b, "TP") == 0) {
		double xy[] = { cx - 11, cy + 8, cx - 11, cy - 2, cx - 5, cy - 9, cx + 1, cy - 2,
			cx + 11, cy - 2, cx + 11, cy + 8 };

		pic_poly(p, xy, 6, fill, e, 2);
	} else if (strcmp(b, "TE") == 0) {
		pic_circle(p, cx, cy, 9, fill, e, 2);
	} else if (strcmp(b, "SH") == 0) {
		double xy[] = { cx - 11, cy + 10, cx - 11, cy - 10, cx - 6, cy - 10, cx - 6, cy - 6,
			cx - 2, cy - 6, cx - 2, cy - 10, cx + 2, cy - 10, cx + 2, cy - 6, cx + 6,
			cy - 6, cx + 6, cy - 10, cx + 11, cy - 10, cx + 11, cy + 10 };

		pic_poly(p, xy, 12, fill, e, 2);
	} else if (strcmp(b, "SA") == 0) {
		pic_round_rect(p, cx - 13, cy - 8, 26, 16, 8, fill, e, 2);
	}
}

/* The map: hexes, their names, bridges, buildings, towns. */
static void
map(struct pic *p, const json_t *view)
{
	const json_t *cells = pic_jarr(view, "map"), *br = pic_jarr(view, "bridges");
	size_t i;
	int r;
	char t[16];

	for (r = 0; r < ROWS; r++) {
		double x, y;

		hex_center(r, 0, &x, &y);
		snprintf(t, sizeof(t), "%c", 'A' + r);
		pic_text_mid(p, MARGIN + 4, y, 12, PIC_BOLD | PIC_CENTER, PIC_FAINT, t);
	}
	pic_crisp(p, 1);	/* a third of the PNG's bytes, and sharper for it */
	for (i = 0; cells != NULL && i < json_array_size(cells); i++) {
		const json_t *c = json_array_get(cells, i);
		const char *terr = pic_jstr(c, "terrain", "river");
		uint32_t fill = terrain_rgb(terr);
		double x, y;

		hex_center(pic_jint(c, "row", 0), pic_jint(c, "col", 0), &x, &y);
		hexagon(p, x, y, R, fill, strcmp(terr, "river") == 0 ? 0xa9d2ecu : 0x5b5040u,
		    strcmp(terr, "river") == 0 ? 0.8 : 1.2);
		if (strcmp(terr, "river") != 0)
			pic_text(p, x, y - R + 15, 9, PIC_CENTER | PIC_BOLD, pic_ink_on(fill) ==
			    0xffffffu ? 0xf0f0f0u : 0x2a2a2au, pic_jstr(c, "hex", ""));
	}
	/* Bridges: a plank from bank to bank in the builder's colour. */
	for (i = 0; br != NULL && i < json_array_size(br); i++) {
		const json_t *b = json_array_get(br, i);
		const char *from = pic_jstr(b, "from", ""), *to = pic_jstr(b, "to", "");
		double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
		int found = 0;
		size_t k;

		for (k = 0; cells != NULL && k < json_array_size(cells); k++) {
			const json_t *c = json_array_get(cells, k);
			const char *h = pic_jstr(c, "hex", "");

			if (strcmp(h, from) == 0 && ++found)
				hex_center(pic_jint(c, "row", 0), pic_jint(c, "col", 0), &x1, &y1);
			else if (strcmp(h, to) == 0 && ++found)
				hex_center(pic_jint(c, "row", 0), pic_jint(c, "col", 0), &x2, &y2);
		}
		if (found == 2) {
			uint32_t c = seat_rgb(view, pic_jint(b, "seat", 0));

			pic_line(p, x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3, x1 + (x2 - x1) * 0.7,
			    y1 + (y2 - y1) * 0.7, 0x111111u, 11);
			pic_line(p, x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3, x1 + (x2 - x1) * 0.7,
			    y1 + (y2 - y1) * 0.7, c, 7);
		}
	}
	for (i = 0; cells != NULL && i < json_array_size(cells); i++) {
		const json_t *c = json_array_get(cells, i);
		const char *b = pic_jstr(c, "building", NULL);
		double x, y;

		if (b == NULL)
			continue;
		hex_center(pic_jint(c, "row", 0), pic_jint(c, "col", 0), &x, &y);
		if (pic_jbool(c, "town"))
			pic_circle(p, x, y + 5, 15, PIC_NONE, 0xffcf1fu, 3);
		building(p, b, x, y + 5, seat_rgb(view, pic_jint(c, "seat", 0)));
	}
	pic_crisp(p, 0);
}

/* The cult tracks, 0 at the foot, 10 at the head; the priest spaces below. */
static void
cults(struct pic *p, const json_t *view)
{
	const json_t *f = pic_jarr(view, "factions"), *sp = pic_jarr(view, "cult_spaces");
	double top = MAP_Y + 30, step = 22.5, base = top + 10 * step;
	char t[16];
	int k, lv;

	for (lv = 0; lv <= 10; lv++) {
		snprintf(t, sizeof(t), "%d", lv);
		pic_text_mid(p, CULT_X - 10, base - lv * step, 10, PIC_CENTER |
		    (lv == 3 || lv == 5 || lv == 7 || lv == 10 ? PIC_BOLD : 0), PIC_FAINT, t);
	}
	for (k = 0; k < 4; k++) {
		double x = CULT_X + k * CULT_W;
		size_t i, j;

		pic_rect(p, x + 2, top - 12, CULT_W - 4, 10 * step + 24, pic_tint(cult_rgb[k], 0.55),
		    PIC_NONE, 0);
		pic_text_mid(p, x + CULT_W / 2, top - 22, 10, PIC_BOLD | PIC_CENTER, cult_rgb[k] ==
		    0xb9c3ccu ? 0x6f7a84u : cult_rgb[k], cult_names[k]);
		for (lv = 0; lv <= 10; lv++)
			pic_line(p, x + 4, base - lv * step + step / 2, x + CULT_W - 4,
			    base - lv * step + step / 2, 0xffffffu, 1);
		/* Each faction's marker at its level, side by side. */
		for (lv = 0; lv <= 10; lv++) {
			int n = 0, m = 0;

			for (i = 0; f != NULL && i < json_array_size(f); i++) {
				const json_t *cs = pic_jarr(json_array_get(f, i), "cults");

				n += json_integer_value(json_array_get(cs, (size_t)k)) == lv;
			}
			for (i = 0; f != NULL && i < json_array_size(f); i++) {
				const json_t *fi = json_array_get(f, i), *cs = pic_jarr(fi, "cults");
				uint32_t c = seat_rgb(view, pic_jint(fi, "seat", 0));
				double w = n > 3 ? 8 : 11, cx;

				if (json_integer_value(json_array_get(cs, (size_t)k)) != lv)
					continue;
				cx = x + CULT_W / 2 - (n - 1) * (w + 1) / 2 + m++ * (w + 1);
				pic_rect(p, cx - w / 2, base - lv * step - w / 2, w, w, c, edge_of(c), 1.2);
			}
		}
		/* The priest spaces: 3 steps, then three of 2. */
		for (j = 0; j < 4; j++) {
			const json_t *pr = pic_jarr(json_array_get(sp, (size_t)k), "priests");
			long seat = pr != NULL ? (long)json_integer_value(json_array_get(pr, j)) : -1;
			double cx = x + 12 + (j % 2) * 22, cy = base + 34 + (double)(j / 2) * 22;

			if (seat >= 0 && json_array_get(pr, j) != NULL) {
				uint32_t c = seat_rgb(view, seat + 1);

				pic_circle(p, cx, cy, 9, c, edge_of(c), 1.4);
				pic_text_mid(p, cx, cy, 9, PIC_BOLD | PIC_CENTER, pic_ink_on(c), "P");
			} else {
				pic_circle(p, cx, cy, 9, 0xffffffu, cult_rgb[k], 1.4);
				pic_text_mid(p, cx, cy, 10, PIC_BOLD | PIC_CENTER, PIC_FAINT,
				    j == 0 ? "3" : "2");
			}
		}
	}
	pic_text(p, CULT_X + 2 * CULT_W, base + 76, 10, PIC_CENTER, PIC_FAINT,
	    "priest spaces (steps)");
}

/* Split "TP >> 3, 4 AIR -> 1 SPADE" at its comma. */
static void
two_lines(const char *s, char *a, char *b, size_t len)
{
	const char *c = strstr(s, ", ");

	if (c == NULL) {
		snprintf(a, len, "%s", s);
		b[0] = '\0';
	} else {
		snprintf(a, len, "%.*s", (int)(c - s), s);
		snprintf(b, len, "%s", c + 2);
	}
}

static void
tiles(struct pic *p, const json_t *view, double y)
{
	const json_t *sc = pic_jarr(view, "scoring"), *st = pic_jarr(view, "scoring_text");
	const json_t *taken = pic_jarr(view, "power_actions_taken"), *bon = pic_jobj(view,
	    "bonus_left");
	long round = pic_jint(view, "round", 0);
	double w = (WIDTH - 2 * MARGIN - 5 * 6) / 6.0, x;
	char t[80], a[80], b[80];
	const char *key;
	json_t *val;
	int k;

	for (k = 0; k < 6; k++) {
		int cur = k + 1 == round && !pic_jbool(view, "over"), past = k + 1 < round;

		x = MARGIN + k * (w + 6);
		pic_round_rect(p, x, y, w, 50, 5, cur ? 0xfff3c4u : past ? 0xeeeae0u : 0xffffffu,
		    cur ? 0xc08a00u : PIC_RULE, cur ? 2.5 : 1);
		snprintf(t, sizeof(t), "R%d  SCORE%ld%s", k + 1, sc != NULL ?
		    (long)json_integer_value(json_array_get(sc, (size_t)k)) : 0L, cur ? "  now" : "");
		pic_text(p, x + 6, y + 14, 10, PIC_BOLD, past ? PIC_FAINT : PIC_INK, t);
		two_lines(st != NULL && json_is_string(json_array_get(st, (size_t)k)) ?
		    json_string_value(json_array_get(st, (size_t)k)) : "", a, b, sizeof(a));
		pic_text(p, x + 6, y + 29, 10, 0, past ? PIC_FAINT : PIC_INK, a);
		pic_text(p, x + 6, y + 43, 10, 0, past ? PIC_FAINT : PIC_INK, b);
	}
	y += 62;
	pic_text(p, MARGIN, y + 4, 11, PIC_BOLD, PIC_INK, "Power actions");
	for (k = 0; k < 6; k++) {
		size_t i;
		int used = 0;

		for (i = 0; taken != NULL && i < json_array_size(taken); i++)
			used |= json_integer_value(json_array_get(taken, i)) == k + 1;
		x = MARGIN + k * 66;
		pic_round_rect(p, x, y + 10, 62, 42, 6, used ? 0xe4e0d8u : 0xf1dcf7u,
		    used ? 0xb8b2a8u : 0x9b59b6u, 1.2);
		snprintf(t, sizeof(t), "ACT%d", k + 1);
		pic_text(p, x + 31, y + 22, 10, PIC_BOLD | PIC_CENTER, used ? PIC_FAINT : 0x6c3483u, t);
		pic_text(p, x + 31, y + 34, 9, PIC_CENTER, used ? PIC_FAINT : PIC_INK, acts[k][0]);
		snprintf(t, sizeof(t), "%s PW", acts[k][1]);
		pic_text(p, x + 31, y + 46, 9, PIC_CENTER, used ? PIC_FAINT : 0x6c3483u, used ?
		    "taken" : t);
		if (used) {
			pic_line(p, x + 6, y + 14, x + 56, y + 48, 0x8a2020u, 2);
			pic_line(p, x + 56, y + 14, x + 6, y + 48, 0x8a2020u, 2);
		}
	}
	x = MARGIN + 6 * 66 + 10;
	pic_text(p, x, y + 4, 11, PIC_BOLD, PIC_INK, "Bonus tiles left");
	json_object_foreach((json_t *)bon, key, val) {
		int n = 0;

		if (x + 70 > WIDTH - MARGIN)
			break;
		sscanf(key, "BON%d", &n);
		pic_round_rect(p, x, y + 10, 66, 42, 6, 0xfdf6e3u, 0xb59a5au, 1.2);
		snprintf(t, sizeof(t), "%s", key);
		pic_text(p, x + 4, y + 22, 9, PIC_BOLD, PIC_INK, t);
		if (json_integer_value(val) > 0) {
			snprintf(t, sizeof(t), "+%ldC", (long)json_integer_value(val));
			pic_text(p, x + 63, y + 22, 9, PIC_BOLD | PIC_RIGHT, 0xa06a00u, t);
		}
		if (n >= 1 && n <= 10) {
			/* "pass: SH/SA 4" a little smaller, so it stays on its tile */
			double sz = 9;

			while (sz > 7 && pic_text_width(p, sz, 0, bonus[n - 1][0]) > 60)
				sz -= 0.5;
			pic_text(p, x + 4, y + 34, 9, 0, PIC_INK, bonus[n - 1][1]);
			pic_text(p, x + 4, y + 46, sz, 0, 0x6b5a30u, bonus[n - 1][0]);
		}
		x += 70;
	}
}

static void
factions(struct pic *p, const json_t *view, double y)
{
	const json_t *f = pic_jarr(view, "factions");
	const char *fs;
	char t[300], fit[300];
	size_t i;

	pic_text(p, MARGIN + 150, y, 10, PIC_BOLD, PIC_FAINT, "faction");
	pic_text(p, MARGIN + 300, y, 10, PIC_BOLD | PIC_RIGHT, PIC_FAINT, "VP");
	pic_text(p, MARGIN + 312, y, 10, PIC_BOLD, PIC_FAINT,
	    "coins, workers, priests, power in bowls I/II/III, shipping, digging, built");
	for (i = 0; f != NULL && i < json_array_size(f); i++) {
		const json_t *fi = json_array_get(f, i), *pw = pic_jarr(fi, "power");
		const json_t *bl = pic_jobj(fi, "buildings");
		long seat = pic_jint(fi, "seat", 0);
		uint32_t c = seat_rgb(view, seat);

		y += LINE_H;
		pic_rect(p, MARGIN, y - 11, 14, 14, c, edge_of(c), 1);
		snprintf(t, sizeof(t), "%ld %s", seat, pic_jstr(fi, "name", "?"));
		pic_text(p, MARGIN + 20, y, 11, PIC_BOLD, PIC_INK, pic_text_fit(p, 11, PIC_BOLD, 125,
		    t, fit, sizeof(fit)));
		fs = pic_jstr(fi, "faction", "(not chosen)");
		pic_text(p, MARGIN + 150, y, 11, 0, PIC_INK, fs);
		snprintf(t, sizeof(t), "%ld", pic_jint(fi, "vp", 0));
		pic_text(p, MARGIN + 300, y, 11, PIC_BOLD | PIC_RIGHT, PIC_INK, t);
		snprintf(t, sizeof(t), "%ldC %ldW %ldP  %ld/%ld/%ld  ship %ld dig %ld  "
		    "D%ld TP%ld TE%ld SH%ld SA%ld%s%s", pic_jint(fi, "c", 0), pic_jint(fi, "w", 0),
		    pic_jint(fi, "p", 0), (long)json_integer_value(json_array_get(pw, 0)),
		    (long)json_integer_value(json_array_get(pw, 1)),
		    (long)json_integer_value(json_array_get(pw, 2)), pic_jint(fi, "ship", 0),
		    pic_jint(fi, "dig", 0), pic_jint(bl, "D", 0), pic_jint(bl, "TP", 0),
		    pic_jint(bl, "TE", 0), pic_jint(bl, "SH", 0), pic_jint(bl, "SA", 0),
		    pic_jbool(fi, "passed") ? "  passed" : "", pic_jbool(fi, "dropped") ?
		    "  dropped" : "");
		pic_text(p, MARGIN + 312, y, 11, 0, PIC_INK, pic_text_fit(p, 11, 0,
		    WIDTH - MARGIN - 312 - MARGIN, t, fit, sizeof(fit)));
	}
	y += LINE_H + 6;
	pic_text(p, MARGIN, y, 11, 0, PIC_INK, pic_text_fit(p, 11, 0, WIDTH - 2 * MARGIN,
	    pic_jstr(view, "last", ""), fit, sizeof(fit)));
	y += LINE_H;
	if (pic_waiting(view, "factions", "name", t, sizeof(t))[0] == '\0' &&
	    pic_jbool(view, "over"))
		snprintf(t, sizeof(t), "The game is over.");
	pic_text(p, MARGIN, y, 11, PIC_BOLD, PIC_INK, pic_text_fit(p, 11, PIC_BOLD,
	    WIDTH - 2 * MARGIN, t, fit, sizeof(fit)));
}

static void
legend(struct pic *p, double y)
{
	static const char *const b[5][2] = { { "D", "dwelling" }, { "TP", "trading house" },
		{ "TE", "temple" }, { "SH", "stronghold" }, { "SA", "sanctuary" } };
	double x = MARGIN;
	int k;

	pic_line(p, MARGIN, y - 16, WIDTH - MARGIN, y - 16, PIC_RULE, 1);
	for (k = 0; k < 5; k++) {
		building(p, b[k][0], x + 12, y - 4, 0xd8d8d8u);
		x += 28 + pic_text(p, x + 28, y, 10, 0, PIC_INK, b[k][1]) + 10;
	}
	pic_circle(p, x + 10, y - 4, 9, PIC_NONE, 0xffcf1fu, 3);
	x += 24 + pic_text(p, x + 24, y, 10, 0, PIC_INK, "town") + 10;
	pic_line(p, x, y - 4, x + 18, y - 4, 0x111111u, 9);
	pic_line(p, x, y - 4, x + 18, y - 4, 0xd8d8d8u, 5);
	pic_text(p, x + 24, y, 10, 0, PIC_INK, "bridge");
	y += LINE_H;
	x = MARGIN;
	for (k = 0; k < 10; k++) {
		if (k == 7)
			continue;
		pic_rect(p, x, y - 10, 12, 12, terrains[k].rgb, 0x5b5040u, 1);
		x += 16 + pic_text(p, x + 16, y, 10, 0, PIC_INK, terrain_words[k]) + 9;
	}
	pic_rect(p, x, y - 10, 12, 12, terrains[7].rgb, 0x5b5040u, 1);
	pic_text(p, x + 16, y, 10, 0, PIC_INK, terrain_words[7]);
}

static void
tm_draw(struct pic *p, const json_t *view)
{
	char sub[80];
	int w, h;
	double y;

	tm_size(view, &w, &h);
	pic_rect(p, 0, 0, w, h, PIC_PAPER, PIC_NONE, 0);
	if (pic_jbool(view, "over"))
		snprintf(sub, sizeof(sub), "game over");
	else if (pic_jint(view, "round", 0) > 0)
		snprintf(sub, sizeof(sub), "round %ld of 6", pic_jint(view, "round", 0));
	else
		snprintf(sub, sizeof(sub), "setup");
	pic_title(p, view, sub);
	map(p, view);
	cults(p, view);
	y = BELOW_Y;
	tiles(p, view, y);
	y += 58 + 64 + 14;
	factions(p, view, y);
	/* Below the status line, the final ranking once the game is over. */
	y += (nfactions(view) + 2) * LINE_H + 6;
	if (pic_ranking_lines(view) > 0)
		y = pic_ranking(p, view, MARGIN, y + LINE_H + 8, LINE_H, WIDTH - 2 * MARGIN);
	legend(p, y + 2 + 24);
}

static int
tm_locate(const json_t *view, const char *name, double *x, double *y)
{
	const json_t *cells = pic_jarr(view, "map");
	size_t i, n = strcspn(name, "+");

	for (i = 0; cells != NULL && i < json_array_size(cells); i++) {
		const json_t *c = json_array_get(cells, i);
		const char *h = pic_jstr(c, "hex", "");

		if (strlen(h) != n || strncmp(h, name, n) != 0)
			continue;
		hex_center(pic_jint(c, "row", 0), pic_jint(c, "col", 0), x, y);
		/* The building's middle; else left of it, clear of the town's ring. */
		if (name[n] == '+')
			*y += 5;
		else {
			*x -= 19;
			*y += 4;
		}
		return 0;
	}
	return -1;
}

const struct picture_drawer picture_terra = { "terra", tm_size, tm_draw, tm_locate, NULL };
