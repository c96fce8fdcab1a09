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
#   every move's answer went out.  Then the same 64-pipe burst on
#   PostgreSQL (a private server, tests/pg-server.sh; skipped without
#   one) from two hosts' pipes (half the pipes each, each host with a
#   Maildir of its own), against psql's floor (BEGIN; INSERT; COMMIT) at
#   the same concurrency.
# Prints a table; asserts nothing.  Usage: sh bench/intake.sh [MAILS] [MAILS64] [ROUNDS]
set -e
. "$(pwd)/bench/summary.sh"
A=${ARBITER:-$(pwd)/arbiter}
N16=${1:-96}
N64=${2:-1000}
ROUNDS=${3:-3}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-intake.XXXXXX")
trap 'rm -rf "$W"' EXIT
# The 16-pipe rows run both ways: with deliver = foreground each pipe
# delivers its answer before it exits, as these figures always counted it;
# with background (the default) a pipe exits after its commit and a
# detached process delivers, so those rows also say when the last answer
# was out of the queue (polled every 50 ms after the burst, outside the
# timed region: "drained ms" is the burst plus that wait, to 50 ms).  The
# 64-pipe and PostgreSQL rows deliver in the foreground.
export HOME="$W" ARBITER_FROM=games@example.org ARBITER_DELIVER=foreground
unset ARBITER_SMTP_URL ARBITER_DB

# One item of a burst: one.sh FILE CMD...: CMD timed (stdin FILE), its
# "ns rss" in FILE.lat, its exit status in FILE.rc (timer's: 1 when CMD
# failed), its stderr in FILE.err, the timer's own ("CMD exited N") in
# FILE.log.
cat >"$W/one.sh" <<EOF
#!/bin/sh
f=\$1
shift
"$TIMER" -e "\$f.err" -i "\$f" "\$@" >"\$f.lat" 2>"\$f.log"
echo \$? >"\$f.rc"
exit 0
EOF

# q DB SQL: one query, on SQLite or PostgreSQL; fields split by '|'.
q() {
	case $1 in
	postgres*) "$PSQL" -XAtq -F '|' -d "$1" -c "$2" ;;
	*) sqlite3 "$1" "$2" ;;
	esac
}

# games DB DIR N: N Tigris games (seats annG and benG at addresses of
# their own), and for each the move mail of the seat it waits for, to the
# keyed reply address of the start mail it got, in DIR/GAME.
games() {
	db=$1 dir=$2 n=$3
	rm -rf "$dir" "$dir.ids" "$W/setup"
	mkdir -p "$dir"
	g=0
	while [ $g -lt "$n" ]; do
		g=$((g + 1))
		ARBITER_MAIL_PICTURES=no ARBITER_MAILDIR="$W/setup" "$A" --db "$db" new tigris \
		    --seat "ann:ann$g@example.org" --seat "ben:ben$g@example.org" >"$W/id"
		echo "$(cat "$W/id") $g" >>"$dir.ids"
	done
	# "ADDRESS REPLY-TO" of every start mail.
	for f in "$W/setup/new"/*; do
		tr -d '\r' <"$f" | sed -n '1,/^$/p' | awk '
		    /^To:/ { t = $0 } /^Reply-To:/ { r = $0 }
		    END { sub(/.*</, "", t); sub(/>.*/, "", t); sub(/.*</, "", r); sub(/>.*/, "", r);
		    print t, r }'
	done >"$W/replies"
	while read -r id g; do
		for s in ann ben; do
			ARBITER_MAILDIR="$W/setup" "$A" --db "$db" moves "$id" $s >"$W/moves" 2>/dev/null || continue
			to=$(awk -v a="$s$g@example.org" '$1 == a { print $2; exit }' "$W/replies")
			printf 'From: %s@example.org\nTo: %s\nMessage-ID: <intake-%s-%s@example.org>\nSubject: move\n\n%s\n' \
			    "$s$g" "$to" "$id" "$$" "$(head -1 "$W/moves")" >"$dir/$id"
			break
		done
	done <"$dir.ids"
	rm -f "$dir.ids"
	q "$db" "SELECT id || ' ' || nmoves FROM games ORDER BY id" >"$dir.pre"
	q "$db" "SELECT coalesce(max(id), 0) FROM outbox" >"$dir.outbox"
}

