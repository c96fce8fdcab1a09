#!/bin/sh
# bench/moves.sh - one `arbiter move` as a ratio to the floor, measured in
# the same run: the floor is a bare sqlite3 process doing BEGIN IMMEDIATE;
# INSERT; COMMIT on the same disk with arbiter's pragmas (WAL,
# synchronous=FULL).  Runs are interleaved; each figure is the median of
# the paired ratios.  Peak memory (max RSS) as a ratio to the floor's too.
# Modes: --no-send (mail queued only), maildir (the default delivery) and
# smtp (sent to a local SMTP server, tests/mail/smtpd.py on 127.0.0.1),
# the last two with the board's picture in the mail (drawn once for the
# move's mails, after its commit) and without (mail_pictures = no).
# These rows time what the user waits for: with deliver = background (the
# default) the move returns before its mail is delivered by a detached
# process, which is waited for outside the timed region before the next
# run (it would share the machine with it).  The rows "... until
# delivered" time the same move with deliver = foreground: until its mail
# is in the Maildir or taken by the server.
# Prints a table; asserts nothing.  Usage: sh bench/moves.sh [RUNS]
set -e
. "$(pwd)/bench/summary.sh"
A=$(pwd)/arbiter
RUNS=${1:-30}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
export HOME="$W" ARBITER_MAILDIR="$W/mail"
unset ARBITER_SMTP_URL ARBITER_DELIVER

floor_init

# A game of each kind (its id in $id), and a legal move of a seat it waits for.
setup() {	# setup GAME SEATS...
	g=$1
	shift
	args=""
	for s in "$@"; do args="$args --seat $s:$s@example.org"; done
	id=$("$A" --db "$W/$g.db" new $g $args)
}
next_move() {	# next_move GAME: "SEAT COMMAND" of a legal move, or nothing
	for s in ann ben cat; do
		if "$A" --db "$W/$1.db" moves "$id" $s >"$W/moves" 2>/dev/null; then
			echo "$s"
			return 0
		fi
	done
	return 1
}
# settle: wait until no detached delivery of this bench runs any more (an
# arbiter leading a session of its own, with this bench's HOME).
EXE=$(readlink -f "$A")
settle() {
	while :; do
		busy=
		for p in /proc/[0-9]*; do
			[ "$(readlink "$p/exe" 2>/dev/null)" = "$EXE" ] || continue
			[ "$(sed 's/^.*) //' "$p/stat" 2>/dev/null | cut -d' ' -f4)" = "${p#/proc/}" ] ||
				continue
			if tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qxF "HOME=$W"; then
				busy=1
			fi
		done
		[ -n "$busy" ] || return 0
		sleep 0.01
	done
}
# The SMTP server of the smtp mode, stopped on exit.
mkdir -p "$W/smtp"
/usr/bin/python3 "$(pwd)/tests/mail/smtpd.py" "$W/smtp" --lifetime 3600 >/dev/null 2>&1 &
smtpd=$!
trap 'kill $smtpd 2>/dev/null; rm -rf "$W"' EXIT
i=0
while [ ! -s "$W/smtp/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
smtp_url="smtp://127.0.0.1:$(cat "$W/smtp/port")"

printf '%-10s %-30s %12s %12s\n' game mode "time/floor" "rss/floor"
for g in tigris terra warriors; do
	setup $g ann ben cat
	for mode in no-send maildir maildir-nopic smtp smtp-nopic maildir+delivered \
	    maildir-nopic+delivered smtp+delivered smtp-nopic+delivered; do
		: >"$W/t" ; : >"$W/m"
		k=0
		while [ $k -lt "$RUNS" ]; do
			s=$(next_move $g) || { setup $g ann ben cat; continue; }
			cmd=$(head -1 "$W/moves")
			opt=""
			[ $mode = no-send ] && opt=--no-send
			url=""
			pictures=yes
			deliver=background
			case $mode in smtp*) url=$smtp_url ;; esac
			case $mode in *-nopic*) pictures=no ;; esac
			case $mode in *+delivered) deliver=foreground ;; esac
			set -- $(floor)
			ft=$1 fm=$2
			set -- $(ARBITER_SMTP_URL=$url ARBITER_MAIL_PICTURES=$pictures \
			    ARBITER_DELIVER=$deliver run "$A" --db "$W/$g.db" move $opt "$id" "$s" "$cmd")
			settle
			echo "$1 $ft" | awk '{ printf "%.3f\n", $1 / $2 }' >>"$W/t"
			echo "$2 $fm" | awk '{ printf "%.3f\n", $1 / $2 }' >>"$W/m"
			k=$((k + 1))
		done
		name=$(echo "$mode" | sed 's/+delivered/ until delivered/')
		printf '%-10s %-30s %12s %12s\n' $g "$name" "$(median <"$W/t")" "$(median <"$W/m")"
		case $mode in
		*+delivered) goal="(not waited for)" ;;
		no-send) goal="<= 1.3" ;;
		maildir*) goal="<= 1.6" ;;
		*) goal="<= 2" ;;
		esac
		summary "move, $g, $name: time / floor" "$(median <"$W/t")" "$goal"
		summary "move, $g, $mode: peak RSS (MB; floor $(awk "BEGIN { printf \"%.1f\", $fm / 1024 }"))" \
		    "$(median <"$W/m" | awk -v f="$fm" '{ printf "%.1f", $1 * f / 1024 }')" "<= 6"
	done
done

# Bytes a move leaves in the database once its mail is sent and purged
# (keep_sent_days=0): 200 Tigris moves into the Maildir, then send, and the
# database's pages in use (VACUUM, page_count) before and after.
export ARBITER_KEEP_SENT_DAYS=0 ARBITER_DELIVER=foreground
setup tigris ann ben cat
used() {
	"$A" --db "$W/tigris.db" send --quiet
	sqlite3 "$W/tigris.db" "PRAGMA wal_checkpoint(TRUNCATE); VACUUM;
	    PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
	sqlite3 "$W/tigris.db" "SELECT page_count * page_size FROM pragma_page_count(),
	    pragma_page_size()"
}
b0=$(used)
k=0
while [ $k -lt 200 ]; do
	s=$(next_move tigris) || { setup tigris ann ben cat; continue; }
	"$A" --db "$W/tigris.db" move "$id" "$s" "$(head -1 "$W/moves")" >/dev/null
	k=$((k + 1))
done
b1=$(used)
echo "database bytes per move, mail sent and purged: $(( (b1 - b0) / k )) ($k moves)"
summary "database bytes per move (mail sent, keep_sent_days=0)" "$(( (b1 - b0) / k ))" "<= 1024"
