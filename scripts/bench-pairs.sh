#!/usr/bin/env bash
# Benchmark (not a test) of the standard library functions scenesim replaces, against stock
# lua5.4 running the same script: `pairs` over a table of 1,000 keys (scenesim visits keys in a
# fixed order, so it cannot hand out `next`). Measured in instructions (callgrind), which a
# shared, noisy machine does not disturb: the instructions of the loops alone (a run with the
# loops minus a run without them), per loop, for each interpreter, and their ratio.
#
#   scripts/bench-pairs.sh [SCENESIM...]
#
# With no argument it measures the distribution build (scripts/build-release.sh); given several
# binaries (e.g. a build of the commit before a change, then one after), it measures each in
# the same run, so before and after compare directly. Target: pairs <= 3x lua5.4.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh lua5.4 valgrind >&2
if (($# == 0)); then set -- "$(scripts/build-release.sh)"; fi
LOOPS=${LOOPS:-200}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# $1 the number of loops: each loop visits every key of the 1,000-key table once.
write_case() {
  cat > "$work/pairs-$1.lua" <<LUA
local t = {}
for i = 1, 1000 do t["key" .. i] = i end
local sum = 0
for _ = 1, $1 do
  for _, v in pairs(t) do sum = sum + v end
end
print(sum)
LUA
}
write_case 0
write_case "$LOOPS"

# Instructions of "$@" running pairs-$LOOPS.lua minus pairs-0.lua, per loop.
per_loop() {
  local with without
  with=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$work/pairs-$LOOPS.lua" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  without=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$work/pairs-0.lua" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo $(( (with - without) / LOOPS ))
}

stock=$(per_loop lua5.4)
printf '%-28s %14s %8s\n' "pairs over 1,000 keys" "instr./loop" "ratio"
printf '%-28s %14d %7.2fx\n' "lua5.4" "$stock" 1
for bin in "$@"; do
  # valgrind cannot read the debug information Swift writes: it measures a stripped copy.
  strip -o "$work/scenesim" "$bin"
  sim=$(per_loop "$work/scenesim" run)
  awk -v n="$sim" -v base="$stock" -v bin="$bin" \
    'BEGIN { r = n / base; printf "%-28s %14d %7.2fx  (target <= 3x: %s) %s\n", "scenesim run", n, r, (r <= 3 ? "met" : "MISSED"), bin }'
done
