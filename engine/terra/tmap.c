/*
 * tmap.c - the Terra Mystica map: its text format, the cells derived from
 * it, and the base map built into the program.
 *
 * A map is text (arbiter-terra(6), "MAP FILES"): comment lines starting
 * with '#', blank lines, and nine row lines A to I, each the row's letter
 * and then one letter per hex separated by spaces (Y U K B G S R, ~ for
 * river).  Rows A, C, E, G, I have 13 hexes and rows B, D, F, H 12, lying
 * half a hex to the right: the shape of every map of terra.snellman.net,
 * so every map has the same 113 cells and a game's state keeps its map in
 * the same place.  A valid map has 11 hexes of each of the seven terrains
 * (so 36 river hexes, as the base map) and its river hexes form one
 * connected region.
 *
 * From the terrains come the names (land hexes numbered within their row,
 * counting land only; river hexes r0, r1, ... in reading order), the
 * neighbours and the bridge spans, by the same geometry as the site's
 * engine, so a map the site knows gives the same names and the same legal
 * moves here.  The site names a map by the SHA-1 of its own text of the
 * map (colour names, x for river, E at the end of each row); the base
 * map's is tm_base_map_id.  The base map's text is data/terra/base.map,
 * built into the program (tools/embed.sh) and read by the same parser as
 * any other map, so every game exercises it.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"
#include "../notation.h"
#include "terra-maps.inc"

enum {
	ROWS = 9,
	COLS = 13,
	PER_TERRAIN = 11,
	LINE_MAX_BYTES = 256,
};

const char tm_base_map_id[TM_MAP_ID_LEN + 1] = "126fe960806d587c78546b30f1a90853b1ada468";

/* Hexes in a row: 13 in rows A, C, E, G, I, 12 in B, D, F, H. */
static int
row_len(int row)
{
	return row % 2 == 0 ? COLS : COLS - 1;
}

/* Cell index of (row, col), or -1 off the map. */
static int
cell_at(int index[ROWS][COLS], int row, int col)
{
	if (row < 0 || row >= ROWS || col < 0 || col >= row_len(row))
		return -1;
	return index[row][col];
}

/* Append cell n to a list of at most max, once. */
static void
list_add(int8_t *list, int8_t *len, int max, int n)
{
	int i;

	for (i = 0; i < *len; i++)
		if (list[i] == n)
			return;
	if (*len < max)
		list[(*len)++] = (int8_t)n;
}

/* Sort a cell list: river cells first, then land, each by index. */
static void
list_sort(const struct tm_cell *cells, int8_t *list, int len)
{
	int i, j;

	for (i = 1; i < len; i++)
		for (j = i; j > 0; j--) {
			int a = list[j - 1], b = list[j];
			int ka = (cells[a].color != TC_RIVER) * TM_NCELLS + a;
			int kb = (cells[b].color != TC_RIVER) * TM_NCELLS + b;
			int8_t t;

			if (ka <= kb)
				break;
			t = list[j - 1];
			list[j - 1] = list[j];
			list[j] = t;
		}
}

/* Is there a river cell next to both a and b? */
static int
share_river(const struct tm_cell *cells, int a, int b)
{
	int i, j;

	for (i = 0; i < cells[a].nadj; i++) {
		const struct tm_cell *r = &cells[(int)cells[a].adj[i]];

		if (r->color != TC_RIVER)
			continue;
		for (j = 0; j < r->nadj; j++)
			if (r->adj[j] == b)
				return 1;
	}
	return 0;
}

/* Record a bridge span between a and b when b is land sharing a river. */
static void
bridge_span(struct tm_cell *cells, int a, int b)
{
	if (b < 0 || cells[b].color == TC_RIVER || !share_river(cells, a, b))
		return;
	list_add(cells[a].br, &cells[a].nbr, 6, b);
	list_add(cells[b].br, &cells[b].nbr, 6, a);
}

static int
is_river(const struct tm_cell *cells, int c)
{
	return c >= 0 && cells[c].color == TC_RIVER;
}

