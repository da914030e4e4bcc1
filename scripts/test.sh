#!/usr/bin/env bash
# Bootstraps the machine, builds, and runs every test: the Swift format check, the scenario linter, the conformance test
# against stock lua5.4, the coverage gate, the library products' documentation, the
# Examples/NotesApp package (its tests and goldens), the Examples/AsyncSessionApp package (its
# tests), then the Swift unit and end-to-end tests
# with the golden scenario suite and the explorations of fixed seeds (ExplorePinnedTests: every
# module in scenarios/explore/ and Tests/ExploreFixtures against recorded bytes), all part of
# `swift test`, last, so its summary closes the output. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh
echo "test: building"
swift build --build-tests
echo "test: the Swift is formatted as .swift-format says (scripts/format.sh formats it)"
scripts/format.sh --check
echo "test: linting scenarios"
scripts/lint-scenarios.sh
echo "test: conformance with stock lua5.4 (seed 1, 3000 cases; docs/lua-conformance.md)"
scripts/conformance.sh --seed 1 --cases 3000
echo "test: coverage of every app model's states and transitions"
CI=1 .build/debug/scenesim test --min-coverage transitions=100,states=100 > /dev/null
echo "test: the SceneSim, SceneSimTesting and SceneSimCLI libraries' documentation builds without warnings"
# The plugin builds only here; the docs are the README's promise to Swift users.
swift package generate-documentation --target SceneSimCore --warnings-as-errors > /dev/null
swift package generate-documentation --target SceneSimTesting --warnings-as-errors > /dev/null
swift package generate-documentation --target SceneSimCLI --warnings-as-errors > /dev/null
echo "test: Examples/NotesApp: its Swift tests and its Lua goldens through notes-scenesim"
# The example builds the SceneSimCLI and SceneSimTesting products as a user's package would.
swift build --package-path Examples/NotesApp --build-tests
swift test --package-path Examples/NotesApp --skip-build
# --jobs 2: Swift-model scenarios run in parallel, the model's code on the main actor.
(cd Examples/NotesApp && CI=1 .build/debug/notes-scenesim test scenarios --jobs 2)
echo "test: Examples/AsyncSessionApp: an async @Observable controller's exhaustive tests on the virtual clock"
# The SceneSim and SceneSimTesting products and swift-dependencies' Dependencies (Clocks trait
# only): no swift-syntax to build here (resolved for swift-dependencies' macros, never built).
swift build --package-path Examples/AsyncSessionApp --build-tests
swift test --package-path Examples/AsyncSessionApp --skip-build
echo "test: running swift test"
swift test --skip-build --parallel
