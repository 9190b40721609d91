/// Where the Chinese HealthLog writes puts a space, decided once for every Chinese sentence the
/// string table assembles (page 1's prose, its lines, the events table, `stats`, `med list`):
///
/// - between a Han character and a Latin letter, either way: `和 ramipril`, `40 mg 和`;
/// - between a Han character and a number, either way: `本周 12 次`, `读数 11月16日`, `5 天`,
///   except inside a date, whose digits stay joined to 年, 月 and 日 (`2026年11月30日`), and
///   before a grade, type or stage (`1级高血压`, `2型糖尿病`);
/// - never before a closing Chinese punctuation mark nor after an opening one: `（n=6）`, `，`.
///
/// It works on the table's own words and at the edges of each value filled in, never inside a
/// value: a name, a note or a medicine typed by the user is kept exactly as typed.
public enum ChineseSpacing {
    /// `template` with its own words spaced; its `{placeholders}` kept as they are, their edges
    /// spaced when they are filled (``fill(_:_:)``).
    public static func template(_ template: String) -> String {
        var result = ""
        var inPlaceholder = false
        let characters = Array(template)
        for (index, character) in characters.enumerated() {
            if character == "{" { inPlaceholder = true }
            defer { if character == "}" { inPlaceholder = false } }
            if inPlaceholder || character == "{" || character == "}" {
                result.append(character)
                continue
            }
            if character == " " {
                // No space after an opening mark or before a closing one.
                if let last = result.last, opening.contains(last) { continue }
                if index + 1 < characters.count, closing.contains(characters[index + 1]) { continue }
                result.append(character)
                continue
            }
            if let last = result.last, last != "}", needsSpace(last, character) { result.append(" ") }
            result.append(character)
        }
        return result
    }

    /// `pattern` (already spaced by ``template(_:)``) with each `{name}` swapped for its value,
    /// a space added at a value's edge where the rules ask for one; unknown names stay as written.
    public static func fill(_ pattern: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, pattern.contains("{") else { return pattern }
        var result = ""
        var rest = pattern[...]
        var afterValue = false
        while let open = rest.firstIndex(of: "{") {
            append(rest[..<open], to: &result, edge: afterValue)
            guard let close = rest[open...].firstIndex(of: "}") else {
                afterValue = false
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                append(value[...], to: &result, edge: true)
                afterValue = true
            } else {
                append("{\(name)}"[...], to: &result, edge: false)
                afterValue = false
            }
            rest = rest[rest.index(after: close)...]
        }
        append(rest, to: &result, edge: afterValue)
        return result
    }

    /// `items` joined by `separator`, spaced at each join: `替米沙坦 40 mg 和氨氯地平 5 mg`.
    public static func join(_ items: [String], separator: String) -> String {
        var result = ""
        for (index, item) in items.enumerated() {
            if index > 0 { append(separator[...], to: &result, edge: true) }
            append(item[...], to: &result, edge: true)
        }
        return result
    }

    /// True when `left` followed by `right` wants a space between them.
    public static func needsSpace(_ left: Character, _ right: Character) -> Bool {
        switch (kind(left), kind(right)) {
        case (.han, .latin), (.latin, .han): true
        // 2026年11月30日, 1级高血压, 2型糖尿病: a date's digits, and a grade, type or stage, stay joined.
        case (.han, .digit): !dateUnits.contains(left)
        case (.digit, .han): !joinedUnits.contains(right)
        default: false
        }
    }

    /// Appends `text`, with a space before it when `edge` and the join asks for one.
    private static func append(_ text: Substring, to result: inout String, edge: Bool) {
        if edge, let last = result.last, let first = text.first, needsSpace(last, first) { result.append(" ") }
        result += text
    }

    private enum Kind { case han, latin, digit, other }

    private static func kind(_ character: Character) -> Kind {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return .other }
        switch scalar.value {
        case 0x30...0x39: return .digit
        case 0x41...0x5A, 0x61...0x7A: return .latin
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return .han
        default: return .other
        }
    }

    /// The units a date's digits are joined to.
    private static let dateUnits: Set<Character> = ["年", "月", "日"]
    /// The words a number is joined to: a date's units, and a grade, type or stage (1级, 2型, 3期).
    private static let joinedUnits: Set<Character> = ["年", "月", "日", "级", "型", "期"]
    private static let opening: Set<Character> = ["（", "《", "「", "『", "【", "“", "‘"]
    private static let closing: Set<Character> = ["，", "。", "；", "：", "、", "！", "？", "）", "》", "」", "』", "】", "”", "’"]
}
