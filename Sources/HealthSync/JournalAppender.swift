#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// This device's current journal segment, open for appending. It owns the descriptor.
///
/// Only this device writes the file, and only inside the log's write lock, so opening it may
/// cut a torn last line (a crash mid-append) without racing another writer.
final class JournalAppender {
    let path: String
    private let descriptor: Int32

    init(path: String) throws(SyncError) {
        self.path = path
        descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .journal(Phrase("cannot open the sync journal {path}: {reason}", ["path": "\(path)"], terms: ["reason": SystemMessage.phrase(errno)])) }
        try cutTornLine()
    }

    deinit {
        close(descriptor)
    }

    /// The file's size in bytes.
    var size: Int64 {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// Modification time, nanoseconds since 1970.
    var modified: Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return 0 }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Appends `bytes` whole.
    func append(_ bytes: [UInt8]) throws(SyncError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .journal(Phrase("cannot write the sync journal {path}: {reason}", ["path": "\(path)"], terms: ["reason": SystemMessage.phrase(errno)]))
            }
            offset += written
        }
    }

    /// Makes what was appended durable.
    func flush() throws(SyncError) {
        guard fsync(descriptor) == 0 else {
            throw .journal(Phrase("cannot write the sync journal {path}: {reason}", ["path": "\(path)"], terms: ["reason": SystemMessage.phrase(errno)]))
        }
    }

    /// Cuts the file back to `size` bytes (the lines of a transaction that was rolled back).
    func truncate(to size: Int64) {
        _ = ftruncate(descriptor, off_t(size))
        _ = fsync(descriptor)
    }

    /// Removes a last line with no line break: one a crash cut off mid-append.
    private func cutTornLine() throws(SyncError) {
        var end = size
        guard end > 0 else { return }
        var byte: UInt8 = 0
        guard pread(descriptor, &byte, 1, off_t(end - 1)) == 1, byte != UInt8(ascii: "\n") else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while end > 0 {
            let start = max(0, end - Int64(chunk.count))
            let count = Int(end - start)
            let got = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(start)) }
            guard got == count else { return }
            if let index = chunk[..<count].lastIndex(of: UInt8(ascii: "\n")) {
                truncate(to: start + Int64(index) + 1)
                return
            }
            end = start
        }
        truncate(to: 0)
    }
}

/// Reads the complete lines of a journal file from an offset, in bounded memory: a line longer
/// than ``JournalLine/maximumBytes`` is reported as too long, never held.
enum JournalReader {
    /// One line: its number (from `firstLine`) and text, or nil for a line too long to read.
    typealias Line = (number: Int, text: String?)

    /// Calls `body` for each complete line of `path` from byte `offset`; returns the offset after
    /// the last complete line and how many lines were read. A last line with no line break is
    /// left for a later read (the engine may still be bringing it).
    static func readLines(
        _ path: String, from offset: Int64, firstLine: Int, _ body: (Line) throws -> Void
    ) throws -> (readTo: Int64, lines: Int) {
        let file = try InputFile(path: path)
        try file.seek(to: offset)
        var position = offset
        var lineStart = offset
        var pending: [UInt8] = []
        var tooLong = false
        var number = firstLine
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let got = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            if got == 0 { break }
            var start = 0
            for index in 0..<got where buffer[index] == UInt8(ascii: "\n") {
                if !tooLong { pending.append(contentsOf: buffer[start..<index]) }
                // A file some tool rewrote with CRLF line ends reads as it was written.
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                let text: String? = tooLong || pending.count > JournalLine.maximumBytes ? nil : String(decoding: pending, as: UTF8.self)
                try body((number, text))
                number += 1
                count += 1
                pending.removeAll(keepingCapacity: true)
                tooLong = false
                start = index + 1
                lineStart = position + Int64(index) + 1
            }
            if !tooLong {
                pending.append(contentsOf: buffer[start..<got])
                if pending.count > JournalLine.maximumBytes {
                    tooLong = true
                    pending.removeAll()
                }
            }
            position += Int64(got)
        }
        return (lineStart, count)
    }

    /// A hash of what was read of `path`: its first 4 KiB and the 4 KiB before `count` (nil when
    /// it cannot be read). A journal only grows, so a file whose read part changed (an engine's
    /// copy replaced by the owner's) is read again from the start.
    static func prefixHash(_ path: String, bytes count: Int64) -> String? {
        guard let file = try? InputFile(path: path) else { return nil }
        let window = min(count, 4096)
        guard let head = try? file.read(Int(window)), head.count == Int(window) else { return nil }
        guard count > window else { return SHA1.hex(head) }
        guard (try? file.seek(to: count - window)) != nil, let tail = try? file.read(Int(window)), tail.count == Int(window) else { return nil }
        return SHA1.hex(head + tail)
    }
}
