#!/usr/bin/env bash
# Differential check of two scenesim builds' `explore` (not a test: it needs an older build):
# every module in scenarios/explore/, the explore tests' planted bugs (Tests/ExploreFixtures: a
# lock that opens on 4, 3, 2, 1 pressed in a row, a draft the model wrongly believes survives a
# kill, a third document), whose failures are shrunk and written out, one that begins and
# finishes background tasks, four that take every built-in rule on some platform beside module
# rules drawing each kind of argument, one whose weights are exact only as integers, and one of
# 150 rules. Each is explored with --stats from several seeds by both builds, and its first
# runs are replayed, their steps printed as scenarios spell them (a change that draws other
# arguments may change no count). The outputs (timings aside), exit statuses and the scenarios
# written must be the same bytes. For changes to explore's engine, its built-in rules or the
# bindings it calls, which must not change which runs a seed finds: docs/explore-performance.md.
#
#   scripts/compare-explore.sh OLD NEW [--seeds N] [--runs N] [--steps N] [--replays N]
#
# OLD, NEW: scenesim binaries (e.g. the release build of a `git worktree` of the commit before a
# change, and scripts/build-release.sh's). Seeds 1..N. Defaults: 3 seeds, 200 runs of 60 steps,
# runs 0 to 9 replayed (about 40 seconds). A difference prints the module, the seed and the
# first differing lines, keeps both outputs, and the exit status is 1; bad usage exits 2.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }
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
mkdir -p "$work/modules"

cat > "$work/modules/tasks.lua" <<'LUA'
-- Background tasks begun, finished and expired among the lifecycle rules.
return {
  setup = function()
    return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } }, routes = { doc = "doc" } }
  end,
  background_tasks = true,
}
LUA

# Every built-in rule on some platform, and module rules whose arguments explore draws the way
# the built-in ones are drawn (windows of each kind, ints, one_of, bool) beside a float: the
# Mac's rules (minimize, hide, reopen, Quit and Keep Windows, Settings), every rule at once on
# iPadOS (builtin = true), the built-in model's intents on iPhone, and visionOS.
cat > "$work/modules/mac.lua" <<'LUA'
return {
  setup = function()
    return sim.launch {
      platform = "macos",
      scenes = { { id = "main" }, { id = "doc", value = "integer" }, { id = "prefs", kind = "settings" } },
      routes = { doc = "doc" },
    }
  end,
  rules = {
    poke = {
      weight = 2, pre = function(app) return app.running end,
      args = { w = sim.gen.window("visible"), n = sim.gen.int(-5, 5), f = sim.gen.float(0, 2), b = sim.gen.bool() },
      run = function(_, a) a.w.storage.n = a.n end,
    },
    tick = {
      args = { n = sim.gen.int(0, 100), k = sim.gen.one_of { "x", 2, true } },
      run = function(_, a) sim.advance(a.n / 10) end,
    },
    pair = {
      args = { a = sim.gen.window("live"), b = sim.gen.window("visible") },
      run = function(_, a) if a.a == a.b then a.b:focus() end end,
    },
  },
  invariants = { front = function(app) return app.front == app.windows[1] end },
}
LUA
# Weights whose sums are exact only as integers: explore draws among these in Lua.
cat > "$work/modules/weights.lua" <<'LUA'
return {
  setup = function() return sim.launch { scenes = { { id = "main" } } } end,
  builtin = { "advance", "background", "foreground" },
  rules = {
    heavy = { weight = (1 << 62) + 1, args = { n = sim.gen.int(1, 3) }, run = function() end },
    light = { weight = 1 << 61, run = function() sim.advance(1) end },
  },
}
LUA
# 150 rules, of three kinds: no precondition (drawn in Swift), a precondition in Lua, and a
# window argument; their counts come from both.
{
  echo 'return {'
  echo '  setup = function() return sim.launch { scenes = { { id = "main" } } } end,'
  echo '  rules = {'
  for ((i = 0; i < 150; i++)); do
    case $((i % 3)) in
      0) echo "    r$i = { weight = $((1 + i % 7)), run = function() end }," ;;
      1) echo "    r$i = { pre = function(app) return app.running end, args = { n = sim.gen.int(0, $i) }, run = function() end }," ;;
      2) echo "    r$i = { args = { w = sim.gen.window(\"background\") }, run = function(_, a) a.w:focus() end }," ;;
    esac
  done
  echo '  },'
  echo '}'
} > "$work/modules/many.lua"
cat > "$work/modules/every.lua" <<'LUA'
return {
  setup = function()
    return sim.launch {
      platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } },
      routes = { doc = "doc", item = "doc" },
    }
  end,
  builtin = true,
  rules = { raise = { args = { w = sim.gen.window("background") }, run = function(_, a) a.w:focus() end } },
}
LUA
cat > "$work/modules/intents.lua" <<'LUA'
return {
  setup = function() return sim.launch { platform = "iphone", scenes = { { id = "main" } } } end,
}
LUA
cat > "$work/modules/vision.lua" <<'LUA'
return {
  setup = function()
    return sim.launch { platform = "visionos", scenes = { { id = "main" }, { id = "vol", value = "integer" } } }
  end,
  rules = {
    push = {
      args = { w = sim.gen.window("connected"), x = sim.gen.int(1, 2) },
      run = function(_, a) if a.x == 2 then a.w:background() end end,
    },
  },
}
LUA

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
for module in scenarios/explore/*.lua Tests/ExploreFixtures/*.lua "$work"/modules/*.lua; do
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
