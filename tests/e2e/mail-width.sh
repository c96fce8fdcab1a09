#!/bin/sh
# Every mail fits an 80-column screen and speaks of its own game.  Each
# game built in is played some rounds with moves picked at random from
# the legal commands; no line of any mail's text is wider than 80
# characters, the start mail names what this game's seed decides (the
# bag only where there is one) and a game whose title is its rules' name
# does not say that name twice.
. "$(dirname "$0")/../e2e-lib.sh"

ROUNDS=${MAIL_WIDTH_ROUNDS:-25}
games=$("$ARBITER" help | sed -n 's/^Games: *//p' | sed 's/([^)]*)//g')
[ -n "$games" ] || fail "arbiter help names no game"
id=0
for g in $games; do
	id=$((id + 1))
	expect_rc 0 "$ARBITER" new "$g" --seat ann:ann@example.org --seat ben:ben@example.org \
	    --seat cat:cat@example.org
	r=0
	while [ $r -lt "$ROUNDS" ]; do
		for s in ann ben cat; do
			"$ARBITER" moves "$id" "$s" >"$T/moves" 2>/dev/null || continue
			line=$(awk -v seed="$r$s" 'BEGIN { srand(seed) } !/^#/ && NF { a[n++] = $0 }
			    END { if (n) print a[int(rand() * n)] }' "$T/moves")
			[ -n "$line" ] || continue
			"$ARBITER" move "$id" "$s" "$line" >/dev/null 2>"$T/err" ||
				fail "$g: a legal command was refused: $s: $line: $(cat "$T/err")"
		done
		r=$((r + 1))
	done
	ok
done

/usr/bin/python3 - "$ARBITER_MAILDIR/new" <<'PY' || fail "a mail is wider than 80 columns or says the wrong thing"
import email, email.policy, os, sys
box = sys.argv[1]
bad = 0
mails = 0
for name in sorted(os.listdir(box)):
    m = email.message_from_binary_file(open(os.path.join(box, name), "rb"),
                                       policy=email.policy.default)
    text = m.get_body(preferencelist=("plain",)).get_content()
    mails += 1
    for line in text.splitlines():
        if len(line) > 80:
            if bad < 10:
                print("%s (%s): %d columns: %s" % (name, m["Subject"], len(line), line))
            bad += 1
    if "begins:" in text:
        rules = m["Subject"].split("] ", 1)[1].split(":", 1)[0]
        if "%s begins: \"%s\"" % (rules, rules) in text:
            if bad < 10:
                print("%s: the title repeats the rules' name" % name)
            bad += 1
        if "Chance in this game (every draw)" in text:
            if bad < 10:
                print("%s (%s): the engine does not say what its seed decides" % (name, rules))
            bad += 1
        if ("bag" in text.split("secret seed")[0].split("Chance in this game")[-1]) != (rules == "Tigris & Euphrates"):
            if bad < 10:
                print("%s (%s): the seed sentence does not speak of this game" % (name, rules))
            bad += 1
print("%d mails, %d problems" % (mails, bad))
sys.exit(1 if bad or mails == 0 else 0)
PY
ok
"$ARBITER" show 1 >"$T/show"
head -1 "$T/show" >"$T/head"
lacks "$T/head" ", Tigris & Euphrates,"
done_ok
