#!/bin/sh
# needs: tigris
# `list`: running games by default, newest first; --state, --all, --player
# (name or address) and --limit, with a line on stderr when more exist.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org --title one
expect_rc 0 "$ARBITER" new tigris --seat cy:cy@example.org --seat bo:bo@example.org --title two
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat di:di@example.org --title three
# Game 2 ends: a resignation leaves one seat.
expect_rc 0 "$ARBITER" move 2 cy resign
ids() { cut -f1 "$T/out" | tr '\n' ' '; }
expect_rc 0 "$ARBITER" list
[ "$(ids)" = "3 1 " ] || fail "list: expected the running games 3 1, got $(ids)"
ok
expect_rc 0 "$ARBITER" list --state finished
[ "$(ids)" = "2 " ] || fail "--state finished: got $(ids)"
ok
expect_rc 0 "$ARBITER" list --all
[ "$(ids)" = "3 2 1 " ] || fail "--all: got $(ids)"
ok
expect_rc 0 "$ARBITER" list --player ada
[ "$(ids)" = "3 1 " ] || fail "--player ada: got $(ids)"
ok
expect_rc 0 "$ARBITER" list --all --player bo@example.org
[ "$(ids)" = "2 1 " ] || fail "--player by address: got $(ids)"
ok
expect_rc 0 "$ARBITER" list --limit 1
[ "$(ids)" = "3 " ] || fail "--limit 1: got $(ids)"
ok
contains "$T/err" "more games than the 1 shown"
expect_rc 0 "$ARBITER" list --limit 0
[ "$(ids)" = "3 1 " ] || fail "--limit 0: got $(ids)"
ok
[ ! -s "$T/err" ] || fail "a complete list wrote to stderr: $(cat "$T/err")"
ok
expect_rc 64 "$ARBITER" list --state paused
one_line "$T/err"
expect_rc 64 "$ARBITER" list --limit many
# Games still forming (opened by mail, waiting for players) are listed too
# (issue 22, smaller items), among the others by their ids.
export ARBITER_FROM=games@example.org ARBITER_STRANGER_REPLIES_PER_HOUR=100
SITE=games@example.org
to_site ed@example.org e1 "new tigris seats 3 title Sunday"
newest_to ed@example.org
to_site ed@example.org e2 "ok" "$(cat "$T/reply-to")"
expect_rc 0 "$ARBITER" new tigris --seat fa:fa@example.org --seat gu:gu@example.org --title five
expect_rc 0 "$ARBITER" list
[ "$(ids)" = "5 4 3 1 " ] || fail "list with a table forming: got $(ids)"
ok
grep -q "^4	tigris	Sunday	forming	waiting for players: 1 of 3 seats taken (ed)$" "$T/out" ||
	fail "the forming line: $(cat "$T/out")"
ok
expect_rc 0 "$ARBITER" list --state forming
[ "$(ids)" = "4 " ] || fail "--state forming: got $(ids)"
ok
expect_rc 0 "$ARBITER" list --player ed@example.org
[ "$(ids)" = "4 " ] || fail "--player with a table forming: got $(ids)"
ok
expect_rc 0 "$ARBITER" list --all --limit 2
[ "$(ids)" = "5 4 " ] || fail "--all --limit 2: got $(ids)"
ok
done_ok
