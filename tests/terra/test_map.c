/*
 * test_map.c - Terra Mystica maps (engine/terra/tmap.c): the text format
 * and each of its rules, hostile bytes, the base map built in, a game on
 * another map through the option map, the site's map ids (option map-id,
 * `map ID` in an imported log) and check() of a stored map.
 */
#include "tmtest.h"

/* The rows of the base map as map lines ("A U S G ..."), from the cells. */
static void
base_rows(char rows[9][64])
{
	const struct tm_state *b = tg_base();
	int i;

	memset(rows, 0, 9 * 64);
	for (i = 0; i < TM_NCELLS; i++) {
		char *r = rows[(int)b->cells[i].row];
		size_t n = strlen(r);

		if (n == 0)
			n = (size_t)snprintf(r, 64, "%c", 'A' + b->cells[i].row);
		snprintf(r + n, 64 - n, " %c", "YUKBGSR~"[(int)b->cells[i].color]);
	}
}

/* A map text from nine rows and a comment line on top. */
static char *
map_text(char rows[9][64])
{
	char *t = calloc(1, 2048);
	int i;

	assert_non_null(t);
	strcat(t, "# a test map\n");
	for (i = 0; i < 9; i++) {
		strcat(t, rows[i]);
		strcat(t, "\n");
	}
	return t;
}

/* Parse text (len bytes) and expect an error containing why. */
static void
parse_bad(const char *text, size_t len, const char *why)
{
	struct tm_cell cells[TM_NCELLS];
	char err[400] = "";

	if (tm_map_parse(text, len, cells, err, sizeof(err)) == 0)
		fail_msg("a map was accepted, expected '%s'", why);
	if (strstr(err, why) == NULL)
		fail_msg("message '%s' lacks '%s'", err, why);
	assert_null(strchr(err, '\n'));
}

/* The base map, written back as text, parses to the same cells. */
static void
test_base_map(void **state)
{
	const struct tm_state *b = tg_base();
	struct tm_cell cells[TM_NCELLS];
	char rows[9][64], err[400], id[TM_MAP_ID_LEN + 1], *t;
	const struct tm_cell *c5;

	(void)state;
	base_rows(rows);
	assert_string_equal(rows[0], "A U S G B Y R U K R G B R K");
	assert_string_equal(rows[8], "I R K S B R G Y U S ~ B G R");
	t = map_text(rows);
	assert_int_equal(tm_map_parse(t, strlen(t), cells, err, sizeof(err)), 0);
	assert_memory_equal(cells, b->cells, sizeof(cells));
	assert_true(tm_map_check(cells));
	/* the site's id of the base map */
	tm_map_site_id(cells, id);
	assert_string_equal(id, "126fe960806d587c78546b30f1a90853b1ada468");
	assert_string_equal(id, tm_base_map_id);
	/* names, neighbours and bridges as the site's engine has them */
	assert_string_equal(cells[0].name, "A1");
	assert_string_equal(cells[14].name, "r0");
	assert_string_equal(cells[TM_NCELLS - 1].name, "I12");
	assert_int_equal(tm_cell_find(b, "r35"), 109);
	assert_int_equal(tm_cell_find(b, "J1"), -1);
	c5 = &cells[tg_cell("C5")];
	assert_int_equal(c5->nbr, 4);
	assert_int_equal(c5->br[0], tg_cell("A11"));
	assert_int_equal(c5->br[3], tg_cell("D6"));
	assert_int_equal(c5->nadj, 6);
	assert_int_equal(c5->adj[0], tg_cell("r4"));	/* rivers first */
	assert_int_equal(c5->adj[5], tg_cell("D7"));
	/* every game not given a map is on it */
	{
		struct tm_state *s = tg_new(2, NULL, (const char *const[]){ "witches",
		    "nomads" }, (const char *const[]){ "A3", "A5", "B1", "C3", "B4", NULL },
		    (const int[]){ 3, 5 });

		assert_memory_equal(s->cells, b->cells, sizeof(cells));
		assert_string_equal(s->map_id, "");
		free(s);
	}
	free(t);
}

