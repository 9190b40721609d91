import HealthCore

/// The first sheet of an `.xlsx` workbook (Excel, WPS, or an `.et` exported as `.xlsx`): the
/// workbook names its sheets and where each is, the shared strings hold the text of text cells,
/// and the styles say which numbers are dates (Excel's serial days since 1899-12-30, or 1904-01-01
/// in a workbook that says `date1904`).
enum OfficeOpenXMLSheet {
    static func firstSheet(path: String, name: String) throws(InterchangeError) -> (name: String, count: Int, records: [CSVReader.Record]) {
        // The parts come in the zip's own order, the sheets often before their strings and styles:
        // each is kept, then read once all are in.
        let archive = try ZipArchive(path: path, name: name)
        var parts: [String: [UInt8]] = [:]
        var total = 0
        while let entry = try archive.nextEntry() {
            let part = entry.hasPrefix("/") ? String(entry.dropFirst()) : entry
            guard part == "xl/workbook.xml" || part == "xl/_rels/workbook.xml.rels" || part == "xl/styles.xml" || part == "xl/sharedStrings.xml"
                || (part.hasPrefix("xl/worksheets/") && part.hasSuffix(".xml"))
            else { continue }
            let bytes = try archive.readEntry(limit: WorkbookTable.partBytes)
            total += bytes.count
            guard total <= 2 * WorkbookTable.partBytes else {
                throw .malformed(path: name, reason: Phrase("the workbook is larger than {n} MiB once unpacked, more than a sheet of readings holds", ["n": String(2 * WorkbookTable.partBytes >> 20)]))
            }
            parts[part] = bytes
        }
        let book = try workbook(parts["xl/workbook.xml"], rels: parts["xl/_rels/workbook.xml.rels"], name: name)
        let sheetPart = book.firstTarget.flatMap { parts[$0] != nil ? $0 : nil }
            ?? parts.keys.filter { $0.hasPrefix("xl/worksheets/") && !$0.contains("/_rels/") }.sorted(by: sheetOrder).first
        guard let sheetPart, let sheet = parts[sheetPart] else {
            throw .malformed(path: name, reason: Phrase("the workbook holds no sheet"))
        }
        let strings = try sharedStrings(parts["xl/sharedStrings.xml"], name: name)
        let styles = try cellStyles(parts["xl/styles.xml"], name: name)
        let records = try rows(sheet, strings: strings, styles: styles, date1904: book.date1904, name: name)
        return (book.firstName ?? "Sheet1", max(book.count, 1), records)
    }

    /// `sheet2.xml` after `sheet1.xml`, `sheet10.xml` after `sheet9.xml`.
    private static func sheetOrder(_ a: String, _ b: String) -> Bool {
        let number = { (part: String) in Int(part.filter(\.isASCIIDigit)) ?? Int.max }
        return number(a) < number(b)
    }

    // MARK: - The workbook

    private static func workbook(_ bytes: [UInt8]?, rels: [UInt8]?, name: String) throws(InterchangeError)
        -> (firstName: String?, firstTarget: String?, count: Int, date1904: Bool)
    {
        guard let bytes else { return (nil, nil, 0, false) }
        var firstName: String?, firstID: String?, count = 0, date1904 = false
        let reader = try XMLStreamReader(source: MemoryByteSource(bytes), path: name)
        while try reader.next() {
            guard reader.kind == .elementStart else { continue }
            switch localName(reader.name) {
            case "workbookPr": date1904 = ["1", "true"].contains(reader.attribute("date1904") ?? "")
            case "sheet":
                count += 1
                if firstName == nil {
                    firstName = reader.attribute("name")
                    firstID = reader.attribute("r:id")
                }
            default: break
            }
        }
        var target: String?
        if let rels, let firstID {
            let reader = try XMLStreamReader(source: MemoryByteSource(rels), path: name)
            while try reader.next() {
                guard reader.kind == .elementStart, localName(reader.name) == "Relationship", reader.attribute("Id") == firstID, let written = reader.attribute("Target") else { continue }
                target = written.hasPrefix("/") ? String(written.dropFirst()) : "xl/" + written
            }
        }
        return (firstName, target, count, date1904)
    }

