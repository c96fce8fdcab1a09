/*
 * recap.c - the recent log, for the part of each mail that says what
 * happened since the seat's last move (or since its last mail, in a
 * digest): the public form of each move, as recorded with it, or for an
 * older log without it, from a replay of the whole log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"

/* Moves read, and moves shown. */
enum { RECAP_SCAN = 400, RECAP_MAX = 24 };

static int
recap_add(struct recap *r, int seq, int seat, const char *shown)
{
	if (r->n == r->cap) {
		int cap = r->cap ? r->cap * 2 : 32;
		struct recap_move *m = realloc(r->m, sizeof(*m) * (size_t)cap);

		if (m == NULL)
			return -1;
		r->m = m;
		r->cap = cap;
	}
	r->m[r->n].seq = seq;
	r->m[r->n].seat = seat;
	if ((r->m[r->n].shown = strdup(shown)) == NULL)
		return -1;
	r->n++;
	return 0;
}

static int
recap_stored(const struct store_move *m, void *arg)
{
	struct recap *r = arg;

	/* An administrative move has no hidden part: its text is public. */
	if (m->shown == NULL && m->seat >= 0)
		r->missing = 1;
	return recap_add(r, m->seq, m->seat, m->shown != NULL ? m->shown : m->text) != 0;
}

struct recap_walk {
	struct recap *r;
	int from;
};

static int
recap_walked(const struct store_move *m, const char *shown, void *arg)
{
	struct recap_walk *w = arg;

	return m->seq < w->from ? 0 : recap_add(w->r, m->seq, m->seat, shown) != 0;
}

void
recap_free(struct recap *r)
{
	int i;

	for (i = 0; i < r->n; i++)
		free(r->m[i].shown);
	free(r->m);
	memset(r, 0, sizeof(*r));
}

int
recap_load(struct loaded *g, struct recap *r)
{
	int from = g->row.nmoves > RECAP_SCAN ? g->row.nmoves - RECAP_SCAN + 1 : 1;
	int rc, seq = g->seq;

	memset(r, 0, sizeof(*r));
	rc = store_moves_each(g->store, g->row.id, from, recap_stored, r);
	if (rc != STORE_OK || !r->missing || g->rules->public_text == NULL || g->row.over)
		return rc;
	/* A log recorded without public forms: the replay gives them. */
	{
		struct recap_walk w = { r, from };
		char err[256];

		recap_free(r);
		rc = game_log_walk(g, 0, recap_walked, &w, err, sizeof(err));
		g->seq = seq;
		if (rc != 0) {
			fprintf(stderr, "arbiter: %s\n", err[0] ? err : "cannot read the log");
			return STORE_ERROR;
		}
	}
	return STORE_OK;
}

void
recap_text(const struct config *cfg, const struct loaded *g, const struct recap *r, int seat,
    int from, struct sbuf *out)
{
	int i, first = 0, shown = 0, found = 0, count = 0;

	if (from <= 0) {
		/* After the seat's own last move; from the start when it has none. */
		for (i = r->n - 1; i >= 0 && !found; i--)
			if (r->m[i].seat == seat) {
				first = i + 1;
				found = 1;
			}
	} else {
		while (first < r->n && r->m[first].seq < from)
			first++;
		found = r->n == 0 || r->m[0].seq <= from;
	}
	for (i = first; i < r->n; i++)
		count += r->m[i].seat != seat;
	if (count > RECAP_MAX || (!found && r->n > 0 && r->m[0].seq > 1))
		sb_printf(out, "  (earlier moves: send \"log %lld\" to %s)\n", (long long)g->row.id,
		    cfg->reply_address);
	for (i = first; i < r->n; i++) {
		const char *p = r->m[i].shown;
		int k = r->m[i].seat;

		/* Not the seat's own moves: it knows them. */
		if (k == seat || count-- > RECAP_MAX)
			continue;
		sb_printf(out, "  %d %s: ", r->m[i].seq, k >= 0 && k < g->row.nseats ?
		    g->names[k] : "(admin)");
		/* One command per line in the public form: joined by "; ". */
		while (*p != '\0') {
			size_t n = strcspn(p, "\n");

			if (n > 0)
				sb_printf(out, "%s%.*s", shown++ ? "; " : "", (int)n, p);
			p += n;
			if (*p == '\n')
				p++;
		}
		sb_putc(out, '\n');
		shown = 0;
	}
}
