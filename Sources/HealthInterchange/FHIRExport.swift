import FoundationEssentials
public import HealthCore
public import HealthRecords

/// FHIR R4: a `collection` Bundle with one Patient per profile and Observations that follow
/// the vital-signs profiles.
///
/// How HealthLog's own data travels, so it comes back on import:
/// - a Patient has `identifier` `urn:healthlog:profile` = the profile id, and the target in
///   extensions `urn:healthlog:target-systolic` / `-diastolic`;
/// - one reading becomes up to three Observations (BP panel 85354-9, heart rate 8867-4, body
///   weight 29463-7) sharing `identifier` `urn:healthlog:reading` = the reading id; the first
///   has the reading id as its id and `urn:uuid:` fullUrl, and carries the note
///   (`Observation.note`) and the status tags (`meta.tag`, system `urn:healthlog:status-tag`).
public enum FHIRExport {
    public static func encode(profiles: [Profile], readings: [Reading], exportedAt: ZonedInstant) -> [UInt8] {
        var entries: [FHIREntry] = []
        for profile in profiles {
            var patient = FHIRResource(resourceType: "Patient")
            patient.id = profile.id
            patient.meta = FHIRMeta(lastUpdated: InstantText.format(milliseconds: profile.updatedAt))
            patient.identifier = [FHIRIdentifier(system: FHIRCodes.profileSystem, value: profile.id)]
            patient.name = [FHIRHumanName(text: profile.name)]
            patient.gender = profile.sex?.rawValue
            patient.birthDate = profile.birthYear.map(String.init)
            patient.extensions = [
                FHIRExtension(url: FHIRCodes.targetSystolic, valueInteger: profile.target.systolic),
                FHIRExtension(url: FHIRCodes.targetDiastolic, valueInteger: profile.target.diastolic),
            ]
            entries.append(FHIREntry(fullUrl: "urn:uuid:\(patientUUID(profile.id))", resource: patient))
        }
        for reading in readings {
            entries += observations(for: reading)
        }
        let bundle = FHIRBundle(
            id: StableUUID.make("bundle/\(exportedAt.iso8601)"), type: "collection", timestamp: exportedAt.iso8601, entry: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        return Array((try? encoder.encode(bundle)) ?? Data())
    }

    static func patientUUID(_ profileID: String) -> String { StableUUID.make("patient/\(profileID)") }

    private static func observations(for reading: Reading) -> [FHIREntry] {
        var parts: [(String, FHIRResource)] = []
        func observation(_ code: String, _ display: String, profile: String) -> FHIRResource {
            var resource = FHIRResource(resourceType: "Observation")
            resource.status = "final"
            resource.meta = FHIRMeta(lastUpdated: InstantText.format(milliseconds: reading.updatedAt), profile: [profile])
            resource.identifier = [FHIRIdentifier(system: FHIRCodes.readingSystem, value: reading.id)]
            resource.category = [FHIRCodeableConcept(
                coding: [FHIRCoding(system: FHIRCodes.observationCategory, code: "vital-signs", display: "Vital Signs")], text: "Vital Signs")]
            resource.code = FHIRCodeableConcept(coding: [FHIRCoding(system: FHIRCodes.loinc, code: code, display: display)], text: display)
            resource.subject = FHIRReference(reference: "urn:uuid:\(patientUUID(reading.profileID))")
            resource.effectiveDateTime = reading.takenAt.iso8601
            return resource
        }
        if let pressure = reading.bloodPressure {
            var panel = observation(FHIRCodes.bloodPressurePanel, "Blood pressure panel with all children optional", profile: FHIRCodes.bloodPressureProfile)
            panel.component = [
                FHIRComponent(
                    code: FHIRCodeableConcept(coding: [FHIRCoding(system: FHIRCodes.loinc, code: FHIRCodes.systolic, display: "Systolic blood pressure")]),
                    valueQuantity: millimetres(pressure.systolic)),
                FHIRComponent(
                    code: FHIRCodeableConcept(coding: [FHIRCoding(system: FHIRCodes.loinc, code: FHIRCodes.diastolic, display: "Diastolic blood pressure")]),
                    valueQuantity: millimetres(pressure.diastolic)),
            ]
            parts.append(("bp", panel))
        }
        if let pulse = reading.pulse {
            var heartRate = observation(FHIRCodes.heartRate, "Heart rate", profile: FHIRCodes.heartRateProfile)
            heartRate.valueQuantity = FHIRQuantity(value: Double(pulse), unit: "beats/minute", system: FHIRCodes.ucum, code: "/min")
            parts.append(("pulse", heartRate))
        }
        if let grams = reading.weightGrams {
            var weight = observation(FHIRCodes.bodyWeight, "Body weight", profile: FHIRCodes.bodyWeightProfile)
            weight.valueQuantity = FHIRQuantity(value: Double(grams) / 1000, unit: "kg", system: FHIRCodes.ucum, code: "kg")
            parts.append(("weight", weight))
        }
        return parts.enumerated().map { index, part in
            var (kind, resource) = part
            let id = index == 0 ? reading.id : StableUUID.make("\(reading.id)/\(kind)")
            resource.id = id
            if index == 0 {
                if !reading.note.isEmpty { resource.note = [FHIRAnnotation(text: reading.note)] }
                if !reading.tagIDs.isEmpty {
                    resource.meta?.tag = reading.tagIDs.map { FHIRCoding(system: FHIRCodes.tagSystem, code: $0) }
                }
            }
            return FHIREntry(fullUrl: "urn:uuid:\(id)", resource: resource)
        }
    }

    private static func millimetres(_ value: Int) -> FHIRQuantity {
        FHIRQuantity(value: Double(value), unit: "mmHg", system: FHIRCodes.ucum, code: "mm[Hg]")
    }
}
