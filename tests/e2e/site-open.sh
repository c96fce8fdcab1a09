#!/bin/sh
# needs: tigris
# Games opened by mail to the site address: new (the sender in seat 1),
# open, join, leave, invite; the game starts, with its start mail to
# every seat, when its last seat is taken, and keeps the id it had.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
# Many addresses confirm themselves here: not a test of that cap.
export ARBITER_STRANGER_REPLIES_PER_HOUR=1000
SITE=games@example.org

# A site's database exists before mail comes (made here by a game at the
# shell, gone again: ids are never given twice, so the next is 2).
expect_rc 0 "$ARBITER" new tigris --seat x --seat y
expect_rc 0 "$ARBITER" delete 1 --yes

confirmed ada@example.org a1 'new tigris seats 2 title "Friday game"'
contains "$T/joined" "Game #2 of Tigris & Euphrates is open, for 2 players: you are ada, in seat 1; 1 seat is open to join"
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
# Invitees are asked: nobody is seated in a game before accepting it by a
# reply to the invitation mail (issue 28, defect 2).
confirmed cy@example.org c1 "new tigris seats 3
invite di di@example.org
invite ed ed@example.org"
contains "$T/joined" "di (di@example.org) is invited to game #4"
contains "$T/joined" "ed (ed@example.org) is invited to game #4"
# The opener hears where the table stands once the mail is read: how many
# seats, who is invited, how many are open to join.
contains "$T/joined" "Game #4 now: 3 seats: cy, di (invited), ed (invited). It starts"
# No blank lines pile up after the greeting.
grep -A1 '^Hello,$' "$T/text" | tail -1 | grep -q '^$' && [ "$(sed -n '/^Hello,$/{n;n;p;q}' "$T/text")" != "" ] ||
	fail "the answer's greeting: $(head -4 "$T/text")"
ok
expect_rc 66 "$ARBITER" show 4
to_site ada@example.org a1o "open"
newest_to ada@example.org
contains "$T/joined" "#4 Tigris & Euphrates: 3 of 3 seats taken (cy, di (invited), ed (invited))"
newest_to di@example.org
contains "$T/subject" "cy@example.org invites you to Tigris & Euphrates"
contains "$T/joined" "To accept, reply to this mail"
# Every seat, ed invited by the same mail too, and the table's size.
contains "$T/joined" "Seats: cy, di (invited), ed (invited); 3 in all."
# The footer's words stay whole lines.
grep -q "^for the commands this address takes)$" "$T/text" ||
	fail "the invitation's footer: $(tail -3 "$T/text")"
ok
grep -q '^games+i\.[0-9a-f]\{32\}@example\.org$' "$T/reply-to" || fail "invitation Reply-To: $(cat "$T/reply-to")"
ok
cp "$T/reply-to" "$T/di-invite"
# Someone else's reply accepts nothing.
to_site mallory@example.net m1 "yes" "$(cat "$T/di-invite")"
newest_to mallory@example.net
contains "$T/joined" "This invitation was not sent to your address; nothing was done."
to_site di@example.org d1 "Gladly!" "$(cat "$T/di-invite")"
newest_to di@example.org
contains "$T/joined" "You accepted: you are di at game #4."
contains "$T/joined" "Game #4 starts when ed accepts the invitation."
newest_to cy@example.org
contains "$T/joined" "di accepted the invitation. Seats: cy, di, ed (invited)."
expect_rc 66 "$ARBITER" show 4
# ed declines: the seat is open again, and the opener hears of it.
newest_to ed@example.org
to_site ed@example.org e1 "decline, sorry" "$(cat "$T/reply-to")"
newest_to ed@example.org
contains "$T/joined" "You declined the invitation to game #4."
newest_to cy@example.org
contains "$T/joined" "ed declined the invitation; the seat is open again"
expect_rc 66 "$ARBITER" show 4
# A player who joins is told to the others; the last seat starts the game.
confirmed fu@example.org fu0 "join 4"
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
# The opener is told who joined (issue 22, smaller items).
newest_to fay@example.org
contains "$T/joined" "gus joined. Seats: fay, gus. The game starts when its 1 open seat is taken."
confirmed hal@example.org h1 "open"
contains "$T/joined" "#$fid Tigris & Euphrates: 2 of 3 seats taken (fay, gus); options: board=alternative"
lacks "$T/joined" "[]"
lacks "$T/joined" '[["'
# The limit of games waiting for players counts every table of the
# address, however many other addresses opened tables since.
confirmed kim@example.org k1 "new tigris
new tigris
new tigris"
[ "$(grep -o "players: you are kim" "$T/joined" | wc -l)" -eq 3 ] || fail "kim's tables: $(cat "$T/joined")"
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
# The invite flood (issue 28, defect 2): one mail of ten new/invite pairs
# starts no game, and the address invited gets one invitation mail a day
# until it accepts one.
T0=1795000000
export ARBITER_NOW=$T0
# count_to ADDR: the mails in the Maildir to ADDR.
count_to() {
	grep -l "^To: .*<*$1>*\s*$" "$ARBITER_MAILDIR"/new/* | wc -l
}
confirmed vic@example.org v0 "help"
vic_before=$(count_to vic@example.org)
flood=""
i=0
while [ $i -lt 10 ]; do
	flood="$flood
new tigris seats 2
invite v vic@example.org"
	i=$((i + 1))
done
confirmed mal@example.org mal0 "$flood"
[ "$(grep -o "is invited to game" "$T/joined" | wc -l)" -le 3 ] || fail "the flood: $(cat "$T/joined")"
contains "$T/joined" "you have 3 games waiting for players already"
[ "$(sql "SELECT count(*) FROM games WHERE id IN (SELECT game_id FROM seats WHERE email = 'vic@example.org')")" -eq 0 ] ||
	fail "a game started with vic seated"
ok
vic_after=$(count_to vic@example.org)
[ $((vic_after - vic_before)) -eq 1 ] || fail "vic got $((vic_after - vic_before)) invitation mails"
ok
# The next day remind mails the next invitation, one a day.
export ARBITER_NOW=$((T0 + 12 * 3600))
"$ARBITER" remind --quiet
[ "$(count_to vic@example.org)" -eq "$vic_after" ] || fail "a second invitation within the day"
ok
export ARBITER_NOW=$((T0 + 25 * 3600))
expect_rc 0 "$ARBITER" remind
contains "$T/out" "1 invitation mailed"
"$ARBITER" remind --quiet
[ "$(count_to vic@example.org)" -eq $((vic_after + 1)) ] || fail "the next day's invitation"
ok
# New games and invitations per day are limited (arbiter.conf(5)).
export ARBITER_GAMES_PER_DAY=1 ARBITER_INVITATIONS_PER_DAY=1
confirmed lu@example.org lu0 "new tigris seats 3
invite v vic@example.org
invite di di@example.org
new tigris"
contains "$T/joined" "line 3: 'invite': you sent 1 invitations in the last 24 hours, the most this site allows (invitations_per_day)"
contains "$T/joined" "line 4: 'new': you opened 1 games in the last 24 hours, the most this site allows (games_per_day)"
unset ARBITER_GAMES_PER_DAY ARBITER_INVITATIONS_PER_DAY ARBITER_NOW
done_ok
