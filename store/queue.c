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
 * one atomic add) and a count of the transactions begun and ended; ticket
 * t owns byte QUEUE_BASE + t % QUEUE_SLOTS, which it locks as it takes the
 * ticket and unlocks as its transaction ends, and it waits by locking the
 * byte of ticket t - 1.  Each lock has one waiter, who
 * is woken alone when its turn comes.  The locks are open file description
 * locks (F_OFD_SETLKW): the kernel drops them when their holder exits, so a
 * writer killed anywhere in the queue wakes the one after it.
 *
 * The queue is an order, not the exclusion: BEGIN IMMEDIATE still takes
 * SQLite's lock after it, and every way the queue can fail (the file
 * cannot be made or is not private, a slot still held by a writer
 * QUEUE_SLOTS tickets back, a wait past the busy timeout) falls back to
 * that lock alone, as before the queue; the time spent in the queue counts
 * against the busy timeout.  A writer stopped with its turn (SIGSTOP) keeps
 * the one behind it waiting QUEUE_LOOK_MS, which then finds SQLite's lock
 * free and goes first; one stopped while it takes its ticket keeps each
 * writer after it QUEUE_LOOK_MS, who then goes without the queue.  Writers
 * that do not queue (an SQLite shell, say) are still excluded by SQLite's
 * lock.
 */
#define _GNU_SOURCE	/* F_OFD_SETLK: open file description locks (Linux) */
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
	QUEUE_GUARD = 0,	/* the byte locked while a ticket is taken */
	QUEUE_BASE = 4096,	/* the counters' page; the slots' bytes follow it */
	QUEUE_SLOTS = 4096,
	/*
	 * How long a writer waits for the one before it between looks at
	 * SQLite's lock: a writer stopped (SIGSTOP, a debugger) with its turn
	 * and no transaction keeps those behind it waiting this long, not for
	 * the busy timeout.  Far longer than a commit takes in a burst.
	 */
	QUEUE_LOOK_MS = 200
};

/* The counters in the file's first page (s->qcounter). */
enum { TICKETS, MOVES };

/* Lock (F_WRLCK) or unlock (F_UNLCK) the byte at off; wait: until had. */
static int
byte_lock(int fd, off_t off, short type, int wait)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = off;
	fl.l_len = 1;
	return fcntl(fd, wait ? F_OFD_SETLKW : F_OFD_SETLK, &fl);
}

static off_t
slot(uint64_t ticket)
{
	return QUEUE_BASE + (off_t)(ticket % QUEUE_SLOTS);
}

/*
 * The file and its counters' page, opened once per connection.  Only a
 * file of this user's, private, and linked once is used: one made
 * writable by others would let them stall every writer; a hard link to
 * another file (the database itself, say) would have the counter written
 * into it.
 */
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
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK,
	    private_mode(PRIVATE_DB_QUEUE));
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_nlink != 1 ||
	    sb.st_uid != geteuid() || (sb.st_mode & 077) != 0 ||
	    /* Growing it is safe from every writer at once; nothing shrinks it. */
	    (sb.st_size < QUEUE_BASE && ftruncate(fd, QUEUE_BASE) != 0) ||
	    (p = mmap(NULL, QUEUE_BASE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		close(fd);
		return -1;
	}
	s->qfd = fd;
	s->qcounter = p;
	return 0;
}

/* The queue's file is open (queue_open), on SQLite: 1, else 0. */
static int
queue_ready(struct store *s)
{
	return !s->pg && (s->qfd >= 0 || queue_open(s) == 0);
}

static void
woken(int sig)
{
	(void)sig;
}

/*
 * Wait for the byte at off until ms have passed; 0 when it was had.  The
 * wait is ended by SIGALRM, caught without SA_RESTART so the lock call
 * returns EINTR, and unblocked meanwhile (a mask the caller inherited
 * would make the wait endless); the caller's handler, mask and timer are
 * put back (arbiter sets none).
 */
