/*
 * wt_lines.c - Warriors & Traders: which line of a mail is an order (the
 * is_command hook): its first word is one of the notation's verbs.
 */
#include "../notation.h"
#include "wt.h"

static const char *const verbs[] = {
	"tracks", "deal", "trade", "buy", "develop", "build", "upgrade", "declare",
	"move", "damage", "defend", "retreat", "rout", "peace", "feed", "shift",
	"unify", "special", "country", "open", "princess", "pass", "done", "resign",
	NULL,
};

int
wt_is_command(const char *line)
{
	return line_starts_with_verb(line, verbs);
}
