#!/usr/bin/env bash
# Installs what scenesim needs to build and test on a Debian machine (or, with Homebrew, a Mac),
# and nothing that is already there. Idempotent: a second run only checks. Needs root (or sudo) for apt-get.
# Extra Debian packages named as arguments are installed the same way (the benchmarks use it).
set -euo pipefail
cd "$(dirname "$0")/.."

# macOS: Homebrew's names for the same tools (README, "Set up on macOS"); libedit is the SDK's.
if [[ $(uname -s) == Darwin ]]; then
  command -v brew >/dev/null 2>&1 || { echo "bootstrap: error: install Homebrew first (README, Set up on macOS)" >&2; exit 1; }
  brew list --versions lua pkgconf luarocks librsvg >/dev/null 2>&1 || brew install lua pkgconf luarocks librsvg
  command -v luacheck >/dev/null 2>&1 || luarocks install luacheck
  python3 -c "import jsonschema" 2>/dev/null || {
    echo "bootstrap: error: the python3 on PATH has no jsonschema; see README, Set up on macOS (a venv)" >&2; exit 1; }
  command -v swift >/dev/null 2>&1 || { echo "bootstrap: error: no 'swift' on PATH; install Xcode or a Swift 6 toolchain" >&2; exit 1; }
  pkg-config --exists lua || { echo "bootstrap: error: pkg-config cannot find lua (brew install lua)" >&2; exit 1; }
  echo "bootstrap: all Homebrew packages present (lua pkgconf luarocks librsvg, luacheck)"
  exit 0
fi

# Debian packages: the Lua 5.4 headers and library, libedit for the REPL's line editing,
# pkg-config to find both, luacheck for scripts/lint-scenarios.sh, python3-jsonschema for the
# test that checks --trace jsonl against docs/trace-event.schema.json, librsvg2-bin for the
# test that renders --timeline SVG with rsvg-convert and reads its pixels, lua5.4 (the stock
# interpreter) for the conformance test that compares scenesim's Lua with it byte for byte.
packages=(liblua5.4-dev libedit-dev pkg-config lua-check python3-jsonschema librsvg2-bin lua5.4 "$@")

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "bootstrap: all Debian packages present (${packages[*]})"
else
  echo "bootstrap: installing ${missing[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "bootstrap: error: installing packages needs root; run as root or install: ${missing[*]}" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo[@]}" apt-get update -qq; then
    echo "bootstrap: error: 'apt-get update' failed: is the Debian package mirror reachable?" >&2
    exit 1
  fi
  if ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    echo "bootstrap: error: 'apt-get install ${missing[*]}' failed (see above)" >&2
    exit 1
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "bootstrap: error: no 'swift' on PATH; install the Swift 6.3 toolchain first" >&2
  exit 1
fi
pkg-config --exists lua5.4 || { echo "bootstrap: error: pkg-config cannot find lua5.4" >&2; exit 1; }
pkg-config --exists libedit || { echo "bootstrap: error: pkg-config cannot find libedit" >&2; exit 1; }
