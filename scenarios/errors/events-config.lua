-- sim.launch refuses event and Mac declarations that cannot work, naming the key: a route for a
-- scheme the app does not register, Mac-only keys elsewhere, restoration below iPadOS 18, Settings off the Mac
-- Spec: semantics 12.6, 13.3, 14.1; API sim.launch config.
local function launch_error(config)
  local ok, message = pcall(function() sim.launch(config) end)
  assert(not ok, "the config should be refused")
  print(message)
end

local scenes = { { id = "main" }, { id = "status", value = "string" } }
launch_error { url_schemes = { "icecubesapp" }, routes = { ["https://status"] = "status" }, scenes = scenes }
launch_error { url_schemes = { "icecubesapp://" }, scenes = scenes }
launch_error { platform = "iphone", scenes = { { id = "main", launch = "presented" } } }
launch_error { platform = "ipados", os = "17", scenes = { { id = "main", restoration = false } } } -- from iPadOS 18
launch_error { platform = "ipados", scenes = { { id = "main" }, { id = "prefs", kind = "settings" } } }
launch_error { platform = "macos", scenes = { { id = "prefs", kind = "settings" } } }
launch_error { platform = "macos", scenes = { { id = "main", launch = "always" } } }
launch_error { scenes = { { id = "main", handles = function() end, allows = function() end } } }
launch_error { scenes = { { id = "main", matching = 3 } } }
launch_error { platform = "macos", policy = { force_quit = "keep" } }
launch_error { platform = "iphone", policy = { close_windows_on_quit = false } }
-- A scheme with a NUL byte is spelled escaped, and only a scheme with ":" gets the "myapp://" hint.
launch_error { url_schemes = { "my\0app" }, scenes = scenes }
-- A time under the clock's microsecond rounds to 0: the message says why 0 is not positive.
launch_error { platform = "iphone", policy = { background_time = 1e-300, expiration_warning = 0 } }
