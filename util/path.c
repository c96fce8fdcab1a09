/* path.c - where a path leads; see path.h. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"

int
path_resolve(const char *path, char *out, size_t len)
{
	char cur[PATH_MAX], real[PATH_MAX], link[PATH_MAX], dir[PATH_MAX];
	const char *slash, *base;
	struct stat st;
	ssize_t n;
	int hops;

	if (path == NULL || *path == '\0' || strlen(path) >= sizeof(cur))
		return -1;
	snprintf(cur, sizeof(cur), "%s", path);
	for (hops = 0; hops < 40; hops++) {
		if (realpath(cur, real) != NULL)
			break;
		/* A dangling link leads where it points, as open(O_CREAT) goes. */
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			slash = strrchr(cur, '/');
			base = slash == NULL ? cur : slash + 1;
			if (slash == NULL)
				snprintf(dir, sizeof(dir), ".");
			else
				snprintf(dir, sizeof(dir), "%.*s", slash == cur ? 1 : (int)(slash - cur),
				    cur);
			if (realpath(dir, real) == NULL || strlen(real) + strlen(base) + 2 > len)
				return -1;
			snprintf(out, len, "%s%s%s", real, strcmp(real, "/") == 0 ? "" : "/", base);
			return 0;
		}
		if ((n = readlink(cur, link, sizeof(link) - 1)) < 0)
			return -1;
		link[n] = '\0';
		if (link[0] == '/' || (slash = strrchr(cur, '/')) == NULL)
			snprintf(dir, sizeof(dir), "%s", link);
		else if (snprintf(dir, sizeof(dir), "%.*s/%s", (int)(slash - cur), cur, link) >=
		    (int)sizeof(dir))
			return -1;
		snprintf(cur, sizeof(cur), "%s", dir);
	}
	if (hops == 40 || strlen(real) >= len) {
		errno = ELOOP;
		return -1;
	}
	snprintf(out, len, "%s", real);
	return 0;
}

int
path_same(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return path_resolve(a, ra, sizeof(ra)) == 0 && path_resolve(b, rb, sizeof(rb)) == 0 &&
	    strcmp(ra, rb) == 0;
}

int
path_within(const char *path, const char *dir)
{
	char rp[PATH_MAX], rd[PATH_MAX], *slash;
	struct stat sd, sa;
	size_t n;

	if (path_resolve(path, rp, sizeof(rp)) != 0 || path_resolve(dir, rd, sizeof(rd)) != 0)
		return 0;
	n = strlen(rd);
	if (strncmp(rp, rd, n) == 0 && (rp[n] == '\0' || rp[n] == '/' || strcmp(rd, "/") == 0))
		return 1;
	/* The same directory by another path (a bind mount): each directory
	 * above the path, and the path itself, by device and inode. */
	if (stat(rd, &sd) != 0)
		return 0;
	for (;;) {
		if (stat(rp, &sa) == 0 && sa.st_dev == sd.st_dev && sa.st_ino == sd.st_ino)
			return 1;
		if ((slash = strrchr(rp, '/')) == NULL || slash == rp)
			return 0;
		*slash = '\0';
	}
}

int
path_dir_holds(const char *dir, const struct stat *st)
{
	char path[PATH_MAX];
	struct dirent *e;
	struct stat mine;
	DIR *d = opendir(dir);
	int found = 0;

	if (d == NULL)
		return 0;
	while (!found && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path))
			continue;
		found = stat(path, &mine) == 0 && mine.st_dev == st->st_dev &&
		    mine.st_ino == st->st_ino;
	}
	closedir(d);
	return found;
}
