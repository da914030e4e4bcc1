-- Planted bug: the model allows two documents, the app opens as many as asked.
return {
  setup = function()
    return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
  end,
  rules = {
    open_doc = { weight = 3, pre = function(app) return app.running end,
                 args = { doc = sim.gen.one_of { "A", "B", "C" } },
                 run = function(app, a) app:open_window("doc", a.doc) end },
  },
  invariants = {
    at_most_two_docs = function(app)
      local n = 0
      for _, w in ipairs(app.sessions) do
        if w.group == "doc" then n = n + 1 end
      end
      return n <= 2, n .. " docs open"
    end,
  },
}
