/*
 * warriors.c - the Warriors & Traders picture: the province map as a
 * schematic laid out as the report's sketch lays it out (north up), each
 * province a box named by its code (marked as a capital or a trade
 * centre), filled in its holder's colour, holding its units by kind and
 * count in their side's colour, its forts and princesses; borders as
 * lines, sea crossings dashed, each country's provinces on a band of its
 * own; below, the players, the barbarians' strength, wars, whom the game
 * waits for and a legend.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pic.h"

enum { MARGIN = 12, LINE_H = 19, BOX_W = 66, BOX_H = 42 };
#define COL_W 12.5			/* pixels per column of the sketch */
#define ROW_H 30.0			/* pixels per line of the sketch */
#define MAP_X (MARGIN + 8.0)
/* room above the top row for a country's name, clear of the title band */
#define MAP_Y (PIC_TITLE_H + 36.0)
#define SEA 0x2f7fd0u
#define BARB 0x555555u

static const char *const kinds[3] = { "inf", "arc", "cav" };

struct extent {
	int maxx, maxy;
};

static void
extent(const json_t *view, struct extent *e)
{
	const json_t *pv = pic_jarr(view, "provinces");
	size_t i;

	e->maxx = e->maxy = 0;
	for (i = 0; pv != NULL && i < json_array_size(pv); i++) {
		const json_t *at = pic_jarr(json_array_get(pv, i), "at");
		int x = (int)json_integer_value(json_array_get(at, 0));
		int y = (int)json_integer_value(json_array_get(at, 1));

		if (x > e->maxx && x < 1000)
			e->maxx = x;
		if (y > e->maxy && y < 1000)
			e->maxy = y;
	}
}

static int
nseats(const json_t *view)
{
	const json_t *s = pic_jarr(view, "seats");

	return s != NULL ? (int)json_array_size(s) : 0;
}

#define MAP_BOTTOM(e) (MAP_Y + (e).maxy * ROW_H + BOX_H / 2.0 + 14)

static void
wt_size(const json_t *view, int *w, int *h)
{
	struct extent e;

	extent(view, &e);
	*w = (int)(MAP_X + e.maxx * COL_W + BOX_W + 24 + MARGIN);
	if (*w < 760)
		*w = 760;
	/* players (and a header), barbarians and wars, two status lines, the
	 * legend's two lines */
	*h = (int)MAP_BOTTOM(e) + (nseats(view) + 1) * LINE_H + 10 + 5 * LINE_H + MARGIN;
	/* and the final ranking, once the game is over */
	if (pic_ranking_lines(view) > 0)
		*h += pic_ranking_lines(view) * LINE_H + 8;
}

/* A province's box: centre. */
static int
centre(const json_t *pr, double *x, double *y)
{
	const json_t *at = pic_jarr(pr, "at");
	long cx = at != NULL ? (long)json_integer_value(json_array_get(at, 0)) : -1;
	long cy = at != NULL ? (long)json_integer_value(json_array_get(at, 1)) : -1;

	if (cx < 0 || cy < 0 || cx > 1000 || cy > 1000)
		return -1;
	*x = MAP_X + cx * COL_W + BOX_W / 2.0 - 6;
	*y = MAP_Y + cy * ROW_H;
	return 0;
}

static const json_t *
province(const json_t *view, const char *code)
{
	const json_t *pv = pic_jarr(view, "provinces");
	size_t i;

	for (i = 0; pv != NULL && i < json_array_size(pv); i++)
		if (strcmp(pic_jstr(json_array_get(pv, i), "code", ""), code) == 0)
			return json_array_get(pv, i);
	return NULL;
}

/* The seat playing country (its code), 0 when none. */
static long
seat_of(const json_t *view, const char *country)
{
	const json_t *s = pic_jarr(view, "seats");
	size_t i;

	for (i = 0; country != NULL && s != NULL && i < json_array_size(s); i++)
		if (strcmp(pic_jstr(json_array_get(s, i), "country", ""), country) == 0)
			return pic_jint(json_array_get(s, i), "seat", 0);
	return 0;
}

/* A country's colour: its player's, or grey for the barbarians. */
static uint32_t
side_rgb(const json_t *view, const char *side)
{
	long seat = seat_of(view, side);

	return seat > 0 ? pic_seat_color((int)seat) : BARB;
}

