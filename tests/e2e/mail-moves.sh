#!/bin/sh
# needs: tigris
# The legal commands a mail lists can be copied back: each line, with all
# its choices ("A | B") but one deleted, is accepted as a reply; a line sent
# back with its choices still in it is refused with the line named and
# changes nothing, on the command line and by mail.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
[ -n "$seat" ] || fail "show names nobody awaited"

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
done_ok
