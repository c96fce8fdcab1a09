/*
 * enumerate.c - the machinery of tests/unit/test_enumerate.c: its sandbox,
 * the commands it runs there through cli_main, the mail they queue read as
 * its reader reads it, the files they write held against private_files.
 */
#define _XOPEN_SOURCE 700	/* nftw */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "enumerate.h"
#include "../cli/cli.h"
#include "../mail/inbound.h"
#include "../store/store_int.h"

char ROOT[64], SITE[96], TEST[96], SCRATCH[96], HOMEDIR[96];
long long NOW = T0;
const char *SITE_ADDRESS = "games@example.org";

char addrs[MAX_ADDRS][STORE_EMAIL_MAX];
int naddrs;

int
addr_bit(const char *a)
{
	int i;

	for (i = 0; i < naddrs; i++)
		if (strcasecmp(addrs[i], a) == 0)
			return i;
	assert_true(naddrs < MAX_ADDRS);
	snprintf(addrs[naddrs], sizeof(addrs[0]), "%s", a);
	return naddrs++;
}
#define ADDR(a) (1ULL << addr_bit(a))
#define EVERYONE (~0ULL)

/*
 * text with every run of spaces and tabs one space, no space at the ends
 * of its lines, CR LF as LF, and HTML's entities decoded; malloc'ed.
 */
char *
collapse(const char *text)
{
	static const struct { const char *ent; char c; } ents[] = {
		{ "&lt;", '<' }, { "&gt;", '>' }, { "&amp;", '&' }, { "&quot;", '"' },
		{ "&#39;", '\'' },
	};
	char *out = malloc(strlen(text) + 2), *o = out;
	size_t i;

	assert_non_null(out);
	while (*text != '\0') {
		if (*text == ' ' || *text == '\t' || *text == '\r') {
			while (*text == ' ' || *text == '\t' || *text == '\r')
				text++;
			if (o > out && o[-1] != '\n' && *text != '\n' && *text != '\0')
				*o++ = ' ';
			continue;
		}
		for (i = 0; i < sizeof(ents) / sizeof(ents[0]); i++)
			if (strncmp(text, ents[i].ent, strlen(ents[i].ent)) == 0)
				break;
		if (i < sizeof(ents) / sizeof(ents[0])) {
			*o++ = ents[i].c;
			text += strlen(ents[i].ent);
		} else
			*o++ = *text++;
	}
	*o = '\0';
	return out;
}

static int
wordch(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * needle in hay, not inside a longer word on either side; with whole, a
 * line's whole text: what follows ends a line (of text, of a JSON string,
 * of a command in a list joined by ';').
 */
int
found_word(const char *hay, const char *needle, int whole)
{
	size_t n = strlen(needle);
	const char *p = hay;

	while ((p = strstr(p, needle)) != NULL) {
		int before = p == hay || !wordch(p[-1]) || !wordch(needle[0]);
		int after = whole ? strchr("\n\\\";", p[n]) != NULL :
		    !wordch(p[n]) || !wordch(needle[n - 1]);

		if (before && after)
			return 1;
		p++;
	}
	return 0;
}

/* 1 when p[0..n) is text: UTF-8, no NUL byte. */
static int
is_text(const char *p, size_t n)
{
	size_t i = 0, k, more;

	while (i < n) {
		unsigned char c = (unsigned char)p[i];

		if (c == 0)
			return 0;
		if (c < 0x80) {
			i++;
			continue;
		}
		more = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 0;
		if (more == 0 || i + more >= n)
			return 0;
		for (k = 1; k <= more; k++)
			if (((unsigned char)p[i + k] & 0xc0) != 0x80)
				return 0;
		i += more + 1;
	}
	return 1;
}

/* 1 when p[0..n) is a picture arbiter draws: a PNG or an SVG. */
static int
is_picture(const char *p, size_t n)
{
	return (n >= 8 && memcmp(p, "\x89PNG\r\n\x1a\n", 8) == 0) ||
	    (n >= 5 && memcmp(p, "<?xml", 5) == 0 && strstr(p, "<svg") != NULL);
}

int pictures_allowed;
long pictures_read;

/*
 * What can be read for hidden information is text: a text search in other
 * bytes would find nothing and prove nothing.  A picture passes only where
 * the caller allows one (pictures_allowed: a public probe), because a
 * picture is drawn from the public view alone (report_picture gives the
 * drawer report_json(g, -1), read here as text by the json probes), and
 * test_picture.c proves that hidden parts change no byte of it.  Other
 * bytes fail until this test is taught to read them.
 */
static void
must_be_text(const char *what, const char *p, size_t n)
{
	if (is_picture(p, n)) {
		if (!pictures_allowed)
			fail_msg("%s is a picture where only the public may look, and this "
			    "reader is not the public", what);
		pictures_read++;
		return;
	}
	if (!is_text(p, n))
		fail_msg("%s is not text (a picture?): this test cannot read it for hidden "
		    "information; teach it to (tests/enumerate.c, tests/secrets.c)", what);
}

