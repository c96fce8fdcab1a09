#!/bin/sh
# needs: tigris
# The README's Postfix recipe, as printed, in a real Postfix: a private
# instance on 127.0.0.1 (its own configuration, queue and data directories,
# a high port, started and stopped here; the system's Postfix, if any, is
# not touched).  A player's reply is sent by SMTP as a mail client sends it;
# Postfix hands it to `arbiter mail` through the pipe of the recipe; the
# move is applied and the answer reaches the player's local mailbox.  Done
# twice: for games@example.org, and for an address whose local part is no
# Unix user (play@example.org).  The test substitutes only what the README
# tells the reader to put in: the user, the paths and the address.
. "$(dirname "$0")/../e2e-lib.sh"

[ -x /usr/sbin/postfix ] || fail "/usr/sbin/postfix is missing: make deps installs postfix"
if [ "$(id -u)" -ne 0 ]; then
	echo "skipped: Postfix's master(8) must be started as root"
	exit 77
fi
id postfix >/dev/null 2>&1 && getent group postdrop >/dev/null ||
	fail "the postfix user or postdrop group is missing (installed with the postfix package)"

# The README's blocks, by their markers: <!-- example: postfix NAME -->.
readme_block() {
	awk -v want="<!-- example: postfix $1 -->" '
		$0 == want { on = 1; next }
		on && /^<!--/ { exit }
		on && /^    / { sub(/^    /, ""); print; seen = 1; next }
		on && seen && !/^$/ { exit }
	' "$ROOT/README.md"
}
for b in master.cf main.cf transport; do
	readme_block "$b" >"$T/readme.$b"
	[ -s "$T/readme.$b" ] || fail "README.md has no Postfix $b block"
done
grep -q 'user=arbiter' "$T/readme.master.cf" || fail "the recipe names no user"
grep -q -- '--config' "$T/readme.master.cf" || fail "the recipe does not name --config"

chmod 711 "$T"
user=nobody
group=$(id -gn nobody)
as_user() {
	setpriv --reuid="$user" --regid="$group" --clear-groups "$@"
}
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
P="$T/postfix"
mkdir -p "$P/etc" "$T/bin" "$T/mail"
cp "$ARBITER" "$T/bin/arbiter"
chmod 755 "$T/bin" "$T/bin/arbiter"
# The players' local mailboxes: Maildirs that local(8) fills for aliases.
for p in ada bo; do
	echo "$p: $T/mail/$p/" >>"$P/etc/aliases"
done
chown "$user:$group" "$T/mail"

postfix_conf "$P" "$port"
# The README's main.cf lines, with the transport map in this instance.
sed "s|/etc/postfix/|$P/etc/|g" "$T/readme.main.cf" >>"$P/etc/main.cf"

# apply_recipe ADDRESS NAME: the README's recipe for ADDRESS, its files
# under $T/NAME; a game whose mail comes from ADDRESS.
apply_recipe() {
	addr=$1
	H="$T/$2"
	mkdir -p "$H/home" "$H/srv"
	if is_pg; then
		# PostgreSQL: the recipe's database is a URI (one per NAME), and the
		# Maildir that defaults to one beside a database file is named.
		if [ "${pg_name:-}" != "$2" ]; then
			db=$(newdb "$2") || fail "cannot make a database"
			pg_name=$2
		fi
		maildir="$H/srv/games.db.mail"
	else
		db="$H/srv/games.db"
		maildir="$db.mail"
	fi
	cat >"$H/home/arbiter.conf" <<CONF
from = $addr
smtp_url = smtp://127.0.0.1:$port
CONF
	if is_pg; then
		echo "maildir = $maildir" >>"$H/home/arbiter.conf"
	fi
	chown -R "$user:$group" "$H"
	# The master.cf entry: the user, the program and the paths are ours.
	{
		grep -v '^arbiter \|^  ' "$P/etc/master.cf"
		sed -e "s|user=arbiter|user=$user|" \
		    -e "s|/usr/local/bin/arbiter|$T/bin/arbiter|" \
		    -e "s|/home/arbiter/.config/arbiter/arbiter.conf|$H/home/arbiter.conf|" \
		    -e "s|/srv/arbiter/games.db|$(sed_text "$db")|" "$T/readme.master.cf"
	} >"$P/etc/master.cf.new"
	mv "$P/etc/master.cf.new" "$P/etc/master.cf"
	sed "s|games@example.org|$addr|" "$T/readme.transport" >"$P/etc/transport"
	postmap -c "$P/etc" "$P/etc/transport" || fail "postmap transport"
}

