import SwiftUI

struct PackageView: View {
    let name: String?
    @SceneStorage("package.showFiles") private var showFiles = false
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Text(name ?? "")
            .task {
                guard let name else {
                    dismiss()
                    return
                }
                PackageCLI.info(name)
            }
    }
}
