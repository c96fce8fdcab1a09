#!/bin/sh
# needs: tigris
# Table talk: "say TEXT" lines in a reply are the player's words, passed
# on to the table marked as theirs - with the move's mail when the mail
# holds a move, at once when it holds only words - never read as
# commands, never stored in the log, never passed on when the move is
# refused.
. "$(dirname "$0")/../e2e-lib.sh"

# A seed that has ada start.
export ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
[ "$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')" = ada ] ||
    fail "the seed no longer has ada start"
ok


# With a move: the words travel with the new board.
reply ada m1 "Hi all,
pass
say Good luck, bo! <b>&amp;</b>"
contains "$T/joined" "Your move was applied as move 1"
contains "$T/joined" "with your words to the table"
newest_mail bo
contains "$T/mail" "Table talk (the players' own words; arbiter does not read them):"
contains "$T/mail" 'ada says: "Good luck, bo! <b>&amp;</b>"'
# The HTML alternative shows them as text, not markup.
python3 - "$ARBITER_MAILDIR/new" <<'PY' || fail "the HTML part carries the words as markup"
import email, email.policy, os, sys
box = sys.argv[1]
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    html = m.get_body(preferencelist=("html",))
    if html is None or "Good luck" not in html.get_content():
        continue
    c = html.get_content()
    if "<b>&amp;</b>" in c or "&lt;b&gt;&amp;amp;&lt;/b&gt;" not in c:
        sys.exit(1)
PY
ok
expect_rc 0 "$ARBITER" log 1
lacks "$T/out" "luck"
contains "$T/out" "ada: pass"

# Words alone: passed on at once, nothing played.
reply bo m2 "say Thanks - thinking it over."
contains "$T/joined" "Your words were passed on to the table."
newest_mail ada
contains "$T/subject" "bo says"
contains "$T/joined" 'bo says: "Thanks - thinking it over."'
expect_rc 0 "$ARBITER" log 1
[ "$(grep -c ': ' "$T/out")" -eq 1 ] || fail "words alone played something: $(cat "$T/out")"
ok

# A refused move takes the words with it.
newest_mail ada
before=$(ls "$ARBITER_MAILDIR/new" | wc -l)
reply bo m3 "tile red Z99
say this should not reach anyone"
contains "$T/joined" "nor passed on your words to the table"
grep -rl "should not reach" "$ARBITER_MAILDIR/new" >"$T/found" || true
[ "$(wc -l <"$T/found")" -eq 0 ] || fail "refused words were passed on: $(cat "$T/found")"
ok

# Too many lines: refused, with the reason.
reply bo m4 "say 1
say 2
say 3
say 4
say 5
say 6"
contains "$T/joined" "Your words were not passed on: say: at most 5 lines"
done_ok
