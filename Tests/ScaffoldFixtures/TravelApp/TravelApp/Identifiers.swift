import Foundation

extension String {
    static let mainWindowID = "main"
}

enum SceneID: String {
    case trip = "trip-detail"
}

enum StorageKeys {
    static let currentTrip = "currentTrip"
    static let units = "distanceUnits"
}

enum ActivityTypes {
    static let viewTrip = "com.example.travel.view-trip"
}
