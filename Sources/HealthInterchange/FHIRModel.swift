/// The part of FHIR R4 that HealthLog writes and reads: Bundle, Patient and vital-signs Observation.
/// Optional fields left nil are omitted from the JSON, as FHIR requires.
struct FHIRBundle: Codable {
    var resourceType = "Bundle"
    var id: String?
    var type: String?
    var timestamp: String?
    var entry: [FHIREntry]?
}

struct FHIREntry: Codable {
    var fullUrl: String?
    var resource: FHIRResource?
}

/// Patient and Observation fields in one type; `resourceType` says which it is.
struct FHIRResource: Codable {
    var resourceType: String
    var id: String?
    var meta: FHIRMeta?
    var extensions: [FHIRExtension]?
    var identifier: [FHIRIdentifier]?
    // Patient
    var name: [FHIRHumanName]?
    var gender: String?
    var birthDate: String?
    // Observation
    var status: String?
    var category: [FHIRCodeableConcept]?
    var code: FHIRCodeableConcept?
    var subject: FHIRReference?
    var effectiveDateTime: String?
    var valueQuantity: FHIRQuantity?
    var note: [FHIRAnnotation]?
    var component: [FHIRComponent]?

    enum CodingKeys: String, CodingKey {
        case resourceType, id, meta, identifier, name, gender, birthDate, status, category, code, subject
        case effectiveDateTime, valueQuantity, note, component
        case extensions = "extension"
    }

    init(resourceType: String) { self.resourceType = resourceType }
}

struct FHIRMeta: Codable {
    var lastUpdated: String?
    var profile: [String]?
    var tag: [FHIRCoding]?
}

struct FHIRExtension: Codable {
    var url: String
    var valueInteger: Int?
}

struct FHIRIdentifier: Codable {
    var system: String?
    var value: String?
}

struct FHIRHumanName: Codable {
    var text: String?
}

struct FHIRCoding: Codable {
    var system: String?
    var code: String?
    var display: String?
}

struct FHIRCodeableConcept: Codable {
    var coding: [FHIRCoding]?
    var text: String?

    /// The LOINC code, if there is one.
    var loinc: String? { coding?.first { $0.system == FHIRCodes.loinc }?.code }
}

struct FHIRReference: Codable {
    var reference: String?
}

struct FHIRQuantity: Codable {
    var value: Double?
    var unit: String?
    var system: String?
    var code: String?
}

struct FHIRAnnotation: Codable {
    var text: String
}

struct FHIRComponent: Codable {
    var code: FHIRCodeableConcept
    var valueQuantity: FHIRQuantity?
}

/// The codes and systems of the vital-signs profiles, and HealthLog's own identifiers.
enum FHIRCodes {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"
    static let observationCategory = "http://terminology.hl7.org/CodeSystem/observation-category"
    static let bloodPressurePanel = "85354-9"
    static let systolic = "8480-6"
    static let diastolic = "8462-4"
    static let heartRate = "8867-4"
    static let bodyWeight = "29463-7"
    static let bloodPressureProfile = "http://hl7.org/fhir/StructureDefinition/bp"
    static let heartRateProfile = "http://hl7.org/fhir/StructureDefinition/heartrate"
    static let bodyWeightProfile = "http://hl7.org/fhir/StructureDefinition/bodyweight"
    /// Identifies a Patient as a HealthLog profile (value: the profile id).
    static let profileSystem = "urn:healthlog:profile"
    /// Ties a reading's Observations together (value: the reading id).
    static let readingSystem = "urn:healthlog:reading"
    /// A status tag on an Observation's `meta.tag` (code: the tag id).
    static let tagSystem = "urn:healthlog:status-tag"
    static let targetSystolic = "urn:healthlog:target-systolic"
    static let targetDiastolic = "urn:healthlog:target-diastolic"
}
