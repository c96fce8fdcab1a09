/*
 * test_picture.c - the board pictures (app/picture/), read back.
 *
 * For positions reached by random self-play of each game, the PNG is
 * decoded again with cairo and checked against the state itself (not the
 * view the picture was drawn from): the picture has the drawer's size, and
 * the colour at every square or hex (picture_locate) is the one the state
 * gives it: a Tigris square its tile's colour, or river or land; a Terra
 * Mystica hex its terrain's, and a building its faction's; a Warriors &
 * Traders province its holder's.  Every position draws within the size
 * budget.  And the picture is a function of the public view: two states of
 * any game with a resample hook that differ only in what is hidden (a
 * Tigris hand, the bag's order; Warriors & Traders' orders not yet carried
 * out) draw the same PNG bytes.
 *
 * Labels: at every position, no label a drawer places (picture_layout)
 * touches a line, a place's box or another label, but for a place's name
 * inside its own box; each country, province and route of the view is
 * laid out.  The overlap is judged here by sampling, not by the drawer's
 * own geometry.  A finished game's picture adds a band between its status
 * and its legend, with a line of ink for the heading and for each seat of
 * the final ranking (the view's game.ranking, checked against the
 * engine's score()), and changes nothing else.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"
#include "../../app/picture/cairo_dl.h"
#include "../../app/picture/pic.h"
#include "../../app/picture/picture.h"
#include "../../engine/terra/terra.h"
#include "../../engine/tigris/tigris.h"
#include "../../engine/warriors/wt.h"
#include "../selfplay.h"

static const char *const NAMES[GAME_MAX_SEATS] = {
	"ada", "bo", "cy", "di", "ed", "flo", "gus", "hal"
};

/* The game under test (the self-play hook has no argument of its own). */
static const struct game_rules *R;
static int NSEATS;
static long COMMANDS, EVERY, DRAWN, CHECKED;
static size_t LARGEST;

/* The public view of st as `show --format json` gives it (report_json). */
static json_t *
view_of(const void *st, int move)
{
	struct loaded g;

	memset(&g, 0, sizeof(g));
	g.rules = R;
	g.state = (void *)st;
	g.seq = move;
	g.row.id = 7;
	memcpy(g.names, NAMES, sizeof(g.names));
	snprintf(g.row.title, sizeof(g.row.title), "%s", R->title);
	return report_json(&g, -1);
}

static int
draw(const void *st, struct sbuf *png)
{
	json_t *view = view_of(st, (int)COMMANDS);
	char err[512];
	int rc;

	assert_non_null(view);
	rc = picture_draw(view, PICTURE_PNG, png, err, sizeof(err));
	if (rc != 0)
		fail_msg("%s: %s", R->name, err);
	json_decref(view);
	return rc;
}

/* PNG read back, from memory. */
struct reader {
	const struct sbuf *b;
	size_t at;
};

static cairo_status_t
read_png(void *closure, unsigned char *data, unsigned int len)
{
	struct reader *r = closure;

	if (r->at + len > r->b->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->b->s + r->at, len);
	r->at += len;
	return CAIRO_STATUS_SUCCESS;
}

struct image {
	cairo_surface_t *sf;
	const unsigned char *px;
	int w, h, stride;
};

