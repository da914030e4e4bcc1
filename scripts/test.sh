#!/usr/bin/env bash
# Bootstraps the machine, builds, and runs every test: the Swift unit and end-to-end tests, the
# golden scenario suite (part of `swift test`), and the scenario linter. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh
echo "test: building"
swift build --build-tests
echo "test: linting scenarios"
scripts/lint-scenarios.sh
echo "test: running swift test"
swift test --skip-build --parallel
echo "test: coverage of the built-in model's states and transitions"
CI=1 .build/debug/scenesim test --min-coverage transitions=100,states=100 > /dev/null
