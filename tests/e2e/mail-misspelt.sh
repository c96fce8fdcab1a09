#!/bin/sh
# needs: terra warriors
# A misspelt command is never a greeting (issue 27, defect 1): in Terra
# Mystica and in Warriors & Traders (Tigris & Euphrates: mail-reading.sh),
# a reply whose first line misspells a command of the game, or whose
# commands stop at one, is refused whole, naming that line; the commands
# around it are not played.  Greetings still pass.
. "$(dirname "$0")/../e2e-lib.sh"

# Terra Mystica: the Ice Maidens owe a colour and a favor tile.
ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111 \
    expect_rc 0 "$ARBITER" new terra --option fire-and-ice-factions/ice \
    --seat ann:ann@example.org --seat bob:bob@example.org --seat cy:cy@example.org \
    --seat di:di@example.org
reply bob t1 "Hello all,
setup icemaidens"
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "bob: setup icemaidens"
before=$(dbsum moves)
reply bob t2 "pick-colour grey
+FAV11"
contains "$T/joined" 'Your commands were not applied: the line "pick-colour grey" is no command of Terra Mystica, though it looks like one (did you mean "pick-color"?)'
contains "$T/joined" "nothing in your mail was applied"
contains "$T/subject" "not accepted"
[ "$(dbsum moves)" = "$before" ] || fail "+FAV11 was played without the colour"
ok
# The site's faction prefix, a misspelt verb after it.
reply bob t3 "Hi all,
icemaidens: pick-colr gray
+FAV11"
contains "$T/joined" 'the line "icemaidens: pick-colr gray" is no command of Terra Mystica'
[ "$(dbsum moves)" = "$before" ] || fail "a misspelt command after a prefix was skipped"
ok
# A line of the notation without its verb.
reply bob t4 "Hi,
FAV11"
contains "$T/joined" 'the line "FAV11" is written like a command of Terra Mystica but starts with none of its commands'
[ "$(dbsum moves)" = "$before" ] || fail "a bare tile was skipped"
ok
# Spelt right, with the greeting and sign-off people write: played.
reply bob t5 "Hi all,
pick-color gray
+FAV11
Cheers, Bob
Sent from my iPhone"
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "bob: pick-color gray; +FAV11"
contains "$T/joined" 'Not read as commands: "Hi all,", "Cheers, Bob", "Sent from my iPhone".'

# Warriors & Traders: the first orders.
expect_rc 0 "$ARBITER" new warriors --seat wa:wa@example.org --seat wb:wb@example.org
g=$(cat "$T/out")
before=$(dbsum moves)
reply wa w1 "Dear all,
trakcs 2 0 1"
contains "$T/joined" 'the line "trakcs 2 0 1" is no command of Warriors & Traders, though it looks like one (did you mean "tracks"?)'
[ "$(dbsum moves)" = "$before" ] || fail "a misspelt order moved"
ok
reply wa w2 "Dear all,
tracks 2 0 1
Love, Ann"
"$ARBITER" log "$g" >"$T/log"
contains "$T/log" "wa: "
done_ok
