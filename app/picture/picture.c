/*
 * picture.c - the common part of the board pictures (picture.h, pic.h):
 * the drawers' table, the surfaces (PNG in memory, SVG to a stream), and
 * the canvas every drawer draws with.  The only file that speaks cairo.
 */
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cairo_dl.h"
#include "pic.h"
#include "picture.h"
#include "../../engine/notation.h"

static const struct picture_drawer *const drawers[] = {
	&picture_tigris, &picture_terra, &picture_warriors,
};

struct pic {
	cairo_t *cr;
	int width, height;
	/* DejaVu Sans and its bold (faces_load), not looked up by name for
	 * each text. */
	cairo_font_face_t *face[2];
};

/* The drawer of view's game, or NULL. */
static const struct picture_drawer *
drawer_of(const json_t *view)
{
	const char *rules = pic_jstr(pic_jobj(view, "game"), "rules", "");
	size_t i;

	for (i = 0; i < sizeof(drawers) / sizeof(drawers[0]); i++)
		if (strcmp(drawers[i]->rules, rules) == 0)
			return drawers[i];
	return NULL;
}

/* view's drawer, or NULL with err saying that its game has none. */
static const struct picture_drawer *
drawer_said(const json_t *view, char *err, size_t errlen)
{
	const struct picture_drawer *d = drawer_of(view);

	if (d == NULL)
		snprintf(err, errlen, "no picture is drawn for the game '%s'",
		    pic_jstr(pic_jobj(view, "game"), "rules", "?"));
	return d;
}

int
picture_has_drawer(const char *rules)
{
	size_t i;

	for (i = 0; i < sizeof(drawers) / sizeof(drawers[0]); i++)
		if (rules != NULL && strcmp(drawers[i]->rules, rules) == 0)
			return 1;
	return 0;
}

int
picture_size(const json_t *view, int *width, int *height)
{
	const struct picture_drawer *d = drawer_of(view);

	if (d == NULL)
		return -1;
	d->size(view, width, height);
	return 0;
}

int
picture_locate(const json_t *view, const char *name, double *x, double *y)
{
	const struct picture_drawer *d = drawer_of(view);

	return d != NULL ? d->locate(view, name, x, y) : -1;
}

/*
 * The two faces every picture writes in, DejaVu Sans and its bold, made
 * once a process.  Named to cairo ("toy" faces), they are looked up
 * through fontconfig, whose start (reading its configuration and font
 * caches) was a seventh of drawing a picture; so they are opened from
 * their files through FreeType where a known folder holds them, and
 * named only where none does.  The same font at the same options
 * (hinting full, no smoothing: picture_draw) draws the same glyphs.
 */
static const char *const font_dirs[] = {
	"/usr/share/fonts/truetype/dejavu",	/* Debian, Ubuntu */
	"/usr/share/fonts/dejavu-sans-fonts",	/* Fedora */
	"/usr/share/fonts/dejavu",		/* Alpine, Arch */
	"/usr/share/fonts/TTF",
	"/usr/local/share/fonts/dejavu",	/* the BSDs */
	"/usr/local/share/fonts/dejavu-fonts-ttf",
};
static const char *const font_files[2] = { "DejaVuSans.ttf", "DejaVuSans-Bold.ttf" };
static cairo_font_face_t *faces[2];
static const cairo_user_data_key_t ft_key;

static void
ft_face_done(void *face)
{
	FT_Done_Face(face);
}

static void
faces_release(void)
{
	int i;

	for (i = 0; i < 2; i++)
		if (faces[i] != NULL)
			cairo_font_face_destroy(faces[i]);
}

