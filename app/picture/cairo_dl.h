/*
 * cairo_dl.h - cairo, loaded at first use.
 *
 * libpng, which cairo loads, writes the PNG: with the row filter that
 * suits flat colours (none), where cairo's own writer tries every filter
 * on every row, for larger files in twice the time.
 *
 * Only drawing a board picture needs cairo: `show --format png|svg`,
 * `post --image` and mail delivered with a picture.  Linking it would make
 * every command load cairo and the twenty libraries under it (pixman,
 * fontconfig, freetype, libpng, the X client libraries), a move that
 * draws nothing included.  So arbiter is not linked with cairo:
 * picture.c calls cairo_dl_load() before it draws, which dlopen()s
 * libcairo.so.2 once, and the names below call through the table it
 * filled.  Include this instead of <cairo.h>, and only from the picture
 * folder's common part (picture.c) and the tests.  FreeType, which cairo
 * loads, opens the font files (picture.c says why); its few functions
 * are in the table too.
 */
#ifndef ARBITER_PICTURE_CAIRO_DL_H
#define ARBITER_PICTURE_CAIRO_DL_H

#include <stddef.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
#include <png.h>

/* Every cairo function arbiter calls. */
#define CAIRO_DL_FUNCTIONS(X) \
	X(cairo_arc) X(cairo_close_path) X(cairo_create) X(cairo_curve_to) \
	X(cairo_destroy) X(cairo_fill) X(cairo_fill_preserve) X(cairo_font_face_destroy) \
	X(cairo_font_extents) X(cairo_font_options_create) \
	X(cairo_font_options_destroy) X(cairo_font_options_set_antialias) \
	X(cairo_font_options_set_hint_metrics) X(cairo_font_options_set_hint_style) \
	X(cairo_set_font_options) X(cairo_image_surface_create) \
	X(cairo_image_surface_create_from_png_stream) \
	X(cairo_image_surface_get_data) X(cairo_image_surface_get_height) \
	X(cairo_image_surface_get_stride) X(cairo_image_surface_get_width) \
	X(cairo_line_to) X(cairo_move_to) X(cairo_new_path) X(cairo_new_sub_path) \
	X(cairo_paint) X(cairo_rectangle) X(cairo_restore) X(cairo_rotate) \
	X(cairo_save) X(cairo_select_font_face) X(cairo_set_antialias) X(cairo_set_font_face) X(cairo_toy_font_face_create) X(cairo_set_dash) \
	X(cairo_set_font_size) X(cairo_set_line_cap) X(cairo_set_line_join) \
	X(cairo_set_line_width) X(cairo_set_source_rgb) X(cairo_set_source_rgba) \
	X(cairo_show_text) X(cairo_status) X(cairo_status_to_string) X(cairo_stroke) \
	X(cairo_stroke_preserve) X(cairo_surface_destroy) X(cairo_surface_finish) \
	X(cairo_surface_flush) X(cairo_surface_status) \
	X(cairo_svg_surface_create_for_stream) \
	X(cairo_text_extents) X(cairo_translate) \
	X(png_create_info_struct) X(png_create_write_struct) X(png_destroy_write_struct) X(png_get_error_ptr) X(png_get_io_ptr) \
	X(png_set_IHDR) X(png_set_compression_level) X(png_set_compression_mem_level) \
	X(png_set_filter) X(png_set_write_fn) \
	X(png_write_end) X(png_write_info) X(png_write_row) \
	X(cairo_ft_font_face_create_for_ft_face) X(cairo_font_face_set_user_data) \
	X(cairo_font_face_status) X(FT_Init_FreeType) X(FT_New_Face) X(FT_Done_Face)

#define CAIRO_DL_SLOT(name) __typeof__(name) *p_##name;
struct cairo_dl {
	CAIRO_DL_FUNCTIONS(CAIRO_DL_SLOT)
};
#undef CAIRO_DL_SLOT

extern struct cairo_dl cairo_dl;

/* Load cairo (once).  0, or -1 with one line in err saying why not,
 * starting with CAIRO_DL_MISSING. */
#define CAIRO_DL_MISSING "cairo could not be loaded: "
int cairo_dl_load(char *err, size_t errlen);

#define cairo_arc (cairo_dl.p_cairo_arc)
#define cairo_close_path (cairo_dl.p_cairo_close_path)
#define cairo_create (cairo_dl.p_cairo_create)
#define cairo_curve_to (cairo_dl.p_cairo_curve_to)
#define cairo_destroy (cairo_dl.p_cairo_destroy)
#define cairo_fill (cairo_dl.p_cairo_fill)
#define cairo_fill_preserve (cairo_dl.p_cairo_fill_preserve)
#define cairo_font_face_destroy (cairo_dl.p_cairo_font_face_destroy)
#define cairo_font_extents (cairo_dl.p_cairo_font_extents)
#define cairo_font_options_create (cairo_dl.p_cairo_font_options_create)
#define cairo_font_options_destroy (cairo_dl.p_cairo_font_options_destroy)
#define cairo_font_options_set_antialias (cairo_dl.p_cairo_font_options_set_antialias)
#define cairo_font_options_set_hint_metrics (cairo_dl.p_cairo_font_options_set_hint_metrics)
#define cairo_font_options_set_hint_style (cairo_dl.p_cairo_font_options_set_hint_style)
#define cairo_set_font_options (cairo_dl.p_cairo_set_font_options)
#define cairo_image_surface_create (cairo_dl.p_cairo_image_surface_create)
#define cairo_image_surface_create_from_png_stream \
	(cairo_dl.p_cairo_image_surface_create_from_png_stream)
