/*
 * replay.c - benchmark: how long one process takes to replay real games
 * from their logs, per game and in all, built without sanitizers (make
 * bench).  Each log goes through the engine's own import_log, a setup with
 * the log's options, and every submission in order; the database is not
 * involved.  Usage: replay GAME LOGFILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/game.h"

/* Read a whole file into a NUL-terminated buffer; NULL on failure. */
static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			char *p = realloc(buf, cap + 65536);

			if (p == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = p;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* Seconds between two monotonic readings. */
static double
elapsed(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/*
 * Import, set up and replay one log; prints its line and adds its time to
 * *total.  Returns 0 when every submission was accepted.
 */
static int
replay_one(const struct game_rules *r, const char *path, double *total, long *subs)
{
	struct game_import imp;
	struct game_played pl;
	struct timespec a, b;
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	char err[512], *text = slurp(path);
	void *st = calloc(1, r->state_size);
	int i, rc = -1;

	memset(&imp, 0, sizeof(imp));
	if (text == NULL || st == NULL) {
		fprintf(stderr, "%s: cannot read it\n", path);
		goto out;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	if (r->import_log(text, &imp, err, sizeof(err)) != 0 ||
	    r->setup(st, imp.nseats, imp.opts, imp.nopts, seed, err, sizeof(err)) != 0) {
		fprintf(stderr, "%s: %s\n", path, err);
		goto out;
	}
	for (i = 0; i < imp.nsubs; i++)
		if (r->play(st, imp.subs[i].seat, imp.subs[i].text, &pl, err,
		    sizeof(err)) != GAME_OK) {
			fprintf(stderr, "%s:%d: %s\n", path, imp.subs[i].line, err);
			goto out;
		}
	clock_gettime(CLOCK_MONOTONIC, &b);
	*total += elapsed(&a, &b);
	*subs += imp.nsubs;
	printf("  %-40s %4d submissions %7.2f ms\n", strrchr(path, '/') ? strrchr(path,
	    '/') + 1 : path, imp.nsubs, elapsed(&a, &b) * 1000);
	rc = 0;
out:
	game_import_free(&imp);
	free(text);
	free(st);
	return rc;
}

int
main(int argc, char **argv)
{
	const struct game_rules *r;
	double total = 0;
	long subs = 0;
	int i;

	if (argc < 3 || (r = game_find(argv[1])) == NULL || r->import_log == NULL) {
		fprintf(stderr, "usage: replay GAME LOGFILE... (a game that imports logs)\n");
		return 64;
	}
	for (i = 2; i < argc; i++)
		if (replay_one(r, argv[i], &total, &subs) != 0)
			return 1;
	printf("%s: %d real games (%ld submissions) replayed in one process in %.1f ms: "
	    "%.2f ms per game\n", r->name, argc - 2, subs, total * 1000,
	    total * 1000 / (argc - 2));
	return 0;
}
