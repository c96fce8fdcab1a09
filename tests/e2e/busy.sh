#!/bin/sh
# needs: tigris
# backend: sqlite — it holds the SQLite file's write lock from a sqlite3 process
# A writer that finds the database's write lock held waits for it (trying
# every millisecond, not on SQLite's own back-off of up to 100 ms between
# tries), up to 10 s; then it is "busy": `arbiter mail` exits 75 and
# changes nothing, so the MTA keeps the mail and delivers it again, which
# then acts once.  The lock is held by a bare sqlite3 process (BEGIN
# IMMEDIATE, then a sleep): the only way to hold it from outside.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
id=$(cat "$T/out")
for s in ann ben; do
	"$ARBITER" moves "$id" $s >"$T/moves" 2>/dev/null && break
done
newest_mail $s || fail "no mail to $s"
mail_of $s busy-1 "$(head -1 "$T/moves")" "$(cat "$T/reply-to")" >"$T/in.eml"

# hold SECONDS: the write lock, held by a sqlite3 process in the background
# from when this returns ($holder its pid).
hold() {
	rm -f "$T/held"
	{ echo "BEGIN IMMEDIATE; INSERT INTO meta (key, value) VALUES ('busy-test', 'x');"
	  echo ".shell touch '$T/held'"
	  sleep "$1"
	  echo "ROLLBACK;"; } | sqlite3 "$ARBITER_DB" &
	holder=$!
	i=0
	while [ ! -e "$T/held" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
	[ -e "$T/held" ] || fail "sqlite3 did not take the write lock"
}
moves() { sql "SELECT nmoves FROM games WHERE id = $id"; }
n0=$(moves)

# Held longer than the 10 s a writer waits: busy, 75, nothing changed.
before=$(dbsum)
hold 13
expect_rc 75 "$ARBITER" mail <"$T/in.eml"
contains "$T/err" "database is locked"
wait "$holder"
[ "$(dbsum)" = "$before" ] || fail "a mail refused as busy changed the database"
ok

# Held for a moment: the writer waits it out and the mail acts, once.
hold 1
expect_rc 0 "$ARBITER" mail <"$T/in.eml"
wait "$holder"
[ "$(moves)" -eq $((n0 + 1)) ] || fail "the move was not applied once after the wait: $(moves) moves"
ok
# The MTA's redelivery of the same mail does nothing.
expect_rc 0 "$ARBITER" mail <"$T/in.eml"
[ "$(moves)" -eq $((n0 + 1)) ] || fail "the redelivered mail acted again"
ok
done_ok
