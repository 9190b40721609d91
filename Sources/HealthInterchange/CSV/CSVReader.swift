public import HealthCore

/// An RFC 4180 reader over bytes that arrive in pieces: quoted cells may hold commas, quotes and
/// line breaks; a UTF-8 BOM and CRLF or CR line ends are accepted. The separator is a comma, or a
/// semicolon or tab as exports made with European or spreadsheet settings write them.
///
/// One record is held at a time, and a record longer than its limit is refused as soon as the
/// limit is passed, so any input, `/dev/zero` included, is read in bounded memory.
public final class CSVReader {
    /// One record and the line it starts on (1-based).
    public struct Record {
        public let line: Int
        public let cells: [String]
    }

    /// Bytes that are not CSV: an unterminated quote, bad UTF-8, a record past the limit.
    public struct SyntaxError: Error, Equatable {
        public let line: Int
        public let reason: Phrase
        /// True when only this record is wrong (its ends were found) and the next can be read;
        /// false when the reader cannot go on (an unclosed quote, a record past the limit).
        public let canContinue: Bool

        public init(line: Int, reason: Phrase, canContinue: Bool = false) {
            self.line = line
            self.reason = reason
            self.canContinue = canContinue
        }

        public static func == (lhs: SyntaxError, rhs: SyntaxError) -> Bool { lhs.line == rhs.line && lhs.reason == rhs.reason }
    }

    private let source: (UnsafeMutableRawBufferPointer) throws -> Int
    private let maximumRecordBytes: Int
    /// The byte between cells: `,`, `;` or tab.
    public let separator: UInt8
    private var buffer: [UInt8]
    /// The unread bytes are buffer[start..<end].
    private var start = 0
    private var end = 0
    private var finished = false
    private var atBeginning = true
    private var line = 1
    private var cells: [String] = []
    private var quotedCell: [UInt8] = []

    /// Reads from `source`, which fills the buffer it is given and returns the byte count (0 at the end).
    public init(
        maximumRecordBytes: Int = 1 << 20, separator: UInt8 = UInt8(ascii: ","),
        source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int
    ) {
        self.source = source
        self.maximumRecordBytes = maximumRecordBytes
        self.separator = separator
        buffer = [UInt8](repeating: 0, count: min(maximumRecordBytes, 1 << 20) + 1)
    }

    /// Reads bytes held in memory.
    public convenience init(bytes: [UInt8], maximumRecordBytes: Int = 1 << 20, separator: UInt8 = UInt8(ascii: ",")) {
        self.init(maximumRecordBytes: maximumRecordBytes, separator: separator, source: memoryFeed(bytes))
    }

