/*
 * picture.c - benchmark: the time to draw one game's board picture, built
 * without sanitizers (make bench).  Positions come from a seeded self-play
 * game, 24 of them from its start to its end; each view is made before the
 * clock starts, so only picture_draw is timed.  The first picture, which
 * also loads cairo and its fonts, is timed apart from the rest.  Prints
 * "GAME FIRST_MS MEDIAN_MS LARGEST_BYTES".  Usage: picture GAME [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../app/app.h"
#include "../app/picture/picture.h"
#include "../tests/selfplay.h"

enum { POSITIONS = 24, MAX_COMMANDS = 100000 };

static const char *const NAMES[GAME_MAX_SEATS] = { "ann", "ben", "cat", "dan" };
static const struct game_rules *R;
static json_t *views[POSITIONS];
static long every, commands;
static int nviews;

/* The public view of st, as `show --format json` makes it. */
static int
keep(const void *st, char *err, size_t errlen)
{
	struct loaded g;

	(void)err;
	(void)errlen;
	if (commands++ % every != 0 || nviews == POSITIONS)
		return 0;
	memset(&g, 0, sizeof(g));
	g.rules = R;
	g.state = (void *)st;
	g.seq = (int)commands;
	g.row.id = 1;
	snprintf(g.row.title, sizeof(g.row.title), "%s", R->title);
	memcpy(g.names, NAMES, sizeof(NAMES));
	views[nviews++] = report_json(&g, -1);
	return 0;
}

static double
ms_since(const struct timespec *a)
{
	struct timespec b;

	clock_gettime(CLOCK_MONOTONIC, &b);
	return (double)(b.tv_sec - a->tv_sec) * 1e3 + (double)(b.tv_nsec - a->tv_nsec) / 1e6;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	struct selfplay_result res;
	struct timespec t;
	struct sbuf png = SBUF_INIT;
	char err[512];
	double first, *ms;
	size_t largest = 0;
	int rounds = argc > 2 ? atoi(argv[2]) : 5, i, k, n = 0;

	if (argc < 2 || (R = game_find(argv[1])) == NULL || rounds <= 0) {
		fprintf(stderr, "usage: picture GAME [ROUNDS]\n");
		return 64;
	}
	/* A whole game first, to know its length; then its positions. */
	every = MAX_COMMANDS;
	if (selfplay_game(R, 3, NULL, 0, 17, MAX_COMMANDS, 0, keep, &res, err, sizeof(err)) != 0)
		goto failed;
	every = res.commands / POSITIONS + 1;
	commands = 0;
	nviews = 0;
	if (selfplay_game(R, 3, NULL, 0, 17, MAX_COMMANDS, 0, keep, &res, err, sizeof(err)) != 0)
		goto failed;
	clock_gettime(CLOCK_MONOTONIC, &t);
	if (picture_draw(views[0], PICTURE_PNG, &png, err, sizeof(err)) != 0)
		goto failed;
	first = ms_since(&t);
	if ((ms = calloc((size_t)(rounds * nviews), sizeof(*ms))) == NULL)
		return 70;
	for (k = 0; k < rounds; k++)
		for (i = 0; i < nviews; i++) {
			sb_reset(&png);
			clock_gettime(CLOCK_MONOTONIC, &t);
			if (picture_draw(views[i], PICTURE_PNG, &png, err, sizeof(err)) != 0)
				goto failed;
			ms[n++] = ms_since(&t);
			if (png.len > largest)
				largest = png.len;
		}
	qsort(ms, (size_t)n, sizeof(*ms), by_value);
	printf("%s %.1f %.1f %zu\n", R->name, first, ms[n / 2], largest);
	for (i = 0; i < nviews; i++)
		json_decref(views[i]);
	free(ms);
	sb_free(&png);
	return 0;
failed:
	fprintf(stderr, "picture %s: %s\n", R->name, err);
	return 1;
}
