/* positions.c - self-play positions and the engine checks the game targets share; see fuzz.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../app/app.h"
#include "../engine/notation.h"
#include "../tests/selfplay.h"

const char *const fuzz_names[GAME_MAX_SEATS] = {
	"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
};

void
fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz: broken promise: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

char *
fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		fuzz_fail("out of memory");
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Seeds per game; each plays a whole game (or up to MAX_COMMANDS). */
enum { SEEDS = 6, MAX_COMMANDS = 20000, MAX_POS = 512 };

struct cache {
	const struct game_rules *r;
	struct fuzz_pos pos[MAX_POS];
	int n;
};
static struct cache caches[4];
/* The game being played by the hook (selfplay hooks take no argument). */
static struct cache *cur;
static int cur_nseats;
static long cur_count;

static void
keep(const void *st)
{
	struct fuzz_pos *p;

	if (cur->n == MAX_POS)
		return;
	p = &cur->pos[cur->n];
	if ((p->state = malloc(cur->r->state_size)) == NULL)
		fuzz_fail("out of memory");
	memcpy(p->state, st, cur->r->state_size);
	p->nseats = cur_nseats;
	cur->n++;
}

/* Keep the state after 1, 2, 4, 8, ... commands, every 150th and the last. */
static int
hook(const void *st, char *err, size_t errlen)
{
	long c = ++cur_count;

	(void)err;
	(void)errlen;
	if ((c & (c - 1)) == 0 || c % 150 == 0 || cur->r->over(st))
		keep(st);
	return 0;
}

const struct fuzz_pos *
fuzz_positions(const struct game_rules *r, int *n)
{
	struct selfplay_result res;
	char err[512];
	int i, k;

	for (i = 0; i < 4 && caches[i].r != NULL && caches[i].r != r; i++)
		;
	if (i == 4)
		fuzz_fail("too many games");
	cur = &caches[i];
	if (cur->r == NULL) {
		cur->r = r;
		for (k = 0; k < SEEDS; k++) {
			uint8_t seed[GAME_SEED_LEN];
			void *st = calloc(1, r->state_size);

			cur_nseats = r->min_seats + k % (r->max_seats - r->min_seats + 1);
			cur_count = 0;
			memset(seed, k + 1, sizeof(seed));
			if (st == NULL)
				fuzz_fail("out of memory");
			if (r->setup(st, cur_nseats, NULL, 0, seed, err, sizeof(err)) == 0)
				keep(st);
			free(st);
			/* A game that fails self-play still leaves its positions. */
			(void)selfplay_game(r, cur_nseats, NULL, 0, (uint64_t)k * 7919 + 5,
			    MAX_COMMANDS, 0, hook, &res, err, sizeof(err));
		}
		if (cur->n == 0)
			fuzz_fail("%s: no position from self-play", r->name);
	}
	*n = cur->n;
	return cur->pos;
}

/* A reason must be one non-empty line. */
static void
one_line(const struct game_rules *r, const char *what, const char *err)
{
	if (err[0] == '\0' || strchr(err, '\n') != NULL)
		fuzz_fail("%s: %s gave the reason \"%s\", not one line", r->name, what, err);
}

void
fuzz_exercise(const struct game_rules *r, const void *st, int nseats)
{
	struct sbuf b = SBUF_INIT;
	struct game_wait w;
	struct game_score sc;
	char err[512];
	int v;

	if (r->check(st, err, sizeof(err)) != 0)
		fuzz_fail("%s: check() refuses the state: %s", r->name, err);
	memset(&w, 0, sizeof(w));
	r->waiting(st, &w);
	if ((w.mask >> nseats) != 0)
		fuzz_fail("%s: waits for seat mask %#x with %d seats", r->name, w.mask, nseats);
	for (v = -1; v < nseats; v++) {
		json_t *j;

		sb_reset(&b);
		r->render_text(st, v, fuzz_names, &b);
		if (b.oom)
			fuzz_fail("out of memory");
		j = r->render_json(st, v, fuzz_names);
		if (j == NULL)
			fuzz_fail("%s: render_json gave nothing for viewer %d", r->name, v);
		json_decref(j);
		memset(&sc, 0, sizeof(sc));
		r->score(st, v, &sc);
		if (v < 0)
			continue;
		sb_reset(&b);
		r->moves(st, v, &b);
		if (!r->over(st) && (w.mask & (1u << v)) && b.len == 0)
			fuzz_fail("%s: seat %d is awaited but has no legal move", r->name, v);
		sb_reset(&b);
		if (r->timeout_move != NULL)
			(void)r->timeout_move(st, v, &b);
	}
	sb_free(&b);
}

enum game_status
fuzz_play(const struct game_rules *r, const void *st, int nseats, int seat,
    const char *text)
{
	struct game_played pl;
	struct sbuf pub = SBUF_INIT;
	char err[512], err2[512];
	void *a = malloc(r->state_size), *b = malloc(r->state_size);
	enum game_status rc, rc2;

	if (a == NULL || b == NULL)
		fuzz_fail("out of memory");
	memcpy(a, st, r->state_size);
	memcpy(b, st, r->state_size);
	err[0] = err2[0] = '\0';
	rc = r->play(a, seat, text, &pl, err, sizeof(err));
	rc2 = r->play(b, seat, text, &pl, err2, sizeof(err2));
	if (rc != rc2 || strcmp(err, err2) != 0)
		fuzz_fail("%s: the same submission played twice gave %d \"%s\" and %d \"%s\"",
		    r->name, rc, err, rc2, err2);
	if (rc != GAME_OK) {
		char why[300];

		one_line(r, "play()", err);
		/* A reason may end cut short (the application trims that), never broken inside. */
		utf8_trim_partial(err);
		if (text_check(text, strlen(text), why, sizeof(why)) == 0 &&
		    text_check(err, strlen(err), why, sizeof(why)) != 0)
			fuzz_fail("%s: the reason \"%s\" is not valid UTF-8: %s", r->name, err,
			    why);
	} else {
		if (memcmp(a, b, r->state_size) != 0)
			fuzz_fail("%s: the same submission played twice gave different states",
			    r->name);
		if (r->public_text != NULL && seat >= 0) {
			r->public_text(st, seat, text, &pub);
			if (pub.oom)
				fuzz_fail("out of memory");
		}
		fuzz_exercise(r, a, nseats);
	}
	sb_free(&pub);
	free(a);
	free(b);
	return rc;
}
