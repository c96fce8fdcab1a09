#!/bin/sh
# needs: terra
# Every real Terra Mystica game in ../shared/games/terra imports through
# the real binary and ends with exactly its recorded final score; verify
# agrees; a new game starts and takes moves on the command line.
. "$(dirname "$0")/../e2e-lib.sh"

GAMES_DIR="${ARBITER_SHARED:-$ROOT/../shared}/games/terra"
[ -d "$GAMES_DIR" ] || fail "no real games at $GAMES_DIR"
n=0
for log in "$GAMES_DIR"/*.log; do
	name=$(basename "$log" .log)
	expect_rc 0 "$ARBITER" import terra "$log"
	id=$(cat "$T/out")
	"$ARBITER" score "$id" >"$T/score" || fail "score $name"
	sort "$GAMES_DIR/$name.expected" | grep . >"$T/expected"
	cmp -s "$T/score" "$T/expected" ||
		fail "$name: scored $(tr '\n' ' ' <"$T/score"), expected $(tr '\n' ' ' <"$T/expected")"
	n=$((n + 1))
done
[ "$n" -ge 20 ] || fail "only $n real games found"
expect_rc 0 "$ARBITER" verify --all
[ "$(grep -c ': ok' "$T/out")" -eq "$n" ] || fail "verify: $(cat "$T/out")"
expect_rc 0 "$ARBITER" show 1
awk 'length > 80 { exit 1 }' "$T/out" || fail "the Terra report is wider than 80 columns"
expect_rc 0 "$ARBITER" show 1 --format json
contains "$T/out" '"game"'
# The log names each seat once, though the imported lines name it too.
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "  darklings: dig 1. build H7"
lacks "$T/out" "darklings: darklings:"
# A broken log names its line.
sed '30s/.*/engineers: build Z99/' "$GAMES_DIR/4pLeague_S60_D1L1_G1.log" >"$T/bad.log"
expect_rc 65 "$ARBITER" import terra "$T/bad.log"
contains "$T/err" "bad.log:30"

# A new game on the command line: factions are chosen with `setup`.
expect_rc 0 "$ARBITER" new terra --seat ann:ann@example.org --seat ben:ben@example.org \
	--option mini-expansion-1
id=$(cat "$T/out")
k=0
while [ $k -lt 12 ]; do
	seat=""
	for s in ann ben; do
		if "$ARBITER" moves "$id" "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
	done
	[ -n "$seat" ] || fail "nobody is awaited"
	cmd=$(head -1 "$T/moves")
	"$ARBITER" move "$id" "$seat" "$cmd" >/dev/null 2>"$T/err" || fail "move '$cmd': $(cat "$T/err")"
	k=$((k + 1))
done
expect_rc 0 "$ARBITER" verify "$id"
expect_rc 0 "$ARBITER" score "$id"
[ "$(wc -l <"$T/out")" -eq 2 ] || fail "score shows $(wc -l <"$T/out") factions"
# Power offers wait for several seats at once; reminders reach exactly them.
# Cut a real game where darklings and mermaids each owe a power decision
# while engineers are to act.
# (A database of its own, so the game above is not reminded too.)
cut_db=$(newdb cut) || fail "cannot make a database"
export ARBITER_DB="$cut_db"
now=1800000000
export ARBITER_NOW=$now
head -88 "$GAMES_DIR/4pLeague_S60_D1L1_G1.log" >"$T/cut.log"
expect_rc 0 "$ARBITER" import terra "$T/cut.log" --seat a:a@example.org \
	--seat b:b@example.org --seat c:c@example.org --seat d:d@example.org
cut=$(cat "$T/out")
# Each seat hears that the game continues here, with its reply address.
[ "$(grep -l "continues here after 74 moves" "$ARBITER_MAILDIR"/new/* | wc -l)" -eq 4 ] ||
	fail "the imported game's seats were not told it continues here"
