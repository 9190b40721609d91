public import HealthCore

/// Lets a test write the English it expects where a ``Phrase`` goes (phrases are equal when
/// their English is); `Phrase("…")` in a test is then this literal, a pattern as in the product. Only tests: product code says `Phrase("…")`, which the catalogue test reads.
extension Phrase: ExpressibleByStringInterpolation {
    public init(stringLiteral text: String) { self.init(text, [:]) }
}
