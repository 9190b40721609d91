import HealthCore
import Testing

/// The streaming writers write byte for byte what ``JSONValue/serialized(indent:)`` writes for
/// the same value built whole: a backup, a FHIR Bundle or a listing reads the same either way.
@Suite struct JSONStreamWritersTests {
    private let reading = JSONValue.object([
        ("id", .string("3f2a")), ("systolic", .int(138)), ("tags", .array([.string("bp-med"), .string("低脂")])),
        ("empty", .array([])), ("note", .null), ("nested", .object([("a", .array([.object([("b", .int(1))])]))])),
    ])

    private func text(_ sink: MemorySink) -> String { String(decoding: sink.bytes, as: UTF8.self) }

    @Test(arguments: [0, 1, 3])
    func anArrayIsWrittenAsWhole(count: Int) {
        let elements = Array(repeating: reading, count: count)
        let sink = MemorySink()
        var array = JSONArrayWriter(into: sink)
        for element in elements { array.element(element) }
        array.end()
        #expect(text(sink) == JSONValue.array(elements).serialized())
    }

    @Test func aDocumentWithArraysIsWrittenAsWhole() {
        let sink = MemorySink()
        var document = JSONDocumentWriter(into: sink)
        document.member("format", .string("healthlog-backup"))
        document.beginArray("none")
        document.beginArray("readings")
        for _ in 0..<2 { document.element(reading) }
        document.member("after", .object([("n", .int(2))]))
        document.beginArray("last")
        document.element(.int(7))
        document.end()
        document.end()
        let whole = JSONValue.object([
            ("format", .string("healthlog-backup")), ("none", .array([])), ("readings", .array([reading, reading])),
            ("after", .object([("n", .int(2))])), ("last", .array([.int(7)])),
        ])
        #expect(text(sink) == whole.serialized())
    }

    @Test func anEmptyDocumentIsAnEmptyObject() {
        let sink = MemorySink()
        var document = JSONDocumentWriter(into: sink)
        document.end()
        #expect(text(sink) == JSONValue.object([]).serialized())
    }
}
