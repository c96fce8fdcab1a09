#!/bin/sh
# needs: warriors
# A whole Warriors & Traders game through the real binary: the phase that
# asks every seat at once waits for all of them and says so, reminders go
# to exactly the seats awaited, a rejected order changes nothing, a queued
# development action stays behind its owner's screen (report and mail),
# and the game plays on by listed moves to its end, where verify agrees and
# everyone gets the final mail.
. "$(dirname "$0")/../e2e-lib.sh"

box="$ARBITER_MAILDIR/new"
# mail_to SEAT TEXT: the mails to SEAT that contain TEXT, one path a line
mail_to() {
	grep -l "^To:.*<$1@example.org>" "$box"/* 2>/dev/null | xargs -r grep -lF -- "$2"
}

now=1800000000
export ARBITER_NOW=$now
export ARBITER_TEST_SEED=5eed000000000000000000000000000000000000000000000000000000000007
expect_rc 0 "$ARBITER" new warriors --seat ann:ann@example.org \
	--seat ben:ben@example.org --seat cy:cy@example.org
id=$(cat "$T/out")
unset ARBITER_TEST_SEED
for s in ann ben cy; do
	[ "$(mail_to $s "Behind your screen" | wc -l)" -eq 1 ] || fail "no start mail for $s"
	ok
done

# Setup asks every seat at once: the report names all three.
expect_rc 0 "$ARBITER" show "$id"
for s in ann ben cy; do
	grep -q "^  [A-Z][A-Z][A-Z] ($s): place your 3 development tokens" "$T/out" ||
		fail "the report does not say it waits for $s"
	ok
done
expect_rc 0 "$ARBITER" show "$id" --format json
contains "$T/out" '"waiting"'

# Reminders go to all three after the interval...
ARBITER_NOW=$((now + 49 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "3 reminders"

# A rejected order names its rule and leaves the database as it was.
sum=$(dbsum)
expect_rc 65 "$ARBITER" move "$id" ann "tracks 3 3 3"
one_line "$T/err"
[ "$(dbsum)" = "$sum" ] || fail "a rejected order changed the database"
ok

export ARBITER_NOW=$((now + 50 * 3600))
expect_rc 0 "$ARBITER" move "$id" ann "tracks 1 1 1"
expect_rc 0 "$ARBITER" move "$id" ben "tracks 2 1 0"
# ann is no longer awaited: a second submission is refused as not her turn.
expect_rc 77 "$ARBITER" move "$id" ann "tracks 1 1 1"
one_line "$T/err"

# ...and afterwards only to the seat still awaited.
rm -f "$box"/*
ARBITER_NOW=$((now + 99 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "1 reminder,"
reminded=$(grep -l "has been waiting for you" "$box"/* | xargs grep -h "^To:" | tr -d "\r" | sort -u)
[ "$reminded" = "To: \"cy\" <cy@example.org>" ] || fail "reminders went to: $reminded"
ok
expect_rc 0 "$ARBITER" move "$id" cy "tracks 0 1 2"

# Development: the first awaited seat queues its second action; only its own
# view and mail show it.
seat=""
for s in ann ben cy; do
	if "$ARBITER" moves "$id" "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
done
[ -n "$seat" ] || fail "nobody is awaited in development"
grep -qx "pass" "$T/moves" || fail "pass is not among $seat's moves"
rm -f "$box"/*
expect_rc 0 "$ARBITER" move "$id" "$seat" "pass; develop production"
lacks "$T/out" "queued action"
expect_rc 0 "$ARBITER" show "$id" --as "$seat"
contains "$T/out" "queued action 2: develop production"
for s in ann ben cy; do
	expect_rc 0 "$ARBITER" show "$id" --as "$s" --format json
	if [ "$s" = "$seat" ]; then
		contains "$T/out" '"queued_action2": "develop production"'
		[ -n "$(mail_to "$s" "queued action 2: develop production")" ] ||
			fail "$s's mail lacks its own queued action"
	else
		contains "$T/out" "\"queued_action2\": \"-\""
		[ -z "$(mail_to "$s" "queued action")" ] || fail "$s's mail shows $seat's queued action"
	fi
	ok
done

# Play on by listed moves to the end.
n=0
while [ "$n" -lt 1000 ]; do
	seat=""
	for s in ann ben cy; do
		if "$ARBITER" moves "$id" "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
	done
	[ -n "$seat" ] || break
	count=$(wc -l <"$T/moves")
	cmd=$(sed -n "$(( (n * 7919 + 13) % count + 1 ))p" "$T/moves")
	"$ARBITER" move --no-send "$id" "$seat" "$cmd" >/dev/null 2>"$T/err" ||
		fail "listed move '$cmd' by $seat refused: $(cat "$T/err")"
	n=$((n + 1))
done
[ "$n" -lt 1000 ] || fail "the game did not end in 1000 moves"
expect_rc 0 "$ARBITER" show "$id"
contains "$T/out" "phase: game over"
contains "$T/out" "Waiting for: nobody"
expect_rc 0 "$ARBITER" verify "$id"
contains "$T/out" ": ok"
expect_rc 0 "$ARBITER" score "$id"
[ "$(wc -l <"$T/out")" -eq 3 ] || fail "score: $(cat "$T/out")"
ok
# The final mail reaches every seat, once, when the queue is sent.
rm -f "$box"/*
expect_rc 0 "$ARBITER" send
for s in ann ben cy; do
	[ "$(mail_to $s "Final ranking:" | wc -l)" -eq 1 ] || fail "no single final mail for $s"
	ok
done
# Nobody is awaited any more: no reminders.
ARBITER_NOW=$((now + 999 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "0 reminders"
done_ok
