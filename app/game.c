/*
 * game.c - loading a game: its row, seats and current state.  The state
 * comes from the stored snapshot when it matches the engine version, and
 * otherwise by replaying the log from the seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "../engine/notation.h"
#include "../mail/compose.h"
#include "../mail/hash.h"
#include "../store/store_mail.h"

int
game_open_store(struct ctx *c, int mode, struct store **s)
{
	char err[2048];
	int rc;

	*s = NULL;
	/* Every command reads the configuration first: its errors are 78. */
	if (config_get(c, err, sizeof(err)) == NULL) {
		errx_line(c, "%s", err);
		return EXIT_CONFIG;
	}
	rc = store_open(c->db, mode, s);

	if (rc == STORE_NOTFOUND) {
		if (*s != NULL && strstr(store_error(*s), "not an arbiter database") != NULL)
			errx_line(c, "%s", store_error(*s));
		else
			errx_line(c, "no database at %s (make one with `arbiter init`, or give "
			    "--db)", c->cfg->db_shown);
		rc = EXIT_NOGAME;
		goto fail;
	}
	if (rc != STORE_OK) {
		rc = store_exit(*s, rc);
		goto fail;
	}
	if (mode == STORE_OPEN_READ)
		return EXIT_OK;
	if ((rc = config_site(c, *s)) != EXIT_OK)
		goto fail;
	if ((rc = seat_passwords_upgrade(*s)) != STORE_OK) {
		rc = store_exit(*s, rc);
		goto fail;
	}
	return EXIT_OK;
fail:
	store_close(*s);
	*s = NULL;
	return rc;
}

int
game_setup_state(const struct game_rules *r, const struct store_game *row,
    void *state, char *err, size_t errlen)
{
	struct optset o;
	int rc;

	if (optset_from_json(row->options, &o) != 0) {
		snprintf(err, errlen, "game %lld: stored options are damaged", (long long)row->id);
		return -1;
	}
	memset(state, 0, r->state_size);
	rc = r->setup(state, row->nseats, o.opt, o.n, row->seed, err, errlen);
	optset_free(&o);
	return rc;
}

struct replay_arg {
	struct loaded *g;
	int upto;
	char *err;
	size_t errlen;
	int failed;
};

/* Apply one logged move during a replay. */
static int
replay_one(const struct store_move *m, void *arg)
{
	struct replay_arg *a = arg;
	struct game_played pl;
	char e[512];

	if (a->upto >= 0 && m->seq > a->upto)
		return 1;
	if (m->seq != a->g->seq + 1) {
		snprintf(a->err, a->errlen, "move log has a gap before move %d", m->seq);
		a->failed = 1;
		return 1;
	}
	if (a->g->rules->play(a->g->state, m->seat, m->text, &pl, e, sizeof(e)) != GAME_OK) {
		snprintf(a->err, a->errlen, "move %d no longer replays: %s", m->seq, e);
		a->failed = 1;
		return 1;
	}
	a->g->seq = m->seq;
	return 0;
}

int
game_replay(struct loaded *g, int upto, char *err, size_t errlen)
{
	struct replay_arg a = { g, upto, err, errlen, 0 };
	int rc;

	if (game_setup_state(g->rules, &g->row, g->state, err, errlen) != 0)
		return -1;
	g->seq = 0;
	rc = store_moves_each(g->store, g->row.id, 1, replay_one, &a);
	if (rc != STORE_OK) {
		snprintf(err, errlen, "%s", store_error(g->store));
		return -1;
	}
	return a.failed ? -1 : 0;
}