/* A unit's mark: infantry a square, archers a triangle, cavalry a disc. */
static void
unit_mark(struct pic *p, int kind, double cx, double cy, uint32_t c)
{
	uint32_t e = pic_ink_on(c) == 0xffffffu ? 0xffffffu : 0x222222u;
	double xy[6] = { cx, cy - 5.5, cx + 5.5, cy + 4.5, cx - 5.5, cy + 4.5 };

	if (kind == 0)
		pic_rect(p, cx - 4.5, cy - 4.5, 9, 9, c, e, 1);
	else if (kind == 1)
		pic_poly(p, xy, 3, c, e, 1);
	else
		pic_circle(p, cx, cy, 5, c, e, 1);
}

/* A fort: a small tower. */
static void
fort(struct pic *p, double x, double y, uint32_t c)
{
	double xy[] = { x, y + 11, x, y, x + 3, y, x + 3, y + 3, x + 5, y + 3, x + 5, y,
		x + 8, y, x + 8, y + 3, x + 10, y + 3, x + 10, y, x + 13, y, x + 13, y + 11 };

	pic_poly(p, xy, 12, c, 0x000000u, 1);
}

/* Bands under each country's provinces, then borders and sea crossings. */
static void
links(struct pic *p, const json_t *view)
{
	const json_t *pv = pic_jarr(view, "provinces");
	size_t i, j;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; pv != NULL && i < json_array_size(pv); i++) {
			const json_t *a = json_array_get(pv, i), *adj = pic_jarr(a, "adjacent");
			const json_t *sea = pic_jarr(a, "sea_crossings");
			double x1, y1, x2, y2;

			if (centre(a, &x1, &y1) != 0)
				continue;
			for (j = 0; adj != NULL && j < json_array_size(adj); j++) {
				const char *code = json_string_value(json_array_get(adj, j));
				const json_t *b = province(view, code != NULL ? code : "");
				int by_sea = 0;
				size_t k;

				if (b == NULL || centre(b, &x2, &y2) != 0 || strcmp(pic_jstr(a, "code",
				    ""), pic_jstr(b, "code", "")) > 0)
					continue;	/* each pair once */
				for (k = 0; sea != NULL && k < json_array_size(sea); k++)
					by_sea |= json_string_value(json_array_get(sea, k)) != NULL &&
					    strcmp(json_string_value(json_array_get(sea, k)), code) == 0;
				if (pass == 0 && !by_sea && strcmp(pic_jstr(a, "country", ""),
				    pic_jstr(b, "country", "")) == 0)
					pic_line(p, x1, y1, x2, y2, 0xe9e1cfu, 34);
				else if (pass == 1 && by_sea)
					pic_dash(p, x1, y1, x2, y2, SEA, 2.5, 7, 5);
				else if (pass == 1)
					pic_line(p, x1, y1, x2, y2, 0x8f846eu, 2);
			}
		}
}

