-- Question: after my 2.0 update changed the NavigationPath format, does the restored window crash
-- or drop the path?
-- Answer: neither, when the app decodes defensively: the first launch of 2.0 hands each value
-- 1.0 saved to on_restore_value, which migrates what it can read (the selected tab), drops the
-- path it cannot (traced "storage dropped after update") and keeps the rest; the window comes
-- back at its root. Values 2.0 saves itself are not asked about again.
-- Spec: platform-v5 §2.7; semantics 5.6, 3.1, 5.4.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "library", keys = { "path", "tab", "query" } } },
  model = {
    name = "library",
    states = { ready = {} },
    initial = "ready",
    -- 2.0 encodes the path as "v2:" .. ids; 1.0 wrote a bare list of ids. JSONDecoder throws on
    -- the old form: the restored NavigationPath is dropped rather than crashing the window.
    on_restore_value = function(_, key, value, from_version)
      print("decode", key, "saved by", from_version)
      if key == "path" and not tostring(value):find("^v2:") then return nil end
      if key == "tab" and value == "books" then return "shelf" end  -- renamed in 2.0
      return value
    end,
  },
}
sim.settle()
local w = app.front
print("version", app.version)
w.storage.path = "12/40"
w.storage.tab = "books"
w.storage.query = "dune"
app:background()
app:terminate("system")

print(pcall(app.update, app, { version = "" }))
print(pcall(app.update, app, { versoin = "2.0" }))
app:update { version = "2.0" }
print("version", app.version)
app:launch()
sim.settle()
print("path", w.storage.path, "tab", w.storage.tab, "query", w.storage.query)

-- 2.0 saves in its own format; the next relaunch of 2.0 restores it untouched.
w.storage.path = "v2:12/40"
app:background()
app:terminate("system")
app:launch()
sim.settle()
print("path", w.storage.path, "tab", w.storage.tab)
print(pcall(app.update, app, { version = "3.0" }))