/* DejaVu Sans from its file (bold: 1), or NULL. */
static cairo_font_face_t *
face_from_file(FT_Library ft, int bold)
{
	char path[256];
	cairo_font_face_t *f;
	FT_Face face;
	size_t i;

	for (i = 0; i < sizeof(font_dirs) / sizeof(font_dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", font_dirs[i], font_files[bold]);
		if (FT_New_Face(ft, path, 0, &face) != 0)
			continue;
		f = cairo_ft_font_face_create_for_ft_face(face, 0);
		if (cairo_font_face_status(f) != CAIRO_STATUS_SUCCESS ||
		    cairo_font_face_set_user_data(f, &ft_key, face, ft_face_done) !=
		    CAIRO_STATUS_SUCCESS) {
			cairo_font_face_destroy(f);
			FT_Done_Face(face);
			return NULL;
		}
		return f;
	}
	return NULL;
}

static void
faces_load(void)
{
	static FT_Library ft;
	int i;

	if (faces[0] != NULL)
		return;
	if (ft == NULL && FT_Init_FreeType(&ft) != 0)
		ft = NULL;
	for (i = 0; i < 2; i++) {
		faces[i] = ft != NULL ? face_from_file(ft, i) : NULL;
		if (faces[i] == NULL)
			faces[i] = cairo_toy_font_face_create("DejaVu Sans",
			    CAIRO_FONT_SLANT_NORMAL, i ? CAIRO_FONT_WEIGHT_BOLD :
			    CAIRO_FONT_WEIGHT_NORMAL);
	}
	atexit(faces_release);
}

/* libpng's writer and its error handler: into an sbuf; out by longjmp. */
struct png_out {
	struct sbuf *b;
	jmp_buf fail;
	char why[200];
};

static void
png_put(png_structp png, png_bytep data, size_t len)
{
	struct png_out *o = png_get_io_ptr(png);

	sb_putn(o->b, (const char *)data, len);
}

static void
png_flush(png_structp png)
{
	(void)png;
}

static void
png_failed(png_structp png, png_const_charp msg)
{
	struct png_out *o = png_get_error_ptr(png);

	snprintf(o->why, sizeof(o->why), "libpng: %s", msg);
	longjmp(o->fail, 1);
}

static void
png_warned(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/*
 * The image surface sf (RGB24) as a PNG into out: 8-bit RGB, no row
 * filter (the pictures are flat colours: the smallest files, fastest),
 * zlib level 3.  Deflating was half of drawing a picture at zlib's
 * default level (6); level 3 (zlib's fast matcher) takes less than half
 * the instructions for files a third larger, far under PICTURE_MAX_PNG
 * (measured over the three games: 45-65 M instructions against 99-141 M;
 * 40-62 KB against 26-48 KB).  zlib's memory level 5 instead of 8: a
 * smaller hash of recent strings to clear and to keep, which the long
 * runs of one colour do not need: 8-12 M instructions fewer, files the
 * same size within 0.1%.
 * 0, or -1 with why set.
 */
static int
write_png(cairo_surface_t *sf, struct sbuf *out, char *why, size_t whylen)
{
	int w = cairo_image_surface_get_width(sf), h = cairo_image_surface_get_height(sf);
	int stride = cairo_image_surface_get_stride(sf), y, x;
	const unsigned char *px;
	unsigned char *volatile row = NULL;
	struct png_out o, *op = &o;
	png_structp volatile png = NULL;
	png_infop volatile info = NULL;

	cairo_surface_flush(sf);
	px = cairo_image_surface_get_data(sf);
	memset(&o, 0, sizeof(o));
	o.b = out;
	if (setjmp(o.fail) != 0) {
		png_structp p = png;
		png_infop i = info;

		png_destroy_write_struct(&p, &i);
		free(row);
		snprintf(why, whylen, "%s", o.why);
		return -1;
	}
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, op, png_failed, png_warned);
	if (png == NULL || (info = png_create_info_struct(png)) == NULL ||
	    (row = malloc((size_t)w * 3 + 1)) == NULL) {
		png_structp p = png;
		png_infop i = info;

		png_destroy_write_struct(&p, &i);
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	png_set_write_fn(png, op, png_put, png_flush);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(png, 3);
	png_set_compression_mem_level(png, 5);
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		const uint32_t *src = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/*
		 * A pixel 0x00RRGGBB as the bytes RR GG BB in one store of four
		 * (the fourth is overwritten by the next pixel, or is the
		 * row's spare byte), not three.
		 */
		for (x = 0; x < w; x++) {
			uint32_t v = __builtin_bswap32(src[x] << 8);

			memcpy(row + 3 * x, &v, 4);
		}
#else
		for (x = 0; x < w; x++) {
			row[3 * x] = (unsigned char)(src[x] >> 16);
			row[3 * x + 1] = (unsigned char)(src[x] >> 8);
			row[3 * x + 2] = (unsigned char)src[x];
		}
#endif
		png_write_row(png, row);
	}
	png_write_end(png, info);
	{
		png_structp p = png;
		png_infop i = info;

		png_destroy_write_struct(&p, &i);
	}
	free(row);
	if (out->oom) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	return 0;
}

/* cairo's stream writer: into an sbuf. */
static cairo_status_t
to_sbuf(void *closure, const unsigned char *data, unsigned int len)
{
	struct sbuf *b = closure;

	sb_putn(b, (const char *)data, len);
	return b->oom ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

/* A canvas on sf, w x h, with its fonts. */
static void
pic_open(struct pic *p, cairo_surface_t *sf, int w, int h)
{
	p->cr = cairo_create(sf);
	p->width = w;
	p->height = h;
	faces_load();	/* the faces of the process, loaded once */
	p->face[0] = faces[0];
	p->face[1] = faces[1];
	{
		/*
		 * Text hinted to the pixel and not smoothed: at these sizes
		 * DejaVu reads as well, and the PNG is 40% smaller (smoothed
		 * text was half its bytes).
		 */
		cairo_font_options_t *fo = cairo_font_options_create();

		cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_NONE);
		cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_FULL);
		cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_ON);
		cairo_set_font_options(p->cr, fo);
		cairo_font_options_destroy(fo);
	}
}