static void
decode(const struct sbuf *png, struct image *im)
{
	struct reader r = { png, 0 };

	im->sf = cairo_image_surface_create_from_png_stream(read_png, &r);
	assert_int_equal(cairo_surface_status(im->sf), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(im->sf);
	im->px = cairo_image_surface_get_data(im->sf);
	im->w = cairo_image_surface_get_width(im->sf);
	im->h = cairo_image_surface_get_height(im->sf);
	im->stride = cairo_image_surface_get_stride(im->sf);
}

static uint32_t
pixel(const struct image *im, double x, double y)
{
	int ix = (int)x, iy = (int)y;
	uint32_t v;

	assert_true(ix >= 0 && iy >= 0 && ix < im->w && iy < im->h);
	memcpy(&v, im->px + (size_t)iy * (size_t)im->stride + (size_t)ix * 4, 4);
	return v & 0xffffffu;
}

/*
 * The colour names a player would give, each by a colour of its kind
 * (not the drawers' own values): a pixel is read as the nearest one.
 */
static const struct { const char *name; int r, g, b; } KINDS[] = {
	{ "red", 205, 55, 45 }, { "blue", 55, 110, 195 }, { "green", 55, 150, 65 },
	{ "black", 45, 45, 45 }, { "yellow", 235, 205, 70 }, { "brown", 160, 110, 55 },
	{ "gray", 155, 155, 155 }, { "river", 175, 215, 240 }, { "land", 235, 222, 185 },
	{ "ice", 240, 245, 250 }, { "volcano", 235, 135, 40 },
};

static const char *
kind_of(uint32_t c, const char *const *among, int n)
{
	int r = (int)(c >> 16) & 255, g = (int)(c >> 8) & 255, b = (int)c & 255, i, k;
	long best = -1;
	const char *name = "?";

	for (k = 0; k < (int)(sizeof(KINDS) / sizeof(KINDS[0])); k++) {
		long d = (long)(r - KINDS[k].r) * (r - KINDS[k].r) +
		    (long)(g - KINDS[k].g) * (g - KINDS[k].g) +
		    (long)(b - KINDS[k].b) * (b - KINDS[k].b);
		int in = n == 0;

		for (i = 0; i < n; i++)
			in |= strcmp(among[i], KINDS[k].name) == 0;
		if (in && (best < 0 || d < best)) {
			best = d;
			name = KINDS[k].name;
		}
	}
	return name;
}

static const char *const TILE[4] = { "red", "blue", "green", "black" };

/* A unification tile stands on square sq (the view says so; the state
 * keeps it in the conflict). */
static int
unify_at(const json_t *view, int sq)
{
	const json_t *cells = json_object_get(view, "cells");

	return json_is_true(json_object_get(json_array_get(cells, (size_t)sq), "unification"));
}

/* Every Tigris square with nothing on it but a tile (or nothing at all). */
static void
check_tigris(const void *st, const json_t *view, const struct image *im)
{
	const struct tigris *t = st;
	static const char *const among[] = { "red", "blue", "green", "black", "river", "land" };
	int sq;

	for (sq = 0; sq < TG_CELLS; sq++) {
		const struct tg_cell *c = &t->cell[sq];
		char name[16];
		double x, y;
		const char *want, *got;

		if (c->leader || c->monument || c->catastrophe || c->building ||
		    unify_at(view, sq))
			continue;
		snprintf(name, sizeof(name), "%c%d", 'A' + sq % TG_COLS, sq / TG_COLS + 1);
		assert_int_equal(picture_locate(view, name, &x, &y), 0);
		want = c->tile ? TILE[c->tile - 1] : tg_river(t, sq) ? "river" : "land";
		got = kind_of(pixel(im, x, y), among, 6);
		if (strcmp(want, got) != 0)
			fail_msg("tigris square %s: the state says %s, the picture shows %s (%06x)",
			    name, want, got, pixel(im, x, y));
		CHECKED++;
	}
}

/* Every Terra hex's terrain, and every building's faction colour. */
static void
check_terra(const void *st, const json_t *view, const struct image *im)
{
	const struct tm_state *s = st;
	static const char *const among[] = { "yellow", "brown", "black", "blue", "green", "gray",
		"red", "river", "ice", "volcano" };
	int i, b;

	for (i = 0; i < TM_NCELLS; i++) {
		char name[8];
		double x, y;
		const char *want, *got;
		int bridged = 0, k;

		/* A bridge's plank lies over its two banks and the river between. */
		for (b = 0; b < s->nbridge; b++)
			for (k = -1; k < s->cells[i].nadj; k++) {
				int c = k < 0 ? i : s->cells[i].adj[k];

				bridged |= s->bridge[b][0] == c || s->bridge[b][1] == c;
			}
		if (bridged)
			continue;
		assert_int_equal(picture_locate(view, s->cells[i].name, &x, &y), 0);
		want = tm_color_names[(int)s->terrain[i]];
		got = kind_of(pixel(im, x, y), among, 10);
		if (strcmp(want, got) != 0)
			fail_msg("terra hex %s: the state says %s, the picture shows %s (%06x)",
			    s->cells[i].name, want, got, pixel(im, x, y));
		CHECKED++;
		if (s->bld[i] == TB_NONE || s->pl[(int)s->owner[i]].faction < 0)
			continue;
		want = tm_color_names[tm_fdefs[s->pl[(int)s->owner[i]].faction].color];
		if (strcmp(want, "river") == 0)
			continue;	/* a colour of its choosing */
		snprintf(name, sizeof(name), "%s+", s->cells[i].name);
		assert_int_equal(picture_locate(view, name, &x, &y), 0);
		got = kind_of(pixel(im, x, y), among, 10);
		if (strcmp(want, got) != 0)
			fail_msg("terra building on %s: its faction is %s, the picture shows %s (%06x)",
			    s->cells[i].name, want, got, pixel(im, x, y));
		CHECKED++;
	}
}

/* Every Warriors province: its holder's colour, lightened; white when none. */
static void
check_warriors(const void *st, const json_t *view, const struct image *im)
{
	const struct wt_state *s = st;
	int p;

	for (p = 0; p < WT_NPROV; p++) {
		double x, y;
		uint32_t want, got;
		int owner = s->prov[p].owner;

		assert_int_equal(picture_locate(view, wt_provinces[p].code, &x, &y), 0);
		want = owner >= 0 ? pic_tint(pic_seat_color(owner + 1), 0.55) : 0xffffffu;
		got = pixel(im, x, y);
		if (want != got)
			fail_msg("warriors province %s: held by seat %d, shows %06x, not %06x",
			    wt_provinces[p].code, owner, got, want);
		CHECKED++;
	}
}

/* The point (px, py) within pad of the box it. */
static int
near_box(const struct picture_item *it, double px, double py, double pad)
{
	return px >= it->x1 - pad && px <= it->x2 + pad && py >= it->y1 - pad &&
	    py <= it->y2 + pad;
}

/* A line's visible part, sampled every half pixel, comes within its half
 * width of the box it. */
static int
line_touches(const struct picture_item *l, const struct picture_item *it)
{
	double dx = l->x2 - l->x1, dy = l->y2 - l->y1, len = sqrt(dx * dx + dy * dy), t;

	for (t = 0; t <= len; t += 0.5) {
		double f = len > 0 ? t / len : 0;

		if (near_box(it, l->x1 + dx * f, l->y1 + dy * f, l->lw / 2))
			return 1;
	}
	return 0;
}

static int
boxes_overlap(const struct picture_item *a, const struct picture_item *b)
{
	return a->x1 < b->x2 && b->x1 < a->x2 && a->y1 < b->y2 && b->y1 < a->y2;
}

/* The items of a Warriors view: every province (its box and its name),
 * every border or sea crossing, every country's name, clear of each other. */
static long LABELS;

static void
check_labels(const json_t *view)
{
	const json_t *pv = json_object_get(view, "provinces");
	struct picture_item *it;
	char err[512];
	int n, i, j, w, h, boxes = 0, lines = 0, names = 0, countries = 0, pairs = 0;
	size_t a, b;

	n = picture_layout(view, &it, err, sizeof(err));
	if (n < 0)
		fail_msg("%s layout: %s", R->name, err);
	if (n == 0) {
		free(it);
		return;	/* a drawer of fixed cells */
	}
	assert_int_equal(picture_size(view, &w, &h), 0);
	for (i = 0; i < n; i++) {
		const struct picture_item *x = &it[i];

		boxes += x->kind == PICTURE_BOX;
		lines += x->kind == PICTURE_LINE;
		names += x->kind == PICTURE_LABEL && x->owner[0] != '\0';
		if (x->kind != PICTURE_LABEL)
			continue;
		LABELS++;
		if (x->x1 < 0 || x->x2 > w || x->y1 < PIC_TITLE_H || x->y2 > h)
			fail_msg("%s: the label %s lies off the map (%.0f,%.0f)", R->name, x->name,
			    x->x1, x->y1);
		for (j = 0; j < n; j++) {
			const struct picture_item *y = &it[j];

			if (j == i)
				continue;
			if (y->kind == PICTURE_LINE && line_touches(y, x))
				fail_msg("%s: the label %s covers the line %s", R->name, x->name,
				    y->name);
			if (y->kind == PICTURE_LABEL && boxes_overlap(x, y))
				fail_msg("%s: the labels %s and %s overlap", R->name, x->name, y->name);
			if (y->kind != PICTURE_BOX)
				continue;
			if (strcmp(y->name, x->owner) == 0) {
				if (!near_box(y, x->x1, x->y1, 0) || !near_box(y, x->x2, x->y2, 0))
					fail_msg("%s: the name %s sticks out of its box", R->name,
					    x->name);
			} else if (boxes_overlap(x, y))
				fail_msg("%s: the label %s covers the province %s", R->name, x->name,
				    y->name);
		}
	}
	/* Every line passes under no province but its own two. */
	for (i = 0; i < n; i++)
		for (j = 0; j < n && it[i].kind == PICTURE_LINE; j++) {
			struct picture_item inner = it[j];
			size_t k = strlen(it[j].name);
			int own = (strncmp(it[i].name, it[j].name, k) == 0 && it[i].name[k] == '-') ||
			    strcmp(strchr(it[i].name, '-') + 1, it[j].name) == 0;

			/* its inside, apart from a line just grazing a corner */
			inner.x1 += 3;
			inner.y1 += 3;
			inner.x2 -= 3;
			inner.y2 -= 3;
			if (it[j].kind == PICTURE_BOX && !own && line_touches(&it[i], &inner))
				fail_msg("%s: the line %s runs under %s", R->name, it[i].name,
				    it[j].name);
		}
	/* Each province, route and country of the view is there. */
	for (a = 0; a < json_array_size(pv); a++) {
		const json_t *p = json_array_get(pv, a), *adj = json_object_get(p, "adjacent");
		const char *c = json_string_value(json_object_get(p, "country"));
		int first = 1;

		for (b = 0; b < a; b++)
			first &= strcmp(json_string_value(json_object_get(json_array_get(pv, b),
			    "country")), c) != 0;
		countries += first;
		for (b = 0; b < json_array_size(adj); b++)
			pairs++;
	}
	assert_int_equal(boxes, (int)json_array_size(pv));
	assert_int_equal(names, (int)json_array_size(pv));
	assert_int_equal(lines * 2, pairs);
	assert_int_equal(n - boxes - lines - names, countries);
	free(it);
}

/* A mail's picture keeps its view as json_compact writes it: the bytes
 * json_dumps(JSON_COMPACT) writes (the digest that finds a view again is
 * of them). */
static void
same_compact(const json_t *v)
{
	char *a = json_compact(v), *b = json_dumps(v, JSON_COMPACT);

	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

/* The self-play hook: every EVERY commands, draw, decode and check. */
static int
probe(const void *st, char *err, size_t errlen)
{
	struct sbuf png = SBUF_INIT;
	struct image im;
	json_t *view;
	int w, h;

	(void)err;
	(void)errlen;
	if (COMMANDS++ % EVERY != 0)
		return 0;
	if (draw(st, &png) != 0)
		return -1;
	assert_true(png.len <= PICTURE_MAX_PNG);
	if (png.len > LARGEST)
		LARGEST = png.len;
	decode(&png, &im);
	view = view_of(st, (int)COMMANDS - 1);
	same_compact(view);
	assert_int_equal(picture_size(view, &w, &h), 0);
	assert_int_equal(im.w, w);
	assert_int_equal(im.h, h);
	if (strcmp(R->name, "tigris") == 0)
		check_tigris(st, view, &im);
	else if (strcmp(R->name, "terra") == 0)
		check_terra(st, view, &im);
	else if (strcmp(R->name, "warriors") == 0)
		check_warriors(st, view, &im);
	check_labels(view);
	json_decref(view);
	cairo_surface_destroy(im.sf);
	sb_free(&png);
	DRAWN++;
	return 0;
}

/* Every game with a drawer: its self-play positions draw, within budget, true. */
static void
test_positions(void **state)
{
	const struct game_rules *const *g;
	char err[512];
	uint64_t seed;

	(void)state;
	assert_int_equal(cairo_dl_load(err, sizeof(err)), 0);
	for (g = game_all(); *g != NULL; g++) {
		R = *g;
		assert_true(picture_has_drawer(R->name));
		DRAWN = CHECKED = LABELS = 0;
		LARGEST = 0;
		for (seed = 1; seed <= 3; seed++) {
			struct selfplay_result res;

			NSEATS = R->min_seats + (int)(seed % (uint64_t)(R->max_seats -
			    R->min_seats + 1));
			COMMANDS = 0;
			/* About a dozen positions a game, from its start to its end. */
			EVERY = 30;
			if (selfplay_game(R, NSEATS, NULL, 0, seed * 104729, 4000, 0, probe, &res, err,
			    sizeof(err)) != 0)
				fail_msg("%s self-play %llu: %s", R->name, (unsigned long long)seed, err);
		}
		printf("%s: %ld pictures, %ld places checked, %ld labels clear, the largest %zu "
		    "bytes\n", R->name, DRAWN, CHECKED, LABELS, LARGEST);
		assert_true(DRAWN >= 10);
		assert_true(CHECKED > 0);
	}
}

/* Every game with hidden parts: they change no byte of the picture. */
static long SAME;

static int
hidden_probe(const void *st, char *err, size_t errlen)
{
	struct sbuf a = SBUF_INIT, b = SBUF_INIT;
	void *other;
	int owner;

	(void)err;
	(void)errlen;
	if (COMMANDS++ % 25 != 0)
		return 0;
	if (draw(st, &a) != 0)
		return -1;
	other = malloc(R->state_size);
	assert_non_null(other);
	for (owner = -1; owner < NSEATS; owner++) {
		memcpy(other, st, R->state_size);
		if (!R->resample(other, owner, (uint64_t)COMMANDS * 31 + (uint64_t)owner + 1))
			continue;
		assert_true(memcmp(other, st, R->state_size) != 0);
		sb_reset(&b);
		if (draw(other, &b) != 0)
			return -1;
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.s, b.s, a.len);
		SAME++;
	}
	free(other);
	sb_free(&a);
	sb_free(&b);
	return 0;
}

static void
test_hidden(void **state)
{
	const struct game_rules *const *g;
	struct selfplay_result res;
	char err[512];
	uint64_t seed;
	int games = 0;

	(void)state;
	for (g = game_all(); *g != NULL; g++) {
		R = *g;
		if (R->resample == NULL)
			continue;	/* it declares nothing hidden (game.h) */
		games++;
		SAME = 0;
		/* Games until twenty pairs are compared (a Tigris game gives many,
		 * a Warriors & Traders game of ten turns a few). */
		for (seed = 1; SAME < 20 && seed <= 40; seed++) {
			NSEATS = R->min_seats + (int)(seed % (uint64_t)(R->max_seats -
			    R->min_seats + 1));
			COMMANDS = 0;
			if (selfplay_game(R, NSEATS, NULL, 0, 424241 + seed, 3000, 0, hidden_probe,
			    &res, err, sizeof(err)) != 0)
				fail_msg("%s self-play %llu: %s", R->name, (unsigned long long)seed,
				    err);
		}
		printf("%s: %ld pairs of states differing in hidden parts drew the same "
		    "bytes\n", R->name, SAME);
		assert_true(SAME >= 20);
	}
	assert_true(games > 0);
}

/* The last state of a finished game. */
static void *LAST;

static int
keep_last(const void *st, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	memcpy(LAST, st, R->state_size);
	COMMANDS++;
	return 0;
}

/* Rows y of a and y + d of b the same. */
static int
same_row(const struct image *a, int y, const struct image *b, int yb)
{
	return a->w == b->w && memcmp(a->px + (size_t)y * (size_t)a->stride,
	    b->px + (size_t)yb * (size_t)b->stride, (size_t)a->w * 4) == 0;
}

/* A finished game: its ranking in the view, and drawn. */
static void
test_final(void **state)
{
	const struct game_rules *const *g;
	char err[512];

	(void)state;
	for (g = game_all(); *g != NULL; g++) {
		struct selfplay_result res;
		struct game_score sc;
		struct sbuf with = SBUF_INIT, without = SBUF_INIT;
		struct image a, b;
		const json_t *rk;
		json_t *view;
		uint64_t seed;
		int i, y, r0, d, bands, ink_before;

		R = *g;
		NSEATS = R->min_seats + 1 <= R->max_seats ? R->min_seats + 1 : R->min_seats;
		LAST = malloc(R->state_size);
		assert_non_null(LAST);
		res.finished = 0;
		for (seed = 1; seed <= 10 && !res.finished; seed++) {
			COMMANDS = 0;
			if (selfplay_game(R, NSEATS, NULL, 0, seed * 7919, 20000, 0, keep_last, &res,
			    err, sizeof(err)) != 0)
				fail_msg("%s self-play: %s", R->name, err);
		}
		assert_true(res.finished);
		assert_true(R->over(LAST));
		/* The view's ranking: every seat, best first, as score() ranks it. */
		view = view_of(LAST, (int)COMMANDS);
		rk = json_object_get(json_object_get(view, "game"), "ranking");
		assert_true(json_is_array(rk));
		assert_int_equal(json_array_size(rk), NSEATS);
		R->score(LAST, -1, &sc);
		for (i = 0; i < NSEATS; i++) {
			const json_t *e = json_array_get(rk, (size_t)i);
			int seat = (int)json_integer_value(json_object_get(e, "seat")) - 1;
			const json_t *seats = json_object_get(view, strcmp(R->name, "terra") == 0 ?
			    "factions" : "seats");
			const json_t *mine = NULL;
			size_t k;

			assert_true(seat >= 0 && seat < NSEATS);
			assert_int_equal(json_integer_value(json_object_get(e, "rank")), sc.rank[seat]);
			assert_int_equal(json_integer_value(json_object_get(e, "score")),
			    sc.score[seat]);
			assert_string_equal(json_string_value(json_object_get(e, "name")), NAMES[seat]);
			if (i > 0)
				assert_true(json_integer_value(json_object_get(e, "rank")) >=
				    json_integer_value(json_object_get(json_array_get(rk, (size_t)i - 1),
				    "rank")));
			/* and as the rest of the public view has it */
			for (k = 0; k < json_array_size(seats); k++)
				if (json_integer_value(json_object_get(json_array_get(seats, k), "seat")) ==
				    seat + 1)
					mine = json_array_get(seats, k);
			assert_non_null(mine);
			assert_int_equal(json_integer_value(json_object_get(e, "score")),
			    json_integer_value(json_object_get(mine, strcmp(R->name, "tigris") == 0 ?
			    "score" : "vp")));
			if (strcmp(R->name, "tigris") == 0)
				assert_int_equal(json_integer_value(json_object_get(e, "rank")),
				    json_integer_value(json_object_get(mine, "rank")));
		}
		/* Drawn: the same picture with a band more, inked line by line. */
		assert_int_equal(picture_draw(view, PICTURE_PNG, &with, err, sizeof(err)), 0);
		json_object_del(json_object_get(view, "game"), "ranking");
		assert_int_equal(picture_draw(view, PICTURE_PNG, &without, err, sizeof(err)), 0);
		decode(&with, &a);
		decode(&without, &b);
		d = a.h - b.h;
		assert_true(d > 0);
		for (r0 = 0; r0 < b.h && same_row(&a, r0, &b, r0); r0++)
			;
		assert_true(r0 > PIC_TITLE_H && r0 < b.h);
		for (y = r0; y < b.h; y++)
			if (!same_row(&a, y + d, &b, y))
				fail_msg("%s: the final picture differs below its ranking at row %d",
				    R->name, y + d);
		for (y = r0, bands = 0, ink_before = 0; y < r0 + d; y++) {
			int x, ink = 0;

			for (x = 0; x < a.w && !ink; x++) {
				uint32_t c = pixel(&a, x, y);

				ink = ((c >> 16) & 255) < 90 && ((c >> 8) & 255) < 90 && (c & 255) < 90;
			}
			bands += ink && !ink_before;
			ink_before = ink;
		}
		printf("%s: a finished game's picture ranks %d seats in %d lines of ink\n", R->name,
		    NSEATS, bands);
		assert_true(bands >= NSEATS + 1);
		cairo_surface_destroy(a.sf);
		cairo_surface_destroy(b.sf);
		sb_free(&with);
		sb_free(&without);
		json_decref(view);
		free(LAST);
	}
}

/* json_compact on what no view holds yet: every escape, numbers at their
 * ends, reals, empty and nested containers, keys that need escaping. */
static void
test_compact(void **state)
{
	json_t *v, *a;
	char s[40];
	int i;

	(void)state;
	for (i = 0; i < 32; i++)
		s[i] = (char)(i + 1);
	s[31] = '\0';
	v = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f, s:f, s:b, s:b, s:n, s:{}, s:[], "
	    "s:[[], {}, [i, [i, {s:s}]]], s:s}", "ctl", s, "quote\"back\\slash/", "a\"b\\c\td",
	    "utf", "Tr\xc3\xa4ume \xe2\x80\x94 \xf0\x9f\x8e\xb2 \x7f", "min",
	    (json_int_t)INT64_MIN, "max", (json_int_t)INT64_MAX, "zero", (json_int_t)0, "r1", 0.1,
	    "r2", -1e300, "r3", 3.0, "t", 1, "f", 0, "z", "eo", "ea", "nest", 1, 2, "k\n", "v\r",
	    "", "");
	assert_non_null(v);
	a = json_array();
	json_array_append_new(a, json_stringn("nul\0in", 6));
	json_array_append_new(a, json_integer(-42));
	json_object_set_new(v, "arr", a);
	same_compact(v);
	same_compact(json_object_get(v, "ea"));
	json_decref(v);
	assert_null(json_compact(NULL));
}

