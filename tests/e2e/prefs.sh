#!/bin/sh
# needs: tigris
# Mail preferences per address, set by mail to the site address and shown
# by `help`: "mail every" (the default), "mail turn" (a mail only when the
# game waits for you, with the board; what happened in between rides with
# it), "mail digest HOURS" (at most one mail every HOURS hours across all
# your games, composed by send or remind on a fixed schedule), "legal
# short|full", a game's own value ("game ID"), and "away until DATE" for
# all games at once.
. "$(dirname "$0")/../e2e-lib.sh"

T0=1795000000		# 2026-11-18 11:06:40 UTC
export ARBITER_FROM=games@example.org ARBITER_STRANGER_REPLIES_PER_HOUR=100
SITE=games@example.org
at 0

# site NAME ID BODY: NAME@example.org writes to the site address (see confirmed).
site() {
	confirmed "$1@example.org" "$2" "$3"
}

# The site's database exists before mail comes to it.
expect_rc 0 "$ARBITER" new tigris --seat x --seat y
# help shows the settings, and the commands that change them.
site cy h1 "help"
contains "$T/joined" "mail every | turn | digest HOURS"
contains "$T/joined" "legal short | full"
contains "$T/joined" "Your settings"
contains "$T/joined" "mail every (the default)"
contains "$T/joined" "legal short (the default)"
# Mistakes are answered and change nothing.
site cy h2 "mail sometimes
mail digest 0
legal long
mail turn game 99"
contains "$T/joined" "line 1: 'mail': mail every, mail turn, or mail digest HOURS (1 to 168)"
contains "$T/joined" "line 2: 'mail': mail every, mail turn, or mail digest HOURS"
contains "$T/joined" "line 3: 'legal': legal short or legal full"
contains "$T/joined" "line 4: 'mail': you hold no seat in a running game #99"
site cy h3 "mail turn"
contains "$T/joined" "Noted: mail turn, for all your games."
site di h4 "mail digest 6"
contains "$T/joined" "Noted: mail digest 6, for all your games"
site di h5 "help"
contains "$T/joined" "mail digest 6 legal short (the default)"

# A game of four: ada every move, bo every move but full legal lists, cy
# only its turns, di a digest every 6 hours.
fresh
export ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --seat cy:cy@example.org --seat di:di@example.org
unset ARBITER_TEST_SEED
fresh
# The start mail goes to everyone, whatever the preference.
for p in ada bo cy di; do
	[ "$(to $p)" -eq 1 ] || fail "$p got $(to $p) start mails"
	ok
