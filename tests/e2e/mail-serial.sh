#!/bin/sh
# needs: terra
# A reply address carries its seat's serial, which changes only when what
# the game awaits from that seat changes.  In a Terra Mystica game waiting
# for two leech decisions and an action, each of the three seats answers
# the start mail's address in turn and every answer is applied: another
# seat acting does not make a seat's address stale (with the move number
# in the address, the second and third were answered "moved on").  A seat's
# own move keeps its own address good while the game still waits for it
# (issue 27: terra-mail.sh), and makes it stale once its part is done.
. "$(dirname "$0")/../e2e-lib.sh"

GAMES_DIR="${ARBITER_SHARED:-$ROOT/../shared}/games/terra"
[ -d "$GAMES_DIR" ] || fail "no real games at $GAMES_DIR"
export ARBITER_FROM=games@example.org
head -88 "$GAMES_DIR/4pLeague_S60_D1L1_G1.log" >"$T/cut.log"
expect_rc 0 "$ARBITER" import terra "$T/cut.log" --seat a:a@example.org \
	--seat b:b@example.org --seat c:c@example.org --seat d:d@example.org
g=$(cat "$T/out")
expect_rc 0 "$ARBITER" show "$g"
contains "$T/out" "a: darklings: leech 2 from nomads (2 power for 1 VP) or decline"
contains "$T/out" "c: mermaids: leech 2 from nomads (2 power for 1 VP) or decline"
contains "$T/out" "d: engineers: take an action"

# start_address IDX: the reply address of seat IDX's start mail
start_address() {
	grep -h -i "^Reply-To:.*games+g$g\.s$1\." "$ARBITER_MAILDIR"/new/* | head -1 |
		sed 's/.*<\(.*\)>.*/\1/'
}
moves_now() {
	"$ARBITER" log "$g" | wc -l
}
# answer NAME IDX ID COMMANDS: NAME answers its start mail
answer() {
	printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <%s@example.org>\n\n%s\n' \
		"$1" "$1" "$(start_address "$2")" "$3" "$4" >"$T/m"
	expect_rc 0 "$ARBITER" mail --no-send <"$T/m"
}
a_to=$(start_address 0)
c_to=$(start_address 2)
d_to=$(start_address 3)
[ -n "$a_to" ] && [ -n "$c_to" ] && [ -n "$d_to" ] || fail "no start mail addresses"
n=$(moves_now)
answer a 0 serial-a "leech 2 from nomads"
[ "$(moves_now)" -eq $((n + 1)) ] || fail "a's leech was not applied"
answer c 2 serial-c "leech 2 from nomads"
[ "$(moves_now)" -eq $((n + 2)) ] || fail "c's address went stale when a decided"
"$ARBITER" moves "$g" d >"$T/moves" || fail "d is not awaited"
answer d 3 serial-d "$(head -1 "$T/moves")"
[ "$(moves_now)" -eq $((n + 3)) ] || fail "d's address went stale when others decided"
ok
# a's leech was all the game asked of it: its start address is stale now,
# answered as such, nothing applied.
answer a 0 serial-a2 "leech 2 from nomads"
[ "$(moves_now)" -eq $((n + 3)) ] || fail "a stale address moved"
[ "$(sql "SELECT result FROM inbound WHERE message_id = 'serial-a2@example.org'")" = stale ] ||
	fail "a's old address was not answered as stale"
ok
done_ok
