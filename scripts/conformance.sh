#!/usr/bin/env bash
# The differential conformance test: seeded cases of the standard library's observable behaviour
# (patterns, string.format/rep, table functions, utf8, numbers, coroutines and <close>, pairs)
# run under stock lua5.4 and under `scenesim run`; their outputs must be the same bytes.
# What scenesim does differently on purpose is listed in docs/lua-conformance.md and generated
# around. scripts/test.sh runs 3000 cases with seed 1; run more with other seeds here:
#
#   scripts/conformance.sh [--seed N] [--cases N] [--scenesim PATH]
#   scripts/conformance.sh --seed "$RANDOM" --cases 200000
#
# A difference prints the case's source and both outputs, and the exit status is 1.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=1
cases=3000
per_batch=100
scenesim=.build/debug/scenesim
while (($# > 0)); do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --scenesim) scenesim=$2; shift 2 ;;
    *) echo "usage: scripts/conformance.sh [--seed N] [--cases N] [--scenesim PATH]" >&2; exit 2 ;;
  esac
done
command -v lua5.4 >/dev/null 2>&1 || { echo "conformance: error: no lua5.4 on PATH (scripts/bootstrap.sh installs it)" >&2; exit 2; }
[[ -x $scenesim ]] || { echo "conformance: error: no $scenesim; build first (swift build)" >&2; exit 2; }
scenesim=$(cd "$(dirname "$scenesim")" && pwd)/$(basename "$scenesim")
generator=$(pwd)/scripts/conformance/generate.lua

work=$(mktemp -d "${TMPDIR:-/tmp}/scenesim-conformance.XXXXXX")
trap 'rm -rf "$work"' EXIT
lua5.4 "$generator" "$seed" "$cases" "$work" "$per_batch"

# The case of output line $2 of file $1: the last "#N" header at or before it.
case_at_line() { head -n "$2" "$1" | grep -a '^#[0-9][0-9]*$' | tail -n 1 | cut -c2-; }
# The output of case $2 in file $1: from its header to the next one.
case_output() { awk -v start="#$2" '$0 == start { on = 1; print; next } on && /^#[0-9]+$/ { exit } on { print }' "$1"; }

failed=0
cd "$work"
for batch in batch-*.lua io-batch-*.lua; do
  # io-batch files look at what the debug library sees: scenesim opens it with --allow-io.
  flags=()
  if [[ $batch == io-* ]]; then flags=(--allow-io); fi
  stock_status=0
  lua5.4 "$batch" > "$batch.stock" 2> "$batch.stock-err" || stock_status=$?
  if ((stock_status != 0)); then
    echo "conformance: error: lua5.4 $batch failed (a generator bug): $(head -n 1 "$batch.stock-err")" >&2
    exit 2
  fi
  sim_status=0
  "$scenesim" run "${flags[@]}" "$batch" > "$batch.sim" 2> "$batch.sim-err" || sim_status=$?
  # scenesim prints NaN as nan whatever its sign bit, where glibc's lua5.4 prints -nan for a
  # negative one (docs/lua-conformance.md); string.format's %g is the C library's in both.
  sed -i 's/-nan/nan/g' "$batch.stock" "$batch.sim"
  if ((sim_status == 0)) && cmp -s "$batch.stock" "$batch.sim"; then continue; fi
  failed=$((failed + 1))
  first=$(cmp "$batch.stock" "$batch.sim" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p' || true)
  first=${first:-$(wc -l < "$batch.sim")}
  number=$(case_at_line "$batch.stock" "$first")
  echo "conformance: case $number (seed $seed) differs from lua5.4:"
  sed -n "/^-- case $number (/,/^-- end $number\$/p" "$batch"
  echo "--- lua5.4"
  case_output "$batch.stock" "$number"
  echo "+++ scenesim run (exit status $sim_status)"
  case_output "$batch.sim" "$number"
  if ((sim_status != 0)); then head -n 3 "$batch.sim-err"; fi
done
if ((failed > 0)); then
  echo "conformance: $failed of $(ls batch-*.lua io-batch-*.lua | wc -l) batches differ from lua5.4 (seed $seed, $cases cases)"
  exit 1
fi
echo "conformance: $cases cases (seed $seed): scenesim run prints what lua5.4 prints, byte for byte"
