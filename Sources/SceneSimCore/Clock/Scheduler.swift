/// A queue of future work on the virtual clock, ordered by (time, sequence number) so events
/// scheduled for the same instant run in the order they were scheduled.
///
/// An entry may be *idle*: work `settle` need not wait for (a repeating timer); the scheduler
/// counts them, so `settle` asks in O(1) whether only idle entries are left.
struct Scheduler<Job> {
    struct Entry {
        var time: VirtualTime
        var sequence: UInt64
        var job: Job
        var idle = false
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0
    /// How many entries of `heap` are idle.
    private(set) var idleCount = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    var nextTime: VirtualTime? { heap.first?.time }
    /// Whether every entry left is idle (true when none is left).
    var onlyIdleLeft: Bool { idleCount == heap.count }

    mutating func schedule(_ job: Job, at time: VirtualTime, idle: Bool = false) {
        heap.append(Entry(time: time, sequence: nextSequence, job: job, idle: idle))
        nextSequence += 1
        if idle { idleCount += 1 }
        siftUp(heap.count - 1)
    }

    /// Removes and returns the earliest entry if it is due at or before `limit`.
    mutating func popDue(notAfter limit: VirtualTime) -> Entry? {
        guard let first = heap.first, first.time <= limit else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        if first.idle { idleCount -= 1 }
        return first
    }

    /// The jobs waiting, in no particular order (for a message).
    var jobs: [Job] { heap.map(\.job) }

    /// The entries waiting, in the order they will run.
    var entriesInOrder: [Entry] { heap.sorted(by: precedes) }

    mutating func removeAll() {
        heap.removeAll()
        idleCount = 0
    }

    private func precedes(_ a: Entry, _ b: Entry) -> Bool {
        (a.time, a.sequence) < (b.time, b.sequence)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
