#!/bin/sh
# needs: terra
# Terra Mystica on a map of the game's own (--option map=FILE): a map
# file refused for each kind of fault with one line and nothing created;
# a game on the base map with its terrains permuted, played, shown,
# verified and mailed after the file is gone; a site log naming another
# map refused until its map is given, then replayed on it.
. "$(dirname "$0")/../e2e-lib.sh"

BASE="$ROOT/data/terra/base.map"
[ -f "$BASE" ] || fail "no base map at $BASE"

# Faulty map files: exit 64 (66 unreadable), one line naming the file, the
# line and the rule, and no database made.
sed 's/^B   Y ~ ~ U K ~ ~ Y K ~ ~ Y$/B   Y ~ ~ U K ~ ~ Y K ~ ~/' "$BASE" >short.map
line=$(grep -n '^B ' short.map | cut -d: -f1)
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=short.map
one_line "$T/err"
contains "$T/err" "option map: short.map: line $line: row B has 11 hexes; rows A, C, E, G, I have 13"
sed 's/^A  U S/A  U X/' "$BASE" >letter.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=letter.map
contains "$T/err" "letter.map: line $((line - 1)): row A, hex 2: 'X' is not a terrain"
sed 's/^A  U S/A  S S/' "$BASE" >count.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=count.map
contains "$T/err" "count.map: the map has 10 plains (U) hexes: every terrain has 11"
sed 's/^I  R K S B R G Y U S ~ B G R$/I  ~ K S B R G Y U S R B G R/' "$BASE" >river.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=river.map
contains "$T/err" "river.map: the river is not one connected region: r35 (row I, hex 1)"
sed 's/$/\r/' "$BASE" >crlf.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=crlf.map
contains "$T/err" "crlf.map: line 1: carriage return (byte 0x0d)"
printf 'A  U S\000G\n' >nul.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=nul.map
contains "$T/err" "nul.map: line 1: NUL byte (0x00) at column 7"
printf '# \303\n' >utf8.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=utf8.map
contains "$T/err" "utf8.map: line 1: byte 0xc3 at column 3 is not UTF-8"
head -c 10485760 /dev/zero | tr '\000' '#' >huge.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=huge.map
one_line "$T/err"
contains "$T/err" "option map: huge.map is larger than 8192 bytes"
expect_rc 66 "$ARBITER" new terra --seat ann --seat ben --option map=nowhere.map
contains "$T/err" "option map: cannot read nowhere.map"
# A FIFO (or a device) is refused at once, never waited on.
mkfifo fifo.map
expect_rc 66 timeout 10 "$ARBITER" new terra --seat ann --seat ben --option map=fifo.map
contains "$T/err" "option map: fifo.map is not a regular file"
expect_rc 66 timeout 10 "$ARBITER" new terra --seat ann --seat ben --option map=/dev/zero
[ ! -e "$ARBITER_DB" ] || fail "a refused map made the database"
ok

# The base map with desert and plains, swamp and lakes swapped: valid.
awk '/^[A-I] / { r = substr($0, 2); gsub(/Y/, "y", r); gsub(/U/, "Y", r);
	gsub(/y/, "U", r); gsub(/K/, "k", r); gsub(/B/, "K", r); gsub(/k/, "B", r);
	print substr($0, 1, 1) r; next } { print }' "$BASE" >perm.map
expect_rc 0 "$ARBITER" new terra --seat ann:ann@example.org --seat ben:ben@example.org \
	--option map=perm.map --option maintain-player-order
