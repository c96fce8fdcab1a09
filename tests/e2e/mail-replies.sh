#!/bin/sh
# needs: tigris terra warriors
# Replies as mail programs and people send them, in all three games: a
# greeting and a sign-off around the move, "Sent from my iPhone", an
# Outlook signature above Outlook's quoted history, an HTML-only mail with
# a signature, quoted text below the move, a greeting alone, and chatter
# after two commands with a third command below it.  Each case checks
# what the game became (log, legal moves) and what the answer to the
# sender says it ignored; the ignored lines are the sender's own text and
# reach nobody else (no other seat's mail, no public report, no log).
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_TEST_SEED=5eed0000000000000000000000000000000000000000000000000000000000a1

# awaited GAME: the seats GAME waits for, one a line
awaited() {
	for _s in $(sql "SELECT name FROM seats WHERE game_id = $1"); do
		"$ARBITER" moves "$1" "$_s" >/dev/null 2>&1 && echo "$_s"
	done
}

# answer ID SEAT: the one answer to the mail <ID>, which must be to SEAT:
# its text in $T/mail, with its lines joined in $T/joined, subject in
# $T/subject
answer() {
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$1" "$2" "$T" <<'PY' || fail "no single answer to <$1> for $2"
import email, email.policy, os, sys
box, mid, seat, out = sys.argv[1:5]
found = []
for name in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, name), "rb"),
                                       policy=email.policy.default)
    if (m["In-Reply-To"] or "").strip() == "<%s>" % mid:
        found.append(m)
if len(found) != 1 or found[0]["To"].addresses[0].display_name != seat:
    sys.exit(1)
text = found[0].get_body(preferencelist=("plain",)).get_content()
open(os.path.join(out, "mail"), "w").write(text)
open(os.path.join(out, "joined"), "w").write(" ".join(text.split()) + "\n")
open(os.path.join(out, "subject"), "w").write(found[0]["Subject"] + "\n")
PY
}

# send SEAT BODY [TYPE]: mail BODY from SEAT to the reply address of its
# newest mail, as TYPE (text/plain by default); the answer as answer() reads it
n=0
send() {
	n=$((n + 1))
	newest_mail "$1" || fail "no mail to $1"
	printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: your turn\nMessage-ID: <r%d@example.org>\nContent-Type: %s; charset=utf-8\n\n%s\n' \
	    "$1" "$1" "$(cat "$T/reply-to")" "$n" "${3:-text/plain}" "$2" |
		"$ARBITER" mail >"$T/out" 2>"$T/err" || fail "arbiter mail failed: $(cat "$T/err")"
	ok
	answer "r$n@example.org" "$1"
}

# moves_of GAME: the number of moves in GAME's log
moves_of() {
	"$ARBITER" log "$1" | grep -c '^ *[0-9]'
}

# private GAME SEAT TEXT: of every mail, only the answers to SEAT hold TEXT
# (lines joined, as wrapping may split it); GAME's report, its JSON view,
# its log and the stored moves do not
private() {
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$2" "$3" <<'PY' || fail "'$3' reached another seat than $2"
import email, email.policy, os, sys
box, seat, text = sys.argv[1:4]
holders = []
for name in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, name), "rb"),
                                       policy=email.policy.default)
    body = " ".join(part.get_content() for part in m.walk()
                    if part.get_content_maintype() == "text")
    if text in " ".join(body.split()):
        holders.append((m["To"].addresses[0].display_name, m["Auto-Submitted"]))
if not holders or any(h != (seat, "auto-replied") for h in holders):
    print(holders, file=sys.stderr)
    sys.exit(1)
PY
	"$ARBITER" show "$1" >"$T/report"
	lacks "$T/report" "$3"
	"$ARBITER" show "$1" --format json >"$T/report"
	lacks "$T/report" "$3"
	"$ARBITER" log "$1" >"$T/report"
	lacks "$T/report" "$3"
	sql "SELECT text, coalesce(shown, '') FROM moves" >"$T/report"
	lacks "$T/report" "$3"
}

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
expect_rc 0 "$ARBITER" new terra --seat cy:cy@example.org --seat dee:dee@example.org
expect_rc 0 "$ARBITER" new warriors --seat eve:eve@example.org --seat fay:fay@example.org

