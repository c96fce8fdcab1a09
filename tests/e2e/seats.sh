#!/bin/sh
# needs: tigris
# The game master changes who holds a seat: a substitute takes it over
# (new name, address and password; its screen mailed to it alone; the
# table told), a player moves to a new address, a seat is renamed.  Reply
# addresses mailed before stop acting for the seat.
. "$(dirname "$0")/../e2e-lib.sh"

# A seed that has ada start, so her old reply address would be in turn.
export ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
first=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
[ "$first" = ada ] || fail "the seed no longer has ada start: $first"
newest_mail ada || fail "no start mail to ada"
cp "$T/reply-to" "$T/ada-reply-to"

# Malformed requests change nothing.
before=$(dbsum)
expect_rc 64 "$ARBITER" seat 1 ada --address not-an-address
one_line "$T/err"
expect_rc 64 "$ARBITER" seat 1 ada --name bo
contains "$T/err" "already named bo"
expect_rc 64 "$ARBITER" seat 1 ada --replace 'c y:cy@example.org'
expect_rc 64 "$ARBITER" seat 1 9 --name cy
expect_rc 64 "$ARBITER" seat 1 ada
expect_rc 64 "$ARBITER" seat 1 ada --replace cy:cy@example.org --name cy
expect_rc 66 "$ARBITER" seat 7 ada --name cy
# Names that are not text, or could pass for another seat's, are refused
# in one line that does not echo them.
for bad in "$(printf 'a\377')" "$(printf 'a\302\240b')" "$(printf '\342\200\256ada')" \
    "$(printf 'ad\342\200\213a')" -1 --x; do
	expect_rc 64 "$ARBITER" seat 1 ada --name "$bad"
	one_line "$T/err"
done
expect_rc 64 "$ARBITER" new tigris --seat "$(printf 'x\377')":x@example.org --seat y:y@example.org
one_line "$T/err"
expect_rc 64 "$ARBITER" new tigris --seat x:x@example.org --seat y:y@example.org --title "$(printf 't\377')"
one_line "$T/err"
# A title too long is refused whole, not cut (a cut could split a character).
long=$(printf 'é%.0s' $(seq 64))
expect_rc 64 "$ARBITER" new tigris --seat x:x@example.org --seat y:y@example.org --title "$long"
contains "$T/err" "a title is at most 127 bytes, not 128"
# An export's title is judged as new's is.
expect_rc 0 "$ARBITER" export 1 --private
cp "$T/out" "$T/export.json"
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["title"]="a\r\nBcc: x@evil.example"; json.dump(d, open(sys.argv[2], "w"))' \
    "$T/export.json" "$T/bad-export.json"
expect_rc 65 "$ARBITER" import "$T/bad-export.json"
contains "$T/err" "a title may not hold line breaks"
expect_rc 64 "$ARBITER" import --title "$long" "$T/export.json"
contains "$T/err" "--title: a title is at most 127 bytes"
[ "$(dbsum)" = "$before" ] || fail "a refused seat change changed the database"
ok