static void
box(struct pic *p, const json_t *view, const json_t *pr)
{
	const json_t *units = pic_jarr(pr, "units");
	const char *owner = pic_jstr(pr, "owner", NULL), *type = pic_jstr(pr, "type", "");
	uint32_t fill = owner != NULL ? pic_tint(side_rgb(view, owner), 0.55) : 0xffffffu;
	char t[32];
	double x, y, ux, right;
	long forts = pic_jint(pr, "forts", 0), pri = pic_jint(pr, "princesses", 0);
	int k;
	size_t i, j;

	if (centre(pr, &x, &y) != 0)
		return;
	pic_round_rect(p, x - BOX_W / 2.0, y - BOX_H / 2.0, BOX_W, BOX_H, 5, fill,
	    owner != NULL ? side_rgb(view, owner) : 0x8f846eu, owner != NULL ? 2.5 : 1.2);
	snprintf(t, sizeof(t), "%s%s", strcmp(type, "capital") == 0 ? "*" :
	    strcmp(type, "trade") == 0 ? "$" : "", pic_jstr(pr, "code", "?"));
	pic_text(p, x - BOX_W / 2.0 + 5, y - 6, 12, PIC_BOLD, PIC_INK, t);
	/* Forts (the barbarians' in black) and princesses, top right. */
	ux = x + BOX_W / 2.0 - 4;
	if (pic_jbool(pr, "barbarian_fort")) {
		fort(p, ux - 13, y - 17, 0x222222u);
		ux -= 16;
	}
	if (forts > 0) {
		fort(p, ux - 13, y - 17, owner != NULL ? side_rgb(view, owner) : 0xbbbbbbu);
		ux -= 15;
		if (forts > 1) {
			snprintf(t, sizeof(t), "%ld", forts);
			ux -= 2 + pic_text(p, ux, y - 7, 9, PIC_BOLD | PIC_RIGHT, PIC_INK, t);
		}
	}
	/* Units (below) end short of the princesses, bottom right. */
	right = x + BOX_W / 2.0 - 4;
	if (pri > 0) {
		snprintf(t, sizeof(t), "\xe2\x99\x9b%ld", pri);
		right -= pic_text(p, right, y + 16, 10, PIC_BOLD | PIC_RIGHT, 0xa0306au, t) + 3;
	}
	/*
	 * Units: per side and kind, a mark and a count, each clear of the
	 * next, in one row under the name; when they do not fit, in two, the
	 * lower one short of the princesses.  What fits in neither is said by
	 * an ellipsis (the text report lists every unit).
	 */
	{
		struct { const char *side; int kind, n; double w; } e[12];
		double start = x - BOX_W / 2.0 + 10, full = x + BOX_W / 2.0 - 4, need = 0, cy, limit;
		int ne = 0, two, row = 0, m;

		for (i = 0; units != NULL && i < json_array_size(units); i++) {
			const char *side = pic_jstr(json_array_get(units, i), "side", "");
			int seen = 0;

			for (j = 0; j < i; j++)
				seen |= strcmp(pic_jstr(json_array_get(units, j), "side", ""),
				    side) == 0;
			for (k = 0; k < 3 && !seen && ne < (int)(sizeof(e) / sizeof(e[0])); k++) {
				int n = 0;

				for (j = 0; j < json_array_size(units); j++)
					n += strcmp(pic_jstr(json_array_get(units, j), "side", ""),
					    side) == 0 && strcmp(pic_jstr(json_array_get(units, j),
					    "kind", ""), kinds[k]) == 0;
				if (n == 0)
					continue;
				snprintf(t, sizeof(t), "%d", n);
				e[ne].side = side;
				e[ne].kind = k;
				e[ne].n = n;
				e[ne].w = 7 + pic_text_width(p, 10, PIC_BOLD, t) + 2 + 5.5 + 2;
				need += e[ne++].w;
			}
		}
		/* an entry's extent: from its mark's left (ux - 5.5) to its count's
		 * end (4.5 short of the next mark's left) */
		two = start - 5.5 + need - 4.5 > right;
		cy = two ? y + 3 : y + 8;
		limit = two ? full : right;
		ux = start;
		for (m = 0; m < ne; m++) {
			if (ux - 5.5 + e[m].w - 4.5 > limit && two && row == 0) {
				row = 1;
				ux = start;
				cy = y + 14;
				limit = right;
			}
			if (ux - 5.5 + e[m].w - 4.5 > limit) {
				pic_text(p, ux - 5.5, cy + 4, 10, PIC_BOLD, PIC_INK, "\xe2\x80\xa6");
				break;
			}
			snprintf(t, sizeof(t), "%d", e[m].n);
			unit_mark(p, e[m].kind, ux, cy, side_rgb(view, e[m].side));
			pic_text(p, ux + 7, cy + 4, 10, PIC_BOLD, PIC_INK, t);
			ux += e[m].w;
		}
	}
}

/*
 * What must not collide.  Each province's box and its name; each border's
 * and sea crossing's visible part, from box edge to box edge; each
 * country's name, put in the first place clear of all of those and of
 * the names placed before it: in the gap above or below one of its
 * provinces (north first, then west), at the middle or shifted aside.
 */

/* Where the segment from (x1, y1) towards (x2, y2) leaves the box of
 * half sizes hw, hh centred on (x1, y1). */
static void
leave_box(double x1, double y1, double x2, double y2, double hw, double hh, double *x,
    double *y)
{
	double dx = x2 - x1, dy = y2 - y1, t = 1;

	if (dx != 0 && hw / (dx < 0 ? -dx : dx) < t)
		t = hw / (dx < 0 ? -dx : dx);
	if (dy != 0 && hh / (dy < 0 ? -dy : dy) < t)
		t = hh / (dy < 0 ? -dy : dy);
	*x = x1 + dx * t;
	*y = y1 + dy * t;
}

