#!/bin/sh
# needs: tigris
# A mail acts exactly once.  16 deliveries of the same message at the same
# moment (an MTA retry, two overlapping fetch runs) apply one move and
# queue one answer, round after round; 16 different messages answering one
# reply address race on one game and exactly one of them moves, the rest
# are answered as stale; a password mail without a Message-ID delivered 16
# times at once is one move, and one that proves no seat is answered
# once.  Every key is recorded once.
. "$(dirname "$0")/../e2e-lib.sh"

ROUNDS=${MAIL_ONCE_ROUNDS:-50}
RACES=${MAIL_ONCE_RACES:-10}
N=16
export ARBITER_FROM=games@example.org
export ARBITER_REPLIES_PER_HOUR=10000	# every answer is counted here, none capped
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
seats="ann ben"

awaited() {
	for s in $seats; do
		if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then echo "$s"; return; fi
	done
}
# reply_to SEAT: SEAT's newest reply address (the highest serial).
reply_to() {
	idx=0; [ "$1" = ben ] && idx=1
	grep -h -i "^Reply-To:.*games+g1\.s$idx\." "$ARBITER_MAILDIR"/new/* |
		sed 's/.*<\(.*\)>.*/\1/' | awk -F. '{ print substr($3, 2) " " $0 }' |
		sort -n | tail -1 | cut -d' ' -f2
}
moves_now() {
	"$ARBITER" log 1 | wc -l
}
# burst FILE...: deliver each file to `arbiter mail` at once; every exit status must be 0.
burst() {
	: >"$T/codes"
	for f in "$@"; do
		( "$ARBITER" mail --no-send <"$f" >/dev/null 2>>"$T/burst.err"; echo $? >>"$T/codes" ) &
	done
	wait
	[ "$(sort -u "$T/codes")" = "0" ] || fail "mail exited $(sort -u "$T/codes" | tr '\n' ' '): $(cat "$T/burst.err")"
}

# Each mail says "pass": legal for both actions of a Tigris turn, so a
# mail applied twice shows as two moves.
# One message, 16 deliveries at once, many rounds.
r=1
while [ $r -le "$ROUNDS" ]; do
	s=$(awaited)
	[ -n "$s" ] || break	# the game ended
	to=$(reply_to "$s")
	cmd=pass
	before=$(moves_now)
	printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <once-%d@example.org>\nSubject: Re: move\n\n%s\n' \
		"$s" "$s" "$to" "$r" "$cmd" >"$T/m"
	set --
	k=0
	while [ $k -lt $N ]; do set -- "$@" "$T/m"; k=$((k + 1)); done
	burst "$@"
	[ "$(moves_now)" -eq $((before + 1)) ] || fail "round $r: $(( $(moves_now) - before )) moves from one message"
	[ "$(sql "SELECT count(*) FROM inbound WHERE message_id = 'once-$r@example.org'")" -eq 1 ] ||
		fail "round $r: the Message-ID was recorded more than once"
	[ "$(sql "SELECT count(*) FROM moves WHERE message_id = 'once-$r@example.org'")" -eq 1 ] ||
		fail "round $r: the Message-ID is on more than one move"
	# The answer: the mover's mail of the move, in reply to its mail.
	[ "$(sql "SELECT count(*) FROM outbox JOIN outbox_body USING (id) WHERE $(sql_text message) LIKE '%In-Reply-To: <once-$r@example.org>%'")" -eq 1 ] ||
		fail "round $r: not exactly one answer"
	"$ARBITER" send --quiet || fail "send"
	r=$((r + 1))
	ok
done
[ $r -gt 10 ] || fail "only $r rounds were played"

