/*
 * queue.c - SQLite's writers wait their turn in the order they came.
 *
 * SQLite's write lock has no queue: a writer that finds it taken is told
 * "busy" and tries again (busy_wait, every millisecond).  In a burst of
 * mail (an MTA runs many `arbiter mail` pipes at once) fifteen writers
 * polling a lock held a few milliseconds at a time took the CPU from the
 * one holding it, which then held it longer, and who got it next was luck:
 * at 16 pipes the median mail waited 45 ms for the lock and the p99 360 ms.
 *
 * So a writer first takes a ticket and waits, asleep, for the writer before
 * it: a CLH queue made of kernel file locks, in the file DB-queue beside
 * the database.  Its first page holds the ticket counter (shared memory,
 * one atomic add); ticket t owns byte QUEUE_BASE + t % QUEUE_SLOTS, which it
 * locks as it takes the ticket and unlocks as its transaction ends, and it
 * waits by locking the byte of ticket t - 1.  Each lock has one waiter, who
 * is woken alone when its turn comes.  The locks are open file description
 * locks (F_OFD_SETLKW): the kernel drops them when their holder exits, so a
 * writer killed anywhere in the queue wakes the one after it.
 *
 * The queue is an order, not the exclusion: BEGIN IMMEDIATE still takes
 * SQLite's lock after it, and every way the queue can fail (the file
 * cannot be made, a slot still held by a writer QUEUE_SLOTS tickets back,
 * a wait past the busy timeout) falls back to that lock alone, as before
 * the queue; the time spent in the queue counts against the busy timeout.
 * Writers that do not queue (an SQLite shell, say) are still excluded by
 * SQLite's lock.
 */
#define _GNU_SOURCE	/* F_OFD_SETLK: a Linux lock; see queue_enter for elsewhere */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <sqlite3.h>

#include "store.h"
#include "store_int.h"
#include "../util/private.h"

enum {
	QUEUE_BASE = 4096,	/* the counter's page; the slots' bytes follow it */
	QUEUE_SLOTS = 4096
};

static int
slot_lock(int fd, uint64_t ticket, short type, int wait)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = QUEUE_BASE + (off_t)(ticket % QUEUE_SLOTS);
	fl.l_len = 1;
	return fcntl(fd, wait ? F_OFD_SETLKW : F_OFD_SETLK, &fl);
}

/* The file and its counter's page, opened once per connection. */
static int
queue_open(struct store *s)
{
	const char *db = sqlite3_db_filename(s->db, "main");
	char path[4200];
	struct stat sb;
	void *p;
	int fd;

	if (db == NULL || *db == '\0')
		return -1;	/* a temporary database: nobody else writes it */
	snprintf(path, sizeof(path), "%s-queue", db);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY,
	    private_mode(PRIVATE_DB_QUEUE));
	if (fd < 0)
		return -1;
	/* Growing it is safe from every writer at once; nothing shrinks it. */
	if (fstat(fd, &sb) != 0 || (sb.st_size < QUEUE_BASE && ftruncate(fd, QUEUE_BASE) != 0) ||
	    (p = mmap(NULL, QUEUE_BASE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		close(fd);
		return -1;
	}
	s->qfd = fd;
	s->qcounter = p;
	return 0;
}

static void
woken(int sig)
{
	(void)sig;
}

/*
 * Wait for ticket's lock until ms have passed; 0 when it was had.  The
 * wait is ended by SIGALRM, caught without SA_RESTART so the lock call
 * returns EINTR; the caller's handler and timer are put back.
 */
static int
wait_for(int fd, uint64_t ticket, long ms)
{
	struct sigaction sa, old_sa;
	struct itimerval it, old_it;
	int rc, err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = woken;
	sigemptyset(&sa.sa_mask);
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = ms / 1000;
	it.it_value.tv_usec = (ms % 1000) * 1000;
	if (sigaction(SIGALRM, &sa, &old_sa) != 0)
		return -1;
	if (setitimer(ITIMER_REAL, &it, &old_it) != 0) {
		(void)sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	rc = slot_lock(fd, ticket, F_WRLCK, 1);
	err = errno;
	(void)setitimer(ITIMER_REAL, &old_it, NULL);
	(void)sigaction(SIGALRM, &old_sa, NULL);
	errno = err;
	return rc;
}

void
queue_enter(struct store *s, long budget_ms)
{
	uint64_t t;

	if (s->qheld || s->pg || (s->qfd < 0 && queue_open(s) != 0))
		return;
	t = __atomic_fetch_add(s->qcounter, 1, __ATOMIC_SEQ_CST);
	/* Held still by a writer QUEUE_SLOTS tickets back: no queue this time. */
	if (slot_lock(s->qfd, t, F_WRLCK, 0) != 0)
		return;
	s->qticket = t;
	s->qheld = 1;
	if (t == 0)
		return;
	/* The writer before this one is done (or gone): its slot is free. */
	if (wait_for(s->qfd, t - 1, budget_ms) == 0)
		(void)slot_lock(s->qfd, t - 1, F_UNLCK, 0);
}

void
queue_leave(struct store *s)
{
	if (!s->qheld)
		return;
	(void)slot_lock(s->qfd, s->qticket, F_UNLCK, 0);
	s->qheld = 0;
}

void
queue_close(struct store *s)
{
	queue_leave(s);
	if (s->qcounter != NULL)
		(void)munmap(s->qcounter, QUEUE_BASE);
	if (s->qfd >= 0)
		close(s->qfd);
	s->qcounter = NULL;
	s->qfd = -1;
}

int
store_writers_pause(struct store *s, long still_ms, long max_ms)
{
	struct timespec nap = { still_ms / 1000, still_ms % 1000 * 1000000L };
	uint64_t was, now;
	long waited = 0;

	if (s->pg || (s->qfd < 0 && queue_open(s) != 0))
		return 1;
	/* Every writer takes a ticket as it comes: the counter still is a pause. */
	was = __atomic_load_n(s->qcounter, __ATOMIC_SEQ_CST);
	for (;;) {
		nanosleep(&nap, NULL);
		waited += still_ms;
		now = __atomic_load_n(s->qcounter, __ATOMIC_SEQ_CST);
		if (now == was)
			return 1;
		if (waited >= max_ms)
			return 0;
		was = now;
	}
}
