#!/bin/sh
# needs: tigris
# Games opened by mail to the site address: new (the sender in seat 1),
# open, join, leave, invite; the game starts, with its start mail to
# every seat, when its last seat is taken, and keeps the id it had.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
SITE=games@example.org

# confirmed ADDR ID BODY: ADDR sends BODY, confirming itself when asked
confirmed() {
	to_site "$1" "$2" "$3"
	newest_to "$1" || fail "no answer to $1"
	if grep -q "confirm your address" "$T/subject"; then
		to_site "$1" "$2-c" "ok" "$(cat "$T/reply-to")"
		newest_to "$1"
	fi
}

# A site's database exists before mail comes (made here by a game at the
# shell, gone again: ids are never given twice, so the next is 2).
expect_rc 0 "$ARBITER" new tigris --seat x --seat y
expect_rc 0 "$ARBITER" delete 1 --yes

confirmed ada@example.org a1 'new tigris seats 2 title "Friday game"'
contains "$T/joined" "Game #2 of Tigris & Euphrates is open: you are ada, in seat 1; 1 seat is left"
expect_rc 66 "$ARBITER" show 2
confirmed bo@example.org b1 "open"
contains "$T/joined" '#2 Tigris & Euphrates "Friday game": 1 of 2 seats taken (ada)'
to_site bo@example.org b2 "join 2 as bob"
newest_to bo@example.org
contains "$T/joined" "Every seat of game #2 is taken: it starts now"
expect_rc 0 "$ARBITER" show 2
contains "$T/out" "Friday game"
for a in ada bo; do
	python3 - "$ARBITER_MAILDIR/new" "$a@example.org" <<'PY' || fail "no start mail to $a"
import email, email.policy, os, sys
box, addr = sys.argv[1:3]
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if m["To"].addresses[0].addr_spec == addr and "begins" in m.get_body(preferencelist=("plain",)).get_content() \
       and "+g2.s" in str(m["Reply-To"]):
        sys.exit(0)
sys.exit(1)
PY
	ok
done
expect_rc 0 "$ARBITER" verify 2

# Invitees must have written to the site themselves: a stranger is not
# mailed games it never asked for.
confirmed cy@example.org c0 "new tigris seats 3
invite di di@example.org"
contains "$T/joined" "line 2: 'invite': di@example.org has not written to this site"
to_site cy@example.org c0x "leave 3"
confirmed di@example.org d0 "help"
confirmed ed@example.org e0 "help"
# Invitees: the game starts at once, with the next id.
confirmed cy@example.org c1 "new tigris seats 3
invite di di@example.org
invite ed ed@example.org"
contains "$T/joined" "Every seat of game #4 is taken"
expect_rc 0 "$ARBITER" show 4
contains "$T/out" "di"

# Mistakes are answered and change nothing.
to_site ada@example.org a2 "new chess
new tigris seats 9
new tigris board=moon
join 99
leave 2
new tigris
join 5
leave 5
open"
newest_to ada@example.org
contains "$T/joined" "line 1: 'new': name the game"
contains "$T/joined" "line 2: 'new': Tigris & Euphrates is for 2 to 4 players"
contains "$T/joined" "line 3: 'new':"
contains "$T/joined" "line 4: 'join 99': no game #99 is waiting for players"
contains "$T/joined" "line 5: 'leave 2': no game #2 is waiting for players"
contains "$T/joined" "Game #5 of Tigris & Euphrates is open"
contains "$T/joined" "line 7: 'join 5': ada@example.org has a seat at game #5 already"
contains "$T/joined" "You left game #5; nobody is left, so it is closed"
contains "$T/joined" "No game waits for players"
# A file option names a file on the site's machine: not by mail.
to_site ada@example.org a2m "new terra map=/etc/passwd
new terra map-id=95a66999127893f5925a5f591d54f8bcb9a670e6"
newest_to ada@example.org
contains "$T/joined" "line 1: 'new': the option map is read from a file on the site's machine, which only its game master can name"
contains "$T/joined" "line 2: 'new': map-id: the game is on the site's map 95a66999127893f5925a5f591d54f8bcb9a670e6"
! grep -q "root:" "$T/joined" || fail "a file of the site's machine was read for a mail"
ok

# A site that opens games only for its players.
export ARBITER_OPEN_SIGNUP=0
confirmed zed@example.net z1 "new tigris"
contains "$T/joined" "opens games by mail only for addresses that already play here"
to_site ada@example.org a3 "new tigris"
newest_to ada@example.org
contains "$T/joined" "Game #6 of Tigris & Euphrates is open"

# Hostile names, long lines, text that is not ASCII, too many tables.
unset ARBITER_OPEN_SIGNUP
long=$(printf '%0320d' 0)
to_site bo@example.org b3 "join 6 as p:q
join 6 as x@example.org
new tigris title $long
Vielen Dank für die Partie, ich freue mich sehr auf eine Rückrunde und grüße alle"
newest_to bo@example.org
contains "$T/joined" "line 1: 'join 6': a seat name may not hold ':', '@'"
contains "$T/joined" "line 2: 'join 6': a seat name may not hold"
contains "$T/joined" "line 3 is longer than 299 bytes; it was not read."
contains "$T/joined" "line 4: 'Vielen Dank für die Partie, ich freue mich sehr auf eine R...' is not a command"
to_site ada@example.org a4 "new tigris
new tigris
new tigris"
newest_to ada@example.org
contains "$T/joined" "line 3: 'new': you have 3 games waiting for players already"
# A first mail in German is confirmed and answered like any other.
to_site ute@example.org u1 "open
Schöne Grüße"
newest_to ute@example.org
contains "$T/subject" "confirm your address"
to_site ute@example.org u2 "ok" "$(cat "$T/reply-to")"
newest_to ute@example.org
contains "$T/joined" "Your address is confirmed"
contains "$T/joined" "line 2: 'Schöne Grüße' is not a command"
# `open` names every seat taken and says the options in words.
confirmed fay@example.org f1 "new tigris seats 3 board=alternative"
fid=$(sed -n 's/.*Game #\([0-9]*\) of Tigris.*/\1/p' "$T/joined")
[ -n "$fid" ] || fail "fay's game: $(cat "$T/joined")"
confirmed gus@example.org g1 "join $fid"
contains "$T/joined" "You are gus at game #$fid."
confirmed hal@example.org h1 "open"
contains "$T/joined" "#$fid Tigris & Euphrates: 2 of 3 seats taken (fay, gus); options: board=alternative"
lacks "$T/joined" "[]"
lacks "$T/joined" '[["'
# The limit of games waiting for players counts every table of the
# address, however many other addresses opened tables since.
export ARBITER_STRANGER_REPLIES_PER_HOUR=100
confirmed kim@example.org k1 "new tigris
new tigris
new tigris"
[ "$(grep -o "is open: you are kim" "$T/joined" | wc -l)" -eq 3 ] || fail "kim's tables: $(cat "$T/joined")"
ok
i=0
while [ $i -lt 17 ]; do
	i=$((i + 1))
	confirmed "o$i@example.org" "o$i" "new tigris
new tigris
new tigris"
done
[ "$(sql "SELECT count(*) FROM tables")" -gt 51 ] || fail "fewer tables than meant"
ok
to_site kim@example.org k2 "new tigris"
newest_to kim@example.org
contains "$T/joined" "line 1: 'new': you have 3 games waiting for players already"
done_ok
