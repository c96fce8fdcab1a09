#!/bin/sh
# needs: tigris
# backend: sqlite — the database of the version before is rebuilt by hand with sqlite3
# A database of an older schema (13: each mail's text in its outbox row,
# and no owner of a mail's claim) opened by this arbiter: any command
# upgrades it, a reading one included; the mail queued before goes out
# once, as it was; the games replay.
. "$(dirname "$0")/../e2e-lib.sh"

expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
expect_rc 0 "$ARBITER" send
for k in 1 2 3; do
	for s in ann ben; do
		if "$ARBITER" moves 1 $s >"$T/moves" 2>/dev/null; then
			expect_rc 0 "$ARBITER" move --no-send 1 $s "$(head -1 "$T/moves")"
			break
		fi
	done
done
queued=$(sql "SELECT count(*) FROM outbox WHERE sent_at = 0")
[ "$queued" -gt 0 ] || fail "no mail queued"
sql "SELECT o.id, hex(message) FROM outbox o JOIN outbox_body USING (id) ORDER BY o.id" >"$T/before"
# Schema 13, as that version left it: the text in the outbox row.
sqlite3 "$ARBITER_DB" "BEGIN;
ALTER TABLE outbox DROP COLUMN claimed_by;
ALTER TABLE outbox ADD COLUMN message BLOB NOT NULL DEFAULT x'';
UPDATE outbox SET message = (SELECT message FROM outbox_body b WHERE b.id = outbox.id);
DROP TABLE outbox_body;
PRAGMA user_version = 13;
COMMIT;" || fail "cannot make the old schema"
cp "$ARBITER_DB" "$T/copy.db"

# A reading command upgrades it and works at once.
expect_rc 0 "$ARBITER" list
contains "$T/out" "Tigris"
[ "$(sql "PRAGMA user_version")" = 15 ] || fail "list did not upgrade the schema"
[ "$(sql "SELECT count(*) FROM outbox WHERE claimed_by = ''")" -eq "$(sql "SELECT count(*) FROM outbox")" ] ||
	fail "the claims have no owner column after the upgrade"
sql "SELECT o.id, hex(message) FROM outbox o JOIN outbox_body USING (id) ORDER BY o.id" >"$T/after"
cmp -s "$T/before" "$T/after" || fail "the mail changed in the upgrade"
ok
expect_rc 0 "$ARBITER" send
contains "$T/out" "$queued sent, 0 deferred, 0 refused; 0 still queued"
expect_rc 0 "$ARBITER" send
contains "$T/out" "0 sent"
expect_rc 0 "$ARBITER" verify --all

# migrate says what it did, on the copy and then again.
expect_rc 0 "$ARBITER" --db "$T/copy.db" migrate
contains "$T/out" "schema 15, upgraded from 13"
expect_rc 0 "$ARBITER" --db "$T/copy.db" migrate
contains "$T/out" "schema 15, already current"
done_ok
