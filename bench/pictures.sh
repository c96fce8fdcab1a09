#!/bin/sh
# bench/pictures.sh - the time to draw each game's board picture (PNG), in
# one process (build/bench/picture): the median over 24 positions of a
# self-play game drawn five times each, and apart from it the first
# picture, which also loads cairo and its fonts.  Prints a table; asserts
# nothing.  Usage: sh bench/pictures.sh [ROUNDS]
set -e
. "$(pwd)/bench/summary.sh"
P=$(pwd)/${PICTURE:-build/bench/picture}
ROUNDS=${1:-5}

printf '%-10s %12s %12s %12s\n' game "first (ms)" "median (ms)" "largest (B)"
for g in $(./arbiter help | sed -n 's/^Games://p' | grep -o '[a-z]* (' | tr -d ' ('); do
	set -- $("$P" "$g" "$ROUNDS")
	printf '%-10s %12s %12s %12s\n' "$1" "$2" "$3" "$4"
	summary "picture, $1: ms to draw one (first, cairo loaded: $2 ms)" "$3" "<= 100"
	summary "picture, $1: largest PNG (KB)" "$(($4 / 1024))" "<= 96"
done
