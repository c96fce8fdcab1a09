/*
 * tlines.c - Terra Mystica: which line of a mail is a command (the
 * is_command hook).  A command may carry the faction prefix of the site's
 * logs ("witches: build E7"); "+FIRE", "+TW3", "+FAV5" and "-SPADE" take
 * what is owed or give it up.
 */
#include <string.h>

#include "../notation.h"
#include "terra.h"

static const char *const verbs[] = {
	"setup", "build", "upgrade", "transform", "dig", "send", "action", "convert",
	"burn", "advance", "leech", "decline", "pass", "connect", "bridge", "done",
	"wait", "resign", "drop-faction", NULL,
};

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
	if ((p[0] == '+' || p[0] == '-') &&
	    ((p[1] >= 'A' && p[1] <= 'Z') || (p[1] >= 'a' && p[1] <= 'z')))
		return 1;
	return line_starts_with_verb(p, verbs);
}
