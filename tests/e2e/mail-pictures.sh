#!/bin/sh
# needs: tigris terra warriors
# The board's picture in mail, for every game, as readers get it.  Each
# game's mail is read by Python's email parser (text part, then a
# multipart/related HTML with the picture by cid: above the report; under
# 150 KB), its HTML rendered by headless Chromium with cid: resolved as a
# mail client does, and the screenshot must show the picture 1:1, not
# blank.  The mails of one move all carry the same picture, kept once in
# the database; with mail_pictures = no the mail is as it was (no picture
# part, no cid:); a move with --no-send draws nothing.  When cairo cannot
# be loaded, the mail still goes, without its picture.
# The screenshots and pictures stay in $PICTURES_OUT when it is set.
. "$(dirname "$0")/../e2e-lib.sh"

CHECK="/usr/bin/python3 $ROOT/tests/mail/picture_check.py"
BROWSER=$(command -v chromium || command -v chromium-browser) ||
	{ echo "skipped: no chromium (make deps installs it)"; exit 77; }

# play GAME N: N submissions of the first legal line of each awaited seat.
play() {
	k=0
	while [ $k -lt "$2" ]; do
		seats=$("$ARBITER" --format json show "$1" |
		    /usr/bin/python3 -c 'import json,sys; print(" ".join(str(w["seat"]) for w in json.load(sys.stdin)["waiting"]))')
		[ -n "$seats" ] || break
		for s in $seats; do
			"$ARBITER" moves "$1" "$s" >"$T/moves" 2>/dev/null || continue
			line=$(grep -v '^pass' "$T/moves" | head -1)
			[ -n "$line" ] || line=$(head -1 "$T/moves")
			"$ARBITER" move --no-send "$1" "$s" "$line" >/dev/null 2>&1 ||
			    fail "game $1 seat $s: '$line' refused"
		done
		k=$((k + 1))
	done
}

