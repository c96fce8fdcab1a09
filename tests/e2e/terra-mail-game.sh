#!/bin/sh
# needs: terra
# A whole Terra Mystica game of four by mail (issue 27): Ice Maidens,
# Witches, Nomads and Cultists, each player replying to its newest mail
# with a command taken from that mail's own list (tests/mail/players.py,
# never `arbiter moves`), greeting and sign-off around it, until the end
# mail.  Every reply is applied (none refused, none stale), `verify`
# agrees, and each player got fewer mails than there were moves: a move
# that only answers a power offer goes to its seat alone.  The mails of
# each player per round are printed.  After the end, a stale reply and a
# reply to the end mail are told the game is over, nothing more.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org ARBITER_REPLIES_PER_HOUR=100000
ARBITER_TEST_SEED=3333333333333333333333333333333333333333333333333333333333333333 \
    expect_rc 0 "$ARBITER" new terra --option fire-and-ice-factions/ice \
    --seat ann:ann@example.org --seat bob:bob@example.org --seat cy:cy@example.org \
    --seat di:di@example.org
/usr/bin/python3 "$ROOT/tests/mail/players.py" "$ARBITER" "$ARBITER_MAILDIR/new" 1 \
    ann bob cy di --plays ann=icemaidens,bob=witches,cy=nomads,di=cultists \
    --prefer "pick-color gray" leech build upgrade pass --actions 4 --max-moves 500 \
    --counts "$T/counts.json" >"$T/players" 2>&1 || fail "$(cat "$T/players")"
cat "$T/players"
ok
expect_rc 0 "$ARBITER" verify 1
expect_rc 0 "$ARBITER" show 1
contains "$T/out" "The game is over."
moves=$("$ARBITER" log 1 | grep -c '^ *[0-9]')
/usr/bin/python3 - "$T/counts.json" "$moves" <<'PY' || fail "a player was mailed every move"
import json, sys
c = json.load(open(sys.argv[1]))["counts"]
moves = int(sys.argv[2])
for name, rounds in c.items():
    total = sum(rounds.values())
    # one mail a move and the start mail, before issue 27
    if total >= moves + 1:
        print("%s got %d mails for %d moves" % (name, total, moves))
        sys.exit(1)
PY
ok

# After the end: a reply to the start mail, and one to the end mail.
start_to=$(/usr/bin/python3 - "$ARBITER_MAILDIR/new" <<'PY'
import email, email.policy, os, sys
box = sys.argv[1]
for n in sorted(os.listdir(box), key=lambda n: int(n.rsplit("_", 1)[1])):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"),
                                       policy=email.policy.default)
    if m["To"].addresses[0].display_name == "ann" and m["Reply-To"]:
        print(m["Reply-To"].addresses[0].addr_spec)
        break
PY
)
[ -n "$start_to" ] || fail "no start mail to ann"
before=$(dbsum moves)
printf 'Return-Path: <ann@example.org>\nFrom: ann <ann@example.org>\nTo: %s\nSubject: Re: game\nMessage-ID: <late-1@example.org>\n\npass\n' \
    "$start_to" | "$ARBITER" mail || fail "arbiter mail failed"
newest_mail ann
contains "$T/joined" "Game #1 is over, so nothing in your mail was applied."
lacks "$T/mail" "reply to this mail"
lacks "$T/mail" "Correct the commands"
lacks "$T/mail" "Your legal commands"
reply ann late-2 "pass"
contains "$T/joined" "Game #1 is over, so nothing in your mail was applied."
lacks "$T/mail" "Correct the commands"
[ "$(dbsum moves)" = "$before" ] || fail "a mail after the end moved"
ok
done_ok
