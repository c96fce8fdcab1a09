#!/bin/sh
# needs: warriors
# Warriors & Traders through the real binary: every order is judged when it
# is given, and every outcome is told (issue 23).  Three short games played
# from the start, each to the position a defect needs:
#   England: a lone illegal princess step (defect 1), a wrong reason
#     (defect 2), unification by presence and the held orders of a
#     manoeuvre told when they do not run (defect 5), one shift a turn and
#     the missing province of `build inf`.
#   France against Burgundy: a deal with no route told (defect 7); a
#     defender's bad retreat and over-strength split refused (defects 3, 4).
#   France with Double Strike: a held princess step in the seat's own view
#     and nowhere else, and run once (defect 6).
# A refused order exits 65 with one line naming the order (and its number,
# "command 2", when the submission has several) and its rule, and leaves
# the database as it was.
. "$(dirname "$0")/../e2e-lib.sh"

# refused GAME SEAT ORDERS MESSAGE: exit 65, the one line, nothing stored.
refused() {
	sum=$(dbsum)
	expect_rc 65 "$ARBITER" move "$1" "$2" "$3"
	one_line "$T/err"
	[ "$(cat "$T/err")" = "arbiter: $4" ] || fail "'$3': $(cat "$T/err"), not: $4"
	ok
	[ "$(dbsum)" = "$sum" ] || fail "the refused '$3' changed the database"
	ok
}

# newgame SEAT1 COUNTRY1 TRACKS1 SEAT2 COUNTRY2 TRACKS2: a game of two who
# choose their countries; its number in $id.
newgame() {
	expect_rc 0 "$ARBITER" new warriors --seat "$1:$1@example.org" \
	    --seat "$4:$4@example.org" --option countries=choose
	id=$(cat "$T/out")
	expect_rc 0 "$ARBITER" move "$id" "$1" "country $2"
	expect_rc 0 "$ARBITER" move "$id" "$4" "country $5"
	expect_rc 0 "$ARBITER" move "$id" "$1" "tracks $3"
	expect_rc 0 "$ARBITER" move "$id" "$4" "tracks $6"
}

# ---- England (ann) against Burgundy (bob)
newgame ann ENG '1 0 2' bob BUR '1 1 1'
refused "$id" ann 'build inf' \
    "build: name the piece and the province: 'build <inf|arc|cav|fort> <province>'"
refused "$id" ann 'build cav LON; shift production to trade; shift trade to military' \
    'command 3: shift: one shift a turn (5.7); this submission already has one'
expect_rc 0 "$ARBITER" move "$id" ann 'build cav LON'
expect_rc 0 "$ARBITER" move "$id" bob 'pass; pass'
expect_rc 0 "$ARBITER" move "$id" ann 'build inf LON'
# Defect 1: EAN holds barbarians and no battle of this submission is there.
refused "$id" ann 'princess LON-EAN' \
    'princess LON-EAN: EAN holds barbarians; a princess steps only into a province of yours or a free one (6.15)'
# Defect 2: the one rule broken, not two guesses.
refused "$id" ann 'princess LON-NTH' \
    'princess LON-NTH: LON does not border NTH; a princess steps to a neighbour (6.15)'
expect_rc 0 "$ARBITER" moves "$id" ann
contains "$T/out" "move cav LON-EAN"
# With the battle at EAN in the same submission the step is held for it.
expect_rc 0 "$ARBITER" move "$id" ann 'move cav LON-EAN; move inf LON-KEN; princess LON-EAN'
contains "$T/out" "ENG: princess LON-EAN"
contains "$T/out" "ENG takes EAN"
expect_rc 0 "$ARBITER" show "$id"
grep -q "^     KEN Kent        free " "$T/out" || fail "KEN is not free"
ok
expect_rc 0 "$ARBITER" move "$id" ann pass
expect_rc 0 "$ARBITER" move "$id" ann 'build arc LON'
expect_rc 0 "$ARBITER" move "$id" bob 'pass; pass'
expect_rc 0 "$ARBITER" move "$id" ann 'build inf EAN'
# Defect 5: a unification held for the battles runs in the order written,
# after the step before it; when it fails, the report says why and names
# the step after it, which did not run.
expect_rc 0 "$ARBITER" move "$id" ann 'move arc LON-WES; move inf EAN-NTH; move cav EAN-MER;
princess LON-KEN; unify; build fort LON; princess EAN-NTH'
contains "$T/out" "ENG: princess LON-KEN"
contains "$T/out" "ENG: unify not applied: you must control every province of England, and NTH"
contains "$T/out" "ENG: princess EAN-NTH not run: an order before it failed; send it again"
contains "$T/out" "the rest of your manoeuvre (princess, unify, done)"
# NTH is free now: the step makes it England's, by presence, before the
# unification that follows it in the same submission.
expect_rc 0 "$ARBITER" move "$id" ann 'princess EAN-NTH; unify; develop trade'
contains "$T/out" "ENG unifies England: 6 provinces, 7 actions"
contains "$T/out" "ENG: (unification) develop trade"

