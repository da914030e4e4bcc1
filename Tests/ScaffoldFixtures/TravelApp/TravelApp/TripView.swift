import SwiftUI

struct TripView: View {
    @SceneStorage("mapZoom") private var zoom = 1.0
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        Text("Trip")
            .onChange(of: scenePhase) { _, newPhase in
                if newPhase == .background { zoom = 1.0 }
            }
    }
}

struct TravelSettings: View {
    @AppStorage("showTips") private var showTips = true
    var body: some View { Toggle("Tips", isOn: $showTips) }
}