/*
 * Pixels of a Warriors province's owner colour under its name: its unit
 * marks (the box's border, its fort and the princesses' mark are outside
 * the counted band, or of another colour).
 */
static long
owner_ink(const json_t *view, const char *code, uint32_t colour)
{
	struct sbuf png = SBUF_INIT;
	struct picture_item *it = NULL;
	struct image im;
	char err[512];
	double x, y, x1 = -1, y1 = 0, x2 = 0, y2 = 0;
	long n = 0;
	int k, nit;

	assert_int_equal(picture_draw(view, PICTURE_PNG, &png, err, sizeof(err)), 0);
	decode(&png, &im);
	/* the province's box, from the drawer's own layout */
	nit = picture_layout(view, &it, err, sizeof(err));
	for (k = 0; k < nit; k++)
		if (it[k].kind == PICTURE_BOX && strcmp(it[k].name, code) == 0) {
			x1 = it[k].x1;
			y1 = it[k].y1;
			x2 = it[k].x2;
			y2 = it[k].y2;
		}
	free(it);
	assert_true(x1 >= 0);
	/* its lower part, inside the border: under the name, the units */
	for (y = y1 + (y2 - y1) / 2 - 2; y < y2 - 3; y++)
		for (x = x1 + 4; x < x2 - 4; x++)
			n += pixel(&im, x, y) == colour;
	cairo_surface_destroy(im.sf);
	sb_free(&png);
	return n;
}