static void
pic_close(struct pic *p)
{
	cairo_destroy(p->cr);
}

/*
 * A canvas of view's picture size on a surface of one pixel, for measuring
 * text and placing labels without drawing (*sf: destroy it after pic_close):
 * 0, or -1 with err set when cairo could not be loaded.
 */
static int
measuring_pic(const struct picture_drawer *d, const json_t *view, struct pic *p,
    cairo_surface_t **sf, char *err, size_t errlen)
{
	int w, h;

	if (cairo_dl_load(err, errlen) != 0)
		return -1;
	d->size(view, &w, &h);
	*sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	pic_open(p, *sf, w, h);
	return 0;
}

int
picture_layout(const json_t *view, struct picture_item **items, char *err, size_t errlen)
{
	const struct picture_drawer *d = drawer_said(view, err, errlen);
	cairo_surface_t *sf;
	struct pic p;
	int n = 0, max = 256;

	*items = NULL;
	if (d == NULL)
		return -1;
	if (d->layout == NULL)
		return cairo_dl_load(err, errlen) != 0 ? -1 : 0;
	if (measuring_pic(d, view, &p, &sf, err, errlen) != 0)
		return -1;
	for (;;) {
		struct picture_item *more = realloc(*items, (size_t)max * sizeof(**items));

		if (more == NULL) {
			free(*items);
			*items = NULL;
			n = -1;
			snprintf(err, errlen, "out of memory");
			break;
		}
		*items = more;
		n = d->layout(&p, view, *items, max);
		if (n <= max)
			break;
		max = n;
	}
	pic_close(&p);
	cairo_surface_destroy(sf);
	return n;
}

