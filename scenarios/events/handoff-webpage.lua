-- Question: Handoff from my website (a user activity whose webpageURL is
-- https://recipes.example/Recipe/42) should open my recipe window, but the activity type
-- com.example.recipe.view never seems to count. Which window gets it, and why?
-- Answer: SwiftUI matches a user activity on its targetContentIdentifier, or when it has none
-- its webpageURL's string, never its type, and compares without case or diacritics. So
-- matching = { "recipe" } catches the webpage URL; a recipe window whose prefers takes the URL
-- gets the next Handoff of the same page; an activity with neither a target nor a webpage is
-- compared with nothing and goes to the first scene without matching.
-- Spec: semantics 12.0, 12.3, 12.4 (platform v5 §1.1); API app:continue_activity options,
-- scenes matching, prefers, on_activity.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = {
    { id = "library" },
    { id = "recipe", matching = { "récipe" },
      prefers = function(w, page) return w.storage.page == page end,
      on_activity = function(w, type, info)
        w.storage.page = w.storage.page or info.page
        print(w, "on_activity", type, "shows", w.storage.page)
        return true
      end },
  },
}
local page = "https://recipes.example/Recipe/42"
-- Matched on the webpage: "récipe" matches "Recipe" (no case, no diacritics): a recipe window.
print(app:continue_activity("com.example.recipe.view", { page = page }, { webpage = page }), app.front)
-- The same page again: the open recipe window prefers it, no second window.
print(app:continue_activity("com.example.recipe.view", { page = page }, { webpage = page }), app.front)
-- The target wins over the webpage: "shopping-list" matches no scene: the first without matching.
local both = { target = "shopping-list", webpage = page }
print(app:continue_activity("com.example.recipe.view", { page = page }, both), app.front)
-- Neither: the type "com.example.recipe.view" is not compared, so library takes it too.
print(app:continue_activity("com.example.recipe.view", { page = page }), app.front)
print(pcall(app.continue_activity, app, "com.example.recipe.view", {}, { webpage = "recipes://42" }))
print(pcall(app.continue_activity, app, "com.example.recipe.view", {}, { targt = "x" }))
