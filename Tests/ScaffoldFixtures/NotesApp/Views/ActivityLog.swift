import SwiftUI

struct ActivityLog: View {
    @State private var filter = ""

    var body: some View {
        List {
            Text("log \(filter)")
        }
    }
}

struct HalfWritten: View {
    var body: some View {
        VStack {
            Text("unfinished"
        }
    
