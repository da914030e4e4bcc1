return {
  setup = function() return sim.launch { scenes = { { id = "main" } } } end,
  builtin = { "advance", "background", "foreground" },
  rules = {
    heavy = { weight = (1 << 62) + 1, args = { n = sim.gen.int(1, 3) }, run = function() end },
    light = { weight = 1 << 61, run = function() sim.advance(1) end },
  },
}
