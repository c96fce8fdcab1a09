#!/bin/sh
# needs: tigris
# Mail to the site address (no seat's tag): help, games, board, log, moves,
# hand, observe, unobserve - from an address proven once by replying to a
# confirmation mail; forged senders get nothing and change nothing.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
export ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
SITE=games@example.org


# A first mail: the commands wait for a confirmation.
to_site ada@example.org a1 "Hi arbiter,
help
games
board 1
hand 1"
newest_to ada@example.org || fail "no answer to ada"
contains "$T/subject" "confirm your address"
contains "$T/joined" "reply to this mail"
grep -q '^games+c\.[0-9a-f]\{32\}@example\.org$' "$T/reply-to" || fail "confirmation Reply-To: $(cat "$T/reply-to")"
ok
cp "$T/reply-to" "$T/ada-confirm"
lacks "$T/joined" "Behind your screen"

# Someone else answering ada's confirmation is not ada.
to_site mallory@example.net m1 "ok" "$(cat "$T/ada-confirm")"
newest_to mallory@example.net || fail "no answer to mallory"
contains "$T/joined" "This confirmation was not sent to your address; nothing was done."
n=$(sql "SELECT confirmed_at FROM identities WHERE lower(email) = 'ada@example.org'")
[ "$n" -eq 0 ] || fail "mallory confirmed ada's address"
ok

# ada confirms: the waiting commands are done.
to_site ada@example.org a2 "yes, it is me" "$(cat "$T/ada-confirm")"
newest_to ada@example.org
contains "$T/joined" "Your address is confirmed"
contains "$T/joined" "Commands, one a line"
contains "$T/joined" "#1 Tigris & Euphrates, move 0: waiting for ada"
contains "$T/joined" "Tigris & Euphrates (game #1), move 0:"
contains "$T/joined" "Your screen in game #1 is on its way to your seat's address"
lacks "$T/joined" "Behind your screen"
# The screen came in a mail of its own, to the seat's address, with the seat's reply address.
python3 - "$ARBITER_MAILDIR/new" <<'PY' || fail "no screen mail to ada's seat"
import email, email.policy, os, sys
box = sys.argv[1]
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    t = m.get_body(preferencelist=("plain",)).get_content()
    if "as you asked by mail to the site address" in " ".join(t.split()):
        ok = m["To"].addresses[0].addr_spec == "ada@example.org" and "Behind your screen" in t \
            and "+g1.s0." in str(m["Reply-To"])
        sys.exit(0 if ok else 1)
sys.exit(1)
PY
ok

# Confirmed: commands are answered at once.
to_site ada@example.org a3 "moves 1
log 1
board x
log 99
frobnicate
help tigris
help chess"
newest_to ada@example.org
contains "$T/subject" "your commands"
contains "$T/joined" "Game #1 waits for you"
contains "$T/joined" "Tigris & Euphrates (game #1), the log:"
contains "$T/joined" "line 3: 'board': give the game's number"
contains "$T/joined" "line 4: 'log 99': there is no game #99"
contains "$T/joined" "line 5: 'frobnicate' is not a command"
contains "$T/joined" "Tigris & Euphrates - the notation in brief:"
contains "$T/joined" "Options of \"new tigris KEY=VALUE\" (to open a game by mail): board=standard | alternative"
contains "$T/joined" "help chess: no such game"

# A forged From (envelope sender elsewhere) gets nothing and does nothing.
before=$(ls "$ARBITER_MAILDIR/new" | wc -l)
printf 'Return-Path: <mallory@example.net>\nFrom: ada@example.org\nTo: %s\nSubject: x\nMessage-ID: <f1@example.org>\n\nobserve 1\n' \
    "$SITE" | "$ARBITER" mail 2>/dev/null
[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq "$before" ] || fail "a forged mail was answered"
[ "$(sql "SELECT count(*) FROM observers")" -eq 0 ] || fail "a forged mail subscribed"
ok

# A stranger (no seat) may watch: observe, a move, unobserve.
to_site eve@example.net e1 "observe 1
hand 1"
newest_to eve@example.net
cp "$T/reply-to" "$T/eve-confirm"
to_site eve@example.net e2 "ok" "$(cat "$T/eve-confirm")"
newest_to eve@example.net
contains "$T/joined" "You now watch game #1"
contains "$T/joined" "'hand 1': you hold no seat in game #1"
expect_rc 0 "$ARBITER" move 1 ada pass
newest_to eve@example.net
contains "$T/subject" "move 1"
lacks "$T/text" "Behind your screen"
to_site eve@example.net e3 "unobserve 1"
newest_to eve@example.net
contains "$T/joined" "You no longer watch game #1."
before=$(ls "$ARBITER_MAILDIR/new" | wc -l)
expect_rc 0 "$ARBITER" move 1 bo pass
after=$(ls "$ARBITER_MAILDIR/new" | wc -l)
[ $((after - before)) -eq 2 ] || fail "$((after - before)) mails after eve stopped watching"
ok
# The same mail twice is done once.
to_site eve@example.net e3 "unobserve 1"
[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq "$after" ] || fail "a mail handled twice"
ok

# A newcomer's first words: pointed to "help" and the confirmation, not
# asked for a game and a password it does not have.
to_site new@example.net n1 "hi, I'd like to play"
newest_to new@example.net
contains "$T/joined" 'send a mail holding the one line "help" to this address'
contains "$T/joined" "confirm your address"
lacks "$T/joined" "does not say which game"

# A From naming two authors proves neither: ada's confirmed address with
# mallory beside it is refused as unproven, in one line to the envelope
# sender, and hands out nothing.
printf 'Return-Path: <ada@example.org>\nFrom: "Ada" <ada@example.org>, "M" <mallory@example.net>\nTo: %s\nSubject: x\nMessage-ID: <two-from@example.org>\n\nhand 1\n' \
    "$SITE" | "$ARBITER" mail || fail "arbiter mail failed"
newest_to ada@example.org
contains "$T/joined" "its From header names more than one address"
lacks "$T/text" "Behind your screen"
[ "$(sql "SELECT result FROM inbound WHERE message_id = 'two-from@example.org'")" = "two authors" ] ||
	fail "the two-author mail was not refused as unproven"
ok
done_ok