/*
 * Derive every cell from a grid of terrains (enum tm_color), as the site
 * does: neighbours in the row and the two cells above and below (the
 * rows between shifted by half a hex), and a bridge from a land hex to the
 * hex two rows down when both cells between are river (or one is river
 * and the other off the map), or to the hex one row down and two along
 * when the cells beside and below on that side are river.
 */
static void
derive(int grid[ROWS][COLS], struct tm_cell cells[TM_NCELLS])
{
	int index[ROWS][COLS], row, col, n = 0, i;
	unsigned land, river = 0;

	memset(cells, 0, sizeof(struct tm_cell) * TM_NCELLS);
	for (row = 0; row < ROWS; row++) {
		land = 0;
		for (col = 0; col < row_len(row); col++) {
			struct tm_cell *c = &cells[n];

			c->row = (int8_t)row;
			c->col = (int8_t)col;
			c->color = (int8_t)grid[row][col];
			c->edge = (int8_t)(row == 0 || row == ROWS - 1 || col == 0 ||
			    col == row_len(row) - 1);
			if (c->color == TC_RIVER)
				snprintf(c->name, sizeof(c->name), "r%u", river++ % 100u);
			else
				snprintf(c->name, sizeof(c->name), "%c%u", (char)('A' + row % ROWS),
				    ++land % 100u);
			index[row][col] = n++;
		}
	}
	for (i = 0; i < TM_NCELLS; i++) {
		struct tm_cell *c = &cells[i];
		int r = c->row, k = c->col - (r % 2 == 0), nb[6], j;

		nb[0] = cell_at(index, r, c->col - 1);
		nb[1] = cell_at(index, r, c->col + 1);
		nb[2] = cell_at(index, r - 1, k);
		nb[3] = cell_at(index, r - 1, k + 1);
		nb[4] = cell_at(index, r + 1, k);
		nb[5] = cell_at(index, r + 1, k + 1);
		for (j = 0; j < 6; j++)
			if (nb[j] >= 0)
				list_add(c->adj, &c->nadj, 6, nb[j]);
		list_sort(cells, c->adj, c->nadj);
	}
	for (i = 0; i < TM_NCELLS; i++) {
		const struct tm_cell *c = &cells[i];
		int r = c->row, k = c->col - (r % 2 == 0);
		int sw = cell_at(index, r + 1, k), se = cell_at(index, r + 1, k + 1);

		if (c->color == TC_RIVER)
			continue;
		if ((is_river(cells, sw) && (se < 0 || is_river(cells, se))) ||
		    (sw < 0 && is_river(cells, se)))
			bridge_span(cells, i, cell_at(index, r + 2, c->col));
		if (is_river(cells, cell_at(index, r, c->col - 1)) && is_river(cells, sw))
			bridge_span(cells, i, cell_at(index, r + 1, k - 1));
		if (is_river(cells, cell_at(index, r, c->col + 1)) && is_river(cells, se))
			bridge_span(cells, i, cell_at(index, r + 1, k + 2));
	}
	for (i = 0; i < TM_NCELLS; i++) {
		int8_t *br = cells[i].br, t;
		int a, b;

		for (a = 1; a < cells[i].nbr; a++)
			for (b = a; b > 0 && br[b - 1] > br[b]; b--) {
				t = br[b - 1];
				br[b - 1] = br[b];
				br[b] = t;
			}
	}
}

/* The terrain of a map letter, or -1. */
static int
terrain_of(int ch)
{
	const char *letters = "YUKBGSR~", *p;

	if (ch == '\0' || (p = strchr(letters, ch)) == NULL)
		return -1;
	return (int)(p - letters);
}

static const char *const terrain_words[8] = {
	"desert (Y)", "plains (U)", "swamp (K)", "lakes (B)", "forest (G)",
	"mountains (S)", "wasteland (R)", "river (~)"
};

