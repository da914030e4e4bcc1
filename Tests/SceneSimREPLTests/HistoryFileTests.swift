import SceneSimREPL
import Testing

@Suite("The history file's place")
struct HistoryFileTests {
    @Test("XDG_STATE_HOME wins; else ~/.local/state; a relative XDG path is ignored, as the spec says")
    func path() {
        #expect(HistoryFile.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/scenesim/history")
        #expect(HistoryFile.path(environment: ["HOME": "/h"]) == "/h/.local/state/scenesim/history")
        #expect(HistoryFile.path(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/scenesim/history")
        #expect(HistoryFile.path(environment: [:]) == nil)
    }
}
