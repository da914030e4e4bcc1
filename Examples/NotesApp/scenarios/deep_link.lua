-- A deep link into a note: while locked the app keeps it and opens the note's window once the
-- PIN is right; while unlocked it opens at once, and a second link to the same note finds the
-- window already there. URLs that are not the app's go to no one.
-- The lock screen replaces loading at once (the controller reads its PIN synchronously): no flicker.
local app = sim.launch {
  model = "notes",
  policy = { flicker_threshold = 0 },
}
app:open_url("app://note/groceries")
print("while locked:", #app.windows, app.state)
sim.advance(2) -- the user types the PIN
app:unlock("1234")
print("after unlock:", #app.windows, app.windows[1])
app:open_url("app://note/ideas")
app:open_url("app://note/ideas")
print("windows:", #app.windows)
app:open_url("https://example.com")
