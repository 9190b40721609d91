import Foundation
import Testing

/// The README is what a family follows: every command it shows is run, in order, by the real
/// program in a terminal 80 columns wide (util-linux `script`), on the day the README says
/// (libfaketime), and what it prints must still be what the README shows.
@Suite(.serialized) struct ReadmeTests {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The moment the README's sessions run at: Monday 30 November 2026, 08:00 in China.
    static let moment = "@2026-11-30 08:00:00"
    static let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

    @Test func theReadmeStaysShort() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 300, "README.md has \(lines.count) lines; the family's README is at most 300")
    }

    /// Every command shown is in a `console` block, so the test below runs it.
    @Test func everyCommandShownIsRun() throws {
        var unchecked: [String] = []
        for block in try ReadmeSessions.blocks(Self.readme()) where block.language != "console" {
            unchecked += block.lines.filter { $0.hasPrefix("healthlog ") || $0.hasPrefix("$ ") }
        }
        #expect(unchecked.isEmpty, "commands outside a console block: \(unchecked)")
    }

    @Test func everyCommandPrintsWhatTheReadmeShows() throws {
        let sessions = try ReadmeSessions.commands(Self.readme())
        try #require(sessions.count >= 10, "the README shows the family's path")
        try #require(FileManager.default.fileExists(atPath: Self.libfaketime), "make deps installs faketime")
        let directory = TemporaryDirectory()
        let home = directory.file("home")
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/healthlog", withDestinationPath: try healthlogExecutable())
        // The monitor's export the README imports.
        try FileManager.default.copyItem(
            atPath: Self.root.appendingPathComponent("Tests/HealthInterchangeTests/Fixtures/omron.csv").path, toPath: home + "/omron.csv")
        let environment = [
            "HOME": home, "PATH": bin + ":/usr/bin:/bin", "TZ": "Asia/Shanghai", "LANG": "C.UTF-8", "NO_COLOR": "1", "TERM": "xterm",
            "HEALTHLOG_TEMPLATES": Self.root.appendingPathComponent("Templates").path,
            "FAKETIME": Self.moment, "LD_PRELOAD": Self.libfaketime, "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        ]
        var ids = IDCorrespondence()
        for session in sessions {
            let command = ids.actual(in: session.command)
            let printed = try Self.terminal(command, in: home, environment: environment)
            let matched = ids.match(expected: session.expected, printed: printed)
            #expect(
                matched, "README.md:\(session.line): $ \(session.command)\n--- the README shows:\n\(session.expected.joined(separator: "\n"))\n--- the program printed:\n\(printed.joined(separator: "\n"))")
        }
    }

    static func readme() throws -> String {
        try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// What a terminal 80 columns wide shows of `command` run by `sh` in `folder` (the home
    /// folder, shown as the README's reader's, `/home/anna`), its lines without trailing blanks.
    static func terminal(_ command: String, in folder: String, environment: [String: String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "stty cols 80 rows 200; \(command)", "/dev/null"]
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: folder, with: "/home/anna")
            .split(separator: "\n", omittingEmptySubsequences: false).map { line in
                String(line.reversed().drop { $0 == " " }.reversed())
            }
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// The README's code blocks and the commands of its `console` blocks.
enum ReadmeSessions {
    struct Block {
        let language: String
        let firstLine: Int
        var lines: [String] = []
    }

    struct Command {
        let line: Int
        let command: String
        var expected: [String] = []
    }

    static func blocks(_ text: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(language: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), firstLine: index + 2)
                }
            } else {
                open?.lines.append(String(line))
            }
        }
        return blocks
    }

    static func commands(_ text: String) -> [Command] {
        var commands: [Command] = []
        for block in blocks(text) where block.language == "console" {
            for (offset, line) in block.lines.enumerated() {
                if line.hasPrefix("$ ") {
                    commands.append(Command(line: block.firstLine + offset, command: String(line.dropFirst(2))))
                } else if !commands.isEmpty {
                    commands[commands.count - 1].expected.append(String(line.reversed().drop { $0 == " " }.reversed()))
                }
            }
        }
        return commands
    }
}

/// The README's ids are the ones a run happened to make; a new run makes others. The first time a
/// README id appears where the program printed an id, the two correspond from then on, in what
/// is printed and in the commands typed.
struct IDCorrespondence {
    private(set) var actualFor: [String: String] = [:]

    static func isID(_ word: Substring) -> Bool {
        word.count == 8 && word.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// `command` with the README's ids replaced by this run's.
    func actual(in command: String) -> String {
        var result = command
        for (readme, actual) in actualFor { result = result.replacingOccurrences(of: readme, with: actual) }
        return result
    }

    /// True when `printed` is `expected`, where a line `...` stands for any number of lines and
    /// an id may be this run's own; learns the ids that correspond.
    mutating func match(expected: [String], printed: [String]) -> Bool {
        var learned = actualFor
        guard Self.match(expected[...], printed[...], &learned) else { return false }
        actualFor = learned
        return true
    }

    private static func match(_ expected: ArraySlice<String>, _ printed: ArraySlice<String>, _ ids: inout [String: String]) -> Bool {
        guard let first = expected.first else { return printed.isEmpty }
        if first == "..." {
            for skip in 0...printed.count {
                var attempt = ids
                if match(expected.dropFirst(), printed.dropFirst(skip), &attempt) {
                    ids = attempt
                    return true
                }
            }
            return false
        }
        guard let line = printed.first, matchLine(first, line, &ids) else { return false }
        return match(expected.dropFirst(), printed.dropFirst(), &ids)
    }

    /// One line: equal, but for ids (eight lower-case hex digits standing alone).
    private static func matchLine(_ expected: String, _ printed: String, _ ids: inout [String: String]) -> Bool {
        let wanted = words(expected)
        let got = words(printed)
        guard wanted.count == got.count else { return false }
        var learned = ids
        for (want, have) in zip(wanted, got) where want != have {
            guard isID(want), isID(have) else { return false }
            if let known = learned[String(want)] {
                guard known == have else { return false }
            } else {
                guard !learned.values.contains(String(have)) else { return false }
                learned[String(want)] = String(have)
            }
        }
        ids = learned
        return true
    }

    /// The line cut into ids and what lies between them.
    private static func words(_ line: String) -> [Substring] {
        var result: [Substring] = []
        var start = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            let end = line.index(index, offsetBy: 8, limitedBy: line.endIndex) ?? line.endIndex
            let candidate = line[index..<end]
            let before = index == line.startIndex ? nil : line[line.index(before: index)]
            let after = end == line.endIndex ? nil : line[end]
            if isID(candidate), !(before?.isLetter ?? false || before?.isNumber ?? false),
                !(after?.isLetter ?? false || after?.isNumber ?? false)
            {
                if start < index { result.append(line[start..<index]) }
                result.append(candidate)
                start = end
                index = end
            } else {
                index = line.index(after: index)
            }
        }
        if start < line.endIndex { result.append(line[start...]) }
        return result
    }
}