ok
expect_rc 0 "$ARBITER" show "$cut"
contains "$T/out" "a: darklings: leech 2 from nomads (2 power for 1 VP) or decline"
contains "$T/out" "c: mermaids: leech 2 from nomads (2 power for 1 VP) or decline"
contains "$T/out" "d: engineers: take an action"
lacks "$T/out" "b: nomads: take"
reminded() {
	grep -l "has been waiting for you" "$ARBITER_MAILDIR"/new/* |
		xargs grep -h "^To:" | tr -d '\r' | sed 's/.*<\(.*\)@.*/\1/' | sort | tr '\n' ' '
}
rm -rf "$ARBITER_MAILDIR"
ARBITER_NOW=$((now + 49 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "3 reminders"
[ "$(reminded)" = "a c d " ] || fail "reminders went to $(reminded)"
ok
# An offer nobody made is refused and changes nothing; the real one is taken.
sum=$(dbsum)
expect_rc 65 "$ARBITER" move "$cut" a "leech 2 from engineers"
contains "$T/err" "no offer of 2 power for you from engineers"
one_line "$T/err"
[ "$(dbsum)" = "$sum" ] || fail "a refused leech changed the database"
ok
export ARBITER_NOW=$((now + 50 * 3600))
expect_rc 0 "$ARBITER" move "$cut" a "leech 2 from nomads"
expect_rc 77 "$ARBITER" move "$cut" b "build A1"
one_line "$T/err"
rm -rf "$ARBITER_MAILDIR"
ARBITER_NOW=$((now + 99 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "2 reminders"
[ "$(reminded)" = "c d " ] || fail "reminders went to $(reminded)"
ok
unset ARBITER_NOW

# A game still choosing its factions imports, its seats from the player
# lines, and goes on with move: the Ice Maidens owe their favor tile, then
# the next seat chooses.
printf 'option maintain-player-order\noption fire-and-ice-factions/ice\nplayer p1\nplayer p2\nsetup icemaidens\nicemaidens: pick-color green\n' >"$T/pc.log"
expect_rc 0 "$ARBITER" import terra "$T/pc.log" --seat ann --seat bob
pc=$(cat "$T/out")
expect_rc 0 "$ARBITER" move "$pc" ann "+FAV11"
expect_rc 0 "$ARBITER" show "$pc"
contains "$T/out" "bob: seat 2: choose a faction"
expect_rc 65 "$ARBITER" move "$pc" bob "setup witches"
contains "$T/err" "the colour of the witches is taken by the icemaidens"
expect_rc 0 "$ARBITER" move "$pc" bob "setup nomads"
expect_rc 0 "$ARBITER" verify "$pc"
# Without player lines the --seat count gives the seats: a 4-player log
# cut after two setup lines.
head -14 "$GAMES_DIR/4pLeague_S1_D1L1_G2.log" >"$T/league.log"
expect_rc 0 "$ARBITER" import terra "$T/league.log" --seat a --seat b --seat c --seat d
lg=$(cat "$T/out")
expect_rc 0 "$ARBITER" move "$lg" c "setup dwarves"
expect_rc 0 "$ARBITER" move "$lg" d "setup mermaids"
expect_rc 0 "$ARBITER" moves "$lg" a
contains "$T/out" "build "
# A real mismatch is refused, naming the line or the count.
expect_rc 64 "$ARBITER" import terra "$T/pc.log" --seat ann --seat bob --seat cy
contains "$T/err" "the log names 2 players (its player lines), but 3 --seat are given"
printf 'player p1\nplayer p2\nsetup witches\nsetup auren\nsetup nomads\n' >"$T/three.log"
expect_rc 65 "$ARBITER" import terra "$T/three.log"
contains "$T/err" "three.log: line 5: setup nomads"
# The site's options for old games: played, or refused naming the line.
printf 'option loose-dig\nsetup witches\nsetup auren\n' >"$T/dig.log"
expect_rc 65 "$ARBITER" import terra "$T/dig.log"
contains "$T/err" "dig.log: line 1: option loose-dig: a site option arbiter does not play"
one_line "$T/err"
expect_rc 0 "$ARBITER" new terra --seat ann --seat bob --option manual-fav5 \
	--option loose-lose-cult
done_ok
