#!/bin/sh
# Every example of README.md and of the manual pages runs as written, on a
# fresh database, and shows what the page says (tests/examples.py; cron
# lines: tests/e2e/cron.sh; the Postfix recipe: tests/e2e/postfix.sh).
# backend: sqlite — the pages' examples run as printed, on the default database, a SQLite file (examples.py clears ARBITER_DB; the pipe example's --db is a file)
. "$(dirname "$0")/../e2e-lib.sh"

cd "$ROOT" || fail "no $ROOT"
ARBITER="$ARBITER" /usr/bin/python3 tests/examples.py >"$T/out" 2>&1 ||
	fail "$(grep -v '^ok ' "$T/out")"
tail -1 "$T/out"
ok
done_ok
