#!/usr/bin/env bash
# Re-records the golden outputs of scenarios (default: all of scenarios/) after a deliberate
# change. Goldens are reviewed text: read `git diff scenarios/` before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product scenesim
"$(swift build --show-bin-path)/scenesim" test --update "$@"
echo "update-goldens: review every change with 'git diff scenarios/' before committing:"
echo "  each golden must show the behaviour its first comment line says it guards, not merely what happened."
