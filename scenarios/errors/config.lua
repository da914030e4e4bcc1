-- sim.launch names the offending key: unknown options ("did you mean"), wrong types, duplicate ids, misplaced Windows
-- Spec: API sim.launch config.
local function launch_error(config)
  local ok, message = pcall(function() sim.launch(config) end)
  assert(not ok, "the config should be refused")
  print(message)
end

launch_error { platfrom = "ipados" }
launch_error { platform = "android" }
launch_error { min_loading = "fast" }
launch_error { scenes = { { id = "main" }, { id = "main" } } }
launch_error { platform = "ipados", scenes = { { id = "main" }, { id = "settings", kind = "window" } } }
launch_error { scenes = { { id = "main" }, { id = "doc", value = "date" } } }
launch_error { routes = { item = "detial" }, scenes = { { id = "main" }, { id = "detail", value = "string" } } }
launch_error { policy = { force_quit = "kept" } }

-- A refused config declares nothing: the next sim.launch still works.
local app = sim.launch { platform = "iphone" }
assert(app.running, "launched after the refused attempts")
