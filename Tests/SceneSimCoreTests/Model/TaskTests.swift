import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// app:after in the core: timers on the virtual clock that die with their process.
@Suite("Tasks: timers that die with their process")
struct TaskTests {
    @Test("a task fires when the clock reaches it, in time order, and is done")
    func firesInTimeOrder() throws {
        let device = try SceneSimTestStore.ready()
        let due = DuePoints(device)
        let late = try device.perform("after") { try $0.scheduleTask(after: .at(2), { _ in }) }
        let early = try device.perform("after") { try $0.scheduleTask(after: .at(1), { _ in }) }
        let now = try device.perform("after") { try $0.scheduleTask(after: .zero, { _ in }) }
        try device.advance(0.5)
        #expect(due.take() == [.taskDue(id: now)])
        try device.advance(1)
        #expect(due.take() == [.taskDue(id: early)])
        #expect(try device.simulator.taskStatus(late) == .pending)
        #expect(try device.simulator.taskTime(late) == .at(2.5))
        try device.settle()
        #expect(due.take() == [.taskDue(id: late)])
        #expect(try device.simulator.taskStatus(late) == .done)
        #expect(device.simulator.now == .at(2.5))
    }

    @Test("cancel stops a pending task; cancelling again, or a done task, returns false")
    func cancel() throws {
        let device = try SceneSimTestStore.ready()
        let due = DuePoints(device)
        let task = try device.perform("after") { try $0.scheduleTask(after: .at(1), { _ in }) }
        #expect(try device.perform("cancel") { try $0.cancelTask(task) } == true)
        #expect(try device.perform("cancel") { try $0.cancelTask(task) } == false)
        try device.settle()
        #expect(due.take() == [])
        #expect(try device.simulator.taskStatus(task) == .cancelled)
    }

    @Test("every kind of termination ends the process's tasks; the next process does not run them")
    func tasksDieWithTheirProcess() throws {
        for how in Termination.requestable {
            // Force Quit exists only on the Mac (semantics 13.4).
            let device = try how == .force ? SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes)) : SceneSimTestStore.ready()
            let due = DuePoints(device)
            let task = try device.perform("after") { try $0.scheduleTask(after: .at(1), { _ in }) }
            if how == .system { try device.background() }
            try device.terminate(how)
            #expect(try device.simulator.taskStatus(task) == .ended, "\(how)")
            try device.launch()
            try device.advance(5)
            #expect(due.take() == [], "\(how)")
            #expect(try device.simulator.taskStatus(task) == .ended, "\(how)")
            #expect(
                throws: SimError(
                    .forbidden,
                    "task:cancel(): this task was made by launch #1, which has ended, and a process's tasks end with it; schedule a new one with app:after in the running app")
            ) {
                try device.perform("cancel") { try $0.cancelTask(task) }
            }
        }
    }

    @Test("after needs a running app and zero or more seconds")
    func afterMisuse() throws {
        let device = try SceneSimTestStore.ready()
        #expect(throws: SimError(.invalidValue, "app:after(seconds, fn) needs zero or more seconds (got -1.000); the clock only moves forward")) {
            try device.perform("after") { try $0.scheduleTask(after: .at(-1), { _ in }) }
        }
        try device.terminate(.user)
        #expect(throws: SimError(.notRunning, "app:after needs a running app, but it was terminated (user) at 0.500 s; call app:launch() first")) {
            try device.perform("after") { try $0.scheduleTask(after: .at(1), { _ in }) }
        }
    }
}
