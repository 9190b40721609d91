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
        var nextReport = 1 << 16
        var index = 0
        var line = 1
        let count = bytes.count
        var cells: [String] = []
        var cell: [UInt8] = []
        var recordLine = 1
        var quoted = false
        var cellWasQuoted = false

        func finishCell() throws {
            // Most cells are ASCII; they need no validation (and no generic decoding path).
            if cell.allSatisfy({ $0 < 0x80 }) {
                cells.append(String(decoding: cell, as: UTF8.self))
            } else if let text = String(validating: cell, as: UTF8.self) {
                cells.append(text)
            } else {
                throw SyntaxError(line: line, reason: "the file is not valid UTF-8")
            }
            cell.removeAll(keepingCapacity: true)
            cellWasQuoted = false
        }
        func finishRecord() throws {
            try finishCell()
            if !(cells.count == 1 && cells[0].isEmpty) {
                try body(Record(line: recordLine, cells: cells))
            }
            cells.removeAll(keepingCapacity: true)
        }

        while index < count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < count && bytes[index + 1] == UInt8(ascii: "\"") {
                        cell.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    cell.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    try finishCell()
                case UInt8(ascii: "\n"):
                    try finishRecord()
                    line += 1
                    recordLine = line
                    if let progress, index >= nextReport {
                        progress(index, count)
                        nextReport = index + (1 << 16)
                    }
                case UInt8(ascii: "\r") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n"):
                    break
                case UInt8(ascii: "\""):
                    guard cell.isEmpty, !cellWasQuoted else {
                        throw SyntaxError(line: line, reason: "a quote inside an unquoted cell; quote the whole cell")
                    }
                    quoted = true
                    cellWasQuoted = true
                default:
                    guard !cellWasQuoted else {
                        throw SyntaxError(line: line, reason: "text after a closing quote")
                    }
                    cell.append(byte)
                }
            }
            index += 1
        }
        if quoted {
            throw SyntaxError(line: recordLine, reason: "a quoted cell is never closed")
        }
        if !cell.isEmpty || !cells.isEmpty || cellWasQuoted {
            try finishRecord()
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
