-- Question: the user swipes away one of my iPad app's windows in the app switcher while the app
-- is not running — is that window restored at the next launch, and does my app hear of it?
-- Answer: the window's session is discarded at once, with its SceneStorage, and is not restored;
-- the app hears of it at its next launch (application(_:didDiscardSceneSessions:)). On the Mac
-- there are no cards: closing a window needs the app running (mac/close-needs-running).
-- Spec: semantics 2.4 (platform v5 §1.9), 2.3; API w:close, w.alive.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
app.front.storage.tab = "inbox"
local doc = app:open_window("doc", "report")
doc.storage.page = 3
app:background()
app:terminate("system")

doc:close()
assert(not doc.alive, "the card is gone, and the session with it")
app:launch()
print("restored:", #app.windows, app.front.id, app.front.storage.tab)
assert(#app.windows == 1, "only main comes back")