/*
 * A Warriors province holding two kinds of unit and princesses shows both
 * kinds, as the view holds them: the second was dropped for want of room
 * beside the princesses (found by the second outside tester).  The kinds
 * now go in two rows when one does not hold them.
 */
static void
test_warriors_units(void **state)
{
	const struct game_rules *const *all = game_all();
	struct wt_state *st;
	uint8_t seed[GAME_SEED_LEN] = { 3 };
	char err[512];
	json_t *v, *pv, *pr = NULL, *units;
	long one, two;
	int p, seat = -1;
	size_t i;

	(void)state;
	for (i = 0; all[i] != NULL && strcmp(all[i]->name, "warriors") != 0; i++)
		;
	assert_non_null(all[i]);
	R = all[i];
	st = calloc(1, R->state_size);
	assert_non_null(st);
	assert_int_equal(R->setup(st, 3, NULL, 0, seed, err, sizeof(err)), GAME_OK);
	for (p = 0; p < WT_NPROV && seat < 0; p++)
		seat = st->prov[p].owner;
	assert_true(seat >= 0);
	p--;
	v = view_of(st, 0);
	pv = json_object_get(v, "provinces");
	for (i = 0; i < json_array_size(pv) && pr == NULL; i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(pv, i), "code")),
		    wt_provinces[p].code) == 0)
			pr = json_array_get(pv, i);
	assert_non_null(pr);
	units = json_array();
	json_array_append_new(units, json_pack("{s:O, s:s, s:i, s:b}", "side",
	    json_object_get(pr, "owner"), "kind", "inf", "ap", 0, "exhausted", 0));
	json_object_set_new(pr, "units", units);
	json_object_set_new(pr, "princesses", json_integer(4));
	one = owner_ink(v, wt_provinces[p].code, pic_seat_color(seat + 1));
	json_array_append_new(units, json_pack("{s:O, s:s, s:i, s:b}", "side",
	    json_object_get(pr, "owner"), "kind", "cav", "ap", 0, "exhausted", 0));
	two = owner_ink(v, wt_provinces[p].code, pic_seat_color(seat + 1));
	if (one < 40 || two < one + one / 2)
		fail_msg("province %s: %ld pixels of its owner's colour with one kind of unit, "
		    "%ld with two", wt_provinces[p].code, one, two);
	json_decref(v);
	free(st);
}

