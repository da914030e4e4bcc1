-- ForumApp's model: the module scaffold writes from the Swift source (forum_generated.lua, never
-- edited), with what the source cannot say. ForumAPI is the app's network package, whose source
-- is not given to scaffold, so its calls are effects: traced where the Swift makes them, and
-- given behaviour here by name (a request to the server takes 0.4 s).
local generated = require "forum_generated"

return sim.extend(generated, {
  effects = {
    ["ForumAPI.markRead"] = function(app, _, count)
      app:after(0.4, function() sim.log("server stored " .. tostring(count) .. " read marks") end)
    end,
  },
})
