import HealthCore
import Testing

/// The buffer writes numbers and strings as the rest of HealthLog writes them, and hands its
/// bytes on in chunks, not piece by piece.
@Suite struct OutputBufferTests {
    /// Counts the writes it is given.
    private final class CountingSink: ByteSink {
        var bytes: [UInt8] = []
        var writes = 0

        func write(_ bytes: UnsafeRawBufferPointer) {
            self.bytes.append(contentsOf: bytes)
            writes += 1
        }
    }

    @Test func numbersAreWrittenAsStringDoes() {
        let sink = CountingSink()
        var buffer = OutputBuffer(into: sink)
        let values = [0, 7, 10, 99, 120, -1, -305, 1_000_000, Int.max, Int.min]
        for value in values {
            buffer.appendDecimal(value)
            buffer.append(byte: UInt8(ascii: " "))
        }
        for (value, width) in [(0, 2), (5, 2), (12, 2), (7, 4), (2026, 4), (12345, 4), (5, 3), (25, 3)] {
            buffer.appendZeroPadded(value, width: width)
            buffer.append(byte: UInt8(ascii: " "))
        }
        buffer.flush()
        let expected = values.map(String.init).joined(separator: " ") + " " + "00 05 12 0007 2026 12345 005 025 "
        #expect(String(decoding: sink.bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: ["plain id", "", "quote \" and \\ back", "two\nlines\t\u{1}", "头晕 \u{202E}rtl\u{2028}", "\u{85}c1"])
    func stringsAreEscapedAsJSONValueEscapesThem(text: String) {
        let sink = CountingSink()
        var buffer = OutputBuffer(into: sink)
        buffer.appendJSONString(text)
        buffer.append(utf8: " ")
        buffer.append(utf8: "\"urn:")
        buffer.appendJSONStringContent(text)
        buffer.append(utf8: "\"")
        buffer.flush()
        let expected = JSONValue.string(text).serialized(indent: nil) + " " + JSONValue.string("urn:" + text).serialized(indent: nil)
        #expect(String(decoding: sink.bytes, as: UTF8.self) == expected)
    }

    @Test func bytesGoOutInChunksOfAboutSixtyFourKiB() {
        let sink = CountingSink()
        var buffer = OutputBuffer(into: sink)
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        for _ in 0..<2_000 {
            buffer.append(piece)
            buffer.flushIfFull()
        }
        // 200,000 bytes: three full chunks handed on as they filled, the rest at the end.
        #expect(sink.writes == 3)
        buffer.flush()
        buffer.flush()
        #expect(sink.writes == 4 && sink.bytes.count == 200_000)
    }
}
