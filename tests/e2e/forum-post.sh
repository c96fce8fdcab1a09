#!/bin/sh
# needs: tigris terra warriors
# `arbiter post GAME`: the board in a code box, the rest as ordinary text
# with the title and names escaped for the forum's markup (BBCode by
# default, Markdown on request), nothing hidden in it.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat 'ad[b]a' --seat '*bo*' \
    --title 'A [b]big[/b] _game_ [/code]'
expect_rc 0 "$ARBITER" post 1
cp "$T/out" "$T/bb"
zw=$(printf '\342\200\213')
# BBCode: exactly one code box, holding the grid; the seats after it.
[ "$(grep -c '^\[code\]$' "$T/bb")" -eq 1 ] || fail "not one code box: $(cat "$T/bb")"
[ "$(grep -c '^\[/code\]$' "$T/bb")" -eq 1 ] || fail "not one code box end"
ok
sed -n '/^\[code\]$/,/^\[\/code\]$/p' "$T/bb" >"$T/box"
sed -n '/^\[\/code\]$/,$p' "$T/bb" >"$T/after"
contains "$T/box" "    A   B   C   D"
contains "$T/after" "Tiles in the bag:"
contains "$T/after" "Waiting for "
# No tag from a title or a name: "[" is followed by a zero-width space.
head -1 "$T/bb" >"$T/head"
contains "$T/head" "[${zw}b]big[${zw}/b] _game_ [${zw}/code]"
contains "$T/after" "ad[${zw}b]a"
lacks "$T/after" "ad[b]a"
# The public report only: nothing from behind a screen.
lacks "$T/bb" "Behind your screen"
lacks "$T/bb" "hand:"

# Markdown: a fenced board, escaped prose with hard line breaks.
expect_rc 0 "$ARBITER" --format markdown post 1
cp "$T/out" "$T/md"
[ "$(grep -c '^```$' "$T/md")" -eq 2 ] || fail "not one fenced block: $(cat "$T/md")"
ok
head -1 "$T/md" >"$T/head"
contains "$T/head" '**A \[b\]big\[/b\] \_game\_ \[/code\]**'
contains "$T/md" '2 \*bo\*'
contains "$T/md" 'Tiles in the bag: 131'
# Nothing of the report is lost: each line of `show` without markup
# characters is in the post.
expect_rc 0 "$ARBITER" show 1
grep -v '[][*_#|~<>\\`]' "$T/out" | sed '1d;/^$/d' | while IFS= read -r line; do
	grep -qxF -- "$line" "$T/bb" || { echo "missing: $line"; exit 1; }
done || fail "the post lost a line of the report"
ok
expect_rc 64 "$ARBITER" --format json post 1
one_line "$T/err"

# Every table that lines up its columns with spaces is in a code box: a
# forum's proportional font would break it (issue 22, smaller items).  In
# each game's post, in both markups, no line outside a code box lines up
# columns after its text begins.
expect_rc 0 "$ARBITER" new terra --seat ann --seat ben
expect_rc 0 "$ARBITER" new warriors --seat cat --seat dan --seat eve
for g in 1 2 3; do
	for f in bbcode markdown; do
		expect_rc 0 "$ARBITER" --format $f post $g
		/usr/bin/python3 - "$T/out" "$f" <<'PY' || fail "game $g, $f: a table outside a code box"
import re, sys
text, fmt = open(sys.argv[1]).read().splitlines(), sys.argv[2]
inside = False
for line in text[1:]:
    if (fmt == "bbcode" and line in ("[code]", "[/code]")) or (fmt == "markdown" and line == "```"):
        inside = not inside
        continue
    if not inside and re.search(r"\S  +\S", line.rstrip()):
        print("outside a code box: %r" % line, file=sys.stderr)
        sys.exit(1)
PY
		ok
	done
done
done_ok
