#!/bin/sh
# needs: terra
# Terra Mystica by mail as the site's players know it (issue 27), each
# defect through mail, in and out, in one game of four: witches (ann),
# nomads (cy), engineers (di) and mermaids (bob), their buildings side by
# side (F4, F3, E8, E7, D5), so that every upgrade makes power offers.
#   - The subject of a seat that owes only an offer names it; every offer
#     is listed with its real gain and VP cost, in the mail's text and its
#     legal commands (defect 3).
#   - A seat's own burn leaves its reply address good: a second reply to
#     the same mail acts.
#   - No power action whose bridge cannot be placed is offered (defect 7).
#   - A leech and an action in one mail: "Last:", the log and the answer
#     tell the new offers (defect 2) and the offer the action declined
#     (defect 3).
#   - A move that only answers an offer goes to its seat alone.
#   - A build one spade away names its whole cost (defect 5); a favor tile
#     owed is named as what the game waits for (defect 4).
#   - Tiles in words, the round's income, names in the player order, the
#     deadline in the mail of the seat awaited.
#   - An answer to an offer that ends the round goes to every seat, each
#     told the round's end and the next round's income.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
ARBITER_TEST_SEED=4444444444444444444444444444444444444444444444444444444444444444 \
    expect_rc 0 "$ARBITER" new terra --seat ann:ann@example.org --seat bob:bob@example.org \
    --seat cy:cy@example.org --seat di:di@example.org --set deadline=72 --set grace=24 \
    --set on_timeout=pass
# Before the factions are chosen, the player order names the players.
newest_mail ann || fail "no start mail"
contains "$T/mail" "Player order: 1 ann, 3 cy, 4 di, 2 bob"
contains "$T/joined" "Your deadline for this decision: "
contains "$T/joined" "if you have not moved by"
# The start mail of a seat not awaited says no deadline.
newest_mail bob
lacks "$T/mail" "Your deadline"

# The setup at the command line: factions, dwellings, bonus tiles.
m() {
	"$ARBITER" move --no-send 1 "$1" "$2" >"$T/out" 2>"$T/err" || fail "$1 '$2': $(cat "$T/err")"
}
m ann "setup witches"
m cy "setup nomads"
m di "setup engineers"
m bob "setup mermaids"
m ann "build F4"
m cy "build F3"
m di "build E7"
m bob "build D5"
m bob "build E4"
m di "build F6"
m cy "build E8"
m ann "build A3"
m cy "build D3"
m bob "pass BON3"
m di "pass BON4"
m cy "pass BON7"
m ann "pass BON9"
expect_rc 0 "$ARBITER" send
# The first mail of round 1 says what each faction received.
newest_mail bob
contains "$T/joined" "Round 1 income: witches +2C +3W, mermaids +6C +3W, nomads +5W, engineers +2W +3PW."
# Tiles in words, in the report.
contains "$T/joined" "BON3(mermaids) +6C"
contains "$T/joined" "FAV11 x3 EARTH +1, D >> 2"
contains "$T/joined" "TW5 x2 8 VP, +1 on each cult track"

# ann's trading post offers power to cy and di.
m ann "upgrade F4 to TP"
# cy's trading post offers power to di and bob; di now holds two offers.
m cy "decline"
m cy "upgrade E8 to TP"
expect_rc 0 "$ARBITER" send
# bob owes only an offer while di is on turn: the subject says so.
newest_mail bob
contains "$T/subject" "move 20, power offer from nomads, also waiting for di"
contains "$T/joined" "The game waits for you: mermaids: leech 1 from nomads (1 power for 0 VP) or decline."
# di's mail lists both offers, each with its gain and cost, and both in
# its legal commands.
newest_mail di
contains "$T/subject" "move 20, your turn, also waiting for bob"
# A move's mail states the deadline of the seat it waits for.
contains "$T/joined" "Your deadline for this decision: "
contains "$T/joined" "engineers: take an action; leech 1 from witches (1 power for 0 VP), leech 1 from nomads (1 power for 0 VP); leech or decline each"
contains "$T/mail" "leech 1 from witches"
contains "$T/mail" "decline 1 from nomads"
first_to=$(cat "$T/reply-to")

# di burns power by mail: its own change keeps its reply address good.
reply di burn "burn 3"
contains "$T/joined" "Your move was applied as move 21"
# No bridge can be placed from E7 or F6: ACT1 and the engineers' bridge
# action are not offered, though di could pay for them.
contains "$T/mail" "power 0/6/3"
lacks "$T/mail" "action ACT1"
lacks "$T/mail" "action ACTE"
contains "$T/mail" "action ACT2"
ok
# The second reply to the first mail: a leech and an action in one.
printf 'Return-Path: <di@example.org>\nFrom: di <di@example.org>\nTo: %s\nSubject: Re: game\nMessage-ID: <di-2@example.org>\n\nleech 1 from witches\nupgrade E7 to TP\n' \
    "$first_to" | "$ARBITER" mail || fail "arbiter mail failed"
