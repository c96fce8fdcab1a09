#!/bin/sh
# The fuzz regression pass: every seed corpus file (fuzz/corpus/TARGET) and
# every reproducer of a fixed crash (fuzz/regress/TARGET) through its
# target once, built without libFuzzer (build/san/fuzz/TARGET, made by
# make check).  Each target must take every input without a sanitizer
# report or a broken promise.
# backend: sqlite — the fuzz targets keep their games in an in-memory SQLite store of their own (":memory:"), whatever ARBITER_DB says
cd "$(dirname "$0")/../.." || exit 1
targets="tigris terra warriors inbound inmail snapshot config template import terramap"
for t in $targets; do
	if [ ! -x "build/san/fuzz/$t" ]; then
		echo "build/san/fuzz/$t is not built (make check builds it)"
		exit 77
	fi
done
fail=0
for t in $targets; do
	set -- "fuzz/corpus/$t"
	[ -d "fuzz/regress/$t" ] && set -- "$@" "fuzz/regress/$t"
	log=$(mktemp)
	if "build/san/fuzz/$t" "$@" 2>"$log"; then
		:
	else
		echo "FAIL: fuzz target $t:"
		tail -30 "$log"
		fail=1
	fi
	rm -f "$log"
done
exit $fail
