return {
  setup = function() return sim.launch { platform = "iphone", scenes = { { id = "main" } } } end,
}
