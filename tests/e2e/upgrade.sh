#!/bin/sh
# needs: tigris
# backend: sqlite — the database of the version before is rebuilt by hand with sqlite3
# A database of an older schema (13: each mail's text in its outbox row,
# and no owner of a mail's claim) opened by this arbiter: any command
# upgrades it, a reading one included; the mail queued before goes out
# once, as it was; the games replay.
. "$(dirname "$0")/../e2e-lib.sh"

# The mail of the version before had no pictures.
export ARBITER_MAIL_PICTURES=no
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
LATEST=$(sql "PRAGMA user_version")
# Schema 13, as the version before left it: the text in the outbox row,
# and none of what later versions added (15: invitations accepted by reply;
# 16: preferences, held news, digests; 17: answers held back by a limit;
# 18: a resignation to confirm; 19: standings; 20: pictures; 21: the owner
# of a mail's claim; 22: the position a mail shows; 23: its picture's
# position is that one).
sqlite3 "$ARBITER_DB" "BEGIN;
DROP TABLE ratings;
ALTER TABLE seats DROP COLUMN confirm_serial;
DROP INDEX outbox_held;
ALTER TABLE outbox DROP COLUMN held;
DROP TABLE prefs;
DROP TABLE news;
DROP TABLE digests;
DROP TABLE opened;
DROP INDEX table_seats_nonce;
ALTER TABLE table_seats DROP COLUMN nonce;
ALTER TABLE table_seats DROP COLUMN mailed_at;
ALTER TABLE tables DROP COLUMN opener;
ALTER TABLE identities DROP COLUMN invited_at;
ALTER TABLE identities DROP COLUMN accepted_at;
ALTER TABLE outbox DROP COLUMN claimed_by;
ALTER TABLE outbox DROP COLUMN seq;
ALTER TABLE outbox ADD COLUMN message BLOB NOT NULL DEFAULT x'';
UPDATE outbox SET message = (SELECT message FROM outbox_body b WHERE b.id = outbox.id);
DROP TABLE outbox_body;
DROP TABLE pictures;
PRAGMA user_version = 13;
COMMIT;" || fail "cannot make the old schema"
cp "$ARBITER_DB" "$T/copy.db"

# A reading command upgrades it and works at once.
expect_rc 0 "$ARBITER" list
contains "$T/out" "Tigris"
[ "$(sql "PRAGMA user_version")" = "$LATEST" ] || fail "list did not upgrade the schema"
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
contains "$T/out" "schema $LATEST, upgraded from 13"
expect_rc 0 "$ARBITER" --db "$T/copy.db" migrate
contains "$T/out" "schema $LATEST, already current"
done_ok
