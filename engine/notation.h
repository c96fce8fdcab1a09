/*
 * notation.h - helpers shared by the engines' parsers.
 *
 * A submission is one or more commands separated by newlines or ';'.
 * Blank commands and text after '#' are dropped; runs of white space
 * collapse to one space; leading and trailing space is trimmed.  (Quoted
 * reply text and signatures are removed by the mail layer before a
 * submission reaches an engine.)
 */
#ifndef ARBITER_NOTATION_H
#define ARBITER_NOTATION_H

#include <stddef.h>

enum { CMD_MAX_LEN = 256, CMD_MAX_WORDS = 32 };

struct cmdlist {
	int n;
	char **cmd;	/* normalized commands */
};

/*
 * Split text into commands.  seps holds the separator characters besides
 * newline (";" for most games).  Returns 0, or -1 when a command is longer
 * than CMD_MAX_LEN or memory ran out.
 */
int cmd_split(const char *text, const char *seps, struct cmdlist *out);
void cmd_free(struct cmdlist *l);

/* Split one command into lower-cased words in place. Returns the count. */
int cmd_words(char *cmd, char *words[], int max);

/* ASCII case-insensitive equality. */
int word_eq(const char *a, const char *b);

/*
 * 1 when the first word of line (leading white space skipped; the word
 * ends at white space, ';' or the end) equals one of the NULL-terminated
 * verbs, ignoring ASCII case.  For the engines' is_command hooks.
 */
int line_starts_with_verb(const char *line, const char *const *verbs);

/*
 * Remove an incomplete UTF-8 sequence from the end of s, as left by
 * snprintf() cutting a quoted word short: a reason must stay valid UTF-8
 * for the mail and JSON that carry it.
 */
void utf8_trim_partial(char *s);

/* Length of the UTF-8 sequence at p (at most n bytes, n > 0), or 0 when it
 * is invalid: a stray continuation byte, an overlong form, a surrogate or
 * a code point past U+10FFFF. */
size_t utf8_seq(const unsigned char *p, size_t n);

/* 1 when s[0..n) is valid UTF-8 (NUL bytes included as characters). */
int utf8_valid(const char *s, size_t n);

/* Write code point cp as UTF-8 into out; the byte count, or 0 when cp is
 * no character (a surrogate, or past U+10FFFF). */
int utf8_encode(unsigned long cp, char out[4]);

#endif
