-- luacheck configuration for scenario files (scripts/lint-scenarios.sh).
std = "lua54"
read_globals = { "sim" }
max_line_length = 120
exclude_files = { "scenarios/types/*.d.lua", ".build*/**" }