    /// The separator a file's first line with one uses: of comma, semicolon and tab, the one it
    /// holds most often outside quotes (a comma when no line holds any). Lines with none, such as
    /// the title of a report an app writes above its table (`Beurer HealthManager Pro`), are passed
    /// over, among the first ``linesLookedThrough`` lines; a leading UTF-8 BOM is passed over too.
    public static func separator(ofHead head: some Collection<UInt8>) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]
        var counts = [0, 0, 0]
        var quoted = false
        var lines = 1
        var previous: UInt8 = 0
        for byte in head {
            defer { previous = byte }
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            guard !quoted else { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if counts != [0, 0, 0] { break }
                // CRLF is one line end.
                if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) { lines += 1 }
                if lines > linesLookedThrough { break }
            } else if let index = candidates.firstIndex(of: byte) {
                counts[index] += 1
            }
        }
        let most = counts.indices.max { counts[$0] < counts[$1] }!
        return counts[most] > counts[0] ? candidates[most] : candidates[0]
    }

    /// How many of a file's first lines are looked through for its separator (as many as for its header).
    public static let linesLookedThrough = 30

    /// Calls `body` for every record, skipping blank lines.
    public func forEachRecord(_ body: (Record) throws -> Void) throws {
        while let record = try nextRecord() { try body(record) }
    }

    /// The next record, or nil at the end. Blank lines are skipped.
    public func nextRecord() throws -> Record? {
        while true {
            guard let (recordStart, recordEnd, lines) = try nextRecordBytes() else { return nil }
            let recordLine = line
            line += lines
            let record = try buffer.withUnsafeBufferPointer { bytes in
                try parse(UnsafeBufferPointer(rebasing: bytes[recordStart..<recordEnd]), line: recordLine)
            }
            if record.count == 1 && record[0].isEmpty { continue }
            return Record(line: recordLine, cells: record)
        }
    }

    // MARK: - Finding records

    /// The bounds of the next record in `buffer` (without its line break) and how many line
    /// breaks it spans, reading more when the record runs past what is buffered.
    private func nextRecordBytes() throws -> (Int, Int, Int)? {
        var scanned = start
        // The quoting state of the record so far: a quote opens a quoted cell only at a cell's
        // start, and inside one a quote either ends it or, doubled, stands for itself.
        var inQuotes = false
        var atCellStart = true
        var justClosedQuote = false
        var lines = 0
        var quoteLine = line
        while true {
            scanning: while scanned < end {
                let byte = buffer[scanned]
                if inQuotes {
                    if byte == UInt8(ascii: "\"") {
                        inQuotes = false
                        justClosedQuote = true
                    } else if byte == UInt8(ascii: "\n") {
                        lines += 1
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\"") where atCellStart || justClosedQuote:
                        // A quoted cell opens, or a doubled quote inside one goes on.
                        if atCellStart { quoteLine = line + lines }
                        inQuotes = true
                        atCellStart = false
                        justClosedQuote = false
                    case UInt8(ascii: "\n"):
                        lines += 1
                        let recordStart = start
                        start = scanned + 1
                        return (recordStart, scanned, lines)
                    case UInt8(ascii: "\r"):
                        // A CR alone ends a line too, as Excel for Mac's "CSV (Macintosh)" writes
                        // them; CRs before an LF (CRLF, or the CRCRLF a script on Windows writes)
                        // are one line end with it.
                        // The run of CRs is taken whole, so a hostile run of them is read once.
                        var next = scanned + 1
                        while next < end && buffer[next] == UInt8(ascii: "\r") { next += 1 }
                        if next == end && !finished { break scanning }  // read on to see what follows
                        let recordStart = start
                        if next < end && buffer[next] == UInt8(ascii: "\n") {
                            lines += 1
                            start = next + 1
                        } else {
                            lines += next - scanned  // each CR alone ends a line; blank ones are skipped
                            start = next
                        }
                        return (recordStart, scanned, lines)
                    case separator:
                        atCellStart = true
                        justClosedQuote = false
                    case UInt8(ascii: " ") where atCellStart || justClosedQuote:
                        // `a, "b"`: the app's `, ` separator; spaces around a quoted cell are not its text.
                        break
                    default:
                        atCellStart = false
                        justClosedQuote = false
                    }
                }
                scanned += 1
            }
            if finished {
                guard start < end else { return nil }
                if inQuotes { throw SyntaxError(line: quoteLine, reason: Phrase("a quoted cell is never closed")) }
                let recordStart = start
                start = end
                return (recordStart, end, lines)
            }
            // Make room: move the partial record to the front, then grow within the limit.
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
                }
                scanned -= start
                end -= start
                start = 0
            }
            if end == buffer.count {
                guard buffer.count <= maximumRecordBytes else {
                    throw SyntaxError(
                        line: inQuotes ? quoteLine : line,
                        reason: inQuotes
                            ? Phrase("a quoted cell opened here runs past {n} KiB without closing; a record may be at most that long", ["n": String(maximumRecordBytes >> 10)])
                            : Phrase("a line longer than {n} KiB starts here; a record may be at most that long", ["n": String(maximumRecordBytes >> 10)]))
                }
                buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maximumRecordBytes + 1 - buffer.count)))
            }
            let count = try buffer.withUnsafeMutableBytes { raw in
                try source(UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
            }
            if count == 0 { finished = true }
            if atBeginning && end == 0 && count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                start = 3
                scanned = 3
            }
            atBeginning = false
            end += count
        }
    }

    // MARK: - Cells

    /// The cells of one record. An unquoted cell becomes a string straight from its bytes; only
    /// a quoted one is copied, to undo its doubled quotes.
    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, line firstLine: Int) throws -> [String] {
        let comma = separator, quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var count = bytes.count
        while count > 0 && bytes[count - 1] == carriageReturn { count -= 1 }
        var index = 0
        var line = firstLine
        cells.removeAll(keepingCapacity: true)
        func text(_ cell: UnsafeBufferPointer<UInt8>) throws -> String {
            // Most cells are ASCII: they need no validation (and no generic decoding path).
            if cell.allSatisfy({ $0 < 0x80 }) { return String(decoding: cell, as: UTF8.self) }
            guard let text = String(validating: cell, as: UTF8.self) else {
                // A note typed on a Chinese Windows into a sheet whose header is English.
                if ChineseEncoding.looksLikeGB18030(cell) {
                    throw SyntaxError(
                        line: line, reason: Phrase("the line is in GB18030 (GBK), not UTF-8: save the file as CSV UTF-8 (WPS: 另存为 > CSV UTF-8) and import that"),
                        canContinue: true)
                }
                throw SyntaxError(line: line, reason: Phrase("the file is not valid UTF-8"), canContinue: true)
            }
            return text
        }
        let space = UInt8(ascii: " ")
        while true {
            // Spaces before a quoted cell (`1703175600000, 123, "note"`) are not part of it.
            var first = index
            while first < count && bytes[first] == space { first += 1 }
            if first < count && bytes[first] == quote { index = first }
            if index < count && bytes[index] == quote {
                quotedCell.removeAll(keepingCapacity: true)
                index += 1
                while true {
                    guard index < count else { throw SyntaxError(line: firstLine, reason: Phrase("a quoted cell is never closed")) }
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count && bytes[index + 1] == quote {
                            quotedCell.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == newline { line += 1 }
                    quotedCell.append(byte)
                    index += 1
                }
                cells.append(try quotedCell.withUnsafeBufferPointer { try text($0) })
                while index < count && bytes[index] == space { index += 1 }
                if index < count && bytes[index] != comma {
                    throw SyntaxError(line: line, reason: Phrase("text after a closing quote"), canContinue: true)
                }
            } else {
                let cellStart = index
                while index < count && bytes[index] != comma {
                    if bytes[index] == quote {
                        throw SyntaxError(line: line, reason: Phrase("a quote inside an unquoted cell; quote the whole cell"), canContinue: true)
                    }
                    index += 1
                }
                cells.append(try text(UnsafeBufferPointer(rebasing: bytes[cellStart..<index])))
            }
            guard index < count else { return cells }
            index += 1  // the comma
            if index == count {
                cells.append("")
                return cells
            }
        }
    }

    /// Quotes a cell when it holds a comma, quote or line break.
    public static func escape(_ cell: String) -> String {
        guard cell.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
