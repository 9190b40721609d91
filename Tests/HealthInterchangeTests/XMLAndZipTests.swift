import Foundation
import HealthCore
@testable import HealthInterchange
import Testing

/// The streaming XML reader and the zip entry source behind Apple Health imports.
@Suite struct XMLAndZipTests {
    @Test func theXMLReaderWalksElementsWithTheirDepthAndAttributes() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("a.xml", "<?xml version=\"1.0\"?>\n<Root><Item kind=\"a\" value=\"1\"/>\n<Item kind=\"b\"><Child/></Item></Root>\n")
        let reader = try XMLStreamReader(source: try FileByteSource(path: path, progress: nil), path: path)
        var seen: [String] = []
        while try reader.next() {
            guard reader.kind == .elementStart else { continue }
            seen.append("\(reader.depth):\(reader.name):\(reader.attribute("kind") ?? "-"):\(reader.isEmptyElement):\(reader.line)")
        }
        #expect(seen == ["0:Root:-:false:2", "1:Item:a:true:2", "1:Item:b:false:3", "2:Child:-:true:3"])
    }

    @Test func brokenXMLIsAnErrorWithItsLine() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("b.xml", "<Root>\n<Item></Wrong></Root>")
        let reader = try XMLStreamReader(source: try FileByteSource(path: path, progress: nil), path: path)
        #expect(throws: InterchangeError.self) { while try reader.next() {} }
    }

    @Test func theGuardDropsLeadingWhitespaceAndStopsAnEndlessElement() throws {
        let directory = TemporaryDirectory()
        let spaced = directory.write("s.xml", "\n\n  \t<?xml version=\"1.0\"?><Root/>")
        let reader = try XMLStreamReader(source: XMLInputGuard(try FileByteSource(path: spaced, progress: nil), name: spaced), path: spaced)
        var names: [String] = []
        while try reader.next() {
            if reader.kind == .elementStart { names.append(reader.name) }
        }
        #expect(names == ["Root"])
        let endless = directory.write("e.xml", "<Root a=\"" + String(repeating: "x", count: InputLimits.xmlElementBytes + 10))
        let guarded = XMLInputGuard(try FileByteSource(path: endless, progress: nil), name: endless)
        #expect(throws: InterchangeError.self) { _ = try readAll(guarded) }
    }

    @Test func zipEntriesAreFoundAndInflated() throws {
        // The fixture zip holds export.xml, deflated.
        let zip = fixture("apple_export.zip")
        let bytes = try readAll(try ZipEntrySource(path: zip, entryNamed: "export.xml", displayName: zip, progress: nil))
        #expect(String(decoding: bytes, as: UTF8.self).contains("<HealthData"))
        #expect(throws: InterchangeError.malformed(path: zip, reason: "the zip holds no missing.xml")) {
            try ZipEntrySource(path: zip, entryNamed: "missing.xml", displayName: zip, progress: nil)
        }
    }
}

/// Zip64 archives (what years of workout routes make) and spreadsheets, made by Python's zipfile.
@Suite struct Zip64AndSpreadsheetTests {
    /// Runs Python's zipfile to write `script`'s archive at the path it is given as `out`.
    private func makeZip(_ script: String) throws -> String {
        let out = NSTemporaryDirectory() + "zip-\(UUID().uuidString).zip"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, zipfile\nout = sys.argv[1]\nxml = open(sys.argv[2]).read()\n" + script, out, fixture("apple_export.xml")]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return out
    }

    @Test func anArchiveOfMoreThan65535EntriesIsRead() throws {
        let zip = try makeZip("""
            z = zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED)
            for i in range(65600): z.writestr('apple_health_export/workout-routes/route_%d.gpx' % i, '')
            z.writestr(zipfile.ZipInfo('apple_health_export/export.xml'), xml, compress_type=zipfile.ZIP_DEFLATED)
            z.close()
            """)
        defer { try? FileManager.default.removeItem(atPath: zip) }
        let bytes = try readAll(try ZipEntrySource(path: zip, entryNamed: "export.xml", displayName: zip, progress: nil))
        #expect(String(decoding: bytes, as: UTF8.self) == (try String(contentsOfFile: fixture("apple_export.xml"), encoding: .utf8)))
        let plain = try read(fixture("apple_export.xml"), profile: "p")
        let zipped = try read(zip, profile: "p")
        #expect(zipped.readings.count == plain.readings.count && !plain.readings.isEmpty)
    }

    @Test func aZip64EntryIsRead() throws {
        let zip = try makeZip("""
            z = zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED)
            with z.open('export.xml', 'w', force_zip64=True) as f: f.write(xml.encode())
            z.close()
            """)
        defer { try? FileManager.default.removeItem(atPath: zip) }
        let bytes = try readAll(try ZipEntrySource(path: zip, entryNamed: "export.xml", displayName: zip, progress: nil))
        #expect(String(decoding: bytes, as: UTF8.self).contains("<HealthData"))
    }

