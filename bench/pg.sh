#!/bin/sh
# bench/pg.sh - arbiter on PostgreSQL over a Unix socket (a private server
# started by tests/pg-server.sh): one `move` (--no-send, and delivered to
# the Maildir) as a ratio to the same floor as bench/moves.sh (a bare
# sqlite3 process doing BEGIN IMMEDIATE; INSERT; COMMIT with arbiter's
# pragmas), beside PostgreSQL's own floor (psql doing BEGIN; INSERT;
# COMMIT on the same server); and `remind` at 100,000 games as a ratio to
# 1,000 (bench/bigdb.sh's databases, moved in with `arbiter copy`).
# Interleaved runs, medians of the paired ratios.  Asserts nothing.
# Usage: sh bench/pg.sh [RUNS]
set -e
. "$(pwd)/bench/summary.sh"
A=$(pwd)/arbiter
RUNS=${1:-20}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-pgbench.XXXXXX")
if ! PG=$(sh tests/pg-server.sh start $$); then
	rm -rf "$W"
	echo "bench/pg.sh: no PostgreSQL server could be started; skipped"
	exit 0
fi
trap 'sh tests/pg-server.sh stop "$PG" >/dev/null 2>&1; rm -rf "$W"' EXIT
# Each command delivers its mail before it exits (deliver = foreground), as
# these figures always counted it; bench/moves.sh times the detached delivery.
export HOME="$W" ARBITER_MAILDIR="$W/mail" ARBITER_DELIVER=foreground
unset ARBITER_SMTP_URL ARBITER_DB
PSQL="$(sh tests/pg-server.sh bindir)/psql"

floor_init
URI=$(sh tests/pg-server.sh createdb "$PG" bench)
"$PSQL" -XAtq -d "$URI" -c "CREATE TABLE t (x BIGINT, y TEXT)"
pgfloor() {
	run "$PSQL" -XAtq -d "$URI" -c "BEGIN; INSERT INTO t VALUES (1, 'move'); COMMIT;"
}

id=
setup() {
	id=$("$A" --db "$URI" new tigris --seat ann:ann@example.org --seat ben:ben@example.org \
	    --seat cat:cat@example.org)
}
next_move() {
	for s in ann ben cat; do
		if "$A" --db "$URI" moves "$id" $s >"$W/moves" 2>/dev/null; then
			echo "$s"
			return 0
		fi
	done
	return 1
}
setup
printf '%-28s %12s %12s %14s\n' "move on PostgreSQL" "time/floor" "rss/floor" "pg floor/floor"
for mode in no-send maildir; do
	: >"$W/t"; : >"$W/m"; : >"$W/p"
	k=0
	while [ $k -lt "$RUNS" ]; do
		s=$(next_move) || { setup; continue; }
		cmd=$(head -1 "$W/moves")
		opt=""
		[ $mode = no-send ] && opt=--no-send
		set -- $(floor)
		ft=$1 fm=$2
		set -- $(pgfloor)
		pt=$1
		set -- $(run "$A" --db "$URI" move $opt "$id" "$s" "$cmd")
		echo "$1 $ft" | awk '{ printf "%.3f\n", $1 / $2 }' >>"$W/t"
		echo "$2 $fm" | awk '{ printf "%.3f\n", $1 / $2 }' >>"$W/m"
		echo "$pt $ft" | awk '{ printf "%.3f\n", $1 / $2 }' >>"$W/p"
		k=$((k + 1))
	done
	printf '%-28s %12s %12s %14s\n' "tigris, $mode" "$(median <"$W/t")" "$(median <"$W/m")" \
	    "$(median <"$W/p")"
	summary "move on PostgreSQL, tigris, $mode: time / floor (psql's own: $(median <"$W/p"))" \
	    "$(median <"$W/t")" "none set"
done

# remind on 100,000 games as a ratio to 1,000, both on PostgreSQL.
for n in 1000 100000; do
	ARBITER="$A" sh bench/bigdb.sh "$W/g$n.db" $n >/dev/null
	u=$(sh tests/pg-server.sh createdb "$PG" big$n)
	"$A" copy --from "$W/g$n.db" --to "$u" >"$W/copy.$n" ||
		{ tail -3 "$W/copy.$n" >&2; exit 1; }
	eval "U$n=\$u"
done
ns() {
	set -- $(run "$A" --db "$1" remind --quiet --no-send)
	echo "$1"
}
: >"$W/a"; : >"$W/b"
k=0
while [ $k -lt 11 ]; do
	ns "$U1000" >>"$W/a"
	ns "$U100000" >>"$W/b"
	k=$((k + 1))
done
a=$(median <"$W/a")
b=$(median <"$W/b")
printf 'remind on PostgreSQL: 1k %.1f ms, 100k %.1f ms, ratio %s\n' \
    "$(echo "$a" | awk '{ print $1 / 1e6 }')" "$(echo "$b" | awk '{ print $1 / 1e6 }')" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')"
summary "remind on PostgreSQL: 100,000 games / 1,000" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')" "<= 1.5"
