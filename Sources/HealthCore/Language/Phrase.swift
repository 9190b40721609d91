/// A sentence a library says to a person, kept as its English pattern and its values until a
/// front end says it in the reader's language: the gettext way, with the English pattern as the
/// key of its translation.
///
/// ```swift
/// throw ValidationError.invalid(Phrase("{name} {value} is out of range ({range})",
///     ["value": "400", "range": "50–300 mmHg"], terms: ["name": Phrase("systolic")]))
/// ```
///
/// The English is ``english``; a ``StringTable`` says it in its own language
/// (``StringTable/say(_:)``) from `Templates/strings/phrases/<code>/<Module>.json`. Every
/// pattern written as `Phrase("…")` in a module's sources must have a translation there (a test
/// reads the sources as `xgettext` would), so a pattern is always one string literal, with
/// `{name}` placeholders and no interpolation.
public struct Phrase: Sendable, Hashable, CustomStringConvertible {
    /// The English pattern, with `{name}` placeholders: also the key of its translations.
    public let pattern: String
    /// Values said as they are: numbers, ids, file names, what the user typed.
    public let values: [String: String]
    /// Values that are words themselves (`systolic`), said in the reader's language too.
    public let terms: [String: Phrase]
    /// True for text that is never translated (an operating system's or SQLite's own message).
    public let isVerbatim: Bool

    /// A sentence from its English pattern, with its values and its translated terms.
    public init(_ pattern: String, _ values: [String: String] = [:], terms: [String: Phrase] = [:]) {
        self.pattern = pattern
        self.values = values
        self.terms = terms
        self.isVerbatim = false
    }

    /// Text said as it is in every language: a message from outside HealthLog.
    public init(verbatim text: String) {
        self.pattern = text
        self.values = [:]
        self.terms = [:]
        self.isVerbatim = true
    }

    /// The sentence in English.
    public var english: String { said { _ in nil } }

    /// Two sentences are one when they say the same in English.
    public static func == (lhs: Phrase, rhs: Phrase) -> Bool { lhs.english == rhs.english }

    public func hash(into hasher: inout Hasher) { hasher.combine(english) }

    public var description: String { english }

    /// The sentence in the language of `words`, or in English when there are none (the
    /// Templates folder could not be read).
    public func said(in words: StringTable?) -> String { words?.say(self) ?? english }

    /// The sentence with `translation` of each pattern (nil keeps the English).
    public func said(_ translation: (String) -> String?) -> String {
        if isVerbatim { return pattern }
        var all = values
        for (name, term) in terms { all[name] = term.said(translation) }
        return Placeholders.fill(translation(pattern) ?? pattern, all)
    }

    /// The sentence as a text a log keeps (a JSON object of its pattern and values), so it is
    /// said in the language of whoever reads it later; ``init(stored:)`` reads it back.
    public var stored: String {
        func value(_ phrase: Phrase) -> JSONValue {
            if phrase.isVerbatim { return .string(phrase.pattern) }
            return .object([
                ("pattern", .string(phrase.pattern)),
                ("values", .object(phrase.values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                ("terms", .object(phrase.terms.sorted { $0.key < $1.key }.map { ($0.key, value($0.value)) })),
            ])
        }
        return isVerbatim ? pattern : value(self).serialized(indent: nil)
    }

    /// A sentence kept as ``stored``; any other text (one kept before sentences were) is said
    /// as it is.
    public init(stored text: String) {
        func phrase(_ value: JSONValue) -> Phrase? {
            if let text = value.string { return Phrase(verbatim: text) }
            guard let pattern = value["pattern"]?.string else { return nil }
            var values: [String: String] = [:]
            for (name, value) in value["values"]?.members ?? [] { values[name] = value.string ?? "" }
            var terms: [String: Phrase] = [:]
            for (name, value) in value["terms"]?.members ?? [] { terms[name] = phrase(value) ?? Phrase(verbatim: "") }
            return Phrase(pattern, values, terms: terms)
        }
        guard text.hasPrefix("{\"pattern\""), let value = try? JSONReader(bytes: Array(text.utf8)).readValue(), let read = phrase(value) else {
            self.init(verbatim: text)
            return
        }
        self = read
    }

    /// This sentence with `prefix` (a file and line, a field's name) before it, said as written.
    public func prefixed(_ prefix: String) -> Phrase {
        Phrase("{prefix}{sentence}", ["prefix": prefix], terms: ["sentence": self])
    }
}

/// `{name}` placeholders in a pattern.
enum Placeholders {
    /// `pattern` with each `{name}` swapped for its value; unknown names stay as written.
    static func fill(_ pattern: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, pattern.contains("{") else { return pattern }
        var result = ""
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}
