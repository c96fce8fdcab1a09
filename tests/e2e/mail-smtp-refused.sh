#!/bin/sh
# needs: tigris
# One message refused by the SMTP server must not poison the next: after
# any failure arbiter starts the next message on a new connection, so the
# mail after a refused one arrives.  The refused one is marked failed and
# not retried.
. "$(dirname "$0")/../e2e-lib.sh"

smtpd "$T/smtp" --refuse refuse --refuse-rcpt deny --lifetime 120
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
done_ok