    /// A workbook is read as a table (issue 38), never as an Apple Health export: one with no
    /// header HealthLog knows is refused as a table is.
    @Test func aWorkbookWithNoKnownHeaderIsRefusedAsATable() throws {
        let zip = try makeZip("""
            z = zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED)
            z.writestr('[Content_Types].xml', '<Types/>')
            z.writestr('xl/workbook.xml', '<workbook/>')
            z.writestr('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Shopping</t></is></c></row></sheetData></worksheet>')
            z.close()
            """)
        defer { try? FileManager.default.removeItem(atPath: zip) }
        #expect(throws: InterchangeError.unrecognized(path: zip)) { try InterchangeFormat.detect(path: zip) }
    }

    /// A few hundred bytes that repeat a written row a million times, or put one cell in the last
    /// column of every row, are refused once the sheet passes its cell limit: never held whole.
    @Test func aWorkbookThatWouldHoldBillionsOfCellsIsRefused() throws {
        let ods = try makeZip("""
            z = zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED)
            z.writestr('mimetype', 'application/vnd.oasis.opendocument.spreadsheet')
            z.writestr('content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="S"><table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="16384" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>')
            z.close()
            """)
        defer { try? FileManager.default.removeItem(atPath: ods) }
        let xlsx = try makeZip("""
            z = zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED)
            z.writestr('xl/workbook.xml', '<workbook/>')
            rows = ''.join('<row r="%d"><c r="XFD%d" t="inlineStr"><is><t>x</t></is></c></row>' % (i, i) for i in range(1, 200001))
            z.writestr('xl/worksheets/sheet1.xml', '<worksheet><sheetData>' + rows + '</sheetData></worksheet>')
            z.close()
            """)
        defer { try? FileManager.default.removeItem(atPath: xlsx) }
        let refusal = Phrase("the sheet holds more than {n} cells, more than a sheet of readings holds", ["n": "2000000"])
        #expect(throws: InterchangeError.malformed(path: ods, reason: refusal)) { try InterchangeFormat.detect(path: ods) }
        #expect(throws: InterchangeError.malformed(path: xlsx, reason: refusal)) { try InterchangeFormat.detect(path: xlsx) }
    }

    @Test func anOpenDocumentFileWithNoSheetSaysSo() throws {
        let zip = try makeZip("""
            z = zipfile.ZipFile(out, 'w')
            z.writestr('mimetype', 'application/vnd.oasis.opendocument.spreadsheet')
            z.writestr('content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>')
            z.close()
            """)
        defer { try? FileManager.default.removeItem(atPath: zip) }
        #expect(throws: InterchangeError.malformed(path: zip, reason: Phrase("the workbook holds no sheet"))) {
            try InterchangeFormat.detect(path: zip)
        }
        // An Apple Health export.zip is still one.
        #expect(try InterchangeFormat.detect(path: fixture("apple_export.zip")) == .appleHealth)
    }
}

/// Everything a byte source gives, to its end.
private func readAll(_ source: any ByteSource) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if count == 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// How a workbook's cells become the text the decoders read (issue 38).
@Suite struct WorkbookCellTests {
    /// Excel's serial days: 46328 is 2026-11-02, its fraction the time; a 1904 workbook counts
    /// from 1904-01-01; a plain number stays one.
    @Test func serialDaysAsTheirStyleShowsThem() {
        #expect(OfficeOpenXMLSheet.serialText(46328, style: .date, date1904: false) == "2026-11-02")
        #expect(OfficeOpenXMLSheet.serialText(46328.3125, style: .dateTime, date1904: false) == "2026-11-02 07:30:00")
        #expect(OfficeOpenXMLSheet.serialText(0.875, style: .time, date1904: false) == "21:00")
        #expect(OfficeOpenXMLSheet.serialText(44866, style: .date, date1904: true) == "2026-11-02")
        #expect(OfficeOpenXMLSheet.serialText(135, style: .number, date1904: false) == nil)
    }

    /// A custom format's codes outside quotes and brackets tell a date from a time or a number.
    @Test func customFormatsAreToldByTheirCodes() {
        #expect(OfficeOpenXMLSheet.kind(ofFormat: "yyyy\"年\"m\"月\"d\"日\"") == .date)
        #expect(OfficeOpenXMLSheet.kind(ofFormat: "h:mm;@") == .time)
        #expect(OfficeOpenXMLSheet.kind(ofFormat: "yyyy/m/d h:mm") == .dateTime)
        #expect(OfficeOpenXMLSheet.kind(ofFormat: "0.0\"斤\"") == .number)
        #expect(OfficeOpenXMLSheet.kind(ofFormat: "[Red]0.00") == .number)
        #expect(OpenDocumentSheet.duration("PT07H30M00S") == "7:30")
    }
}
