-- app.memory and w.memory hold tables of storable values, copied in: a Set<Int> queue is a table, not "1,2,3"
-- Spec: semantics 11.1; API app.memory, w.memory
-- trace: memory
-- A mail client keeps the ids of messages queued for sending in an @Observable Set<Int>, and a
-- window's selection in @State. Memory holds tables of booleans, numbers and strings (nested
-- too), copied when written: changing the script's table afterwards changes nothing, and a
-- read gives a fresh copy, so a change is a write of the whole table, one trace line.
local app = sim.launch { platform = "ipados", scenes = { { id = "inbox" } } }
sim.settle()
local queue = { [42] = true, [7] = true }        -- Set<Int>: keys are the members
app.memory.outbox = queue
queue[99] = true                                 -- the script's table, not memory's
assert.same({ [42] = true, [7] = true }, app.memory.outbox, "outbox")

local outbox = app.memory.outbox                 -- a copy: add a member, then write it back
outbox[99] = true
app.memory.outbox = outbox
local inbox = app.windows[1]
inbox.memory.selection = { ids = { 7, 42 }, anchor = 7, ["sort order"] = "date" }
print(inbox.memory)

-- What memory cannot hold is refused at the line, naming the part.
print(pcall(function() inbox.memory.selection = { ids = { 7 }, refresh = function() end } end))
local loop = {}
loop.next = loop
print(pcall(function() app.memory.outbox = loop end))
print(pcall(function() inbox.storage.selection = { 7 } end))

-- Lost with the process, as every memory.
app:background()
app:terminate("system")