/* Spacing: indented hexes, trailing spaces, no final line feed, UTF-8 comments. */
static void
test_layout_freedom(void **state)
{
	struct tm_cell cells[TM_NCELLS];
	char rows[9][64], err[400], *t, *u;

	(void)state;
	base_rows(rows);
	strcpy(rows[1], "B    Y  ~ ~ U K ~ ~ Y K ~ ~ Y   ");
	t = map_text(rows);
	t[strlen(t) - 1] = '\0';
	u = calloc(1, 2100);
	assert_non_null(u);
	snprintf(u, 2100, "\n   # carte de base \xc3\xa9\xe2\x80\x94 ok\n\n%s", t);
	if (tm_map_parse(u, strlen(u), cells, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_memory_equal(cells, tg_base()->cells, sizeof(cells));
	free(t);
	free(u);
}

/* Each rule of a row line, with its line number. */
static void
test_row_rules(void **state)
{
	char rows[9][64], *t;

	(void)state;
	base_rows(rows);
	rows[2][4] = 'X';
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 4: row C, hex 2: 'X' is not a terrain");
	free(t);

	base_rows(rows);
	strcpy(rows[3], "D G BY ~ ~ R B ~ R ~ R U");
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 5: row D, hex 2: 'BY' is not a terrain");
	free(t);

	base_rows(rows);
	rows[1][strlen(rows[1]) - 2] = '\0';	/* row B: 11 hexes */
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 3: row B has 11 hexes; rows A, C, E, G, I have 13 "
	    "and rows B, D, F, H have 12");
	free(t);

	base_rows(rows);
	strcat(rows[8], " R");			/* row I: 14 hexes */
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 10: row I has 14 hexes");
	free(t);

	base_rows(rows);
	rows[2][0] = 'D';			/* C missing */
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 4: row D where row C comes: the rows go A to I");
	free(t);

	base_rows(rows);
	rows[4][0] = 'e';
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 6: a row starts with its letter, A to I, and a "
	    "space, not 'e K U R '");
	free(t);

	base_rows(rows);
	t = map_text(rows);
	strcat(t, "J U\n");
	parse_bad(t, strlen(t), "line 11: row J after row I: a map has nine rows");
	strcpy(strstr(t, "H "), "");		/* the text ends after row G */
	parse_bad(t, strlen(t), "line 8: the map ends after row G; it has nine rows");
	parse_bad("", 0, "line 1: the map ends before row A");
	parse_bad("# only a comment\n", 17, "line 1: the map ends before row A");
	free(t);

	base_rows(rows);
	rows[5][0] = ' ';
	t = map_text(rows);
	parse_bad(t, strlen(t), "line 7: a row line starts with its letter in the first "
	    "column");
	free(t);
}

/* The whole-map rules: 11 hexes of each terrain, one connected river. */
static void
test_map_rules(void **state)
{
	char rows[9][64], *t;

	(void)state;
	base_rows(rows);
	rows[0][2] = 'Y';			/* A1: plains -> desert */
	t = map_text(rows);
	parse_bad(t, strlen(t), "the map has 12 desert (Y) hexes: every terrain has 11 "
	    "(and the river the other 36)");
	free(t);

	base_rows(rows);
	rows[0][2] = '~';			/* a river hex for a plains hex */
	t = map_text(rows);
	parse_bad(t, strlen(t), "the map has 10 plains (U) hexes");
	free(t);

	/* I1 (wasteland) and the river hex between I9 and I10 change places:
	 * the counts hold, and the corner hex is a river cut off from the rest */
	base_rows(rows);
	rows[8][2] = '~';
	rows[8][2 + 2 * 9] = 'R';
	t = map_text(rows);
	parse_bad(t, strlen(t), "the river is not one connected region: r35 (row I, hex 1) "
	    "cannot be reached from r0 along the river");
	free(t);
}

