#if canImport(Glibc)
    import Glibc
#endif

/// The pages serving one log, as the log records them for `serve pair`: each running
/// `healthlog serve` adds its address with its process, and takes it away when it stops. A
/// page that was killed leaves its line behind; its process is gone, so it no longer counts.
///
/// Kept as one setting, a line a page: `PROCESS ADDRESS`, the newest last.
struct ServedAddresses: Equatable {
    struct Page: Equatable {
        let process: Int32
        let address: String
    }

    private(set) var pages: [Page]

    /// The record as stored; a line that is not `PROCESS ADDRESS` (the single address earlier
    /// versions stored, with no process) is dropped: nothing says that page still runs.
    init(_ stored: String?) {
        pages = (stored ?? "").split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let process = Int32(parts[0]), process > 0 else { return nil }
            return Page(process: process, address: String(parts[1]))
        }
    }

    /// The text to store; nil when no page is recorded.
    var stored: String? {
        pages.isEmpty ? nil : pages.map { "\($0.process) \($0.address)" }.joined(separator: "\n")
    }

    /// The address of the newest page whose process still runs; nil when none does.
    func running(isAlive: (Int32) -> Bool = ServedAddresses.isAlive) -> String? {
        pages.last { isAlive($0.process) }?.address
    }

    /// Records `address` as served by `process`, newest, forgetting pages that stopped.
    mutating func start(_ address: String, process: Int32, isAlive: (Int32) -> Bool = ServedAddresses.isAlive) {
        pages = pages.filter { $0.process != process && isAlive($0.process) } + [Page(process: process, address: address)]
    }

    /// Forgets the page of `process`.
    mutating func stop(process: Int32) {
        pages.removeAll { $0.process == process }
    }

    /// True while a process of that number exists (one of another user's too).
    static func isAlive(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
