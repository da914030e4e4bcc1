import SceneSimTestSupport
import Testing
@testable import SceneSimCore

@Suite("Scheduler")
struct SchedulerTests {
    @Test("jobs run in time order, and jobs at the same instant in the order they were scheduled")
    func timeThenSequence() {
        var scheduler = Scheduler<String>()
        scheduler.schedule("c@2", at: .at(2))
        scheduler.schedule("a@1", at: .at(1))
        scheduler.schedule("d@2", at: .at(2))
        scheduler.schedule("b@1", at: .at(1))
        scheduler.schedule("e@2", at: .at(2))
        scheduler.schedule("first@0", at: .zero)
        var ran: [String] = []
        while let entry = scheduler.popDue(notAfter: .at(10)) { ran.append(entry.job) }
        #expect(ran == ["first@0", "a@1", "b@1", "c@2", "d@2", "e@2"])
        #expect(scheduler.isEmpty)
    }

    @Test("popDue returns nothing before the earliest job is due and leaves it queued")
    func notYetDue() {
        var scheduler = Scheduler<Int>()
        scheduler.schedule(1, at: .at(0.5))
        #expect(scheduler.popDue(notAfter: .at(0.499999)) == nil)
        #expect(scheduler.count == 1)
        #expect(scheduler.nextTime == .at(0.5))
        #expect(scheduler.popDue(notAfter: .at(0.5))?.job == 1)
    }

    @Test("many same-instant jobs interleaved with others keep their scheduling order")
    func manyTies() {
        var scheduler = Scheduler<Int>()
        for i in 0..<200 { scheduler.schedule(i, at: i.isMultiple(of: 2) ? .at(1) : .at(0)) }
        var ran: [Int] = []
        while let entry = scheduler.popDue(notAfter: .at(1)) { ran.append(entry.job) }
        let odds = (0..<200).filter { !$0.isMultiple(of: 2) }
        let evens = (0..<200).filter { $0.isMultiple(of: 2) }
        #expect(ran == odds + evens)
    }

    @Test("removeAll drops every job")
    func removeAll() {
        var scheduler = Scheduler<Int>()
        scheduler.schedule(1, at: .zero)
        scheduler.removeAll()
        #expect(scheduler.isEmpty && scheduler.nextTime == nil)
    }
}