# burst P DIR CMD...: every file of DIR through CMD, P at a time; prints
# the burst's nanoseconds.
burst() {
	p=$1 dir=$2
	shift 2
	rm -f "$dir"/*.lat "$dir"/*.rc "$dir"/*.err "$dir"/*.log
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
# floor_said: a line when some of the floor's commits failed (busy past its timeout).
floor_said() {
	n=$(cat "$W/floor.in"/*.rc | grep -vc '^0$' || true)
	[ "$n" -eq 0 ] || echo "  (the floor: $n of its commits failed: $(cat "$W/floor.in"/*.err | sort | uniq -c | head -1))"
}
FLOOR_SQL="PRAGMA synchronous=FULL; BEGIN IMMEDIATE; INSERT INTO t VALUES (1, 'move'); COMMIT;"

# check DB DIR: "applied-once exit75 lost-answers failures" of a burst.
check() {
	db=$1 dir=$2
	q "$db" "SELECT id || ' ' || nmoves FROM games ORDER BY id" >"$W/post"
	once=$(paste -d ' ' "$dir.pre" "$W/post" | awk '$4 == $2 + 1' | wc -l)
	e75=$(cat "$dir"/*.log 2>/dev/null | grep -c 'exited 75' || true)
	bad=$(cat "$dir"/*.rc | grep -vc '^0$' || true)
	# Every move's answer queued and out of the queue (delivered).
	answered=$(q "$db" "SELECT count(DISTINCT game_id) FROM outbox WHERE
	    id > $(cat "$dir.outbox") AND sent_at != 0")
	echo "$once $e75 $(( $(ls "$dir" | grep -c '^[0-9]*$') - answered )) $bad"
}

pct() {	# pct P: the P-th percentile of the numbers on stdin
	sort -n | awk -v p="$1" '{ v[NR] = $1 } END { i = int(NR * p / 100 + 0.999);
	    if (i < 1) i = 1; print v[i] }'
}

# drain DB: milliseconds until no answer waits in the queue (at most 120 s).
drain() {
	t0=$(date +%s%N)
	k=0
	while [ "$(q "$1" "SELECT count(*) FROM outbox WHERE sent_at = 0")" != 0 ] && [ $k -lt 2400 ]; do
		sleep 0.05
		k=$((k + 1))
	done
	echo $(( ($(date +%s%N) - t0) / 1000000 ))
}

echo "intake: $N16 mails at 16 pipes (x$ROUNDS rounds, pictures on and off), $N64 at 64"
printf '%-34s %9s %9s %7s %9s %9s  %s\n' mode "mails/s" "floor/s" ratio "p50 ms" "p99 ms" \
    "once/75/lost/failed"
for deliver in foreground background; do
for pictures in yes no; do
	: >"$W/ratios"
	: >"$W/lats"
	: >"$W/drains"
	r=0
	while [ $r -lt "$ROUNDS" ]; do
		r=$((r + 1))
		rm -rf "$W/g.db"* "$W/mail"
		games "$W/g.db" "$W/in" "$N16"
		floor_files "$N16"
		tf=$(burst 16 "$W/floor.in" sqlite3 -cmd ".timeout 60000" "$W/floor.db" "$FLOOR_SQL")
		floor_said
		tm=$(ARBITER_DELIVER=$deliver ARBITER_MAIL_PICTURES=$pictures ARBITER_MAILDIR="$W/mail" \
		    burst 16 "$W/in" "$A" --db "$W/g.db" mail)
		cat "$W/in"/*.lat | cut -d ' ' -f 1 >>"$W/lats"
		d=""
		if [ $deliver = background ]; then
			d=$(( $(drain "$W/g.db") + tm / 1000000 ))
			echo "$d" >>"$W/drains"
			d="  drained $d ms"
		fi
		c=$(check "$W/g.db" "$W/in")
		echo "$N16 $tm $tf" | awk -v c="$c$d" -v m="16 pipes, pic $pictures, $deliver" \
		    -v p50="$(cut -d ' ' -f 1 "$W/in"/*.lat | pct 50)" \
		    -v p99="$(cut -d ' ' -f 1 "$W/in"/*.lat | pct 99)" '{
		    a = $1 / ($2 / 1e9); f = $1 / ($3 / 1e9);
		    printf "%-34s %9.1f %9.1f %7.2f %9.1f %9.1f  %s\n", m, a, f, a / f,
		    p50 / 1e6, p99 / 1e6, c }'
		echo "$N16 $tm $tf" | awk '{ printf "%.3f\n", ($1 / $2) / ($1 / $3) }' >>"$W/ratios"
	done
	summary "intake, 16 pipes, pictures $pictures, $deliver: mails/s / floor's commits/s (median of $ROUNDS)" \
	    "$(median <"$W/ratios")" ">= 0.5"
	summary "intake, 16 pipes, pictures $pictures, $deliver: p99 ms of one mail (all rounds)" \
	    "$(pct 99 <"$W/lats" | awk '{ printf "%.0f", $1 / 1e6 }')" "<= 150"
	[ $deliver = foreground ] ||
	    summary "intake, 16 pipes, pictures $pictures, background: ms until every answer was delivered (median)" \
	    "$(median <"$W/drains")" "report"
done
done

# 64 pipes, N64 mails: correctness under the burst.
line() {	# line MODE N MAIL-NS FLOOR-NS CHECK: one row of the table
	echo "$2 $3 $4" | awk -v c="$5" -v m="$1" \
	    -v p99="$(cut -d ' ' -f 1 "$W/in"/*.lat | pct 99)" \
	    -v p50="$(cut -d ' ' -f 1 "$W/in"/*.lat | pct 50)" '{
	    a = $1 / ($2 / 1e9); f = $1 / ($3 / 1e9);
	    printf "%-34s %9.1f %9.1f %7.2f %9.1f %9.1f  %s\n", m, a, f, a / f, p50 / 1e6, p99 / 1e6, c }'
}
rm -rf "$W/g.db"* "$W/mail"
games "$W/g.db" "$W/in" "$N64"
floor_files "$N64"
tf=$(burst 64 "$W/floor.in" sqlite3 -cmd ".timeout 60000" "$W/floor.db" "$FLOOR_SQL")
floor_said
tm=$(ARBITER_MAILDIR="$W/mail" burst 64 "$W/in" "$A" --db "$W/g.db" mail)
c=$(check "$W/g.db" "$W/in")
line "64 pipes, $N64 mails" "$N64" "$tm" "$tf" "$c"
set -- $c
summary "intake, 64 pipes, $N64 mails: applied once / exit 75 / answers lost / failed" \
    "$1/$2/$3/$4" "$N64/0/0/0"

# The same on PostgreSQL, from two hosts: the mails split in two, each
# half through 32 pipes with a Maildir of its own (a host's claims are
# named by its Maildir), both halves at once, the two timed as one burst.
if ! PG=$(sh tests/pg-server.sh start $$ 2>/dev/null); then
	echo "intake on PostgreSQL: no server could be started; skipped"
	exit 0
fi
trap 'sh tests/pg-server.sh stop "$PG" >/dev/null 2>&1; rm -rf "$W"' EXIT
PSQL="$(sh tests/pg-server.sh bindir)/psql"
URI=$(sh tests/pg-server.sh createdb "$PG" intake)
FURI=$(sh tests/pg-server.sh createdb "$PG" floor)
"$PSQL" -XAtq -d "$FURI" -c "CREATE TABLE t (x BIGINT, y TEXT)"
rm -rf "$W/mail"*
games "$URI" "$W/in" "$N64"
floor_files "$N64"
tf=$(burst 64 "$W/floor.in" "$PSQL" -XAtq -d "$FURI" -c "BEGIN; INSERT INTO t VALUES (1, 'move'); COMMIT;")
floor_said
rm -f "$W/in"/*.lat "$W/in"/*.rc "$W/in"/*.err "$W/in"/*.log
ls "$W/in" | grep '^[0-9]*$' | sed "s#^#$W/in/#" >"$W/all"
awk 'NR % 2 == 1' "$W/all" >"$W/hostA"
awk 'NR % 2 == 0' "$W/all" >"$W/hostB"
cat >"$W/two.sh" <<TWO
#!/bin/sh
ARBITER_MAILDIR="$W/mailA" xargs -P 32 -I '{}' sh "$W/one.sh" '{}' "$A" --db "$URI" mail <"$W/hostA" &
ARBITER_MAILDIR="$W/mailB" xargs -P 32 -I '{}' sh "$W/one.sh" '{}' "$A" --db "$URI" mail <"$W/hostB" &
wait
TWO
set -- $(run sh "$W/two.sh")
tm=$1
c=$(check "$URI" "$W/in")
line "pg, 2 hosts x 32 pipes" "$N64" "$tm" "$tf" "$c"
set -- $c
summary "intake on PostgreSQL, 2 hosts x 32 pipes, $N64 mails: applied once / 75 / lost / failed" \
    "$1/$2/$3/$4" "$N64/0/0/0"
summary "intake on PostgreSQL, 2 hosts x 32 pipes: mails/s / psql's commits/s" \
    "$(awk -v t="$tm" -v f="$tf" 'BEGIN { printf "%.2f", f / t }')" "report"
