#!/bin/sh
# needs: tigris
# Each seat's mail says what happened since that seat's last move, in the
# public form of each move: after a Tigris war (the attacker's tile, its
# support, then the defender's), the defender's mail still shows the
# attacker's move; a swap shows as the number of tiles, never which.
. "$(dirname "$0")/../e2e-lib.sh"

awaited() {
	"$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p' | head -1
}
# held SEAT COLOUR: how many tiles of COLOUR are behind SEAT's screen.
held() {
	"$ARBITER" show 1 --as "$1" --format json >"$T/own.json" || fail "show --as $1"
	/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["private"]["hand"][sys.argv[2]])' "$T/own.json" "$2"
}
# A non-blue colour seat holds (for a land square), preferring red.
land_colour() {
	for c in red green black; do
		[ "$(held "$1" $c)" -gt 0 ] && { echo $c; return; }
	done
}
# The body of the newest mail to seat, decoded.
newest_mail() {
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$1" <<'PY'
import email, email.policy, os, re, sys
box, seat = sys.argv[1:3]
best = None
for name in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, name), "rb"),
                                       policy=email.policy.default)
    move = re.search(r": move (\d+)", m["Subject"] or "")
    if m["To"].addresses[0].display_name == seat and move:
        if best is None or int(move.group(1)) > best[0]:
            best = (int(move.group(1)), m.get_body(preferencelist=("plain",)).get_content())
print(best[1] if best else "")
PY
}
since() {
	newest_mail "$1" | sed -n '/^Since your last move:/,/^$/p'
}

# Two kingdoms with a king each, one square apart (F4 beside the temple F3;
# H4 beside a new temple H3), then a tile on G4 joins them: a war of kings.
# The position needs some tiles in hand: the first of a fixed series of
# seeds that deals them is played (the hands are the seed's business).
setup() {
	db_reset
	rm -rf "$ARBITER_MAILDIR"
	ARBITER_TEST_SEED=$(printf '%064x' $((i * 7919 + 5))) \
		"$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
		>/dev/null || fail "new"
	first=$(awaited)
	[ "$first" = ada ] && second=bo || second=ada
	[ "$(held "$first" red)$(held "$first" blue)" != 00 ] || return 1
	c=$( [ "$(held "$first" blue)" -gt 0 ] && echo b || echo r )
	expect_rc 0 "$ARBITER" move 1 "$first" "leader black F4; swap $c"
	since "$second" >"$T/since1"
	[ "$(held "$second" red)" -gt 0 ] || return 1
	col=$(land_colour "$first")
	[ -n "$col" ] || return 1
	expect_rc 0 "$ARBITER" move 1 "$second" "tile red H3; leader black H4"
}
i=0
until setup; do
	i=$((i + 1))
	[ $i -lt 40 ] || fail "no seed of 40 deals the tiles this position needs"
done
# A seat that has not moved reads everything since the start.
contains "$T/since1" "1 $first: leader black F4; swap "
# A seat's own moves are not news to it (issue 22, smaller items): the
# mail of its own move has nothing since its last move.
since "$second" >"$T/since"
lacks "$T/since" "2 $second:"
lacks "$T/since" "1 $first:"
since "$first" >"$T/since"
contains "$T/since" "2 $second: tile red H3; leader black H4"
lacks "$T/since" "F4"
expect_rc 0 "$ARBITER" move 1 "$first" "tile $col G4"
[ "$(awaited)" = "$first" ] || fail "the attacker is not asked for support first"
expect_rc 0 "$ARBITER" move 1 "$first" "support 0"
[ "$(awaited)" = "$second" ] || fail "the defender is not asked for support"
# The defender's mail asking for support: everything since its own last move.
since "$second" >"$T/since"
contains "$T/since" "3 $first: tile $col G4"
contains "$T/since" "4 $first: support 0"
lacks "$T/since" "tile red H3"
expect_rc 0 "$ARBITER" move 1 "$second" "support 0"
"$ARBITER" log 1 >"$T/log"
# The mail of its own support says nothing it did itself.
since "$second" >"$T/since"
lacks "$T/since" "5 $second: support 0"
# The attacker's: since its last move (the support) only the defender's.
since "$first" >"$T/since"
contains "$T/since" "5 $second: support 0"
lacks "$T/since" "G4"
# The swap is public as a count only, in everyone's mail (the engine's
# public form of the move).
contains "$T/since1" "$first: leader black F4; swap 1"
lacks "$T/since1" "swap $c"
done_ok
