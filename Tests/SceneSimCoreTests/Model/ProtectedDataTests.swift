import ByteText
import SceneSimBuiltin
import SceneSimTestSupport
import SceneSimTesting
import Testing

@testable import SceneSimCore

/// The device's lock, protected data and prewarming (semantics 8.6, 11.11): what the keychain
/// reads while locked, `onProtectedData`, and a prewarmed launch that the user brings forward.
@Suite("Protected data: the lock, the keychain's classes, prewarming")
struct ProtectedDataTests {
    /// `body` throws a `.forbidden` error whose Swift message is `message`.
    static func expectRefusal(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = #expect(throws: SimError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.kind == .forbidden, sourceLocation: sourceLocation)
        #expect(error?.description == message, sourceLocation: sourceLocation)
    }

    static func rebooted(_ accessible: KeychainAccessibility = .whenUnlocked, model: AppModel = .builtin) throws -> SceneSimTestStore {
        let store = try SceneSimTestStore(
            .testing(.iphone) {
                $0.policy.firstUnlock = false
                $0.storedSession = InitialSession(user: "ada", ttl: .at(86400), accessible: accessible)
            }, model: model)
        store.exhaustivity = .off
        return store
    }

    @Test("before the first unlock no keychain item reads; after it, after_first_unlock reads while locked and when_unlocked does not")
    func classesAcrossTheLock() throws {
        for accessible in KeychainAccessibility.allCases {
            let device = try Self.rebooted(accessible)
            #expect(device.simulator.keychain == nil && !device.simulator.protectedDataAvailable)
            try device.unlockDevice()
            #expect(device.simulator.keychain?.user == "ada" && device.simulator.protectedDataAvailable)
            try device.lockDevice()
            #expect((device.simulator.keychain != nil) == (accessible == .afterFirstUnlock), "\(accessible)")
            #expect(!device.simulator.protectedDataAvailable)
        }
    }

    @Test("a prewarm before the first unlock runs the built-in model's launch without a token: it ends unauthenticated; the user's launch brings that process forward")
    func prewarmBeforeFirstUnlockLogsOut() throws {
        let device = try Self.rebooted()
        try device.prewarm()
        try device.advance(1)
        try device.unlockDevice()
        try device.launch()
        try device.settle()
        #expect(device.simulator.appState == .unauthenticated)
        #expect(device.simulator.launchCount == 1)
        #expect(device.simulator.keychainToken != nil, "the token was there all along")
        device.expectTrace(
            """
            [   0.000] app         launch #1 on iphone (background: prewarm)
            [   0.000] app         suspended
            [   1.000] device      unlocked (first unlock since boot): protected data available
            [   1.000] app         launch #1 on iphone: the prewarmed process comes forward
            [   1.000] app         resumed (suspended 1.000 s)
            [   1.000] main#1      connected (new session) -> inactive
            [   1.000] app         phase background -> inactive: prepare for background
            [   1.000] main#1      phase inactive -> active
            [   1.000] app         phase inactive -> active: validate session and refresh
            [   1.000] app         state loading -> unauthenticated
            """)
    }

    @Test("an after_first_unlock token reads in a prewarm while locked after the first unlock: still authenticated")
    func afterFirstUnlockSurvivesALockedPrewarm() throws {
        let device = try Self.rebooted(.afterFirstUnlock)
        try device.unlockDevice()
        try device.lockDevice()
        try device.prewarm()
        try device.advance(1)
        try device.unlockDevice()
        try device.launch()
        try device.settle()
        #expect(device.simulator.appState == .authenticated(user: "ada"))
    }

    @Test("on_protected_data runs at each change in a running app that is not suspended; lock sends a foreground app to the background")
    func handlerAndLock() throws {
        final class Heard: @unchecked Sendable { var values: [Bool] = [] }
        let heard = Heard()
        var model = AppModel.builtin
        model.onProtectedData = { _, available in heard.values.append(available) }
        let device = try SceneSimTestStore(.testing(.iphone), model: model)
        device.exhaustivity = .off
        try device.launch()
        try device.settle()
        _ = device.takeTrace()
        try device.lockDevice()
        #expect(device.simulator.appPhase == .background)
        try device.unlockDevice()
        try device.lockDevice()
        try device.advance(10)  // suspended now
        try device.unlockDevice()
        #expect(heard.values == [false, true, false])
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            [   0.500] device      locked: protected data unavailable
            [   0.500] device      unlocked: protected data available
            [   0.500] device      locked: protected data unavailable
            [   5.500] app         suspended
            [  10.500] device      unlocked: protected data available
            """)
    }

    @Test("misuse: lock twice, unlock unlocked, prewarm a running app, macOS, a write the lock forbids")
    func misuse() throws {
        let device = try Self.rebooted()
        Self.expectRefusal("unlockDevice(): the device is not locked; call lockDevice() first") {
            try device.unlockDevice(); try device.unlockDevice()
        }
        try device.lockDevice()
        Self.expectRefusal("lockDevice(): the device is already locked; call unlockDevice() first") { try device.lockDevice() }
        try device.launch()
        Self.expectRefusal(
            "prewarm(): the app is already running (launch #1); the system prewarms only an app that is not running; terminate it first with terminate(.system | .user | .crash)"
        ) { try device.prewarm() }
        let token = try device.perform("createSession") { try $0.createSession(user: "bob", ttl: .at(100)) }
        Self.expectRefusal(
            "setKeychain(_:accessible:): the device is locked, so a keychain item of class .whenUnlocked cannot be changed; call unlockDevice() first, or store it with accessible: .afterFirstUnlock once the device has been unlocked"
        ) {
            try device.perform("setKeychain") { try $0.setKeychain(token, accessible: .whenUnlocked) }
        }
        let mac = try SceneSimTestStore(.testing(.macos))
        mac.exhaustivity = .off
        Self.expectRefusal("lockDevice(): macos has no data protection lock in scenesim (modelled on iphone, ipados and visionos); a Mac app keeps running as the screen locks") {
            try mac.lockDevice()
        }
    }
}