int
picture_draw(const json_t *view, enum picture_format f, struct sbuf *out, char *err,
    size_t errlen)
{
	const struct picture_drawer *d = drawer_said(view, err, errlen);
	cairo_surface_t *sf;
	cairo_status_t st;
	struct pic p;
	char why[200];
	int w, h;
	size_t start = out->len;

	if (d == NULL)
		return -1;
	if (cairo_dl_load(err, errlen) != 0)
		return PICTURE_NOLIB;
	d->size(view, &w, &h);
	if (f == PICTURE_SVG)
		sf = cairo_svg_surface_create_for_stream(to_sbuf, out, w, h);
	else
		sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	pic_open(&p, sf, w, h);
	cairo_set_source_rgb(p.cr, 1, 1, 1);
	cairo_paint(p.cr);
	d->draw(&p, view);
	st = cairo_status(p.cr);
	pic_close(&p);
	if (st == CAIRO_STATUS_SUCCESS && f == PICTURE_PNG &&
	    write_png(sf, out, why, sizeof(why)) != 0) {
		cairo_surface_destroy(sf);
		snprintf(err, errlen, "cannot write the %s picture: %s", d->rules, why);
		return -1;
	}
	cairo_surface_finish(sf);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(sf);
	cairo_surface_destroy(sf);
	if (st != CAIRO_STATUS_SUCCESS || out->oom) {
		snprintf(err, errlen, "cannot draw the %s picture: %s", d->rules,
		    out->oom ? "out of memory" : cairo_status_to_string(st));
		return -1;
	}
	if (f == PICTURE_PNG && out->len - start > PICTURE_MAX_PNG) {
		snprintf(err, errlen, "the %s picture took %zu bytes, over the %d a mail can "
		    "carry", d->rules, out->len - start, (int)PICTURE_MAX_PNG);
		return -1;
	}
	return 0;
}

/* The canvas. */

static void
set_color(struct pic *p, uint32_t c)
{
	cairo_set_source_rgb(p->cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0,
	    (c & 255) / 255.0);
}

/* Fill and outline the current path. */
static void
paint_path(struct pic *p, uint32_t fill, uint32_t line, double lw)
{
	if (fill != PIC_NONE) {
		set_color(p, fill);
		cairo_fill_preserve(p->cr);
	}
	if (line != PIC_NONE && lw > 0) {
		set_color(p, line);
		cairo_set_line_width(p->cr, lw);
		cairo_set_line_join(p->cr, CAIRO_LINE_JOIN_ROUND);
		cairo_stroke_preserve(p->cr);
	}
	cairo_new_path(p->cr);
}

void
pic_rect(struct pic *p, double x, double y, double w, double h, uint32_t fill,
    uint32_t line, double lw)
{
	cairo_rectangle(p->cr, x, y, w, h);
	paint_path(p, fill, line, lw);
}

