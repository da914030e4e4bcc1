-- Background tasks begun, finished and expired among the lifecycle rules.
return {
  setup = function()
    return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } }, routes = { doc = "doc" } }
  end,
  background_tasks = true,
}
