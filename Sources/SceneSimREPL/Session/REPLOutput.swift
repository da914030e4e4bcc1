/// Where a session writes: results, trace and `print` to `standard`, errors to `error`.
public struct REPLOutput {
    /// Results, the trace and `print` output.
    public var standard: (String) -> Void
    /// Error messages and notices about the session itself.
    public var error: (String) -> Void
    /// Pushes buffered output out before the reader shows a prompt.
    public var flush: () -> Void

    /// An output with the given sinks.
    public init(standard: @escaping (String) -> Void, error: @escaping (String) -> Void, flush: @escaping () -> Void = {}) {
        self.standard = standard
        self.error = error
        self.flush = flush
    }
}
