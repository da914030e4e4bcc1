-- With the overlay (its main window prefers links), on the Mac: a link reaches MainView's
-- onOpenURL, which opens a package window whose .task reads the value it presents; a link with
-- no package switches the tab; Settings opens; the quit policy comes from
-- applicationShouldTerminateAfterLastWindowClosed (!showInMenuBar, true with the Swift default),
-- so closing the last window quits the app.
local cellar = require "cellar"
local app = sim.launch(cellar)
print("link", app:open_url("cellar://package/wget"))
print("front", app.front, app.front.value)
app:open_url("cellar://updates")
print("tab", app.windows[1].storage["main.tab"])
app:open_settings()
for _, w in ipairs(app.windows) do w:close() end
print("running", app.running)
