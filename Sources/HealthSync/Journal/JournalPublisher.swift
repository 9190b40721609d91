#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// Writes this device's committed transactions into its journal, whole: every operation line,
/// then the commit line, flushed, while holding the device folder's lock so two processes of
/// this machine never interleave their lines.
///
/// A transaction reaches the journal only after the log committed it, so a change rolled back
/// (a dry run, a refused import) never reaches another machine. A crash while writing leaves
/// operation lines with no commit line at the journal's end: no reader applies them, and the
/// next write cuts them before writing the transaction again from the log.
struct JournalPublisher {
    let directory: OwnedDirectory

    /// What a publish wrote: the segments it appended to, each from the size it had.
    struct Written {
        struct Segment {
            var name: String
            /// Its size when the append began (after any unfinished end was cut).
            var start: Int64
            var size: Int64
            var modified: Int64
            /// The lines appended.
            var lines: Int
            /// ``JournalReader/prefixHash(_:bytes:)`` of the whole segment as it is now.
            var prefixHash: String
        }
        var segments: [Segment] = []
    }

    /// Appends the lines `lines` hands over (in pieces of any size), then the commit line of
    /// `transaction`, and flushes. With `alreadyThere`, the journal is checked first (under the
    /// lock): when it holds that transaction's commit line already, nothing is written again.
    func publish(
        transaction: String, commitLine: String?, alreadyThere: Bool = false,
        lines: ((_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void)
    ) throws -> Written {
        directory.lock()
        defer { directory.unlock() }
        let segment = try currentSegment()
        if alreadyThere, committed(transaction, endingAt: segment) { return Written() }
        var writer = SegmentWriter(directory: directory, segment: segment)
        try lines { piece in try writer.take(piece) }
        if let commitLine { try writer.take(Array((commitLine + "\n").utf8)) }
        return try writer.finish()
    }

    /// The newest segment, opened for appending with what a crash left unfinished at the end
    /// of the journal cut off: a torn last line, and the operation lines of a transaction
    /// whose commit line was never written (across segments when it spans them).
    ///
    /// A segment name held by something this device cannot append to (a folder, a link,
    /// another user's file or one others may write, which another machine could have planted
    /// through the shared folder) is passed over: the next change goes into a new segment after
    /// the highest number taken, so nothing planted keeps this device's changes from the family.
    private func currentSegment() throws -> JournalAppender {
        let taken = directory.names().compactMap(SyncFolder.segmentNumber).sorted()
        var numbers = taken.filter { usable(SyncFolder.segmentName($0)) }
        if let highest = taken.last, numbers.last != highest {
            if let last = numbers.last { _ = try cutUnfinishedEnd(of: last) }
            return try JournalAppender(in: directory, name: SyncFolder.segmentName(highest + 1))
        }
        if numbers.isEmpty { numbers = [1] }
        while let number = numbers.last {
            let segment = try cutUnfinishedEnd(of: number)
            let kept = segment.size
            // A segment that held only an unfinished transaction is emptied; the one before it
            // may hold that transaction's first lines.
            if kept == 0, numbers.count > 1, JournalPublisher.endsUnfinished(numbers.dropLast().last.flatMap { try? JournalAppender(in: directory, name: SyncFolder.segmentName($0)) }) {
                numbers.removeLast()
                continue
            }
            return segment
        }
        return try JournalAppender(in: directory, name: SyncFolder.segmentName(1))
    }

    /// True when `name` is missing or a regular file of this user's that no one else may write.
    private func usable(_ name: String) -> Bool {
        guard let entry = directory.entry(name) else { return true }
        return entry.kind == S_IFREG && entry.ownershipProblem == nil
    }

    /// Opens segment `number` and cuts what a crash left unfinished at its end.
    private func cutUnfinishedEnd(of number: Int) throws -> JournalAppender {
        let segment = try JournalAppender(in: directory, name: SyncFolder.segmentName(number))
        let kept = JournalPublisher.completeEnd(of: segment)
        if kept < segment.size { segment.truncate(to: kept) }
        return segment
    }

    /// True when `segment` ends with operation lines whose commit line is missing.
    private static func endsUnfinished(_ segment: JournalAppender?) -> Bool {
        guard let segment else { return false }
        return completeEnd(of: segment) < segment.size
    }

    /// The offset after the last line of `segment` that ends a transaction (a commit line, or
    /// a format 1 line), looking back at most two segments' worth; the size when the file ends
    /// complete, 0 when nothing in it ends one.
    private static func completeEnd(of segment: JournalAppender) -> Int64 {
        let (bytes, start) = segment.tail(2 * SyncFolder.segmentBytes + Int64(JournalLine.maximumBytes))
        guard !bytes.isEmpty else { return segment.size }
        var end = bytes.count
        // A torn last line (no line break) goes first.
        if bytes.last != UInt8(ascii: "\n") { end = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0 }
        var lineEnd = end
        while lineEnd > 0 {
            let lineStart = (bytes[..<(lineEnd - 1)].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
            let text = String(decoding: bytes[lineStart..<(lineEnd - 1)], as: UTF8.self)
            switch JournalLine.skim(text) {
            case .operation:
                lineEnd = lineStart
                continue
            case .commit, .standalone:
                return start + Int64(lineEnd)
            }
        }
        // The window began mid-file: what lies before it is left as it is.
        return start > 0 ? start : 0
    }

    /// True when the journal, read back from its end, holds the commit line of `transaction`
    /// among its last lines (a publish that finished before the log could note it).
    private func committed(_ transaction: String, endingAt segment: JournalAppender) -> Bool {
        let (bytes, _) = segment.tail(SyncFolder.segmentBytes + Int64(JournalLine.maximumBytes))
        let needle = Array("{\"v\":2,\"commit\":\"\(transaction)\"".utf8)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if bytes[index..<end].starts(with: needle) { return true }
            index = end + 1
        }
        return false
    }
}

/// Writes whole lines into a device's segments, starting a new segment once the current one
/// holds about 1 MiB, only ever between two lines.
private struct SegmentWriter {
    let directory: OwnedDirectory
    private var segment: JournalAppender
    private var size: Int64
    /// The segments written, each with its size before and the lines appended to it.
    private var touched: [(appender: JournalAppender, start: Int64, lines: Int)]
    /// Bytes of a line not complete yet (a piece ended inside it).
    private var carry: [UInt8] = []
    private var out: [UInt8] = []

