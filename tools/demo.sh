#!/bin/sh
# make demo: a short scripted game of Tigris & Euphrates into a fresh local
# database (demo.db), with the reports a player would see.  Mail goes to the
# Maildir demo-mail/ (no SMTP server needed).
set -e
A=./arbiter
export ARBITER_DB=demo.db
export ARBITER_MAILDIR=demo-mail
unset ARBITER_SMTP_URL
rm -rf demo.db demo-mail

say() {
	printf '\n==== %s\n\n' "$*"
}

say "arbiter new tigris --seat ada:ada@example.org --seat bo:bo@example.org --seat cy:cy@example.org"
id=$($A new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
	--seat cy:cy@example.org --title "Demo game")
echo "game $id"
$A show "$id"

# Each seat in turn plays the first tile its hand allows, then passes,
# for two rounds; any decision the rules ask for takes the first choice.
i=0
while [ $i -lt 12 ]; do
	for s in ada bo cy; do
		if $A moves "$id" "$s" >/dev/null 2>&1; then seat=$s; break; fi
	done
	cmd=$($A moves "$id" "$seat" | grep -E '^(tile|support|conflict|monument|treasure|building)' | head -1)
	[ -n "$cmd" ] || cmd=pass
	say "arbiter move $id $seat '$cmd'"
	if [ $i -lt 11 ]; then
		$A move "$id" "$seat" "$cmd" | sed -n '/^Last:/,$p'
	else
		$A move "$id" "$seat" "$cmd"
	fi
	i=$((i + 1))
done

say "arbiter show $id --as ada    (what only ada sees)"
$A show "$id" --as ada | sed -n '/Behind your screen/,$p'
say "arbiter score $id --as ada   (scores are hidden while the game runs)"
$A score "$id" --as ada
say "arbiter log $id"
$A log "$id"
say "arbiter verify $id"
$A verify "$id"
say "mail written to demo-mail/new (one per seat per move)"
ls demo-mail/new | wc -l
