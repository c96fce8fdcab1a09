#!/bin/sh
# make demo shows what it says: ada's last mail (the one about the last
# move, although Maildir names do not sort by time) and no stray lines.
# needs: tigris
# backend: sqlite — make demo plays in a SQLite file of its own (tools/demo.sh sets ARBITER_DB=demo.db)
. "$(dirname "$0")/../e2e-lib.sh"

unset ARBITER_DB ARBITER_MAILDIR
expect_rc 0 sh "$ROOT/tools/demo.sh"
cp "$T/out" "$T/demo"
last=$(sed -n 's/^ *\([0-9][0-9]*\)  [0-9-]* [0-9:]*  .*/\1/p' "$T/demo" | tail -1)
[ -n "$last" ] || fail "the demo prints no log"
sed -n '/^==== mail/,$p' "$T/demo" >"$T/mail"
contains "$T/mail" "here is ada's last"
contains "$T/mail" "Subject: [arbiter #1] Demo game: move $last,"
contains "$T/mail" "ada,"
# Every line of the mail part is a sentence or the mail, never a bare count.
if grep -qx '[0-9][0-9]*' "$T/mail"; then
	fail "the demo prints a stray count: $(grep -x '[0-9][0-9]*' "$T/mail")"
fi
ok
done_ok
