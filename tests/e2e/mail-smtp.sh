#!/bin/sh
# needs: tigris
# Mail against a real SMTP server on 127.0.0.1 (Debian's python3-aiosmtpd):
# a game's mail arrives, each seat's mail holds its own hand and no other,
# mail queued while the server is down arrives exactly once when it is back,
# and replies by mail are moves: applied once, stale, forged, automatic.
. "$(dirname "$0")/../e2e-lib.sh"

SMTPD="$ROOT/tests/mail/smtpd.py"
start_smtpd() {
	rm -rf "$T/smtp.$1"
	mkdir -p "$T/smtp.$1"
	/usr/bin/python3 "$SMTPD" "$T/smtp.$1" --lifetime 300 &
	SMTPD_PID=$!
	i=0
	while [ ! -s "$T/smtp.$1/port" ]; do
		sleep 0.1
		i=$((i + 1))
		[ $i -lt 100 ] || fail "the SMTP server did not start"
	done
	export ARBITER_SMTP_URL="smtp://127.0.0.1:$(cat "$T/smtp.$1/port")"
}
stop_smtpd() {
	kill "$SMTPD_PID" 2>/dev/null
	wait "$SMTPD_PID" 2>/dev/null
}
# mail_with TEXT DIR: the decoded mails in DIR whose body holds TEXT, one file name a line
mail_with() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import email, email.policy, glob, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[2], "*.eml"))):
    m = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
    if sys.argv[1] in m.get_body(preferencelist=("plain",)).get_content():
        print(path)
PY
}
trap 'stop_smtpd; cleanup' EXIT
export ARBITER_FROM=games@example.org

start_smtpd a
export ARBITER_TEST_SEED=abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org \
	--seat cat:cat@example.org --title "Mail game"
unset ARBITER_TEST_SEED
seats="ann ben cat"

awaited() {
	for s in $seats; do
		if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then echo "$s"; return; fi
	done
}
play() {	# play N submissions on the command line
	k=0
	while [ $k -lt "$1" ]; do
		s=$(awaited)
		c=$(sed -n "$(( (k * 7 + 3) % $(wc -l <"$T/moves") + 1 ))p" "$T/moves")
		"$ARBITER" move 1 "$s" "$c" >/dev/null 2>"$T/err" || fail "move '$c': $(cat "$T/err")"
		k=$((k + 1))
	done
}
play 6
# 3 start mails + 6 moves x 3 seats, all delivered right after each move.
[ "$(ls "$T/smtp.a"/*.eml | wc -l)" -eq 21 ] || fail "expected 21 mails, got $(ls "$T/smtp.a"/*.eml | wc -l)"
ok

# Each seat's newest mail holds its own hand and nobody else's.
for s in $seats; do
	"$ARBITER" show 1 --as "$s" | grep '^  Hand:' >"$T/hand.$s"
done
/usr/bin/python3 - "$T/smtp.a" "$T" $seats <<'PY' || fail "privacy of mail"
import email, email.policy, glob, os, sys
box, tmp, seats = sys.argv[1], sys.argv[2], sys.argv[3:]
hands = {s: open(os.path.join(tmp, "hand." + s)).read().strip() for s in seats}
newest = {}
for path in sorted(glob.glob(os.path.join(box, "*.eml"))):
    m = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
    rcpt = open(path[:-4] + ".env").read().split("\n")[1]
    to = rcpt.split("@")[0]
    assert m["To"].addresses[0].username == to, "envelope and To differ"
    assert m["Reply-To"].addresses[0].username.startswith("games+g1.s%d." % seats.index(to))
    assert m["Subject"].startswith("[arbiter #1] Mail game: move ")
    assert m["Message-ID"] and (m["In-Reply-To"] or "start" in path or True)
    newest[to] = m.get_body(preferencelist=("plain",)).get_content()
for s in seats:
    assert hands[s] in newest[s], "%s's mail lacks its hand" % s
    for o in seats:
        if o != s and hands[o] != hands[s]:
            assert hands[o] not in newest[s], "%s's mail holds %s's hand" % (s, o)
PY
ok

# The server goes away: mail stays queued, and `send` defers it: exit 75,
# try again later, said even with --quiet.
stop_smtpd
play 3
expect_rc 75 "$ARBITER" send
contains "$T/out" "deferred"
expect_rc 75 env ARBITER_NOW=$(( $(date +%s) + 3600 )) "$ARBITER" send --quiet
contains "$T/out" "send: 0 sent, 1 deferred"
contains "$T/out" "deferred mail "
# Back again (on a new port): every queued mail arrives exactly once.
start_smtpd b
ARBITER_NOW=$(( $(date +%s) + 7200 )) "$ARBITER" send >"$T/out" || fail "send"
contains "$T/out" "0 still queued"
[ "$(ls "$T/smtp.b"/*.eml | wc -l)" -eq 9 ] || fail "expected 9 mails after the outage, got $(ls "$T/smtp.b"/*.eml | wc -l)"
ARBITER_NOW=$(( $(date +%s) + 9000 )) "$ARBITER" send >/dev/null
[ "$(ls "$T/smtp.b"/*.eml | wc -l)" -eq 9 ] || fail "a mail was sent twice"
cat "$T"/smtp.a/*.eml "$T"/smtp.b/*.eml | grep -i '^Message-ID:' | sort | uniq -d >"$T/dups"
[ ! -s "$T/dups" ] || fail "duplicate Message-IDs: $(cat "$T/dups")"
ok

# A reply by mail is a move.  Find the awaited seat's newest Reply-To.
s=$(awaited)
idx=0; for x in $seats; do [ "$x" = "$s" ] && break; idx=$((idx + 1)); done
reply_to=$(grep -h -i "^Reply-To:.*games+g1\.s$idx\." "$T"/smtp.b/*.eml | tail -1 | sed 's/.*<\(.*\)>.*/\1/')
[ -n "$reply_to" ] || fail "no Reply-To for $s"
cmd=$(head -1 "$T/moves")
n_before=$("$ARBITER" log 1 | wc -l)
cat >"$T/in.eml" <<MAIL
From: $s <$s@example.org>
To: $reply_to
Subject: Re: your move
Message-ID: <reply-1@example.org>
Content-Type: text/plain; charset=utf-8

