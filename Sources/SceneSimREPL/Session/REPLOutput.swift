/// Where a session writes: results, trace and `print` to `standard`, errors to `error`.
package struct REPLOutput {
    /// Results, the trace and `print` output, as bytes: a string a script prints is its bytes,
    /// NUL and invalid UTF-8 included.
    package var standardBytes: ([UInt8]) -> Void
    /// Error messages and notices about the session itself.
    package var error: (String) -> Void
    /// Pushes buffered output out before the reader shows a prompt.
    package var flush: () -> Void

    /// An output with the given sinks.
    package init(standard: @escaping ([UInt8]) -> Void, error: @escaping (String) -> Void, flush: @escaping () -> Void = {}) {
        self.standardBytes = standard
        self.error = error
        self.flush = flush
    }

    /// Writes text of the session's own (the banner, `\help`, `\state`) to standard output.
    package func standard(_ text: String) {
        standardBytes(Array(text.utf8))
    }
}
