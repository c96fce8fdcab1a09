/* util.c - small helpers of the application layer; see app.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "config.h"
#include "../util/path.h"
#include "../util/private.h"

int64_t
now_epoch(void)
{
	const char *e = getenv("ARBITER_NOW");
	long v;

	/* Tests set the clock; nothing else reads this variable. */
	if (e != NULL && parse_int(e, 0, 0x7fffffffL, &v) == 0)
		return v;
	return (int64_t)time(NULL);
}

int
read_all(FILE *f, char **out, size_t *len)
{
	struct sbuf b = SBUF_INIT;
	char chunk[8192];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		sb_putn(&b, chunk, n);
		if (b.len > 64u * 1024 * 1024) {
			sb_free(&b);
			errno = EFBIG;
			return -1;
		}
	}
	if (ferror(f) || b.oom) {
		sb_free(&b);
		return -1;
	}
	if (len != NULL)
		*len = b.len;
	*out = sb_take(&b);
	return *out != NULL ? 0 : -1;
}

int
read_prefix(FILE *f, size_t max, char **out, size_t *len, size_t *total)
{
	struct sbuf b = SBUF_INIT;
	char chunk[65536];
	size_t n;

	*total = 0;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		*total += n;
		if (b.len < max)
			sb_putn(&b, chunk, n < max - b.len ? n : max - b.len);
	}
	if (ferror(f) || b.oom) {
		sb_free(&b);
		return -1;
	}
	*len = b.len;
	*out = sb_take(&b);
	return *out != NULL ? 0 : -1;
}

int
read_file(const char *path, char **out, size_t *len)
{
	FILE *f = fopen(path, "rb");
	int rc;

	if (f == NULL)
		return -1;
	rc = read_all(f, out, len);
	fclose(f);
	return rc;
}

/* 1 when path is one of arbiter's own files (the database's, s's; those
 * of the site's configuration), there or not yet; its name in ours. */
static int
own_file(struct ctx *c, struct store *s, const char *path, char *ours, size_t len)
{
	return store_keeps(s, path, ours, len) ||
	    (c->cfg != NULL && config_keeps(c->cfg, s, path, ours, len));
}

int
write_output(struct ctx *c, struct store *s, const char *opt, const char *path,
    const void *data, size_t len)
{
	char ours[4200] = "", self[64], made[4200];
	const char *p = data;
	struct stat st;
	int fd, created, e;

	if (own_file(c, s, path, ours, sizeof(ours)))
		goto refuse;
	/* Made, or opened as it is (not emptied yet): judged again as the file
	 * opened, wherever a link swapped in since led the path. */
	created = (fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
	    private_mode(PRIVATE_OUTPUT))) >= 0;
	if (fd < 0 && errno == EEXIST)
		fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		errx_line(c, "cannot create %s: %s", path, strerror(errno));
		return EXIT_CANTCREAT;
	}
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	if (own_file(c, s, self, ours, sizeof(ours))) {
		if (created && path_resolve(self, made, sizeof(made)) == 0)
			(void)unlink(made);
		close(fd);
		goto refuse;
	}
	/* A file that was there is emptied, and keeps no wider mode than one
	 * arbiter makes. */
	if (fstat(fd, &st) != 0 || (S_ISREG(st.st_mode) && (ftruncate(fd, 0) != 0 ||
	    (st.st_uid == geteuid() && (st.st_mode & 07777) != private_mode(PRIVATE_OUTPUT) &&
	    fchmod(fd, private_mode(PRIVATE_OUTPUT)) != 0))))
		goto fail;
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		p += n;
		len -= (size_t)n;
	}
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	return EXIT_OK;
fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	errx_line(c, "cannot write %s: %s", path, strerror(e));
	return EXIT_IOERR;
refuse:
	errx_line(c, "%s %s: arbiter will not write %s, one of its own files; name another "
	    "file", opt, path, ours);
	return EXIT_CANTCREAT;
}

int
random_bytes(uint8_t *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = getrandom(buf + got, len - got, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)n;
	}
	return 0;
}

