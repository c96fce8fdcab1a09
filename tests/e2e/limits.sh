#!/bin/sh
# needs: tigris warriors
# A limit never silences a player (issue 22, defect 3): past
# replies_per_hour the answer to a seated or confirmed player waits in the
# queue until the limit lifts, `send` tells the game master once (even with
# --quiet), and the answer goes out then; a confirmed address's commands to
# the site address are done at once.  Mail that proves nothing is still
# dropped past its caps; but those caps never silence a seated or confirmed
# address, an unconfirmed address is asked to confirm once an hour, and the
# answers held for one address are bounded (3 hours' worth).
. "$(dirname "$0")/../e2e-lib.sh"

T0=1795000000
export ARBITER_NOW=$T0 ARBITER_FROM=games@example.org ARBITER_REPLIES_PER_HOUR=3
SITE=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
P=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
expect_rc 0 "$ARBITER" send --quiet

# count_to ADDR: the mails delivered to ADDR.
count_to() {
	grep -l "^To: .*<*$1>*\s*$" "$ARBITER_MAILDIR"/new/* 2>/dev/null | wc -l
}

# Three answers in the hour: each goes out at once.
newest_mail "$P"
i=0
while [ $i -lt 3 ]; do
	i=$((i + 1))
	before=$(count_to "$P@example.org")
	reply "$P" "bad-$i" "tile red Z99"
	[ "$(count_to "$P@example.org")" -eq $((before + 1)) ] || fail "answer $i was not delivered"
	ok
done
# The fourth, an illegal move: answered, but held until the hour is over.
before=$(count_to "$P@example.org")
printf 'Return-Path: <%s@example.org>\nFrom: %s <%s@example.org>\nTo: %s\nSubject: Re\nMessage-ID: <bad-4@example.org>\n\ntile red Z98\n' \
    "$P" "$P" "$P" "$(cat "$T/reply-to")" | "$ARBITER" mail 2>"$T/err" || fail "arbiter mail failed"
contains "$T/err" "the answer to $P@example.org waits"
[ "$(count_to "$P@example.org")" -eq "$before" ] || fail "the held answer went out at once"
ok
[ "$(sql "SELECT count(*) FROM outbox WHERE rcpt = '$P@example.org' AND sent_at = 0 AND held != 0")" -eq 1 ] ||
	fail "the fourth answer is not queued"
ok
# The game master hears of it once, even with --quiet, and in the summary.
expect_rc 0 "$ARBITER" send --quiet
contains "$T/out" "held: an answer of game 1 to $P@example.org waits until 2026-11-18 12:06 UTC (replies_per_hour)"
expect_rc 0 "$ARBITER" send --quiet
[ ! -s "$T/out" ] || fail "the held mail was said twice: $(cat "$T/out")"
ok
expect_rc 0 "$ARBITER" send
contains "$T/out" "1 still queued, 1 of them held back by replies_per_hour"
# A legal move at the cap is applied, and the mover's mail of it goes at once.
good=$("$ARBITER" moves 1 "$P" | grep '^tile' | head -1)
before=$(count_to "$P@example.org")
reply "$P" good-1 "$good"
contains "$T/joined" "Your move was applied as move 1 of game #1."
[ "$(count_to "$P@example.org")" -eq $((before + 1)) ] || fail "the move's mail was held"
ok
# The hour is over: the held answer goes out.
export ARBITER_NOW=$((T0 + 3601))
expect_rc 0 "$ARBITER" send
contains "$T/out" "1 sent"
grep -l "'Z98' is not a square" "$ARBITER_MAILDIR"/new/* >/dev/null ||
	fail "the held answer was never delivered"
ok

# The site address: a confirmed address past its cap still has its
# commands done; the answer waits and comes.
export ARBITER_NOW=$((T0 + 10 * 3600))
to_site cy@example.org c1 "help"
newest_to cy@example.org
to_site cy@example.org c2 "ok" "$(cat "$T/reply-to")"
to_site cy@example.org c3 "games"
n=$(count_to cy@example.org)
to_site cy@example.org c4 "new warriors seats 3" 2>"$T/err"
contains "$T/err" "the answer to cy@example.org waits"
[ "$(sql "SELECT count(*) FROM tables")" -eq 1 ] || fail "the confirmed address's new was not done"
ok
[ "$(count_to cy@example.org)" -eq "$n" ] || fail "the held site answer went out at once"
ok
export ARBITER_NOW=$((T0 + 11 * 3600 + 1))
expect_rc 0 "$ARBITER" send
newest_to cy@example.org
contains "$T/joined" "Game #2 of Warriors & Traders is open"

# An unproven address past its cap is still dropped, and nothing is done.
export ARBITER_NOW=$((T0 + 20 * 3600))
i=0
while [ $i -lt 3 ]; do
	i=$((i + 1))
	to_site dee@example.org "d$i" "help"
done
to_site dee@example.org d4 "new tigris" 2>"$T/err"
contains "$T/err" "nothing done"

# One confirmation request an hour to an unconfirmed address: ten forged
# mails in its name mail it once, and leave the site's limit for strangers
# to others.
export ARBITER_NOW=$((T0 + 30 * 3600)) ARBITER_STRANGER_REPLIES_PER_HOUR=5
i=0
while [ $i -lt 10 ]; do
	i=$((i + 1))
	to_site eve@example.org "e$i" "games" 2>"$T/err"
done
contains "$T/err" "not asked again"
[ "$(count_to eve@example.org)" -eq 1 ] || fail "eve was asked $(count_to eve@example.org) times"
ok
to_site fay@example.org f1 "games"
[ "$(count_to fay@example.org)" -eq 1 ] || fail "a stranger was not asked after eve's flood"
ok

# Strangers use up their limit: a seated player is still answered, within
# its own replies_per_hour (its From is its envelope sender): a wrong
# password, and a move sent to the site address.
i=0
while [ $i -lt 6 ]; do
	i=$((i + 1))
	to_site "s$i@example.org" "s$i" "hello"
done
to_site gus@example.org g1 "hello" 2>"$T/err"
contains "$T/err" "stranger_replies_per_hour"
[ "$(count_to gus@example.org)" -eq 0 ] || fail "a stranger was answered past the limit"
ok
n=$(count_to ada@example.org)
to_site ada@example.org w1 "game: 1
password: not-the-password
tile red A1"
to_site ada@example.org w2 "tile red A1"
[ "$(count_to ada@example.org)" -eq $((n + 2)) ] ||
	fail "the seated player was silenced by the strangers' limit"
ok
newest_to ada@example.org
contains "$T/joined" "nothing in it was done"

# Flooding a confirmed address: 3 hours' worth of answers wait for it at
# most; past them the mail is done but its answer dropped, and `send`
# tells the game master once.
export ARBITER_NOW=$((T0 + 40 * 3600))
expect_rc 0 "$ARBITER" send --quiet
i=0
while [ $i -lt 20 ]; do
	i=$((i + 1))
	to_site cy@example.org "flood$i" "games" 2>"$T/err"
done
contains "$T/err" "the answer to cy@example.org is dropped"
[ "$(sql "SELECT count(*) FROM outbox WHERE rcpt = 'cy@example.org' AND sent_at = 0 AND held != 0")" -eq 9 ] ||
	fail "held for cy: $(sql "SELECT count(*) FROM outbox WHERE rcpt = 'cy@example.org' AND sent_at = 0 AND held != 0"), not 3 hours' worth (9)"
ok
expect_rc 0 "$ARBITER" send --quiet
contains "$T/out" "dropped: 8 answers to cy@example.org"
to_site cy@example.org flood21 "games" 2>"$T/err"
expect_rc 0 "$ARBITER" send --quiet
lacks "$T/out" "dropped:"
done_ok