# 16 different messages answering the same reply address, at once.
r=1
while [ $r -le "$RACES" ]; do
	s=$(awaited)
	[ -n "$s" ] || break
	to=$(reply_to "$s")
	cmd=pass
	before=$(moves_now)
	set --
	k=0
	while [ $k -lt $N ]; do
		printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <race-%d-%d@example.org>\nSubject: Re: move\n\n%s\n' \
			"$s" "$s" "$to" "$r" "$k" "$cmd" >"$T/m.$k"
		set -- "$@" "$T/m.$k"
		k=$((k + 1))
	done
	burst "$@"
	[ "$(moves_now)" -eq $((before + 1)) ] || fail "race $r: $(( $(moves_now) - before )) moves from one reply address"
	[ "$(sql "SELECT count(*) FROM inbound WHERE message_id LIKE 'race-$r-%'")" -eq $N ] ||
		fail "race $r: not every message was recorded once"
	[ "$(sql "SELECT count(*) FROM inbound WHERE message_id LIKE 'race-$r-%' AND result = 'applied'")" -eq 1 ] ||
		fail "race $r: not exactly one message applied"
	[ "$(sql "SELECT count(*) FROM inbound WHERE message_id LIKE 'race-$r-%' AND result = 'stale'")" -eq $((N - 1)) ] ||
		fail "race $r: the others were not all answered as stale"
	[ "$(sql "SELECT count(*) FROM outbox JOIN outbox_body USING (id) WHERE $(sql_text message) LIKE '%In-Reply-To: <race-$r-%'")" -eq $N ] ||
		fail "race $r: not one answer per message"
	"$ARBITER" send --quiet || fail "send"
	r=$((r + 1))
	ok
done

# A password mail without a Message-ID, delivered 16 times at once, and
# again later: one move, one answer.  It comes on a turn's first action,
# so a second "pass" would be legal.
s=$(awaited)
[ -n "$s" ] || fail "the game ended too soon for the password test"
if "$ARBITER" show 1 | grep -q "Waiting for $s: action 2 of 2"; then
	"$ARBITER" move --no-send 1 "$s" pass >/dev/null || fail "pass"
	s=$(awaited)
fi
"$ARBITER" show 1 | grep -q "Waiting for $s: action 1 of 2" || fail "not a turn's first action"
pw=$(grep -l "^To: \"$s\"" "$ARBITER_MAILDIR"/new/* | xargs grep -h "^  password: " | head -1 | awk '{print $2}')
[ -n "$pw" ] || fail "no password in $s's start mail"
cmd=pass
before=$(moves_now)
printf 'Return-Path: <%s@elsewhere.example>\nFrom: %s@elsewhere.example\nTo: games@example.org\nSubject: my move\nDate: Mon, 23 Nov 2026 10:00:00 +0000\n\ngame: 1\npassword: %s\n%s\n' \
	"$s" "$s" "$pw" "$cmd" >"$T/pw"
set --
k=0
while [ $k -lt $N ]; do set -- "$@" "$T/pw"; k=$((k + 1)); done
burst "$@"
[ "$(moves_now)" -eq $((before + 1)) ] || fail "a password mail without Message-ID moved $(( $(moves_now) - before )) times"
expect_rc 0 "$ARBITER" mail --no-send <"$T/pw"
[ "$(moves_now)" -eq $((before + 1)) ] || fail "a redelivered password mail moved again"
[ "$(sql "SELECT count(*) FROM outbox JOIN outbox_body USING (id) WHERE rcpt = '$s@example.org' AND $(sql_text message) LIKE '%was applied as move $((before + 1)) %'")" -eq 1 ] ||
	fail "the password mail was not answered exactly once, at the seat's address"
ok

# A mail that proves no seat (a wrong password), delivered 16 times at
# once: one answer at its sender's address, one wrong password counted,
# one key.  (Its answer is written before the write lock; the check of
# its key inside the lock is what keeps it to one.)
failures=$(sql "SELECT count(*) FROM auth_failures")
printf 'Return-Path: <eve@elsewhere.example>\nFrom: eve@elsewhere.example\nTo: games@example.org\nSubject: my move\nMessage-ID: <wrong-pw@elsewhere.example>\n\ngame: 1\npassword: not-a-password\npass\n' >"$T/eve"
set --
k=0
while [ $k -lt $N ]; do set -- "$@" "$T/eve"; k=$((k + 1)); done
burst "$@"
expect_rc 0 "$ARBITER" mail --no-send <"$T/eve"
[ "$(sql "SELECT count(*) FROM outbox WHERE rcpt = 'eve@elsewhere.example'")" -eq 1 ] ||
	fail "a mail that proves no seat was not answered exactly once"
[ "$(sql "SELECT count(*) FROM auth_failures")" -eq $((failures + 1)) ] ||
	fail "a wrong password delivered $N times at once was counted $(( $(sql "SELECT count(*) FROM auth_failures") - failures )) times"
[ "$(sql "SELECT count(*) FROM inbound WHERE message_id LIKE '%wrong-pw@elsewhere.example%'")" -eq 1 ] ||
	fail "the key of a mail that proves no seat was not recorded once"
ok
done_ok
