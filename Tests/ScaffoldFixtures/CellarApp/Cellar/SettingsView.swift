import SwiftUI

struct SettingsView: View {
    @AppStorage("showInMenuBar") private var showInMenuBar = false

    var body: some View {
        Toggle("Show in the menu bar", isOn: $showInMenuBar)
    }
}