/*
 * Check the bytes of one line: printable ASCII, and in a comment UTF-8
 * text too; no control characters.  0, or -1 with err.
 */
static int
check_bytes(const char *p, size_t n, int lineno, int comment, char *err, size_t errlen)
{
	size_t i = 0, k;

	while (i < n) {
		unsigned char b = (unsigned char)p[i];

		if (b == '\r') {
			snprintf(err, errlen, "line %d: carriage return (byte 0x0d) at column "
			    "%zu: lines end with a line feed alone", lineno, i + 1);
			return -1;
		}
		if (b == '\t') {
			snprintf(err, errlen, "line %d: tab at column %zu: separate hexes "
			    "with spaces", lineno, i + 1);
			return -1;
		}
		if (b < 0x20 || b == 0x7f) {
			snprintf(err, errlen, "line %d: control byte 0x%02x at column %zu: "
			    "a map is text", lineno, b, i + 1);
			return -1;
		}
		if (b < 0x80) {
			i++;
			continue;
		}
		if ((k = utf8_seq((const unsigned char *)p + i, n - i)) == 0) {
			snprintf(err, errlen, "line %d: byte 0x%02x at column %zu is not "
			    "UTF-8", lineno, b, i + 1);
			return -1;
		}
		if (!comment) {
			snprintf(err, errlen, "line %d: non-ASCII character at column %zu: "
			    "only a comment (#) may hold one", lineno, i + 1);
			return -1;
		}
		i += k;
	}
	return 0;
}

/* Parse one row line (its bytes checked) into grid[*nrow]; 0 or -1 with err. */
static int
parse_row(const char *p, size_t n, int lineno, int *nrow, int grid[ROWS][COLS],
    char *err, size_t errlen)
{
	size_t i = 1;
	int row = *nrow, count = 0;

	if (p[0] < 'A' || p[0] > 'Z' || (n > 1 && p[1] != ' ')) {
		snprintf(err, errlen, "line %d: a row starts with its letter, A to I, and "
		    "a space, not '%.*s'", lineno, (int)(n < 8 ? n : 8), p);
		return -1;
	}
	if (row >= ROWS) {
		snprintf(err, errlen, "line %d: row %c after row I: a map has nine rows, A "
		    "to I", lineno, p[0]);
		return -1;
	}
	if (p[0] != 'A' + row) {
		snprintf(err, errlen, "line %d: row %c where row %c comes: the rows go A "
		    "to I, each once", lineno, p[0], 'A' + row);
		return -1;
	}
	for (;;) {
		size_t start;
		int t;

		while (i < n && p[i] == ' ')
			i++;
		if (i >= n)
			break;
		start = i;
		while (i < n && p[i] != ' ')
			i++;
		t = terrain_of(p[start]);
		if (i - start != 1 || t < 0) {
			snprintf(err, errlen, "line %d: row %c, hex %d: '%.*s' is not a "
			    "terrain (one of Y U K B G S R, or ~ for river, separated by "
			    "spaces)", lineno, 'A' + row, count + 1,
			    (int)(i - start < 16 ? i - start : 16), p + start);
			return -1;
		}
		if (count < COLS)
			grid[row][count] = t;
		count++;
	}
	if (count != row_len(row)) {
		snprintf(err, errlen, "line %d: row %c has %d hexes; rows A, C, E, G, I "
		    "have 13 and rows B, D, F, H have 12", lineno, 'A' + row, count);
		return -1;
	}
	(*nrow)++;
	return 0;
}

