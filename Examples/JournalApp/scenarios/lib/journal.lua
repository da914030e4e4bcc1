-- JournalApp's model: the module scaffold writes from the Swift source (journal_generated.lua,
-- never edited), with what the source cannot say. EntryStore is the app's storage package, whose
-- source is not given to scaffold, so its two calls are effects: traced where the Swift makes
-- them, and given behaviour here by name.
local generated = require "journal_generated"

return sim.extend(generated, {
  effects = {
    ["EntryStore.saveDraft"] = function(_, w, text)
      sim.log("EntryStore keeps the draft of " .. tostring(w) .. " (" .. #text .. " bytes)")
    end,
    ["EntryStore.write"] = function()
      sim.log("EntryStore writes the entries to disk")
    end,
  },
})
