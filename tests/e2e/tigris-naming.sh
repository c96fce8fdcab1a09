#!/bin/sh
# needs: tigris warriors
# One way of naming the place of a refusal (issue 23): in a submission of
# several commands, "command N", counted across lines and ';', whether the
# engine refuses the command or the application finds the seat may not
# act by then; and in Tigris nothing may follow resign.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ann --seat bob --seat cy
# whom the game waits for, and a seat it does not
"$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p' >"$T/who"
a=$(cat "$T/who")
[ -n "$a" ] || fail "nobody awaited"
ok
for s in ann bob cy; do [ "$s" != "$a" ] && { idle=$s; break; }; done
sum=$(dbsum)
# resign, then another command: the rule, for the awaited seat and another
for s in "$a" "$idle"; do
	expect_rc 65 "$ARBITER" move 1 "$s" 'resign; pass'
	one_line "$T/err"
	contains "$T/err" "command 2: pass: nothing may follow 'resign' (command 1) in the same submission"
done
expect_rc 65 "$ARBITER" move 1 "$a" 'resign
leader red F4'
contains "$T/err" "command 2: leader: nothing may follow 'resign' (command 1)"
# a pass ends the turn: the second command is named, on one line or two
expect_rc 77 "$ARBITER" move 1 "$a" 'pass; pass'
contains "$T/err" "command 2: 'pass': $a may not act then: by then the game waits for"
expect_rc 77 "$ARBITER" move 1 "$a" 'pass
pass'
contains "$T/err" "command 2: 'pass': $a may not act then: by then the game waits for"
# the engine's own refusal of a later command
# (a swap of a colour the hand holds, so command 1 stands whatever was drawn)
c=$("$ARBITER" show 1 --as "$a" | sed -n 's/^  Hand: \([a-z]\).*/\1/p')
[ -n "$c" ] || fail "no hand shown for $a"
expect_rc 65 "$ARBITER" move 1 "$a" "swap $c; tile red Q99"
contains "$T/err" "command 2: "
[ "$(dbsum)" = "$sum" ] || fail "a refused submission changed the database"
ok
# Warriors names the command the same way
expect_rc 0 "$ARBITER" new warriors --seat x --seat y --option countries=choose
expect_rc 0 "$ARBITER" move 2 x 'country FRA'
expect_rc 0 "$ARBITER" move 2 y 'country BUR'
expect_rc 0 "$ARBITER" move 2 x 'tracks 1 1 1'
expect_rc 0 "$ARBITER" move 2 y 'tracks 1 1 1'
expect_rc 65 "$ARBITER" move 2 x 'build inf PAR
build inf PAR; build inf ORL'
one_line "$T/err"
contains "$T/err" "command 3: 'build inf ORL': you have no further action slot this turn"
done_ok
