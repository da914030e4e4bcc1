-- app:open_window (OpenWindowAction) needs iOS and iPadOS 16 or macOS 13, app:dismiss_window
-- (DismissWindowAction) iOS and iPadOS 17 or macOS 14: below, the call is an error naming the
-- version, and nothing changes
-- Spec: semantics 14.1 (platform v5 §1.7); API app:open_window, app:dismiss_window, sim.launch os.
local app = sim.launch { platform = "ipados", os = "16", scenes = { { id = "main" } } }
local w = app:open_window("main")
print("opened:", tostring(w), #app.windows)
print(pcall(app.dismiss_window, app, "main"))
print("windows:", #app.windows)
