/*
 * maildir.h - deliver one message into a Maildir.
 *
 * The message is written under DIR/tmp with a unique name
 * (SECONDS.MMICROSECONDSPpidQcounterRrandom.HOST), fsync'ed, linked into
 * DIR/new (falling back to rename where the file system has no hard links)
 * and the directory fsync'ed, so a reader never sees half a message and a
 * crash never loses one that was reported delivered. DIR, DIR/tmp, DIR/new
 * and DIR/cur are created (mode 0700) when missing, DIR's parents too.
 * The bytes are stored exactly as given.
 */
#ifndef ARBITER_MAIL_MAILDIR_H
#define ARBITER_MAIL_MAILDIR_H

#include <stddef.h>

/* Deliver msg[0..len) into the Maildir at dir. On success returns 0 and,
 * when path is not NULL, writes the final file name (under DIR/new) into
 * path (pathlen bytes). On failure returns -1 with one line in err naming
 * the file and the system error; nothing is left in new/, except when only
 * the final fsync of new/ failed (the message is then in place but its
 * durability unknown, and the caller should treat it as not delivered). */
int maildir_deliver(const char *dir, const char *msg, size_t len,
    char *path, size_t pathlen, char *err, size_t errlen);

/*
 * Deliver msg[0..len) into the Maildir at dir under the caller's name
 * (unique to the message, so delivering it again is idempotent): written
 * in tmp/, fsync'ed, linked into new/ unless a file of that name is there,
 * and new/ fsync'ed.  flags, or'ed:
 *   MAILDIR_LOOK    first check new/ and cur/ (where a reader moves mail,
 *                   adding ":2,FLAGS") for the name;
 *   MAILDIR_MADE    the caller made the folders (maildir_create) in this run;
 *   MAILDIR_NOSYNC  leave new/ unsynced: the caller delivers several and
 *                   calls maildir_sync_new once after the last, and counts
 *                   none of them delivered before it returned 0.
 * Returns 0 when delivered now, 1 when it was there already, -1 with err
 * set on failure.  name holds no '/' or ':' and does not start with '.'.
 */
enum { MAILDIR_LOOK = 1, MAILDIR_MADE = 2, MAILDIR_NOSYNC = 4 };
int maildir_deliver_once(const char *dir, const char *name, const char *msg, size_t len,
    int flags, char *err, size_t errlen);

/* fsync dir/new, making the links put there durable.  0, or -1 with err set. */
int maildir_sync_new(const char *dir, char *err, size_t errlen);

/*
 * Delete files in dir/tmp whose name contains mark and that are older than
 * max_age seconds: what a delivery killed halfway left.  Returns how many.
 */
int maildir_clean_tmp(const char *dir, const char *mark, long max_age);

/* Create dir (and its parents) and its tmp, new and cur folders. Returns 0
 * or -1 with err set. */
int maildir_create(const char *dir, char *err, size_t errlen);

#endif
