# bench/summary.sh - sourced by the bench scripts: `summary WHAT VALUE
# GOAL` adds one row to $BENCH_SUMMARY (when set), the table make bench
# prints last: every figure measured in this run, most of them a ratio to
# a floor measured in the same run.
summary() {
	[ -n "${BENCH_SUMMARY:-}" ] || return 0
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$BENCH_SUMMARY"
}
