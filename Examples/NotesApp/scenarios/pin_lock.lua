-- The notes app is locked by a PIN: a wrong code is refused, the right one unlocks, going to the
-- background locks it again, and three wrong codes lock the keypad out until the next launch.
-- The lock screen replaces loading at once (the controller reads its PIN synchronously): no flicker.
local app = sim.launch {
  model = "notes",
  policy = { flicker_threshold = 0 },
}
print("after launch:", app.state)
print("unlock 0000:", app:unlock("0000"), app.state)
print("unlock 1234:", app:unlock("1234"), app.state)
app:background()
print("in the background:", app.state)
app:foreground()
for _, code in ipairs { "1111", "2222", "3333" } do app:unlock(code) end
print("locked out:", app:locked_out(), "unlock 1234:", app:unlock("1234"), app.state)
app:terminate("user")
app:launch()
print("relaunched:", app.state, app:locked_out(), app:unlock("1234"))
print(pcall(app.unlock, app, 1234))