# ---- France (cy) against Burgundy (dee)
newgame cy FRA '1 1 1' dee BUR '1 1 1'
expect_rc 0 "$ARBITER" move "$id" cy 'build arc PAR'
expect_rc 0 "$ARBITER" move "$id" dee 'build arc DIJ; build inf DIJ'
expect_rc 0 "$ARBITER" move "$id" cy 'build inf PAR'
expect_rc 0 "$ARBITER" move "$id" cy 'move arc PAR-CHA; move inf PAR-CHA'
expect_rc 0 "$ARBITER" move "$id" dee 'move arc DIJ-CHN; move inf DIJ-CHN'
# Defect 7: BUR's deal with no route is void, and the report says so.
expect_rc 0 "$ARBITER" move "$id" dee 'deal fra give 1 food get 1 gold'
expect_rc 0 "$ARBITER" move "$id" cy pass
contains "$T/out" "BUR: deal FRA give 1 food get 1 gold: void, no trade route between BUR and"
expect_rc 0 "$ARBITER" move "$id" cy 'build arc CHA'
expect_rc 0 "$ARBITER" move "$id" dee 'build arc CHN; build arc CHN'
expect_rc 0 "$ARBITER" move "$id" cy 'build inf CHA'
expect_rc 0 "$ARBITER" move "$id" cy 'move arc CHA-LOR'
expect_rc 0 "$ARBITER" move "$id" dee done
expect_rc 0 "$ARBITER" move "$id" cy pass
expect_rc 0 "$ARBITER" move "$id" dee pass
expect_rc 0 "$ARBITER" move "$id" cy 'declare war bur'
expect_rc 0 "$ARBITER" move "$id" dee 'pass; pass'
expect_rc 0 "$ARBITER" move "$id" cy 'build arc LOR'
expect_rc 0 "$ARBITER" move "$id" cy 'move 2 arc LOR-CHN'
contains "$T/out" "BUR must send its split"
# Defect 4: three archers have strength 6.
refused "$id" dee 'damage CHN 7 arc' \
    'damage CHN 7 arc: it gives 7 damage, and the strength at CHN is 6 (6.6)'
refused "$id" dee 'damage CHN 2 cav' 'damage CHN 2 cav: FRA has no cav at CHN'
# Defect 3: PAR neither borders CHN nor is BUR's.
refused "$id" dee 'damage CHN 2 arc; retreat CHN to PAR' \
    'command 2: retreat CHN to PAR: PAR does not border CHN; units retreat to a neighbour (6.11)'
refused "$id" dee 'retreat CHN to DIJ' \
    'retreat CHN to DIJ: without Commander (military IV) your units that must retreat die instead (6.11)'
expect_rc 0 "$ARBITER" move "$id" dee 'damage CHN 2 arc, 4 arc'
contains "$T/out" "BUR: damage CHN 2 arc, 4 arc"
contains "$T/out" "FRA: arc 2:retreats, arc 4:killed"

# ---- France (eve) with Double Strike against Burgundy (fay)
newgame eve FRA '0 0 3' fay BUR '1 1 1'
expect_rc 0 "$ARBITER" move "$id" eve 'develop military; develop military'
expect_rc 0 "$ARBITER" move "$id" fay 'pass; pass'
expect_rc 0 "$ARBITER" move "$id" eve 'develop military; build cav PAR'
expect_rc 0 "$ARBITER" move "$id" fay 'pass; pass'
# Defect 6: the step waits for the Double Strike battles, in eve's view only.
expect_rc 0 "$ARBITER" move "$id" eve 'move cav PAR-PIC; princess PAR-PIC'
contains "$T/out" "your Double Strike manoeuvre"
lacks "$T/out" "princess PAR-PIC"
expect_rc 0 "$ARBITER" show "$id" --as eve
contains "$T/out" "held until your battles are over: princess PAR-PIC"
expect_rc 0 "$ARBITER" show "$id" --as eve --format json
grep -A1 '"pending": \[' "$T/out" | grep -q '"princess PAR-PIC"' ||
	fail "the JSON view's pending orders lack the step"
ok
expect_rc 0 "$ARBITER" show "$id" --as fay
lacks "$T/out" "princess PAR-PIC"
expect_rc 0 "$ARBITER" show "$id"
lacks "$T/out" "princess PAR-PIC"
expect_rc 0 "$ARBITER" move "$id" eve 'move cav PIC-NOR'
[ "$(grep -c "FRA: princess PAR-PIC" "$T/out")" -eq 1 ] || fail "the held step did not run once"
ok
expect_rc 0 "$ARBITER" show "$id"
grep -q "^     PIC Picardy     FRA   F2       pri1 " "$T/out" || fail "no princess in PIC"
ok
expect_rc 0 "$ARBITER" verify "$id"
done_ok
