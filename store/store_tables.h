/*
 * store_tables.h - games opened by mail (site.c) that wait for players.  A
 * table takes its id from the games' count when it opens, and the game it
 * becomes keeps it.
 */
#ifndef ARBITER_STORE_TABLES_H
#define ARBITER_STORE_TABLES_H

#include <stdint.h>

struct store;

enum { STORE_TABLE_SEATS = 8 };

struct store_table {
	int64_t id;
	char rules[32];
	char *options;		/* JSON array of [key, value]; owned */
	char title[128];
	int nseats;		/* seats the game will have */
	char clock[512];	/* its settings, "KEY=VALUE" lines */
	int64_t created;
	char opener[256];	/* the address that opened it */
	int ntaken;		/* seats taken so far, in order */
	char name[STORE_TABLE_SEATS][64];
	char email[STORE_TABLE_SEATS][256];
	/* A seat an invitation holds: the key its invitation mail carries, ""
	 * once accepted (or taken by the player itself), and when that mail
	 * was sent (0: not yet). */
	char nonce[STORE_TABLE_SEATS][33];
	int64_t mailed_at[STORE_TABLE_SEATS];
	/* Not stored: the seats invited by the mail being handled, whose
	 * invitations go once it is read (so each lists them all). */
	unsigned char fresh[STORE_TABLE_SEATS];
};

/* create takes a new id into t->id; get returns STORE_NOTFOUND when there
 * is no such table; set_seats stores t's taken seats; delete removes it;
 * open lists the tables' ids, newest first, at most max. */
int store_table_create(struct store *s, struct store_table *t);
int store_table_get(struct store *s, int64_t id, struct store_table *t);
void store_table_free(struct store_table *t);
int store_table_set_seats(struct store *s, const struct store_table *t);
int store_table_delete(struct store *s, int64_t id);
int store_tables_open(struct store *s, int64_t *ids, int max, int *n);
/* How many tables email (any case) opened that still wait for players,
 * however many other tables there are. */
int store_tables_opened(struct store *s, const char *email, int *n);
/* The table and seat whose invitation carries nonce; STORE_NOTFOUND when none. */
int store_table_by_nonce(struct store *s, const char *nonce, int64_t *id, int *idx);
/* Seats invited and not yet mailed their invitation, oldest table first,
 * at most max. */
int store_invitations_unmailed(struct store *s, int64_t *ids, int *idxs, int max, int *n);
/* What an address opened (kind "game") or invited (kind "invite"), for the
 * limits per day: note one, count those since a time. */
int store_opened_note(struct store *s, const char *email, const char *kind, int64_t at);
int store_opened_since(struct store *s, const char *email, const char *kind, int64_t since,
    int *n);
/* The games with a seat at email (any case), newest first, at most max;
 * running: only those not over. */
int store_address_games(struct store *s, const char *email, int running, int64_t *ids, int max,
    int *n);

#endif
