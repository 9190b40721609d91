#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why output could not be written. Whatever was at the target before is still there, and no
/// temporary file is left behind.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be made at all: no such folder, no permission, a folder or a socket in the way.
    case cannotCreate(path: String, reason: Phrase)
    /// Writing failed part-way: a full disk, a file-size limit, an I/O error, a closed descriptor.
    case writeFailed(path: String, reason: Phrase)

    public var description: String { phrase.english }

    /// `cannot write PATH: REASON`, in the reader's language.
    public var phrase: Phrase {
        switch self {
        case .cannotCreate(let path, let reason), .writeFailed(let path, let reason):
            Phrase("cannot write {path}: {reason}", ["path": path], terms: ["reason": reason])
        }
    }

    /// The path the error is about.
    public var path: String {
        switch self {
        case .cannotCreate(let path, _), .writeFailed(let path, _): path
        }
    }

    /// The reason for `code` (an errno), worded for the person who ran the command.
    public static func reason(_ code: Int32) -> Phrase { SystemMessage.phrase(code) }
}
