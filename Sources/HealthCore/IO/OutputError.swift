#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why output could not be written. Whatever was at the target before is still there, and no
/// temporary file is left behind.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be made at all: no such folder, no permission, a folder or a socket in the way.
    case cannotCreate(path: String, reason: String)
    /// Writing failed part-way: a full disk, a file-size limit, an I/O error, a closed descriptor.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot write \(path): \(reason)"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        }
    }

    /// The path the error is about.
    public var path: String {
        switch self {
        case .cannotCreate(let path, _), .writeFailed(let path, _): path
        }
    }

    /// The reason for `code` (an errno), worded for the person who ran the command.
    public static func reason(_ code: Int32) -> String {
        let system = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full (\(system))"
        case EFBIG: return "the file is larger than this process may write (\(system))"
        default: return system
        }
    }
}
