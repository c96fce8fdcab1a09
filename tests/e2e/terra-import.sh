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
done_ok
