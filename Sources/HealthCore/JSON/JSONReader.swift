/// Limits that keep reading JSON in bounded memory, whatever the input: each is checked as the
/// bytes arrive, so an endless string or a hostile nesting fails at once.
public struct JSONLimits: Sendable {
    /// The longest string, in bytes of UTF-8.
    public var stringBytes: Int
    /// The deepest nesting of arrays and objects.
    public var depth: Int
    /// The largest value ``JSONReader/readValue()`` builds in memory, in bytes of input.
    public var valueBytes: Int
    /// The longest number literal.
    public var numberLength: Int

    public init(stringBytes: Int = 1 << 20, depth: Int = 64, valueBytes: Int = 8 << 20, numberLength: Int = 64) {
        self.stringBytes = stringBytes
        self.depth = depth
        self.valueBytes = valueBytes
        self.numberLength = numberLength
    }
}

/// Input that is not JSON, or that passes a ``JSONLimits`` limit: where, and why.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the offending byte.
    public let line: Int
    /// Bytes read before it.
    public let offset: Int64
    public let message: String

    public var description: String { "line \(line): \(message)" }
}

/// A streaming JSON reader: it walks a document token by token from a byte source, so a file of
/// any size is read in flat memory, and only the values asked for are built.
///
/// ```swift
/// let reader = JSONReader(bytes: bytes)
/// try reader.enterObject()
/// while let key = try reader.nextKey() {
///     if key == "readings" {
///         try reader.enterArray()
///         while try reader.nextElement() { let reading = try reader.readValue() }
///     } else {
///         try reader.skipValue()
///     }
/// }
/// ```
///
/// A sequence of top-level values (NDJSON) is read by calling ``readValue()`` until
/// ``atEnd()``. It owns no resources; the source closure is its only link to the input.
public final class JSONReader {
    /// What comes next.
    public enum Kind: Equatable, Sendable {
        case object, array, string, number, bool, null
        /// Nothing more: the input ended.
        case end
    }

    private let source: (UnsafeMutableRawBufferPointer) throws -> Int
    private let limits: JSONLimits
    private var buffer: [UInt8]
    private var index = 0
    private var count = 0
    private var consumedBefore: Int64 = 0
    private var finished = false
    /// The 1-based line of the next byte.
    public private(set) var line = 1
    /// Per open container: true for an object, and whether it has had a member yet.
    private var containers: [(isObject: Bool, hasMember: Bool)] = []
    private var scratch: [UInt8] = []

    /// Reads from `source`, which fills the buffer it is given and returns the byte count (0 at the end).
    public init(limits: JSONLimits = JSONLimits(), source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.source = source
        self.limits = limits
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// Reads a document held in memory.
    public convenience init(bytes: [UInt8], limits: JSONLimits = JSONLimits()) {
        self.init(limits: limits, source: memoryFeed(bytes))
    }

    /// Bytes read so far.
    public var offset: Int64 { consumedBefore + Int64(index) }

    // MARK: - Bytes

    /// The next byte without taking it, or nil at the end.
    private func peekByte() throws -> UInt8? {
        if index < count { return buffer[index] }
        guard try refill() else { return nil }
        return buffer[index]
    }

    private func refill() throws -> Bool {
        guard !finished else { return false }
        consumedBefore += Int64(count)
        index = 0
        count = try buffer.withUnsafeMutableBytes { try source($0) }
        if count == 0 { finished = true }
        return count > 0
    }

    private func takeByte() throws -> UInt8? {
        guard let byte = try peekByte() else { return nil }
        index += 1
        if byte == UInt8(ascii: "\n") { line += 1 }
        return byte
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, offset: offset, message: message)
    }

