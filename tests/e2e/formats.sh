#!/bin/sh
# needs: tigris warriors
# Every command of the table (`arbiter help`) in every format of the list
# (`arbiter --help`): a command either prints the format or refuses it as
# usage (64, one line naming what it prints) — no format is ignored, so
# plain text never goes out as a forum's format or as json.  What a
# command prints in a forum's format holds the players' strings (seat
# names, the title) escaped: none becomes a live tag, and none closes the
# code box that holds the board.  What it prints in json parses as JSON.
# A command that takes a format is run to a result in it (exit 0) or to a
# refusal by the game's rules (65), with operands tried from the table's
# usual shapes, so a command that takes a new format is checked by taking it.
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
# Output formats, not a backend: a SQLite file, copied back after each run.
export ARBITER_DB="$T/formats.db"
# Hostile names: BBCode that would close the code box and open tags, and
# Markdown that would close the fence and embolden.
A='x[/code][b]A[/b]'
B='y```**B**'
TITLE='[img]http://e.example/t.png[/img] **T** [u](http://e.example)'
expect_rc 0 "$ARBITER" new tigris --seat "$A:a@example.org" --seat "$B:b@example.org" \
    --title "$TITLE"
expect_rc 0 "$ARBITER" new warriors --seat "$A:a@example.org" --seat "$B:b@example.org" \
    --title "$TITLE"

formats=$("$ARBITER" --help | sed -n 's/^usage: arbiter .*--format \([a-z|]*\)\].*/\1/p' | tr '|' ' ')
[ -n "$formats" ] || fail "no format list in arbiter --help"
commands=$("$ARBITER" help | sed -n 's/^  \([a-z]*\) .*/\1/p')
[ -n "$commands" ] || fail "no command list in arbiter help"

# check FORMAT FILE WHAT: the output of a command in FORMAT holds no live markup.
check() {
	case $1 in
	bbcode)
		for bad in '[/code][b]' '[img]' 'A[/b]' '[u]'; do
			grep -qF -- "$bad" "$2" && fail "$3 prints '$bad' live: $(grep -F -- "$bad" "$2" | head -2)"
		done
		# The code boxes open and close in pairs, a close alone on its line.
		[ "$(grep -c '^\[code\]$' "$2")" -eq "$(grep -c '\[/code\]' "$2")" ] ||
			fail "$3: a name closes the code box: $(grep -F '[/code]' "$2" | head -3)"
		;;
	markdown)
		for bad in 'y```' '**T**' '[u](' '[img]'; do
			grep -qF -- "$bad" "$2" && fail "$3 prints '$bad' live: $(grep -F -- "$bad" "$2" | head -2)"
		done
		[ $(($(grep -c '^```$' "$2") % 2)) -eq 0 ] || fail "$3: a fence is left open"
		;;
	json)
		/usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$2" 2>/dev/null ||
			fail "$3 does not print JSON: $(head -c 300 "$2")"
		;;
	esac
	return 0
}

# Each game's first awaited seat (by its own view) and a legal command of it.
for game in 1 2; do
	s=$("$ARBITER" moves $game "$A" >/dev/null 2>&1 && echo "$A" || echo "$B")
	c=$("$ARBITER" moves $game "$s" | grep -v '^#' | head -1)
	[ -n "$c" ] || fail "game $game: no legal command for $s"
	eval "seat$game=\$s cmd$game=\$c"
done

n=0
for f in $formats; do
	# Text every command prints; pictures: mail-pictures.sh.
	case $f in text | png | svg) continue ;; esac
	for c in $commands; do
		took=0 done=0 refused=0
		for game in 1 2; do
			[ $refused -eq 0 ] || break
			eval "seat=\$seat$game cmd=\$cmd$game"
			for ops in "" "$game" "$game|$seat" "$game|$seat|$cmd" "$game|$cmd" "tigris"; do
				for x in "" -wal -shm; do
					rm -f "$T/keep.db$x"
					[ ! -e "$ARBITER_DB$x" ] || cp "$ARBITER_DB$x" "$T/keep.db$x"
				done
				IFS='|'
				# shellcheck disable=SC2086
				set -- $ops
				unset IFS
				"$ARBITER" --format "$f" "$c" "$@" </dev/null >"$T/out" 2>"$T/err"
				rc=$?
				for x in "" -wal -shm; do
					rm -f "$ARBITER_DB$x"
					[ ! -e "$T/keep.db$x" ] || cp "$T/keep.db$x" "$ARBITER_DB$x"
				done
				if [ $rc -eq 64 ] && grep -q -- "--format $f: $c prints" "$T/err"; then
					[ "$(wc -l <"$T/err")" -eq 1 ] || fail "$c --format $f: more than one line"
					grep -q -- "$c prints .*text" "$T/err" || fail "$c: $(cat "$T/err")"
					refused=1
					break
				fi
				if [ "$c" = mail ] && [ $rc -eq 75 ] && grep -q "prints" "$T/err"; then
					refused=1
					break
				fi
				took=1
				[ $rc -eq 0 ] || [ $rc -eq 65 ] || continue
				done=1
				[ $rc -eq 0 ] || continue
				check "$f" "$T/out" "arbiter --format $f $c $ops"
				n=$((n + 1))
				[ -z "${VERBOSE:-}" ] || echo "checked: $f $c $ops" >&2
			done
		done
		[ $took -eq 0 ] || [ $done -eq 1 ] || fail "$c takes --format $f but no operands ran it"
	done
done
[ $n -gt 20 ] || fail "only $n outputs checked"
ok
# The frames themselves were met: the board in a forum's code box.
expect_rc 0 "$ARBITER" --format bbcode show 1
contains "$T/out" "[code]"
expect_rc 0 "$ARBITER" --format markdown post 2
contains "$T/out" '```'
echo "ok: $n outputs checked"
