#!/usr/bin/env bash
# Bootstraps the machine, builds, and runs every test: Swift unit tests, the golden scenario
# suite (run by `swift test` too) and the scenario linter. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh
echo "test: building"
swift build --build-tests
echo "test: running swift test"
swift test --skip-build --parallel
