#!/bin/sh
# needs: tigris
# A whole Tigris & Euphrates game on the command line, three players, with
# a fixed seed: every submission is picked from `arbiter moves`, applied
# with `arbiter move`, and the result checked with verify, export/import,
# score and the privacy of every public report along the way.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_TEST_SEED=0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0
expect_rc 0 "$ARBITER" new tigris --seat alice:alice@example.org \
	--seat bob:bob@example.org --seat carol:carol@example.org --title "Test game"
[ "$(cat "$T/out")" = 1 ] || fail "new printed '$(cat "$T/out")', expected 1"
unset ARBITER_TEST_SEED

# The awaited seat, or nothing when the game is over.
awaited() {
	for s in alice bob carol; do
		if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then
			echo "$s"
			return
		fi
	done
}

n=0
while :; do
	seat=$(awaited)
	[ -n "$seat" ] || break
	count=$(wc -l <"$T/moves")
	[ "$count" -gt 0 ] || fail "$seat is awaited but has no legal move"
	pick=$(( (n * 7919 + 13) % count + 1 ))
	cmd=$(sed -n "${pick}p" "$T/moves")
	"$ARBITER" move --expect "$n" 1 "$seat" "$cmd" >"$T/report" 2>"$T/err" ||
		fail "listed move '$cmd' for $seat rejected: $(cat "$T/err")"
	n=$((n + 1))
	[ "$n" -lt 3000 ] || fail "no end after 3000 submissions"
	# Every 25 moves: the public report hides every screen.
	if [ $((n % 25)) -eq 0 ]; then
		lacks "$T/report" "Behind your screen"
		"$ARBITER" show 1 --format json >"$T/pub.json" || fail "show json"
		lacks "$T/pub.json" '"private"'
		lacks "$T/pub.json" '"hand"'
		"$ARBITER" show 1 --as bob >"$T/bob.txt" || fail "show --as"
		contains "$T/bob.txt" "Behind your screen"
	fi
done
echo "game over after $n submissions"
[ "$n" -gt 50 ] || fail "a whole game took only $n submissions"

expect_rc 0 "$ARBITER" list --all
contains "$T/out" "the game is over"
expect_rc 0 "$ARBITER" verify 1
contains "$T/out" "ok, $n moves replayed and equal to the stored state"
expect_rc 0 "$ARBITER" score 1
[ "$(wc -l <"$T/out")" -eq 3 ] || fail "score after the end must show all three"
sort -c "$T/out" || fail "score lines are not sorted by name"
expect_rc 0 "$ARBITER" log 1
[ "$(wc -l <"$T/out")" -eq "$n" ] || fail "log has $(wc -l <"$T/out") lines, expected $n"

# After the end the export carries the seed; importing it replays the game.
expect_rc 0 "$ARBITER" export 1
cp "$T/out" "$T/export.json"
contains "$T/export.json" '"seed": "0f1e2d3c'
lacks "$T/export.json" "example.org"
copy=$(newdb copy) || fail "cannot make a database"
expect_rc 0 "$ARBITER" --db "$copy" import "$T/export.json"
expect_rc 0 "$ARBITER" --db "$copy" verify --all
"$ARBITER" score 1 >"$T/s1"
"$ARBITER" --db "$copy" score 1 >"$T/s2"
cmp -s "$T/s1" "$T/s2" || fail "the imported game scores differently"
ok

# The end mail reveals every screen and the seed to every player.
ls "$T/maildir/new" | grep -q . || fail "no mail was written to the Maildir"
grep -l "is over after" "$T"/maildir/new/* >/dev/null || fail "no end mail"
ok

# A site's templates directory (arbiter.conf) replaces the built-in frames.
mkdir -p "$T/site"
printf '[quote]site frame {{title}}[/quote]\n{{board}}\n' >"$T/site/report.bbcode"
printf 'templates = %s\n' "$T/site" >"$T/arbiter.conf"
expect_rc 0 "$ARBITER" --config "$T/arbiter.conf" show 1 --format bbcode
contains "$T/out" "[quote]site frame Test game[/quote]"

# No more moves once the game is over.
expect_rc 65 "$ARBITER" move 1 alice pass
one_line "$T/err"
done_ok