/* 1 when the segment, widened by pad on each side, meets the box
 * (Liang-Barsky clipping). */
static int
line_meets(const struct picture_item *l, const struct picture_item *b, double pad)
{
	double x0 = b->x1 - pad, y0 = b->y1 - pad, x1 = b->x2 + pad, y1 = b->y2 + pad;
	double dx = l->x2 - l->x1, dy = l->y2 - l->y1, t0 = 0, t1 = 1;
	double pq[4][2] = { { -dx, l->x1 - x0 }, { dx, x1 - l->x1 }, { -dy, l->y1 - y0 },
		{ dy, y1 - l->y1 } };
	int i;

	for (i = 0; i < 4; i++) {
		double r;

		if (pq[i][0] == 0) {
			if (pq[i][1] < 0)
				return 0;
			continue;
		}
		r = pq[i][1] / pq[i][0];
		if (pq[i][0] < 0 && r > t0)
			t0 = r;
		else if (pq[i][0] > 0 && r < t1)
			t1 = r;
		if (t0 > t1)
			return 0;
	}
	return 1;
}

static int
boxes_meet(const struct picture_item *a, const struct picture_item *b, double pad)
{
	return a->x1 < b->x2 + pad && b->x1 < a->x2 + pad && a->y1 < b->y2 + pad &&
	    b->y1 < a->y2 + pad;
}

/* A label's box: text of size px at baseline y, x its left end (capitals,
 * '$' and '*': no descender below 0.12 of the size). */
static void
label_box(struct picture_item *it, const char *text, const char *owner, double x, double y,
    double size, double w)
{
	memset(it, 0, sizeof(*it));
	it->kind = PICTURE_LABEL;
	snprintf(it->name, sizeof(it->name), "%s", text);
	snprintf(it->owner, sizeof(it->owner), "%s", owner);
	it->x1 = x;
	it->x2 = x + w;
	it->y1 = y - 0.76 * size;
	it->y2 = y + 0.12 * size;
}

/* How many of items[0..n) a country's name at box c would touch. */
static int
collisions(const struct picture_item *items, int n, const struct picture_item *c, int width)
{
	int i, k = c->x1 < 2 || c->x2 > width - 2 || c->y1 < PIC_TITLE_H + 2;

	for (i = 0; i < n; i++)
		if (items[i].kind == PICTURE_LINE)
			k += line_meets(&items[i], c, items[i].lw / 2 + 1.5);
		else
			k += boxes_meet(&items[i], c, 1.5);
	return k;
}

#define PUT(it) do { if (n < max) out[n] = (it); n++; } while (0)

