import HealthCore

/// Reads the complete lines of a journal file from an offset, in bounded memory and bounded
/// work: a line longer than ``JournalLine/maximumBytes`` is reported as too long, never held,
/// and the rest of the file after it is not read at all (no writer makes such a line, so the
/// file is damaged from there; a 20 GB file with no line break costs one megabyte of reading).
enum JournalReader {
    /// One line: its number, the offset of its first byte, and its text (nil when too long).
    struct Line {
        let number: Int
        let offset: Int64
        let text: String?
    }

    /// What a read got to.
    struct Result {
        /// The offset after the last complete line read, or the file's size when the read
        /// stopped at a line too long.
        var readTo: Int64
        /// The complete lines read.
        var lines: Int
        /// True when the read stopped at a line too long.
        var abandoned = false
    }

    /// Calls `body` for each complete line of `file` from byte `offset`, numbering them from
    /// `firstLine`. A last line with no line break is left for a later read (the engine may
    /// still be bringing it).
    static func readLines(_ file: InputFile, from offset: Int64, firstLine: Int, _ body: (Line) throws -> Void) throws -> Result {
        try file.seek(to: offset)
        var position = offset
        var lineStart = offset
        var pending: [UInt8] = []
        var number = firstLine
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let got = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            if got == 0 { break }
            var start = 0
            for index in 0..<got where buffer[index] == UInt8(ascii: "\n") {
                pending.append(contentsOf: buffer[start..<index])
                // A file some tool rewrote with CRLF line ends reads as it was written.
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                if pending.count > JournalLine.maximumBytes { return try abandon(file, at: lineStart, number: number, lines: count, body) }
                try body(Line(number: number, offset: lineStart, text: String(decoding: pending, as: UTF8.self)))
                number += 1
                count += 1
                pending.removeAll(keepingCapacity: true)
                start = index + 1
                lineStart = position + Int64(index) + 1
            }
            pending.append(contentsOf: buffer[start..<got])
            if pending.count > JournalLine.maximumBytes + 1 { return try abandon(file, at: lineStart, number: number, lines: count, body) }
            position += Int64(got)
        }
        return Result(readTo: lineStart, lines: count)
    }

    private static func abandon(_ file: InputFile, at offset: Int64, number: Int, lines: Int, _ body: (Line) throws -> Void) throws -> Result {
        try body(Line(number: number, offset: offset, text: nil))
        return Result(readTo: max(file.size, offset), lines: lines + 1, abandoned: true)
    }

    /// A hash of what was read of `file`: its first 4 KiB and the 4 KiB before `count` (nil
    /// when it cannot be read). A journal only grows, so a file whose read part changed (an
    /// engine's copy replaced by the owner's) is read again from the start.
    static func prefixHash(_ file: InputFile, bytes count: Int64) -> String? {
        let window = min(count, 4096)
        guard (try? file.seek(to: 0)) != nil, let head = try? file.read(Int(window)), head.count == Int(window) else { return nil }
        guard count > window else { return SHA1.hex(head) }
        guard (try? file.seek(to: count - window)) != nil, let tail = try? file.read(Int(window)), tail.count == Int(window) else { return nil }
        return SHA1.hex(head + tail)
    }
}
