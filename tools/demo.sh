#!/bin/sh
# make demo: a short scripted game of Tigris & Euphrates into a fresh local
# database (demo.db), with the reports a player would see.  Mail goes to the
# Maildir demo-mail/ (no SMTP server needed).
set -e
A=${ARBITER:-./arbiter}
export ARBITER_DB=demo.db
export ARBITER_MAILDIR=demo-mail
# The demo reads the Maildir right after the last move: each command
# delivers before it exits (by default a detached process does, after).
export ARBITER_DELIVER=foreground
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

# Twelve submissions, each a legal command picked from `arbiter moves`
# by a fixed rule, as a script would play.
i=0
while [ $i -lt 12 ]; do
	for s in ada bo cy; do
		if $A moves "$id" "$s" >/dev/null 2>&1; then seat=$s; break; fi
	done
	$A moves "$id" "$seat" >demo-moves.txt
	cmd=$(sed -n "$(( (i * 37 + 11) % $(wc -l <demo-moves.txt) + 1 ))p" demo-moves.txt)
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
rm -f demo-moves.txt
n=$(ls demo-mail/new | wc -l)
say "mail: $n messages in demo-mail/new, one per seat per move; here is ada's last"
# Maildir names do not sort by time: the last mail is the one about the
# highest move number.
/usr/bin/python3 -c 'import email, email.policy, os, re, sys
best = None
for f in os.listdir(sys.argv[1]):
    m = email.message_from_binary_file(open(os.path.join(sys.argv[1], f), "rb"),
                                       policy=email.policy.default)
    move = re.search(r": move (\d+)", m["Subject"] or "")
    if m["To"] and m["To"].addresses[0].display_name == "ada" and move:
        if best is None or int(move.group(1)) > best[0]:
            best = (int(move.group(1)), m)
m = best[1]
print("Subject:", m["Subject"]); print("Reply-To:", m["Reply-To"]); print()
print("\n".join(m.get_body(preferencelist=("plain",)).get_content().splitlines()[:8]))' demo-mail/new
