#!/bin/sh
# needs: tigris
# Racing `remind` runs close a vote once: when the grace of a seat's vote
# is over without a majority, the table is told "the vote closed without
# a majority" once per seat, however many runs reach it at the same
# moment.  Before, each run decided from the game it had read outside the
# transaction, and each mailed the table (issue 28, defect 7: 6 mails
# instead of 3 in 19 of 20 trials of two runs on PostgreSQL).
. "$(dirname "$0")/../e2e-lib.sh"

T0=1795000000
H=3600
trials=12
racers=4
export ARBITER_FROM=games@example.org
k=0
while [ $k -lt $trials ]; do
	k=$((k + 1))
	base=$((T0 + k * 1000 * H))
	ARBITER_NOW=$base expect_rc 0 "$ARBITER" new tigris --seat "a$k:a$k@example.org" \
	    --seat "b$k:b$k@example.org" --seat "c$k:c$k@example.org" \
	    --set deadline=2 --set grace=1 --set on_timeout=vote
	id=$(cat "$T/out")
	ARBITER_NOW=$((base + 2 * H)) "$ARBITER" remind --quiet || fail "remind (the notice)"
	ARBITER_NOW=$((base + 3 * H)) "$ARBITER" remind --quiet || fail "remind (the vote)"
	# The vote's grace is over: the runs race to close it.
	pids=
	r=0
	while [ $r -lt $racers ]; do
		ARBITER_NOW=$((base + 30 * H)) "$ARBITER" remind --quiet >"$T/race.$r" 2>&1 &
		pids="$pids $!"
		r=$((r + 1))
	done
	for p in $pids; do
		wait "$p" || fail "a racing remind failed: $(cat "$T"/race.*)"
	done
	n=$(/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$id" <<'PY'
import email, email.policy, os, sys
box, game = sys.argv[1:3]
n = 0
for f in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, f), "rb"), policy=email.policy.default)
    if "#%s]" % game not in str(m["Subject"]):
        continue
    text = " ".join(m.get_body(preferencelist=("plain",)).get_content().split())
    n += "the vote closed without a majority" in text
print(n)
PY
)
	[ "$n" -eq 3 ] || fail "trial $k: $n mails say the vote closed, not 3 (one a seat)"
	ok
done
done_ok
