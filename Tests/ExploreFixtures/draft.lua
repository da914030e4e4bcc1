-- Planted bug: the model believes a draft typed into a window survives anything.
local typed = {}
return {
  setup = function()
    return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
  end,
  rules = {
    -- A suspended app runs no code, so nobody types (issue 18).
    type_draft = { pre = function(app) return not app.suspended end,
                   args = { window = sim.gen.window("connected"), text = sim.gen.one_of { "x", "y" } },
                   run = function(_, a) a.window.storage.draft = a.text; typed[a.window.id] = a.text end },
  },
  invariants = {
    drafts_survive = function(app)
      for _, w in ipairs(app.windows) do
        if typed[w.id] ~= nil and w.storage.draft ~= typed[w.id] then
          return false, w.id .. " lost its draft " .. typed[w.id]
        end
      end
    end,
  },
}
