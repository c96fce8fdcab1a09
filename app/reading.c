/*
 * reading.c - the commands in a reply that people actually write.
 *
 * Mail from a person carries more than commands: "Hi arbiter," above
 * them, "Thanks!" or "Sent from my iPhone" below, a signature without
 * its "-- " separator.  Quoted text and marked signatures are gone
 * already (mail/reply.c); this takes what is left, line by line, and
 * asks the game which lines start like its commands:
 *
 *   - before the first command, lines that are not commands are skipped;
 *   - from the first command on, commands are kept until the first line
 *     that is not one; that line and everything after it are skipped;
 *   - blank lines and '#' comment lines neither start nor stop reading;
 *     blank lines after the last command are dropped.
 *
 * The skipped lines are listed for the answer, so the sender sees what
 * arbiter did not read.  A game without the is_command hook keeps every
 * line, as before.
 *
 * A forum post pasted to `arbiter move GAME SEAT -` loses its quotes
 * first (reading_paste): BBCode [quote]...[/quote] blocks, nested or
 * with a name, and Markdown quote lines; [code] tags and ``` fences go,
 * their content stays.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "app.h"

/* Lines quoted in the answer, and the length each is cut to there. */
enum { SHOW_LINES = 6, SHOW_WIDTH = 50 };

/* 1 for a line of white space only, or a comment. */
static int
neutral(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
		i++;
	return i == n || p[i] == '#';
}

/*
 * Quote one skipped line, the count-th, into the list (cut, with an
 * ellipsis, when long); past SHOW_LINES lines only the count is kept.
 */
static void
note_skipped(struct sbuf *out, int count, const char *p, size_t n)
{
	size_t i = 0, w = 0, keep = 0;

	if (count >= SHOW_LINES)
		return;
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	p += i;
	n -= i;
	/* Cut at SHOW_WIDTH characters, not inside a UTF-8 sequence. */
	for (keep = 0; keep < n && w < SHOW_WIDTH; keep++)
		if (((unsigned char)p[keep] & 0xc0) != 0x80)
			w++;
	while (keep < n && ((unsigned char)p[keep] & 0xc0) == 0x80)
		keep++;
	sb_printf(out, "%s\"%.*s%s\"", count > 0 ? ", " : "", (int)keep, p,
	    keep < n ? "..." : "");
}

int
reading_take(const struct game_rules *r, char *text, struct sbuf *skipped)
{
	char *in = text, *out = text, *end = text;
	int commands = 0, count = 0, stopped = 0;

	if (r->is_command == NULL)
		return neutral(text, strlen(text)) ? 0 : 1;
	while (*in != '\0') {
		char *nl = strchr(in, '\n');
		size_t n = nl != NULL ? (size_t)(nl - in) : strlen(in);
		int keep, blank;
		char save = in[n];

		in[n] = '\0';
		if (neutral(in, n))
			keep = commands > 0 && !stopped;
		else if (!stopped && r->is_command(in))
			keep = 1, commands++;
		else {
			if (commands > 0)
				stopped = 1;
			note_skipped(skipped, count++, in, n);
			keep = 0;
		}
		blank = strspn(in, " \t\r") == n;
		in[n] = save;
		if (keep) {
			memmove(out, in, n);
			out += n;
			*out++ = '\n';
			if (!blank)
				end = out;	/* after the last line that is not blank */
		}
		in += n + (nl != NULL);
	}
	/* Blank lines after the last command are not part of the submission. */
	*end = '\0';
	if (count > SHOW_LINES)
		sb_printf(skipped, " and %d more line%s", count - SHOW_LINES,
		    count - SHOW_LINES > 1 ? "s" : "");
	return commands;
}

/* Length of a tag at p ("[quote]", "[quote=ada]", "[/quote]" ...) named name, or 0. */
static size_t
bb_tag(const char *p, const char *name, int closing)
{
	size_t n = strlen(name), i = 1;

	if (p[0] != '[')
		return 0;
	if (closing && p[i++] != '/')
		return 0;
	if (strncasecmp(p + i, name, n) != 0)
		return 0;
	i += n;
	if (p[i] == ']')
		return i + 1;
	if (closing || (p[i] != '=' && p[i] != ' '))
		return 0;
	while (p[i] != '\0' && p[i] != ']' && p[i] != '\n')
		i++;
	return p[i] == ']' ? i + 1 : 0;
}

void
reading_paste(char *text)
{
	char *in = text, *out = text;
	int depth = 0;
	size_t n;

	/* BBCode: drop [quote]...[/quote] (nested), keep what [code] holds. */
	while (*in != '\0') {
		if ((n = bb_tag(in, "quote", 0)) > 0) {
			depth++;
			in += n;
		} else if (depth > 0 && (n = bb_tag(in, "quote", 1)) > 0) {
			depth--;
			in += n;
		} else if ((n = bb_tag(in, "code", 0)) > 0 || (n = bb_tag(in, "code", 1)) > 0) {
			in += n;
		} else if (depth > 0) {
			in++;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
	/* Markdown: drop quoted lines ("> ...") and code fences ("```"). */
	in = out = text;
	while (*in != '\0') {
		char *nl = strchr(in, '\n');
		const char *p = in;

		n = nl != NULL ? (size_t)(nl - in) + 1 : strlen(in);
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '>' && strncmp(p, "```", 3) != 0) {
			memmove(out, in, n);
			out += n;
		}
		in += n;
	}
	*out = '\0';
}
