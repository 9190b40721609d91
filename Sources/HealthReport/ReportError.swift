public import HealthCore

/// Everything the report renderer can fail at, with a message a person can act on.
public enum ReportError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Cairo reported an error status.
    case drawing(String)
    /// A template or strings file is malformed; names the file and the key.
    case template(file: String, key: String, reason: Phrase)
    /// No template of that name; lists the ones there are.
    case unknownTemplate(name: String, available: [String])
    /// The Templates folder could not be found.
    case templatesMissing(searched: [String])
    /// The output file could not be created; nothing was left behind.
    case output(path: String, reason: Phrase)
    /// Writing the output failed part-way (a full disk); the previous file is untouched.
    case writeFailed(path: String, reason: Phrase)

    public var description: String { phrase.english }

    /// What went wrong, in the reader's language (see ``Phrase``); Cairo's and a template
    /// file's own words are said as they are.
    public var phrase: Phrase {
        switch self {
        case .drawing(let message):
            Phrase("drawing failed: {message}", ["message": message])
        case .template(let file, let key, let reason):
            TemplateError.file(path: file, key: key, reason: reason).phrase
        case .unknownTemplate(let name, let available):
            Phrase("no template '{name}'; available: {available} (or give a path to a .json file)", ["name": name, "available": available.joined(separator: ", ")])
        case .templatesMissing(let searched):
            Phrase("cannot find the Templates folder (looked in {searched}); set HEALTHLOG_TEMPLATES", ["searched": searched.joined(separator: ", ")])
        case .output(let path, let reason):
            Phrase("cannot write {path}: {reason}", ["path": path], terms: ["reason": reason])
        case .writeFailed(let path, let reason):
            Phrase("cannot write {path}: {reason}; the previous file, if any, is unchanged", ["path": path], terms: ["reason": reason])
        }
    }

    /// An output failure, as the renderer reports it.
    public init(_ error: OutputError) {
        switch error {
        case .cannotCreate(let path, let reason): self = .output(path: path, reason: reason)
        case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
        }
    }
}
