#!/bin/sh
# Run every unit test binary given, then every end-to-end script, and print
# one closing line "N passed, N failed".
pass=0
fail=0
failed=""
for t in "$@"; do
	echo "== $t"
	if "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $t"; fi
done
for t in tests/e2e/*.sh; do
	[ -e "$t" ] || continue
	echo "== $t"
	if ARBITER=./build/san/arbiter sh "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $t"; fi
done
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
