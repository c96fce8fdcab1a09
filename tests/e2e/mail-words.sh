#!/bin/sh
# needs: tigris warriors
# Mail never sends a player to a shell or a manual page (issue 22, defect
# 7): a game by mail through every kind of mail a player gets (start, the
# moves, answers, a refusal, a stale reply, reminders and a deadline's
# notice, table talk, an absence, an undo request, the site address's
# answers, an observer's mail, the end) is read, and no mail names an
# `arbiter` command, a manual page, or "the server"; each says what to
# send to the site address instead.  The end mail carries the game's
# export, the JSON of `arbiter export`, with the seed.  And the smaller
# items: the Warriors start mail says which realm the player is; an
# observer's mail says how to stop it.
. "$(dirname "$0")/../e2e-lib.sh"

T0=1795000000
export ARBITER_NOW=$T0 ARBITER_FROM=games@example.org
SITE=games@example.org
awaited() { "$ARBITER" show "$1" | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p'; }

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --set deadline=24 --set grace=2 --set on_timeout=pass
# An observer, and every kind of site answer.
to_site eve@example.org e1 "observe 1
help
help tigris
board 1
log 1
moves 1
open
games"
newest_to eve@example.org
to_site eve@example.org e2 "ok" "$(cat "$T/reply-to")"
# A move by mail, a refusal, a stale reply, talk, an absence, an undo.
s=$(awaited 1)
newest_mail "$s"
cp "$T/reply-to" "$T/stale-to"
reply "$s" m1 "$("$ARBITER" moves 1 "$s" | grep '^tile' | head -1)"
reply "$s" m2 "tile red Z99"
printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re\nMessage-ID: <m3@example.org>\n\npass\n' \
    "$s" "$s" "$(cat "$T/stale-to")" | "$ARBITER" mail || fail "arbiter mail failed"
reply "$s" m4 "say good luck"
reply "$s" m5 "undo"
o=ada
[ "$s" = ada ] && o=bo
reply "$o" m6 "refuse"
reply "$o" m7 "away until 2026-11-19"
# Reminders, the deadline's notice, the timeout.
for h in 12 21 24 26 27 50 51; do
	at $h
	"$ARBITER" remind --quiet
done
# The game ends: a resignation.
w=$(awaited 1)
newest_mail "$w"
reply "$w" m8 "resign confirm"
expect_rc 0 "$ARBITER" send --quiet
"$ARBITER" show 1 | grep -q "game over\|Game over\|is over" || "$ARBITER" list --all >/dev/null
# A Warriors game: its start mail.
expect_rc 0 "$ARBITER" new warriors --seat la:la@example.org --seat mo:mo@example.org

/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$T" <<'PY' || fail "a mail sends its reader to a shell or a manual page"
import email, email.policy, json, os, re, sys
box, out = sys.argv[1:3]
bad = re.compile(r"`arbiter|arbiter (help|export|log|show|move|import|verify|new)\b|"
                 r"arbiter-\w+\(\d\)|\(\d\)|manual page|man page|on the server")
kinds, ends = set(), 0
for n in sorted(os.listdir(box)):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    text = m.get_body(preferencelist=("plain",)).get_content()
    flat = " ".join(text.split())
    hit = bad.search(flat)
    if hit:
        print("%s (%s): %r" % (m["Subject"], m["To"], flat[max(0, hit.start() - 60):hit.end() + 20]),
              file=sys.stderr)
        sys.exit(1)
    # arbiter.gG.sS.mM.KIND.RANDOM@domain, or a seat's thread root (its start mail)
    mid = m["Message-ID"].strip("<>").split("@")[0].split(".")
    kinds.add(mid[4] if len(mid) == 6 and mid[1].startswith("g") else "start" if len(mid) == 4 else "?")
    if "is over after" in flat:
        ends += 1
        att = [p for p in m.iter_attachments() if p.get_filename() == "game-1.json"]
        if len(att) != 1 or att[0].get_content_type() != "application/json":
            print("the end mail has no export attached", file=sys.stderr)
            sys.exit(1)
        data = att[0].get_content()
        data = data.decode() if isinstance(data, bytes) else data
        doc = json.loads(data)
        if len(doc.get("seed", "")) != 64 or not doc.get("log"):
            print("the attached export has no seed or no moves", file=sys.stderr)
            sys.exit(1)
        if any("email" in s for s in doc.get("seats", [])):
            print("the attached export names addresses", file=sys.stderr)
            sys.exit(1)
        open(os.path.join(out, "export.json"), "w").write(data)
if ends != 2:
    print("%d end mails" % ends, file=sys.stderr)
    sys.exit(1)
print(" ".join(sorted(kinds)), file=open(os.path.join(out, "kinds"), "w"))
PY
ok
# The export attached is what `arbiter export` prints.
expect_rc 0 "$ARBITER" export 1
cmp -s "$T/out" "$T/export.json" || fail "the attached export differs from arbiter export"
ok
# Every kind of mail a player gets was read above.
for k in start move reply remind table end observe; do
	grep -qw "$k" "$T/kinds" || fail "no mail of kind $k was read: $(cat "$T/kinds")"
	ok
done
# What each says to do instead.
newest_to eve@example.org
grep -l 'Send "unobserve 1" to' "$ARBITER_MAILDIR"/new/* >/dev/null || fail "the observer is not told how to stop"
ok
grep -l 'Send "help tigris" to games@example.org' "$ARBITER_MAILDIR"/new/* >/dev/null ||
	fail "no mail says to send help tigris to the site address"
ok
# The Warriors start mail says which realm each player is.
for p in la mo; do
	newest_mail "$p"
	country=$("$ARBITER" show 2 | sed -n "s/^\([A-Z][A-Z][A-Z]\) ($p) .*/\1/p" | head -1)
	[ -n "$country" ] || fail "no country for $p"
	grep -q "^You play [A-Z][a-z]*\.$" "$T/mail" || fail "$p's start mail names no realm"
	ok
done
done_ok
