import Foundation
@_exported import HealthLogCLITestSupport
@_exported import HealthLogTestSupport
import Testing

/// Reads a path (a FIFO) to its end on a thread of its own.
final class PathReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        Thread.detachNewThread { [self] in
            data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A log of `count` of dad's readings (one a minute from 2020), imported by a real process, and
/// the environment that names it.
func importedLog(_ count: Int) throws -> (TemporaryDirectory, [String: String]) {
    let directory = TemporaryDirectory()
    let environment = processEnvironment(directory)
    let imported = try runProcess(["import", directory.write("seed.csv", readingsCSV(count))], environment: environment)
    try #require(imported.status == 0, "\(imported.stderr)")
    try FileManager.default.removeItem(atPath: directory.file("seed.csv"))
    return (directory, environment)
}
