/// What the memory tests share: a log seeded through the real `import` from HealthLog CSV rows,
/// and the peak resident memory of one command over it, as the kernel counts it (`getrusage` of
/// the child, through `/usr/bin/time`).
public struct PeakMemory {
    public let directory = TemporaryDirectory()
    public let environment: [String: String]

    /// A log of `count` readings for `dad`; `row` writes reading `index`'s CSV line after its
    /// empty id (`,dad,TIME,SYS,DIA,PULSE,,TAGS,NOTE,`).
    public init(readings count: Int, row: (Int) -> String) throws {
        environment = processEnvironment(directory)
        var text = readingsCSVHeader + "\n"
        text.reserveCapacity(count * 90)
        for index in 0..<count { text += row(index) + "\n" }
        let seed = directory.write("seed.csv", text)
        text = ""
        let imported = try runProcess(["import", seed], environment: environment)
        guard imported.status == 0 else { throw CommandFailed(arguments: ["import"], status: imported.status, stderr: imported.stderr) }
    }

    /// The peak resident memory (KiB) of `healthlog -p dad ARGUMENTS`, its output thrown away.
    public func peak(_ arguments: [String]) throws -> Int {
        try peak(command: ["-p", "dad"] + arguments)
    }

    /// The peak resident memory (KiB) of `healthlog ARGUMENTS` on the log file `database` of
    /// this directory (the seeded log when nil), its output thrown away.
    public func peak(command arguments: [String], database: String? = nil) throws -> Int {
        var environment = environment
        if let database { environment["HEALTHLOG_DB"] = directory.file(database) }
        let measured = try runShell(
            "exec /usr/bin/time -f 'peak-rss-kb %M' \"$0\" \"$@\" > /dev/null", [try healthlogExecutable()] + arguments,
            environment: environment)
        guard measured.status == 0 else { throw CommandFailed(arguments: arguments, status: measured.status, stderr: measured.stderr) }
        return measured.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }.flatMap { Int($0.dropFirst(12)) } ?? .max
    }
}

/// A command a memory measurement ran that did not succeed: the measurement means nothing then.
/// (A library target cannot use `#expect`: a release build has no Testing module.)
public struct CommandFailed: Error, CustomStringConvertible {
    public let arguments: [String]
    public let status: Int32
    public let stderr: String
    public var description: String { "healthlog \(arguments.joined(separator: " ")) ended with \(status): \(stderr)" }
}