char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL)
		return strdup("");
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	if (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	buf[n] = '\0';
	fclose(f);
	must_be_text(path, buf, (size_t)n);
	return buf;
}

void
spew(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* 1 when head holds word, in any case. */
static int
has_ci(const char *head, const char *word)
{
	size_t n = strlen(word);

	for (; *head != '\0'; head++)
		if (strncasecmp(head, word, n) == 0)
			return 1;
	return 0;
}

/* Decode one MIME part's body (quoted-printable, base64 or as it is) onto out. */
static void
decode_part(const char *head, const char *body, size_t len, struct sbuf *out)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;

	if (has_ci(head, "quoted-printable")) {
		for (i = 0; i < len; i++) {
			if (body[i] == '=' && i + 2 < len && body[i + 1] == '\r')
				i += 2;
			else if (body[i] == '=' && i + 2 < len && isxdigit((unsigned char)body[i + 1])) {
				char h[3] = { body[i + 1], body[i + 2], 0 };

				sb_putc(out, (char)strtol(h, NULL, 16));
				i += 2;
			} else
				sb_putc(out, body[i]);
		}
	} else if (has_ci(head, "Content-Transfer-Encoding: base64")) {
		unsigned v = 0;
		int bits = 0;

		for (i = 0; i < len; i++) {
			const char *p = body[i] != '\0' ? strchr(b64, body[i]) : NULL;

			if (p == NULL)
				continue;
			v = (v << 6) | (unsigned)(p - b64);
			if ((bits += 6) >= 8) {
				bits -= 8;
				sb_putc(out, (char)((v >> bits) & 0xff));
			}
		}
	} else
		sb_putn(out, body, len);
	must_be_text("a part of a mail", out->s != NULL ? out->s : "", out->len);
	sb_putc(out, '\n');
}

/* Everything a mail's reader reads: its subject and every part, decoded. */
char *
mail_text(const char *msg, size_t len)
{
	struct sbuf out = SBUF_INIT;
	struct inbound in;
	char err[256], boundary[200] = "";
	const char *b = strstr(msg, "boundary=\""), *p;

	memset(&in, 0, sizeof(in));
	if (inbound_parse(msg, len, &in, err, sizeof(err)) == 0 && in.subject != NULL)
		sb_printf(&out, "%s\n", in.subject);
	inbound_free(&in);
	if (b != NULL)
		snprintf(boundary, sizeof(boundary), "--%.*s", (int)strcspn(b + 10, "\""), b + 10);
	if (boundary[0] == '\0') {
		p = strstr(msg, "\r\n\r\n");
		decode_part(msg, p != NULL ? p + 4 : msg, p != NULL ? len - (size_t)(p + 4 - msg) :
		    len, &out);
		return sb_take(&out);
	}
	for (p = strstr(msg, boundary); p != NULL;) {
		const char *head = p + strlen(boundary), *body = strstr(head, "\r\n\r\n"), *end;
		char *h;

		if (body == NULL || strncmp(head, "--", 2) == 0)
			break;
		end = strstr(body + 4, boundary);
		if (end == NULL)
			end = msg + len;
		h = strndup(head, (size_t)(body - head));
		decode_part(h, body + 4, (size_t)(end - body - 4), &out);
		free(h);
		p = end < msg + len ? end : NULL;
	}
	return sb_take(&out);
}

int files_met[PRIVATE_NKINDS];

/* The kind of private file path is in dir (with its databases *.db), or -1. */
static int
file_kind(const char *dir, const char *path, int isdir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int k, found = -1;

	assert_non_null(d);
	while (found < 0 && (e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		char db[600], maildir[640];

		if (n < 4 || strcmp(e->d_name + n - 3, ".db") != 0)
			continue;
		snprintf(db, sizeof(db), "%s/%s", dir, e->d_name);
		snprintf(maildir, sizeof(maildir), "%s.mail", db);
		for (k = 0; k < PRIVATE_NKINDS && found < 0; k++) {
			const struct private_file *f = &private_files[k];
			char pat[800];

			if (f->dir != isdir)
				continue;
			if (strncmp(f->pattern, "DB", 2) == 0)
				snprintf(pat, sizeof(pat), "%s%s", db, f->pattern + 2);
			else if (strncmp(f->pattern, "MAILDIR", 7) == 0)
				snprintf(pat, sizeof(pat), "%s%s", maildir, f->pattern + 7);
			else if (strcmp(f->pattern, "OUTPUT") == 0)	/* the tests name it output */
				snprintf(pat, sizeof(pat), "%s/output", dir);
			else
				fail_msg("private_files has a place this test cannot find: %s",
				    f->pattern);
			if (fnmatch(pat, path, FNM_PATHNAME) == 0)
				found = k;
		}
	}
	closedir(d);
	return found;
}

/* Every file and directory under dir: one of private_files, with its mode. */
void
check_files(const char *top, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		struct stat st;
		int k;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		assert_int_equal(lstat(path, &st), 0);
		k = file_kind(top, path, S_ISDIR(st.st_mode));
		if (k < 0)
			fail_msg("%s was written, and it is no file of private_files", path);
		if ((st.st_mode & 07777) != private_files[k].mode)
			fail_msg("%s has mode %04o, not %04o (%s)", path, st.st_mode & 07777,
			    (unsigned)private_files[k].mode, private_files[k].pattern);
		files_met[k]++;
		if (S_ISDIR(st.st_mode))
			check_files(top, path);
	}
	closedir(d);
}