/* The whole-map rules: 11 hexes of each terrain, one connected river. */
static int
check_map(const struct tm_cell cells[TM_NCELLS], char *err, size_t errlen)
{
	int count[8] = { 0 }, seen[TM_NCELLS] = { 0 }, queue[TM_NCELLS];
	int qh = 0, qt = 0, i, j, first = -1;

	for (i = 0; i < TM_NCELLS; i++)
		count[(int)cells[i].color]++;
	for (i = 0; i < TC_RIVER; i++)
		if (count[i] != PER_TERRAIN) {
			snprintf(err, errlen, "the map has %d %s hexes: every terrain has "
			    "%d (and the river the other %d)", count[i], terrain_words[i],
			    PER_TERRAIN, TM_NCELLS - 7 * PER_TERRAIN);
			return -1;
		}
	for (i = 0; i < TM_NCELLS && first < 0; i++)
		if (cells[i].color == TC_RIVER)
			first = i;
	seen[first] = 1;
	queue[qt++] = first;
	while (qh < qt) {
		const struct tm_cell *c = &cells[queue[qh++]];

		for (j = 0; j < c->nadj; j++) {
			int n = c->adj[j];

			if (cells[n].color == TC_RIVER && !seen[n]) {
				seen[n] = 1;
				queue[qt++] = n;
			}
		}
	}
	for (i = 0; i < TM_NCELLS; i++)
		if (cells[i].color == TC_RIVER && !seen[i]) {
			snprintf(err, errlen, "the river is not one connected region: %s "
			    "(row %c, hex %d) cannot be reached from %s along the river",
			    cells[i].name, 'A' + cells[i].row, cells[i].col + 1,
			    cells[first].name);
			return -1;
		}
	return 0;
}

int
tm_map_parse(const char *text, size_t len, struct tm_cell cells[TM_NCELLS],
    char *err, size_t errlen)
{
	int grid[ROWS][COLS], nrow = 0, lineno = 0;
	size_t pos = 0;

	if (len > GAME_OPTION_FILE_MAX) {
		snprintf(err, errlen, "the map is %zu bytes; a map has at most %d",
		    len, GAME_OPTION_FILE_MAX);
		return -1;
	}
	memset(grid, 0, sizeof(grid));
	while (pos < len) {
		const char *p = text + pos, *nl = memchr(p, '\n', len - pos);
		size_t n = nl != NULL ? (size_t)(nl - p) : len - pos, h = 0;

		lineno++;
		pos += n + (nl != NULL);
		if (n > LINE_MAX_BYTES) {
			snprintf(err, errlen, "line %d: %zu bytes long; a line has at most "
			    "%d", lineno, n, LINE_MAX_BYTES);
			return -1;
		}
		while (h < n && p[h] == ' ')
			h++;
		if (check_bytes(p, n, lineno, h < n && p[h] == '#', err, errlen) != 0)
			return -1;
		if (h == n || p[h] == '#')
			continue;
		if (h > 0) {
			snprintf(err, errlen, "line %d: a row line starts with its letter in "
			    "the first column", lineno);
			return -1;
		}
		while (n > 0 && p[n - 1] == ' ')
			n--;
		if (parse_row(p, n, lineno, &nrow, grid, err, errlen) != 0)
			return -1;
	}
	if (nrow == 0) {
		snprintf(err, errlen, "line %d: the map ends before row A; it has nine "
		    "rows, A to I", lineno > 0 ? lineno : 1);
		return -1;
	}
	if (nrow < ROWS) {
		snprintf(err, errlen, "line %d: the map ends after row %c; it has nine "
		    "rows, A to I", lineno, 'A' + nrow - 1);
		return -1;
	}
	derive(grid, cells);
	return check_map(cells, err, errlen);
}

/* The base map, from the text built into the program. */
void
tm_map_base(struct tm_cell cells[TM_NCELLS])
{
	char err[160];
	int i;

	for (i = 0; terra_maps[i].name != NULL; i++)
		if (strcmp(terra_maps[i].name, "base.map") == 0)
			break;
	/* A build whose base map is missing or invalid is broken: it fails
	 * every test, so the program never leaves the tree so. */
	if (terra_maps[i].name == NULL ||
	    tm_map_parse(terra_maps[i].text, strlen(terra_maps[i].text), cells, err,
	    sizeof(err)) != 0)
		memset(cells, 0, sizeof(struct tm_cell) * TM_NCELLS);
}

