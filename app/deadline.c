/*
 * deadline.c - a game's clock: its settings (reminder interval, deadline,
 * grace, what a timeout does) and the ladder each awaited seat climbs.
 *
 * With a deadline of D hours, a seat the game waits for gets a reminder
 * when half of D is gone, a last one when an eighth is left, and at the
 * deadline a notice (the table is told too).  Then, by the game's
 * on_timeout:
 *   remind-only  the game keeps waiting; a reminder a day;
 *   pass         grace hours after the notice the game plays the seat's
 *                default (the engine's timeout_move) for it;
 *   drop         grace hours after the notice the seat resigns (each
 *                game's rules say what becomes of its pieces).
 * A declared absence pauses the seat's clock (it must be declared before
 * the deadline); a move by the seat restarts it.  Each event's time is kept in the seat's
 * due_at, so remind reads only the seats that are due.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "../mail/compose.h"

#define HOUR 3600
#define DAY (24 * HOUR)

static const char *const POLICIES[] = { "remind-only", "pass", "drop", "vote", NULL };

/* The policy of row, "remind-only" when unset. */
static const char *
policy(const struct store_game *row)
{
	return row->on_timeout[0] != '\0' ? row->on_timeout : "remind-only";
}

int
clock_policy_known(const char *name)
{
	int i;

	for (i = 0; POLICIES[i] != NULL; i++)
		if (strcmp(name, POLICIES[i]) == 0)
			return 1;
	return 0;
}

/* Parse hours 0..8760 (a year); 0 when well formed. */
static int
hours_arg(const char *v, int *out)
{
	long h;

	if (parse_int(v, 0, 8760, &h) != 0)
		return -1;
	*out = (int)h;
	return 0;
}

int
clock_set(struct store_game *row, const char *kv, char *err, size_t errlen)
{
	const char *eq = strchr(kv, '=');
	size_t klen = eq != NULL ? (size_t)(eq - kv) : strlen(kv);
	const char *v = eq != NULL ? eq + 1 : "";

#define KEY(k) (klen == strlen(k) && strncmp(kv, k, klen) == 0)
	if (eq == NULL) {
		snprintf(err, errlen, "'%s': a setting is KEY=VALUE (deadline, grace, "
		    "on_timeout, remind, forum_address, forum_format)", kv);
		return -1;
	}
	if (KEY("deadline")) {
		if (hours_arg(v, &row->deadline_hours) == 0)
			return 0;
		snprintf(err, errlen, "deadline=%s: the hours a seat has for each decision, "
		    "0 to 8760 (0: no deadline)", v);
	} else if (KEY("grace")) {
		if (hours_arg(v, &row->grace_hours) == 0)
			return 0;
		snprintf(err, errlen, "grace=%s: the hours between the deadline's notice and "
		    "the timeout, 0 to 8760", v);
	} else if (KEY("on_timeout") || KEY("on-timeout")) {
		if (clock_policy_known(v)) {
			snprintf(row->on_timeout, sizeof(row->on_timeout), "%s", v);
			return 0;
		}
		snprintf(err, errlen, "on_timeout=%s: one of remind-only, pass, drop, vote", v);
	} else if (KEY("forum_address")) {
		if (*v == '\0' || (compose_addr_ok(v) && strlen(v) < sizeof(row->forum_address))) {
			snprintf(row->forum_address, sizeof(row->forum_address), "%s", v);
			return 0;
		}
		snprintf(err, errlen, "forum_address=%s: a mail address that posts to the "
		    "forum or list, or nothing for none", v);
	} else if (KEY("forum_format")) {
		if (strcmp(v, "markdown") == 0 || strcmp(v, "bbcode") == 0) {
			snprintf(row->forum_format, sizeof(row->forum_format), "%s", v);
			return 0;
		}
		snprintf(err, errlen, "forum_format=%s: markdown or bbcode", v);
	} else if (KEY("remind") || KEY("remind_hours")) {
		if (hours_arg(v, &row->remind_hours) == 0)
			return 0;
		snprintf(err, errlen, "remind=%s: hours before the first reminder, 0 to 8760 "
		    "(0: the site's interval)", v);
	} else
		snprintf(err, errlen, "'%.*s': no such setting (deadline, grace, on_timeout, "
		    "remind, forum_address, forum_format; observers with `arbiter game`)",
		    (int)klen, kv);
#undef KEY
	return -1;
}

