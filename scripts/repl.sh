#!/usr/bin/env bash
# Builds scenesim and starts its REPL; arguments go to `scenesim repl` (e.g. a scenario to run
# first, --seed, --trace off).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product scenesim >&2
exec "$(swift build --show-bin-path)/scenesim" repl "$@"
