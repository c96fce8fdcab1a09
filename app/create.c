/*
 * create.c - starting a game: its options, its secret seed, its seats, the
 * engine's setup, and the start mail, stored in one transaction.  `arbiter
 * new` and every other way a game begins go through game_create().
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outmail.h"
#include "../engine/notation.h"

json_t *
game_options_json(const char *const *opts, char *err, size_t errlen)
{
	json_t *a = json_array();
	int i;

	if (errlen > 0)
		err[0] = '\0';
	for (i = 0; a != NULL && opts != NULL && opts[i] != NULL; i++) {
		const char *eq = strchr(opts[i], '=');
		size_t klen = eq != NULL ? (size_t)(eq - opts[i]) : strlen(opts[i]);
		json_t *pair;

		if (klen == 0) {
			snprintf(err, errlen, "option '%s': KEY=VALUE expected", opts[i]);
			json_decref(a);
			return NULL;
		}
		pair = json_pack("[s#, s]", opts[i], (int)klen, eq != NULL ? eq + 1 : "");
		if (pair == NULL || json_array_append_new(a, pair) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* Is key one of the game's file options? */
static int
is_file_option(const struct game_rules *r, const char *key)
{
	int i;

	for (i = 0; r->file_options != NULL && r->file_options[i] != NULL; i++)
		if (strcmp(r->file_options[i], key) == 0)
			return 1;
	return 0;
}

/*
 * Read the file of option key: at most GAME_OPTION_FILE_MAX bytes, no NUL.
 * EXIT_OK with *text (the caller frees it), or an EXIT_* code with err.
 */
static int
read_option_file(const char *key, const char *path, char **text, char *err, size_t errlen)
{
	FILE *f;
	struct stat sb;
	int fd;
	size_t n, i, line = 1, col = 1;
	char *buf;

	*text = NULL;
	if (path[0] == '\0') {
		snprintf(err, errlen, "option %s: %s=FILE names a file", key, key);
		return EXIT_USAGE;
	}
	if ((buf = malloc(GAME_OPTION_FILE_MAX + 2)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return EXIT_SOFTWARE;
	}
	/*
	 * A regular file only: a FIFO or a device would make `new` wait for a
	 * writer or read forever (opened without blocking, then checked).
	 */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0 || fstat(fd, &sb) != 0 ||
	    !S_ISREG(sb.st_mode) || (f = fdopen(fd, "rb")) == NULL) {
		if (fd >= 0 && fstat(fd, &sb) == 0 && !S_ISREG(sb.st_mode))
			snprintf(err, errlen, "option %s: %s is not a regular file", key, path);
		else
			snprintf(err, errlen, "option %s: cannot read %s: %s", key, path,
			    strerror(errno));
		if (fd >= 0)
			close(fd);
		free(buf);
		return EXIT_NOGAME;
	}
	n = fread(buf, 1, GAME_OPTION_FILE_MAX + 1, f);
	if (ferror(f)) {
		snprintf(err, errlen, "option %s: cannot read %s: %s", key, path, strerror(errno));
		fclose(f);
		free(buf);
		return EXIT_NOGAME;
	}
	fclose(f);
	if (n > GAME_OPTION_FILE_MAX) {
		snprintf(err, errlen, "option %s: %s is larger than %d bytes, the most a "
		    "%s file may have", key, path, GAME_OPTION_FILE_MAX, key);
		free(buf);
		return EXIT_USAGE;
	}
	for (i = 0; i < n && buf[i] != '\0'; i++) {
		col++;
		if (buf[i] == '\n') {
			line++;
			col = 1;
		}
	}
	if (i < n) {
		snprintf(err, errlen, "option %s: %s: line %zu: NUL byte (0x00) at column %zu: "
		    "a %s file is text", key, path, line, col, key);
		free(buf);
		return EXIT_USAGE;
	}
	buf[n] = '\0';
	*text = buf;
	return EXIT_OK;
}

int
game_option_files(const struct game_rules *r, json_t *opts, char *err, size_t errlen)
{
	static const uint8_t seed[GAME_SEED_LEN];
	size_t i, klen;
	void *scratch;

	for (i = 0; i < json_array_size(opts); i++) {
		json_t *pair = json_array_get(opts, i);
		const char *key = json_string_value(json_array_get(pair, 0));
		const char *path = json_string_value(json_array_get(pair, 1));
		struct game_opt one;
		char why[512], *text;
		int rc;

		if (key == NULL || path == NULL || !is_file_option(r, key))
			continue;
		if ((rc = read_option_file(key, path, &text, err, errlen)) != EXIT_OK)
			return rc;
		/* The engine judges the text alone, so its error can name the file. */
		if ((scratch = calloc(1, r->state_size)) == NULL) {
			free(text);
			snprintf(err, errlen, "out of memory");
			return EXIT_SOFTWARE;
		}
		one.key = key;
		one.value = text;
		rc = r->setup(scratch, r->min_seats, &one, 1, seed, why, sizeof(why));
		free(scratch);
		if (rc != 0) {
			klen = strlen(key);
			snprintf(err, errlen, "option %s: %s: %s", key, path,
			    strncmp(why, key, klen) == 0 && strncmp(why + klen, ": ", 2) == 0 ?
			    why + klen + 2 : why);
			free(text);
			return EXIT_USAGE;
		}
		rc = json_array_set_new(pair, 1, json_string(text));
		free(text);
		if (rc != 0) {
			snprintf(err, errlen, "out of memory");
			return EXIT_SOFTWARE;
		}
	}
	return EXIT_OK;
}

