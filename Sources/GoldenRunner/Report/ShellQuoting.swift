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
        // A control character would act on the terminal the command is printed to: bash's and
        // zsh's $'...' spells it as an octal escape instead.
        if word.unicodeScalars.contains(where: isControl) {
            var quoted = "$'"
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\\": quoted += "\\\\"
                case "'": quoted += "\\'"
                case _ where isControl(scalar) && scalar.value >= 0x80:
                    // A C1 character is two bytes in UTF-8; \u names the character.
                    quoted += "\\u00" + String(scalar.value, radix: 16)
                case _ where isControl(scalar):
                    let octal = String(scalar.value, radix: 8)
                    quoted += "\\" + String(repeating: "0", count: max(0, 3 - octal.count)) + octal
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "'"
        }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
