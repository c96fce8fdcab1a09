#!/bin/sh
# needs: terra
# backend: sqlite — SQLite's write-ahead log and its -wal file
# SQLite's log stays short whatever the delivery: a process that opens a
# database nobody else has open reads the whole log first (store.c,
# store_tidy), so every command that writes copies a log grown past
# 256 KB back into the database once it is done: with deliver = background
# in the detached process (with --no-send too, which delivers nothing),
# with foreground before it exits.  Thirty Terra moves of each kind never
# leave a log over 256 KB plus one command's own, and --no-send still
# sends nothing.
. "$(dirname "$0")/../e2e-lib.sh"

LIMIT=$((256 * 1024))
wal() { stat -c %s "$ARBITER_DB-wal" 2>/dev/null || echo 0; }
unsent() { sql "SELECT count(*) FROM outbox WHERE sent_at = 0 AND failed = 0"; }

newgame() {
	id=$("$ARBITER" new terra --seat ann:ann@example.org --seat ben:ben@example.org \
	    --seat cat:cat@example.org 2>"$T/err") || fail "new: $(cat "$T/err")"
	"$ARBITER" send --quiet >/dev/null 2>&1
	queued=$(unsent)
}

# play DELIVER [--no-send]: 30 moves; the largest log after any of them in $most,
# the largest growth one move made in $step.
play() {
	_d=$1
	shift
	most=0
	step=0
	_k=0
	while [ $_k -lt 30 ]; do
		_s=$("$ARBITER" show "$id" | sed -n "s/^Waiting for [0-9]* \([a-z]*\).*/\1/p" | head -1)
		if [ -z "$_s" ]; then	# over (each seat passes first): another game
			newgame
			continue
		fi
		_line=$("$ARBITER" moves "$id" "$_s" | head -1)
		_before=$(wal)
		ARBITER_DELIVER=$_d "$ARBITER" move "$@" "$id" "$_s" "$_line" >/dev/null 2>"$T/err" ||
			fail "move $_k ($_d $*): $_s $_line: $(cat "$T/err")"
		# A detached process has the log for a moment: until nobody does.
		_i=0
		while [ -n "$(fuser "$ARBITER_DB" 2>/dev/null)" ] && [ $_i -lt 100 ]; do
			sleep 0.05
			_i=$((_i + 1))
		done
		_after=$(wal)
		[ "$_after" -gt "$most" ] && most=$_after
		[ $((_after - _before)) -gt "$step" ] && step=$((_after - _before))
		_k=$((_k + 1))
	done
}

for d in background foreground; do
	for opt in --no-send ""; do
		rm -f "$ARBITER_DB" "$ARBITER_DB-wal" "$ARBITER_DB-shm"
		rm -rf "$ARBITER_MAILDIR"
		newgame
		play $d $opt
		[ "$most" -le $((LIMIT + step)) ] ||
			fail "deliver=$d ${opt:-(sending)}: the log reached $most bytes (limit $LIMIT, a move adds up to $step)"
		ok
		if [ -n "$opt" ]; then
			[ "$(unsent)" -gt "$queued" ] || fail "deliver=$d --no-send: mail went out"
			ok
		else
			[ "$(unsent)" -eq 0 ] || fail "deliver=$d: $(unsent) mails left unsent"
			ok
		fi
	done
done
done_ok
