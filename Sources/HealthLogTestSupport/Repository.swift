public import Foundation

/// The repository's root folder, for tests that read its Templates or run what it built.
public let repositoryPath: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The repository's Templates folder (its string tables, report templates and the page's files).
public let templatesPath = repositoryPath + "/Templates"

/// The built program is not where a test looks for it.
public struct MissingExecutable: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "\(path) is not there: build first (swift build; make test does)" }
}

/// The built `healthlog` executable, for tests that need real processes: `$HEALTHLOG_BIN`, else
/// the debug build.
public func healthlogExecutable() throws -> String {
    if let path = ProcessInfo.processInfo.environment["HEALTHLOG_BIN"] { return path }
    let path = repositoryPath + "/.build/debug/healthlog"
    guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingExecutable(path: path) }
    return path
}

/// Reads a pipe to its end on a thread of its own, so a child chatty on both of its outputs
/// never blocks on a full pipe.
public final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried, once it is closed.
    public func wait() -> Data {
        done.wait()
        return data
    }
}
