#!/bin/sh
# bench/intake.sh - mail arriving at once, as an MTA delivers a burst:
# several `arbiter mail` pipes at the same time, each one move mail for a
# game of its own (Tigris, two seats, the seat's keyed reply address, its
# first legal move), the answers delivered into a Maildir as the site's
# default does.  The floor: the same number of bare sqlite3 processes at
# the same concurrency, each BEGIN IMMEDIATE; INSERT; COMMIT with
# arbiter's pragmas (WAL, synchronous=FULL) and a busy timeout, on the same
# disk, in the same run.  Each process (both sides) is timed by
# bench/timer, the burst as a whole by bench/timer around xargs; the two
# sides are run alike, in turns.
#   rows: mails/s over the floor's commits/s at 16 pipes (pictures on and
#   off), the p99 of one mail's handling, and at 64 pipes for 1,000 mails
#   whether every mail was applied exactly once, no pipe exited 75 and
#   every move's answer went out.
# Prints a table; asserts nothing.  Usage: sh bench/intake.sh [MAILS] [MAILS64] [ROUNDS]
set -e
. "$(pwd)/bench/summary.sh"
A=${ARBITER:-$(pwd)/arbiter}
N16=${1:-96}
N64=${2:-1000}
ROUNDS=${3:-3}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-intake.XXXXXX")
trap 'rm -rf "$W"' EXIT
export HOME="$W" ARBITER_FROM=games@example.org
unset ARBITER_SMTP_URL ARBITER_DB

# One item of a burst: one.sh FILE CMD...: CMD timed (stdin FILE), its
# "ns rss" in FILE.lat, its exit status in FILE.rc (timer's: 1 when CMD
# failed, its stderr then in FILE.err).
cat >"$W/one.sh" <<EOF
#!/bin/sh
f=\$1
shift
"$TIMER" -e "\$f.err" -i "\$f" "\$@" >"\$f.lat" 2>>"\$f.err"
echo \$? >"\$f.rc"
exit 0
EOF

# games DB N: N Tigris games, and for each the move mail of the seat it
# waits for, in DB.in/GAME.
games() {
	db=$1 n=$2
	mkdir -p "$db.in"
	g=0
	while [ $g -lt "$n" ]; do
		ARBITER_MAIL_PICTURES=no ARBITER_MAILDIR="$W/setup" "$A" --db "$db" new tigris \
		    --seat ann:ann@example.org --seat ben:ben@example.org >/dev/null
		g=$((g + 1))
	done
	sqlite3 "$db" "SELECT o.game_id, o.seat, substr(b.message, instr(b.message,
	    char(10) || 'Reply-To:') + 1, 200) FROM outbox o JOIN outbox_body b USING (id)
	    WHERE o.id IN (SELECT max(id) FROM outbox GROUP BY game_id, seat)" |
	    tr -d '\r' | awk -F '|' 'NF >= 3 { split($3, l, "\n"); sub(/.*</, "", l[1]);
	    sub(/>.*/, "", l[1]); print $1, $2, l[1] }' >"$db.reply"
	g=0
	while [ $g -lt "$n" ]; do
		g=$((g + 1))
		for s in ann ben; do
			"$A" --db "$db" moves $g $s >"$W/moves" 2>/dev/null || continue
			idx=0
			[ $s = ben ] && idx=1
			to=$(awk -v g=$g -v i=$idx '$1 == g && $2 == i { print $3 }' "$db.reply")
			printf 'From: %s@example.org\nTo: %s\nMessage-ID: <intake-%s@example.org>\nSubject: move\n\n%s\n' \
			    $s "$to" $g "$(head -1 "$W/moves")" >"$db.in/$g"
			break
		done
	done
	sqlite3 "$db" "SELECT id || ' ' || nmoves FROM games ORDER BY id" >"$db.pre"
	sqlite3 "$db" "SELECT coalesce(max(id), 0) FROM outbox" >"$db.outbox"
}