void
pic_round_rect(struct pic *p, double x, double y, double w, double h, double r,
    uint32_t fill, uint32_t line, double lw)
{
	cairo_new_sub_path(p->cr);
	cairo_arc(p->cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(p->cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(p->cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(p->cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(p->cr);
	paint_path(p, fill, line, lw);
}

void
pic_circle(struct pic *p, double cx, double cy, double r, uint32_t fill, uint32_t line,
    double lw)
{
	cairo_new_sub_path(p->cr);
	cairo_arc(p->cr, cx, cy, r, 0, 2 * M_PI);
	paint_path(p, fill, line, lw);
}

void
pic_poly(struct pic *p, const double *xy, int n, uint32_t fill, uint32_t line, double lw)
{
	int i;

	for (i = 0; i < n; i++)
		(i == 0 ? cairo_move_to : cairo_line_to)(p->cr, xy[2 * i], xy[2 * i + 1]);
	cairo_close_path(p->cr);
	paint_path(p, fill, line, lw);
}

void
pic_line(struct pic *p, double x1, double y1, double x2, double y2, uint32_t color,
    double lw)
{
	cairo_move_to(p->cr, x1, y1);
	cairo_line_to(p->cr, x2, y2);
	cairo_set_line_cap(p->cr, CAIRO_LINE_CAP_ROUND);
	paint_path(p, PIC_NONE, color, lw);
	cairo_set_line_cap(p->cr, CAIRO_LINE_CAP_BUTT);
}

void
pic_dash(struct pic *p, double x1, double y1, double x2, double y2, uint32_t color,
    double lw, double on, double off)
{
	double d[2] = { on, off };

	cairo_set_dash(p->cr, d, 2, 0);
	cairo_move_to(p->cr, x1, y1);
	cairo_line_to(p->cr, x2, y2);
	paint_path(p, PIC_NONE, color, lw);
	cairo_set_dash(p->cr, d, 0, 0);
}

/* Choose the face and size; text made valid UTF-8 into buf. */
static const char *
font(struct pic *p, double size, int style, const char *text, char *buf, size_t len)
{
	size_t i = 0, o = 0, n = strlen(text);

	cairo_set_font_face(p->cr, p->face[(style & PIC_BOLD) != 0]);
	cairo_set_font_size(p->cr, size);
	if (utf8_valid(text, n) && strcspn(text, "\t\r\n") == n)
		return text;
	while (i < n && o + 5 < len) {
		size_t k = utf8_seq((const unsigned char *)text + i, n - i);

		if (k == 0 || (unsigned char)text[i] < ' ') {
			/* a line end or a tab is a space; an invalid byte a '?' */
			buf[o++] = (unsigned char)text[i] < ' ' ? ' ' : '?';
			i++;
		} else {
			memcpy(buf + o, text + i, k);
			o += k;
			i += k;
		}
	}
	buf[o] = '\0';
	return buf;
}

double
pic_text_width(struct pic *p, double size, int style, const char *text)
{
	cairo_text_extents_t e;
	char buf[512];

	cairo_text_extents(p->cr, font(p, size, style, text, buf, sizeof(buf)), &e);
	return e.x_advance;
}

double
pic_text(struct pic *p, double x, double y, double size, int style, uint32_t color,
    const char *text)
{
	cairo_text_extents_t e;
	char buf[512];
	const char *t = font(p, size, style, text, buf, sizeof(buf));

	cairo_text_extents(p->cr, t, &e);
	if (style & PIC_CENTER)
		x -= e.x_advance / 2;
	else if (style & PIC_RIGHT)
		x -= e.x_advance;
	set_color(p, color);
	cairo_move_to(p->cr, x, y);
	cairo_show_text(p->cr, t);
	cairo_new_path(p->cr);
	return e.x_advance;
}

double
pic_text_mid(struct pic *p, double x, double y, double size, int style, uint32_t color,
    const char *text)
{
	/* DejaVu's capitals stand 0.73 of the size above the baseline. */
	return pic_text(p, x, y + size * 0.365, size, style, color, text);
}

const char *
pic_text_fit(struct pic *p, double size, int style, double width, const char *text, char *buf,
    size_t len)
{
	size_t n;

	if (pic_text_width(p, size, style, text) <= width)
		return text;
	snprintf(buf, len, "%s", text);
	for (n = strlen(buf); n > 0; n--) {
		/* Cut before a whole character only. */
		if (((unsigned char)buf[n] & 0xc0) == 0x80)
			continue;
		if (n + 4 > len)
			continue;
		memcpy(buf + n, "...", 4);
		if (pic_text_width(p, size, style, buf) <= width)
			return buf;
	}
	return "";
}

void
pic_crisp(struct pic *p, int on)
{
	cairo_set_antialias(p->cr, on ? CAIRO_ANTIALIAS_NONE : CAIRO_ANTIALIAS_DEFAULT);
}

uint32_t
pic_ink_on(uint32_t bg)
{
	double l = 0.299 * ((bg >> 16) & 255) + 0.587 * ((bg >> 8) & 255) + 0.114 * (bg & 255);

	return l < 140 ? 0xffffffu : PIC_INK;
}

uint32_t
pic_tint(uint32_t c, double t)
{
	uint32_t r = (c >> 16) & 255, g = (c >> 8) & 255, b = c & 255;

	r = (uint32_t)(r + (255 - r) * t + 0.5);
	g = (uint32_t)(g + (255 - g) * t + 0.5);
	b = (uint32_t)(b + (255 - b) * t + 0.5);
	return r << 16 | g << 8 | b;
}

uint32_t
pic_seat_color(int seat)
{
	/* Apart from the games' own colours (tiles, terrains). */
	static const uint32_t c[] = {
		0xf28e1cu, 0x8e44adu, 0x12a4b8u, 0xe0407bu, 0x9aa51cu, 0x6d4c41u,
		0x3f51b5u, 0x607d8bu,
	};

	return seat >= 1 && seat <= 8 ? c[seat - 1] : 0x999999u;
}

/*
 * The title band's left text, into buf: the title (and the rules' name,
 * when the title is another), cut to fit beside sub, then the game and
 * move numbers, never cut: a long title must not hide which move it is.
 */
static const char *
title_text(struct pic *p, const json_t *view, const char *sub, char *buf, size_t len)
{
	const json_t *g = pic_jobj(view, "game");
	const char *title = pic_jstr(g, "title", ""), *rules = pic_jstr(g, "rules_title", "");
	char name[400], fit[400], tail[64];
	double room;

	if (strcmp(title, rules) == 0)
		snprintf(name, sizeof(name), "%s", rules);
	else
		snprintf(name, sizeof(name), "%s (%s)", title, rules);
	snprintf(tail, sizeof(tail), "  #%ld, move %ld", pic_jint(g, "id", 0),
	    pic_jint(g, "move", 0));
	room = p->width - pic_text_width(p, 13, 0, sub) - 40 - pic_text_width(p, 16, PIC_BOLD,
	    tail);
	snprintf(buf, len, "%s%s", pic_text_fit(p, 16, PIC_BOLD, room, name, fit, sizeof(fit)),
	    tail);
	return buf;
}

void
pic_title(struct pic *p, const json_t *view, const char *sub)
{
	char head[480];

	pic_rect(p, 0, 0, p->width, PIC_TITLE_H, 0x3b3227u, PIC_NONE, 0);
	pic_text(p, p->width - 12, 22, 13, PIC_RIGHT, 0xf3e6c8u, sub);
	pic_text(p, 12, 22, 16, PIC_BOLD, 0xffffffu, title_text(p, view, sub, head,
	    sizeof(head)));
}

int
picture_heading(const json_t *view, const char *sub, char *buf, size_t len, char *err,
    size_t errlen)
{
	const struct picture_drawer *d = drawer_said(view, err, errlen);
	cairo_surface_t *sf;
	struct pic p;

	if (d == NULL || measuring_pic(d, view, &p, &sf, err, errlen) != 0)
		return -1;
	title_text(&p, view, sub, buf, len);
	pic_close(&p);
	cairo_surface_destroy(sf);
	return 0;
}

/* The field of the entry of view's list (seats, factions) that is seat's. */
static const char *
entry_field(const json_t *view, const char *list, const char *field, long seat)
{
	const json_t *a = pic_jarr(view, list);
	size_t i;

	for (i = 0; a != NULL && i < json_array_size(a); i++)
		if (pic_jint(json_array_get(a, i), "seat", 0) == seat)
			return pic_jstr(json_array_get(a, i), field, "?");
	return "?";
}

const char *
pic_waiting(const json_t *view, const char *list, const char *field, char *buf, size_t len)
{
	const json_t *wt = pic_jarr(view, "waiting");
	size_t n = wt != NULL ? json_array_size(wt) : 0, i, j, o = 0, k, m;
	unsigned char done[64] = { 0 };

	buf[0] = '\0';
	for (i = 0; i < n && i < sizeof(done) && o < len; i++) {
		const char *why = pic_jstr(json_array_get(wt, i), "why", "");

		if (done[i])
			continue;
		/* the seats awaited for the same thing, together */
		for (j = i, m = 0; j < n && j < sizeof(done); j++)
			m += !done[j] && strcmp(pic_jstr(json_array_get(wt, j), "why", ""), why) == 0;
		o += (size_t)snprintf(buf + o, len - o, "%s", o ? "; " : "Waiting for ");
		for (j = i, k = 0; j < n && j < sizeof(done) && o < len; j++) {
			if (done[j] || strcmp(pic_jstr(json_array_get(wt, j), "why", ""), why) != 0)
				continue;
			done[j] = 1;
			o += (size_t)snprintf(buf + o, len - o, "%s%s", k == 0 ? "" : k + 1 == m ?
			    " and " : ", ", entry_field(view, list, field,
			    pic_jint(json_array_get(wt, j), "seat", 0)));
			k++;
		}
		if (o < len)
			o += (size_t)snprintf(buf + o, len - o, ": %s", why);
	}
	return buf;
}

int
pic_ranking_lines(const json_t *view)
{
	const json_t *r = pic_jarr(pic_jobj(view, "game"), "ranking");

	return r != NULL && json_array_size(r) > 0 ? 1 + (int)json_array_size(r) : 0;
}

double
pic_ranking(struct pic *p, const json_t *view, double x, double y, double line_h,
    double width)
{
	const json_t *r = pic_jarr(pic_jobj(view, "game"), "ranking");
	char t[300], fit[300];
	size_t i;

	if (pic_ranking_lines(view) == 0)
		return y - line_h;
	pic_text(p, x, y, 13, PIC_BOLD, PIC_INK, "Final ranking");
	pic_text(p, x + 300, y, 11, PIC_BOLD | PIC_RIGHT, PIC_FAINT, "score");
	for (i = 0; i < json_array_size(r); i++) {
		const json_t *e = json_array_get(r, i);
		const char *label = pic_jstr(e, "label", "");
		long rank = pic_jint(e, "rank", 0);

		y += line_h;
		if (rank == 1)
			pic_round_rect(p, x - 4, y - line_h + 5, 310, line_h - 1, 3, 0xf6e7b8u,
			    PIC_NONE, 0);
		snprintf(t, sizeof(t), "%ld.", rank);
		pic_text(p, x + 22, y, 13, PIC_BOLD | PIC_RIGHT, PIC_INK, t);
		snprintf(t, sizeof(t), "%s%s%s%s", pic_jstr(e, "name", "?"), label[0] ? " (" : "",
		    label, label[0] ? ")" : "");
		pic_text(p, x + 30, y, 13, rank == 1 ? PIC_BOLD : 0, PIC_INK, pic_text_fit(p, 13,
		    rank == 1 ? PIC_BOLD : 0, (width < 300 ? width : 300) - 80, t, fit,
		    sizeof(fit)));
		snprintf(t, sizeof(t), "%ld", pic_jint(e, "score", 0));
		pic_text(p, x + 300, y, 13, PIC_BOLD | PIC_RIGHT, PIC_INK, t);
	}
	return y;
}

const char *
pic_jstr(const json_t *o, const char *key, const char *dflt)
{
	const json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	return json_is_string(v) ? json_string_value(v) : dflt;
}

long
pic_jint(const json_t *o, const char *key, long dflt)
{
	const json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

int
pic_jbool(const json_t *o, const char *key)
{
	const json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	return json_is_true(v);
}

const json_t *
pic_jarr(const json_t *o, const char *key)
{
	const json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	return json_is_array(v) ? v : NULL;
}

const json_t *
pic_jobj(const json_t *o, const char *key)
{
	const json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	return json_is_object(v) ? v : NULL;
}
