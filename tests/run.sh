#!/bin/sh
# Run every unit test binary given, then every end-to-end script and the
# short version of every stress script (STRESS_SHORT=1; `make stress` runs
# them at full size), all on SQLite.  Then, when PostgreSQL is installed,
# the PostgreSQL pass: a private server (tests/pg-server.sh) started once,
# every end-to-end script again with ARBITER_TEST_PG set (each gets a
# database of its own there, see e2e-lib.sh), the stress scripts about
# PostgreSQL, and the unit tests of the store; the server is stopped at
# the end, also when a test fails or this script is interrupted.  Prints
# the counts of each pass, then one closing line "N passed, N failed, N
# skipped" for both.
#
# The tests run TEST_JOBS at a time (default: the number of processors, at
# most 4), taken in order from one queue; each test keeps its files in a
# directory of its own and each PostgreSQL script a database of its own,
# so they do not meet.  Each test's output is printed whole, in the
# queue's order, as soon as it and those before it are done.
#
# An end-to-end script that cannot run on PostgreSQL says why in a line
# "# backend: sqlite — REASON" (something about the SQLite file itself); one
# that opens no database at all, in "# backend: none — REASON".  Both are
# skipped in the PostgreSQL pass and listed with their reason.  A script
# (end-to-end or stress) about PostgreSQL alone says "# backend: postgresql
# — REASON": it runs in the PostgreSQL pass only.
unset ARBITER_TEST_PG
Q=$(mktemp -d /tmp/arbiter-run.XXXXXX) || exit 1
started=$(date +%s)

pg_dir=
pg_stop() {
	[ -z "$pg_dir" ] || sh tests/pg-server.sh stop "$pg_dir"
	pg_dir=
}
finish() {
	pg_stop
	rm -rf "$Q"
}
trap finish EXIT
trap 'exit 130' INT TERM HUP

# backend SCRIPT: the script's line "# backend: KIND — REASON" as
# "KIND: REASON", or nothing.
backend() {
	sed -n 's/^# backend: *\([a-z]*\) *[—-]* *\(.*\)/\1: \2/p' "$1" | head -1
}

# The queue: one line a job, "PASS KIND PATH [WHY]": PASS sqlite or pg, KIND
# unit, script or skip (a skipped script, printed and counted as skipped).
queue() {
	echo "$*" >> "$Q/jobs"
}
: > "$Q/jobs"
for t in "$@"; do
	queue sqlite unit "$t"
done
for t in tests/e2e/*.sh tests/stress/*.sh; do
	[ -e "$t" ] || continue
	case "$(backend "$t")" in
	postgresql:*) queue sqlite skip "$t" "PostgreSQL only (the PostgreSQL pass runs it)" ;;
	*) queue sqlite script "$t" ;;
	esac
done

# The PostgreSQL pass: the end-to-end scripts but those bound to SQLite,
# the stress scripts that are about PostgreSQL, and the unit tests of the
# store (those with "store" in their name, or whose source names
# ARBITER_TEST_PG).
backend_only=""
pg_note=
if ! pg_why=$(sh tests/pg-server.sh bindir 2>&1 >/dev/null); then
	pg_note="not run ($pg_why)"
elif ! pg_dir=$(sh tests/pg-server.sh start $$); then
	echo "FAIL: the PostgreSQL server for the tests did not start (tests/pg-server.sh, above)"
	pg_dir=
	pg_note="not run: the server did not start"
	echo "pg fail tests/pg-server.sh" >> "$Q/results.extra"
else
	echo "== PostgreSQL: a private server in $pg_dir"
	PG_BIN=$(sh tests/pg-server.sh bindir)
	export PG_BIN
	for t in tests/e2e/*.sh tests/stress/*.sh; do
		[ -e "$t" ] || continue
		why=$(backend "$t")
		case "$t:$why" in
		*:postgresql:* | tests/e2e/*:) queue pg script "$t" ;;
		tests/e2e/*:sqlite:* | tests/e2e/*:none:*)
			queue pg skip "$t" "${why%%:*}, ${why#*: }"
			backend_only="$backend_only
  $t (${why%%:*}): ${why#*: }" ;;
		*:sqlite:* | *:none:* | *:) ;;	# a stress script of the SQLite pass
		*) queue pg bad "$t" "'# backend: $why' is none of sqlite, none, postgresql" ;;
		esac
	done
	for t in "$@"; do
		case "$t" in
		*store*) ;;
		*) grep -q ARBITER_TEST_PG "${t#build/san/}.c" 2>/dev/null || continue ;;
		esac
		queue pg unit "$t"
	done
fi

# job N: run line N of the queue; its output in out.N, its result in res.N
# ("PASS pass|fail|skip NAME"), written last.
job() {
	set -- $(sed -n "${1}p" "$Q/jobs") "$1"
	pass=$1 kind=$2 t=$3
	n=$(eval echo \${$#})
	tag=
	[ "$pass" = pg ] && tag=" (pg)"
	{
		echo "== $t$tag"
		case "$kind" in
		skip)
			why=$(sed -n "${n}p" "$Q/jobs" | cut -d' ' -f4-)
			echo "skipped: $why"
			r=skip ;;
		bad)
			echo "FAIL: $t: $(sed -n "${n}p" "$Q/jobs" | cut -d' ' -f4-)"
			r=fail ;;
		unit)
			if [ "$pass" = pg ]; then
				ARBITER_TEST_PG="$pg_dir" "$t"
			else
				"$t"
			fi
			if [ $? -eq 0 ]; then r=pass; else r=fail; fi ;;
		script)
			# A script that plays games says so in "# needs: GAME [GAME...]".
			missing=
			for need in $(sed -n 's/^# needs: *//p' "$t"); do
				./build/san/arbiter help | grep -q "^Games:.* $need (" ||
					missing="$missing $need"
			done
			if [ -n "$missing" ]; then
				echo "skipped:$missing not built in (GAMES in the Makefile)"
				r=skip
			else
				# Exit 77: the script says why it cannot run here (skipped).
				if [ "$pass" = pg ]; then
					ARBITER_TEST_PG="$pg_dir" STRESS_SHORT=1 \
					    ARBITER=./build/san/arbiter sh "$t"
				else
					STRESS_SHORT=1 ARBITER=./build/san/arbiter sh "$t"
				fi
				rc=$?
				if [ $rc -eq 0 ]; then r=pass
				elif [ $rc -eq 77 ]; then r=skip
				else r=fail; fi
			fi ;;
		esac
		echo "$pass $r $t$tag" > "$Q/res.$n.tmp"
	} > "$Q/out.$n" 2>&1 < /dev/null
	mv "$Q/res.$n.tmp" "$Q/res.$n"
}