apply_recipe games@example.org games
postalias -c "$P/etc" "$P/etc/aliases" || fail "postalias"
postfix -c "$P/etc" check 2>"$T/pf-check" || fail "postfix check: $(cat "$T/pf-check")"
postfix -c "$P/etc" start >"$T/pf-start" 2>&1 || fail "postfix start: $(cat "$T/pf-start")"
trap 'postfix -c "$P/etc" stop >/dev/null 2>&1; cleanup' EXIT
i=0
until /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
	[ $i -lt 100 ] || fail "postfix did not listen: $(cat "$P/maillog" 2>/dev/null)"
done

# delivered RCPT: the maillog says the pipe took the mail for RCPT.
delivered() {
	grep -q "postfix/pipe.*to=<$1>.*status=sent" "$P/maillog"
}
bounced() {
	grep -q 'status=bounced\|User unknown' "$P/maillog"
}

# wait_for WHAT CMD...: until CMD succeeds, at most 20 seconds; a bounce
# fails it at once, unless bounces_expected is set (the exit codes' probes).
bounces_expected=
wait_for() {
	what=$1
	shift
	i=0
	until "$@" >/dev/null 2>&1; do
		[ -n "$bounces_expected" ] || ! bounced ||
			fail "$what: Postfix bounced: $(grep 'status=bounced\|User unknown' "$P/maillog")"
		sleep 0.2
		i=$((i + 1))
		[ $i -lt 100 ] || fail "$what: nothing after 20 s; maillog: $(tail -20 "$P/maillog")"
	done
	ok
}
# mail_to SEAT TEXT: the file of a mail in SEAT's mailbox that holds TEXT.
mail_to() {
	grep -l -- "$2" "$T/mail/$1/new/"* 2>/dev/null | head -1
}
has_mail() {
	[ -n "$(mail_to "$1" "$2")" ]
}
logged() {
	as_user "$T/bin/arbiter" --config "$H/home/arbiter.conf" --db "$db" \
	    log --format json "$1" | grep -q '"source": "mail"'
}

# applied: the games (1, 2) that applied a move by mail, in $games.
applied() {
	games=
	for x in 1 2; do
		logged "$x" && games="$games $x"
	done
	[ -n "$games" ]
}

# start ID: a new game; sets seat (the awaited one) and reply_to (its
# reply address, from the start mail it got through Postfix).
start() {
	as_user "$T/bin/arbiter" --config "$H/home/arbiter.conf" --db "$db" new tigris \
	    --seat ada:ada@example.org --seat bo:bo@example.org >"$T/out" 2>"$T/err" ||
		fail "new: $(cat "$T/err")"
	[ "$(cat "$T/out")" = "$1" ] || fail "new printed $(cat "$T/out"), not $1"
	seat=$(as_user "$T/bin/arbiter" --db "$db" --config "$H/home/arbiter.conf" show "$1" |
	    sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
	[ -n "$seat" ] || fail "nobody awaited"
	wait_for "start mail of game $1 to $seat" has_mail "$seat" "^Subject: \[arbiter #$1\]"
	f=$(mail_to "$seat" "^Subject: \[arbiter #$1\]")
	reply_to=$(sed -n 's/^Reply-To: .*<\(.*\)>.*/\1/p' "$f" | head -1)
	case "$reply_to" in
	"${addr%@*}+"*"@${addr#*@}") ok ;;
	*) fail "the Reply-To '$reply_to' is not $addr with a token" ;;
	esac
}

