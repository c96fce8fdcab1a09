/*
 * path.h - where a path leads, for telling whether two paths name the
 * same file when one of them may not exist yet (a file a command is asked
 * to write, against the files arbiter keeps).
 */
#ifndef ARBITER_UTIL_PATH_H
#define ARBITER_UTIL_PATH_H

#include <stddef.h>

/*
 * The absolute path that path leads to, every symbolic link followed (a
 * dangling one too, to where it points): realpath's when the file
 * exists, else its directory's resolved path and its last name.  0, or -1
 * when not even the directory resolves (or the result does not fit).
 */
int path_resolve(const char *path, char *out, size_t len);

/* 1 when a and b name the same file: the same device and inode when both
 * exist (a hard link is the same file), else the same resolved path. */
int path_same(const char *a, const char *b);

/* 1 when path is the directory dir or lies anywhere below it (resolved),
 * also when it reaches dir by another path (a bind mount: by device and
 * inode). */
int path_within(const char *path, const char *dir);

/* 1 when a file of the directory dir (its entries, links followed, not
 * below) is the file st describes: the same device and inode. */
struct stat;
int path_dir_holds(const char *dir, const struct stat *st);

#endif