# worker: take the next job of the queue until none is left.
worker() {
	while :; do
		n=$(flock "$Q/lock" sh -c 'n=$(($(cat "$1" 2>/dev/null || echo 0) + 1));
		    echo $n > "$1"; echo $n' sh "$Q/next")
		[ "$n" -le "$njobs" ] || break
		job "$n"
	done
}

njobs=$(wc -l < "$Q/jobs")
workers=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$workers" -ge 1 ] 2>/dev/null || workers=1
[ "$workers" -le 4 ] || workers=4
echo "== $njobs tests, $workers at a time"
i=0
pids=
while [ $i -lt "$workers" ]; do
	worker &
	pids="$pids $!"
	i=$((i + 1))
done
# alive: whether a worker still runs
alive() {
	for p in $pids; do
		kill -0 "$p" 2>/dev/null && return 0
	done
	return 1
}

# Print each test's output in the queue's order as it becomes ready.
n=1
while [ $n -le "$njobs" ]; do
	if [ -e "$Q/res.$n" ]; then
		cat "$Q/out.$n"
		n=$((n + 1))
	elif ! alive && [ ! -e "$Q/res.$n" ]; then
		echo "FAIL: test $n of the queue left no result: $(sed -n "${n}p" "$Q/jobs")"
		cat "$Q/out.$n" 2>/dev/null
		echo "sqlite fail queue-$n" > "$Q/res.$n"
		touch "$Q/out.$n"
	else
		sleep 1
	fi
done
wait

cat "$Q"/res.* "$Q/results.extra" 2>/dev/null > "$Q/all"
count() {
	grep -c "^$1 $2 " "$Q/all"
}
for p in sqlite pg; do
	eval "${p}_counts=\"\$(count $p pass) ok, \$(count $p fail) failed, \$(count $p skip) skipped\""
done
[ -n "$pg_note" ] && pg_counts="$pg_note"
pass=$(grep -c "^[a-z]* pass " "$Q/all")
fail=$(grep -c "^[a-z]* fail " "$Q/all")
skip=$(grep -c "^[a-z]* skip " "$Q/all")
[ -n "$pg_note" ] && skip=$((skip + 1))
failed=$(sed -n 's/^[a-z]* fail / /p' "$Q/all" | tr -d '\n')

echo "SQLite pass:     $sqlite_counts"
echo "PostgreSQL pass: $pg_counts"
if [ -n "$backend_only" ]; then
	echo "not run on PostgreSQL:$backend_only"
fi
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped in $(($(date +%s) - started)) s"
[ "$fail" -eq 0 ]
