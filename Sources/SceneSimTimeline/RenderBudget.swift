/// What drawing a picture may cost: at most `maxBytes` of output (the run's `--max-memory`),
/// and a way to stop when the run's time is up (`scenesim test --timeout`).
///
/// Every renderer checks it as it writes, so a picture costs memory and time in proportion
/// to the bytes it writes, and a run too large to draw stops with `RenderError` instead of
/// taking the machine's memory.
package struct RenderBudget: Sendable {
    /// The most bytes the picture may have; nil for no limit.
    package var maxBytes: Int?
    /// Asked as the picture grows; true stops the drawing with `.cancelled`.
    package var isCancelled: @Sendable () -> Bool

    package init(maxBytes: Int? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.maxBytes = maxBytes
        self.isCancelled = isCancelled
    }

    /// No limit (tests and library callers that draw small runs).
    package static let unlimited = RenderBudget()

    /// Throws when `bytes` written so far pass the limit, or the drawing was asked to stop.
    func check(_ bytes: Int, _ what: String) throws(RenderError) {
        if let maxBytes, bytes > maxBytes { throw .tooLarge(what: what, limit: maxBytes) }
        if isCancelled() { throw .cancelled }
    }
}

/// Why a picture was not drawn.
package enum RenderError: Error, Equatable, Sendable {
    /// It would pass the memory limit: `what` names the picture (`the text timeline`).
    case tooLarge(what: String, limit: Int)
    /// The run's time ran out while drawing.
    case cancelled

    /// The message for the user: what, which limit, what to do.
    package var message: String {
        switch self {
        case .tooLarge(let what, let limit):
            "\(what) would take more than the memory limit (\(Self.mebibytes(limit))); draw a shorter run or fewer windows, or raise the limit with --max-memory MiB (0 for none)"
        case .cancelled:
            "drawing stopped: the scenario's time ran out (--timeout)"
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes) bytes"
    }
}
