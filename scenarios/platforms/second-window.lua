-- platforms: iphone ipados macos
-- One scenario on three platforms, a golden each (second-window.iphone.golden, ...): a document
-- asked for beside the main window, written, and the app sent away and killed by the system. On
-- iPhone, which shows one scene, openWindow does nothing (the write goes to the main window);
-- iPad and Mac open it, and restore both windows with the cursor.
-- Spec: semantics 4.4, 5.1, 5.4; API sim.launch, app:open_window, scenesim test --platform.
local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
print(app)
local doc = app:open_window("doc", "a.txt") or app.front
print("writing to", doc)
doc.storage.cursor = 7
print("windows before:", #app.windows)
app:background()
if app.running then app:terminate("system") end
app:launch()
print("windows after:", #app.windows, "cursor:", doc.storage.cursor)