    init(directory: OwnedDirectory, segment: JournalAppender) {
        self.directory = directory
        self.segment = segment
        size = segment.size
        touched = [(segment, segment.size, 0)]
    }

    mutating func take(_ piece: UnsafeRawBufferPointer) throws {
        let bytes = piece.bindMemory(to: UInt8.self)
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if size + Int64(out.count) >= SyncFolder.segmentBytes { try rollOver() }
            if !carry.isEmpty {
                out.append(contentsOf: carry)
                carry.removeAll(keepingCapacity: true)
            }
            out.append(contentsOf: bytes[start...newline])
            touched[touched.count - 1].lines += 1
            if out.count >= 1 << 16 { try flushOut() }
            start = newline + 1
        }
        carry.append(contentsOf: bytes[start...])
    }

    mutating func take(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try take($0) }
    }

    private mutating func flushOut() throws {
        guard !out.isEmpty else { return }
        try segment.append(out)
        size += Int64(out.count)
        out.removeAll(keepingCapacity: true)
    }

    private mutating func rollOver() throws {
        try flushOut()
        segment = try JournalAppender(in: directory, name: SyncFolder.segmentName((SyncFolder.segmentNumber(segment.name) ?? 1) + 1))
        size = segment.size
        touched.append((segment, segment.size, 0))
    }

    /// Writes what is left (a piece never ends mid-line at the end), flushes every segment
    /// written, and says what they hold now.
    mutating func finish() throws -> JournalPublisher.Written {
        try flushOut()
        var written = JournalPublisher.Written()
        for (appender, start, lines) in touched {
            try appender.flush()
            let size = appender.size
            let hash = (try? directory.openFile(appender.name)).flatMap { JournalReader.prefixHash($0, bytes: size) } ?? ""
            written.segments.append(.init(name: appender.name, start: start, size: size, modified: appender.modified, lines: lines, prefixHash: hash))
        }
        return written
    }
}
