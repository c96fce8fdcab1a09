/* selfplay.c - random self-play harness; see selfplay.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfplay.h"
#include "../engine/rng.h"

struct logent {
	int seat;
	char *text;
};

static void
expand_seed(uint64_t seed64, uint8_t seed[GAME_SEED_LEN])
{
	uint8_t s8[32] = { 0 };
	struct rng r;
	int i;

	memcpy(s8, &seed64, sizeof(seed64));
	rng_seed(&r, s8);
	for (i = 0; i < GAME_SEED_LEN; i++)
		seed[i] = (uint8_t)rng_next(&r);
}

/* Split moves() output into lines in place; returns the count. */
static int
split_lines(char *s, char ***lines)
{
	int n = 0, cap = 0;
	char *p = s, *nl;

	*lines = NULL;
	while (*p != '\0') {
		nl = strchr(p, '\n');
		if (nl != NULL)
			*nl = '\0';
		if (*p != '\0') {
			if (n == cap) {
				char **l;

				cap = cap ? cap * 2 : 64;
				l = realloc(*lines, sizeof(*l) * (size_t)cap);
				if (l == NULL)
					return -1;
				*lines = l;
			}
			(*lines)[n++] = p;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return n;
}

static int
probe_all(const struct game_rules *r, const void *st, int seat, char **lines,
    int n, void *tmp, char *err, size_t errlen)
{
	struct game_played pl;
	char e[512];
	int i;

	for (i = 0; i < n; i++) {
		memcpy(tmp, st, r->state_size);
		if (r->play(tmp, seat, lines[i], &pl, e, sizeof(e)) != GAME_OK) {
			snprintf(err, errlen, "listed move '%s' for seat %d rejected: %s",
			    lines[i], seat, e);
			return -1;
		}
	}
	return 0;
}

int
selfplay_game(const struct game_rules *r, int nseats,
    const struct game_opt *opts, int nopts, uint64_t seed64,
    long max_commands, int probe_every, selfplay_hook hook,
    struct selfplay_result *res, char *err, size_t errlen)
{
	uint8_t seed[GAME_SEED_LEN];
	struct rng pick;
	struct logent *log = NULL;
	long nlog = 0, caplog = 0, i;
	void *st, *tmp, *replay;
	struct sbuf mv = SBUF_INIT;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	expand_seed(seed64, seed);
	rng_seed(&pick, seed);
	rng_next(&pick);	/* decorrelate move choice from the game's own draws */
	st = calloc(1, r->state_size);
	tmp = calloc(1, r->state_size);
	replay = calloc(1, r->state_size);
	if (st == NULL || tmp == NULL || replay == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (r->setup(st, nseats, opts, nopts, seed, err, errlen) != 0)
		goto out;
	while (!r->over(st)) {
		struct game_wait w;
		struct game_played pl;
		int seats[GAME_MAX_SEATS], ns = 0, seat, n, k;
		char **lines = NULL, *text;

		if (res->commands >= max_commands) {
			snprintf(err, errlen, "no end after %ld commands", max_commands);
			goto out;
		}
		r->waiting(st, &w);
		for (k = 0; k < nseats; k++)
			if (w.mask & (1u << k))
				seats[ns++] = k;
		if (ns == 0) {
			snprintf(err, errlen, "game not over but waits for nobody");
			goto out;
		}
		seat = seats[rng_below(&pick, (uint32_t)ns)];
		sb_reset(&mv);
		r->moves(st, seat, &mv);
		n = split_lines(mv.s != NULL ? mv.s : (char *)"", &lines);
		if (n <= 0) {
			free(lines);
			snprintf(err, errlen, "seat %d awaited but has no legal move", seat);
			goto out;
		}
		if (probe_every > 0 && res->commands % probe_every == 0 &&
		    probe_all(r, st, seat, lines, n, tmp, err, errlen) != 0) {
			free(lines);
			goto out;
		}
		text = lines[rng_below(&pick, (uint32_t)n)];
		if (r->play(st, seat, text, &pl, err, errlen) != GAME_OK) {
			char e2[512];

			snprintf(e2, sizeof(e2), "listed move '%s' rejected: %s", text, err);
			snprintf(err, errlen, "%s", e2);
			free(lines);
			goto out;
		}
		if (nlog == caplog) {
			struct logent *l;

			caplog = caplog ? caplog * 2 : 256;
			l = realloc(log, sizeof(*l) * (size_t)caplog);
			if (l == NULL) {
				free(lines);
				snprintf(err, errlen, "out of memory");
				goto out;
			}
			log = l;
		}
		log[nlog].seat = seat;
		log[nlog].text = strdup(text);
		free(lines);
		if (log[nlog++].text == NULL) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		res->commands++;
		if (r->check(st, err, errlen) != 0)
			goto out;
		if (hook != NULL && hook(st, err, errlen) != 0)
			goto out;
	}
	res->finished = 1;

	/* verify: replay the log from the seed and compare the bytes. */
	if (r->setup(replay, nseats, opts, nopts, seed, err, errlen) != 0)
		goto out;
	for (i = 0; i < nlog; i++) {
		struct game_played pl;

		if (r->play(replay, log[i].seat, log[i].text, &pl, err, errlen) != GAME_OK) {
			char e2[512];

			snprintf(e2, sizeof(e2), "replay of command %ld failed: %s", i, err);
			snprintf(err, errlen, "%s", e2);
			goto out;
		}
	}
	if (memcmp(replay, st, r->state_size) != 0) {
		snprintf(err, errlen, "replayed state differs from played state");
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < nlog; i++)
		free(log[i].text);
	free(log);
	sb_free(&mv);
	free(st);
	free(tmp);
	free(replay);
	return rc;
}