int
game_load_meta(struct ctx *c, struct store *s, int64_t id, struct loaded *g)
{
	int rc, i, n;

	memset(g, 0, sizeof(*g));
	g->store = s;
	rc = store_game_get(s, id, &g->row);
	if (rc != STORE_OK) {
		if (rc == STORE_NOTFOUND) {
			errx_line(c, "no game %lld in %s", (long long)id, c->cfg != NULL ? c->cfg->db_shown : c->db);
			return EXIT_NOGAME;
		}
		return store_exit(s, rc);
	}
	g->rules = game_find(g->row.rules);
	if (g->rules == NULL) {
		errx_line(c, "game %lld is %s, which this arbiter does not know", (long long)id,
		    g->row.rules);
		return EXIT_SOFTWARE;
	}
	if ((rc = store_seats_get(s, id, g->seats, GAME_MAX_SEATS, &n)) != STORE_OK)
		return store_exit(s, rc);
	if (n != g->row.nseats) {
		errx_line(c, "game %lld: seats are damaged", (long long)id);
		return EXIT_SOFTWARE;
	}
	for (i = 0; i < n; i++)
		g->names[i] = g->seats[i].name;
	return EXIT_OK;
}

/*
 * The seats of g's state as its engine counts them (its public score has
 * one line per seat): a snapshot from another game, or damaged in a way
 * check() cannot see alone, may have another count than the game's row,
 * and every seat index and name would then be wrong (found by fuzz/snapshot).
 */
static int
state_seats(const struct loaded *g)
{
	struct game_score sc;

	memset(&sc, 0, sizeof(sc));
	g->rules->score(g->state, -1, &sc);
	return sc.nseats;
}

int
game_load(struct ctx *c, struct store *s, int64_t id, int upto, struct loaded *g)
{
	char err[512] = "", why[1200];
	int rc, seq;

	if ((rc = game_load_meta(c, s, id, g)) != EXIT_OK)
		return rc;
	if (upto > g->row.nmoves) {
		errx_line(c, "game %lld has only %d move%s", (long long)id, g->row.nmoves,
		    g->row.nmoves == 1 ? "" : "s");
		return EXIT_USAGE;
	}
	g->state = calloc(1, g->rules->state_size);
	if (g->state == NULL)
		return EXIT_SOFTWARE;
	why[0] = '\0';
	if (upto < 0 || upto == g->row.nmoves) {
		/*
		 * The snapshot is trusted only when its checksum holds, it is the
		 * state after the last move, and the engine's own check accepts
		 * it; otherwise the log, which is the truth, is replayed.
		 */
		rc = store_snapshot_get(s, id, g->rules->version, g->state,
		    g->rules->state_size, &seq);
		if (rc == STORE_OK && seq == g->row.nmoves &&
		    g->rules->check(g->state, err, sizeof(err)) == 0 &&
		    state_seats(g) == g->row.nseats) {
			g->seq = seq;
			return EXIT_OK;
		}
		if (rc == STORE_OK && seq == g->row.nmoves && err[0] == '\0')
			snprintf(why, sizeof(why), "the stored state has %d seats, the game %d",
			    state_seats(g), g->row.nseats);
		else if (rc == STORE_OK && seq == g->row.nmoves)
			snprintf(why, sizeof(why), "the stored state fails the engine's check "
			    "(%s)", err);
		else if (rc == STORE_CORRUPT)
			snprintf(why, sizeof(why), "%s", store_error(s));
		else if (rc != STORE_OK && rc != STORE_NOTFOUND)
			return store_exit(s, rc);
	}
	if (game_replay(g, upto, err, sizeof(err)) != 0) {
		errx_line(c, "game %lld: %s", (long long)id, err);
		return EXIT_SOFTWARE;
	}
	if (upto < 0 && g->seq != g->row.nmoves) {
		snprintf(why + strlen(why), sizeof(why) - strlen(why), "%sthe stored move "
		    "count %d disagrees with the log's %d", why[0] ? "; " : "",
		    g->row.nmoves, g->seq);
		g->row.nmoves = g->seq;
	}
	if (why[0] != '\0')
		errx_line(c, "game %lld: %s; rebuilt from the move log", (long long)id, why);
	return EXIT_OK;
}

