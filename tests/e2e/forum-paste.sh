#!/bin/sh
# needs: tigris
# Forum play: a player pastes a whole post to `arbiter move GAME SEAT -`.
# Quoted posts of others (BBCode [quote], nested or named, Markdown '>')
# are not the player's commands and are dropped; [code] tags and ```
# fences around the commands are ignored.  What is left is applied all or
# nothing, as any submission.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ada --seat bo
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
[ -n "$seat" ] || fail "show names nobody awaited"
other=ada
[ "$seat" = ada ] && other=bo

# A quote of the other player's post holding a command, nested quotes, a
# code box: only "pass" is the player's.
cat >"$T/post" <<POST
[quote="$other"]I played [b]this[/b]:
[quote]tile red A1[/quote]
catastrophe B2
[/quote]
[code]pass[/code]
POST
expect_rc 0 "$ARBITER" move 1 "$seat" - <"$T/post"
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "$seat: pass"
lacks "$T/log" "catastrophe"

# Markdown: '>' quotes dropped, fences ignored.
printf '> %s wrote:\n> pass\n```\npass\n```\n' "$seat" >"$T/post"
expect_rc 0 "$ARBITER" move 1 "$other" - <"$T/post"
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "$other: pass"

# What is left is judged as always: an unclosed quote swallows the rest,
# so nothing is left to play and nothing changes.
before=$(dbsum)
printf '[quote]pass\n' >"$T/post"
"$ARBITER" move 1 "$seat" - <"$T/post" >"$T/out" 2>"$T/err"
[ $? -ne 0 ] || fail "an empty submission was applied"
ok
one_line "$T/err"
[ "$(dbsum)" = "$before" ] || fail "a refused paste changed the database"
ok
done_ok