    // MARK: - Shared strings and styles

    /// Each shared string's text: its runs joined, without the phonetic guide (`rPh`) East Asian
    /// Excel adds.
    private static func sharedStrings(_ bytes: [UInt8]?, name: String) throws(InterchangeError) -> [String] {
        guard let bytes else { return [] }
        var strings: [String] = []
        var current = "", inText = false, inPhonetic = false
        let reader = try XMLStreamReader(source: MemoryByteSource(bytes), path: name)
        while try reader.next() {
            if reader.isText {
                if inText && !inPhonetic { current += reader.value }
                continue
            }
            let local = localName(reader.name)
            switch (reader.kind, local) {
            case (.elementStart, "si"):
                current = ""
                if reader.isEmptyElement { strings.append("") }
            case (.elementEnd, "si"): strings.append(current)
            case (.elementStart, "t"): inText = !reader.isEmptyElement
            case (.elementEnd, "t"): inText = false
            case (.elementStart, "rPh"): inPhonetic = !reader.isEmptyElement
            case (.elementEnd, "rPh"): inPhonetic = false
            default: break
            }
        }
        return strings
    }

    /// What each cell style (`s="3"`) shows a number as.
    enum NumberKind { case number, date, time, dateTime }

    private static func cellStyles(_ bytes: [UInt8]?, name: String) throws(InterchangeError) -> [NumberKind] {
        guard let bytes else { return [] }
        var formats: [Int: String] = [:]
        var kinds: [NumberKind] = []
        var inCellFormats = false
        let reader = try XMLStreamReader(source: MemoryByteSource(bytes), path: name)
        while try reader.next() {
            let local = localName(reader.name)
            switch (reader.kind, local) {
            case (.elementStart, "numFmt"):
                if let id = reader.attribute("numFmtId").flatMap(Int.init), let code = reader.attribute("formatCode") { formats[id] = code }
            case (.elementStart, "cellXfs"): inCellFormats = !reader.isEmptyElement
            case (.elementEnd, "cellXfs"): inCellFormats = false
            case (.elementStart, "xf") where inCellFormats:
                let id = reader.attribute("numFmtId").flatMap(Int.init) ?? 0
                kinds.append(formats[id].map(kind(ofFormat:)) ?? builtInKind(id))
            default: break
            }
        }
        return kinds
    }

    /// The built-in formats: 14–17 and 22 dates, 18–21 and 45–47 times, and the East Asian
    /// ones (27–36, 50–58: `yyyy"年"m"月"d"日"`, `h"时"mm"分"`…).
    private static func builtInKind(_ id: Int) -> NumberKind {
        switch id {
        case 14...17, 27...31, 36, 50...58: .date
        case 22: .dateTime
        case 18...21, 32...35, 45...47: .time
        default: .number
        }
    }

    /// A custom format's kind, from its codes outside quotes and brackets: `y` or `d` a date,
    /// `h` or `s` a time (`[h]:mm` too).
    static func kind(ofFormat code: String) -> NumberKind {
        var plain = "", quoted = false, bracketed = false, escaped = false
        for character in code {
            if escaped { escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "\"": quoted.toggle()
            case "[": bracketed = !quoted
            case "]": bracketed = false
            default: if !quoted && !bracketed { plain.append(character) }
            }
        }
        let lower = plain.lowercased()
        let date = lower.contains("y") || lower.contains("d")
        let time = lower.contains("h") || lower.contains("s")
        switch (date, time) {
        case (true, true): return .dateTime
        case (true, false): return .date
        case (false, true): return .time
        default: return code.contains("[h]") || code.contains("[mm]") ? .time : .number
        }
    }

    // MARK: - The sheet

