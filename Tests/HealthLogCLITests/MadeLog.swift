import Foundation
import HealthLogTestSupport
import Testing

/// A log made once by the real program, then handed to each test as a copy of its own: a suite
/// whose every test needs the same small log runs the commands that make it once per test run,
/// not once per test (ChineseOutputTests ran them about 1,500 times).
///
/// The log is made in a folder of its own with ``processEnvironment(_:database:)`` and
/// `changes` applied; its files are held as bytes and written, private, into each copy.
final class MadeLog: Sendable {
    private let files: [String: Data]
    private let failure: String?
    private let changes: @Sendable ([String: String]) -> [String: String]

    /// Runs `commands` in order, each of which must succeed.
    init(changes: @escaping @Sendable ([String: String]) -> [String: String] = { $0 }, commands: [[String]]) {
        self.changes = changes
        let directory = TemporaryDirectory()
        let environment = changes(processEnvironment(directory))
        var failure: String?
        for arguments in commands where failure == nil {
            do {
                let result = try runProcess(arguments, environment: environment)
                if result.status != 0 { failure = "\(arguments) exited \(result.status): \(result.stderr)" }
            } catch {
                failure = "\(arguments) did not run: \(error)"
            }
        }
        var files: [String: Data] = [:]
        for name in names(in: directory.path) {
            files[name] = FileManager.default.contents(atPath: directory.file(name))
        }
        self.files = files
        self.failure = failure
    }

    /// A new folder holding a copy of the log, and the environment that works in it.
    func copy() throws -> (TemporaryDirectory, [String: String]) {
        if let failure {
            Issue.record("the log could not be made: \(failure)")
            throw MadeLogFailure()
        }
        let directory = TemporaryDirectory()
        for (name, data) in files {
            let path = directory.file(name)
            guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
                Issue.record("cannot copy \(name) into \(directory.path)")
                throw MadeLogFailure()
            }
        }
        return (directory, changes(processEnvironment(directory)))
    }
}

/// The log a ``MadeLog`` stands for could not be made or copied (already recorded as an issue).
struct MadeLogFailure: Error {}
