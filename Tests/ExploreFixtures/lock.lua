-- Planted bug: the lock opens on 4, 3, 2, 1 pressed in a row.
local pressed = {}
return {
  setup = function()
    return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
  end,
  rules = {
    press = { weight = 8, pre = function(app) return app.running end,
              args = { digit = sim.gen.one_of { 1, 2, 3, 4 } },
              run = function(_, a) pressed[#pressed + 1] = a.digit end },
  },
  invariants = {
    stays_locked = function()
      local n = #pressed
      if n >= 4 and pressed[n - 3] == 4 and pressed[n - 2] == 3 and pressed[n - 1] == 2 and pressed[n] == 1 then
        error("the lock opened after " .. n .. " presses")
      end
    end,
  },
}
