#!/bin/sh
# needs: tigris
# A game's forum_address gets the public report as a forum post (the board
# in a code box) at the start and after every move, in the format set;
# hands still go to each player alone.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 64 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --set forum_address=not-an-address
one_line "$T/err"
expect_rc 64 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --set forum_format=html
expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
    --set forum_address=topic+7@forum.example.org --set forum_format=bbcode

# forum_post: the newest mail to the forum address, its text in $T/post
forum_post() {
	newest_to topic+7@forum.example.org && cp "$T/text" "$T/post"
}
# same_words A B: B holds A, word for word
same_words() {
	python3 - "$1" "$2" <<'PY'
import sys
a, b = (" ".join(open(p).read().split()) for p in sys.argv[1:3])
sys.exit(0 if a in b else 1)
PY
}
forum_post || fail "no start post to the forum"
# A forum reads the text with its own markup: no HTML part showing the
# markup raw (issue 22, smaller items).
/usr/bin/python3 - "$ARBITER_MAILDIR/new" <<'PY' || fail "a forum post carries an HTML part"
import email, email.policy, os, sys
box = sys.argv[1]
seen = 0
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if m["To"].addresses[0].addr_spec != "topic+7@forum.example.org":
        continue
    seen += 1
    if any(p.get_content_type() == "text/html" for p in m.walk()):
        sys.exit(1)
sys.exit(0 if seen else 1)
PY
ok
"$ARBITER" --format bbcode post 1 >"$T/want"
same_words "$T/want" "$T/post" || fail "the start post is not what arbiter post prints"
contains "$T/post" "[code]"
ok
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
cmd=$("$ARBITER" moves 1 "$seat" | head -1 | sed 's/ |.*//')
expect_rc 0 "$ARBITER" move 1 "$seat" "$cmd"
forum_post
"$ARBITER" --format bbcode post 1 >"$T/want"
same_words "$T/want" "$T/post" || fail "the move's post is not what arbiter post prints"
ok
lacks "$T/post" "Behind your screen"
newest_mail "$seat" || fail "no mail to $seat"
contains "$T/mail" "Behind your screen"
# Markdown, then none.
expect_rc 0 "$ARBITER" game 1 --set forum_format=markdown
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
expect_rc 0 "$ARBITER" move 1 "$seat" pass
forum_post
"$ARBITER" --format markdown post 1 >"$T/want"
same_words "$T/want" "$T/post" || fail "the markdown post is not what arbiter post prints"
contains "$T/post" '```'
ok
expect_rc 0 "$ARBITER" game 1 --set forum_address=
before=$(ls "$ARBITER_MAILDIR/new" | wc -l)
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
expect_rc 0 "$ARBITER" move 1 "$seat" pass
[ $(($(ls "$ARBITER_MAILDIR/new" | wc -l) - before)) -eq 2 ] || fail "a post after the forum address was removed"
ok
done_ok
