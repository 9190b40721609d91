import HealthCore
import HealthUseCases
import HealthInterchange

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
    /// The configuration file or a setting's environment variable holds what HealthLog cannot
    /// use. Exit 78.
    case config(String)

    /// The process exit status.
    public var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .data: ExitCode.dataError
        case .noInput: ExitCode.noInput
        case .cannotCreate: ExitCode.cannotCreate
        case .io: ExitCode.ioError
        case .cancelled: ExitCode.cancelled
        case .config: ExitCode.configError
        }
    }

    /// The one line printed to stderr, in the words of `words` (`Error: …` / `错误：…`); the
    /// message itself was made in them where the error was found.
    func line(in words: StringTable?) -> String {
        guard let words else { return description }
        switch self {
        case .usage(let message, let command):
            return words.cli("error.usage", ["message": message, "command": command])
        case .data(let message), .noInput(let message), .cannotCreate(let message), .io(let message), .cancelled(let message),
            .config(let message):
            return words.cli("error.line", ["message": message])
        }
    }

    /// The one line printed to stderr, in English.
    public var description: String {
        switch self {
        case .usage(let message, let command):
            "Error: \(message). See '\(command) --help'."
        case .data(let message), .noInput(let message), .cannotCreate(let message), .io(let message), .cancelled(let message),
            .config(let message):
            "Error: \(message)"
        }
    }

    /// Maps a use case's failure to what the user is told and the exit code: a refused value
    /// is 65, a missing or unreadable input 66, an output that cannot be made 73, and a failed
    /// write or log 74. The library says what is missing; the command line says which option
    /// gives it, in the words of `words` (the library's own English when there are none).
    init(_ error: HealthLogError, words: StringTable?) {
        let say = { (phrase: Phrase) in phrase.said(in: words) }
        switch error {
        case .noProfiles:
            self = .data(words?.cli("error.noProfiles") ?? error.description)
        case .profileChoiceNeeded(let ids):
            self = .data(words?.cli("error.profileChoiceNeeded", ["profiles": ids.joined(separator: ", ")]) ?? error.description)
        case .defaultProfileDeleted(let id):
            self = .data(words?.cli("error.defaultProfileDeleted", ["profile": id]) ?? error.description)
        case .unknownProfile(let id, let known):
            guard let words else {
                self = .data(error.description)
                return
            }
            let list = known.isEmpty ? words.cli("error.noProfilesYet") : words.cli("error.profileList", ["profiles": known.joined(separator: ", ")])
            if let meant = Suggestion.nearest(to: id, among: known) {
                self = .data(words.cli("error.unknownProfile.meant", ["id": id, "meant": meant, "list": list]))
            } else {
                let add = Slug.isValid(id) ? words.cli("error.unknownProfile.add", ["id": id]) : ""
                self = .data(words.cli("error.unknownProfile", ["id": id, "list": list, "add": add]))
            }
        case .unknownReading(let id):
            self = .data(words?.cli("error.unknownReading", ["id": id]) ?? error.description)
        case .noDatabase(let path):
            self = .noInput(words?.cli("error.noDatabase", ["path": path]) ?? error.description)
        case .unknownTags(let unknown, let known):
            guard let words else {
                self = .data(error.description)
                return
            }
            let tags = unknown.map { id in
                Suggestion.nearest(to: id, among: known).map { words.cli("error.unknownTag.meant", ["id": id, "meant": $0]) }
                    ?? words.cli("error.unknownTag.id", ["id": id])
            }
            self = .data(words.cli("error.unknownTags", ["tags": words.list(tags), "known": known.joined(separator: ", ")]))
        case .emptyRange(let id, let name, let range, let filtered):
            self = .data(
                words.map { $0.cli(filtered ? "error.emptyRange.filtered" : "error.emptyRange", ["profile": id, "name": name, "range": $0.range(range)]) }
                    ?? error.description)
        case .unrecognizedFormat(let path):
            self = .data(
                say(
                    Phrase(
                        "{path} is not a format healthlog reads (HealthLog CSV or JSON, FHIR R4 or R5, Omron Connect, Withings, the bp-monitor app, Apple Health, Samsung Health); name one with --format, or read a spreadsheet with --columns 'date=…,time=…,systolic=…,diastolic=…'",
                        ["path": path])))
        case .profileRequired(let format):
            self = .data(say(Phrase("{format} file names no person; say whose readings these are with --profile ID", terms: ["format": format.withArticle])))
        case .dateOrderRequired(let path, let line, let date):
            if let readings = DateOrder.readings(ofAmbiguous: date) {
                self = .data(
                    say(
                        Phrase(
                            "{path}:{line}: {date} could be {dayFirst} (day first) or {monthFirst} (month first), and no date in the file tells which; say which with --date-order dmy or mdy",
                            [
                                "path": path, "line": String(line), "date": date, "dayFirst": readings.dayFirst.description,
                                "monthFirst": readings.monthFirst.description,
                            ])))
            } else {
                self = .data(
                    say(
                        Phrase(
                            "{path}:{line}: dates like {date} could be day/month or month/day; say which with --date-order dmy, mdy or ymd",
                            ["path": path, "line": String(line), "date": date])))
            }
        case .invalidRecords(let path, let problems):
            self = .data(
                say(
                    problems.count == 1
                        ? Phrase("1 invalid record in {path}; nothing was imported (use --skip-invalid to import the valid ones)", ["path": path])
                        : Phrase(
                            "{n} invalid records in {path}; nothing was imported (use --skip-invalid to import the valid ones)",
                            ["n": String(problems.count), "path": path])))
        case .tooManyInvalidRecords(let path, let problems):
            self = .data(
                say(
                    Phrase(
                        "{path} has more than {n} invalid records (the first 20 are above); reading stopped and nothing was imported. Is it the right file?",
                        ["path": path, "n": String(problems.count)])))
        case .other(let kind, let phrase):
            let message = say(phrase)
            switch kind {
            case .refused: self = .data(message)
            case .unreadableInput: self = .noInput(message)
            case .cannotCreate: self = .cannotCreate(message)
            case .failed: self = .io(message)
            }
        }
    }
}

extension CLIError {
    /// A value from the command line that was not understood (a usage error, 64) or was
    /// understood and refused (bad data, 65).
    /// With `option`, the message names the option it was given with: `--at '25:00' is not a
    /// time`, or with `colon`, `--target: '1/2' …`.
    init(_ error: ValidationError, arguments: ParsedArguments, option: String? = nil, colon: Bool = false) {
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
    init(_ error: OutputError, words: StringTable? = nil) {
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
    public static let cannotCreate: Int32 = 73
    public static let ioError: Int32 = 74
    /// The configuration file, or a setting's environment variable, cannot be used.
    public static let configError: Int32 = 78
    /// The reader of standard output went away; 128 + SIGPIPE, as a shell reports `ls | head`.
    public static let readerGone: Int32 = 141
}
