-- ReaderApp's overlay: what its Swift source cannot say, added to the generated module with
-- sim.extend. The generated module (lib/reader_generated.lua) is never edited.
local generated = require "reader_generated"
return sim.extend(generated, {
  -- The read queue lives in an @Observable singleton: a fact with its anchor.
  memory = { ["ReadQueue.pending"] = "ReadQueue.pending" },
  effects = {
    -- A read mark is queued in memory, and sent when the window leaves the screen.
    ["ReadQueue.markRead"] = function(app, _, _)
      app.memory["ReadQueue.pending"] = (app.memory["ReadQueue.pending"] or 0) + 1
    end,
    -- Sending takes 0.4 s; a process that ends before loses what it held.
    ["ReadQueue.flush"] = function(app, _, upTo)
      if not app.memory["ReadQueue.pending"] then return end
      app:after(0.4, function(a)
        sim.log("read marks sent:", a.memory["ReadQueue.pending"] or 0, "up to post", upTo)
        a.memory["ReadQueue.pending"] = nil
      end)
    end,
    -- The server answers with the number of new posts; unreachable, the pull throws.
    ["FeedClient.pull"] = function()
      if not sim.network() then error("FeedClient.pull: the server cannot be reached") end
      return 3
    end,
  },
})
