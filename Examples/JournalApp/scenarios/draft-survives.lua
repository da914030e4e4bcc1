-- JournalApp's model is generated from its Swift source (lib/journal_generated.lua, by scenesim
-- scaffold), with an overlay for its storage package (lib/journal.lua). A draft typed in an entry
-- window survives the system reclaiming the app in the background (the Swift's handlers save it
-- through EntryStore on the way), and a misspelt SceneStorage key is caught by the keys the
-- generated model declares.
local journal = require "journal"
local app = sim.launch(journal)
local entry = app:open_window("entry", "7F3A")
entry.storage.draft = "Walked to the lake"
print(pcall(function() entry.storage.drfat = "typo" end))
app:background()
app:terminate("system")
app:launch()
for _, w in ipairs(app.windows) do
  if w.group == "entry" then print(w.id, w.value, w.storage.draft) end
end
