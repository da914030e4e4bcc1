enum Identifiers {
    static let mainWindow = "main"
    static let threadWindow = "thread"
    static let refreshTask = "com.example.forum.refresh"
    static let wasActiveKey = "wasActive"
    static let lastThreadKey = "lastThread"
}
