/// A JSON array written into a sink element by element, exactly as
/// `JSONValue.array(elements).serialized()` writes it whole: a list of any length in flat memory.
///
/// ```swift
/// var array = JSONArrayWriter(into: sink)
/// for reading in readings { array.element(object(reading)) }
/// array.end()
/// ```
public struct JSONArrayWriter {
    private let sink: any ByteSink
    private static let indent = "  "
    private var written = 0

    /// Starts the array (`[`).
    public init(into sink: any ByteSink) {
        self.sink = sink
        sink.write("[")
    }

    /// The next element.
    public mutating func element(_ value: JSONValue) {
        sink.write(written == 0 ? "\n" : ",\n")
        sink.write(JSONArrayWriter.indent)
        sink.write(value.serialized(indent: JSONArrayWriter.indent, depth: 1))
        written += 1
    }

    /// Closes the array (`]`).
    public func end() {
        sink.write(written == 0 ? "]" : "\n]")
    }
}
