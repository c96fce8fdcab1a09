#!/bin/sh
# needs: tigris
# Every kind of rejection: the exit status, one line on stderr naming the
# rule, and the database file byte for byte unchanged.
. "$(dirname "$0")/../e2e-lib.sh"

# Usage errors (64) and missing things (66) before any game exists.
expect_rc 64 "$ARBITER"
expect_rc 64 "$ARBITER" frobnicate
expect_rc 66 "$ARBITER" show 1
! db_made || fail "a read-only command created the database"
expect_rc 64 "$ARBITER" new chess --seat a:a@x.org --seat b:b@x.org
expect_rc 64 "$ARBITER" new tigris --seat a:a@x.org
contains "$T/err" "2 to 4 players"
expect_rc 64 "$ARBITER" new tigris --seat a:a@x.org --seat A:b@x.org
expect_rc 64 "$ARBITER" new tigris --seat a:nota-mail --seat b:b@x.org
expect_rc 64 "$ARBITER" new tigris --seat a:a@x.org --seat b:b@x.org --option board=round
contains "$T/err" "board"
expect_rc 64 "$ARBITER" new tigris --seat a:a@x.org --seat b:b@x.org --option colour=red
! db_made || fail "a rejected new created the database"

export ARBITER_TEST_SEED=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
unset ARBITER_TEST_SEED
for s in ann ben; do
	if "$ARBITER" moves 1 "$s" >/dev/null 2>&1; then first=$s; else other=$s; fi
done
[ -n "${first:-}" ] && [ -n "${other:-}" ] || fail "exactly one seat must be awaited"

before=$(dbsum)
# Numbers and names, judged alike by every command (the second outside
# tester): the bad value quoted, which option it was for, "move" for one.
expect_rc 64 "$ARBITER" delete ' 1'
one_line "$T/err"
contains "$T/err" "' 1' is not a game id"
expect_rc 64 "$ARBITER" delete 1
contains "$T/err" "delete removes game 1, its log"
expect_rc 64 "$ARBITER" remind --game x --hours 5
contains "$T/err" "--game 'x' is not a game id"
expect_rc 64 "$ARBITER" remind --game 1 --hours soon
contains "$T/err" "--hours 'soon'"
expect_rc 64 "$ARBITER" show 1 --at 9
contains "$T/err" "game 1 has only 0 moves"
expect_rc 64 "$ARBITER" show 1 --at x
contains "$T/err" "--at 'x' is not a move number"
expect_rc 64 "$ARBITER" list --limit many
contains "$T/err" "--limit 'many'"
expect_rc 64 "$ARBITER" move --expect x 1 "$first" pass
contains "$T/err" "--expect 'x'"
expect_rc 64 "$ARBITER" new tigris --seat +1:a@x.org --seat b:b@x.org
contains "$T/err" "a name may not be a number"
[ "$(dbsum)" = "$before" ] || fail "a refused number changed the database"
# A seat that may not act: 77, and the message names whom the game waits for.
expect_rc 77 "$ARBITER" move 1 "$other" pass
one_line "$T/err"
contains "$T/err" "waits for $first"
expect_rc 77 "$ARBITER" moves 1 "$other"
[ ! -s "$T/out" ] || fail "moves printed something for a seat not awaited"
# Rule broken: 65, one line naming the rule.  The placement rules are
# checked with colours the seat holds, read from its own JSON view.
"$ARBITER" show 1 --as "$first" --format json >"$T/own.json"
held() {
	/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["private"]["hand"][sys.argv[2]])' "$T/own.json" "$1"
}
if [ "$(held blue)" -gt 0 ]; then
	expect_rc 65 "$ARBITER" move 1 "$first" "tile blue A1"
	one_line "$T/err"
	contains "$T/err" "river"
else
	expect_rc 65 "$ARBITER" move 1 "$first" "tile blue A1"
	contains "$T/err" "no blue tile"
fi
for c in red green black; do
	if [ "$(held $c)" -gt 0 ]; then
		expect_rc 65 "$ARBITER" move 1 "$first" "tile $c E1"
		one_line "$T/err"
		contains "$T/err" "river"
	fi
done
expect_rc 65 "$ARBITER" move 1 "$first" "leader red A1"
one_line "$T/err"
contains "$T/err" "temple"
expect_rc 65 "$ARBITER" move 1 "$first" "catastrophe K1"
one_line "$T/err"
expect_rc 65 "$ARBITER" move 1 "$first" "jump around"
one_line "$T/err"
expect_rc 65 "$ARBITER" move 1 "$first" "tile red Z99"
one_line "$T/err"
# All or nothing: a good command followed by a bad one changes nothing.
good=$("$ARBITER" moves 1 "$first" | grep '^tile' | head -1)
expect_rc 65 "$ARBITER" move 1 "$first" "$good; tile blue A1"
one_line "$T/err"
# --expect guards against a game that moved meanwhile.
expect_rc 65 "$ARBITER" move --expect 5 1 "$first" "$good"
contains "$T/err" "expect"
# No such game or seat.
expect_rc 66 "$ARBITER" move 9 "$first" pass
expect_rc 64 "$ARBITER" move 1 nobody pass
expect_rc 64 "$ARBITER" move x "$first" pass
# An option after SEAT is taken for commands: said so, in one line, and nothing stored.
expect_rc 64 "$ARBITER" move 1 "$first" --dry-run "$good"
contains "$T/err" "2 arguments after SEAT"
contains "$T/err" "options go before GAME"
# A dry run shows the result and stores nothing.
expect_rc 0 "$ARBITER" move --dry-run 1 "$first" "$good"
contains "$T/out" "dry run"
[ "$(dbsum)" = "$before" ] || fail "a rejected or dry-run move changed the database"
ok