# ---- Tigris & Euphrates (game 1)

# A greeting and a sign-off around the move: the move is played, the
# answer quotes both lines; the other seat hears of the move, not of them.
s=$(awaited 1)
[ -n "$s" ] || fail "tigris waits for nobody"
send "$s" "Hi arbiter,

pass

Thanks, see you at the club on Tuesday"
[ "$(moves_of 1)" -eq 1 ] || fail "the move between greeting and sign-off was not played"
ok
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "$s: pass"
contains "$T/joined" "Your move was applied as move 1 of game #1."
contains "$T/joined" 'Not read as commands: "Hi arbiter,", "Thanks, see you at the club on Tuesday".'
t=$(awaited 1)
[ "$t" != "$s" ] || fail "the turn did not pass"
newest_mail "$t" || fail "no news of the move to $t"
contains "$T/subject" "move 1, your turn"
private 1 "$s" "see you at the club"
private 1 "$s" "Hi arbiter,"

# "Sent from my iPhone" below the move.
send "$t" "pass

Sent from my iPhone"
[ "$(moves_of 1)" -eq 2 ] || fail "the move above 'Sent from my iPhone' was not played"
ok
contains "$T/joined" 'Not read as commands: "Sent from my iPhone".'
private 1 "$t" "Sent from my iPhone"

# Outlook: CRLF lines, a signature without "-- ", then the quoted history
# under a rule and From:/Sent: lines.  The history is not the sender's
# text: it is dropped without being listed.
s=$(awaited 1)
outlook=$(printf 'PASS\r\n\r\nBest regards,\r\nAda Lovelace\r\nHead of Engines | Example Ltd. | +44 20 7946 0000\r\n\r\n________________________________\r\nFrom: arbiter <arbiter@example.org>\r\nSent: Tuesday, November 24, 2026 10:00 PM\r\nTo: %s\r\nSubject: your turn\r\n\r\nYour legal commands now:\r\n  pass\r\n' "$s")
send "$s" "$outlook"
[ "$(moves_of 1)" -eq 3 ] || fail "the move above an Outlook signature was not played"
ok
contains "$T/joined" 'Not read as commands: "Best regards,", "Ada Lovelace", "Head of Engines | Example Ltd. | +44 20 7946 0000".'
lacks "$T/joined" '"From: arbiter'
lacks "$T/joined" '"Your legal commands now'

# An HTML-only mail with a signature block.
s=$(awaited 1)
send "$s" '<html><body><div dir="ltr">Hi arbiter,<div><br></div><div>pass</div><div><br></div><div id="Signature"><b>Bo Brummel</b><br>Example Ltd.</div></div></body></html>' text/html
[ "$(moves_of 1)" -eq 4 ] || fail "the move of an HTML-only mail was not played"
ok
contains "$T/joined" 'Not read as commands: "Hi arbiter,", "Bo Brummel", "Example Ltd.".'
private 1 "$s" "Bo Brummel"

# Quoted text below the move, commands in it too: played once, nothing
# listed (quotes are not the sender's text).
s=$(awaited 1)
send "$s" "pass

On Tue, 24 Nov 2026 at 22:00, arbiter <arbiter@example.org> wrote:
> Your legal commands now:
>   pass
>   catastrophe E5"
[ "$(moves_of 1)" -eq 5 ] || fail "the move above quoted text was not played"
ok
"$ARBITER" log 1 >"$T/log"
[ "$(grep -c ': pass$' "$T/log")" -eq 5 ] || fail "expected five single passes: $(cat "$T/log")"
ok
lacks "$T/joined" "Not read as commands"
lacks "$T/joined" "catastrophe E5"

