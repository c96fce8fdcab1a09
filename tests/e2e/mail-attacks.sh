#!/bin/sh
# needs: tigris
# Hostile and broken inbound mail: forged senders, wrong, truncated,
# cross-game and replayed tokens, stale serials (also after undo), header
# injection, oversized and deeply nested messages, a 1 MB submission, the
# messages that used to make `mail` exit 75 for ever, backscatter and
# password guessing.  Each is refused or ignored with a clear answer to
# the right address only, `mail` exits 0, and the games are unchanged
# where nothing should change.  Time and memory of the big ones are
# printed (measured, never asserted as times).
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
expect_rc 0 "$ARBITER" new tigris --seat cid:cid@example.org --seat dee:dee@example.org
seats="ann ben"

# games_sum: a digest of everything a game is (not the mail bookkeeping).
games_sum() {
	dbsum games seats moves snapshots
}
# An answer: a reply, or the mail of a move a mail applied, which says so
# on top (the mover gets one mail, not the move's and an answer).
ANSWER="(kind = 'reply' OR $(sql_text message) LIKE '%Your move was applied%')"
replies() {
	sql "SELECT count(*) FROM outbox JOIN outbox_body USING (id) WHERE $ANSWER"
}
# replies_to ADDR: answers queued to ADDR
replies_to() {
	sql "SELECT count(*) FROM outbox JOIN outbox_body USING (id) WHERE $ANSWER AND rcpt = '$1'"
}
# last_reply: the newest answer: its To, then its text with the lines joined
last_reply() {
	sql "SELECT $(sql_text message) FROM outbox JOIN outbox_body USING (id) WHERE $ANSWER ORDER BY id DESC LIMIT 1" |
		/usr/bin/python3 -c 'import email,email.policy,sys; m=email.message_from_string(sys.stdin.read(), policy=email.policy.default); print(m["To"]); print(" ".join(m.get_body(preferencelist=("plain",)).get_content().split()))'
}
awaited() {
	for s in $seats; do
		if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then echo "$s"; return; fi
	done
}
idx_of() {
	[ "$1" = ben ] && echo 1 || echo 0
}
# reply_to GAME IDX: the newest reply address of that seat (highest serial)
reply_to() {
	"$ARBITER" send --quiet >/dev/null 2>&1
	grep -h -i "^Reply-To:.*games+g$1\.s$2\." "$ARBITER_MAILDIR"/new/* |
		sed 's/.*<\(.*\)>.*/\1/' | awk -F. '{ print substr($3, 2) " " $0 }' |
		sort -n | tail -1 | cut -d' ' -f2
}
# mail_rc CODE FILE: deliver FILE, require exit CODE and no empty stderr line
mail_rc() {
	expect_rc "$1" "$ARBITER" mail --no-send <"$2"
	if grep -q '^arbiter: *$' "$T/err" || grep -q ': $' "$T/err"; then
		fail "an error line with nothing after it: $(cat "$T/err")"
	fi
}
# measure LABEL FILE: deliver FILE under /usr/bin/time and print what it took
measure() {
	/usr/bin/time -f "%e %M" -o "$T/time" "$ARBITER" mail --no-send <"$2" >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq 0 ] || fail "$1: mail exited $rc: $(cat "$T/err")"
	read -r secs kb <"$T/time"
	echo "measured: $1 ($(wc -c <"$2") bytes): ${secs}s, ${kb} KB maximum resident"
	ok
}

s=$(awaited)
i=$(idx_of "$s")
to=$(reply_to 1 "$i")
[ -n "$to" ] || fail "no reply address for $s"
good=$(head -1 "$T/moves")
sum=$(games_sum)

# A From address proves nothing: a seat's address without a token moves nothing
# and, with another envelope sender, is not answered at all.
n=$(replies)
printf 'Return-Path: <eve@evil.example>\nFrom: %s@example.org\nTo: games@example.org\nMessage-ID: <forged-from@evil.example>\n\n%s\n' \
	"$s" "$good" >"$T/m"
mail_rc 0 "$T/m"
contains "$T/err" "not answered"
[ "$(replies)" -eq "$n" ] || fail "a forged From was answered"
[ "$(games_sum)" = "$sum" ] || fail "a forged From changed a game"
ok

