#!/bin/sh
# bench/scale.sh - commands that must not grow with the games a site has
# played: `list` (its default view), `remind` and `send` with an empty
# queue, on 100,000 games as a ratio to 1,000 (70% finished; made by
# bench/bigdb.sh through the real schema).  Medians of interleaved runs.
# Prints a table; asserts nothing.  Usage: sh bench/scale.sh [RUNS]
set -e
. "$(pwd)/bench/summary.sh"
A=$(pwd)/arbiter
RUNS=${1:-11}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-scale.XXXXXX")
trap 'rm -rf "$W"' EXIT
for n in 1000 100000; do
	ARBITER="$A" sh bench/bigdb.sh "$W/g$n.db" $n
done
export HOME="$W"
ns() {	# ns DB CMD...: nanoseconds of one run (bench/timer, the child alone)
	db=$1
	shift
	set -- $(ARBITER_DB="$db" run "$A" "$@")
	echo "$1"
}
printf '%-28s %10s %10s %8s\n' command "1k (ms)" "100k (ms)" ratio
for cmd in "list" "remind --quiet --no-send" "send --quiet"; do
	: >"$W/a"; : >"$W/b"
	k=0
	while [ $k -lt "$RUNS" ]; do
		ns "$W/g1000.db" $cmd >>"$W/a"
		ns "$W/g100000.db" $cmd >>"$W/b"
		k=$((k + 1))
	done
	a=$(median <"$W/a")
	b=$(median <"$W/b")
	echo "$cmd $a $b" | awk '{ n = NF; printf "%-28s %10.1f %10.1f %8.2f\n",
	    substr($0, 1, length($0) - length($(n-1)) - length($n) - 2),
	    $(n-1) / 1e6, $n / 1e6, $n / $(n-1) }'
	goal="<= 1.5"
	case $cmd in send*) goal="<= 1.2" ;; esac
	summary "$cmd: 100,000 games / 1,000" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')" "$goal"
done
