#!/bin/sh
# freeze.sh DIR - copy what a long run needs (tdarb as built now, the
# scripts, tests/terra/REFUSALS.md) into DIR, so that the sources may
# change while it runs: then `cd DIR && REF=... TDIFF_REFUSALS=$PWD/REFUSALS.md
# BUILD=0 sh run.sh N FIRST CHUNK` (README.md).  DIR/ENGINE names the commit.
set -e
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: freeze.sh DIR}
mkdir -p "$dir"
cp "$here/tdarb" "$here/tdref.pl" "$here/compare.py" "$here/summary.py" "$here/run.sh" "$dir/"
cp "$here/../../tests/terra/REFUSALS.md" "$dir/"
(cd "$here" && git rev-parse HEAD && git status --short -- ../../engine . | head -5) > "$dir/ENGINE"
echo "frozen in $dir: $(head -1 "$dir/ENGINE")"
