#!/bin/sh
# needs: tigris
# The legal commands a mail lists can be copied back: each line, with all
# its choices ("A | B") but one deleted, is accepted as a reply; a line sent
# back with its choices still in it is refused with the line named and
# changes nothing, on the command line and by mail.  The full list (the
# preference "legal full"), and the short one every player gets unless it
# asks otherwise.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
SITE=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
[ -n "$seat" ] || fail "show names nobody awaited"
# The seat asks for the full list, and an empty reply brings it.
to_site "$seat@example.org" legal "legal full"
newest_to "$seat@example.org" || fail "no answer to $seat"
to_site "$seat@example.org" legal-c "ok" "$(cat "$T/reply-to")"
newest_to "$seat@example.org"
contains "$T/joined" "Noted: legal full, for all your games."
reply "$seat" empty ""
contains "$T/joined" "Your legal commands now (copy a line"

# The newest mail to seat: its Reply-To, and its list of legal commands.
/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$seat" "$T" <<'PY' || fail "no mail with legal commands"
import email, email.policy, os, sys
box, seat, out = sys.argv[1:4]
for name in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, name), "rb"),
                                       policy=email.policy.default)
    if m["To"].addresses[0].display_name != seat:
        continue
    body = m.get_body(preferencelist=("plain",)).get_content().splitlines()
    if not any("Your legal commands now (copy a line" in l for l in body):
        continue
    start = next(i for i, l in enumerate(body) if "legal commands now" in l)
    lines = []
    for l in body[start:]:
        if l.startswith("  "):
            lines.append(l[2:])
        elif lines:
            break
    open(os.path.join(out, "list"), "w").write("\n".join(lines) + "\n")
    open(os.path.join(out, "reply-to"), "w").write(m["Reply-To"].addresses[0].addr_spec)
    sys.exit(0)
sys.exit(1)
PY
[ "$(wc -l <"$T/list")" -gt 10 ] || fail "the mail lists few commands: $(cat "$T/list")"
grep -q ' | ' "$T/list" || fail "the mail folds no commands into choices"
# Every fifth line, as a player copies it: keeping the last choice, and the
# first.  Each is accepted (dry run: nothing stored).
before=$(dbsum)
i=0
while IFS= read -r line; do
	i=$((i + 1))
	[ $((i % 5)) -eq 1 ] || continue
	case "$line" in
	*" | "*)
		shared=${line%% | *}
		shared=${shared% *}
		last=${line##* | }
		first=${line%% | *}
		expect_rc 0 "$ARBITER" move --dry-run 1 "$seat" "$shared $last"
		expect_rc 0 "$ARBITER" move --dry-run 1 "$seat" "$first" ;;
	*)
		expect_rc 0 "$ARBITER" move --dry-run 1 "$seat" "$line" ;;
	esac
done <"$T/list"
[ "$(dbsum)" = "$before" ] || fail "a dry run changed the database"

# The line with its choices left in: refused, the line named, nothing changed.
full=$(grep ' | ' "$T/list" | head -1)
expect_rc 65 "$ARBITER" move 1 "$seat" "$full"
one_line "$T/err"
contains "$T/err" "line 1: '${full%% | *} | "
contains "$T/err" "still offers choices separated by '|'"
contains "$T/err" "keep one of them, as in '${full%% | *}'"
expect_rc 65 "$ARBITER" move 1 "$seat" "# thinking
${full}"
contains "$T/err" "line 2:"
[ "$(dbsum)" = "$before" ] || fail "a refused line changed the database"

# By mail: the answer says the same, and the copy with one choice is applied.
mail_in() {
	cat <<MAIL
From: $seat <$seat@example.org>
To: $(cat "$T/reply-to")
Subject: Re: your move
Message-ID: <$1@example.org>
Content-Type: text/plain; charset=utf-8

$2
MAIL
}
rm -rf "$ARBITER_MAILDIR"
mail_in choices "$full" | "$ARBITER" mail >/dev/null 2>&1 || fail "arbiter mail failed"
"$ARBITER" log 1 >"$T/log"
[ ! -s "$T/log" ] || fail "a line with choices was applied: $(cat "$T/log")"
grep -l "still offers choices" "$ARBITER_MAILDIR"/new/* >/dev/null 2>&1 ||
	fail "the answer by mail does not say the line still offers choices"
ok
pick="${full%% | *}"
mail_in one "$pick" | "$ARBITER" mail >/dev/null 2>&1 || fail "arbiter mail failed"
expect_rc 0 "$ARBITER" log 1
contains "$T/out" "$seat: $pick"

# The short list (the default): a line a kind of command; each line is a
# command once one word of each "A|B" and one of its choices are kept.
expect_rc 0 "$ARBITER" new tigris --seat cy:cy@example.org --seat di:di@example.org
seat=$("$ARBITER" show 2 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
newest_mail "$seat"
/usr/bin/python3 - "$T/mail" >"$T/short" <<'PY' || fail "no short list in $seat's mail"
import sys
body = open(sys.argv[1]).read().splitlines()
start = next(i for i, l in enumerate(body) if "legal commands now, in short" in l)
lines = []
for l in body[start + 1:]:
    if l.startswith("  "):
        lines.append(l[2:])
    elif lines:
        break
print("\n".join(lines))
PY
[ "$(wc -l <"$T/short")" -le 8 ] || fail "the short list is long: $(cat "$T/short")"
contains "$T/short" "(166 choices)"
contains "$T/short" "leader red|blue|green|black "
/usr/bin/python3 - "$T/short" >"$T/picks" <<'PY'
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    line = re.sub(r"  \(\d+ choices\)$", "", line)
    parts = line.split(" | ")
    words = parts[0].split(" ")
    for k in (0, -1):
        head = [w.split("|")[k] for w in words]
        last = parts[-1] if k == -1 and len(parts) > 1 else None
        print(" ".join(head[:-1] + [last]) if last and last != "..." else " ".join(head))
PY
while IFS= read -r pick; do
	expect_rc 0 "$ARBITER" move --dry-run 2 "$seat" "$pick"
done <"$T/picks"
# The full list, on request: "moves ID" to the site address.
to_site "$seat@example.org" "$seat-moves" "moves 2"
newest_to "$seat@example.org"
to_site "$seat@example.org" "$seat-moves-c" "ok" "$(cat "$T/reply-to")"
newest_to "$seat@example.org"
# Every kind of command of the short list is there, each choice on its lines.
for w in $(awk '{print $1}' "$T/short" | sort -u); do
	grep -q "^  $w" "$T/text" || fail "moves 2 lacks the $w commands"
	ok
done
[ "$(grep -c '^  ' "$T/text")" -gt 30 ] || fail "moves ID gave a short list"
ok
done_ok
