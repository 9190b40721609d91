#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystem

/// A private temporary file with a name, beside its target, for writers that must open a path
/// themselves (SQLite writing a backup). Until it is committed or discarded, the signal handlers
/// remove it if the process is stopped (see ``TemporaryFiles``), so an interrupted command leaves
/// nothing behind.
public final class StagedFile {
    /// The temporary file's path.
    public let temporaryPath: String
    private var slot: Int32
    private var done = false

    /// Creates an empty file, mode 0600, in the folder of `target`.
    public init(beside target: String) throws(OutputError) {
        let folder = FileSystem.parentDirectory(of: target)
        // mkstemp replaces the six trailing X characters with a unique name.
        var template = Array("\(folder)/.healthlog-\(String(repeating: "X", count: 6))".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotCreate(path: target, reason: OutputError.reason(errno)) }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slot = healthlog_cleanup_add(temporaryPath)
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    deinit {
        discard()
    }

    /// Renames the finished file over `target`.
    public func commit(to target: String) throws(OutputError) {
        guard !done else { return }
        healthlog_signals_hold()
        defer { healthlog_signals_release() }
        let renamed = rename(temporaryPath, target) == 0
        let code = errno
        if !renamed { unlink(temporaryPath) }
        done = true
        healthlog_cleanup_remove(slot)
        guard renamed else { throw .cannotCreate(path: target, reason: OutputError.reason(code)) }
        FileSystem.syncDirectory(FileSystem.parentDirectory(of: target))
    }

    /// Replaces what the file holds with `bytes`.
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        let descriptor = open(temporaryPath, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotCreate(path: temporaryPath, reason: OutputError.reason(errno)) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotCreate(path: temporaryPath, reason: OutputError.reason(errno))
            }
            offset += written
        }
    }

    /// Removes the temporary file.
    public func discard() {
        guard !done else { return }
        done = true
        unlink(temporaryPath)
        healthlog_cleanup_remove(slot)
    }
}

/// The signal handlers that keep interrupted commands from leaving temporary files behind.
public enum TemporaryFiles {
    /// Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT that remove every staged file
    /// still waiting, then end the process as the signal would have. A program calls it once.
    public static func removeOnSignals() {
        healthlog_cleanup_install()
    }
}
