#!/bin/sh
# needs: tigris
# Replies as people write them: a greeting above the commands, thanks and
# "Sent from my iPhone" below them.  arbiter reads the commands from the
# top, skips what comes before the first one, stops at the first line
# after them that is not a command, and tells the sender which lines it
# did not read.  A mail without any command gets the legal commands.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org

# awaited: the seat the game waits for now
awaited() {
	"$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p'
}

# send SEAT ID BODY: mail BODY from SEAT to the reply address of its newest mail
send() {
	newest_mail "$1" || fail "no mail to $1"
	printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <%s@example.org>\nContent-Type: text/plain; charset=utf-8\n\n%s\n' \
	    "$1" "$1" "$(cat "$T/reply-to")" "$2" "$3" | "$ARBITER" mail >"$T/out" 2>"$T/err" ||
		fail "arbiter mail failed: $(cat "$T/err")"
	ok
	newest_mail "$1" || fail "no answer to $1"
}

# A greeting and a sign-off around one command: the command is played, the
# answer names the lines it did not read.
s1=$(awaited)
[ -n "$s1" ] || fail "show names nobody awaited"
send "$s1" greeting "Hi arbiter,

pass

Thanks!
Sent from my iPhone"
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "$s1: pass"
contains "$T/mail" 'Not read as commands: "Hi arbiter,", "Thanks!", "Sent from my'
contains "$T/mail" 'iPhone".'
# Subjects by kind: the answer and the news say whose turn it is.
contains "$T/subject" "Tigris & Euphrates: move 1, waiting for "
newest_mail "$(awaited)" || fail "no mail to the next seat"
contains "$T/subject" "Tigris & Euphrates: move 1, your turn"

# Reading stops at the first line after the commands that is not one: the
# second "pass" below it is never played (played, it would make the whole
# mail illegal, since the turn has passed by then).
s2=$(awaited)
[ "$s2" != "$s1" ] || fail "the turn did not pass"
send "$s2" stop "pass
Cheers, and here is my plan:
pass"
"$ARBITER" log 1 >"$T/log"
[ "$(grep -c ": pass" "$T/log")" -eq 2 ] || fail "expected two passes: $(cat "$T/log")"
ok
contains "$T/mail" 'Not read as commands: "Cheers, and here is my plan:", "pass".'

# No command at all: nothing changes, the answer lists the legal commands
# and the lines it read.
s3=$(awaited)
before=$(dbsum)
send "$s3" nothing "Hello, what can I do now?"
contains "$T/mail" "Your mail held no commands."
contains "$T/mail" 'Not read as commands: "Hello, what can I do now?".'
contains "$T/mail" "Your legal commands now"
"$ARBITER" log 1 >"$T/log"
[ "$(grep -c ": pass" "$T/log")" -eq 2 ] || fail "a mail without commands moved"
ok

# A command with a typo in its first word is not a command: it is listed as
# not read, and the mail still plays nothing.
send "$s3" typo "pas"
contains "$T/mail" 'Not read as commands: "pas".'

# A rejection says so in its subject.
send "$s3" rejected "pass
pass"
contains "$T/subject" "not accepted: move 2, your turn"
contains "$T/joined" "Command 2 of your mail comes when it is not your turn: by then game #1 waits for"
lacks "$T/joined" "$s3 may not act"

# A reminder too.
ARBITER_NOW=$(($(date +%s) + 10 * 86400)) "$ARBITER" remind >/dev/null 2>&1 ||
	fail "remind failed"
ok
newest_mail "$s3" || fail "no reminder"
contains "$T/subject" "reminder: move 2, your turn"

# A long line is quoted cut short, never whole; the command below it is
# played.
long=$(printf 'x%.0s' $(seq 1 300))
send "$s3" long "Dear arbiter $long
pass"
contains "$T/mail" 'Not read as commands: "Dear arbiter'
contains "$T/mail" 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...".'
lacks "$T/mail" "$long"
done_ok
