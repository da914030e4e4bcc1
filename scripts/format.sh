#!/usr/bin/env bash
# Formats the project's Swift with swift-format (part of the toolchain: `swift format`) and its
# configuration, .swift-format; `--check` formats nothing and fails on any difference (the lint
# stage of scripts/test.sh). Covers Sources, Tests and Package.swift, but not
# Tests/ScaffoldFixtures (SwiftUI apps the scaffold tests read as text, whose line numbers the
# tests name) nor Examples (packages of their own, whose generated modules name their lines).
set -euo pipefail
cd "$(dirname "$0")/.."

files() {
  find Sources Tests -name '*.swift' -not -path 'Tests/ScaffoldFixtures/*' -print0 | sort -z
  printf '%s\0' Package.swift
}

case "${1:-}" in
  --check)
    files | xargs -0 swift format lint --strict --parallel --configuration .swift-format
    echo "format: ok"
    ;;
  "")
    files | xargs -0 swift format format --in-place --parallel --configuration .swift-format
    ;;
  *)
    echo "usage: scripts/format.sh [--check]" >&2
    exit 2
    ;;
esac
