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
    /// The older blood-pressure panel, "Blood pressure systolic & diastolic".
    static let bloodPressurePanelOld = "55284-4"
    /// "Body weight Measured", read as body weight.
    static let bodyWeightMeasured = "3141-9"
    static let bloodPressureProfile = "http://hl7.org/fhir/StructureDefinition/bp"
    static let heartRateProfile = "http://hl7.org/fhir/StructureDefinition/heartrate"
    static let bodyWeightProfile = "http://hl7.org/fhir/StructureDefinition/bodyweight"
    /// Identifies a Patient as a HealthLog profile (value: the profile id).
    static let profileSystem = "urn:healthlog:profile"
    /// Ties a reading's Observations together (value: the reading id).
    static let readingSystem = "urn:healthlog:reading"
    /// A status tag on an Observation's `meta.tag` (code: the tag id).
    static let tagSystem = "urn:healthlog:status-tag"
    /// `office` on a reading taken at the clinic (`meta.tag`).
    static let siteSystem = "urn:healthlog:site"
    /// Identifies a HealthLog event (value: the event id).
    static let eventSystem = "urn:healthlog:event"
    /// An event's kind: medication, lifestyle or other.
    static let eventKind = "urn:healthlog:event-kind"
    /// A Basic event's time.
    static let eventAt = "urn:healthlog:event-at"
    /// A profile's condition (valueCode: diabetes, kidney-disease, …), one extension each.
    static let condition = "urn:healthlog:condition"
    static let pregnancyDue = "urn:healthlog:pregnancy-due"
    static let frail = "urn:healthlog:frail"
    /// Usual sleep, `HH:MM-HH:MM`.
    static let sleep = "urn:healthlog:sleep"
    /// The medicine a MedicationStatement starts, changes or stops: nested name, action, dose, times, reason.
    static let medicine = "urn:healthlog:medicine"
    static let targetSystolic = "urn:healthlog:target-systolic"
    static let targetDiastolic = "urn:healthlog:target-diastolic"
}
