/// How a tag ID is shown in one language: its definition's label and colour, else the ID itself
/// (and no colour). The one lookup every listing, figure, chart lane and log uses, so a tag
/// is called the same everywhere.
///
/// Of two definitions of one ID (a current one and a removed one, as a merge may hand over),
/// the current one wins. The store hands out current definitions only, so a tag whose
/// definition was removed is shown by its ID.
public struct TagLabels: Sendable {
    public let language: Language
    private let labels: [String: (label: String, color: String)]

    public init(_ definitions: [StatusTag], language: Language) {
        self.language = language
        var labels: [String: (label: String, color: String)] = [:]
        // A current definition wins over a removed one of the same id.
        for tag in definitions.sorted(by: { $0.removed && !$1.removed }) { labels[tag.id] = (tag.label(in: language), tag.color) }
        self.labels = labels
    }

    /// The label of `id`, or `id` when no definition names it.
    public func label(of id: String) -> String { labels[id]?.label ?? id }

    /// The label of `id`, or nil when no definition names it.
    public func definedLabel(of id: String) -> String? { labels[id]?.label }

    /// The colour (`#RRGGBB`) of `id`, or nil when no definition names it.
    public func color(of id: String) -> String? { labels[id]?.color }
}
