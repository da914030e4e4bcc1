-- os names the OS version the app runs on (default: the newest scenesim knows); a feature used
-- below the version that has it is an error naming both, and an unknown version lists the
-- known ones
-- Spec: semantics 14.1; API sim.launch os.
local function launch_error(config)
  local ok, message = pcall(function() sim.launch(config) end)
  assert(not ok, "the config should be refused")
  print(message)
end

launch_error { platform = "visionos", os = "2", scenes = { { id = "main" }, { id = "tools", kind = "window" } } }
launch_error { platform = "macos", os = "12", scenes = { { id = "main" }, { id = "tools", kind = "window" } } }
launch_error { platform = "macos", os = "14", scenes = { { id = "main", launch = "presented" } } }
launch_error { platform = "macos", os = "14.5", scenes = { { id = "main", restoration = false } } }
launch_error { platform = "iphone", os = "19" }
launch_error { platform = "iphone", os = "eighteen" }

-- restoration (restorationBehavior) from iOS and iPadOS 18, macOS 15 and visionOS 2 (its
-- .disabled on visionOS from 26); a value group from iOS and iPadOS 16 and macOS 13.
launch_error { platform = "iphone", os = "17", scenes = { { id = "main", restoration = false } } }
launch_error { platform = "visionos", os = "1", scenes = { { id = "main", restoration = true } } }
launch_error { platform = "visionos", os = "2", scenes = { { id = "main", restoration = false } } }
launch_error { platform = "ipados", os = "15", scenes = { { id = "main" }, { id = "doc", value = "string" } } }

-- At the version that has them, they are accepted.
local app = sim.launch {
  platform = "macos", os = "15",
  scenes = { { id = "main", launch = "presented" }, { id = "tools", kind = "window" } },
}
print(app.running, #app.windows)
