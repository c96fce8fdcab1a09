#!/bin/sh
# needs: tigris
# Undo by consent: a player asks by mail ("undo"); the move is taken back
# once every other seat answers "agree", and everyone is mailed the
# restored board; one "refuse", or any move, closes the request; a move
# whose draws were seen is never taken back this way.
. "$(dirname "$0")/../e2e-lib.sh"

# A seed that has ada start.
export ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --seat cy:cy@example.org
[ "$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')" = ada ] ||
    fail "the seed no longer has ada start"
ok

# act: ada's first action, one that does not end her turn (so draws nothing)
act() {
	cmd=$("$ARBITER" moves 1 ada | grep '^tile' | head -1 | sed 's/ |.*//')
	expect_rc 0 "$ARBITER" move 1 ada "$cmd"
}

act
newest_mail bo
cp "$T/reply-to" "$T/bo-before"
reply ada u1 "undo"
contains "$T/joined" "Asked: the others are asked to agree to take back move 1"
for s in bo cy; do
	newest_mail $s
	contains "$T/subject" "undo asked"
	contains "$T/joined" "ada asks to take back move 1 (ada: tile"
done
reply bo a1 "Agree."
contains "$T/joined" "Noted: you agree to take back move 1; still waiting for cy."
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "ada: tile"
reply cy a2 "agree"
contains "$T/joined" "Everyone agreed: move 1 was taken back"
expect_rc 0 "$ARBITER" log 1
lacks "$T/out" "ada: tile"
for s in ada bo; do
	newest_mail $s
	contains "$T/joined" "Move 1 was taken back: ada asked and everyone agreed."
done
# cy's answer came after its board: one restored board for each of the three.
n=$(python3 - "$ARBITER_MAILDIR/new" <<'PY'
import email, email.policy, os, sys
box = sys.argv[1]
to = set()
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if "Move 1 was taken back" in " ".join(m.get_body(preferencelist=("plain",)).get_content().split()):
        to.add(m["To"].addresses[0].addr_spec)
print(len(to))
PY
)
[ "$n" -eq 3 ] || fail "$n seats got the restored board"
ok
expect_rc 0 "$ARBITER" verify 1
# bo's reply address from before the undo acts no more.
printf 'From: bo <bo@example.org>\nTo: %s\nSubject: Re: game\nMessage-ID: <old-bo@example.org>\n\nagree\n' \
    "$(cat "$T/bo-before")" | "$ARBITER" mail
newest_mail bo
contains "$T/joined" "moved on"

# One refusal closes the request; the move stays.
act
reply ada u2 "undo"
reply bo r1 "refuse"
contains "$T/joined" "Noted: you refused"
newest_mail cy
contains "$T/joined" "bo refused to take back move 1"
reply cy a3 "agree"
contains "$T/joined" "no request waits for your answer"
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "ada: tile"

# A move closes it too.
reply ada u3 "undo"
contains "$T/joined" "Asked"
cmd=$("$ARBITER" moves 1 ada | grep '^tile' | head -1 | sed 's/ |.*//')
expect_rc 0 "$ARBITER" move 1 ada "$cmd"
reply bo a4 "agree"
contains "$T/joined" "no request waits for your answer"
expect_rc 0 "$ARBITER" log 1
[ "$(grep -c 'ada: tile' "$T/out")" -eq 2 ] || fail "the log: $(cat "$T/out")"
ok

# That move ended ada's turn and drew tiles: it cannot be taken back by consent.
reply ada u4 "undo"
contains "$T/joined" "drew from the bag and its draws were seen"
# Both answers at once count for nothing; consent lines beside commands neither.
reply bo x1 "agree
refuse"
contains "$T/joined" "nothing was counted"
done_ok
