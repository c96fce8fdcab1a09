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
	int ntaken;		/* seats taken so far, in order */
	char name[STORE_TABLE_SEATS][64];
	char email[STORE_TABLE_SEATS][256];
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
/* How many tables email (any case) holds the first seat of: the tables it
 * opened and still waits at, however many other tables there are. */
int store_tables_opened(struct store *s, const char *email, int *n);
/* The games with a seat at email (any case), newest first, at most max;
 * running: only those not over. */
int store_address_games(struct store *s, const char *email, int running, int64_t *ids, int max,
    int *n);

#endif
