import SwiftUI

@main
struct TravelApp: App {
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup(id: .mainWindowID) {
            TripList()
        }
        WindowGroup(id: SceneID.trip.rawValue, for: String.self) { $tripID in
            TripView()
        }
        Settings {
            TravelSettings()
        }
    }
}