$cmd

On Sat, 21 Nov 2026, arbiter wrote:
> tile red A1
-- 
$s
MAIL
expect_rc 0 "$ARBITER" mail <"$T/in.eml"
[ "$("$ARBITER" log 1 | wc -l)" -eq $((n_before + 1)) ] || fail "the mailed move was not applied"
"$ARBITER" log --format json 1 | grep -q '"source": "mail"' || fail "the move is not logged as mail"
[ -n "$(mail_with "Your move was applied" "$T/smtp.b")" ] || fail "no reply to the mailed move"
# The same message again: not applied twice, not answered twice.
replies=$(grep -l "Auto-Submitted: auto-replied" "$T"/smtp.b/*.eml | wc -l)
expect_rc 0 "$ARBITER" mail <"$T/in.eml"
[ "$("$ARBITER" log 1 | wc -l)" -eq $((n_before + 1)) ] || fail "a duplicate Message-ID was applied"
[ "$(grep -l "Auto-Submitted: auto-replied" "$T"/smtp.b/*.eml | wc -l)" -eq "$replies" ] || fail "duplicate answered"
# The same token with a new Message-ID is stale now: answered, nothing applied.
sed 's/reply-1@/reply-2@/' "$T/in.eml" >"$T/stale.eml"
before=$(dbsum)
expect_rc 0 "$ARBITER" mail --no-send <"$T/stale.eml"
expect_rc 0 "$ARBITER" send
[ -n "$(mail_with "has moved on" "$T/smtp.b")" ] || fail "no stale answer"
# A forged token: not accepted, nothing applied; answered at the envelope
# sender, which is the From address here (the MTA adds Return-Path).
forged=$(echo "$reply_to" | sed 's/\.[a-z2-7]*@/.aaaaaaaaaaaaaaaaaaaa@/')
sed -e "s/^To: .*/To: $forged/" -e 's/reply-1@/reply-3@/' -e "1i Return-Path: <$s@example.org>" \
	"$T/in.eml" >"$T/forged.eml"
n_log=$("$ARBITER" log 1 | wc -l)
expect_rc 0 "$ARBITER" mail <"$T/forged.eml"
[ "$("$ARBITER" log 1 | wc -l)" -eq "$n_log" ] || fail "a forged token moved"
[ -n "$(mail_with "belong to any seat" "$T/smtp.b")" ] || fail "no answer to the forged mail"
# An auto-reply gets no answer at all.
count=$(ls "$T"/smtp.b/*.eml | wc -l)
sed -e 's/reply-1@/reply-4@/' -e '/^Subject/a Auto-Submitted: auto-replied' "$T/in.eml" >"$T/auto.eml"
expect_rc 0 "$ARBITER" mail <"$T/auto.eml"
[ "$(ls "$T"/smtp.b/*.eml | wc -l)" -eq "$count" ] || fail "an auto-reply was answered"
ok

# Reminders: only the awaited seat, once per interval, then the table.
s=$(awaited)
now=$(date +%s)
ARBITER_NOW=$((now + 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "0 reminders, 0 table notices"
ARBITER_NOW=$((now + 49 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "1 reminder, 0 table notices"
ARBITER_NOW=$((now + 50 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "0 reminders, 0 table notices"
ARBITER_NOW=$((now + 74 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "1 reminder, 0 table notices"
ARBITER_NOW=$((now + 99 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "1 reminder, 1 table notice queued"
mail_with "has been waiting for you" "$T/smtp.b" | xargs grep -h '^To:' | sort -u >"$T/reminded"
[ "$(wc -l <"$T/reminded")" -eq 1 ] && grep -q "<$s@example.org>" "$T/reminded" || fail "reminders went to $(cat "$T/reminded")"
ok

# "away until" pauses the seat's reminders and tells the table.
idx=0; for x in $seats; do [ "$x" = "$s" ] && break; idx=$((idx + 1)); done
reply_to=$(grep -h -i "^Reply-To:.*games+g1\.s$idx\." "$T"/smtp.b/*.eml | tail -1 | sed 's/.*<\(.*\)>.*/\1/')
until=$(date -u -d "@$((now + 20 * 86400))" +%Y-%m-%d)
printf 'From: %s@example.org\nTo: %s\nMessage-ID: <away-1@example.org>\nSubject: away\n\naway until %s\n' \
	"$s" "$reply_to" "$until" >"$T/away.eml"
ARBITER_NOW=$((now + 100 * 3600)) "$ARBITER" mail <"$T/away.eml" || fail "away mail"
[ -n "$(mail_with "is away until $until" "$T/smtp.b")" ] || fail "the table was not told of the absence"
[ -n "$(mail_with "Noted: you are away until $until" "$T/smtp.b")" ] || fail "no answer to the absence"
ARBITER_NOW=$((now + 150 * 3600)) "$ARBITER" remind >"$T/out" || fail "remind"
contains "$T/out" "0 reminders, 0 table notices"
ok
done_ok
