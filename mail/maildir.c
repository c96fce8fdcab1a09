/*
 * maildir.c - Maildir delivery (see maildir.h).
 */
#include "maildir.h"
#include "../util/private.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define NAME_MAX_LEN 256
#define PATH_LEN 4096
#define MAX_ATTEMPTS 20

static unsigned long delivery_counter;

/* Write "what: path: strerror" into err. */
static void
sys_err(char *err, size_t errlen, const char *what, const char *path)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "maildir: %s %s: %s", what, path,
		    strerror(errno));
}

/* Make one directory unless it exists already. */
static int
make_dir(const char *path)
{
	struct stat st;

	if (mkdir(path, private_mode(PRIVATE_MAILDIR)) == 0)
		return 0;
	if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	if (errno == EEXIST)
		errno = ENOTDIR;
	return -1;
}

/* Make path and every missing parent. */
static int
make_dirs(const char *path, char *err, size_t errlen)
{
	char buf[PATH_LEN];
	size_t len = strlen(path);
	size_t i;

	if (len == 0 || len >= sizeof buf) {
		errno = ENAMETOOLONG;
		sys_err(err, errlen, "cannot create", path);
		return -1;
	}
	/* Most often it is there already: its parents are then not walked. */
	if (make_dir(path) == 0)
		return 0;
	memcpy(buf, path, len + 1);
	for (i = 1; i < len; i++) {
		if (buf[i] != '/')
			continue;
		buf[i] = '\0';
		if (make_dir(buf) != 0) {
			sys_err(err, errlen, "cannot create", buf);
			return -1;
		}
		buf[i] = '/';
	}
	if (make_dir(buf) != 0) {
		sys_err(err, errlen, "cannot create", buf);
		return -1;
	}
	return 0;
}

/* Create the Maildir and its three folders; see maildir.h. */
int
maildir_create(const char *dir, char *err, size_t errlen)
{
	static const char *const sub[3] = { "tmp", "new", "cur" };
	char path[PATH_LEN];
	int i;

	if (make_dirs(dir, err, errlen) != 0)
		return -1;
	for (i = 0; i < 3; i++) {
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, sub[i]) >=
		    sizeof path || make_dir(path) != 0) {
			sys_err(err, errlen, "cannot create", path);
			return -1;
		}
	}
	return 0;
}

/* Read a few random bits from the kernel to make names unguessable across
 * hosts sharing a folder; falls back to the clock when unavailable. */
static unsigned int
random_bits(void)
{
	unsigned int r = 0;
	int fd;

	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (read(fd, &r, sizeof r) != (ssize_t)sizeof r)
			r = 0;
		close(fd);
	}
	if (r == 0) {
		struct timespec ts;

		if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
			r = (unsigned int)ts.tv_nsec;
	}
	return r;
}

