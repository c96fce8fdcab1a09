/*
 * tlines.c - Terra Mystica: which line of a mail is a command (the
 * is_command hook).  A command may carry the faction prefix of the site's
 * logs ("witches: build E7"); "+FIRE", "+TW3", "+FAV5" and "-SPADE" take
 * what is owed or give it up, while "-Ada" below the commands is a
 * sign-off.
 */
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../notation.h"
#include "terra.h"

const char *const tm_verbs[] = {
	"setup", "build", "upgrade", "transform", "dig", "send", "action", "convert",
	"burn", "advance", "leech", "decline", "pass", "connect", "bridge", "done",
	"wait", "resign", "drop-faction", "pick-color", "unlock-terrain", NULL,
};

/*
 * 1 when the line at p starts with one of the signed forms: "+FAVn",
 * "+TWn", "+BONn", "+FIRE" ... "+AIR" (a count may follow the '+':
 * "+2AIR"), "-SPADE" or the Acolytes' "-3FIRE" (a count, then a cult
 * track), in any case, white space allowed after the sign
 * ("+ FIRE", as the site reads it); the word ends at white space, ';',
 * '.' or the end.  A sign-off such as "-Ada" or a telephone number
 * "+44 ..." is not one.
 */
static int
signed_word(const char *p)
{
	static const char *const tiles[] = { "FAV", "TW", "BON" };
	char sign = *p;
	size_t n, i, t;

	if (sign != '+' && sign != '-')
		return 0;
	for (p++; *p == ' ' || *p == '\t'; p++)
		;
	if (sign == '-' && *p >= '1' && *p <= '9') {
		/* -NCULT: the count, then a cult track */
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
		for (n = 0; p[n] != '\0' && strchr(" \t;.", p[n]) == NULL; n++)
			;
		for (i = 0; i < 4; i++)
			if (n == strlen(tm_cult_names[i]) &&
			    strncasecmp(p, tm_cult_names[i], n) == 0)
				return 1;
		return 0;
	}
	if (sign == '+' && *p >= '1' && *p <= '9')
		p++;
	for (n = 0; p[n] != '\0' && strchr(" \t;.", p[n]) == NULL; n++)
		;
	if (sign == '-')
		return (n == 5 && strncasecmp(p, "spade", 5) == 0) ||
		    (n == 6 && strncasecmp(p, "bridge", 6) == 0) ||
		    (n == 14 && strncasecmp(p, "gain_p3_for_vp", 14) == 0);
	for (i = 0; i < 4; i++)
		if (n == strlen(tm_cult_names[i]) && strncasecmp(p, tm_cult_names[i], n) == 0)
			return 1;
	for (i = 0; i < sizeof(tiles) / sizeof(tiles[0]); i++) {
		t = strlen(tiles[i]);
		if (n > t && strncasecmp(p, tiles[i], t) == 0 &&
		    strspn(p + t, "0123456789") == n - t)
			return 1;
	}
	return 0;
}

/* The Shapeshifters' "gain P3 for VP" (white space runs allowed), not any
 * line that starts with "gain". */
