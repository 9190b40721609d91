import HealthCore

/// The first sheet of an OpenDocument spreadsheet (`.ods`, LibreOffice or WPS): `content.xml`'s
/// first `table:table`. A cell's value is its typed one where it has one (`office:date-value`,
/// `office:time-value`, `office:value`), else its text; rows and cells a program wrote once with
/// a repeat count (`table:number-rows-repeated`) are placed where they stand, and runs of empty
/// ones (LibreOffice ends a sheet with a million) cost nothing.
enum OpenDocumentSheet {
    static func firstSheet(path: String, name: String) throws(InterchangeError) -> (name: String, count: Int, records: [CSVReader.Record]) {
        let archive = try ZipArchive(path: path, name: name)
        guard try archive.find("content.xml") != nil else {
            throw .malformed(path: name, reason: Phrase("the OpenDocument file holds no content.xml"))
        }
        let content = try archive.readEntry(limit: WorkbookTable.partBytes)
        let reader = try XMLStreamReader(source: MemoryByteSource(content), path: name)
        var tables = 0, sheetName = "", inFirst = false, depth = 0
        var records = SheetRecords(name: name)
        var row = SheetRow(), rowNumber = 0, rowRepeat = 1, column = 0
        var cell: (value: String?, repeated: Int)?
        var text = "", paragraphs = 0
        while try reader.next() {
            if reader.isText {
                if cell != nil { text += reader.value }
                continue
            }
            guard inFirst || (reader.kind == .elementStart && reader.name == "table:table") else { continue }
            switch (reader.kind, reader.name) {
            case (.elementStart, "table:table"):
                tables += 1
                if tables == 1 {
                    inFirst = true
                    depth = reader.depth
                    sheetName = reader.attribute("table:name") ?? "Sheet1"
                }
            case (.elementEnd, "table:table") where reader.depth == depth:
                inFirst = false
            case (.elementStart, "table:table-row"):
                row = SheetRow()
                column = 0
                rowRepeat = min(reader.attribute("table:number-rows-repeated").flatMap(Int.init) ?? 1, 1 << 20)
                if reader.isEmptyElement { rowNumber += rowRepeat }
            case (.elementEnd, "table:table-row"):
                if row.isEmpty {
                    rowNumber += rowRepeat
                } else {
                    // A row repeated with content is as many rows (rare; kept within the sheet's rows).
                    for _ in 0..<rowRepeat {
                        rowNumber += 1
                        try records.append(row, line: rowNumber)
                    }
                }
            case (.elementStart, "table:table-cell"), (.elementStart, "table:covered-table-cell"):
                let repeated = max(reader.attribute("table:number-columns-repeated").flatMap(Int.init) ?? 1, 1)
                cell = (typedValue(reader), repeated)
                text = ""
                paragraphs = 0
                if reader.isEmptyElement {
                    if let value = cell?.value { row.put(value, at: column, repeated: repeated) }
                    column += repeated
                    cell = nil
                }
            case (.elementStart, "text:p"), (.elementStart, "text:h"):
                if cell != nil {
                    if paragraphs > 0 { text += "\n" }
                    paragraphs += 1
                }
            case (.elementStart, "text:s"):
                if cell != nil { text += String(repeating: " ", count: reader.attribute("text:c").flatMap(Int.init) ?? 1) }
            case (.elementStart, "text:tab"):
                if cell != nil { text += "\t" }
            case (.elementStart, "text:line-break"):
                if cell != nil { text += "\n" }
            case (.elementEnd, "table:table-cell"), (.elementEnd, "table:covered-table-cell"):
                if let open = cell { row.put(open.value ?? text, at: column, repeated: open.repeated) }
                column += cell?.repeated ?? 1
                cell = nil
            default: break
            }
        }
        guard tables > 0 else { throw .malformed(path: name, reason: Phrase("the workbook holds no sheet")) }
        return (sheetName, tables, records.records)
    }

    /// The value a cell's type gives (`2026-11-03 07:30:00`, `7:30`, `135`), or nil for text.
    private static func typedValue(_ reader: XMLStreamReader) -> String? {
        switch reader.attribute("office:value-type") {
        case "date":
            guard let value = reader.attribute("office:date-value") else { return nil }
            // `2026-11-03T07:30:00` (a fraction of a second dropped); a midnight date stays a date.
            let whole = String(value.prefix { $0 != "." })
            return whole.hasSuffix("T00:00:00") ? String(whole.prefix(10)) : whole.replacingFirst("T", with: " ")
        case "time":
            return reader.attribute("office:time-value").flatMap(duration)
        case "float", "percentage", "currency":
            return reader.attribute("office:value").flatMap(Double.init).map(SheetDateText.number)
        default:
            return nil
        }
    }

    /// `PT07H30M00S` → `7:30`.
    static func duration(_ text: String) -> String? {
        guard text.hasPrefix("PT") else { return nil }
        var number = "", seconds = 0.0
        for character in text.dropFirst(2) {
            switch character {
            case "H": seconds += (Double(number) ?? 0) * 3600; number = ""
            case "M": seconds += (Double(number) ?? 0) * 60; number = ""
            case "S": seconds += Double(number) ?? 0; number = ""
            default: number.append(character)
            }
        }
        return SheetDateText.clock(Int(seconds.rounded()))
    }
}
