/*
 * board.c - Tigris & Euphrates board data, geometry, names and regions.
 *
 * The two boards are embedded from shared/boards/tigris-*.txt: '.' land,
 * '~' river, 'T' starting temple with a treasure, 'C' (standard) and 'O'
 * (alternative) starting temples whose treasure must be taken first.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tigris.h"
#include "../notation.h"

static const char *const boards[2][TG_ROWS] = {
	{
		"....~~~~~.T.~...",
		".C..~.......~..C",
		"...~~T......~~..",
		"~~~~.........~~~",
		".............T~~",
		"..............~.",
		"~~~~....T...~~~.",
		".C.~~~~.....~...",
		"......~~~~~~~.C.",
		".....T..........",
		"..........T.....",
	},
	{
		"..~~T....T.....~",
		"..~~..........T~",
		".O~~...........~",
		"..~...T....T~~~~",
		"..~.........~...",
		"..~T........~..O",
		"..~~........~~..",
		"O..~~~.T....T~..",
		".....~~~.....~..",
		"....O.~~~~~~~~..",
		"......~..O....O.",
	},
};

static const char *const colour_names[TG_NCOL] = { "red", "blue", "green", "black" };
static const char *const leader_names[TG_NCOL] = { "priest", "farmer", "trader", "king" };
static const char *const tile_names[TG_NCOL] = { "temple", "farm", "market", "settlement" };
static const char colour_letters[TG_NCOL] = { 'r', 'b', 'g', 'k' };

/* The board character at a square. */
static char
board_char(int board, int sq)
{
	return boards[board][sq / TG_COLS][sq % TG_COLS];
}

/* Whether a square of this game's board is river. */
int
tg_river(const struct tigris *st, int sq)
{
	return board_char(st->board, sq) == '~';
}

/* Whether a square holds a corner (outer) treasure's temple. */
int
tg_corner(const struct tigris *st, int sq)
{
	char c = board_char(st->board, sq);

	return c == 'C' || c == 'O';
}

/* Whether a square of a board starts with a temple and a treasure. */
int
tg_start_temple(int board, int sq)
{
	char c = board_char(board, sq);

	return c == 'T' || c == 'C' || c == 'O';
}

/* Fill out[] with the orthogonal neighbours of sq; returns how many. */
int
tg_neighbours(int sq, int out[4])
{
	int r = sq / TG_COLS, c = sq % TG_COLS, n = 0;

	if (r > 0)
		out[n++] = sq - TG_COLS;
	if (r < TG_ROWS - 1)
		out[n++] = sq + TG_COLS;
	if (c > 0)
		out[n++] = sq - 1;
	if (c < TG_COLS - 1)
		out[n++] = sq + 1;
	return n;
}

/* Write the name of a square ("A1".."P11") into buf. */
void
tg_square_name(int sq, char buf[4])
{
	int r = sq / TG_COLS + 1;

	buf[0] = (char)('A' + sq % TG_COLS);
	if (r >= 10) {
		buf[1] = '1';
		buf[2] = (char)('0' + r - 10);
		buf[3] = '\0';
	} else {
		buf[1] = (char)('0' + r);
		buf[2] = '\0';
	}
}

/* Parse a square name (case-insensitive); -1 when it is not one. */
int
tg_parse_square(const char *w)
{
	int col, row = 0;
	const char *p;

	if (w[0] == '\0')
		return -1;
	col = tolower((unsigned char)w[0]) - 'a';
	if (col < 0 || col >= TG_COLS)
		return -1;
	p = w + 1;
	if (*p == '\0' || *p == '0' || strlen(p) > 2)
		return -1;
	for (; *p != '\0'; p++) {
		if (!isdigit((unsigned char)*p))
			return -1;
		row = row * 10 + (*p - '0');
	}
	if (row < 1 || row > TG_ROWS)
		return -1;
	return (row - 1) * TG_COLS + col;
}

/*
 * Echo a word the user meant as a square the way squares are written:
 * "p12" becomes "P12" (a letter and digits), anything else stays as it is.
 */
