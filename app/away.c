/*
 * away.c - a seat's declared absence ("away until DATE" by mail, `arbiter
 * away`), and its early end ("back").  The absence lasts to the end of the
 * date (UTC); reminders and deadlines wait for it: it pauses the seat's
 * clock (see seat_away).  The whole table is told.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "outmail.h"

/* The furthest an absence may reach. */
#define MAX_AWAY_DAYS 365

int
seat_away(struct config *cfg, struct store *s, struct loaded *g, int seat, int y, int m,
    int d, int64_t now, int tell_seat, char *result, size_t len)
{
	struct store_seat *st = &g->seats[seat];
	char news[300], what[100], own[300];
	int64_t until = 0, old_end, new_end;
	int rc;

	if (g->row.over) {
		snprintf(result, len, "%s: game #%lld is %s", y != 0 ? "away" : "back",
		    (long long)g->row.id, g->row.over == STORE_ABANDONED ? "abandoned" :
		    "over");
		return -1;
	}
	if (y != 0 && g->row.deadline_hours > 0 && st->idle_since != 0 &&
	    st->reminders >= CLOCK_NOTICE) {
		snprintf(result, len, "away: the deadline for your decision in game #%lld has "
		    "passed already; send your move (an absence must be declared before the "
		    "deadline)", (long long)g->row.id);
		return -1;
	}
	if (y != 0) {
		struct tm tm;

		memset(&tm, 0, sizeof(tm));
		tm.tm_year = y - 1900;
		tm.tm_mon = m - 1;
		tm.tm_mday = d;
		tm.tm_hour = 23;
		tm.tm_min = 59;
		tm.tm_sec = 59;
		until = (int64_t)timegm(&tm);
		if (until < now) {
			snprintf(result, len, "away until %04d-%02d-%02d: that day is over; give "
			    "the last day you will be away", y, m, d);
			return -1;
		}
		if (until > now + (int64_t)MAX_AWAY_DAYS * 86400) {
			snprintf(result, len, "away until %04d-%02d-%02d: an absence may last up "
			    "to %d days; ask the game master to replace or drop the seat for a "
			    "longer one", y, m, d, MAX_AWAY_DAYS);
			return -1;
		}
	} else if (st->away_until <= now) {
		snprintf(result, len, "back: %s was not away", g->names[seat]);
		return -1;
	}
	/*
	 * The absence pauses the seat's clock: its start moves on by the time
	 * the absence adds (or, for "back" and a shorter absence, back by the
	 * time it no longer takes), so the deadline is as far away after the
	 * absence as it was before it.  Declaring and ending absences gains
	 * nothing but the time actually away.
	 */
	old_end = st->away_until > now ? st->away_until : now;
	new_end = y != 0 ? until : now;
	if (st->idle_since != 0)
		st->idle_since += new_end - old_end;
	st->away_until = new_end;
	st->table_told = 0;
	if (g->row.deadline_hours <= 0) {
		/* Without a deadline the reminders start over after the absence. */
		st->reminded_at = 0;
		st->reminders = 0;
	}
	clock_schedule(&g->row, st);
	if ((rc = store_seat_update_clock(s, g->row.id, st)) != STORE_OK)
		return rc;
	if (y != 0) {
		snprintf(news, sizeof(news), "%s is away until %04d-%02d-%02d; reminders and "
		    "deadlines for %s wait until then.", g->names[seat], y, m, d,
		    g->names[seat]);
		snprintf(what, sizeof(what), "%s is away", g->names[seat]);
		snprintf(result, len, "Noted: you are away until %04d-%02d-%02d; the table has "
		    "been told.", y, m, d);
		snprintf(own, sizeof(own), "The game master noted that you are away until "
		    "%04d-%02d-%02d: your reminders and deadlines wait until then, and the "
		    "table has been told. Send \"back\" in a reply when you are back sooner.",
		    y, m, d);
	} else {
		snprintf(news, sizeof(news), "%s is back; the clock for %s runs again.",
		    g->names[seat], g->names[seat]);
		snprintf(what, sizeof(what), "%s is back", g->names[seat]);
		snprintf(result, len, "Noted: you are back; the table has been told.");
		snprintf(own, sizeof(own), "The game master noted that you are back: your clock "
		    "runs again, and the table has been told.");
	}
	/* One mail each: the seat hears it in its own words (the answer to its
	 * mail, or from the game master), the others in theirs. */
	if (tell_seat && (rc = outmail_tell_seat(cfg, s, g, seat, y != 0 ? "you are away" :
	    "you are back", NULL, own, 1)) != STORE_OK)
		return rc;
	return outmail_tell(cfg, s, g, seat, what, NULL, news, 0);
}