# Wrong, truncated, cross-game tokens: nothing moves; the sender (envelope
# sender = From) hears why.
tag=${to#games+}
tag=${tag%@example.org}
for bad in "games+g1.s$i.n1.aaaaaaaaaaaaaaaaaaaa@example.org" \
	"games+$(echo "$tag" | cut -c1-20)@example.org" \
	"games+$(echo "$tag" | sed 's/^g1\./g2./')@example.org" \
	"games+$(echo "$tag" | sed "s/\.s$i\./.s$((1 - i))./")@example.org"; do
	printf 'Return-Path: <eve@evil.example>\nFrom: eve@evil.example\nTo: %s\nMessage-ID: <bad-%s@evil.example>\n\n%s\n' \
		"$bad" "$(echo "$bad" | tr -c 'a-z0-9\n' x)" "$good" >"$T/m"
	mail_rc 0 "$T/m"
	[ "$(games_sum)" = "$sum" ] || fail "token $bad changed a game"
	last_reply >"$T/reply"
	contains "$T/reply" "eve@evil.example"
	contains "$T/reply" "was not accepted"
done
ok

# A legal move whose Message-ID has no '@': applied, answered, exit 0 (it
# used to be committed and then exit 75, and the retry swallowed).
n=$(replies_to "$s@example.org")
printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <no-at-sign>\n\n%s\n' \
	"$s" "$s" "$to" "$good" >"$T/legal"
mail_rc 0 "$T/legal"
[ "$("$ARBITER" log 1 | wc -l)" -eq 1 ] || fail "the legal move was not applied"
[ "$(replies_to "$s@example.org")" -eq $((n + 1)) ] || fail "the legal move was not answered"
# Delivered again (the MTA's retry): no second move, no second answer.
mail_rc 0 "$T/legal"
[ "$("$ARBITER" log 1 | wc -l)" -eq 1 ] || fail "a retried mail moved again"
[ "$(replies_to "$s@example.org")" -eq $((n + 1)) ] || fail "a retried mail was answered again"
ok

# The old reply address is stale now; and after undo it must not come back.
sum=$(games_sum)
sed 's/<no-at-sign>/<stale-1@example.org>/' "$T/legal" >"$T/m"
mail_rc 0 "$T/m"
[ "$(games_sum)" = "$sum" ] || fail "a stale reply address changed a game"
last_reply >"$T/reply"
contains "$T/reply" "has moved on"
expect_rc 0 "$ARBITER" undo --force 1
[ "$("$ARBITER" log 1 | wc -l)" -eq 0 ] || fail "undo"
sum=$(games_sum)
sed 's/<no-at-sign>/<after-undo@example.org>/' "$T/legal" >"$T/m"
mail_rc 0 "$T/m"
[ "$(games_sum)" = "$sum" ] || fail "a reply address from before undo moved again"
last_reply >"$T/reply"
contains "$T/reply" "has moved on"
ok

# Header injection: CR and LF hidden in the display name and the subject
# never reach an outgoing header, and the name is not echoed.
printf 'Return-Path: <eve@evil.example>\nFrom: =?utf-8?q?Eve=0D=0ABcc=3A_victim=40third.example?= <eve@evil.example>\nSubject: =?utf-8?q?hi=0D=0ABcc=3A_victim=40third.example?=\nTo: games@example.org\nMessage-ID: <inject-1@evil.example>\n\nhello\n' >"$T/m"
mail_rc 0 "$T/m"
sql "SELECT $(sql_hex message) FROM outbox_body" >"$T/outbox.hex"
[ -s "$T/outbox.hex" ] || fail "no mail queued"
/usr/bin/python3 - "$T/outbox.hex" <<'PY' || fail "an outgoing header holds injected text"
import sys
for row in open(sys.argv[1]):
    m = bytes.fromhex(row.strip())
    head = bytes(m).split(b"\r\n\r\n", 1)[0]
    for line in head.split(b"\r\n"):
        assert not line.lower().startswith(b"bcc"), line
        assert b"victim" not in line, line
    assert b"\r\n\r\n" in bytes(m)
    body = bytes(m).split(b"\r\n\r\n", 1)[1]
    assert b"victim" not in body, "the sender's name was echoed"
PY
ok

# Big and deep messages are not read, only answered from their header.
s=$(awaited)
i=$(idx_of "$s")
to=$(reply_to 1 "$i")
sum=$(games_sum)
hdr=$(printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nSubject: Re: move\nMIME-Version: 1.0' "$s" "$s" "$to")
/usr/bin/python3 - "$T" "$hdr" <<'PY'
import sys
t, hdr = sys.argv[1], sys.argv[2].replace("\n", "\r\n")
with open(t + "/big", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <big@example.org>\r\nContent-Type: text/plain\r\n\r\n").encode())
    line = b"x" * 76 + b"\r\n"
    for _ in range(50 * 1024 * 1024 // 78):
        f.write(line)
with open(t + "/parts", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <parts@example.org>\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n").encode())
    for _ in range(10000):
        f.write(b"--b\r\nContent-Type: application/octet-stream\r\n\r\nxx\r\n")
    f.write(b"--b\r\nContent-Type: text/plain\r\n\r\npass\r\n--b--\r\n")
with open(t + "/deep", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <deep@example.org>\r\n").encode())
    n = 50000
    for i in range(n):
        f.write(("Content-Type: multipart/mixed; boundary=\"b%d\"\r\n\r\n--b%d\r\n" % (i, i)).encode())
    f.write(b"Content-Type: text/plain\r\n\r\npass\r\n")
    for i in reversed(range(n)):
        f.write(("--b%d--\r\n" % i).encode())
with open(t + "/huge", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <huge@example.org>\r\n\r\n").encode())
    chunk = b"y" * 1024 * 1024
    for _ in range(70):
        f.write(chunk)
with open(t + "/tobomb", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <tobomb@example.org>\r\nCc: ").encode())
    f.write(", ".join("a%d@b.example" % i for i in range(600000)).encode())
    f.write(b"\r\n\r\npass\r\n")
with open(t + "/headers", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <headers@example.org>\r\n").encode())
    for i in range(500000):
        f.write(b"X-Filler-%d: v\r\n" % i)
    f.write(b"\r\npass\r\n")
with open(t + "/submission", "wb") as f:
    f.write((hdr + "\r\nMessage-ID: <submission@example.org>\r\n\r\n").encode())
    for _ in range(1024 * 1024 // 5):
        f.write(b"pass\n")
PY
measure "a 50 MB message" "$T/big"
last_reply >"$T/reply"
contains "$T/reply" "$s@example.org"
contains "$T/reply" "not read: it is larger than 10 MB"
measure "10,000 MIME parts" "$T/parts"
last_reply >"$T/reply"
contains "$T/reply" "more than 1000 MIME parts"
measure "50,000-deep MIME nesting" "$T/deep"
last_reply >"$T/reply"
contains "$T/reply" "more than 64 multipart sections"
measure "a 70 MB message" "$T/huge"
last_reply >"$T/reply"
contains "$T/reply" "larger than 10 MB"
measure "a 9 MB Cc header" "$T/tobomb"
last_reply >"$T/reply"
contains "$T/reply" "$s@example.org"
contains "$T/reply" "header is larger than 256 KB"
measure "500,000 header lines" "$T/headers"
last_reply >"$T/reply"
contains "$T/reply" "header is larger than 256 KB"
measure "a 1 MB submission" "$T/submission"
last_reply >"$T/reply"
contains "$T/reply" "not applied: the submission is 10"
[ "$(games_sum)" = "$sum" ] || fail "a big or deep message changed a game"
ok

# What used to exit 75 for ever: odd Message-IDs and senders, each handled.
long=$(head -c 300 /dev/zero | tr '\0' a)
for h in "From: eve@evil.example\nMessage-ID: <no-at-again>" \
	"From: eve@evil.example\nMessage-ID: <$long@evil.example>" \
	"From: \"eve smith\"@evil.example\nReturn-Path: <\"eve smith\"@evil.example>" \
	"From: eve@[127.0.0.1]\nReturn-Path: <eve@[127.0.0.1]>"; do
	printf "$h\nTo: games@example.org\nSubject: hi\n\nhello\n" >"$T/m"
	mail_rc 0 "$T/m"
	[ -s "$T/err" ] && one_line "$T/err"
done
[ "$(games_sum)" = "$sum" ] || fail "odd senders changed a game"
ok

# Backscatter: 50 mails naming no seat, forged from 26 third parties with
# another envelope sender, are answered to nobody; 50 whose envelope
# sender is their From get at most stranger_replies_per_hour answers.
n=$(replies)
k=0
while [ $k -lt 50 ]; do
	printf 'Return-Path: <bulk@spammer.example>\nFrom: victim%d@third%d.example\nTo: games@example.org\nMessage-ID: <spoof-%d@spammer.example>\n\nhello\n' \
		$((k % 26)) $((k % 26)) $k >"$T/m"
	mail_rc 0 "$T/m"
	k=$((k + 1))
done
[ "$(replies)" -eq "$n" ] || fail "$(( $(replies) - n )) answers went to third parties"
ARBITER_NOW=$(( $(date +%s) + 7200 ))
export ARBITER_NOW
k=0
while [ $k -lt 50 ]; do
	printf 'Return-Path: <p%d@senders.example>\nFrom: p%d@senders.example\nTo: games@example.org\nMessage-ID: <cap-%d@senders.example>\n\nhello\n' \
		$k $k $k >"$T/m"
	mail_rc 0 "$T/m"
	k=$((k + 1))
done
[ "$(replies)" -eq $((n + 10)) ] || fail "$(( $(replies) - n )) answers to unproven senders in an hour, not 10"
ok

# Password mail: answered at the seat's address, never the sender's; wrong
# passwords are limited per game; the database holds no password in clear.
ARBITER_NOW=$((ARBITER_NOW + 7200))
s=$(awaited)
pw=$(grep -l "^To: \"$s\"" "$ARBITER_MAILDIR"/new/* | xargs grep -h "^  password: " | head -1 | awk '{print $2}')
[ -n "$pw" ] || fail "no password in $s's start mail"
[ "$(sql "SELECT count(*) FROM seats WHERE lower(password) LIKE lower('%$pw%') OR lower(password) NOT LIKE '\$pbkdf2-sha256\$%'")" -eq 0 ] ||
	fail "the seats hold a password in clear"
cmd=$(head -1 "$T/moves")
sum=$(games_sum)
k=0
while [ $k -lt 5 ]; do
	printf 'Return-Path: <guess@evil.example>\nFrom: guess@evil.example\nTo: games@example.org\nMessage-ID: <guess-%d@evil.example>\n\ngame: 1\npassword: guess%d\n%s\n' \
		$k $k "$cmd" >"$T/m"
	mail_rc 0 "$T/m"
	k=$((k + 1))
done
last_reply >"$T/reply"
contains "$T/reply" "password does not belong to any seat of game #1"
# The sixth try within the hour is refused even with the right password.
printf 'Return-Path: <guess@evil.example>\nFrom: guess@evil.example\nTo: games@example.org\nMessage-ID: <guess-right@evil.example>\n\ngame: 1\npassword: %s\n%s\n' \
	"$pw" "$cmd" >"$T/m"
mail_rc 0 "$T/m"
last_reply >"$T/reply"
contains "$T/reply" "no password mail until"
[ "$(games_sum)" = "$sum" ] || fail "password guessing changed a game"
# An hour later the right password from another address moves, and the
# answer goes to the seat's own address.
ARBITER_NOW=$((ARBITER_NOW + 3601))
n=$(replies_to "guess@evil.example")
printf 'Return-Path: <guess@evil.example>\nFrom: guess@evil.example\nTo: games@example.org\nMessage-ID: <pw-right@evil.example>\n\ngame: 1\npassword: %s\n%s\n' \
	"$pw" "$cmd" >"$T/m"
mail_rc 0 "$T/m"
[ "$(games_sum)" != "$sum" ] || fail "the right password did not move"
[ "$(replies_to "guess@evil.example")" -eq "$n" ] || fail "a password mail was answered at its sender's address"
last_reply >"$T/reply"
contains "$T/reply" "$s@example.org"
contains "$T/reply" "Your move was applied"
ok
# A NUL byte in the text of a reply: the mail is answered, nothing of it is
# applied (not the part before the NUL, which a C string would keep).
s=$(awaited)
[ -n "$s" ] || fail "nobody awaited"
cmd=$(head -1 "$T/moves")
to=$(reply_to 1 "$(idx_of "$s")")
sum=$(games_sum)
{ printf 'Return-Path: <%s@example.org>\nFrom: %s <%s@example.org>\nTo: %s\nMessage-ID: <nul-1@example.org>\n\n' \
	"$s" "$s" "$s" "$to"; printf '%s\000 then garbage\n' "$cmd"; } >"$T/m"
mail_rc 0 "$T/m"
[ "$(games_sum)" = "$sum" ] || fail "a reply with a NUL byte moved"
last_reply >"$T/reply"
contains "$T/reply" "line 1 of its text holds a NUL byte"
contains "$T/reply" "nothing was applied"
done_ok
