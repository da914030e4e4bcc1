-- sim.seed fixes math.random, sim.log writes trace notes, and maps printed by sorted key keep output byte-identical
-- Spec: semantics 6.1, 6.2; API sim.seed, sim.log.
assert(sim.seed(7) == 7, "sim.seed(n) returns the seed")
local first = { math.random(100), math.random(100), math.random(100) }
sim.seed(7)
local again = { math.random(100), math.random(100), math.random(100) }
assert(table.concat(first, ",") == table.concat(again, ","), "same seed, same numbers")
assert(sim.seed() == 7, "sim.seed() reads the seed")

local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "doc", value = "integer" } } }
sim.settle()
sim.log("opening", 3, "random documents")
for _ = 1, 3 do app:open_window("doc", math.random(1000)) end

-- pairs() order varies from run to run: print maps by sorted key.
local counts = {}
for _, w in ipairs(app.windows) do counts[w.group] = (counts[w.group] or 0) + 1 end
local groups = {}
for group in pairs(counts) do groups[#groups + 1] = group end
table.sort(groups)
for _, group in ipairs(groups) do print(group, counts[group]) end
sim.log("done at", sim.now())
