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
        let bytes = try readAll(try ZipEntrySource(path: zip, entryNamed: "export.xml", progress: nil))
        #expect(String(decoding: bytes, as: UTF8.self).contains("<HealthData"))
        #expect(throws: InterchangeError.malformed(path: zip, reason: "the zip holds no missing.xml")) {
            try ZipEntrySource(path: zip, entryNamed: "missing.xml", progress: nil)
        }
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
