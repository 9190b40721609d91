package import HealthCore

/// A failure the command line reports, with its sysexits exit code.
public enum CLIError: Error, Equatable, CustomStringConvertible {
    /// The command was misused (unknown option, missing value). Exit 64.
    case usage(String, command: String)
    /// The input data is wrong. Exit 65.
    case data(String)
    /// An input file is missing or unreadable. Exit 66.
    case noInput(String)
    /// A service the command needs is not running (the local Syncthing). Exit 69.
    case unavailable(String)
    /// An output file cannot be created. Exit 73.
    case cannotCreate(String)
    /// The database or another file failed. Exit 74.
    case io(String)
    /// What the command waited for did not happen in the time given (`--timeout`); running it
    /// again goes on. Exit 75.
    case timedOut(String)
    /// The person answered no at a prompt; nothing was changed. Exit 1.
    case cancelled(String)
    /// The configuration file or a setting's environment variable holds what HealthLog cannot
    /// use. Exit 78.
    case config(String)

    /// The process exit status.
    public var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .data: ExitCode.dataError
        case .noInput: ExitCode.noInput
        case .unavailable: ExitCode.unavailable
        case .timedOut: ExitCode.temporaryFailure
        case .cannotCreate: ExitCode.cannotCreate
        case .io: ExitCode.ioError
        case .cancelled: ExitCode.cancelled
        case .config: ExitCode.configError
        }
    }

    /// The one line printed to stderr, in the words of `words` (`Error: …` / `错误：…`); the
    /// message itself was made in them where the error was found.
    package func line(in words: StringTable?) -> String {
        guard let words else { return description }
        switch self {
        case .usage(let message, let command):
            return words.cli("error.usage", ["message": message, "command": command])
        case .data(let message), .noInput(let message), .unavailable(let message), .cannotCreate(let message), .io(let message),
            .timedOut(let message), .cancelled(let message), .config(let message):
            return words.cli("error.line", ["message": message])
        }
    }

    /// The one line printed to stderr, in English.
    public var description: String {
        switch self {
        case .usage(let message, let command):
            "Error: \(message). See '\(command) --help'."
        case .data(let message), .noInput(let message), .unavailable(let message), .cannotCreate(let message), .io(let message),
            .timedOut(let message), .cancelled(let message), .config(let message):
            "Error: \(message)"
        }
    }
}

extension CLIError {
    /// A value from the command line that was not understood (a usage error, 64) or was
    /// understood and refused (bad data, 65).
    /// With `option`, the message names the option it was given with: `--at '25:00' is not a
    /// time`, or with `colon`, `--target: '1/2' …`.
    package init(_ error: ValidationError, arguments: ParsedArguments, option: String? = nil, colon: Bool = false) {
        let phrase =
            option.map { option in
                colon
                    ? Phrase("{option}: {error}", ["option": option], terms: ["error": error.phrase])
                    : Phrase("{option} {error}", ["option": option], terms: ["error": error.phrase])
            } ?? error.phrase
        let message = arguments.say(phrase)
        switch error.kind {
        case .unreadable: self = arguments.usage(message)
        case .refused: self = .data(message)
        }
    }

    /// Maps an output failure: a file that cannot be made is 73, a write that failed part-way 74.
    package init(_ error: OutputError, words: StringTable? = nil) {
        let message = error.phrase.said(in: words)
        switch error {
        case .cannotCreate: self = .cannotCreate(message)
        case .writeFailed: self = .io(message)
        }
    }
}

/// Exit statuses from sysexits.h.
public enum ExitCode {
    public static let success: Int32 = 0
    /// Cancelled at a prompt; nothing was changed.
    public static let cancelled: Int32 = 1
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
    /// A service the command needs is not running.
    public static let unavailable: Int32 = 69
    public static let cannotCreate: Int32 = 73
    public static let ioError: Int32 = 74
    /// What the command waited for did not come in time; running it again goes on.
    public static let temporaryFailure: Int32 = 75
    /// The configuration file, or a setting's environment variable, cannot be used.
    public static let configError: Int32 = 78
    /// The reader of standard output went away; 128 + SIGPIPE, as a shell reports `ls | head`.
    public static let readerGone: Int32 = 141
}

extension ExitCode {
    /// The exit status once standard output is flushed: a reader that went away (`| head -1`)
    /// ends quietly, with the status a SIGPIPE would give; an output that failed (a full disk)
    /// is said on standard error and is 74, unless the command had failed already.
    package static func afterFlushing(_ status: Int32, stdout: any TextOutput, stderr: any TextOutput, words: @autoclosure () -> StringTable?) -> Int32 {
        var status = status
        stdout.flush()
        switch stdout.failure {
        case nil: break
        case .readerGone: status = readerGone
        case .failed(let reason):
            if status == success {
                let words = words()
                let message = Phrase("cannot write to standard output: {reason}", terms: ["reason": reason])
                stderr.line(CLIError.io(message.said(in: words)).line(in: words))
                status = ioError
            }
        }
        stderr.flush()
        return status
    }
}
