#!/bin/sh
# needs: tigris
# A vacation program's answer is no reply: mail marked X-Autoreply: yes or
# X-Autorespond (the headers of programs older than Auto-Submitted) to a
# confirmation address confirms nothing and runs no waiting command; to a
# seat's reply address it plays nothing; neither gets an answer.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
SITE=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org

# auto_mail FROM ID HEADER TO BODY: a mail from FROM to TO with one more header line.
auto_mail() {
	printf 'Return-Path: <%s>\nFrom: %s\nTo: %s\nSubject: Re: your mail\n%s\nMessage-ID: <%s@example.org>\n\n%s\n' \
	    "$1" "$1" "$4" "$3" "$2" "$5" | "$ARBITER" mail || fail "arbiter mail failed"
}
# mails_to ADDR: how many mails went to ADDR.
mails_to() {
	sql "SELECT count(*) FROM outbox WHERE rcpt = '$1'"
}

to_site zed@example.net z1 "new tigris seats 2"
newest_to zed@example.net || fail "no confirmation mail to zed"
contains "$T/subject" "confirm your address"
confirm=$(cat "$T/reply-to")
before=$(dbsum)
n=$(mails_to zed@example.net)
for h in "X-Autorespond:" "X-Autoreply: yes" "X-Autorespond: I am away" "X-AutoReply: YES"; do
	auto_mail zed@example.net "away-$n-$(echo "$h" | tr -dc a-zA-Z)" "$h" "$confirm" \
	    "I am on holiday until the 3rd."
	[ "$(dbsum)" = "$before" ] || fail "'$h' to the confirmation changed the database"
	[ "$(mails_to zed@example.net)" -eq "$n" ] || fail "'$h' was answered"
	ok
done
[ "$(sql "SELECT confirmed_at FROM identities WHERE email = 'zed@example.net'")" -eq 0 ] ||
	fail "an auto-reply confirmed the address"
[ "$(sql "SELECT count(*) FROM tables")" -eq 0 ] || fail "an auto-reply opened the waiting table"
ok

# To a seat's reply address: nothing is played.
newest_mail ada || fail "no mail to ada"
seat=$(sed -n 's/^Waiting for \([a-z]*\):.*/\1/p' "$T/mail" | head -1)
[ -n "$seat" ] || seat=ada
newest_mail "$seat" || fail "no mail to $seat"
before=$(dbsum)
auto_mail "$seat@example.org" seat-away "X-Autorespond:" "$(cat "$T/reply-to")" "pass"
[ "$(dbsum)" = "$before" ] || fail "an X-Autorespond mail to a seat's address changed the database"
ok

# X-Autoreply: no is a person's mail: the confirmation works.
auto_mail zed@example.net real-reply "X-Autoreply: no" "$confirm" "yes, it is me"
[ "$(sql "SELECT confirmed_at FROM identities WHERE email = 'zed@example.net'")" -gt 0 ] ||
	fail "a person's reply with X-Autoreply: no did not confirm"
ok
done_ok