void
game_unload(struct loaded *g)
{
	store_game_free(&g->row);
	free(g->state);
	g->state = NULL;
}

int
game_seat_find(const struct loaded *g, const char *s)
{
	long v;
	int i;

	for (i = 0; i < g->row.nseats; i++)
		if (word_eq(g->seats[i].name, s))
			return i;
	if (parse_int(s, 1, g->row.nseats, &v) == 0)
		return (int)v - 1;
	return -1;
}

const char *
game_why(const struct loaded *g, const struct game_wait *w, int i)
{
	size_t n = strlen(g->names[i]);

	if (strncasecmp(w->why[i], g->names[i], n) == 0 && w->why[i][n] == ':' &&
	    w->why[i][n + 1] == ' ')
		return w->why[i] + n + 2;
	return w->why[i];
}

void
game_waiting_text(const struct loaded *g, char *buf, size_t len)
{
	struct game_wait w;
	size_t o = 0;
	int i;

	buf[0] = '\0';
	if (g->row.over == STORE_ABANDONED) {
		snprintf(buf, len, "abandoned by the game master");
		return;
	}
	if (g->rules->over(g->state)) {
		snprintf(buf, len, "the game is over");
		return;
	}
	memset(&w, 0, sizeof(w));
	g->rules->waiting(g->state, &w);
	for (i = 0; i < g->row.nseats && o < len; i++) {
		if (!(w.mask & (1u << i)))
			continue;
		/* "bo: action 1 of 2 (leader, ...)": a reason holds brackets of its own. */
		o += (size_t)snprintf(buf + o, len - o, "%s%s: %s", o ? "; " : "",
		    g->names[i], game_why(g, &w, i));
	}
}

int
game_open(struct ctx *c, const char *idarg, int upto, struct store **s, struct loaded *g)
{
	int64_t id;
	int rc;

	memset(g, 0, sizeof(*g));
	*s = NULL;
	if (parse_game_id(idarg, &id) != 0) {
		errx_line(c, "'%s' is not a game id", idarg);
		return EXIT_USAGE;
	}
	if ((rc = game_open_store(c, STORE_OPEN_READ, s)) != EXIT_OK)
		return rc;
	return game_load(c, *s, id, upto, g);
}

int
game_open_write(struct ctx *c, int64_t id, struct store **s, struct loaded *g)
{
	int rc;

	memset(g, 0, sizeof(*g));
	*s = NULL;
	if ((rc = game_open_store(c, STORE_OPEN_WRITE, s)) != EXIT_OK)
		return rc;
	if ((rc = store_begin(*s)) != STORE_OK)
		return store_exit(*s, rc);
	if ((rc = game_load(c, *s, id, -1, g)) != EXIT_OK)
		store_rollback(*s);
	return rc;
}

int
game_seat_arg(struct ctx *c, const struct loaded *g, const char *arg)
{
	int seat = game_seat_find(g, arg);

	if (seat < 0)
		errx_line(c, "game %lld has no seat '%s'", (long long)g->row.id, arg);
	return seat;
}

/* Split "NAME:EMAIL" (or "NAME") into a seat; 0 when it is well formed. */
/* The code point of the k-byte UTF-8 sequence at p (0 when k is 0). */
static unsigned long
name_codepoint(const unsigned char *p, size_t k)
{
	unsigned long cp;
	size_t i;

	if (k == 0)
		return 0;
	if (k == 1)
		return p[0];
	cp = p[0] & (0x7F >> k);
	for (i = 1; i < k; i++)
		cp = cp << 6 | (p[i] & 0x3F);
	return cp;
}