# play ADDRESS NAME: two games; one reply by SMTP to both games' reply
# addresses, one message with two recipients, as a player replying to all
# would send it (each recipient needs its own ${extension}, so its own
# delivery).  Both are delivered to arbiter without a bounce; the move is
# applied (once: the Message-ID is the same) and answered in the player's
# mailbox.
play() {
	apply_recipe "$1" "$2"
	postfix -c "$P/etc" reload >/dev/null 2>&1 || fail "postfix reload"
	rm -rf "$T/mail/ada" "$T/mail/bo"
	start 1
	seat1=$seat
	rcpt1=$reply_to
	start 2
	seat2=$seat
	rcpt2=$reply_to
	# The player's client sends the reply by SMTP.
	/usr/bin/python3 - "$port" "$seat1@example.org" "$rcpt1" "$rcpt2" <<'PY' || fail "SMTP reply refused"
import smtplib, sys
from email.message import EmailMessage
port, sender, rcpt1, rcpt2 = sys.argv[1:5]
m = EmailMessage()
m["From"] = sender
m["To"] = rcpt1
m["Cc"] = rcpt2
m["Subject"] = "Re: your move"
m["Message-ID"] = "<reply-%s@example.org>" % rcpt1.split("+")[0]
m.set_content("leader black F4\n\n> quoted text is not a move\n")
with smtplib.SMTP("127.0.0.1", int(port)) as s:
    s.send_message(m)
PY
	ok
	wait_for "the pipe delivery to $rcpt1" delivered "$rcpt1"
	wait_for "the pipe delivery to $rcpt2" delivered "$rcpt2"
	# Both games got the message.  Whether one message may move two games
	# is arbiter mail's business, not the recipe's: each game that applied
	# it answered the seat its token names.
	wait_for "the move sent to $1 applied" applied
	for g in $games; do
		[ "$g" = 1 ] && s=$seat1 || s=$seat2
		wait_for "the answer in $s's mailbox" has_mail "$s" "Your move was applied as move 1 of game #$g"
		as_user "$T/bin/arbiter" --db "$db" --config "$H/home/arbiter.conf" log "$g" >"$T/log"
		contains "$T/log" "$s: leader black F4"
		[ "$(wc -l <"$T/log")" -eq 1 ] || fail "expected one move: $(cat "$T/log")"
	done
	# Nothing bounced, nothing was left in arbiter's Maildir.
	if bounced; then
		fail "Postfix bounced: $(grep 'status=bounced\|User unknown' "$P/maillog")"
	fi
	[ ! -d "$maildir" ] || fail "mail went into $maildir instead of Postfix"
	ok
}

play games@example.org games
# An address whose local part no Unix user has.
! id play >/dev/null 2>&1 || fail "this test needs an address that is no user: 'play' is one"
play play@example.org play

# pipe_status RCPT STATUS: the maillog says the pipe's delivery to RCPT ended in STATUS.
pipe_status() {
	grep -q "postfix/pipe.*to=<$1>.*status=$2" "$P/maillog"
}
queued() {
	[ -n "$(find "$P/spool/deferred" "$P/spool/active" "$P/spool/incoming" -type f 2>/dev/null)" ]
}
# reapply: the README's master.cf entry again (a fixed site), reloaded, the queue flushed.
reapply() {
	apply_recipe games@example.org "$1"
	postfix -c "$P/etc" reload >/dev/null 2>&1 || fail "postfix reload"
	postqueue -c "$P/etc" -f || fail "postqueue -f"
}

