-- An error inside a hook is reported with the hook's own file:line and fails the scenario (API app:on)
-- expect: error
local app = sim.launch { platform = "ipados" }
app:on("state", function(_, new)
  assert(new ~= "unauthenticated", "the state hook refuses " .. new) -- this line is in the message
end)
sim.settle() -- fails here, with the hook's line
print("never printed")
