-- CellarApp's model: the module scaffold writes from the Swift source (cellar_generated.lua,
-- never edited), with what the source cannot say. PackageCLI runs the package manager's command
-- line, outside the sources given to scaffold: its calls are effects, given behaviour here. The
-- main window's .handlesExternalEvents(preferring: ["*"], allowing: ["*"]) is a comment in the
-- generated scene: it prefers every link.
local generated = require "cellar_generated"

return sim.extend(generated, {
  effects = {
    ["PackageCLI.outdated"] = function(app)
      app:after(1.5, function() sim.log("package manager: outdated list read") end)
    end,
  },
  scenes = { main = { prefers = function() return true end } },
})
