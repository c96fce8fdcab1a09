#!/bin/sh
# needs: tigris terra warriors
# Deadlines: a game's clock set with `new --set` and `game --set`; the
# ladder `remind` climbs for each awaited seat (half the time, an eighth
# left, the notice at the deadline to the seat and the table), and after
# the grace the timeout: on_timeout=pass plays the game's default for the
# seat, drop makes it resign, remind-only keeps waiting with a reminder a
# day.  A move restarts the clock; an absence pauses it; sixteen remind
# runs racing at the timeout play it once.
. "$(dirname "$0")/../e2e-lib.sh"

T0=1795000000		# 2026-11-18 11:06:40 UTC
H=3600

# Settings are checked before anything is stored.
at 0
expect_rc 64 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org --set deadline=soon
one_line "$T/err"
contains "$T/err" "deadline=soon"
expect_rc 64 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org --set colour=red
contains "$T/err" "no such setting"
expect_rc 64 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org --set on_timeout=explode
contains "$T/err" "remind-only, pass, drop"
! db_made || fail "a refused game left a database"
ok

# Game 1: 48 hours a decision, a 12-hour grace, then the game passes.
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --set deadline=48 --set grace=12 --set on_timeout=pass
# The start player is drawn: P starts, Q follows.
P=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
Q=ada
[ "$P" = ada ] && Q=bo
expect_rc 0 "$ARBITER" game 1
contains "$T/out" "deadline=48 hours"
contains "$T/out" "$P: deadline 2026-11-20 11:06 UTC"
fresh
# Nothing before half the time; each rung once, however often remind runs.
at 23; "$ARBITER" remind --no-send --quiet; "$ARBITER" send --quiet
fresh; [ -s "$T/fresh" ] && fail "mail before half the time: $(cat "$T/fresh")"
ok
at 24; "$ARBITER" remind --quiet; "$ARBITER" remind --quiet
fresh
[ "$(wc -l <"$T/fresh")" -eq 1 ] || fail "half-time: $(cat "$T/fresh")"
contains "$T/fresh" "$P | [arbiter #1] Tigris & Euphrates: reminder: move 0, your turn"
# Both times (issue 22, defect 5): the deadline, and the timeout after the grace.
contains "$T/fresh" "Your deadline for this decision is 2026-11-20 11:06 UTC. If you have not moved by then, you get a notice, and at 2026-11-20 23:06 UTC (after a grace of 12 hours) the game plays for you: pass."
at 41; "$ARBITER" remind --quiet; fresh; [ -s "$T/fresh" ] && fail "early last call"
at 42; "$ARBITER" remind --quiet; "$ARBITER" remind --quiet; fresh
[ "$(wc -l <"$T/fresh")" -eq 1 ] || fail "last call: $(cat "$T/fresh")"
contains "$T/fresh" "This is the last reminder."
# The deadline: a notice to $P, the table told ($P not twice).
at 48; "$ARBITER" remind --quiet; "$ARBITER" remind --quiet; fresh
[ "$(to $P)" -eq 1 ] && [ "$(to $Q)" -eq 1 ] || fail "notice: $(cat "$T/fresh")"
contains "$T/fresh" "$P | [arbiter #1] Tigris & Euphrates: deadline passed: move 0, your turn"
contains "$T/fresh" "Unless you move first, at 2026-11-20 23:06 UTC the game plays for you: pass."
contains "$T/fresh" "$Q | [arbiter #1] Tigris & Euphrates: deadline passed"
contains "$T/fresh" "Unless $P moves first, at 2026-11-20 23:06 UTC the game plays the default move for $P"
# The grace: nothing until it is over, then the timeout, once.
at 59; "$ARBITER" remind --quiet; fresh; [ -s "$T/fresh" ] && fail "timeout before the grace ended"
ok
at 60
expect_rc 0 "$ARBITER" remind
contains "$T/out" "1 timeout played"
"$ARBITER" remind --quiet
"$ARBITER" log 1 >"$T/log"
[ "$(grep -c "$P: pass" "$T/log")" -eq 1 ] || fail "the timeout: $(cat "$T/log")"
ok
fresh
contains "$T/fresh" "$P | [arbiter #1] Tigris & Euphrates: deadline passed: move 1, waiting for $Q"
contains "$T/fresh" "The deadline for $P's decision passed: the game played the default for that seat"
contains "$T/fresh" "$Q | [arbiter #1] Tigris & Euphrates: deadline passed: move 1, your turn"
expect_rc 0 "$ARBITER" verify 1
# $Q's clock started with the timeout's move.
expect_rc 0 "$ARBITER" game 1
contains "$T/out" "$Q: deadline 2026-11-22 23:06 UTC"

