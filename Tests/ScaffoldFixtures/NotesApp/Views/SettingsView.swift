import SwiftUI

struct SettingsView: View {
    @AppStorage("theme") private var theme = "light"
    @AppStorage("fontSize") private var fontSize: Double = 13

    var body: some View {
        Form {
            TextField("Theme", text: $theme)
        }
    }
}

struct MenuContent: View {
    @Environment(\.openWindow) private var openWindow
    var body: some View {
        Button("Show Notes") { openWindow(id: "main") }
    }
}
