/*
 * fallback.c - a seat's default submission built from its legal moves, for
 * the engines whose timeout_move is "the least the rules let it do".
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "notation.h"

/* Steps a default may take (declines before the decision, then one). */
enum { MAX_STEPS = 32 };

/* 1 when line's first word is word. */
static int
first_word_is(const char *line, size_t n, const char *word)
{
	size_t w = strlen(word);

	return n >= w && strncmp(line, word, w) == 0 && (n == w || line[w] == ' ');
}

/* Choose the line of list to play: the first starting with the earliest
 * word of prefer, else the first line.  Its start and length, or 0. */
static size_t
choose(const char *list, const char *const *prefer, const char **line)
{
	const char *p;
	size_t n;
	int k;

	for (k = 0; prefer != NULL && prefer[k] != NULL; k++)
		for (p = list; *p != '\0'; p += n + (p[n] == '\n')) {
			n = strcspn(p, "\n");
			if (first_word_is(p, n, prefer[k])) {
				*line = p;
				return n;
			}
		}
	*line = list;
	return strcspn(list, "\n");
}

int
game_default_move(const struct game_rules *r, const void *st, int seat,
    const char *repeat, const char *const *prefer, struct sbuf *out)
{
	void *copy;
	int step, rc = -1;

	if (seat < 0 || (copy = malloc(r->state_size)) == NULL)
		return -1;
	memcpy(copy, st, r->state_size);
	for (step = 0; step < MAX_STEPS; step++) {
		struct game_wait w;
		struct game_played pl;
		struct sbuf list = SBUF_INIT;
		char err[GAME_WHY_LEN], *cmd;
		const char *line;
		size_t n;
		int again;

		memset(&w, 0, sizeof(w));
		if (r->over(copy))
			break;
		r->waiting(copy, &w);
		if (!(w.mask & (1u << seat)))
			break;
		r->moves(copy, seat, &list);
		n = list.oom ? 0 : choose(sb_str(&list), prefer, &line);
		if (n == 0 || (cmd = malloc(n + 1)) == NULL) {
			sb_free(&list);
			rc = -1;
			break;
		}
		memcpy(cmd, line, n);
		cmd[n] = '\0';
		sb_free(&list);
		memset(&pl, 0, sizeof(pl));
		if (r->play(copy, seat, cmd, &pl, err, sizeof(err)) != GAME_OK) {
			free(cmd);
			rc = -1;
			break;
		}
		sb_printf(out, "%s\n", cmd);
		again = repeat != NULL && first_word_is(cmd, n, repeat);
		free(cmd);
		rc = 0;
		if (!again)
			break;
	}
	free(copy);
	return rc;
}
