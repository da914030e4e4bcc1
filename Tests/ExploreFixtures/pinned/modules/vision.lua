return {
  setup = function()
    return sim.launch { platform = "visionos", scenes = { { id = "main" }, { id = "vol", value = "integer" } } }
  end,
  rules = {
    push = {
      args = { w = sim.gen.window("connected"), x = sim.gen.int(1, 2) },
      run = function(_, a) if a.x == 2 then a.w:background() end end,
    },
  },
}
