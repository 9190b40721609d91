public import HealthCore

/// Everything the report renderer can fail at, with a message a person can act on.
public enum ReportError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Cairo reported an error status.
    case drawing(String)
    /// A template or strings file is malformed; names the file and the key.
    case template(file: String, key: String, reason: String)
    /// No template of that name; lists the ones there are.
    case unknownTemplate(name: String, available: [String])
    /// The Templates folder could not be found.
    case templatesMissing(searched: [String])
    /// The output file could not be created; nothing was left behind.
    case output(path: String, reason: String)
    /// Writing the output failed part-way (a full disk); the previous file is untouched.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .drawing(let message):
            "drawing failed: \(message)"
        case .template(let file, let key, let reason):
            "\(file): '\(key)' \(reason)"
        case .unknownTemplate(let name, let available):
            "no template '\(name)'; available: \(available.joined(separator: ", ")) (or give a path to a .json file)"
        case .templatesMissing(let searched):
            "cannot find the Templates folder (looked in \(searched.joined(separator: ", "))); set HEALTHLOG_TEMPLATES"
        case .output(let path, let reason):
            "cannot write \(path): \(reason)"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason); the previous file, if any, is unchanged"
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
