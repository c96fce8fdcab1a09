#!/bin/sh
# needs: tigris warriors
# What cannot be undone is asked twice: "resign" alone by mail plays
# nothing and asks the seat to reply "confirm"; a one-word "confirm" (or
# "yes") to that mail resigns; "resign confirm" resigns at once; a move in
# the game first makes the question void.  A game whose rules have no
# resignation refuses it as before, without asking.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --seat cy:cy@example.org
awaited() { "$ARBITER" show "$1" | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p'; }

# "resign" alone: asked, nothing played.
before=$(dbsum games seats moves snapshots)
reply bo r1 "resign"
contains "$T/joined" "Resigning from game #1 cannot be undone, so nothing was done yet."
contains "$T/joined" 'reply to this mail with the word "confirm"'
[ "$(dbsum games seats moves snapshots)" != "$before" ] || true
expect_rc 0 "$ARBITER" log 1
lacks "$T/out" "resign"
# "confirm" to another mail than the question does nothing.
reply cy c0 "confirm"
expect_rc 0 "$ARBITER" log 1
lacks "$T/out" "resign"
# A one-word reply to the question resigns.
reply bo r2 "Confirm."
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "bo: resign"
# The resigning player's mail says so on top, to the reader.
head -4 "$T/mail" | grep -q "^You resigned from game #1" ||
	fail "bo's mail does not begin with its resignation: $(head -5 "$T/mail")"
ok
lacks "$T/joined" "Your move was applied"

# "resign confirm" at once.
expect_rc 0 "$ARBITER" new tigris --seat dee:dee@example.org --seat eli:eli@example.org \
    --seat fay:fay@example.org
reply fay r3 "resign confirm"
contains "$T/joined" "You resigned from game #2"
expect_rc 0 "$ARBITER" log 2
contains "$T/out" "fay: resign"
lacks "$T/out" "confirm"

# A move first makes the question void.
reply eli r4 "resign"
contains "$T/joined" "cannot be undone"
cp "$T/reply-to" "$T/question"
s=$(awaited 2)
expect_rc 0 "$ARBITER" move 2 "$s" pass
printf 'From: eli <eli@example.org>\nTo: %s\nSubject: Re\nMessage-ID: <r5@example.org>\n\nyes\n' \
    "$(cat "$T/question")" | "$ARBITER" mail || fail "arbiter mail failed"
expect_rc 0 "$ARBITER" log 2
lacks "$T/out" "eli: resign"
newest_mail eli
contains "$T/joined" "has moved on since the mail you answered"

# Warriors & Traders has no resignation: refused as before, nobody asked.
expect_rc 0 "$ARBITER" new warriors --seat gus:gus@example.org --seat hal:hal@example.org
reply gus r6 "resign"
contains "$T/joined" "this edition has no rule for leaving the game"
lacks "$T/joined" "cannot be undone"
done_ok