int
seat_parse(const char *arg, struct store_seat *seat, char *err, size_t errlen)
{
	const char *colon = strchr(arg, ':');
	size_t nlen = colon != NULL ? (size_t)(colon - arg) : strlen(arg);
	const char *email = colon != NULL ? colon + 1 : "";
	size_t i;

	memset(seat, 0, sizeof(*seat));
	/* Not echoed when it is not text: the message must stay one clean line. */
	if (!utf8_valid(arg, strlen(arg))) {
		snprintf(err, errlen, "--seat: a name and an address must be UTF-8 text");
		return -1;
	}
	if (nlen == 0 || nlen >= sizeof(seat->name)) {
		snprintf(err, errlen, "--seat '%s': a name of 1 to %zu characters is needed",
		    arg, sizeof(seat->name) - 1);
		return -1;
	}
	for (i = 0; i < nlen; i++) {
		unsigned char ch = (unsigned char)arg[i];

		if (ch < 0x21 || ch == 0x7f || ch == ';' || ch == '#' || ch == '"') {
			snprintf(err, errlen, "--seat '%s': a name may not hold spaces, "
			    "control characters, ';', '#' or '\"'", arg);
			return -1;
		}
	}
	for (i = 0; i < nlen;) {
		size_t k = utf8_seq((const unsigned char *)arg + i, nlen - i);
		unsigned long cp = name_codepoint((const unsigned char *)arg + i, k);

		/* Spaces, invisible and direction marks other than ASCII would let a
		 * name pass for another seat's. */
		if (cp == 0xA0 || cp == 0xAD || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200F) ||
		    (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) ||
		    cp == 0x3000 || cp == 0xFEFF || (cp >= 0xFFF0 && cp <= 0xFFFF)) {
			snprintf(err, errlen, "--seat: a name may not hold spaces, invisible "
			    "characters or direction marks");
			return -1;
		}
		i += k > 0 ? k : 1;
	}
	if (arg[0] == '-') {
		snprintf(err, errlen, "--seat '%s': a name may not begin with '-'", arg);
		return -1;
	}
	/* "+2" too: a seat argument reads it as the number 2 (parse_int) */
	if (nlen - (arg[0] == '+') == strspn(arg + (arg[0] == '+'), "0123456789")) {
		snprintf(err, errlen, "--seat '%s': a name may not be a number "
		    "(numbers name seats by position)", arg);
		return -1;
	}
	/* An address mail can be composed to, or every move's mail would fail. */
	if (*email != '\0' && (!compose_addr_ok(email) || strlen(email) >= sizeof(seat->email))) {
		snprintf(err, errlen, "--seat '%s': '%s' is not a mail address", arg, email);
		return -1;
	}
	memcpy(seat->name, arg, nlen);
	snprintf(seat->email, sizeof(seat->email), "%s", email);
	return 0;
}

/*
 * Seat passwords.  A password is SEAT_PASSWORD_LEN characters of the
 * lowercase base32 alphabet (80 bits).  The database keeps
 * "$pbkdf2-sha256$ITERATIONS$SALT$HASH": PBKDF2-HMAC-SHA256 (RFC 8018)
 * with a random 16-byte salt, in hex.  The iterations matter for the
 * 48-bit passwords of databases made before passwords were hashed.
 */
enum { PW_ITERATIONS = 10000, PW_SALT = 16 };

/* PBKDF2-HMAC-SHA256 with one output block (32 bytes). */
static int
pbkdf2_sha256(const char *pw, const uint8_t *salt, size_t saltlen, int iterations,
    unsigned char out[SHA256_LEN])
{
	unsigned char block[PW_SALT + 4], u[SHA256_LEN];
	int i, k;

	if (saltlen > PW_SALT)
		return -1;
	memcpy(block, salt, saltlen);
	memcpy(block + saltlen, "\0\0\0\1", 4);
	if (hmac_sha256(pw, strlen(pw), block, saltlen + 4, u) != 0)
		return -1;
	memcpy(out, u, SHA256_LEN);
	for (i = 1; i < iterations; i++) {
		if (hmac_sha256(pw, strlen(pw), u, SHA256_LEN, u) != 0)
			return -1;
		for (k = 0; k < SHA256_LEN; k++)
			out[k] ^= u[k];
	}
	return 0;
}

