#!/bin/sh
# The documentation stays true and clean: every manual page renders
# without a warning, every command has help, and --help works everywhere.
# backend: none — help, --help and the manual pages open no database
. "$(dirname "$0")/../e2e-lib.sh"

for page in "$ROOT"/man/*.[156]; do
	groff -ww -man -Tutf8 -z "$page" 2>"$T/warn" || fail "groff failed on $page"
	[ ! -s "$T/warn" ] || fail "$page: $(cat "$T/warn")"
	MANWIDTH=80 man -l "$page" >"$T/page" 2>"$T/warn" || fail "man -l $page"
	[ -s "$T/page" ] || fail "$page renders empty"
	ok
done
expect_rc 0 "$ARBITER" help
for cmd in $(sed -n 's/^  \([a-z]*\) .*/\1/p' "$T/out"); do
	expect_rc 0 "$ARBITER" help "$cmd"
	contains "$T/out" "usage: arbiter"
	expect_rc 0 "$ARBITER" "$cmd" --help
	contains "$T/out" "usage: arbiter"
	# arbiter(1) documents every command.
	grep -q "^\.B[IR]* \"*$cmd\b" "$ROOT/man/arbiter.1" || fail "arbiter(1) does not document $cmd"
	ok
done
expect_rc 0 "$ARBITER" --help
expect_rc 64 "$ARBITER" help frobnicate
expect_rc 0 "$ARBITER" --version
contains "$T/out" "arbiter "
done_ok