    private static func rows(
        _ bytes: [UInt8], strings: [String], styles: [NumberKind], date1904: Bool, name: String
    ) throws(InterchangeError) -> [CSVReader.Record] {
        var records = SheetRecords(name: name)
        var row = SheetRow(), rowNumber = 0, nextColumn = 0
        var cell: (column: Int, type: String, style: Int)?
        var value = "", inValue = false, inInline = false
        let reader = try XMLStreamReader(source: MemoryByteSource(bytes), path: name)
        while try reader.next() {
            if reader.isText {
                if inValue || inInline { value += reader.value }
                continue
            }
            let local = localName(reader.name)
            switch (reader.kind, local) {
            case (.elementStart, "row"):
                rowNumber = reader.attribute("r").flatMap(Int.init) ?? rowNumber + 1
                row = SheetRow()
                nextColumn = 0
                if reader.isEmptyElement { continue }
            case (.elementEnd, "row"):
                if !row.isEmpty { try records.append(row, line: rowNumber) }
            case (.elementStart, "c"):
                let column = reader.attribute("r").flatMap(columnIndex) ?? nextColumn
                cell = (column, reader.attribute("t") ?? "n", reader.attribute("s").flatMap(Int.init) ?? 0)
                nextColumn = column + 1
                value = ""
                if reader.isEmptyElement { cell = nil }
            case (.elementStart, "v"): inValue = !reader.isEmptyElement
            case (.elementEnd, "v"): inValue = false
            case (.elementStart, "is"): inInline = !reader.isEmptyElement
            case (.elementEnd, "is"): inInline = false
            case (.elementEnd, "c"):
                if let open = cell {
                    let style = open.style < styles.count ? styles[open.style] : .number
                    row.put(try text(value, type: open.type, style: style, strings: strings, date1904: date1904, name: name, row: rowNumber), at: open.column)
                }
                cell = nil
            default: break
            }
        }
        return records.records
    }

    /// The text of a cell's value, by its type and style.
    private static func text(
        _ value: String, type: String, style: NumberKind, strings: [String], date1904: Bool, name: String, row: Int
    ) throws(InterchangeError) -> String {
        switch type {
        case "s":
            guard let index = Int(value.trimmingWhitespace()), strings.indices.contains(index) else {
                throw .malformed(path: "\(name):\(row)", reason: Phrase("a cell names shared string {index}, which the workbook does not have", ["index": value]))
            }
            return strings[index]
        case "str", "inlineStr", "e": return value
        case "b": return value == "1" ? "TRUE" : "FALSE"
        case "d": return value.replacingFirst("T", with: " ")
        default:
            guard let number = Double(value.trimmingWhitespace()) else { return value }
            return serialText(number, style: style, date1904: date1904) ?? SheetDateText.number(number)
        }
    }

    /// A serial day number as the date, time, or both its style shows; nil for a plain number.
    static func serialText(_ serial: Double, style: NumberKind, date1904: Bool) -> String? {
        guard style != .number, serial.isFinite, serial >= 0, serial < 2_958_466 else { return nil }
        let days = Int(serial.rounded(.down))
        var seconds = Int(((serial - Double(days)) * 86_400).rounded())
        var day = days
        if seconds >= 86_400 {
            seconds -= 86_400
            day += 1
        }
        // Serial 25569 is 1970-01-01 (Excel counts a 29 February 1900 that never was); 1904 dates start 1462 days later.
        let date = CivilDate(dayNumber: day + (date1904 ? 1462 : 0) - 25_569)
        switch style {
        case .time: return SheetDateText.clock(seconds)
        case .date: return seconds == 0 ? date.description : SheetDateText.date(date, seconds: seconds)
        case .dateTime: return days == 0 ? SheetDateText.clock(seconds) : SheetDateText.date(date, seconds: seconds)
        case .number: return nil
        }
    }

    /// `C12` → 2.
    private static func columnIndex(_ reference: String) -> Int? {
        var index = 0
        var letters = 0
        for scalar in reference.unicodeScalars {
            guard (65...90).contains(scalar.value) || (97...122).contains(scalar.value) else { break }
            index = index * 26 + Int((scalar.value & 0xDF) - 64)
            letters += 1
        }
        return letters == 0 || letters > 3 ? nil : index - 1
    }

    /// `x:row` → `row`: some writers prefix the spreadsheet namespace.
    static func localName(_ name: String) -> Substring {
        name.firstIndex(of: ":").map { name[name.index(after: $0)...] } ?? name[...]
    }
}

extension String {
    /// The string with the first `target` replaced.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let found = firstIndex(of: target) else { return self }
        return String(self[..<found]) + replacement + String(self[self.index(after: found)...])
    }
}
