#!/bin/sh
# Run each fuzz target given for $FUZZ_SECONDS seconds, one after the
# other, on its working corpus build/fuzz/corpus/TARGET (seeded from
# fuzz/corpus/TARGET, which is only read), and print the executions of
# each.  A crash is kept as build/fuzz/crash/TARGET-*; the run goes on
# with the next target and exits 1 at the end.
secs=${FUZZ_SECONDS:-60}
bin=build/fuzz/bin
status=0
summary=""
mkdir -p build/fuzz/crash
for t in "$@"; do
	mkdir -p "build/fuzz/corpus/$t"
	log="build/fuzz/$t.log"
	echo "== fuzz $t for ${secs}s (log: $log)"
	# game_load says on stderr whenever it rebuilds a damaged state:
	# libFuzzer closes stderr but keeps its own and the sanitizers' reports.
	quiet=
	case $t in snapshot|inmail) quiet=-close_fd_mask=2 ;; esac
	"$bin/$t" $quiet -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
		-rss_limit_mb=2048 -max_len=65536 \
		-artifact_prefix="build/fuzz/crash/$t-" \
		"build/fuzz/corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	corp=$(sed -n 's/^#[0-9]*.*corp: \([0-9]*\)\/.*/\1/p' "$log" | tail -1)
	if [ $rc -ne 0 ]; then
		status=1
		grep -A25 -E '^==[0-9]+==ERROR|runtime error|broken promise|^==[0-9]+== ERROR' "$log" | head -40
		line=$(printf '%-9s %10s executions  FAILED (exit %d): %s' "$t" "${execs:-?}" \
			"$rc" "$(ls -t build/fuzz/crash/"$t"-* 2>/dev/null | head -1)")
	else
		line=$(printf '%-9s %10s executions  corpus %s' "$t" "${execs:-?}" "${corp:-?}")
	fi
	echo "$line"
	summary="$summary$line
"
done
echo "== fuzz summary (${secs}s per target)"
printf '%s' "$summary"
exit $status