# newest GAME: the file of the newest mail about game GAME.
newest() {
	grep -l "^Subject: \[arbiter #$1\]" "$ARBITER_MAILDIR"/new/* 2>/dev/null |
	    sed 's/.*_\([0-9]*\)$/\1 &/' | sort -n | tail -1 | cut -d' ' -f2
}

# shoot GAME NAME: the newest mail of GAME, parsed, rendered and compared.
shoot() {
	f=$(newest "$1")
	name=$2
	[ -n "$f" ] || fail "no mail about game $1"
	mkdir -p "$T/$name"
	set -- $($CHECK mail "$f" "$T/$name")
	[ $# -eq 3 ] || fail "$name: the mail is not as it should be: $*"
	w=$1 h=$2 size=$3
	[ "$size" -lt 153600 ] || fail "$name: the mail with its picture takes $size bytes, over 150 KB"
	ok
	"$BROWSER" --headless --no-sandbox --disable-gpu --disable-background-networking \
	    --disable-component-update --disable-sync --no-first-run \
	    --user-data-dir="$T/chromium-$name" --window-size=$((w + 60)),$((h + 160)) \
	    --hide-scrollbars --screenshot="$T/$name/shot.png" "file://$T/$name/page.html" \
	    >"$T/$name/chromium.log" 2>&1 || fail "chromium failed: $(tail -3 "$T/$name/chromium.log")"
	[ -s "$T/$name/shot.png" ] || fail "$name: chromium took no screenshot"
	set -- $($CHECK shot "$T/$name/shot.png" "$T/$name/board.png")
	[ $# -eq 4 ] || fail "$name: the screenshot: $*"
	# The picture where the page puts it, shown pixel for pixel, and not blank.
	[ "$1" -le 40 ] && [ "$2" -le 80 ] || fail "$name: the picture is at $1,$2"
	case "$3" in 1.0000 | 0.99*) ;; *) fail "$name: only $3 of the picture's pixels shown" ;; esac
	[ "$4" -ge 20 ] || fail "$name: the picture's region holds $4 colours: blank"
	ok
	echo "$name: ${w}x$h picture, mail $size bytes, shown at $1,$2 ($3 of its pixels)"
	if [ -n "${PICTURES_OUT:-}" ]; then
		mkdir -p "$PICTURES_OUT"
		cp "$T/$name/shot.png" "$PICTURES_OUT/$name-mail.png"
		cp "$T/$name/board.png" "$PICTURES_OUT/$name.png"
	fi
}

# Tigris: a few turns of two players.
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
play 1 6
expect_rc 0 "$ARBITER" send
shoot 1 tigris
# A move keeps no view for its pictures: each of its mails names the
# position it shows, the game after that move, which delivery draws.
[ "$(sql "SELECT count(*) FROM pictures")" = 0 ] || fail "a move kept a view of the board"
n=$(sql "SELECT count(*) FROM outbox_body b JOIN outbox o USING (id) WHERE o.game_id = 1 AND b.picture_at IS NOT NULL")
[ "$n" -gt 0 ] || fail "no mail of game 1 names a picture"
n=$(sql "SELECT count(*) FROM outbox_body b JOIN outbox o USING (id) WHERE o.game_id = 1 AND b.picture_at IS NOT NULL AND (b.picture IS NOT NULL OR o.seq < 0 OR o.seq > (SELECT nmoves FROM games WHERE id = 1))")
[ "$n" = 0 ] || fail "$n mails name a position the game never had"
ok

# Terra Mystica: a real game to its last rounds, on the command line; the
# mail a seat gets when its address is set.
head -230 "${ARBITER_SHARED:-$ROOT/../shared}/games/terra/4pLeague_S1_D1L1_G2.log" >"$T/terra.log"
expect_rc 0 "$ARBITER" import terra "$T/terra.log"
id=$(cat "$T/out")
expect_rc 0 "$ARBITER" seat "$id" 1 --address ann@example.org
shoot "$id" terra

# A game's end mail carries its record as well: with long names and words
# said it would pass 150 KB with the picture, and goes without it instead.
head -n -1 "$ROOT/tests/terra/reference/random-g2027.log" >"$T/end.log"
expect_rc 0 "$ARBITER" import terra "$T/end.log"
eid=$(cat "$T/out")
long=$(printf 'x%.0s' $(seq 50))
for i in 1 2 3 4 5; do
	expect_rc 0 "$ARBITER" seat "$eid" $i --name "player$i-$long" --no-send
	expect_rc 0 "$ARBITER" seat "$eid" $i --address "player$i-$long@a-long-domain-name.example.org" \
	    --no-send
done
said=$(printf 'say %s' "$(printf 'word%.0s ' $(seq 40))")
touch "$T/before-end"
sleep 1
expect_rc 0 "$ARBITER" move "$eid" 2 "pass
$said
$said
$said
$said
$said
$said
$said
$said"
contains "$T/err" "goes without its board picture: with it, it would take over 153600 bytes"
bare=0
for f in $(find "$ARBITER_MAILDIR/new" -type f -newer "$T/before-end"); do
	size=$(wc -c <"$f")
	[ "$size" -lt 153600 ] || fail "an end mail takes $size bytes, over 150 KB"
	grep -q "^Content-Type: image/png" "$f" || bare=$((bare + 1))
done
[ "$bare" -gt 0 ] || fail "no end mail went without its picture: the test no longer passes 150 KB"
ok

# Warriors & Traders: three countries, into their first turns.
expect_rc 0 "$ARBITER" new warriors --seat ann:ann@example.org --seat ben:ben@example.org \
	--seat cy:cy@example.org
wid=$(cat "$T/out")
play "$wid" 12
expect_rc 0 "$ARBITER" send
shoot "$wid" warriors

# show draws, to a file of its user's alone or to standard output; in SVG too.
expect_rc 0 "$ARBITER" show 1 --format png -o "$T/b.png"
[ "$(stat -c %a "$T/b.png")" = 600 ] || fail "show -o made a file others may read"
"$ARBITER" --format png show 1 | cmp -s - "$T/b.png" || fail "show --format png to stdout differs"
( cd "$T" && "$ARBITER" show 1 --format png -o - ) | cmp -s - "$T/b.png" ||
	fail "show -o - did not write to standard output"
[ ! -e "$T/-" ] || fail "show -o - made a file named -"
ok
expect_rc 0 "$ARBITER" show 1 --format svg --output "$T/b.svg"
contains "$T/b.svg" "<svg"
# A picture holds nothing hidden: no --as.
expect_rc 64 "$ARBITER" show 1 --format png --as ann
contains "$T/err" "public board only"
# Every other command of the table refuses a picture format: as a usage
# error (64), and `mail`, run by the MTA, with 75 so the mail waits.
for c in $("$ARBITER" help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	[ "$c" = show ] && continue
	want=64
	[ "$c" = mail ] && want=75
	for f in png svg; do
		expect_rc $want "$ARBITER" "$c" --format "$f"
		contains "$T/err" "only show draws one"
	done
done

# mail_pictures = no: the mail of before, without picture or cid:.
export ARBITER_MAIL_PICTURES=no
play 1 1
expect_rc 0 "$ARBITER" send
unset ARBITER_MAIL_PICTURES
kinds=$($CHECK bare "$(newest 1)") || fail "$kinds"
[ "$kinds" = "multipart/alternative text/plain text/html" ] || fail "without pictures: $kinds"
ok
# A move taken back before its mail went: that mail does not go (it would
# show a board that is no more); the restored board's mail goes, with the
# restored board's picture.  With pictures off the same.
for pictures in yes no; do
	ARBITER_MAIL_PICTURES=$pictures play 1 1
	nm=$(sql "SELECT nmoves FROM games WHERE id = 1")
	n=$(sql "SELECT count(*) FROM outbox WHERE game_id = 1 AND sent_at = 0 AND seq = $nm")
	[ "$n" -gt 0 ] || fail "the mails of move $nm do not say which move they show"
	expect_rc 0 "$ARBITER" undo --force --no-send 1
	n=$(sql "SELECT count(*) FROM outbox WHERE game_id = 1 AND sent_at = 0 AND seq >= $nm")
	[ "$n" = 0 ] || fail "$n mails of move $nm, taken back, are still to go (pictures $pictures)"
	n=$(sql "SELECT count(*) FROM outbox_body WHERE id NOT IN (SELECT id FROM outbox)")
	[ "$n" = 0 ] || fail "$n bodies of mails dropped are left"
	n=$(sql "SELECT count(*) FROM outbox WHERE game_id = 1 AND sent_at = 0 AND seq = $((nm - 1))")
	[ "$n" -gt 0 ] || fail "the restored board is mailed to nobody"
	touch "$T/before-undo-send"
	sleep 1
	expect_rc 0 "$ARBITER" send
	for f in $(find "$ARBITER_MAILDIR/new" -type f -newer "$T/before-undo-send"); do
		grep -q "^Subject: \[arbiter #1\]" "$f" || continue
		grep -q "move $((nm - 1))" "$f" || fail "a mail after the undo is not about move $((nm - 1)): $f"
		if [ $pictures = yes ]; then
			grep -q "^Content-Type: image/png" "$f" || fail "the restored board's mail has no picture"
		fi
	done
	ok
done
# A bad value is refused, naming the setting.
expect_rc 78 env ARBITER_MAIL_PICTURES=maybe "$ARBITER" move 1 ann pass
contains "$T/err" "mail_pictures must be yes or no"

# A player's own choice: "pictures off" to the site address, and that
# player's mail of the game is the text alone, while the others' keep it.
export ARBITER_FROM=games@example.org
SITE=games@example.org
confirmed ann@example.org pic1 "pictures off"
contains "$T/joined" "Noted: pictures off, for all your games"
play 1 1
expect_rc 0 "$ARBITER" send
for who in ann ben; do
	f=$(grep -l "^To: .*<$who@example.org>" $(grep -l "^Subject: \[arbiter #1\]" "$ARBITER_MAILDIR"/new/*) |
	    sed 's/.*_\([0-9]*\)$/\1 &/' | sort -n | tail -1 | cut -d' ' -f2)
	[ -n "$f" ] || fail "no mail of game 1 to $who"
	case $who in
	ann) kinds=$($CHECK bare "$f") || fail "ann said pictures off and got: $kinds"
		[ "$kinds" = "multipart/alternative text/plain text/html" ] ||
		fail "ann said pictures off and got: $kinds" ;;
	ben) mkdir -p "$T/ben"
		set -- $($CHECK mail "$f" "$T/ben")
		[ $# -eq 3 ] || fail "ben kept the pictures and got: $*" ;;
	esac
	ok
done
confirmed ann@example.org pic2 "pictures on"
contains "$T/joined" "Noted: pictures on, for all your games"

# Without cairo the mail goes all the same, without its picture.
lib=$(/sbin/ldconfig -p | sed -n 's/.*libcairo.so.2 .*=> //p' | head -1)
if [ -n "$lib" ] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	play 1 1
	unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$lib" "$ARBITER" send \
	    >"$T/out" 2>"$T/err" || fail "send without cairo failed: $(cat "$T/err")"
	contains "$T/err" "mail goes without its board picture"
	contains "$T/err" "libcairo"
	kinds=$($CHECK bare "$(newest 1)") || fail "$kinds"
	[ "$kinds" = "multipart/alternative text/plain multipart/related text/html" ] ||
	    fail "without cairo: $kinds"
	ok
else
	echo "note: no mount namespace here; the mail without cairo was not tried"
fi
done_ok