static int
gain_token(const char *p)
{
	static const char *const w[] = { "gain", "p3", "for", "vp" };
	size_t i, n;

	for (i = 0; i < 4; i++) {
		n = strlen(w[i]);
		if (strncasecmp(p, w[i], n) != 0)
			return 0;
		p += n;
		if (i < 3 && *p != ' ' && *p != '\t')
			return 0;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	return *p == '\0' || *p == ';' || *p == '.';
}

int
tm_is_command(const char *line)
{
	const char *p = line, *w;

	while (*p == ' ' || *p == '\t')
		p++;
	/* Skip "faction:" (a word ending in ':'). */
	for (w = p; *w != '\0' && *w != ' ' && *w != '\t' && *w != ':'; w++)
		;
	if (*w == ':' && w > p) {
		p = w + 1;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	return signed_word(p) || line_starts_with_verb(p, tm_verbs) || gain_token(p);
}

/* notation_word(): a faction, a colour, a cult track, a building, a
 * resource or a keyword of the commands ("from", "to", "for"). */
int
tm_notation_word(const char *w)
{
	static const char *const keys[] = { "from", "to", "for", "p", "priest", "ship",
	    "shipping", "dig", "digging", "pw", "c", "w", "vp", "d", "tp", "te", "sh",
	    "sa", "dwelling", "trading", "temple", "stronghold", "sanctuary", "bridge",
	    "gain-priest", NULL };
	int i;

	for (i = 0; keys[i] != NULL; i++)
		if (word_eq(w, keys[i]))
			return 1;
	/* the factions' own actions: ACTA, ACTE, ACTN ... */
	if (strncasecmp(w, "act", 3) == 0 && strlen(w) <= 5)
		return 1;
	return tm_faction_find(w) >= 0 || tm_color_find(w) >= 0 || tm_cult_find(w) >= 0;
}

/* Format an error message into err; returns GAME_REJECTED. */
enum game_status
tm_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return GAME_REJECTED;
}

/*
 * The colour of `pick-color` and `unlock-terrain` (or the latter's
 * gain-priest) as the site reads it: exactly as written, so in lower case
 * (commands.pm:1451 and 1503 give it to assert_color, map.pm:419, as it
 * came, where `transform X to COLOUR` lowers it first, commands.pm:1278).
 * GAME_OK, or refused naming the lower-case form.
 */
enum game_status
tm_lower_arg(const char *cmd, const char *arg, char *err, size_t errlen)
{
	char low[32];
	size_t i;

	for (i = 0; arg[i] != '\0' && !isupper((unsigned char)arg[i]); i++)
		;
	if (arg[i] == '\0')
		return GAME_OK;
	for (i = 0; arg[i] != '\0' && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)arg[i]);
	low[i] = '\0';
	return tm_fail(err, errlen, "%s: the site's colours are written in lower case: "
	    "'%s %s', not '%s'", cmd, cmd, low, arg);
}

/*
 * A count as written in a command: decimal digits only, at most 9999;
 * -1 for anything else (atoi() would read "4294967297" as 1, and a
 * larger count overflows what is computed from it).
 */
int
tm_count_arg(const char *w)
{
	char *end;
	long v;

	if (*w < '0' || *w > '9')
		return -1;
	v = strtol(w, &end, 10);
	if (*end != '\0' || v > 9999)
		return -1;
	return (int)v;
}

/* Parse a tile name like "BON3" with the given prefix; 0 if it is not one. */
int
tm_tile_num(const char *w, const char *prefix, int max)
{
	size_t n = strlen(prefix);
	char *end;
	long v;

	if (strncasecmp(w, prefix, n) != 0)
		return 0;
	v = strtol(w + n, &end, 10);
	if (*end != '\0' || end == w + n || v < 1 || v > max)
		return 0;
	return (int)v;
}

/* Read a comma-separated tile list ("SCORE1,SCORE5") into out; count or -1. */
int
tm_tile_list(const char *v, const char *prefix, int max, int *out, int maxn)
{
	char buf[128], *tok, *save = NULL;
	int n = 0, t;

	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save)) {
		t = tm_tile_num(tok, prefix, max);
		if (t == 0 || n >= maxn)
			return -1;
		out[n++] = t;
	}
	return n;
}

/* Parse "3pw" into count and resource; returns 0 or -1. */
int
tm_parse_amount(const char *w, int *n, char *res, size_t reslen)
{
	char *end;
	long v = strtol(w, &end, 10);

	if (end == w)
		v = 1;
	if (v < 1 || v > 99 || *end == '\0' || strlen(end) >= reslen)
		return -1;
	*n = (int)v;
	snprintf(res, reslen, "%s", end);
	return 0;
}

/* A character Perl's \w matches. */
static int
word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

