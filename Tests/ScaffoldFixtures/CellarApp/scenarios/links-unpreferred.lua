-- The unedited generated module alone, on the Mac: MainView's handlesExternalEvents is a comment
-- there, so no open window prefers a link; SwiftUI's rule opens a new window of the first scene
-- that is not open, the package group, whose view has no value and dismisses itself.
local cellar = require "cellar_generated"
local app = sim.launch(cellar)
print("link", app:open_url("cellar://package/wget"))
print("windows", #app.windows, app.front)