void
hex_encode(const uint8_t *buf, size_t len, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		out[2 * i] = digits[buf[i] >> 4];
		out[2 * i + 1] = digits[buf[i] & 15];
	}
	out[2 * len] = '\0';
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
hex_decode(const char *hex, uint8_t *buf, size_t len)
{
	size_t i;

	if (strlen(hex) != 2 * len)
		return -1;
	for (i = 0; i < len; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		buf[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

void
errx_line(const struct ctx *c, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	size_t i;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/*
	 * One line, whatever the input it quotes holds: a control character
	 * (a newline, a carriage return, an escape) is shown as '?'.
	 */
	for (i = 0; line[i] != '\0'; i++)
		if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
			line[i] = '?';
	fprintf(stderr, "%s: %s\n", c->prog, line);
}

/* The exit code for a STORE_* failure, printing nothing. */
int
store_exit_code(int rc)
{
	switch (rc) {
	case STORE_BUSY:
	case STORE_FULL:
		return EXIT_TEMPFAIL;
	case STORE_NOTFOUND:
		return EXIT_NOGAME;
	case STORE_DENIED:
		return EXIT_CONFIG;	/* the file's permissions: the site's setup */
	case STORE_UNAVAILABLE:
		return EXIT_UNAVAILABLE;	/* as libcurl and GMime missing: 69 */
	default:
		return EXIT_IOERR;
	}
}

int
store_exit(struct store *s, int rc)
{
	const char *why = s != NULL ? store_error(s) : "";

	/* Never an empty line: a failure without a text still says what failed. */
	fprintf(stderr, "arbiter: %s\n", *why != '\0' ? why : "the database failed without "
	    "giving a reason");
	return store_exit_code(rc);
}

/* A decimal integer in [min, max], the whole string; 0 or -1. */
int
parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	/* White space is refused at either end (strtol would skip it before). */
	if (s == NULL || *s == '\0' || strchr(" \t\n\v\f\r", *s) != NULL)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* A game id: "42" or "#42". */
int
parse_game_id(const char *s, int64_t *id)
{
	long v;

	if (s != NULL && s[0] == '#')
		s++;
	if (parse_int(s, 1, 2147483647L, &v) != 0)
		return -1;
	*id = v;
	return 0;
}

/* A JSON string's bytes, escaped as jansson escapes them (no flags). */
static void
put_json_string(struct sbuf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, run = 0;

	sb_putc(b, '"');
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *esc;
		char u[7];

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		sb_putn(b, s + run, i - run);
		run = i + 1;
		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		default:
			memcpy(u, "\\u00", 4);
			u[4] = hex[c >> 4];
			u[5] = hex[c & 15];
			u[6] = '\0';
			esc = u;
			break;
		}
		sb_puts(b, esc);
	}
	sb_putn(b, s + run, n - run);
	sb_putc(b, '"');
}

/* 0, or -1 when a value could not be written (b->oom is checked by the caller). */
static int
put_json(struct sbuf *b, const json_t *v)
{
	char num[24];
	const json_t *e;
	void *it;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		sb_putc(b, '{');
		for (it = json_object_iter((json_t *)v); it != NULL;
		    it = json_object_iter_next((json_t *)v, it)) {
			if (it != json_object_iter((json_t *)v))
				sb_putc(b, ',');
			put_json_string(b, json_object_iter_key(it), json_object_iter_key_len(it));
			sb_putc(b, ':');
			if (put_json(b, json_object_iter_value(it)) != 0)
				return -1;
		}
		sb_putc(b, '}');
		return 0;
	case JSON_ARRAY:
		sb_putc(b, '[');
		json_array_foreach(v, i, e) {
			if (i > 0)
				sb_putc(b, ',');
			if (put_json(b, e) != 0)
				return -1;
		}
		sb_putc(b, ']');
		return 0;
	case JSON_STRING:
		put_json_string(b, json_string_value(v), json_string_length(v));
		return 0;
	case JSON_INTEGER: {
		/* "%lld", by hand: the views hold hundreds */
		json_int_t n = json_integer_value(v);
		unsigned long long u = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
		char *d = num + sizeof(num);

		do
			*--d = (char)('0' + u % 10);
		while ((u /= 10) > 0);
		if (n < 0)
			*--d = '-';
		sb_putn(b, d, (size_t)(num + sizeof(num) - d));
		return 0;
	}
	case JSON_REAL: {
		/* jansson's own shortest form of a double */
		char *r = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);

		if (r == NULL)
			return -1;
		sb_puts(b, r);
		free(r);
		return 0;
	}
	case JSON_TRUE:
		sb_puts(b, "true");
		return 0;
	case JSON_FALSE:
		sb_puts(b, "false");
		return 0;
	default:
		sb_puts(b, "null");
		return 0;
	}
}

char *
json_compact(const json_t *v)
{
	struct sbuf b = SBUF_INIT;

	if (v == NULL || !(json_is_object(v) || json_is_array(v)) || put_json(&b, v) != 0 ||
	    b.oom) {
		sb_free(&b);
		return NULL;
	}
	return sb_take(&b);
}
