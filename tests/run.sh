#!/bin/sh
# Run every unit test binary given, then every end-to-end script and the
# short version of every stress script (STRESS_SHORT=1; `make stress` runs
# them at full size), and print one closing line "N passed, N failed".
pass=0
skip=0
fail=0
failed=""
for t in "$@"; do
	echo "== $t"
	if "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $t"; fi
done
for t in tests/e2e/*.sh tests/stress/*.sh; do
	[ -e "$t" ] || continue
	echo "== $t"
	# A script that plays games says so in a line "# needs: GAME [GAME...]".
	missing=
	for need in $(sed -n 's/^# needs: *//p' "$t"); do
		./build/san/arbiter help | grep -q "^Games:.* $need (" || missing="$missing $need"
	done
	if [ -n "$missing" ]; then
		echo "skipped:$missing not built in (GAMES in the Makefile)"
		skip=$((skip + 1))
		continue
	fi
	# Exit 77: the script says why it cannot run here (skipped).
	STRESS_SHORT=1 ARBITER=./build/san/arbiter sh "$t"
	rc=$?
	if [ $rc -eq 0 ]; then pass=$((pass + 1))
	elif [ $rc -eq 77 ]; then skip=$((skip + 1))
	else fail=$((fail + 1)); failed="$failed $t"; fi
done
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
