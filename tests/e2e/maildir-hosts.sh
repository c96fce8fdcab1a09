#!/bin/sh
# needs: tigris
# Two hosts share one database and deliver into Maildirs of their own.  A
# host killed after it put a mail in its Maildir and before it recorded
# that leaves the mail claimed; only that Maildir can tell whether the mail
# is in it, so the other host leaves it alone when the claim expires, and
# the first delivers it again itself, finding it in place: the mail is
# there exactly once.  Only a host silent for a day is taken over (issue
# 28, item 11: before, the other host delivered such a mail a second time).
# The kill is made exact here: the database is put back in the state the
# kill leaves (the mail delivered, its claim held, its delivery not
# recorded).
. "$(dirname "$0")/../e2e-lib.sh"

T0=1795000000
# Each host finds the database in its configuration file only.
hosts a b
files() {
	ls "$T/box-$1/new" 2>/dev/null | wc -l
}
# has_column TABLE COLUMN: the schema has it (an arbiter from before claims had owners has not).
has_column() {
	if is_pg "$url"; then
		[ "$(sql_db "$url" "SELECT count(*) FROM information_schema.columns WHERE table_name = '$1' AND column_name = '$2'")" -gt 0 ]
	else
		[ "$(sql_db "$url" "SELECT count(*) FROM pragma_table_info('$1') WHERE name = '$2'")" -gt 0 ]
	fi
}
# killed_after_delivery ID HOST AT: mail ID was delivered by HOST at AT and
# not recorded: it is claimed by HOST's Maildir until AT + 600.
killed_after_delivery() {
	sql_db "$url" "UPDATE outbox SET sent_at = 0, claimed_until = $(($3 + 600)) WHERE id = $1" ||
		fail "cannot undo the record of mail $1"
	if has_column outbox claimed_by; then
		sql_db "$url" "UPDATE outbox SET claimed_by = '$(hostname):$(realpath "$T/box-$2")' WHERE id = $1" ||
			fail "cannot set the claim of mail $1"
	fi
}

ARBITER_NOW=$T0 expect_rc 0 on a new tigris --seat ann:ann@example.org --seat ben:ben@example.org
ARBITER_NOW=$T0 expect_rc 0 on a send
na=$(files a)
[ "$na" -ge 2 ] || fail "host a delivered $na mails"
[ "$(files b)" -eq 0 ] || fail "host b delivered mail it did not claim"
m=$(sql_db "$url" "SELECT max(id) FROM outbox")
killed_after_delivery "$m" a "$T0"

# The claim expired: host b leaves it; host a finds it in place.
ARBITER_NOW=$((T0 + 700)) expect_rc 0 on b send
[ "$(files b)" -eq 0 ] || fail "host b delivered again a mail host a had delivered"
ok
ARBITER_NOW=$((T0 + 800)) expect_rc 0 on a send
[ "$(files a)" -eq "$na" ] || fail "host a delivered a second copy: $(files a) files, not $na"
[ "$(sql_db "$url" "SELECT sent_at FROM outbox WHERE id = $m")" -gt 0 ] ||
	fail "the mail found in place was not recorded as sent"
[ "$(sql_db "$url" "SELECT count(*) FROM outbox WHERE sent_at = 0")" -eq 0 ] || fail "mail left queued"
ok

# A host that never comes back: after a day the other host delivers it
# (into its own Maildir: the one case where a mail may be there twice).
m2=$(sql_db "$url" "SELECT min(id) FROM outbox")
killed_after_delivery "$m2" a $((T0 + 1000))
ARBITER_NOW=$((T0 + 1000 + 700)) expect_rc 0 on b send
[ "$(files b)" -eq 0 ] || fail "host b took a claim over before a day had passed"
ARBITER_NOW=$((T0 + 1000 + 600 + 86400 + 1)) expect_rc 0 on b send
[ "$(files b)" -eq 1 ] || fail "host b did not take over a claim a day old: $(files b) files"
[ "$(sql_db "$url" "SELECT count(*) FROM outbox WHERE sent_at = 0")" -eq 0 ] || fail "mail left queued"
ok
done_ok
