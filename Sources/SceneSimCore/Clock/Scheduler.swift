/// A queue of future work on the virtual clock, ordered by (time, sequence number) so events
/// scheduled for the same instant run in the order they were scheduled.
struct Scheduler<Job> {
    struct Entry {
        var time: VirtualTime
        var sequence: UInt64
        var job: Job
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    var nextTime: VirtualTime? { heap.first?.time }

    mutating func schedule(_ job: Job, at time: VirtualTime) {
        heap.append(Entry(time: time, sequence: nextSequence, job: job))
        nextSequence += 1
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
        return first
    }

    mutating func removeAll() { heap.removeAll() }

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
