/// Why a file could not be imported. Nothing was written.
public enum InterchangeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file is missing or unreadable.
    case unreadable(path: String, reason: String)
    /// No known format matches the file.
    case unrecognized(path: String)
    /// The file is of the named format but broken (truncated, bad encoding, hostile).
    case malformed(path: String, reason: String)
    /// The format carries no person, and no `--profile` was given.
    case profileRequired(format: InterchangeFormat)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .unrecognized(let path):
            "\(path) is not a format healthlog reads (HealthLog CSV or JSON, FHIR R4, Omron Connect CSV, Withings bp.csv, Apple Health export.xml or export.zip); name one with --format"
        case .malformed(let path, let reason): "\(path): \(reason)"
        case .profileRequired(let format):
            "\(format.rawValue) files carry no person; say whose readings they are with --profile ID"
        }
    }
}