/* Bytes no map holds: each refused with its line and column. */
static void
test_hostile_bytes(void **state)
{
	char rows[9][64], *t, *big;
	size_t n, first = strlen("# a test map\n");
	static const size_t ten_mb = 10u * 1024 * 1024;

	(void)state;
	base_rows(rows);
	t = map_text(rows);
	n = strlen(t);
	t[first + 3] = '\0';			/* NUL inside row A */
	parse_bad(t, n, "line 2: control byte 0x00 at column 4: a map is text");
	free(t);

	t = map_text(rows);
	t[first + 3] = '\x1b';
	parse_bad(t, n, "line 2: control byte 0x1b at column 4");
	t[first + 3] = '\t';
	parse_bad(t, n, "line 2: tab at column 4: separate hexes with spaces");
	t[first + 3] = '\xc3';			/* a lone lead byte */
	parse_bad(t, n, "line 2: byte 0xc3 at column 4 is not UTF-8");
	t[first + 3] = '\xff';
	parse_bad(t, n, "line 2: byte 0xff at column 4 is not UTF-8");
	free(t);

	/* UTF-8 outside a comment; invalid UTF-8 inside one */
	parse_bad("A \xc3\xa9\n", 5, "line 1: non-ASCII character at column 3: only a "
	    "comment (#) may hold one");
	parse_bad("# caf\xc3\x28\n", 8, "line 1: byte 0xc3 at column 6 is not UTF-8");
	parse_bad("# \xed\xa0\x80 surrogate\n", 16, "line 1: byte 0xed at column 3");

	/* CR LF line ends */
	t = map_text(rows);
	{
		char *crlf = calloc(1, 2 * strlen(t) + 1), *p = crlf, *q;

		assert_non_null(crlf);
		for (q = t; *q != '\0'; q++) {
			if (*q == '\n')
				*p++ = '\r';
			*p++ = *q;
		}
		parse_bad(crlf, strlen(crlf), "line 1: carriage return (byte 0x0d) at column "
		    "13: lines end with a line feed alone");
		free(crlf);
	}
	free(t);

	/* a huge line, and a text of 10 MB */
	big = malloc(ten_mb);
	assert_non_null(big);
	memset(big, '#', ten_mb);
	parse_bad(big, 300, "line 1: 300 bytes long; a line has at most 256");
	parse_bad(big, ten_mb, "the map is 10485760 bytes; a map has at most 8192");
	memset(big, '\n', ten_mb);
	parse_bad(big, GAME_OPTION_FILE_MAX + 1, "a map has at most 8192");
	free(big);
}

/* Set up a 2-player game with options; 0 or -1 with err. */
static int
setup_with(struct tm_state *s, const struct game_opt *o, int n, char *err, size_t errlen)
{
	uint8_t seed[GAME_SEED_LEN] = { 3 };

	memset(s, 0, sizeof(*s));
	return terra_rules.setup(s, 2, o, n, seed, err, errlen);
}

/* The base map with desert and plains, swamp and lakes swapped. */
static char *
permuted_map(void)
{
	char rows[9][64];
	int r;
	size_t i;

	base_rows(rows);
	for (r = 0; r < 9; r++)
		for (i = 1; rows[r][i] != '\0'; i++) {
			char *h = &rows[r][i];

			*h = *h == 'Y' ? 'U' : *h == 'U' ? 'Y' : *h == 'K' ? 'B' : *h == 'B' ?
			    'K' : *h;
		}
	return map_text(rows);
}

/* A game on another map: its terrains, its id, moves, check(). */
static void
test_game_on_map(void **state)
{
	static const char *const f[] = { "witches", "nomads" };
	static const char *const d[] = { "A3", "A1", "E2", "C3", "E6", NULL };
	static const int b[] = { 3, 5 };
	char *t = permuted_map(), *opt = calloc(1, 2100), id[TM_MAP_ID_LEN + 1], err[300];
	const char *opts[] = { opt, NULL };
	struct sbuf out = SBUF_INIT;
	struct tm_state *s;

	(void)state;
	assert_non_null(opt);
	snprintf(opt, 2100, "map=%s", t);
	/* the nomads' dwellings A1, E2 and E6 are on plains of the base map */
	s = tg_new(2, opts, f, d, b);
	tm_map_site_id(s->cells, id);
	assert_string_equal(s->map_id, id);
	assert_string_not_equal(id, tm_base_map_id);
	assert_int_equal(s->cells[tg_cell("A1")].color, TC_YELLOW);
	assert_int_equal(s->cells[tg_cell("F3")].color, TC_BROWN);
	tg_turn(s, 1);
	tg_bad(s, 1, "transform F3 to brown", "transform: F3 is already brown");
	tg_put(s, 1, "F6", TB_D);
	tg_ok(s, 1, "build F7");		/* desert here, plains on the base map */
	terra_rules.render_text(s, -1, (const char *const[]){ "a", "b" }, &out);
	assert_non_null(strstr(sb_str(&out), id));
	assert_non_null(strstr(sb_str(&out), "A5 U"));
	assert_int_equal(terra_rules.check(s, err, sizeof(err)), 0);
	/* a damaged map or id in a stored state */
	s->cells[20].adj[1] = 3;
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	assert_string_equal(err, "the map is damaged");
	s->cells[20].adj[1] = tg_base()->cells[20].adj[1];
	assert_int_equal(terra_rules.check(s, err, sizeof(err)), 0);
	s->map_id[0] = s->map_id[0] == '0' ? '1' : '0';
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	assert_string_equal(err, "the map's id does not match the map");
	s->map_id[0] = '\0';
	assert_int_not_equal(terra_rules.check(s, err, sizeof(err)), 0);
	sb_free(&out);
	free(opt);
	free(t);
	free(s);
}

