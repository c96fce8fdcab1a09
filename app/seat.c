/*
 * seat.c - the game master changes who holds a seat: a new address for the
 * same player, a new name, or a substitute who takes the seat over.
 *
 * Whatever changes, the seat's serial changes too, so reply addresses
 * mailed before stop working: mail from the old address can no longer act
 * for the seat.  A substitute also gets a new seat password (the old
 * player knew the old one).  The seat's holder is mailed the game as it
 * stands with its own screen - at the new address only - and the rest of
 * the table is told who holds the seat now (never its address).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "outmail.h"
#include "../engine/notation.h"
#include "../store/store_mail.h"

int
seat_change(struct ctx *c, struct config *cfg, struct store *s, struct loaded *g, int seat,
    const char *name, const char *email, int substitute, char *err, size_t errlen)
{
	struct store_seat *st = &g->seats[seat];
	char old[STORE_NAME_MAX], old_email[STORE_EMAIL_MAX], news[600], what[100], plain[1][32];
	int i, rc;

	snprintf(old, sizeof(old), "%s", st->name);
	snprintf(old_email, sizeof(old_email), "%s", st->email);
	if (name != NULL)
		for (i = 0; i < g->row.nseats; i++)
			if (i != seat && word_eq(g->seats[i].name, name)) {
				snprintf(err, errlen, "seat %d is already named %s", i + 1, name);
				return -1;
			}
	if (name != NULL)
		snprintf(st->name, sizeof(st->name), "%s", name);
	if (email != NULL)
		snprintf(st->email, sizeof(st->email), "%s", email);
	plain[0][0] = '\0';
	if (substitute && seat_passwords(st, 1, plain) != 0) {
		snprintf(err, errlen, "cannot draw the seat's password");
		return -1;
	}
	g->names[seat] = st->name;
	st->serial++;
	/* Mail still queued to the seat would reach the old address with the
	 * seat's screen: it goes, and the mail below tells the seat all. */
	if ((rc = store_seat_set_identity(s, g->row.id, st)) != STORE_OK ||
	    (rc = store_seat_set_serial(s, g->row.id, seat, st->serial)) != STORE_OK ||
	    (rc = store_outbox_drop_seat(s, g->row.id, seat, &i)) != STORE_OK)
		return rc;
	if (substitute)
		snprintf(news, sizeof(news), "You now hold seat %d (%s) of this game, taking "
		    "over from %s. Reply to this mail to play. For mail sent from another "
		    "address, the seat's new password is %s (shown once).", seat + 1,
		    st->name, old, plain[0]);
	else
		snprintf(news, sizeof(news), "The game master changed this seat (%s): its mail "
		    "now goes to this address, and replies to earlier mail no longer act for "
		    "it. Reply to this mail to play.", st->name);
	explicit_bzero(plain, sizeof(plain));
	if (st->email[0] != '\0' && (rc = notify_seat(c, s, g, seat, news)) != STORE_OK)
		return rc;
	/* The player replaced hears it, at its own address: its mail no longer acts. */
	if (substitute && old_email[0] != '\0' && strcasecmp(old_email, st->email) != 0) {
		struct loaded none;
		struct sbuf body = SBUF_INIT;
		char subject[300];
		json_t *v;

		snprintf(news, sizeof(news), "The game master handed your seat %d (%s) of this game "
		    "to %s. Your replies to its mail no longer act for the seat, and no more of "
		    "its mail comes to you.", seat + 1, old, st->name);
		snprintf(subject, sizeof(subject), "[arbiter #%lld] %s: you no longer hold seat %d",
		    (long long)g->row.id, g->row.title, seat + 1);
		v = json_pack("{s:s, s:s, s:I, s:s}", "name", old, "title", g->row.title, "id",
		    (json_int_t)g->row.id, "news", news);
		memset(&none, 0, sizeof(none));
		none.row.id = g->row.id;
		rc = v == NULL || template_render("mail-table.txt", v, &body) != 0 ? STORE_ERROR :
		    outmail_queue(cfg, s, &none, -1, old_email, "table", subject, sb_str(&body),
		    NULL);
		json_decref(v);
		sb_free(&body);
		if (rc != STORE_OK)
			return rc;
	}
	explicit_bzero(news, sizeof(news));
	if (substitute)
		snprintf(news, sizeof(news), "%s takes over seat %d from %s.", st->name, seat + 1,
		    old);
	else if (strcmp(old, st->name) != 0)
		snprintf(news, sizeof(news), "seat %d, %s, is now called %s.", seat + 1, old,
		    st->name);
	else
		return STORE_OK;	/* a new address is the seat's own business */
	snprintf(what, sizeof(what), "seat %d, %s", seat + 1, st->name);
	return outmail_tell(cfg, s, g, seat, what, NULL, news, 0);
}
