#!/bin/sh
# needs: tigris
# Delivery by a detached process (deliver = background, the default; the
# rest of the suite runs with foreground, e2e-lib.sh).  A move's mail
# arrives in the Maildir and through SMTP while the command has returned
# already: against a server that answers each recipient only after a few
# seconds, `move` takes less than that, and with deliver = foreground more.
# The detached process killed (SIGKILL) while it delivers leaves the mail
# queued, and `arbiter send` delivers each of those mails exactly once.  A
# burst of concurrent moves delivers each mail exactly once.  Through a
# real Postfix pipe (arbiter mail, as the README sets it up) the pipe's
# delivery is over before the answer reaches the slow server, and the
# answer arrives.
. "$(dirname "$0")/../e2e-lib.sh"

unset ARBITER_DELIVER
export ARBITER_FROM=games@example.org
SLOW=4		# seconds the slow server waits before it answers a recipient

stop_servers() {
	for _p in ${SERVERS:-}; do
		kill "$_p" 2>/dev/null
		wait "$_p" 2>/dev/null
	done
	SERVERS=
}
pf_started=
pf_stop() {
	[ -z "$pf_started" ] || postfix -c "$P/etc" stop >/dev/null 2>&1
}
trap 'stop_servers; pf_stop; cleanup' EXIT

# server NAME [ARGS...]: a test SMTP server storing into $T/smtp.NAME;
# its URL in $URL.
server() {
	_n=$1
	shift
	smtpd "$T/smtp.$_n" --lifetime 600 "$@"
	SERVERS="${SERVERS:-} $SMTPD_PID"
	URL="smtp://127.0.0.1:$(cat "$T/smtp.$_n/port")"
}

