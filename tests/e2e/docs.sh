#!/bin/sh
# The documentation stays true and clean: every manual page renders
# without a warning, every command has help, and --help works everywhere.
# backend: none — help, --help and the manual pages open no database
. "$(dirname "$0")/../e2e-lib.sh"

for page in "$ROOT"/man/*.[156]; do
	groff -ww -man -Tutf8 -z "$page" 2>"$T/warn" || fail "groff failed on $page"
	[ ! -s "$T/warn" ] || fail "$page: $(cat "$T/warn")"
	MANWIDTH=80 man -l "$page" >"$T/page" 2>"$T/warn" || fail "man -l $page"
	[ -s "$T/page" ] || fail "$page renders empty"
	ok
done
expect_rc 0 "$ARBITER" help
for cmd in $(sed -n 's/^  \([a-z]*\) .*/\1/p' "$T/out"); do
	expect_rc 0 "$ARBITER" help "$cmd"
	contains "$T/out" "usage: arbiter"
	expect_rc 0 "$ARBITER" "$cmd" --help
	contains "$T/out" "usage: arbiter"
	# arbiter(1) documents every command.
	grep -q "^\.B[IR]* \"*$cmd\b" "$ROOT/man/arbiter.1" || fail "arbiter(1) does not document $cmd"
	# ... each in a tagged paragraph of its own (.TP), not run into the one before.
	awk -v cmd="$cmd" '/^\.SH/ { in_cmds = $0 == ".SH COMMANDS" }
	    in_cmds && prev == ".TP" && $0 ~ "^\\.B[IR]* \"?" cmd "([^a-z]|$)" { found = 1 }
	    { prev = $0 } END { exit !found }' "$ROOT/man/arbiter.1" || fail "arbiter(1): the entry of $cmd is not a paragraph of its own (.TP)"
	ok
done
# A section a page points to ("see DEADLINES") exists: in the page itself,
# or, for "in each game's page", in every game's page.
/usr/bin/python3 - "$ROOT"/man/*.[156] <<'PY' || fail "a manual page points to a section that is not there"
import re, subprocess, sys
pages = {p: subprocess.run(["groff", "-man", "-Tutf8", "-P-cbou", p], capture_output=True,
                           text=True, env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin"}).stdout
         for p in sys.argv[1:]}
heads = {p: set(re.findall(r"^([A-Z][A-Z &]+[A-Z])$", t, re.M)) for p, t in pages.items()}
games = [p for p in pages if "/arbiter-" in p]
bad = 0
for p, t in pages.items():
    # a word hyphenated at a line's end (groff's U+2010) is one word
    flat = " ".join(re.sub("\u2010\\s+", "", t).split())
    for m in re.finditer(r"\bsee ([A-Z][A-Z&]+(?: [A-Z&]+)*)(?![A-Za-z])( in each game's page)?", flat):
        name = m.group(1).strip()
        where = games if m.group(2) else [p]
        for w in where:
            if name not in heads[w]:
                print("%s: 'see %s': no such section in %s" % (p, name, w), file=sys.stderr)
                bad = 1
sys.exit(bad)
PY
ok
# What `make demo` leaves in the tree is ignored by git, the database's
# write-ahead log and index included.
if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
	for f in demo.db demo.db-shm demo.db-wal demo-mail/new/x; do
		git -C "$ROOT" check-ignore -q "$f" || fail "git does not ignore $f"
	done
	ok
fi
expect_rc 0 "$ARBITER" --help
expect_rc 64 "$ARBITER" help frobnicate
expect_rc 0 "$ARBITER" --version
contains "$T/out" "arbiter "
done_ok
