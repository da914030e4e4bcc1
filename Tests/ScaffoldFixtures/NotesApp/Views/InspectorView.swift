import SwiftUI

struct InspectorView: View {
    @SceneStorage("inspectorPane") private var pane = "info"

    var body: some View {
        VStack {
            header
            Text(pane)
        }
    }
}

extension InspectorView {
    var header: some View {
        InspectorHeader()
    }
}

struct InspectorHeader: View {
    var body: some View { Text("Inspector") }
}
