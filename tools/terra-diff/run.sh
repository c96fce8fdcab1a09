#!/bin/sh
# run.sh [N] [FIRST_SEED] - build tdarb, play N random games with arbiter
# (2-5 players, random options), evaluate them with arbiter and with the
# reference engine, and print the first difference of each game.
# Also checks the real games of ../shared/games/terra first (REAL=0 skips).
# Output in tools/terra-diff/out/: g/*.log, arb.jsonl, ref.jsonl, report.txt
# The site runs its engine with PERL_HASH_SEED=0 (src/app.fcgi): Perl's hash
# order, which decides e.g. which cult track a town tile's key goes to, is
# then fixed.  Run the reference the same way, or it varies from run to run.
export PERL_HASH_SEED=0
set -e
N=${1:-20}
FIRST=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
REF=${REF:-$(cd "$here/../.." && pwd)/../shared/reference/terra-mystica/src}
GAMES=${GAMES:-$(cd "$here/../.." && pwd)/../shared/games/terra}
cd "$here"
./build.sh
mkdir -p out
if [ "${REAL:-1}" = 1 ] && [ -d "$GAMES" ]; then
	nice ./tdarb replay "$GAMES"/*.log > out/real.arb.jsonl
	nice perl tdref.pl "$REF" "$GAMES"/*.log > out/real.ref.jsonl
	python3 compare.py out/real.arb.jsonl out/real.ref.jsonl > out/real.txt || {
		echo "real games disagree (the tool is broken?):"; grep -v ': agree$' out/real.txt; }
	echo "real games: $(grep -c ': agree$' out/real.txt) of $(wc -l < out/real.txt) agree"
fi
rm -rf out/g && mkdir -p out/g
s=$FIRST
last=$((FIRST + N - 1))
while [ "$s" -le "$last" ]; do
	np=$((2 + s % 4))
	nice ./tdarb gen "$s" "$np" "out/g/g$s.log" || echo "seed $s: generator failed" >&2
	s=$((s + 1))
done
nice ./tdarb replay out/g/*.log > out/arb.jsonl
nice perl tdref.pl "$REF" out/g/*.log > out/ref.jsonl
python3 compare.py out/arb.jsonl out/ref.jsonl | sed "s|^$here/||" > out/report.txt || true
grep -v ": agree$" out/report.txt | grep -v "^transient:" || true
echo "random games: $(grep -c ': agree$' out/report.txt) of $(grep -vc "^transient:" out/report.txt) agree (out/report.txt)"
