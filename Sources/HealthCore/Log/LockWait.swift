/// How long a connection waits for another process's write to finish, and whom it tells.
public struct LockWait {
    /// The longest wait, in seconds, before the command gives up.
    public var limit: Double
    /// Told once, when a wait has lasted a second (the command can say that it is waiting).
    public var onWait: (() -> Void)?

    public init(limit: Double = LockWait.standardLimit, onWait: (() -> Void)? = nil) {
        self.limit = limit
        self.onWait = onWait
    }

    /// Ten minutes: longer than the longest import holds the log (a 2,000,000-row CSV writes for
    /// about 20 seconds), short enough that a process that hangs is noticed.
    public static let standardLimit = 600.0
}
