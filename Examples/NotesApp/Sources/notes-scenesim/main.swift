// scenesim's command line with the notes app's model registered: scenarios select it with
// sim.launch{ model = "notes" }. `notes-scenesim test scenarios` runs the goldens.
import NotesApp
import SceneSimCLI

SceneSimCLI.main(models: ["notes": { () throws(SimError) in try NotesModel.make() }])