# What remind reads: each seat's next event, kept by the move itself
# (P's none, Q's at half its time).
due=$(sql "SELECT name || '=' || due_at FROM seats WHERE game_id = 1 ORDER BY name" |
    tr '\n' ' ' | sed 's/ $//')
[ "$due" = "$(printf '%s\n%s\n' "$P=0" "$Q=$((T0 + 84 * H))" | sort | tr '\n' ' ' | sed 's/ $//')" ] ||
    fail "due times after the timeout: $due"
ok
# Half of Q's time is gone at hour 84 (sooner than the site's first reminder).
at 84; "$ARBITER" remind --quiet; fresh
[ "$(to $Q)" -eq 1 ] || fail "$Q's half-time reminder: $(cat "$T/fresh")"
contains "$T/fresh" "Your deadline for this decision is 2026-11-22 23:06 UTC"
# A move restarts the clock: $Q moves after its notice, no timeout follows.
at 108; "$ARBITER" remind --quiet; fresh
contains "$T/fresh" "$Q | [arbiter #1] Tigris & Euphrates: deadline passed"
at 110
expect_rc 0 "$ARBITER" move 1 $Q pass
at 121; "$ARBITER" remind --quiet
"$ARBITER" log 1 >"$T/log"
[ "$(grep -c "$Q: pass" "$T/log")" -eq 1 ] || fail "$Q's own move: $(cat "$T/log")"
ok
fresh
lacks "$T/fresh" "deadline passed"

# An absence pauses the clock: $P is away; a day already over is refused.
expect_rc 65 "$ARBITER" away 1 $P --until 2026-11-20
one_line "$T/err"
contains "$T/err" "that day is over"
expect_rc 64 "$ARBITER" away 1 $P --until 2026-02-30
contains "$T/err" "YYYY-MM-DD"
expect_rc 65 "$ARBITER" away 1 $P --until 2029-01-01
contains "$T/err" "up to 365 days"
expect_rc 65 "$ARBITER" away 1 $P --back
contains "$T/err" "$P was not away"
expect_rc 0 "$ARBITER" away 1 $P --until 2026-11-30
fresh
# One mail each: the other seat hears it, the seat itself in its own words.
[ "$(count 'is away')" -eq 1 ] || fail "the table was not told of the absence: $(cat "$T/fresh")"
contains "$T/fresh" "The game master noted that you are away until 2026-11-30"
contains "$T/fresh" "$P is away until 2026-11-30; reminders and deadlines for $P wait until then."
# While away: no rung at all, whatever the time.
at 250; "$ARBITER" remind --quiet; fresh; [ -s "$T/fresh" ] && fail "mail while away: $(cat "$T/fresh")"
ok
expect_rc 0 "$ARBITER" game 1
contains "$T/out" "$P: away until 2026-11-30 23:59 UTC"
# Back early: the absence paused the clock from hour 121 to hour 250, so
# the deadline of hour 158 moves to hour 287.
expect_rc 0 "$ARBITER" away 1 $P --back
fresh
[ "$(count 'is back')" -eq 1 ] || fail "the table was not told of the return"
contains "$T/fresh" "The game master noted that you are back"
expect_rc 0 "$ARBITER" game 1
contains "$T/out" "$P: deadline 2026-11-30 10:06 UTC"

# Sixteen remind runs racing at the timeout: one move.
at 300; "$ARBITER" remind --quiet; fresh
contains "$T/fresh" "deadline passed"
# Once the deadline passed, an absence no longer stops the timeout.
expect_rc 65 "$ARBITER" away 1 $P --until 2026-12-05
contains "$T/err" "has passed already"
at 312
i=0
while [ $i -lt 16 ]; do
	"$ARBITER" remind --quiet --no-send 2>>"$T/race-err" &
	i=$((i + 1))
done
wait
if grep -qv "busy" "$T/race-err"; then
	fail "racing remind runs: $(cat "$T/race-err")"