    private func skipWhitespace() throws {
        while let byte = try peekByte() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): _ = try takeByte()
            case 0xEF where offset == 0:
                // A UTF-8 byte-order mark at the very start.
                for expected in [UInt8(0xEF), 0xBB, 0xBF] {
                    guard try takeByte() == expected else { throw fail("the file is not valid UTF-8") }
                }
            default: return
            }
        }
    }

    private func expect(_ byte: UInt8, _ what: String) throws {
        try skipWhitespace()
        guard let found = try takeByte() else { throw fail("the document ends early: \(what) expected") }
        guard found == byte else { throw fail("\(what) expected, found \(describe(found))") }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: - Structure

    /// The kind of the next value, or ``Kind/end`` when only whitespace is left.
    public func peek() throws -> Kind {
        try skipWhitespace()
        guard let byte = try peekByte() else { return .end }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw fail("a JSON value expected, found \(describe(byte))")
        }
    }

    /// True when only whitespace is left.
    public func atEnd() throws -> Bool { try peek() == .end }

    /// Takes the `{` of an object; read its members with ``nextKey()``.
    public func enterObject() throws {
        guard containers.count < limits.depth else { throw fail("nesting deeper than \(limits.depth) levels") }
        try expect(UInt8(ascii: "{"), "an object")
        containers.append((true, false))
    }

    /// Takes the `[` of an array; step through it with ``nextElement()``.
    public func enterArray() throws {
        guard containers.count < limits.depth else { throw fail("nesting deeper than \(limits.depth) levels") }
        try expect(UInt8(ascii: "["), "an array")
        containers.append((false, false))
    }

    /// The next member's key, with its `:` taken, so its value is next; nil when the object ends.
    public func nextKey() throws -> String? {
        guard let container = containers.last, container.isObject else { throw fail("not inside an object") }
        try skipWhitespace()
        if try peekByte() == UInt8(ascii: "}") {
            _ = try takeByte()
            containers.removeLast()
            return nil
        }
        if container.hasMember { try expect(UInt8(ascii: ","), "',' or '}'") }
        containers[containers.count - 1].hasMember = true
        try skipWhitespace()
        guard try peekByte() == UInt8(ascii: "\"") else {
            throw fail(container.hasMember ? "a member name expected" : "a member name or '}' expected")
        }
        let key = try readString()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// True when another element follows (it is next); false when the array ends.
    public func nextElement() throws -> Bool {
        guard let container = containers.last, !container.isObject else { throw fail("not inside an array") }
        try skipWhitespace()
        if try peekByte() == UInt8(ascii: "]") {
            _ = try takeByte()
            containers.removeLast()
            return false
        }
        if container.hasMember { try expect(UInt8(ascii: ","), "',' or ']'") }
        containers[containers.count - 1].hasMember = true
        return true
    }

    // MARK: - Values

    /// The next value, built in memory (at most ``JSONLimits/valueBytes`` of input).
    public func readValue() throws -> JSONValue {
        let start = offset
        return try value(depth: containers.count, start: start)
    }

    /// Passes over the next value without building it.
    public func skipValue() throws {
        switch try peek() {
        case .object:
            try enterObject()
            while try nextKey() != nil { try skipValue() }
        case .array:
            try enterArray()
            while try nextElement() { try skipValue() }
        case .string: _ = try readString()
        case .number: _ = try readNumber()
        case .bool, .null: _ = try readLiteral()
        case .end: throw fail("the document ends early: a value expected")
        }
    }

    private func value(depth: Int, start: Int64) throws -> JSONValue {
        if offset - start > Int64(limits.valueBytes) {
            throw fail("one value is larger than \(limits.valueBytes >> 20) MiB")
        }
        switch try peek() {
        case .object:
            guard depth < limits.depth else { throw fail("nesting deeper than \(limits.depth) levels") }
            try expect(UInt8(ascii: "{"), "an object")
            var members: [(String, JSONValue)] = []
            var first = true
            while true {
                try skipWhitespace()
                if try peekByte() == UInt8(ascii: "}") {
                    _ = try takeByte()
                    return .object(members)
                }
                if !first { try expect(UInt8(ascii: ","), "',' or '}'") }
                first = false
                try skipWhitespace()
                guard let next = try peekByte() else { throw fail("the document ends early: a member name expected") }
                guard next == UInt8(ascii: "\"") else { throw fail("a member name expected, found \(describe(next))") }
                let key = try readString()
                try expect(UInt8(ascii: ":"), "':'")
                members.append((key, try value(depth: depth + 1, start: start)))
            }
        case .array:
            guard depth < limits.depth else { throw fail("nesting deeper than \(limits.depth) levels") }
            try expect(UInt8(ascii: "["), "an array")
            var items: [JSONValue] = []
            var first = true
            while true {
                try skipWhitespace()
                if try peekByte() == UInt8(ascii: "]") {
                    _ = try takeByte()
                    return .array(items)
                }
                if !first { try expect(UInt8(ascii: ","), "',' or ']'") }
                first = false
                items.append(try value(depth: depth + 1, start: start))
            }
        case .string: return .string(try readString())
        case .number: return .number(try readNumber())
        case .bool, .null: return try readLiteral()
        case .end: throw fail("the document ends early: a value expected")
        }
    }

    private func readLiteral() throws -> JSONValue {
        try skipWhitespace()
        for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
        where try peekByte() == word.utf8.first {
            for expected in word.utf8 {
                guard try takeByte() == expected else { throw fail("'\(word)' is misspelt") }
            }
            return value
        }
        throw fail("true, false or null expected")
    }

    private func readNumber() throws -> String {
        try skipWhitespace()
        var text = ""
        while let byte = try peekByte() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                _ = try takeByte()
                text.unicodeScalars.append(Unicode.Scalar(byte))
                guard text.utf8.count <= limits.numberLength else {
                    throw fail("a number longer than \(limits.numberLength) characters")
                }
            default:
                guard JSONReader.isNumber(text) else { throw fail("'\(text)' is not a number") }
                return text
            }
        }
        guard JSONReader.isNumber(text) else { throw fail("'\(text)' is not a number") }
        return text
    }

    /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { (48...57).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A string value or member name, its escapes undone.
    private func readString() throws -> String {
        try expect(UInt8(ascii: "\""), "a string")
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try takeByte() else { throw fail("a string is never closed") }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scratch, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try readEscape()
            case 0x00..<0x20:
                if byte == UInt8(ascii: "\n") { line -= 1 }  // the string's line is the one to name
                throw fail("a control character inside a string (it must be escaped)")
            default:
                scratch.append(byte)
            }
            guard scratch.count <= limits.stringBytes else {
                throw fail("a string longer than \(limits.stringBytes >> 10) KiB")
            }
        }
    }

    private func readEscape() throws {
        guard let byte = try takeByte() else { throw fail("a string is never closed") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad()
            if (0xD800...0xDBFF).contains(value) {
                // A surrogate pair: the low half must follow as another \u escape.
                guard try takeByte() == UInt8(ascii: "\\"), try takeByte() == UInt8(ascii: "u") else {
                    throw fail("a lone surrogate in \\u escape")
                }
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in \\u escape") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw fail("a lone surrogate in \\u escape") }
            scratch.append(contentsOf: Array(String(scalar).utf8))
        default:
            throw fail("an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try takeByte(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw fail("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
