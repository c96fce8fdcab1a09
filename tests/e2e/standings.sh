#!/bin/sh
# needs: tigris
# Standings: `arbiter standings [GAME]` and the mail command "standings":
# per player, games played and won per game, and a Glicko-2 rating,
# updated when a game ends by its rules (not when it is abandoned); the
# end mail says each player's new rating.  And "rematch ID" to the site
# address: the same seats, options and clock, the sender seated and every
# other seat invited by mail.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org ARBITER_STRANGER_REPLIES_PER_HOUR=100
SITE=games@example.org

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --option board=alternative --set deadline=48 --set grace=6 --set on_timeout=pass
expect_rc 0 "$ARBITER" standings
contains "$T/out" "No game has been rated yet."
# bo resigns: ada wins.
expect_rc 0 "$ARBITER" move 1 bo resign
expect_rc 0 "$ARBITER" standings
contains "$T/out" "Tigris & Euphrates:"
# name played won rating: ada won her first game and gained, bo lost his.
line() { awk -v n="$1" '$1 == n { print $2, $3, ($4 > 1500 ? "up" : $4 < 1500 ? "down" : "same") }' "$T/out"; }
[ "$(line ada)" = "1 1 up" ] || fail "ada's standing: $(cat "$T/out")"
ok
[ "$(line bo)" = "1 0 down" ] || fail "bo's standing: $(cat "$T/out")"
ok
# Best first.
[ "$(sed -n 3p "$T/out" | awk '{print $1}')" = ada ] || fail "not best first: $(cat "$T/out")"
ok
# Two equal players, one game: what one gains the other loses.
r_ada=$(sed -n 's/^  ada .*  \([0-9]*\) (deviation.*/\1/p' "$T/out")
r_bo=$(sed -n 's/^  bo .*  \([0-9]*\) (deviation.*/\1/p' "$T/out")
[ $((r_ada + r_bo)) -eq 3000 ] || fail "ratings $r_ada and $r_bo do not balance"
ok
# The end mail says each player's new rating.
newest_mail ada
contains "$T/mail" "Ratings (Glicko-2, Tigris & Euphrates) after this game:"
contains "$T/joined" "ada $r_ada (+$((r_ada - 1500))), 1 played, 1 won"
contains "$T/joined" "bo $r_bo (-$((1500 - r_bo))), 1 played, 0 won"
# JSON, and one game's standings only.
expect_rc 0 "$ARBITER" --format json standings tigris
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d)==2 and d[0]["name"]=="ada" and d[0]["won"]==1 and d[0]["game"]=="tigris", d' "$T/out" ||
	fail "the JSON standings: $(cat "$T/out")"
ok
# Ratings and deviations to a tenth, as printed: no float noise.
grep -E '"(rating|rd)": -?[0-9]+(\.[0-9])?,?$' "$T/out" >/dev/null &&
	! grep -E '"(rating|rd)": -?[0-9]+\.[0-9]{2}' "$T/out" >/dev/null ||
	fail "ratings not to a tenth: $(grep -E '"(rating|rd)"' "$T/out")"
ok
expect_rc 0 "$ARBITER" standings terra
contains "$T/out" "No game of terra has been rated yet."
expect_rc 64 "$ARBITER" standings chess
one_line "$T/err"
# An abandoned game is not rated.
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
expect_rc 0 "$ARBITER" abandon 2
expect_rc 0 "$ARBITER" standings
grep -q "^  ada  *1  *1 " "$T/out" || fail "an abandoned game was rated: $(cat "$T/out")"
ok

# By mail, to the site address.
to_site ada@example.org s1 "standings"
newest_to ada@example.org
to_site ada@example.org s2 "ok" "$(cat "$T/reply-to")"
newest_to ada@example.org
contains "$T/text" "Tigris & Euphrates:"
contains "$T/joined" "ada 1 1 $r_ada (deviation"

# Rematch: ada asks for game 1 again; bo is invited, and accepts.
to_site ada@example.org m1 "rematch 1"
newest_to ada@example.org
contains "$T/joined" "Game #3, a rematch of game #1, is open: you are ada; the others are invited by mail (bo)."
expect_rc 66 "$ARBITER" show 3
newest_to bo@example.org
contains "$T/subject" "ada@example.org invites you to Tigris & Euphrates"
contains "$T/joined" "Options: board=alternative."
contains "$T/joined" "Deadlines: deadline=48 hours a decision, grace=6, on_timeout=pass"
to_site bo@example.org m2 "Yes, revenge!" "$(cat "$T/reply-to")"
newest_to bo@example.org
contains "$T/joined" "Every seat of game #3 is taken: it starts now"
expect_rc 0 "$ARBITER" show 3
contains "$T/out" "alternative"
expect_rc 0 "$ARBITER" game 3
contains "$T/out" "deadline=48 hours a decision, grace=6, on_timeout=pass"
expect_rc 0 "$ARBITER" export 3
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [s["name"] for s in d["seats"]]==["ada","bo"], d["seats"]' "$T/out" ||
	fail "the rematch's seats"
ok
# Only a player of a finished game may ask for its rematch.
to_site bo@example.org m3 "rematch 3
rematch 99"
newest_to bo@example.org
contains "$T/joined" "line 1: 'rematch 3': the game is still running"
contains "$T/joined" "line 2: 'rematch 99': there is no game #99"
to_site cy@example.org m4 "rematch 1"
newest_to cy@example.org
to_site cy@example.org m5 "ok" "$(cat "$T/reply-to")"
newest_to cy@example.org
contains "$T/joined" "line 1: 'rematch 1': you held no seat in that game"
done_ok
