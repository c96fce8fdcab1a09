/*
 * registry.c - the table of games.  The Makefile's GAMES variable names the
 * games built in (each a folder under engine/ exporting NAME_rules), and
 * passes them here as ARBITER_GAMES = "GAME(tigris) GAME(terra) ...";
 * nothing else in the program names a game.
 */
#include <string.h>

#include "game.h"

#ifndef ARBITER_GAMES
#define ARBITER_GAMES GAME(tigris)
#endif

#define GAME(g) extern const struct game_rules g##_rules;
ARBITER_GAMES
#undef GAME

#define GAME(g) &g##_rules,
static const struct game_rules *const games[] = {
	ARBITER_GAMES
	NULL,
};
#undef GAME

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
