/*
 * registry.c - the table of games.  Adding a game is one line here and one
 * folder under engine/; nothing else in the program names a game.
 */
#include <string.h>

#include "game.h"

extern const struct game_rules tigris_rules;

static const struct game_rules *const games[] = {
	&tigris_rules,
	NULL,
};

const struct game_rules *const *
game_all(void)
{
	return games;
}

const struct game_rules *
game_find(const char *name)
{
	int i;

	for (i = 0; games[i] != NULL; i++)
		if (strcmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
}