# A fault of the site's own keeps the mail in Postfix's queue, and it is
# delivered once the site is fixed and the queue flushed (issue 22, defect
# 1; before, `mail` exited 78 and Postfix bounced the player's mail with
# the server's paths in it).  First the pipe without its --config line,
# for a site set up with a configuration: arbiter refuses to make a new key.
apply_recipe games@example.org nocfg
sed -i '/^  --config /d' "$P/etc/master.cf"
grep -q -- '--config' "$P/etc/master.cf" && fail "the pipe still names --config"
postfix -c "$P/etc" reload >/dev/null 2>&1 || fail "postfix reload"
rm -rf "$T/mail/ada" "$T/mail/bo"
start 1
smtp_send "$port" "$seat@example.org" "$reply_to" "leader black F4"
wait_for "the pipe without --config deferring the reply" pipe_status "$reply_to" deferred
logged 1 && fail "the reply moved without the configuration"
queued || fail "the deferred reply is not in Postfix's queue"
ok
reapply nocfg
# sent: delivered, the queue flushed again meanwhile (a flush that came
# before the reload took effect leaves the mail to the next retry, minutes on)
flushed_sent() {
	pipe_status "$1" sent && return 0
	postqueue -c "$P/etc" -f >/dev/null 2>&1
	return 1
}
wait_for "the reply delivered once the pipe names --config" flushed_sent "$reply_to"
wait_for "the move of the flushed reply" logged 1
wait_for "the answer to the flushed reply" has_mail "$seat" "Your move was applied as move 1 of game #1"

# Then mail to a site whose database is not made yet: it waits for
# `arbiter init`, and is answered after it.
apply_recipe games@example.org nodb
postfix -c "$P/etc" reload >/dev/null 2>&1 || fail "postfix reload"
rm -rf "$T/mail/ada" "$T/mail/bo"
smtp_send "$port" ada@example.org games@example.org "help"
wait_for "mail to a site without a database deferred" pipe_status games@example.org deferred
queued || fail "the mail to the site without a database is not in Postfix's queue"
as_user "$T/bin/arbiter" --config "$H/home/arbiter.conf" --db "$db" init >"$T/out" 2>"$T/err" ||
	fail "init: $(cat "$T/err")"
contains "$T/out" "a new site"
postqueue -c "$P/etc" -f || fail "postqueue -f"
wait_for "the mail to the new site delivered" pipe_status games@example.org sent
wait_for "the new site's answer to ada" has_mail ada "confirm your address"
if bounced; then
	fail "Postfix bounced: $(grep 'status=bounced\|User unknown' "$P/maillog")"
fi
ok

# What each exit of a pipe does in Postfix, as the README says: 0 is
# delivered, 75 deferred (kept in the queue), every other code arbiter
# could have used bounced.  (Null sender: no bounce message is made.)
cat >"$T/bin/exit-with" <<'SH'
#!/bin/sh
cat >/dev/null
exit "${1#code}"
SH
chmod 755 "$T/bin/exit-with"
printf 'exits    unix  -       n       n       -       -       pipe\n  flags=q user=%s argv=%s ${user}\n' \
	"$user" "$T/bin/exit-with" >>"$P/etc/master.cf"
echo "exits_destination_recipient_limit = 1" >>"$P/etc/main.cf"
codes="0 75 64 65 66 69 70 74 77 78"
for n in $codes; do
	echo "code$n@example.org    exits:" >>"$P/etc/transport"
done
postmap -c "$P/etc" "$P/etc/transport" || fail "postmap transport"
postfix -c "$P/etc" reload >/dev/null 2>&1 || fail "postfix reload"
/usr/bin/python3 - "$port" $codes <<'PY' || fail "SMTP refused the probes"
import smtplib, sys
from email.message import EmailMessage
port = int(sys.argv[1])
with smtplib.SMTP("127.0.0.1", port) as s:
    for n in sys.argv[2:]:
        m = EmailMessage()
        m["From"] = "probe@example.org"
        m["To"] = "code%s@example.org" % n
        m["Subject"] = "exit %s" % n
        m.set_content("probe\n")
        s.send_message(m, from_addr="", to_addrs=["code%s@example.org" % n])
PY
# The probes that bounce are meant to: each waits for its own line only.
bounces_expected=1
for n in $codes; do
	case $n in
	0) want=sent ;;
	75) want=deferred ;;
	*) want=bounced ;;
	esac
	wait_for "Postfix's answer to a pipe exiting $n" pipe_status "code$n@example.org" "$want"
done
done_ok