id=$(cat "$T/out")
rm perm.map			# the game keeps the map's text, not the path
expect_rc 0 "$ARBITER" show "$id"
contains "$T/out" "on the map of the game's options; the site names it"
contains "$T/out" "A1 Y  A2 S  A3 G  A4 K  A5 U"
awk 'length > 80 { exit 1 }' "$T/out" || fail "the report is wider than 80 columns"
permid=$(sed -n '/the site names it/{n;s/^ *//;p;}' "$T/out")
[ "${#permid}" -eq 40 ] || fail "no map id in the report: '$permid'"
expect_rc 0 "$ARBITER" show "$id" --format json
contains "$T/out" "\"map_id\": \"$permid\""
# The start mail names the option, not its 1 KB of text.
grep -l "Options: map=.*(a file of [0-9]* lines)" "$ARBITER_MAILDIR"/new/* >/dev/null ||
	fail "the start mail does not name the map option"
ok
expect_rc 0 "$ARBITER" move "$id" ann "setup witches"
expect_rc 0 "$ARBITER" move "$id" ben "setup nomads"
expect_rc 0 "$ARBITER" move "$id" ann "build A3"
before=$(dbsum)
expect_rc 65 "$ARBITER" move "$id" ben "build A5"	# desert on the base map
one_line "$T/err"
[ "$(dbsum)" = "$before" ] || fail "a rejected move changed the database"
ok
expect_rc 0 "$ARBITER" move "$id" ben "build A1"	# plains on the base map
contains "$T/out" "D2"
expect_rc 0 "$ARBITER" moves "$id" ben
contains "$T/out" "build E2"
expect_rc 0 "$ARBITER" move "$id" ben "build E2"
expect_rc 0 "$ARBITER" verify --all
contains "$T/out" "game $id: ok, 5 moves replayed"
# Refused maps change nothing in an existing database either.
before=$(dbsum)
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=river.map
expect_rc 64 "$ARBITER" new terra --seat ann --seat ben --option map=huge.map
[ "$(dbsum)" = "$before" ] || fail "a refused map changed the database"
ok

# A site log names its map by the site's id.  The base map's id, or
# `map original`, imports as before.
cat >site.log <<EOF
map $permid
setup witches
setup nomads
witches: build A3
nomads: build A1
nomads: build E2
witches: build C3
nomads: build E6
EOF
sed "1s/.*/map 126fe960806d587c78546b30f1a90853b1ada468/" site.log | sed 's/A1$/A5/;s/E2$/B1/;s/E6$/B4/' >base.log
expect_rc 0 "$ARBITER" import terra base.log
sed "1s/.*/map original/" base.log >orig.log
expect_rc 0 "$ARBITER" import terra orig.log
# Another map without its file: refused, naming the id and what to give.
before=$(dbsum)
expect_rc 65 "$ARBITER" import terra site.log
one_line "$T/err"
contains "$T/err" "site.log: map-id: the game is on the site's map $permid, not the base map"
contains "$T/err" "that map's layout is given as a file, with the option map"
# A file of another map than the one the log names: refused.
expect_rc 65 "$ARBITER" import terra site.log --option map="$BASE"
contains "$T/err" "map: the map given is the site's map 126fe960806d587c78546b30f1a90853b1ada468, but the log was played on $permid"
expect_rc 64 "$ARBITER" import terra site.log --option map=short.map
contains "$T/err" "option map: short.map: line $line: row B has 11 hexes"
expect_rc 64 "$ARBITER" import terra site.log --option strict-leech
contains "$T/err" "--option strict-leech: an imported log gives its own options"
[ "$(dbsum)" = "$before" ] || fail "a refused import changed the database"
ok
# With the map's file the log replays on it, and keeps replaying without it.
awk '/^[A-I] / { r = substr($0, 2); gsub(/Y/, "y", r); gsub(/U/, "Y", r);
	gsub(/y/, "U", r); gsub(/K/, "k", r); gsub(/B/, "K", r); gsub(/k/, "B", r);
	print substr($0, 1, 1) r; next } { print }' "$BASE" >perm.map
expect_rc 0 "$ARBITER" import terra site.log --option map=perm.map
imported=$(cat "$T/out")
rm perm.map
expect_rc 0 "$ARBITER" show "$imported"
contains "$T/out" "$permid"
contains "$T/out" "A1 Y"
expect_rc 0 "$ARBITER" verify --all
[ "$(grep -c ': ok' "$T/out")" -eq 4 ] || fail "verify: $(cat "$T/out")"
ok
done_ok
