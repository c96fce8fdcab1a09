/*
 * gmime_dl.h - GMime (and the GLib under it), loaded at first use.
 *
 * Only reading an incoming mail (arbiter mail, and fetch through it)
 * parses MIME.  Linking GMime made every command load it with GLib,
 * GObject and their dependencies (about 4 ms at start and a few MB
 * resident), a move included.  So arbiter is not linked with them:
 * inbound.c calls gmime_dl_load() before it parses, which dlopen()s
 * libgmime-3.0.so.0 once, and the names below call through the table it
 * filled (type checks and casts in GMime's macros included).  Include this
 * instead of <gmime/gmime.h>, and only from inbound.c.
 */
#ifndef ARBITER_MAIL_GMIME_DL_H
#define ARBITER_MAIL_GMIME_DL_H

#include <stddef.h>
#include <gmime/gmime.h>

/* Every function inbound.c calls, directly or through GMime's macros. */
#define GMIME_DL_FUNCTIONS(X) \
	X(g_ascii_strcasecmp) X(g_ascii_strdown) X(g_ascii_strncasecmp) \
	X(g_convert) X(g_free) X(g_object_unref) \
	X(g_type_check_instance_cast) X(g_type_check_instance_is_a) \
	X(g_utf8_make_valid) X(g_utf8_validate) \
	X(g_mime_charset_iconv_name) X(g_mime_content_type_get_mime_type) \
	X(g_mime_content_type_is_type) X(g_mime_data_wrapper_write_to_stream) \
	X(g_mime_header_get_name) X(g_mime_header_get_value) \
	X(g_mime_header_list_get_count) X(g_mime_header_list_get_header_at) \
	X(g_mime_init) X(g_mime_message_get_addresses) X(g_mime_message_get_from) \
	X(g_mime_message_get_message_id) X(g_mime_message_get_mime_part) \
	X(g_mime_message_get_subject) X(g_mime_multipart_get_count) \
	X(g_mime_multipart_get_part) X(g_mime_multipart_get_type) \
	X(g_mime_object_get_content_type) \
	X(g_mime_object_get_content_type_parameter) X(g_mime_object_get_header) \
	X(g_mime_object_get_header_list) X(g_mime_object_get_type) \
	X(g_mime_parser_construct_message) X(g_mime_parser_new_with_stream) \
	X(g_mime_part_get_content) X(g_mime_part_get_type) \
	X(g_mime_part_is_attachment) X(g_mime_references_free) \
	X(g_mime_references_get_message_id) X(g_mime_references_length) \
	X(g_mime_references_parse) X(g_mime_stream_mem_get_byte_array) \
	X(g_mime_stream_mem_get_type) X(g_mime_stream_mem_new) \
	X(g_mime_stream_mem_new_with_buffer) X(internet_address_get_name) \
	X(internet_address_group_get_members) X(internet_address_group_get_type) \
	X(internet_address_list_get_address) X(internet_address_list_length) \
	X(internet_address_list_parse) X(internet_address_mailbox_get_addr) \
	X(internet_address_mailbox_get_type)

#define GMIME_DL_SLOT(name) __typeof__(name) *p_##name;
struct gmime_dl {
	GMIME_DL_FUNCTIONS(GMIME_DL_SLOT)
};
#undef GMIME_DL_SLOT

extern struct gmime_dl gmime_dl;

/* Load GMime (once) and start it.  0, or -1 with one line in err saying why
 * not. */
int gmime_dl_load(char *err, size_t errlen);

