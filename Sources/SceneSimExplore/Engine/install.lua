-- Installs sim.gen and sim.explore in a scenario's state (ScriptHost+Explore.swift runs it once
-- per state); the engine (engine.lua) is loaded the first time one of them is used.
local sim = require "scenesim"
local rawset, ipairs, setmetatable = rawset, ipairs, setmetatable
---@param natives scenesim.ExploreNatives (typed in engine.lua)
---@return fun(path: string, seed: integer, max_steps: integer, replay?: table, keep: boolean): table drive
---@return fun(): string|false|nil doing  false while native.step runs a rule (the host knows which)
---@return fun() prepare
---@return fun(path: string, declared?: table, declared_id?: integer): boolean warm
return function(natives)
  local engine
  -- The engine's main chunk (its tables and static rules, a few thousand instructions) takes
  -- `sim`'s functions, which a script may have replaced by then (sim.server = a table whose
  -- __index loops), so it runs counted, unless nothing of the script's has run yet: the
  -- explore command loads it first (`prepare`), uncounted like the loop, so a run's budget is
  -- the module's alone (--max-instructions 3000 tripped at a line of explore).
  local function load_engine(before_any_script)
    if not engine then
      local chunk = natives.engine()
      if before_any_script and natives.uncounted then
        engine = natives.uncounted(chunk, sim, natives)
      else
        engine = chunk(sim, natives)
      end
    end
    return engine
  end
  local function get() return load_engine(false) end
  -- Each function hands over by a tail call, so an error the engine raises at level 2
  -- still names the script's line; an unknown field is an error with "did you mean".
  local gen = setmetatable({}, { __index = natives.gen_fields })
  for _, name in ipairs { "bool", "float", "int", "one_of", "window" } do
    gen[name] = function(...) return get().gen[name](...) end
  end
  rawset(sim, "gen", gen)
  local explore = { load = function(...) return get().api.load(...) end }
  rawset(sim, "explore", setmetatable(explore, { __index = natives.explore_fields }))
  -- The driver, what the engine was doing (for a run stopped by a limit), and a function
  -- that loads the engine and compiles the explore command's module now (before the state's
  -- snapshot, so each run need not do either again), and one that opens the module and makes
  -- the rules of the declared app once a first run is over (before the snapshot is taken again).
  return function(...) return get().drive(...) end, function() return engine and engine.doing end,
    function(path) load_engine(true).prepare(path) end, function(...) return get().warm(...) end
end