# A move that drew tiles may not be undone without --force.
"$ARBITER" move 1 "$first" "$good" >/dev/null || fail "good move rejected"
n=1
while "$ARBITER" moves 1 "$first" >/dev/null 2>&1; do
	"$ARBITER" move 1 "$first" pass >/dev/null 2>&1 || fail "pass rejected"
	n=$((n + 1))
done
# The turn ended: its hand was refilled from the bag.
expect_rc 0 "$ARBITER" log 1
before=$(dbsum)
expect_rc 65 "$ARBITER" undo 1
contains "$T/err" "drew"
[ "$(dbsum)" = "$before" ] || fail "a refused undo changed the database"
expect_rc 0 "$ARBITER" undo --force 1
expect_rc 0 "$ARBITER" verify 1
# A submission is bounded: more than 1,000 commands is refused whole with
# one line, before any engine sees it (16,000 once took seconds and 1 GB).
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
[ -n "$seat" ] || seat=$first
many=$(awk 'BEGIN { for (i = 0; i < 1001; i++) printf "pass;"; }')
before=$(dbsum)
expect_rc 65 "$ARBITER" move 1 "$seat" "$many"
contains "$T/err" "more than 1000 commands"
one_line "$T/err"
[ "$(dbsum)" = "$before" ] || fail "a refused long submission changed the database"

# A command refused for its turn after others of the same line played: the
# message names whom the game waits for by then, not before the line.
ARBITER_DB=$(newdb terra) || fail "cannot make a database"
export ARBITER_DB
expect_rc 0 "$ARBITER" new terra --seat ann:ann@example.org --seat ben:ben@example.org
# awaited: the seat the game waits for
awaited() {
	for s in ann ben; do
		"$ARBITER" moves 1 $s >"$T/moves" 2>/dev/null && { echo $s; return; }
	done
	fail "nobody awaited"
}
s=$(awaited)
expect_rc 0 "$ARBITER" move 1 $s "setup witches"
expect_rc 0 "$ARBITER" move 1 "$(awaited)" "setup nomads"
s=$(awaited)
[ $s = ann ] && o=ben || o=ann
two=$(head -2 "$T/moves" | tr '\n' '.' | sed 's/\./. /; s/\.$//')
before=$(dbsum)
expect_rc 77 "$ARBITER" move 1 $s "$two"
one_line "$T/err"
contains "$T/err" "command 1: '$two': $s may not act then: by then the game waits for $o: "
expect_rc 77 "$ARBITER" move 1 $o "$(head -1 "$T/moves")"
contains "$T/err" "'$(head -1 "$T/moves")': $o may not act now: the game waits for $s: "
# a long command quoted in it is cut on a character's first byte
long="build x$(printf '\303\251%.0s' $(seq 120))"
expect_rc 77 "$ARBITER" move 1 $o "$long"
one_line "$T/err"
iconv -f UTF-8 -t UTF-8 "$T/err" >/dev/null 2>&1 || fail "the refusal is not UTF-8: $(cat "$T/err")"
contains "$T/err" "...': $o may not act now"
# a command of several refused by the rules: named by its number, as written
expect_rc 65 "$ARBITER" move 1 $s "frobnicate E7
$(head -1 "$T/moves")"
one_line "$T/err"
contains "$T/err" "arbiter: command 1: 'frobnicate E7': "
[ "$(dbsum)" = "$before" ] || fail "a refused submission changed the database"

# Seats named as their factions: whom the game waits for is named once
# ("nomads: place ...", not "nomads: nomads: place ...").
ARBITER_DB=$(newdb names) || fail "cannot make a database"
expect_rc 0 "$ARBITER" new terra --seat witches:w@example.org --seat nomads:n@example.org
awaited2() {
	for s in witches nomads; do
		"$ARBITER" moves 1 $s >/dev/null 2>&1 && { echo $s; return; }
	done
	fail "nobody awaited"
}
s=$(awaited2)
expect_rc 0 "$ARBITER" move --no-send 1 $s "setup $s"
s=$(awaited2)
expect_rc 0 "$ARBITER" move --no-send 1 $s "setup $s"
s=$(awaited2)
[ $s = witches ] && o=nomads || o=witches
expect_rc 77 "$ARBITER" move --no-send 1 $o "build E7"
contains "$T/err" "the game waits for $s: place an initial dwelling"
lacks "$T/err" "$s: $s:"

# A database in a directory its user may not write, with no log beside it:
# refused (78), and the message names the directory, not only the database.
if ! is_pg && [ "$(id -u)" -eq 0 ]; then
	ro="$T/ro"
	mkdir -p "$ro/d"
	cp "$ARBITER" "$ro/arbiter"
	ARBITER_DB="$ro/d/g.db" "$ARBITER" new tigris --seat a:a@x.org --seat b:b@x.org >/dev/null ||
	    fail "new"
	sqlite3 "$ro/d/g.db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
	rm -f "$ro/d/g.db-wal" "$ro/d/g.db-shm"
	chown -R nobody "$ro"
	chmod 711 "$T"
	chmod 555 "$ro/d"
	rc=0
	setpriv --reuid=nobody --regid="$(id -gn nobody)" --clear-groups env HOME="$ro" \
	    "$ro/arbiter" --db "$ro/d/g.db" list >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" -eq 78 ] || fail "list in a read-only directory: exit $rc, not 78"
	contains "$T/err" "the directory $ro/d is not writable"
	one_line "$T/err"
fi
done_ok
