#!/bin/sh
# needs: tigris
# 16 processes race on one game, round after round: the same move on the
# command line (with --expect), the same reply mail, other mails on the
# same reply address, send, remind and a reader; every tenth round an undo
# joins them.  Each round: exactly one move per move number, each
# Message-ID applied at most once, and at the end `verify --all` and
# SQLite's integrity_check are clean.  STRESS_SHORT=1: 10 rounds; else 100.
. "$(dirname "$0")/../e2e-lib.sh"

rounds=100
[ -n "${STRESS_SHORT:-}" ] && rounds=10
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org \
    --seat cat:cat@example.org
nmoves() {
	sqlite3 "$ARBITER_DB" "SELECT count(*) FROM moves WHERE game_id = 1"
}
awaited() {
	for s in ann ben cat; do
		"$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null && { echo "$s"; return; }
	done
}
r=0 undos=0 codes=""
while [ $r -lt $rounds ]; do
	r=$((r + 1))
	s=$(awaited)
	[ -n "$s" ] || break		# the game ended
	c=$(head -1 "$T/moves")
	n=$(nmoves)
	newest_mail "$s" || fail "no mail to $s"
	to=$(cat "$T/reply-to")
	mail_of "$s" "race-$r" "$c" "$to" >"$T/same"
	mail_of "$s" "race-$r-a" "$c" "$to" >"$T/other-a"
	mail_of "$s" "race-$r-b" "$c" "$to" >"$T/other-b"
	undo=0
	[ $((r % 10)) -eq 0 ] && undo=1
	pids=""
	k=0
	while [ $k -lt 16 ]; do
		case $k in
		0|1|2|3|4) "$ARBITER" move --expect "$n" 1 "$s" "$c" ;;
		5|6|7|8) "$ARBITER" mail <"$T/same" ;;
		9) "$ARBITER" mail <"$T/other-a" ;;
		10) "$ARBITER" mail <"$T/other-b" ;;
		11|12) "$ARBITER" send --quiet ;;
		13) "$ARBITER" remind --quiet ;;
		14) "$ARBITER" show 1 ;;
		15) if [ $undo -eq 1 ]; then "$ARBITER" undo --force 1; else "$ARBITER" log 1; fi ;;
		esac >/dev/null 2>"$T/err.$k" &
		pids="$pids $!"
		k=$((k + 1))
	done
	undo_rc=
	k=0
	for p in $pids; do
		wait "$p"
		rc=$?
		codes="$codes $rc"
		[ $k -eq 15 ] && undo_rc=$rc
		k=$((k + 1))
	done
	m=$(nmoves)
	if [ $undo -eq 1 ] && [ "$undo_rc" -eq 0 ]; then
		# Undone first (the moves then find another count, the mail a stale
		# address): n-1; moved and then undone: n; moved by mail, undone,
		# and moved again by a command line that now finds n moves: n+1.
		[ "$m" -ge $((n - 1)) ] && [ "$m" -le $((n + 1)) ] ||
			fail "round $r: $n moves became $m with one undo racing"
		undos=$((undos + 1))
	else
		[ "$m" -eq $((n + 1)) ] || fail "round $r: move $((n + 1)) applied $((m - n)) times"
	fi
	for id in race-$r race-$r-a race-$r-b; do
		a=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM moves WHERE message_id = '$id@example.org'")
		[ "$a" -le 1 ] || fail "round $r: $id applied $a times"
	done
	# One of the mails on one address at most: it names one move.
	a=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM moves WHERE message_id LIKE 'race-$r%'")
	[ "$a" -le 1 ] || fail "round $r: one reply address played $a moves"
	ok
done
expect_rc 0 "$ARBITER" verify --all
[ "$(sqlite3 "$ARBITER_DB" "PRAGMA integrity_check")" = ok ] || fail "integrity_check"
ok
# Exit codes seen: 0 done, 65 refused, 75 busy (try again), 77 not your turn.
for c in $codes; do
	case $c in 0|65|75|77) ;; *) fail "a racer exited $c" ;; esac
done
ok
hist=$(echo $codes | tr ' ' '\n' | sort -n | uniq -c | awk '{ print $2 ":" $1 }' | tr '\n' ' ')
echo "races: $r rounds ($undos with an undo), 16 processes each: one move per number, no mail applied twice; exit code:count $hist"
done_ok
