-- Each write to app.memory and w.memory is a trace line when asked for: a golden pins how @State changes
-- Spec: semantics 11.1; API app.memory, w.memory; scenarios/README.md "What lives in memory"
-- trace: memory
-- A reading list: the App's @Observable store holds the unread count, the reader window's
-- @State holds the article and a scroll position. Without the header line only the losses
-- are traced; with it, each write is one line with its value as a Lua literal.
local app = sim.launch { platform = "ipados", scenes = { { id = "list" }, { id = "reader", value = "string" } } }
sim.settle()
app.memory.unread = 3                            -- @Observable ReadingList.unread
local reader = app:open_window("reader", "article-7")
reader.memory.article = "article-7"              -- @State in ReaderView
reader.memory.scroll = 0.25
reader.memory.scroll = 0.5                       -- the same key again: a line per write
app.memory.unread = app.memory.unread - 1
reader.memory["font size"] = 17                  -- a key that is no Lua name reads in brackets
reader.memory.note = "line one\nline two"        -- a value cannot break or forge a trace line
reader.memory.note = nil                         -- a removal reads = nil
sim.advance(1)
app.memory.synced = true

-- The reader is closed: its memory is lost, which is traced with or without the header.
reader:close()
assert.equal(2, app.memory.unread, "unread")
app:terminate("user")