/* Build a fresh unique base name into name. */
static int
unique_name(char *name, size_t len)
{
	char host[HOST_NAME_MAX + 1];
	struct timeval tv;
	size_t i;
	int n;

	if (gettimeofday(&tv, NULL) != 0)
		return -1;
	if (gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "localhost");
	host[sizeof host - 1] = '\0';
	for (i = 0; host[i] != '\0'; i++)
		if (host[i] == '/' || host[i] == ':')
			host[i] = '_';
	delivery_counter++;
	n = snprintf(name, len, "%lld.M%ldP%ldQ%luR%08x.%s",
	    (long long)tv.tv_sec, (long)tv.tv_usec, (long)getpid(),
	    delivery_counter, random_bits(), host);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* Write all of msg to fd and fsync it. */
static int
write_all(int fd, const char *msg, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t w = write(fd, msg + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		done += (size_t)w;
	}
	return fsync(fd);
}

/* fsync a directory so a rename or link in it is durable. */
static int
sync_dir(const char *path)
{
	int fd;
	int rc;

	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* Create a new file in tmp/ with a unique name; on success the open
 * descriptor is returned and tmp_path/new_path are filled. */
static int
open_unique(const char *dir, char *tmp_path, char *new_path, char *err,
    size_t errlen)
{
	char name[NAME_MAX_LEN];
	int attempt;

	for (attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		int fd;

		if (unique_name(name, sizeof name) != 0 ||
		    (size_t)snprintf(tmp_path, PATH_LEN, "%s/tmp/%s", dir,
		    name) >= PATH_LEN ||
		    (size_t)snprintf(new_path, PATH_LEN, "%s/new/%s", dir,
		    name) >= PATH_LEN) {
			errno = ENAMETOOLONG;
			sys_err(err, errlen, "cannot name a file in", dir);
			return -1;
		}
		fd = open(tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		    private_mode(PRIVATE_MAIL_TMP));
		if (fd >= 0)
			return fd;
		if (errno != EEXIST) {
			sys_err(err, errlen, "cannot create", tmp_path);
			return -1;
		}
	}
	sys_err(err, errlen, "no unique name available in", dir);
	return -1;
}

/* Move the finished file from tmp/ to new/ without overwriting anything. */
static int
publish(const char *tmp_path, const char *new_path)
{
	if (link(tmp_path, new_path) == 0) {
		if (unlink(tmp_path) != 0)
			return -1;
		return 0;
	}
	if (errno != EPERM && errno != ENOTSUP && errno != EXDEV)
		return -1;
	if (access(new_path, F_OK) == 0) {
		errno = EEXIST;
		return -1;
	}
	return rename(tmp_path, new_path);
}

/*
 * Write msg into the open fd of tmp_path, close it, link it to new_path
 * and, unless nosync, sync dir/new.  0 when published; 1 when new_path
 * existed already (the file in tmp/ is removed); -1 with err set.
 */
static int
fill_and_publish(int fd, const char *dir, const char *tmp_path, const char *new_path,
    const char *msg, size_t len, int nosync, char *err, size_t errlen)
{

	if (write_all(fd, msg, len) != 0) {
		sys_err(err, errlen, "cannot write", tmp_path);
		close(fd);
		unlink(tmp_path);
		return -1;
	}
	if (close(fd) != 0) {
		sys_err(err, errlen, "cannot close", tmp_path);
		unlink(tmp_path);
		return -1;
	}
	if (publish(tmp_path, new_path) != 0) {
		int already = errno == EEXIST;

		if (!already)
			sys_err(err, errlen, "cannot move the message to", new_path);
		unlink(tmp_path);
		if (!already)
			return -1;
		return 1;
	}
	return nosync ? 0 : maildir_sync_new(dir, err, errlen);
}

int
maildir_sync_new(const char *dir, char *err, size_t errlen)
{
	char new_dir[PATH_LEN];

	snprintf(new_dir, sizeof new_dir, "%s/new", dir);
	if (sync_dir(new_dir) != 0) {
		sys_err(err, errlen, "cannot sync", new_dir);
		return -1;
	}
	return 0;
}

/* Deliver one message; see maildir.h. */
int
maildir_deliver(const char *dir, const char *msg, size_t len, char *path,
    size_t pathlen, char *err, size_t errlen)
{
	char tmp_path[PATH_LEN];
	char new_path[PATH_LEN];
	int fd;

	if (maildir_create(dir, err, errlen) != 0)
		return -1;
	fd = open_unique(dir, tmp_path, new_path, err, errlen);
	if (fd < 0)
		return -1;
	switch (fill_and_publish(fd, dir, tmp_path, new_path, msg, len, 0, err, errlen)) {
	case 0:
		break;
	case 1:		/* a unique name taken meanwhile: nothing was delivered */
		errno = EEXIST;
		sys_err(err, errlen, "cannot move the message to", new_path);
		return -1;
	default:
		return -1;
	}
	if (path != NULL && (size_t)snprintf(path, pathlen, "%s", new_path) >=
	    pathlen) {
		errno = ENAMETOOLONG;
		sys_err(err, errlen, "path buffer too small for", new_path);
		return -1;
	}
	return 0;
}

/* 1 when dir/sub holds name, or (in cur/) name with flags "name:2,...". */
static int
holds(const char *dir, const char *sub, const char *name)
{
	char path[PATH_LEN];
	size_t n = strlen(name);
	struct dirent *e;
	DIR *d;
	int found = 0;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if ((d = opendir(path)) == NULL)
		return 0;
	while (!found && (e = readdir(d)) != NULL)
		found = strncmp(e->d_name, name, n) == 0 &&
		    (e->d_name[n] == '\0' || e->d_name[n] == ':');
	closedir(d);
	return found;
}

/* Deliver under a name of the caller's; see maildir.h. */
int
maildir_deliver_once(const char *dir, const char *name, const char *msg, size_t len,
    int flags, char *err, size_t errlen)
{
	char tmp_path[PATH_LEN], new_path[PATH_LEN];
	int fd;

	if (strchr(name, '/') != NULL || strchr(name, ':') != NULL || name[0] == '.') {
		errno = EINVAL;
		sys_err(err, errlen, "cannot use the file name", name);
		return -1;
	}
	if (!(flags & MAILDIR_MADE) && maildir_create(dir, err, errlen) != 0)
		return -1;
	if ((size_t)snprintf(new_path, sizeof new_path, "%s/new/%s", dir, name) >=
	    sizeof new_path ||
	    (size_t)snprintf(tmp_path, sizeof tmp_path, "%s/tmp/%s.P%ldQ%lu", dir, name,
	    (long)getpid(), ++delivery_counter) >= sizeof tmp_path) {
		errno = ENAMETOOLONG;
		sys_err(err, errlen, "cannot name a file in", dir);
		return -1;
	}
	/* A reader may have moved it to cur/ already. */
	if ((flags & MAILDIR_LOOK) && (access(new_path, F_OK) == 0 || holds(dir, "cur", name)))
		return 1;
	fd = open(tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    private_mode(PRIVATE_MAIL_TMP));
	if (fd < 0) {
		sys_err(err, errlen, "cannot create", tmp_path);
		return -1;
	}
	/* A file of that name in new/ means delivered already: that is success. */
	return fill_and_publish(fd, dir, tmp_path, new_path, msg, len, flags & MAILDIR_NOSYNC,
	    err, errlen) < 0 ? -1 : 0;
}

int
maildir_clean_tmp(const char *dir, const char *mark, long max_age)
{
	char path[PATH_LEN], file[PATH_LEN];
	struct dirent *e;
	struct stat st;
	time_t now = time(NULL);
	DIR *d;
	int n = 0;

	snprintf(path, sizeof path, "%s/tmp", dir);
	if ((d = opendir(path)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (strstr(e->d_name, mark) == NULL ||
		    (size_t)snprintf(file, sizeof file, "%s/%s", path, e->d_name) >=
		    sizeof file)
			continue;
		if (lstat(file, &st) == 0 && S_ISREG(st.st_mode) &&
		    now - st.st_mtime > max_age && unlink(file) == 0)
			n++;
	}
	closedir(d);
	return n;
}
