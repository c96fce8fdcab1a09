/*
 * timer.c - time one child process, and nothing else.
 *
 *   timer [-e ERRFILE] [-i INFILE] CMD [ARGS...]
 *
 * Prints "NANOSECONDS MAX-RSS-KB" of CMD on stdout.  The clock is read
 * just before the child is spawned and just after wait4() returns it, so
 * the timed region holds the child's own start-up, work and exit, and no
 * shell, no `date`, no /usr/bin/time.  The child's stdout goes to
 * /dev/null, its stderr to ERRFILE (default /dev/null) and its stdin
 * comes from INFILE (default /dev/null); those files are opened before
 * the clock starts.  The peak memory is the child's own, from the
 * rusage wait4() returns.  Exits 1 when CMD fails (its stderr is then
 * copied to ours) or cannot run.
 *
 * The bench scripts (bench/summary.sh's `run`) time both sides of every
 * ratio through this program, so whatever the timer itself costs lies
 * outside both measurements alike.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int
open_or_die(const char *path, int flags)
{
	int fd = open(path, flags, 0600);

	if (fd < 0) {
		fprintf(stderr, "timer: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return fd;
}

/* Copy what path holds now to our stderr: no more than its size when
 * opened, so a stderr that is that same file does not feed itself. */
static void
copy_file(const char *path)
{
	char buf[4096];
	struct stat st;
	ssize_t n;
	off_t left;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return;
	left = fstat(fd, &st) == 0 ? st.st_size : 0;
	while (left > 0 && (n = read(fd, buf, (size_t)left < sizeof buf ? (size_t)left :
	    sizeof buf)) > 0) {
		if (write(2, buf, (size_t)n) < 0)
			break;
		left -= n;
	}
	close(fd);
}

int
main(int argc, char **argv)
{
	const char *errpath = "/dev/null", *inpath = "/dev/null";
	posix_spawn_file_actions_t fa;
	struct timespec t0, t1;
	struct rusage ru;
	int in, out, err, status, rc, i = 1;
	pid_t pid;
	long long ns;

	while (i + 1 < argc && argv[i][0] == '-' && argv[i][1] != '\0' && argv[i][2] == '\0') {
		if (argv[i][1] == 'e')
			errpath = argv[i + 1];
		else if (argv[i][1] == 'i')
			inpath = argv[i + 1];
		else
			break;
		i += 2;
	}
	if (i >= argc) {
		fputs("usage: timer [-e ERRFILE] [-i INFILE] CMD [ARGS...]\n", stderr);
		return 1;
	}
	in = open_or_die(inpath, O_RDONLY);
	out = open_or_die("/dev/null", O_WRONLY);
	err = open_or_die(errpath, O_WRONLY | O_CREAT | O_TRUNC);
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, in, 0) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, out, 1) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, err, 2) != 0) {
		fputs("timer: cannot prepare the child's files\n", stderr);
		return 1;
	}

	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = posix_spawnp(&pid, argv[i], &fa, NULL, argv + i, environ);
	if (rc == 0)
		while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
			;
	clock_gettime(CLOCK_MONOTONIC, &t1);

	if (rc != 0) {
		fprintf(stderr, "timer: %s: %s\n", argv[i], strerror(rc));
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (strcmp(errpath, "/dev/null") != 0)
			copy_file(errpath);
		fprintf(stderr, "timer: %s exited %d\n", argv[i],
		    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return 1;
	}
	ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	printf("%lld %ld\n", ns, ru.ru_maxrss);
	return 0;
}