/* The stored form of plain with the given salt. */
static int
password_format(const char *plain, const uint8_t salt[PW_SALT], int iterations, char *out,
    size_t len)
{
	unsigned char dk[SHA256_LEN];
	char salthex[2 * PW_SALT + 1], dkhex[2 * SHA256_LEN + 1];
	int n;

	if (pbkdf2_sha256(plain, salt, PW_SALT, iterations, dk) != 0)
		return -1;
	hex_encode(salt, PW_SALT, salthex);
	hex_encode(dk, SHA256_LEN, dkhex);
	n = snprintf(out, len, "$pbkdf2-sha256$%d$%s$%s", iterations, salthex, dkhex);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

int
seat_password_hash(const char *plain, char *out, size_t len)
{
	uint8_t salt[PW_SALT];

	if (random_bytes(salt, sizeof(salt)) != 0)
		return -1;
	return password_format(plain, salt, PW_ITERATIONS, out, len);
}

int
seat_password_check(const char *stored, const char *given)
{
	uint8_t salt[PW_SALT];
	char salthex[2 * PW_SALT + 1], want[160];
	unsigned long iterations;
	size_t n;

	if (given == NULL || *given == '\0' || stored == NULL || *stored == '\0')
		return 0;
	if (stored[0] != '$') {
		/* Plain, from before hashing: compare without an early exit. */
		char a[80] = "", b[80] = "";

		if (strlen(stored) >= sizeof(a) || strlen(given) >= sizeof(b))
			return 0;
		memcpy(a, stored, strlen(stored));
		memcpy(b, given, strlen(given));
		return mem_equal_ct(a, b, sizeof(a));
	}
	if (sscanf(stored, "$pbkdf2-sha256$%lu$%32[0-9a-f]$", &iterations, salthex) != 2 ||
	    iterations < 1 || iterations > 10000000 || hex_decode(salthex, salt, PW_SALT) != 0)
		return 0;
	if (strlen(given) > 256)
		return 0;
	if (password_format(given, salt, (int)iterations, want, sizeof(want)) != 0)
		return 0;
	n = strlen(want);
	return strlen(stored) == n && mem_equal_ct(want, stored, n);
}

int
seat_passwords(struct store_seat *seats, int n, char plain[][32])
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	uint8_t raw[SEAT_PASSWORD_LEN];
	int i, k;

	for (i = 0; i < n; i++) {
		if (random_bytes(raw, sizeof(raw)) != 0)
			return -1;
		for (k = 0; k < SEAT_PASSWORD_LEN; k++)
			plain[i][k] = alphabet[raw[k] & 31];
		plain[i][SEAT_PASSWORD_LEN] = '\0';
		if (seat_password_hash(plain[i], seats[i].password,
		    sizeof(seats[i].password)) != 0)
			return -1;
	}
	return 0;
}

/* One seat whose password is still plain text. */
struct plain_pw {
	int64_t game;
	int idx;
	char hash[160];
};
struct plain_list {
	struct plain_pw *v;
	size_t n, cap;
	int failed;
};

static int
collect_plain(int64_t game, int idx, const char *password, void *arg)
{
	struct plain_list *l = arg;
	struct plain_pw *nv;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		if ((nv = realloc(l->v, l->cap * sizeof(*nv))) == NULL) {
			l->failed = 1;
			return 1;
		}
		l->v = nv;
	}
	l->v[l->n].game = game;
	l->v[l->n].idx = idx;
	if (seat_password_hash(password, l->v[l->n].hash, sizeof(l->v[l->n].hash)) != 0) {
		l->failed = 1;
		return 1;
	}
	l->n++;
	return 0;
}

