-- Explores an iPad app's home-screen shortcuts and notifications, which launch the app when it
-- is not running and, with a target, reach the window that prefers it
-- Spec: semantics 12.9, 12.10; API app:open_shortcut, on_shortcut, scenesim explore.
-- Run: scenesim explore scenarios/explore/shortcuts.lua
local Shortcuts = {
  name = "shortcuts",
  states = { ready = {} },
  initial = "ready",
  on_shortcut = function(app, type) app.defaults.last_shortcut = type end,
  on_notification = function(app, info) app.defaults.last_notification = info.id end,
}

return {
  setup = function()
    return sim.launch {
      platform = "ipados",
      model = Shortcuts,
      scenes = {
        { id = "main" },
        { id = "compose", matching = { "compose" },
          prefers = function(w, target) return w.storage.target == target end,
          on_shortcut = function(w) w.storage.shortcuts = (w.storage.shortcuts or 0) + 1 end,
          on_notification = function(w, info) w.storage.target = w.storage.target or ("compose-" .. info.id) end },
      },
    }
  end,
  rules = {
    -- The user picks "New message" from the icon's menu: a compose window takes it.
    new_message = {
      weight = 1,
      args = { id = sim.gen.int(1, 2) },
      run = function(app, a) app:open_shortcut("com.example.compose", { target = "compose-" .. a.id }) end,
    },
  },
  invariants = {
    -- Shortcuts reach compose windows only.
    shortcuts_in_compose_windows = function(app)
      for _, w in ipairs(app.windows) do
        if w.group ~= "compose" and w.storage.shortcuts ~= nil then return false, tostring(w) .. " got a shortcut" end
      end
    end,
  },
}
