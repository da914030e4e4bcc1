import SwiftUI

struct MainView: View {
    @SceneStorage("main.tab") private var tab = "installed"
    @AppStorage("demoDaysUsed") private var demoDaysUsed = 0
    @Environment(\.openWindow) private var openWindow

    var body: some View {
        TabView(selection: $tab) {
            Text("Installed").tag("installed")
            Text("Updates").tag("updates")
        }
        .handlesExternalEvents(preferring: ["*"], allowing: ["*"])
        .onAppear {
            License.shared.check(daysUsed: demoDaysUsed)
        }
        .onOpenURL { url in
            switch url.host {
            case "package":
                openWindow(id: "package", value: url.lastPathComponent)
            case "updates":
                tab = "updates"
            default:
                break
            }
        }
    }
}
