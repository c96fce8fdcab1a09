/*
 * store_prefs.h - what players chose and what waits for them: each
 * address's preferences (for all its games, game 0, or for one game), the
 * news held for a seat's next mail or for its address's digest, and when
 * each address's next digest is due.
 */
#ifndef ARBITER_STORE_PREFS_H
#define ARBITER_STORE_PREFS_H

#include <stddef.h>
#include <stdint.h>

struct store;

/*
 * A preference of email (any case) for game (0: all its games): get
 * returns STORE_NOTFOUND when none is set; put sets it (value NULL: drops
 * it).  each calls fn for every preference of email, in game then name
 * order, stopping when fn returns non-zero.
 */
int store_pref_get(struct store *s, const char *email, int64_t game, const char *name,
    char *buf, size_t len);
int store_pref_put(struct store *s, const char *email, int64_t game, const char *name,
    const char *value);
int store_prefs_each(struct store *s, const char *email,
    int (*fn)(int64_t game, const char *name, const char *value, void *arg), void *arg);

/*
 * News held for seat of game (its address email): for the seat's next
 * mail with the board (digest 0), or for its address's digest (digest 1).
 * seq is the first move the news is about (a move's own number; for news
 * between moves, the next move's).  take returns the texts joined by
 * newlines (malloc'ed, "" when none) and the smallest seq (0 when none) of
 * the seat's news, and deletes them.
 */
int store_news_add(struct store *s, int64_t game, int seat, const char *email, int seq,
    int digest, const char *text, int64_t now);
int store_news_take(struct store *s, int64_t game, int seat, char **text, int *from);

/*
 * Digests.  due lists (malloc'ed) the addresses with news held for a
 * digest whose next digest is due at now (or never scheduled); seats
 * lists the games and seats of email with such news (at most max).
 * get/put the time of email's next digest (get: STORE_NOTFOUND when none).
 */
int store_digests_due(struct store *s, int64_t now, char (**emails)[256], int *n);
int store_digest_seats(struct store *s, const char *email, int64_t *games, int *seats,
    int max, int *n);
int store_digest_get(struct store *s, const char *email, int64_t *next_at);
int store_digest_put(struct store *s, const char *email, int64_t next_at);

/*
 * Standings: one player's record in one game (rules), its Glicko-2 values
 * in millionths.  get returns STORE_NOTFOUND for a player who has none;
 * put inserts or replaces; each calls fn for every record of rules (NULL:
 * of every game), best rating first, stopping when fn returns non-zero.
 */
struct store_rating {
	char player[256];	/* an address, or "name:NAME" */
	char rules[32];
	char name[64];		/* the seat name last played under */
	int played, won;
	int64_t rating, rd, vol, prev;	/* millionths */
	int64_t updated;
};
int store_rating_get(struct store *s, const char *player, const char *rules,
    struct store_rating *r);
int store_rating_put(struct store *s, const struct store_rating *r);
int store_ratings_each(struct store *s, const char *rules,
    int (*fn)(const struct store_rating *r, void *arg), void *arg);

#endif
