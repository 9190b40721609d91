import HealthCore
import HealthInterchange
import Testing

@Suite struct CSVReaderTests {
    private func records(_ text: String) throws -> [CSVReader.Record] {
        var result: [CSVReader.Record] = []
        try CSVReader(bytes: Array(text.utf8)).forEachRecord { result.append($0) }
        return result
    }

    @Test func readsQuotedCellsBOMAndCRLF() throws {
        let text = "\u{FEFF}a,b,c\r\n1,\"x, \"\"y\"\"\",\"line one\nline two\"\r\n\r\n2,,\"\"\n3,4,5"
        let result = try records(text)
        #expect(result.map(\.cells) == [["a", "b", "c"], ["1", "x, \"y\"", "line one\nline two"], ["2", "", ""], ["3", "4", "5"]])
        #expect(result.map(\.line) == [1, 2, 5, 6])
    }

    @Test func keepsEdgeCellsAsWritten() throws {
        // A trailing comma is an empty last cell; a quoted cell may end the file.
        #expect(try records("a,").map(\.cells) == [["a", ""]])
        #expect(try records("1,\"x\"").map(\.cells) == [["1", "x"]])
        #expect(try records("\"a\r\nb\"\r\n,\n").map(\.cells) == [["a\r\nb"], ["", ""]])
        #expect(try records("\n\n1\n\n").map(\.line) == [3])
        #expect(try records("中文,\"é\"\n").map(\.cells) == [["中文", "é"]])
    }

    /// Exports made with European or spreadsheet settings separate cells with `;` or a tab; the
    /// first line that holds one tells which, and a separator inside quotes does not count.
    @Test func theFirstLineWithASeparatorTellsIt() throws {
        func separator(_ text: String) -> Character { Character(UnicodeScalar(CSVReader.separator(ofHead: Array(text.utf8)))) }
        #expect(separator("a,b,c\n1;2;3;4;5") == ",")
        #expect(separator("\u{FEFF}Date;Time;\"SYS, mmHg\";DIA\r\n") == ";")
        #expect(separator("Date\tTime\tSYS\n") == "\t")
        #expect(separator("\"a;b;c\",d\n") == ",")
        #expect(separator("Date\n") == ",")
        // A report's title and blank lines above the table hold none: the first line with one tells.
        #expect(separator("\u{FEFF}Beurer HealthManager Pro\r\n\r\nDatum;Uhrzeit;SYS\r\n1;2;3") == ";")
        #expect(separator("Report\nUser;Erika\nDate,Time,SYS,DIA\n") == ";")
        #expect(separator("Title\n\"a;b\"\n") == ",")
        let rows = try CSVReader(bytes: Array("a;\"b;c\";d,e\n1;;\"x\"\"y\"\n".utf8), separator: UInt8(ascii: ";")).nextRecord()
        #expect(rows?.cells == ["a", "b;c", "d,e"])
        // A quoted cell with a line break, as a spreadsheet with European settings saves a note.
        for separator in [";", "\t"] {
            let text = ["id", "note", "x"].joined(separator: separator) + "\r\n1" + separator + "\"line one\r\nline two\"" + separator + "2\r\n3" + separator + "ok" + separator + "4\r\n"
            var found: [CSVReader.Record] = []
            try CSVReader(bytes: Array(text.utf8), separator: separator.utf8.first!).forEachRecord { found.append($0) }
            #expect(found.map(\.cells) == [["id", "note", "x"], ["1", "line one\r\nline two", "2"], ["3", "ok", "4"]], "\(separator.debugDescription)")
            #expect(found.map(\.line) == [1, 2, 4])
        }
    }

    /// Excel for Mac's "CSV (Macintosh)" ends lines with a CR alone; a CR inside quotes is text.
    @Test func aLoneCarriageReturnEndsALine() throws {
        #expect(try records("a\rb,c\r\n").map(\.cells) == [["a"], ["b", "c"]])
        let text = "Date,SYS\r01/03/2026,138\r\r\"x\ry\",1\r02/03/2026,132\r"
        #expect(try records(text).map(\.cells) == [["Date", "SYS"], ["01/03/2026", "138"], ["x\ry", "1"], ["02/03/2026", "132"]])
        #expect(try records(text).map(\.line) == [1, 2, 4, 5])
        // CR CR LF, as Python's csv module writes on Windows into a file opened in text mode, is one line end.
        #expect(try records("a,b\r\r\n1,2\r\r\n3,4").map(\.cells) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(try records("a,b\r\r\n1,2\r\r\n3,4").map(\.line) == [1, 2, 3])
        // A long run of CRs is blank lines, read in one pass (looking ahead from each one was quadratic).
        let run = Array("a\r".utf8) + [UInt8](repeating: 13, count: 500_000) + Array("b\r".utf8)
        var lines: [Int] = []
        try CSVReader(bytes: run).forEachRecord { lines.append($0.line) }
        #expect(lines == [1, 500_002])
        // A CR at the end of one piece read and an LF at the start of the next are one CRLF.
        var pieces = [Array("a,b\r".utf8), Array("\n1,2\r".utf8), Array("3,4".utf8)]
        let reader = CSVReader { buffer in
            guard !pieces.isEmpty else { return 0 }
            let piece = pieces.removeFirst()
            buffer.copyBytes(from: piece)
            return piece.count
        }
        var found: [[String]] = []
        try reader.forEachRecord { found.append($0.cells) }
        #expect(found == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(Character(UnicodeScalar(CSVReader.separator(ofHead: Array("Date;Time\r1,2,3,4".utf8)))) == ";")
    }

    @Test func reportsBrokenQuotingWithTheLine() {
        #expect(throws: CSVReader.SyntaxError(line: 2, reason: "a quoted cell is never closed")) {
            try records("a,b\n1,\"open\n2,3\n")
        }
        #expect(throws: CSVReader.SyntaxError(line: 1, reason: "a quote inside an unquoted cell; quote the whole cell")) {
            try records("a,b\"c\n")
        }
        #expect(throws: CSVReader.SyntaxError(line: 2, reason: "text after a closing quote")) {
            try records("a\n\"b\"c,d\n")
        }
        #expect(throws: CSVReader.SyntaxError(line: 3, reason: "a quoted cell is never closed")) {
            try records("a\n\"two\nlines\",\"open\n")
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: CSVReader.SyntaxError(line: 2, reason: "the file is not valid UTF-8")) {
            try CSVReader(bytes: Array("a\n".utf8) + [0xC3, 0x28]).forEachRecord { _ in }
        }
        #expect(throws: CSVReader.SyntaxError(line: 1, reason: "the file is not valid UTF-8")) {
            try CSVReader(bytes: [0x22, 0xFF, 0x22]).forEachRecord { _ in }
        }
    }

    @Test func escapesOnlyWhatNeedsIt() {
        #expect(CSVReader.escape("plain") == "plain")
        #expect(CSVReader.escape("a,b") == "\"a,b\"")
        #expect(CSVReader.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVReader.escape("two\nlines") == "\"two\nlines\"")
    }
}
