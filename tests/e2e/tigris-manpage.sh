#!/bin/sh
# needs: tigris
# Every example of arbiter-tigris(6) runs as printed on a fresh database:
# the commands of the EXAMPLES section (lines starting with "$ ", joined
# across trailing backslashes) run in order in one shell, each must exit 0,
# and the lines printed under a command are its exact output.  The
# SYNOPSIS is checked too: its form of `new` is the one the examples use.
. "$(dirname "$0")/../e2e-lib.sh"

MANWIDTH=80 man -l "$ROOT/man/arbiter-tigris.6" 2>/dev/null >"$T/page" ||
	fail "man -l arbiter-tigris.6"
sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' "$T/page" | tr -s ' \n' ' ' >"$T/synopsis"
contains "$T/synopsis" "arbiter new tigris --seat name:email --seat name:email [--seat name:email ...] [--option key=value ...]"
sed -n '/^EXAMPLES/,/^SEE ALSO/p' "$T/page" >"$T/examples"

# Turn the examples into a script: each command's output goes to its own
# file, and the printed lines under it become the expected output.
awk -v dir="$T" '
	function flush() {
		if (n == 0)
			return
		close(want)
		printf "{ %s\n} >\"$T/out.%d\" 2>\"$T/err.%d\" || " \
		    "fail \"example %d exited $?: $(cat \"$T/err.%d\")\"\nexpected %d\n",
		    cmd, n, n, n, n, n >script
	}
	BEGIN { script = dir "/examples.sh"; n = 0; cont = 0 }
	{
		line = $0
		sub(/^ +/, "", line)
		if (cont) {
			cmd = cmd " " line
			cont = sub(/\\$/, "", cmd)
			next
		}
		if (line ~ /^\$ /) {
			flush()
			n++
			cmd = substr(line, 3)
			cont = sub(/\\$/, "", cmd)
			want = dir "/exp." n
			printf "" >want
			next
		}
		# a printed line: as deep as the commands, under one
		if (n > 0 && $0 ~ /^              [^ ]/)
			print line >>want
	}
	END { flush(); print n >(dir "/count") }
' "$T/examples"
[ "$(cat "$T/count")" -ge 8 ] || fail "only $(cat "$T/count") examples found"
arbiter() {
	"$ARBITER" "$@"
}
# expected N: example N printed what the page shows under it, if anything.
expected() {
	[ -s "$T/exp.$1" ] || return 0
	cmp -s "$T/exp.$1" "$T/out.$1" ||
		fail "example $1 printed '$(cat "$T/out.$1")', not '$(cat "$T/exp.$1")'"
	ok
}
. "$T/examples.sh"
ok

# The game the examples played is over, and verifies.
unset ARBITER_TEST_SEED
expect_rc 0 "$ARBITER" verify 1
expect_rc 0 "$ARBITER" score 1
done_ok
