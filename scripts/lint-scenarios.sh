#!/usr/bin/env bash
# Lints every scenario and helper module, the explore tests' modules (Tests/ExploreFixtures),
# explore's engine (Sources/SceneSimExplore/Engine) and the generators of the
# conformance test and of compare-builds, with luacheck (Debian package lua-check).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v luacheck >/dev/null 2>&1; then
  echo "lint-scenarios: luacheck not found; run scripts/bootstrap.sh (installs lua-check)" >&2
  exit 2
fi
luacheck --no-color --formatter plain --codes scenarios Tests/ExploreFixtures Sources/SceneSimExplore/Engine scripts/conformance scripts/compare-builds
echo "lint-scenarios: ok"
