import SwiftUI

struct LonelyView: View {
    @SceneStorage("tab") private var tab = 0
    var body: some View { Text("no app here") }
}