# burst P DIR CMD...: every file of DIR through CMD, P at a time; prints
# the burst's nanoseconds.
burst() {
	p=$1 dir=$2
	shift 2
	rm -f "$dir"/*.lat "$dir"/*.rc "$dir"/*.err
	ls "$dir" | sed "s#^#$dir/#" >"$W/list"
	set -- $(RUN_IN="$W/list" run xargs -P "$p" -I '{}' sh "$W/one.sh" '{}' "$@")
	echo "$1"
}

# The floor's files: one empty input per commit.
floor_files() {
	rm -rf "$W/floor.in"
	mkdir -p "$W/floor.in"
	k=0
	while [ $k -lt "$1" ]; do k=$((k + 1)); : >"$W/floor.in/$k"; done
	rm -f "$W/floor.db"*
	sqlite3 "$W/floor.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (x INTEGER, y TEXT);" >/dev/null
}
FLOOR_SQL="PRAGMA synchronous=FULL; BEGIN IMMEDIATE; INSERT INTO t VALUES (1, 'move'); COMMIT;"

# check DB DIR: "applied-once exit75 lost-answers failures" of a burst.
check() {
	db=$1 dir=$2
	sqlite3 "$db" "SELECT id || ' ' || nmoves FROM games ORDER BY id" >"$W/post"
	once=$(paste -d ' ' "$db.pre" "$W/post" | awk '$4 == $2 + 1' | wc -l)
	e75=$(cat "$dir"/*.err 2>/dev/null | grep -c 'exited 75' || true)
	bad=$(cat "$dir"/*.rc | grep -vc '^0$' || true)
	# Every move's answer queued and out of the queue (delivered).
	answered=$(sqlite3 "$db" "SELECT count(DISTINCT game_id) FROM outbox WHERE
	    id > $(cat "$db.outbox") AND sent_at != 0")
	echo "$once $e75 $(( $(ls "$dir" | grep -c '^[0-9]*$') - answered )) $bad"
}

pct() {	# pct P: the P-th percentile of the numbers on stdin
	sort -n | awk -v p="$1" '{ v[NR] = $1 } END { i = int(NR * p / 100 + 0.999);
	    if (i < 1) i = 1; print v[i] }'
}

echo "intake: $N16 mails at 16 pipes (x$ROUNDS rounds, pictures on and off), $N64 at 64"
printf '%-26s %9s %9s %7s %9s %9s  %s\n' mode "mails/s" "floor/s" ratio "p50 ms" "p99 ms" \
    "once/75/lost/failed"
for pictures in yes no; do
	: >"$W/ratios"
	: >"$W/lats"
	r=0
	while [ $r -lt "$ROUNDS" ]; do
		r=$((r + 1))
		rm -rf "$W/g.db"* "$W/mail" "$W/setup"
		games "$W/g.db" "$N16"
		floor_files "$N16"
		tf=$(burst 16 "$W/floor.in" sqlite3 -cmd ".timeout 10000" "$W/floor.db" "$FLOOR_SQL")
		tm=$(ARBITER_MAIL_PICTURES=$pictures ARBITER_MAILDIR="$W/mail" \
		    burst 16 "$W/g.db.in" "$A" --db "$W/g.db" mail)
		cat "$W/g.db.in"/*.lat | cut -d ' ' -f 1 >>"$W/lats"
		c=$(check "$W/g.db" "$W/g.db.in")
		echo "$N16 $tm $tf" | awk -v c="$c" -v m="16 pipes, pictures $pictures" \
		    -v p50="$(cut -d ' ' -f 1 "$W/g.db.in"/*.lat | pct 50)" \
		    -v p99="$(cut -d ' ' -f 1 "$W/g.db.in"/*.lat | pct 99)" '{
		    a = $1 / ($2 / 1e9); f = $1 / ($3 / 1e9);
		    printf "%-26s %9.1f %9.1f %7.2f %9.1f %9.1f  %s\n", m, a, f, a / f,
		    p50 / 1e6, p99 / 1e6, c }'
		echo "$N16 $tm $tf" | awk '{ printf "%.3f\n", ($1 / $2) / ($1 / $3) }' >>"$W/ratios"
	done
	summary "intake, 16 pipes, pictures $pictures: mails/s / floor's commits/s (median of $ROUNDS)" \
	    "$(median <"$W/ratios")" ">= 0.5"
	summary "intake, 16 pipes, pictures $pictures: p99 ms of one mail (all rounds)" \
	    "$(pct 99 <"$W/lats" | awk '{ printf "%.0f", $1 / 1e6 }')" "<= 150"
done

# 64 pipes, N64 mails: correctness under the burst.
rm -rf "$W/g.db"* "$W/mail" "$W/setup"
games "$W/g.db" "$N64"
floor_files "$N64"
tf=$(burst 64 "$W/floor.in" sqlite3 -cmd ".timeout 10000" "$W/floor.db" "$FLOOR_SQL")
tm=$(ARBITER_MAILDIR="$W/mail" burst 64 "$W/g.db.in" "$A" --db "$W/g.db" mail)
c=$(check "$W/g.db" "$W/g.db.in")
echo "$N64 $tm $tf" | awk -v c="$c" -v m="64 pipes, $N64 mails" \
    -v p99="$(cut -d ' ' -f 1 "$W/g.db.in"/*.lat | pct 99)" \
    -v p50="$(cut -d ' ' -f 1 "$W/g.db.in"/*.lat | pct 50)" '{
    a = $1 / ($2 / 1e9); f = $1 / ($3 / 1e9);
    printf "%-26s %9.1f %9.1f %7.2f %9.1f %9.1f  %s\n", m, a, f, a / f, p50 / 1e6, p99 / 1e6, c }'
set -- $c
summary "intake, 64 pipes, $N64 mails: applied once / exit 75 / answers lost / failed" \
    "$1/$2/$3/$4" "$N64/0/0/0"
