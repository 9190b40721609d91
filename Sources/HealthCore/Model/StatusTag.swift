/// The definition of a status tag: how a stamp such as `bp-med` is labelled and coloured.
///
/// Readings refer to tags by ``id`` alone, with no foreign key, so editing or
/// removing a definition never changes a reading's history.
public struct StatusTag: Equatable, Sendable {
    public var id: String
    /// The English label, e.g. "BP medication".
    public var label: String
    /// The Simplified Chinese label, e.g. 降压药 (`--label-zh`, `label_zh`, `labelZh` in a backup).
    public var labelZh: String?
    /// `#RRGGBB`.
    public var color: String
    /// A symbol name, e.g. `pill`.
    public var symbol: String
    /// True for a stamp that marks a protocol deviation: the measurement protocol asks for no
    /// caffeine or exercise in the 30 minutes before measuring. Such readings are counted and
    /// marked, never left out of a figure.
    public var deviation: Bool
    /// True for a definition that was removed (`tag remove`): it is not listed, offered or used
    /// for labels, but what it said about its readings (a protocol deviation) still counts in
    /// every figure, so removing a definition never changes history.
    public var removed: Bool

    public init(
        id: String, label: String, labelZh: String? = nil, color: String = "#6C757D", symbol: String = "tag", deviation: Bool = false,
        removed: Bool = false
    ) {
        self.id = id
        self.label = label
        self.labelZh = labelZh
        self.color = color
        self.symbol = symbol
        self.deviation = deviation
        self.removed = removed
    }

    /// The label in `language`; English where there is no Chinese one.
    public func label(in language: Language) -> String {
        language == .chinese ? (labelZh ?? label) : label
    }

    /// The tags every new database starts with.
    public static let builtIns: [StatusTag] = [
        StatusTag(id: "bp-med", label: "BP medication", labelZh: "降压药", color: "#17A2B8", symbol: "pill"),
        StatusTag(id: "diet", label: "low-fat meal", labelZh: "减脂餐", color: "#2CA02C", symbol: "leaf"),
        StatusTag(id: "exercise", label: "exercise", labelZh: "运动", color: "#FF7F0E", symbol: "figure.walk", deviation: true),
        StatusTag(id: "good-sleep", label: "good sleep", labelZh: "好睡眠", color: "#9467BD", symbol: "moon"),
        StatusTag(id: "black-coffee", label: "black coffee", labelZh: "黑咖啡", color: "#8C564B", symbol: "cup", deviation: true),
        // Findings a monitor reports with a reading (Omron's flags), imported as stamps.
        StatusTag(id: "irregular-heartbeat", label: "irregular heartbeat", labelZh: "不规则心跳", color: "#D62728", symbol: "waveform"),
        StatusTag(id: "possible-afib", label: "possible AFib", labelZh: "疑似房颤", color: "#7B1FA2", symbol: "heart"),
        StatusTag(id: "body-movement", label: "body movement", labelZh: "测量时移动", color: "#7F7F7F", symbol: "figure.move"),
    ]

    /// Checks the id, labels and colour.
    public func validate() throws(ValidationError) {
        try Slug.validate(id, what: Phrase("tag id"))
        try ValueLimits.tagLabel.check(label)
        if let labelZh { try ValueLimits.tagLabelChinese.check(labelZh) }
        guard StatusTag.isColor(color) else {
            throw .invalid(Phrase("colour '{color}' is not valid; use #RRGGBB, e.g. #17A2B8", ["color": color]))
        }
    }

    /// True for `#RRGGBB`.
    public static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
    }
}
