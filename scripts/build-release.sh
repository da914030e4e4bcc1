#!/usr/bin/env bash
# Builds the distribution binary: release, and fully static — the Swift runtime, Foundation,
# Lua, libedit and glibc are all linked in — so it starts fastest (no dynamic loader, no
# libstdc++ start-up) and runs on any x86_64 Linux. The benchmarks measure this build.
# Prints the binary's path on standard output; build progress goes to standard error.
#
# One caveat, as for every static glibc program: with --allow-io, Lua C modules loaded through
# package.loadlib need the same glibc version at run time (dlopen). Plain scenarios never load any.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh >&2
# libedit's own dependencies (terminfo, libbsd, libmd) are not named by its pkg-config file,
# which a static link needs; all three come with libedit-dev.
# Exclusivity is checked statically, and dynamically in every debug build (the tests run one);
# this binary skips the dynamic checks, a call into the runtime on each access to a class's
# stored property (explore: 7% of all instructions). Set only here, so a package that depends on
# scenesim keeps them.
swift build -c release --scratch-path .build-release --product scenesim \
  -Xswiftc -static-executable -Xswiftc -enforce-exclusivity=unchecked \
  -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd 2>&1 \
  | grep -v "Using 'dlopen' in statically linked" | tail -3 >&2
echo "$PWD/.build-release/release/scenesim"