# until_true WHAT SECONDS CMD...: poll CMD until it succeeds, at most SECONDS.
until_true() {
	_what=$1
	_i=0
	_max=$(($2 * 10))
	shift 2
	until "$@"; do
		sleep 0.1
		_i=$((_i + 1))
		[ $_i -lt $_max ] || fail "$_what: not after $((_max / 10)) s"
	done
	ok
}
unsent() { sql "SELECT count(*) FROM outbox WHERE sent_at = 0 AND failed = 0"; }
queue_empty() { [ "$(unsent)" -eq 0 ]; }
emls() { ls "$1"/*.eml 2>/dev/null | wc -l; }
ms() { echo $(($(date +%s%N) / 1000000)); }

# detached: the pids of this test's detached delivery processes: an
# arbiter leading a session of its own, with this test's database.
EXE=$(readlink -f "$ARBITER")
detached() {
	ps -eo pid=,sid=,comm= | while read -r _pid _sid _comm; do
		[ "$_pid" = "$_sid" ] && [ "$_comm" = "$(basename "$EXE" | cut -c1-15)" ] || continue
		[ "$(readlink "/proc/$_pid/exe" 2>/dev/null)" = "$EXE" ] || continue
		tr '\0' '\n' 2>/dev/null <"/proc/$_pid/environ" | grep -qxF "ARBITER_DB=$ARBITER_DB" &&
			echo "$_pid"
	done
}
no_detached() { [ -z "$(detached)" ]; }
has_detached() { [ -n "$(detached)" ]; }

# awaited GAME: the seat the game waits for, its legal lines in $T/moves.
awaited() {
	for _s in ann ben; do
		if "$ARBITER" moves "$1" "$_s" >"$T/moves" 2>/dev/null; then
			echo "$_s"
			return
		fi
	done
	fail "game $1 waits for nobody"
}
# move GAME: the awaited seat plays its first legal line; the command's
# wall time in milliseconds in $took.
move() {
	_s=$(awaited "$1")
	_t=$(ms)
	"$ARBITER" move "$1" "$_s" "$(head -1 "$T/moves")" >"$T/out" 2>"$T/err" ||
		fail "move in game $1: $(cat "$T/err")"
	took=$(($(ms) - _t))
}
# once DIR...: every mail in the DIRs has a Message-ID no other has; prints their number.
once() {
	/usr/bin/python3 - "$@" <<'PY' || fail "a mail was delivered twice"
import email, email.policy, glob, os, sys
seen = {}
for d in sys.argv[1:]:
    for path in sorted(glob.glob(os.path.join(d, "*.eml"))):
        m = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
        mid = str(m["Message-ID"])
        if mid in seen:
            sys.exit("%s and %s are one mail (%s)" % (seen[mid], path, mid))
        seen[mid] = path
print(len(seen))
PY
}

# The key is checked like every other.
ARBITER_DELIVER=sideways "$ARBITER" list >/dev/null 2>"$T/err"
[ $? -eq 78 ] || fail "deliver = sideways was not refused as a configuration error"
contains "$T/err" "ARBITER_DELIVER: deliver: 'sideways' is neither background nor foreground"

# Into the Maildir: the start mail and a move's mail arrive after the command.
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
until_true "the start mail in the Maildir" 30 queue_empty
[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq 2 ] || fail "expected 2 start mails"
ok
move 1
until_true "the move's mail in the Maildir" 30 queue_empty
[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq 4 ] || fail "expected 4 mails after the move"
for f in "$ARBITER_MAILDIR"/new/*; do
	[ "$(stat -c %a "$f")" = 600 ] || fail "$f has mode $(stat -c %a "$f")"
done
ok
until_true "the detached process gone" 10 no_detached

# One delivery at a time (SQLite; on PostgreSQL, shared by hosts with no
# common file, each command starts a delivery of its own): a command whose
# commit finds a delivery at work starts none, and the delivery at work,
# which looks for due mail after it lets go of its lock, delivers that
# mail too.  The pause after each pass of a delivery, before it lets go
# ($ARBITER_TEST_DELIVERY_PAUSE), holds open the gap that look is for: the
# second move commits after the delivery's last pass.  (The second move
# has the pause too, so that a delivery it started wrongly would still be
# there to be seen.)
if ! is_pg; then
	# The lock is private, as every file arbiter makes.
	[ "$(stat -c %a "$ARBITER_DB-deliver")" = 600 ] ||
		fail "the delivery's lock $ARBITER_DB-deliver has mode $(stat -c %a "$ARBITER_DB-deliver")"
	ok
	before=$(ls "$ARBITER_MAILDIR/new" | wc -l)
	export ARBITER_TEST_DELIVERY_PAUSE=4000
	move 1
	until_true "the first move's mail delivered" 30 queue_empty
	pids=$(detached)
	[ -n "$pids" ] || fail "no delivery at work after the first move"
	move 1
	unset ARBITER_TEST_DELIVERY_PAUSE
	[ "$(detached)" = "$pids" ] || fail "a second delivery started beside the one at work: $(detached)"
	ok
	until_true "the second move's mail, by the delivery at work" 30 queue_empty
	[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq $((before + 4)) ] ||
		fail "expected $((before + 4)) mails after the two moves"
	ok
	until_true "the detached process gone" 10 no_detached
fi

# Through a slow server: the command returns long before the mail is there.
server slow --delay $SLOW
export ARBITER_SMTP_URL=$URL
move 1
[ $took -lt $((SLOW * 1000)) ] || fail "move took $took ms, the server waits $SLOW s a recipient"
ok
[ "$(unsent)" -gt 0 ] || fail "the move's mail was delivered before the move returned"
[ "$(emls "$T/smtp.slow")" -eq 0 ] || fail "the slow server has mail already"
ok
until_true "the move's mail at the slow server" 60 queue_empty
[ "$(emls "$T/smtp.slow")" -eq 2 ] || fail "expected 2 mails at the slow server"
ok
until_true "the detached process gone" 10 no_detached
# The same move in the foreground waits for the server: the comparison above means something.
export ARBITER_DELIVER=foreground
move 1
unset ARBITER_DELIVER
[ $took -ge $((SLOW * 1000)) ] || fail "a move with deliver = foreground took $took ms only"
[ "$(unsent)" -eq 0 ] || fail "deliver = foreground left mail queued"
ok

# The detached process killed while it delivers, to a server that answers
# the first recipient only after a minute: the mail stays queued, and
# `send` delivers it, once.  (Its claim lasts 10 minutes: send runs then.)
server stuck --delay 60
export ARBITER_SMTP_URL=$URL
move 1
until_true "the detached process" 10 has_detached
pids=$(detached)
# It has connected and claimed its mail: the server waits before RCPT is answered.
connected() { [ "$(cat "$T/smtp.stuck/connections" 2>/dev/null)" = 1 ]; }
until_true "the detached process at the server" 10 connected
kill -KILL $pids
until_true "the killed process gone" 10 no_detached
queued=$(unsent)
[ "$queued" -eq 2 ] || fail "expected the move's 2 mails queued after the kill, $queued are"
[ "$(emls "$T/smtp.stuck")" -eq 0 ] || fail "the killed process delivered a mail"
ok
server fast
ARBITER_NOW=$(($(date +%s) + 700)) ARBITER_SMTP_URL=$URL "$ARBITER" send >"$T/out" 2>"$T/err" ||
	fail "send after the kill: $(cat "$T/err")"
contains "$T/out" "send: 2 sent, 0 deferred, 0 refused; 0 still queued"
[ "$(emls "$T/smtp.fast")" -eq 2 ] || fail "send delivered $(emls "$T/smtp.fast") mails, not 2"
once "$T/smtp.slow" "$T/smtp.stuck" "$T/smtp.fast" >/dev/null
ok

# A burst of concurrent moves, each in a game of its own: every mail once.
export ARBITER_SMTP_URL=$URL
n=6
i=2
while [ $i -le $((n + 1)) ]; do
	expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
	i=$((i + 1))
done
until_true "the start mails of the burst's games" 60 queue_empty
i=2
while [ $i -le $((n + 1)) ]; do
	s=$(awaited $i)
	l=$(head -1 "$T/moves")
	"$ARBITER" move $i "$s" "$l" >/dev/null 2>"$T/err.$i" &
	eval "pid_$i=\$!"
	i=$((i + 1))
done
i=2
while [ $i -le $((n + 1)) ]; do
	eval "wait \$pid_$i" || fail "move in game $i: $(cat "$T/err.$i")"
	i=$((i + 1))
done
ok
until_true "the burst's mail delivered" 60 queue_empty
sent=$(sql "SELECT count(*) FROM outbox WHERE sent_at > 0")
got=$(( $(once "$T/smtp.slow" "$T/smtp.stuck" "$T/smtp.fast") + $(ls "$ARBITER_MAILDIR/new" | wc -l) ))
[ "$got" -eq "$sent" ] || fail "$sent mails recorded sent, $got arrived"
[ "$(sql "SELECT count(*) FROM outbox WHERE game_id > 1")" -eq $((n * 4)) ] ||
	fail "expected $((n * 4)) mails of the burst's games"
ok
until_true "the detached processes gone" 10 no_detached

# A mail the server refuses for good (554) in the detached process: it is
# not tried again, and the next `send` says so (even --quiet), once; a
# deferral (451) is not said there, since send meets that mail itself.
server refusing --mode 550
export ARBITER_SMTP_URL=$URL
move 1
until_true "the refused mail recorded" 30 queue_empty
[ "$(sql "SELECT count(*) FROM outbox WHERE failed != 0")" -ge 1 ] ||
	fail "the server refused the move's mail, but none is recorded refused"
"$ARBITER" send --quiet >"$T/out" 2>"$T/err" || fail "send after a refusal: $(cat "$T/err")"
grep -q '^background delivery: refused mail [0-9]* to .*: .*550' "$T/out" ||
	fail "send did not tell the background delivery's refusal: $(cat "$T/out")"
"$ARBITER" send --quiet >"$T/out2" 2>"$T/err" || fail "send again: $(cat "$T/err")"
if grep -q 'background delivery' "$T/out2"; then fail "the refusal was told twice"; fi
ok
server deferring --mode 451
export ARBITER_SMTP_URL=$URL
move 1
until_true "the detached process gone after a deferral" 30 no_detached
[ "$(unsent)" -ge 1 ] || fail "a deferred mail left the queue"
ARBITER_SMTP_URL=smtp://127.0.0.1:1 "$ARBITER" send --quiet >"$T/out" 2>/dev/null || true
if grep -q 'background delivery' "$T/out"; then fail "a deferral was told as the background's: $(cat "$T/out")"; fi
ok
stop_servers

# Through a real Postfix pipe (a private instance, as tests/e2e/postfix.sh
# starts one): `arbiter mail` answers by the slow server; the pipe's
# delivery ends before the answer is there, and the answer arrives.
if [ "$(id -u)" -ne 0 ] || [ ! -x /usr/sbin/postfix ]; then
	echo "postfix part skipped: it needs root and /usr/sbin/postfix"
	done_ok
	exit 0
fi
unset ARBITER_SMTP_URL
server pfslow --delay $SLOW
server pffast
user=nobody
group=$(id -gn nobody)
as_user() { setpriv --reuid="$user" --regid="$group" --clear-groups "$@"; }
chmod 711 "$T"
P="$T/postfix"
mkdir -p "$T/bin" "$T/pf"
cp "$ARBITER" "$T/bin/arbiter"
chmod 755 "$T/bin" "$T/bin/arbiter"
if is_pg; then
	db=$(newdb pf) || fail "cannot make a database"
	printf 'maildir = %s\n' "$T/pf/box" >"$T/pf/arbiter.conf"
else
	db="$T/pf/games.db"
	: >"$T/pf/arbiter.conf"
fi
printf 'from = games@example.org\nsmtp_url = smtp://127.0.0.1:%s\n' \
    "$(cat "$T/smtp.pfslow/port")" >>"$T/pf/arbiter.conf"
chown -R "$user:$group" "$T/pf"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
postfix_conf "$P" "$port"
: >"$P/etc/aliases"
postalias -c "$P/etc" "$P/etc/aliases" || fail "postalias"
cat >>"$P/etc/main.cf" <<CONF
recipient_delimiter = +
transport_maps = hash:$P/etc/transport
local_recipient_maps = \$transport_maps
arbiter_destination_recipient_limit = 1
CONF
printf 'arbiter   unix  -       n       n       -       -       pipe\n  flags=Rq user=%s argv=%s --config %s --db %s mail --extension ${extension}\n' \
	"$user" "$T/bin/arbiter" "$T/pf/arbiter.conf" "$db" >>"$P/etc/master.cf"
echo "games@example.org    arbiter:" >"$P/etc/transport"
postmap -c "$P/etc" "$P/etc/transport" || fail "postmap transport"
postfix -c "$P/etc" check 2>"$T/pf-check" || fail "postfix check: $(cat "$T/pf-check")"
postfix -c "$P/etc" start >"$T/pf-start" 2>&1 || fail "postfix start: $(cat "$T/pf-start")"
pf_started=1
listening() { /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; }
until_true "postfix listening" 10 listening

# The game, its start mail by the fast server (foreground): the seat's reply address.
pf() { as_user env -u ARBITER_DB -u ARBITER_MAILDIR "$T/bin/arbiter" --config "$T/pf/arbiter.conf" --db "$db" "$@"; }
as_user env -u ARBITER_DB -u ARBITER_MAILDIR ARBITER_DELIVER=foreground \
    ARBITER_SMTP_URL="smtp://127.0.0.1:$(cat "$T/smtp.pffast/port")" \
    "$T/bin/arbiter" --config "$T/pf/arbiter.conf" --db "$db" new tigris \
    --seat ann:ann@example.org --seat ben:ben@example.org >"$T/out" 2>"$T/err" ||
	fail "new: $(cat "$T/err")"
seat=$(pf show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
line=$(pf moves 1 "$seat" | head -1)
reply_to=$(grep -l "^To: .*$seat@example.org" "$T/smtp.pffast"/*.eml | head -1 |
    xargs sed -n 's/^Reply-To: .*<\(.*\)>.*/\1/p' | head -1)
[ -n "$reply_to" ] || fail "no Reply-To in $seat's start mail"
smtp_send "$port" "$seat@example.org" "$reply_to" "$line"
piped() { grep -q "postfix/pipe.*to=<$reply_to>.*status=sent" "$P/maillog" 2>/dev/null; }
until_true "the pipe's delivery to $reply_to" 30 piped
[ "$(emls "$T/smtp.pfslow")" -eq 0 ] || fail "the answer was there before the pipe's delivery ended"
# The pipe's own time (delays=a/b/c/d: d, the transmission) is below the server's wait.
d=$(grep "postfix/pipe.*to=<$reply_to>.*status=sent" "$P/maillog" | sed -n 's/.*delays=[^/]*\/[^/]*\/[^/]*\/\([0-9.]*\).*/\1/p' | head -1)
[ -n "$d" ] || fail "no delays= in the maillog: $(grep postfix/pipe "$P/maillog")"
/usr/bin/python3 -c "import sys; sys.exit(0 if float('$d') < $SLOW else 1)" ||
	fail "the pipe's delivery took $d s: it waited for the answer's delivery"
ok
answered() { grep -lq "Your move was applied as move 1 of game #1" "$T/smtp.pfslow"/*.eml 2>/dev/null; }
until_true "the answer by the slow server" 60 answered
done_ok
