import HealthCore
import HealthRecords

/// A failure the command line reports, with its sysexits exit code.
public enum CLIError: Error, Equatable, CustomStringConvertible {
    /// The command was misused (unknown option, missing value). Exit 64.
    case usage(String, command: String)
    /// The input data is wrong. Exit 65.
    case data(String)
    /// An input file is missing or unreadable. Exit 66.
    case noInput(String)
    /// An output file cannot be created. Exit 73.
    case cannotCreate(String)
    /// The database or another file failed. Exit 74.
    case io(String)
    /// The person answered no at a prompt; nothing was changed. Exit 1.
    case cancelled(String)

    /// The process exit status.
    public var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .data: ExitCode.dataError
        case .noInput: ExitCode.noInput
        case .cannotCreate: ExitCode.cannotCreate
        case .io: ExitCode.ioError
        case .cancelled: ExitCode.cancelled
        }
    }

    /// The one line printed to stderr.
    public var description: String {
        switch self {
        case .usage(let message, let command):
            "Error: \(message). See '\(command) --help'."
        case .data(let message), .noInput(let message), .cannotCreate(let message), .io(let message), .cancelled(let message):
            "Error: \(message)"
        }
    }

    /// Maps a records-library error to what the user is told and the exit code.
    init(_ error: RecordsError) {
        switch error {
        case .invalid, .notFound, .conflict: self = .data(error.description)
        case .noDatabase: self = .noInput(error.description)
        case .unknownTags:
            self = .data(error.description + " (define one with 'healthlog tag add')")
        case .noProfiles:
            self = .data("there are no profiles yet; add a reading with 'healthlog add 138/86' or create one with 'healthlog profile add ID'")
        case .profileChoiceNeeded(let ids):
            self = .data(
                "several profiles (\(ids.joined(separator: ", "))): choose one with --profile ID, or set a default with 'healthlog profile default ID'")
        case .notHealthLogDatabase, .newerSchema, .storage: self = .io(error.description)
        case .output(let output): self = CLIError(output)
        }
    }
}

extension CLIError {
    /// A value from the command line that was not understood (a usage error, 64) or was
    /// understood and refused (bad data, 65).
    init(_ error: ValidationError, arguments: ParsedArguments, prefix: String = "") {
        switch error.kind {
        case .unreadable: self = arguments.usage(prefix + error.message)
        case .refused: self = .data(prefix + error.message)
        }
    }

    /// Maps an output failure: a file that cannot be made is 73, a write that failed part-way 74.
    init(_ error: OutputError) {
        switch error {
        case .cannotCreate: self = .cannotCreate(error.description)
        case .writeFailed: self = .io(error.description)
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
    public static let cannotCreate: Int32 = 73
    public static let ioError: Int32 = 74
    /// The reader of standard output went away; 128 + SIGPIPE, as a shell reports `ls | head`.
    public static let readerGone: Int32 = 141
}
