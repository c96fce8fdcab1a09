/*
 * enumerate.h - what tests/unit/test_enumerate.c is made of: a sandbox and
 * commands run in it through cli_main (enumerate.c), and what may not be
 * seen in what they print and mail (secrets.c).  See test_enumerate.c.
 */
#ifndef ARBITER_TESTS_ENUMERATE_H
#define ARBITER_TESTS_ENUMERATE_H

#include <stddef.h>
#include <stdint.h>

#include "../app/app.h"
#include "../store/store.h"
#include "../util/private.h"

enum { MAX_ADDRS = 64, MAX_SECRETS = 4096, MAX_ARGS = 48 };
#define T0 1795000000LL

/* The sandbox (enumerate.c): the site, the test's own files, a copy of the site, HOME. */
extern char ROOT[64], SITE[96], TEST[96], SCRATCH[96], HOMEDIR[96];
extern long long NOW;		/* the clock the commands run at ($ARBITER_NOW) */
extern const char *SITE_ADDRESS;

/* Addresses, each a bit: who may read a text.  EVERYONE: the game master. */
int addr_bit(const char *a);
#define ADDR(a) (1ULL << addr_bit(a))
#define EVERYONE (~0ULL)

/* Text. */
char *collapse(const char *text);
int found_word(const char *hay, const char *needle, int whole);
/* A picture is read only where allowed (a public reader); counted. */
extern int pictures_allowed;
extern long pictures_read;
char *slurp(const char *path);
void spew(const char *path, const char *text);
/* Everything a mail's reader reads: its subject and every part, decoded; malloc'ed. */
char *mail_text(const char *msg, size_t len);

/* Files: every one under dir one of private_files, with its mode (top holds the databases). */
extern int files_met[PRIVATE_NKINDS];
void check_files(const char *top, const char *dir);
void copy_file(const char *from, const char *to);
void remove_tree(const char *path);

/* A thing that may not be seen, and who may read it. */
struct secret {
	char *text;		/* collapsed; JSON compact and sorted when json */
	int json;
	unsigned long long owners;	/* who may read it */
	int whole;		/* a whole line (else a word, such as a tag) */
	int64_t game;		/* the game it is of (0: a tag, a password) */
	int seat;		/* the seat it is of, or -1 */
	char what[96];		/* for the failure message */
};

/* A copy of the secrets, to start from again (the state before every probe). */
struct saved {
	struct secret *x;
	int n;
	char stamp[200];	/* of the database it was collected from */
};

/* Commands: what one printed, and its exit status. */
struct run {
	int rc;
	char *out, *err;
};

void run_free(struct run *r);
/* The sizes and times of db and its log, in out (200 bytes). */
void stamp(const char *db, char *out);
/*
 * Run `arbiter --db DB --format FMT ARGS...` in the directory dir, as the
 * program would (cli_main), in a child; standard input from the file in.
 */
void run_cli(const char *dir, const char *db, const char *fmt, char **args, int nargs,
    const char *in, struct run *r);
int words(char *line, char **argv, int max);
/* deliver for the commands run_cli runs: "foreground" (the default, every
 * file written when the command returns) or "background" (run_cli waits
 * for the detached delivery's lock). */
extern const char *run_deliver;

/* What may not be seen (secrets.c). */
extern struct secret secrets[MAX_SECRETS];
extern int nsecrets;
extern long checked_texts, checked_secrets;
extern int kinds_seen[32];
void secrets_clear(void);
void secret_merge(const struct secret *x);
void secrets_collect(const char *db, int history, int64_t mail_from);
void secrets_settle(const char *db);
void secrets_save(struct saved *to);
void secrets_restore(const struct saved *from);
void saved_free(struct saved *s);
void tags_update(const char *db);
void check_text(const char *where, const char *text, unsigned long long readers, const char *db);
void check_mail(const char *db, int64_t *after, const char *why);
int64_t last_mail(const char *db);

#endif
