#!/bin/sh
# bench/scale.sh - commands that must not grow with the games a site has
# played: `list` (its default view), `remind` and `send` with an empty
# queue, a move (its mail delivered into a Maildir, pictures off: their
# cost does not grow with the site) and one inbound move mail, on
# 1,000,000 games as a ratio to 1,000 (70% finished; made by bench/bigdb.sh
# through the real schema: each database's time to make it is printed).
# Runs are interleaved, each process timed by bench/timer; medians of
# the paired ratios, with their spread (lowest-highest).  Also the
# database's bytes per game.  Prints a table; asserts nothing.
# Usage: sh bench/scale.sh [RUNS] [GAMES]
set -e
. "$(pwd)/bench/summary.sh"
A=${ARBITER:-$(pwd)/arbiter}
RUNS=${1:-11}
BIG=${2:-1000000}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-scale.XXXXXX")
trap 'rm -rf "$W"' EXIT
for n in 1000 "$BIG"; do
	set -- $(ARBITER="$A" run sh bench/bigdb.sh "$W/g$n.db" "$n")
	echo "bigdb.sh: $n games made in $(echo "$1" | awk '{ printf "%.1f", $1 / 1e9 }') s," \
	    "$(($(stat -c %s "$W/g$n.db") / n)) bytes per game"
done
summary "database bytes per game ($BIG games, 70% finished)" \
    "$(($(stat -c %s "$W/g$BIG.db") / BIG))" "report"
# Each command delivers its mail before it exits (deliver = foreground), as
# these figures always counted it; bench/moves.sh times the detached delivery.
export HOME="$W" ARBITER_DELIVER=foreground
ns() {	# ns DB CMD...: nanoseconds of one run (bench/timer, the child alone)
	db=$1
	shift
	set -- $(ARBITER_DB="$db" run "$A" "$@")
	echo "$1"
}
printf '%-28s %10s %10s %8s %s\n' command "1k (ms)" "big (ms)" ratio "spread"
# row CMD GOAL: the figures of one command from $W/a and $W/b (ns, paired)
row() {
	paste -d ' ' "$W/a" "$W/b" | awk '{ printf "%.3f\n", $2 / $1 }' >"$W/r"
	a=$(median <"$W/a")
	b=$(median <"$W/b")
	r=$(median <"$W/r")
	spread="$(sort -n "$W/r" | head -1)-$(sort -n "$W/r" | tail -1)"
	echo "$a $b $r" | awk -v c="$1" -v s="$spread" '{ printf "%-28s %10.1f %10.1f %8.2f %s\n",
	    c, $1 / 1e6, $2 / 1e6, $3, s }'
	summary "$1: $BIG games / 1,000 (spread $spread)" "$r" "$2"
}
for cmd in "list" "remind --quiet --no-send" "send --quiet"; do
	: >"$W/a"; : >"$W/b"
	k=0
	while [ $k -lt "$RUNS" ]; do
		ns "$W/g1000.db" $cmd >>"$W/a"
		ns "$W/g$BIG.db" $cmd >>"$W/b"
		k=$((k + 1))
	done
	goal="<= 1.5"
	case $cmd in send*) goal="<= 1.2" ;; esac
	row "$cmd" "$goal"
done

# A move and one inbound move mail in running games (every tenth id is
# one: 10, 20, ...), their mail delivered into a Maildir.  The move is
# the first legal one of the seat the game waits for; the mail, the
# next such move by the seat then awaited, sent to its keyed reply
# address from the mail the move queued.
export ARBITER_MAILDIR="$W/mail" ARBITER_MAIL_PICTURES=no ARBITER_FROM=games@example.org
awaited() {	# awaited DB GAME: "SEAT INDEX" of the seat GAME waits for, its moves in $W/moves
	for i in 0 1; do
		s=ann$2
		[ $i = 1 ] && s=ben$2
		if ARBITER_DB=$1 "$A" moves "$2" "$s" >"$W/moves" 2>/dev/null; then
			echo "$s $i"
			return 0
		fi
	done
	return 1
}
move_and_mail() {	# move_and_mail DB GAME: "move-ns mail-ns"
	n0=$(sqlite3 "$1" "SELECT nmoves FROM games WHERE id = $2")
	set -- "$1" "$2" $(awaited "$1" "$2")
	set -- "$1" "$2" $(ARBITER_DB=$1 run "$A" move "$2" "$3" "$(head -1 "$W/moves")")
	set -- "$1" "$2" "$3" $(awaited "$1" "$2")
	s=$4 idx=$5
	to=$(sqlite3 "$1" "SELECT b.message FROM outbox o JOIN outbox_body b USING (id)
	    WHERE o.game_id = $2 AND o.seat = $idx ORDER BY o.id DESC LIMIT 1" |
	    tr -d '\r' | sed -n 's/^Reply-To:.*<\(.*\)>.*/\1/p' | head -1)
	printf 'From: %s@example.org\nTo: %s\nMessage-ID: <scale-%s-%s@example.org>\nSubject: move\n\n%s\n' \
	    "$s" "$to" "$2" "$(basename "$1")" "$(head -1 "$W/moves")" >"$W/in.eml"
	set -- "$1" "$2" "$3" $(ARBITER_DB=$1 RUN_IN="$W/in.eml" run "$A" mail)
	[ "$(sqlite3 "$1" "SELECT nmoves FROM games WHERE id = $2")" -eq $((n0 + 2)) ] ||
	    echo "scale.sh: game $2 of $1: the move or the mail was not applied" >&2
	echo "$3 $4"
}
: >"$W/a"; : >"$W/b"; : >"$W/ma"; : >"$W/mb"
k=0
while [ $k -lt "$RUNS" ]; do
	k=$((k + 1))
	set -- $(move_and_mail "$W/g1000.db" $((k * 10)))
	echo "$1" >>"$W/a"; echo "$2" >>"$W/ma"
	set -- $(move_and_mail "$W/g$BIG.db" $((k * 10)))
	echo "$1" >>"$W/b"; echo "$2" >>"$W/mb"
done
row "move (Maildir, no picture)" "<= 1.5"
mv "$W/ma" "$W/a"; mv "$W/mb" "$W/b"
row "mail (one move, answered)" "<= 1.5"
