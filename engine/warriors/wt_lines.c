/*
 * wt_lines.c - Warriors & Traders: which line of a mail is an order (the
 * is_command hook): its first word is one of the notation's verbs; and
 * the notation's other words, for telling a misspelt order from prose.
 */
#include "../notation.h"
#include "wt.h"

const char *const wt_verbs[] = {
	"tracks", "deal", "trade", "buy", "develop", "build", "upgrade", "declare",
	"move", "damage", "defend", "retreat", "rout", "peace", "feed", "shift",
	"unify", "special", "country", "open", "princess", "pass", "done", "resign",
	NULL,
};

int
wt_is_command(const char *line)
{
	return line_starts_with_verb(line, wt_verbs);
}

/* notation_word(): a province, a country, a unit, a resource, a track or a
 * keyword of the orders ("give", "get", "for", "war", "route" ...). */
int
wt_notation_word(const char *w)
{
	static const char *const keys[] = { "give", "get", "for", "to", "war", "auto", "vp",
	    "route", "close", "ask", "choose", "default", "defence", "none", "random",
	    "teams", "countries", NULL };
	int i;

	for (i = 0; keys[i] != NULL; i++)
		if (word_eq(w, keys[i]))
			return 1;
	for (i = 0; i < WT_NCTY; i++)
		if (word_eq(w, wt_countries[i].code) || word_eq(w, wt_countries[i].name))
			return 1;
	return wt_find_prov(w) >= 0 || wt_find_kind(w) >= 0 || wt_find_res(w) >= 0 ||
	    wt_find_track(w) >= 0;
}