# A greeting alone plays nothing and gets the legal moves, as an empty
# mail does.
s=$(awaited 1)
send "$s" "Hi arbiter,
what may I do now?"
[ "$(moves_of 1)" -eq 5 ] || fail "a greeting alone changed the game"
ok
contains "$T/joined" 'Your mail held no commands. Not read as commands: "Hi arbiter,", "what may I do now?".'
contains "$T/mail" "Your legal commands now"
contains "$T/mail" "  pass"
send "$s" ""
contains "$T/joined" "Your mail held no commands."
lacks "$T/joined" "Not read as commands"
contains "$T/mail" "Your legal commands now"
[ "$(moves_of 1)" -eq 5 ] || fail "an empty mail changed the game"
ok

# Two commands, chatter, then a third command: reading stopped at the
# chatter, so the third is never played (played, it would make the whole
# mail illegal: the turn has passed by then).
leader=$("$ARBITER" moves 1 "$s" | grep -m1 '^leader ')
[ -n "$leader" ] || fail "no leader placement for $s"
send "$s" "$leader
pass

That's my turn, cheers!
pass"
[ "$(moves_of 1)" -eq 6 ] || fail "the two commands above the chatter were not played"
ok
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "$s: $leader; pass"
[ "$(awaited 1)" != "$s" ] || fail "the third command was played"
ok
contains "$T/joined" "Not read as commands: \"That's my turn, cheers!\", \"pass\"."

# A command that is read but illegal refuses the whole mail, as always:
# the error names it, and the lines around it are listed too.
s=$(awaited 1)
send "$s" "Hello,

catastrophe Q99
pass

Ada"
[ "$(moves_of 1)" -eq 6 ] || fail "a mail with an illegal command changed the game"
ok
contains "$T/subject" "not accepted"
contains "$T/joined" "Your commands were not applied: command 1: catastrophe: 'Q99' is not a square (A1 to P11)"
contains "$T/joined" 'Not read as commands: "Hello,", "Ada".'
contains "$T/mail" "Your legal commands now"

# A long signature: six lines quoted, the rest counted.
send "$s" "pass
--
Ada Lovelace"
contains "$T/mail" "Your move was applied"
lacks "$T/joined" "Not read as commands"
s=$(awaited 1)
send "$s" "pass
Cheers,
Bo Brummel
Head of Engines
Example Ltd.
1 Example Street
London
+44 20 7946 0000
www.example.org"
contains "$T/joined" '"1 Example Street", "London" and 2 more lines.'
lacks "$T/joined" "+44 20 7946 0000"
lacks "$T/joined" "www.example.org"
[ "$(moves_of 1)" -eq 8 ] || fail "the move above a long signature was not played"
ok

# ---- Terra Mystica (game 2)

# The faction, between a greeting and a "-Cy" sign-off (a sign and a
# name, not a command of the notation).
s=$(awaited 2)
[ "$(echo "$s" | wc -l)" -eq 1 ] || fail "terra awaits several seats at the start: $s"
faction=$("$ARBITER" moves 2 "$s" | head -1)
send "$s" "Hello!

$faction

-Cy"
[ "$(moves_of 2)" -eq 1 ] || fail "terra: the faction between greeting and sign-off was not chosen"
ok
"$ARBITER" log 2 >"$T/log"
contains "$T/log" "$s: $faction"
contains "$T/joined" 'Not read as commands: "Hello!", "-Cy".'
private 2 "$s" "-Cy"

s=$(awaited 2)
faction=$("$ARBITER" moves 2 "$s" | head -1)
send "$s" "$faction

Sent from my iPhone"
[ "$(moves_of 2)" -eq 2 ] || fail "terra: the faction above 'Sent from my iPhone' was not chosen"
ok
contains "$T/joined" 'Not read as commands: "Sent from my iPhone".'

# A greeting alone: nothing chosen, the dwellings it may place listed.
first=$(awaited 2)
send "$first" "Hi arbiter, where may I build?"
[ "$(moves_of 2)" -eq 2 ] || fail "terra: a greeting alone changed the game"
ok
contains "$T/joined" 'Your mail held no commands. Not read as commands: "Hi arbiter, where may I build?".'
contains "$T/mail" "  build "