/* SVG too; and a view of no game with a drawer is refused, not drawn. */
static void
test_formats(void **state)
{
	struct sbuf out = SBUF_INIT;
	char err[512];
	json_t *v;

	(void)state;
	R = game_all()[0];
	{
		void *st = calloc(1, R->state_size);
		uint8_t seed[GAME_SEED_LEN] = { 1 };

		assert_non_null(st);
		assert_int_equal(R->setup(st, R->min_seats, NULL, 0, seed, err, sizeof(err)),
		    GAME_OK);
		v = view_of(st, 0);
		assert_int_equal(picture_draw(v, PICTURE_SVG, &out, err, sizeof(err)), 0);
		assert_non_null(strstr(sb_str(&out), "<svg"));
		json_decref(v);
		free(st);
	}
	sb_reset(&out);
	v = json_pack("{s:{s:s}}", "game", "rules", "chess");
	assert_int_equal(picture_draw(v, PICTURE_PNG, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "chess"));
	assert_int_equal(out.len, 0);
	json_decref(v);
	sb_free(&out);
}

/*
 * The title band of every game's picture: a title too long for it is cut
 * with "...", but never the game's number and its move, which follow it.
 */
static void
test_heading(void **state)
{
	const struct game_rules *const *all = game_all();
	char err[512], head[600], want[64], longer[300];
	size_t i, n;

	(void)state;
	memset(longer, 'W', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	for (i = 0; all[i] != NULL; i++) {
		void *st;
		uint8_t seed[GAME_SEED_LEN] = { 1 };
		json_t *v;

		R = all[i];
		if (!picture_has_drawer(R->name))
			continue;
		st = calloc(1, R->state_size);
		assert_non_null(st);
		assert_int_equal(R->setup(st, R->min_seats, NULL, 0, seed, err, sizeof(err)),
		    GAME_OK);
		v = view_of(st, 12);
		snprintf(want, sizeof(want), "  #7, move 12");
		/* The title as the game's rules name it: whole. */
		assert_int_equal(picture_heading(v, "round 1", head, sizeof(head), err,
		    sizeof(err)), 0);
		assert_non_null(strstr(head, R->title));
		assert_null(strstr(head, "..."));
		n = strlen(head);
		assert_true(n > strlen(want) && strcmp(head + n - strlen(want), want) == 0);
		/* A title of its own, far too long: cut, and the numbers kept. */
		json_object_set_new(json_object_get(v, "game"), "title", json_string(longer));
		assert_int_equal(picture_heading(v, "round 1", head, sizeof(head), err,
		    sizeof(err)), 0);
		assert_non_null(strstr(head, "WWW..."));
		n = strlen(head);
		assert_true(n > strlen(want) && strcmp(head + n - strlen(want), want) == 0);
		json_decref(v);
		free(st);
	}
}

/*
 * The status line of whom a game waits for: seats awaited for the same
 * thing named together, in the view's order, each by its entry's field.
 */
static void
test_waiting_line(void **state)
{
	char t[300];
	json_t *v;

	(void)state;
	v = json_pack("{s:[{s:i, s:s}, {s:i, s:s}, {s:i, s:s}, {s:i, s:s}], s:[{s:i, s:s}, "
	    "{s:i, s:s}, {s:i, s:s}, {s:i, s:s}]}", "waiting", "seat", 1, "why", "give orders",
	    "seat", 3, "why", "trade", "seat", 2, "why", "give orders", "seat", 4, "why",
	    "give orders", "seats", "seat", 1, "country", "Rome", "seat", 2, "country", "Gaul",
	    "seat", 3, "country", "Carthage", "seat", 4, "country", "Egypt");
	assert_non_null(v);
	assert_string_equal(pic_waiting(v, "seats", "country", t, sizeof(t)),
	    "Waiting for Rome, Gaul and Egypt: give orders; Carthage: trade");
	json_array_remove(json_object_get(v, "waiting"), 3);
	json_array_remove(json_object_get(v, "waiting"), 2);
	assert_string_equal(pic_waiting(v, "seats", "country", t, sizeof(t)),
	    "Waiting for Rome: give orders; Carthage: trade");
	/* a seat the list does not name, and a buffer too short: no overrun */
	json_array_append_new(json_object_get(v, "waiting"), json_pack("{s:i, s:s}", "seat", 9,
	    "why", "x"));
	assert_string_equal(pic_waiting(v, "seats", "country", t, sizeof(t)),
	    "Waiting for Rome: give orders; Carthage: trade; ?: x");
	assert_string_equal(pic_waiting(v, "seats", "country", t, 16), "Waiting for Rom");
	json_array_clear(json_object_get(v, "waiting"));
	assert_string_equal(pic_waiting(v, "seats", "country", t, sizeof(t)), "");
	json_decref(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_waiting_line),
		cmocka_unit_test(test_heading),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_hidden),
		cmocka_unit_test(test_final),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_warriors_units),
		cmocka_unit_test(test_compact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
