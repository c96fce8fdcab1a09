#!/bin/sh
# needs: tigris
# `verify` while another process moves: the game's row, its log and its
# snapshot are read as of one moment, so a move committed between two of
# its reads never makes it say the game differs.  Before, it did ("the game
# row says 22 moves, the log holds 23": 14 of 680 runs on PostgreSQL, 24
# of 3,934 on SQLite; issue 28, defect 9).  tests/unit/test_trust.c
# places the move between the reads on SQLite every time.
. "$(dirname "$0")/../e2e-lib.sh"

moves=60
expect_rc 0 "$ARBITER" new tigris --seat ann --seat ben --seat cy
# The mover: the awaited seat's first legal command, again and again.
(
	n=0
	while [ $n -lt $moves ]; do
		seat=
		for s in ann ben cy; do
			if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
		done
		[ -n "$seat" ] || break
		"$ARBITER" move --no-send 1 "$seat" "$(head -1 "$T/moves")" >/dev/null 2>&1 || break
		n=$((n + 1))
	done
	: >"$T/done"
) &
mover=$!
runs=0
while [ ! -e "$T/done" ]; do
	"$ARBITER" verify 1 >"$T/verify" 2>&1
	rc=$?
	runs=$((runs + 1))
	[ $rc -eq 0 ] || { kill "$mover" 2>/dev/null; fail "verify during a move (run $runs): $(cat "$T/verify")"; }
done
wait "$mover"
[ "$(sql "SELECT nmoves FROM games WHERE id = 1")" -ge 20 ] || fail "the mover stopped early"
echo "$runs verifies while $(sql "SELECT nmoves FROM games WHERE id = 1") moves were made"
ok
done_ok
