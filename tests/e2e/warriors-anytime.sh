#!/bin/sh
# needs: warriors
# Warriors & Traders orders "at any time" (rules 13.3, 13.7, Q13;
# arbiter-warriors(6) "Any time"): a seat the game does not wait for may
# send them, on the command line and by mail; the engine alone decides
# who may act.  Orders after the seat are never options, with or without
# "--".
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new warriors --seat x:x@example.org --seat y:y@example.org \
    --seat z:z@example.org
for s in x y z; do
	expect_rc 0 "$ARBITER" move 1 "$s" 'tracks 1 1 1'
done
# Whom the game waits for now, and one seat it does not.
"$ARBITER" show 1 | sed -n 's/^  [A-Z]* (\([xyz]\)): .*/\1/p' >"$T/awaited"
idle=
for s in x y z; do grep -qx "$s" "$T/awaited" || { idle=$s; break; }; done
[ -n "$idle" ] || fail "every seat is awaited: $(cat "$T/awaited")"
ok
expect_rc 0 "$ARBITER" move 1 "$idle" 'defend auto'
contains "$T/out" "standing orders updated"
# By mail too.
newest_mail "$idle" || fail "no mail to $idle"
printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <anytime-1@example.org>\n\ndefend auto\n' \
    "$idle" "$idle" "$(cat "$T/reply-to")" | "$ARBITER" mail >/dev/null 2>"$T/err" ||
	fail "mail failed: $(cat "$T/err")"
ok
[ "$(sql "SELECT result FROM inbound WHERE message_id = 'anytime-1@example.org'")" = applied ] ||
	fail "the any-time order by mail was not applied"
ok
# A development order from the idle seat is still not its to give: 77.
expect_rc 77 "$ARBITER" move 1 "$idle" 'develop trade'
# Orders that look like options are orders: judged by the engine (65 here).
a=$(head -1 "$T/awaited")
expect_rc 65 "$ARBITER" move 1 "$a" '--x'
contains "$T/err" "'--x': not a development action"
expect_rc 65 "$ARBITER" move 1 "$a" -- '--x'
contains "$T/err" "'--x': not a development action"
expect_rc 0 "$ARBITER" move --dry-run 1 "$a" -- 'develop trade'
# Standing orders are private while the game runs: `log` and `export` show
# that orders were given, not which; --private shows them.
expect_rc 0 "$ARBITER" log 1
lacks "$T/out" "defend auto"
contains "$T/out" "(orders kept private)"
expect_rc 0 "$ARBITER" export 1
lacks "$T/out" "defend auto"
expect_rc 0 "$ARBITER" log --private 1
contains "$T/out" "defend auto"
done_ok
