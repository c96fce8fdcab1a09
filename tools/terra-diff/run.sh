#!/bin/sh
# run.sh [N=20] [FIRST_SEED=1] [CHUNK=50] - play N random games with both
# engines in the loop (tdarb gen: the site's engine asked about every
# candidate command), CHUNK games at a time, and check each chunk's whole
# logs again row by row (tdarb replay, tdref.pl, compare.py).
#
# Resumable: a chunk is out/chunks/FIRST-LAST/ and is skipped once it has
# its file `done`; stopping the run loses at most the chunk under way.
# Each chunk holds g/ (the logs), diff/ (each disagreement, with the log up
# to it), stats.jsonl (candidates per kind) and report.txt (the whole-log
# check).  At the end summary.py sums the chunks of the range into
# out/summary-FIRST-LAST.txt.  Also checks the real games of
# ../shared/games/terra first (REAL=0 skips).  Run it under nice in the
# background for long runs; several runs on disjoint seed ranges may go at
# once.  --steer: the old generator's steering (README.md).
#
# The site runs its engine with PERL_HASH_SEED=0 (src/app.fcgi): Perl's hash
# order, which decides e.g. which cult track a town tile's key goes to, is
# then fixed.  Run the reference the same way, or it varies from run to run.
export PERL_HASH_SEED=0
set -e
N=${1:-20}
FIRST=${2:-1}
CHUNK=${3:-50}
STEER=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
REF=${REF:-$(cd "$here/../.." && pwd)/../shared/reference/terra-mystica/src}
GAMES=${GAMES:-$(cd "$here/../.." && pwd)/../shared/games/terra}
export REF TDIFF_HERE="$here"
cd "$here"
[ -x tdarb ] && [ "${BUILD:-1}" = 0 ] || ./build.sh
mkdir -p out/chunks
if [ "${REAL:-1}" = 1 ] && [ -d "$GAMES" ]; then
	./tdarb replay "$GAMES"/*.log > out/real.arb.jsonl
	perl tdref.pl "$REF" "$GAMES"/*.log > out/real.ref.jsonl
	python3 compare.py out/real.arb.jsonl out/real.ref.jsonl > out/real.txt 2>/dev/null || {
		echo "real games disagree (the tool is broken?):"; grep -v ': agree$' out/real.txt; }
	echo "real games: $(grep -c ': agree$' out/real.txt) of $(wc -l < out/real.txt) agree"
fi
last=$((FIRST + N - 1))
s=$FIRST
while [ "$s" -le "$last" ]; do
	e=$((s + CHUNK - 1))
	[ "$e" -gt "$last" ] && e=$last
	d=out/chunks/$s-$e
	if [ ! -f "$d/done" ]; then
		rm -rf "$d"
		./tdarb gen "$s" $((e - s + 1)) "$d" $STEER > "$d.txt" 2>&1 || true
		mv "$d.txt" "$d/gen.txt"
		if ls "$d"/g/*.log > /dev/null 2>&1; then
			./tdarb replay "$d"/g/*.log > "$d/arb.jsonl"
			perl tdref.pl "$REF" "$d"/g/*.log > "$d/ref.jsonl"
			python3 compare.py "$d/arb.jsonl" "$d/ref.jsonl" 2>/dev/null |
			    sed "s|^$here/||" > "$d/report.txt" || true
			rm -f "$d/arb.jsonl" "$d/ref.jsonl"
		fi
		touch "$d/done"
		bad=$(grep -vc ': agree$' "$d/report.txt" 2>/dev/null || true)
		echo "chunk $s-$e: ${bad:-?} whole logs differ, $(ls "$d"/diff | wc -l)" \
		    "candidate disagreements"
	fi
	s=$((e + 1))
done
python3 summary.py out/chunks "$FIRST" "$last" | tee "out/summary-$FIRST-$last.txt"
