-- The exploration engine of scenesim explore: generators, built-in rules, invariant checks,
-- the run loop, and the checker a found scenario uses. Loaded once per Lua state, the first
-- time a script reads sim.gen or sim.explore (or the explore command runs a run).

--- What the host gives the engine (ScriptHost+Explore.swift), typed for LuaLS, which reads this
--- file beside scenarios/types/scenesim.d.lua.
---@class scenesim.ExploreNatives
---@field engine fun(): fun(sim: scenesim.Sim, natives: scenesim.ExploreNatives): table  the compiled engine
---@field read_module fun(path: string): string|nil, string  an exploration module's source and chunk name, or nil and why
---@field checks fun(watchdog_ok: boolean): string|nil, string|nil  the simulator's own bookkeeping ("invariant consistency") or a built-in invariant, broken: its label and message
---@field task fun(id: integer): scenesim.BackgroundTask       background task `id`, for a found scenario's explore.task
---@field windows fun(kind: string): scenesim.Window[]  the app's live windows of a kind ("live", "connected", "visible", "background"), oldest first
--- try: the draws of the rule at a place in the run's list, its precondition held (ScriptHost+ExploreNative):
--- 1 (no window to draw) or 2, the stream's state, the choices, the window drawn.
---@field try fun(place: integer, s: integer): integer, integer, any, any, any, scenesim.Window?
---@field run fun(rule: string, ...: any)                  sends the input of the built-in rule of that name from its arguments in key order, as its Lua call would
---@field pick_rules fun(tags: string, specs: string): integer  the run's rules' tags ("<s4B" each) and the module's rules ("<dBBs4" each): their number, for pick, step and try
---@field declared fun(known?: integer): boolean|nil  makes the built-in rules of the run's declared app (Swift's); true when they are the ones the memo `known` (E.warm's) names
--- builtin_specs: the built-in rules made for the app, its scenes by id, its routes' scenes by name.
---@field builtin_specs fun(): scenesim.BuiltinSpec[], table<string, { value?: string, keys?: string[] }>, table<string, string>
---@field builtin_rules fun(names?: string[], background_tasks?: boolean): string[]|false, string?, string?  the built-in rules the run takes, or false, a listed one the app cannot take and why
---@field holds fun(name: string): boolean                  whether the built-in rule's precondition holds now
---@field builtin_names string[]                             every built-in rule's name, sorted
--- pick: the next rule drawn (its place in the list, 0 for none), 2 (drawn, as by try) or 3 (its
--- precondition or draws are Lua's), the stream's state, the choices, the window drawn.
---@field pick fun(id: integer, s: integer, aside: integer): integer, integer, integer, any, any, any, scenesim.Window?
--- step: a step begun in Swift: as pick (aside 0), or, for a built-in rule Swift runs (ScriptHost.exploreAct),
--- its place, 4, the state, its draws in four places and a broken built-in check's label and message; raises
--- the rule's error, after which step_drawn gives its place, 4, the state and the draws.
---@field step fun(id: integer, s: integer, watchdog_ok: boolean): integer, integer, integer, any, any, any, scenesim.Window?, string?, string?
---@field step_drawn fun(): integer, integer?, integer?, any, any, any, scenesim.Window?
---@field string_values string[]     the values of string-valued scenes' windows the rules draw
---@field is_limit fun(message: string): boolean             whether an error's text is a memory limit
---@field counted fun(fn: function, ...): boolean, ...         fn(...) under the count hook, protected: true and its results, or false and the error's text
---@field uncounted? fun(fn: function, ...): ...              fn(...) on a thread without the count hook (absent with --allow-io)
---@field suggestion fun(name: any, names: string[]): string  ' (did you mean "x"?)' or ""
---@field gen_fields function                                 __index of sim.gen: unknown fields are errors
---@field explore_fields function                             __index of sim.explore
---@field checker_fields function                             __index of a found scenario's explorer

--- A built-in rule as Swift declares it (Sources/SceneSimExplore/Rules/BuiltinRules.swift).
---@class scenesim.BuiltinSpec
---@field name string
---@field weight number
---@field pre? "swift"|"custom"  checked in Swift (native.holds), or by its body here
---@field args { key: string, kind: "window"|"one_of"|"bool"|"int", of?: string, values?: any[], lo?: integer, hi?: integer }[]
---@field swift_runs? boolean  Swift sends its input (native.step, native.run)
---@field statement? string  its statement, always the same
---@field window_statement? string  its statement after the window drawn
---@field seconds? number  the seconds it waits (advance_past_suspension)

---@type scenesim.Sim, scenesim.ExploreNatives
local sim, native = ...
local type, tostring, tonumber, pairs, ipairs, error, pcall = type, tostring, tonumber, pairs, ipairs, error, pcall
local next = next
local setmetatable, getmetatable, load, collectgarbage = setmetatable, getmetatable, load, collectgarbage
local mtype, huge, mininteger, tointeger = math.type, math.huge, math.mininteger, math.tointeger
local format, byte, concat, sort = string.format, string.byte, table.concat, table.sort
local find, gsub, tremove = string.find, string.gsub, table.remove
local pack, rep, unpack = string.pack, string.rep, table.unpack
local settle, network, revoke = sim.settle, sim.network, sim.server.revoke

-- MARK: Counted and uncounted code
--
-- A run's loop (E.run) runs without the count hook, so the instruction limit counts the
-- script's instructions and the engine's cost nothing (LuaState.makeUncountedFunctions). It
-- must then never run script code itself: script functions are called through `counted`,
-- and the code reached from the loop touches no value a script can give a metamethod (no
-- tostring, format("%s") or method call on a string: a script can change strings' metatable),
-- no global and no library table (all are locals taken when the engine loads, before any
-- script runs), and no table a script made or holds (rules are copied, generators keep their
-- workings where scripts cannot reach them). With --allow-io (the debug library can reach
-- anything) the loop runs counted like the rest.
local counted = native.counted
local uncounted = native.uncounted or function(fn, ...) return fn(...) end

-- Returns the results of a counted call, or raises its error's text.
local function returned(ok, ...)
  if ok then return ... end
  error((...), 0)
end

-- A script's function, called under the count hook from wherever the engine calls it.
local function counted_function(fn)
  return function(...) return returned(counted(fn, ...)) end
end

-- The text of a value a script returned (an invariant's message): tostring, under the hook.
local function text_of(v)
  return returned(counted(tostring, v))
end

-- The text of a value the engine made or caught: a string (every error raised in the loop is
-- one), a number, a boolean or nil, none of which has a metatable a script can set.
local function plain(v)
  if type(v) == "string" then return v end
  return tostring(v)
end

local E = {}

-- MARK: Literals (what a found scenario spells a value as)

local identifier = "^[%a_][%w_]*$"
local keywords = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  keywords[word] = true
end

local function quote(s)
  -- Every byte that is not printable ASCII as a decimal escape: the file stays one line per
  -- step, and the bytes come back exactly.
  return '"' .. gsub(s, '[%c\\"\128-\255]', function(c)
    if c == "\\" or c == '"' then return "\\" .. c end
    return format("\\%03d", byte(c))
  end) .. '"'
end

local function literal(v)
  local t = type(v)
  if t == "string" then return quote(v) end
  if t == "number" then
    if mtype(v) == "integer" then
      return v == mininteger and "math.mininteger" or tostring(v)
    end
    if v ~= v then return "(0/0)" end
    if v == huge then return "math.huge" end
    if v == -huge then return "-math.huge" end
    local s
    for digits = 15, 17 do
      s = format("%." .. digits .. "g", v)
      if tonumber(s) == v then break end
    end
    if not find(s, "[%.eEn]") then s = s .. ".0" end
    return s
  end
  return tostring(v)
end
E.literal = literal

local function key_literal(k)
  if find(k, identifier) and not keywords[k] then return k end
  return "[" .. quote(k) .. "]"
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  sort(keys)
  return keys
end

-- The keys of a module's table, for check_spec: `<` cannot order a number beside a string (a
-- list entry beside named ones), so a table whose keys are not all strings is refused here,
-- naming the first other kind of key in byte order of its type's name (the same every run),
-- before sorted_keys would raise in the engine's own code.
local function names_of(fail, where, t)
  local other
  for k in pairs(t) do
    local kind = type(k)
    if kind ~= "string" and (other == nil or kind < other) then other = kind end
  end
  if other then fail(format("%s keys are names (got a %s key)", where, other)) end
  return sorted_keys(t)
end

-- MARK: Random stream (SplitMix64 on Lua's 64-bit integers, which wrap as UInt64 does)

local function next64(r)
  local s = r.s + 0x9E3779B97F4A7C15
  r.s = s
  local z = (s ~ (s >> 30)) * 0xBF58476D1CE4E5B9
  z = (z ~ (z >> 27)) * 0x94D049BB133111EB
  return z ~ (z >> 31)
end

local function below(r, n) return (next64(r) >> 1) % n end
local function unit(r) return (next64(r) >> 11) * 0x1p-53 end

-- MARK: Generators

--- A generator as the engine holds it (scenesim.Generator to scripts): `draw` makes a raw
--- choice from the random stream, `resolve` turns a choice into the value (false when it no
--- longer applies), `spell` writes the value as a found scenario's Lua.
---@class scenesim.EngineGenerator: scenesim.Generator
---@field text? string       what tostring shows after "generator " (made when first asked: `describe`)
---@field describe fun(self: scenesim.EngineGenerator): string
---@field minimum any
---@field draw fun(self: scenesim.EngineGenerator, r: { s: integer }, app?: scenesim.App): any
---@field resolve fun(self: scenesim.EngineGenerator, choice: any, app?: scenesim.App): boolean, any
---@field spell fun(self: scenesim.EngineGenerator, value: any): string
---@field take? fun(self: scenesim.EngineGenerator, r: { s: integer }, app?: scenesim.App): any, any
local generator = {}
generator.__index = generator
generator.__name = "generator"

-- The workings of the generators scripts hold, by generator: what a script holds is an empty
-- table with a name, so nothing a script does to it reaches the engine.
local workings = setmetatable({}, { __mode = "k" })

local function new_generator(impl)
  local g = setmetatable({}, generator)
  workings[g] = impl
  return g
end

-- A generator's text is made when a script asks for it (tostring): the engine makes dozens
-- per run for the built-in rules, and never shows them.
function generator.__tostring(g)
  local impl = workings[g]
  impl.text = impl.text or impl:describe()
  return "generator " .. impl.text
end

local function is_generator(v) return workings[v] ~= nil end

local gen = {}
E.gen = gen

local function describe(v)
  if type(v) == "string" then return quote(v) end
  return type(v) == "number" and literal(v) or type(v)
end

-- The kinds of generator: each one's functions, shared by its generators through their
-- workings' metatable (a closure per generator made dozens for each run).
local function generator_kind(methods)
  methods.__index = methods
  return methods
end

local one_of_kind = generator_kind {
  describe = function(self)
    local texts = {}
    for i, v in ipairs(self.values) do texts[i] = literal(v) end
    return "one_of {" .. concat(texts, ", ") .. "}"
  end,
  draw = function(self, r) return below(r, self.n) + 1 end,
  resolve = function(self, c)
    if mtype(c) == "integer" and c >= 1 and c <= self.n then return true, self.values[c] end
    return false
  end,
  spell = function(_, v) return literal(v) end,
}

function gen.one_of(choices)
  if type(choices) ~= "table" or choices[1] == nil then
    error(format("sim.gen.one_of takes a non-empty list of values, e.g. sim.gen.one_of { \"A\", \"B\" } (got %s)", describe(choices)), 2)
  end
  local values = {}
  for i, v in ipairs(choices) do
    local t = type(v)
    if t ~= "string" and t ~= "number" and t ~= "boolean" then
      error(format("sim.gen.one_of: choice %d is a %s; choices are strings, numbers or booleans, so a found scenario can spell them", i, t), 2)
    end
    values[i] = v
  end
  return new_generator(setmetatable({ minimum = 1, n = #values, values = values }, one_of_kind))
end

-- A span of 2^62 or more (hi - lo wraps below 0 past 2^63) is drawn by rejection from the
-- whole 64-bit range: at least one draw in four lands in it.
local int_kind = generator_kind {
  describe = function(self) return format("int(%d, %d)", self.lo, self.hi) end,
  draw = function(self, r)
    if self.wide then
      while true do
        local v = next64(r)
        if v >= self.lo and v <= self.hi then return v end
      end
    end
    return self.lo + below(r, self.hi - self.lo + 1)
  end,
  resolve = function(self, c)
    if mtype(c) == "integer" and c >= self.lo and c <= self.hi then return true, c end
    return false
  end,
  spell = function(_, v) return literal(v) end,
}

function gen.int(lo, hi)
  if mtype(lo) ~= "integer" or mtype(hi) ~= "integer" or lo > hi then
    error(format("sim.gen.int(lo, hi) takes two integers with lo <= hi, e.g. sim.gen.int(1, 10) (got %s, %s)", describe(lo), describe(hi)), 2)
  end
  return new_generator(setmetatable({ minimum = lo, lo = lo, hi = hi, wide = hi - lo < 0 or hi - lo >= 1 << 62 }, int_kind))
end

-- Bounds whose distance overflows (float(-1e308, 1e308): hi - lo is inf) are drawn as a mix of
-- the two, which stays within them; other bounds as before, so their runs draw what they drew.
local float_kind = generator_kind {
  describe = function(self) return format("float(%s, %s)", literal(self.lo), literal(self.hi)) end,
  draw = function(self, r)
    local u = unit(r)
    if self.wide then return self.lo * (1 - u) + self.hi * u end
    return self.lo + u * (self.hi - self.lo)
  end,
  resolve = function(self, c)
    if mtype(c) == "float" and c >= self.lo and c <= self.hi then return true, c end
    return false
  end,
  spell = function(_, v) return literal(v) end,
}

function gen.float(lo, hi)
  if type(lo) ~= "number" or type(hi) ~= "number" or not (lo <= hi) or lo == -huge or hi == huge then
    error(format("sim.gen.float(lo, hi) takes two finite numbers with lo <= hi, e.g. sim.gen.float(0, 1) (got %s, %s)", describe(lo), describe(hi)), 2)
  end
  lo, hi = lo + 0.0, hi + 0.0
  return new_generator(setmetatable({ minimum = lo, lo = lo, hi = hi, wide = hi - lo == huge }, float_kind))
end

local bool_kind = generator_kind {
  describe = function() return "bool()" end,
  draw = function(_, r) return below(r, 2) == 1 end,
  resolve = function(_, c) return type(c) == "boolean", c end,
  spell = function(_, v) return literal(v) end,
}

function gen.bool()
  return new_generator(setmetatable({ minimum = false }, bool_kind))
end

-- The kinds of window a generator draws from, by name, as native.windows takes them.
local window_kinds = { live = true, connected = true, visible = true, background = true }

-- The windows a window generator draws from, oldest first: the app's live windows of that
-- kind (native.windows, one call instead of a field read per window and test).
local windows_of = native.windows

local window_kind = generator_kind {
  describe = function(self) return format("window(%q)", self.kind) end,
  draw = function(self, r)
    local list = windows_of(self.kind)
    if #list == 0 then return nil end
    return below(r, #list) + 1
  end,
  resolve = function(self, c)
    if mtype(c) ~= "integer" then return false end
    local w = windows_of(self.kind)[c]
    return w ~= nil, w
  end,
  -- draw and resolve at once, listing the windows once (the engine's random steps).
  take = function(self, r)
    local list = windows_of(self.kind)
    if #list == 0 then return nil end
    local c = below(r, #list) + 1
    return c, list[c]
  end,
  spell = function(_, w) return "explore.window(" .. quote(w.id) .. ")" end,
}

-- How native.pick_rules describes a generator Swift draws as `take`, or `draw` then `resolve`,
-- would from the same stream (ExploreGenerator(described:)): "window KIND", "one_of N", "bool",
-- "int LO HI"; nil for one it does not draw (a float, an int outside those bounds).
local function native_description(g)
  local kind = getmetatable(g)
  if kind == window_kind then return "window " .. g.kind end
  if kind == one_of_kind then return "one_of " .. g.n end
  if kind == bool_kind then return "bool" end
  if kind == int_kind and not g.wide and g.lo >= 0 and g.lo < 1 << 24 and g.hi - g.lo + 1 < 1 << 24 then
    return format("int %d %d", g.lo, g.hi)
  end
end

function gen.window(app, kind)
  -- The app may be left out: rules are declared before setup makes it. Either way the
  -- windows are the run's app's (there is one app).
  if type(app) == "string" or app == nil then kind = app end
  kind = kind or "live"
  if not window_kinds[kind] then
    error(format("sim.gen.window(app, kind): kind is \"live\", \"connected\", \"visible\" or \"background\" (got %s)", describe(kind)), 2)
  end
  return new_generator(setmetatable({ minimum = 1, kind = kind, is_window = true }, window_kind))
end

-- MARK: Rules

-- The checks a module's values pass: check_spec runs them as it reads the module, and the
-- engine again where it reads a value a second time (a table may answer differently at each
-- read, and the uncounted loop must hold only numbers, names and generators). `fail` raises.
local function check_weight(fail, where, weight)
  if weight ~= nil and (type(weight) ~= "number" or not (weight > 0) or weight == huge) then
    fail(format("%s.weight must be a positive number (got %s)%s", where, describe(weight),
      weight == 0 and "; to leave the rule out, remove it from rules (or comment it out)" or ""))
  end
end

local function check_argument(fail, where, key, g)
  if type(key) ~= "string" then fail(format("%s.args keys are names, as in args = { count = sim.gen.int(1, 3) } (got %s)", where, describe(key))) end
  if not is_generator(g) then
    fail(format("%s.args.%s must be a generator such as sim.gen.one_of { ... } or sim.gen.int(lo, hi) (got %s)", where, key, describe(g)))
  end
end

local function check_invariant(fail, field, key, fn)
  -- An eventually check may say when it applies: { pre = function(app) ... end, check = function(app) ... end }.
  if field == "eventually" and type(key) == "string" and type(fn) == "table" then
    for _, k in ipairs(names_of(fail, "eventually." .. key, fn)) do
      if k ~= "pre" and k ~= "check" then
        fail(format("unknown key %s in eventually.%s%s; an eventually check is a function(app), or { pre = function(app) ... end, check = function(app) ... end }",
          describe(k), key, native.suggestion(k, { "check", "pre" })))
      end
    end
    if type(fn.check) ~= "function" then
      fail(format("eventually.%s.check must be a function(app) that errors or returns false when broken (got %s)", key, type(fn.check)))
    end
    if fn.pre ~= nil and type(fn.pre) ~= "function" then
      fail(format("eventually.%s.pre must be a function(app) returning true when the check applies (got %s)", key, type(fn.pre)))
    end
    return
  end
  if type(key) ~= "string" or type(fn) ~= "function" then
    fail(format("%s.%s must be a function(app) that errors or returns false when broken (got %s)", field, tostring(key), type(fn)))
  end
end

-- Raises errors about the module `name`.
local function failing(name)
  return function(text) error(name .. ": " .. text, 0) end
end

-- A rule as the engine holds it: name, weight, pre, run, its generators in key order, and
-- `spell(args)`, the statement a found scenario runs for it.
---@class scenesim.EngineRule
---@field name string
---@field weight number
---@field pre? fun(app: scenesim.App): boolean
---@field run fun(app: scenesim.App, args: table)
---@field args table<string, scenesim.EngineGenerator>
---@field keys string[]
---@field minimums table<string, any>
---@field spell fun(rule: scenesim.EngineRule, args: table): string
---@field eager? boolean spelled when it runs: its statement depends on the state then
---@field copied? boolean its run may change its arguments table: a step keeps a copy made before it, to spell from
---@field tag string its name and whether it is the module's, packed as a run's result lists them ("<s4B")

---@param name string
---@param spec scenesim.Rule
---@param spell fun(rule: scenesim.EngineRule, args: table): string
---@param module? string the module a rule of the module's comes from: its functions are script
--- code, called counted, and its values are checked again as they are read
---@return scenesim.EngineRule
local function make_rule(name, spec, spell, module)
  -- Each field is read once, so the loop holds only the engine's own values.
  local fail = module and failing(module)
  local keys = sorted_keys(spec.args or {})
  local args, minimums = {}, {}
  for _, k in ipairs(keys) do
    local g = spec.args[k]
    if fail then check_argument(fail, "rules." .. name, k, g) end
    args[k] = workings[g]
    minimums[k] = args[k].minimum
  end
  local weight, pre, run = spec.weight, spec.pre, spec.run
  -- Drawn by Swift (native.pick, or native.try once its precondition held here) when it can
  -- draw every argument (at most three, one window at most); its precondition is Swift's when
  -- it has none, or when it is a built-in rule's that Swift checks (spec.swift_pre).
  local described, windows, drawn = {}, 0, #keys <= 3
  for i, k in ipairs(keys) do
    described[i] = native_description(args[k]) or false
    drawn = drawn and described[i] ~= false
    if args[k].is_window then windows = windows + 1 end
  end
  -- (A rule with no arguments and a precondition in Lua has nothing to draw.)
  drawn = drawn and windows <= 1 and (#keys > 0 or pre == nil or (not fail and spec.swift_pre == true))
  if fail then
    check_weight(fail, "rules." .. name, weight)
    pre = pre and counted_function(pre)
    run = counted_function(run)
  end
  return {
    name = name, weight = weight or 1, pre = pre, run = run, args = args,
    keys = keys, minimums = minimums, spell = spell, drawn = drawn,
    -- A module's rule as native.pick_rules takes it (the weight as a Double: the draw is
    -- Swift's, with its running sums of Doubles, whatever the weights); a built-in rule is
    -- Swift's own, named by its tag.
    pick_spec = module and pack("<dBBs4", (weight or 1) + 0.0, pre and 1 or 0, drawn and 1 or 0, drawn and concat(described, ";") or ""),
    -- Its name and whether it is the module's, as a run's result lists them (run_steps).
    tag = pack("<s4B", name, module and 1 or 0),
    -- What E.doing says while the engine is in it, built once: every step sets it.
    doing_pre = "checking the precondition of rule " .. name, doing_run = "running rule " .. name,
  }
end

local function spell_user_rule(rule, args)
  if #rule.keys == 0 then return "explore.rule(" .. quote(rule.name) .. ")" end
  local parts = {}
  for i, k in ipairs(rule.keys) do parts[i] = key_literal(k) .. " = " .. rule.args[k]:spell(args[k]) end
  return "explore.rule(" .. quote(rule.name) .. ", { " .. concat(parts, ", ") .. " })"
end

-- (The string values a string-valued scene's windows take, by place; an integer is its place.)
local string_pool, integer_pool = native.string_values, { 1, 2, 3 }

local run_native, try_native, holds = native.run, native.try, native.holds
local pick_rules, pick_native = native.pick_rules, native.pick
local step_native, step_drawn = native.step, native.step_drawn

-- The expiration handler of the tasks the built-in rule begins: a well-behaved app's, which
-- ends its task when told the time is running out (so only the model's own code can leave one
-- running into the watchdog).
local function finish_on_expiry(_, task) task:finish() end

-- The built-in rules are declared in Swift (Sources/SceneSimExplore/Rules/BuiltinRules.swift):
-- name, weight, precondition, generators, what a step does and, for most, the statement. Here
-- are the bodies of what only Lua does: a run Swift does not send (a SceneStorage write, a
-- background task with its Lua expiration handler, a table argument, an intent), a replay of
-- the four whose values engine.lua makes (network, revoke, open_window, dismiss_window), a
-- spelling that formats a drawn value, and finish_background_task's precondition. Made for the
-- declared app's scenes (by id: value kind, SceneStorage keys) and routes (by name: scene).
local function lua_bodies(scenes, routes)
  local bodies = {}
  local function window_value(a)
    local scene = scenes[a.scene]
    local pool = scene and (scene.value == "string" and string_pool or scene.value == "integer" and integer_pool) or nil
    return pool and pool[a.value]
  end
  for _, method in ipairs { "open_window", "dismiss_window" } do
    bodies[method] = {
      run = function(app, a)
        local value = window_value(a)
        if value == nil then app[method](app, a.scene) else app[method](app, a.scene, value) end
      end,
      spell = function(_, a)
        local value = window_value(a)
        return "app:" .. method .. "(" .. quote(a.scene) .. (value == nil and "" or ", " .. literal(value)) .. ")"
      end,
    }
  end
  local function url(a)
    local scene = scenes[routes[a.route]]
    local pool = scene and scene.value == "integer" and integer_pool or string_pool
    return "app://" .. a.route .. "/" .. pool[a.value]
  end
  bodies.open_url = {
    run = function(app, a) app:open_url(url(a)) end,
    spell = function(_, a) return "app:open_url(" .. quote(url(a)) .. ")" end,
  }
  bodies.advance = { spell = function(_, a) return "sim.advance(" .. literal(a.seconds) .. ")" end }
  bodies.advance_past_suspension = {
    spell = function(rule) return "sim.advance(" .. literal(tointeger(rule.seconds) or rule.seconds) .. ")" end,
  }
  bodies.network = { run = function(_, a) network(a.up) end, spell = function(_, a) return "sim.network(" .. tostring(a.up) .. ")" end }
  bodies.revoke = { run = function(_, a) revoke(a.user) end, spell = function(_, a) return "sim.server.revoke(" .. quote(a.user) .. ")" end }
  bodies.schedule_refresh = {
    run = function(app, a) app:schedule_refresh(a.seconds) end,
    spell = function(_, a) return "app:schedule_refresh(" .. literal(a.seconds) .. ")" end,
  }
  -- An activity is matched on its target, never its type (semantics 12.0): the target drawn
  -- is a document's, an editor's, or one no scene matches.
  bodies.continue_activity = {
    run = function(app, a) app:continue_activity(a.type, { id = a.id }, { target = a.target }) end,
    spell = function(_, a)
      return "app:continue_activity(" .. quote(a.type) .. format(", { id = %d }, { target = ", a.id) .. quote(a.target) .. " })"
    end,
  }
  bodies.open_notification = {
    run = function(app, a) app:open_notification { id = a.id } end,
    spell = function(_, a) return format("app:open_notification { id = %d }", a.id) end,
  }
  bodies.login = {
    run = function(app, a) app:login { user = a.user, new_user = a.new_user } end,
    spell = function(_, a) return "app:login { user = " .. quote(a.user) .. (a.new_user and ", new_user = true" or "") .. " }" end,
  }
  for _, intent in ipairs { "logout", "next_step", "cancel_onboarding", "retry" } do
    bodies[intent] = { run = function(app) app[intent](app) end }
  end

  -- Where a scene declares its SceneStorage keys, the key drawn is a place (an int generator),
  -- taken round the window's scene's list ("a" and "b" for a scene that declares none);
  -- otherwise it is "a" or "b" itself.
  local undeclared = { "a", "b" }
  local function key_of(a)
    if type(a.key) == "string" then return a.key end
    local scene = scenes[a.window.group]
    local keys = scene and scene.keys or undeclared
    if #keys == 0 then return nil end
    return keys[(a.key - 1) % #keys + 1]
  end
  bodies.storage_write = {
    run = function(_, a)
      local key = key_of(a)
      if key ~= nil then a.window.storage[key] = a.value end
    end,
    spell = function(rule, a)
      local window, key = rule.args.window:spell(a.window), key_of(a)
      if type(a.key) == "string" then return window .. ".storage." .. a.key .. " = " .. literal(a.value) end
      -- A scene that declares no keys at all (keys = {}) takes no write: the step does nothing.
      if key == nil then return "-- storage_write: " .. window .. "'s scene declares no SceneStorage keys" end
      local field = key_literal(key)
      return window .. ".storage" .. (byte(field, 1) == 91 and field or "." .. field) .. " = " .. literal(a.value)
    end,
  }

  -- The tasks begin_background_task began in this run, oldest first; finished and ended ones
  -- are dropped as they are met.
  local tasks = {}
  local function oldest_open()
    while tasks[1] do
      local status = tasks[1].status
      if status == "running" or status == "expired" then return tasks[1] end
      tremove(tasks, 1)
    end
  end
  bodies.begin_background_task = {
    run = function(app) tasks[#tasks + 1] = app:begin_background_task("explore", finish_on_expiry) end,
  }
  bodies.finish_background_task = {
    pre = function() return oldest_open() ~= nil end,
    run = function() oldest_open():finish() end,
    spell = function() return format("explore.task(%d):finish()", oldest_open().id) end,
    eager = true,
  }
  return bodies
end

-- A built-in rule's generator, as Swift declares it.
local function generator_of(a)
  if a.kind == "window" then return gen.window(a.of) end
  if a.kind == "one_of" then return gen.one_of(a.values) end
  if a.kind == "bool" then return gen.bool() end
  return gen.int(a.lo, a.hi)
end

-- The built-in rules made for the run's declared app (native.declared made Swift's), by name:
-- every one the app could take, whether or not the run takes it. Made at each run, or once for
-- every run of a host (E.warm), so they keep no state of a run but in the state a restore puts
-- back (the background tasks' list).
---@return table<string, scenesim.EngineRule>
local function made_rules()
  local specs, scenes, routes = native.builtin_specs()
  local bodies, rules = lua_bodies(scenes, routes), {}
  for _, d in ipairs(specs) do
    local name, body = d.name, bodies[d.name] or {}
    local args, keys = {}, {}
    for i, a in ipairs(d.args) do args[a.key], keys[i] = generator_of(a), a.key end
    local pre = body.pre
    if d.pre == "swift" then pre = function() return holds(name) end end
    local run = body.run
    if run == nil and d.swift_runs then
      -- Sends the rule's input from its arguments in key order (native.run).
      local k1, k2, k3 = keys[1], keys[2], keys[3]
      run = function(_, a) run_native(name, k1 and a[k1], k2 and a[k2], k3 and a[k3]) end
    end
    local spell = body.spell
    if spell == nil and d.statement then
      local statement = d.statement
      spell = function() return statement end
    elseif spell == nil and d.window_statement then
      local statement = d.window_statement
      spell = function(rule, a) return rule.args.window:spell(a.window) .. statement end
    end
    if run == nil or spell == nil then error("explore engine: built-in rule " .. name .. " has no run or no spelling in engine.lua", 0) end
    local rule = make_rule(name, { weight = d.weight, pre = pre, args = args, run = run, swift_pre = d.pre == "swift" }, spell)
    rule.eager, rule.seconds = body.eager, d.seconds
    rules[name] = rule
  end
  return rules
end

E.builtin_names = native.builtin_names
-- E.builtin_names in the order sort gives (assemble merges it with the module's sorted names).
local builtin_order = {}
for i, n in ipairs(E.builtin_names) do builtin_order[i] = n end
sort(builtin_order)

-- MARK: The exploration

-- What the explore command prepared once per state, before the state is copied for its runs,
-- so that a run restored from the copy need not do it again: the module read and compiled
-- (E.prepare); then, after the first run, the module opened and the rules made from the
-- declared app (E.warm), when that left no trace outside Lua.
---@type { path: string, chunk: function, name: string, X?: table, declared_id?: integer, made?: table }?
local prepared

local top_keys = {
  setup = true, rules = true, builtin = true, invariants = true, eventually = true, background_tasks = true, watchdog_ok = true,
}
local rule_keys = { weight = true, pre = true, args = true, run = true }

local function check_spec(spec, name)
  local fail = failing(name)
  if type(spec) ~= "table" then
    fail(format("an exploration module returns a table, e.g. return { setup = function() return sim.launch {} end } (it returned %s)", describe(spec)))
  end
  for _, k in ipairs(names_of(fail, "the exploration's", spec)) do
    if not top_keys[k] then
      fail(format("unknown key %s in the exploration%s; its keys are setup, rules, builtin, background_tasks, watchdog_ok, invariants, eventually",
        describe(k), native.suggestion(k, sorted_keys(top_keys))))
    end
  end
  if type(spec.setup) ~= "function" then
    fail(format("setup must be a function that launches the app, e.g. setup = function() return sim.launch {} end (got %s)", type(spec.setup)))
  end
  for _, field in ipairs { "rules", "invariants", "eventually" } do
    if spec[field] ~= nil and type(spec[field]) ~= "table" then fail(format("%s must be a table keyed by name (got %s)", field, type(spec[field]))) end
  end
  for _, k in ipairs(names_of(fail, "rules", spec.rules or {})) do
    local rule = spec.rules[k]
    local where = "rules." .. tostring(k)
    if type(k) ~= "string" then fail("rule names are strings (got " .. describe(k) .. ")") end
    if type(rule) ~= "table" then fail(format("%s must be a table { weight = 1, pre = function(app) ... end, args = { ... }, run = function(app, a) ... end } (got %s)", where, type(rule))) end
    for _, key in ipairs(names_of(fail, where, rule)) do
      if not rule_keys[key] then
        fail(format("unknown key %s in %s%s; a rule has weight, pre, args and run", describe(key), where, native.suggestion(key, sorted_keys(rule_keys))))
      end
    end
    if type(rule.run) ~= "function" then fail(format("%s.run must be a function(app, args) (got %s)", where, type(rule.run))) end
    if rule.pre ~= nil and type(rule.pre) ~= "function" then fail(format("%s.pre must be a function(app) returning true when the rule may run (got %s)", where, type(rule.pre))) end
    check_weight(fail, where, rule.weight)
    if rule.args ~= nil and type(rule.args) ~= "table" then fail(format("%s.args must be a table of sim.gen generators (got %s)", where, type(rule.args))) end
    -- A generator given for the whole table draws nothing: the run got the generator itself.
    if is_generator(rule.args) then
      fail(format("%s.args is one generator; args names each argument's generator, e.g. args = { n = %s }, and run gets them as a table: run = function(app, a) ... a.n ... end",
        where, "sim.gen." .. (tostring(rule.args):gsub("^generator ", ""))))
    end
    for _, a in ipairs(names_of(fail, where .. ".args", rule.args or {})) do check_argument(fail, where, a, rule.args[a]) end
  end
  for _, field in ipairs { "invariants", "eventually" } do
    for _, k in ipairs(names_of(fail, field, spec[field] or {})) do check_invariant(fail, field, k, spec[field][k]) end
  end
  for _, option in ipairs { "background_tasks", "watchdog_ok" } do
    if spec[option] ~= nil and type(spec[option]) ~= "boolean" then
      fail(format("%s is true or false (got %s)", option, describe(spec[option])))
    end
  end
  local builtin = spec.builtin
  if builtin ~= nil and type(builtin) ~= "boolean" and type(builtin) ~= "table" then
    fail(format("builtin is true (every built-in rule), false (none) or a list of rule names (got %s)", type(builtin)))
  end
  if type(builtin) == "table" then
    local known = {}
    for _, n in ipairs(E.builtin_names) do known[n] = true end
    for i, n in ipairs(builtin) do
      if not known[n] then
        fail(format("builtin[%d] is %s, not a built-in rule%s; they are %s", i, describe(n), native.suggestion(n, E.builtin_names), concat(E.builtin_names, ", ")))
      end
    end
  end
  for _, k in ipairs(sorted_keys(spec.rules or {})) do
    for _, n in ipairs(E.builtin_names) do
      if n == k then fail(format("rules.%s has the name of a built-in rule; rename it, or leave the built-in out with builtin = { ... }", k)) end
    end
  end
end

-- The module's `field` ("invariants" or "eventually") in name order: each one's function, the
-- label its failure has ("invariant x") and what E.doing says while it runs.
local function named_functions(spec, field, name)
  local t, kind = spec[field], field == "invariants" and "invariant " or "eventually "
  local list = {}
  for _, k in ipairs(sorted_keys(t or {})) do
    local fn = t[k]
    check_invariant(failing(name), field, k, fn)
    local pre
    if type(fn) == "table" then fn, pre = fn.check, fn.pre end
    list[#list + 1] = { name = k, label = kind .. k, fn = fn, pre = pre, doing = "checking " .. kind .. k,
      doing_pre = "checking the precondition of " .. kind .. k }
  end
  return list
end

-- An exploration: the module's table checked, and what one run of it needs. Each run starts
-- from the same fresh Lua state (ExplorationRunner), so one object serves one run (or one
-- found scenario).
local function new_exploration(spec, name)
  check_spec(spec, name)
  local X = {
    spec = spec, name = name, invariants = named_functions(spec, "invariants", name),
    eventually = named_functions(spec, "eventually", name),
    watchdog_ok = spec.watchdog_ok == true,
  }
  -- (How often each rule was tried is counted here only where the engine draws: most runs
  -- draw in Swift, so a rule's count starts at its first try.)
  X.counts, X.enabled, X.tried = {}, {}, {}
  return X
end

-- The first of `list` (named_functions) that raises or returns false: its label and message.
-- A check whose precondition (`pre`, eventually checks only) does not hold is not run; the
-- ones whose did are marked in `held` (by name), when given.
local function first_broken(X, list, held)
  for _, inv in ipairs(list) do
    local pre = inv.pre
    if pre then
      E.doing = inv.doing_pre
      local ok, result = counted(pre, X.app)
      if not ok then return inv.label, result end
      if not result then goto skip end
      if held then held[inv.name] = true end
    end
    E.doing = inv.doing
    local ok, result, extra = counted(inv.fn, X.app)
    if not ok then return inv.label, result end
    if result == false then return inv.label, extra ~= nil and text_of(extra) or "returned false" end
    ::skip::
  end
end

local function check(X)
  local label, message = native.checks(X.watchdog_ok)
  if label then return label, message end
  return first_broken(X, X.invariants)
end

local function check_eventually(X, held)
  E.doing = "settling after the last step"
  local ok, err = pcall(settle)
  if not ok then return "eventually settle", plain(err) end
  return first_broken(X, X.eventually, held)
end

-- The built-in rules (all, `names` only, or none) and the module's (`own`) in name order, with
-- the running sums of their weights: the engine's own work, so it runs uncounted.
local function assemble(X, builtin, names, background_tasks, own)
  local rules = {}
  if builtin then
    -- The declared app is the one E.warm made the rules for (native.declared says true), or
    -- the rules are made for it now.
    local made = native.declared(prepared and prepared.declared_id) == true and prepared.made or made_rules()
    -- The rules the app takes (Swift decides), or the module's list as written, unless this
    -- app can never make a listed rule's call: it would not be refused (a rule whose call is
    -- refused just never runs) but fail, and the module's mistake would be reported as the
    -- app's bug.
    local taken, n, why = native.builtin_rules(names, background_tasks)
    if taken == false then
      error(X.name .. ": builtin lists " .. quote(n) .. ", which this app cannot take: " .. why .. "; leave it out of the list", 0)
    end
    for _, k in ipairs(taken) do rules[k] = made[k] end
  end
  local own_names = X.own
  for _, k in ipairs(own_names) do rules[k] = own[k] end
  X.rules = rules
  local list, counts, enabled = {}, X.counts, X.enabled
  -- In name order: the built-in names (sorted) merged with the module's (sorted, and never a
  -- built-in name: check_spec), which is the order sorting the rules' names gives.
  local b, o, nb, no = 1, 1, #builtin_order, #own_names
  while b <= nb or o <= no do
    local k
    if o > no or (b <= nb and builtin_order[b] < own_names[o]) then
      k, b = builtin_order[b], b + 1
    else
      k, o = own_names[o], o + 1
    end
    local rule = rules[k]
    if rule then
      local n = #list + 1
      list[n] = rule
      counts[k], enabled[k] = 0, 0
    end
  end
  -- A built-in rule missing from E.builtin_names would never be drawn: fail loudly instead.
  local made = 0
  for _ in next, rules do made = made + 1 end
  if made ~= #list then
    error("explore engine: a built-in rule is missing from E.builtin_names (" .. made .. " rules, " .. #list .. " listed)", 0)
  end
  X.list = list
  X.tags = nil  -- (joined by register, for this list)
end

-- Runs setup and assembles the rules (the built-in ones need the declared scenes).
local function start(X)
  E.doing = "running setup"
  local app = X.spec.setup()
  app = app or sim.app
  -- Anything but the app sim.launch made (a number, a table, nothing) would fail later, inside
  -- the engine, with a message about the engine.
  if app == nil or app ~= sim.app then
    error(X.name .. ": setup must launch the app with sim.launch { ... } and return it" .. (app == nil and "" or format(" (it returned a %s)", type(app))), 0)
  end
  X.app = app
  -- What the module's tables say, read here (counted); the rules are assembled uncounted.
  local builtin, names = X.spec.builtin, nil
  if type(builtin) == "table" then
    names = {}
    for _, n in ipairs(builtin) do
      if type(n) == "string" then names[#names + 1] = n end
    end
  end
  -- The module's rules are read here, counted (a read of a script's table may run its code),
  -- into copies; the engine makes its rules from the copies uncounted, so a change to the
  -- engine's own work moves no module's instruction budget.
  local specs = {}
  for _, k in ipairs(sorted_keys(X.spec.rules or {})) do
    local spec = X.spec.rules[k]
    local args = spec.args
    if type(args) == "table" then
      local copy = {}
      for _, a in ipairs(sorted_keys(args)) do copy[a] = args[a] end
      args = copy
    end
    specs[#specs + 1] = { name = k, spec = { weight = spec.weight, pre = spec.pre, run = spec.run, args = args } }
  end
  local own = {}
  X.own = {}
  uncounted(function()
    for _, entry in ipairs(specs) do
      local k = entry.name
      own[k] = make_rule(k, entry.spec, spell_user_rule, X.name)
      own[k].copied = true  -- the module's run gets the arguments table and may change it
      X.own[#X.own + 1] = k
    end
  end)
  local tasks = X.spec.background_tasks
  if type(tasks) ~= "boolean" then tasks = nil end
  uncounted(assemble, X, builtin ~= false, names, tasks, own)
  return app
end

-- The arguments of `rule` from `choices`, or nil when its precondition or a choice does not
-- hold now (a replay of a shrunk run re-checks both).
local function resolve(X, rule, choices)
  X.trying = rule.name
  E.doing = rule.doing_pre
  X.tried[rule.name] = (X.tried[rule.name] or 0) + 1
  if rule.pre and not rule.pre(X.app) then return nil end
  X.enabled[rule.name] = X.enabled[rule.name] + 1
  local args = {}
  for _, k in ipairs(rule.keys) do
    local ok, v = rule.args[k]:resolve(choices[k], X.app)
    if not ok then return nil end
    args[k] = v
  end
  return args
end

-- The choices and arguments of a rule native.try drew (c1 to c3 in key order, w the window a
-- window generator drew): each argument is what its generator's `resolve` makes of the choice.
local function drawn_arguments(rule, c1, c2, c3, w)
  local keys, choices, args = rule.keys, {}, {}
  for j = 1, #keys do
    local k = keys[j]
    local c
    if j == 1 then c = c1 elseif j == 2 then c = c2 else c = c3 end
    local g = rule.args[k]
    choices[k] = c
    if g.is_window then args[k] = w elseif g.values then args[k] = g.values[c] else args[k] = c end
  end
  return choices, args
end

-- One attempt at `rule`: its precondition and its draws, counted as enabled when the
-- precondition holds; the choices and arguments, or nil when it cannot run now.
local function attempt(X, r, rule, place)
  if rule.drawn then
    -- The precondition here, then the draws in Swift (native.try, by the rule's place).
    if not rule.pre or rule.pre(X.app) then
      X.enabled[rule.name] = X.enabled[rule.name] + 1
      local status, s, c1, c2, c3, w = try_native(place, r.s)
      r.s = s
      if status == 2 then return drawn_arguments(rule, c1, c2, c3, w) end
    end
  elseif not rule.pre or rule.pre(X.app) then
    X.enabled[rule.name] = X.enabled[rule.name] + 1
    local choices, args = {}, {}
    for _, k in ipairs(rule.keys) do
      local g = rule.args[k]
      local c, v
      if g.take then
        c, v = g:take(r, X.app)
      else
        c = g:draw(r, X.app)
        if c ~= nil then
          local _
          _, v = g:resolve(c, X.app)
        end
      end
      if c == nil then return nil end
      choices[k], args[k] = c, v
    end
    return choices, args
  end
end

-- Chooses an enabled rule by weight and draws its arguments; nil when no rule can run. A rule
-- that cannot run now is set aside and the choice made again among the others. Every rule drawn
-- counts as tried. The draw is Swift's (native.pick: it draws, counts the tries, checks the
-- built-in preconditions and sets aside the rules that cannot run), which hands back the rules
-- whose precondition or draws are Lua's. `place` and what follows are what native.step
-- returned, when it began the draw (and drew a rule it does not run).
local function pick(X, r, place, status, s, c1, c2, c3, w)
  local id, list = X.pick_id, X.list
  local i = place
  if not i then i, status, s, c1, c2, c3, w = pick_native(id, r.s, 0) end
  while true do
    r.s = s
    if i == 0 then return end
    local rule = list[i]
    X.trying = rule.name
    E.doing = rule.doing_pre
    if status == 2 then return rule, drawn_arguments(rule, c1, c2, c3, w) end
    local choices, args = attempt(X, r, rule, i)
    if choices then return rule, choices, args end
    i, status, s, c1, c2, c3, w = pick_native(id, r.s, i)
  end
end

-- The next step: whether there is one, and its rule, choices and arguments (no rule when a
-- replayed step no longer applies and is skipped).
local function next_step(X, r, replay, i, max_steps, taken, ...)
  if replay then
    local s = replay[i]
    if s == nil then return false end
    local rule = X.rules[s.rule]
    local args = rule and resolve(X, rule, s.choices)
    if args then return true, rule, s.choices, args end
    return true
  end
  if taken >= max_steps then return false end
  local rule, choices, args = pick(X, r, ...)
  if rule == nil then return false end
  return true, rule, choices, args
end

-- The integers of `list` packed as "<j" each: one pack call for up to 128 of them (a call for
-- each costs several times more; unpack's results stay few).
local function pack_integers(list)
  local parts, n = {}, #list
  for first = 1, n, 128 do
    local last = first + 127 < n and first + 127 or n
    parts[#parts + 1] = pack("<" .. rep("j", last - first + 1), unpack(list, first, last))
  end
  return concat(parts)
end

-- Gives native.pick the run's rules (X.pick_id), which every random step draws among.
local function register(X)
  local specs, tags = {}, {}
  for n, rule in ipairs(X.list) do
    tags[n] = rule.tag
    if rule.pick_spec then specs[#specs + 1] = rule.pick_spec end
  end
  tags = concat(tags)
  X.pick_id = pick_rules(tags, concat(specs))
  X.tags = tags
end

-- The steps of a run, uncounted (see "Counted and uncounted code"): what E.run returns.
local function run_steps(X, r, max_steps, replay, keep)
  if not replay then register(X) end
  -- Each step's rule, choices and arguments, and its statement when spelled as it ran: lists,
  -- made into step tables only for a run whose steps are returned (most runs pass, and drop
  -- them). A passing random run's steps are dropped, so their statements are written only when
  -- its steps are kept, or once it fails (from the rule and arguments each step kept).
  local rules, choices_of, args_of, codes = {}, {}, {}, {}
  local taken, result = 0, {}
  local spell_now = replay ~= nil or keep
  local function fail(label, message)
    result.failure = { label = label, message = message, step = taken }
    -- A memory limit a protected call caught stops the exploration; it is no failure to shrink.
    if native.is_limit(message) then result.limit = { message = message, doing = E.doing } end
  end
  local label, message = check(X)
  if label then fail(label, message) end
  local i = 0
  local id, list, invariants = not replay and X.pick_id, X.list, X.invariants
  while not result.failure do
    i = i + 1
    local ok, more, rule, choices, args
    if id then
      -- A random step begins in Swift (native.step), which takes a built-in rule it draws
      -- whose run it can do all the way (its run, then the built-in checks), and hands back
      -- any other as native.pick does; the module's invariants then run here.
      -- While it runs, the host says what the engine is doing (E.doing false: "running rule
      -- x"). A rule's input that fails raises, and native.step_drawn says what was drawn.
      if taken >= max_steps then break end
      E.doing = false
      local place, status, s, c1, c2, c3, w, broken, why
      ok, place, status, s, c1, c2, c3, w, broken, why = pcall(step_native, id, r.s, X.watchdog_ok)
      local problem
      if not ok then
        problem = place
        place, status, s, c1, c2, c3, w = step_drawn()
      end
      if status == 4 then
        r.s = s
        rule = list[place]
        X.trying = rule.name
        taken = taken + 1
        rules[taken] = rule
        -- (A rule without arguments keeps no choices: its step's are made when needed.)
        if rule.keys[1] then choices_of[taken], args_of[taken] = drawn_arguments(rule, c1, c2, c3, w) end
        if spell_now then codes[taken] = rule.spell(rule, args_of[taken]) end
        X.counts[rule.name] = X.counts[rule.name] + 1
        E.doing = rule.doing_run
        if not ok then
          fail("rule " .. rule.name, plain(problem))
        elseif broken then
          fail(broken, why)
        else
          label, message = first_broken(X, invariants)
          if label then fail(label, message) end
        end
        goto continue
      elseif not ok then
        E.doing = "drawing a rule"
        fail("rule " .. plain(X.trying), plain(problem))
        break
      end
      ok, more, rule, choices, args = pcall(next_step, X, r, replay, i, max_steps, taken, place, status, s, c1, c2, c3, w)
    else
      ok, more, rule, choices, args = pcall(next_step, X, r, replay, i, max_steps, taken)
    end
    if not ok then
      -- A module's precondition that raises is the module's mistake, not the app's failure: the
      -- draw it happened in is no step, so no replay could show it (it read as nondeterminism).
      local trying = X.rules and X.trying and X.rules[X.trying]
      if not replay and trying and trying.copied and E.doing == trying.doing_pre and not native.is_limit(plain(more)) then
        error(format("%s: the precondition of rule %s raised an error before step %d: %s; a precondition says whether the rule can run now: make it return false where it cannot",
          X.name, X.trying, taken + 1, plain(more)), 0)
      end
      fail("rule " .. plain(X.trying), plain(more))
      break
    end
    if not more then break end
    if rule then
      taken = taken + 1
      rules[taken], choices_of[taken], args_of[taken] = rule, choices, args
      if spell_now or rule.eager then
        codes[taken] = rule.spell(rule, args)
      elseif rule.copied and rule.keys[1] then
        -- The statement of a step is spelled only if the run fails, from a copy of the
        -- arguments made now: spelling a module's rule as it ran cost about 15K instructions
        -- a step (two arguments), the copy a few hundred. The values are numbers, strings,
        -- booleans and handles, so a shallow copy keeps them all.
        local copy = {}
        for _, k in ipairs(rule.keys) do copy[k] = args[k] end
        args_of[taken] = copy
      end
      X.counts[rule.name] = X.counts[rule.name] + 1
      E.doing = rule.doing_run
      local done, problem = pcall(rule.run, X.app, args)
      if not done then
        fail("rule " .. rule.name, plain(problem))
      else
        label, message = check(X)
        if label then fail(label, message) end
      end
    end
    ::continue::
  end
  if not result.failure then
    -- The eventually checks with a precondition, each true when it held (the check ran) and
    -- false when it did not: one whose never held in a whole exploration checked nothing.
    local held
    for _, inv in ipairs(X.eventually) do
      if inv.pre then
        held = held or {}
        held[inv.name] = false
      end
    end
    label, message = check_eventually(X, held)
    if label then fail(label, message) end
    result.eventually_held = held
  end
  result.step_count = taken
  -- The rules, in name order, each its name and whether it is the module's ("<s4B" each, made
  -- with the rule: the same bytes for every run of the same rules, which the host parses once),
  -- and how often each ran, was enabled and was tried ("<jjj" each, in the same order;
  -- ExplorationRunner.ruleCounts reads both): the host reads two strings for a fraction of what copying tables
  -- costs it, and packing only numbers costs a fraction of packing names too.
  -- (The host adds the preconditions native.pick checked and the rules it drew.)
  -- (The tags were joined for native.pick_rules when the run registered its rules.)
  local tags, numbers, ran, enabled, tried = X.tags, {}, X.counts, X.enabled, X.tried
  local joined = tags == nil
  if joined then tags = {} end
  for n, rule in ipairs(X.list) do
    local k = rule.name
    if joined then tags[n] = rule.tag end
    numbers[3 * n - 2], numbers[3 * n - 1], numbers[3 * n] = ran[k], enabled[k], tried[k] or 0
  end
  result.rules = joined and concat(tags) or tags
  result.counts = pack_integers(numbers)
  -- A passing random run's steps are of no use, and copying them out costs.
  -- (A memory limit ends the exploration instead: its steps are not used.)
  if replay or keep or (result.failure and not result.limit) then
    local steps = {}
    for n = 1, taken do
      local rule = rules[n]
      steps[n] = {
        rule = rule.name, choices = choices_of[n] or {}, minimums = rule.minimums,
        code = codes[n] or rule.spell(rule, args_of[n]),
      }
    end
    result.steps = steps
  end
  return result
end

-- One run: `max_steps` random steps from `seed`, or the steps of `replay` in order (a step
-- whose precondition or arguments no longer hold is skipped). Returns what ran and the first
-- failure.
function E.run(X, seed, max_steps, replay, keep)
  start(X)
  return uncounted(run_steps, X, { s = seed }, max_steps, replay, keep)
end

-- MARK: The checker a found scenario drives

function E.checker(X)
  local explore = setmetatable({}, { __index = native.checker_fields })
  X.checker = explore
  function explore.setup() return start(X) end
  -- A memory limit a protected call caught is raised as itself: the scenario ran out of memory,
  -- no invariant or rule failed (scenesim run adds the hint).
  local function raise(label, message)
    if native.is_limit(message) then error(message, 0) end
    error(label .. " failed: " .. message, 3)
  end
  function explore.check()
    local label, message = check(X)
    if label then raise(label, message) end
  end
  function explore.rule(name, args)
    if X.rules == nil then error("explore.rule: call explore.setup() first; it launches the app the rules act on", 2) end
    local rule = X.rules[name]
    if rule == nil or X.spec.rules == nil or X.spec.rules[name] == nil then
      local names = sorted_keys(X.spec.rules or {})
      error(format("explore.rule: no rule named %s in %s%s; its rules are %s (built-in rules are the API calls themselves)",
        describe(name), X.name, native.suggestion(name, names), #names > 0 and concat(names, ", ") or "none"), 2)
    end
    if args ~= nil and type(args) ~= "table" then
      error(format("explore.rule: the arguments of rule %s are a table keyed by argument name, e.g. explore.rule(%s, { ... }) (got %s)",
        quote(name), quote(name), describe(args)), 2)
    end
    -- An argument the rule does not declare is a typo: the first in sorted order is named.
    local unknown
    for k in pairs(args or {}) do
      if type(k) ~= "string" or rule.args[k] == nil then
        local text = describe(k)
        if unknown == nil or text < unknown.text then unknown = { text = text, key = k } end
      end
    end
    if unknown then
      error(format("explore.rule: rule %s has no argument %s%s; %s", quote(name), unknown.text, native.suggestion(unknown.key, rule.keys),
        #rule.keys > 0 and "its arguments are " .. concat(rule.keys, ", ") or "it takes no arguments"), 2)
    end
    local ok, err = pcall(rule.run, X.app, args or {})
    if not ok then raise("rule " .. name, tostring(err)) end
  end
  function explore.window(id)
    for _, w in ipairs(X.app.sessions) do
      if w.id == id then return w end
    end
    error(format("explore.window: no live window %s (the steps above did not open it)", describe(id)), 2)
  end
  function explore.task(id)
    local task = mtype(id) == "integer" and native.task(id)
    if not task then
      error(format("explore.task: no background task %s (the steps above did not begin it)", describe(id)), 2)
    end
    return task
  end
  function explore.finish()
    local label, message = check_eventually(X)
    if label then raise(label, message) end
  end
  return explore
end

-- The host copies the state each run starts from when E.prepare or E.warm returns: after a
-- full collection, so the copy holds no garbage and its collector is at rest, with its next
-- cycle due only once a run has allocated about as much again as the state holds. A run of a
-- few hundred steps then leaves its garbage to the restore that follows it, instead of paying
-- for a collection cycle (explore: 3.4% of its instructions on documents.lua). No script code
-- runs in it: setmetatable refuses __gc.
local function collect_before_copy()
  collectgarbage("collect")
end

-- Reads and compiles the explore command's module once per state (see `prepared`).
function E.prepare(path)
  local source, name = native.read_module(path, true)
  if source == nil then return end
  local chunk = load(source, "@" .. name, "t")
  if chunk then prepared = { path = path, chunk = chunk, name = name } end
  collect_before_copy()
end

-- Loads an exploration module by path (relative to the running scenario's folder).
function E.open(path, chosen_by_the_user)
  if type(path) ~= "string" then
    error(format("sim.explore.load(path) takes the path of an exploration module (got %s)", type(path)), 3)
  end
  local chunk, name
  if chosen_by_the_user and prepared and prepared.path == path then
    chunk, name = prepared.chunk, prepared.name
  else
    local source, err
    source, name = native.read_module(path, chosen_by_the_user)
    if source == nil then error(name, 3) end
    chunk, err = load(source, "@" .. name, "t")
    if not chunk then error(err, 0) end
  end
  return new_exploration(chunk(), name)
end

E.api = {
  load = function(path) return E.checker(E.open(path)) end,
}

-- What the explore command calls: one run of the module at `path`.
---@param path string
---@param seed integer
---@param max_steps integer
---@param replay? { rule: string, choices: table<string, any> }[]
---@param keep boolean
---@return table
function E.drive(path, seed, max_steps, replay, keep)
  local X
  if prepared and prepared.X and prepared.path == path then
    -- Opened by E.warm: a run restored from the copy gets it as the module's loading left it.
    X, prepared.X = prepared.X, nil
  else
    X = E.open(path, true)
    E.checker(X)
  end
  return E.run(X, seed, max_steps, replay, keep)
end

-- Once a first run is over and the state restored: opens the module at `path` (runs its chunk
-- and checks its table) and, given the memo of the declared app a run saw (the host's
-- `declared_id`, whose built-in rules Swift made), makes the rules that depend on it, so that every run from the copy the host
-- takes next starts with both done. True when the module opened; the host keeps the result only
-- if its own state is as a run found it (the chunk called nothing that changes it: sim.launch,
-- sim.network, sim.seed), and restores the state otherwise.
function E.warm(path, declared_id)
  if prepared == nil or prepared.path ~= path then return false end
  local ok, X = pcall(E.open, path, true)
  if not ok then return false end
  E.checker(X)
  prepared.X = X
  if declared_id ~= nil then
    local made
    ok, made = pcall(made_rules)
    if ok then prepared.declared_id, prepared.made = declared_id, made end
  end
  collect_before_copy()
  return true
end

return E
