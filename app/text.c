/*
 * text.c - what every text arbiter accepts from outside must be: valid
 * UTF-8 without NUL bytes or control characters (tab, CR and LF aside),
 * and a submission at most SUBMISSION_MAX bytes and SUBMISSION_MAX_COMMANDS
 * commands.  Checked before anything reaches an engine or the database, so
 * every writer downstream (JSON, mail, the log) can represent what it holds.
 */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "../engine/notation.h"

int
text_check(const char *text, size_t len, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, col = 1, k;
	int line = 1;

	while (i < len) {
		if (p[i] == '\0') {
			snprintf(err, errlen, "line %d: a NUL byte at column %zu; nothing was "
			    "applied", line, col);
			return -1;
		}
		if (p[i] == '\n') {
			line++;
			col = 1;
			i++;
			continue;
		}
		if ((p[i] < 0x20 && p[i] != '\t' && p[i] != '\r') || p[i] == 0x7f) {
			snprintf(err, errlen, "line %d: control character 0x%02X at column %zu is "
			    "not allowed", line, p[i], col);
			return -1;
		}
		if ((k = utf8_seq(p + i, len - i)) == 0) {
			snprintf(err, errlen, "line %d: invalid UTF-8 (byte 0x%02X at column %zu)",
			    line, p[i], col);
			return -1;
		}
		i += k;
		col++;
	}
	return 0;
}

/*
 * The length of s[0..n) cut to at most max bytes without splitting a
 * UTF-8 sequence (s is valid UTF-8): a quote cut inside a character is
 * invalid UTF-8, which no answer mail or JSON can carry (found by
 * fuzz/inmail: a mail answered with such a quote failed as "the database
 * failed without giving a reason").
 */
int
quote_len(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return (int)n;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return (int)max;
}

/*
 * A line copied from a mail's list of legal commands with its choices
 * still in it ("pass BON5 | BON6", or the short form's "tile red|blue A1 |
 * B1 | ..."): name the line and how to answer, with the line as it reads
 * once the first of each choice is kept ("pass BON5", "tile red A1").
 */
static int
choices_left(const char *line, size_t n, int lineno, char *err, size_t errlen)
{
	const char *hash = memchr(line, '#', n);
	size_t bar = 0, end = hash != NULL ? (size_t)(hash - line) : n, start = 0, i, o = 0;
	char example[64];
	int in_alt = 0;

	while (bar < end && line[bar] != '|')
		bar++;
	if (bar == end)
		return 0;
	while (start < end && (line[start] == ' ' || line[start] == '\t'))
		start++;
	while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\t' ||
	    line[end - 1] == '\r'))
		end--;
	/* Up to the list of choices (" | "), each "A|B" word as its first. */
	for (i = start; i < end && o + 1 < sizeof(example); i++) {
		if (line[i] == ' ' && i + 2 < end && line[i + 1] == '|' && line[i + 2] == ' ')
			break;
		if (line[i] == '|')
			in_alt = 1;
		else if (line[i] == ' ' || line[i] == '\t')
			in_alt = 0;
		if (in_alt)
			continue;
		/* Never a cut inside a character. */
		if (((unsigned char)line[i] & 0xc0) != 0x80 && o + 5 > sizeof(example))
			break;
		example[o++] = line[i];
	}
	while (o > 0 && (example[o - 1] == ' ' || example[o - 1] == '\t'))
		o--;
	example[o] = '\0';
	snprintf(err, errlen, "line %d: '%.*s%s' still offers choices separated by '|': "
	    "keep one of them, as in '%s'", lineno, quote_len(line + start, end - start, 60),
	    line + start, end - start > 60 ? "..." : "", example);
	return -1;
}

int
submission_check(const char *text, size_t len, char *err, size_t errlen)
{
	size_t i;
	int commands = 0, in_command = 0, comment = 0;

	if (len > SUBMISSION_MAX) {
		snprintf(err, errlen, "the submission is %zu bytes; at most %d are accepted",
		    len, SUBMISSION_MAX);
		return -1;
	}
	if (text_check(text, len, err, errlen) != 0)
		return -1;
	for (i = 0; i < len; i++) {
		size_t n = strcspn(text + i, "\n");

		if (i + n > len)
			n = len - i;
		if (choices_left(text + i, n, ++commands, err, errlen) != 0)
			return -1;
		i += n;
	}
	commands = 0;
	/* Count commands the way every notation separates them: lines and ';'. */
	for (i = 0; i <= len; i++) {
		char ch = i < len ? text[i] : '\n';

		if (ch == '\n' || ch == '\r' || (ch == ';' && !comment)) {
			commands += in_command;
			in_command = 0;
			if (ch != ';')
				comment = 0;
		} else if (ch == '#')
			comment = 1;
		else if (!comment && ch != ' ' && ch != '\t')
			in_command = 1;
		if (commands > SUBMISSION_MAX_COMMANDS) {
			snprintf(err, errlen, "the submission holds more than %d commands; send "
			    "fewer at a time", SUBMISSION_MAX_COMMANDS);
			return -1;
		}
	}
	return 0;
}
