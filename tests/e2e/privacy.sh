#!/bin/sh
# needs: tigris
# Hidden information never reaches anyone it does not belong to: the public
# report in every format, the public JSON, hidden scores, and each seat's
# mail (which holds its own screen and no other).
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_TEST_SEED=feedfacecafebeef00000000000000000000000000000000000000000000aa55
expect_rc 0 "$ARBITER" new tigris --seat p1:p1@example.org --seat p2:p2@example.org \
	--seat p3:p3@example.org --seat p4:p4@example.org
unset ARBITER_TEST_SEED
seats="p1 p2 p3 p4"
n=0
while [ "$n" -lt 60 ]; do
	seat=""
	for s in $seats; do
		if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
	done
	[ -n "$seat" ] || break
	count=$(wc -l <"$T/moves")
	cmd=$(sed -n "$(( (n * 31 + 7) % count + 1 ))p" "$T/moves")
	"$ARBITER" move 1 "$seat" "$cmd" >/dev/null 2>"$T/err" || fail "move '$cmd': $(cat "$T/err")"
	n=$((n + 1))
done

# A swap, whose public form hides the tiles given back.
for s in $seats; do
	"$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null || continue
	cmd=$(grep -m1 '^swap ' "$T/moves") || continue
	"$ARBITER" move 1 "$s" "$cmd" >/dev/null 2>"$T/err" || fail "move '$cmd': $(cat "$T/err")"
	break
done
expect_rc 0 "$ARBITER" log 1 --private
grep -q ': swap [a-z]' "$T/out" || fail "no swap was played: $(cat "$T/out")"

# The log in JSON carries exactly the public form the text log prints.
"$ARBITER" log 1 >"$T/log.text" || fail "log"
"$ARBITER" log 1 --format json >"$T/log.json" || fail "log --format json"
grep -q ': swap [0-9]' "$T/log.text" || fail "the text log shows no swap's public form"
/usr/bin/python3 - "$T/log.text" "$T/log.json" <<'PY' || fail "log --format json differs from log"
import json, sys
text = [l.rstrip("\n").split(": ", 1)[1] for l in open(sys.argv[1])]
js = ["; ".join(x for x in m["text"].split("\n") if x) for m in json.load(open(sys.argv[2]))]
if text != js:
    for a, b in zip(text, js):
        if a != b:
            sys.exit("text log '%s', JSON '%s'" % (a, b))
    sys.exit("%d lines against %d" % (len(text), len(js)))
PY
ok

# Each seat's hand as its own view shows it.
for s in $seats; do
	"$ARBITER" show 1 --as "$s" >"$T/view.$s" || fail "show --as $s"
	contains "$T/view.$s" "Behind your screen"
	grep '^  Hand:' "$T/view.$s" >"$T/hand.$s" || fail "no hand in $s's view"
done

# The public report in every format.
for f in text bbcode markdown json; do
	expect_rc 0 "$ARBITER" show 1 --format "$f"
	lacks "$T/out" "Behind your screen"
	lacks "$T/out" "Hand:"
	lacks "$T/out" '"private"'
	lacks "$T/out" '"hand"'
	lacks "$T/out" '"points"'
done
expect_rc 0 "$ARBITER" show 1 --format json --as p2
contains "$T/out" '"private"'
[ "$(grep -c '"private"' "$T/out")" -eq 1 ] || fail "more than one private object"
ok

# Hidden scoring: no score without --as, only one's own line with it.
expect_rc 0 "$ARBITER" score 1
[ ! -s "$T/out" ] || fail "hidden scores were printed: $(cat "$T/out")"
expect_rc 0 "$ARBITER" score 1 --as p3
[ "$(wc -l <"$T/out")" -eq 1 ] && grep -q '^p3=' "$T/out" || fail "score --as p3: $(cat "$T/out")"
ok

# Mail: decode every message; each holds exactly its own screen.
/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$T" $seats <<'PY' || fail "mail privacy"
import email, email.policy, os, sys
box, tmp, seats = sys.argv[1], sys.argv[2], sys.argv[3:]
hands = {s: open(os.path.join(tmp, "hand." + s)).read().strip() for s in seats}
last = {}
for name in sorted(os.listdir(box)):
    msg = email.message_from_binary_file(open(os.path.join(box, name), "rb"),
                                         policy=email.policy.default)
    to = msg["To"].addresses[0].username
    body = msg.get_body(preferencelist=("plain",)).get_content()
    for s in seats:
        if s != to and ("\n%s:\n" % s) in body:
            sys.exit("mail to %s names %s's screen" % (to, s))
    if body.count("Behind your screen") > 1:
        sys.exit("mail to %s holds more than one screen" % to)
    last[to] = body
for s in seats:
    if hands[s] not in last[s]:
        sys.exit("the last mail to %s lacks its own hand" % s)
    for o in seats:
        if o != s and hands[o] != hands[s] and hands[o] in last[s]:
            sys.exit("the last mail to %s holds %s's hand" % (s, o))
print("mail ok: %d messages" % len(os.listdir(box)))
PY
ok
done_ok