void
tm_normalize(char *cmd)
{
	char *r = cmd, *w = cmd, *start;

	/* White space runs become one space; the ends are trimmed. */
	while (*r != '\0') {
		if (isspace((unsigned char)*r)) {
			while (isspace((unsigned char)*r))
				r++;
			if (w != cmd && *r != '\0')
				*w++ = ' ';
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
	/* A "faction:" prefix is kept as it is. */
	start = cmd;
	while (isalpha((unsigned char)*start))
		start++;
	if (start > cmd && *start == ':')
		start += start[1] == ' ' ? 2 : 1;
	else
		start = cmd;
	/* One space between a word character and any other goes. */
	for (r = w = start; *r != '\0'; r++) {
		if (*r == ' ' && w > start && r[1] != '\0' &&
		    word_char(w[-1]) != word_char(r[1]))
			continue;
		*w++ = *r;
	}
	*w = '\0';
}

/*
 * Replace the first match of pattern (POSIX extended, any case) in row by
 * repl, where \1..\9 stand for its groups; the row holds at most cap - 1
 * bytes.  1 when it replaced.
 */
static int
rewrite_once(char *row, size_t cap, const char *pattern, const char *repl)
{
	/*
	 * Each pattern (a literal of tm_site_rewrite) compiled once for the
	 * process: compiling it for every row made a play cost as much as
	 * all the rest of the game's rules.
	 */
	static struct {
		const char *pattern;
		regex_t re;
	} compiled[8];
	static int ncompiled;
	regmatch_t m[10];
	char out[CMD_MAX_LEN * 2 + 64];
	size_t n = 0, len;
	const char *r;
	int k;

	for (k = 0; k < ncompiled && compiled[k].pattern != pattern; k++)
		;
	if (k == ncompiled) {
		regex_t re;

		if (regcomp(&re, pattern, REG_EXTENDED | REG_ICASE) != 0)
			return 0;
		if (ncompiled == (int)(sizeof(compiled) / sizeof(compiled[0]))) {
			int hit = regexec(&re, row, 10, m, 0) == 0;

			regfree(&re);	/* more patterns than places: not kept */
			if (!hit)
				return 0;
			k = -1;
		} else {
			compiled[k].pattern = pattern;
			compiled[k].re = re;
			ncompiled++;
		}
	}
	if (k >= 0 && regexec(&compiled[k].re, row, 10, m, 0) != 0)
		return 0;
	len = (size_t)m[0].rm_so;
	if (len >= sizeof(out))
		return 0;
	memcpy(out, row, len);
	n = len;
	for (r = repl; *r != '\0' && n < sizeof(out) - 1; r++) {
		if (r[0] == '\\' && r[1] >= '1' && r[1] <= '9') {
			int g = r[1] - '0';

			r++;
			if (m[g].rm_so < 0)
				continue;
			len = (size_t)(m[g].rm_eo - m[g].rm_so);
			if (n + len >= sizeof(out))
				return 0;
			memcpy(out + n, row + m[g].rm_so, len);
			n += len;
		} else
			out[n++] = *r;
	}
	len = strlen(row + m[0].rm_eo);
	if (n + len >= cap || n + len >= sizeof(out))
		return 0;
	memcpy(out + n, row + m[0].rm_eo, len + 1);
	memcpy(row, out, n + len + 1);
	return 1;
}

#define W "[[:alnum:]_]"

/*
 * The site's rewriting of a log row before it splits the row into
 * commands (its clean_commands): white space runs become one space;
 * "pass. +BONn" and a row that begins with "+BONn" are a pass; a build
 * written before the transform of its hex, a pass before a conversion
 * and a dig before the action it follows swap places; the Engineers'
 * old "-2W. bridge" and "convert 2W to 1 bridge" are their bridge
 * action.  Each rule acts on its first match only, as there.  engineers:
 * the row is the Engineers'.  The row is rewritten in place (cap bytes).
 */
void
tm_site_rewrite(char *row, size_t cap, int engineers)
{
	char *r = row, *w = row;

	while (*r != '\0') {
		if (isspace((unsigned char)*r)) {
			while (isspace((unsigned char)*r))
				r++;
			if (w != row && *r != '\0')
				*w++ = ' ';
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
	if (engineers) {
		(void)rewrite_once(row, cap, "-2w\\. ?bridge", "convert 2w to bridge. bridge");
		while (rewrite_once(row, cap, "convert 2 *w to 1?bridge", "action ACTE"))
			;
	}
	(void)rewrite_once(row, cap, " ?pass\\. ?\\+bon", "pass bon");
	(void)rewrite_once(row, cap, "^ ?\\+bon", "pass BON");
	(void)rewrite_once(row, cap, "(build " W "+)\\. (transform " W "+( to " W "+)?)",
	    "\\2. \\1");
	(void)rewrite_once(row, cap, " ?(pass " W "+)\\. (convert ([0-9]+ *)?" W "+ to "
	    "([0-9]+ *)?" W "+)", "\\2. \\1");
	(void)rewrite_once(row, cap, "(dig " W "). (action " W "+)", "\\2. \\1");
}

#undef W
