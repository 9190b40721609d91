#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file all at once: a private temporary file beside the target,
/// flushed to disk, then renamed over it. Readers see the old file or the new
/// one, never half of either, and a symlink planted at the target is replaced,
/// not followed.
public enum AtomicFile {
    /// Why a file could not be written; the target was left as it was.
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` with mode 0600.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(WriteError) {
        let temporary = try reserveTemporary(for: path)
        let descriptor = open(temporary, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw failure(path, temporary) }
        let contiguous = Array(bytes)
        var written = 0
        let ok = contiguous.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return fsync(descriptor) == 0
        }
        let error = errno
        close(descriptor)
        guard ok else {
            errno = error
            throw failure(path, temporary)
        }
        try commit(temporary, to: path)
    }

    /// Creates an empty private temporary file beside `path` and returns its name,
    /// for writers (such as Cairo) that write the file themselves.
    public static func reserveTemporary(for path: String) throws(WriteError) -> String {
        let directory = FileSystem.parentDirectory(of: path)
        // mkstemp replaces the six trailing X characters with a unique name.
        var template = Array("\(directory)/.healthlog-\(String(repeating: "X", count: 6))".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Renames a finished temporary file over `path`, or removes it on failure.
    public static func commit(_ temporary: String, to path: String) throws(WriteError) {
        guard rename(temporary, path) == 0 else { throw failure(path, temporary) }
    }

    /// Removes a temporary file that will not be committed.
    public static func discard(_ temporary: String) {
        unlink(temporary)
    }

    private static func failure(_ path: String, _ temporary: String) -> WriteError {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        return WriteError(path: path, reason: reason)
    }
}
