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
 *     blank lines after the last command are dropped;
 *   - a line that looks like a command but is none (a misspelt verb,
 *     "leach 2 from nomads", or a line of the notation without its verb)
 *     is never skipped, before the first command nor as the line that
 *     stops reading: the mail is refused, naming it (misread below).
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

/* Lower-cased word of at most WORD_MAX bytes. */
enum { WORD_MAX = 40, LINE_WORDS = 32 };

/*
 * The optimal string alignment distance between a and b (an edit is an
 * insertion, a deletion, a substitution or two neighbours swapped), or 3
 * when it is larger.
 */
static int
edit_distance(const char *a, const char *b)
{
	int d[WORD_MAX + 1][WORD_MAX + 1];
	size_t n = strlen(a), m = strlen(b), i, j;

	if (n > WORD_MAX || m > WORD_MAX || (n > m ? n - m : m - n) > 2)
		return 3;
	for (i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (i = 1; i <= n; i++)
		for (j = 1; j <= m; j++) {
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[n][m] < 3 ? d[n][m] : 3;
}

/*
 * The verb of verbs that w (lower case, not a verb itself) misspells, or
 * NULL.  A verb of four letters or fewer is misspelt by one letter left
 * out, added or swapped with its neighbour, not by one letter changed
 * ("dear" is no "deal", "sent" no "send", "bye" no "buy"); a longer one by
 * any one edit ("leach", "pick-colour"), one of eight letters or more by
 * two.  A word of two letters misspells nothing.
 */
static const char *
misspelt(const char *w, const char *const *verbs)
{
	size_t n = strlen(w), m;
	int d;

	if (n < 3 || verbs == NULL)
		return NULL;
	for (; *verbs != NULL; verbs++) {
		m = strlen(*verbs);
		d = edit_distance(w, *verbs);
		if (d == 0 || d > (m >= 8 ? 2 : 1))
			continue;
		if (m <= 4 && n == m) {
			size_t i = 0;

			while (w[i] == (*verbs)[i])
				i++;
			/* one letter changed, not two neighbours swapped */
			if (i + 1 >= n || w[i] != (*verbs)[i + 1] || w[i + 1] != (*verbs)[i])
				continue;
		}
		return *verbs;
	}
	return NULL;
}

/* 1 when w is an exact verb of verbs. */
static int
is_verb(const char *w, const char *const *verbs)
{
	for (; verbs != NULL && *verbs != NULL; verbs++)
		if (strcmp(w, *verbs) == 0)
			return 1;
	return 0;
}

/*
 * Copy the word at p (n bytes) lower-cased into w, without a leading sign
 * and trailing punctuation when bare is set.  "" when it is too long.
 */
static void
word_copy(const char *p, size_t n, int bare, char w[WORD_MAX + 1])
{
	size_t i;

	if (bare) {
		while (n > 0 && strchr(".,;:!?)\"'", p[n - 1]) != NULL)
			n--;
		while (n > 0 && (*p == '+' || *p == '-' || *p == '(')) {
			p++;
			n--;
		}
	}
	if (n > WORD_MAX)
		n = 0;
	for (i = 0; i < n; i++)
		w[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]);
	w[n] = '\0';
}

/* 1 when a word (lower case, bare) has a digit; 2 when letters too. */
static int
has_digit(const char *w)
{
	int digit = 0, letter = 0;

	for (; *w != '\0'; w++) {
		digit |= *w >= '0' && *w <= '9';
		letter |= *w >= 'a' && *w <= 'z';
	}
	return digit ? 1 + letter : 0;
}

/* 1 when a word (lower case, bare) is of the notation: a number, a
 * coordinate or a code ("E7", "3pw"), a verb, or one of the game's words. */
static int
notation(const struct game_rules *r, const char *w)
{
	char part[WORD_MAX + 1];
	size_t n;

	if (w[0] == '\0')
		return 0;
	if (has_digit(w) || is_verb(w, r->verbs) ||
	    (r->notation_word != NULL && r->notation_word(w)))
		return 1;
	/* "PAR-ORL-BLO", "red/black": each part of the notation */
	if (w[strcspn(w, "-/,")] == '\0')
		return 0;
	while (*w != '\0') {
		n = strcspn(w, "-/,");
		if (n == 0)
			return 0;
		memcpy(part, w, n);
		part[n] = '\0';
		if (!(has_digit(part) || (r->notation_word != NULL && r->notation_word(part))))
			return 0;
		w += n + (w[n] != '\0');
	}
	return 1;
}

/*
 * Whether the line p[0..n), which is_command did not take, still looks
 * like a command of r: its first word (after a "faction:" prefix) misspells
 * a verb and most of the words after it are of the notation (or there are
 * none: "pas"); or, with no verb, every word is of the notation and one
 * is a code of letters and digits ("ACT3", "F4").  A first word ending in
 * ',', ':', '!' or '?' ("Hi,", "Moves:") starts prose.  *verb gets the verb
 * misspelt, NULL for a line without one.
 */
static int
commandlike(const struct game_rules *r, const char *p, size_t n, const char **verb)
{
	const char *word[LINE_WORDS];
	size_t len[LINE_WORDS], i = 0, k = 0, first;
	char w[WORD_MAX + 1];
	int words = 0, of = 0, code = 0;

	*verb = NULL;
	if (r->verbs == NULL)
		return 0;
	while (i < n && k < LINE_WORDS) {
		while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
			i++;
		if (i == n)
			break;
		word[k] = p + i;
		while (i < n && p[i] != ' ' && p[i] != '\t' && p[i] != '\r')
			i++;
		len[k] = (size_t)(p + i - word[k]);
		k++;
	}
	if (k == 0 || k == LINE_WORDS)
		return 0;
	first = 0;
	/* "witches: leach ...": the faction prefix of the site's logs */
	if (k > 1 && len[0] > 1 && word[0][len[0] - 1] == ':') {
		word_copy(word[0], len[0] - 1, 0, w);
		if (r->notation_word != NULL && r->notation_word(w))
			first = 1;
	}
	if (strchr(",:!?", word[first][len[first] - 1]) != NULL)
		return 0;
	for (i = first + 1; i < k; i++) {
		word_copy(word[i], len[i], 1, w);
		words++;
		of += notation(r, w);
		code |= has_digit(w) == 2;
	}
	word_copy(word[first], len[first], 1, w);
	if ((*verb = misspelt(w, r->verbs)) != NULL)
		return words == 0 || 2 * of > words;
	return notation(r, w) && of == words && (code || has_digit(w) == 2);
}

/*
 * The answer to a line that looks like a command but is none (p[0..n),
 * verb what it misspells or NULL), into misread.
 */
static void
note_misread(const struct game_rules *r, struct sbuf *misread, const char *p, size_t n,
    const char *verb)
{
	struct sbuf quoted = SBUF_INIT;

	note_skipped(&quoted, 0, p, n);
	if (verb != NULL)
		sb_printf(misread, "the line %s is no command of %s, though it looks like "
		    "one (did you mean \"%s\"?); arbiter skips only what is plainly not a "
		    "command, so nothing in your mail was applied", sb_str(&quoted),
		    r->title, verb);
	else
		sb_printf(misread, "the line %s is written like a command of %s but starts "
		    "with none of its commands; arbiter skips only what is plainly not a "
		    "command, so nothing in your mail was applied", sb_str(&quoted),
		    r->title);
	sb_free(&quoted);
}

int
reading_take(const struct game_rules *r, char *text, struct sbuf *skipped,
    struct sbuf *misread)
{
	char *in = text, *out = text, *end = text;
	int commands = 0, count = 0, stopped = 0;
	const char *verb;

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
		else if (!stopped && commandlike(r, in, n, &verb)) {
			/* Never a greeting, nor the end of the commands. */
			note_misread(r, misread, in, n, verb);
			in[n] = save;
			return -1;
		} else {
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
