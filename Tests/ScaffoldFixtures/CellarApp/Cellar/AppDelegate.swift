import AppKit
import SwiftUI

final class AppDelegate: NSObject, NSApplicationDelegate {
    @AppStorage("showInMenuBar") var showInMenuBar = false

    func applicationDidFinishLaunching(_ notification: Notification) {
        Scheduler.shared.register()
    }

    func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool {
        Scheduler.shared.register()
        UserDefaults.standard.set(UserDefaults.standard.integer(forKey: "reopens") + 1, forKey: "reopens")
        if flag {
            return false
        }
        return !showInMenuBar
    }

    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool {
        !showInMenuBar
    }

    func applicationWillTerminate(_ notification: Notification) {
        Scheduler.shared.stop()
    }
}
