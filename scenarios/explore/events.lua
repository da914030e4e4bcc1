-- Explores a Mac app's external events: links, Handoff activities and notifications, which
-- launch the app when it is not running, among windows that prefer, allow or match them
-- Spec: semantics 12.1-12.9; API scenes prefers, allows, matching, on_activity, scenesim explore.
-- Run: scenesim explore scenarios/explore/events.lua
local Events = {
  name = "events",
  states = { ready = {} },
  initial = "ready",
  on_activity = function(_, type) if type == "com.example.view" then return nil end end,
  on_notification = function(app, info) app.defaults.last_notification = info.id end,
}

return {
  setup = function()
    return sim.launch {
      platform = "macos",
      url_schemes = { "app" },
      model = Events,
      scenes = {
        { id = "main" },
        { id = "doc", value = "string", matching = { "doc", "edit" },
          prefers = function(w, event) return w.value ~= nil and event:find(w.value, 1, true) ~= nil end,
          on_url = function(w) w.storage.links = (w.storage.links or 0) + 1 return true end,
          on_activity = function(w, _, info) w.storage.item = info.id return true end },
        { id = "settings", kind = "settings" },
      },
      routes = { doc = "doc" },
    }
  end,
  invariants = {
    -- A window that got links counted them in its own storage only.
    links_counted_in_doc_windows = function(app)
      for _, w in ipairs(app.windows) do
        if w.group ~= "doc" and w.storage.links ~= nil then return false, tostring(w) .. " counted links" end
      end
    end,
    front_is_first = function(app)
      return app.front == app.windows[1], "app.front is not the first of app.windows"
    end,
  },
}
