import CSystem

extension Character {
    /// The terminal columns this user-perceived character takes: the C library's `wcwidth` of
    /// its first code point (2 for East Asian wide, 0 for a lone combining mark), and 2 for an
    /// emoji drawn as one picture (a sequence joined by ZWJ, a flag, a symbol with VS16), so
    /// Thai vowel marks, accents and family emoji line up as a terminal draws them.
    public var terminalColumns: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0x200D || $0.value == 0xFE0F }) { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        let columns = healthlog_code_point_columns(first.value)
        if columns >= 0 { return Int(columns) }
        // Where the C library cannot say: marks take none, East Asian wide blocks two.
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        return Character.isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
    }
}

extension StringProtocol {
    /// The terminal columns the text takes, a character at a time (see ``Character/terminalColumns``).
    public var terminalColumns: Int { reduce(0) { $0 + $1.terminalColumns } }
}

/// The terminal a descriptor is open on.
public enum Terminal {
    /// Its width in columns (TIOCGWINSZ); nil when it is not a terminal or does not say.
    public static func columns(descriptor: Int32) -> Int? {
        let columns = Int(healthlog_terminal_columns(descriptor))
        return columns > 0 ? columns : nil
    }

    /// Its height in rows (TIOCGWINSZ); nil when it is not a terminal or does not say.
    public static func rows(descriptor: Int32) -> Int? {
        let rows = Int(healthlog_terminal_rows(descriptor))
        return rows > 0 ? rows : nil
    }
}
