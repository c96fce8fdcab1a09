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
# An end-to-end script that cannot run on PostgreSQL says why in a line
# "# backend: sqlite — REASON" (something about the SQLite file itself); one
# that opens no database at all, in "# backend: none — REASON".  Both are
# skipped in the PostgreSQL pass and listed with their reason.  A script
# (end-to-end or stress) about PostgreSQL alone says "# backend: postgresql
# — REASON": it runs in the PostgreSQL pass only.
unset ARBITER_TEST_PG
pass=0
skip=0
fail=0
failed=""

# run_script SCRIPT: run one end-to-end or stress script, count its result.
# In the PostgreSQL pass $tag is "(pg)": after the names of the scripts.
tag=
run_script() {
	echo "== $1${tag:+ $tag}"
	# A script that plays games says so in a line "# needs: GAME [GAME...]".
	missing=
	for need in $(sed -n 's/^# needs: *//p' "$1"); do
		./build/san/arbiter help | grep -q "^Games:.* $need (" || missing="$missing $need"
	done
	if [ -n "$missing" ]; then
		echo "skipped:$missing not built in (GAMES in the Makefile)"
		skip=$((skip + 1))
		return
	fi
	# Exit 77: the script says why it cannot run here (skipped).
	STRESS_SHORT=1 ARBITER=./build/san/arbiter sh "$1"
	rc=$?
	if [ $rc -eq 0 ]; then pass=$((pass + 1))
	elif [ $rc -eq 77 ]; then skip=$((skip + 1))
	else fail=$((fail + 1)); failed="$failed $1$tag"; fi
}

# run_unit BINARY: run one unit test binary, count its result.
run_unit() {
	echo "== $1${tag:+ $tag}"
	if "$1"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $1$tag"; fi
}

# counts: the counts since the last mark (a pass's own).
mark() {
	m_pass=$pass m_fail=$fail m_skip=$skip m_time=$(date +%s)
}
counts() {
	echo "$((pass - m_pass)) ok, $((fail - m_fail)) failed, $((skip - m_skip)) skipped," \
	    "$(($(date +%s) - m_time)) s"
}

# backend SCRIPT: the script's line "# backend: KIND — REASON" as
# "KIND: REASON", or nothing.
backend() {
	sed -n 's/^# backend: *\([a-z]*\) *[—-]* *\(.*\)/\1: \2/p' "$1" | head -1
}

mark
for t in "$@"; do
	run_unit "$t"
done
for t in tests/e2e/*.sh tests/stress/*.sh; do
	[ -e "$t" ] || continue
	case "$(backend "$t")" in
	postgresql:*)
		echo "== $t"
		echo "skipped: PostgreSQL only (the PostgreSQL pass runs it)"
		skip=$((skip + 1))
		continue ;;
	esac
	run_script "$t"
done
sqlite_counts=$(counts)

# The PostgreSQL pass: the end-to-end scripts but those bound to SQLite,
# and the stress scripts that are about PostgreSQL.
mark
pg_dir=
pg_stop() {
	[ -z "$pg_dir" ] || sh tests/pg-server.sh stop "$pg_dir"
	pg_dir=
}
trap pg_stop EXIT
trap 'exit 130' INT TERM HUP
backend_only=""
if ! pg_why=$(sh tests/pg-server.sh bindir 2>&1 >/dev/null); then
	echo "== PostgreSQL pass: $pg_why"
	pg_counts="not run ($pg_why)"
	skip=$((skip + 1))
elif ! pg_dir=$(sh tests/pg-server.sh start $$); then
	echo "FAIL: the PostgreSQL server for the tests did not start (tests/pg-server.sh, above)"
	pg_dir=
	fail=$((fail + 1))
	failed="$failed tests/pg-server.sh"
	pg_counts="not run: the server did not start"
else
	echo "== PostgreSQL pass: a private server in $pg_dir"
	export ARBITER_TEST_PG="$pg_dir"
	PG_BIN=$(sh tests/pg-server.sh bindir)
	export PG_BIN
	tag="(pg)"
	for t in tests/e2e/*.sh tests/stress/*.sh; do
		[ -e "$t" ] || continue
		why=$(backend "$t")
		case "$t:$why" in
		*:postgresql:* | tests/e2e/*:) run_script "$t" ;;
		tests/e2e/*:sqlite:* | tests/e2e/*:none:*)
			echo "== $t $tag"
			echo "skipped, $why"
			backend_only="$backend_only
  $t (${why%%:*}): ${why#*: }"
			skip=$((skip + 1)) ;;
		*:sqlite:* | *:none:* | *:) ;;	# a stress script of the SQLite pass
		*) echo "FAIL: $t: '# backend: $why' is none of sqlite, none, postgresql"
			fail=$((fail + 1))
			failed="$failed $t$tag" ;;
		esac
	done
	# The unit tests of the store, which read ARBITER_TEST_PG: those with
	# "store" in their name (test_store: the store's promises on either
	# backend), or whose source names the variable.
	for t in "$@"; do
		case "$t" in
		*store*) ;;
		*) grep -q ARBITER_TEST_PG "${t#build/san/}.c" 2>/dev/null || continue ;;
		esac
		run_unit "$t"
	done
	pg_stop
	unset ARBITER_TEST_PG
	tag=
	pg_counts=$(counts)
fi

echo "SQLite pass:     $sqlite_counts"
echo "PostgreSQL pass: $pg_counts"
if [ -n "$backend_only" ]; then
	echo "not run on PostgreSQL:$backend_only"
fi
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
