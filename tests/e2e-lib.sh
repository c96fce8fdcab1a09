# lib.sh - helpers for the end-to-end tests.  Each test is a POSIX shell
# script run from the repository root with $ARBITER set to the binary; it
# works in a fresh temporary directory and exits non-zero on the first
# failed check.
#
# The database is the SQLite file $T/games.db, or, when ARBITER_TEST_PG
# names the socket directory of a private PostgreSQL server
# (tests/pg-server.sh), a fresh database of the script's own on it,
# dropped at exit: ARBITER_DB is then its URI.  Tests read the database
# with sql and dbsum, never with sqlite3 itself.  KEEP=1 keeps $T (and the
# PostgreSQL databases).  A script that overrides the EXIT trap calls
# cleanup from its own.
set -u
: "${ARBITER:=./arbiter}"
case "$ARBITER" in /*) ;; *) ARBITER="$(pwd)/$ARBITER" ;; esac
ROOT=$(pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-e2e.XXXXXX")

# cleanup: what the EXIT trap does: remove $T, drop this script's databases.
cleanup() {
	if [ -n "${KEEP:-}" ]; then
		echo "kept: $T${PG_DB:+ and the PostgreSQL databases $PG_DB*}" >&2
		return
	fi
	rm -rf "$T"
	[ -n "${PG_DB:-}" ] || return 0
	for _d in $("$PG_BIN/psql" -XAtq -h "$ARBITER_TEST_PG" -U arbiter_test -d postgres -c \
	    "SELECT datname FROM pg_database WHERE datname = '$PG_DB' OR starts_with(datname, '${PG_DB}_')" 2>/dev/null); do
		"$PG_BIN/dropdb" -h "$ARBITER_TEST_PG" -U arbiter_test --if-exists --force "$_d" 2>/dev/null
	done
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
cd "$T" || exit 1
PG_DB=
if [ -n "${ARBITER_TEST_PG:-}" ]; then
	: "${PG_BIN:=$(sh "$ROOT/tests/pg-server.sh" bindir)}"
	[ -x "$PG_BIN/psql" ] || { echo "FAIL: no psql in PG_BIN=$PG_BIN" >&2; exit 1; }
	# One name per script run: arb_SCRIPT_PID; newdb adds _NAME.
	PG_DB=arb_$(basename "$0" .sh | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' _)_$$
fi

# newdb NAME: the location of a fresh, empty database: $T/NAME.db, or a new
# PostgreSQL database of this script (its URI).
newdb() {
	if [ -n "$PG_DB" ]; then
		"$PG_BIN/createdb" -h "$ARBITER_TEST_PG" -U arbiter_test "${PG_DB}${1:+_$1}" >&2 ||
			{ echo "FAIL: createdb ${PG_DB}${1:+_$1}" >&2; exit 1; }
		echo "postgresql:///${PG_DB}${1:+_$1}?host=$ARBITER_TEST_PG&user=arbiter_test"
	else
		echo "$T/${1:-games}.db"
	fi
}

# is_pg DB: DB (by default $ARBITER_DB) is a PostgreSQL URI.
is_pg() {
	case "${1:-${ARBITER_DB:-}}" in
	postgres://* | postgresql://*) return 0 ;;
	*) return 1 ;;
	esac
}

if [ -n "$PG_DB" ]; then
	ARBITER_DB=$(newdb) || exit 1
	export ARBITER_DB
else
	export ARBITER_DB="$T/games.db"
fi
export HOME="$T/home"
export ARBITER_MAILDIR="$T/maildir"
unset ARBITER_SMTP_URL ARBITER_TEST_SEED ARBITER_NOW
# The tests read the Maildir or the SMTP server's files as soon as a command
# returns: each command delivers before it exits.  The default, delivery by
# a detached process, is tested in tests/e2e/background-delivery.sh.
export ARBITER_DELIVER=foreground
mkdir -p "$HOME"
checks=0

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

ok() {
	checks=$((checks + 1))
}

# expect_rc CODE CMD...: run CMD, require exit status CODE; output in $T/out, $T/err
expect_rc() {
	want=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want; stderr: $(cat "$T/err")"
	ok
}

# contains FILE TEXT / lacks FILE TEXT (fixed strings)
contains() {
	grep -qF -- "$2" "$1" || fail "$1 lacks '$2'"
	ok
}

lacks() {
	if grep -qiF -- "$2" "$1"; then
		fail "$1 contains '$2'"
	fi
	ok
}

# one_line FILE: stderr of a rejection is exactly one line
one_line() {
	[ "$(wc -l <"$1")" -eq 1 ] || fail "$1 is not one line: $(cat "$1")"
	ok
}

# sql_db DB QUERY: the rows QUERY gives on the database DB (a SQLite file
# or a PostgreSQL URI), as `sqlite3 DB QUERY` prints them: a line a row,
# columns joined by |, NULL as nothing.  Write SQL both accept (|| joins
# text in both; no rowid, quote(), json_extract, group_concat; booleans
# printed differently: select numbers) and read blobs through sql_text or
# sql_hex.  A failed query says so, and the test fails at done_ok even
# when the check around it did not notice.
sql_db() {
	if is_pg "$1"; then
		"$PG_BIN/psql" -XAtq -F'|' -v ON_ERROR_STOP=1 -d "$1" -c "$2"
	else
		sqlite3 -cmd '.timeout 5000' "$1" "$2"
	fi && return 0
	echo "FAIL: the query failed on $1: $2" >&2
	: >"$T/.sql-failed"
	return 1
}

# sql QUERY: sql_db on $ARBITER_DB.
sql() {
	sql_db "$ARBITER_DB" "$1"
}

# sql_text COLUMN / sql_hex COLUMN: SQL for the blob COLUMN (a BYTEA in
# PostgreSQL) as text (UTF-8), or as hexadecimal digits (either case).
sql_text() {
	if is_pg; then echo "convert_from($1, 'UTF8')"; else echo "CAST($1 AS TEXT)"; fi
}
sql_hex() {
	if is_pg; then echo "encode($1, 'hex')"; else echo "hex($1)"; fi
}

# dbsum [TABLE...]: a digest of what the database holds, or of the TABLEs
# only: their definitions and every row.  SQLite: its .dump (the
# write-ahead log included: a hash of the main file alone would miss
# committed changes).  PostgreSQL: the columns and indexes of each table,
# then its rows as text in a fixed order (not their order on disk, which
# an update that changes nothing changes).
dbsum() {
	if is_pg; then
		_only=
		[ $# -gt 0 ] && _only="AND tablename IN ('$(echo "$*" | sed "s/ /', '/g")')"
		_dump=$("$PG_BIN/psql" -XAtq -F'|' -v ON_ERROR_STOP=1 -d "$ARBITER_DB" <<SQL
SELECT c.table_schema, c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
  FROM information_schema.columns c JOIN pg_tables p
    ON p.schemaname = c.table_schema AND p.tablename = c.table_name
 WHERE p.schemaname NOT IN ('pg_catalog', 'information_schema') $_only
 ORDER BY 1, 2, c.ordinal_position;
SELECT schemaname, tablename, indexname, indexdef FROM pg_indexes
 WHERE schemaname NOT IN ('pg_catalog', 'information_schema') $_only ORDER BY 1, 2, 3;
SELECT format('SELECT %L, t::text COLLATE "C" AS r FROM %I.%I t ORDER BY r',
              schemaname || '.' || tablename, schemaname, tablename)
  FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') $_only
 ORDER BY schemaname, tablename \gexec
SQL
		) || {
			# A digest no other call gives: a check comparing two fails.
			echo "FAIL: dbsum cannot read $ARBITER_DB" >&2
			: >"$T/.sql-failed"
			echo "unreadable $(date +%s%N)"
			return 1
		}
		printf '%s\n' "$_dump" | sha256sum | cut -d' ' -f1
	else
		sqlite3 -readonly "$ARBITER_DB" ".dump $*" | sha256sum | cut -d' ' -f1
	fi
}

# db_made [DB]: the database DB (by default $ARBITER_DB) has been made:
# SQLite: its file exists; PostgreSQL (where the test made the database
# itself): it holds a table.
db_made() {
	_db=${1:-$ARBITER_DB}
	if is_pg "$_db"; then
		_n=$(sql_db "$_db" "SELECT count(*) FROM pg_tables
		    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')") || fail "cannot read $_db"
		[ "$_n" -gt 0 ]
	else
		[ -e "$_db" ]
	fi
}

# sed_text TEXT: TEXT as the replacement of a sed command s|...|...| (a
# URI's & and ? included).
sed_text() {
	printf '%s\n' "$1" | sed 's/[\\|&]/\\&/g'
}

# db_reset: $ARBITER_DB as if new: the file removed, or the PostgreSQL
# database dropped and made again, empty.
db_reset() {
	if is_pg; then
		_name=${ARBITER_DB#postgresql:///}
		_name=${_name%%\?*}
		"$PG_BIN/dropdb" -h "$ARBITER_TEST_PG" -U arbiter_test --force "$_name" &&
			"$PG_BIN/createdb" -h "$ARBITER_TEST_PG" -U arbiter_test "$_name" ||
			fail "cannot make $_name again"
	else
		rm -rf "$ARBITER_DB"
	fi
}

# hosts NAME...: mail hosts sharing $ARBITER_DB: each a configuration of
# its own ($T/host-NAME.conf) naming the database and a Maildir of its own
# ($T/box-NAME); from then on each finds the database in it alone
# (ARBITER_DB and ARBITER_MAILDIR are unset); `on NAME ARGS...` runs
# arbiter as that host.
hosts() {
	url=$ARBITER_DB
	for _h in "$@"; do
		mkdir -p "$T/box-$_h"
		printf 'db = %s\nmaildir = %s\nfrom = games@example.org\n' "$url" "$T/box-$_h" \
		    >"$T/host-$_h.conf"
	done
	unset ARBITER_DB ARBITER_MAILDIR
}
on() {	# on HOST ARGS...: arbiter as host HOST runs it
	_h=$1
	shift
	"$ARBITER" --config "$T/host-$_h.conf" "$@"
}

# smtpd DIR [ARGS...]: start tests/mail/smtpd.py storing into DIR (made
# here) with ARGS, wait until it listens; its pid in $SMTPD_PID, its port
# in DIR/port.  The caller stops it (kill "$SMTPD_PID").
smtpd() {
	mkdir -p "$1"
	/usr/bin/python3 "$ROOT/tests/mail/smtpd.py" "$@" &
	SMTPD_PID=$!
	_i=0
	while [ ! -s "$1/port" ]; do
		sleep 0.05
		_i=$((_i + 1))
		[ $_i -lt 200 ] || fail "the SMTP server did not start"
	done
}

# postfix_conf DIR PORT: a private Postfix's configuration in DIR/etc: its
# queue, data and log (DIR/maillog) under DIR, smtpd on 127.0.0.1:PORT,
# mail to example.org kept here and nothing relayed, the aliases of
# DIR/etc/aliases, Debian's master.cf with every service outside a
# chroot.  The caller adds its own lines (transports), starts it
# (postfix -c DIR/etc start) and stops it.
postfix_conf() {
	mkdir -p "$1/etc" "$1/spool" "$1/data"
	chown postfix "$1/data"
	cat >"$1/etc/main.cf" <<CONF
compatibility_level = 3.6
queue_directory = $1/spool
data_directory = $1/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.example.org
mydomain = example.org
myorigin = example.org
mydestination = example.org, localhost
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
alias_maps = hash:$1/etc/aliases
alias_database = hash:$1/etc/aliases
maillog_file = $1/maillog
maillog_file_prefixes = $T
smtputf8_enable = no
biff = no
relayhost =
default_transport = error:this test delivers locally only
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
CONF
	grep -v '^#' /usr/share/postfix/master.cf.dist | awk -v port="$2" '
		/^[^ \t]/ && NF >= 8 {
			if ($1 == "smtp" && $2 == "inet") $1 = "127.0.0.1:" port
			$5 = "n"
		}
		{ print }' >"$1/etc/master.cf"
}

# smtp_send PORT FROM TO BODY: a mail as a mail client sends it, to the
# SMTP server on 127.0.0.1:PORT (a private Postfix).
smtp_send() {
	/usr/bin/python3 - "$1" "$2" "$3" "$4" <<'PY' || fail "SMTP refused the mail to $3"
import smtplib, sys
from email.message import EmailMessage
port, sender, rcpt, body = sys.argv[1:5]
m = EmailMessage()
m["From"] = sender
m["To"] = rcpt
m["Subject"] = "Re: your move"
m.set_content(body + "\n")
with smtplib.SMTP("127.0.0.1", int(port)) as s:
    s.send_message(m)
PY
}

# newest_mail SEAT: the newest mail in the Maildir to the seat named SEAT:
# its Reply-To in $T/reply-to, Subject in $T/subject, text part in $T/mail
# and that text with its lines joined in $T/joined.  Fails when there is none.
newest_mail() {
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$1" "$T" <<'PY'
import email, email.policy, os, sys
box, seat, out = sys.argv[1:4]
best = None
for name in os.listdir(box):
    path = os.path.join(box, name)
    m = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
    if m["To"].addresses[0].display_name != seat:
        continue
    key = (os.stat(path).st_mtime_ns, name)
    if best is None or key > best[0]:
        best = (key, m)
if best is None:
    sys.exit(1)
m = best[1]
text = m.get_body(preferencelist=("plain",)).get_content()
for name, value in (("reply-to", m["Reply-To"].addresses[0].addr_spec if m["Reply-To"] else ""),
                    ("subject", m["Subject"] + "\n"), ("mail", text),
                    ("joined", " ".join(text.split()) + "\n")):
    open(os.path.join(out, name), "w").write(value)
PY
}

# newest_to ADDR: the newest mail to the address ADDR (queue order): its
# text in $T/text and joined into one line in $T/joined, its Subject in
# $T/subject, its Reply-To in $T/reply-to.  Fails when there is none.
newest_to() {
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$1" "$T" <<'PY'
import email, email.policy, os, sys
box, addr, out = sys.argv[1:4]
best = None
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if m["To"].addresses[0].addr_spec != addr:
        continue
    k = int(n.rsplit("_", 1)[1])
    if best is None or k > best[0]:
        best = (k, m)
if best is None:
    sys.exit(1)
m = best[1]
text = m.get_body(preferencelist=("plain",)).get_content()
open(os.path.join(out, "joined"), "w").write(" ".join(text.split()) + "\n")
open(os.path.join(out, "text"), "w").write(text)
open(os.path.join(out, "subject"), "w").write(str(m["Subject"]) + "\n")
open(os.path.join(out, "reply-to"), "w").write(m["Reply-To"].addresses[0].addr_spec if m["Reply-To"] else "")
PY
}

# mail_of SEAT MESSAGE-ID COMMAND ADDRESS: a reply mail from the seat named
# SEAT (at SEAT@example.org, its envelope sender too) to ADDRESS, with
# COMMAND as its body, on stdout (the races feed it to many processes).
mail_of() {	# mail_of SEAT MESSAGE-ID COMMAND ADDRESS
	printf 'Return-Path: <%s@example.org>\nFrom: %s <%s@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <%s@example.org>\n\n%s\n' \
	    "$1" "$1" "$1" "$4" "$2" "$3"
}

# reply SEAT ID BODY: the seat named SEAT (at SEAT@example.org) answers its
# newest mail with BODY; the answer to it is then read by newest_mail.
reply() {
	newest_mail "$1" || fail "no mail to $1"
	printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: game\nMessage-ID: <%s@example.org>\n\n%s\n' \
	    "$1" "$1" "$(cat "$T/reply-to")" "$2" "$3" | "$ARBITER" mail || fail "arbiter mail failed"
	newest_mail "$1"
}

# to_site FROM ID BODY [TO]: a mail from FROM (its envelope sender too) to
# TO, by default the site address $SITE, handled by `arbiter mail`.
to_site() {
	printf 'Return-Path: <%s>\nFrom: %s\nTo: %s\nSubject: hello\nMessage-ID: <%s@example.org>\n\n%s\n' \
	    "$1" "$1" "${4:-$SITE}" "$2" "$3" | "$ARBITER" mail || fail "arbiter mail failed"
}

# confirmed ADDR ID BODY: ADDR sends BODY to the site address, confirming
# itself when asked; the answer is read by newest_to.
confirmed() {
	to_site "$1" "$2" "$3"
	newest_to "$1" || fail "no answer to $1"
	if grep -q "confirm your address" "$T/subject"; then
		to_site "$1" "$2-c" "ok" "$(cat "$T/reply-to")"
		newest_to "$1"
	fi
}

# at HOURS: the clock (ARBITER_NOW) HOURS after $T0 (by default
# 1795000000, 2026-11-18 11:06:40 UTC).
at() {
	ARBITER_NOW=$((${T0:-1795000000} + $1 * 3600))
	export ARBITER_NOW
}

# fresh [GAME]: the mails that arrived since the last call (of game GAME
# only, when given), one a line in $T/fresh: "TO | SUBJECT | text joined
# into one line", TO the recipient's display name (a seat's name), in the
# order they were queued.  to NAME: how many of them went to NAME; count
# TEXT: how many lines hold TEXT.
fresh() {
	[ -e "$T/seen" ] || : >"$T/seen"
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$T/seen" "${1:-}" >"$T/fresh" <<'PY'
import email, email.policy, os, sys
box, seen_path, game = sys.argv[1:4]
seen = set(open(seen_path).read().split())
names = sorted((n for n in (os.listdir(box) if os.path.isdir(box) else []) if n not in seen),
               key=lambda n: int(n.rsplit("_", 1)[1]))
for n in names:
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    text = m.get_body(preferencelist=("plain",)).get_content()
    if game and "#%s]" % game not in str(m["Subject"]):
        continue
    print("%s | %s | %s" % (m["To"].addresses[0].display_name, " ".join(str(m["Subject"]).split()),
                            " ".join(text.split())))
open(seen_path, "a").write("".join(n + "\n" for n in names))
PY
}
to() { grep -c "^$1 | " "$T/fresh"; }
count() { grep -cF -- "$1" "$T/fresh"; }

done_ok() {
	[ ! -e "$T/.sql-failed" ] || fail "a query of the test failed (see above)"
	echo "ok: $checks checks"
}
