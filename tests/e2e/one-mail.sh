#!/bin/sh
# needs: tigris warriors terra
# One mail per event per person (issue 22, defect 6): the mover who sends
# a move by mail gets the move's mail with the answer on top, not a second
# mail; "away" by mail is answered once and the others told once; at a
# deadline each seat gets one mail, its own notice or the table's (never
# both, never about itself in the third person); the table's "waiting for
# days" notice does not go to the seat it is about.  And what the smaller
# items asked: an undo request names the move's commands joined by "; ",
# and no reason nests its brackets in another's.
. "$(dirname "$0")/../e2e-lib.sh"

at 0
export ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --seat cy:cy@example.org
unset ARBITER_TEST_SEED
P=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
fresh

# A move by mail: one mail to each seat, the mover's the answer.
cmd=$("$ARBITER" moves 1 "$P" | grep '^tile' | head -1)
reply "$P" m1 "$cmd"
fresh
[ "$(to "$P")" -eq 1 ] || fail "the mover got $(to "$P") mails: $(cat "$T/fresh")"
ok
contains "$T/fresh" "Your move was applied as move 1 of game #1."
for s in ada bo cy; do
	[ "$(to $s)" -eq 1 ] || fail "$s got $(to $s) mails for one move"
	ok
done
# In reply to the player's mail.
grep -l "In-Reply-To: <m1@example.org>" "$ARBITER_MAILDIR"/new/* >/dev/null ||
	fail "the mover's mail does not answer its mail"
ok

# The same move, from the command line, has no answer to give.
cmd=$("$ARBITER" moves 1 "$P" | grep '^tile' | head -1)
expect_rc 0 "$ARBITER" move 1 "$P" "$cmd"
fresh
for s in ada bo cy; do
	[ "$(to $s)" -eq 1 ] || fail "$s got $(to $s) mails for one move at the shell"
	ok
done

W=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
# A refused submission changes nothing: an "away", a "say" and an "undo"
# riding on it are not noted, passed on or asked, and its answer says so.
reply "$W" refused1 "away until 2026-11-25
say secret plan
undo
tile red Z99"
fresh
[ "$(to "$W")" -eq 1 ] && [ "$(wc -l <"$T/fresh")" -eq 1 ] ||
	fail "a refused mail made mail beyond its answer: $(cat "$T/fresh")"
ok
contains "$T/fresh" "Nothing was changed"
contains "$T/fresh" "Your absence was not noted either"
lacks "$T/fresh" "Noted: you are away"
[ "$(sql "SELECT count(*) FROM seats WHERE game_id = 1 AND away_until > 0")" -eq 0 ] ||
	fail "a refused mail recorded an absence"
ok
# A seat out of turn is told so, as "you", and whom the game waits for;
# its commands are not called wrong.
O=ada
[ "$W" = ada ] && O=bo
reply "$O" early1 "$("$ARBITER" moves 1 "$W" | grep '^tile' | head -1)"
contains "$T/joined" "It is not your turn in game #1: it waits for $W"
lacks "$T/joined" "$O may not act"
lacks "$T/joined" "Correct the commands"

# "away" by mail: one answer to the seat, one notice to each other seat,
# none to the seat about itself.
reply "$W" away1 "away until 2026-11-25"
fresh
[ "$(to "$W")" -eq 1 ] || fail "$W got $(to "$W") mails for its own absence: $(cat "$T/fresh")"
ok
contains "$T/fresh" "$W | "
contains "$T/fresh" "Noted: you are away until 2026-11-25"
grep "^$W | " "$T/fresh" >"$T/own"
lacks "$T/own" "$W is away"
[ "$(grep -c "$W is away until 2026-11-25" "$T/fresh")" -eq 2 ] || fail "the others were not told once each"
ok
# ... and by the game master: the seat hears it in its own words.
expect_rc 0 "$ARBITER" away 1 "$W" --back
fresh
[ "$(to "$W")" -eq 1 ] || fail "$W got $(to "$W") mails for its return: $(cat "$T/fresh")"
ok
grep "^$W | " "$T/fresh" >"$T/own"
contains "$T/own" "The game master noted that you are back"
lacks "$T/own" "$W is back"

# No deadline: the table hears after table_days that the game waits for a
# seat; that seat gets its reminder, not the table's notice about itself.
at 120
"$ARBITER" remind --quiet
fresh
[ "$(to "$W")" -eq 1 ] || fail "$W got $(to "$W") mails from one remind run: $(cat "$T/fresh")"
ok
grep "^$W | " "$T/fresh" >"$T/own"
contains "$T/own" "reminder"
lacks "$T/own" "waiting for $W for"
contains "$T/fresh" "The game has been waiting for $W for"

# Warriors: every seat is awaited at once.  At the deadline each gets one
# mail, its own notice with the table's news in it.
at 0
expect_rc 0 "$ARBITER" new warriors --seat la:la@example.org --seat mo:mo@example.org \
    --seat nu:nu@example.org --set deadline=10 --set grace=5 --set on_timeout=pass
fresh
at 10
"$ARBITER" remind --quiet
fresh
for s in la mo nu; do
	[ "$(to $s)" -eq 1 ] || fail "$s got $(to $s) mails at the deadline: $(cat "$T/fresh")"
	ok
	grep "^$s | " "$T/fresh" >"$T/own"
	contains "$T/own" "deadline passed"
	contains "$T/own" "The deadline for this decision passed"
	lacks "$T/own" "deadline for $s's decision"
done
# The others' deadlines are in it, without nested brackets; nor has list any.
flat() {
	/usr/bin/python3 - "$1" <<'PY'
import sys
for line in open(sys.argv[1]):
    depth = 0
    for ch in line:
        depth += (ch == "(") - (ch == ")")
        if depth > 1:
            sys.exit("brackets nest: " + line)
PY
}
flat "$T/fresh" || fail "brackets nest in a mail"
ok
expect_rc 0 "$ARBITER" list
flat "$T/out" || fail "brackets nest in list"
ok

# An undo request names the move as one line of its commands joined by
# "; " (a Terra Mystica turn: a conversion, then an action; nothing drawn).
at 0
expect_rc 0 "$ARBITER" new terra --seat ja:ja@example.org --seat ko:ko@example.org \
    --option maintain-player-order
i=0
while [ $i -lt 8 ]; do
	for s in ja ko; do
		if "$ARBITER" moves 3 $s >"$T/mv" 2>/dev/null; then
			expect_rc 0 "$ARBITER" move 3 $s "$(head -1 "$T/mv")"
			break
		fi
	done
	i=$((i + 1))
done
s=$("$ARBITER" show 3 | sed -n 's/^Waiting for [0-9]* \([a-z]*\):.*/\1/p')
[ -n "$s" ] || fail "Terra waits for nobody: $("$ARBITER" show 3 | tail -3)"
"$ARBITER" moves 3 "$s" >"$T/mv"
build=$(grep '^build ' "$T/mv" | head -1)
grep -q '^burn 1$' "$T/mv" || fail "no burn: $(cat "$T/mv")"
fresh
newest_mail "$s"
reply "$s" tm1 "burn 1
$build"
o=ja
[ "$s" = ja ] && o=ko
newest_mail "$o"
reply "$s" tm-undo "undo"
fresh
contains "$T/fresh" "asks to take back move 9 ($s: burn 1; $build)"
lacks "$T/fresh" "burn 1;$build"
done_ok