/* Set row's title to t, judged: one line of UTF-8 text that fits. */
int
game_title_set(struct store_game *row, const char *t, char *err, size_t errlen)
{
	if (strlen(t) >= sizeof(row->title)) {
		/* Said, not cut: a cut could also split a character. */
		snprintf(err, errlen, "a title is at most %zu bytes, not %zu",
		    sizeof(row->title) - 1, strlen(t));
		return -1;
	}
	if (strpbrk(t, "\r\n") != NULL) {
		snprintf(err, errlen, "a title may not hold line breaks");
		return -1;
	}
	if (text_check(t, strlen(t), err, errlen) != 0) {
		snprintf(err, errlen, "a title must be UTF-8 text without control characters");
		return -1;
	}
	snprintf(row->title, sizeof(row->title), "%s", t);
	return 0;
}

/*
 * The game's secret seed: 32 bytes from the kernel.  Tests may fix it with
 * $ARBITER_TEST_SEED (64 hex digits) to replay a scripted game; whoever can
 * set the server's environment can read the database anyway.
 */
int
game_new_seed(uint8_t seed[GAME_SEED_LEN], char *err, size_t errlen)
{
	const char *fixed = getenv("ARBITER_TEST_SEED");

	if (fixed != NULL && *fixed != '\0') {
		if (hex_decode(fixed, seed, GAME_SEED_LEN) != 0) {
			snprintf(err, errlen, "ARBITER_TEST_SEED must be 64 hex digits");
			return -1;
		}
		return 0;
	}
	if (random_bytes(seed, GAME_SEED_LEN) != 0) {
		snprintf(err, errlen, "cannot draw the game's seed from the kernel");
		return -1;
	}
	return 0;
}

int
game_create(struct ctx *c, const struct game_spec *spec, struct store **sp, int64_t *id,
    char *err, size_t errlen)
{
	const struct game_rules *r = spec->rules;
	struct store_seat seats[GAME_MAX_SEATS];
	struct loaded g;
	struct game_wait w;
	int n = spec->nseats, i, j, rc;

	memset(&g, 0, sizeof(g));
	*sp = NULL;
	if (n < r->min_seats || n > r->max_seats) {
		snprintf(err, errlen, "%s is for %d to %d players", r->title, r->min_seats,
		    r->max_seats);
		return EXIT_USAGE;
	}
	memcpy(seats, spec->seats, sizeof(seats[0]) * (size_t)n);
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (word_eq(seats[j].name, seats[i].name)) {
				snprintf(err, errlen, "two seats are named %s", seats[i].name);
				return EXIT_USAGE;
			}
	snprintf(g.row.rules, sizeof(g.row.rules), "%s", r->name);
	if (game_title_set(&g.row, spec->title != NULL ? spec->title : r->title, err,
	    errlen) != 0)
		return EXIT_USAGE;
	g.row.grace_hours = 24;
	snprintf(g.row.on_timeout, sizeof(g.row.on_timeout), "remind-only");
	for (i = 0; spec->clock != NULL && spec->clock[i] != NULL; i++)
		if (clock_set(&g.row, spec->clock[i], err, errlen) != 0)
			return EXIT_USAGE;
	g.row.options = strdup(spec->options != NULL ? spec->options : "[]");
	g.row.nseats = n;
	g.row.created = now_epoch();
	if (g.row.options == NULL) {
		snprintf(err, errlen, "out of memory");
		return EXIT_SOFTWARE;
	}
	if (game_new_seed(g.row.seed, err, errlen) != 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (seat_passwords(seats, n, g.passwords) != 0) {
		snprintf(err, errlen, "cannot draw the seats' passwords");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	/* The engine judges the options before anything is stored. */
	g.rules = r;
	if ((g.state = calloc(1, r->state_size)) == NULL) {
		snprintf(err, errlen, "out of memory");
		rc = EXIT_SOFTWARE;
		goto out;
	}
	if (game_setup_state(r, &g.row, g.state, err, errlen) != 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	g.row.id = spec->id;
	if (spec->in_tx != NULL)
		*sp = spec->in_tx;	/* the caller's open transaction */
	else if ((rc = game_open_store(c, STORE_OPEN_CREATE, sp)) != EXIT_OK) {
		err[0] = '\0';		/* game_open_store said why, in one line */
		goto out;
	} else if ((rc = store_begin(*sp)) != STORE_OK)
		goto store_fail;
	memset(&w, 0, sizeof(w));
	r->waiting(g.state, &w);
	for (i = 0; i < n; i++) {
		seats[i].idle_since = (w.mask & (1u << i)) ? g.row.created : 0;
		seats[i].serial = 1;	/* reply tokens of the start mail */
		clock_schedule(&g.row, &seats[i]);
	}
	if ((rc = store_game_create(*sp, &g.row, seats, id)) != STORE_OK ||
	    (rc = store_snapshot_put(*sp, *id, 0, r->version, g.state, r->state_size)) !=
	    STORE_OK)
		goto store_fail;
	g.row.id = *id;
	memcpy(g.seats, seats, sizeof(seats[0]) * (size_t)n);
	for (i = 0; i < n; i++)
		g.names[i] = g.seats[i].name;
	g.store = *sp;
	if ((rc = notify_start(c, *sp, &g)) != STORE_OK ||
	    (spec->in_tx == NULL && (rc = store_commit(*sp)) != STORE_OK))
		goto store_fail;
	rc = EXIT_OK;
	goto out;
store_fail:
	snprintf(err, errlen, "%s", store_error(*sp));
	rc = store_exit_code(rc);
	if (spec->in_tx == NULL)
		store_rollback(*sp);
out:
	free(g.state);
	store_game_free(&g.row);
	return rc;
}
