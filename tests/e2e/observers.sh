#!/bin/sh
# needs: tigris warriors
# Observers: addresses set with `game --set observers=...` get the public
# board after every move and at the end - exactly what `show` prints to
# anyone - and never a seat's hidden information.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
expect_rc 64 "$ARBITER" game 1 --set observers=not-an-address
one_line "$T/err"
expect_rc 64 "$ARBITER" new tigris --seat cy:cy@example.org --seat di:di@example.org --set observers=x@example.org
expect_rc 0 "$ARBITER" game 1 --set "observers=watch@example.org, fan@example.net,watch@example.org"
contains "$T/out" "observers: fan@example.net watch@example.org"


# Play some moves; after each, both observers hold the public report.
n=0
while [ $n -lt 6 ]; do
	seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
	cmd=$("$ARBITER" moves 1 "$seat" | grep -v '^pass' | head -1 | sed 's/ |.*//')
	expect_rc 0 "$ARBITER" move 1 "$seat" "$cmd"
	"$ARBITER" show 1 >"$T/public"
	for addr in watch@example.org fan@example.net; do
		newest_to $addr || fail "no mail to the observer $addr"
		contains "$T/subject" "move $((n + 1))"
		python3 - "$T/public" "$T/text" <<'PY' || fail "the observer's mail is not the public report"
import sys
# show's title line is the mail's own first line, in other words.
public = open(sys.argv[1]).read().rstrip("\n").split("\n", 1)[1]
mail = open(sys.argv[2]).read()
# The mail folds lines over 78 columns; compare word by word.
sys.exit(0 if " ".join(public.split()) in " ".join(mail.split()) else 1)
PY
		ok
		lacks "$T/text" "Behind your screen"
		for who in ada bo; do
			"$ARBITER" show 1 --as $who | sed -n '/Behind your screen/,$p' | sed 1d |
			    grep -v '^ *$' >"$T/screen.$who"
			while read -r line; do
				lacks "$T/text" "$line"
			done <"$T/screen.$who"
		done
	done
	n=$((n + 1))
done
# Removing them stops the mail.
expect_rc 0 "$ARBITER" game 1 --set observers=
contains "$T/out" "observers: none"
before=$(ls "$ARBITER_MAILDIR/new" | wc -l)
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
expect_rc 0 "$ARBITER" move 1 "$seat" pass
after=$(ls "$ARBITER_MAILDIR/new" | wc -l)
[ $((after - before)) -eq 2 ] || fail "$((after - before)) mails after removing the observers"
ok

# Warriors & Traders: queued orders are hidden; an observer never sees them.
expect_rc 0 "$ARBITER" new warriors --seat la:la@example.org --seat mo:mo@example.org
expect_rc 0 "$ARBITER" game 2 --set observers=watch@example.org
i=0
while [ $i -lt 40 ]; do
	"$ARBITER" show 2 >"$T/public"
	grep -q "The game is over" "$T/public" && break
	for seat in la mo; do
		cmd=$("$ARBITER" moves 2 $seat 2>/dev/null | head -1 | sed 's/ |.*//')
		[ -n "$cmd" ] && "$ARBITER" move 2 $seat "$cmd" >/dev/null 2>&1 && break
	done
	i=$((i + 1))
done
"$ARBITER" show 2 >"$T/public"
newest_to watch@example.org || fail "no Warriors mail to the observer"
lacks "$T/text" "Behind your screen"
for who in la mo; do
	"$ARBITER" show 2 --as $who | sed -n '/Behind your screen/,$p' | sed 1d |
	    grep -v '^ *$' >"$T/screen.$who"
	while read -r line; do
		lacks "$T/text" "$line"
	done <"$T/screen.$who"
done
done_ok