static int
wt_layout(struct pic *p, const json_t *view, struct picture_item *out, int max)
{
	const json_t *pv = pic_jarr(view, "provinces");
	struct picture_item it, best;
	size_t i, j, k;
	int n = 0, w, h, fixed;

	wt_size(view, &w, &h);
	for (i = 0; pv != NULL && i < json_array_size(pv); i++) {
		const json_t *a = json_array_get(pv, i), *adj = pic_jarr(a, "adjacent");
		const json_t *sea = pic_jarr(a, "sea_crossings");
		const char *type = pic_jstr(a, "type", "");
		char t[32];
		double x1, y1, x2, y2;

		if (centre(a, &x1, &y1) != 0)
			continue;
		memset(&it, 0, sizeof(it));
		it.kind = PICTURE_BOX;
		snprintf(it.name, sizeof(it.name), "%s", pic_jstr(a, "code", "?"));
		it.x1 = x1 - BOX_W / 2.0;
		it.y1 = y1 - BOX_H / 2.0;
		it.x2 = x1 + BOX_W / 2.0;
		it.y2 = y1 + BOX_H / 2.0;
		PUT(it);
		snprintf(t, sizeof(t), "%s%s", strcmp(type, "capital") == 0 ? "*" :
		    strcmp(type, "trade") == 0 ? "$" : "", pic_jstr(a, "code", "?"));
		label_box(&it, t, pic_jstr(a, "code", "?"), x1 - BOX_W / 2.0 + 5, y1 - 6, 12,
		    pic_text_width(p, 12, PIC_BOLD, t));
		PUT(it);
		for (j = 0; adj != NULL && j < json_array_size(adj); j++) {
			const char *code = json_string_value(json_array_get(adj, j));
			const json_t *b = province(view, code != NULL ? code : "");
			int by_sea = 0;

			if (b == NULL || centre(b, &x2, &y2) != 0 || strcmp(pic_jstr(a, "code", ""),
			    pic_jstr(b, "code", "")) > 0)
				continue;	/* each pair once */
			for (k = 0; sea != NULL && k < json_array_size(sea); k++)
				by_sea |= json_string_value(json_array_get(sea, k)) != NULL &&
				    strcmp(json_string_value(json_array_get(sea, k)), code) == 0;
			memset(&it, 0, sizeof(it));
			it.kind = PICTURE_LINE;
			snprintf(it.name, sizeof(it.name), "%s-%s", pic_jstr(a, "code", "?"), code);
			leave_box(x1, y1, x2, y2, BOX_W / 2.0, BOX_H / 2.0, &it.x1, &it.y1);
			leave_box(x2, y2, x1, y1, BOX_W / 2.0, BOX_H / 2.0, &it.x2, &it.y2);
			it.lw = by_sea ? 2.5 : 2;
			PUT(it);
		}
	}
	/* The countries' names, each where it touches nothing yet placed. */
	fixed = n < max ? n : max;
	for (i = 0; pv != NULL && i < json_array_size(pv); i++) {
		const char *c = pic_jstr(json_array_get(pv, i), "country", "");
		double lw = pic_text_width(p, 10, PIC_BOLD, c);
		int least = -1, seen = 0;
		size_t m, own[64], nown;

		for (j = 0; j < i; j++)
			seen |= strcmp(pic_jstr(json_array_get(pv, j), "country", ""), c) == 0;
		if (seen || c[0] == '\0')
			continue;
		/* Its provinces north to south, west to east: the gaps above, then below. */
		for (m = 0, nown = 0; m < json_array_size(pv) && nown < 64; m++) {
			double x, y, ox, oy;
			size_t q;

			if (strcmp(pic_jstr(json_array_get(pv, m), "country", ""), c) != 0 ||
			    centre(json_array_get(pv, m), &x, &y) != 0)
				continue;
			for (q = nown++; q > 0; q--) {
				centre(json_array_get(pv, own[q - 1]), &ox, &oy);
				if (oy < y || (oy == y && ox <= x))
					break;
				own[q] = own[q - 1];
			}
			own[q] = m;
		}
		for (k = 0; k < 2 && least != 0; k++)
			for (m = 0; m < nown && least != 0; m++) {
				static const double shift[] = { 0, -20, 20, -34, 34 };
				double x, y;
				int s;

				centre(json_array_get(pv, own[m]), &x, &y);
				for (s = 0; s < 5 && least != 0; s++) {
					double by = k == 0 ? y - BOX_H / 2.0 - 5 : y + BOX_H / 2.0 + 13;
					int hits;

					label_box(&it, c, "", x + shift[s] - lw / 2, by, 10, lw);
					hits = collisions(out, fixed, &it, w);
					if (least < 0 || hits < least) {
						least = hits;
						best = it;
					}
				}
			}
		if (least >= 0) {
			PUT(best);
			if (n <= max)
				fixed = n;
		}
	}
	return n;
}

#undef PUT

/* Each country's name where wt_layout put it. */
static void
countries(struct pic *p, const json_t *view)
{
	int max = 400, n, i;	/* the map has some 230 items: laid out once */
	struct picture_item *items = malloc((size_t)max * sizeof(*items)), *more;

	if (items == NULL)
		return;
	n = wt_layout(p, view, items, max);
	if (n > max && (more = realloc(items, (size_t)n * sizeof(*items))) != NULL) {
		items = more;
		n = wt_layout(p, view, items, n);
	} else if (n > max)
		n = max;
	for (i = 0; i < n; i++)
		if (items[i].kind == PICTURE_LABEL && items[i].owner[0] == '\0')
			pic_text(p, items[i].x1, items[i].y1 + 0.76 * 10, 10, PIC_BOLD, 0x9a8c6au,
			    items[i].name);
	free(items);
}

