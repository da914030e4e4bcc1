-- luacheck configuration for scenario files (scripts/lint-scenarios.sh, and editors that run
-- luacheck). The globals are exactly what `scenesim run` gives a scenario: Lua 5.4's base
-- library, string, table, math, utf8 and coroutine, plus `sim`. The sandbox removes io, os,
-- debug, package, dofile and loadfile, so using them is flagged here, before a run fails on it.
-- `assert` is Lua's own and holds luassert's `assert.equal` and `assert.same`.
-- (A scenario written for `scenesim run --allow-io` says so with a line such as
-- `-- luacheck: read globals io os`.) A test checks this list against the sandbox's real globals.
std = "lua54"
not_globals = { "io", "os", "debug", "package", "dofile", "loadfile" }
read_globals = { "sim", assert = { fields = { "equal", "same" } } }
max_line_length = 120
exclude_files = { "scenarios/types/*.d.lua", ".build*/**" }

-- The explore engine (Sources/SceneSimExplore/Engine) runs in a scenario's sandbox
-- but is handed `sim` as an argument (`local sim, native = ...`), so it reads no global `sim`.
-- Its long lines are error messages kept whole; `not (a <= b)` is how it refuses NaN too.
files["Sources/SceneSimExplore/Engine"] = { read_globals = {}, max_line_length = 200, ignore = { "581" } }
