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
    /// The output file could not be written; nothing partial was left behind.
    case output(path: String, reason: String)

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
        }
    }
}
