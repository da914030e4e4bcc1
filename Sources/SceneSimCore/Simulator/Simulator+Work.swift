// Work that grows with the windows, told to the driver (`workMeter`), so that its limits bound
// it: one `sim.settle()` with 100,002 windows took 63 s under an instruction limit of 1e7,
// which counted only the script's own instructions. The core does not know what the driver's
// limits are; it reports units of work (a window walked, an event run) and stops, with a
// `.stopped` error, where the driver says so, at points where nothing is half done.
extension Simulator {
    /// Reports `units` of work about to be done; throws `.stopped` when the driver says stop.
    func chargeWork(_ units: Int) throws(SimError) {
        guard let workMeter, workMeter(units) else { return }
        throw SimError(.stopped, "stopped by the driver (a limit or an interrupt) before \(units) more units of work")
    }
}

extension Simulator {
    /// Reports `units` of work done or about to be done where stopping is not possible (a
    /// guard, a step of an action): the driver counts them, and stops its caller after the call.
    func noteWork(_ units: Int) {
        if units > 0, let workMeter { _ = workMeter(units) }
    }

    /// A walk of every window of the process (a guard, a step that looks at each one).
    func noteWalk(_ process: AppProcess) {
        noteWork(process.order.count)
    }
}
