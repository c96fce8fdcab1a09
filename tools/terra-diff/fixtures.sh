#!/bin/sh
# fixtures.sh DEST - after run.sh: copy every random game of out/ that both
# engines play alike to the end into DEST (tests/terra/reference) as
# NAME.log with NAME.expected beside it: the final VP of each faction as
# the reference engine computes them (faction=VP lines, as in
# ../shared/games/terra).  Prints how many games it wrote and the
# factions they cover.
# The site runs its engine with PERL_HASH_SEED=0 (src/app.fcgi): Perl's hash
# order, which decides e.g. which cult track a town tile's key goes to, is
# then fixed.  Run the reference the same way, or it varies from run to run.
export PERL_HASH_SEED=0
set -e
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:?usage: fixtures.sh DEST}
REF=${REF:-$(cd "$here/../.." && pwd)/../shared/reference/terra-mystica}
mkdir -p "$dest"
n=0
for g in $(sed -n 's|^out/g/\(g[0-9]*\)\.log: agree$|\1|p' "$here/out/report.txt"); do
	out=$(cd "$REF" && perl evaluate.pl src "$here/out/g/$g.log")
	case "$out" in *finished=1*) ;; *) continue ;; esac
	case "$out" in *ERR:*) continue ;; esac
	cp "$here/out/g/$g.log" "$dest/random-$g.log"
	echo "$out" | head -1 | tr ' ' '\n' > "$dest/random-$g.expected"
	n=$((n + 1))
done
echo "$n games written to $dest"
cat "$dest"/*.expected | cut -d= -f1 | sort | uniq -c | sort -rn | tr '\n' ' '
echo
