/*
 * hooks.c - Tigris & Euphrates: the engine duties around play() - the
 * public form of a submission, the default submission of a seat whose
 * deadline passed, and the resampling of hidden information.
 *
 * What is hidden in this game: each hand (its size is public, its colours
 * are not), the colours of the tiles a swap discards (they go face down),
 * and the order of the bag.  Everything else is public, the scores
 * included: under hidden scoring the players keep their points behind
 * their screens, but every point is won in the open (a tile placed next
 * to a leader, a conflict, a monument at the end of a turn, a treasure),
 * so each total follows from the public log.  Resampling therefore never
 * touches points or treasures.
 */
#include <stdio.h>
#include <string.h>

#include "../notation.h"
#include "tigris.h"

/* Tiles named by a swap's words ("r r b", "rrb", "red blue"); -1 if unreadable. */
static int
swap_count(char **w, int nw)
{
	int i, n = 0;
	const char *p;

	for (i = 0; i < nw; i++) {
		if (tg_parse_colour(w[i]) >= 0) {
			n++;
			continue;
		}
		for (p = w[i]; *p != '\0'; p++) {
			char one[2] = { *p, '\0' };

			if (tg_parse_colour(one) < 0)
				return -1;
			n++;
		}
	}
	return n;
}

/*
 * game_rules.public_text: the submission as every other seat may read it.
 * Comments go, each command gets a line of its own in normalized words
 * (squares in capitals), and a swap says only how many tiles it discarded:
 * `swap r r b` is `swap 3`.  No other command reveals a hand: support
 * tiles are laid face up, and the rest are moves on the board.
 */
void
tg_public_text(const void *before, int seat, const char *text, struct sbuf *out)
{
	struct cmdlist cl;
	char *w[CMD_MAX_WORDS], echo[16];
	int i, k, nw, n;

	(void)before;
	(void)seat;
	if (cmd_split(text, ";", &cl) != 0)
		return;
	for (i = 0; i < cl.n; i++) {
		nw = cmd_words(cl.cmd[i], w, CMD_MAX_WORDS);
		if (nw <= 0 || nw > CMD_MAX_WORDS)
			continue;
		if (strcmp(w[0], "swap") == 0) {
			n = swap_count(w + 1, nw - 1);
			if (n >= 0)
				sb_printf(out, "swap %d\n", n);
			else
				sb_puts(out, "swap\n");
			continue;
		}
		for (k = 0; k < nw; k++) {
			if (k > 0)
				sb_putc(out, ' ');
			tg_echo_square(w[k], echo, sizeof(echo));
			sb_puts(out, tg_parse_square(w[k]) >= 0 ? echo : w[k]);
		}
		sb_putc(out, '\n');
	}
	cmd_free(&cl);
}

/*
 * game_rules.timeout_move: what a seat that let its deadline pass does.
 * Its action: pass (the rest of the turn).  A decision: the least it
 * commits - support 0, no monument, no building; the first war in colour
 * order; and for treasures, which it must take, the first choice listed
 * (corner treasures, then the others in board order).
 */
int
tg_timeout_move(const void *state, int seat, struct sbuf *out)
{
	const struct tigris *st = state;
	struct sbuf list = SBUF_INIT;
	const char *nl;
	int c, mask;

	if (seat < 0 || seat >= st->nseats || !tg_awaited(st, seat))
		return -1;
	switch (st->phase) {
	case TG_PH_ACTION:
		sb_puts(out, "pass\n");
		return 0;
	case TG_PH_SUPPORT:
		sb_puts(out, "support 0\n");
		return 0;
	case TG_PH_CONFLICT:
		mask = tg_war_colours(st);
		for (c = 0; c < TG_NCOL - 1 && !(mask & (1 << c)); c++)
			;
		sb_printf(out, "conflict %s\n", tg_colour_name(c));
		return 0;
	case TG_PH_MONUMENT:
		sb_puts(out, "monument none\n");
		return 0;
	case TG_PH_BUILDING:
		sb_puts(out, "building none\n");
		return 0;
	case TG_PH_TREASURE:
		tg_moves(st, seat, &list);
		nl = strchr(sb_str(&list), '\n');
		if (nl == NULL || list.oom) {
			sb_free(&list);
			return -1;
		}
		sb_putn(out, sb_str(&list), (size_t)(nl - sb_str(&list)) + 1);
		sb_free(&list);
		return 0;
	default:
		return -1;
	}
}

/*
 * game_rules.resample.  A seat's hand: as many tiles drawn at random from
 * that hand and the bag together, the rest going back to the bag - what
 * the hand could be for anyone else, who sees only its size.  owner -1:
 * the bag's order, which is the game generator's state.
 */
int
tg_resample(void *state, int owner, uint64_t salt)
{
	struct tigris *st = state;
	struct rng r;
	int pool[TG_NCOL], hand[TG_NCOL] = { 0 }, c, n, i, total = 0;
	uint32_t k;

	if (owner == -1) {
		if (st->phase == TG_PH_OVER || tg_bag_size(st) == 0)
			return 0;
		rng_seed_salt(&r, salt, owner, 0x7e);
		for (i = 0; i < 4; i++)
			st->rng.s[i] ^= rng_next(&r);
		if ((st->rng.s[0] | st->rng.s[1] | st->rng.s[2] | st->rng.s[3]) == 0)
			st->rng.s[0] = 1;
		return 1;
	}
	if (owner < 0 || owner >= st->nseats || (n = tg_hand_size(st, owner)) == 0)
		return 0;
	for (c = 0; c < TG_NCOL; c++) {
		pool[c] = st->seat[owner].hand[c] + st->bag[c];
		total += pool[c];
	}
	rng_seed_salt(&r, salt, owner, 0x7e);
	for (i = 0; i < n; i++) {
		k = rng_below(&r, (uint32_t)(total - i));
		for (c = 0; k >= (uint32_t)pool[c]; c++)
			k -= (uint32_t)pool[c];
		pool[c]--;
		hand[c]++;
	}
	for (c = 0; c < TG_NCOL; c++) {
		st->seat[owner].hand[c] = (uint8_t)hand[c];
		st->bag[c] = (uint8_t)pool[c];
	}
	return 1;
}