newest_mail di
lacks "$T/joined" "has moved on"
contains "$T/joined" "Your move was applied as move 22"
# The answer, "Last:" and the log tell the offers made and the one declined.
contains "$T/joined" "It also did this: mermaids may leech 1 from engineers (1 power for 0 VP); witches may leech 2 from engineers (2 power for 1 VP); nomads may leech 2 from engineers (2 power for 1 VP); declined by acting: leech 1 from nomads."
contains "$T/joined" "Last: engineers: leech 1 from witches. upgrade E7 to TP - offers: mermaids may leech 1 from engineers (1 power for 0 VP), witches may leech 2 from engineers (2 power for 1 VP), nomads may leech 2 from engineers (2 power for 1 VP) - declined by acting: leech 1 from nomads"
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "di: leech 1 from witches; upgrade E7 to TP - mermaids may leech 1 from engineers (1 power for 0 VP); witches may leech 2 from engineers (2 power for 1 VP); nomads may leech 2 from engineers (2 power for 1 VP); declined by acting: leech 1 from nomads"
# The others read it in the list of moves since their last.
newest_mail ann
contains "$T/joined" "22 di: leech 1 from witches; upgrade E7 to TP - mermaids may leech 1 from engineers"

# bob: two offers now, its turn; it answers one alone.  That mail goes to
# bob only; the others read it in their next mail.
newest_mail bob
contains "$T/joined" "mermaids: take an action; leech 1 from nomads (1 power for 0 VP), leech 1 from engineers (1 power for 0 VP); leech or decline each"
fresh 1
reply bob b1 "leech 1 from nomads"
fresh 1
[ "$(to bob)" -eq 1 ] && [ "$(to ann)" -eq 0 ] && [ "$(to cy)" -eq 0 ] && [ "$(to di)" -eq 0 ] ||
	fail "a leech was mailed to seats it does not concern: $(cut -c1-60 "$T/fresh")"
ok
contains "$T/joined" "The seats it concerns have been sent the new board"
# bob's action declines the offer left.
reply bob b2 "build C3"
contains "$T/joined" "It also did this: declined by acting: leech 1 from engineers."
newest_mail ann
contains "$T/joined" "23 bob: leech 1 from nomads"
contains "$T/joined" "24 bob: build C3 - declined by acting: leech 1 from engineers"

# ann: a build one spade away with the workers for the spade alone.
newest_mail ann
contains "$T/joined" "witches: take an action; leech 2 from engineers (2 power for 1 VP) or decline"
before=$(dbsum moves)
reply ann a1 "convert 1W to 1C
build A4"
contains "$T/joined" "build A4: the spades and the dwelling cost 2C 4W 0P in all (the dwelling 2C 1W); you had 15C 3W 0P"
[ "$(dbsum moves)" = "$before" ] || fail "a refused build moved"
ok
# A temple: the game waits for the favor tile, and says so.
reply ann a2 "leech 2 from engineers
upgrade F4 to TE"
contains "$T/joined" "The game waits for you: witches: take a favor tile (+FAVn)."
contains "$T/subject" "your turn"
reply ann a3 "+FAV11"
contains "$T/joined" "Your move was applied as move 26"

# The round ends on an answer to an offer: everyone passed, and ann's
# leech is the last decision of round 1.  That answer is news to every
# seat: each is mailed what the round's end and the next income paid.
m di "decline"
m cy "decline. upgrade D3 to TP"
m di "pass BON6"
m bob "pass BON4"
m ann "pass BON3"
m cy "upgrade F3 to TP"
m cy "pass BON2"
expect_rc 0 "$ARBITER" send
fresh 1
reply ann a4 "leech 2 from nomads"
contains "$T/joined" "Round 1 ended; VP scored in it:"
fresh 1
for s in ann bob cy di; do
	[ "$(to $s)" -eq 1 ] || fail "the answer that ended round 1 was not mailed to $s: $(cut -c1-60 "$T/fresh")"
	newest_mail $s
	contains "$T/joined" "Round 1 ended; VP scored in it:"
	contains "$T/joined" "Round 2 income: "
done
ok

# The tiles in words in `help terra`, by mail to the site address.
SITE=games@example.org
to_site ann@example.org h1 "help terra"
newest_to ann@example.org || fail "no help"
grep -q "confirm your address" "$T/subject" && {
	to_site ann@example.org h1c ok "$(cat "$T/reply-to")"
	newest_to ann@example.org
}
contains "$T/text" "  BON1   +2C, action: 1 spade"
contains "$T/text" "  FAV12  AIR +1, pass: 2/3/3/4 VP for 1/2/3/4 TP"
contains "$T/text" "  TW8    11 VP"
contains "$T/text" "  SCORE9 TE >> 4, 1 PRIEST ON CULT -> 2 C"
expect_rc 0 "$ARBITER" verify 1
done_ok
