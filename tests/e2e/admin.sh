#!/bin/sh
# needs: terra
# The game master's administrative commands: `arbiter admin` plays Terra
# Mystica's drop-faction through the path of every move (seat -1), while no
# seat, and no seat number, can send it.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new terra --seat ann:ann@example.org --seat bob:bob@example.org \
	--seat cy:cy@example.org --option maintain-player-order
expect_rc 0 "$ARBITER" move 1 ann 'setup witches'
expect_rc 0 "$ARBITER" move 1 bob 'setup giants'
expect_rc 0 "$ARBITER" move 1 cy 'setup nomads'
rm -rf "$ARBITER_MAILDIR"

before=$(dbsum)
# No seat may send it, and -1 is no seat.
expect_rc 64 "$ARBITER" move 1 -1 'drop-faction giants'
one_line "$T/err"
contains "$T/err" "no seat '-1'"
expect_rc 65 "$ARBITER" move 1 ann 'drop-faction giants'
one_line "$T/err"
[ "$(dbsum)" = "$before" ] || fail "a refused drop-faction changed the database"
# The game master may; a dry run stores nothing.
expect_rc 0 "$ARBITER" admin --dry-run 1 'drop-faction giants'
contains "$T/out" "dry run"
[ "$(dbsum)" = "$before" ] || fail "admin --dry-run changed the database"
expect_rc 0 "$ARBITER" admin 1 'drop-faction giants'
contains "$T/out" "drop-faction giants"
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "(admin): drop-faction giants"
# Every seat is told, by mail.
n=$(grep -l 'drop-faction giants' "$ARBITER_MAILDIR"/new/* 2>/dev/null | wc -l)
[ "$n" -eq 3 ] || fail "expected 3 mails telling of the drop, found $n"
ok
# The dropped faction's seat is no longer asked for anything.
expect_rc 0 "$ARBITER" show 1
lacks "$T/out" "Waiting for 2 bob"
# Dropping it again changes nothing in the game, as on the site.
expect_rc 0 "$ARBITER" admin 1 'drop-faction giants'
# Administrative commands are only those; each refusal is one line, 65.
before=$(dbsum)
expect_rc 65 "$ARBITER" admin 1 'build E7'
one_line "$T/err"
contains "$T/err" "administrative command"
expect_rc 65 "$ARBITER" admin 1 'drop-faction dwarves'
contains "$T/err" "no faction"
expect_rc 64 "$ARBITER" admin 1
expect_rc 66 "$ARBITER" admin 9 'drop-faction giants'
[ "$(dbsum)" = "$before" ] || fail "a refused admin command changed the database"
# The log replays, and survives an export and import.
expect_rc 0 "$ARBITER" verify 1
expect_rc 0 "$ARBITER" export 1 --private
cp "$T/out" "$T/g.json"
expect_rc 0 "$ARBITER" import "$T/g.json"
expect_rc 0 "$ARBITER" log 2
contains "$T/out" "(admin): drop-faction giants"
done_ok
