/// Bytes made in one reused buffer and handed to a ``ByteSink`` about 64 KiB at a time: a large
/// document written in small pieces costs one write per chunk, not one per piece.
///
/// ```swift
/// var buffer = OutputBuffer(into: file)
/// for reading in readings {
///     buffer.append(fragment)
///     buffer.appendDecimal(reading.pulse ?? 0)
///     buffer.flushIfFull()
/// }
/// buffer.flush()
/// ```
public struct OutputBuffer {
    /// How full the buffer gets before ``flushIfFull()`` hands it on.
    public static let chunkSize = 1 << 16
    private let sink: any ByteSink
    /// What is waiting to be written.
    @usableFromInline var bytes: [UInt8] = []

    /// An empty buffer in front of `sink`.
    public init(into sink: any ByteSink) {
        self.sink = sink
        bytes.reserveCapacity(OutputBuffer.chunkSize + 4096)
    }

    /// Appends `fragment` (a precomputed piece of the document).
    @inlinable public mutating func append(_ fragment: [UInt8]) { bytes.append(contentsOf: fragment) }

    /// Appends one byte.
    @inlinable public mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Appends the UTF-8 of `text` as it is.
    @inlinable public mutating func append(utf8 text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends `value` in decimal digits, with a `-` when negative.
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 24 bytes hold any Int's digits; written from the right.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { scratch in
            var position = scratch.count
            repeat {
                position -= 1
                scratch[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[position...]))
        }
    }

    /// Appends `value` (not negative) zero-padded to at least `width` digits, as ``pad(_:_:)`` writes it.
    public mutating func appendZeroPadded(_ value: Int, width: Int) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        appendDecimal(value)
    }

    /// Appends `text` as a JSON string, quoted and escaped exactly as ``JSONValue`` writes it.
    public mutating func appendJSONString(_ text: String) { JSONValue.appendQuoted(text, to: &bytes) }

    /// Appends `text` escaped as inside a JSON string, without the quotes.
    public mutating func appendJSONStringContent(_ text: String) { JSONValue.appendEscaped(text, to: &bytes) }

    /// Hands the buffer to the sink once it holds a chunk.
    @inlinable public mutating func flushIfFull() {
        if bytes.count >= OutputBuffer.chunkSize { flush() }
    }

    /// Hands whatever is waiting to the sink.
    public mutating func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { sink.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