/*
 * Is this the table derive() makes of its own terrains?  For check(): a
 * stored state's map must be a valid map, exactly.  1 or 0.
 */
int
tm_map_check(const struct tm_cell cells[TM_NCELLS])
{
	struct tm_cell again[TM_NCELLS];
	int grid[ROWS][COLS], i;
	char err[160];

	for (i = 0; i < TM_NCELLS; i++) {
		int r = cells[i].row, c = cells[i].col;

		if (r < 0 || r >= ROWS || c < 0 || c >= row_len(r) || cells[i].color < 0 ||
		    cells[i].color > TC_RIVER)
			return 0;
		grid[r][c] = cells[i].color;
	}
	derive(grid, again);
	return memcmp(again, cells, sizeof(again)) == 0 &&
	    check_map(again, err, sizeof(err)) == 0;
}

/* Find a cell of the game's map by its name (A1..I13 or r0..r35); -1. */
int
tm_cell_find(const struct tm_state *s, const char *name)
{
	int i;

	for (i = 0; i < TM_NCELLS; i++)
		if (word_eq(s->cells[i].name, name))
			return i;
	return -1;
}

/* SHA-1 (FIPS 180-4), for the site's map ids only. */
struct sha1 {
	uint32_t h[5];
	uint8_t block[64];
	size_t n;
	uint64_t bits;
};

static uint32_t
rol(uint32_t x, int k)
{
	return (x << k) | (x >> (32 - k));
}

static void
sha1_block(struct sha1 *c)
{
	uint32_t w[80], a = c->h[0], b = c->h[1], d = c->h[3], e = c->h[4];
	uint32_t cc = c->h[2], f, k, t;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)c->block[4 * i] << 24 | (uint32_t)c->block[4 * i + 1] << 16 |
		    (uint32_t)c->block[4 * i + 2] << 8 | c->block[4 * i + 3];
	for (; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	for (i = 0; i < 80; i++) {
		if (i < 20) {
			f = (b & cc) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ cc ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & cc) | (b & d) | (cc & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ cc ^ d;
			k = 0xca62c1d6;
		}
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = cc;
		cc = rol(b, 30);
		b = a;
		a = t;
	}
	c->h[0] += a;
	c->h[1] += b;
	c->h[2] += cc;
	c->h[3] += d;
	c->h[4] += e;
	c->n = 0;
}

static void
sha1_add(struct sha1 *c, const char *s)
{
	for (; *s != '\0'; s++) {
		c->block[c->n++] = (uint8_t)*s;
		c->bits += 8;
		if (c->n == 64)
			sha1_block(c);
	}
}

/* The site's id of a map: SHA-1 of "brown gray ... black E yellow x ... E". */
void
tm_map_site_id(const struct tm_cell cells[TM_NCELLS], char id[TM_MAP_ID_LEN + 1])
{
	static const uint32_t init[5] = {
		0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
	};
	struct sha1 c;
	uint64_t bits;
	int i;

	memset(&c, 0, sizeof(c));
	memcpy(c.h, init, sizeof(init));
	for (i = 0; i < TM_NCELLS; i++) {
		sha1_add(&c, i > 0 ? " " : "");
		sha1_add(&c, cells[i].color == TC_RIVER ? "x" :
		    tm_color_names[(int)cells[i].color]);
		if (i + 1 == TM_NCELLS || cells[i + 1].row != cells[i].row)
			sha1_add(&c, " E");
	}
	bits = c.bits;
	c.block[c.n++] = 0x80;
	if (c.n > 56) {
		memset(c.block + c.n, 0, 64 - c.n);
		sha1_block(&c);
	}
	memset(c.block + c.n, 0, 56 - c.n);
	for (i = 0; i < 8; i++)
		c.block[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
	sha1_block(&c);
	for (i = 0; i < 20; i++)
		snprintf(id + 2 * i, 3, "%02x", (unsigned)(c.h[i / 4] >> (24 - 8 * (i % 4))) &
		    0xff);
}