void
tg_echo_square(const char *w, char *buf, size_t len)
{
	const char *p;

	snprintf(buf, len, "%s", w);
	utf8_trim_partial(buf);	/* cut short in whole characters (found by fuzz/inmail) */
	if (!isalpha((unsigned char)w[0]) || w[1] == '\0')
		return;
	for (p = w + 1; *p != '\0'; p++)
		if (!isdigit((unsigned char)*p))
			return;
	buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* Parse a colour given as colour, tile, leader name or letter; -1 if none. */
int
tg_parse_colour(const char *w)
{
	static const char *const alias[TG_NCOL][3] = {
		{ "red", "temple", "priest" },
		{ "blue", "farm", "farmer" },
		{ "green", "market", "trader" },
		{ "black", "settlement", "king" },
	};
	int c, k;

	for (c = 0; c < TG_NCOL; c++) {
		if (w[0] == colour_letters[c] && w[1] == '\0')
			return c;
		for (k = 0; k < 3; k++)
			if (strcmp(w, alias[c][k]) == 0)
				return c;
	}
	return -1;
}

/* The colour's name ("red"). */
const char *
tg_colour_name(int c)
{
	return colour_names[c];
}

/* The leader's name for a colour ("priest"). */
const char *
tg_leader_name(int c)
{
	return leader_names[c];
}

/* The tile's name for a colour ("temple"). */
const char *
tg_tile_name(int c)
{
	return tile_names[c];
}

/* The colour's one-letter code ('r', 'b', 'g', 'k'). */
char
tg_colour_letter(int c)
{
	return colour_letters[c];
}

/* Whether a square holds a tile (face up or under a monument) or a leader. */
int
tg_occupied(const struct tigris *st, int sq)
{
	return st->cell[sq].tile != 0 || st->cell[sq].leader != 0;
}

/* Whether sq holds a face-up tile of colour (any colour when colour < 0). */
int
tg_face_up(const struct tigris *st, int sq, int colour)
{
	const struct tg_cell *c = &st->cell[sq];

	if (c->tile == 0 || c->monument != 0)
		return 0;
	return colour < 0 || c->tile == colour + 1;
}

/* How many face-up temples touch sq. */
int
tg_adjacent_temples(const struct tigris *st, int sq)
{
	int nb[4], n, i, count = 0;

	n = tg_neighbours(sq, nb);
	for (i = 0; i < n; i++)
		if (tg_face_up(st, nb[i], TG_RED))
			count++;
	return count;
}

/*
 * Label connected groups of occupied squares (regions) and count their
 * leaders.  A square given as blocked (>= 0) is treated as empty: used to
 * split a united kingdom at the unification tile.
 */
void
tg_label(const struct tigris *st, int blocked, struct tg_regions *rg)
{
	int16_t stack[TG_CELLS];
	int sq, top, nb[4], n, i;

	rg->n = 0;
	for (sq = 0; sq < TG_CELLS; sq++)
		rg->label[sq] = -1;
	for (sq = 0; sq < TG_CELLS; sq++) {
		if (rg->label[sq] >= 0 || sq == blocked || !tg_occupied(st, sq))
			continue;
		top = 0;
		stack[top++] = (int16_t)sq;
		rg->label[sq] = (int16_t)rg->n;
		rg->leaders[rg->n] = 0;
		while (top > 0) {
			int cur = stack[--top];

			if (st->cell[cur].leader != 0)
				rg->leaders[rg->n]++;

			n = tg_neighbours(cur, nb);
			for (i = 0; i < n; i++) {
				if (rg->label[nb[i]] >= 0 || nb[i] == blocked ||
				    !tg_occupied(st, nb[i]))
					continue;
				rg->label[nb[i]] = (int16_t)rg->n;
				stack[top++] = (int16_t)nb[i];
			}
		}
		rg->n++;
	}
}

/*
 * The square of the leader of a colour in a region, or -1.  When a region
 * holds two (during a conflict), the one of the lowest seat is returned.
 */
int
tg_kingdom_leader(const struct tigris *st, const struct tg_regions *rg,
    int region, int colour)
{
	int s;

	for (s = 0; s < st->nseats; s++) {
		int sq = st->seat[s].leader[colour];

		if (sq >= 0 && rg->label[sq] == region)
			return sq;
	}
	return -1;
}
