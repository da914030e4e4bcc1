#!/usr/bin/env bash
# Benchmarks the simulation core: per-operation cost at 1k, 10k and 100k windows, and the cost
# of a relaunch restoring 1,000 sessions. Release build in its own scratch path.
set -euo pipefail
cd "$(dirname "$0")/.."

# Built as the distribution binary is (scripts/build-release.sh: no dynamic exclusivity checks).
swift build -c release --scratch-path .build-bench -Xswiftc -enforce-exclusivity=unchecked --product SceneSimBench
.build-bench/release/SceneSimBench