static void
panel(struct pic *p, const json_t *view, double y, int width)
{
	const json_t *seats = pic_jarr(view, "seats"), *wars = pic_jarr(view, "wars");
	const json_t *b = pic_jobj(view, "barbarians");
	char t[600], fit[600];
	size_t i;
	double x;
	int k;

	pic_text(p, MARGIN + 170, y, 10, PIC_BOLD | PIC_RIGHT, PIC_FAINT, "VP");
	pic_text(p, MARGIN + 182, y, 10, PIC_BOLD, PIC_FAINT,
	    "food goods weapons gold   tracks P/T/M   provinces, forts   routes");
	for (i = 0; seats != NULL && i < json_array_size(seats); i++) {
		const json_t *s = json_array_get(seats, i), *r = pic_jobj(s, "resources");
		const json_t *tr = pic_jobj(s, "tracks"), *rt = pic_jarr(s, "routes");
		uint32_t c = pic_seat_color((int)pic_jint(s, "seat", 0));
		size_t o;

		y += LINE_H;
		pic_rect(p, MARGIN, y - 11, 14, 14, c, 0x000000u, 1);
		snprintf(t, sizeof(t), "%s %s", pic_jstr(s, "country", "?"), pic_jstr(s, "name", ""));
		pic_text(p, MARGIN + 20, y, 11, PIC_BOLD, PIC_INK, pic_text_fit(p, 11, PIC_BOLD, 125,
		    t, fit, sizeof(fit)));
		snprintf(t, sizeof(t), "%ld", pic_jint(s, "vp", 0));
		pic_text(p, MARGIN + 170, y, 11, PIC_BOLD | PIC_RIGHT, PIC_INK, t);
		o = (size_t)snprintf(t, sizeof(t), "%ld %ld %ld %ld   %ld/%ld/%ld   %ld, %ld%s   ",
		    pic_jint(r, "food", 0), pic_jint(r, "goods", 0), pic_jint(r, "weapons", 0),
		    pic_jint(r, "gold", 0), pic_jint(tr, "production", 0), pic_jint(tr, "trade", 0),
		    pic_jint(tr, "military", 0), pic_jint(s, "provinces", 0), pic_jint(s, "forts", 0),
		    pic_jbool(s, "unified") ? ", unified" : "");
		for (k = 0; rt != NULL && k < (int)json_array_size(rt) && o < sizeof(t); k++)
			o += (size_t)snprintf(t + o, sizeof(t) - o, "%s%s", k ? " " : "",
			    json_is_string(json_array_get(rt, (size_t)k)) ?
			    json_string_value(json_array_get(rt, (size_t)k)) : "?");
		if ((rt == NULL || json_array_size(rt) == 0) && o < sizeof(t))
			snprintf(t + o, sizeof(t) - o, "none");
		pic_text(p, MARGIN + 182, y, 11, 0, PIC_INK, pic_text_fit(p, 11, 0,
		    width - MARGIN - 182 - MARGIN, t, fit, sizeof(fit)));
	}
	y += LINE_H + 6;
	snprintf(t, sizeof(t), "Barbarians this turn: infantry %ld, archers %ld, cavalry %ld, "
	    "fort %ld/%ld (strength/toughness).  Wars:", pic_jint(b, "inf", 0), pic_jint(b, "arc", 0),
	    pic_jint(b, "cav", 0), pic_jint(b, "fort_strength", 0), pic_jint(b, "fort_toughness", 0));
	for (i = 0; wars != NULL && i < json_array_size(wars); i++) {
		size_t o = strlen(t);

		snprintf(t + o, sizeof(t) - o, "%s %s-%s", i ? "," : "",
		    pic_jstr(json_array_get(wars, i), "a", "?"),
		    pic_jstr(json_array_get(wars, i), "b", "?"));
	}
	if (wars == NULL || json_array_size(wars) == 0)
		snprintf(t + strlen(t), sizeof(t) - strlen(t), " none");
	pic_text(p, MARGIN, y, 11, 0, PIC_INK, pic_text_fit(p, 11, 0, width - 2 * MARGIN, t, fit,
	    sizeof(fit)));
	y += LINE_H;
	pic_text(p, MARGIN, y, 11, 0, PIC_INK, pic_text_fit(p, 11, 0, width - 2 * MARGIN,
	    pic_jstr(view, "last", ""), fit, sizeof(fit)));
	y += LINE_H;
	if (pic_waiting(view, "seats", "country", t, sizeof(t))[0] == '\0' &&
	    pic_jarr(view, "winners") != NULL) {
		const json_t *wn = pic_jarr(view, "winners");

		snprintf(t, sizeof(t), "Game over; won by");
		for (i = 0; i < json_array_size(wn); i++)
			snprintf(t + strlen(t), sizeof(t) - strlen(t), "%s %s", i ? "," : "",
			    json_is_string(json_array_get(wn, i)) ?
			    json_string_value(json_array_get(wn, i)) : "?");
	}
	pic_text(p, MARGIN, y, 11, PIC_BOLD, PIC_INK, pic_text_fit(p, 11, PIC_BOLD,
	    width - 2 * MARGIN, t, fit, sizeof(fit)));
	if (pic_ranking_lines(view) > 0)
		y = pic_ranking(p, view, MARGIN, y + LINE_H + 8, LINE_H, width - 2 * MARGIN);
	/* The legend. */
	y += LINE_H + 10;
	pic_line(p, MARGIN, y - 16, width - MARGIN, y - 16, PIC_RULE, 1);
	/* First line: what a province holds. */
	x = MARGIN;
	for (k = 0; k < 3; k++) {
		static const char *const words[3] = { "infantry", "archers", "cavalry" };

		unit_mark(p, k, x + 5, y - 4, 0xbbbbbbu);
		x += 14 + pic_text(p, x + 14, y, 10, 0, PIC_INK, words[k]) + 10;
	}
	x += pic_text(p, x, y, 10, 0, PIC_INK, "in the owner's colour, with their number;") + 8;
	/* The barbarians' units, of every kind, in black. */
	for (k = 0; k < 3; k++)
		unit_mark(p, k, x + 5 + 11 * k, y - 4, BARB);
	x += 36 + pic_text(p, x + 36, y, 10, 0, PIC_INK, "barbarians") + 10;
	x += pic_text(p, x, y, 10, 0, 0xa0306au, "\xe2\x99\x9b") + 3;
	pic_text(p, x, y, 10, 0, PIC_INK, "princesses (number)");
	/* Second line: the provinces and what joins them. */
	y += LINE_H;
	x = MARGIN;
	fort(p, x, y - 11, 0xbbbbbbu);
	x += 17 + pic_text(p, x + 17, y, 10, 0, PIC_INK, "fort") + 10;
	fort(p, x, y - 11, 0x222222u);
	x += 17 + pic_text(p, x + 17, y, 10, 0, PIC_INK, "barbarian fort") + 10;
	x += pic_text(p, x, y, 10, 0, PIC_INK, "*capital  $trade centre") + 10;
	pic_line(p, x, y - 4, x + 22, y - 4, 0xe9e1cfu, 10);
	x += 26 + pic_text(p, x + 26, y, 10, 0, PIC_INK, "one country") + 10;
	pic_line(p, x, y - 4, x + 18, y - 4, 0x8f846eu, 2);
	x += 22 + pic_text(p, x + 22, y, 10, 0, PIC_INK, "border") + 10;
	pic_dash(p, x, y - 4, x + 20, y - 4, SEA, 2.5, 7, 5);
	pic_text(p, x + 24, y, 10, 0, PIC_INK, "sea crossing");
}

