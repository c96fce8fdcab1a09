/*
 * test_notation_forms.c - arbiter reads every form of a command that the
 * site's parser reads, with the same meaning.  The forms come from the
 * reference engine's parser (../shared/reference/terra-mystica: its
 * clean_commands and command patterns): case, spaces around signs and
 * colons, '.' with or without a space, resource and building names spelled
 * out, "grey", "send priest", "advance shipping", "transform X" for one's
 * own colour, "+BONn" for "pass BONn" (not the colour of pick-color and
 * unlock-terrain: the site reads it as written, in lower case only).
 * Every submission of the real games and of the reference games is
 * replayed, and each variant that applies to it must give exactly the
 * state the original gives (the text of the last submission aside), and
 * every line of each, original or variant, is a command to the is_command
 * hook, so mail reading never skips it as prose.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "realgame.h"

static long tried[32], failed_total, lines_total, prose_total;

/*
 * Every line of an accepted submission must be read as a command by the
 * is_command hook, or mail reading would skip it as prose.
 */
static void
lines_are_commands(const char *path, int line, const char *text)
{
	char buf[1024];

	while (*text != '\0') {
		size_t n = strcspn(text, "\n");

		snprintf(buf, sizeof(buf), "%.*s", (int)n, text);
		lines_total++;
		if (strspn(buf, " \t") < strlen(buf) && !terra_rules.is_command(buf) &&
		    prose_total++ < 12)
			printf("%s line %d: '%s' is not read as a command\n", path, line, buf);
		text += n + (text[n] == '\n');
	}
}

/* Replace every occurrence of from by to (ASCII case-insensitive match). */
static int
replace_all(const char *in, const char *from, const char *to, char *out, size_t len)
{
	size_t fl = strlen(from), o = 0;
	int n = 0;

	while (*in != '\0' && o + 1 < len) {
		if (strncasecmp(in, from, fl) == 0) {
			size_t tl = strlen(to);

			if (o + tl + 1 >= len)
				return 0;
			memcpy(out + o, to, tl);
			o += tl;
			in += fl;
			n++;
		} else
			out[o++] = *in++;
	}
	out[o] = '\0';
	return n;
}

static const char *
home_colour(const struct tm_state *s, int seat)
{
	return tm_color_names[tm_fdefs[s->pl[seat].faction].color];
}

/* Variant k of text for seat, into out; 0 when it does not apply. */
static int
variant(const struct tm_state *s, int seat, int k, const char *text, char *out, size_t len)
{
	static const char *const pairs[][2] = {
		{ "send p to", "send priest to" },	/* 2 */
		{ " to TP", " to trading post" },	/* 3 */
		{ " to TE", " to temple" },		/* 4 */
		{ " to SH", " to stronghold" },		/* 5 */
		{ " to SA", " to sanctuary" },		/* 6 */
		{ "gray", "grey" },			/* 7 */
		{ "advance ship.", "advance shipping." },	/* 8 */
		{ "PW to", "power to" },		/* 9 */
		{ "to 1C", "to 1 coin" },		/* 10 */
		{ "to 1W", "to 1 worker" },		/* 11 */
		{ "to 1P", "to 1 priest" },		/* 12 */
		{ ". ", "." },				/* 13 */
		{ ": ", ":   " },			/* 14 */
		{ "+", "+ " },				/* 15 */
		{ "convert 1", "convert 1 " },		/* 16 */
	};
	char tmp[1024];
	size_t i;
	int keep;

	switch (k) {
	case 0:	/* upper case, but the colour of pick-color and unlock-terrain,
		 * which the site reads as written (commands.pm:1451, 1503) */
		for (i = 0, keep = 0; text[i] != '\0' && i + 1 < len; i++) {
			if (strchr(".;\n", text[i]) != NULL)
				keep = 0;
			out[i] = keep ? text[i] : (char)toupper((unsigned char)text[i]);
			if ((i >= 10 && strncasecmp(text + i - 10, "pick-color ", 11) == 0) ||
			    (i >= 14 && strncasecmp(text + i - 14, "unlock-terrain ", 15) == 0))
				keep = 1;
		}
		out[i] = '\0';
		return strcmp(out, text) != 0;
	case 1:	/* white space doubled */
		return replace_all(text, " ", "  ", out, len) > 0;
	case 17: {	/* transform X to HOME -> transform X */
		char pat[32];

		snprintf(pat, sizeof(pat), " to %s", home_colour(s, seat));
		if (strstr(text, "transform ") == NULL || strstr(text, pat) == NULL)
			return 0;
		return replace_all(text, pat, "", out, len) > 0;
	}
	case 18:	/* pass BONn -> +BONn (the site's old form) */
		if (strncasecmp(strchr(text, ':') != NULL ? strchr(text, ':') + 2 : text,
		    "pass BON", 8) != 0 || strchr(text, '.') != NULL)
			return 0;
		return replace_all(text, "pass BON", "+BON", out, len) > 0;
	default:
		if (k - 2 >= (int)(sizeof(pairs) / sizeof(pairs[0])))
			return -1;
		/* the text with a '.' after it, so "advance ship" at its end matches */
		snprintf(tmp, sizeof(tmp), "%s.", text);
		if (replace_all(tmp, pairs[k - 2][0], pairs[k - 2][1], out, len) == 0)
			return 0;
		out[strlen(out) - 1] = '\0';
		return 1;
	}
}

