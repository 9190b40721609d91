public import Foundation

/// What one run of the program printed and returned.
public struct RunResult {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// stdout as bytes (a PDF written to standard output).
    public var stdoutBytes: [UInt8] = []

    public init(status: Int32, stdout: String, stderr: String, stdoutBytes: [UInt8] = []) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutBytes = stdoutBytes
    }
}

/// Runs `executable` with `arguments` and `environment`, and returns what it printed.
public func run(executable: String, _ arguments: [String], environment: [String: String]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes at once and to the end before waiting.
    let stderrReader = PipeDrain(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = stderrReader.wait()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

/// Runs the real `healthlog` with `environment`.
public func runProcess(_ arguments: [String], environment: [String: String]) throws -> RunResult {
    try run(executable: try healthlogExecutable(), arguments, environment: environment)
}

/// Runs `script` with `sh -c`, passing `arguments` as $0, $1, ….
public func runShell(_ script: String, _ arguments: [String], environment: [String: String]) throws -> RunResult {
    try run(executable: "/bin/sh", ["-c", script] + arguments, environment: environment)
}

/// The environment for a real `healthlog` process working in `directory`: its own log, home,
/// UTC, and the repository's Templates.
public func processEnvironment(_ directory: TemporaryDirectory, database: String = "log.sqlite") -> [String: String] {
    ["HEALTHLOG_DB": directory.file(database), "HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin",
     "HEALTHLOG_TEMPLATES": templatesPath]
}

/// The names in `directory`, sorted.
public func names(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// Starts `healthlog` with `arguments`, its output thrown away.
public func startProcess(_ arguments: [String], environment: [String: String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try healthlogExecutable())
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}
