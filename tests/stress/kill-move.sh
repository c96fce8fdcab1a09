#!/bin/sh
# needs: tigris
# SIGKILL at random points of `move` and `mail`: never a partial move (the
# log, the snapshot and the move count agree: `verify` replays clean), and
# a move whose process reported success before the kill is in the log.
# STRESS_SHORT=1: 30 runs; else 300.
. "$(dirname "$0")/../e2e-lib.sh"

runs=300
[ -n "${STRESS_SHORT:-}" ] && runs=30
rnd() {
	echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 ))
}
nmoves() {
	sqlite3 "$ARBITER_DB" "SELECT count(*) FROM moves WHERE game_id = $game"
}
game=0
new_game() {
	"$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org \
	    --seat cat:cat@example.org >/dev/null 2>&1 || fail "new failed"
	game=$((game + 1))
}
new_game
k=0 acked=0 killed=0 stale=0
while [ $k -lt $runs ]; do
	k=$((k + 1))
	s=
	for x in ann ben cat; do
		"$ARBITER" moves $game $x >"$T/moves" 2>/dev/null && { s=$x; break; }
	done
	[ -n "$s" ] || { new_game; continue; }
	c=$(head -1 "$T/moves")
	n=$(nmoves)
	if [ $((k % 2)) -eq 0 ]; then
		"$ARBITER" move $game "$s" "$c" >/dev/null 2>&1 &
	else
		newest_mail "$s" || fail "no mail to $s"
		printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <kill-%d@example.org>\n\n%s\n' \
		    "$s" "$s" "$(cat "$T/reply-to")" "$k" "$c" >"$T/mail"
		"$ARBITER" mail <"$T/mail" >/dev/null 2>&1 &
	fi
	pid=$!
	sleep "0.0$(rnd 60 | sed 's/^\([0-9]\)$/0\1/')"
	kill -9 $pid 2>/dev/null
	{ wait $pid; } 2>/dev/null
	rc=$?
	m=$(nmoves)
	# A mail handled is not always a move (a stale address is answered):
	# what it did is in the inbound table.
	if [ $rc -eq 0 ] && [ $((k % 2)) -eq 1 ] && [ "$(sqlite3 "$ARBITER_DB" \
	    "SELECT result FROM inbound WHERE message_id = 'kill-$k@example.org'")" != applied ]; then
		stale=$((stale + 1))
		[ "$m" -eq "$n" ] || fail "run $k: a mail not applied changed the log"
	elif [ $rc -eq 0 ]; then
		acked=$((acked + 1))
		[ "$m" -eq $((n + 1)) ] || fail "run $k: the move was acknowledged but the log has $m moves, not $((n + 1))"
	else
		killed=$((killed + 1))
		[ "$m" -eq "$n" ] || [ "$m" -eq $((n + 1)) ] || fail "run $k: $n moves became $m"
	fi
	"$ARBITER" verify $game >"$T/out" 2>&1 || fail "run $k: verify: $(cat "$T/out")"
	ok
	# Moves are long games: a fresh one now and then keeps the positions varied.
	[ "$(nmoves)" -lt 60 ] || new_game
done
expect_rc 0 "$ARBITER" verify --all
[ "$(sqlite3 "$ARBITER_DB" "PRAGMA integrity_check")" = ok ] || fail "integrity_check"
ok
echo "kill-move: $runs runs, $killed killed, $acked applied before the kill, $stale mails answered as stale; no partial move, no acknowledged move lost"
done_ok