fi
at 313; "$ARBITER" remind --quiet --no-send
"$ARBITER" log 1 >"$T/log"
[ "$(grep -c "$P: pass" "$T/log")" -eq 2 ] || fail "racing timeouts: $(cat "$T/log")"
ok
expect_rc 0 "$ARBITER" verify 1
"$ARBITER" send --quiet
fresh

# Game 2: drop.  At the timeout the seat resigns.
at 0
expect_rc 0 "$ARBITER" new tigris --seat cy:cy@example.org --seat di:di@example.org \
    --seat ed:ed@example.org --set deadline=10 --set grace=0 --set on_timeout=drop
first=$("$ARBITER" show 2 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
at 10; "$ARBITER" remind --quiet
at 11; "$ARBITER" remind --quiet
"$ARBITER" log 2 >"$T/log"
contains "$T/log" "$first: resign"
fresh
contains "$T/fresh" "The deadline for $first's decision passed: the game dropped that seat"

# Game 3: remind-only.  The notice, then a reminder a day; never a move.
at 0
expect_rc 0 "$ARBITER" new tigris --seat fa:fa@example.org --seat gi:gi@example.org \
    --set deadline=4
at 4; "$ARBITER" remind --quiet; fresh 3
contains "$T/fresh" "The game keeps waiting for you; the table has been told."
at 20; "$ARBITER" remind --quiet; fresh 3; [ -s "$T/fresh" ] && fail "a reminder within the day"
ok
at 28; "$ARBITER" remind --quiet; fresh 3
[ "$(wc -l <"$T/fresh")" -eq 1 ] || fail "the daily reminder: $(cat "$T/fresh")"
contains "$T/fresh" "the game keeps waiting for you."
at 500; "$ARBITER" remind --quiet
expect_rc 0 "$ARBITER" log 3
lacks "$T/out" ": "

# Changed mid-game: game 3 now drops after a 1-hour grace.
expect_rc 64 "$ARBITER" game 3 --set grace=-1
one_line "$T/err"
fresh 3
expect_rc 0 "$ARBITER" game 3 --set on_timeout=drop --set grace=1
contains "$T/out" "on_timeout=drop"
# The table hears of a changed clock (issue 22, smaller items).
fresh 3
[ "$(to fa)" -eq 1 ] && [ "$(to gi)" -eq 1 ] || fail "the change was not told once to each: $(cat "$T/fresh")"
contains "$T/fresh" "The game master changed the game's clock. Now: deadline=4 hours a decision, grace=1, on_timeout=drop"
# Observers and the forum address are no clock: nobody is told of them.
expect_rc 0 "$ARBITER" game 3 --set observers=
fresh 3
[ ! -s "$T/fresh" ] || fail "mail about no change of the clock: $(cat "$T/fresh")"
ok
at 502; "$ARBITER" remind --quiet
expect_rc 0 "$ARBITER" log 3
contains "$T/out" "resign"
# The game is over now: its settings stay as they are.
expect_rc 65 "$ARBITER" game 3 --set grace=2
one_line "$T/err"
expect_rc 66 "$ARBITER" game 9

# By mail: "away until DATE" and "back", answered; a day over is refused.
at 0
expect_rc 0 "$ARBITER" new tigris --seat hu:hu@example.org --seat io:io@example.org \
    --set deadline=24
W=$("$ARBITER" show 4 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
reply "$W" away-past "away until 2026-11-01"
contains "$T/joined" "Not noted: away until 2026-11-01: that day is over"
expect_rc 0 "$ARBITER" game 4
lacks "$T/out" "away until"
reply "$W" away-ok "Hi,
away until 2026-11-25"
contains "$T/joined" "Noted: you are away until 2026-11-25; the table has been told."
expect_rc 0 "$ARBITER" game 4
contains "$T/out" "$W: away until 2026-11-25 23:59 UTC"
reply "$W" back "back"
contains "$T/joined" "Noted: you are back; the table has been told."
# An absence declared and ended at once gains nothing: the same deadline.
expect_rc 0 "$ARBITER" game 4
contains "$T/out" "$W: deadline 2026-11-19 11:06 UTC"

# Terra Mystica, drop: before the factions are chosen the game cannot
# drop a seat, so the timeout plays the default (the first faction);
# afterwards the faction leaves the game as the site drops one.
at 0
expect_rc 0 "$ARBITER" new terra --seat ja:ja@example.org --seat ko:ko@example.org \
    --set deadline=2 --set grace=0 --set on_timeout=drop
at 2; "$ARBITER" remind --quiet --no-send
at 3; "$ARBITER" remind --quiet --no-send
expect_rc 0 "$ARBITER" log 5
contains "$T/out" "setup alchemists"
at 5; "$ARBITER" remind --quiet --no-send
at 6; "$ARBITER" remind --quiet --no-send
at 8; "$ARBITER" remind --quiet --no-send
at 9; "$ARBITER" remind --quiet --no-send
expect_rc 0 "$ARBITER" log 5
contains "$T/out" "resign"
expect_rc 0 "$ARBITER" show 5
contains "$T/out" "(left the game)"
expect_rc 0 "$ARBITER" verify 5

# Warriors & Traders has no resignation: drop plays the default there too.
at 0
expect_rc 0 "$ARBITER" new warriors --seat la:la@example.org --seat mo:mo@example.org \
    --set deadline=2 --set grace=0 --set on_timeout=drop
expect_rc 65 "$ARBITER" move 6 la resign
contains "$T/err" "this edition has no rule for leaving the game"
at 2; "$ARBITER" remind --quiet --no-send
at 3; "$ARBITER" remind --quiet --no-send 2>"$T/err"
[ ! -s "$T/err" ] || fail "remind: $(cat "$T/err")"
expect_rc 0 "$ARBITER" log 6
[ -s "$T/out" ] || fail "no timeout was played in the Warriors game"
lacks "$T/out" "resign"
expect_rc 0 "$ARBITER" verify 6

# Vote: after the grace the others vote; more than half agreeing drops the
# seat at the next remind run.
at 0
expect_rc 0 "$ARBITER" new tigris --seat na:na@example.org --seat ob:ob@example.org \
    --seat pi:pi@example.org --set deadline=2 --set grace=1 --set on_timeout=vote
V=$("$ARBITER" show 7 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
others=$(printf 'na\nob\npi\n' | grep -v "^$V\$")
at 2; "$ARBITER" remind --quiet; fresh 7
contains "$T/fresh" "the other players vote whether to drop you from the game or to wait"
at 3; "$ARBITER" remind --quiet; fresh 7
[ "$(grep -c 'Vote by replying' "$T/fresh")" -eq 2 ] || fail "the vote was not opened: $(cat "$T/fresh")"
ok
[ "$(to "$V")" -eq 0 ] || fail "the seat voted on was asked to vote"
ok
n=0
for o in $others; do
	n=$((n + 1))
	reply "$o" "vote-$n" "agree"
done
contains "$T/joined" "more than half agree; $V is dropped"
at 3; "$ARBITER" remind --quiet
expect_rc 0 "$ARBITER" log 7
contains "$T/out" "$V: resign"
expect_rc 0 "$ARBITER" verify 7

# Refused by more than half: the game waits, with a reminder a day.
at 0
expect_rc 0 "$ARBITER" new tigris --seat qu:qu@example.org --seat ro:ro@example.org \
    --set deadline=2 --set grace=1 --set on_timeout=vote
V=$("$ARBITER" show 8 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
O=qu
[ "$V" = qu ] && O=ro
at 2; "$ARBITER" remind --quiet
at 3; "$ARBITER" remind --quiet
reply "$O" vote-r1 "refuse"
contains "$T/joined" "the game waits for $V"
newest_mail "$V"
contains "$T/joined" "the table voted to wait for $V"
at 20; "$ARBITER" remind --quiet
at 28; "$ARBITER" remind --quiet; fresh 8
contains "$T/fresh" "the game keeps waiting for you"
expect_rc 0 "$ARBITER" log 8
lacks "$T/out" "resign"

# No majority when the vote closes: the game waits.
at 0
expect_rc 0 "$ARBITER" new tigris --seat sa:sa@example.org --seat tu:tu@example.org \
    --set deadline=2 --set grace=1 --set on_timeout=vote
at 2; "$ARBITER" remind --quiet
at 3; "$ARBITER" remind --quiet; fresh 9
at 27; "$ARBITER" remind --quiet; fresh 9
contains "$T/fresh" "the vote closed without a majority to drop"
expect_rc 0 "$ARBITER" log 9
lacks "$T/out" "resign"
done_ok
