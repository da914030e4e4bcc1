-- A Mac document app across Quit (⌘Q), Quit and Keep Windows (⌥⌘Q) and Force Quit: ⌘Q
-- changes no phase (the App's .onChange(of: scenePhase) hears nothing), saves each window's
-- storage as it stands and, with macOS's default "Close windows when quitting", restores nothing;
-- ⌥⌘Q keeps the windows; Force Quit runs no code, loses unsaved writes, and restores them
-- Spec: semantics 13.1, 13.3, 13.4; API app:terminate, policy.close_windows_on_quit.
local app = sim.launch {
  platform = "macos",
  model = {
    states = { ready = {} }, initial = "ready",
    on_phase = function(_, old, new) print("App .onChange(of: scenePhase)", old, new) end,
  },
  scenes = {
    { id = "library", kind = "window" },   -- Window("Library"): the first scene opens at launch
    { id = "doc", value = "string" },
    { id = "settings", kind = "settings" },
  },
}
local function windows()
  local list = {}
  for i, w in ipairs(app.windows) do list[i] = tostring(w) end
  return table.concat(list, ", ")
end
print("launch 1:", windows())

local a = app:open_window("doc", "a.txt")
a.storage.cursor = 10
app:open_settings()

-- ⌘Q: no phase change reaches the windows or the App; the storage is saved; the windows are
-- closed for good.
app:terminate("user")
app:launch()
print("after Quit:", windows(), "a.txt alive:", a.alive)

-- ⌥⌘Q: the same quit, but the windows come back (Settings never does).
local b = app:open_window("doc", "b.txt")
b.storage.cursor = 20
app:open_settings()
app:terminate("user", { keep_windows = true })
app:launch()
print("after Quit and Keep Windows:", windows(), "cursor:", b.storage.cursor)

-- Force Quit: no handler runs; the write made since the last save is lost; the windows return.
b.storage.cursor = 99
app:terminate("force")
app:launch()
print("after Force Quit:", windows(), "cursor:", b.storage.cursor)
