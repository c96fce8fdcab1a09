#!/bin/sh
# needs: tigris
# One message refused by the SMTP server must not poison the next: after
# any failure arbiter starts the next message on a new connection, so the
# mail after a refused one arrives.  The refused one is marked failed and
# not retried.  A message deferred (a 4xx to it: a full mailbox) waits for
# a later run, and the mail after it goes now.
. "$(dirname "$0")/../e2e-lib.sh"

smtpd "$T/smtp" --refuse refuse --refuse-rcpt deny --defer-rcpt full --lifetime 120
trap 'kill $SMTPD_PID 2>/dev/null; wait $SMTPD_PID 2>/dev/null; cleanup' EXIT
export ARBITER_SMTP_URL="smtp://127.0.0.1:$(cat "$T/smtp/port")"
export ARBITER_FROM=games@example.org

# Four start mails in the queue: the first refused at RCPT, the third at
# DATA.
expect_rc 0 "$ARBITER" new tigris --seat ann:deny-ann@example.org \
    --seat ben:ben@example.org --seat cat:refuse-cat@example.org --seat dan:dan@example.org
# `new` tried to deliver them at once; what it did is in the outbox.
expect_rc 0 "$ARBITER" send
received=$(ls "$T/smtp"/*.env 2>/dev/null | wc -l)
[ "$received" -eq 2 ] || fail "expected ben's and dan's mail, the server has $received"
ok
cat "$T/smtp"/*.env >"$T/rcpts"
contains "$T/rcpts" "ben@example.org"
contains "$T/rcpts" "dan@example.org"
n=$(sql "SELECT count(*) FROM outbox WHERE failed != 0")
[ "$n" -eq 2 ] || fail "expected the two refused mails marked failed, found $n"
ok
# Sending again sends nothing more.
expect_rc 0 "$ARBITER" send
[ "$(ls "$T/smtp"/*.env | wc -l)" -eq 2 ] || fail "a refused mail was sent again"
ok

# A full mailbox first in the queue: its mail waits, the others' go now.
expect_rc 0 "$ARBITER" new tigris --seat eve:full-eve@example.org \
    --seat fay:fay@example.org --seat gus:gus@example.org
for who in fay gus; do
	grep -l "$who@example.org" "$T/smtp"/*.env >/dev/null 2>&1 ||
		fail "$who's start mail waited behind a deferred one"
done
ok
n=$(sql "SELECT count(*) FROM outbox WHERE rcpt = 'full-eve@example.org' AND sent_at = 0 AND failed = 0 AND attempts = 1 AND last_error LIKE '%452%'")
[ "$n" -eq 1 ] || fail "the deferred mail is not queued with its 452"
ok
# Tried again once its wait is over (a minute after the first try).
expect_rc 0 env ARBITER_NOW=$(( $(date +%s) + 120 )) "$ARBITER" send
contains "$T/out" "0 sent, 1 deferred"
done_ok
