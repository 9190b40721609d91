#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The operating system's reason for a failed call, as a ``Phrase``: the errors people meet
/// (a missing file, no permission, a full disk) are said in their language, the rest as the C
/// library words them.
public enum SystemMessage {
    /// The reason for `code` (an errno).
    public static func phrase(_ code: Int32) -> Phrase {
        switch code {
        case ENOENT: Phrase("No such file or directory")
        case EACCES, EPERM: Phrase("Permission denied")
        case EISDIR: Phrase("Is a directory")
        case ENOTDIR: Phrase("Not a directory")
        case EROFS: Phrase("Read-only file system")
        case ENOSPC: Phrase("the disk is full ({system})", terms: ["system": Phrase("No space left on device")])
        case EDQUOT: Phrase("the disk is full ({system})", terms: ["system": Phrase("Disk quota exceeded")])
        case EFBIG: Phrase("the file is larger than this process may write ({system})", terms: ["system": Phrase("File too large")])
        case EIO: Phrase("Input/output error")
        default: Phrase(verbatim: String(cString: strerror(code)))
        }
    }
}
