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
    /// IEEE 11073-10101 nomenclature, as the Personal Health Device guide codes a monitor's findings.
    static let ieee11073 = "urn:iso:std:iso:11073:10101"
    /// MDC_BLOOD_PRESSURE_MEASUREMENT_STATUS: the monitor's status bits for one measurement.
    static let bloodPressureStatus = "8410608"
    /// The PHD guide's codes for one bit of a bits-enumeration (`8410608.0` is bit 0).
    static let asn1ToHL7 = "http://hl7.org/fhir/uv/phd/CodeSystem/ASN1ToHL7"
    /// The status bits HealthLog keeps, as the tags it gives Omron's flags: IEEE 11073-10407's
    /// body-movement (bit 0) and irregular-pulse (bit 2). Cuff fit, pulse-rate range and
    /// position (bits 1, 3–5) have no tag and are not kept.
    static let bloodPressureStatusTags: [String: String] = ["0": "body-movement", "2": "irregular-heartbeat"]
    /// The same bits as the guide names them in a component's text.
    static let bloodPressureStatusNames: [String: String] = [
        "body-movement": "body-movement", "body-movement-detected": "body-movement", "irregular-pulse": "irregular-heartbeat",
        "irregular-pulse-detected": "irregular-heartbeat",
    ]
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
