import HealthCore

/// The FHIR releases HealthLog reads, and how an older one is told apart.
///
/// R4 (4.0), R4B (4.3) and R5 (5.0) write blood pressure, heart rate and body weight
/// Observations alike (`valueQuantity` with `value`/`unit`/`code`, a `component` per pressure,
/// `effectiveDateTime`, a `category` array), so all three are read. DSTU2 (1.0) and STU3 (3.0)
/// look like them but differ where it matters (DSTU2's single `category`, `units` in a quantity,
/// STU3's `context` and `comment`), so a file of either is refused as a whole, in one line.
enum FHIRRelease {
    /// The releases read, for messages.
    static let read = "FHIR R4, R4B and R5"

    /// The older release `resource` shows, and what shows it; nil for a resource of a release
    /// HealthLog reads, or one that does not tell.
    static func older(_ resource: JSONValue, fullUrl: String?) -> (release: String, evidence: String)? {
        if let version = resource["fhirVersion"]?.string, let release = release(ofVersion: version) {
            return (release, "fhirVersion \(version)")
        }
        for profile in resource["meta"]?["profile"]?.array?.compactMap(\.string) ?? [] {
            if let bar = profile.lastIndex(of: "|"), let release = release(ofVersion: String(profile[profile.index(after: bar)...])) {
                return (release, "meta.profile \(profile)")
            }
            // The Argonaut profiles were written for DSTU2 (US Core took over from R4 on).
            if profile.contains("fhir.org/guides/argonaut") { return ("DSTU2", "meta.profile \(profile) (an Argonaut profile)") }
        }
        // HAPI servers name the release in their base URL.
        if let fullUrl {
            if fullUrl.contains("/baseDstu2/") { return ("DSTU2", "fullUrl \(fullUrl)") }
            if fullUrl.contains("/baseDstu3/") { return ("STU3", "fullUrl \(fullUrl)") }
        }
        switch resource["resourceType"]?.string {
        case "Observation":
            if resource["category"]?.members != nil { return ("DSTU2", "a single category object (R4 has an array)") }
            if resource["comments"] != nil { return ("DSTU2", "'comments' (R4 has 'note')") }
            if hasUnits(resource) { return ("DSTU2", "a quantity with 'units' (R4 has 'unit')") }
            if resource["context"] != nil { return ("STU3", "'context' (R4 has 'encounter')") }
            if resource["comment"] != nil { return ("STU3", "'comment' (R4 has 'note')") }
        case "Patient":
            if resource["careProvider"] != nil { return ("DSTU2", "'careProvider' (R4 has 'generalPractitioner')") }
            if resource["animal"] != nil { return ("STU3", "'animal' (R4 has none)") }
        default: break
        }
        return nil
    }

    /// The older release a version number names (`1.0.2` DSTU2, `3.0.1` STU3), or nil.
    private static func release(ofVersion version: String) -> String? {
        let parts = version.split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        let minor = parts.dropFirst().first.flatMap { Int($0) } ?? 0
        switch (major, minor) {
        case (0, _): return "DSTU1"
        case (1, 0): return "DSTU2"
        case (1, _), (3, _): return "STU3"  // 1.4–1.8 were STU3's ballots
        default: return nil
        }
    }

    private static func hasUnits(_ observation: JSONValue) -> Bool {
        if observation["valueQuantity"]?["units"] != nil { return true }
        return (observation["component"]?.array ?? []).contains { $0["valueQuantity"]?["units"] != nil }
    }

    /// The one line an older release is refused with.
    static func refusal(_ found: (release: String, evidence: String)) -> Phrase {
        Phrase("this is FHIR {release} ({evidence}); HealthLog reads {read}: export or convert it as R4", ["release": found.release, "evidence": found.evidence, "read": read])
    }
}
