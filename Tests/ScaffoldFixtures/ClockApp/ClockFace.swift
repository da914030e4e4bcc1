import SwiftUI

struct ClockFace: View {
    @SceneStorage("ticks") private var ticks = 0
    @State private var loaded = false
    @State private var poller: String?
    @AppStorage("appearances") private var appearances = 0
    private let timer = Timer.publish(every: 10, on: .main, in: .common).autoconnect()

    var body: some View {
        Text("\(ticks)")
            .onAppear {
                appearances += 1
                poller = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in
                    Poller.shared.polls += 1
                }
            }
            .task {
                try? await Task.sleep(for: .seconds(5))
                loaded = true
            }
            .onReceive(timer) { _ in
                ticks += 1
            }
            .onDisappear {
                Poller.shared.stops += 1
            }
    }
}
