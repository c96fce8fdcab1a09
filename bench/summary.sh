# bench/summary.sh - sourced by the bench scripts: `summary WHAT VALUE
# GOAL` adds one row to $BENCH_SUMMARY (when set), the table make bench
# prints last: every figure measured in this run, most of them a ratio to
# a floor measured in the same run.  Also the helpers the scripts share;
# run and floor need $W, the script's working directory.
summary() {
	[ -n "${BENCH_SUMMARY:-}" ] || return 0
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$BENCH_SUMMARY"
}

# now_ns: the clock in nanoseconds
now_ns() { date +%s%N; }

# median: the median of the numbers on stdin, one per line
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run CMD...: run CMD, print "nanoseconds max-rss-kB"
run() {
	t0=$(now_ns)
	/usr/bin/time -f '%M' -o "$W/rss" "$@" >/dev/null 2>"$W/err" || {
		cat "$W/err" >&2
		return 1
	}
	t1=$(now_ns)
	echo "$((t1 - t0)) $(cat "$W/rss")"
}

# The floor: a bare sqlite3 process doing BEGIN IMMEDIATE; INSERT; COMMIT
# on the same disk with arbiter's pragmas (WAL, synchronous=FULL).
floor_init() {
	sqlite3 "$W/floor.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (x INTEGER, y TEXT);" >/dev/null
}
floor() {
	run sqlite3 "$W/floor.db" "PRAGMA synchronous=FULL; BEGIN IMMEDIATE; INSERT INTO t VALUES (1, 'move'); COMMIT;"
}