done
site bo h6 "legal full game 2"
contains "$T/joined" "Noted: legal full in game #2."
fresh
awaited() { "$ARBITER" show 2 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p'; }
# play: the awaited seat's first legal tile, a whole turn in one submission.
play() {
	s=$(awaited)
	a=$("$ARBITER" moves 2 "$s" | grep '^tile' | head -1)
	b=$("$ARBITER" moves 2 "$s" | grep '^tile' | tail -1)
	expect_rc 0 "$ARBITER" move 2 "$s" "$a" >/dev/null
	s2=$(awaited)
	[ "$s2" = "$s" ] && expect_rc 0 "$ARBITER" move 2 "$s" "$("$ARBITER" moves 2 "$s" | grep '^tile' | tail -1)"
}
order=""
for k in 1 2 3 4; do
	at "$k"
	order="$order $(awaited)"
	play
done
fresh
# Every move: ada and bo get each one (two actions, two moves, per turn).
[ "$(to ada)" -ge 6 ] && [ "$(to bo)" -ge 6 ] || fail "every: $(cut -c1-80 "$T/fresh")"
ok
# bo asked for the full list in this game: its turn's mail has it.
grep "^bo | .*your turn" "$T/fresh" >"$T/bo" || true
[ ! -s "$T/bo" ] || grep -q "copy a line" "$T/bo" || fail "bo's list is not the full one"
ok
grep "^ada | .*your turn" "$T/fresh" >"$T/ada" || true
[ ! -s "$T/ada" ] || grep -q "in short" "$T/ada" || fail "ada's list is not the short one"
ok
# Turn: cy's mails are those where the game started waiting for it.
n=$(to cy)
w=$(grep -c "^cy | .*your turn" "$T/fresh")
[ "$n" -ge 1 ] && [ "$n" -eq "$w" ] || fail "turn: cy got $n mails, $w of them its turn: $(grep '^cy' "$T/fresh" | cut -c1-100)"
ok
# Digest: di got nothing yet (its first digest is due 6 hours after it chose).
[ "$(to di)" -eq 0 ] || fail "digest: di got mail before its time: $(grep '^di' "$T/fresh" | cut -c1-120)"
ok
# send before the time composes nothing; at the time, one digest.
at 5
expect_rc 0 "$ARBITER" send
lacks "$T/out" "digest"
fresh
[ "$(to di)" -eq 0 ] || fail "a digest before its time"
ok
at 6
expect_rc 0 "$ARBITER" send
contains "$T/out" "1 digest composed"
fresh
[ "$(to di)" -eq 1 ] || fail "digest: di got $(to di) mails at its time"
ok
grep "^di | " "$T/fresh" >"$T/di"
contains "$T/di" "digest"
contains "$T/di" "Moves since the last mail about this game:"
contains "$T/di" "== Tigris & Euphrates (game #2), move"
# Nothing new: the next time sends nothing.
at 12
expect_rc 0 "$ARBITER" send
lacks "$T/out" "digest"

# Talk while cy waits for its turn rides with cy's next mail.
s=$(awaited)
[ "$s" != cy ] || { play; s=$(awaited); }
newest_mail "$s"
reply "$s" talk1 "say well played, all"
fresh
[ "$(to cy)" -eq 0 ] || fail "turn: cy was mailed the talk at once"
ok
i=0
while [ "$(awaited)" != cy ] && [ $i -lt 8 ]; do
	play
	i=$((i + 1))
done
fresh
grep "^cy | " "$T/fresh" >"$T/cy"
contains "$T/cy" "Also since your last mail:"
contains "$T/cy" "says: \"well played, all\""
[ "$(wc -l <"$T/cy")" -eq 1 ] || fail "cy got $(wc -l <"$T/cy") mails for its turn"
ok

# The game waits for di: its digest says so, with its legal moves and the
# address that acts for its seat; a reply to the digest plays.
i=0
while [ "$(awaited)" != di ] && [ $i -lt 8 ]; do
	play
	i=$((i + 1))
done
[ "$(awaited)" = di ] || fail "the game never waited for di"
at 18
expect_rc 0 "$ARBITER" send
fresh
grep "^di | " "$T/fresh" >"$T/di"
[ "$(wc -l <"$T/di")" -eq 1 ] || fail "di's digest: $(cut -c1-100 "$T/di")"
contains "$T/di" "your turn"
contains "$T/di" "The game waits for you:"
contains "$T/di" "To act, write your commands to games+g2.s3."
newest_to di@example.org
cmd=$("$ARBITER" moves 2 di | grep '^tile' | head -1)
printf 'From: di <di@example.org>\nTo: %s\nSubject: Re: digest\nMessage-ID: <dig1@example.org>\n\n%s\n' \
    "$(cat "$T/reply-to")" "$cmd" | "$ARBITER" mail || fail "arbiter mail failed"
expect_rc 0 "$ARBITER" log 2
contains "$T/out" "di: $cmd"
# The answer to di's own move comes at once, digest or not.
fresh
[ "$(to di)" -eq 1 ] || fail "di's answer: $(grep '^di' "$T/fresh" | cut -c1-100)"
ok
contains "$T/fresh" "Your move was applied"

# "away until" to the site address: every running game of the address.
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
fresh
site ada a1 "away until 2026-11-24"
contains "$T/joined" "Game #2: Noted: you are away until 2026-11-24"
contains "$T/joined" "Game #3: Noted: you are away until 2026-11-24"
[ "$(sql "SELECT count(*) FROM seats WHERE email = 'ada@example.org' AND away_until > $T0")" -eq 2 ] ||
	fail "ada is not away in both games"
ok
site ada a2 "back"
contains "$T/joined" "Game #2: Noted: you are back"
contains "$T/joined" "Game #3: Noted: you are back"
site ada a3 "away until 2020-01-01"
contains "$T/joined" "not noted: away until 2020-01-01: that day is over"
# A game's own value wins over the address's.
site ada a4 "mail turn
mail every game 3"
contains "$T/joined" "Noted: mail every in game #3."
site ada a5 "help"
contains "$T/joined" "mail turn legal short (the default)"
contains "$T/joined" "mail every game 3"
done_ok
