-- Question: on iPad my notification for document 3 opens a new window instead of bringing forward
-- the window that already shows document 3. Why, and what fixes it?
-- Answer: a notification reaches a scene only through its target (the content's
-- targetContentIdentifier); without one only the app's own handler runs. With target "doc-3"
-- SwiftUI asks the open windows' handlesExternalEvents(preferring:) first, and only when none
-- prefers it opens a new window of the scene whose matching the target contains. The fix is a
-- window that prefers its own document's target.
-- Spec: semantics 12.3, 12.4, 12.10 (platform v5 §2.4); API app:open_notification, scenes
-- prefers, matching, on_notification, model on_notification.
local prefers_own_document = false  -- the fix, switched on below
local app = sim.launch {
  platform = "ipados",
  model = {
    states = { ready = {} }, initial = "ready",
    on_notification = function(_, info) print("app's on_notification for document", info.doc) end,
  },
  scenes = {
    { id = "library" },
    { id = "doc", matching = { "doc-" },
      -- .handlesExternalEvents(preferring: ["doc-\(id)"], allowing: []) once fixed
      prefers = function(w, target) return prefers_own_document and target == "doc-" .. tostring(w.storage.doc) end,
      on_notification = function(w, info)
        w.storage.doc = w.storage.doc or info.doc
        print(w, "on_notification: shows document", w.storage.doc)
      end },
  },
}
-- Without a target the notification reaches the app's handler only: no window is chosen.
app:open_notification { doc = 3 }
-- With one, it is routed: nothing prefers "doc-3", so a doc window opens for it (matching).
app:open_notification({ doc = 3 }, { target = "doc-3" })
local doc3 = app.front
app:open_notification({ doc = 5 }, { target = "doc-5" })
app:background()
-- The bug: the next notification for document 3 opens another window for the same document.
app:open_notification({ doc = 3 }, { target = "doc-3" })
print(#app.windows, "windows; the front one is", app.front)
app.front:close()
-- The fix: the window showing document 3 prefers its target, so it comes forward instead.
prefers_own_document = true
app:open_notification({ doc = 3 }, { target = "doc-3" })
assert(app.front == doc3, "the window showing document 3 takes its notification")
print(#app.windows, "windows; the front one is", app.front)