int
seat_passwords_upgrade(struct store *s)
{
	struct plain_list l = { NULL, 0, 0, 0 };
	char done[16];
	size_t i;
	int rc;

	/*
	 * Once per database: the seats are read once, and a setting says it
	 * was done (every seat made since stores a hash), so a command does
	 * not read every seat of every game the site ever had.
	 */
	if (store_meta_get(s, "seat_passwords", done, sizeof(done)) == STORE_OK &&
	    strcmp(done, "hashed") == 0)
		return STORE_OK;
	rc = store_plain_passwords_each(s, collect_plain, &l);
	if (rc != STORE_OK || l.failed) {
		free(l.v);
		return l.failed ? STORE_ERROR : rc;
	}
	if ((rc = store_begin(s)) != STORE_OK)
		goto out;
	for (i = 0; i < l.n && rc == STORE_OK; i++)
		rc = store_seat_set_password(s, l.v[i].game, l.v[i].idx, l.v[i].hash);
	if (rc == STORE_OK)
		rc = store_meta_add(s, "seat_passwords", "hashed");
	if (rc == STORE_OK)
		rc = store_commit(s);
	if (rc != STORE_OK)
		store_rollback(s);
out:
	free(l.v);
	return rc;
}

struct walk_arg {
	struct loaded *g;
	int reveal;
	int (*fn)(const struct store_move *m, const char *shown, void *arg);
	void *arg;
	char *err;
	size_t errlen;
	int failed;		/* the log did not replay */
	int stopped;		/* fn's non-zero result */
};

/* One move of game_log_walk: its shown form, then the state moves on. */
static int
walk_one(const struct store_move *m, void *arg)
{
	struct walk_arg *a = arg;
	const struct game_rules *r = a->g->rules;
	struct sbuf pub = SBUF_INIT;
	struct game_played pl;
	char e[512];
	int rc;

	if (a->reveal || r->public_text == NULL)
		return (a->stopped = a->fn(m, m->text, a->arg)) != 0;
	if (m->seq != a->g->seq + 1) {
		snprintf(a->err, a->errlen, "move log has a gap before move %d", m->seq);
		a->failed = 1;
		return 1;
	}
	r->public_text(a->g->state, m->seat, m->text, &pub);
	if (pub.oom || r->play(a->g->state, m->seat, m->text, &pl, e, sizeof(e)) != GAME_OK) {
		snprintf(a->err, a->errlen, "move %d no longer replays: %s", m->seq,
		    pub.oom ? "out of memory" : e);
		sb_free(&pub);
		a->failed = 1;
		return 1;
	}
	a->g->seq = m->seq;
	rc = a->fn(m, sb_str(&pub), a->arg);
	sb_free(&pub);
	return (a->stopped = rc) != 0;
}

int
game_log_walk(struct loaded *g, int reveal,
    int (*fn)(const struct store_move *m, const char *shown, void *arg), void *arg,
    char *err, size_t errlen)
{
	struct walk_arg a = { g, reveal, fn, arg, err, errlen, 0, 0 };
	void *saved = g->state;
	int rc;

	err[0] = '\0';
	g->state = NULL;
	if (!reveal && g->rules->public_text != NULL) {
		/* The public forms need the state before each move: replay from the seed. */
		if ((g->state = calloc(1, g->rules->state_size)) == NULL) {
			snprintf(err, errlen, "out of memory");
			g->state = saved;
			return -1;
		}
		if (game_setup_state(g->rules, &g->row, g->state, err, errlen) != 0) {
			free(g->state);
			g->state = saved;
			return -1;
		}
		g->seq = 0;
	}
	rc = store_moves_each(g->store, g->row.id, 1, walk_one, &a);
	free(g->state);
	g->state = saved;
	if (rc != STORE_OK) {
		snprintf(err, errlen, "%s", store_error(g->store));
		return -1;
	}
	if (a.failed)
		return -1;
	return a.stopped;
}
