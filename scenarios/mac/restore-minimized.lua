-- A window minimised to the Dock when a Mac app ends with its windows kept (Quit and Keep
-- Windows, Force Quit, a crash) comes back minimised: inactive, off screen, in the Dock; the
-- others come back active.
-- Spec: semantics 13.4, 13.7, 13.9; API w:minimize, w.minimized, app:terminate.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
}
local doc = app:open_window("doc", "notes")
doc:minimize()
for _, how in ipairs { "keep", "force", "crash" } do
  if how == "keep" then app:terminate("user", { keep_windows = true }) else app:terminate(how) end
  app:launch()
  print(how .. ":", doc.minimized, doc.phase, app.front, app.phase)
end
