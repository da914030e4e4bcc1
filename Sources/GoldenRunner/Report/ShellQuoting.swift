#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Quotes a word for a POSIX shell only when it needs it, so printed commands can be pasted.
package enum ShellQuoting {
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:,@%")

    package static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