#define g_ascii_strcasecmp (gmime_dl.p_g_ascii_strcasecmp)
#define g_ascii_strdown (gmime_dl.p_g_ascii_strdown)
#define g_ascii_strncasecmp (gmime_dl.p_g_ascii_strncasecmp)
#define g_convert (gmime_dl.p_g_convert)
#define g_free (gmime_dl.p_g_free)
#define g_object_unref (gmime_dl.p_g_object_unref)
#define g_type_check_instance_cast (gmime_dl.p_g_type_check_instance_cast)
#define g_type_check_instance_is_a (gmime_dl.p_g_type_check_instance_is_a)
#define g_utf8_make_valid (gmime_dl.p_g_utf8_make_valid)
#define g_utf8_validate (gmime_dl.p_g_utf8_validate)
#define g_mime_charset_iconv_name (gmime_dl.p_g_mime_charset_iconv_name)
#define g_mime_content_type_get_mime_type (gmime_dl.p_g_mime_content_type_get_mime_type)
#define g_mime_content_type_is_type (gmime_dl.p_g_mime_content_type_is_type)
#define g_mime_data_wrapper_write_to_stream (gmime_dl.p_g_mime_data_wrapper_write_to_stream)
#define g_mime_header_get_name (gmime_dl.p_g_mime_header_get_name)
#define g_mime_header_get_value (gmime_dl.p_g_mime_header_get_value)
#define g_mime_header_list_get_count (gmime_dl.p_g_mime_header_list_get_count)
#define g_mime_header_list_get_header_at (gmime_dl.p_g_mime_header_list_get_header_at)
#define g_mime_init (gmime_dl.p_g_mime_init)
#define g_mime_message_get_addresses (gmime_dl.p_g_mime_message_get_addresses)
#define g_mime_message_get_from (gmime_dl.p_g_mime_message_get_from)
#define g_mime_message_get_message_id (gmime_dl.p_g_mime_message_get_message_id)
#define g_mime_message_get_mime_part (gmime_dl.p_g_mime_message_get_mime_part)
#define g_mime_message_get_subject (gmime_dl.p_g_mime_message_get_subject)
#define g_mime_multipart_get_count (gmime_dl.p_g_mime_multipart_get_count)
#define g_mime_multipart_get_part (gmime_dl.p_g_mime_multipart_get_part)
#define g_mime_multipart_get_type (gmime_dl.p_g_mime_multipart_get_type)
#define g_mime_object_get_content_type (gmime_dl.p_g_mime_object_get_content_type)
#define g_mime_object_get_content_type_parameter \
	(gmime_dl.p_g_mime_object_get_content_type_parameter)
#define g_mime_object_get_header (gmime_dl.p_g_mime_object_get_header)
#define g_mime_object_get_header_list (gmime_dl.p_g_mime_object_get_header_list)
#define g_mime_object_get_type (gmime_dl.p_g_mime_object_get_type)
#define g_mime_parser_construct_message (gmime_dl.p_g_mime_parser_construct_message)
#define g_mime_parser_new_with_stream (gmime_dl.p_g_mime_parser_new_with_stream)
#define g_mime_part_get_content (gmime_dl.p_g_mime_part_get_content)
#define g_mime_part_get_type (gmime_dl.p_g_mime_part_get_type)
#define g_mime_part_is_attachment (gmime_dl.p_g_mime_part_is_attachment)
#define g_mime_references_free (gmime_dl.p_g_mime_references_free)
#define g_mime_references_get_message_id (gmime_dl.p_g_mime_references_get_message_id)
#define g_mime_references_length (gmime_dl.p_g_mime_references_length)
#define g_mime_references_parse (gmime_dl.p_g_mime_references_parse)
#define g_mime_stream_mem_get_byte_array (gmime_dl.p_g_mime_stream_mem_get_byte_array)
#define g_mime_stream_mem_get_type (gmime_dl.p_g_mime_stream_mem_get_type)
#define g_mime_stream_mem_new (gmime_dl.p_g_mime_stream_mem_new)
#define g_mime_stream_mem_new_with_buffer (gmime_dl.p_g_mime_stream_mem_new_with_buffer)
#define internet_address_get_name (gmime_dl.p_internet_address_get_name)
#define internet_address_group_get_members (gmime_dl.p_internet_address_group_get_members)
#define internet_address_group_get_type (gmime_dl.p_internet_address_group_get_type)
#define internet_address_list_get_address (gmime_dl.p_internet_address_list_get_address)
#define internet_address_list_length (gmime_dl.p_internet_address_list_length)
#define internet_address_list_parse (gmime_dl.p_internet_address_list_parse)
#define internet_address_mailbox_get_addr (gmime_dl.p_internet_address_mailbox_get_addr)
#define internet_address_mailbox_get_type (gmime_dl.p_internet_address_mailbox_get_type)

#endif
