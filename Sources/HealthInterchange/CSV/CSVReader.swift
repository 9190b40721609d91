/// An RFC 4180 reader: quoted cells may hold commas, quotes and line breaks;
/// a UTF-8 BOM and CRLF line ends are accepted.
public struct CSVReader {
    /// One record and the line it starts on (1-based).
    public struct Record {
        public let line: Int
        public let cells: [String]
    }

    /// A file that is not CSV at all, e.g. an unterminated quote or bad UTF-8.
    public struct SyntaxError: Error, Equatable {
        public let line: Int
        public let reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    private let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.bytes = Array(bytes.dropFirst(3))
        } else {
            self.bytes = bytes
        }
    }

    /// Calls `body` for every record, skipping blank lines. `progress`, if given, is told
    /// (bytes read, total) every 64 KiB or so.
    public func forEachRecord(progress: ((Int, Int) -> Void)? = nil, _ body: (Record) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            try Self.scan(buffer, progress: progress, body)
        }
    }

    /// The scanner behind ``forEachRecord(progress:_:)``. An unquoted cell becomes a string
    /// straight from its bytes; only a quoted one is copied through a scratch buffer, to undo
    /// its doubled quotes.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: ((Int, Int) -> Void)?, _ body: (Record) throws -> Void
    ) throws {
        let comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""), carriageReturn = UInt8(ascii: "\r")
        let count = bytes.count
        var nextReport = 1 << 16
        var index = 0
        var line = 1
        var recordLine = 1
        var cells: [String] = []
        var quotedCell: [UInt8] = []

        func text(_ cell: UnsafeBufferPointer<UInt8>, line: Int) throws -> String {
            // Most cells are ASCII: they need no validation (and no generic decoding path).
            if cell.allSatisfy({ $0 < 0x80 }) { return String(decoding: cell, as: UTF8.self) }
            guard let text = String(validating: cell, as: UTF8.self) else {
                throw SyntaxError(line: line, reason: "the file is not valid UTF-8")
            }
            return text
        }
        func finishRecord() throws {
            if !(cells.count == 1 && cells[0].isEmpty) {
                try body(Record(line: recordLine, cells: cells))
            }
            cells.removeAll(keepingCapacity: true)
        }

        while index < count {
            // One cell, starting at `index`.
            if bytes[index] == quote {
                let openingLine = line
                quotedCell.removeAll(keepingCapacity: true)
                index += 1
                while true {
                    guard index < count else {
                        throw SyntaxError(line: openingLine, reason: "a quoted cell is never closed")
                    }
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
                cells.append(try quotedCell.withUnsafeBufferPointer { try text($0, line: line) })
                // After the closing quote: a separator, a line end, or the end of the file.
                if index < count, bytes[index] == carriageReturn, index + 1 < count, bytes[index + 1] == newline {
                    index += 1
                }
                if index < count, bytes[index] != comma, bytes[index] != newline {
                    throw SyntaxError(line: line, reason: "text after a closing quote")
                }
            } else {
                let start = index
                while index < count {
                    let byte = bytes[index]
                    if byte == comma || byte == newline { break }
                    if byte == quote {
                        throw SyntaxError(line: line, reason: "a quote inside an unquoted cell; quote the whole cell")
                    }
                    index += 1
                }
                var end = index
                if end > start, index < count, bytes[index] == newline, bytes[end - 1] == carriageReturn { end -= 1 }
                cells.append(try text(UnsafeBufferPointer(rebasing: bytes[start..<end]), line: line))
            }
            guard index < count else { break }
            if bytes[index] == newline {
                try finishRecord()
                line += 1
                recordLine = line
                if let progress, index >= nextReport {
                    progress(index, count)
                    nextReport = index + (1 << 16)
                }
            }
            index += 1
            if index == count, bytes[index - 1] == comma { cells.append("") }
        }
        if !cells.isEmpty { try finishRecord() }
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