/* The option map-id: the site's id of a log's map, checked against the map. */
static void
test_map_id(void **state)
{
	struct tm_state *s = calloc(1, sizeof(*s));
	struct game_opt o[3];
	char err[600], *t = permuted_map(), id[TM_MAP_ID_LEN + 1];
	static const char other[] = "95a66999127893f5925a5f591d54f8bcb9a670e6";

	(void)state;
	assert_non_null(s);
	o[0].key = "map-id";
	o[0].value = tm_base_map_id;
	assert_int_equal(setup_with(s, o, 1, err, sizeof(err)), 0);
	assert_string_equal(s->map_id, "");
	o[0].value = other;
	assert_int_not_equal(setup_with(s, o, 1, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "map-id: the game is on the site's map "
	    "95a66999127893f5925a5f591d54f8bcb9a670e6, not the base map"));
	assert_non_null(strstr(err, "layout is given as a file, with the option map"));
	o[1].key = "map";
	o[1].value = t;
	assert_int_not_equal(setup_with(s, o, 2, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "but the log was played on "
	    "95a66999127893f5925a5f591d54f8bcb9a670e6"));
	/* the right id */
	assert_int_equal(setup_with(s, o + 1, 1, err, sizeof(err)), 0);
	memcpy(id, s->map_id, sizeof(id));
	o[0].value = id;
	assert_int_equal(setup_with(s, o, 2, err, sizeof(err)), 0);
	/* malformed, twice */
	o[0].value = "126FE960806D587C78546B30F1A90853B1ADA468";
	assert_int_not_equal(setup_with(s, o, 1, err, sizeof(err)), 0);
	assert_string_equal(err, "map-id: a site's map id is 40 hex digits (lower case)");
	o[0] = o[1];
	assert_int_not_equal(setup_with(s, o, 2, err, sizeof(err)), 0);
	assert_string_equal(err, "map: given twice");
	o[0].value = "A U\n";
	assert_int_not_equal(setup_with(s, o, 1, err, sizeof(err)), 0);
	assert_string_equal(err, "map: line 1: row A has 1 hexes; rows A, C, E, G, I have "
	    "13 and rows B, D, F, H have 12");
	free(t);
	free(s);
}

/* `map ID` in a site's log becomes the option map-id. */
static void
test_import_map_line(void **state)
{
	static const char head[] = "setup witches\nsetup nomads\n";
	struct game_import imp;
	char log[400], err[300];

	(void)state;
	snprintf(log, sizeof(log), "map 95A66999127893f5925a5f591d54f8bcb9a670e6\n%s", head);
	assert_int_equal(tm_import_log(log, &imp, err, sizeof(err)), 0);
	assert_string_equal(imp.opts[0].key, "map-id");
	assert_string_equal(imp.opts[0].value, "95a66999127893f5925a5f591d54f8bcb9a670e6");
	game_import_free(&imp);
	snprintf(log, sizeof(log), "map original\n%s", head);
	assert_int_equal(tm_import_log(log, &imp, err, sizeof(err)), 0);
	assert_string_equal(imp.opts[0].value, tm_base_map_id);
	game_import_free(&imp);
	snprintf(log, sizeof(log), "%smap loon-lakes\n", head);
	assert_int_not_equal(tm_import_log(log, &imp, err, sizeof(err)), 0);
	assert_string_equal(err, "line 3: 'map' names a map by the site's id, 40 hex "
	    "digits, or 'original'");
	snprintf(log, sizeof(log), "map original\nmap original\n%s", head);
	assert_int_not_equal(tm_import_log(log, &imp, err, sizeof(err)), 0);
	assert_string_equal(err, "line 2: a second 'map' line");
}

/* Run the tests of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_map),
		cmocka_unit_test(test_layout_freedom),
		cmocka_unit_test(test_row_rules),
		cmocka_unit_test(test_map_rules),
		cmocka_unit_test(test_hostile_bytes),
		cmocka_unit_test(test_game_on_map),
		cmocka_unit_test(test_map_id),
		cmocka_unit_test(test_import_map_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
