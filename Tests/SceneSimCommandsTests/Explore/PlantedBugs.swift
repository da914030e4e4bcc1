/// Exploration modules with a bug planted behind a specific sequence of steps, which the
/// built-in rules bury in lifecycle noise; `minimum` is the length of the shortest run that
/// breaks the invariant.
enum PlantedBug {
    /// The lock opens on 4, 3, 2, 1 pressed in a row: four steps, and the arguments matter.
    static let lock = (name: "lock.lua", minimum: 4, source: """
        -- Planted bug: the lock opens on 4, 3, 2, 1 pressed in a row.
        local pressed = {}
        return {
          setup = function()
            return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
          end,
          rules = {
            press = { weight = 8, pre = function(app) return app.running end,
                      args = { digit = sim.gen.one_of { 1, 2, 3, 4 } },
                      run = function(_, a) pressed[#pressed + 1] = a.digit end },
          },
          invariants = {
            stays_locked = function()
              local n = #pressed
              if n >= 4 and pressed[n - 3] == 4 and pressed[n - 2] == 3 and pressed[n - 1] == 2 and pressed[n] == 1 then
                error("the lock opened after " .. n .. " presses")
              end
            end,
          },
        }

        """)

    /// The model believes a typed draft survives anything; a crash after loading finished
    /// loses it: advance past loading, type, crash, relaunch.
    static let draft = (name: "draft.lua", minimum: 4, source: """
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

        """)

    /// At most two documents, but three different values open three windows (by the module's
    /// rule or the built-in open_window alike).
    static let docs = (name: "docs.lua", minimum: 3, source: """
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

        """)
}
