import ByteText

/// A named point of a system action where the app's own code runs (semantics 9): the model's handlers
/// and the driver's (`Simulator.onHandlerPoint`). The simulator reaches each point with the world as of
/// that event — the changing scene already in its new phase, scenes not reached yet still in their old
/// one, the aggregate not yet re-derived at a scene's point — with every event so far already handed to
/// the driver's `traceSink`, so output made at the point follows them in the trace.
public enum HandlerPoint: Equatable, Sendable {
    /// The process started, before its first scene connects (the App's init: `onLaunch`).
    case processStarted
    /// One scene's phase changed; `disconnected` on either side for connecting and disconnecting.
    case scenePhase(SessionID, from: WindowPhase, to: WindowPhase)
    /// The aggregate phase changed (reached after the scene point that changed it).
    case appPhase(from: SimScenePhase, to: SimScenePhase)
    /// The app state changed (an accepted transition).
    case appState(from: ModelState, to: ModelState)
    /// A timer made by `scheduleTask` is due: its body runs here, after the driver has seen the
    /// point (it is the whole event).
    case taskDue(id: TaskID)
    /// The server answered validation request `request`; `user` is the session's user, nil
    /// when the server could not be reached.
    case serverAnswered(request: ValidationRequestID, answer: ServerAnswer, user: ByteString?)
}
