import SwiftUI

struct TripList: View {
    @SceneStorage(StorageKeys.currentTrip) private var currentTrip = ""
    @AppStorage(StorageKeys.units) private var units = "km"
    @State private var sheet: TripSheet?
    @Environment(\.openWindow) private var openWindow
    #if os(macOS)
    @SceneStorage("sidebarWidth") private var sidebarWidth = 220.0
    #endif
    #if false
    @State private var debugOverlay = true
    #endif

    var body: some View {
        List {
            Button("Open") { openWindow(id: SceneID.trip.rawValue, value: currentTrip) }
            Button("Notes") { sheet = .notes }
        }
        .sheet(item: $sheet) { item in item.destination }
        .onContinueUserActivity(ActivityTypes.viewTrip) { activity in currentTrip = activity.title ?? "" }
        #if DEBUG && false
        .onOpenURL { url in currentTrip = url.lastPathComponent }
        #endif
    }
}