#define cairo_image_surface_get_data (cairo_dl.p_cairo_image_surface_get_data)
#define cairo_image_surface_get_height (cairo_dl.p_cairo_image_surface_get_height)
#define cairo_image_surface_get_stride (cairo_dl.p_cairo_image_surface_get_stride)
#define cairo_image_surface_get_width (cairo_dl.p_cairo_image_surface_get_width)
#define cairo_line_to (cairo_dl.p_cairo_line_to)
#define cairo_move_to (cairo_dl.p_cairo_move_to)
#define cairo_new_path (cairo_dl.p_cairo_new_path)
#define cairo_new_sub_path (cairo_dl.p_cairo_new_sub_path)
#define cairo_paint (cairo_dl.p_cairo_paint)
#define cairo_rectangle (cairo_dl.p_cairo_rectangle)
#define cairo_restore (cairo_dl.p_cairo_restore)
#define cairo_rotate (cairo_dl.p_cairo_rotate)
#define cairo_save (cairo_dl.p_cairo_save)
#define cairo_select_font_face (cairo_dl.p_cairo_select_font_face)
#define cairo_set_antialias (cairo_dl.p_cairo_set_antialias)
#define cairo_set_font_face (cairo_dl.p_cairo_set_font_face)
#define cairo_toy_font_face_create (cairo_dl.p_cairo_toy_font_face_create)
#define cairo_set_dash (cairo_dl.p_cairo_set_dash)
#define cairo_set_font_size (cairo_dl.p_cairo_set_font_size)
#define cairo_set_line_cap (cairo_dl.p_cairo_set_line_cap)
#define cairo_set_line_join (cairo_dl.p_cairo_set_line_join)
#define cairo_set_line_width (cairo_dl.p_cairo_set_line_width)
#define cairo_set_source_rgb (cairo_dl.p_cairo_set_source_rgb)
#define cairo_set_source_rgba (cairo_dl.p_cairo_set_source_rgba)
#define cairo_show_text (cairo_dl.p_cairo_show_text)
#define cairo_status (cairo_dl.p_cairo_status)
#define cairo_status_to_string (cairo_dl.p_cairo_status_to_string)
#define cairo_stroke (cairo_dl.p_cairo_stroke)
#define cairo_stroke_preserve (cairo_dl.p_cairo_stroke_preserve)
#define cairo_surface_destroy (cairo_dl.p_cairo_surface_destroy)
#define cairo_surface_finish (cairo_dl.p_cairo_surface_finish)
#define cairo_surface_flush (cairo_dl.p_cairo_surface_flush)
#define cairo_surface_status (cairo_dl.p_cairo_surface_status)
#define cairo_svg_surface_create_for_stream (cairo_dl.p_cairo_svg_surface_create_for_stream)
#define cairo_text_extents (cairo_dl.p_cairo_text_extents)
#define cairo_translate (cairo_dl.p_cairo_translate)
#define png_create_info_struct (cairo_dl.p_png_create_info_struct)
#define png_create_write_struct (cairo_dl.p_png_create_write_struct)
#define png_destroy_write_struct (cairo_dl.p_png_destroy_write_struct)
#define png_get_error_ptr (cairo_dl.p_png_get_error_ptr)
#define png_get_io_ptr (cairo_dl.p_png_get_io_ptr)
#define png_set_IHDR (cairo_dl.p_png_set_IHDR)
#define png_set_compression_level (cairo_dl.p_png_set_compression_level)
#define png_set_compression_mem_level (cairo_dl.p_png_set_compression_mem_level)
#define png_set_filter (cairo_dl.p_png_set_filter)
#define png_set_write_fn (cairo_dl.p_png_set_write_fn)
#define png_write_end (cairo_dl.p_png_write_end)
#define png_write_info (cairo_dl.p_png_write_info)
#define png_write_row (cairo_dl.p_png_write_row)
#define cairo_ft_font_face_create_for_ft_face (cairo_dl.p_cairo_ft_font_face_create_for_ft_face)
#define cairo_font_face_set_user_data (cairo_dl.p_cairo_font_face_set_user_data)
#define cairo_font_face_status (cairo_dl.p_cairo_font_face_status)
#define FT_Init_FreeType (cairo_dl.p_FT_Init_FreeType)
#define FT_New_Face (cairo_dl.p_FT_New_Face)
#define FT_Done_Face (cairo_dl.p_FT_Done_Face)

#endif
