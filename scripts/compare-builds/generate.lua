-- Writes one random scenario for scripts/compare-builds.sh: lifecycle, window, URL, login, clock,
-- network and background calls in a seeded order, each in a pcall, and after each one (and in
-- every hook, mid-operation) every window's and the app's fields read three times, as a cache
-- would be filled by one read and answer the next. Two builds that read fields the same way
-- print the same bytes.
--
--   lua5.4 scripts/compare-builds/generate.lua SEED PLATFORM STEPS HOOKS
--
-- SEED: the case's seed; PLATFORM: ipados, macos or visionos; STEPS: calls; HOOKS: 1 to
-- register phase, scene_phase, state and restore hooks that read everything, 0 not to.
-- Run by stock lua5.4, not in a scenario's sandbox:
-- luacheck: read globals io os
local seed, platform, steps, hooks = tonumber(arg[1]), arg[2], tonumber(arg[3]), arg[4] == "1"
if not seed or not platform or not steps then
  io.stderr:write("usage: lua5.4 generate.lua SEED PLATFORM STEPS HOOKS\n")
  os.exit(2)
end
math.randomseed(seed)

local calls = {
  'app:open_window("doc", "%s")',
  'local w = pick(%d); if w then w:focus() end',
  'local w = pick(%d); if w then w:close() end',
  'local w = pick(%d); if w then w:disconnect() end',
  'local w = pick(%d); if w then w:background() end',
  'local w = pick(%d); if w then w:minimize() end',
  'app:background()', 'app:foreground()', 'app:launch()',
  'app:terminate("system")', 'app:terminate("user")', 'app:terminate("crash")', 'app:terminate("force")',
  'app:switcher()', 'app:interrupt()', 'app:resume()', 'app:hide()', 'app:reopen()',
  'app:open_url("myapp://doc/%s")',
  'app:login { user = "ada" }', 'app:logout()',
  'sim.advance(%d * 30)', 'sim.settle()',
  'app:begin_background_task("t", function(_, t) t:finish() end)',
  'app:schedule_refresh(%d)', 'sim.system.refresh(app)',
  'sim.network(false)', 'sim.network(true)',
}

local out = {}
local function line(s) out[#out + 1] = s end
line(string.format('local app = sim.launch { platform = %q, scenes = { { id = "main" }, '
  .. '{ id = "doc", value = "string" } }, routes = { doc = "doc" } }', platform))
line([[
local known, ids = {}, {}
local function show(tag)
  local parts = { tag }
  for _, w in ipairs(app.sessions) do
    if not known[w.id] then known[w.id] = w; ids[#ids + 1] = w.id end
  end
  table.sort(ids)
  for _, id in ipairs(ids) do
    local w = known[id]
    for _ = 1, 3 do
      parts[#parts + 1] = string.format("%s:%s/%s/%s/%s/%s", w.id, tostring(w.value), w.phase,
        tostring(w.connected), tostring(w.alive), tostring(w.minimized))
    end
  end
  for _ = 1, 3 do
    parts[#parts + 1] = table.concat({ tostring(app.front), tostring(app.running), app.phase, app.state,
      app.launches, tostring(app.suspended), #app.windows }, ",")
  end
  print(table.concat(parts, " "))
end
local function pick(n)
  local list = app.sessions
  if #list == 0 then return nil end
  return list[(n % #list) + 1]
end]])
if hooks then
  line('app:on("phase", function() show("  hook phase") end)')
  line('app:on("scene_phase", function() show("  hook scene_phase") end)')
  line('app:on("state", function() show("  hook state") end)')
  line('app:on("restore", function() show("  hook restore"); return true end)')
end
for i = 0, steps - 1 do
  local call = calls[math.random(#calls)]
  if call:find("%%s") then
    call = call:format(({ "A", "B", "C", "D" })[math.random(4)])
  elseif call:find("%%d") then
    call = call:format(math.random(0, 20))
  end
  line(string.format('do local ok = pcall(function() %s end) show("%d" .. (ok and "" or " err")) end', call, i))
end
io.write(table.concat(out, "\n"), "\n")
