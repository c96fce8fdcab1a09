# bench/summary.sh - sourced by the bench scripts: `summary WHAT VALUE
# GOAL` adds one row to $BENCH_SUMMARY (when set), the table make bench
# prints last: every figure measured in this run, most of them a ratio to
# a floor measured in the same run.  Also the helpers the scripts share;
# run and floor need $W, the script's working directory.
summary() {
	[ -n "${BENCH_SUMMARY:-}" ] || return 0
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$BENCH_SUMMARY"
}

# median: the median of the numbers on stdin, one per line
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run CMD...: run CMD under bench/timer (built by make bench as
# build/bench/timer, or $TIMER), print "nanoseconds max-rss-kB".  The
# timer reads the clock around the child's spawn and wait alone, so no
# shell, `date` or /usr/bin/time lands inside either side of a ratio.
# CMD's stdin is $RUN_IN when set, else /dev/null.
TIMER=${TIMER:-$(pwd)/build/bench/timer}
run() {
	"$TIMER" -e "$W/err" -i "${RUN_IN:-/dev/null}" "$@"
}

# The floor: a bare sqlite3 process doing BEGIN IMMEDIATE; INSERT; COMMIT
# on the same disk with arbiter's pragmas (WAL, synchronous=FULL).
floor_init() {
	sqlite3 "$W/floor.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (x INTEGER, y TEXT);" >/dev/null
}
floor() {
	run sqlite3 "$W/floor.db" "PRAGMA synchronous=FULL; BEGIN IMMEDIATE; INSERT INTO t VALUES (1, 'move'); COMMIT;"
}
