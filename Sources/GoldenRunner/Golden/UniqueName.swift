#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A name no other write (in this process or another) will pick: a UUID.
enum UniqueName {
    static func make() -> String { UUID().uuidString }
}
