return {
  setup = function()
    return sim.launch {
      platform = "macos",
      scenes = { { id = "main" }, { id = "doc", value = "integer" }, { id = "prefs", kind = "settings" } },
      routes = { doc = "doc" },
    }
  end,
  rules = {
    poke = {
      weight = 2, pre = function(app) return app.running end,
      args = { w = sim.gen.window("visible"), n = sim.gen.int(-5, 5), f = sim.gen.float(0, 2), b = sim.gen.bool() },
      run = function(_, a) a.w.storage.n = a.n end,
    },
    tick = {
      args = { n = sim.gen.int(0, 100), k = sim.gen.one_of { "x", 2, true } },
      run = function(_, a) sim.advance(a.n / 10) end,
    },
    pair = {
      args = { a = sim.gen.window("live"), b = sim.gen.window("visible") },
      run = function(_, a) if a.a == a.b then a.b:focus() end end,
    },
  },
  invariants = { front = function(app) return app.front == app.windows[1] end },
}