/* Replay one log; every variant of every submission must act alike. */
static void
forms_of(const char *path)
{
	char *log = rg_slurp(path), err[512], err2[512], v[1024];
	struct game_import imp;
	struct tm_state *s = calloc(1, sizeof(*s)), *a = malloc(sizeof(*a)),
	    *b = malloc(sizeof(*b));
	uint8_t seed[GAME_SEED_LEN] = { 0 };
	int i, k;

	memset(&imp, 0, sizeof(imp));
	assert_non_null(log);
	assert_int_equal(terra_rules.import_log(log, &imp, err, sizeof(err)), 0);
	assert_int_equal(terra_rules.setup(s, imp.nseats, imp.opts, imp.nopts, seed, err,
	    sizeof(err)), 0);
	for (i = 0; i < imp.nsubs; i++) {
		struct game_played pl;
		int seat = imp.subs[i].seat;

		memcpy(a, s, sizeof(*s));
		if (terra_rules.play(a, seat, imp.subs[i].text, &pl, err, sizeof(err)) != GAME_OK)
			break;	/* a found log ends with a refused line */
		if (seat >= 0)
			lines_are_commands(path, imp.subs[i].line, imp.subs[i].text);
		for (k = 0; seat >= 0 && s->pl[seat].faction >= 0; k++) {
			int r = variant(s, seat, k, imp.subs[i].text, v, sizeof(v));

			if (r < 0)
				break;
			if (r == 0 || strcmp(v, imp.subs[i].text) == 0)
				continue;
			tried[k]++;
			lines_are_commands(path, imp.subs[i].line, v);
			memcpy(b, s, sizeof(*s));
			err2[0] = '\0';
			if (terra_rules.play(b, seat, v, &pl, err2, sizeof(err2)) != GAME_OK ||
			    memcmp(a, b, offsetof(struct tm_state, last)) != 0) {
				if (failed_total++ < 12)
					printf("%s line %d: '%s' and '%s' differ: %s\n", path,
					    imp.subs[i].line, imp.subs[i].text, v,
					    err2[0] ? err2 : "another state");
			}
		}
		memcpy(s, a, sizeof(*s));
	}
	game_import_free(&imp);
	free(log);
	free(s);
	free(a);
	free(b);
}

static void
test_notation_forms(void **state)
{
	const char *dirs[2] = { NULL, "tests/terra/reference" };
	char shared[512];
	int d, files = 0, k;
	long total = 0;

	(void)state;
	(void)rg_replay;	/* realgame.h's whole-game replay is not used here */
	rg_dir(shared, sizeof(shared));
	dirs[0] = shared;
	for (d = 0; d < 2; d++) {
		DIR *dir = opendir(dirs[d]);
		struct dirent *e;

		assert_non_null(dir);
		while ((e = readdir(dir)) != NULL) {
			size_t l = strlen(e->d_name);
			char path[1024];

			if (l < 5 || strcmp(e->d_name + l - 4, ".log") != 0)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dirs[d], e->d_name);
			forms_of(path);
			files++;
		}
		closedir(dir);
	}
	for (k = 0; k < 32; k++)
		total += tried[k];
	printf("%d games, %ld variant submissions, %ld differ\n", files, total, failed_total);
	for (k = 0; k < 19; k++)
		if (tried[k] == 0)
			printf("variant %d never applied\n", k);
	assert_int_equal(failed_total, 0);
	printf("%ld submission lines, %ld not read as commands\n", lines_total, prose_total);
	assert_true(lines_total > 1000);
	assert_int_equal(prose_total, 0);
}

/* Which lines of a mail are commands: the forms above, and not prose. */
static void
test_is_command(void **state)
{
	static const char *const commands[] = {
		"setup witches", "  build E7", "Witches: build E7", "witches:build e7",
		"UPGRADE e7 to TP", "+FIRE", "+ EARTH", "+2air", "- spade", "+fav11", "+TW5", "+BON3", "-spade",
		"-SPADE. pass BON3", "+FAV5. done", "convert 1PW to 1C", "leech 2 from cultists",
		"decline 1 from witches", "pass BON4", "done", "wait", "resign",
		"send p to WATER", "action ACT6. transform F2 to gray", "dig 1. build G4",
		"burn 2", "advance ship", "connect r3", "bridge C2:D4", "drop-faction witches",
		"pick-color green", "icemaidens: pick-color GREY", "-3FIRE", "- 4WATER",
		"acolytes: -3earth. +TW2", "riverwalkers: unlock-terrain green",
		"unlock-terrain gain-priest", "-BRIDGE", "riverwalkers: - bridge",
	};
	static const char *const prose[] = {
		"Hi arbiter,", "-Ada", "- Ada", "+44 20 7946 0000", "+1", "+FAVOURITE",
		"+TW", "-spades", "Sent from my iPhone", "Ada: thanks!", "Builder's note",
		"Done.", "passing on this one", "", "   ", "# my plan", "-3", "-3 days",
		"-2nd thought", "-bridges", "unlocking the terrain now",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!terra_rules.is_command(commands[i]))
			fail_msg("'%s' is not read as a command", commands[i]);
	for (i = 0; i < sizeof(prose) / sizeof(prose[0]); i++)
		if (terra_rules.is_command(prose[i]))
			fail_msg("'%s' is read as a command", prose[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_notation_forms),
		cmocka_unit_test(test_is_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
