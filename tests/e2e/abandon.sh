#!/bin/sh
# needs: tigris
# The game master stops a game (abandon: no more moves, replies, reminders
# or undo; the table told; listed as abandoned) or removes it with all it
# holds (delete --yes).
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_NOW=1795000000
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --set deadline=2 --set on_timeout=pass --set grace=0
expect_rc 0 "$ARBITER" new tigris --seat cy:cy@example.org --seat di:di@example.org
first=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
expect_rc 0 "$ARBITER" move 1 "$first" pass
newest_mail ada || fail "no mail to ada"
cp "$T/reply-to" "$T/ada-to"

expect_rc 0 "$ARBITER" game 1 --set observers=watch@example.org
expect_rc 0 "$ARBITER" abandon 1
contains "$T/out" "game 1: abandoned at move 1"
# The watchers are told; the game waits for nobody and lists no moves.
python3 - "$ARBITER_MAILDIR/new" <<'PY' || fail "the observer was not told of the abandon"
import email, email.policy, os, sys
box = sys.argv[1]
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if m["To"].addresses[0].addr_spec == "watch@example.org" and \
       "abandoned this game" in m.get_body(preferencelist=("plain",)).get_content():
        sys.exit(0)
sys.exit(1)
PY
ok
expect_rc 77 "$ARBITER" moves 1 ada
expect_rc 77 "$ARBITER" moves 1 bo
expect_rc 0 "$ARBITER" show 1
contains "$T/out" "The game master abandoned this game at move 1"
expect_rc 65 "$ARBITER" away 1 ada --until 2026-12-30
contains "$T/err" "abandoned"
expect_rc 65 "$ARBITER" game 1 --set deadline=5
contains "$T/err" "abandoned"
for seat in ada bo; do
	newest_mail $seat || fail "no mail to $seat"
	contains "$T/subject" "abandoned"
	contains "$T/joined" "the game master abandoned the game at move 1"
done
expect_rc 65 "$ARBITER" abandon 1
one_line "$T/err"
contains "$T/err" "abandoned already"
expect_rc 65 "$ARBITER" move 1 ada pass
contains "$T/err" "abandoned"
expect_rc 65 "$ARBITER" move 1 bo pass
expect_rc 65 "$ARBITER" undo 1
contains "$T/err" "abandoned"
# A reply by mail is answered, not applied.
printf 'From: ada <ada@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <late-1@example.org>\n\npass\n' \
    "$(cat "$T/ada-to")" | "$ARBITER" mail || fail "arbiter mail failed"
newest_mail ada
contains "$T/joined" "the game master abandoned game #1"
lacks "$T/joined" "Your legal commands"
contains "$T/subject" "abandoned"
expect_rc 0 "$ARBITER" log 1
[ "$(grep -c ': pass' "$T/out")" -eq 1 ] || fail "a move after the abandon: $(cat "$T/out")"
ok
# Listed as abandoned, not as running; verify accepts it.
expect_rc 0 "$ARBITER" list
lacks "$T/out" "ada"
expect_rc 0 "$ARBITER" list --state abandoned
contains "$T/out" "abandoned by the game master"
expect_rc 0 "$ARBITER" verify 1
expect_rc 64 "$ARBITER" list --state paused
one_line "$T/err"

# delete: nothing without --yes; then the game and all it holds are gone.
before=$(dbsum)
expect_rc 64 "$ARBITER" delete 2
contains "$T/err" "--yes"
[ "$(dbsum)" = "$before" ] || fail "delete without --yes changed the database"
ok
newest_mail cy || fail "no mail to cy"
cp "$T/reply-to" "$T/cy-to"
expect_rc 0 "$ARBITER" delete 2 --yes
expect_rc 66 "$ARBITER" show 2
for table in seats moves snapshots outbox inbound; do
	n=$(sql "SELECT count(*) FROM $table WHERE game_id = 2")
	[ "$n" -eq 0 ] || fail "$n rows of game 2 left in $table"
	ok
done
n=$(sql "SELECT count(*) FROM outbox_body WHERE id NOT IN (SELECT id FROM outbox)")
[ "$n" -eq 0 ] || fail "$n mail bodies left without their outbox row"
ok
expect_rc 66 "$ARBITER" delete 2 --yes
# A deleted game's id is never given again, so its reply addresses act nowhere.
expect_rc 0 "$ARBITER" new tigris --seat eve:eve@example.org --seat fay:fay@example.org
[ "$(cat "$T/out")" = 3 ] || fail "the new game got id $(cat "$T/out"), not 3"
ok
for cmd in "leader red F4" pass; do
	printf 'From: cy <cy@example.org>\nTo: %s\nSubject: Re\nMessage-ID: <old-%s@example.org>\n\n%s\n' \
	    "$(cat "$T/cy-to")" "$(echo "$cmd" | tr ' ' -)" "$cmd" | "$ARBITER" mail
done
expect_rc 0 "$ARBITER" log 3
[ ! -s "$T/out" ] || fail "a deleted game's reply address moved in game 3: $(cat "$T/out")"
ok
expect_rc 0 "$ARBITER" delete 3 --yes
# The abandoned game gets no reminders and no timeouts (game 2 is gone).
ARBITER_NOW=$((ARBITER_NOW + 100 * 3600)) "$ARBITER" remind >"$T/out"
contains "$T/out" "0 reminders, 0 table notices queued, 0 timeouts played"
expect_rc 0 "$ARBITER" verify 1
expect_rc 0 "$ARBITER" show 1
done_ok
