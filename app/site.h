/*
 * site.h - mail to the site address (the reply address without a seat's
 * tag): its commands (site.c) and the games opened by mail that wait for
 * players, with their invitations (tables.c).  Everything here runs
 * inside the caller's transaction and appends its answer, plain text, to
 * out.
 */
#ifndef ARBITER_SITE_H
#define ARBITER_SITE_H

#include "outmail.h"
#include "../store/store_tables.h"

/* The key a confirmation or invitation mail's reply address carries
 * (local+c.NONCE@domain, local+i.NONCE@domain): 32 hex digits. */
enum { SITE_NONCE_LEN = 32 };

/*
 * site.c: the commands of a mail to the site address.  site_is_command
 * says whether a line is one; site_run runs text's lines for the proven
 * address email inside the caller's transaction, appending the answer
 * (plain text, one part per command) to out.  STORE_OK or a STORE_* code.
 */
int site_is_command(const char *line);
/* Every command of the site address, NULL-terminated. */
const char *const *site_commands(void);
int site_run(struct ctx *c, struct store *s, const char *email, const char *text,
    struct sbuf *out);

/* s cut to at most max bytes on a character boundary ("..." added when
 * cut), in buf. */
const char *site_quote_cut(const char *s, size_t max, char *buf, size_t len);

/* The site's reply address with a tag: "local+TAG.NONCE@domain"; 0, or -1
 * when the address has no '@'. */
int site_tagged_address(const struct config *cfg, const char *tag, const char *nonce,
    char *buf, size_t len);

/*
 * tables.c: games opened by mail.
 *   table_new     new GAME [KEY=VALUE ...] [seats N] [title TEXT]; *opened
 *                 gets the table, for the invite lines after it
 *   table_cmd     invite NAME ADDRESS (after new), join ID [as NAME],
 *                 leave ID, accept ID, decline ID
 *   table_list    open: the tables waiting for players
 * A table starts, keeping its id, once every seat is taken and every
 * invited player has accepted.
 */
int table_new(struct ctx *c, struct store *s, const char *email, char *args, int line,
    struct store_table *opened, struct sbuf *out);
int table_cmd(struct ctx *c, struct store *s, const char *email, const char *verb,
    char *args, int line, struct store_table *opened, struct sbuf *out);
int table_list(struct store *s, struct sbuf *out);
/* After a mail's lines: mail the invitations its invite lines made, each
 * listing every seat, and say where the table *opened stands. */
int table_close(struct ctx *c, struct store *s, struct store_table *opened,
    struct sbuf *out);
/* rematch GAME-ID: a table with the seats, options and clock of a finished
 * game the sender played, the sender seated, every other seat invited. */
int table_rematch(struct ctx *c, struct store *s, const char *email, char *args, int line,
    struct sbuf *out);
/* "ada, bo (invited)": the seats taken at t, in seat order. */
void table_seats_text(const struct store_table *t, char *buf, size_t len);

/*
 * A reply to an invitation mail (its reply address carried nonce), from
 * email: accepted, or declined when text holds a line "decline".  A reply
 * proves the address as a confirmation does.  The answer goes to out.
 */
int invitation_reply(struct ctx *c, struct store *s, const char *email, const char *nonce,
    const char *text, struct sbuf *out);
/*
 * Mail the invitations that wait for their mail (remind.c): an address
 * that never accepted an invitation gets at most one invitation mail a
 * day.  *sent counts them.
 */
int invitations_send(struct ctx *c, struct config *cfg, struct store *s, int *sent);

/*
 * prefs.c: what each player chooses about its mail (see prefs.c for the
 * table).  pref_get gives email's value of name for game (its own for
 * that game, else for all its games, else the default); seat_mail_mode,
 * seat_moves_full and seat_pictures read them for a seat of g (or, with
 * seat -1, for the address rcpt: an observer).  pref_cmd
 * sets one (verb: its name) from a mail to the site address; pref_help
 * lists the sender's.
 */
struct pref {
	const char *name;	/* the command word: "mail" */
	const char *syntax;	/* its values: "every | turn | digest HOURS" */
	const char *def;	/* the value of whoever set nothing */
	const char *help;	/* what it does */
	/* Check the words after the name; their stored form in norm. 0, or -1 with err. */
	int (*judge)(const char *value, char *norm, size_t len, char *err, size_t errlen);
};
enum { MAIL_EVERY, MAIL_TURN, MAIL_DIGEST };
const struct pref *pref_all(void);
const struct pref *pref_find(const char *name);
int pref_get(struct store *s, const char *email, int64_t game, const char *name, char *buf,
    size_t len);
/* MAIL_EVERY, MAIL_TURN or MAIL_DIGEST (*hours: the digest's interval). */
int seat_mail_mode(struct store *s, const struct loaded *g, int seat, int *hours);
int seat_moves_full(struct store *s, const struct loaded *g, int seat);
/* 1 unless the seat's address (or rcpt) said "pictures off". */
int seat_pictures(struct store *s, const struct loaded *g, int seat, const char *rcpt);
int pref_cmd(struct ctx *c, struct store *s, const char *email, const char *verb, char *args,
    int line, struct sbuf *out);
int pref_help(struct store *s, const char *email, struct sbuf *out);
/* The commands that set them, with what each does, for `help`. */
void pref_commands(struct sbuf *out);

/*
 * digest.c: news held for a seat that is not mailed every event (its
 * preference): news_hold keeps text (may be "") about moves from `from`
 * on for seat of g; news_take gives the seat's held news (text, malloc'ed,
 * "" when none; *from its first move, 0 when none) and forgets it, for a
 * mail that brings it now; digest_flush composes the digests that are due
 * (send and remind run it), one transaction each.
 */
int news_hold(struct store *s, const struct loaded *g, int seat, int from, const char *text);
int news_take(struct store *s, const struct loaded *g, int seat, char **text, int *from);
int digest_flush(struct ctx *c, struct config *cfg, struct store *s, int *sent);

/*
 * rating.c: standings.  glicko2_update rates one player over one period
 * against n opponents (score 1 a win, 0.5 a draw, 0 a loss; tau the system
 * constant).  rating_game_over rates g's players when g ended by its
 * rules, inside the move's transaction; rating_game_text says each
 * seat's new rating and its change, a line each; standings_text lists the
 * standings of the game rules (NULL: of every game), as text or JSON.
 */
struct glicko {
	double r, rd, vol;
};
void glicko2_update(const struct glicko *p, const struct glicko *opp, const double *score,
    int n, double tau, struct glicko *out);
int rating_game_over(struct store *s, const struct loaded *g);
void rating_game_text(struct store *s, const struct loaded *g, struct sbuf *out);
int standings_text(struct store *s, const char *rules, int json, struct sbuf *out);

#endif