void
run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

/* The sizes and times of db and its log, to know whether a command changed them. */
void
stamp(const char *db, char *out)
{
	char path[300];
	struct stat a, b;

	snprintf(path, sizeof(path), "%s-wal", db);
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	(void)stat(db, &a);
	(void)stat(path, &b);
	snprintf(out, 200, "%lld.%ld.%lld %lld.%ld.%lld", (long long)a.st_size,
	    (long)a.st_mtim.tv_nsec, (long long)a.st_mtim.tv_sec, (long long)b.st_size,
	    (long)b.st_mtim.tv_nsec, (long long)b.st_mtim.tv_sec);
}

unsigned runs;	/* commands run so far */
const char *run_deliver = "foreground";

/*
 * Run `arbiter --db DB --format FMT ARGS...` in the directory dir, as the
 * program would (cli_main), in a child; input from the file in (or none).
 */
void
run_cli(const char *dir, const char *db, const char *fmt, char **args, int nargs,
    const char *in, struct run *r)
{
	char out[200], err[200];
	pid_t pid;
	int status;

	snprintf(out, sizeof(out), "%s/out", TEST);
	snprintf(err, sizeof(err), "%s/err", TEST);
	fflush(NULL);
	runs++;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char *argv[MAX_ARGS + 8], now[32], seed[80];
		int argc = 0, i, fd;

		alarm(120);
		if (chdir(dir) != 0)
			_exit(120);
		snprintf(now, sizeof(now), "%lld", NOW);
		setenv("ARBITER_NOW", now, 1);
		setenv("HOME", HOMEDIR, 1);
		setenv("ARBITER_FROM", SITE_ADDRESS, 1);
		/* Every file is written before the command returns (the walk
		   of file modes follows at once), or before the delivery
		   lets go of its lock (run_deliver, below). */
		setenv("ARBITER_DELIVER", run_deliver, 1);
		/* The same games every run (ENUM_SEED: others), each game a seed of its own. */
		snprintf(seed, sizeof(seed), "%.56s%08x", getenv("ENUM_SEED") != NULL &&
		    strlen(getenv("ENUM_SEED")) >= 56 ? getenv("ENUM_SEED") :
		    "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00", runs);
		setenv("ARBITER_TEST_SEED", seed, 1);
		unsetenv("ARBITER_DB");
		unsetenv("ARBITER_MAILDIR");
		unsetenv("ARBITER_SMTP_URL");
		unsetenv("EXTENSION");
		fd = open(in != NULL ? in : "/dev/null", O_RDONLY);
		dup2(fd, 0);
		fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		dup2(fd, 1);
		fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		dup2(fd, 2);
		argv[argc++] = (char *)"arbiter";
		argv[argc++] = (char *)"--db";
		argv[argc++] = (char *)db;
		argv[argc++] = (char *)"--format";
		argv[argc++] = (char *)fmt;
		for (i = 0; i < nargs; i++)
			argv[argc++] = args[i];
		argv[argc] = NULL;
		i = cli_main(argc, argv);
		fflush(NULL);
		_exit(i);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (strcmp(run_deliver, "background") == 0) {
		/* The detached delivery holds DB-deliver until it is done. */
		char lock[300];
		int fd;

		snprintf(lock, sizeof(lock), "%s-deliver", db);
		if ((fd = open(lock, O_RDWR)) >= 0) {
			assert_int_equal(flock(fd, LOCK_EX), 0);
			close(fd);
		}
	}
	r->out = slurp(out);
	r->err = slurp(err);
	r->rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (strstr(r->err, "Sanitizer") != NULL || strstr(r->err, "runtime error") != NULL ||
	    r->rc >= 128)
		fail_msg("arbiter %s crashed (%d): %s", nargs > 0 ? args[0] : "", r->rc, r->err);
}

/* Split line at spaces into argv (in place); the number of words. */
int
words(char *line, char **argv, int max)
{
	int n = 0;
	char *p = strtok(line, " ");

	while (p != NULL && n < max) {
		argv[n++] = p;
		p = strtok(NULL, " ");
	}
	return n;
}

/* Copy the file from into to (mode 0600), if from exists. */
void
copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out;
	char buf[65536];
	size_t n;

	if (in == NULL)
		return;
	out = fopen(to, "wb");
	assert_non_null(out);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	fclose(out);
	assert_int_equal(chmod(to, 0600), 0);
}

static int
remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Remove path and all below it. */
void
remove_tree(const char *path)
{
	(void)nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}
