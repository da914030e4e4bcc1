#!/usr/bin/env bash
# Benchmark (not a test) of how the work done in Swift scales with its input, for
# docs/reliability.md's scaling table: windows drawn as the text timeline under --max-memory 64,
# and goldens of many output lines compared (every other line changed, and one line changed).
# Prints the bytes written or compared, wall time and peak memory per size, each also as a ratio
# to the smallest size measured in the same run: time and memory should grow no faster than the
# output does (the text timeline's output itself grows as windows x events).
# BIN=path/to/scenesim uses that binary instead of a release build.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${BIN:-$(scripts/build-release.sh)}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

measure() {  # runs the command; prints "seconds peak-KiB" (best of two: the machine is shared)
  local best_t=999999 best_m=0 t m
  for _ in 1 2; do
    /usr/bin/time -o "$work/time" -f "%e %M" "$@" >/dev/null 2>&1 || true
    read -r t m < <(tail -1 "$work/time")
    if awk -v a="$t" -v b="$best_t" 'BEGIN { exit !(a < b) }'; then best_t=$t; best_m=$m; fi
  done
  echo "$best_t $best_m"
}

table() {  # reads "size output-bytes seconds KiB" lines; prints them with ratios to the first
  awk -v what="$1" 'NR == 1 { o0 = $2; t0 = $3 > 0 ? $3 : 0.01; m0 = $4 }
    { printf "%-27s %7d  %7.1f MB x%6.2f  %6.2f s x%6.2f  %6.1f MiB x%5.2f\n", what, $1, $2 / 1e6, $2 / o0, $3, ($3 > 0 ? $3 : 0.01) / t0, $4 / 1024, $4 / m0 }'
}

echo "bench-scaling: $("$bin" --version 2>/dev/null || echo scenesim), $(nproc) cores"
printf "%-27s %7s  %17s  %15s  %16s\n" "input" "size" "output (ratio)" "time (ratio)" "peak memory"

for n in 500 1000 2000 4000; do
  printf 'local app = sim.launch { scenes = { { id = "doc" } } }\nfor _ = 1, %d do app:open_window("doc") end\n' "$n" > "windows-$n.lua"
  result=$(measure "$bin" run --max-memory 64 --timeline "windows-$n.txt" "windows-$n.lua")
  echo "$n $(wc -c < "windows-$n.txt") $result"
done | table "windows, text timeline"

for lines in 2500 5000 10000 20000; do
  mkdir -p "every-other-$lines"
  printf 'for i = 1, %d do print("line " .. i) end\n' "$lines" > "every-other-$lines/big.lua"
  awk -v n="$lines" 'BEGIN { for (i = 1; i <= n; i++) print (i % 2 ? "line " i : "changed " i); print "--- exit 0" }' > "every-other-$lines/big.golden"
  echo "$lines $(wc -c < "every-other-$lines/big.golden") $(measure "$bin" test --check "every-other-$lines")"
done | table "output lines, half changed"

for lines in 25000 50000 100000 200000; do
  mkdir -p "one-changed-$lines"
  printf 'for i = 1, %d do print("line " .. i) end\n' "$lines" > "one-changed-$lines/big.lua"
  awk -v n="$lines" 'BEGIN { for (i = 1; i <= n; i++) print (i == int(n / 2) ? "changed" : "line " i); print "--- exit 0" }' > "one-changed-$lines/big.golden"
  echo "$lines $(wc -c < "one-changed-$lines/big.golden") $(measure "$bin" test --check "one-changed-$lines")"
done | table "output lines, one changed"
