return {
  setup = function()
    return sim.launch {
      platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } },
      routes = { doc = "doc", item = "doc" },
    }
  end,
  builtin = true,
  rules = { raise = { args = { w = sim.gen.window("background") }, run = function(_, a) a.w:focus() end } },
}