void
clock_describe(const struct store_game *row, int site_hours, char *buf, size_t len)
{
	int h = row->remind_hours > 0 ? row->remind_hours : site_hours;

	if (row->deadline_hours <= 0) {
		snprintf(buf, len, "deadline=0 (none): a reminder after %d hours%s, then one a "
		    "day; on_timeout=%s, grace=%d do nothing without a deadline", h,
		    row->remind_hours > 0 ? "" : " (the site's interval)", policy(row),
		    row->grace_hours);
		return;
	}
	snprintf(buf, len, "deadline=%d hours a decision, grace=%d, on_timeout=%s: "
	    "reminders when half and when an eighth of the time is left, a notice at the "
	    "deadline, then %s", row->deadline_hours, row->grace_hours, policy(row),
	    strcmp(policy(row), "pass") == 0 ? "the game plays the seat's default after "
	    "the grace" : strcmp(policy(row), "drop") == 0 ? "the seat is dropped after "
	    "the grace" : strcmp(policy(row), "vote") == 0 ? "after the grace the others "
	    "vote to drop the seat or wait" : "a reminder a day");
}

int64_t
clock_deadline(const struct store_game *row, const struct store_seat *st)
{
	/* An absence moved idle_since on by its length (away.c): a pause. */
	if (row->deadline_hours <= 0 || st->idle_since == 0)
		return 0;
	return st->idle_since + (int64_t)row->deadline_hours * HOUR;
}

/* When the event after the reminders already sent falls; 0 for none. */
static int64_t
next_event(const struct store_game *row, const struct store_seat *st)
{
	int64_t d = clock_deadline(row, st), span = (int64_t)row->deadline_hours * HOUR;

	if (d == 0)
		return 0;
	switch (st->reminders) {
	case CLOCK_NONE:
		return d - span / 2;
	case CLOCK_HALF:
		return d - span / 8;
	case CLOCK_LAST:
		return d;
	default:
		if (strcmp(policy(row), "vote") == 0)
			return st->reminders == CLOCK_VOTING ? st->reminded_at :
			    st->reminders >= CLOCK_WAITING ? st->reminded_at + DAY :
			    st->reminded_at + (int64_t)row->grace_hours * HOUR;
		return st->reminded_at + (strcmp(policy(row), "remind-only") == 0 ? DAY :
		    (int64_t)row->grace_hours * HOUR);
	}
}

void
clock_schedule(const struct store_game *row, struct store_seat *st)
{
	st->due_at = next_event(row, st);
}

enum clock_event
clock_due(const struct store_game *row, const struct store_seat *st, int64_t now)
{
	int64_t d = clock_deadline(row, st), span = (int64_t)row->deadline_hours * HOUR;

	if (d == 0 || now < st->away_until)
		return CLOCK_NOTHING;
	/* The latest rung reached; the ones skipped (remind did not run) stay unsent. */
	if (st->reminders < CLOCK_NOTICE && now >= d)
		return CLOCK_NOTICE;
	if (st->reminders < CLOCK_LAST && now >= d - span / 8)
		return CLOCK_LAST;
	if (st->reminders < CLOCK_HALF && now >= d - span / 2)
		return CLOCK_HALF;
	if (st->reminders >= CLOCK_NOTICE && now >= next_event(row, st)) {
		if (strcmp(policy(row), "vote") == 0)
			return st->reminders == CLOCK_VOTING ? CLOCK_TIMEOUT :
			    st->reminders >= CLOCK_WAITING ? CLOCK_DAILY : CLOCK_VOTE;
		return strcmp(policy(row), "remind-only") == 0 ? CLOCK_DAILY :
		    CLOCK_TIMEOUT;
	}
	return CLOCK_NOTHING;
}

/* "2026-11-27 14:00 UTC" */
void
clock_time_text(int64_t t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL || strftime(buf, len, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(buf, len, "(time %lld)", (long long)t);
}

void
clock_consequence(const char *policy_name, const char *name, char *buf, size_t len)
{
	int you = strcmp(name, "you") == 0;

	if (strcmp(policy_name, "pass") == 0)
		snprintf(buf, len, "the game plays the default move for %s (the least the "
		    "game's rules let %s decide)", name, you ? "you" : "that seat");
	else if (strcmp(policy_name, "drop") == 0)
		snprintf(buf, len, "%s %s dropped from the game (as a resignation)", name,
		    you ? "are" : "is");
	else if (strcmp(policy_name, "vote") == 0)
		snprintf(buf, len, "the other players vote whether to drop %s from the game "
		    "or to wait", name);
	else
		snprintf(buf, len, "the game keeps waiting for %s and the table is told", name);
}