# The first dwelling, from an HTML-only mail with a signature.
build=$("$ARBITER" moves 2 "$first" | head -1)
send "$first" "<p>$build</p><p>Cheers,<br>Cy Twombly<br><i>Example Ltd.</i></p>" text/html
[ "$(moves_of 2)" -eq 3 ] || fail "terra: the dwelling of an HTML mail was not built"
ok
contains "$T/joined" 'Not read as commands: "Cheers,", "Cy Twombly", "Example Ltd.".'

# The other seat places two dwellings in a row: two commands, thanks, and
# a third build on a hex the first took (illegal, were it read).
s=$(awaited 2)
[ "$s" != "$first" ] || fail "terra: the second seat does not place next"
set -- $("$ARBITER" moves 2 "$s" | sed -n 's/^build //p' | head -2)
[ $# -eq 2 ] || fail "terra: fewer than two dwellings offered to $s"
send "$s" "build $1
build $2

Thanks! I'd also like:
build $1"
[ "$(moves_of 2)" -eq 4 ] || fail "terra: the two dwellings above the chatter were not built: $(cat "$T/joined")"
ok
"$ARBITER" log 2 >"$T/log"
contains "$T/log" "$s: build $1; build $2"
# The blank lines between the commands and the chatter are not stored.
grep -q ';  *$' "$T/log" && fail "terra: a log entry ends in an empty command: $(cat "$T/log")"
ok
contains "$T/joined" "Not read as commands: \"Thanks! I'd also like:\", \"build $1\"."

# Outlook's signature and history after the last dwelling.
s=$(awaited 2)
build=$("$ARBITER" moves 2 "$s" | grep -m1 '^build ')
outlook=$(printf '%s\r\n\r\nKind regards\r\nDee Dee\r\n\r\n-----Original Message-----\r\nFrom: arbiter <arbiter@example.org>\r\nSent: Tuesday, November 24, 2026 10:00 PM\r\n\r\n  %s\r\n' "$build" "$build")
send "$s" "$outlook"
[ "$(moves_of 2)" -eq 5 ] || fail "terra: the dwelling above an Outlook signature was not built"
ok
contains "$T/joined" 'Not read as commands: "Kind regards", "Dee Dee".'
private 2 "$s" "Dee Dee"

# ---- Warriors & Traders (game 3)

# Both seats place their tracks at once; one between greeting and sign-off
# with an Outlook line, the other with quoted text below.
send eve "Hi arbiter,
tracks 1 1 1
Regards, Eve
Get Outlook for Android"
contains "$T/joined" 'Not read as commands: "Hi arbiter,", "Regards, Eve", "Get Outlook for Android".'
send fay "tracks 2 1 0

On Tue, 24 Nov 2026, arbiter wrote:
> place your 3 development tokens: tracks P T M"
lacks "$T/joined" "Not read as commands"
[ "$(moves_of 3)" -eq 2 ] || fail "warriors: the tracks were not placed"
ok

# A development action and a standing order, chatter, then "pass": the
# two are played, the pass is not (played, it would refuse the mail: the
# other seat acts next).  The action is queued behind the seat's screen;
# the chatter with it.
s=$(awaited 3)
[ "$(echo "$s" | wc -l)" -eq 1 ] || fail "warriors awaits several seats for development: $s"
before=$(moves_of 3)
send "$s" "develop production
defend auto

My plan: attack the Hanseatic ports next turn.
pass"
[ "$(moves_of 3)" -eq $((before + 1)) ] || fail "warriors: the two orders above the chatter were not played"
ok
contains "$T/joined" 'Not read as commands: "My plan: attack the Hanseatic ports next turn.", "pass".'
[ "$(awaited 3)" != "$s" ] || fail "warriors: the third line was played"
ok
last=$(sql "SELECT '''' || text || '''' FROM moves WHERE game_id = 3 ORDER BY seq DESC LIMIT 1")
[ "$last" = "'develop production
defend auto
'" ] || fail "warriors: the submission stored is not the two orders: $last"
ok
private 3 "$s" "attack the Hanseatic ports"
done_ok
