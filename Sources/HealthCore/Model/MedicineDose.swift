/// The form of a dose typed for a medicine's start or change: an amount, then a unit HealthLog
/// knows, then any words (`5 mg`, `5mg`, `12.5 mg`, `80/12.5 mg` for a combination pill,
/// `10 mg twice`, `1 tablet`, `半片`, `1片`). Doses are stored as typed; this is the check a new
/// one passes, so that `--dose five` or `--dose 5` is refused while it is typed. Doses already
/// in a log, a backup or another machine's copy are not checked again.
public enum MedicineDose {
    /// The units a dose may name, lowercase: weights and volumes, then the counts of a label.
    public static let units: [String] = [
        "mg", "g", "mcg", "µg", "μg", "ug", "ml", "iu", "tablet", "tablets", "tab", "tabs", "pill", "pills", "capsule", "capsules",
        "cap", "caps", "cup", "cups", "drop", "drops", "puff", "puffs", "patch", "patches", "sachet", "sachets",
        "毫克", "克", "微克", "毫升", "片", "粒", "丸", "袋", "包", "贴", "滴", "杯", "支",
    ]

    /// The amounts written in words: a half.
    static let wordAmounts: [String] = ["半", "½", "half a", "half"]

    /// Refuses a dose that is not an amount with a known unit, saying what one looks like.
    public static func check(_ dose: String) throws(ValidationError) {
        guard isAmountWithUnit(String(dose.trimmingWhitespace()).lowercased()) else {
            throw .unreadable(
                Phrase("dose '{dose}' is not an amount with a unit, like '5 mg', '12.5 mg', '1 tablet' or '1片'; units: {units}", [
                    "dose": dose, "units": "mg, g, mcg, ml, IU, tablet, pill, capsule, cup, drop, puff, patch, sachet, 毫克, 片, 粒",
                ]))
        }
    }

    static func isAmountWithUnit(_ text: String) -> Bool {
        var rest = Substring(text)
        if let word = wordAmounts.first(where: { rest.hasPrefix($0) }) {
            rest = rest.dropFirst(word.count)
        } else {
            // Digits, a decimal point and the slash of a combination (80/12.5) or a fraction (1/2).
            let amount = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "/") }
            guard amount.contains(where: \.isNumber), amount.first?.isNumber == true, amount.last?.isNumber == true else { return false }
            rest = rest.dropFirst(amount.count)
        }
        rest = rest.drop { $0 == " " }
        // The longest unit first: "mg" before "m…", "tablets" before "tablet".
        for unit in units.sorted(by: { $0.count > $1.count }) where rest.hasPrefix(unit) {
            let after = rest.dropFirst(unit.count).first
            // An English unit ends at a non-letter; a Chinese one may run into the words after it.
            if let after, unit.first!.isASCII || unit.first == "µ" || unit.first == "μ", after.isLetter, after.isASCII { continue }
            return true
        }
        return false
    }
}
