#!/bin/sh
# needs: terra
# Terra Mystica by mail: while a seat decides on a power offer (leech), the
# active player may already act.  The offer's answer must not make the
# active player's reply stale: a reply address is tied to what the game
# awaits from its own seat, not to the global move number.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new terra --seat ada:ada@example.org --seat bo:bo@example.org \
    --seat cy:cy@example.org

awaited() {
	for s in ada bo cy; do
		"$ARBITER" moves 1 "$s" >"$T/m-$s" 2>/dev/null && echo "$s"
	done
}

# Play a legal command of the first awaited seat until a leech
# offer is open while another seat is to act.
found=
i=0
while [ $i -lt 400 ]; do
	i=$((i + 1))
	set -- $(awaited)
	[ $# -gt 0 ] || fail "the game waits for nobody"
	if [ $# -ge 2 ]; then
		active= leecher=
		for s in "$@"; do
			if grep -q '^leech\|^decline' "$T/m-$s"; then leecher=$s; else active=$s; fi
		done
		if [ -n "$active" ] && [ -n "$leecher" ]; then found=1; break; fi
	fi
	# Building next to others makes power offers; passing ends the game.
	cmd=$(grep -m1 '^upgrade .* to TP\|^build ' "$T/m-$1" || head -1 "$T/m-$1")
	"$ARBITER" move --no-send 1 "$1" "$cmd" >/dev/null 2>&1 ||
		fail "the legal command of $1 was refused: $cmd"
done
[ -n "$found" ] || fail "no open power offer beside an active player in $i moves"
ok
# Deliver what the moves queued; the newest mail to each seat carries its
# current reply address.
"$ARBITER" send >/dev/null 2>&1 || fail "send failed"
newest_mail "$active" || fail "no mail to $active"
to_active=$(cat "$T/reply-to")
[ -n "$to_active" ] || fail "no reply address for $active"
ok
# A seat awaited only for the offer that burns (a thing of its own turn) is
# told what it may do now and that burning comes in its turn: not that the
# game waits for it while it may not act (the site refuses the burn too,
# "Command invalid when not active player").
expect_rc 77 "$ARBITER" move --no-send 1 "$leecher" "burn 1"
one_line "$T/err"
contains "$T/err" "$leecher may not do that now: $leecher may only decide the power offer from "
contains "$T/err" ": leech "
contains "$T/err" " or decline); "
contains "$T/err" "; 'burn 1' comes in $leecher's own turn, and the game waits for $active: "
lacks "$T/err" "may not act now"
ok
# By mail the same: what it may do now, and to send that, not "it is not
# your turn" and to wait for a mail.
before=$(sql "SELECT count(*) FROM moves")
reply "$leecher" burn-1 "burn 1"
contains "$T/joined" "Your commands were not applied: $leecher may not do that now: $leecher may only decide the power offer from "
contains "$T/joined" "'burn 1' comes in $leecher's own turn, and the game waits for $active: "
contains "$T/joined" "Send only what you may play now."
lacks "$T/joined" "not your turn"
lacks "$T/joined" "You will be mailed when it is your turn"
[ "$(sql "SELECT count(*) FROM moves")" = "$before" ] || fail "the refused burn changed the game"
ok
# The offer is answered first...
expect_rc 0 "$ARBITER" move --no-send 1 "$leecher" "$(head -1 "$T/m-$leecher")"
before=$(sql "SELECT count(*) FROM moves")
# ...then the active player's reply to the address it had: applied.
printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <leech-1@example.org>\n\n%s\n' \
    "$active" "$active" "$to_active" "$(head -1 "$T/m-$active")" |
	"$ARBITER" mail --no-send >"$T/out" 2>"$T/err" || fail "mail failed: $(cat "$T/err")"
after=$(sql "SELECT count(*) FROM moves")
[ "$after" -eq $((before + 1)) ] ||
	fail "the active player's reply was not applied after the offer's answer: $(sql "SELECT result FROM inbound WHERE message_id = 'leech-1@example.org'")"
ok
done_ok
