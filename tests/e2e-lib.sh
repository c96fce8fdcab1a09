# lib.sh - helpers for the end-to-end tests.  Each test is a POSIX shell
# script run from the repository root with $ARBITER set to the binary; it
# works in a fresh temporary directory and exits non-zero on the first
# failed check.
set -u
: "${ARBITER:=./arbiter}"
case "$ARBITER" in /*) ;; *) ARBITER="$(pwd)/$ARBITER" ;; esac
ROOT=$(pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-e2e.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
cd "$T" || exit 1
export ARBITER_DB="$T/games.db"
export HOME="$T/home"
export ARBITER_MAILDIR="$T/maildir"
unset ARBITER_SMTP_URL ARBITER_TEST_SEED ARBITER_NOW
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

# dbsum: a digest of what the database holds (its write-ahead log
# included: a hash of the main file alone would miss committed changes)
dbsum() {
	sqlite3 -readonly "$ARBITER_DB" .dump | sha256sum | cut -d' ' -f1
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

done_ok() {
	echo "ok: $checks checks"
}
