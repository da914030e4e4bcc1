-- The Mac's calls on an iPhone are errors at the calling line that say what to use instead:
-- "force" (Force Quit), keep_windows, the Dock, Settings, minimise and hide; an unknown
-- termination option names its key
-- Spec: semantics 13.4, 13.5, 13.7; API app:terminate.
local app = sim.launch { platform = "iphone" }
local function try(label, fn)
  local ok, message = pcall(fn)
  assert(not ok, label .. " should be refused")
  print(label .. ":\n  " .. message)
end
try("force quit", function() app:terminate("force") end)
try("keep windows", function() app:terminate("user", { keep_windows = true }) end)
try("unknown option", function() app:terminate("user", { keep_windowz = true }) end)
try("keep_windows on a crash", function() app:terminate("crash", { keep_windows = true }) end)
-- keep_windows = false is no way around it: the option itself is the Mac's, and "user"'s.
try("keep_windows false", function() app:terminate("user", { keep_windows = false }) end)
try("keep_windows false on a crash", function() app:terminate("crash", { keep_windows = false }) end)
try("dock", function() app:reopen() end)
try("settings", function() app:open_settings() end)
try("hide", function() app:hide() end)
try("minimize", function() app.front:minimize() end)
-- Nothing changed: the app is still running on screen.
assert(app.running and app.phase == "active")
