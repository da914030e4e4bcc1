import SwiftUI

@main
struct CellarApp: App {
    @NSApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        Window("Cellar", id: "main") {
            MainView()
                .onAppear {
                    Scheduler.shared.windowAppearances += 1
                }
        }
        WindowGroup(id: "package", for: String.self) { $name in
            PackageView(name: name)
        }
        Settings {
            SettingsView()
        }
    }
}
