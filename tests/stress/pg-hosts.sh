#!/bin/sh
# needs: tigris
# backend: postgresql — two mail hosts sharing one PostgreSQL database
# Two "hosts" (two groups of processes, each with its own configuration
# file naming the same PostgreSQL database and its own Maildir) race on
# one game, round after round: the same move on the command line with
# --expect, the same reply mail delivered to both hosts, other mails on the
# same reply address, send and remind on both, a reader.  Each round:
# exactly one move per move number and each Message-ID applied at most
# once; at the end every queued mail was delivered by exactly one host,
# and `verify --all` is clean.  Runs only against PostgreSQL (tests/run.sh
# and `make stress` start a private server and set ARBITER_TEST_PG).
# STRESS_SHORT=1: 8 rounds; else 60.
. "$(dirname "$0")/../e2e-lib.sh"

case "$ARBITER_DB" in
postgresql://*) ;;
*) echo "skipped: needs PostgreSQL (ARBITER_TEST_PG)"; exit 77 ;;
esac
rounds=60
[ -n "${STRESS_SHORT:-}" ] && rounds=8
# Each host finds the database in its configuration file only.
hosts a b
expect_rc 0 on a new tigris --seat ann:ann@example.org --seat ben:ben@example.org \
    --seat cat:cat@example.org
expect_rc 0 on b send --quiet
nmoves() {
	psql_q "SELECT count(*) FROM moves WHERE game_id = 1"
}
psql_q() {
	psql -XAt -d "$url" -c "$1"
}
awaited() {
	for s in ann ben cat; do
		on b moves 1 "$s" >"$T/moves" 2>/dev/null && { echo "$s"; return; }
	done
}
# Both hosts' Maildirs seen as one, for newest_mail.
both() {
	rm -rf "$T/both"
	mkdir -p "$T/both/new"
	for h in a b; do
		for f in "$T/box-$h/new/"*; do
			[ -e "$f" ] && ln -s "$f" "$T/both/new/"
		done
	done
}
r=0 codes=""
while [ $r -lt $rounds ]; do
	r=$((r + 1))
	s=$(awaited)
	[ -n "$s" ] || break		# the game ended
	c=$(head -1 "$T/moves")
	n=$(nmoves)
	both
	ARBITER_MAILDIR="$T/both" newest_mail "$s" || fail "no mail to $s"
	to=$(cat "$T/reply-to")
	mail_of "$s" "race-$r" "$c" "$to" >"$T/same"
	mail_of "$s" "race-$r-a" "$c" "$to" >"$T/other-a"
	mail_of "$s" "race-$r-b" "$c" "$to" >"$T/other-b"
	pids=""
	k=0
	while [ $k -lt 16 ]; do
		case $k in
		0|1|2) on a move --expect "$n" 1 "$s" "$c" ;;
		3|4) on b move --expect "$n" 1 "$s" "$c" ;;
		5|6) on a mail <"$T/same" ;;
		7|8) on b mail <"$T/same" ;;
		9) on a mail <"$T/other-a" ;;
		10) on b mail <"$T/other-b" ;;
		11) on a send --quiet ;;
		12) on b send --quiet ;;
		13) on a remind --quiet ;;
		14) on b remind --quiet ;;
		15) on b show 1 ;;
		esac >/dev/null 2>"$T/err.$k" &
		pids="$pids $!"
		k=$((k + 1))
	done
	for p in $pids; do
		wait "$p"
		codes="$codes $?"
	done
	m=$(nmoves)
	[ "$m" -eq $((n + 1)) ] || fail "round $r: move $((n + 1)) applied $((m - n)) times"
	a=$(psql_q "SELECT count(*) FROM moves WHERE message_id LIKE 'race-$r%'")
	[ "$a" -le 1 ] || fail "round $r: one reply address played $a moves"
	# Both hosts deliver what the round queued, at once.
	on a send --quiet >/dev/null 2>&1 &
	on b send --quiet >/dev/null 2>&1 &
	wait
	ok
done
[ $r -ge 2 ] || fail "the game ended before the races began"
expect_rc 0 on a send --quiet
expect_rc 0 on b send --quiet
# Every mail sent once: by exactly one host, none left.
queued=$(psql_q "SELECT count(*) FROM outbox WHERE sent_at = 0 AND failed = 0")
[ "$queued" -eq 0 ] || fail "$queued mails still queued"
sent=$(psql_q "SELECT count(*) FROM outbox WHERE sent_at != 0")
ls "$T/box-a/new" "$T/box-b/new" | grep -o 'arbiter_[^_]*_[0-9]*$' | sort >"$T/delivered"
total=$(wc -l <"$T/delivered")
dups=$(uniq -d "$T/delivered" | wc -l)
[ "$dups" -eq 0 ] || fail "$dups mails delivered by both hosts"
[ "$total" -eq "$sent" ] || fail "$sent mails marked sent, $total delivered"
by_a=$(ls "$T/box-a/new" | wc -l)
by_b=$(ls "$T/box-b/new" | wc -l)
ok
expect_rc 0 on a verify --all
for c in $codes; do
	case $c in 0|65|75|77) ;; *) fail "a racer exited $c: $(cat "$T"/err.* | sort -u | head -3)" ;; esac
done
ok
hist=$(echo $codes | tr ' ' '\n' | sort -n | uniq -c | awk '{ print $2 ":" $1 }' | tr '\n' ' ')
echo "pg-hosts: $r rounds, 16 processes on two hosts each: one move per number, no mail applied twice; $sent mails sent once each ($by_a by host a, $by_b by host b); exit code:count $hist"
done_ok
