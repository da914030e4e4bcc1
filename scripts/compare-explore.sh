#!/usr/bin/env bash
# Differential check of two scenesim builds' `explore`, deeper than the test that pins it
# (ExplorePinnedTests: two seeds, 40 runs of 60 steps, runs 0 to 2 replayed, against recorded
# bytes): more seeds, more and longer runs, more replays, against another build rather than a
# recording. The modules are the test's: every module in scenarios/explore/, the planted bugs
# (Tests/ExploreFixtures) and Tests/ExploreFixtures/pinned/modules (background tasks begun and
# finished, four that take every built-in rule on some platform beside module rules drawing
# each kind of argument, one whose weights are exact only as integers, one of 150 rules). Each
# is explored with --stats from several seeds by both builds, and its first runs are replayed,
# their steps printed as scenarios spell them (a change that draws other arguments may change
# no count). The outputs (timings aside), exit statuses and the scenarios written must be the
# same bytes. For changes to explore's engine, its built-in rules or the bindings it calls,
# which must not change which runs a seed finds: docs/explore-performance.md.
#
#   scripts/compare-explore.sh OLD NEW [--seeds N] [--runs N] [--steps N] [--replays N]
#
# OLD, NEW: scenesim binaries (e.g. the release build of a `git worktree` of the commit before a
# change, and scripts/build-release.sh's). Seeds 1..N. Defaults: 3 seeds, 200 runs of 60 steps,
# runs 0 to 9 replayed (about 40 seconds). A difference prints the module, the seed and the
# first differing lines, keeps both outputs, and the exit status is 1; bad usage exits 2.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
seeds=3 runs=200 steps=60 replays=10
binaries=()
while (($# > 0)); do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --seeds|--runs|--steps|--replays)
      [[ $# -ge 2 && $2 =~ ^[1-9][0-9]*$ ]] || { echo "compare-explore: $1 takes a whole number of at least 1" >&2; exit 2; }
      case "$1" in --seeds) seeds=$2 ;; --runs) runs=$2 ;; --steps) steps=$2 ;; --replays) replays=$2 ;; esac
      shift 2 ;;
    -*) echo "compare-explore: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) binaries+=("$1"); shift ;;
  esac
done
if ((${#binaries[@]} != 2)); then
  echo "compare-explore: give two scenesim binaries, OLD and NEW (see --help)" >&2
  exit 2
fi
for binary in "${binaries[@]}"; do
  [[ -x $binary && -f $binary ]] || { echo "compare-explore: $binary is not an executable file" >&2; exit 2; }
done
old=$(realpath "${binaries[0]}") new=$(realpath "${binaries[1]}")

work=$(mktemp -d)
keep=
trap '[[ -n $keep ]] || rm -rf "$work"' EXIT

run_one() {  # BINARY NAME ARGS...: one explore command's output (timings aside) and exit status, added to $work/NAME.txt
  local binary=$1 name=$2 status=0
  shift 2
  "$binary" explore "$@" --out "$work/out" > "$work/raw.txt" 2>&1 || status=$?
  # The two lines that carry wall-clock figures: "explore: N steps in T s (R steps/s)" and
  # "explore: shrunk in T s"; and the note on replaying a scenario written outside the suite
  # (every one here is: --out is a temporary folder), which builds before 3089c11 do not print.
  grep -Ev '^(explore: ([0-9]+ steps|shrunk) in [0-9.]+ s|note: the scenario loads its module)' "$work/raw.txt" >> "$work/$name.txt" || true
  echo "exit status $status" >> "$work/$name.txt"
}

# NAME BINARY MODULE SEED: the exploration with --stats, then its first runs replayed (which
# prints each step as its scenario would spell it, arguments and all), in $work/NAME.txt; the
# scenarios written, in $work/NAME.
explore() {
  local name=$1 binary=$2 module=$3 seed=$4
  rm -rf "$work/out" "${work:?}/$name" "$work/$name.txt"
  run_one "$binary" "$name" "$module" --seed "$seed" --runs "$runs" --steps "$steps" --stats
  for ((run = 0; run < replays && run < runs; run++)); do
    run_one "$binary" "$name" "$module" --steps "$steps" --replay "$seed:$run"
  done
  if [[ -d $work/out ]]; then mv "$work/out" "$work/$name"; else mkdir "$work/$name"; fi
}

compared=0
for module in scenarios/explore/*.lua Tests/ExploreFixtures/*.lua Tests/ExploreFixtures/pinned/modules/*.lua; do
  for ((seed = 1; seed <= seeds; seed++)); do
    explore old "$old" "$module" "$seed"
    explore new "$new" "$module" "$seed"
    if ! cmp -s "$work/old.txt" "$work/new.txt" || ! diff -r "$work/old" "$work/new" > /dev/null; then
      keep=1
      echo "compare-explore: $module, seed $seed: the builds differ (outputs kept in $work: old.txt, new.txt, old/, new/)"
      diff "$work/old.txt" "$work/new.txt" | head -20 || true
      diff -r "$work/old" "$work/new" | head -20 || true
      exit 1
    fi
    compared=$((compared + 1))
    written=$(find "$work/new" -type f | wc -l)
    echo "compare-explore: $(basename "$module") seed $seed: same ($(grep -m1 '^exit status' "$work/new.txt"), $(($(grep -c '^exit status' "$work/new.txt") - 1)) runs replayed, $written $( ((written == 1)) && echo scenario || echo scenarios) written)"
  done
done
echo "compare-explore: $compared explorations of $runs runs of $steps steps, the same bytes from both builds"
