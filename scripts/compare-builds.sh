#!/usr/bin/env bash
# Differential check of two scenesim builds (not a test: it needs an older build): random
# scenarios (scripts/compare-builds/generate.lua) that read every window's and the app's fields
# after each call and in hooks mid-operation, run by both with `scenesim run --trace off`; their
# outputs and exit statuses must be the same bytes. For changes to how fields are read or
# cached, where one missed invalidation shows as a stale value in one of thousands of reads;
# with `--trace text` (or jsonl), also for changes to when the trace is written.
#
#   scripts/compare-builds.sh OLD NEW [--cases N] [--seed N] [--steps N] [--trace off|text|jsonl]
#
# OLD, NEW: scenesim binaries (e.g. the release build of a `git worktree` of the commit before a
# change, and scripts/build-release.sh's). Each case runs on iPadOS, macOS and visionOS, half of
# them with hooks. Defaults: 200 cases (600 scenarios, about half a minute), seed 1, 60 steps.
# A difference prints the scenario's path (kept) and the first differing lines, and the exit
# status is 1; bad usage exits 2. (Default run on the window-field cache reverted in dd6adc8:
# it finds the stale read, a macOS window closed before the App's phase handler, at case 89.)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
cases=200 seed=1 steps=60 trace=off
binaries=()
while (($# > 0)); do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --cases|--seed|--steps)
      [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || { echo "compare-builds: $1 takes a whole number" >&2; exit 2; }
      case "$1" in --cases) cases=$2 ;; --seed) seed=$2 ;; --steps) steps=$2 ;; esac
      shift 2 ;;
    --trace)
      [[ $# -ge 2 && $2 =~ ^(off|text|jsonl)$ ]] || { echo "compare-builds: --trace takes off, text or jsonl" >&2; exit 2; }
      trace=$2
      shift 2 ;;
    -*) echo "compare-builds: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) binaries+=("$1"); shift ;;
  esac
done
if ((${#binaries[@]} != 2)); then
  echo "compare-builds: give two scenesim binaries, OLD and NEW (see --help)" >&2
  exit 2
fi
for binary in "${binaries[@]}"; do
  [[ -x $binary && -f $binary ]] || { echo "compare-builds: $binary is not an executable file" >&2; exit 2; }
done
old=$(realpath "${binaries[0]}") new=$(realpath "${binaries[1]}")
scripts/bootstrap.sh lua5.4 >&2

work=$(mktemp -d)
keep=
trap '[[ -n $keep ]] || rm -rf "$work"' EXIT
compared=0
for ((i = 0; i < cases; i++)); do
  for platform in ipados macos visionos; do
    hooks=$((i % 2))
    case_seed=$((seed * 100003 + i))
    scenario="$work/case-$case_seed-$platform.lua"
    lua5.4 scripts/compare-builds/generate.lua "$case_seed" "$platform" "$steps" "$hooks" > "$scenario"
    status_old=0 status_new=0
    (cd "$work" && "$old" run "$scenario" --trace "$trace") > "$work/old.txt" 2>&1 || status_old=$?
    (cd "$work" && "$new" run "$scenario" --trace "$trace") > "$work/new.txt" 2>&1 || status_new=$?
    compared=$((compared + 1))
    if [[ $status_old != "$status_new" ]] || ! cmp -s "$work/old.txt" "$work/new.txt"; then
      keep=1
      echo "compare-builds: the builds differ on $scenario (exit $status_old vs $status_new)"
      diff "$work/old.txt" "$work/new.txt" | head -20 || true
      exit 1
    fi
  done
  if (((i + 1) % 10 == 0)); then echo "compare-builds: $compared scenarios the same so far" >&2; fi
done
echo "compare-builds: $compared scenarios ($cases cases on 3 platforms, seed $seed, $steps steps, trace $trace): the same bytes and exit statuses"