# A substitute: cy takes over ada's seat.
expect_rc 0 "$ARBITER" seat 1 ada --replace cy:cy@example.org
contains "$T/out" "seat 1 is cy <cy@example.org>"
newest_mail cy || fail "no mail to the substitute"
contains "$T/joined" "You now hold seat 1 (cy) of this game, taking over from ada."
contains "$T/joined" "the seat's new password is"
contains "$T/mail" "Behind your screen"
pw=$(sed -n 's/.*the seat.s new password is \([a-z2-7]*\).*/\1/p' "$T/joined")
[ ${#pw} -eq 16 ] || fail "no password in the substitute's mail: $(cat "$T/joined")"
ok
newest_mail bo || fail "no mail to bo"
contains "$T/joined" "cy takes over seat 1 from ada."
# The player replaced hears of it, at its own address (issue 22, smaller items).
newest_to ada@example.org || fail "no mail to the player replaced"
contains "$T/subject" "you no longer hold seat 1"
contains "$T/joined" "The game master handed your seat 1 (ada) of this game to cy."
lacks "$T/text" "$pw"
lacks "$T/text" "Behind your screen"
lacks "$T/mail" "cy@example.org"
lacks "$T/mail" "$pw"
# The password and the screen are in cy's mail only, and in no file but the queue's.
grep -rl "$pw" "$ARBITER_MAILDIR" >"$T/with-pw"
[ "$(wc -l <"$T/with-pw")" -eq 1 ] || fail "the password is in $(cat "$T/with-pw")"
ok
expect_rc 0 "$ARBITER" show 1
contains "$T/out" "cy"
lacks "$T/out" "ada"

# ada's old reply address no longer acts for the seat.
printf 'From: ada <ada@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <old-1@example.org>\n\npass\n' \
    "$(cat "$T/ada-reply-to")" | "$ARBITER" mail
expect_rc 0 "$ARBITER" log 1
lacks "$T/out" "pass"
ok

# cy plays by replying to its own mail.
newest_mail cy
printf 'From: cy <cy@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <cy-1@example.org>\n\npass\n' \
    "$(cat "$T/reply-to")" | "$ARBITER" mail
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "cy: pass"

# ada's mail to her old address makes no mail to cy, who did not write it.
before_n=$(ls "$ARBITER_MAILDIR/new" | wc -l)
printf 'From: ada <ada@example.org>\nReturn-Path: <ada@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <old-2@example.org>\n\nsay hello\n' \
    "$(cat "$T/ada-reply-to")" | "$ARBITER" mail 2>/dev/null
[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq "$before_n" ] || fail "ada's stale mail made mail"
ok

# Mail queued to a seat before it changes hands never reaches the old holder.
"$ARBITER" move --no-send 1 bo pass >/dev/null 2>&1 || "$ARBITER" move --no-send 1 cy pass >/dev/null 2>&1
queued=$(sql "SELECT count(*) FROM outbox WHERE sent_at = 0 AND rcpt = 'bo@example.org'")
[ "$queued" -gt 0 ] || fail "nothing queued to bo"
expect_rc 0 "$ARBITER" seat 1 bo --replace bea:bea@example.org --no-send
left=$(sql "SELECT count(*) FROM outbox WHERE sent_at = 0 AND rcpt = 'bo@example.org' AND seat >= 0")
[ "$left" -eq 0 ] || fail "$left mails still queued to the old holder"
# ... but the notice that the seat is no longer its, which holds no screen.
[ "$(sql "SELECT count(*) FROM outbox JOIN outbox_body USING (id) WHERE sent_at = 0 AND rcpt = 'bo@example.org' AND $(sql_text message) NOT LIKE '%Behind your screen%'")" -eq 1 ] ||
	fail "the old holder is not told, or told its screen"
ok
expect_rc 0 "$ARBITER" send
[ "$(grep -c "bo@example.org" "$T/out")" -eq 1 ] || fail "mail to the old holder: $(cat "$T/out")"
ok
expect_rc 0 "$ARBITER" seat 1 bea --replace bo:bo@example.org

# A new address for the same player: mail goes there, the table hears nothing.
expect_rc 0 "$ARBITER" seat 1 bo --address bo@new.example.org
newest_mail bo || fail "no mail to bo"
contains "$T/joined" "its mail now goes to this address"
python3 - "$ARBITER_MAILDIR/new" <<'PY' || fail "the address change was not mailed to the new address only"
import email, email.policy, os, sys
box = sys.argv[1]
newest = max((os.path.join(box, n) for n in os.listdir(box)), key=lambda p: int(p.rsplit("_", 1)[1]))
m = email.message_from_binary_file(open(newest, "rb"), policy=email.policy.default)
sys.exit(0 if m["To"].addresses[0].addr_spec == "bo@new.example.org" else 1)
PY
ok

# A new name: the table is told.
expect_rc 0 "$ARBITER" seat 1 bo --name bob
newest_mail cy
contains "$T/joined" "seat 2, bo, is now called bob."
expect_rc 0 "$ARBITER" verify 1
done_ok
