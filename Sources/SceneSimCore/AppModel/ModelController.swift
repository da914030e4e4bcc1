/// A model's own code that runs on the thread driving the simulator, not on the main actor:
/// the code of a model shipped as a library rather than written as the app's `@MainActor`
/// code — the built-in model's AppStateController is one (SceneSimBuiltin). Set it as
/// `AppModel.controller`. The simulator calls it at the model's handler points before the
/// app's own handlers (`onLaunch`, `onPhase`, `onURL`), so an app's handler set on such a
/// model adds to it and never replaces it.
///
/// Its work is the model's own: it moves the state with `Simulator.transition(to:)`, schedules
/// with `Simulator.scheduleModelTimer(at:_:)`, and traces what the simulator does not trace
/// for it with `Simulator.trace(_:)`. Its intents are `AppModel.Intent`s added with
/// `AppModel.addIntent(_:_:)`.
///
/// It is `Sendable` because `AppModel` is: the simulator calls it on the thread that drives it,
/// one call at a time, so a class whose state only that thread touches may declare
/// `@unchecked Sendable` and say so (the built-in model's does), or keep its state in a `Mutex`.
public protocol ModelController: AnyObject, Sendable {
    /// The process started, before its first scene connects and before `onLaunch`: a new
    /// process holds nothing yet.
    func processStarted(_ simulator: Simulator)
    /// The aggregate phase changed from `old` to `new`, before `onPhase`.
    func phaseChanged(from old: SimScenePhase, to new: SimScenePhase, _ simulator: Simulator)
    /// A URL arrived (semantics 10.7), before `onURL`: `.passed` lets `onURL`, the windows and
    /// the routes have it.
    func answer(url: String, _ simulator: Simulator) -> AppModel.URLAnswer
}

extension ModelController {
    /// Does nothing.
    public func processStarted(_ simulator: Simulator) {}
    /// Does nothing.
    public func phaseChanged(from old: SimScenePhase, to new: SimScenePhase, _ simulator: Simulator) {}
    /// Passes every URL on.
    public func answer(url: String, _ simulator: Simulator) -> AppModel.URLAnswer { .passed }
}