static int
wait_for(int fd, off_t off, long ms)
{
	struct sigaction sa, old_sa;
	struct itimerval it, old_it;
	sigset_t alrm, old_mask;
	int rc, err;

	/* Free already (the common case when no burst is on): no timer to set. */
	if (byte_lock(fd, off, F_WRLCK, 0) == 0)
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = woken;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = ms / 1000;
	it.it_value.tv_usec = (ms % 1000) * 1000;
	if (sigaction(SIGALRM, &sa, &old_sa) != 0)
		return -1;
	if (sigprocmask(SIG_UNBLOCK, &alrm, &old_mask) != 0 ||
	    setitimer(ITIMER_REAL, &it, &old_it) != 0) {
		(void)sigprocmask(SIG_SETMASK, &old_mask, NULL);
		(void)sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	rc = byte_lock(fd, off, F_WRLCK, 1);
	err = errno;
	(void)setitimer(ITIMER_REAL, &old_it, NULL);
	(void)sigprocmask(SIG_SETMASK, &old_mask, NULL);
	(void)sigaction(SIGALRM, &old_sa, NULL);
	errno = err;
	return rc;
}

int
queue_enter(struct store *s, long budget_ms)
{
	uint64_t t, seen;
	int began;

	if (s->qheld || !queue_ready(s))
		return 0;
	/*
	 * The ticket and its slot's lock are taken under the guard, so the
	 * next writer's ticket comes only once this one's slot is locked: it
	 * never finds the slot free before this writer has even locked it.
	 * The guard is held for a few system calls: one not had in
	 * QUEUE_LOOK_MS is held by a writer stopped there, and this one goes
	 * without the queue.
	 */
	if (wait_for(s->qfd, QUEUE_GUARD, budget_ms < QUEUE_LOOK_MS ? budget_ms : QUEUE_LOOK_MS) != 0)
		return 0;
	t = __atomic_fetch_add(&s->qcounter[TICKETS], 1, __ATOMIC_SEQ_CST);
	/* Held still by a writer QUEUE_SLOTS tickets back: no queue this time. */
	s->qheld = byte_lock(s->qfd, slot(t), F_WRLCK, 0) == 0;
	(void)byte_lock(s->qfd, QUEUE_GUARD, F_UNLCK, 0);
	if (!s->qheld)
		return 0;
	s->qticket = t;
	/*
	 * The writer before this one is done (or gone) once its slot is free.
	 * Every QUEUE_LOOK_MS a look: if no writer has begun or ended a
	 * transaction since the last look and SQLite's lock is free, the
	 * queue is stuck on a writer stopped with its turn, and this one goes
	 * first.  (A look that found the lock free while the queue moves
	 * would be a moment between two writers: it would go out of its
	 * turn.)
	 */
	seen = __atomic_load_n(&s->qcounter[MOVES], __ATOMIC_SEQ_CST);
	while (t > 0) {
		long left = budget_ms - store_ms_since(&s->busy_since);
		uint64_t now;

		if (left <= 0)
			return 0;
		if (wait_for(s->qfd, slot(t - 1), left < QUEUE_LOOK_MS ? left : QUEUE_LOOK_MS) == 0) {
			(void)byte_lock(s->qfd, slot(t - 1), F_UNLCK, 0);
			return 0;
		}
		if (errno != EINTR)
			return 0;
		now = __atomic_load_n(&s->qcounter[MOVES], __ATOMIC_SEQ_CST);
		if (now == seen && (began = store_try_begin(s)) != 0)
			return began > 0;
		seen = now;
	}
	return 0;
}

void
queue_moved(struct store *s)
{
	if (s->qheld)
		(void)__atomic_add_fetch(&s->qcounter[MOVES], 1, __ATOMIC_SEQ_CST);
}

void
queue_leave(struct store *s)
{
	if (!s->qheld)
		return;
	queue_moved(s);
	(void)byte_lock(s->qfd, slot(s->qticket), F_UNLCK, 0);
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

	if (!queue_ready(s))
		return 1;
	/* Every writer takes a ticket as it comes: the counter still is a pause. */
	was = __atomic_load_n(&s->qcounter[TICKETS], __ATOMIC_SEQ_CST);
	for (;;) {
		nanosleep(&nap, NULL);
		waited += still_ms;
		now = __atomic_load_n(&s->qcounter[TICKETS], __ATOMIC_SEQ_CST);
		if (now == was)
			return 1;
		if (waited >= max_ms)
			return 0;
		was = now;
	}
}
