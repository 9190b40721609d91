/// The label a tag ID is shown with in one language: its definition's (removed definitions
/// included, so history keeps its words), else the ID itself. The one lookup every listing,
/// figure and report uses.
public struct TagLabels: Sendable {
    public let language: Language
    private let labels: [String: String]

    public init(_ definitions: [StatusTag], language: Language) {
        self.language = language
        var labels: [String: String] = [:]
        // A current definition wins over a removed one of the same id.
        for tag in definitions.sorted(by: { $0.removed && !$1.removed }) { labels[tag.id] = tag.label(in: language) }
        self.labels = labels
    }

    /// The label of `id`, or `id` when no definition names it.
    public func label(of id: String) -> String { labels[id] ?? id }

    /// The label of `id`, or nil when no definition names it.
    public func definedLabel(of id: String) -> String? { labels[id] }
}
