/*
 * selfplay.c - benchmark: random self-play games per second for one game,
 * built without sanitizers (make bench).  Usage: selfplay GAME N
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../engine/game.h"
#include "../tests/selfplay.h"

int
main(int argc, char **argv)
{
	const struct game_rules *r;
	struct selfplay_result res;
	struct timespec a, b;
	char err[512];
	long n, i, commands = 0;
	double secs;

	if (argc != 3 || (r = game_find(argv[1])) == NULL || (n = atol(argv[2])) <= 0) {
		fprintf(stderr, "usage: selfplay GAME N\n");
		return 64;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		int seats = r->min_seats + (int)(i % (r->max_seats - r->min_seats + 1));

		if (selfplay_game(r, seats, NULL, 0, (uint64_t)i + 1, 100000, 0, NULL, &res,
		    err, sizeof(err)) != 0) {
			fprintf(stderr, "game %ld: %s\n", i, err);
			return 1;
		}
		commands += res.commands;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
	printf("%s: %ld games (%ld commands, replay included) in %.2f s: %.1f games/s\n",
	    r->name, n, commands, secs, (double)n / secs);
	return 0;
}