static void
wt_draw(struct pic *p, const json_t *view)
{
	const json_t *pv = pic_jarr(view, "provinces");
	struct extent e;
	char sub[120];
	size_t i;
	int w, h;

	wt_size(view, &w, &h);
	extent(view, &e);
	pic_rect(p, 0, 0, w, h, PIC_PAPER, PIC_NONE, 0);
	snprintf(sub, sizeof(sub), "turn %ld, %s", pic_jint(view, "turn", 0),
	    pic_jstr(view, "phase", ""));
	pic_title(p, view, sub);
	links(p, view);
	countries(p, view);
	for (i = 0; pv != NULL && i < json_array_size(pv); i++)
		box(p, view, json_array_get(pv, i));
	panel(p, view, MAP_BOTTOM(e) + 4, w);
}

static int
wt_locate(const json_t *view, const char *name, double *x, double *y)
{
	const json_t *pr = province(view, name);

	/* The box's lower left, clear of its units and its border. */
	if (pr == NULL || centre(pr, x, y) != 0)
		return -1;
	*x -= BOX_W / 2.0 - 3;
	*y += BOX_H / 2.0 - 5;
	return 0;
}

const struct picture_drawer picture_warriors = { "warriors", wt_size, wt_draw, wt_locate,
	wt_layout };
