#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystem

/// Somewhere bytes go as they are made: an ``OutputFile``, or standard output.
public protocol ByteSink: AnyObject {
    /// Appends `bytes`. A sink that failed ignores later writes and reports the failure when it is finished.
    func write(_ bytes: UnsafeRawBufferPointer)
}

extension ByteSink {
    /// Appends the UTF-8 of `text`.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }
}

/// A file being written, that appears at its path complete or not at all.
///
/// Output to a path HealthLog replaces (see ``OutputDestination``) goes to a private file
/// beside it: on Linux one with no name at all (`O_TMPFILE`), given the path only when
/// ``commit()`` has flushed it to disk, so a crash, a kill or a full disk leaves the previous
/// file and nothing else. Where the file system has no unnamed files, a named one is used and
/// removed again by the signal handlers (``TemporaryFiles``). Every write is checked; the
/// first failure is kept and thrown by ``commit()``, which then leaves the target as it was.
///
/// It owns its descriptor and, until committed, its temporary file: dropping an uncommitted
/// one discards it.
public final class OutputFile: ByteSink {
    /// The path as given, for messages.
    public let path: String
    public let destination: OutputDestination
    private var descriptor: Int32
    /// Where the data waits before the rename: an unnamed file in `folder`, or a named one.
    private enum Staging {
        case unnamed(folder: String)
        case named(StagedFile)
        case none
    }
    private var staging: Staging
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 16
    /// The first failure; once set, writes are ignored.
    public private(set) var failure: OutputError?
    private var finished = false

    /// Writes `bytes` to `path` in one go: complete, or not at all.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try OutputFile(path)
        file.write(bytes)
        try file.commit()
    }

    /// Opens `path` for writing (nothing appears there before ``commit()``).
    public init(_ path: String) throws(OutputError) {
        self.path = path
        destination = try OutputDestination.resolve(path)
        switch destination {
        case .descriptor(let number):
            descriptor = dup(number)
            guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: OutputError.reason(errno)) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            staging = .none
        case .existing(let target):
            // A FIFO waits here until a reader opens it, as `cat > fifo` does.
            descriptor = open(target, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: OutputError.reason(errno)) }
            staging = .none
            // The path may have been swapped since it was checked: the rule is asked again of
            // what was opened, before a byte is written.
            var opened = stat()
            let refusal = fstat(descriptor, &opened) != 0
                ? OutputError.reason(errno) : OutputDestination.refusal(opened, isTerminal: isatty(descriptor) == 1)
            if let refusal {
                close(descriptor)
                descriptor = -1
                throw .cannotCreate(path: path, reason: refusal)
            }
        case .replace(let target):
            let folder = FileSystem.parentDirectory(of: target)
            let unnamed = healthlog_open_unnamed(folder)
            if unnamed >= 0 {
                descriptor = unnamed
                staging = .unnamed(folder: folder)
            } else {
                let staged = try StagedFile(beside: target)
                descriptor = open(staged.temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
                guard descriptor >= 0 else {
                    let reason = OutputError.reason(errno)
                    staged.discard()
                    throw .cannotCreate(path: path, reason: reason)
                }
                staging = .named(staged)
            }
        }
        buffer.reserveCapacity(OutputFile.bufferSize)
    }

    /// A private file with no name in `folder` (the temporary folder), to write now and read back later.
    public init(spoolIn folder: String) throws(OutputError) {
        path = folder
        destination = .existing(path: folder)
        descriptor = healthlog_open_unnamed(folder)
        if descriptor < 0 {
            // No unnamed files here: a named one, removed at once, held open by its descriptor.
            let staged = try StagedFile(beside: folder + "/spool")
            descriptor = open(staged.temporaryPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            let code = errno
            staged.discard()
            guard descriptor >= 0 else { throw .cannotCreate(path: folder, reason: OutputError.reason(code)) }
        }
        staging = .none
    }

    deinit {
        if !finished { discard() }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !finished, bytes.count > 0 else { return }
        if buffer.count + bytes.count > OutputFile.bufferSize { flushBuffer() }
        if bytes.count >= OutputFile.bufferSize {
            writeOut(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    private func flushBuffer() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeOut($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = .writeFailed(path: path, reason: OutputError.reason(errno))
                return
            }
            offset += written
        }
    }

    /// Flushes everything to disk and puts the file at its path, or throws the first failure
    /// and leaves the path as it was.
    public func commit() throws(OutputError) {
        guard !finished else { return }
        flushBuffer()
        if failure == nil, case .replace = destination, fsync(descriptor) != 0 {
            failure = .writeFailed(path: path, reason: OutputError.reason(errno))
        }
        if let failure {
            discard()
            throw failure
        }
        finished = true
        switch staging {
        case .none:
            let closed = close(descriptor)
            descriptor = -1
            // A pipe or terminal reports nothing more at close; a file on NFS may.
            if closed != 0 && errno != EINTR { throw .writeFailed(path: path, reason: OutputError.reason(errno)) }
        case .named(let staged):
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else {
                let reason = OutputError.reason(errno)
                staged.discard()
                throw .writeFailed(path: path, reason: reason)
            }
            try staged.commit(to: path)
        case .unnamed(let folder):
            defer {
                close(descriptor)
                descriptor = -1
            }
            try linkIntoPlace(folder: folder)
        }
    }

    /// Names the unnamed file beside the target, then renames it over the target: the two
    /// steps run with the stopping signals held, so no temporary name is left between them.
    private func linkIntoPlace(folder: String) throws(OutputError) {
        healthlog_signals_hold()
        defer { healthlog_signals_release() }
        var name = ""
        var linked = false
        for _ in 0..<16 {
            name = "\(folder)/.healthlog-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
            if healthlog_link_unnamed(descriptor, name) == 0 {
                linked = true
                break
            }
            guard errno == EEXIST else { break }
        }
        guard linked else { throw .cannotCreate(path: path, reason: OutputError.reason(errno)) }
        guard rename(name, path) == 0 else {
            let reason = OutputError.reason(errno)
            unlink(name)
            throw .cannotCreate(path: path, reason: reason)
        }
        FileSystem.syncDirectory(folder)
    }

    /// Throws away what was written: the target stays as it was and no temporary file remains.
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if case .named(let staged) = staging { staged.discard() }
    }

    /// Everything written to a spool file, from the start, handed to `body` in pieces.
    public func readBack(_ body: (UnsafeRawBufferPointer) -> Void) throws(OutputError) {
        flushBuffer()
        if let failure { throw failure }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .writeFailed(path: path, reason: OutputError.reason(errno)) }
        // An unnamed file is open write-only; it is read through its /proc name.
        let reader = open("/proc/self/fd/\(descriptor)", O_RDONLY | O_CLOEXEC)
        let source = reader >= 0 ? reader : descriptor
        defer { if reader >= 0 { close(reader) } }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: OutputError.reason(errno))
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
